/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-cli-game.c -- one game, the default mode of nim: the set-up
   dialogue, the players, the display or the JSON record, the trace */

#include "config.h"

#include "nim-cli-private.h"

#include "nim-display.h"
#include "nim-game.h"
#include "nim-i18n.h"
#include "nim-prompt.h"
#include "nim-record.h"
#include "nim-util.h"

#include <stdio.h>

/* Heaps asked for when an empty line answers "How many heaps?". */
#define DEFAULT_N_HEAPS 3

/* What the options say of the game before the players are made. */
typedef struct
{
  NimBoard board;  /* set only when --heaps was given */
  guint first;     /* 1 or 2 */
  guint64 seed;    /* of player 1; player 2 has the next */
} GameSetup;

/* Asks for a number until one is accepted.  An empty answer takes
   @fallback when it is not -1; `quit` and end of input give up. */
static gboolean
ask_number (FILE *in, FILE *out, const char *prompt, guint64 min, guint64 max,
            gint64 fallback, const char *what, guint64 *value, GError **error)
{
  for (;;)
    {
      g_autofree char *line = nim_prompt (in, out, prompt, error);
      g_autoptr (GError) local = NULL;

      if (line == NULL)
        {
          g_prefix_error (error, _("game set-up given up: "));
          return FALSE;
        }
      if (*line == '\0' && fallback >= 0)
        {
          *value = (guint64) fallback;
          return TRUE;
        }
      if (nim_parse_uint (line, min, max, what, value, &local))
        return TRUE;
      fprintf (out, "%s.\n", local->message);
    }
}

/* The heaps, asked for one by one when a person plays without --heaps:
   three rows of matches by default, or a single pile when one heap is
   asked for. */
static gboolean
ask_heaps (FILE *in, FILE *out, NimBoard *board, GError **error)
{
  guint32 heaps[NIM_MAX_HEAPS];
  guint64 n, v, i;

  /* TRANSLATORS: [3] is the answer taken when nothing is typed. */
  if (!ask_number (in, out, _("How many heaps? [3] "), 1, NIM_MAX_HEAPS,
                   DEFAULT_N_HEAPS, _("number of heaps"), &n, error))
    return FALSE;
  for (i = 0; i < n; i++)
    {
      g_autofree char *p = g_strdup_printf (_("Matches in heap %u: "),
                                            (guint) i + 1);

      /* TRANSLATORS: what is asked for, in "matches: 'x' is not a whole
         number". */
      if (!ask_number (in, out, p, 1, NIM_HEAP_SIZE_MAX, -1, _("matches"),
                       &v, error))
        return FALSE;
      heaps[i] = (guint32) v;
    }
  nim_board_init (board, heaps, (guint) n);
  return TRUE;
}

/* Who moves first, asked for when --first was not given. */
static gboolean
ask_first (FILE *in, FILE *out, NimPlayer *const players[2], guint *first,
           GError **error)
{
  g_autofree char *prompt = NULL;
  guint64 v;

  /* TRANSLATORS: the %s are the players' specs, such as human and
     negamax; [1] is the answer taken when nothing is typed. */
  prompt = g_strdup_printf (_("Who moves first, 1 = player 1 (%s) or 2 = "
                              "player 2 (%s)? [1] "),
                            nim_player_get_spec (players[0]),
                            nim_player_get_spec (players[1]));
  if (!ask_number (in, out, prompt, 1, 2, 1, _("first player"), &v, error))
    return FALSE;
  *first = (guint) v;
  fprintf (out, "\n");
  return TRUE;
}

/* The options of one game that need no player: --heaps, --first and
   --seed, after refusing those that only a comparison run takes. */
static gboolean
parse_setup (const NimCliOptions *o, GameSetup *setup, GError **error)
{
  const char *const conflicts[] = { _("--jobs (it needs --games)"),
                                    _("--random-heaps (it needs --games)"),
                                    _("--results (it needs --games)"), NULL };
  const gboolean set[] = { o->jobs != NULL, o->random_heaps != NULL,
                           o->results != NULL };

  /* TRANSLATORS: in "one game cannot be combined with --jobs". */
  if (!nim_cli_check_conflicts (_("one game"), conflicts, set, error))
    return FALSE;
  if (o->heaps != NULL
      && !nim_board_parse (&setup->board, o->heaps, "--heaps", error))
    return FALSE;
  setup->first = 1;
  if (o->first != NULL)
    {
      guint64 f;

      if (!nim_parse_uint (o->first, 1, 2, "--first", &f, error))
        return FALSE;
      setup->first = (guint) f;
    }
  return nim_cli_parse_seed (o, &setup->seed, error);
}

