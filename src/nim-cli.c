/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-cli.c -- the nim command: its options, the checks that span modes,
   and the dispatch to one runner per mode (nim-cli-game.c,
   nim-cli-match.c, nim-cli-analysis.c; nim-cli-help.c says what nim is) */

#include "config.h"

#include "nim-cli.h"
#include "nim-cli-private.h"

#include "nim-i18n.h"
#include "nim-prompt.h"
#include "nim-octal.h"
#include "nim-util.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

/* Where an option's value goes.  GOption stores a value through the
   entry's arg_data, but the tables below are constants shared by every
   call of nim_cli_run(), and the values belong to that call's
   NimCliOptions.  So an entry holds the offset of its field, and
   entries_for() copies a table with each offset made a pointer into the
   run's options: one small loop, and GOption still parses and stores
   each type itself (strings converted from the locale's character set,
   file names left as they are, a repeated option's earlier value freed),
   which a callback per option would have to do again by hand.  The one
   option whose value is optional, --trace, is a callback; it finds the
   options as its group's user data. */
#define FIELD(member)                                                         \
  GSIZE_TO_POINTER (G_STRUCT_OFFSET (NimCliOptions, member))

static gboolean trace_cb (const char *name, const char *value, gpointer data,
                          GError **error);
static gboolean flag_cb (const char *name, const char *value, gpointer data,
                         GError **error);

static const GOptionEntry main_entries[] = {
  { "help", 'h', 0, G_OPTION_ARG_NONE, FIELD (help),
    N_ ("Show this help and exit"), NULL },
  { "help-all", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, FIELD (help),
    N_ ("Show this help and exit"), NULL },
  { "version", 'V', 0, G_OPTION_ARG_NONE, FIELD (version),
    N_ ("Print version information and exit"), NULL },
  { NULL },
};

static const GOptionEntry rules_entries[] = {
  { "heaps", 'H', 0, G_OPTION_ARG_STRING, FIELD (heaps),
    N_ ("Start from these heaps, such as 3,4,5 (asked for when a human "
        "plays)"),
    "LIST" },
  { "max-take", 'k', 0, G_OPTION_ARG_STRING, FIELD (max_take),
    N_ ("A move takes 1 to K matches, such as 3"), "K" },
  { "moves", 'm', 0, G_OPTION_ARG_STRING, FIELD (moves),
    N_ ("A move takes exactly one of these counts, such as 2,7,15,16, "
        "or any number (any)"),
    "LIST" },
  { "rules", 0, 0, G_OPTION_ARG_STRING, FIELD (rules_code),
    N_ ("The take-and-break code of the game, such as 0.333 (take 1 to 3) "
        "or 0.77 (Kayles, whose heaps split)"),
    "CODE" },
  { "misere", 0, 0, G_OPTION_ARG_NONE, FIELD (misere),
    N_ ("Whoever takes the last match loses"), NULL },
  { NULL },
};

static const GOptionEntry player_entries[] = {
  { "player1", '1', 0, G_OPTION_ARG_STRING, FIELD (player1),
    N_ ("Player 1, NAME[:KEY=VALUE,...] (default human; the engine of "
        "--solve, default the rules' theory where they have one, else "
        "negamax)"),
    "SPEC" },
  { "player2", '2', 0, G_OPTION_ARG_STRING, FIELD (player2),
    N_ ("Player 2 (default negamax)"), "SPEC" },
  { "first", 'f', 0, G_OPTION_ARG_STRING, FIELD (first),
    N_ ("Who moves first, 1 or 2 (default 1)"), "N" },
  { "seed", 's', 0, G_OPTION_ARG_STRING, FIELD (seed),
    N_ ("Seed for random players and positions, 0 to 4294967295"), "N" },
  { "list-players", 0, 0, G_OPTION_ARG_NONE, FIELD (list_players),
    N_ ("List the players, their options and the rules they play"), NULL },
  { NULL },
};

static const GOptionEntry output_entries[] = {
  { "json", 'j', 0, G_OPTION_ARG_NONE, FIELD (json),
    N_ ("Print the game, the solution or the summary as one JSON object"),
    NULL },
  { "stats", 0, 0, G_OPTION_ARG_NONE, FIELD (stats),
    N_ ("Print each search's statistics"), NULL },
  { "explain", 0, 0, G_OPTION_ARG_NONE, FIELD (explain),
    N_ ("Say why each computer move was chosen (the theory, or the search's "
        "value and principal variation)"),
    NULL },
  { "trace", 0, G_OPTION_FLAG_OPTIONAL_ARG, G_OPTION_ARG_CALLBACK,
    (gpointer) trace_cb,
    N_ ("Print the tree each computer search explores, DEPTH plies node "
        "by node (default 3)"),
    "DEPTH" },
  { "trace-limit", 0, 0, G_OPTION_ARG_STRING, FIELD (trace_limit),
    N_ ("Show at most N nodes a search in --trace and --dot (default "
        "2000)"),
    "N" },
  { "dot", 0, 0, G_OPTION_ARG_FILENAME, FIELD (dot),
    N_ ("Write the tree of the first computer move as Graphviz DOT to "
        "FILE"),
    "FILE" },
  { NULL },
};

