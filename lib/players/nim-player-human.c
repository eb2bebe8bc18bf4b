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
 * In the one-pile game (#NimPrompt.one_pile) it speaks of stones
 * in the pile, as the course's one-pile game does, and every count it
 * refuses is answered with the counts it takes: "take 1 or 2". */

#include "config.h"

#include "nim-player.h"

#include "nim-explain.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-error.h"
#include "nim-parse.h"
#include "nim-strings.h"

#include <string.h>

/* The most moves `moves` lists before it says how many more there are. */
#define MAX_LISTED 60

/* The most characters of a typed line a message quotes: enough to
   recognise it, and a pasted page does not flood the terminal. */
#define MAX_QUOTED 40

/* At the move prompt, where no heap is chosen yet. */
#define NO_HEAP G_MAXUINT

typedef struct
{
  NimPlayer parent;
  NimPlayer *advisor;  /* behind `hint`, made on first use */
  NimPlayer *asked;    /* behind `hint NAME`, the last one asked */
  NimPrompt advice;    /* the game's prompt, as a hint speaks */
  GString *told;       /* lines for the next question to show first */
  guint n_moved;       /* moves played this game and not taken back */
  NimTurnKind request; /* what the person asked the game for */
} NimHumanPlayer;

typedef enum
{
  INPUT_MOVE,    /* a move was read */
  INPUT_AGAIN,   /* a command ran or an error was shown: ask again */
  INPUT_REQUEST, /* a request for the game, in the player's @request */
  INPUT_FAILED,  /* end of input, or Ctrl-C */
} InputResult;

/* Whether to speak of stones in the pile rather than matches in heaps. */
static gboolean
is_one_pile (const NimHumanPlayer *self, const NimBoard *board)
{
  return self->parent.prompt->one_pile && board->n_heaps == 1;
}

/* Whether the player is the one person in a game against the computer:
   it is "you". */
static gboolean
is_alone (const NimHumanPlayer *self)
{
  return self->parent.prompt->person != 0;
}

/* The smallest count a move may take from a heap of @h, 0 when none
   may: what an example of a count shows. */
static guint32
first_count (const NimRules *rules, guint32 h)
{
  NimBoard one;
  NimMove m;

  nim_board_init (&one, &h, 1);
  return nim_movegen_first (&one, rules, &m) ? m.count : 0;
}

/* An example of a move on @board, which the rules allow there: the
   first legal one. */
static NimMove
example_move (const NimHumanPlayer *self, const NimBoard *board)
{
  NimMove m = { 0, 0, 0, 0 };

  nim_movegen_first (board, &self->parent.rules, &m);
  return m;
}

/* The name of the player behind `hint` alone: the exact solver of the
   game, as nim_player_new_advisor () chooses it. */
static char *
advisor_name (const NimHumanPlayer *self, const NimBoard *board)
{
  g_auto (GStrv) specs = NULL;
  guint i;

  if (self->advisor != NULL)
    return g_strdup (nim_player_get_name (self->advisor));
  specs = nim_player_exact_specs (NULL);
  for (i = 0; specs[i] != NULL; i++)
    {
      g_autofree char *name = g_strndup (specs[i], strcspn (specs[i], ":"));
      const NimPlayerClass *klass = nim_player_class_lookup (name);

      if (klass != NULL
          && nim_player_supports (klass, &self->parent.rules, board, NULL))
        return g_steal_pointer (&name);
    }
  return g_strdup ("");
}

/* `help`, or an empty line: the rules, what to type at this question
   (@heap is the heap chosen at the count prompt, else %NO_HEAP), with
   examples the rules allow here, and the commands. */
static void
tell_help (NimHumanPlayer *self, const NimBoard *board, guint heap)
{
  const NimRules *rules = &self->parent.rules;
  const char *opponent = self->parent.prompt->opponent;
  GString *out = self->told;
  g_autofree char *described = is_one_pile (self, board)
                                   ? nim_rules_describe_pile (rules)
                                   : nim_rules_describe (rules);
  NimMove m = example_move (self, board);

  g_string_append_printf (out, "%s\n", described);
  if (is_one_pile (self, board))
    g_string_append_printf (out,
                            _ ("Type how many stones you take, such as "
                               "%u.\n"),
                            m.count);
  else if (board->n_heaps == 1)
    g_string_append_printf (out,
                            _ ("Type how many matches you take, such as "
                               "%u.\n"),
                            m.count);
  else if (heap != NO_HEAP)
    /* TRANSLATORS: at the count prompt; "back" is typed and stays
       English. */
    g_string_append_printf (out,
                            _ ("Type how many matches you take from heap %u, "
                               "such as %u, or back to choose another "
                               "heap.\n"),
                            heap + 1, first_count (rules, board->heaps[heap]));
  else
    g_string_append_printf (
        out,
        g_dngettext (GETTEXT_PACKAGE,
                     "Type the heap and how many matches you take from it, "
                     "such as %u %u\n(heap %u, %u match), or just the heap "
                     "to be asked for the count.\n",
                     "Type the heap and how many matches you take from it, "
                     "such as %u %u\n(heap %u, %u matches), or just the heap "
                     "to be asked for the count.\n",
                     m.count),
        m.heap + 1, m.count, m.heap + 1, m.count);
  /* TRANSLATORS: moves, hint, board, undo, new, help, quit and q are the
     words typed at the prompt; they stay English (the prompt understands
     only them). */
  g_string_append (out, _ ("Commands: moves (list the legal moves), hint "
                           "(suggest a move),\nboard (show the position "
                           "again), undo (take back your last move and the\n"
                           "computer's reply), new (start a new game), help, "
                           "quit (or q).\n"));
  if (opponent != NULL)
    {
      g_autoptr (GString) name
          = g_string_new_len (opponent, (gssize) strcspn (opponent, ":"));
      g_autofree char *adviser = advisor_name (self, board);

      /* Where `hint` alone asks the computer's own player, no word. */
      if (g_str_equal (name->str, adviser))
        return;

      /* TRANSLATORS: %s is the computer player's name, such as minimax;
       "hint" is typed and stays English. */
      g_string_append_printf (out,
                              _ ("hint %s asks the computer's own player for "
                                 "its move, and why.\n"),
                              name->str);
    }
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

/* The player behind `hint NAME` (@spec): the computer's own player when
   NAME is its name alone, with its options, else a player of that spec,
   made once and kept while it is asked; %NULL with @error set when it
   cannot advise here. */
static NimPlayer *
asked_player (NimHumanPlayer *self, const NimBoard *board, const char *spec,
              GError **error)
{
  NimPlayer *p = &self->parent;
  const char *opponent = p->prompt->opponent;
  g_autoptr (NimPlayer) made = NULL;

  if (opponent != NULL && strchr (spec, ':') == NULL
      && strlen (spec) == strcspn (opponent, ":")
      && g_ascii_strncasecmp (opponent, spec, strlen (spec)) == 0)
    spec = opponent;
  if (self->asked != NULL
      && g_str_equal (nim_player_get_spec (self->asked), spec))
    return self->asked;
  made = nim_player_new (spec, error);
  if (made == NULL)
    return NULL;
  if (nim_player_is_interactive (made))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: "hint" is typed and stays English. */
                   _ ("hint asks a computer player, such as hint %s"),
                   nim_player_class_strongest ()->name);
      return NULL;
    }
  if (!nim_player_start (made, &p->rules, board, error))
    return NULL;
  nim_player_free (self->asked);
  self->asked = g_steal_pointer (&made);
  return self->asked;
}

