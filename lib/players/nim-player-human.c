/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player-human.c -- a person typing moves (the course's PlayerHuman)
 *
 * Reads "HEAP COUNT" on one line, or the heap and then the count when
 * asked separately (as the course's three-row game asks), or with one
 * heap just the count (as its one-pile game asks).  Every entry that is
 * not a legal move gets a message saying what was wrong and the prompt
 * again; end of input or `quit` gives up.
 *
 * The player reads no terminal: it asks the program for each line
 * through the prompt function of nim_player_set_prompt(), and what it
 * has to say (help, the legal moves, a hint, what was wrong) goes with
 * the next question as its message.
 *
 * In the one-pile game (nim_player_set_one_pile()) it speaks of stones
 * in the pile, as the course's one-pile game does, and every count it
 * refuses is answered with the counts it takes: "take 1 or 2". */

#include "config.h"

#include "nim-player.h"

#include "nim-explain.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-util.h"

#include <string.h>

/* The most moves `moves` lists before it says how many more there are. */
#define MAX_LISTED 60

/* The most characters of a typed line a message quotes: enough to
   recognise it, and a pasted page does not flood the terminal. */
#define MAX_QUOTED 40

typedef struct
{
  NimPlayer parent;
  NimPlayer *advisor; /* behind `hint`, made on first use */
  GString *told;      /* lines for the next question to show first */
  guint n_moved;      /* moves played this game and not taken back */
} NimHumanPlayer;

typedef enum
{
  INPUT_MOVE,   /* a move was read */
  INPUT_AGAIN,  /* a command ran or an error was shown: ask again */
  INPUT_FAILED, /* quit or end of input */
} InputResult;

/* Whether to speak of stones in the pile rather than matches in heaps. */
static gboolean
is_one_pile (const NimHumanPlayer *self, const NimBoard *board)
{
  return self->parent.one_pile && board->n_heaps == 1;
}

static void
tell_help (NimHumanPlayer *self, const NimBoard *board)
{
  GString *out = self->told;
  g_autofree char *rules = is_one_pile (self, board)
                               ? nim_rules_describe_pile (&self->parent.rules)
                               : nim_rules_describe (&self->parent.rules);

  g_string_append_printf (out, "%s\n", rules);
  if (is_one_pile (self, board))
    g_string_append (out, _ ("Type how many stones you take, such as 2.\n"));
  else if (board->n_heaps == 1)
    g_string_append (out, _ ("Type how many matches you take, such as 2.\n"));
  else
    g_string_append (out,
                     _ ("Type the heap and how many matches you take from "
                        "it, such as 2 3\n(heap 2, three matches), or just "
                        "the heap to be asked for the count.\n"));
  /* TRANSLATORS: moves, hint, board, undo, new, help and quit are the
     words typed at the prompt; they stay English (the prompt understands
     only them). */
  g_string_append (out, _ ("Commands: moves (list the legal moves), hint "
                           "(suggest a move),\nboard (show the position "
                           "again), undo (take back your last move and the\n"
                           "computer's reply), new (start a new game), help, "
                           "quit.\n"));
}

static void
tell_moves (NimHumanPlayer *self, const NimBoard *board)
{
  const NimRules *rules = &self->parent.rules;
  GString *out = self->told;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove m;
  guint64 n = nim_movegen_count (board, rules), shown = 0;

  /* One heap: the counts alone, as a heap number would say nothing
     (unless it may split). */
  if (board->n_heaps == 1 && !nim_rules_splits (rules))
    {
      g_autofree char *can
          = nim_rules_describe_counts (rules, board->heaps[0]);

      /* TRANSLATORS: %s is "1 or 2", "1 to 3" or "2, 7 or 15". */
      g_string_append_printf (out, _ ("Legal moves: take %s.\n"), can);
      return;
    }
  g_string_append (out, nim_rules_splits (rules)
                            ? _ ("Legal moves (heap count, and the heaps "
                                 "left after a split):")
                            : _ ("Legal moves (heap count):"));
  while (shown < MAX_LISTED && nim_movegen_next (&gen, board, rules, &m))
    {
      g_string_append_printf (out, "%s %u %u", shown % 10 ? "," : "\n ",
                              m.heap + 1, m.count);
      if (m.split != 0)
        g_string_append_printf (out, " %u+%u", m.keep, m.split);
      shown++;
    }
  if (n > shown)
    g_string_append_printf (out,
                            g_dngettext (GETTEXT_PACKAGE,
                                         "\n  ... and %llu more",
                                         "\n  ... and %llu more", n - shown),
                            (unsigned long long) (n - shown));
  g_string_append_c (out, '\n');
}

static void
tell_hint (NimHumanPlayer *self, const NimBoard *board)
{
  NimPlayer *p = &self->parent;
  GString *out = self->told;
  NimMove m;
  g_autoptr (GError) error = NULL;
  const char *why;

  if (self->advisor == NULL)
    {
      self->advisor = nim_player_new_advisor (&p->rules, board);
      nim_player_set_explain (self->advisor, TRUE);
    }
  /* The explanation names the players: the advisor plays for this one,
     who is "you" against the computer, and speaks of the game as the
     game's dialogue does (stones in the one-pile game). */
  nim_player_set_number (self->advisor, p->number);
  nim_player_set_person (self->advisor, p->alone ? p->number : 0);
  nim_player_set_one_pile (self->advisor, p->one_pile);
  if (!nim_player_choose_move (self->advisor, board, &m, &error))
    {
      g_string_append_printf (out, _ ("No hint: %s\n"), error->message);
      return;
    }
  if (is_one_pile (self, board))
    /* TRANSLATORS: %s is the player that advises (grundy or xor), then
       the count of stones to take in the one-pile game. */
    g_string_append_printf (
        out,
        g_dngettext (GETTEXT_PACKAGE, "Hint (%s): take %u stone.\n",
                     "Hint (%s): take %u stones.\n", m.count),
        nim_player_get_name (self->advisor), m.count);
  else if (board->n_heaps == 1)
    /* TRANSLATORS: %s is the player that advises (xor, grundy or
       negamax), then the count of matches to take. */
    g_string_append_printf (out,
                            g_dngettext (GETTEXT_PACKAGE,
                                         "Hint (%s): take %u.\n",
                                         "Hint (%s): take %u.\n", m.count),
                            nim_player_get_name (self->advisor), m.count);
  else
    /* TRANSLATORS: %s is the player that advises, then the count of
       matches to take and the heap. */
    g_string_append_printf (out,
                            g_dngettext (GETTEXT_PACKAGE,
                                         "Hint (%s): take %u from heap "
                                         "%u.\n",
                                         "Hint (%s): take %u from heap "
                                         "%u.\n",
                                         m.count),
                            nim_player_get_name (self->advisor), m.count,
                            m.heap + 1);
  /* The same explanation --explain shows after a computer's move. */
  why = nim_player_get_explanation (self->advisor);
  if (why != NULL)
    nim_explain_indent (out, why);
}

/* Asks the program for a line after @prompt, showing what was told since
   the last question first.  Returns the line without surrounding blanks,
   or NULL, with @error set, at the end of the input and on `quit`. */
static char *
ask (NimHumanPlayer *self, const char *prompt, GError **error)
{
  NimPlayer *p = &self->parent;
  g_autoptr (GError) local = NULL;
  char *line;

  line = p->prompt (p->prompt_data,
                    self->told->len > 0 ? self->told->str : NULL, prompt,
                    &local);
  g_string_truncate (self->told, 0);
  if (line != NULL)
    {
      g_strstrip (line);
      /* At the move prompt "q" is short for "quit". */
      if (g_ascii_strcasecmp (line, "quit") == 0
          || g_ascii_strcasecmp (line, "q") == 0)
        {
          g_clear_pointer (&line, g_free);
          g_set_error (&local, NIM_ERROR, NIM_ERROR_ABANDONED,
                       C_ ("reason", "quit"));
        }
    }
  else if (local == NULL)
    /* A prompt function that forgot to say why. */
    g_set_error (&local, NIM_ERROR, NIM_ERROR_ABANDONED, _ ("end of input"));
  if (line == NULL)
    {
      /* Against the computer the person is "you", as everywhere. */
      if (g_error_matches (local, NIM_ERROR, NIM_ERROR_INTERRUPTED))
        ; /* "interrupted" says it all */
      else if (p->alone)
        g_prefix_error (&local, _ ("you gave up: "));
      else
        g_prefix_error (&local, _ ("player %u gave up: "), p->number);
      g_propagate_error (error, g_steal_pointer (&local));
    }
  return line;
}

/* Parses a heap number the way a person sees heaps: from 1. */
static gboolean
parse_heap (const NimBoard *board, const char *word, guint *heap,
            GError **error)
{
  g_autofree char *shown = nim_text_escape (word, MAX_QUOTED);
  guint64 h = 0;
  NimNumberKind kind = nim_scan_uint (word, &h);

  if (kind == NIM_NUMBER_NOT_A_NUMBER)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: "help" is the command typed at the
                      prompt; it stays English. */
                   _ ("'%s' is not a heap number; type a heap from 1 to %u "
                      "and a count, such as 1 2 (or help)."),
                   shown, board->n_heaps);
      return FALSE;
    }
  if (kind != NIM_NUMBER_OK || h < 1 || h > board->n_heaps)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("There is no heap %s; the heaps are numbered 1 to "
                      "%u."),
                   shown, board->n_heaps);
      return FALSE;
    }
  *heap = (guint) h - 1;
  return TRUE;
}

