/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-cli.c -- the nim command: options, set-up dialogue, output */

#include "config.h"

#include "nim-cli.h"

#include "nim-analysis.h"
#include "nim-analysis-report.h"
#include "nim-compare.h"
#include "nim-compare-report.h"
#include "nim-display.h"
#include "nim-game.h"
#include "nim-i18n.h"
#include "nim-match.h"
#include "nim-match-report.h"
#include "nim-prompt.h"
#include "nim-record.h"
#include "nim-trace.h"
#include "nim-util.h"

#include <stdio.h>
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
  gboolean explain;
  gboolean list_players;
  gboolean version;
  gboolean help;
  gboolean solve;
  char *grundy_sequence;
  char *games;
  char *jobs;
  char *random_heaps;
  char *results;
  /* teaching */
  char *trace_limit;
  char *dot;
  gboolean compare;
  char *nodes;
} Options;

/* --trace[=DEPTH]: an option callback gets no pointer into Options, so
   what it was given lands here. */
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
  g_free (o->grundy_sequence);
  g_free (o->games);
  g_free (o->jobs);
  g_free (o->random_heaps);
  g_free (o->results);
  g_free (o->trace_limit);
  g_free (o->dot);
  g_free (o->nodes);
  g_clear_pointer (&trace_arg.depth, g_free);
  trace_arg.on = FALSE;
}

static void
print_version (void)
{
  printf ("%s\n", PACKAGE_STRING);
  fputs (_("Copyright (C) 2026 the nim authors.\n"
           "License GPLv3+: GNU GPL version 3 or later "
           "<https://gnu.org/licenses/gpl.html>.\n"
           "This is free software: you are free to change and redistribute "
           "it.\nThere is NO WARRANTY, to the extent permitted by law.\n"
           "\nWritten by the nim maintainers; see the AUTHORS file.\n"),
         stdout);
}

/* --list-players: every player, its options and the rules it plays. */
static void
print_players (FILE *out)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  guint i;

  for (i = 0; classes[i] != NULL; i++)
    {
      const NimPlayerClass *k = classes[i];
      const NimPlayerOption *o;

      fprintf (out, "%-8s %s\n", k->name, _(k->summary));
      /* TRANSLATORS: under each player of --list-players, the rules it
         plays; keep the indentation. */
      fprintf (out, _("         rules: %s\n"), _(k->rules_help));
      for (o = k->options; o != NULL && o->key != NULL; o++)
        {
          g_autofree char *label = NULL;

          switch (o->type)
            {
            case NIM_OPTION_UINT: label = g_strdup_printf ("%s=N", o->key); break;
            case NIM_OPTION_BOOL: label = g_strdup_printf ("%s=on|off", o->key); break;
            case NIM_OPTION_SIZE: label = g_strdup_printf ("%s=SIZE|off", o->key); break;
            case NIM_OPTION_SECONDS: label = g_strdup_printf ("%s=SECONDS", o->key); break;
            case NIM_OPTION_CHOICE:
              {
                g_autofree char *c = g_strjoinv ("|", (char **) o->choices);
                label = g_strdup_printf ("%s=%s", o->key, c);
              }
              break;
            }
          fprintf (out, "         %-18s %s\n", label, _(o->help));
        }
    }
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

/* Seed 000 asks for each row, seed 004 for the pile and who moves first. */
static gboolean
ask_setup (FILE *in, FILE *out, NimBoard *board, gboolean ask_first,
           guint *first, NimPlayer *const players[2], GError **error)
{
  guint32 heaps[NIM_MAX_HEAPS];
  guint64 n, v, i;
  g_autofree char *prompt = NULL;

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
  if (!ask_first)
    return TRUE;
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

static gboolean
parse_rules (const Options *o, NimRules *rules, GError **error)
{
  nim_rules_init_default (rules);
  if (o->max_take != NULL && o->moves != NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _("--max-take and --moves both set the take rule; give "
                     "one of them"));
      return FALSE;
    }
  if (o->max_take != NULL && !nim_rules_parse_max_take (rules, o->max_take, "--max-take", error))
    return FALSE;
  if (o->moves != NULL && !nim_rules_parse_moves (rules, o->moves, "--moves", error))
    return FALSE;
  rules->misere = o->misere;
  return TRUE;
}

