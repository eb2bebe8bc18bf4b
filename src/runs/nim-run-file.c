/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run-file.c -- a results file: the run's configuration in its
 * header line, written and read back by one table of fields, and its
 * games for --resume and --summarize
 *
 * A run writes, before its first game, a header line
 *
 *     {"run": ID, "params": {...}, "shard": "K/N" or null}
 *
 * whose "params" are everything the games depend on, one member a row
 * of fields[] below: the players, the rules, the positions, the seed,
 * the number of games, the SPRT, the clock, the tournament and the
 * external engines with their options (not --jobs, which changes
 * nothing but the times: nim_run_file_unrecorded() lists what is left
 * out, and tests/test-runs checks that every option of --games is one
 * or the other).  "shard" says which of the run's games the file holds.
 * ID is a digest of the parameters, and each game record carries it as
 * "run", with "tally", what its two players did as the summary counts
 * it.  So several runs may share a file, --resume finds its own run's
 * games and skips them, and --summarize counts the games of one run
 * from any number of files, each game once.
 *
 * --resume and --summarize read each header back through the same
 * table and compare the configurations, field by field; a header of an
 * older nim, which recorded fewer fields, reads the missing ones as
 * their defaults (no clock, no engines), and its ID, a digest of what it
 * did record, still finds its games.  The files are read a line at a
 * time: nothing is kept per game but what the counting keeps. */

#include "config.h"

#include "nim-run-file.h"

#include "nim-error.h"
#include "nim-i18n.h"
#include "nim-json.h"
#include "nim-notation.h"
#include "nim-player-engine.h"
#include "nim-record.h"
#include "nim-run-lines.h"

#include <stdio.h>
#include <string.h>

/* How many hex digits of the SHA-256 of the parameters make the ID. */
#define ID_DIGITS 16

/* The most players a tournament's header may name. */
#define MAX_PLAYERS 64

struct _NimRunHeader
{
  NimRunConfig run;
  char *id;
  JsonNode *line;   /* what the strings of @run point into */
  GPtrArray *lists; /* the string lists of @run */
  GArray *boards;   /* the suite of @run.match.positions */
  GArray *first_movers;
};

/**
 * nim_run_config_init:
 * @run: (out): a run
 *
 * A run of nothing yet, every field at its default.
 */
void
nim_run_config_init (NimRunConfig *run)
{
  memset (run, 0, sizeof *run);
  nim_rules_init (&run->match.rules);
  run->match.jobs = 1;
  run->engine_startup_timeout = NIM_ENGINE_DEFAULT_STARTUP_TIMEOUT;
  run->engine_time_margin = NIM_ENGINE_MARGIN / G_TIME_SPAN_MILLISECOND;
}

/* ------------------------------------------------------------------------
   What is wrong with a header */

/* Sets @error: the header's @name holds @value, where @expected was. */
static gboolean
expected (GError **error, const NimRunField *field, JsonNode *value,
          const char *what)
{
  g_autofree char *text
      = value != NULL ? nim_record_to_string (value, FALSE) : NULL;

  if (value == NULL)
    g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                 /* TRANSLATORS: a member of a results file's header line,
                    such as "games". */
                 _ ("the header's \"%s\" is missing"), field->name);
  else
    g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                 /* TRANSLATORS: a member of a results file's header line,
                    such as "games", its value, and what was expected,
                    such as "an even number from 2 to 1000000000". */
                 _ ("the header's \"%1$s\" is %2$s; expected %3$s"),
                 field->name, text, what);
  return FALSE;
}

/* Makes @error, a parser's, a file's error naming the field it was
   reading: a results file that is not understood is no usage error. */
static gboolean
in_field (GError **error, const NimRunField *field)
{
  g_autoptr (GError) cause = g_steal_pointer (error);

  g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
               /* TRANSLATORS: a member of a results file's header line,
                  such as "take", then what is wrong with it. */
               _ ("the header's \"%s\": %s"), field->name, cause->message);
  return FALSE;
}

static const char *
string_or_null (JsonNode *value, gboolean *ok)
{
  *ok = value != NULL
        && (JSON_NODE_HOLDS_NULL (value)
            || json_node_get_value_type (value) == G_TYPE_STRING);
  return *ok && !JSON_NODE_HOLDS_NULL (value) ? json_node_get_string (value)
                                              : NULL;
}

static gboolean
integer (JsonNode *value, gint64 min, gint64 max, gint64 *out)
{
  if (value == NULL || !JSON_NODE_HOLDS_VALUE (value)
      || json_node_get_value_type (value) != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_int (value);
  return *out >= min && *out <= max;
}

static gboolean
number (JsonNode *value, double *out)
{
  GType type;

  if (value == NULL || !JSON_NODE_HOLDS_VALUE (value))
    return FALSE;
  type = json_node_get_value_type (value);
  if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE)
    return FALSE;
  *out = json_node_get_double (value);
  return TRUE;
}

static JsonNode *
string_node (const char *text)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);

  if (text == NULL)
    return json_node_init_null (node);
  return json_node_init_string (node, text);
}

/* A node that owns @o, or @a. */
static JsonNode *
object_node (JsonObject *o)
{
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_node_take_object (node, o);
  return node;
}

static JsonNode *
array_node (JsonArray *a)
{
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_node_take_array (node, a);
  return node;
}

static JsonNode *
list_node (const char *const *list)
{
  JsonArray *a = json_array_new ();
  guint i;

  for (i = 0; list != NULL && list[i] != NULL; i++)
    json_array_add_string_element (a, list[i]);
  return array_node (a);
}