/* Reads a count as nim_scan_uint() does, but with one '+' allowed in
   front: a person may well type +1 for "one more", as 01 is read as 1.
   (On the command line, a sign stays an error.) */
static NimNumberKind
scan_count (const char *word, guint64 *value)
{
  if (word[0] == '+' && g_ascii_isdigit (word[1]))
    word++;
  return nim_scan_uint (word, value);
}

/* Parses how many matches to take from @heap, with a message for every
   way a count can be wrong. */
static gboolean
parse_count (const NimBoard *board, const NimRules *rules, guint heap,
             const char *word, guint32 *count, GError **error)
{
  g_autofree char *shown = nim_text_escape (word, MAX_QUOTED);
  guint64 c = 0;
  guint32 h = board->heaps[heap];

  switch (scan_count (word, &c))
    {
    case NIM_NUMBER_EMPTY: /* words are never empty */
    case NIM_NUMBER_NOT_A_NUMBER:
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("'%s' is not a number of matches; type a count such "
                      "as 1 (or help)."),
                   shown);
      return FALSE;
    case NIM_NUMBER_NEGATIVE:
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("%s is negative; you must take at least 1 match."),
                   shown);
      return FALSE;
    case NIM_NUMBER_TOO_LARGE:
    case NIM_NUMBER_OK:
      if (c > h && h > 0 && board->n_heaps == 1)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "Only %u match is left; you cannot take "
                                    "%s.",
                                    "Only %u matches are left; you cannot "
                                    "take %s.",
                                    h),
                       h, shown);
          return FALSE;
        }
      if (c > h && h > 0)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "Heap %u has only %u match; you cannot "
                                    "take %s.",
                                    "Heap %u has only %u matches; you cannot "
                                    "take %s.",
                                    h),
                       heap + 1, h, shown);
          return FALSE;
        }
      break;
    }
  *count = (guint32) MIN (c, (guint64) NIM_HEAP_SIZE_MAX);
  return nim_board_check_move (board, rules, &(NimMove){ heap, *count },
                               error);
}

