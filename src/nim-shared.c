/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-shared.c -- the options several modes take (the rules, the
   players, the output, the clock, the external engines), parsed once
 *
 * Each option is declared here once, with the bit a mode sets in
 * #NimMode.shared to take it; nim-command.c parses them into a
 * #NimShared and refuses those the chosen mode does not take, and the
 * checks below convert what is left for the modes to use. */

#include "config.h"

#include "nim-shared.h"

#include "nim-error.h"
#include "nim-i18n.h"
#include "nim-match.h"
#include "nim-parse.h"
#include "nim-player-engine.h"
#include "nim-tree.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#define FIELD(member) NIM_OPTION_FIELD (NimShared, member)

static const NimOption rules_options[] = {
  { { "heaps", 'H', 0, G_OPTION_ARG_STRING, FIELD (heaps),
      N_ ("Start from these heaps, such as 3,4,5 (asked for when a human "
          "plays)"),
      "LIST" },
    NIM_SHARED_HEAPS,
    NULL,
    NULL },
  { { "random-heaps", 'r', 0, G_OPTION_ARG_STRING, FIELD (random_heaps),
      N_ ("Start from COUNT random heaps of 1 to MAX matches (default 20), "
          "drawn with --seed: each pair of --games, or the position of "
          "--solve"),
      "COUNT[:MAX]" },
    NIM_SHARED_RANDOM_HEAPS,
    N_ ("--random-heaps (it needs --games or --solve)"),
    NULL },
  { { "max-take", 'k', 0, G_OPTION_ARG_STRING, FIELD (max_take),
      N_ ("A move takes 1 to K matches, such as 3"), "K" },
    NIM_SHARED_TAKE,
    NULL,
    NULL },
  { { "moves", 'm', 0, G_OPTION_ARG_STRING, FIELD (moves),
      N_ ("A move takes exactly one of these counts, such as 2,7,15,16, "
          "or any number (any)"),
      "LIST" },
    NIM_SHARED_TAKE,
    NULL,
    NULL },
  { { "rules", 0, 0, G_OPTION_ARG_STRING, FIELD (rules_code),
      N_ ("The take-and-break code of the game, such as 0.333 (take 1 to 3) "
          "or 0.77 (Kayles, whose heaps split)"),
      "CODE" },
    NIM_SHARED_TAKE,
    NULL,
    NULL },
  { { "misere", 0, 0, G_OPTION_ARG_NONE, FIELD (misere),
      N_ ("Whoever takes the last match loses"), NULL },
    NIM_SHARED_TAKE,
    NULL,
    NULL },
  { { "tree", 0, 0, G_OPTION_ARG_STRING, FIELD (tree_text),
      N_ ("Instead of Nim, a textbook game tree: its leaves' values for MAX "
          "in nested lists, such as [[3,12,8],[2,4,6],[14,5,2]]"),
      "TREE" },
    NIM_SHARED_TREE,
    N_ ("--tree (it needs --solve)"),
    NULL },
  { { "random-tree", 0, 0, G_OPTION_ARG_STRING, FIELD (random_tree),
      N_ ("Instead of Nim, a full game tree of DEPTH plies and BRANCHING "
          "moves a position, its leaves drawn with --seed"),
      "DEPTH:BRANCHING" },
    NIM_SHARED_TREE,
    N_ ("--random-tree (it needs --solve)"),
    NULL },
  { { "leaf-range", 0, 0, G_OPTION_ARG_STRING, FIELD (leaf_range),
      N_ ("The values --random-tree draws its leaves from (default -9:9)"),
      "LOW:HIGH" },
    NIM_SHARED_TREE,
    N_ ("--leaf-range (it needs --solve and --random-tree)"),
    NULL },
  { { NULL } },
};

/**
 * nim_shared_rules:
 *
 * The rules of the game: --heaps, --random-heaps, --max-take, --moves,
 * --rules, --misere, and a game tree instead: --tree, --random-tree,
 * --leaf-range.
 */
const NimOptionSet nim_shared_rules = { NIM_HELP_RULES, TRUE, rules_options };

static const NimOption player_options[] = {
  { { "player1", '1', 0, G_OPTION_ARG_STRING, FIELD (player1),
      N_ ("Player 1, NAME[:KEY=VALUE,...] (default human; the engine of "
          "--solve, default the rules' theory where they have one, else "
          "negamax)"),
      "SPEC" },
    NIM_SHARED_PLAYER1,
    NULL,
    NULL },
  { { "player2", '2', 0, G_OPTION_ARG_STRING, FIELD (player2),
      N_ ("Player 2 (default negamax)"), "SPEC" },
    NIM_SHARED_PLAYER2,
    NULL,
    NULL },
  { { "first", 'f', 0, G_OPTION_ARG_STRING, FIELD (first),
      N_ ("Who moves first, 1 or 2 (default 1)"), "N" },
    NIM_SHARED_FIRST,
    NULL,
    NULL },
  { { "seed", 's', 0, G_OPTION_ARG_STRING, FIELD (seed),
      N_ ("Seed for random players and positions, 0 to 4294967295"), "N" },
    NIM_SHARED_SEED,
    NULL,
    NULL },
  /* Every mode takes it: it lists the players and exits. */
  { { "list-players", 0, 0, G_OPTION_ARG_NONE, FIELD (list_players),
      N_ ("List the players, their options and the rules they play"), NULL },
    0,
    NULL,
    NULL },
  { { NULL } },
};