static int
fail (GError *error, gboolean usage)
{
  /* GOption converts arguments to UTF-8 from the locale's character set
     and fails with a bare "invalid byte sequence" on those it cannot. */
  if (error->domain == G_CONVERT_ERROR)
    fprintf (stderr, _("nim: an argument is not text in this locale's "
                       "character set (%s); numbers are written with the "
                       "digits 0-9, such as --heaps 3,4,5\n"),
             error->message);
  else
    fprintf (stderr, "nim: %s\n", error->message);
  if (usage && (error->domain == G_OPTION_ERROR
                || error->domain == G_CONVERT_ERROR
                || (error->domain == NIM_ERROR
                    && error->code == NIM_ERROR_USAGE)))
    fputs (_("Try 'nim --help' for more information.\n"), stderr);
  return nim_error_to_exit_status (error);
}

static gboolean
parse_seed (const Options *o, guint64 *seed, GError **error)
{
  if (o->seed == NULL)
    {
      *seed = g_random_int ();
      return TRUE;
    }
  return nim_parse_uint (o->seed, 0, G_MAXUINT32, "--seed", seed, error);
}

/* Names the first of the options set in @names (NULL-terminated pairs of
   name and whether it is set) that @mode cannot be combined with. */
static gboolean
check_conflicts (const char *mode, const char *const *names,
                 const gboolean *set, GError **error)
{
  guint i;

  for (i = 0; names[i] != NULL; i++)
    if (set[i])
      {
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     /* TRANSLATORS: an option or "one game", then the
                        option it cannot be combined with. */
                     _("%s cannot be combined with %s"), mode, names[i]);
        return FALSE;
      }
  return TRUE;
}

/* Checks the teaching options (--trace, --trace-limit, --dot, --compare,
   --nodes) and fills @trace from them; the text trace goes where
   @trace->out already points. */
static gboolean
teach_check (const Options *o, NimTraceOptions *trace, GError **error)
{
  gboolean tracing = trace_arg.on || o->dot != NULL;

  if (tracing && (o->solve || o->grundy_sequence != NULL || o->games != NULL))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _("--trace and --dot show the searches of one game; "
                     "leave out --solve, --grundy-sequence and --games"));
      return FALSE;
    }
  if (o->compare && (tracing || o->player1 != NULL || o->player2 != NULL))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _("--compare runs its own list of players and traces "
                     "none; leave out --player1, --player2, --trace and "
                     "--dot"));
      return FALSE;
    }
  if (o->nodes != NULL && !o->compare)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _("--nodes is the budget of --compare; a player's budget "
                     "is its nodes= option, such as negamax:nodes=1000"));
      return FALSE;
    }
  if (o->trace_limit != NULL && !tracing)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _("--trace-limit goes with --trace or --dot"));
      return FALSE;
    }
  if (o->dot != NULL && *o->dot == '\0')
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _("--dot: give a file name, such as --dot tree.dot"));
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
run_compare (const Options *o, const NimRules *rules)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  guint64 nodes = NIM_COMPARE_DEFAULT_NODES;
  NimBoard board;

  if (!nim_board_parse (&board, o->heaps ? o->heaps : DEFAULT_HEAPS, "--heaps", &error))
    return fail (error, TRUE);
  if (o->nodes != NULL
      && !nim_parse_uint (o->nodes, 0, G_MAXUINT64, "--nodes", &nodes,
                          &error))
    return fail (error, TRUE);
  if (!nim_board_has_move (&board, rules))
    {
      g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                   _("--compare: the position has no legal move; there is "
                     "nothing to search"));
      return fail (error, TRUE);
    }
  rows = nim_compare_run (rules, &board, nodes, &error);
  if (rows == NULL)
    return fail (error, TRUE);
  if (o->json)
    nim_record_print (nim_compare_report_to_json (rows), stdout);
  else
    nim_compare_report_print_table (rows, rules, &board, nodes, stdout);
  return NIM_EXIT_OK;
}