/* Parses how many stones to take from the one pile: the course's checks,
   one of the counts the rules allow and no more than are left, each
   refusal naming the counts that are accepted. */
static gboolean
parse_pile_count (const NimBoard *board, const NimRules *rules,
                  const char *word, guint32 *count, GError **error)
{
  guint32 left = board->heaps[0];
  g_autofree char *can = nim_rules_describe_counts (rules, left);
  g_autofree char *shown = nim_text_escape (word, MAX_QUOTED);
  guint64 c = 0;
  NimNumberKind kind = scan_count (word, &c);

  if (kind == NIM_NUMBER_EMPTY || kind == NIM_NUMBER_NOT_A_NUMBER)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %s is what was typed, then "1 or 2";
                      "help" is the command and stays English. */
                   _ ("'%s' is not a number of stones; take %s (or help)."),
                   shown, can);
      return FALSE;
    }
  if (kind != NIM_NUMBER_OK || c > NIM_HEAP_SIZE_MAX
      || !nim_rules_allows (rules, (guint32) c))
    {
      /* A negative or huge count reads as plural: "-1 stones". */
      gulong n = kind == NIM_NUMBER_OK && c <= G_MAXUINT32 ? (gulong) c : 2;

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: the count typed, then "1 or 2". */
                   g_dngettext (GETTEXT_PACKAGE,
                                "You cannot take %s stone; take %s.",
                                "You cannot take %s stones; take %s.", n),
                   shown, can);
      return FALSE;
    }
  if (c > left)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "Only %u stone is left in the pile; you "
                                "cannot take %s.",
                                "Only %u stones are left in the pile; you "
                                "cannot take %s.",
                                left),
                   left, shown);
      return FALSE;
    }
  *count = (guint32) c;
  return nim_board_check_move (board, rules, &(NimMove){ 0, *count }, error);
}