/**
 * nim_shared_players:
 *
 * The players: --player1, --player2, --first, --seed, --list-players.
 */
const NimOptionSet nim_shared_players
    = { NIM_HELP_PLAYERS, TRUE, player_options };

static const NimOption output_options[] = {
  { { "json", 'j', 0, G_OPTION_ARG_NONE, FIELD (json),
      N_ ("Print the game, the solution or the summary as one JSON object"),
      NULL },
    NIM_SHARED_JSON,
    NULL,
    NULL },
  { { "stats", 0, 0, G_OPTION_ARG_NONE, FIELD (stats),
      N_ ("Print each search's statistics"), NULL },
    NIM_SHARED_STATS,
    NULL,
    NULL },
  { { "explain", 0, 0, G_OPTION_ARG_NONE, FIELD (explain),
      N_ ("Say why each computer move was chosen (the theory, or the "
          "search's value and principal variation)"),
      NULL },
    NIM_SHARED_EXPLAIN,
    NULL,
    NULL },
  { { "trace", 0, G_OPTION_FLAG_OPTIONAL_ARG, G_OPTION_ARG_STRING,
      FIELD (trace),
      N_ ("Print the tree each computer search explores, DEPTH plies node "
          "by node (default 3)"),
      "DEPTH" },
    NIM_SHARED_TRACE,
    NULL,
    NULL },
  { { "trace-limit", 0, 0, G_OPTION_ARG_STRING, FIELD (trace_limit),
      N_ ("Show at most N nodes a search in --trace, --dot and --explore "
          "(default 2000)"),
      "N" },
    NIM_SHARED_TRACE,
    NULL,
    NULL },
  { { "dot", 0, 0, G_OPTION_ARG_FILENAME, FIELD (dot),
      N_ ("Write the tree of the first computer move as Graphviz DOT to "
          "FILE"),
      "FILE" },
    NIM_SHARED_TRACE,
    NULL,
    NULL },
  { { "explore", 0, 0, G_OPTION_ARG_FILENAME, FIELD (explore),
      N_ ("Write the search of the first computer move to FILE as a web "
          "page to step through, with a quiz"),
      "FILE" },
    NIM_SHARED_EXPLORE,
    NULL,
    NULL },
  { { NULL } },
};

/**
 * nim_shared_no_trace:
 *
 * How a mode that runs no search a person could watch (--grundy-sequence,
 * --games) refuses --trace, --dot and --explore, in its
 * #NimMode.refusals.
 */
const char nim_shared_no_trace[]
    = N_ ("--trace, --dot and --explore show the searches of one game or of "
          "--solve; leave out --grundy-sequence and --games");

/**
 * nim_shared_output:
 *
 * The output: --json, --stats, --explain, --trace, --trace-limit, --dot,
 * --explore.
 */
const NimOptionSet nim_shared_output
    = { NIM_HELP_OUTPUT, TRUE, output_options };

static const NimOption summary_options[] = {
  { { "quiet", 'q', 0, G_OPTION_ARG_NONE, FIELD (quiet),
      N_ ("Draw no progress line, and say nothing but the summary and "
          "errors"),
      NULL },
    NIM_SHARED_SUMMARY,
    N_ ("--quiet (it needs --games or --grundy-sequence --rules)"),
    NULL },
  { { "per-position", 0, 0, G_OPTION_ARG_NONE, FIELD (per_position),
      N_ ("Add a table of each position's pairs and blunders (moves that "
          "gave a won position away)"),
      NULL },
    NIM_SHARED_SUMMARY,
    N_ ("--per-position (it needs --games)"),
    NULL },
  { { NULL } },
};

/**
 * nim_shared_summary:
 *
 * How a comparison run's summary is shown, played or read back: --quiet,
 * --per-position.
 */
const NimOptionSet nim_shared_summary
    = { NIM_HELP_RUNS, TRUE, summary_options };

static const NimOption clock_options[] = {
  { { "tc", 0, 0, G_OPTION_ARG_STRING, FIELD (tc),
      N_ ("Play every game under a clock: SECONDS a player, plus INC after "
          "each move; running out loses on time"),
      "SECONDS[+INC]" },
    NIM_SHARED_CLOCK,
    NULL,
    NULL },
  { { NULL } },
};

