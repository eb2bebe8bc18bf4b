/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-cli.c -- the nim command: options, set-up dialogue, output */

#include "config.h"

#include "nim-cli.h"

#include "nim-compare.h"
#include "nim-display.h"
#include "nim-game.h"
#include "nim-record.h"
#include "nim-trace.h"
#include "nim-util.h"

#include <errno.h>
#include <locale.h>
#include <string.h>

/* Heaps when nobody is asked: the example of seed 000. */
#define DEFAULT_HEAPS "3,4,5"
#define DEFAULT_N_HEAPS 3

typedef struct
{
  char *heaps;
  char *max_take;
  char *moves;
  gboolean misere;
  char *player1;
  char *player2;
  char *first;
  char *seed;
  gboolean json;
  gboolean stats;
  gboolean list_players;
  gboolean version;
  /* teaching */
  char *trace_limit;
  char *dot;
  gboolean compare;
  char *nodes;
} Options;

/* --trace[=DEPTH]: its callback, as a main-group option, gets no user
   data, so what it was given lands here. */
static struct
{
  gboolean on;
  char *depth;
} trace_arg;

static gboolean
trace_arg_cb (const char *name, const char *value, gpointer data,
              GError **error)
{
  trace_arg.on = TRUE;
  g_free (trace_arg.depth);
  trace_arg.depth = g_strdup (value);
  return TRUE;
}

static void
options_clear (Options *o)
{
  g_free (o->heaps);
  g_free (o->max_take);
  g_free (o->moves);
  g_free (o->player1);
  g_free (o->player2);
  g_free (o->first);
  g_free (o->seed);
  g_free (o->trace_limit);
  g_free (o->dot);
  g_free (o->nodes);
  g_clear_pointer (&trace_arg.depth, g_free);
  trace_arg.on = FALSE;
}

static void
print_version (void)
{
  printf ("%s\n"
          "Copyright (C) 2026 the nim authors.\n"
          "License GPLv3+: GNU GPL version 3 or later "
          "<https://gnu.org/licenses/gpl.html>.\n"
          "This is free software: you are free to change and redistribute "
          "it.\nThere is NO WARRANTY, to the extent permitted by law.\n",
          PACKAGE_STRING);
}

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
          g_prefix_error (error, "game set-up given up: ");
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

/* Seed 000 asks for each row, seed 004 for the pile and who moves first. */
static gboolean
ask_setup (FILE *in, FILE *out, NimBoard *board, gboolean ask_first,
           guint *first, NimPlayer *const players[2], GError **error)
{
  guint32 heaps[NIM_MAX_HEAPS];
  guint64 n, v, i;
  g_autofree char *prompt = NULL;

  if (!ask_number (in, out, "How many heaps? [3] ", 1, NIM_MAX_HEAPS,
                   DEFAULT_N_HEAPS, "number of heaps", &n, error))
    return FALSE;
  for (i = 0; i < n; i++)
    {
      g_autofree char *p = g_strdup_printf ("Matches in heap %u: ",
                                            (guint) i + 1);

      if (!ask_number (in, out, p, 1, NIM_HEAP_SIZE_MAX, -1, "matches", &v,
                       error))
        return FALSE;
      heaps[i] = (guint32) v;
    }
  nim_board_init (board, heaps, (guint) n);
  if (!ask_first)
    return TRUE;
  prompt = g_strdup_printf ("Who moves first, 1 = player 1 (%s) or 2 = "
                            "player 2 (%s)? [1] ",
                            nim_player_get_spec (players[0]),
                            nim_player_get_spec (players[1]));
  if (!ask_number (in, out, prompt, 1, 2, 1, "first player", &v, error))
    return FALSE;
  *first = (guint) v;
  fprintf (out, "\n");
  return TRUE;
}