static const GOptionEntry analysis_entries[] = {
  { "solve", 0, 0, G_OPTION_ARG_NONE, FIELD (solve),
    N_ ("Say whether the player to move wins, with every winning move and "
        "the Sprague-Grundy values"),
    NULL },
  { "grundy-sequence", 0, 0, G_OPTION_ARG_STRING, FIELD (grundy_sequence),
    N_ ("Print G(0) to G(N) of one heap and its period"), "N" },
  { "prove", 0, 0, G_OPTION_ARG_NONE, FIELD (prove),
    N_ ("With --grundy-sequence, compute past N until the period is "
        "proven"),
    NULL },
  { "compare", 0, 0, G_OPTION_ARG_NONE, FIELD (compare),
    N_ ("Search the --heaps with every algorithm, and the players of "
        "--player1 and --player2, and print one table"),
    NULL },
  { "nodes", 0, 0, G_OPTION_ARG_STRING, FIELD (nodes),
    N_ ("Node budget of each --compare search, 0 for none (default "
        "10000000)"),
    "N" },
  { NULL },
};

static const GOptionEntry match_entries[] = {
  { "games", 'g', 0, G_OPTION_ARG_STRING, FIELD (games),
    N_ ("Play N games, an even number, player 1 against player 2 (default "
        "negamax against negamax)"),
    "N" },
  { "jobs", 'J', 0, G_OPTION_ARG_STRING, FIELD (jobs),
    N_ ("Play J games at once (default 1); the results do not depend on J"),
    "J" },
  { "affinity", 0, 0, G_OPTION_ARG_NONE, FIELD (affinity),
    N_ ("Pin each job, and the engines it starts, to a processor of its "
        "own (Linux); off by default: unpinned runs are as fast, and runs "
        "pinned at once share the first processors"),
    NULL },
  { "random-heaps", 'r', 0, G_OPTION_ARG_STRING, FIELD (random_heaps),
    N_ ("Start each pair of games from COUNT random heaps of 1 to MAX "
        "matches (default 20), drawn with --seed"),
    "COUNT[:MAX]" },
  { "results", 'o', 0, G_OPTION_ARG_FILENAME, FIELD (results),
    N_ ("Append one JSON line per finished game to FILE, after a line of "
        "the run's parameters"),
    "FILE" },
  { "sprt", 0, 0, G_OPTION_ARG_STRING, FIELD (sprt),
    N_ ("Stop as soon as a sequential test decides between elo0 and elo1 "
        "(alpha, beta default 0.05; model logistic or normalized); "
        "--games is then the most"),
    "elo0=A,elo1=B[,...]" },
  { "positions", 0, 0, G_OPTION_ARG_FILENAME, FIELD (positions),
    N_ ("Play each pair from the next position of FILE, one a line, such as "
        "3,4,5 or 3,4,5 p2"),
    "FILE" },
  { "order", 0, 0, G_OPTION_ARG_STRING, FIELD (order),
    N_ ("Play the --positions in file order or shuffled with --seed "
        "(default sequential)"),
    "sequential|random" },
  { "start", 0, 0, G_OPTION_ARG_STRING, FIELD (start),
    N_ ("Begin with the Nth of the --positions (default 1)"), "N" },
  { "tournament", 0, 0, G_OPTION_ARG_STRING, FIELD (tournament),
    N_ ("Play --games games in each pairing of the --player players, each "
        "against each or the first against the others; print a crosstable "
        "and ratings"),
    "round-robin|gauntlet" },
  { "player", 0, 0, G_OPTION_ARG_STRING_ARRAY, FIELD (players),
    N_ ("A player of the --tournament; give one --player per player"),
    "SPEC" },
  { "resume", 0, 0, G_OPTION_ARG_NONE, FIELD (resume),
    N_ ("Go on with the run of the --results file: count its finished "
        "games, play the others"),
    NULL },
  { "shard", 0, 0, G_OPTION_ARG_STRING, FIELD (shard),
    N_ ("Play only the pairs whose number is K modulo N (give each shard "
        "the same --seed); see --summarize"),
    "K/N" },
  { "quiet", 'q', 0, G_OPTION_ARG_NONE, FIELD (quiet),
    N_ ("Draw no progress line, and say nothing but the summary and "
        "errors"),
    NULL },
  { "per-position", 0, 0, G_OPTION_ARG_NONE, FIELD (per_position),
    N_ ("Add a table of each position's pairs and blunders (moves that "
        "gave a won position away)"),
    NULL },
  { "summarize", 0, 0, G_OPTION_ARG_NONE, FIELD (summarize),
    N_ ("Print the summary of the run whose games the results FILEs hold "
        "(the shards of one run, say), each game once"),
    NULL },
  { "tc", 0, 0, G_OPTION_ARG_STRING, FIELD (tc),
    N_ ("Play every game under a clock: SECONDS a player, plus INC after "
        "each move; running out loses on time"),
    "SECONDS[+INC]" },
  { NULL },
};