typedef enum
{
  COMMAND_NONE,    /* not a command */
  COMMAND_TOLD,    /* something was told: ask again */
  COMMAND_REQUEST, /* a request for the game, in the error */
} CommandResult;

/* `undo`: against a computer, after a move of one's own, a request that
   the game take back that move and the reply; else a word why not. */
static CommandResult
ask_undo (NimHumanPlayer *self, GError **error)
{
  if (!self->parent.alone)
    {
      /* TRANSLATORS: "undo" is the command typed; it stays English. */
      g_string_append (self->told, _ ("undo takes back moves only in a game "
                                      "of one person against the "
                                      "computer.\n"));
      return COMMAND_TOLD;
    }
  if (self->n_moved == 0)
    {
      g_string_append (self->told, _ ("There is nothing to undo: you have "
                                      "not moved yet.\n"));
      return COMMAND_TOLD;
    }
  self->n_moved--;
  g_set_error_literal (error, NIM_ERROR, NIM_ERROR_UNDO,
                       /* TRANSLATORS: the command typed, as a reason. */
                       C_ ("reason", "undo"));
  return COMMAND_REQUEST;
}

/* The commands, the same at the move prompt and the count prompt: help,
   moves and hint tell something and the question is asked again; board,
   undo and new are requests the game answers (see #NimError). */
static CommandResult
run_command (NimHumanPlayer *self, const NimBoard *board, const char *word,
             GError **error)
{
  if (g_ascii_strcasecmp (word, "help") == 0 || g_str_equal (word, "?"))
    tell_help (self, board);
  else if (g_ascii_strcasecmp (word, "moves") == 0)
    tell_moves (self, board);
  else if (g_ascii_strcasecmp (word, "hint") == 0)
    tell_hint (self, board);
  else if (g_ascii_strcasecmp (word, "board") == 0)
    {
      g_set_error_literal (error, NIM_ERROR, NIM_ERROR_SHOW_BOARD,
                           /* TRANSLATORS: the command typed, as a reason. */
                           C_ ("reason", "board"));
      return COMMAND_REQUEST;
    }
  else if (g_ascii_strcasecmp (word, "undo") == 0)
    return ask_undo (self, error);
  else if (g_ascii_strcasecmp (word, "new") == 0)
    {
      g_set_error_literal (error, NIM_ERROR, NIM_ERROR_NEW_GAME,
                           /* TRANSLATORS: the command typed, as a reason. */
                           C_ ("reason", "new game"));
      return COMMAND_REQUEST;
    }
  else
    return COMMAND_NONE;
  return COMMAND_TOLD;
}

/* Splits a line into words at blanks; returns how many. */
static guint
split_words (const char *line, GStrv *words)
{
  g_autoptr (GPtrArray) list = g_ptr_array_new ();
  g_auto (GStrv) parts = g_strsplit_set (line, " \t", -1);
  guint i;

  for (i = 0; parts[i] != NULL; i++)
    if (*parts[i] != '\0')
      g_ptr_array_add (list, g_strdup (parts[i]));
  g_ptr_array_add (list, NULL);
  *words = (GStrv) g_ptr_array_free (g_steal_pointer (&list), FALSE);
  return g_strv_length (*words);
}