/* A list of strings, %NULL-terminated, kept by @header; %NULL for an
   empty one.  FALSE when @value is no list of strings. */
static gboolean
read_list (JsonNode *value, NimRunHeader *header, const char *const **out)
{
  JsonArray *a;
  const char **list;
  guint n, i;

  *out = NULL;
  if (value == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (value))
    return FALSE;
  a = json_node_get_array (value);
  n = json_array_get_length (a);
  for (i = 0; i < n; i++)
    if (json_node_get_value_type (json_array_get_element (a, i))
        != G_TYPE_STRING)
      return FALSE;
  if (n == 0)
    return TRUE;
  list = g_new0 (const char *, n + 1);
  for (i = 0; i < n; i++)
    list[i] = json_array_get_string_element (a, i);
  g_ptr_array_add (header->lists, list);
  *out = list;
  return TRUE;
}

/* ------------------------------------------------------------------------
   The fields, each written and read back */

static JsonNode *
players_write (const NimRunConfig *run)
{
  if (run->players != NULL)
    return list_node (run->players);
  return list_node (
      (const char *const[]){ run->match.specs[0], run->match.specs[1], NULL });
}

/* The two players of a run, or a tournament's (sorted out when the
   tournament is read: see header_read ()). */
static gboolean
players_read (const NimRunField *field, NimRunConfig *run, JsonNode *value,
              NimRunHeader *header, GError **error)
{
  guint n = 0;

  if (!read_list (value, header, &run->players) || run->players == NULL)
    return expected (error, field, value, _ ("a list of player specs"));
  while (run->players[n] != NULL)
    n++;
  if (n < 2 || n > MAX_PLAYERS)
    return expected (error, field, value, _ ("a list of player specs"));
  return TRUE;
}

static JsonNode *
tournament_write (const NimRunConfig *run)
{
  return string_node (run->tournament);
}

static gboolean
tournament_read (const NimRunField *field, NimRunConfig *run, JsonNode *value,
                 NimRunHeader *header, GError **error)
{
  gboolean ok;

  run->tournament = string_or_null (value, &ok);
  if (value == NULL)
    return TRUE;
  if (!ok
      || (run->tournament != NULL && !g_str_equal (run->tournament, "gauntlet")
          && !g_str_equal (run->tournament, "round-robin")))
    return expected (error, field, value, _ ("round-robin, gauntlet or null"));
  return TRUE;
}

static JsonNode *
take_write (const NimRunConfig *run)
{
  g_autofree char *take = nim_notation_rules (&run->match.rules);

  return string_node (take);
}

static gboolean
take_read (const NimRunField *field, NimRunConfig *run, JsonNode *value,
           NimRunHeader *header, GError **error)
{
  gboolean ok;
  const char *take = string_or_null (value, &ok);

  if (take == NULL)
    return expected (error, field, value,
                     _ ("a take rule, such as any, 1-3 or 2,7,15,16"));
  if (!nim_notation_parse_rules (take, FALSE, &run->match.rules, error))
    return in_field (error, field);
  return TRUE;
}

static JsonNode *
misere_write (const NimRunConfig *run)
{
  return json_node_init_boolean (json_node_alloc (), run->match.rules.misere);
}

static gboolean
misere_read (const NimRunField *field, NimRunConfig *run, JsonNode *value,
             NimRunHeader *header, GError **error)
{
  if (value == NULL || json_node_get_value_type (value) != G_TYPE_BOOLEAN)
    return expected (error, field, value, _ ("true or false"));
  run->match.rules.misere = json_node_get_boolean (value);
  return TRUE;
}

static JsonNode *
positions_write (const NimRunConfig *run)
{
  const NimMatchConfig *config = &run->match;
  JsonObject *o = json_object_new ();
  guint i;

  if (config->n_positions > 0)
    {
      JsonArray *list = json_array_new ();

      json_object_set_member (o, "file",
                              string_node (config->positions_label));
      for (i = 0; i < config->n_positions; i++)
        {
          g_autofree char *text = nim_notation_position (
              &config->positions[i],
              config->first_movers ? config->first_movers[i] : 1);

          json_array_add_string_element (list, text);
        }
      json_object_set_array_member (o, "list", list);
      json_object_set_string_member (
          o, "order", config->random_order ? "random" : "sequential");
      json_object_set_int_member (o, "start", config->start_position + 1);
    }
  else if (config->random_count > 0)
    {
      json_object_set_int_member (o, "random_count", config->random_count);
      json_object_set_int_member (o, "random_max", config->random_max);
    }
  else
    {
      g_autofree char *heaps = nim_board_to_string (&config->start);

      json_object_set_string_member (o, "heaps", heaps);
    }
  return object_node (o);
}

/* The suite of a "positions" object: its "list", "file", "order" and
   "start". */