static const GOptionEntry engine_entries[] = {
  { "engine", 0, 0, G_OPTION_ARG_STRING_ARRAY, FIELD (engines),
    N_ ("Declare an external UGI engine: NAME then plays wherever a player "
        "does, such as --engine mybot='python3 bot.py' --player2 mybot "
        "(repeatable)"),
    "NAME=COMMAND" },
  { "engine-dir", 0, 0, G_OPTION_ARG_STRING_ARRAY, FIELD (engine_dirs),
    N_ ("Run engine NAME in directory DIR (repeatable)"), "NAME=DIR" },
  { "engine-option", 0, 0, G_OPTION_ARG_STRING_ARRAY, FIELD (engine_options),
    N_ ("Send engine NAME 'setoption name KEY value VALUE' before it starts "
        "(repeatable)"),
    "NAME:KEY=VALUE" },
  { "engine-log", 0, 0, G_OPTION_ARG_FILENAME, FIELD (engine_log),
    N_ ("Write each engine process's conversation and standard error to "
        "DIR/NAME-N.log (default: standard error is discarded)"),
    "DIR" },
  { "engine-startup-timeout", 0, 0, G_OPTION_ARG_STRING,
    FIELD (engine_startup_timeout),
    N_ ("Seconds an engine has to answer ugi and isready (default 10)"),
    "SECONDS" },
  { NULL },
};

static const GOptionEntry ugi_entries[] = {
  { "ugi", 0, 0, G_OPTION_ARG_NONE, FIELD (ugi),
    N_ ("Be a UGI engine on standard input and output, playing as "
        "--player1 (default negamax); see nim(1) and doc/ugi.md"),
    NULL },
  { "check-engine", 0, 0, G_OPTION_ARG_STRING, FIELD (check_engine),
    N_ ("Check that the engine COMMAND speaks UGI: every command, each "
        "check printed; exit 0 when all pass"),
    "NAME|COMMAND" },
  { NULL },
};

/* The groups of --help, each under its heading, in this order. */
static const struct
{
  const char *name;
  const char *heading;
  const GOptionEntry *entries;
} groups[] = {
  { "rules", N_ ("Rules of the game:"), rules_entries },
  { "players", N_ ("Players:"), player_entries },
  { "output", N_ ("Output:"), output_entries },
  { "analysis", N_ ("Analysis:"), analysis_entries },
  { "comparison", N_ ("Comparison runs:"), match_entries },
  { "engines", N_ ("External engines:"), engine_entries },
  { "ugi", N_ ("Engine protocol (UGI):"), ugi_entries },
};

/* An option given twice is refused, not the last value silently kept:
   GOption would free the earlier value, so each option that takes a
   value is parsed as an array (see entries_for) into one of these, and
   take_values() moves the one value into its NimCliOptions field. */
typedef struct
{
  const char *long_name;
  gsize offset;
  char **values;
} Values;

typedef struct
{
  NimCliOptions *o;
  Values values[32];
  guint n_values;
} Parsed;

static void
set_given_twice (const char *long_name, GError **error)
{
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: %s is an option, such as --heaps */
               _ ("%s is given twice; give it once"), long_name);
}

/* A flag such as --json: GOption would let it be given twice, so each
   one of the groups is a callback that sets its field (found by the
   option's name in the tables) and refuses it set already. */
static gboolean
flag_cb (const char *name, const char *value, gpointer data, GError **error)
{
  NimCliOptions *o = data;
  guint i;
  const GOptionEntry *e;

  for (i = 0; i < G_N_ELEMENTS (groups); i++)
    for (e = groups[i].entries; e->long_name != NULL; e++)
      if (e->arg == G_OPTION_ARG_NONE
          && (g_str_equal (name + 2, e->long_name)
              || (name[1] == e->short_name && name[2] == '\0')))
        {
          gboolean *field
              = (gboolean *) ((char *) o + GPOINTER_TO_SIZE (e->arg_data));
          g_autofree char *long_name = g_strconcat ("--", e->long_name, NULL);

          if (*field)
            {
              set_given_twice (long_name, error);
              return FALSE;
            }
          *field = TRUE;
          return TRUE;
        }
  g_assert_not_reached ();
}

/* The entry of nim's options named --@name (the part of @arg before
   any "="), or NULL. */
static const GOptionEntry *
find_long_option (const char *arg)
{
  gsize len = strcspn (arg + 2, "=");
  const GOptionEntry *e;
  guint i;

  for (i = 0; i <= G_N_ELEMENTS (groups); i++)
    for (e = i < G_N_ELEMENTS (groups) ? groups[i].entries : main_entries;
         e->long_name != NULL; e++)
      if (strlen (e->long_name) == len
          && strncmp (arg + 2, e->long_name, len) == 0)
        return e;
  return NULL;
}

/* Refuses a flag given a value, such as --misere=no: GOption drops what
   follows the "=" of an option that takes none, and --misere=no would
   mean --misere.  An argument that is the value of the option before it
   (--results --json=x names a file) is passed over, as GOption takes
   it. */
