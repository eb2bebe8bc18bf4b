/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-game.c -- one game, the default mode of nim: the set-up
   dialogue, the players, the display or the JSON record, the trace
 *
 * The dialogue is the course's: three rows of matches (how many heaps,
 * each size, who moves first), or, when a player can play no more than
 * one heap under the rules (grundy under misère play), the one-pile
 * game's (how many stones, and who moves first, 0 = the computer or 1 =
 * you).  A player that cannot play the rules at all is refused before
 * anything is asked. */

#include "config.h"

#include "nim-defaults.h"
#include "nim-display.h"
#include "nim-error.h"
#include "nim-exit.h"
#include "nim-game.h"
#include "nim-i18n.h"
#include "nim-interrupt.h"
#include "nim-mode.h"
#include "nim-parse.h"
#include "nim-prompt.h"
#include "nim-record.h"
#include "nim-shared.h"
#include "nim-strings.h"

#include <stdio.h>
#include <unistd.h>

/* Heaps asked for when an empty line answers "How many heaps?". */
#define DEFAULT_N_HEAPS 3

/* What the options say of the game before the players are made. */
typedef struct
{
  NimBoard board;    /* --heaps, the default rows or what was asked */
  guint first;       /* 1 or 2 */
  guint64 seed;      /* of player 1; player 2 has the next */
  gboolean one_pile; /* the one-pile game: one heap, and no more possible */
} GameSetup;

/* One question of the set-up dialogue. */
typedef struct
{
  const char *prompt;
  const char *help; /* what `help` (or an empty line without a fallback)
                       says: a sentence ending in a newline */
  /* (nullable): says what is wrong with every answer out of range, in
     the question's own words, @shown being the answer as typed */
  void (*wrong) (FILE *out, const char *shown);
  guint64 min, max;
  gint64 fallback; /* the answer an empty line gives, or -1 */
} Question;

/* Says what is wrong with @line, an answer to @q, as a sentence. */
static void
tell_wrong (FILE *out, const Question *q, const char *line, NimNumberKind kind,
            guint64 v)
{
  g_autofree char *shown = nim_text_escape (line, 40);

  if (q->wrong != NULL)
    q->wrong (out, shown);
  else if (kind == NIM_NUMBER_NOT_A_NUMBER)
    fprintf (out,
             /* TRANSLATORS: help and q are typed and stay English. */
             _ ("'%s' is not a whole number; type one from %llu to %llu "
                "(help explains, q quits).\n"),
             shown, (unsigned long long) q->min, (unsigned long long) q->max);
  else if (kind == NIM_NUMBER_NEGATIVE || v < q->min)
    fprintf (out, _ ("%s is too small; the smallest accepted is %llu.\n"),
             shown, (unsigned long long) q->min);
  else
    fprintf (out, _ ("%s is too large; the largest accepted is %llu.\n"),
             shown, (unsigned long long) q->max);
}

/* Asks @q until it is answered with a number in its range.  `help` (and
   an empty line, unless it takes the fallback) explains the question;
   `q`, `quit`, `exit` and the end of input give up. */
static gboolean
ask_number (FILE *in, FILE *out, const Question *q, guint64 *value,
            GError **error)
{
  for (;;)
    {
      g_autofree char *line = nim_prompt (in, out, q->prompt, error);
      NimNumberKind kind;
      guint64 v = 0;

      if (line == NULL)
        {
          g_prefix_error (error, _ ("game set-up given up: "));
          return FALSE;
        }
      if (*line == '\0' && q->fallback >= 0)
        {
          *value = (guint64) q->fallback;
          return TRUE;
        }
      if (*line == '\0' || nim_prompt_is_help (line))
        {
          fputs (q->help, out);
          /* TRANSLATORS: after the help of a question of the set-up; q
             and quit are typed and stay English. */
          fputs (_ ("Type q (or quit) to leave.\n"), out);
          continue;
        }
      kind = nim_scan_uint (line, &v);
      if (kind == NIM_NUMBER_OK && v >= q->min && v <= q->max)
        {
          *value = v;
          return TRUE;
        }
      tell_wrong (out, q, line, kind, v);
    }
}