static gboolean
suite_read (const NimRunField *field, NimMatchConfig *config, JsonObject *pos,
            NimRunHeader *header, GError **error)
{
  JsonNode *list = json_object_get_member (pos, "list");
  JsonNode *order = json_object_get_member (pos, "order");
  gint64 start = 1;
  JsonArray *a;
  gboolean ok;
  guint i;

  if (!JSON_NODE_HOLDS_ARRAY (list)
      || json_array_get_length (json_node_get_array (list)) == 0)
    return expected (error, field, list, _ ("a list of positions"));
  a = json_node_get_array (list);
  header->boards = g_array_new (FALSE, FALSE, sizeof (NimBoard));
  header->first_movers = g_array_new (FALSE, FALSE, sizeof (guint));
  for (i = 0; i < json_array_get_length (a); i++)
    {
      JsonNode *p = json_array_get_element (a, i);
      NimBoard board;
      guint mover;

      if (json_node_get_value_type (p) != G_TYPE_STRING)
        return expected (error, field, p, _ ("a list of positions"));
      if (!nim_notation_parse_position (json_node_get_string (p), &board,
                                        &mover, error))
        return in_field (error, field);
      g_array_append_val (header->boards, board);
      g_array_append_val (header->first_movers, mover);
    }
  config->positions = (const NimBoard *) header->boards->data;
  config->first_movers = (const guint *) header->first_movers->data;
  config->n_positions = header->boards->len;
  config->positions_label
      = string_or_null (json_object_get_member (pos, "file"), &ok);
  if (order != NULL)
    {
      const char *o = string_or_null (order, &ok);

      if (o == NULL
          || (!g_str_equal (o, "random") && !g_str_equal (o, "sequential")))
        return expected (error, field, order, _ ("sequential or random"));
      config->random_order = g_str_equal (o, "random");
    }
  if (json_object_has_member (pos, "start")
      && !integer (json_object_get_member (pos, "start"), 1,
                   config->n_positions, &start))
    return expected (error, field, json_object_get_member (pos, "start"),
                     _ ("the number of a position of the list"));
  config->start_position = (guint) (start - 1);
  return TRUE;
}

static gboolean
positions_read (const NimRunField *field, NimRunConfig *run, JsonNode *value,
                NimRunHeader *header, GError **error)
{
  NimMatchConfig *config = &run->match;
  JsonObject *pos;
  gint64 count, max;
  gboolean ok;

  if (value == NULL || !JSON_NODE_HOLDS_OBJECT (value))
    return expected (error, field, value,
                     _ ("the heaps, the random heaps or the list of "
                        "positions"));
  pos = json_node_get_object (value);
  if (json_object_has_member (pos, "list"))
    return suite_read (field, config, pos, header, error);
  if (json_object_has_member (pos, "random_count"))
    {
      if (!integer (json_object_get_member (pos, "random_count"), 1,
                    NIM_MAX_HEAPS, &count)
          || !integer (json_object_get_member (pos, "random_max"), 1,
                       NIM_MATCH_MAX_MATCHES, &max))
        return expected (error, field, value,
                         _ ("the heaps, the random heaps or the list of "
                            "positions"));
      config->random_count = (guint) count;
      config->random_max = (guint32) max;
      return TRUE;
    }
  if (!nim_board_parse (
          &config->start,
          string_or_null (json_object_get_member (pos, "heaps"), &ok), "heaps",
          error))
    return in_field (error, field);
  return TRUE;
}

static JsonNode *
seed_write (const NimRunConfig *run)
{
  return json_node_init_int (json_node_alloc (), run->match.seed);
}

static gboolean
seed_read (const NimRunField *field, NimRunConfig *run, JsonNode *value,
           NimRunHeader *header, GError **error)
{
  gint64 seed;

  if (!integer (value, 0, G_MAXUINT32, &seed))
    return expected (error, field, value,
                     _ ("a whole number from 0 to 4294967295"));
  run->match.seed = (guint32) seed;
  return TRUE;
}

static JsonNode *
games_write (const NimRunConfig *run)
{
  return json_node_init_int (json_node_alloc (), (gint64) run->match.games);
}

static gboolean
games_read (const NimRunField *field, NimRunConfig *run, JsonNode *value,
            NimRunHeader *header, GError **error)
{
  gint64 games;

  if (!integer (value, 2, NIM_MATCH_MAX_GAMES, &games) || games % 2 != 0)
    {
      g_autofree char *what
          = g_strdup_printf (_ ("an even number from 2 to %llu"),
                             (unsigned long long) NIM_MATCH_MAX_GAMES);

      return expected (error, field, value, what);
    }
  run->match.games = (guint64) games;
  return TRUE;
}

static JsonNode *
sprt_write (const NimRunConfig *run)
{
  const NimSprt *sprt = &run->match.sprt;
  JsonObject *o;

  if (!run->match.sprt_enabled)
    return json_node_init_null (json_node_alloc ());
  o = json_object_new ();
  json_object_set_double_member (o, "elo0", sprt->elo0);
  json_object_set_double_member (o, "elo1", sprt->elo1);
  json_object_set_double_member (o, "alpha", sprt->alpha);
  json_object_set_double_member (o, "beta", sprt->beta);
  json_object_set_string_member (o, "model",
                                 nim_sprt_model_name (sprt->model));
  return object_node (o);
}

static gboolean
sprt_read (const NimRunField *field, NimRunConfig *run, JsonNode *value,
           NimRunHeader *header, GError **error)
{
  NimSprt *sprt = &run->match.sprt;
  JsonObject *o;
  const char *model;
  gboolean ok;

  run->match.sprt_enabled = FALSE;
  if (value != NULL && JSON_NODE_HOLDS_NULL (value))
    return TRUE;
  if (value == NULL || !JSON_NODE_HOLDS_OBJECT (value))
    return expected (error, field, value,
                     _ ("null, or the test's elo0, elo1, alpha, beta and "
                        "model"));
  o = json_node_get_object (value);
  model = string_or_null (json_object_get_member (o, "model"), &ok);
  if (!number (json_object_get_member (o, "elo0"), &sprt->elo0)
      || !number (json_object_get_member (o, "elo1"), &sprt->elo1)
      || !number (json_object_get_member (o, "alpha"), &sprt->alpha)
      || !number (json_object_get_member (o, "beta"), &sprt->beta)
      || model == NULL
      || (!g_str_equal (model, "logistic")
          && !g_str_equal (model, "normalized")))
    return expected (error, field, value,
                     _ ("null, or the test's elo0, elo1, alpha, beta and "
                        "model"));
  sprt->model = g_str_equal (model, "normalized") ? NIM_SPRT_NORMALIZED
                                                  : NIM_SPRT_LOGISTIC;
  if (!nim_sprt_check (sprt, error))
    return in_field (error, field);
  run->match.sprt_enabled = TRUE;
  return TRUE;
}