/* `hint`, or `hint NAME`: a move for the person to make, from the exact
   solver of the game or from the player named, and why, spoken to the
   person. */
static void
tell_hint (NimHumanPlayer *self, const NimBoard *board, const char *spec)
{
  NimPlayer *p = &self->parent;
  GString *out = self->told;
  NimPlayer *advisor;
  NimMove m;
  g_autoptr (GError) error = NULL;
  const char *why, *name;

  if (spec != NULL)
    advisor = asked_player (self, board, spec, &error);
  else
    {
      if (self->advisor == NULL)
        self->advisor = nim_player_new_advisor (&p->rules, board);
      advisor = self->advisor;
    }
  if (advisor == NULL)
    {
      g_string_append_printf (out, _ ("No hint: %s.\n"), error->message);
      return;
    }
  nim_player_set_explain (advisor, TRUE);
  /* The advisor plays for this player, who is "you" against the
     computer, and speaks as the game's dialogue does (stones in the
     one-pile game), to the person. */
  self->advice = *p->prompt;
  self->advice.advice = TRUE;
  nim_player_set_number (advisor, p->number);
  nim_player_set_prompt (advisor, &self->advice);
  if (!nim_player_choose_move (advisor, board, &m, &error))
    {
      g_string_append_printf (out, _ ("No hint: %s.\n"), error->message);
      return;
    }
  /* The exact solver by its name (its time=2 says nothing to a person);
     a player asked for by the spec it plays. */
  name = spec != NULL ? nim_player_get_spec (advisor)
                      : nim_player_get_name (advisor);
  if (is_one_pile (self, board))
    /* TRANSLATORS: %s is the player that advises (grundy or xor), then
       the count of stones to take in the one-pile game. */
    g_string_append_printf (
        out,
        g_dngettext (GETTEXT_PACKAGE, "Hint from %s: take %u stone.\n",
                     "Hint from %s: take %u stones.\n", m.count),
        name, m.count);
  else if (board->n_heaps == 1)
    /* TRANSLATORS: %s is the player that advises (xor, grundy or
       negamax), then the count of matches to take. */
    g_string_append_printf (
        out,
        g_dngettext (GETTEXT_PACKAGE, "Hint from %s: take %u match.\n",
                     "Hint from %s: take %u matches.\n", m.count),
        name, m.count);
  else
    /* TRANSLATORS: %s is the player that advises, then the count of
       matches to take and the heap. */
    g_string_append_printf (out,
                            g_dngettext (GETTEXT_PACKAGE,
                                         "Hint from %s: take %u match from "
                                         "heap %u.\n",
                                         "Hint from %s: take %u matches from "
                                         "heap %u.\n",
                                         m.count),
                            name, m.count, m.heap + 1);
  /* The same explanation --explain shows after a computer's move. */
  why = nim_player_get_explanation (advisor);
  if (why != NULL)
    nim_explain_indent (out, why);
}