/**
 * nim_shared_clock:
 *
 * The clock of every game: --tc.
 */
const NimOptionSet nim_shared_clock = { NIM_HELP_RUNS, TRUE, clock_options };

static const NimOption engine_options[] = {
  { { "engine", 0, 0, G_OPTION_ARG_STRING_ARRAY, FIELD (engines),
      N_ ("Declare an external UGI engine: NAME then plays wherever a "
          "player does, such as --engine mybot='python3 bot.py' --player2 "
          "mybot (repeatable)"),
      "NAME=COMMAND" },
    NIM_SHARED_ENGINES,
    NULL,
    NULL },
  { { "engine-dir", 0, 0, G_OPTION_ARG_STRING_ARRAY, FIELD (engine_dirs),
      N_ ("Run engine NAME in directory DIR (repeatable)"), "NAME=DIR" },
    NIM_SHARED_ENGINES,
    NULL,
    NULL },
  { { "engine-option", 0, 0, G_OPTION_ARG_STRING_ARRAY, FIELD (engine_options),
      N_ ("Send engine NAME 'setoption name KEY value VALUE' before it "
          "starts (repeatable)"),
      "NAME:KEY=VALUE" },
    NIM_SHARED_ENGINE_PLAY,
    NULL,
    NULL },
  { { "engine-log", 0, 0, G_OPTION_ARG_FILENAME, FIELD (engine_log),
      N_ ("Write each engine process's conversation and standard error to "
          "DIR/NAME-N.log (default: standard error is discarded)"),
      "DIR" },
    NIM_SHARED_ENGINES,
    NULL,
    NULL },
  { { "engine-startup-timeout", 0, 0, G_OPTION_ARG_STRING,
      FIELD (engine_startup_timeout),
      N_ ("Seconds an engine has to answer ugi and isready (default 10)"),
      "SECONDS" },
    NIM_SHARED_ENGINE_PLAY,
    NULL,
    NULL },
  { { "timemargin", 0, 0, G_OPTION_ARG_STRING, FIELD (timemargin),
      N_ ("Milliseconds an engine's move may come after its time before it "
          "is lost on time (default 100)"),
      "MS" },
    NIM_SHARED_ENGINE_PLAY,
    NULL,
    NULL },
  { { NULL } },
};

/**
 * nim_shared_engines:
 *
 * External engines: --engine, --engine-dir, --engine-option,
 * --engine-log, --engine-startup-timeout, --timemargin.
 */
const NimOptionSet nim_shared_engines
    = { NIM_HELP_ENGINES, TRUE, engine_options };

/**
 * nim_shared_check_rules:
 * @shared: the options as given
 * @takes: the shared options of the mode (#NimMode.shared)
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Makes @shared->rules of --max-take, --moves, --rules and --misere (the
 * default rules when none was given), and, for a mode that takes
 * --heaps (but not %NIM_SHARED_ANY_HEAPS), checks that heaps that split
 * have room on the board.
 *
 * Returns: %TRUE when they are rules
 */