/* The heaps, asked for one by one when a person plays without --heaps:
   three rows of matches against the computer (@versus), else as many
   heaps as the first answer says, three by default. */
static gboolean
ask_heaps (FILE *in, FILE *out, gboolean versus, NimBoard *board,
           GError **error)
{
  guint32 heaps[NIM_MAX_HEAPS];
  guint64 n = DEFAULT_N_HEAPS, v, i;
  g_autofree char *n_help = g_strdup_printf (
      _ ("Type how many heaps the game has, from 1 to %u; an empty line "
         "takes %u.\n"),
      (guint) NIM_MAX_HEAPS, (guint) DEFAULT_N_HEAPS);
  /* TRANSLATORS: [3] is the answer taken when nothing is typed. */
  Question count = {
    _ ("How many heaps? [3] "), n_help, NULL, 1, NIM_MAX_HEAPS, DEFAULT_N_HEAPS
  };

  /* Against the computer, the course's three rows, as its transcript
     asks for them; --heaps gives any other start. */
  if (!versus && !ask_number (in, out, &count, &n, error))
    return FALSE;
  for (i = 0; i < n; i++)
    {
      g_autofree char *p
          = g_strdup_printf (_ ("Matches in heap %u: "), (guint) i + 1);
      g_autofree char *help = g_strdup_printf (
          _ ("Type how many matches heap %u starts with, a whole number "
             "from 1 to %u.\n"),
          (guint) i + 1, (guint) NIM_HEAP_SIZE_MAX);
      Question size = { p, help, NULL, 1, NIM_HEAP_SIZE_MAX, -1 };

      if (!ask_number (in, out, &size, &v, error))
        return FALSE;
      heaps[i] = (guint32) v;
    }
  nim_board_init (board, heaps, (guint) n);
  return TRUE;
}

/* The one pile, as the course's one-pile game asks for it: "the number
   of stones to start with", greater than zero. */
static gboolean
ask_pile (FILE *in, FILE *out, NimBoard *board, GError **error)
{
  g_autofree char *help = g_strdup_printf (
      _ ("Type how many stones the pile starts with, a whole number from 1 "
         "to %u.\n"),
      (guint) NIM_HEAP_SIZE_MAX);
  /* TRANSLATORS: the first question of the one-pile game; the answer is
     typed after it. */
  Question q = { _ ("Number of stones to start with: "),
                 help,
                 NULL,
                 1,
                 NIM_HEAP_SIZE_MAX,
                 -1 };
  guint64 n;
  guint32 stones;

  if (!ask_number (in, out, &q, &n, error))
    return FALSE;
  stones = (guint32) n;
  nim_board_init (board, &stones, 1);
  return TRUE;
}

/* An answer to "who moves first" of the one-pile game that is neither
   of its two. */
static void
wrong_first_pile (FILE *out, const char *shown)
{
  fprintf (out,
           _ ("'%s' is neither 0 nor 1; type 0 if the computer moves first, "
              "or 1 if you do.\n"),
           shown);
}

/* Who moves first in the one-pile game, with its own answers: 0 for the
   computer, 1 for the person (@players has one of each). */
static gboolean
ask_first_pile (FILE *in, FILE *out, NimPlayer *const players[2], guint *first,
                GError **error)
{
  guint you = nim_player_is_interactive (players[0]) ? 1 : 2;
  g_autofree char *prompt = NULL;
  Question q = { NULL,
                 _ ("Type 0 if the computer moves first, or 1 if you "
                    "do.\n"),
                 wrong_first_pile,
                 0,
                 1,
                 -1 };
  guint64 v;

  /* TRANSLATORS: %s is the computer player's spec, such as grundy; 0 and
     1 are the answers typed. */
  prompt = g_strdup_printf (_ ("Who moves first, 0 = the computer (%s) or 1 "
                               "= you? "),
                            nim_player_get_spec (players[2 - you]));
  q.prompt = prompt;
  if (!ask_number (in, out, &q, &v, error))
    return FALSE;
  *first = v == 1 ? you : 3 - you;
  fprintf (out, "\n");
  return TRUE;
}