/* "3 2 1+4": take 2 from heap 3 and leave heaps of 1 and 4, under a
   code whose heaps split. */
static gboolean
parse_split (const NimBoard *board, const NimRules *rules, char **words,
             NimMove *move, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (words[2], "+", -1);
  guint64 count, keep, split;

  if (!parse_heap (board, words[0], &move->heap, error))
    return FALSE;
  if (g_strv_length (parts) != 2
      || !nim_parse_uint (words[1], 1, NIM_HEAP_SIZE_MAX, "count", &count,
                          NULL)
      || !nim_parse_uint (parts[0], 1, NIM_HEAP_SIZE_MAX, "part", &keep, NULL)
      || !nim_parse_uint (parts[1], 1, NIM_HEAP_SIZE_MAX, "part", &split,
                          NULL))
    {
      g_autofree char *shown = nim_text_escape (words[2], MAX_QUOTED);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("'%s' is not a split; type a heap, a count and the two "
                      "heaps left, such as 3 2 1+4 (take 2 from heap 3, "
                      "leave heaps of 1 and 4)."),
                   shown);
      return FALSE;
    }
  move->count = (guint32) count;
  move->keep = (guint32) keep;
  move->split = (guint32) split;
  return nim_board_check_move (board, rules, move, error);
}

/* A count that may only split what it leaves (Kayles' middle pins can
   fall only one way: apart): the second question, "how do you split
   it?", asked again until it is answered with a legal split. */
static gboolean
ask_split (NimHumanPlayer *self, const NimBoard *board, NimMove *move,
           GError **error)
{
  NimPlayer *p = &self->parent;
  guint32 rest = board->heaps[move->heap] - move->count;
  g_autofree char *prompt = g_strdup_printf (
      /* TRANSLATORS: the second question of a move that splits a heap:
         what is left, then an example split of it. */
      _ ("That leaves %u, to split in two: which heaps, such as %u+%u? "),
      rest, 1, rest - 1);

  for (;;)
    {
      g_autofree char *answer = ask (self, prompt, error);
      g_autoptr (GError) local = NULL;
      char *words[3] = { NULL, NULL, NULL };
      g_autofree char *heap = NULL, *count = NULL;
      CommandResult command;

      if (answer == NULL)
        return FALSE;
      command = run_command (self, board, answer, error);
      if (command == COMMAND_REQUEST)
        return FALSE;
      if (command == COMMAND_TOLD)
        continue;
      heap = g_strdup_printf ("%u", move->heap + 1);
      count = g_strdup_printf ("%u", move->count);
      words[0] = heap;
      words[1] = count;
      words[2] = g_strstrip (answer);
      if (parse_split (board, &p->rules, words, move, &local))
        return TRUE;
      g_string_append_printf (self->told, "%s\n", local->message);
    }
}

/* Whether taking @count from heap @heap may only split the rest. */
static gboolean
must_split (const NimRules *rules, const NimBoard *board, guint heap,
            const char *word, guint32 *count)
{
  guint64 c;
  guint32 h = board->heaps[heap];

  if (!nim_rules_splits (rules)
      || !nim_parse_uint (word, 1, NIM_HEAP_SIZE_MAX, "count", &c, NULL)
      || c + 2 > h || !nim_rules_allows_leave (rules, h, (guint32) c, 1)
      || nim_rules_allows_leave (rules, h, (guint32) c, 0))
    return FALSE;
  *count = (guint32) c;
  return TRUE;
}

/* Turns what was typed into a legal move, asking for the count when only
   a heap was given.  Returns FALSE with a NIM_ERROR_USAGE error for an
   entry to be retyped, or with NIM_ERROR_ABANDONED to give up. */