gboolean
nim_shared_check_rules (NimShared *shared, guint64 takes, GError **error)
{
  NimRules *rules = &shared->rules;

  nim_rules_init_default (rules);
  if ((shared->max_take != NULL) + (shared->moves != NULL)
          + (shared->rules_code != NULL)
      > 1)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--max-take, --moves and --rules each set the take "
                      "rule; give one of them"));
      return FALSE;
    }
  /* --rules reads any family's notation too (any, 2,7); what no family
     reads is taken for a code, whose messages say what is wrong. */
  if (shared->rules_code != NULL
      && (strchr (shared->rules_code, '.') != NULL
          || !nim_rules_parse (rules, shared->rules_code, "--rules", NULL)))
    {
      nim_rules_init_default (rules);
      if (!nim_octal_parse (&shared->code, shared->rules_code, "--rules",
                            error))
        return FALSE;
      shared->coded = TRUE;
      /* A code with a digit before the point splits heaps without
         taking: --grundy-sequence computes its values, but a mode that
         plays positions (it takes --heaps) cannot play it. */
      if (!nim_octal_to_rules (&shared->code, rules)
          && (takes & NIM_SHARED_HEAPS))
        {
          g_autofree char *shown = nim_octal_to_string (&shared->code);

          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--rules %s: nim plays the codes with 0 before "
                          "the point (a move always takes a match), such as "
                          "0.77 or 0.137; for the values and period of any "
                          "code, use --grundy-sequence N --rules %s"),
                       shown, shown);
          return FALSE;
        }
    }
  if (shared->max_take != NULL
      && !nim_rules_parse_max_take (rules, shared->max_take, "--max-take",
                                    error))
    return FALSE;
  if (shared->moves != NULL
      && !nim_rules_parse_moves (rules, shared->moves, "--moves", error))
    return FALSE;
  rules->misere = shared->misere;
  if (nim_rules_splits (rules) && (takes & NIM_SHARED_HEAPS)
      && !(takes & NIM_SHARED_ANY_HEAPS))
    {
      g_autoptr (GError) room = NULL;
      NimBoard board;

      /* Heaps that split need room on the board (a bad --heaps is
         reported where it is read). */
      if (nim_board_parse (
              &board, shared->heaps ? shared->heaps : NIM_SHARED_DEFAULT_HEAPS,
              "--heaps", NULL)
          && !nim_board_check_room (&board, rules, &room))
        {
          /* The limit is the board's: under normal play the theory has
             none. */
          g_set_error (error, room->domain, room->code,
                       rules->misere ? "%s"
                                     /* TRANSLATORS: follows the message
                                        that the heaps could split into
                                        more than a board holds. */
                                     : _ ("%s  (--solve answers these heaps "
                                          "by their Grundy values, which "
                                          "need no board.)"),
                       room->message);
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * nim_shared_tracing:
 * @shared: the options
 *
 * Returns: whether --trace, --dot or --explore was given
 */
gboolean
nim_shared_tracing (const NimShared *shared)
{
  return shared->trace != NULL || shared->dot != NULL
         || shared->explore != NULL;
}

/* Whether the paths @a and @b name one regular file: the same file
   where both exist (a link, "./f" and "f"), else the same absolute name.
   A device (/dev/null for both) takes what both write. */
static gboolean
same_file (const char *a, const char *b)
{
  GStatBuf sa, sb;
  g_autofree char *ca = NULL;
  g_autofree char *cb = NULL;

  if (g_stat (a, &sa) == 0 && g_stat (b, &sb) == 0)
    return S_ISREG (sa.st_mode) && sa.st_dev == sb.st_dev
           && sa.st_ino == sb.st_ino;
  ca = g_canonicalize_filename (a, NULL);
  cb = g_canonicalize_filename (b, NULL);
  return g_str_equal (ca, cb);
}

/**
 * nim_shared_check_output:
 * @shared: the options as given
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Checks --trace, --trace-limit, --dot and --explore, which go together,
 * and makes @shared->trace_options and @shared->output of them and
 * --json.
 *
 * Returns: %TRUE when they fit
 */
gboolean
nim_shared_check_output (NimShared *shared, GError **error)
{
  NimTraceOptions *trace = &shared->trace_options;

  nim_output_init (&shared->output, shared->json);
  trace->out = shared->output.talk;
  trace->depth = NIM_TRACE_DEFAULT_DEPTH;
  trace->limit = NIM_TRACE_DEFAULT_LIMIT;
  trace->dot_path = shared->dot;
  trace->explore_path = shared->explore;
  trace->command = shared->command;
  if (shared->dot != NULL && shared->explore != NULL
      && same_file (shared->dot, shared->explore))
    {
      g_autofree char *shown = g_filename_display_name (shared->dot);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--dot and --explore are both '%s'; give them files "
                      "of their own, or one would overwrite the other"),
                   shown);
      return FALSE;
    }
  if (shared->trace_limit != NULL && !nim_shared_tracing (shared))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--trace-limit goes with --trace, --dot or "
                      "--explore"));
      return FALSE;
    }
  /* --dot and --explore show as deep as --trace=DEPTH says, else every
     ply. */
  if (shared->trace != NULL)
    {
      if (!nim_trace_parse_depth (*shared->trace ? shared->trace : NULL,
                                  &trace->depth, error))
        return FALSE;
    }
  else
    {
      trace->out = NULL;
      trace->depth = NIM_SEARCH_MAX_PLY;
    }
  if (shared->trace_limit != NULL)
    {
      guint64 limit;

      if (!nim_parse_uint (shared->trace_limit, 1, NIM_TRACE_MAX_LIMIT,
                           "--trace-limit", &limit, error))
        return FALSE;
      trace->limit = limit;
    }
  return TRUE;
}

/* The clock of --tc: "SECONDS" or "SECONDS+INC", such as 10+0.1, what
   each player has for the game and what it gains after each move. */
static gboolean
parse_tc (const char *text, double *seconds, double *increment, GError **error)
{
  g_autofree char *base = g_strdup (text);
  char *plus = strchr (base, '+');

  *increment = 0;
  if (plus != NULL)
    *plus = '\0';
  if (!nim_parse_double (base, 0.001, 86400, "--tc", seconds, NULL)
      || (plus != NULL
          && !nim_parse_double (plus + 1, 0, 3600, "--tc", increment, NULL)))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--tc %s: expected SECONDS or SECONDS+INCREMENT, such "
                      "as 10 or 10+0.1 (SECONDS from 0.001 to 86400, "
                      "INCREMENT up to 3600)"),
                   text);
      return FALSE;
    }
  return TRUE;
}

