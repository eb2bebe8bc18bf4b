/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run-file.c -- a results file: the run's configuration in its
 * header line, written and read back by one table of fields; its games,
 * appended as they finish and read back for --resume and --summarize
 *
 * Everything nim knows of its results files is here: what a line holds
 * and how it is written (a #NimRunFile: opened, a FIFO waited for,
 * locked against the other runs sharing it, an end torn by a killed run
 * mended, each record appended whole), how it is read back (the header
 * through the table, the games a line at a time), and what --resume
 * makes of a file (nim_run_file_setup()).  The program around it plays
 * (nim-run.c) and summarizes (nim-run-summary.c).
 *
 * A run writes, before its first game, a header line
 *
 *     {"run": ID, "params": {...}, "shard": "K/N" or null}
 *
 * whose "params" are everything the games depend on, one member a row
 * of fields[] below (a plain value, a number, a text or a list, is its
 * row and nothing else; an object has its own writer and reader): the
 * players, the rules, the positions, the seed, the number of games, the
 * SPRT, the clock, the tournament and the external engines with their
 * options (not --jobs, which changes
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
 * time: nothing is kept per game but what the counting keeps and where
 * its first record is; each record is checked, its moves played again,
 * before it counts (nim_run_file_games_new()). */

#include "config.h"

#include "nim-run-file.h"

#include "nim-error.h"
#include "nim-i18n.h"
#include "nim-interrupt.h"
#include "nim-json.h"
#include "nim-notation.h"
#include "nim-player-engine.h"
#include "nim-record.h"
#include "nim-run-lines.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* The kinds of tournament. */
static const char *const tournaments[] = { "gauntlet", "round-robin", NULL };

/* Where a typed field's value is in a #NimRunConfig, and its size. */
#define AT(member)                                                            \
  .offset = G_STRUCT_OFFSET (NimRunConfig, member),                           \
  .size = sizeof (((NimRunConfig *) NULL)->member)

/* The most games of a run, as "games" says it. */
G_STATIC_ASSERT (NIM_MATCH_MAX_GAMES == 1000000000);

/* The fields of a run's configuration, in the order of the header.
   Those an older nim did not record read as their defaults. */
static const NimRunField fields[] = {
  { .name = "players",
    .options = "--player1 --player2 --player",
    .identity = TRUE,
    .kind = NIM_RUN_FIELD_CUSTOM,
    .write = players_write,
    .read = players_read },
  { .name = "tournament",
    .options = "--tournament",
    .identity = TRUE,
    .kind = NIM_RUN_FIELD_CHOICE,
    AT (tournament),
    .choices = tournaments,
    .expected = N_ ("round-robin, gauntlet or null") },
  { .name = "take",
    .options = "--max-take --moves --rules",
    .identity = TRUE,
    .kind = NIM_RUN_FIELD_CUSTOM,
    .write = take_write,
    .read = take_read },
  { .name = "misere",
    .options = "--misere",
    .identity = TRUE,
    .required = TRUE,
    .kind = NIM_RUN_FIELD_BOOLEAN,
    AT (match.rules.misere),
    .expected = N_ ("true or false") },
  { .name = "positions",
    .options = "--heaps --random-heaps --positions --order --start",
    .identity = TRUE,
    .kind = NIM_RUN_FIELD_CUSTOM,
    .write = positions_write,
    .read = positions_read },
  { .name = "seed",
    .options = "--seed",
    .identity = TRUE,
    .required = TRUE,
    .kind = NIM_RUN_FIELD_UINT,
    AT (match.seed),
    .min = 0,
    .max = G_MAXUINT32,
    .expected = N_ ("a whole number from 0 to 4294967295") },
  { .name = "games",
    .options = "--games",
    .identity = TRUE,
    .required = TRUE,
    .kind = NIM_RUN_FIELD_UINT,
    AT (match.games),
    .min = 2,
    .max = NIM_MATCH_MAX_GAMES,
    .even = TRUE,
    .expected = N_ ("an even number from 2 to 1000000000") },
  { .name = "sprt",
    .options = "--sprt",
    .identity = TRUE,
    .kind = NIM_RUN_FIELD_CUSTOM,
    .write = sprt_write,
    .read = sprt_read },
  { .name = "tc",
    .options = "--tc",
    .identity = TRUE,
    .kind = NIM_RUN_FIELD_CUSTOM,
    .write = tc_write,
    .read = tc_read },
  { .name = "engines",
    .options = "--engine",
    .identity = TRUE,
    .kind = NIM_RUN_FIELD_STRINGS,
    AT (engines),
    .expected = N_ ("a list of texts") },
  { .name = "engine_dirs",
    .options = "--engine-dir",
    .identity = TRUE,
    .kind = NIM_RUN_FIELD_STRINGS,
    AT (engine_dirs),
    .expected = N_ ("a list of texts") },
  { .name = "engine_options",
    .options = "--engine-option",
    .identity = TRUE,
    .kind = NIM_RUN_FIELD_STRINGS,
    AT (engine_options),
    .expected = N_ ("a list of texts") },
  { .name = "engine_startup_timeout",
    .options = "--engine-startup-timeout",
    .identity = TRUE,
    .kind = NIM_RUN_FIELD_DOUBLE,
    AT (engine_startup_timeout),
    .min = DBL_TRUE_MIN,
    .max = G_MAXDOUBLE,
    .expected = N_ ("a number of seconds") },
  { .name = "timemargin",
    .options = "--timemargin",
    .identity = TRUE,
    .kind = NIM_RUN_FIELD_UINT,
    AT (engine_time_margin),
    .min = 0,
    .max = 3600 * 1000,
    .expected = N_ ("a number of milliseconds from 0 to 3600000") },
  { .name = "shard",
    .options = "--shard",
    .identity = FALSE,
    .kind = NIM_RUN_FIELD_CUSTOM,
    .write = shard_write,
    .read = shard_read },
  { NULL },
};

/* A whole number of @f's size at @at. */
static guint64
get_uint (const NimRunField *f, gconstpointer at)
{
  if (f->size == sizeof (guint64))
    return *(const guint64 *) at;
  g_assert (f->size == sizeof (guint32));
  return *(const guint32 *) at;
}

static void
set_uint (const NimRunField *f, gpointer at, guint64 v)
{
  if (f->size == sizeof (guint64))
    *(guint64 *) at = v;
  else
    {
      g_assert (f->size == sizeof (guint32));
      *(guint32 *) at = (guint32) v;
    }
}

/* The value of field @f of @run, as the header writes it. */
static JsonNode *
field_write (const NimRunField *f, const NimRunConfig *run)
{
  gconstpointer at = (const char *) run + f->offset;

  switch (f->kind)
    {
    case NIM_RUN_FIELD_CUSTOM:
      return f->write (run);
    case NIM_RUN_FIELD_BOOLEAN:
      return json_node_init_boolean (json_node_alloc (),
                                     *(const gboolean *) at);
    case NIM_RUN_FIELD_UINT:
      return json_node_init_int (json_node_alloc (),
                                 (gint64) get_uint (f, at));
    case NIM_RUN_FIELD_DOUBLE:
      return json_node_init_double (json_node_alloc (), *(const double *) at);
    case NIM_RUN_FIELD_CHOICE:
      return string_node (*(const char *const *) at);
    case NIM_RUN_FIELD_STRINGS:
      return list_node (*(const char *const *const *) at);
    }
  g_assert_not_reached ();
}

/* Sets field @f of @run from @value, the header's member (%NULL when
   the header has none); FALSE with @error saying what was expected. */
static gboolean
field_read (const NimRunField *f, NimRunConfig *run, JsonNode *value,
            NimRunHeader *header, GError **error)
{
  gpointer at = (char *) run + f->offset;
  const char *text;
  gboolean ok;
  gint64 n;
  double x;

  if (f->kind == NIM_RUN_FIELD_CUSTOM)
    return f->read (f, run, value, header, error);
  /* A header of an older nim, which did not record the field: its value
     is the default of nim_run_config_init (). */
  if (value == NULL && !f->required)
    return TRUE;
  switch (f->kind)
    {
    case NIM_RUN_FIELD_CUSTOM:
      g_assert_not_reached ();
    case NIM_RUN_FIELD_BOOLEAN:
      if (value == NULL || json_node_get_value_type (value) != G_TYPE_BOOLEAN)
        break;
      *(gboolean *) at = json_node_get_boolean (value);
      return TRUE;
    case NIM_RUN_FIELD_UINT:
      if (!integer (value, (gint64) f->min, (gint64) f->max, &n)
          || (f->even && n % 2 != 0))
        break;
      set_uint (f, at, (guint64) n);
      return TRUE;
    case NIM_RUN_FIELD_DOUBLE:
      if (!number (value, &x) || x < f->min || x > f->max)
        break;
      *(double *) at = x;
      return TRUE;
    case NIM_RUN_FIELD_CHOICE:
      text = string_or_null (value, &ok);
      if (!ok || (text != NULL && !g_strv_contains (f->choices, text)))
        break;
      *(const char **) at = text;
      return TRUE;
    case NIM_RUN_FIELD_STRINGS:
      if (!read_list (value, header, (const char *const **) at))
        break;
      return TRUE;
    }
  return expected (error, f, value, _ (f->expected));
}

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
      json_object_set_member (o, f->name, field_write (f, run));
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
      json_object_set_member (o, f->name, field_write (f, run));
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
      a = field_write (f, theirs);
      b = field_write (f, ours);
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
    if (!field_read (f, run,
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

/* The most lines that are not records a results file may hold: a run
   killed leaves one fragment, a hand adds a few; a file of thousands is
   no results file (/dev/urandom, `yes`), and reading it would not end. */
#define MAX_BAD_TOTAL 1000

/* Notes line @number of the file, which is no record, and why; FALSE
   with @error set when the file holds too many such lines to be a
   results file. */
static gboolean
add_bad_line (NimRunFileScan *scan, guint64 number, const char *why,
              GError **error)
{
  if (scan == NULL)
    return TRUE;
  if (scan->bad_lines++ < MAX_BAD_LINES)
    g_ptr_array_add (
        scan->bad,
        g_strdup_printf ("%llu: %s", (unsigned long long) number, why));
  if (scan->bad_lines > MAX_BAD_TOTAL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: the most lines that are no records a
                      results file may hold, then the first of them, such
                      as "3: it is not JSON". */
                   _ ("more than %u lines up to here are neither a run's "
                      "header nor a game record (the first, line %s): "
                      "this is no results file of nim; give the files "
                      "that nim --games --results wrote"),
                   MAX_BAD_TOTAL, (const char *) scan->bad->pdata[0]);
      return FALSE;
    }
  return TRUE;
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
          else if (ended
                   && !add_bad_line (scan, number,
                                     nul    ? _ ("it holds a NUL byte")
                                     : root ? _ ("it is JSON, but not an "
                                                 "object")
                                            : _ ("it is not JSON"),
                                     error))
            {
              g_prefix_error (error, "%s:%llu: ", path,
                              (unsigned long long) number);
              return FALSE;
            }
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
          return add_bad_line (scan, number,
                               _ ("a game record without a run's ID, "
                                  "which no run counts"),
                               error);
        }
      n = g_hash_table_lookup (scan->games, json_node_get_string (run));
      if (n == NULL)
        g_hash_table_insert (scan->first,
                             g_strdup (json_node_get_string (run)),
                             GSIZE_TO_POINTER (number));
      g_hash_table_replace (scan->games, g_strdup (json_node_get_string (run)),
                            GSIZE_TO_POINTER (GPOINTER_TO_SIZE (n) + 1));
      return TRUE;
    }
  if (!json_object_has_member (o, "params") || run == NULL)
    {
      return add_bad_line (scan, number,
                           _ ("it is JSON, but neither a run's header nor "
                              "a game record"),
                           error);
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
  scan->first = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  scan->bad = g_ptr_array_new_with_free_func (g_free);
  if (!each_line (path, scan_line, scan, scan, error))
    return NULL;
  return g_steal_pointer (&scan);
}

/* How many game records of the run @id (of any run, @id NULL) the
   file holds. */
static guint64
scan_games (const NimRunFileScan *scan, const char *id)
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
 * nim_run_file_scan_warn_headless:
 * @scan: what nim_run_file_scan() found
 * @path: the file it read
 * @ids: the IDs of the runs whose headers are known, %NULL-terminated
 *
 * Says on standard error which game records of @path carry the ID of no
 * header in @ids, from the line of the first: no run counts them.
 */
void
nim_run_file_scan_warn_headless (const NimRunFileScan *scan, const char *path,
                                 const char *const *ids)
{
  GHashTableIter iter;
  gpointer id, n;

  g_hash_table_iter_init (&iter, scan->games);
  while (g_hash_table_iter_next (&iter, &id, &n))
    if (!g_strv_contains (ids, id))
      fprintf (stderr,
               g_dngettext (GETTEXT_PACKAGE,
                            "nim: %s:%llu: %llu game record of run %s, "
                            "whose header line is in none of the files; "
                            "it is not counted\n",
                            "nim: %s:%llu: %llu game records of run %s "
                            "from this line on, whose header line is in "
                            "none of the files; they are not counted\n",
                            GPOINTER_TO_SIZE (n)),
               path,
               (unsigned long long) GPOINTER_TO_SIZE (
                   g_hash_table_lookup (scan->first, id)),
               (unsigned long long) GPOINTER_TO_SIZE (n), (const char *) id);
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
  g_clear_pointer (&scan->first, g_hash_table_unref);
  g_clear_pointer (&scan->bad, g_ptr_array_unref);
  g_free (scan);
}

/* The "tally" of a game record: per player [wins, moves, nodes, seconds,
   won positions, kept, unchecked, [forfeits of each kind of end]]. */
static JsonNode *
tallies_to_json (const NimMatchTally tallies[2])
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

/* A whole number of a tally, >= 0, as nim writes it (not 1e23, which
   json-glib would read as 0). */
static gboolean
element_uint (JsonArray *a, guint i, guint64 *out)
{
  JsonNode *n = json_array_get_element (a, i);

  if (json_node_get_value_type (n) != G_TYPE_INT64
      || json_node_get_int (n) < 0)
    return FALSE;
  *out = (guint64) json_node_get_int (n);
  return TRUE;
}

/* The tallies of a game record, or FALSE when it has none nim reads: two
   lists of whole numbers >= 0 (the seconds a number >= 0), one win
   between them. */
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
      JsonNode *seconds;
      JsonArray *p;

      if (!JSON_NODE_HOLDS_ARRAY (pn)
          || json_array_get_length (json_node_get_array (pn)) < 7)
        return FALSE;
      p = json_node_get_array (pn);
      for (k = 0; k < 7; k++)
        if (!JSON_NODE_HOLDS_VALUE (json_array_get_element (p, k)))
          return FALSE;
      memset (&t[i], 0, sizeof t[i]);
      if (json_array_get_length (p) >= 8)
        {
          JsonArray *f;

          if (!JSON_NODE_HOLDS_ARRAY (json_array_get_element (p, 7)))
            return FALSE;
          f = json_array_get_array_element (p, 7);
          for (k = 0; k < NIM_END_N && k < json_array_get_length (f); k++)
            if (!element_uint (f, k, &t[i].forfeits[k]))
              return FALSE;
        }
      seconds = json_array_get_element (p, 3);
      if (!element_uint (p, 0, &t[i].wins) || !element_uint (p, 1, &t[i].moves)
          || !element_uint (p, 2, &t[i].nodes)
          || (json_node_get_value_type (seconds) != G_TYPE_INT64
              && json_node_get_value_type (seconds) != G_TYPE_DOUBLE)
          || !element_uint (p, 4, &t[i].won_positions)
          || !element_uint (p, 5, &t[i].kept)
          || !element_uint (p, 6, &t[i].unchecked))
        return FALSE;
      t[i].seconds = json_node_get_double (seconds);
      if (!(t[i].seconds >= 0) || t[i].wins > 1)
        return FALSE;
    }
  return t[0].wins + t[1].wins == 1;
}