/* Who moves first, asked for when --first was not given. */
static gboolean
ask_first (FILE *in, FILE *out, NimPlayer *const players[2], guint *first,
           GError **error)
{
  g_autofree char *prompt = NULL;
  g_autofree char *help = NULL;
  Question q = { NULL, NULL, NULL, 1, 2, 1 };
  guint64 v;

  /* TRANSLATORS: the %s are the players' specs, such as human and
     negamax; [1] is the answer taken when nothing is typed. */
  prompt = g_strdup_printf (_ ("Who moves first, 1 = player 1 (%s) or 2 = "
                               "player 2 (%s)? [1] "),
                            nim_player_get_spec (players[0]),
                            nim_player_get_spec (players[1]));
  /* TRANSLATORS: the %s are the players' specs, as in the question. */
  help = g_strdup_printf (_ ("Type 1 if player 1 (%s) moves first, or 2 if "
                             "player 2 (%s) does; an empty line takes 1.\n"),
                          nim_player_get_spec (players[0]),
                          nim_player_get_spec (players[1]));
  q.prompt = prompt;
  q.help = help;
  if (!ask_number (in, out, &q, &v, error))
    return FALSE;
  *first = (guint) v;
  fprintf (out, "\n");
  return TRUE;
}

/* What the options say of the game before the players are made. */
static void
setup_init (const NimShared *shared, GameSetup *setup)
{
  setup->board = shared->board;
  setup->first = shared->first_mover;
  setup->seed = shared->seed_value;
  setup->one_pile = FALSE;
}

/* Player @number (1 or 2) of the game, from @spec, asking its moves
   through @prompt when it is a person. */
static NimPlayer *
game_player_new (const NimShared *shared, const char *spec, guint number,
                 const GameSetup *setup, const NimPrompt *prompt,
                 GError **error)
{
  NimPlayer *player = nim_shared_player_new (spec, error);

  if (player == NULL)
    return NULL;
  nim_player_set_number (player, number);
  nim_player_set_prompt (player, prompt);
  nim_player_set_seed (player, (guint32) (setup->seed + number - 1));
  nim_player_set_explain (player, shared->explain);
  return player;
}

/* Whether a person plays the game. */
static gboolean
has_person (NimPlayer *const players[2])
{
  return nim_player_is_interactive (players[0])
         || nim_player_is_interactive (players[1]);
}

/* Whether a person is asked for the heaps: without --heaps, when one
   plays. */
static gboolean
asks_heaps (const NimShared *shared, NimPlayer *const players[2])
{
  return shared->heaps == NULL && has_person (players);
}

/* A start like the ones a person would set up, with @n_heaps heaps of
   3, 4 and 5 matches (the default rows) when a move may take 1, larger
   when the least move takes more, so that every heap can be played:
   what a player is checked on before the dialogue. */
static void
representative_start (const NimRules *rules, guint n_heaps, NimBoard *board)
{
  guint32 heaps[3];
  guint i;

  g_assert (n_heaps >= 1 && n_heaps <= G_N_ELEMENTS (heaps));
  for (i = 0; i < n_heaps; i++)
    heaps[i] = (guint32) MIN ((guint64) nim_rules_min_take (rules) + 2 + i,
                              NIM_HEAP_SIZE_MAX);
  nim_board_init (board, heaps, n_heaps);
}

/* Whether @player plays @rules on one heap but not on three: grundy
   under misère play knows a single heap only. */
static gboolean
plays_one_heap_only (const NimPlayer *player, const NimRules *rules)
{
  NimBoard one, three;

  representative_start (rules, 1, &one);
  representative_start (rules, 3, &three);
  return !nim_player_supports (player->klass, rules, &three, NULL)
         && nim_player_supports (player->klass, rules, &one, NULL);
}