/* COUNT[:MAX] of --random-heaps: COUNT from 1 to NIM_MAX_HEAPS, MAX from
   1 to NIM_MATCH_MAX_MATCHES (NIM_MATCH_DEFAULT_RANDOM_MAX when not
   given), as --games and --solve both draw them. */
static gboolean
parse_random_heaps (const char *text, guint *count, guint32 *max,
                    GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text, ":", 2);
  guint64 v;

  if (!nim_parse_uint (parts[0], 1, NIM_MAX_HEAPS, "--random-heaps COUNT", &v,
                       error))
    return FALSE;
  *count = (guint) v;
  *max = NIM_MATCH_DEFAULT_RANDOM_MAX;
  if (parts[1] != NULL)
    {
      if (!nim_parse_uint (parts[1], 1, NIM_MATCH_MAX_MATCHES,
                           "--random-heaps MAX", &v, error))
        return FALSE;
      *max = (guint32) v;
    }
  return TRUE;
}

/* A whole number from @min to @max, negative or not, for @what. */
static gboolean
parse_int (const char *text, gint64 min, gint64 max, const char *what,
           gint64 *out, GError **error)
{
  const char *t = text;
  guint64 magnitude;
  gboolean negative;

  while (g_ascii_isspace (*t))
    t++;
  negative = *t == '-';
  if (negative && nim_scan_uint (t + 1, &magnitude) == NIM_NUMBER_OK
      && magnitude <= (guint64) -min)
    {
      *out = -(gint64) magnitude;
      return TRUE;
    }
  if (!negative && nim_scan_uint (t, &magnitude) == NIM_NUMBER_OK
      && magnitude <= (guint64) max)
    {
      *out = (gint64) magnitude;
      return TRUE;
    }
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: %1$s names what was given, %2$s is what was
                  typed, then the smallest and largest accepted. */
               _ ("%1$s: '%2$s' is not a whole number from %3$lld to "
                  "%4$lld"),
               what, text, (long long) min, (long long) max);
  return FALSE;
}

/* The tree of --tree, or of --random-tree DEPTH:BRANCHING with
   --leaf-range LOW:HIGH and the seed, made the rules and the position:
   the game is the tree's alone. */
static gboolean
check_tree (NimShared *shared, GError **error)
{
  const char *nim_option = shared->heaps != NULL          ? "--heaps"
                           : shared->random_heaps != NULL ? "--random-heaps"
                           : shared->max_take != NULL     ? "--max-take"
                           : shared->moves != NULL        ? "--moves"
                           : shared->rules_code != NULL   ? "--rules"
                           : shared->misere               ? "--misere"
                                                          : NULL;
  const char *given = shared->tree_text != NULL ? "--tree" : "--random-tree";

  if (shared->tree_text != NULL && shared->random_tree != NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--tree and --random-tree each give the tree; give "
                      "one of them"));
      return FALSE;
    }
  if (shared->leaf_range != NULL && shared->random_tree == NULL)
    {
      if (shared->tree_text != NULL)
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     _ ("--leaf-range goes with --random-tree: a tree given "
                        "with --tree has its own values"));
      else
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     _ ("--leaf-range goes with --random-tree "
                        "DEPTH:BRANCHING: the values its leaves are drawn "
                        "from"));
      return FALSE;
    }
  if (nim_option != NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %1$s is --tree or --random-tree, %2$s an
                      option of Nim's game, such as --heaps. */
                   _ ("%1$s gives the whole game, its positions and moves; "
                      "leave out %2$s, which is Nim's"),
                   given, nim_option);
      return FALSE;
    }
  if (shared->tree_text != NULL)
    shared->tree = nim_tree_parse (shared->tree_text, "--tree", error);
  else
    {
      g_auto (GStrv) parts = g_strsplit (shared->random_tree, ":", 2);
      g_auto (GStrv) range = NULL;
      guint64 depth, branching, size;
      gint64 low = -9, high = 9;

      if (parts[0] == NULL || parts[1] == NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--random-tree %s: expected DEPTH:BRANCHING, such "
                          "as 3:3 (3 plies, 3 moves a position)"),
                       shared->random_tree);
          return FALSE;
        }
      if (!nim_parse_uint (parts[0], 1, NIM_TREE_MAX_DEPTH,
                           "--random-tree DEPTH", &depth, error)
          || !nim_parse_uint (parts[1], 1, NIM_TREE_MAX_NODES,
                              "--random-tree BRANCHING", &branching, error))
        return FALSE;
      size = nim_tree_random_size ((guint) depth, (guint) branching);
      if (size > NIM_TREE_MAX_NODES)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       /* TRANSLATORS: %s is what was given, such as 9:9;
                          %d the most positions a tree may have. */
                       _ ("--random-tree %s: the tree would have more than "
                          "the %d positions a tree may have; give fewer "
                          "plies or moves"),
                       shared->random_tree, NIM_TREE_MAX_NODES);
          return FALSE;
        }
      if (shared->leaf_range != NULL)
        {
          range = g_strsplit (shared->leaf_range, ":", 2);
          if (range[0] == NULL || range[1] == NULL)
            {
              g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                           _ ("--leaf-range %s: expected LOW:HIGH, such as "
                              "-9:9 or 0:20"),
                           shared->leaf_range);
              return FALSE;
            }
          if (!parse_int (range[0], -NIM_TREE_MAX_VALUE, NIM_TREE_MAX_VALUE,
                          "--leaf-range LOW", &low, error)
              || !parse_int (range[1], -NIM_TREE_MAX_VALUE, NIM_TREE_MAX_VALUE,
                             "--leaf-range HIGH", &high, error))
            return FALSE;
          if (low > high)
            {
              g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                           _ ("--leaf-range %s: LOW is above HIGH; give "
                              "the smaller value first"),
                           shared->leaf_range);
              return FALSE;
            }
        }
      shared->tree = nim_tree_new_random ((guint) depth, (guint) branching,
                                          (gint32) low, (gint32) high,
                                          shared->seed_value);
    }
  if (shared->tree == NULL)
    return FALSE;
  nim_rules_set_tree (&shared->rules, shared->tree);
  nim_tree_board (shared->tree, 0, &shared->board);
  return TRUE;
}