/* A whole number of the record @o's member @name, from @min to @max. */
static gboolean
record_uint (JsonObject *o, const char *name, gint64 min, gint64 max,
             gint64 *out)
{
  JsonNode *n = json_object_get_member (o, name);

  return n != NULL && integer (n, min, max, out);
}

/* The heaps of a record, a list of whole numbers, into @board. */
static gboolean
record_heaps (JsonNode *node, NimBoard *board)
{
  guint32 heaps[NIM_MAX_HEAPS];
  JsonArray *a;
  guint i, n;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  a = json_node_get_array (node);
  n = json_array_get_length (a);
  if (n > NIM_MAX_HEAPS)
    return FALSE;
  for (i = 0; i < n; i++)
    {
      gint64 h;

      if (!integer (json_array_get_element (a, i), 0, G_MAXUINT32, &h))
        return FALSE;
      heaps[i] = (guint32) h;
    }
  nim_board_init (board, heaps, n);
  return TRUE;
}

/* Plays the moves of the game record @o again under @rules from its
   start, and checks that its winner and the tallies @t follow from them:
   NULL when they do, else what is wrong.  A game ended by a forfeit (a
   clock, a crash) is won by the other player whatever the board. */
static char *
replay (JsonObject *o, const NimRules *rules, const NimMatchTally t[2])
{
  NimBoard board, after;
  JsonNode *moves = json_object_get_member (o, "moves");
  JsonNode *end = json_object_get_member (o, "end");
  JsonArray *a;
  guint64 made[2] = { 0, 0 };
  gint64 first, winner, mover, end_player = 0;
  gboolean normal;
  guint i, n;

  if (!record_heaps (json_object_get_member (o, "start"), &board))
    return g_strdup (_ ("the \"start\" is not a position"));
  if (!record_uint (o, "first", 1, 2, &first))
    return g_strdup (_ ("the \"first\" is neither 1 nor 2"));
  if (!record_uint (o, "winner", 1, 2, &winner))
    return g_strdup (_ ("the \"winner\" is neither 1 nor 2"));
  if (moves == NULL || !JSON_NODE_HOLDS_ARRAY (moves))
    return g_strdup (_ ("the \"moves\" are not a list of moves"));
  if (end == NULL || json_node_get_value_type (end) != G_TYPE_STRING)
    return g_strdup (_ ("the \"end\" is not how a game ends"));
  normal = g_str_equal (json_node_get_string (end), "normal");
  if (!normal && !record_uint (o, "end_player", 1, 2, &end_player))
    return g_strdup (_ ("the \"end_player\" is neither 1 nor 2"));
  a = json_node_get_array (moves);
  n = json_array_get_length (a);
  mover = first;
  for (i = 0; i < n; i++)
    {
      JsonNode *mn = json_array_get_element (a, i);
      g_autoptr (GError) error = NULL;
      JsonObject *m;
      NimMove move = { 0 };
      gint64 player, heap, take, keep = 0, split = 0;
      JsonNode *leave;

      if (!JSON_NODE_HOLDS_OBJECT (mn))
        return g_strdup_printf (_ ("move %u is no move"), i + 1);
      m = json_node_get_object (mn);
      leave = json_object_get_member (m, "leave");
      if (!record_uint (m, "player", 1, 2, &player)
          || !record_uint (m, "heap", 1, NIM_MAX_HEAPS, &heap)
          || !record_uint (m, "take", 0, G_MAXUINT32, &take)
          || (leave != NULL
              && (!JSON_NODE_HOLDS_ARRAY (leave)
                  || json_array_get_length (json_node_get_array (leave)) != 2
                  || !integer (
                      json_array_get_element (json_node_get_array (leave), 0),
                      1, G_MAXUINT32, &keep)
                  || !integer (
                      json_array_get_element (json_node_get_array (leave), 1),
                      1, G_MAXUINT32, &split))))
        return g_strdup_printf (_ ("move %u is no move"), i + 1);
      if (player != mover)
        return g_strdup_printf (
            _ ("move %u is player %d's, but it is player %d's turn"), i + 1,
            (int) player, (int) mover);
      move.heap = (guint) heap - 1;
      move.count = (guint32) take;
      move.keep = (guint32) keep;
      move.split = (guint32) split;
      if (!nim_board_check_move (&board, rules, &move, &error))
        /* TRANSLATORS: a move's number in a game, then why it is
           illegal, in the words a player reads. */
        {
          /* The player's words end in a full stop; ours go on. */
          g_autofree char *words = g_strdup (error->message);

          if (g_str_has_suffix (words, "."))
            words[strlen (words) - 1] = '\0';
          return g_strdup_printf (_ ("move %u is illegal: %s"), i + 1, words);
        }
      nim_board_make_move (&board, &move);
      if (!record_heaps (json_object_get_member (m, "heaps"), &after)
          || !nim_board_equal (&board, &after))
        return g_strdup_printf (
            _ ("the heaps after move %u are not what the move leaves"), i + 1);
      made[player - 1]++;
      mover = 3 - mover;
    }
  if (normal)
    {
      /* Whoever cannot move loses, or under misère wins. */
      if (nim_board_has_move (&board, rules))
        return g_strdup (_ ("the game ends by the rules, but a move is left"));
      if (winner != (rules->misere ? mover : 3 - mover))
        return g_strdup_printf (
            _ ("the \"winner\" is %d, but the moves make player %d the "
               "winner"),
            (int) winner, (int) (rules->misere ? mover : 3 - mover));
      if (t[0].moves != made[0] || t[1].moves != made[1])
        return g_strdup_printf (
            _ ("the \"tally\" counts %llu and %llu moves, but the players "
               "made %llu and %llu"),
            (unsigned long long) t[0].moves, (unsigned long long) t[1].moves,
            (unsigned long long) made[0], (unsigned long long) made[1]);
    }
  else if (winner != 3 - end_player)
    return g_strdup_printf (
        _ ("the \"winner\" is %d, but player %d forfeited"), (int) winner,
        (int) end_player);
  if (t[winner - 1].wins != 1)
    return g_strdup_printf (
        _ ("the \"winner\" is %d, but the \"tally\" gives the win to "
           "player %d"),
        (int) winner, (int) (3 - winner));
  return NULL;
}