static gboolean
refuse_flag_values (char **args, GError **error)
{
  const GOptionEntry *e;
  guint i;

  for (i = 1; args[i] != NULL && !g_str_equal (args[i], "--"); i++)
    {
      if (!g_str_has_prefix (args[i], "--")
          || (e = find_long_option (args[i])) == NULL)
        continue;
      if (e->arg == G_OPTION_ARG_NONE && strchr (args[i], '=') != NULL)
        {
          g_autofree char *name = g_strndup (args[i], strcspn (args[i], "="));

          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       /* TRANSLATORS: %1$s is an option that takes no
                          value, such as --json; %2$s what the user wrote,
                          such as --json=yes */
                       _ ("%1$s takes no value; write %1$s alone, not %2$s"),
                       name, args[i]);
          return FALSE;
        }
      if ((e->arg == G_OPTION_ARG_STRING || e->arg == G_OPTION_ARG_FILENAME
           || e->arg == G_OPTION_ARG_STRING_ARRAY)
          && strchr (args[i], '=') == NULL && args[i + 1] != NULL)
        i++;
    }
  return TRUE;
}

/* --trace[=DEPTH]: GOption stores no optional value itself, so this
   callback does, in the options its group was given as user data. */
static gboolean
trace_cb (const char *name, const char *value, gpointer data, GError **error)
{
  NimCliOptions *o = data;

  if (o->trace)
    {
      set_given_twice ("--trace", error);
      return FALSE;
    }
  o->trace = TRUE;
  g_free (o->trace_depth);
  o->trace_depth = g_strdup (value);
  return TRUE;
}

static void
options_clear (NimCliOptions *o)
{
  g_free (o->heaps);
  g_free (o->max_take);
  g_free (o->moves);
  g_free (o->rules_code);
  g_free (o->player1);
  g_free (o->player2);
  g_free (o->first);
  g_free (o->seed);
  g_free (o->grundy_sequence);
  g_free (o->games);
  g_free (o->jobs);
  g_free (o->random_heaps);
  g_free (o->results);
  g_free (o->sprt);
  g_free (o->positions);
  g_free (o->order);
  g_free (o->start);
  g_free (o->tournament);
  g_strfreev (o->players);
  g_free (o->shard);
  g_strfreev (o->files);
  g_free (o->trace_depth);
  g_free (o->trace_limit);
  g_free (o->dot);
  g_free (o->nodes);
  g_strfreev (o->engines);
  g_strfreev (o->engine_dirs);
  g_strfreev (o->engine_options);
  g_free (o->engine_log);
  g_free (o->engine_startup_timeout);
  g_free (o->tc);
  g_free (o->check_engine);
}

/**
 * nim_cli_fail:
 * @error: what went wrong
 * @usage: whether to point at --help when @error is a usage error
 *
 * Reports @error on standard error as nim's message.
 *
 * Returns: the exit status that @error calls for
 */
int
nim_cli_fail (GError *error, gboolean usage)
{
  /* GOption converts arguments to UTF-8 from the locale's character set
     and fails with a bare "invalid byte sequence" on those it cannot. */
  if (error->domain == G_CONVERT_ERROR)
    fprintf (stderr,
             _ ("nim: an argument is not text in this locale's "
                "character set (%s); numbers are written with the "
                "digits 0-9, such as --heaps 3,4,5\n"),
             error->message);
  else
    fprintf (stderr, "nim: %s\n", error->message);
  if (usage
      && (error->domain == G_OPTION_ERROR || error->domain == G_CONVERT_ERROR
          || (error->domain == NIM_ERROR && error->code == NIM_ERROR_USAGE)))
    fputs (_ ("Try 'nim --help' for more information.\n"), stderr);
  return nim_error_to_exit_status (error);
}

/**
 * nim_cli_check_conflicts:
 * @mode: an option, or words such as "one game"
 * @names: the options @mode cannot be combined with, %NULL-terminated
 * @set: whether each of @names was given
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Names the first of the options in @names that was given.
 *
 * Returns: %TRUE when none was
 */
gboolean
nim_cli_check_conflicts (const char *mode, const char *const *names,
                         const gboolean *set, GError **error)
{
  guint i;

  for (i = 0; names[i] != NULL; i++)
    if (set[i])
      {
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     /* TRANSLATORS: an option or "one game", then the
                        option it cannot be combined with. */
                     _ ("%s cannot be combined with %s"), mode, names[i]);
        return FALSE;
      }
  return TRUE;
}

/**
 * nim_cli_parse_heaps:
 * @o: the options
 * @board: (out): the position
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * The position of --heaps, or the default three rows when it was not
 * given.
 *
 * Returns: %TRUE on success
 */
gboolean
nim_cli_parse_heaps (const NimCliOptions *o, NimBoard *board, GError **error)
{
  return nim_board_parse (board, o->heaps ? o->heaps : NIM_CLI_DEFAULT_HEAPS,
                          "--heaps", error);
}

/**
 * nim_cli_parse_seed:
 * @o: the options
 * @seed: (out): the seed
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * The seed of --seed, or one drawn at random when it was not given.
 *
 * Returns: %TRUE on success
 */