/* Makes @dir, the directory of --engine-log, if it is missing, and
   checks that nim can write files in it (a file made and removed), so
   that a log nim cannot write is refused before anything starts, as
   nim's own failure, not charged to every engine. */
static gboolean
check_log_dir (const char *dir, GError **error)
{
  g_autofree char *probe = NULL;
  int fd, saved;

  if (*dir == '\0')
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--engine-log: the directory name is empty"));
      return FALSE;
    }
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      saved = errno;
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--engine-log %s: cannot make the directory: %s"), dir,
                   g_strerror (saved));
      return FALSE;
    }
  probe = g_build_filename (dir, ".nim-log-XXXXXX", NULL);
  fd = g_mkstemp (probe);
  if (fd < 0)
    {
      saved = errno;
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--engine-log %s: cannot write in the directory: %s"),
                   dir, g_strerror (saved));
      return FALSE;
    }
  close (fd);
  g_unlink (probe);
  return TRUE;
}

/**
 * nim_shared_check:
 * @shared: the options as given, the rules and output checked
 * @takes: the shared options of the mode (#NimMode.shared)
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Converts the rest of the shared options the mode takes: the position
 * of --heaps (the default three rows when it was not given), the COUNT
 * and MAX of --random-heaps (which names the position too: not with
 * --heaps), --first, --seed (one drawn at random when it was not given)
 * and the clock of --tc; and checks that nim can write the logs of
 * --engine-log.
 *
 * Returns: %TRUE when they are good
 */