/* Asks the program for a line after @prompt, showing what was told since
   the last question first.  Returns the line without surrounding blanks,
   or NULL, with @error set, at the end of the input or after Ctrl-C. */
static char *
ask (NimHumanPlayer *self, const char *prompt, GError **error)
{
  NimPlayer *p = &self->parent;
  g_autoptr (GError) local = NULL;
  char *line;

  line = p->prompt->ask (p->prompt->data,
                         self->told->len > 0 ? self->told->str : NULL, prompt,
                         &local);
  g_string_truncate (self->told, 0);
  if (line != NULL)
    return g_strstrip (line);
  if (local == NULL)
    /* A prompt function that forgot to say why. */
    g_set_error (&local, NIM_ERROR, NIM_ERROR_ABANDONED, _ ("end of input"));
  /* Against the computer the person is "you", as everywhere. */
  if (g_error_matches (local, NIM_ERROR, NIM_ERROR_INTERRUPTED))
    ; /* "interrupted" says it all */
  else if (is_alone (self))
    g_prefix_error (&local, _ ("you gave up: "));
  else
    g_prefix_error (&local, _ ("player %u gave up: "), p->number);
  g_propagate_error (error, g_steal_pointer (&local));
  return NULL;
}

/* Parses a heap number the way a person sees heaps: from 1. */
static gboolean
parse_heap (NimHumanPlayer *self, const NimBoard *board, const char *word,
            guint *heap, GError **error)
{
  g_autofree char *shown = nim_text_escape (word, MAX_QUOTED);
  guint64 h = 0;
  NimNumberKind kind = nim_scan_uint (word, &h);

  if (kind == NIM_NUMBER_NOT_A_NUMBER)
    {
      NimMove m = example_move (self, board);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: "help" is the command typed at the
                      prompt; it stays English. */
                   _ ("'%s' is not a heap number; type a heap from 1 to %u "
                      "and a count, such as %u %u (or help)."),
                   shown, board->n_heaps, m.heap + 1, m.count);
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
                      "as %u (or help)."),
                   shown, first_count (rules, h));
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
  COMMAND_REQUEST, /* a request for the game, in the player's @request */
  COMMAND_BACK,    /* back from the count to the heap */
} CommandResult;