gboolean
nim_cli_parse_seed (const NimCliOptions *o, guint64 *seed, GError **error)
{
  if (o->seed == NULL)
    {
      *seed = g_random_int ();
      return TRUE;
    }
  return nim_parse_uint (o->seed, 0, G_MAXUINT32, "--seed", seed, error);
}

/**
 * nim_cli_player_new:
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
nim_cli_player_new (const char *spec, GError **error)
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

static gboolean
parse_rules (const NimCliOptions *o, NimRules *rules, GError **error)
{
  nim_rules_init_default (rules);
  if ((o->max_take != NULL) + (o->moves != NULL) + (o->rules_code != NULL) > 1)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--max-take, --moves and --rules each set the take "
                      "rule; give one of them"));
      return FALSE;
    }
  /* --rules reads any family's notation too (any, 2,7); what no family
     reads is taken for a code, whose messages say what is wrong. */
  if (o->rules_code != NULL
      && (strchr (o->rules_code, '.') != NULL
          || !nim_rules_parse (rules, o->rules_code, "--rules", NULL)))
    {
      NimOctal code;
      g_autofree char *shown = NULL;

      if (!nim_octal_parse (&code, o->rules_code, "--rules", error))
        return FALSE;
      /* A code with a digit before the point splits heaps without
         taking: --grundy-sequence computes its values (it reads the code
         itself), the players do not play it. */
      if (!nim_octal_to_rules (&code, rules) && o->grundy_sequence == NULL)
        {
          shown = nim_octal_to_string (&code);
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--rules %s: nim plays the codes with 0 before "
                          "the point (a move always takes a match), such as "
                          "0.77 or 0.137; for the values and period of any "
                          "code, use --grundy-sequence N --rules %s"),
                       shown, shown);
          return FALSE;
        }
    }
  if (o->max_take != NULL
      && !nim_rules_parse_max_take (rules, o->max_take, "--max-take", error))
    return FALSE;
  if (o->moves != NULL
      && !nim_rules_parse_moves (rules, o->moves, "--moves", error))
    return FALSE;
  rules->misere = o->misere;
  return TRUE;
}

/* Checks the teaching options (--trace, --trace-limit, --dot, --compare,
   --nodes) and fills @trace from them; the text trace goes where
   @trace->out already points. */