gboolean
nim_shared_check (NimShared *shared, guint64 takes, GError **error)
{
  if ((takes & NIM_SHARED_HEAPS)
      && !nim_board_parse (&shared->board,
                           shared->heaps ? shared->heaps
                                         : NIM_SHARED_DEFAULT_HEAPS,
                           "--heaps", error))
    return FALSE;
  shared->random_count = 0;
  shared->random_max = 0;
  if ((takes & NIM_SHARED_RANDOM_HEAPS) && shared->random_heaps != NULL)
    {
      if (shared->heaps != NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s cannot be combined with %s"), "--random-heaps",
                       _ ("--heaps (give one or the other)"));
          return FALSE;
        }
      if (!parse_random_heaps (shared->random_heaps, &shared->random_count,
                               &shared->random_max, error))
        return FALSE;
    }
  shared->first_mover = 1;
  if (shared->first != NULL)
    {
      guint64 f;

      if (!nim_parse_uint (shared->first, 1, 2, "--first", &f, error))
        return FALSE;
      shared->first_mover = (guint) f;
    }
  shared->seeded = shared->seed != NULL;
  if (shared->seeded)
    {
      guint64 seed;

      if (!nim_parse_uint (shared->seed, 0, G_MAXUINT32, "--seed", &seed,
                           error))
        return FALSE;
      shared->seed_value = (guint32) seed;
    }
  else
    shared->seed_value = g_random_int ();
  if ((takes & NIM_SHARED_TREE)
      && (shared->tree_text != NULL || shared->random_tree != NULL
          || shared->leaf_range != NULL)
      && !check_tree (shared, error))
    return FALSE;
  shared->timed = shared->tc != NULL;
  if (shared->timed
      && !parse_tc (shared->tc, &shared->tc_seconds, &shared->tc_increment,
                    error))
    return FALSE;
  if ((takes & NIM_SHARED_ENGINES) && shared->engine_log != NULL)
    {
      /* A mode that plays logs the engines --engine declares;
         --check-engine COMMAND the one it checks. */
      if (shared->engines == NULL && (takes & NIM_SHARED_ENGINE_PLAY))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s goes with --engine NAME=COMMAND"),
                       "--engine-log");
          return FALSE;
        }
      if (!check_log_dir (shared->engine_log, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * nim_shared_show_seed:
 * @shared: the options, checked
 *
 * Adds the seed drawn, when --seed was not given, to the command line
 * that the page of --explore shows, so that running that command makes
 * the same page again.
 */
void
nim_shared_show_seed (NimShared *shared)
{
  char *command;

  if (shared->seeded || shared->command == NULL)
    return;
  command = g_strdup_printf ("%s --seed %" G_GUINT32_FORMAT, shared->command,
                             shared->seed_value);
  g_free (shared->command);
  shared->command = command;
  shared->trace_options.command = command;
}

/**
 * nim_shared_player_new:
 * @spec: a player spec as the user typed it
 * @error: return location for an error
 *
 * A player from a spec the user typed: nim_player_new(), and for a name
 * that is no player, where the list of players says what each one does.
 *
 * Returns: (transfer full) (nullable): the player, or %NULL with @error
 *   set
 */
NimPlayer *
nim_shared_player_new (const char *spec, GError **error)
{
  g_autofree char *name = g_strndup (spec, strcspn (spec, ":"));
  NimPlayer *player = nim_player_new (spec, error);

  if (player == NULL && nim_player_class_lookup (name) == NULL)
    {
      /* TRANSLATORS: follows "unknown player 'x'; the players are ...";
         --list-players is typed and stays English. */
      char *message
          = g_strconcat ((*error)->message, _ (" (see --list-players)"), NULL);

      g_free ((*error)->message);
      (*error)->message = message;
    }
  return player;
}

/* Splits "NAME<sep>REST" of @option, refusing a text without @sep or
   with an empty NAME. */
static gboolean
split_named (const char *option, const char *text, char sep,
             const char *example, char **name, const char **rest,
             GError **error)
{
  const char *at = strchr (text, sep);

  if (at == NULL || at == text)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %1$s an option, %2$s what it was given,
                      %3$s an example of what it takes. */
                   _ ("%1$s %2$s: expected %3$s"), option, text, example);
      return FALSE;
    }
  *name = g_strndup (text, (gsize) (at - text));
  *rest = at + 1;
  return TRUE;
}

/* Refuses @list[@i], a value of the repeatable @option, when an earlier
   one sets the same thing, its first @len bytes before an "=" (the NAME
   of --engine-dir, the NAME:KEY of --engine-option): the last would win
   without a word. */
static gboolean
refuse_repeated (const char *option, char **list, guint i, gsize len,
                 const char *what, GError **error)
{
  guint j;

  for (j = 0; j < i; j++)
    if (strncmp (list[j], list[i], len) == 0
        && (list[j][len] == '=' || list[j][len] == '\0'))
      {
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     /* TRANSLATORS: an option, such as --engine-dir, two
                        of its values, and what both set, such as "the
                        directory of engine a". */
                     _ ("%1$s %2$s and %1$s %3$s both set %4$s; give it "
                        "once"),
                     option, list[j], list[i], what);
        return FALSE;
      }
  return TRUE;
}

/* Whether @name is one of the --engine names. */
static gboolean
is_declared (const NimShared *shared, const char *name)
{
  guint i;

  for (i = 0; shared->engines != NULL && shared->engines[i] != NULL; i++)
    if (strncmp (shared->engines[i], name, strlen (name)) == 0
        && shared->engines[i][strlen (name)] == '=')
      return TRUE;
  return FALSE;
}

/**
 * nim_shared_declare_engines:
 * @shared: the options
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Declares every --engine, with its --engine-dir, --engine-option,
 * --engine-log, --engine-startup-timeout and --timemargin, as a player,
 * and sets @shared->startup_timeout and @shared->time_margin.  Refuses
 * the companions of an engine that was not declared; --engine-log, which
 * --check-engine COMMAND takes alone, is checked by nim_shared_check().
 *
 * Returns: %TRUE if every engine was declared
 */
