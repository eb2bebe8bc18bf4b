/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player-human.c -- a person typing moves (seed 002's PlayerHuman)
 *
 * Reads "HEAP COUNT" on one line, or the heap and then the count when
 * asked separately (seed 000), or with one heap just the count (seed
 * 004).  Every entry that is not a legal move gets a message saying what
 * was wrong and the prompt again; end of input or `quit` gives up. */

#include "config.h"

#include "nim-player.h"

#include "nim-movegen.h"
#include "nim-util.h"

#include <string.h>

/* The most moves `moves` lists before it says how many more there are. */
#define MAX_LISTED 60

typedef struct
{
  NimPlayer parent;
  NimPlayer *advisor; /* behind `hint`, made on first use */
} NimHumanPlayer;

typedef enum
{
  INPUT_MOVE,    /* a move was read */
  INPUT_AGAIN,   /* a command ran or an error was shown: ask again */
  INPUT_FAILED,  /* quit or end of input */
} InputResult;

static void
print_help (NimPlayer *self, const NimBoard *board)
{
  FILE *out = self->out;
  g_autofree char *rules = nim_rules_describe (&self->rules);

  fprintf (out, "%s\n", rules);
  if (board->n_heaps == 1)
    fprintf (out, "Type how many matches you take, such as 2.\n");
  else
    fprintf (out, "Type the heap and how many matches you take from it, "
                  "such as 2 3\n(heap 2, three matches), or just the heap "
                  "to be asked for the count.\n");
  fprintf (out, "Commands: moves (list the legal moves), hint (suggest a "
                "move), help, quit.\n");
}

static void
print_moves (NimPlayer *self, const NimBoard *board)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove m;
  guint64 n = nim_movegen_count (board, &self->rules), shown = 0;

  fprintf (self->out, "Legal moves (heap count):");
  while (shown < MAX_LISTED && nim_movegen_next (&gen, board, &self->rules, &m))
    {
      fprintf (self->out, "%s %u %u", shown % 10 ? "," : "\n ", m.heap + 1,
               m.count);
      shown++;
    }
  if (n > shown)
    fprintf (self->out, "\n  ... and %" G_GUINT64_FORMAT " more", n - shown);
  fprintf (self->out, "\n");
}

static void
print_hint (NimHumanPlayer *self, const NimBoard *board)
{
  NimPlayer *p = &self->parent;
  NimMove m;
  g_autoptr (GString) why = g_string_new (NULL);

  if (self->advisor == NULL)
    self->advisor = nim_player_new_advisor (&p->rules, board);
  self->advisor->explain = why;
  if (!nim_player_choose_move (self->advisor, board, &m, NULL))
    return;
  self->advisor->explain = NULL;
  if (board->n_heaps == 1)
    fprintf (p->out, "Hint (%s): take %u", nim_player_get_name (self->advisor),
             m.count);
  else
    fprintf (p->out, "Hint (%s): take %u from heap %u",
             nim_player_get_name (self->advisor), m.count, m.heap + 1);
  if (why->len > 0)
    fprintf (p->out, " -- %s", why->str);
  fprintf (p->out, ".\n");
}

/* Reads a line after @prompt.  Returns NULL, with @error set, on end of
   input and on `quit`. */
static char *
ask (NimPlayer *self, const char *prompt, GError **error)
{
  char *line;

  fprintf (self->out, "%s", prompt);
  fflush (self->out);
  line = nim_read_line (self->in);
  if (line == NULL)
    {
      fprintf (self->out, "\n");
      g_set_error (error, NIM_ERROR, NIM_ERROR_ABANDONED,
                   "player %u gave up: end of input", self->number);
      return NULL;
    }
  g_strstrip (line);
  if (g_ascii_strcasecmp (line, "quit") == 0
      || g_ascii_strcasecmp (line, "q") == 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_ABANDONED,
                   "player %u quit", self->number);
      g_free (line);
      return NULL;
    }
  return line;
}

/* Parses a heap number the way a person sees heaps: from 1. */
static gboolean
parse_heap (const NimBoard *board, const char *text, guint *heap,
            GError **error)
{
  guint64 h;

  if (!nim_parse_uint (text, 0, G_MAXUINT64, "heap", &h, error))
    return FALSE;
  if (h < 1 || h > board->n_heaps)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   "There is no heap %s; choose a heap from 1 to %u.", text,
                   board->n_heaps);
      return FALSE;
    }
  *heap = (guint) h - 1;
  return TRUE;
}