static gboolean
teach_check (const NimCliOptions *o, NimTraceOptions *trace, GError **error)
{
  gboolean tracing = o->trace || o->dot != NULL;

  if (tracing && (o->grundy_sequence != NULL || o->games != NULL))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--trace and --dot show the searches of one game or "
                      "of --solve; leave out --grundy-sequence and "
                      "--games"));
      return FALSE;
    }
  if (o->compare && tracing)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--compare traces none of its searches; leave out "
                      "--trace and --dot"));
      return FALSE;
    }
  if (o->nodes != NULL && !o->compare)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--nodes is the budget of --compare; a player's budget "
                      "is its nodes= option, such as negamax:nodes=1000"));
      return FALSE;
    }
  if (o->trace_limit != NULL && !tracing)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--trace-limit goes with --trace or --dot"));
      return FALSE;
    }
  if (o->dot != NULL && *o->dot == '\0')
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--dot: give a file name, such as --dot tree.dot"));
      return FALSE;
    }
  /* --dot draws as deep as --trace=DEPTH says, else every ply. */
  if (o->trace)
    {
      if (!nim_trace_parse_depth (o->trace_depth, &trace->depth, error))
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

/* The modes of nim, as bits of option_modes[].modes. */
enum
{
  MODE_GAME = 1 << 0,
  MODE_SOLVE = 1 << 1,
  MODE_GRUNDY = 1 << 2,
  MODE_COMPARE = 1 << 3,
  MODE_GAMES = 1 << 4,
  MODE_ALL = (1 << 5) - 1,
  MODE_UGI = 1 << 5,   /* not in MODE_ALL: setoption sets the rules */
  MODE_CHECK = 1 << 6, /* --check-engine sends rules of its own */
  /* Not in MODE_ALL: it reads results files, and the rules are theirs. */
  MODE_SUMMARIZE = 1 << 7,
};

/* Which mode uses which option: one rule for every mode, so that an
   option a mode would ignore is refused rather than silently dropped.
   @field is the option's NimCliOptions member (see FIELD), a string or,
   when @flag, a gboolean; @shown, when set, names the option in the
   message with why it does not fit.  The mode options themselves are
   checked against each other in dispatch(). */
static const struct
{
  const char *name;
  gpointer field;
  gboolean flag;
  guint modes;
  const char *shown;
} option_modes[] = {
  { "--heaps", FIELD (heaps), FALSE,
    MODE_GAME | MODE_SOLVE | MODE_COMPARE | MODE_GAMES, NULL },
  { "--max-take", FIELD (max_take), FALSE, MODE_ALL, NULL },
  { "--moves", FIELD (moves), FALSE, MODE_ALL, NULL },
  { "--rules", FIELD (rules_code), FALSE, MODE_ALL, NULL },
  { "--prove", FIELD (prove), TRUE, MODE_GRUNDY,
    N_ ("--prove (it needs --grundy-sequence)") },
  { "--misere", FIELD (misere), TRUE, MODE_ALL, NULL },
  { "--player1", FIELD (player1), FALSE,
    MODE_GAME | MODE_SOLVE | MODE_COMPARE | MODE_GAMES | MODE_UGI, NULL },
  { "--player2", FIELD (player2), FALSE, MODE_GAME | MODE_COMPARE | MODE_GAMES,
    NULL },
  { "--first", FIELD (first), FALSE, MODE_GAME, NULL },
  { "--seed", FIELD (seed), FALSE, MODE_GAME | MODE_GAMES | MODE_UGI, NULL },
  { "--json", FIELD (json), TRUE, MODE_ALL | MODE_SUMMARIZE, NULL },
  { "--stats", FIELD (stats), TRUE, MODE_GAME, NULL },
  { "--explain", FIELD (explain), TRUE, MODE_GAME, NULL },
  { "--trace", FIELD (trace), TRUE, MODE_GAME | MODE_SOLVE, NULL },
  { "--trace-limit", FIELD (trace_limit), FALSE, MODE_GAME | MODE_SOLVE,
    NULL },
  { "--dot", FIELD (dot), FALSE, MODE_GAME | MODE_SOLVE, NULL },
  { "--nodes", FIELD (nodes), FALSE, MODE_COMPARE, NULL },
  { "--jobs", FIELD (jobs), FALSE, MODE_GAMES,
    N_ ("--jobs (it needs --games)") },
  { "--affinity", FIELD (affinity), TRUE, MODE_GAMES,
    N_ ("--affinity (it needs --games)") },
  { "--random-heaps", FIELD (random_heaps), FALSE, MODE_GAMES,
    N_ ("--random-heaps (it needs --games)") },
  { "--results", FIELD (results), FALSE, MODE_GAMES,
    N_ ("--results (it needs --games)") },
  { "--sprt", FIELD (sprt), FALSE, MODE_GAMES,
    N_ ("--sprt (it needs --games, the most games to play)") },
  { "--positions", FIELD (positions), FALSE, MODE_GAMES,
    N_ ("--positions (it needs --games)") },
  { "--order", FIELD (order), FALSE, MODE_GAMES,
    N_ ("--order (it needs --games and --positions)") },
  { "--start", FIELD (start), FALSE, MODE_GAMES,
    N_ ("--start (it needs --games and --positions)") },
  { "--tournament", FIELD (tournament), FALSE, MODE_GAMES,
    N_ ("--tournament (it needs --games, the games of each pairing)") },
  { "--player", FIELD (players), FALSE, MODE_GAMES,
    N_ ("--player (it needs --games and --tournament)") },
  { "--resume", FIELD (resume), TRUE, MODE_GAMES,
    N_ ("--resume (it needs --games and --results)") },
  { "--shard", FIELD (shard), FALSE, MODE_GAMES,
    N_ ("--shard (it needs --games)") },
  { "--summarize", FIELD (summarize), TRUE, MODE_SUMMARIZE, NULL },
  { "--quiet", FIELD (quiet), TRUE, MODE_GAMES | MODE_SUMMARIZE,
    N_ ("--quiet (it needs --games)") },
  { "--per-position", FIELD (per_position), TRUE, MODE_GAMES | MODE_SUMMARIZE,
    N_ ("--per-position (it needs --games)") },
  { "--tc", FIELD (tc), FALSE, MODE_GAME | MODE_GAMES, NULL },
  { "--engine", FIELD (engines), FALSE, MODE_GAME | MODE_GAMES | MODE_CHECK,
    NULL },
  { "--engine-dir", FIELD (engine_dirs), FALSE,
    MODE_GAME | MODE_GAMES | MODE_CHECK, NULL },
  { "--engine-option", FIELD (engine_options), FALSE, MODE_GAME | MODE_GAMES,
    NULL },
  { "--engine-log", FIELD (engine_log), FALSE,
    MODE_GAME | MODE_GAMES | MODE_CHECK, NULL },
  { "--engine-startup-timeout", FIELD (engine_startup_timeout), FALSE,
    MODE_GAME | MODE_GAMES, NULL },
};

/* Refuses the first option given that @mode (one bit) does not use;
   @mode_name names the mode in the message. */
static gboolean
check_mode_options (const NimCliOptions *o, guint mode, const char *mode_name,
                    GError **error)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (option_modes); i++)
    {
      const char *at
          = (const char *) o + GPOINTER_TO_SIZE (option_modes[i].field);
      gboolean given = option_modes[i].flag ? *(const gboolean *) at
                                            : *(char *const *) at != NULL;
      const char *shown = option_modes[i].name;

      if (!given || (option_modes[i].modes & mode) != 0)
        continue;
      if (option_modes[i].shown != NULL)
        shown = _ (option_modes[i].shown);
      else if (mode == MODE_GAMES && option_modes[i].field == FIELD (first))
        shown = _ ("--first (each position is played "
                   "with either player first)");
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("%s cannot be combined with %s"), mode_name, shown);
      return FALSE;
    }
  return TRUE;
}