gboolean
nim_shared_declare_engines (NimShared *shared, GError **error)
{
  double *timeout = &shared->startup_timeout;
  guint64 margin = NIM_ENGINE_MARGIN / G_TIME_SPAN_MILLISECOND;
  guint i, j;

  *timeout = NIM_ENGINE_DEFAULT_STARTUP_TIMEOUT;
  shared->time_margin = (guint) margin;
  if (shared->engines == NULL)
    {
      const char *stray = shared->engine_dirs      ? "--engine-dir"
                          : shared->engine_options ? "--engine-option"
                          : shared->engine_startup_timeout
                              ? "--engine-startup-timeout"
                          : shared->timemargin ? "--timemargin"
                                               : NULL;

      if (stray != NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s goes with --engine NAME=COMMAND"), stray);
          return FALSE;
        }
      return TRUE;
    }
  if (shared->engine_startup_timeout != NULL
      && !nim_parse_double (shared->engine_startup_timeout, 0.001, 3600,
                            "--engine-startup-timeout", timeout, error))
    return FALSE;
  if (shared->timemargin != NULL
      && !nim_parse_uint (shared->timemargin, 0, 3600 * 1000, "--timemargin",
                          &margin, error))
    return FALSE;
  shared->time_margin = (guint) margin;
  for (i = 0; shared->engine_dirs != NULL && shared->engine_dirs[i] != NULL;
       i++)
    {
      g_autofree char *name = NULL;
      const char *dir;

      if (!split_named ("--engine-dir", shared->engine_dirs[i], '=',
                        "NAME=DIR", &name, &dir, error))
        return FALSE;
      if (!is_declared (shared, name))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--engine-dir %s: no --engine is named %s"),
                       shared->engine_dirs[i], name);
          return FALSE;
        }
      if (*dir == '\0')
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--engine-dir %s: the directory's name is empty; "
                          "give NAME=DIR"),
                       shared->engine_dirs[i]);
          return FALSE;
        }
      {
        g_autofree char *what
            = g_strdup_printf (_ ("the directory of engine %s"), name);

        if (!refuse_repeated ("--engine-dir", shared->engine_dirs, i,
                              strlen (name), what, error))
          return FALSE;
      }
      if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--engine-dir %s: %s is not a directory"),
                       shared->engine_dirs[i], dir);
          return FALSE;
        }
    }
  for (i = 0;
       shared->engine_options != NULL && shared->engine_options[i] != NULL;
       i++)
    {
      g_autofree char *name = NULL;
      const char *pair;

      if (!split_named ("--engine-option", shared->engine_options[i], ':',
                        "NAME:KEY=VALUE", &name, &pair, error))
        return FALSE;
      {
        g_autofree char *key = g_strndup (pair, strcspn (pair, "="));
        g_autofree char *what
            = g_strdup_printf (_ ("option %s of engine %s"), key, name);

        if (!refuse_repeated ("--engine-option", shared->engine_options, i,
                              (gsize) (pair - shared->engine_options[i])
                                  + strlen (key),
                              what, error))
          return FALSE;
      }
      if (!is_declared (shared, name))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--engine-option %s: no --engine is named %s"),
                       shared->engine_options[i], name);
          return FALSE;
        }
    }

  for (i = 0; shared->engines[i] != NULL; i++)
    {
      g_autofree char *name = NULL;
      g_autoptr (GPtrArray) options = g_ptr_array_new_with_free_func (g_free);
      NimEngineConfig config = { 0 };
      const char *command, *directory = NULL;
      char **dirs = shared->engine_dirs, **opts = shared->engine_options;

      if (!split_named ("--engine", shared->engines[i], '=',
                        "NAME=COMMAND, such as mybot='python3 bot.py'", &name,
                        &command, error))
        return FALSE;
      if (*command == '\0')
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--engine %s: the command is empty"),
                       shared->engines[i]);
          return FALSE;
        }
      for (j = 0; dirs != NULL && dirs[j] != NULL; j++)
        if (g_str_has_prefix (dirs[j], name) && dirs[j][strlen (name)] == '=')
          directory = dirs[j] + strlen (name) + 1;
      for (j = 0; opts != NULL && opts[j] != NULL; j++)
        if (g_str_has_prefix (opts[j], name) && opts[j][strlen (name)] == ':')
          g_ptr_array_add (options, g_strdup (opts[j] + strlen (name) + 1));
      g_ptr_array_add (options, NULL);
      config.name = name;
      config.command = command;
      config.directory = directory;
      config.options = (const char *const *) options->pdata;
      config.log_dir = shared->engine_log;
      config.startup_timeout = *timeout;
      config.time_margin
          = (gint64) shared->time_margin * G_TIME_SPAN_MILLISECOND;
      if (!nim_player_engine_declare (&config, error))
        {
          g_prefix_error (error, "--engine %s: ", shared->engines[i]);
          return FALSE;
        }
    }
  return TRUE;
}