static gboolean
parse_count (const char *text, guint32 *count, GError **error)
{
  guint64 c;

  if (!nim_parse_uint (text, 0, NIM_HEAP_SIZE_MAX, "count", &c, error))
    return FALSE;
  *count = (guint32) c;
  return TRUE;
}

static InputResult
read_move (NimHumanPlayer *self, const NimBoard *board, NimMove *move,
           GError **error)
{
  NimPlayer *p = &self->parent;
  g_autofree char *prompt = NULL;
  g_autofree char *line = NULL;
  g_auto (GStrv) words = NULL;
  g_autoptr (GError) local = NULL;
  guint n_words;

  prompt = board->n_heaps == 1
               ? g_strdup_printf ("Player %u, how many matches do you take? ",
                                  p->number)
               : g_strdup_printf ("Player %u, your move (HEAP COUNT): ",
                                  p->number);
  line = ask (p, prompt, error);
  if (line == NULL)
    return INPUT_FAILED;

  if (g_ascii_strcasecmp (line, "help") == 0 || g_str_equal (line, "?"))
    {
      print_help (p, board);
      return INPUT_AGAIN;
    }
  if (g_ascii_strcasecmp (line, "moves") == 0)
    {
      print_moves (p, board);
      return INPUT_AGAIN;
    }
  if (g_ascii_strcasecmp (line, "hint") == 0)
    {
      print_hint (self, board);
      return INPUT_AGAIN;
    }

  words = g_strsplit_set (line, " \t", -1);
  /* g_strsplit_set() leaves empty words between repeated blanks. */
  {
    guint i, j = 0;

    for (i = 0; words[i] != NULL; i++)
      if (*words[i] != '\0')
        words[j++] = words[i];
      else
        g_free (words[i]);
    words[j] = NULL;
    n_words = j;
  }

  if (n_words == 0)
    {
      fprintf (p->out, "Nothing was typed. %s\n",
               board->n_heaps == 1 ? "Type how many matches you take."
                                   : "Type a heap and a count, such as 2 3.");
      return INPUT_AGAIN;
    }
  if (n_words > 2)
    {
      fprintf (p->out, "Too much typed: '%s'. Type a heap and a count, such "
                       "as 2 3, or help.\n", line);
      return INPUT_AGAIN;
    }
  if (n_words == 1 && board->n_heaps == 1)
    {
      move->heap = 0;
      if (!parse_count (words[0], &move->count, &local))
        goto invalid;
    }
  else if (n_words == 2)
    {
      if (!parse_heap (board, words[0], &move->heap, &local)
          || !parse_count (words[1], &move->count, &local))
        goto invalid;
    }
  else
    {
      /* Just the heap: ask for the count, as seed 000 does. */
      g_autofree char *count_prompt = NULL;
      g_autofree char *count_line = NULL;

      if (!parse_heap (board, words[0], &move->heap, &local)
          || !nim_board_check_move (board, &p->rules,
                                    &(NimMove) { move->heap,
                                                 nim_rules_min_take (&p->rules) },
                                    &local))
        goto invalid;
      count_prompt = g_strdup_printf ("How many matches do you take from "
                                      "heap %u? ", move->heap + 1);
      count_line = ask (p, count_prompt, error);
      if (count_line == NULL)
        return INPUT_FAILED;
      if (!parse_count (count_line, &move->count, &local))
        goto invalid;
    }
  if (!nim_board_check_move (board, &p->rules, move, &local))
    goto invalid;
  return INPUT_MOVE;

invalid:
  fprintf (p->out, "%s%s\n", local->message,
           g_str_has_suffix (local->message, ".") ? "" : ".");
  return INPUT_AGAIN;
}

static gboolean
human_choose_move (NimPlayer *player, const NimBoard *board, NimMove *move,
                   GError **error)
{
  NimHumanPlayer *self = (NimHumanPlayer *) player;
  InputResult r;

  while ((r = read_move (self, board, move, error)) == INPUT_AGAIN)
    ;
  return r == INPUT_MOVE;
}

static void
human_finalize (NimPlayer *player)
{
  nim_player_free (((NimHumanPlayer *) player)->advisor);
}

const NimPlayerClass nim_player_human_class = {
  .name = "human",
  .summary = "a person at the keyboard: types HEAP COUNT, or moves, hint, "
             "help, quit",
  .rules_help = "every rule",
  .instance_size = sizeof (NimHumanPlayer),
  .interactive = TRUE,
  .choose_move = human_choose_move,
  .finalize = human_finalize,
};