/* Runs the mode the options ask for, after the checks that span modes. */
static int
dispatch (const NimCliOptions *o)
{
  g_autoptr (GError) error = NULL;
  NimRules rules;
  const char *const modes[]
      = { "--solve", "--grundy-sequence", "--games",     "--compare",
          "--ugi",   "--check-engine",    "--summarize", NULL };
  const gboolean set[]
      = { o->solve, o->grundy_sequence != NULL, o->games != NULL, o->compare,
          o->ugi,   o->check_engine != NULL,    o->summarize };
  NimTraceOptions trace_options
      = { stdout, NIM_TRACE_DEFAULT_DEPTH, NIM_TRACE_DEFAULT_LIMIT, NULL };
  guint i;
  int status;

  if (!parse_rules (o, &rules, &error))
    return nim_cli_fail (error, TRUE);
  if (nim_rules_splits (&rules) && o->grundy_sequence == NULL)
    {
      NimBoard board;

      /* Heaps that split need room on the board (a bad --heaps is
         reported where it is read). */
      if (nim_cli_parse_heaps (o, &board, NULL)
          && !nim_board_check_room (&board, &rules, &error))
        return nim_cli_fail (error, TRUE);
    }
  if (!teach_check (o, &trace_options, &error))
    return nim_cli_fail (error, TRUE);
  for (i = 0; modes[i] != NULL; i++)
    if (set[i]
        && !nim_cli_check_conflicts (modes[i], modes + i + 1, set + i + 1,
                                     &error))
      return nim_cli_fail (error, TRUE);
  if (!(o->check_engine != NULL
            ? check_mode_options (o, MODE_CHECK, "--check-engine", &error)
        : o->ugi   ? check_mode_options (o, MODE_UGI, "--ugi", &error)
        : o->solve ? check_mode_options (o, MODE_SOLVE, "--solve", &error)
        : o->grundy_sequence != NULL
            ? check_mode_options (o, MODE_GRUNDY, "--grundy-sequence", &error)
        : o->compare
            ? check_mode_options (o, MODE_COMPARE, "--compare", &error)
        : o->games != NULL
            ? check_mode_options (o, MODE_GAMES, "--games", &error)
        : o->summarize
            ? check_mode_options (o, MODE_SUMMARIZE, "--summarize", &error)
            /* TRANSLATORS: in "one game cannot be combined with --jobs". */
            : check_mode_options (o, MODE_GAME, _ ("one game"), &error)))
    return nim_cli_fail (error, TRUE);
  if (o->ugi)
    return nim_cli_run_ugi (o);
  if (o->check_engine != NULL)
    return nim_cli_run_check_engine (o);
  if (o->solve)
    {
      /* --trace and --dot show the engine's search first. */
      if ((o->trace || o->dot != NULL)
          && (status = nim_cli_run_solve_trace (o, &rules, &trace_options))
                 != NIM_EXIT_OK)
        return status;
      return nim_cli_run_solve (o, &rules);
    }
  if (o->grundy_sequence != NULL)
    return nim_cli_run_grundy_sequence (o, &rules);
  if (o->compare)
    {
      /* Ctrl-C stops the comparison after the rows done. */
      nim_interrupt_catch ();
      status = nim_cli_run_compare (o, &rules);
      nim_interrupt_release ();
      return status;
    }
  if (o->summarize)
    return nim_cli_run_summarize (o);
  /* A game and a comparison run wind down on a first Ctrl-C. */
  nim_interrupt_catch ();
  status = o->games != NULL ? nim_cli_run_match (o, &rules)
                            : nim_cli_run_game (o, &rules, &trace_options);
  nim_interrupt_release ();
  return status;
}

/* A copy of @table whose arg_data point into @p's options (see FIELD),
   or for an option with a value, to a Values of @p (see Values), to be
   freed with g_free(): GOption copies the entries it is given. */
static GOptionEntry *
entries_for (const GOptionEntry *table, Parsed *p)
{
  GOptionEntry *entries;
  gsize n = 0, i;

  while (table[n].long_name != NULL)
    n++;
  entries = g_memdup2 (table, (n + 1) * sizeof *table);
  for (i = 0; i < n; i++)
    if (entries[i].arg == G_OPTION_ARG_STRING
        || entries[i].arg == G_OPTION_ARG_FILENAME)
      {
        Values *v = &p->values[p->n_values++];

        g_assert (p->n_values <= G_N_ELEMENTS (p->values));
        v->long_name = table[i].long_name;
        v->offset = GPOINTER_TO_SIZE (table[i].arg_data);
        entries[i].arg = entries[i].arg == G_OPTION_ARG_STRING
                             ? G_OPTION_ARG_STRING_ARRAY
                             : G_OPTION_ARG_FILENAME_ARRAY;
        entries[i].arg_data = &v->values;
      }
    else if (entries[i].arg == G_OPTION_ARG_NONE && table != main_entries)
      {
        entries[i].arg = G_OPTION_ARG_CALLBACK;
        entries[i].flags |= G_OPTION_FLAG_NO_ARG;
        entries[i].arg_data = (gpointer) flag_cb;
      }
    else if (entries[i].arg != G_OPTION_ARG_CALLBACK)
      entries[i].arg_data
          = (char *) p->o + GPOINTER_TO_SIZE (table[i].arg_data);
  return entries;
}