/* Asks the game for @request. */
static CommandResult
request (NimHumanPlayer *self, NimTurnKind request)
{
  self->request = request;
  return COMMAND_REQUEST;
}

/* `undo`: against a computer, after a move of one's own, a request that
   the game take back that move and the reply; else a word why not. */
static CommandResult
ask_undo (NimHumanPlayer *self)
{
  if (!is_alone (self))
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
  return request (self, NIM_TURN_UNDO);
}

/* Whether @line is @word, in any case, alone or followed by a blank and
   more (its argument, in *rest). */
static gboolean
is_command (const char *line, const char *word, const char **rest)
{
  gsize n = strlen (word);

  if (g_ascii_strncasecmp (line, word, n) != 0
      || (line[n] != '\0' && !g_ascii_isspace (line[n])))
    return FALSE;
  *rest = line + n + strspn (line + n, " \t");
  return TRUE;
}

/* The commands, the same at every question of a move (@heap is the heap
   chosen at the count prompt, else %NO_HEAP): help (and an empty line),
   moves and hint tell something and the question is asked again; board,
   undo, new and quit (or q, or exit) are requests the game answers
   (#NimTurn); back, after a heap was chosen, asks for the heap again. */
static CommandResult
run_command (NimHumanPlayer *self, const NimBoard *board, const char *line,
             guint heap)
{
  const char *rest = NULL;

  if (*line == '\0' || g_ascii_strcasecmp (line, "help") == 0
      || g_str_equal (line, "?"))
    tell_help (self, board, heap);
  else if (g_ascii_strcasecmp (line, "moves") == 0)
    tell_moves (self, board);
  else if (is_command (line, "hint", &rest))
    tell_hint (self, board, *rest != '\0' ? rest : NULL);
  else if (g_ascii_strcasecmp (line, "board") == 0)
    return request (self, NIM_TURN_SHOW_BOARD);
  else if (g_ascii_strcasecmp (line, "undo") == 0)
    return ask_undo (self);
  else if (g_ascii_strcasecmp (line, "new") == 0)
    return request (self, NIM_TURN_NEW_GAME);
  else if (g_ascii_strcasecmp (line, "quit") == 0
           || g_ascii_strcasecmp (line, "q") == 0
           || g_ascii_strcasecmp (line, "exit") == 0)
    return request (self, NIM_TURN_GIVE_UP);
  else if (heap != NO_HEAP && g_ascii_strcasecmp (line, "back") == 0)
    return COMMAND_BACK;
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

/* An example of a split on @board, the first legal one: FALSE when no
   move splits a heap here. */
static gboolean
example_split (const NimBoard *board, const NimRules *rules, NimMove *m)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;

  while (nim_movegen_next (&gen, board, rules, m))
    if (m->split != 0)
      return TRUE;
  return FALSE;
}

/* "3 2 1+4": take 2 from heap 3 and leave heaps of 1 and 4, under a
   code whose heaps split. */
static gboolean
parse_split (NimHumanPlayer *self, const NimBoard *board, char **words,
             NimMove *move, GError **error)
{
  const NimRules *rules = &self->parent.rules;
  g_auto (GStrv) parts = g_strsplit (words[2], "+", -1);
  guint64 count, keep, split;
  NimMove e;

  if (!parse_heap (self, board, words[0], &move->heap, error))
    return FALSE;
  if (g_strv_length (parts) != 2
      || !nim_parse_uint (words[1], 1, NIM_HEAP_SIZE_MAX, "count", &count,
                          NULL)
      || !nim_parse_uint (parts[0], 1, NIM_HEAP_SIZE_MAX, "part", &keep, NULL)
      || !nim_parse_uint (parts[1], 1, NIM_HEAP_SIZE_MAX, "part", &split,
                          NULL))
    {
      g_autofree char *shown = nim_text_escape (words[2], MAX_QUOTED);

      if (example_split (board, rules, &e))
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     _ ("'%s' is not a split; type a heap, a count and the "
                        "two heaps left, such as %u %u %u+%u (take %u from "
                        "heap %u, leave heaps of %u and %u)."),
                     shown, e.heap + 1, e.count, e.keep, e.split, e.count,
                     e.heap + 1, e.keep, e.split);
      else
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     _ ("'%s' is not a split, and no move splits a heap "
                        "here; type a heap and a count."),
                     shown);
      return FALSE;
    }
  move->count = (guint32) count;
  move->keep = (guint32) keep;
  move->split = (guint32) split;
  return nim_board_check_move (board, rules, move, error);
}