/* Where a game's first record is, and who won it. */
typedef struct
{
  guint file;
  guint winner;
  guint64 line;
} Seen;

struct _NimRunFileGames
{
  const NimRunConfig *run;
  const char *const *ids;
  guint64 n_games;
  NimRunFileGameFunc func;
  gpointer data;
  JsonNode *rules;  /* the run's, as a record writes them */
  GHashTable *seen; /* number (guint64 *) -> Seen */
  GPtrArray *files; /* the files read, in order */
  guint64 skipped;  /* records of the file being read not counted */
  GPtrArray *why;   /* the first of them, "LINE: why" */
};

/**
 * nim_run_file_games_new:
 * @run: the run whose games to read (its rules, its ID's headers)
 * @ids: the IDs of the run's headers, %NULL-terminated (files of one run
 *   written by nims of different versions carry different IDs)
 * @n_games: the games of the whole run, numbered from 1 (a tournament's
 *   of every pairing)
 * @func: called for each game of the run, once, in the files' order
 * @data: passed to @func
 *
 * A reader of the games of one run, from any number of its results files
 * (nim_run_file_games_read()).  Every record of the run is checked
 * before it is counted: its number within the run, its tallies, its
 * rules, its moves played again under them from its start, its winner
 * and tallies against the moves; and a game recorded again with the
 * other winner is named (the first record counts).  A record that fails
 * is named on standard error, with its file and line, and not counted.
 *
 * Returns: (transfer full): the reader
 */