static gboolean
parse_rules (const Options *o, NimRules *rules, GError **error)
{
  nim_rules_init_default (rules);
  if (o->max_take != NULL && o->moves != NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   "--max-take and --moves both set the take rule; give "
                   "one of them");
      return FALSE;
    }
  if (o->max_take != NULL && !nim_rules_parse_max_take (rules, o->max_take, error))
    return FALSE;
  if (o->moves != NULL && !nim_rules_parse_moves (rules, o->moves, error))
    return FALSE;
  rules->misere = o->misere;
  return TRUE;
}

static int
fail (GError *error, gboolean usage)
{
  fprintf (stderr, "nim: %s\n", error->message);
  if (usage && (error->domain == G_OPTION_ERROR
                || (error->domain == NIM_ERROR
                    && error->code == NIM_ERROR_USAGE)))
    fprintf (stderr, "Try 'nim --help' for more information.\n");
  return nim_error_to_exit_status (error);
}

/* Checks the teaching options (--trace, --trace-limit, --dot, --compare,
   --nodes) and fills @trace from them; the text trace goes where
   @trace->out already points. */
static gboolean
teach_check (const Options *o, NimTraceOptions *trace, GError **error)
{
  gboolean tracing = trace_arg.on || o->dot != NULL;

  if (o->compare && (tracing || o->player1 != NULL || o->player2 != NULL))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   "--compare runs its own list of players and traces none; "
                   "leave out --player1, --player2, --trace and --dot");
      return FALSE;
    }
  if (o->nodes != NULL && !o->compare)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   "--nodes is the budget of --compare; a player's budget "
                   "is its nodes= option, such as negamax:nodes=1000");
      return FALSE;
    }
  if (o->trace_limit != NULL && !tracing)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   "--trace-limit goes with --trace or --dot");
      return FALSE;
    }
  if (o->dot != NULL && *o->dot == '\0')
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   "--dot: give a file name, such as --dot tree.dot");
      return FALSE;
    }
  /* --dot draws as deep as --trace=DEPTH says, else every ply. */
  if (trace_arg.on)
    {
      if (!nim_trace_parse_depth (trace_arg.depth, &trace->depth, error))
        return FALSE;
    }
  else
    {
      trace->out = NULL;
      trace->depth = NIM_SEARCH_MAX_PLY;
    }
  if (o->trace_limit != NULL)
    {
      guint64 limit;

      if (!nim_parse_uint (o->trace_limit, 1, NIM_TRACE_MAX_LIMIT,
                           "--trace-limit", &limit, error))
        return FALSE;
      trace->limit = limit;
    }
  trace->dot_path = o->dot;
  return TRUE;
}

/* --compare: one position, every algorithm, one table. */
static int
teach_compare (const Options *o, const NimRules *rules, NimBoard *board)
{
  g_autoptr (GError) error = NULL;
  guint64 nodes = NIM_COMPARE_DEFAULT_NODES;

  if (o->nodes != NULL
      && !nim_parse_uint (o->nodes, 0, G_MAXUINT64, "--nodes", &nodes,
                          &error))
    return fail (error, TRUE);
  if (o->heaps == NULL)
    nim_board_parse (board, DEFAULT_HEAPS, NULL);
  if (!nim_compare_run (rules, board, nodes, o->json, stdout, &error))
    return fail (error, TRUE);
  return NIM_EXIT_OK;
}