/* A move read, or an entry to type again, with what was wrong in
   @error. */
static InputResult
typed (gboolean legal)
{
  return legal ? INPUT_MOVE : INPUT_AGAIN;
}

/* Whether a command at a question of a move that asks again (the count,
   the split) ends it: a request, or back (%INPUT_AGAIN, nothing wrong:
   the heap is asked for again). */
static gboolean
command_ends (CommandResult command, InputResult *result)
{
  switch (command)
    {
    case COMMAND_REQUEST:
      *result = INPUT_REQUEST;
      return TRUE;
    case COMMAND_BACK:
      *result = INPUT_AGAIN;
      return TRUE;
    case COMMAND_NONE:
    case COMMAND_TOLD:
      break;
    }
  return FALSE;
}

/* Asks @prompt, the count's or the split's question after heap @heap was
   chosen, until the answer is no command: TRUE with it in *@answer, or
   FALSE with what ends the move's questions in *@result (a request;
   back, %INPUT_AGAIN; %INPUT_FAILED with @error set). */
static gboolean
ask_entry (NimHumanPlayer *self, const NimBoard *board, const char *prompt,
           guint heap, char **answer, InputResult *result, GError **error)
{
  for (;;)
    {
      g_autofree char *line = ask (self, prompt, error);
      CommandResult command;

      if (line == NULL)
        {
          *result = INPUT_FAILED;
          return FALSE;
        }
      command = run_command (self, board, line, heap);
      if (command_ends (command, result))
        return FALSE;
      if (command == COMMAND_NONE)
        {
          *answer = g_steal_pointer (&line);
          return TRUE;
        }
    }
}

/* A count that may only split what it leaves (Kayles' middle pins can
   fall only one way: apart): the second question, "how do you split
   it?", asked again until it is answered with a legal split or a
   request. */