NimRunFileGames *
nim_run_file_games_new (const NimRunConfig *run, const char *const *ids,
                        guint64 n_games, NimRunFileGameFunc func,
                        gpointer data)
{
  NimRunFileGames *g = g_new0 (NimRunFileGames, 1);

  g->run = run;
  g->ids = ids;
  g->n_games = n_games;
  g->func = func;
  g->data = data;
  g->rules = nim_record_rules (&run->match.rules);
  g->seen
      = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  g->files = g_ptr_array_new_with_free_func (g_free);
  g->why = g_ptr_array_new_with_free_func (g_free);
  return g;
}

/**
 * nim_run_file_games_free:
 * @games: (nullable): a reader
 */
void
nim_run_file_games_free (NimRunFileGames *games)
{
  if (games == NULL)
    return;
  json_node_unref (games->rules);
  g_hash_table_unref (games->seen);
  g_ptr_array_unref (games->files);
  g_ptr_array_unref (games->why);
  g_free (games);
}

/* Notes a record of line @line that is not counted, and why. */
static void
skip_record (NimRunFileGames *g, guint64 line, char *why)
{
  if (g->skipped++ < MAX_BAD_LINES)
    g_ptr_array_add (
        g->why, g_strdup_printf ("%llu: %s", (unsigned long long) line, why));
  g_free (why);
}

static gboolean
game_line (gpointer data, JsonObject *o, guint64 line, GError **error)
{
  NimRunFileGames *g = data;
  NimMatchTally t[2];
  JsonNode *run = json_object_get_member (o, "run");
  JsonNode *game = json_object_get_member (o, "game");
  JsonNode *rules = json_object_get_member (o, "rules");
  gint64 number;
  Seen *seen;
  char *why;

  /* The games of other runs, and the headers, are not this one's. */
  if (run == NULL || game == NULL
      || json_node_get_value_type (run) != G_TYPE_STRING
      || !g_strv_contains ((const char *const *) g->ids,
                           json_node_get_string (run)))
    return TRUE;
  if (!integer (game, 1, G_MAXINT64, &number))
    {
      skip_record (g, line,
                   g_strdup (_ ("the game record's \"game\" is not a game's "
                                "number")));
      return TRUE;
    }
  if ((guint64) number > g->n_games)
    {
      skip_record (
          g, line,
          g_strdup_printf (_ ("game %llu is beyond the run's %llu games"),
                           (unsigned long long) number,
                           (unsigned long long) g->n_games));
      return TRUE;
    }
  if (!read_tallies (json_object_get_member (o, "tally"), t))
    {
      skip_record (g, line,
                   g_strdup (_ ("the game record's \"tally\" is not the two "
                                "players' counts that nim writes")));
      return TRUE;
    }
  if (rules == NULL || !json_node_equal (rules, g->rules))
    {
      skip_record (g, line,
                   g_strdup (_ ("the game record's \"rules\" are not the "
                                "run's")));
      return TRUE;
    }
  why = replay (o, &g->run->match.rules, t);
  if (why != NULL)
    {
      /* TRANSLATORS: a game's number, then what is wrong with its
         record. */
      skip_record (g, line,
                   g_strdup_printf (_ ("game %llu: %s"),
                                    (unsigned long long) number, why));
      g_free (why);
      return TRUE;
    }
  seen = g_hash_table_lookup (g->seen, &number);
  if (seen != NULL)
    {
      /* The same game twice (two runs that played it at once) counts
         once; with the other winner, which is a file changed by hand or
         a player that does not play the same game twice, it is named. */
      if (seen->winner != (t[0].wins > 0 ? 1u : 2u))
        skip_record (
            g, line,
            g_strdup_printf (
                /* TRANSLATORS: a game's number, then where its first
                   record is (a file and a line). */
                _ ("game %llu is recorded again with the other winner (the "
                   "first record, at %s:%llu, counts)"),
                (unsigned long long) number,
                (const char *) g->files->pdata[seen->file],
                (unsigned long long) seen->line));
      return TRUE;
    }
  seen = g_new (Seen, 1);
  seen->file = g->files->len - 1;
  seen->winner = t[0].wins > 0 ? 1 : 2;
  seen->line = line;
  g_hash_table_insert (g->seen, g_memdup2 (&number, sizeof number), seen);
  g->func (g->data, (guint64) number, t);
  return TRUE;
}

/**
 * nim_run_file_games_read:
 * @games: a reader
 * @path: a results file
 * @error: return location for an error: a file that cannot be read
 *
 * Counts the games of the run that @path holds, each once: @games's
 * function is called for each, in the file's order.  The records that
 * are not counted are named on standard error.
 *
 * Returns: %TRUE if the file was read
 */
gboolean
nim_run_file_games_read (NimRunFileGames *games, const char *path,
                         GError **error)
{
  guint i;

  g_ptr_array_add (games->files, g_strdup (path));
  games->skipped = 0;
  g_ptr_array_set_size (games->why, 0);
  if (!each_line (path, game_line, games, NULL, error))
    return FALSE;
  for (i = 0; i < games->why->len; i++)
    fprintf (stderr, _ ("nim: %s:%s; the line is not counted\n"), path,
             (const char *) games->why->pdata[i]);
  if (games->skipped > games->why->len)
    fprintf (stderr,
             g_dngettext (GETTEXT_PACKAGE,
                          "nim: %s: %llu more record is not counted either\n",
                          "nim: %s: %llu more records are not counted "
                          "either\n",
                          games->skipped - games->why->len),
             path, (unsigned long long) (games->skipped - games->why->len));
  return TRUE;
}

/* ------------------------------------------------------------------------
   A file followed as it grows */

/* The longest record a followed file may hold: a line without its end
   beyond it is not waited for, and the file is followed no more. */
#define TAIL_MAX_LINE (64 * 1024 * 1024)
/* What one read takes of a file at first. */
#define TAIL_CHUNK (1024 * 1024)

struct _NimRunFileTail
{
  char *path;
  const NimRunConfig *run;
  char *id;
  JsonNode *rules; /* the run's, as a record writes them */
  JsonParser *parser;
  int fd;           /* kept open: the file this process writes, whose
                       locks a close would release (-1 for any other) */
  guint64 offset;   /* what was read: whole lines */
  gboolean started; /* its first line was read */
  gboolean ignored; /* not a results file, or unreadable: for good */
  gboolean taking;  /* the last header was the run's, of a shard taken */
  gboolean own;     /* take the headers of the run's shard, not others' */
};

/**
 * nim_run_file_tail_new:
 * @run: the run whose games to follow
 * @id: its ID, which its records carry
 * @path: a file, which may be anything (it is checked as it is read)
 * @own: @path is the file this process writes: it is kept open from now
 *   on (closing any descriptor of it would release the process's locks),
 *   and the records of @run's shard count; else those of the run's other
 *   shards (of as many shards)
 *
 * A reader of the records of one shard of a run in a file that others
 * may be writing: each nim_run_file_tail_read() reads the lines
 * completed since the last.  The records that count are those after a
 * header of the run (its ID) whose "shard" is one of @run's shards: of
 * its own (@own), or of another.  The files of other runs, of the run
 * cut into another number of shards, or of the run on one machine are
 * passed over.
 *
 * Returns: (transfer full): the reader
 */
NimRunFileTail *
nim_run_file_tail_new (const NimRunConfig *run, const char *id,
                       const char *path, gboolean own)
{
  NimRunFileTail *t = g_new0 (NimRunFileTail, 1);

  t->path = g_strdup (path);
  t->run = run;
  t->id = g_strdup (id);
  t->rules = nim_record_rules (&run->match.rules);
  t->parser = json_parser_new ();
  t->fd = -1;
  t->own = own;
  if (own)
    {
      t->fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
      t->ignored = t->fd < 0;
    }
  return t;
}

/**
 * nim_run_file_tail_free:
 * @tail: (nullable): a reader
 */