static int
run (Options *o)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimPlayer) p1 = NULL;
  g_autoptr (NimPlayer) p2 = NULL;
  g_autoptr (NimGame) game = NULL;
  NimPlayer *players[2];
  NimRules rules;
  NimBoard board;
  guint first = 1, i;
  guint64 seed;
  gboolean interactive;
  FILE *talk = o->json ? stderr : stdout;
  NimTraceOptions trace_options = { talk, NIM_TRACE_DEFAULT_DEPTH,
                                    NIM_TRACE_DEFAULT_LIMIT, NULL };
  g_autoptr (NimTrace) trace = NULL;

  if (!parse_rules (o, &rules, &error))
    return fail (error, TRUE);
  if (o->heaps != NULL && !nim_board_parse (&board, o->heaps, &error))
    return fail (error, TRUE);
  if (!teach_check (o, &trace_options, &error))
    return fail (error, TRUE);
  if (o->compare)
    return teach_compare (o, &rules, &board);
  if (o->first != NULL)
    {
      guint64 f;

      if (!nim_parse_uint (o->first, 1, 2, "--first", &f, &error))
        return fail (error, TRUE);
      first = (guint) f;
    }
  if (o->seed != NULL)
    {
      if (!nim_parse_uint (o->seed, 0, G_MAXUINT32, "--seed", &seed, &error))
        return fail (error, TRUE);
    }
  else
    seed = g_random_int ();

  p1 = nim_player_new (o->player1 ? o->player1 : "human", &error);
  if (p1 == NULL)
    return fail (error, TRUE);
  p2 = nim_player_new (o->player2 ? o->player2 : "negamax", &error);
  if (p2 == NULL)
    return fail (error, TRUE);
  players[0] = p1;
  players[1] = p2;
  interactive = nim_player_is_interactive (p1) || nim_player_is_interactive (p2);
  for (i = 0; i < 2; i++)
    {
      nim_player_set_number (players[i], i + 1);
      nim_player_set_io (players[i], stdin, talk);
      nim_player_set_seed (players[i], (guint32) (seed + i));
    }

  if (o->heaps == NULL)
    {
      if (!interactive)
        nim_board_parse (&board, DEFAULT_HEAPS, NULL);
      else if (!ask_setup (stdin, talk, &board, o->first == NULL, &first,
                           players, &error))
        return fail (error, FALSE);
    }

  for (i = 0; i < 2; i++)
    if (!nim_player_start (players[i], &rules, &board, &error))
      return fail (error, FALSE);

  if (trace_arg.on || o->dot != NULL)
    {
      trace = nim_trace_new (&trace_options, &error);
      if (trace == NULL)
        return fail (error, FALSE);
      for (i = 0; i < 2; i++)
        nim_player_set_trace (players[i], trace);
    }

  game = nim_game_new (&rules, &board, p1, p2, first);
  if (!o->json)
    nim_display_attach (game, stdout, o->stats);
  else
    nim_record_attach (game, stdout, (gint64) seed);
  if (!nim_game_play (game, &error))
    return fail (error, FALSE);
  if (trace != NULL && !nim_trace_close (trace, &error))
    return fail (error, FALSE);
  return NIM_EXIT_OK;
}

/**
 * nim_cli_run:
 * @argc: the argument count of main()
 * @argv: the arguments of main()
 *
 * Runs the nim command.
 *
 * Returns: the exit status: 0 a game finished, 1 a failure, 2 a usage
 *   error, 3 a game abandoned
 */