static InputResult
ask_split (NimHumanPlayer *self, const NimBoard *board, NimMove *move,
           GError **error)
{
  guint32 rest = board->heaps[move->heap] - move->count;
  g_autofree char *prompt = g_strdup_printf (
      /* TRANSLATORS: the second question of a move that splits a heap:
         what is left, then an example split of it. */
      _ ("That leaves %u, to split in two: which heaps, such as %u+%u? "),
      rest, 1, rest - 1);

  for (;;)
    {
      g_autofree char *answer = NULL;
      g_autoptr (GError) local = NULL;
      char *words[3] = { NULL, NULL, NULL };
      g_autofree char *heap = NULL, *count = NULL;
      InputResult result;

      if (!ask_entry (self, board, prompt, move->heap, &answer, &result,
                      error))
        return result;
      heap = g_strdup_printf ("%u", move->heap + 1);
      count = g_strdup_printf ("%u", move->count);
      words[0] = heap;
      words[1] = count;
      words[2] = answer;
      if (parse_split (self, board, words, move, &local))
        return INPUT_MOVE;
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

/* Whether no move takes from heap @heap: then a count typed for it is
   not what is wrong, and @error says so, naming another heap. */
static gboolean
is_stuck (NimHumanPlayer *self, const NimBoard *board, guint heap,
          GError **error)
{
  const NimRules *rules = &self->parent.rules;
  guint32 h = board->heaps[heap];
  NimMove e;
  g_autofree char *counts = NULL;

  if (first_count (rules, h) != 0)
    return FALSE;
  /* An empty heap: the board says so. */
  if (h == 0)
    return !nim_board_check_move (board, rules, &(NimMove){ heap, 1 }, error);
  e = example_move (self, board);
  counts = nim_rules_describe_counts (rules, NIM_HEAP_SIZE_MAX);
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: the heap, its matches, then "2, 7, 15 or 16"
                  (the counts a move may take), then an example move, heap
                  and count. */
               g_dngettext (GETTEXT_PACKAGE,
                            "No move takes from heap %u, which has %u match: "
                            "a move takes %s. Choose another heap, such as "
                            "%u %u.",
                            "No move takes from heap %u, which has %u "
                            "matches: a move takes %s. Choose another heap, "
                            "such as %u %u.",
                            h),
               heap + 1, h, counts, e.heap + 1, e.count);
  return TRUE;
}

/* The count prompt, after the heap alone was typed, as the course's
   three-row game asks: the commands of the move prompt work here too
   (and back goes back to the heap), and a bad count is asked for again
   (the heap was good). */
static InputResult
ask_count (NimHumanPlayer *self, const NimBoard *board, NimMove *move,
           GError **error)
{
  NimPlayer *p = &self->parent;
  g_autofree char *prompt
      = is_alone (self)
            /* TRANSLATORS: the count asked for after the heap, in a
               game against the computer ("Wieviele Streichhoelzer
               moechten Sie entnehmen?" in the course's transcript). */
            ? g_strdup (_ ("How many matches do you take? "))
            : g_strdup_printf (_ ("How many matches do you take from heap "
                                  "%u? "),
                               move->heap + 1);

  for (;;)
    {
      g_autofree char *count = NULL;
      g_autoptr (GError) local = NULL;
      g_auto (GStrv) words = NULL;
      InputResult result;

      if (!ask_entry (self, board, prompt, move->heap, &count, &result, error))
        return result;
      if (split_words (count, &words) > 1)
        {
          g_autofree char *shown = nim_text_escape (count, MAX_QUOTED);

          /* TRANSLATORS: typed at the count prompt, after the heap was
             chosen, "3 16": what was typed, the heap chosen, an example
             count; "back" is typed and stays English. */
          g_string_append_printf (
              self->told,
              _ ("'%s' is more than a count: the heap is "
                 "chosen, heap %u, and this question "
                 "asks only how many matches to take "
                 "from it, such as %u. To choose another "
                 "heap, type back.\n"),
              shown, move->heap + 1,
              first_count (&p->rules, board->heaps[move->heap]));
        }
      else if (must_split (&p->rules, board, move->heap, count, &move->count))
        return ask_split (self, board, move, error);
      else if (parse_count (board, &p->rules, move->heap, count, &move->count,
                            &local))
        return INPUT_MOVE;
      else
        g_string_append_printf (self->told, "%s\n", local->message);
    }
}

/* Turns what was typed into a legal move, asking for the count when only
   a heap was given: %INPUT_AGAIN with a #NIM_ERROR_USAGE error saying
   what to retype (or none, after back), %INPUT_REQUEST for a request
   made at the count prompt, %INPUT_FAILED with the error that ended the
   input. */
static InputResult
parse_move (NimHumanPlayer *self, const NimBoard *board, const char *line,
            NimMove *move, GError **error)
{
  NimPlayer *p = &self->parent;
  g_auto (GStrv) words = NULL;
  guint n = split_words (line, &words);
  g_autofree char *shown = nim_text_escape (line, MAX_QUOTED);

  move->split = 0;
  move->keep = 0;
  /* An empty line is the help's (run_command ()). */
  g_return_val_if_fail (n > 0, INPUT_AGAIN);
  /* The one pile: the count alone, or "1 2" (heap 1, 2 stones). */
  if (is_one_pile (self, board)
      && (n > 2 || (n == 2 && !g_str_equal (words[0], "1"))))
    {
      g_autofree char *can
          = nim_rules_describe_counts (&p->rules, board->heaps[0]);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %s is what was typed, then "1 or 2". */
                   _ ("Too much typed: '%s'; type how many stones you "
                      "take: %s."),
                   shown, can);
      return INPUT_AGAIN;
    }
  if (is_one_pile (self, board))
    {
      move->heap = 0;
      return typed (parse_pile_count (board, &p->rules, words[n - 1],
                                      &move->count, error));
    }
  if (n == 3 && nim_rules_splits (&p->rules))
    return typed (parse_split (self, board, words, move, error));
  if (n > 2)
    {
      NimMove e = example_move (self, board);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("Too much typed: '%s'; type a heap and a count, such "
                      "as %u %u (or help)."),
                   shown, e.heap + 1, e.count);
      return INPUT_AGAIN;
    }
  if (n == 1 && board->n_heaps == 1)
    {
      move->heap = 0;
      if (must_split (&p->rules, board, 0, words[0], &move->count))
        return ask_split (self, board, move, error);
      return typed (
          parse_count (board, &p->rules, 0, words[0], &move->count, error));
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
      return INPUT_AGAIN;
    }
  if (!parse_heap (self, board, words[0], &move->heap, error)
      || is_stuck (self, board, move->heap, error))
    return INPUT_AGAIN;
  if (n == 2
      && must_split (&p->rules, board, move->heap, words[1], &move->count))
    return ask_split (self, board, move, error);
  if (n == 2)
    return typed (parse_count (board, &p->rules, move->heap, words[1],
                               &move->count, error));
  return ask_count (self, board, move, error);
}