static JsonNode *
tc_write (const NimRunConfig *run)
{
  JsonObject *o;

  if (run->match.tc_seconds <= 0)
    return json_node_init_null (json_node_alloc ());
  o = json_object_new ();
  json_object_set_double_member (o, "seconds", run->match.tc_seconds);
  json_object_set_double_member (o, "increment", run->match.tc_increment);
  return object_node (o);
}

/* --tc: a header of an older nim, which did not record it, has no
   clock. */
static gboolean
tc_read (const NimRunField *field, NimRunConfig *run, JsonNode *value,
         NimRunHeader *header, GError **error)
{
  run->match.tc_seconds = run->match.tc_increment = 0;
  if (value == NULL || JSON_NODE_HOLDS_NULL (value))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (value)
      || !number (
          json_object_get_member (json_node_get_object (value), "seconds"),
          &run->match.tc_seconds)
      || !number (
          json_object_get_member (json_node_get_object (value), "increment"),
          &run->match.tc_increment)
      || run->match.tc_seconds <= 0 || run->match.tc_increment < 0)
    return expected (error, field, value,
                     _ ("null, or a clock's seconds and increment"));
  return TRUE;
}

static JsonNode *
engines_write (const NimRunConfig *run)
{
  return list_node (run->engines);
}

static gboolean
engines_read (const NimRunField *field, NimRunConfig *run, JsonNode *value,
              NimRunHeader *header, GError **error)
{
  if (!read_list (value, header, &run->engines))
    return expected (error, field, value, _ ("a list of texts"));
  return TRUE;
}

static JsonNode *
engine_dirs_write (const NimRunConfig *run)
{
  return list_node (run->engine_dirs);
}

static gboolean
engine_dirs_read (const NimRunField *field, NimRunConfig *run, JsonNode *value,
                  NimRunHeader *header, GError **error)
{
  if (!read_list (value, header, &run->engine_dirs))
    return expected (error, field, value, _ ("a list of texts"));
  return TRUE;
}

static JsonNode *
engine_options_write (const NimRunConfig *run)
{
  return list_node (run->engine_options);
}

static gboolean
engine_options_read (const NimRunField *field, NimRunConfig *run,
                     JsonNode *value, NimRunHeader *header, GError **error)
{
  if (!read_list (value, header, &run->engine_options))
    return expected (error, field, value, _ ("a list of texts"));
  return TRUE;
}

static JsonNode *
engine_startup_timeout_write (const NimRunConfig *run)
{
  return json_node_init_double (json_node_alloc (),
                                run->engine_startup_timeout);
}

static gboolean
engine_startup_timeout_read (const NimRunField *field, NimRunConfig *run,
                             JsonNode *value, NimRunHeader *header,
                             GError **error)
{
  run->engine_startup_timeout = NIM_ENGINE_DEFAULT_STARTUP_TIMEOUT;
  if (value == NULL)
    return TRUE;
  if (!number (value, &run->engine_startup_timeout)
      || run->engine_startup_timeout <= 0)
    return expected (error, field, value, _ ("a number of seconds"));
  return TRUE;
}

static JsonNode *
timemargin_write (const NimRunConfig *run)
{
  return json_node_init_int (json_node_alloc (), run->engine_time_margin);
}

static gboolean
timemargin_read (const NimRunField *field, NimRunConfig *run, JsonNode *value,
                 NimRunHeader *header, GError **error)
{
  gint64 ms;

  run->engine_time_margin = NIM_ENGINE_MARGIN / G_TIME_SPAN_MILLISECOND;
  if (value == NULL)
    return TRUE;
  if (!integer (value, 0, 3600 * 1000, &ms))
    return expected (error, field, value,
                     _ ("a number of milliseconds from 0 to 3600000"));
  run->engine_time_margin = (guint) ms;
  return TRUE;
}

static JsonNode *
shard_write (const NimRunConfig *run)
{
  g_autofree char *shard = NULL;

  if (run->match.shards > 1)
    shard = g_strdup_printf ("%u/%u", run->match.shard, run->match.shards);
  return string_node (shard);
}

static gboolean
shard_read (const NimRunField *field, NimRunConfig *run, JsonNode *value,
            NimRunHeader *header, GError **error)
{
  gboolean ok;
  const char *text = string_or_null (value, &ok);
  guint k, n;
  char end;

  run->match.shard = run->match.shards = 0;
  if (value == NULL || (ok && text == NULL))
    return TRUE;
  if (text == NULL || sscanf (text, "%u/%u%c", &k, &n, &end) != 2 || k < 1
      || k > n)
    return expected (error, field, value, _ ("null, or K/N, such as 1/4"));
  run->match.shard = k;
  run->match.shards = n;
  return TRUE;
}

/* The fields of a run's configuration, in the order of the header.
   Those an older nim did not record read as their defaults. */