/* A player refused the rules: when they are the default rule of a
   `make MOVES=...` build (no rule was given), @error says so, and how to
   play take-any again, which the course's other games need. */
static void
tell_built_rules (const NimShared *shared, GError **error)
{
  g_autofree char *counts = NULL;
  g_autofree char *note = NULL;
  char *message;

  if (nim_default_n_moves == 0 || shared->moves != NULL
      || shared->max_take != NULL || shared->rules_code != NULL
      || error == NULL || *error == NULL)
    return;
  counts = nim_rules_describe_counts (&shared->rules, NIM_HEAP_SIZE_MAX);
  /* TRANSLATORS: a line after the refusal of a player; %s is "2, 7, 15
     or 16".  make, MOVES and --moves any are typed and stay English. */
  note = g_strdup_printf (_ ("this nim was built with make MOVES=..., which "
                             "made taking %s its default rule; a plain make "
                             "builds it with take-any again, and --moves any "
                             "plays take-any with this build"),
                          counts);
  message = g_strdup_printf ("%s\nnim: %s", (*error)->message, note);
  g_free ((*error)->message);
  (*error)->message = message;
}

/* Before anything is asked: the start (--heaps, the default rows when
   only computers play, else one like those a person will be asked for,
   of one heap when a player plays no more), every player checked on it,
   and whether the game is the one-pile game. */
static gboolean
check_players (const NimShared *shared, const NimRules *rules,
               NimPlayer *const players[2], GameSetup *setup, GError **error)
{
  gboolean one_heap_only = plays_one_heap_only (players[0], rules)
                           || plays_one_heap_only (players[1], rules);
  NimBoard start;
  guint i;

  if (!asks_heaps (shared, players))
    start = setup->board;
  else
    representative_start (rules, one_heap_only ? 1 : 3, &start);
  for (i = 0; i < 2; i++)
    if (!nim_player_can_play (players[i], rules, &start, error))
      {
        tell_built_rules (shared, error);
        return FALSE;
      }
  setup->one_pile = one_heap_only && start.n_heaps == 1;
  return TRUE;
}

/* Whether the game is one person against the computer. */
static gboolean
is_versus (NimPlayer *const players[2])
{
  return nim_player_is_interactive (players[0])
         != nim_player_is_interactive (players[1]);
}

/* What a person reads before the first question: the title and the
   rules (against the computer, as the course's three-row game begins,
   with the computer named; else the rules in a line), and how to get
   help and leave, which works at every question. */
static void
introduce (const NimRules *rules, FILE *talk, NimPlayer *const players[2],
           const GameSetup *setup)
{
  if (is_versus (players) && !setup->one_pile)
    nim_display_title (
        talk, rules,
        nim_player_get_spec (
            players[nim_player_is_interactive (players[0]) ? 1 : 0]));
  else
    nim_display_rules (talk, rules, setup->one_pile);
  /* TRANSLATORS: the line that follows the rules at the start of a game
     a person plays; help and q are typed and stay English. */
  fputs (_ ("Type help at any question for help, or q to quit.\n"), talk);
}

/* Without --heaps a person is asked for them, or for the one pile, and,
   without --first, for who moves first, after the introduction (with
   --json too: the person sees the game on standard error).  Against the
   computer player 1 moves first unless --first says otherwise, as the
   transcript's person does. */
static gboolean
ask_setup (const NimShared *shared, const NimRules *rules, FILE *talk,
           NimPlayer *const players[2], GameSetup *setup, GError **error)
{
  gboolean versus = is_versus (players);

  if (has_person (players))
    introduce (rules, talk, players, setup);
  if (!asks_heaps (shared, players))
    return TRUE;
  /* The one-pile game's own question when it has a person and a
     computer, as it always does: a person plays every rule. */
  if (setup->one_pile && versus)
    return ask_pile (stdin, talk, &setup->board, error)
           && (shared->first != NULL
               || ask_first_pile (stdin, talk, players, &setup->first, error));
  if (!ask_heaps (stdin, talk, versus, &setup->board, error))
    return FALSE;
  return versus || shared->first != NULL
         || ask_first (stdin, talk, players, &setup->first, error);
}