void
nim_run_file_tail_free (NimRunFileTail *tail)
{
  if (tail == NULL)
    return;
  if (tail->fd >= 0)
    close (tail->fd);
  g_free (tail->path);
  g_free (tail->id);
  json_node_unref (tail->rules);
  g_object_unref (tail->parser);
  g_free (tail);
}

/**
 * nim_run_file_tail_ignored:
 * @tail: a reader
 *
 * Returns: whether its file was found to be no results file (its first
 *   line is not a run's header), unreadable or beyond the bounds, and is
 *   read no more
 */
gboolean
nim_run_file_tail_ignored (const NimRunFileTail *tail)
{
  return tail->ignored;
}

/* Whether a header's "shard" is one @t takes: K/N of the run's N, its
   own K or another's. */
static gboolean
tail_takes_shard (const NimRunFileTail *t, JsonNode *shard)
{
  const NimMatchConfig *c = &t->run->match;
  unsigned k, n;
  int end = 0;

  if (shard == NULL || !JSON_NODE_HOLDS_VALUE (shard)
      || json_node_get_value_type (shard) != G_TYPE_STRING
      || sscanf (json_node_get_string (shard), "%u/%u%n", &k, &n, &end) != 2
      || json_node_get_string (shard)[end] != '\0')
    return FALSE;
  return n == c->shards && k >= 1 && k <= n && (k == c->shard) == t->own;
}

/* One whole line of a followed file: a game of the run counts, when its
   record is sound; anything else is passed over. */
static void
tail_line (NimRunFileTail *t, const char *line, gsize length,
           NimRunFileGameFunc func, gpointer data)
{
  JsonNode *root;
  JsonObject *o;
  JsonNode *run;
  NimMatchTally tallies[2];
  gint64 number;
  char *why;

  /* Only a line naming the run is worth parsing (the first, a header, is
     parsed to see that the file is a results file at all). */
  if (t->started && g_strstr_len (line, (gssize) length, t->id) == NULL)
    return;
  if (memchr (line, '\0', length) != NULL
      || !nim_json_load (t->parser, line, (gssize) length, NULL, NULL)
      || (root = json_parser_get_root (t->parser)) == NULL
      || !JSON_NODE_HOLDS_OBJECT (root))
    {
      t->ignored = !t->started;
      t->started = TRUE;
      return;
    }
  o = json_node_get_object (root);
  run = json_object_get_member (o, "run");
  if (!t->started && (run == NULL || !json_object_has_member (o, "params")))
    {
      t->ignored = TRUE;
      return;
    }
  t->started = TRUE;
  if (json_object_has_member (o, "params"))
    {
      t->taking = run != NULL
                  && json_node_get_value_type (run) == G_TYPE_STRING
                  && g_str_equal (json_node_get_string (run), t->id)
                  && tail_takes_shard (t, json_object_get_member (o, "shard"));
      return;
    }
  if (!t->taking || run == NULL
      || json_node_get_value_type (run) != G_TYPE_STRING
      || !g_str_equal (json_node_get_string (run), t->id)
      || !integer (json_object_get_member (o, "game"), 1,
                   (gint64) t->run->match.games, &number)
      || !read_tallies (json_object_get_member (o, "tally"), tallies)
      || json_object_get_member (o, "rules") == NULL
      || !json_node_equal (json_object_get_member (o, "rules"), t->rules))
    return;
  why = replay (o, &t->run->match.rules, tallies);
  if (why != NULL)
    {
      g_free (why);
      return;
    }
  func (data, (guint64) number, tallies);
}

/**
 * nim_run_file_tail_read:
 * @tail: a reader
 * @budget: about how many bytes to read at most (a whole line is read)
 * @func: called for each sound record of the run read
 * @data: passed to @func
 *
 * Reads the lines of @tail's file completed since the last call, a line
 * being written is left for the next.  Never fails: a file that is no
 * results file, cannot be opened or holds a line beyond the bounds is
 * ignored from then on, a record that is not sound is passed over, and
 * a file that shrank (written anew) is read again from its start.
 *
 * Returns: the bytes read
 */
guint64
nim_run_file_tail_read (NimRunFileTail *tail, guint64 budget,
                        NimRunFileGameFunc func, gpointer data)
{
  NimRunFileTail *t = tail;
  g_autofree char *buffer = NULL;
  guint64 read_in = 0;
  struct stat st;
  int fd = t->fd;

  if (t->ignored)
    return 0;
  if (fd < 0)
    fd = open (t->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0 || fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      t->ignored = TRUE;
      goto out;
    }
  if ((guint64) st.st_size < t->offset)
    t->offset = 0, t->started = FALSE;
  while ((guint64) st.st_size > t->offset && read_in < budget)
    {
      gsize want = (gsize) MIN ((guint64) st.st_size - t->offset,
                                (guint64) TAIL_CHUNK);
      const char *end, *p;
      gssize got;

      for (;;)
        {
          buffer = g_realloc (buffer, want);
          got = pread (fd, buffer, want, (off_t) t->offset);
          if (got <= 0)
            goto out;
          end = memrchr (buffer, '\n', (gsize) got);
          if (end != NULL || (guint64) got < want)
            break;
          /* A line longer than the chunk: read more of it at once. */
          if (want >= TAIL_MAX_LINE
              || (guint64) st.st_size - t->offset <= want)
            break;
          want = (gsize) MIN ((guint64) st.st_size - t->offset,
                              MIN ((guint64) want * 4, TAIL_MAX_LINE));
        }
      if (end == NULL)
        {
          /* A line being written waits; one beyond the bound is never
             read. */
          t->ignored = (guint64) got >= TAIL_MAX_LINE;
          break;
        }
      for (p = buffer; p <= end;)
        {
          const char *nl = memchr (p, '\n', (gsize) (end - p) + 1);

          if (nl > p)
            tail_line (t, p, (gsize) (nl - p), func, data);
          p = nl + 1;
          if (t->ignored)
            goto out;
        }
      t->offset += (guint64) (end - buffer) + 1;
      read_in += (guint64) (end - buffer) + 1;
    }
out:
  if (fd >= 0 && fd != t->fd)
    close (fd);
  return read_in;
}

/* ------------------------------------------------------------------------
   A run's identity in its results file, and --resume */

/* What is wrong with the results file: its lines that are no records,
   and an end in half a line, whose game is played again. */
static void
warn_scan (const NimRunFileScan *scan, const char *results)
{
  if (scan == NULL)
    return;
  nim_run_file_scan_warn (scan, results);
  if (scan->torn_end)
    fprintf (stderr,
             _ ("nim: the last line of %s is incomplete (a run was stopped "
                "while writing it): it is not counted, and its game is "
                "played again\n"),
             results);
}

/* Names the records of @results whose run has no header there and is
   not @id, this run's. */
static void
warn_headless (const NimRunFileScan *scan, const char *results, const char *id)
{
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  guint i;

  for (i = 0; i < scan->headers->len; i++)
    g_ptr_array_add (
        ids, (gpointer) nim_run_header_get_id (scan->headers->pdata[i]));
  g_ptr_array_add (ids, (gpointer) id);
  g_ptr_array_add (ids, NULL);
  nim_run_file_scan_warn_headless (scan, results,
                                   (const char *const *) ids->pdata);
}

/* --resume with a file that holds no header of this run: its records
   may still be this run's, found by the ID, a digest of the run's
   parameters; a header lost or damaged (line @scan names it) is written
   again with the first record.  Otherwise refused, when the file holds
   the games of another run, or any game at all: playing the run again
   beside them would count some twice. */