/* Player @number (1 or 2) of the game, from @spec, asking its moves at
   @terminal when it is a person. */
static NimPlayer *
game_player_new (const NimCliOptions *o, const char *spec, guint number,
                 const GameSetup *setup, NimPromptStreams *terminal,
                 GError **error)
{
  NimPlayer *player = nim_cli_player_new (spec, error);

  if (player == NULL)
    return NULL;
  nim_player_set_number (player, number);
  nim_player_set_prompt (player, nim_prompt_ask, terminal);
  nim_player_set_seed (player, (guint32) (setup->seed + number - 1));
  nim_player_set_explain (player, o->explain);
  return player;
}

/* Without --heaps, computers play from the default heaps, and a person
   is asked for them and, without --first, for who moves first. */
static gboolean
ask_setup (const NimCliOptions *o, FILE *talk, NimPlayer *const players[2],
           GameSetup *setup, GError **error)
{
  if (o->heaps != NULL)
    return TRUE;
  if (!nim_player_is_interactive (players[0])
      && !nim_player_is_interactive (players[1]))
    return nim_cli_parse_heaps (o, &setup->board, error);
  if (!ask_heaps (stdin, talk, &setup->board, error))
    return FALSE;
  return o->first != NULL
         || ask_first (stdin, talk, players, &setup->first, error);
}

/* --trace and --dot: one observer for both players' searches; the text
   trace goes where the game talks. */
static NimTrace *
trace_attach (const NimTraceOptions *trace_options, FILE *talk,
              NimPlayer *const players[2], GError **error)
{
  NimTraceOptions options = *trace_options;
  NimTrace *trace;
  guint i;

  if (options.out != NULL)
    options.out = talk;
  trace = nim_trace_new (&options, error);
  if (trace == NULL)
    return NULL;
  for (i = 0; i < 2; i++)
    nim_player_set_trace (players[i], nim_trace_observer (trace));
  return trace;
}

/* One game, the default mode: the players of --player1 and --player2 on
   the --heaps (asked for when a person plays and none were given), shown
   move by move, or recorded as JSON with --json.  @trace_options are
   used only when --trace or --dot was given. */
int
nim_cli_run_game (const NimCliOptions *o, const NimRules *rules,
                  const NimTraceOptions *trace_options)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimPlayer) p1 = NULL;
  g_autoptr (NimPlayer) p2 = NULL;
  g_autoptr (NimGame) game = NULL;
  g_autoptr (NimTrace) trace = NULL;
  NimPlayer *players[2];
  GameSetup setup;
  guint i;
  FILE *talk = o->json ? stderr : stdout;
  /* A person types at standard input and reads the prompts on standard
     output, or on stderr when standard output carries the JSON. */
  NimPromptStreams terminal = { stdin, talk };

  if (!parse_setup (o, &setup, &error))
    return nim_cli_fail (error, TRUE);
  p1 = game_player_new (o, o->player1 ? o->player1 : "human", 1, &setup,
                        &terminal, &error);
  if (p1 == NULL)
    return nim_cli_fail (error, TRUE);
  p2 = game_player_new (o, o->player2 ? o->player2
                                      : nim_player_class_strongest ()->name,
                        2, &setup, &terminal, &error);
  if (p2 == NULL)
    return nim_cli_fail (error, TRUE);
  players[0] = p1;
  players[1] = p2;
  if (!ask_setup (o, talk, players, &setup, &error))
    return nim_cli_fail (error, FALSE);
  for (i = 0; i < 2; i++)
    if (!nim_player_start (players[i], rules, &setup.board, &error))
      return nim_cli_fail (error, FALSE);
  if (o->trace || o->dot != NULL)
    {
      trace = trace_attach (trace_options, talk, players, &error);
      if (trace == NULL)
        return nim_cli_fail (error, FALSE);
    }
  game = nim_game_new (rules, &setup.board, p1, p2, setup.first);
  if (!o->json)
    nim_display_attach (game, stdout, o->stats);
  else
    nim_record_attach (game, stdout, (gint64) setup.seed);
  if (!nim_game_play (game, &error))
    return nim_cli_fail (error, FALSE);
  if (trace != NULL && !nim_trace_close (trace, &error))
    return nim_cli_fail (error, FALSE);
  return NIM_EXIT_OK;
}