static gboolean
parse_move (NimHumanPlayer *self, const NimBoard *board, const char *line,
            NimMove *move, GError **error)
{
  NimPlayer *p = &self->parent;
  g_auto (GStrv) words = NULL;
  guint n = split_words (line, &words);
  g_autofree char *shown = nim_text_escape (line, MAX_QUOTED);
  g_autofree char *prompt = NULL;

  move->split = 0;

  move->keep = 0;
  if (is_one_pile (self, board) && (n == 0 || n > 2))
    {
      g_autofree char *can
          = nim_rules_describe_counts (&p->rules, board->heaps[0]);

      if (n == 0)
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     /* TRANSLATORS: %s is "1 or 2". */
                     _ ("Nothing was typed; type how many stones you take: "
                        "%s."),
                     can);
      else
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     /* TRANSLATORS: %s is what was typed, then "1 or 2". */
                     _ ("Too much typed: '%s'; type how many stones you "
                        "take: %s."),
                     shown, can);
      return FALSE;
    }
  if (n == 0)
    {
      g_set_error_literal (error, NIM_ERROR, NIM_ERROR_USAGE,
                           board->n_heaps == 1
                               ? _ ("Nothing was typed; type how many "
                                    "matches you take, such as 1.")
                               : _ ("Nothing was typed; type a heap and a "
                                    "count, such as 1 2."));
      return FALSE;
    }
  if (n == 3 && nim_rules_splits (&p->rules))
    return parse_split (board, &p->rules, words, move, error);
  if (n > 2)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("Too much typed: '%s'; type a heap and a count, such "
                      "as 1 2 (or help)."),
                   shown);
      return FALSE;
    }
  if (n == 1 && is_one_pile (self, board))
    {
      move->heap = 0;
      return parse_pile_count (board, &p->rules, words[0], &move->count,
                               error);
    }
  if (n == 1 && board->n_heaps == 1)
    {
      move->heap = 0;
      if (must_split (&p->rules, board, 0, words[0], &move->count))
        return ask_split (self, board, move, error);
      return parse_count (board, &p->rules, 0, words[0], &move->count, error);
    }
  /* One heap: no heap number is asked for, and none is named; "1 3"
     still reads as heap 1, three matches. */
  if (board->n_heaps == 1 && !g_str_equal (words[0], "1"))
    {
      g_autofree char *can
          = nim_rules_describe_counts (&p->rules, board->heaps[0]);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %s is what was typed, then "1 to 3". */
                   _ ("Too much typed: '%s'; type how many matches you take: "
                      "%s."),
                   shown, can);
      return FALSE;
    }
  if (!parse_heap (board, words[0], &move->heap, error))
    return FALSE;
  if (n == 2
      && must_split (&p->rules, board, move->heap, words[1], &move->count))
    return ask_split (self, board, move, error);
  if (n == 2)
    return parse_count (board, &p->rules, move->heap, words[1], &move->count,
                        error);

  /* Just the heap: ask for the count, as the course's three-row game
     does. */
  if (!nim_board_check_move (
          board, &p->rules,
          &(NimMove){ move->heap, nim_rules_min_take (&p->rules) }, error))
    return FALSE;
  prompt = p->alone
               /* TRANSLATORS: the count asked for after the heap, in a
                  game against the computer ("Wieviele Streichhoelzer
                  moechten Sie entnehmen?" in the course's transcript). */
               ? g_strdup (_ ("How many matches do you take? "))
               : g_strdup_printf (
                   _ ("How many matches do you take from heap %u? "),
                   move->heap + 1);
  /* The commands of the move prompt work here too, and a bad count is
     asked for again (the heap was good). */
  for (;;)
    {
      g_autofree char *count = ask (self, prompt, error);
      g_autoptr (GError) local = NULL;
      CommandResult command;

      if (count == NULL)
        return FALSE;
      command = run_command (self, board, count, error);
      if (command == COMMAND_REQUEST)
        return FALSE;
      if (command == COMMAND_TOLD)
        continue;
      if (*count == '\0')
        g_string_append_printf (self->told,
                                _ ("Nothing was typed; type how many matches "
                                   "you take from heap %u, such as 1.\n"),
                                move->heap + 1);
      else if (parse_count (board, &p->rules, move->heap, count, &move->count,
                            &local))
        return TRUE;
      else
        g_string_append_printf (self->told, "%s\n", local->message);
    }
}