/* Moves each option's one value into its field; refuses one given
   twice.  Frees every array either way. */
static gboolean
take_values (Parsed *p, GError **error)
{
  gboolean ok = TRUE;
  guint i;

  for (i = 0; i < p->n_values; i++)
    {
      Values *v = &p->values[i];

      if (v->values == NULL)
        continue;
      if (ok && v->values[0] != NULL && v->values[1] != NULL)
        {
          g_autofree char *name = g_strconcat ("--", v->long_name, NULL);

          set_given_twice (name, error);
          ok = FALSE;
        }
      else if (ok && v->values[0] != NULL)
        *(char **) ((char *) p->o + v->offset) = g_strdup (v->values[0]);
      g_clear_pointer (&v->values, g_strfreev);
    }
  return ok;
}

/* The option context of nim, storing what it parses into @o. */
static GOptionContext *
context_new (Parsed *p)
{
  NimCliOptions *o = p->o;
  GOptionContext *context = g_option_context_new (
      N_ ("- play Nim, solve positions, compare engines"));
  g_autofree GOptionEntry *entries = entries_for (main_entries, p);
  g_autofree char *description = nim_cli_help_description ();
  guint i;

  /* Option descriptions, headings and the text below are translated when
     --help prints them; option names stay English. */
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  /* --help shows every group, each under its heading: there are not so
     many options that they need hiding behind --help-GROUP. */
  g_option_context_set_help_enabled (context, FALSE);
  /* The main entries' domain, not NULL: GOption sets the main group's
     domain from it, and NULL would leave -h and -V in English. */
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  for (i = 0; i < G_N_ELEMENTS (groups); i++)
    {
      g_autofree GOptionEntry *group_entries
          = entries_for (groups[i].entries, p);
      /* GOption translates the entries' descriptions (N_() marked) when it
         prints --help, but prints a group's heading as it is given. */
      GOptionGroup *group
          = g_option_group_new (groups[i].name, _ (groups[i].heading),
                                _ (groups[i].heading), o, NULL);

      g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
      g_option_group_add_entries (group, group_entries);
      g_option_context_add_group (context, group);
    }
  /* GOption translates the description too; this text is translated
     already, and a translation looked up again is left as it is. */
  g_option_context_set_description (context, description);
  return context;
}

/* What was asked for once the options are parsed. */
static int
run (const NimCliOptions *o, GOptionContext *context)
{
  g_autoptr (GError) error = NULL;

  if (o->help)
    {
      g_autofree char *help = g_option_context_get_help (context, FALSE, NULL);

      fputs (help, stdout);
      return NIM_EXIT_OK;
    }
  if (o->version)
    {
      nim_cli_print_version ();
      return NIM_EXIT_OK;
    }
  if (!nim_cli_declare_engines (o, &error))
    return nim_cli_fail (error, TRUE);
  if (o->list_players)
    {
      nim_cli_print_players (stdout);
      return NIM_EXIT_OK;
    }
  return dispatch (o);
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
  NimCliOptions o = { 0 };
  Parsed parsed = { 0 };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) args = NULL;
  int status;

  setlocale (LC_ALL, "");
  /* NIM_LOCALEDIR lets the tests use the catalogues of the build tree. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("NIM_LOCALEDIR") != NULL
                                       ? g_getenv ("NIM_LOCALEDIR")
                                       : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  parsed.o = &o;
  context = context_new (&parsed);
  args = g_strdupv (argv);
  if (!refuse_flag_values (args, &error)
      || !g_option_context_parse_strv (context, &args, &error)
      || !take_values (&parsed, &error))
    status = nim_cli_fail (error, TRUE);
  else if (g_strv_length (args) > 1 && g_str_equal (args[1], "--"))
    {
      /* GOption keeps a "--" and what follows it as arguments, and nim
         takes none: "such as --heaps --" would be no help. */
      fputs (_ ("nim: '--' ends the options, but nim takes nothing else; "
                "leave it out\n"
                "Try 'nim --help' for more information.\n"),
             stderr);
      status = NIM_EXIT_USAGE;
    }
  else if (g_strv_length (args) > 1 && o.summarize)
    {
      /* nim --summarize FILE...: the files are the arguments. */
      o.files = g_strdupv (args + 1);
      status = run (&o, context);
    }
  else if (g_strv_length (args) > 1)
    {
      g_autofree char *shown = nim_text_escape (args[1], 40);

      fprintf (stderr,
               _ ("nim: unexpected argument '%1$s'; every setting is "
                  "an option, such as --heaps %1$s\n"
                  "Try 'nim --help' for more information.\n"),
               shown);
      status = NIM_EXIT_USAGE;
    }
  else
    status = run (&o, context);
  options_clear (&o);

  /* A full disk or a closed pipe must not pass for success (GNU
     standards: check for errors when closing standard output). */
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      fprintf (stderr, _ ("nim: write error on standard output: %s\n"),
               g_strerror (errno));
      if (status == NIM_EXIT_OK)
        status = NIM_EXIT_FAILURE;
    }
  return status;
}