/* --trace, --dot and --explore: one observer for both players'
   searches; the text trace goes where the game talks. */
static NimTrace *
trace_attach (const NimTraceOptions *options, NimPlayer *const players[2],
              GError **error)
{
  NimTrace *trace;
  guint i;

  trace = nim_trace_new (options, error);
  if (trace == NULL)
    return NULL;
  for (i = 0; i < 2; i++)
    nim_player_set_trace (players[i], nim_trace_observer (trace));
  return trace;
}

/* A game's record, with the seed of its players. */
typedef struct
{
  const NimGame *game;
  guint32 seed;
} Record;

static void
record_json (gconstpointer data, FILE *out)
{
  const Record *r = data;

  nim_record_print (nim_record_game (r->game, r->seed), out);
}

/* A person saw the game as it was played (nim-display.c): the text has
   been written. */
static const NimWriter record_writer = { NULL, record_json };

/* One game from @setup, after its questions, shown or recorded, on the
   clock of --tc when there is one; @stop says whether a person stopped
   it (and @stopper who). */
static gboolean
play_one (const NimShared *shared, const NimRules *rules, FILE *talk,
          NimPlayer *const players[2], NimPrompt *prompt, GameSetup setup,
          NimGameStop *stop, guint *stopper, GError **error)
{
  g_autoptr (NimGame) game = NULL;
  NimDisplayFlags flags = shared->stats ? NIM_DISPLAY_STATS : 0;
  Record record;
  gboolean played;
  guint i;

  if (!ask_setup (shared, rules, talk, players, &setup, error))
    return FALSE;
  setup.one_pile = setup.one_pile && setup.board.n_heaps == 1;
  prompt->one_pile = setup.one_pile;
  for (i = 0; i < 2; i++)
    if (!nim_player_start (players[i], rules, &setup.board, error))
      return FALSE;
  game = nim_game_new (rules, &setup.board, players[0], players[1],
                       setup.first);
  if (shared->timed)
    nim_game_set_clock (game, shared->tc_seconds, shared->tc_increment);
  if (setup.one_pile)
    flags |= NIM_DISPLAY_ONE_PILE;
  if (has_person (players))
    flags |= NIM_DISPLAY_INTRODUCED;
  /* Only a terminal hears that a computer thinks: a transcript (piped
     output) stays as it is, and a trace shows the search itself. */
  if (isatty (fileno (talk)) && !nim_shared_tracing (shared))
    flags |= NIM_DISPLAY_THINKING;
  if (is_versus (players))
    flags |= NIM_DISPLAY_VERSUS;
  /* A person sees the game, with --json too (beside the prompts, on
     standard error), while the record goes to standard output. */
  if (nim_output_live (&shared->output) != NULL || has_person (players))
    nim_display_attach (game, talk, flags);
  played = nim_game_play (game, error);
  record.game = game;
  record.seed = setup.seed;
  nim_output_write (&shared->output, &record_writer, &record);
  *stop = nim_game_get_stop (game);
  *stopper = nim_game_get_to_move (game);
  return played;
}

/* Player @number gave up: the status of a game abandoned, and why. */
static int
given_up (const NimPrompt *prompt, guint number)
{
  g_autoptr (GError) error = g_error_new_literal (
      NIM_ERROR, NIM_ERROR_ABANDONED, C_ ("reason", "quit"));

  /* Against the computer the person is "you", as everywhere. */
  if (prompt->person != 0)
    g_prefix_error (&error, _ ("you gave up: "));
  else
    g_prefix_error (&error, _ ("player %u gave up: "), number);
  return nim_exit_fail (error, FALSE);
}