static const NimRunField fields[] = {
  { "players", "--player1 --player2 --player", TRUE, players_write,
    players_read },
  { "tournament", "--tournament", TRUE, tournament_write, tournament_read },
  { "take", "--max-take --moves --rules", TRUE, take_write, take_read },
  { "misere", "--misere", TRUE, misere_write, misere_read },
  { "positions", "--heaps --random-heaps --positions --order --start", TRUE,
    positions_write, positions_read },
  { "seed", "--seed", TRUE, seed_write, seed_read },
  { "games", "--games", TRUE, games_write, games_read },
  { "sprt", "--sprt", TRUE, sprt_write, sprt_read },
  { "tc", "--tc", TRUE, tc_write, tc_read },
  { "engines", "--engine", TRUE, engines_write, engines_read },
  { "engine_dirs", "--engine-dir", TRUE, engine_dirs_write, engine_dirs_read },
  { "engine_options", "--engine-option", TRUE, engine_options_write,
    engine_options_read },
  { "engine_startup_timeout", "--engine-startup-timeout", TRUE,
    engine_startup_timeout_write, engine_startup_timeout_read },
  { "timemargin", "--timemargin", TRUE, timemargin_write, timemargin_read },
  { "shard", "--shard", FALSE, shard_write, shard_read },
  { NULL },
};

/**
 * nim_run_file_fields:
 *
 * Returns: (transfer none): the fields of a run's configuration that its
 *   results file records, ended by one without a name
 */
const NimRunField *
nim_run_file_fields (void)
{
  return fields;
}

/* The options of --games that change no game, which the header leaves
   out: how many games are played at once and where, where the results
   go, and what is shown. */
static const char *const unrecorded[] = {
  "--jobs",         "--affinity", "--results",    "--resume",       "--quiet",
  "--per-position", "--json",     "--engine-log", "--list-players", NULL,
};

/**
 * nim_run_file_unrecorded:
 *
 * Returns: (transfer none): the options of a run that no field records,
 *   as they change none of its games, %NULL-terminated
 */
const char *const *
nim_run_file_unrecorded (void)
{
  return unrecorded;
}

/* ------------------------------------------------------------------------
   Writing */

/* The parameters of @run: its identity fields. */
static JsonNode *
params_write (const NimRunConfig *run)
{
  JsonObject *o = json_object_new ();
  const NimRunField *f;

  for (f = fields; f->name != NULL; f++)
    if (f->identity)
      json_object_set_member (o, f->name, f->write (run));
  return object_node (o);
}

/* The ID of a run whose parameters are @params: the first digits of
   their digest.  Every nim that wrote an ID made it so. */
static char *
params_digest (JsonNode *params)
{
  g_autofree char *text = nim_record_to_string (params, FALSE);
  g_autofree char *sum
      = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);

  return g_strndup (sum, ID_DIGITS);
}

/**
 * nim_run_file_header:
 * @run: a run
 * @id: (out) (transfer full) (optional): its ID, a digest of its
 *   parameters
 *
 * Returns: (transfer full): the header line of @run, newline included
 */
char *
nim_run_file_header (const NimRunConfig *run, char **id)
{
  g_autoptr (JsonNode) params = params_write (run);
  g_autofree char *digest = params_digest (params);
  JsonObject *o = json_object_new ();
  g_autoptr (JsonNode) line = object_node (o);
  g_autofree char *line_text = NULL;
  const NimRunField *f;

  json_object_set_string_member (o, "run", digest);
  json_object_set_member (o, "params", json_node_ref (params));
  for (f = fields; f->name != NULL; f++)
    if (!f->identity)
      json_object_set_member (o, f->name, f->write (run));
  line_text = nim_record_to_string (line, FALSE);
  if (id != NULL)
    *id = g_steal_pointer (&digest);
  return g_strconcat (line_text, "\n", NULL);
}

/* A value as JSON text, cut short when long (a suite's list). */
static char *
value_text (JsonNode *node)
{
  g_autofree char *text = nim_record_to_string (node, FALSE);

  if (g_utf8_strlen (text, -1) > 60)
    {
      g_autofree char *cut = g_utf8_substring (text, 0, 57);

      return g_strconcat (cut, "...", NULL);
    }
  return g_steal_pointer (&text);
}

/**
 * nim_run_file_differences:
 * @theirs: a run as a results file records it
 * @ours: this run
 * @shard: whether to compare the shards too (--resume: this process's
 *   part of the run), not only what the run is (--summarize)
 * @labels: (nullable) (array fixed-size=2): what to call @theirs and
 *   @ours, such as two runs' IDs; %NULL for the file and this run
 *
 * Returns: (transfer full): what differs, one "NAME: X in the file, Y
 *   now" (or "NAME: X in A, Y in B") a line, each line starting with a
 *   newline; "" for nothing
 */