static gboolean
resume_without_header (const NimRunFileScan *scan, const NimRunConfig *last,
                       const NimRunConfig *run, const char *results,
                       NimRunFileSetup *setup, GError **error)
{
  guint64 ours = scan_games (scan, setup->id);
  guint64 all = scan_games (scan, NULL);

  if (ours > 0)
    {
      fprintf (stderr,
               g_dngettext (GETTEXT_PACKAGE,
                            "nim: %s holds %llu game record of this run "
                            "(found by the run's ID), but not the run's "
                            "header line: it is written again\n",
                            "nim: %s holds %llu game records of this run "
                            "(found by the run's ID), but not the run's "
                            "header line: it is written again\n",
                            ours),
               results, (unsigned long long) ours);
      setup->resume = TRUE;
      return TRUE;
    }
  if (last != NULL)
    {
      g_autofree char *differences
          = nim_run_file_differences (last, run, TRUE, NULL);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--resume: %s holds the games of another run; give the "
                      "options of that run, or another --results file.  "
                      "What differs:%s"),
                   results, differences);
      return FALSE;
    }
  if (all > 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "--resume: %s has no run's header line (lost "
                                "or damaged), and its %llu game record is of "
                                "another run: give the options of that run, "
                                "or another --results file",
                                "--resume: %s has no run's header line (lost "
                                "or damaged), and its %llu game records are "
                                "of another run: give the options of that "
                                "run, or another --results file",
                                all),
                   results, (unsigned long long) all);
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_run_file_setup:
 * @run: (inout): the run; with --resume and no --seed, its seed is the
 *   one the results file records
 * @results: (nullable): the results file, --results
 * @resume: go on with the run of @results (--resume)
 * @seeded: --seed was given
 * @setup: (out): the run's ID and header, cleared with
 *   nim_run_file_setup_clear()
 * @error: return location for an error: --resume without --results, or
 *   with a file of another run (#NIM_ERROR_USAGE); a file that cannot
 *   be read or whose header is not understood (#NIM_ERROR_FAILED)
 *
 * The run's identity in its results file, and --resume's checks: the
 * file must have a header of this very run (the part of it this process
 * plays included), else what differs from the file's last run is named,
 * field by field; or, without one, records of this run's ID.
 *
 * Returns: %TRUE on success
 */
gboolean
nim_run_file_setup (NimRunConfig *run, const char *results, gboolean resume,
                    gboolean seeded, NimRunFileSetup *setup, GError **error)
{
  g_autoptr (NimRunFileScan) scan = NULL;
  const NimRunConfig *last = NULL;
  guint i;

  memset (setup, 0, sizeof *setup);
  if (resume && results == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--resume goes on with the run of a results file; give "
                      "it with --results FILE"));
      return FALSE;
    }
  if (resume && g_file_test (results, G_FILE_TEST_EXISTS))
    {
      scan = nim_run_file_scan (results, error);
      if (scan == NULL)
        return FALSE;
      if (scan->headers->len > 0)
        last = nim_run_header_get_config (
            scan->headers->pdata[scan->headers->len - 1]);
      if (!seeded && last != NULL)
        run->match.seed = last->match.seed;
    }
  setup->header = nim_run_file_header (run, &setup->id);
  if (scan == NULL)
    return TRUE;
  warn_scan (scan, results);
  /* The file's own ID for this run: a header of an older nim, which
     recorded less, has an ID of its own. */
  for (i = 0; i < scan->headers->len; i++)
    {
      NimRunHeader *h = scan->headers->pdata[i];
      g_autofree char *differences = nim_run_file_differences (
          nim_run_header_get_config (h), run, TRUE, NULL);

      if (*differences == '\0')
        {
          g_free (setup->id);
          setup->id = g_strdup (nim_run_header_get_id (h));
          g_clear_pointer (&setup->header, g_free);
          setup->resume = TRUE;
          warn_headless (scan, results, setup->id);
          return TRUE;
        }
    }
  /* A header of this run's ID that differs in its shard alone holds
     another part of the run: its games are not this part's to count, and
     a second header would make the file two parts at once. */
  for (i = 0; i < scan->headers->len; i++)
    {
      NimRunHeader *h = scan->headers->pdata[i];

      if (g_str_equal (nim_run_header_get_id (h), setup->id))
        {
          g_autofree char *differences = nim_run_file_differences (
              nim_run_header_get_config (h), run, TRUE, NULL);

          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--resume: %s holds another part of this run "
                          "(another --shard, or the whole run); give the "
                          "--shard of that part, or another --results "
                          "file.  What differs:%s"),
                       results, differences);
          nim_run_file_setup_clear (setup);
          return FALSE;
        }
    }
  if (!resume_without_header (scan, last, run, results, setup, error))
    {
      nim_run_file_setup_clear (setup);
      return FALSE;
    }
  warn_headless (scan, results, setup->id);
  return TRUE;
}

/**
 * nim_run_file_setup_clear:
 * @setup: what nim_run_file_setup() made
 */
void
nim_run_file_setup_clear (NimRunFileSetup *setup)
{
  g_clear_pointer (&setup->id, g_free);
  g_clear_pointer (&setup->header, g_free);
}

/**
 * nim_run_file_resume:
 * @results: (nullable): the results file
 * @setup: the run's identity in it (nim_run_file_setup())
 * @run: the run
 * @n_games: the games of the whole run (a tournament's of every pairing)
 * @func: called for each game of the run the file holds, once
 * @data: passed to @func
 * @error: return location for an error reading the results file
 *
 * With --resume, reads the games of this run that the results file
 * holds, each once and checked (nim_run_file_games_new()), so that the
 * run plays only the others.
 *
 * Returns: %TRUE on success
 */
gboolean
nim_run_file_resume (const char *results, const NimRunFileSetup *setup,
                     const NimRunConfig *run, guint64 n_games,
                     NimRunFileGameFunc func, gpointer data, GError **error)
{
  const char *ids[] = { setup->id, NULL };
  g_autoptr (NimRunFileGames) games = NULL;

  if (!setup->resume)
    return TRUE;
  games = nim_run_file_games_new (run, ids, n_games, func, data);
  return nim_run_file_games_read (games, results, error);
}

/* ------------------------------------------------------------------------
   Writing the games */

struct _NimRunFile
{
  char *path;
  int fd;
  gboolean readable;        /* ... opened for reading too (see open_results) */
  NimRunProgress *progress; /* (nullable): where notices go */
  char *run_id;             /* (nullable): each record's "run" */
  char *header;             /* (nullable): the run's header line, written
                               with the first record */
  gboolean wrote_header;
  guint32 seed;
  /* The jobs hand in their games at once (see #NimMatchCallbacks): each
     makes its record alone, and they take turns at the file. */
  GMutex lock;
};

/* Says something on standard error, over the progress line. */
static void notice (const NimRunFile *f, const char *format, ...)
    G_GNUC_PRINTF (2, 3);

static void
notice (const NimRunFile *f, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  nim_run_progress_notice (f->progress, text);
}

/* The longest pause, in microseconds, between two looks at what the
   results file waits for (a FIFO's reader, another run's lock), and the
   time, in microseconds, after which a wait for the lock is said: others
   sharing the file hold it for the moment of a write. */
#define WAIT_PAUSE_MAX (50 * 1000)
#define LOCK_PATIENCE G_USEC_PER_SEC

/* Where the claims of the runs writing a file begin (nim_run_file_claim),
   past any length a file reaches: the lock of each append stops short
   of them. */
#define CLAIMS ((off_t) 1 << (sizeof (off_t) * 8 - 2))

/* Waits a little before looking again: 1 ms, then twice as long each
   time, up to WAIT_PAUSE_MAX.  FALSE, with @error set, after Ctrl-C. */
static gboolean
wait_a_little (gulong *pause, const char *path, const char *waiting_for,
               GError **error)
{
  if (nim_interrupted ())
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_INTERRUPTED,
                   /* TRANSLATORS: the results file, then what nim waited
                      for: "a reader" (of a FIFO) or "the lock". */
                   _ ("interrupted while waiting for %2$s of the results "
                      "file %1$s"),
                   path, waiting_for);
      return FALSE;
    }
  g_usleep (*pause);
  *pause = MIN (*pause * 2, WAIT_PAUSE_MAX);
  return TRUE;
}

/* Opens the FIFO @path for writing, which waits for a reader: a look
   that does not block, again and again, so that Ctrl-C ends the wait
   whatever thread the signal went to, and a word on standard error that
   nim waits, and for what. */