/* One game, the default mode: the players of --player1 and --player2 on
   the --heaps (asked for when a person plays and none were given), shown
   move by move, or recorded as JSON with --json. */
static int
game_run (gpointer config, NimShared *shared)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimPlayer) p1 = NULL;
  g_autoptr (NimPlayer) p2 = NULL;
  g_autoptr (NimTrace) trace = NULL;
  const NimRules *rules = &shared->rules;
  NimPlayer *players[2];
  GameSetup setup;
  FILE *talk = shared->output.talk;
  /* A person types at standard input and reads the prompts where the
     game talks: standard output, or stderr when that carries the JSON. */
  NimPromptStreams terminal = { stdin, talk };
  NimPrompt prompt = { nim_prompt_ask, &terminal, FALSE, 0, NULL, FALSE };
  NimGameStop stop = NIM_GAME_STOP_NONE;
  guint stopper = 0;
  int status = NIM_EXIT_OK;

  setup_init (shared, &setup);
  p1 = game_player_new (shared, shared->player1 ? shared->player1 : "human", 1,
                        &setup, &prompt, &error);
  if (p1 == NULL)
    return nim_exit_fail (error, TRUE);
  p2 = game_player_new (shared,
                        shared->player2 ? shared->player2
                                        : nim_player_class_strongest ()->name,
                        2, &setup, &prompt, &error);
  if (p2 == NULL)
    return nim_exit_fail (error, TRUE);
  players[0] = p1;
  players[1] = p2;
  if (!check_players (shared, rules, players, &setup, &error))
    return nim_exit_fail (error, FALSE);
  /* One person against the computer: the person is "you" and the other
     "the computer", in the explanations too. */
  if (is_versus (players))
    {
      prompt.person = nim_player_is_interactive (players[0]) ? 1 : 2;
      prompt.opponent = nim_player_get_spec (players[2 - prompt.person]);
    }
  if (nim_shared_tracing (shared))
    {
      trace = trace_attach (&shared->trace_options, players, &error);
      if (trace == NULL)
        return nim_exit_fail (error, FALSE);
    }
  /* A game winds down on a first Ctrl-C. */
  nim_interrupt_catch ();
  /* `new` at the prompt plays again with the same options, as the
     course's programs loop: the heaps asked for are asked again. */
  for (;;)
    {
      if (!play_one (shared, rules, talk, players, &prompt, setup, &stop,
                     &stopper, &error))
        status = nim_exit_fail (error, FALSE);
      else if (stop == NIM_GAME_STOP_GIVE_UP)
        status = given_up (&prompt, stopper);
      else if (stop == NIM_GAME_STOP_NEW_GAME)
        {
          fputc ('\n', talk);
          continue;
        }
      break;
    }
  nim_interrupt_release ();
  if (status == NIM_EXIT_OK && trace != NULL
      && !nim_trace_close (trace, &error))
    return nim_exit_fail (error, FALSE);
  return status;
}

/* One game has no option of its own: it is what nim does without one. */
static const NimOption no_options[] = { { { NULL } } };

/**
 * nim_mode_game:
 *
 * One game, what nim does when no other mode is asked for.
 */
const NimMode nim_mode_game = {
  /* TRANSLATORS: in "one game cannot be combined with --jobs". */
  .name = N_ ("one game"),
  .options = { NIM_HELP_PLAYERS, FALSE, no_options },
  .shared = NIM_SHARED_HEAPS | NIM_SHARED_TAKE | NIM_SHARED_PLAYER1
            | NIM_SHARED_PLAYER2 | NIM_SHARED_FIRST | NIM_SHARED_SEED
            | NIM_SHARED_JSON | NIM_SHARED_STATS | NIM_SHARED_EXPLAIN
            | NIM_SHARED_TRACE | NIM_SHARED_EXPLORE | NIM_SHARED_CLOCK
            | NIM_SHARED_ENGINES | NIM_SHARED_ENGINE_PLAY,
  .run = game_run,
};