char *
nim_run_file_differences (const NimRunConfig *theirs, const NimRunConfig *ours,
                          gboolean shard, const char *const *labels)
{
  g_autoptr (GString) s = g_string_new (NULL);
  const NimRunField *f;

  for (f = fields; f->name != NULL; f++)
    {
      g_autoptr (JsonNode) a = NULL;
      g_autoptr (JsonNode) b = NULL;
      g_autofree char *ta = NULL;
      g_autofree char *tb = NULL;

      if (!f->identity && !shard)
        continue;
      a = f->write (theirs);
      b = f->write (ours);
      ta = nim_record_to_string (a, FALSE);
      tb = nim_record_to_string (b, FALSE);
      if (!g_str_equal (ta, tb))
        {
          g_autofree char *va = value_text (a);
          g_autofree char *vb = value_text (b);

          if (labels == NULL)
            /* TRANSLATORS: a parameter of a run (players, seed, ...), its
               value in the results file, and its value in this run. */
            g_string_append_printf (s, _ ("\n  %s: %s in the file, %s now"),
                                    f->name, va, vb);
          else
            /* TRANSLATORS: a parameter of a run (players, seed, ...), its
               value in one run and what that run is called, its value in
               another and what that one is called. */
            g_string_append_printf (s,
                                    _ ("\n  %1$s: %2$s in %3$s, %4$s in "
                                       "%5$s"),
                                    f->name, va, labels[0], vb, labels[1]);
        }
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* ------------------------------------------------------------------------
   Reading */

/**
 * nim_run_header_free:
 * @header: (nullable): a header read back
 */
void
nim_run_header_free (NimRunHeader *header)
{
  if (header == NULL)
    return;
  g_free (header->id);
  g_clear_pointer (&header->line, json_node_unref);
  g_ptr_array_unref (header->lists);
  g_clear_pointer (&header->boards, g_array_unref);
  g_clear_pointer (&header->first_movers, g_array_unref);
  g_free (header);
}

/* A header line read back through the fields; %NULL with @error saying
   which field is wrong and how. */
static NimRunHeader *
header_read (JsonObject *line, GError **error)
{
  g_autoptr (NimRunHeader) header = g_new0 (NimRunHeader, 1);
  static const NimRunField run_id = { "run" };
  JsonNode *id = json_object_get_member (line, "run");
  JsonNode *params = json_object_get_member (line, "params");
  JsonObject *p;
  NimRunConfig *run = &header->run;
  const NimRunField *f;
  g_autoptr (GList) names = NULL;
  g_autofree char *digest = NULL;
  GList *l;
  gboolean ok;

  header->lists = g_ptr_array_new_with_free_func (g_free);
  header->line = json_node_init_object (json_node_alloc (), line);
  nim_run_config_init (run);
  if (string_or_null (id, &ok) == NULL)
    {
      expected (error, &run_id, id, _ ("a run's ID"));
      return NULL;
    }
  header->id = g_strdup (json_node_get_string (id));
  p = json_node_get_object (params);
  names = json_object_get_members (p);
  for (l = names; l != NULL; l = l->next)
    {
      for (f = fields; f->name != NULL; f++)
        if (f->identity && g_str_equal (f->name, l->data))
          break;
      if (f->name == NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                       /* TRANSLATORS: a member of a results file's
                          header line. */
                       _ ("the header's \"%s\" is no setting this nim "
                          "knows (a newer nim may have written it)"),
                       (const char *) l->data);
          return NULL;
        }
    }
  for (f = fields; f->name != NULL; f++)
    if (!f->read (f, run,
                  json_object_get_member (f->identity ? p : line, f->name),
                  header, error))
      return NULL;
  /* The players of a run of two are its specs. */
  if (run->tournament == NULL)
    {
      if (run->players[2] != NULL)
        {
          expected (error, &fields[0], json_object_get_member (p, "players"),
                    _ ("two players, without a tournament"));
          return NULL;
        }
      run->match.specs[0] = run->players[0];
      run->match.specs[1] = run->players[1];
      run->players = NULL;
    }
  /* The ID is the digest of the parameters as they were written: a
     header whose parameters were edited afterwards (another seed, say)
     would count the games of one run as those of another. */
  digest = params_digest (params);
  if (!g_str_equal (digest, header->id))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("the header's \"run\" is %s, but the digest of its "
                      "\"params\" is %s: the header was changed after its "
                      "run wrote it, and its games cannot be told from "
                      "another run's; put the header back as it was, or "
                      "give another results file"),
                   header->id, digest);
      return NULL;
    }
  return g_steal_pointer (&header);
}

/**
 * nim_run_header_parse:
 * @line: a header line, as nim_run_file_header() writes it
 * @error: return location for a #NIM_ERROR_FAILED error saying what is
 *   wrong with it
 *
 * Returns: (transfer full) (nullable): the run it records
 */
NimRunHeader *
nim_run_header_parse (const char *line, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root;

  if (!json_parser_load_from_data (parser, line, -1, error))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root)
      || !JSON_NODE_HOLDS_OBJECT (
          json_object_get_member (json_node_get_object (root), "params")))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("the line is no run's header"));
      return NULL;
    }
  return header_read (json_node_get_object (root), error);
}

/**
 * nim_run_header_get_config:
 * @header: a header read back
 *
 * Returns: (transfer none): the run it records, which lives as long as
 *   @header
 */
const NimRunConfig *
nim_run_header_get_config (const NimRunHeader *header)
{
  return &header->run;
}

/**
 * nim_run_header_get_id:
 * @header: a header read back
 *
 * Returns: (transfer none): the ID the run's games carry
 */
const char *
nim_run_header_get_id (const NimRunHeader *header)
{
  return header->id;
}

/* The most lines that are not records named for one file. */
#define MAX_BAD_LINES 5

/* Notes line @number of the file, which is no record, and why. */
static void
add_bad_line (NimRunFileScan *scan, guint64 number, const char *why)
{
  if (scan == NULL)
    return;
  if (scan->bad_lines++ < MAX_BAD_LINES)
    g_ptr_array_add (
        scan->bad,
        g_strdup_printf ("%llu: %s", (unsigned long long) number, why));
}

/* Reads @path a line at a time, calling @func on each parsed object with
   its line number.  Into @scan, when not %NULL, goes what is wrong: the
   lines that are not JSON objects, and whether the last one is
   incomplete.  @func may fail, which stops the reading. */
typedef gboolean (*LineFunc) (gpointer data, JsonObject *o, guint64 number,
                              GError **error);