static int
open_fifo (NimRunFile *f, const char *path, GError **error)
{
  gulong pause = 1000;
  gboolean said = FALSE;

  for (;;)
    {
      int fd = open (path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NONBLOCK);

      if (fd >= 0)
        {
          /* Writes wait for the reader, as they would have. */
          fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
          return fd;
        }
      if (errno != ENXIO && errno != EINTR)
        {
          int saved = errno;

          g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                       _ ("cannot open the results file %s: %s"), path,
                       g_strerror (saved));
          return -1;
        }
      if (!said)
        notice (f,
                _ ("nim: the results file %s is a FIFO: waiting for a "
                   "process to read it (Ctrl-C stops)\n"),
                path);
      said = TRUE;
      if (!wait_a_little (&pause, path, _ ("a reader"), error))
        return -1;
    }
}

/* Opens the results file for appending.  A regular file is opened for
   reading too, when its permissions allow, so that mend_torn_end() can
   look at its last byte; anything else (a FIFO, /dev/stdout, a device)
   write-only, as before: opening a FIFO for reading and writing would
   not wait for its reader.  *@readable says which it was. */
static int
open_results (NimRunFile *f, const char *path, gboolean *readable,
              GError **error)
{
  struct stat st;
  gboolean regular;
  int fd = -1;

  *readable = FALSE;
  if (stat (path, &st) == 0 && S_ISFIFO (st.st_mode))
    return open_fifo (f, path, error);
  regular = stat (path, &st) != 0 || S_ISREG (st.st_mode);
  if (regular)
    fd = open (path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  if (fd >= 0)
    *readable = TRUE;
  else if (!regular || errno == EACCES)
    fd = open (path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("cannot open the results file %s: %s"), path,
                   g_strerror (saved));
    }
  return fd;
}

/* Takes an advisory lock on the whole results file, waiting while
   another run holds it.  The descriptor is opened with O_APPEND, so each
   write(2) goes to the end of the file in one step, and on Linux a
   regular file's write is not mixed with another's; but POSIX does not
   promise that a write is done whole: a full disk, a file size limit or
   a signal can cut it short, and the rest then goes in a second write
   that another run's record could fall before (NFS does not even keep
   O_APPEND).  Between looking at the end of the file and writing there
   (mend_torn_end) or cutting a partial record off (append_record) the
   file must also stay as it was.  So runs that share a results file take
   turns holding this lock; a file that cannot be locked (a file system
   without locks) is written all the same, as it was before, and
   *@locked says which it was.  This run's own jobs are serialised by the
   run's lock: fcntl(2) locks belong to the process, not the thread (and
   closing any descriptor of the file would drop them; this one is the
   only one the process opens).

   The wait is looks that do not block, so that Ctrl-C ends it (FALSE,
   with @error set) whatever thread the signal went to; one that lasts is
   said on standard error, naming the process that holds the lock. */
static gboolean
lock_results (NimRunFile *f, gboolean *locked, GError **error)
{
  struct flock fl;
  gulong pause = 1000;
  gint64 since = g_get_monotonic_time ();
  gboolean said = FALSE;

  *locked = FALSE;
  for (;;)
    {
      memset (&fl, 0, sizeof fl);
      fl.l_type = F_WRLCK;
      fl.l_whence = SEEK_SET;
      fl.l_start = 0;
      fl.l_len = CLAIMS; /* to the end of the file, however far it grows,
                            but not the claims beyond (claim_run) */
      if (fcntl (f->fd, F_SETLK, &fl) == 0)
        {
          *locked = TRUE;
          return TRUE;
        }
      if (errno != EACCES && errno != EAGAIN && errno != EINTR)
        return TRUE;
      if (!said && g_get_monotonic_time () - since >= LOCK_PATIENCE)
        {
          said = TRUE;
          if (fcntl (f->fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK
              && fl.l_pid > 0)
            notice (f,
                    _ ("nim: waiting for the lock on the results file %s, "
                       "which process %ld holds (Ctrl-C stops)\n"),
                    f->path, (long) fl.l_pid);
          else
            notice (f,
                    _ ("nim: waiting for the lock on the results file %s, "
                       "which another process holds (Ctrl-C stops)\n"),
                    f->path);
        }
      if (!wait_a_little (&pause, f->path, _ ("the lock"), error))
        return FALSE;
    }
}

/**
 * nim_run_file_claim:
 * @file: a results file open for writing
 * @key: what this process plays into it: the run's ID and the shard
 * @error: return location for a #NIM_ERROR_USAGE error naming the
 *   process that plays the same into the file already
 *
 * Claims the part of the run this process plays, for as long as @file
 * is open: two processes resuming the same run (the same shard) into
 * one file would each play the games missing from it, every one twice.
 * Other runs and other shards sharing the file claim other parts.  The
 * claim is a lock on one byte far past the end of any file (which no
 * write reaches), chosen by @key; a file that cannot be locked (a
 * FIFO, /dev/null, a file system without locks) is not claimed.
 *
 * Returns: %TRUE if the part is this process's
 */
gboolean
nim_run_file_claim (NimRunFile *file, const char *key, GError **error)
{
  struct flock fl;
  struct stat st;

  /* Runs into /dev/null or a FIFO write no file to share. */
  if (fstat (file->fd, &st) != 0 || !S_ISREG (st.st_mode))
    return TRUE;
  memset (&fl, 0, sizeof fl);
  fl.l_type = F_WRLCK;
  fl.l_whence = SEEK_SET;
  fl.l_start = CLAIMS + (off_t) (g_str_hash (key) & 0xfffffff);
  fl.l_len = 1;
  if (fcntl (file->fd, F_SETLK, &fl) == 0)
    return TRUE;
  if (errno != EACCES && errno != EAGAIN)
    return TRUE;
  if (fcntl (file->fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK
      && fl.l_pid > 0)
    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                 _ ("process %ld is playing the same run (the same shard) "
                    "into the results file %s: two would play the same "
                    "games; let it finish, or stop it and go on with "
                    "--resume"),
                 (long) fl.l_pid, file->path);
  else
    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                 _ ("another process is playing the same run (the same "
                    "shard) into the results file %s: two would play the "
                    "same games; let it finish, or stop it and go on with "
                    "--resume"),
                 file->path);
  return FALSE;
}

/* Releases the lock of lock_results(), when it was taken. */
static void
unlock_results (const NimRunFile *f, gboolean locked)
{
  struct flock fl;

  if (!locked)
    return;
  memset (&fl, 0, sizeof fl);
  fl.l_type = F_UNLCK;
  fl.l_whence = SEEK_SET;
  fl.l_len = CLAIMS;
  fcntl (f->fd, F_SETLK, &fl);
}

/* Writes @len bytes of @text to @fd, whole, and adds what it wrote to
   *@written, a part of it included when it fails.  Each line goes in
   one call: stdio would cut a line longer than its buffer into several
   writes.  The loop only resumes one that a signal cut short (or a full
   disk, which then fails on the next call). */
static gboolean
write_all (int fd, const char *text, gsize len, gsize *written)
{
  while (len > 0)
    {
      ssize_t n = write (fd, text, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n == 0)
            errno = EIO; /* nothing written, and nothing said why */
          return FALSE;
        }
      text += n;
      len -= (gsize) n;
      *written += (gsize) n;
    }
  return TRUE;
}

/* With the results file locked: when it does not end in a newline, a
   run was stopped in the middle of a record (kill -9, a crash, a full
   disk it could not clean up after), and a record appended now would
   run on from that fragment.  Ends the fragment's line with a newline,
   so that it stands alone and every record after it is a line of its
   own, and says so on standard error.  The fragment is kept as it is,
   not moved or cut off: nothing the user wrote is thrown away, and it
   is one line a reader skips, as one that does not parse (see
   nim(1)).  Runs on opening the file and before every record, as
   another run sharing the file may have been stopped in the middle of
   one since. */