/* nim --solve: the value of one position and its winning moves. */

/* A player from a spec the user typed: nim_player_new(), and for a name
   that is no player, where the list of players says what each one does. */
static NimPlayer *
player_new (const char *spec, GError **error)
{
  g_autofree char *name = g_strndup (spec, strcspn (spec, ":"));
  NimPlayer *player = nim_player_new (spec, error);

  if (player == NULL && nim_player_class_lookup (name) == NULL)
    {
      /* TRANSLATORS: follows "unknown player 'x'; the players are ...";
         --list-players is typed and stays English. */
      char *message = g_strconcat ((*error)->message,
                                   _(" (see --list-players)"), NULL);

      g_free ((*error)->message);
      (*error)->message = message;
    }
  return player;
}

static int
run_solve (Options *o, const NimRules *rules)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimSolution) solution = NULL;
  const char *engine = o->player1 ? o->player1
                                  : nim_player_class_strongest ()->name;
  g_autoptr (NimPlayer) player = NULL;
  NimBoard board;

  if (!nim_board_parse (&board, o->heaps ? o->heaps : DEFAULT_HEAPS, "--heaps", &error))
    return fail (error, TRUE);
  /* nim_solve refuses a person too, but only here can the user be told
     which option names the engine. */
  player = player_new (engine, &error);
  if (player == NULL)
    return fail (error, TRUE);
  if (nim_player_is_interactive (player))
    {
      g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                   _("--solve needs a computer engine, not %s; give one "
                     "with --player1, such as --player1 negamax"),
                   nim_player_get_name (player));
      return fail (error, TRUE);
    }
  solution = nim_solve (rules, &board, engine, &error);
  if (solution == NULL)
    return fail (error, error->code == NIM_ERROR_USAGE);
  if (o->json)
    nim_record_print (nim_analysis_report_solution_to_json (solution), stdout);
  else
    nim_analysis_report_print_solution (solution, stdout);
  return NIM_EXIT_OK;
}

/* nim --grundy-sequence N */
static int
run_grundy_sequence (Options *o, const NimRules *rules)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimGrundySequence) sequence = NULL;
  guint64 n;

  if (!nim_parse_uint (o->grundy_sequence, 0, NIM_GRUNDY_SEQUENCE_MAX,
                       "--grundy-sequence", &n, &error))
    return fail (error, TRUE);
  if (rules->misere)
    {
      g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                   _("--grundy-sequence gives normal-play values; drop "
                     "--misere"));
      return fail (error, TRUE);
    }
  sequence = nim_grundy_sequence_new (rules, n);
  if (o->json)
    nim_analysis_report_print_sequence_json (sequence, stdout);
  else
    nim_analysis_report_print_sequence (sequence, stdout);
  return NIM_EXIT_OK;
}

/* COUNT[:MAX] of --random-heaps. */
static gboolean
parse_random_heaps (const char *text, NimMatchConfig *config, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text, ":", 2);
  guint64 v;

  if (!nim_parse_uint (parts[0], 1, NIM_MAX_HEAPS,
                       "--random-heaps COUNT", &v, error))
    return FALSE;
  config->random_count = (guint) v;
  config->random_max = NIM_MATCH_DEFAULT_RANDOM_MAX;
  if (parts[1] != NULL)
    {
      if (!nim_parse_uint (parts[1], 1, NIM_MATCH_MAX_MATCHES,
                           "--random-heaps MAX", &v, error))
        return FALSE;
      config->random_max = (guint32) v;
    }
  return TRUE;
}