static gboolean
each_line (const char *path, LineFunc func, gpointer data,
           NimRunFileScan *scan, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (NimRunLines) lines = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  const char *line;
  gsize length;
  gboolean ended, nul;

  lines = nim_run_lines_open (path, NIM_RUN_FILE_MAX_LINE, 0, &local);
  if (lines == NULL)
    {
      if (g_error_matches (local, NIM_ERROR, NIM_ERROR_INTERRUPTED))
        g_propagate_error (error, g_steal_pointer (&local));
      else
        g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                     _ ("cannot read the results file %s: %s"), path,
                     local->message);
      return FALSE;
    }
  while ((line = nim_run_lines_next (lines, &length, &ended, &nul, &local))
         != NULL)
    {
      guint64 number = nim_run_lines_number (lines);
      JsonNode *root = NULL;

      if (length == 0)
        continue;
      if (nul || !nim_json_load (parser, line, (gssize) length, NULL, NULL)
          || (root = json_parser_get_root (parser)) == NULL
          || !JSON_NODE_HOLDS_OBJECT (root))
        {
          /* The last line cut short is the torn end; a fragment before
             it was set apart by a run that came after. */
          if (!ended && scan != NULL)
            scan->torn_end = TRUE;
          else if (ended)
            add_bad_line (scan, number,
                          nul    ? _ ("it holds a NUL byte")
                          : root ? _ ("it is JSON, but not an object")
                                 : _ ("it is not JSON"));
          continue;
        }
      if (!func (data, json_node_get_object (root), number, error))
        {
          g_prefix_error (error, "%s:%llu: ", path,
                          (unsigned long long) number);
          return FALSE;
        }
    }
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return TRUE;
}

static gboolean
scan_line (gpointer data, JsonObject *o, guint64 number, GError **error)
{
  NimRunFileScan *scan = data;
  NimRunHeader *header;
  JsonNode *run = json_object_get_member (o, "run");

  if (json_object_has_member (o, "game"))
    {
      gpointer n;

      if (run == NULL || json_node_get_value_type (run) != G_TYPE_STRING)
        {
          add_bad_line (scan, number,
                        _ ("a game record without a run's ID, which no "
                           "run counts"));
          return TRUE;
        }
      n = g_hash_table_lookup (scan->games, json_node_get_string (run));
      g_hash_table_replace (scan->games, g_strdup (json_node_get_string (run)),
                            GSIZE_TO_POINTER (GPOINTER_TO_SIZE (n) + 1));
      return TRUE;
    }
  if (!json_object_has_member (o, "params") || run == NULL)
    {
      add_bad_line (scan, number,
                    _ ("it is JSON, but neither a run's header nor a game "
                       "record"));
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_OBJECT (json_object_get_member (o, "params")))
    {
      static const NimRunField params = { "params" };

      return expected (error, &params, json_object_get_member (o, "params"),
                       _ ("the run's settings"));
    }
  header = header_read (o, error);
  if (header == NULL)
    return FALSE;
  g_ptr_array_add (scan->headers, header);
  return TRUE;
}

/**
 * nim_run_file_scan:
 * @path: a results file
 * @error: return location for an error: a file that cannot be read, or
 *   a header line that is not understood (#NIM_ERROR_FAILED, the message
 *   naming the file, the line and what is wrong); a line longer than
 *   %NIM_RUN_FILE_MAX_LINE (#NIM_ERROR_USAGE)
 *
 * Reads the header lines of @path, counts the game records of each run,
 * and notes the lines that are neither.
 *
 * Returns: (transfer full) (nullable): what was found
 */
NimRunFileScan *
nim_run_file_scan (const char *path, GError **error)
{
  g_autoptr (NimRunFileScan) scan = g_new0 (NimRunFileScan, 1);

  scan->headers
      = g_ptr_array_new_with_free_func ((GDestroyNotify) nim_run_header_free);
  scan->games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  scan->bad = g_ptr_array_new_with_free_func (g_free);
  if (!each_line (path, scan_line, scan, scan, error))
    return NULL;
  return g_steal_pointer (&scan);
}

/**
 * nim_run_file_scan_games:
 * @scan: what nim_run_file_scan() found
 * @id: (nullable): a run's ID, or %NULL for every run
 *
 * Returns: how many game records of the run @id (of any run) the file
 *   holds
 */
guint64
nim_run_file_scan_games (const NimRunFileScan *scan, const char *id)
{
  GHashTableIter iter;
  gpointer n;
  guint64 total = 0;

  if (id != NULL)
    return GPOINTER_TO_SIZE (g_hash_table_lookup (scan->games, id));
  g_hash_table_iter_init (&iter, scan->games);
  while (g_hash_table_iter_next (&iter, NULL, &n))
    total += GPOINTER_TO_SIZE (n);
  return total;
}

/**
 * nim_run_file_scan_warn:
 * @scan: what nim_run_file_scan() found
 * @path: the file it read
 *
 * Says on standard error which lines of @path are neither a run's header
 * nor a game record (the first few of them): they are skipped, and a
 * game of a run they held is not counted.
 */
void
nim_run_file_scan_warn (const NimRunFileScan *scan, const char *path)
{
  guint i;

  for (i = 0; i < scan->bad->len; i++)
    /* TRANSLATORS: a file, then a line number and why the line is no
       record, such as "3: it is not JSON". */
    fprintf (stderr, _ ("nim: %s:%s; the line is not counted\n"), path,
             (const char *) scan->bad->pdata[i]);
  if (scan->bad_lines > scan->bad->len)
    fprintf (stderr,
             g_dngettext (GETTEXT_PACKAGE,
                          "nim: %s: %llu more line is no record either\n",
                          "nim: %s: %llu more lines are no records either\n",
                          scan->bad_lines - scan->bad->len),
             path, (unsigned long long) (scan->bad_lines - scan->bad->len));
}