static InputResult
read_move (NimHumanPlayer *self, const NimBoard *board, NimMove *move,
           GError **error)
{
  NimPlayer *p = &self->parent;
  g_autofree char *prompt = NULL;
  g_autofree char *line = NULL;
  g_autoptr (GError) local = NULL;

  if (p->alone)
    prompt
        = g_strdup (is_one_pile (self, board)
                        /* TRANSLATORS: the prompt of the one-pile game against
                           the computer. */
                        ? _ ("How many stones do you take? ")
                        : board->n_heaps == 1
                              ? _ ("How many matches do you take? ")
                              /* TRANSLATORS: the prompt of a game against
                                 the computer ("Aus welcher Reihe moechten
                                 Sie Streichhoelzer entnehmen?" in the
                                 course's transcript); the heap and the
                                 count may be typed on one line too. */
                              : _ ("Which heap do you take matches from? "));
  else
    prompt
        = is_one_pile (self, board)
              /* TRANSLATORS: the prompt of a person's turn in the
                 one-pile game, whose stones are taken from one pile. */
              ? g_strdup_printf (_ ("Player %u, how many stones do you "
                                    "take? "),
                                 p->number)
              : board->n_heaps == 1
                    /* TRANSLATORS: the prompt of a person's turn in a game of
                       one heap. */
                    ? g_strdup_printf (_ ("Player %u, how many matches do you "
                                          "take? "),
                                       p->number)
                    /* TRANSLATORS: the prompt of a person's turn: HEAP COUNT
                       says what to type, such as 3 2 (2 matches from heap 3).
                     */
                    : g_strdup_printf (
                        _ ("Player %u, your move (HEAP COUNT): "), p->number);
  line = ask (self, prompt, error);
  if (line == NULL)
    return INPUT_FAILED;

  switch (run_command (self, board, line, &local))
    {
    case COMMAND_TOLD:
      return INPUT_AGAIN;
    case COMMAND_REQUEST:
      g_propagate_error (error, g_steal_pointer (&local));
      return INPUT_FAILED;
    case COMMAND_NONE:
      break;
    }
  if (parse_move (self, board, line, move, &local))
    return INPUT_MOVE;
  /* Given up, or a request made at the count prompt. */
  if (!g_error_matches (local, NIM_ERROR, NIM_ERROR_USAGE))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return INPUT_FAILED;
    }
  g_string_append_printf (self->told, "%s\n", local->message);
  return INPUT_AGAIN;
}

static gboolean
human_choose_move (NimPlayer *player, const NimBoard *board, NimMove *move,
                   GError **error)
{
  NimHumanPlayer *self = (NimHumanPlayer *) player;
  InputResult r;

  if (player->prompt == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("player %u (%s) has no prompt to ask a person for "
                      "its moves"),
                   player->number, player->klass->name);
      return FALSE;
    }
  if (self->told == NULL)
    self->told = g_string_new (NULL);
  g_string_truncate (self->told, 0);
  while ((r = read_move (self, board, move, error)) == INPUT_AGAIN)
    ;
  if (r == INPUT_MOVE)
    self->n_moved++;
  return r == INPUT_MOVE;
}

static gboolean
human_start (NimPlayer *player, GError **error)
{
  (void) error;
  ((NimHumanPlayer *) player)->n_moved = 0;
  return TRUE;
}

static void
human_finalize (NimPlayer *player)
{
  NimHumanPlayer *self = (NimHumanPlayer *) player;

  nim_player_free (self->advisor);
  if (self->told != NULL)
    g_string_free (self->told, TRUE);
}

const NimPlayerClass nim_player_human_class = {
  .name = "human",
  /* TRANSLATORS: hint, undo and help are typed at the prompt and stay
     English. */
  .summary = N_ ("a person at the keyboard: types HEAP COUNT, or a "
                 "command such as hint, undo or help"),
  .rules_help = N_ ("every rule"),
  .instance_size = sizeof (NimHumanPlayer),
  .kind = NIM_PLAYER_PERSON,
  .start = human_start,
  .choose_move = human_choose_move,
  .finalize = human_finalize,
};