/* The checks of nim_match_new() that name options, made first: the
   positions' size (--heaps, --random-heaps) and the players (--player1,
   --player2), which must be computers. */
static gboolean
check_match (const NimMatchConfig *config, GError **error)
{
  guint64 most = nim_match_config_most_matches (config);
  guint i;

  if (most > NIM_MATCH_MAX_MATCHES)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _("--games plays every game to its end, which can take "
                     "a move a match: a position may hold at most %u "
                     "matches, and these may hold %llu; give smaller "
                     "--heaps or --random-heaps COUNT:MAX"),
                   NIM_MATCH_MAX_MATCHES, (unsigned long long) most);
      return FALSE;
    }
  for (i = 0; i < 2; i++)
    {
      g_autoptr (NimPlayer) p = player_new (config->specs[i], error);

      if (p == NULL)
        {
          g_prefix_error (error, "--player%u: ", i + 1);
          return FALSE;
        }
      if (nim_player_is_interactive (p))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _("--games plays computer against computer; "
                         "player %1$u is %2$s: give another with "
                         "--player%1$u, such as --player%1$u negamax"),
                       i + 1, config->specs[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/* The run that --games and the options with it ask for. */
static gboolean
match_config (Options *o, const NimRules *rules, NimMatchConfig *config,
              GError **error)
{
  guint64 v;
  const char *const conflicts[] = { _("--first (each position is played "
                                      "with either player first)"),
                                    _("--heaps (give one or the other)"),
                                    "--stats", NULL };
  const gboolean set[] = { o->first != NULL,
                           o->heaps != NULL && o->random_heaps != NULL,
                           o->stats };

  if (!check_conflicts ("--games", conflicts, set, error))
    return FALSE;
  config->rules = *rules;
  if (!nim_parse_uint (o->games, 2, NIM_MATCH_MAX_GAMES, "--games", &v,
                       error))
    return FALSE;
  if (v % 2 != 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _("--games %llu is odd; give an even number, as each "
                     "position is played twice with the turns swapped"),
                   (unsigned long long) v);
      return FALSE;
    }
  config->games = v;
  config->jobs = 1;
  if (o->jobs != NULL)
    {
      if (!nim_parse_uint (o->jobs, 1, NIM_MATCH_MAX_JOBS, "--jobs", &v,
                           error))
        return FALSE;
      config->jobs = (guint) v;
    }
  if (o->random_heaps != NULL
      && !parse_random_heaps (o->random_heaps, config, error))
    return FALSE;
  if (o->random_heaps == NULL
      && !nim_board_parse (&config->start,
                           o->heaps ? o->heaps : DEFAULT_HEAPS, "--heaps",
                           error))
    return FALSE;
  if (!parse_seed (o, &v, error))
    return FALSE;
  config->seed = (guint32) v;
  config->specs[0] = o->player1 ? o->player1
                               : nim_player_class_strongest ()->name;
  config->specs[1] = o->player2 ? o->player2
                               : nim_player_class_strongest ()->name;
  return check_match (config, error);
}

/* nim --games N: a comparison run. */
static int
run_match (Options *o, const NimRules *rules)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimMatch) match = NULL;
  g_autoptr (NimMatchReport) report = NULL;
  const NimMatchSummary *summary;
  NimMatchConfig config = { 0 };
  gboolean ok;

  if (!match_config (o, rules, &config, &error))
    return fail (error, TRUE);
  match = nim_match_new (&config, &error);
  if (match == NULL)
    return fail (error, error->code == NIM_ERROR_USAGE);
  report = nim_match_report_new (&config, o->results, TRUE, &error);
  if (report == NULL)
    return fail (error, FALSE);
  ok = nim_match_run (match, &nim_match_report_callbacks, report, &error);
  nim_match_report_end_progress (report);
  summary = nim_match_get_summary (match);
  if (!ok)
    {
      /* The games that did finish are still worth their summary. */
      if (!o->json) /* --json: the error alone, no text summary */
        nim_match_report_print_summary (&config, summary, stderr);
      return fail (error, FALSE);
    }
  if (o->json)
    nim_record_print (nim_match_report_summary_to_json (&config, summary),
                      stdout);
  else
    nim_match_report_print_summary (&config, summary, stdout);
  if (summary->interrupted)
    {
      guint64 n = summary->finished;

      fprintf (stderr,
               o->results ? g_dngettext (GETTEXT_PACKAGE,
                                         "nim: interrupted after %llu "
                                         "finished games; each is in the "
                                         "results file\n",
                                         "nim: interrupted after %llu "
                                         "finished games; each is in the "
                                         "results file\n",
                                         n)
                          : g_dngettext (GETTEXT_PACKAGE,
                                         "nim: interrupted after %llu "
                                         "finished games\n",
                                         "nim: interrupted after %llu "
                                         "finished games\n",
                                         n),
               (unsigned long long) n);
      return NIM_EXIT_INTERRUPTED;
    }
  return NIM_EXIT_OK;
}