static gboolean
mend_torn_end (NimRunFile *f, GError **error)
{
  struct stat st;
  gsize written = 0;
  char last;

  if (!f->readable || fstat (f->fd, &st) != 0 || !S_ISREG (st.st_mode)
      || st.st_size == 0 || pread (f->fd, &last, 1, st.st_size - 1) != 1
      || last == '\n')
    return TRUE;
  if (!write_all (f->fd, "\n", 1, &written))
    {
      int saved = errno;

      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("cannot write to the results file %s: %s"), f->path,
                   g_strerror (saved));
      return FALSE;
    }
  notice (f,
          /* TRANSLATORS: %s is the file given with --results. */
          _ ("nim: the results file %s ended in an incomplete line (a run "
             "stopped while writing it?); a newline was added, so that the "
             "line stands alone and the new records start on lines of their "
             "own\n"),
          f->path);
  return TRUE;
}

/* Appends @line (@len bytes, its newline included) to the results file,
   holding the lock.  A write that fails part of the way (a full disk)
   leaves the start of a record; it is cut off again when the file's size
   shows that nothing was appended after it, and the error says whether
   it was. */
static gboolean
append_record (NimRunFile *f, const char *line, gsize len, GError **error)
{
  gboolean locked;
  struct stat st;
  off_t start = -1;
  gsize written = 0;
  int saved;

  if (!lock_results (f, &locked, error))
    return FALSE;
  if (!mend_torn_end (f, error))
    {
      unlock_results (f, locked);
      return FALSE;
    }
  if (fstat (f->fd, &st) == 0 && S_ISREG (st.st_mode))
    start = st.st_size;
  if (write_all (f->fd, line, len, &written))
    {
      unlock_results (f, locked);
      return TRUE;
    }
  saved = errno;
  if (written == 0)
    g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                 _ ("cannot write to the results file %s: %s"), f->path,
                 g_strerror (saved));
  else if (start >= 0 && fstat (f->fd, &st) == 0
           && st.st_size == start + (off_t) written
           && ftruncate (f->fd, start) == 0)
    g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                 /* TRANSLATORS: %s is the file, then why (such as "No
                    space left on device"). */
                 _ ("cannot write to the results file %s: %s; the "
                    "incomplete record was removed from its end"),
                 f->path, g_strerror (saved));
  else
    g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                 _ ("cannot write to the results file %s: %s; an "
                    "incomplete record is left at its end"),
                 f->path, g_strerror (saved));
  unlock_results (f, locked);
  return FALSE;
}

/**
 * nim_run_file_set_run:
 * @file: a results file open for writing
 * @id: the run's ID (nim_run_file_setup()), written in each game record
 *   with the game's tally
 * @header: (nullable): the run's header line, for a results file that
 *   does not hold it yet: written in one write with the first record, so
 *   that a file that takes no record takes no header either
 * @seed: the run's seed, which each record names
 */
void
nim_run_file_set_run (NimRunFile *file, const char *id, const char *header,
                      guint32 seed)
{
  g_free (file->run_id);
  file->run_id = g_strdup (id);
  g_free (file->header);
  file->header = g_strdup (header);
  file->seed = seed;
}

/**
 * nim_run_file_write_header:
 * @file: a results file open for writing
 * @error: return location for an error writing it
 *
 * Writes the header line of nim_run_file_set_run() now rather than with
 * the first record: a resumed run whose results file lost its header
 * gets it back even when no game is left to play.
 *
 * Returns: %TRUE if it was written (or there was none to write)
 */
gboolean
nim_run_file_write_header (NimRunFile *file, GError **error)
{
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&file->lock);

  if (file->header == NULL)
    return TRUE;
  if (!append_record (file, file->header, strlen (file->header), error))
    return FALSE;
  file->wrote_header = TRUE;
  g_clear_pointer (&file->header, g_free);
  return TRUE;
}

/**
 * nim_run_file_wrote_header:
 * @file: a results file open for writing
 *
 * Returns: whether the header line of nim_run_file_set_run() was written
 */
gboolean
nim_run_file_wrote_header (const NimRunFile *file)
{
  return file->wrote_header;
}

/* The game's record, each move marked with what the solver said of the
   position it was made from. */
static JsonNode *
game_record (const NimRunFile *f, const NimMatchGame *game)
{
  JsonNode *record = nim_record_game (game->game, f->seed);
  JsonObject *o = json_node_get_object (record);
  JsonArray *moves;
  guint i;

  json_object_set_int_member (o, "game", (gint64) game->number);
  if (f->run_id != NULL)
    {
      json_object_set_string_member (o, "run", f->run_id);
      json_object_set_member (o, "tally", tallies_to_json (game->tallies));
    }
  moves = json_object_get_array_member (o, "moves");
  for (i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);

      if (game->positions[i] == NIM_MATCH_POSITION_UNKNOWN)
        json_object_set_null_member (m, "position");
      else
        json_object_set_string_member (
            m, "position",
            game->positions[i] == NIM_MATCH_POSITION_WON ? "win" : "loss");
    }
  return record;
}

/**
 * nim_run_file_add_game:
 * @file: a results file open for writing
 * @game: a game just finished
 * @error: return location for an error writing it
 *
 * Appends the game's record, a line of JSON, after the run's header when
 * the file does not hold it yet.  The jobs of a run call it at once: each
 * makes its record, then they append one after the other.
 *
 * Returns: %TRUE if the record was written whole
 */
gboolean
nim_run_file_add_game (NimRunFile *file, const NimMatchGame *game,
                       GError **error)
{
  g_autoptr (JsonNode) record = game_record (file, game);
  g_autofree char *text = nim_record_to_string (record, FALSE);
  g_autofree char *line = NULL;
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&file->lock);

  line = g_strconcat (file->header ? file->header : "", text, "\n", NULL);
  if (!append_record (file, line, strlen (line), error))
    return FALSE;
  if (file->header != NULL)
    file->wrote_header = TRUE;
  g_clear_pointer (&file->header, g_free);
  return TRUE;
}

/**
 * nim_run_file_open:
 * @path: a file to append a run's games to, one line of JSON each
 *   (--results): a regular file, made when it does not exist, or a FIFO
 *   (opening it waits for a reader), or a device
 * @progress: (nullable): the progress line that the notices on standard
 *   error break into (a FIFO waited for, a lock waited for, a torn end
 *   mended); it must outlive the file
 * @error: return location for an error: a file that cannot be opened, or
 *   whose incomplete last line cannot be ended (#NIM_ERROR_FAILED); a
 *   Ctrl-C while waiting (#NIM_ERROR_INTERRUPTED)
 *
 * A results file whose last line is incomplete (a run was stopped while
 * writing it) gets a newline, and a notice says so; see
 * mend_torn_end().  Runs that share the file take turns at it
 * (lock_results()).
 *
 * Returns: (transfer full) (nullable): the file, for
 *   nim_run_file_set_run() and nim_run_file_add_game()
 */
NimRunFile *
nim_run_file_open (const char *path, NimRunProgress *progress, GError **error)
{
  g_autoptr (NimRunFile) f = g_new0 (NimRunFile, 1);
  gboolean locked, ok;

  f->path = g_strdup (path);
  f->progress = progress;
  g_mutex_init (&f->lock);
  f->fd = open_results (f, path, &f->readable, error);
  if (f->fd < 0 || !lock_results (f, &locked, error))
    return NULL;
  ok = mend_torn_end (f, error);
  unlock_results (f, locked);
  if (!ok)
    return NULL;
  return g_steal_pointer (&f);
}

/**
 * nim_run_file_free:
 * @file: (nullable): a results file open for writing
 *
 * Closes it.
 */
void
nim_run_file_free (NimRunFile *file)
{
  if (file == NULL)
    return;
  if (file->fd >= 0)
    close (file->fd);
  g_free (file->path);
  g_free (file->run_id);
  g_free (file->header);
  g_mutex_clear (&file->lock);
  g_free (file);
}