static InputResult
read_move (NimHumanPlayer *self, const NimBoard *board, NimMove *move,
           GError **error)
{
  NimPlayer *p = &self->parent;
  g_autofree char *prompt = NULL;
  g_autofree char *line = NULL;
  g_autoptr (GError) local = NULL;
  InputResult r;

  if (is_alone (self))
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

  switch (run_command (self, board, line, NO_HEAP))
    {
    case COMMAND_TOLD:
    case COMMAND_BACK:
      return INPUT_AGAIN;
    case COMMAND_REQUEST:
      return INPUT_REQUEST;
    case COMMAND_NONE:
      break;
    }
  r = parse_move (self, board, line, move, &local);
  if (r == INPUT_AGAIN && local != NULL)
    g_string_append_printf (self->told, "%s\n", local->message);
  else if (r == INPUT_FAILED)
    g_propagate_error (error, g_steal_pointer (&local));
  return r;
}

/* A person's turn: a move, or a request for the game. */
static gboolean
human_take_turn (NimPlayer *player, const NimBoard *board, NimTurn *turn,
                 GError **error)
{
  NimHumanPlayer *self = (NimHumanPlayer *) player;
  InputResult r;

  if (player->prompt->ask == NULL)
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
  while ((r = read_move (self, board, &turn->move, error)) == INPUT_AGAIN)
    ;
  switch (r)
    {
    case INPUT_MOVE:
      self->n_moved++;
      turn->kind = NIM_TURN_MOVE;
      return TRUE;
    case INPUT_REQUEST:
      turn->kind = self->request;
      return TRUE;
    case INPUT_AGAIN:
    case INPUT_FAILED:
      break;
    }
  return FALSE;
}

/* A person's move where no game answers requests (nim_player_choose_move
   ()): giving up ends the input, as the end of input does; another
   request cannot be answered. */
static gboolean
human_choose_move (NimPlayer *player, const NimBoard *board, NimMove *move,
                   GError **error)
{
  NimTurn turn;

  if (!human_take_turn (player, board, &turn, error))
    return FALSE;
  switch (turn.kind)
    {
    case NIM_TURN_MOVE:
      *move = turn.move;
      return TRUE;
    case NIM_TURN_GIVE_UP:
      g_set_error_literal (error, NIM_ERROR, NIM_ERROR_ABANDONED,
                           C_ ("reason", "quit"));
      if (is_alone ((NimHumanPlayer *) player))
        g_prefix_error (error, _ ("you gave up: "));
      else
        g_prefix_error (error, _ ("player %u gave up: "), player->number);
      return FALSE;
    case NIM_TURN_SHOW_BOARD:
    case NIM_TURN_UNDO:
    case NIM_TURN_NEW_GAME:
      break;
    }
  g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
               _ ("player %u (%s) asked for what only a game answers"),
               player->number, player->klass->name);
  return FALSE;
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
  nim_player_free (self->asked);
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
  .take_turn = human_take_turn,
  .finalize = human_finalize,
};