/* One game, the default mode. */
static int
run_game (Options *o, const NimRules *rules_in,
          const NimTraceOptions *trace_options)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimPlayer) p1 = NULL;
  g_autoptr (NimPlayer) p2 = NULL;
  g_autoptr (NimGame) game = NULL;
  g_autoptr (NimTrace) trace = NULL;
  NimPlayer *players[2];
  NimRules rules = *rules_in;
  NimBoard board;
  guint first = 1, i;
  guint64 seed;
  gboolean interactive;
  FILE *talk = o->json ? stderr : stdout;
  /* A person types at standard input and reads the prompts on standard
     output, or on stderr when standard output carries the JSON. */
  NimPromptStreams terminal = { stdin, talk };
  const char *const conflicts[] = { _("--jobs (it needs --games)"),
                                    _("--random-heaps (it needs --games)"),
                                    _("--results (it needs --games)"), NULL };
  const gboolean set[] = { o->jobs != NULL, o->random_heaps != NULL,
                           o->results != NULL };

  /* TRANSLATORS: in "one game cannot be combined with --jobs". */
  if (!check_conflicts (_("one game"), conflicts, set, &error))
    return fail (error, TRUE);
  if (o->heaps != NULL && !nim_board_parse (&board, o->heaps, "--heaps", &error))
    return fail (error, TRUE);
  if (o->first != NULL)
    {
      guint64 f;

      if (!nim_parse_uint (o->first, 1, 2, "--first", &f, &error))
        return fail (error, TRUE);
      first = (guint) f;
    }
  if (!parse_seed (o, &seed, &error))
    return fail (error, TRUE);

  p1 = player_new (o->player1 ? o->player1 : "human", &error);
  if (p1 == NULL)
    return fail (error, TRUE);
  p2 = player_new (o->player2 ? o->player2 : nim_player_class_strongest ()->name, &error);
  if (p2 == NULL)
    return fail (error, TRUE);
  players[0] = p1;
  players[1] = p2;
  interactive = nim_player_is_interactive (p1) || nim_player_is_interactive (p2);
  for (i = 0; i < 2; i++)
    {
      nim_player_set_number (players[i], i + 1);
      nim_player_set_prompt (players[i], nim_prompt_ask, &terminal);
      nim_player_set_seed (players[i], (guint32) (seed + i));
      nim_player_set_explain (players[i], o->explain);
    }

  if (o->heaps == NULL)
    {
      if (!interactive)
        nim_board_parse (&board, DEFAULT_HEAPS, "--heaps", NULL);
      else if (!ask_setup (stdin, talk, &board, o->first == NULL, &first,
                           players, &error))
        return fail (error, FALSE);
    }

  for (i = 0; i < 2; i++)
    if (!nim_player_start (players[i], &rules, &board, &error))
      return fail (error, FALSE);

  if (trace_arg.on || o->dot != NULL)
    {
      NimTraceOptions options = *trace_options;

      if (options.out != NULL)
        options.out = talk;
      trace = nim_trace_new (&options, &error);
      if (trace == NULL)
        return fail (error, FALSE);
      for (i = 0; i < 2; i++)
        nim_player_set_trace (players[i], nim_trace_observer (trace));
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

static int
run (Options *o)
{
  g_autoptr (GError) error = NULL;
  NimRules rules;
  const char *const modes[] = { "--solve", "--grundy-sequence", "--games",
                                "--compare", NULL };
  const gboolean set[] = { o->solve, o->grundy_sequence != NULL,
                           o->games != NULL, o->compare };
  NimTraceOptions trace_options = { stdout, NIM_TRACE_DEFAULT_DEPTH,
                                    NIM_TRACE_DEFAULT_LIMIT, NULL };
  guint i;
  int status;

  if (!parse_rules (o, &rules, &error))
    return fail (error, TRUE);
  if (!teach_check (o, &trace_options, &error))
    return fail (error, TRUE);
  for (i = 0; modes[i] != NULL; i++)
    if (set[i] && !check_conflicts (modes[i], modes + i + 1, set + i + 1,
                                    &error))
      return fail (error, TRUE);
  if (o->solve)
    return run_solve (o, &rules);
  if (o->grundy_sequence != NULL)
    return run_grundy_sequence (o, &rules);
  if (o->compare)
    return run_compare (o, &rules);
  /* A game and a comparison run wind down on a first Ctrl-C. */
  nim_interrupt_catch ();
  status = o->games != NULL ? run_match (o, &rules)
                            : run_game (o, &rules, &trace_options);
  nim_interrupt_release ();
  return status;
}

/* Adds a group of options under a heading of --help. */
static void
add_group (GOptionContext *context, const char *name, const char *heading,
           const GOptionEntry *entries)
{
  /* GOption translates the entries' descriptions (N_() marked) when it
     prints --help, but prints a group's heading as it is given. */
  GOptionGroup *group = g_option_group_new (name, _(heading), _(heading),
                                            NULL, NULL);

  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  g_option_group_add_entries (group, entries);
  g_option_context_add_group (context, group);
}

/**
 * nim_cli_run:
 * @argc: the argument count of main()
 * @argv: the arguments of main()
 *
 * Runs the nim command.
 *
 * Returns: the exit status: 0 success, 1 a failure, 2 a usage error, 3 a
 *   game abandoned, 130 a comparison run interrupted
 */
int
nim_cli_run (int argc, char **argv)
{
  Options o = { 0 };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) args = NULL;
  g_autofree char *description = NULL;
  int status;
  const GOptionEntry main_entries[] = {
    { "help", 'h', 0, G_OPTION_ARG_NONE, &o.help,
      N_("Show this help and exit"), NULL },
    { "help-all", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, &o.help,
      N_("Show this help and exit"), NULL },
    { "version", 'V', 0, G_OPTION_ARG_NONE, &o.version,
      N_("Print version information and exit"), NULL },
    { NULL },
  };
  const GOptionEntry rules_entries[] = {
    { "heaps", 'H', 0, G_OPTION_ARG_STRING, &o.heaps,
      N_("Start from these heaps, such as 3,4,5 (asked for when a human "
         "plays)"),
      "LIST" },
    { "max-take", 'k', 0, G_OPTION_ARG_STRING, &o.max_take,
      N_("A move takes 1 to K matches (seed 002: 3)"), "K" },
    { "moves", 'm', 0, G_OPTION_ARG_STRING, &o.moves,
      N_("A move takes exactly one of these counts (seed 001: 2,7,15,16)"),
      "LIST" },
    { "misere", 0, 0, G_OPTION_ARG_NONE, &o.misere,
      N_("Whoever takes the last match loses"), NULL },
    { NULL },
  };
  const GOptionEntry player_entries[] = {
    { "player1", '1', 0, G_OPTION_ARG_STRING, &o.player1,
      N_("Player 1, NAME[:KEY=VALUE,...] (default human; the engine of "
         "--solve, default negamax)"), "SPEC" },
    { "player2", '2', 0, G_OPTION_ARG_STRING, &o.player2,
      N_("Player 2 (default negamax)"), "SPEC" },
    { "first", 'f', 0, G_OPTION_ARG_STRING, &o.first,
      N_("Who moves first, 1 or 2 (default 1)"), "N" },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &o.seed,
      N_("Seed for random players and positions, 0 to 4294967295"), "N" },
    { "list-players", 0, 0, G_OPTION_ARG_NONE, &o.list_players,
      N_("List the players, their options and the rules they play"), NULL },
    { NULL },
  };
  const GOptionEntry output_entries[] = {
    { "json", 'j', 0, G_OPTION_ARG_NONE, &o.json,
      N_("Print the game, the solution or the summary as one JSON object"),
      NULL },
    { "stats", 0, 0, G_OPTION_ARG_NONE, &o.stats,
      N_("Print each search's statistics"), NULL },
    { "explain", 0, 0, G_OPTION_ARG_NONE, &o.explain,
      N_("Say why each computer move was chosen (the theory, or the search's "
         "value and principal variation)"), NULL },
    { "trace", 0, G_OPTION_FLAG_OPTIONAL_ARG, G_OPTION_ARG_CALLBACK,
      (gpointer) trace_arg_cb,
      N_("Print the tree each computer search explores, DEPTH plies node "
         "by node (default 3)"),
      "DEPTH" },
    { "trace-limit", 0, 0, G_OPTION_ARG_STRING, &o.trace_limit,
      N_("Show at most N nodes a search in --trace and --dot (default "
         "2000)"), "N" },
    { "dot", 0, 0, G_OPTION_ARG_FILENAME, &o.dot,
      N_("Write the tree of the first computer move as Graphviz DOT to "
         "FILE"), "FILE" },
    { NULL },
  };
  const GOptionEntry analysis_entries[] = {
    { "solve", 0, 0, G_OPTION_ARG_NONE, &o.solve,
      N_("Say whether the player to move wins, with every winning move and "
         "the Sprague-Grundy values"), NULL },
    { "grundy-sequence", 0, 0, G_OPTION_ARG_STRING, &o.grundy_sequence,
      N_("Print G(0) to G(N) of one heap and its period"), "N" },
    { "compare", 0, 0, G_OPTION_ARG_NONE, &o.compare,
      N_("Search the --heaps with every algorithm and print one table"),
      NULL },
    { "nodes", 0, 0, G_OPTION_ARG_STRING, &o.nodes,
      N_("Node budget of each --compare search, 0 for none (default "
         "10000000)"), "N" },
    { NULL },
  };
  const GOptionEntry match_entries[] = {
    { "games", 'g', 0, G_OPTION_ARG_STRING, &o.games,
      N_("Play N games, an even number, player 1 against player 2 (default "
         "negamax against negamax)"), "N" },
    { "jobs", 'J', 0, G_OPTION_ARG_STRING, &o.jobs,
      N_("Play J games at once (default 1); the results do not depend on J"),
      "J" },
    { "random-heaps", 'r', 0, G_OPTION_ARG_STRING, &o.random_heaps,
      N_("Start each pair of games from COUNT random heaps of 1 to MAX "
         "matches (default 20), drawn with --seed"), "COUNT[:MAX]" },
    { "results", 'o', 0, G_OPTION_ARG_FILENAME, &o.results,
      N_("Append one JSON line per finished game to FILE"), "FILE" },
    { NULL },
  };

  setlocale (LC_ALL, "");
  /* NIM_LOCALEDIR lets the tests use the catalogues of the build tree. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("NIM_LOCALEDIR") != NULL
                                       ? g_getenv ("NIM_LOCALEDIR")
                                       : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  context = g_option_context_new (N_("- play Nim, solve positions, "
                                     "compare engines"));
  /* Option descriptions, headings and the text below are translated when
     --help prints them; option names stay English. */
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  /* --help shows every group, each under its heading: there are not so
     many options that they need hiding behind --help-GROUP. */
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_add_main_entries (context, main_entries, NULL);
  add_group (context, "rules", N_("Rules of the game:"), rules_entries);
  add_group (context, "players", N_("Players:"), player_entries);
  add_group (context, "output", N_("Output:"), output_entries);
  add_group (context, "analysis", N_("Analysis:"), analysis_entries);
  add_group (context, "comparison", N_("Comparison runs:"), match_entries);
  /* GOption translates the description too; this text is translated
     already, and a translation looked up again is left as it is. */
  description = g_strdup_printf (
      /* TRANSLATORS: the end of --help.  Commands, player names and
         options stay English; keep the examples' columns lined up.  The
         last %s is the address for bug reports. */
      _("Players: human, minimax, negamax, xor, grundy, random; "
        "nim --list-players\nshows their options.\n\n"
        "Examples:\n"
        "  nim --player2 xor                       seed 000: three rows, "
        "nim-sum\n"
        "  nim --moves 2,7,15,16 --player2 grundy  seed 001: a subtraction "
        "game\n"
        "  nim --heaps 13 --max-take 3 --player2 minimax     seed 002\n"
        "  nim --misere --player2 xor              seed 003: misère play\n"
        "  nim --max-take 2 --misere --player2 grundy        seed 004\n"
        "  nim --player1 negamax --player2 xor --heaps 3,4,5 --json\n"
        "  nim --solve --heaps 3,4,5               who wins, and how\n"
        "  nim --grundy-sequence 30 --moves 2,3,7  values and period\n"
        "  nim -1 negamax:id=off -2 xor --heaps 1,2 --trace  watch "
        "alpha-beta\n"
        "  nim --compare --heaps 3,4,5             every algorithm, one "
        "table\n"
        "  nim --games 1000 --random-heaps 4:20 --player1 negamax "
        "--player2 random --jobs 2\n\n"
        "Exit status: 0 success, 1 a failure, 2 a usage error, "
        "3 a game abandoned,\n130 interrupted by Ctrl-C.\n\n"
        "Report bugs to: %s\n"),
      PACKAGE_BUGREPORT);
  g_option_context_set_description (context, description);

  args = g_strdupv (argv);
  if (!g_option_context_parse_strv (context, &args, &error))
    {
      status = fail (error, TRUE);
      options_clear (&o);
      return status;
    }
  if (g_strv_length (args) > 1)
    {
      fprintf (stderr, _("nim: unexpected argument '%1$s'; every setting is "
                         "an option, such as --heaps %1$s\n"
                         "Try 'nim --help' for more information.\n"),
               args[1]);
      options_clear (&o);
      return NIM_EXIT_USAGE;
    }
  if (o.help)
    {
      g_autofree char *help = g_option_context_get_help (context, FALSE,
                                                         NULL);

      fputs (help, stdout);
      status = NIM_EXIT_OK;
    }
  else if (o.version)
    status = (print_version (), NIM_EXIT_OK);
  else if (o.list_players)
    status = (print_players (stdout), NIM_EXIT_OK);
  else
    status = run (&o);
  options_clear (&o);

  /* A full disk or a closed pipe must not pass for success (GNU
     standards: check for errors when closing standard output). */
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      fprintf (stderr, _("nim: write error on standard output: %s\n"),
               g_strerror (errno));
      if (status == NIM_EXIT_OK)
        status = NIM_EXIT_FAILURE;
    }
  return status;
}