int
nim_cli_run (int argc, char **argv)
{
  Options o = { 0 };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) args = NULL;
  int status;
  const GOptionEntry entries[] = {
    { "heaps", 'H', 0, G_OPTION_ARG_STRING, &o.heaps,
      "Start from these heaps, such as 3,4,5 (asked for when a human plays)",
      "LIST" },
    { "max-take", 'k', 0, G_OPTION_ARG_STRING, &o.max_take,
      "A move takes 1 to K matches (seed 002: 3)", "K" },
    { "moves", 'm', 0, G_OPTION_ARG_STRING, &o.moves,
      "A move takes exactly one of these counts (seed 001: 2,7,15,16)",
      "LIST" },
    { "misere", 0, 0, G_OPTION_ARG_NONE, &o.misere,
      "Whoever takes the last match loses", NULL },
    { "player1", '1', 0, G_OPTION_ARG_STRING, &o.player1,
      "Player 1, NAME[:KEY=VALUE,...] (default human)", "SPEC" },
    { "player2", '2', 0, G_OPTION_ARG_STRING, &o.player2,
      "Player 2 (default negamax)", "SPEC" },
    { "first", 'f', 0, G_OPTION_ARG_STRING, &o.first,
      "Who moves first, 1 or 2 (default 1)", "N" },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &o.seed,
      "Seed for random players, 0 to 4294967295", "N" },
    { "list-players", 0, 0, G_OPTION_ARG_NONE, &o.list_players,
      "List the players, their options and the rules they play", NULL },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &o.json,
      "Print the game as one JSON object", NULL },
    { "stats", 0, 0, G_OPTION_ARG_NONE, &o.stats,
      "Print each search's statistics", NULL },
    { "version", 'V', 0, G_OPTION_ARG_NONE, &o.version,
      "Print version information and exit", NULL },
    /* teaching: see the search at work (nim-trace.c, nim-compare.c) */
    { "trace", 0, G_OPTION_FLAG_OPTIONAL_ARG, G_OPTION_ARG_CALLBACK,
      (gpointer) trace_arg_cb,
      "Print the tree each computer search explores, DEPTH plies node by "
      "node (default 3; note the =)",
      "DEPTH" },
    { "trace-limit", 0, 0, G_OPTION_ARG_STRING, &o.trace_limit,
      "Show at most N nodes a search in --trace and --dot (default 2000)",
      "N" },
    { "dot", 0, 0, G_OPTION_ARG_FILENAME, &o.dot,
      "Write the tree of the first computer move as Graphviz DOT to FILE",
      "FILE" },
    { "compare", 0, 0, G_OPTION_ARG_NONE, &o.compare,
      "Search the --heaps with every algorithm and print one table", NULL },
    { "nodes", 0, 0, G_OPTION_ARG_STRING, &o.nodes,
      "Node budget of each --compare search, 0 for none (default "
      "10000000)",
      "N" },
    { NULL },
  };

  setlocale (LC_ALL, "");
  context = g_option_context_new ("- play Nim against a person or an engine");
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (
      context,
      "Players: human, minimax, negamax, xor, grundy, random; "
      "nim --list-players\nshows their options.\n\n"
      "Examples:\n"
      "  nim --player2 xor                       seed 000: three rows, "
      "nim-sum\n"
      "  nim --moves 2,7,15,16 --player2 grundy  seed 001: a subtraction "
      "game\n"
      "  nim --heaps 13 --max-take 3 --player2 minimax     seed 002\n"
      "  nim --misere --player2 xor              seed 003: misère play\n"
      "  nim --max-take 2 --misere --player2 grundy        seed 004\n"
      "  nim --player1 negamax --player2 xor --heaps 3,4,5 --json\n\n"
      "Exit status: 0 a game finished, 1 a failure, 2 a usage error, "
      "3 a game abandoned.\n\n"
      "Report bugs to: " PACKAGE_BUGREPORT "\n");

  args = g_strdupv (argv);
  if (!g_option_context_parse_strv (context, &args, &error))
    {
      status = fail (error, TRUE);
      options_clear (&o);
      return status;
    }
  if (g_strv_length (args) > 1)
    {
      fprintf (stderr, "nim: unexpected argument '%s'; every setting is an "
                       "option, such as --heaps %s\n"
                       "Try 'nim --help' for more information.\n",
               args[1], args[1]);
      options_clear (&o);
      return NIM_EXIT_USAGE;
    }
  if (o.version)
    status = (print_version (), NIM_EXIT_OK);
  else if (o.list_players)
    status = (nim_player_print_list (stdout), NIM_EXIT_OK);
  else
    status = run (&o);
  options_clear (&o);

  /* A full disk or a closed pipe must not pass for success (GNU
     standards: check for errors when closing standard output). */
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      fprintf (stderr, "nim: write error on standard output: %s\n",
               g_strerror (errno));
      if (status == NIM_EXIT_OK)
        status = NIM_EXIT_FAILURE;
    }
  return status;
}