/**
 * nim_run_file_scan_free:
 * @scan: (nullable): what nim_run_file_scan() found
 */
void
nim_run_file_scan_free (NimRunFileScan *scan)
{
  if (scan == NULL)
    return;
  g_ptr_array_unref (scan->headers);
  g_clear_pointer (&scan->games, g_hash_table_unref);
  g_clear_pointer (&scan->bad, g_ptr_array_unref);
  g_free (scan);
}

/**
 * nim_run_file_tallies:
 * @tallies: what the two players of a game did
 *
 * Returns: (transfer full): the "tally" of a game record: per player
 *   [wins, moves, nodes, seconds, won positions, kept, unchecked,
 *   [forfeits of each kind of end]]
 */
JsonNode *
nim_run_file_tallies (const NimMatchTally tallies[2])
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint i, k;

  json_builder_begin_array (b);
  for (i = 0; i < 2; i++)
    {
      const NimMatchTally *t = &tallies[i];

      json_builder_begin_array (b);
      json_builder_add_int_value (b, (gint64) t->wins);
      json_builder_add_int_value (b, (gint64) t->moves);
      json_builder_add_int_value (b, (gint64) t->nodes);
      json_builder_add_double_value (b, t->seconds);
      json_builder_add_int_value (b, (gint64) t->won_positions);
      json_builder_add_int_value (b, (gint64) t->kept);
      json_builder_add_int_value (b, (gint64) t->unchecked);
      json_builder_begin_array (b);
      for (k = 0; k < NIM_END_N; k++)
        json_builder_add_int_value (b, (gint64) t->forfeits[k]);
      json_builder_end_array (b);
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
  return json_builder_get_root (b);
}

typedef struct
{
  const char *const *ids;
  NimRunFileGameFunc func;
  gpointer data;
} EachGame;

static guint64
element_uint (JsonArray *a, guint i)
{
  gint64 v = json_array_get_int_element (a, i);

  return v > 0 ? (guint64) v : 0;
}

/* The tallies of a game record, or FALSE when it has none nim reads. */
static gboolean
read_tallies (JsonNode *tally, NimMatchTally t[2])
{
  JsonArray *a;
  guint i, k;

  if (tally == NULL || !JSON_NODE_HOLDS_ARRAY (tally))
    return FALSE;
  a = json_node_get_array (tally);
  if (json_array_get_length (a) != 2)
    return FALSE;
  for (i = 0; i < 2; i++)
    {
      JsonNode *pn = json_array_get_element (a, i);
      JsonArray *p;

      if (!JSON_NODE_HOLDS_ARRAY (pn)
          || json_array_get_length (json_node_get_array (pn)) < 7)
        return FALSE;
      p = json_node_get_array (pn);
      for (k = 0; k < 7; k++)
        if (!JSON_NODE_HOLDS_VALUE (json_array_get_element (p, k)))
          return FALSE;
      memset (&t[i], 0, sizeof t[i]);
      if (json_array_get_length (p) >= 8
          && JSON_NODE_HOLDS_ARRAY (json_array_get_element (p, 7)))
        {
          JsonArray *f = json_array_get_array_element (p, 7);

          for (k = 0; k < NIM_END_N && k < json_array_get_length (f); k++)
            t[i].forfeits[k] = element_uint (f, k);
        }
      t[i].wins = element_uint (p, 0);
      t[i].moves = element_uint (p, 1);
      t[i].nodes = element_uint (p, 2);
      t[i].seconds = json_array_get_double_element (p, 3);
      t[i].won_positions = element_uint (p, 4);
      t[i].kept = element_uint (p, 5);
      t[i].unchecked = element_uint (p, 6);
    }
  return t[0].wins + t[1].wins == 1;
}

static gboolean
game_line (gpointer data, JsonObject *o, guint64 line, GError **error)
{
  EachGame *e = data;
  NimMatchTally t[2];
  JsonNode *run = json_object_get_member (o, "run");
  JsonNode *game = json_object_get_member (o, "game");
  gint64 number;

  /* The games of other runs, and the headers, are not this one's. */
  if (run == NULL || game == NULL
      || json_node_get_value_type (run) != G_TYPE_STRING
      || !g_strv_contains ((const char *const *) e->ids,
                           json_node_get_string (run)))
    return TRUE;
  if (!integer (game, 1, G_MAXINT64, &number))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("the game record's \"game\" is not a game's number"));
      return FALSE;
    }
  if (!read_tallies (json_object_get_member (o, "tally"), t))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("the game record's \"tally\" is not the two players' "
                      "counts that nim writes"));
      return FALSE;
    }
  e->func (e->data, (guint64) number, t);
  return TRUE;
}

/**
 * nim_run_file_each_game:
 * @path: a results file
 * @ids: the IDs of the run's headers, %NULL-terminated (files of one run
 *   written by nims of different versions carry different IDs)
 * @func: called for each game record of the run, in the file's order
 * @data: passed to @func
 * @error: return location for an error: a file that cannot be read, or
 *   a record of the run that is not understood (#NIM_ERROR_FAILED, the
 *   message naming the file, the line and what is wrong)
 *
 * Returns: %TRUE if the file was read
 */
gboolean
nim_run_file_each_game (const char *path, const char *const *ids,
                        NimRunFileGameFunc func, gpointer data, GError **error)
{
  EachGame e = { ids, func, data };

  return each_line (path, game_line, &e, NULL, error);
}
