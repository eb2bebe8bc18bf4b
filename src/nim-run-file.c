/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run-file.c -- a results file read back: the run's parameters in
 * its header line, its games for --resume and --summarize
 *
 * A run writes, before its first game, a header line
 *
 *     {"run": ID, "params": {...}, "shard": "K/N" or null}
 *
 * whose parameters are everything the games depend on: the players, the
 * rules, the positions, the seed, the number of games, the SPRT and the
 * tournament (not --jobs, which changes nothing but the times, nor the
 * shard, which says which of the run's games a file holds).  ID is a
 * digest of the parameters, and each game record carries it as "run",
 * with "tally", what its two players did as the summary counts it.  So
 * several runs may share a file, --resume finds its own run's games and
 * skips them, and --summarize counts the games of one run from any
 * number of files, each game once.  The files are read a line at a
 * time: nothing is kept per game but what the counting keeps. */

#include "config.h"

#include "nim-run-file.h"

#include "nim-i18n.h"
#include "nim-notation.h"
#include "nim-record.h"
#include "nim-error.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* How many hex digits of the SHA-256 of the parameters make the ID. */
#define ID_DIGITS 16

static void
add_int (JsonBuilder *b, const char *name, gint64 v)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, v);
}

static void
add_double (JsonBuilder *b, const char *name, double v)
{
  json_builder_set_member_name (b, name);
  json_builder_add_double_value (b, v);
}

static void
add_string (JsonBuilder *b, const char *name, const char *v)
{
  json_builder_set_member_name (b, name);
  if (v != NULL)
    json_builder_add_string_value (b, v);
  else
    json_builder_add_null_value (b);
}

/**
 * nim_run_file_params:
 * @config: what the run plays (its players are @players when given)
 * @tournament: (nullable): the kind of tournament
 * @players: (nullable): the tournament's players, %NULL-terminated
 *
 * Returns: (transfer full): the parameters of a run's header line
 */
JsonNode *
nim_run_file_params (const NimMatchConfig *config, const char *tournament,
                     const char *const *players)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *take = nim_notation_rules (&config->rules);
  guint i;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  if (players != NULL)
    for (i = 0; players[i] != NULL; i++)
      json_builder_add_string_value (b, players[i]);
  else
    for (i = 0; i < 2; i++)
      json_builder_add_string_value (b, config->specs[i]);
  json_builder_end_array (b);
  add_string (b, "tournament", tournament);
  add_string (b, "take", take);
  json_builder_set_member_name (b, "misere");
  json_builder_add_boolean_value (b, config->rules.misere);
  json_builder_set_member_name (b, "positions");
  json_builder_begin_object (b);
  if (config->n_positions > 0)
    {
      g_autofree guint *order = NULL;

      add_string (b, "file", config->positions_label);
      json_builder_set_member_name (b, "list");
      json_builder_begin_array (b);
      for (i = 0; i < config->n_positions; i++)
        {
          g_autofree char *text = nim_notation_position (
              &config->positions[i],
              config->first_movers ? config->first_movers[i] : 1);

          json_builder_add_string_value (b, text);
        }
      json_builder_end_array (b);
      add_string (b, "order", config->random_order ? "random" : "sequential");
      add_int (b, "start", config->start_position + 1);
    }
  else if (config->random_count > 0)
    {
      add_int (b, "random_count", config->random_count);
      add_int (b, "random_max", config->random_max);
    }
  else
    {
      g_autofree char *heaps = nim_board_to_string (&config->start);

      add_string (b, "heaps", heaps);
    }
  json_builder_end_object (b);
  add_int (b, "seed", config->seed);
  add_int (b, "games", (gint64) config->games);
  json_builder_set_member_name (b, "sprt");
  if (config->sprt_enabled)
    {
      json_builder_begin_object (b);
      add_double (b, "elo0", config->sprt.elo0);
      add_double (b, "elo1", config->sprt.elo1);
      add_double (b, "alpha", config->sprt.alpha);
      add_double (b, "beta", config->sprt.beta);
      add_string (b, "model", nim_sprt_model_name (config->sprt.model));
      json_builder_end_object (b);
    }
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/**
 * nim_run_file_id:
 * @params: a run's parameters
 *
 * Returns: (transfer full): the run's ID, a digest of @params
 */
char *
nim_run_file_id (JsonNode *params)
{
  g_autofree char *text = nim_record_to_string (params, FALSE);
  g_autofree char *sum
      = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);

  return g_strndup (sum, ID_DIGITS);
}

/**
 * nim_run_file_header:
 * @params: the run's parameters
 * @id: its ID
 * @config: what this process plays of it (its shard)
 *
 * Returns: (transfer full): the header line, newline included
 */
char *
nim_run_file_header (JsonNode *params, const char *id,
                     const NimMatchConfig *config)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  add_string (b, "run", id);
  json_builder_set_member_name (b, "params");
  json_builder_add_value (b, json_node_copy (params));
  json_builder_set_member_name (b, "shard");
  if (config->shards > 1)
    {
      g_autofree char *shard
          = g_strdup_printf ("%u/%u", config->shard, config->shards);

      json_builder_add_string_value (b, shard);
    }
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  text = nim_record_to_string (root, FALSE);
  return g_strconcat (text, "\n", NULL);
}

/* A member's value as JSON text, cut short when long (a suite's list). */
static char *
member_text (JsonObject *o, const char *name)
{
  JsonNode *node = json_object_get_member (o, name);
  g_autofree char *text = NULL;

  if (node == NULL)
    return g_strdup ("-");
  text = nim_record_to_string (node, FALSE);
  if (g_utf8_strlen (text, -1) > 60)
    {
      g_autofree char *cut = g_utf8_substring (text, 0, 57);

      return g_strconcat (cut, "...", NULL);
    }
  return g_steal_pointer (&text);
}

/**
 * nim_run_file_differences:
 * @theirs: a file's run parameters
 * @ours: this run's
 *
 * Returns: (transfer full): what differs, one "NAME: X in the file, Y
 *   now" a line, each line starting with a newline
 */
char *
nim_run_file_differences (JsonNode *theirs, JsonNode *ours)
{
  JsonObject *t = json_node_get_object (theirs);
  JsonObject *o = json_node_get_object (ours);
  g_autoptr (GString) s = g_string_new (NULL);
  g_autoptr (GList) names = json_object_get_members (o);
  GList *l;

  for (l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      g_autofree char *a = member_text (t, name);
      g_autofree char *b = member_text (o, name);

      if (!g_str_equal (a, b)
          || !json_node_equal (json_object_get_member (o, name),
                               json_object_get_member (t, name)))
        /* TRANSLATORS: a parameter of a run (players, seed, ...), its
           value in the results file, and its value in this run. */
        g_string_append_printf (s, _ ("\n  %s: %s in the file, %s now"), name,
                                a, b);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* Reads @path a line at a time, calling @func on each parsed object;
   counts the lines that are not JSON objects and says whether the last
   one is incomplete. */
typedef void (*LineFunc) (gpointer data, JsonObject *o);

static gboolean
each_line (const char *path, LineFunc func, gpointer data, guint64 *bad,
           gboolean *torn, GError **error)
{
  FILE *f = fopen (path, "re");
  char *line = NULL;
  size_t size = 0;
  ssize_t n;
  g_autoptr (JsonParser) parser = json_parser_new ();

  *bad = 0;
  *torn = FALSE;
  if (f == NULL)
    {
      int saved = errno;

      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("cannot read the results file %s: %s"), path,
                   g_strerror (saved));
      return FALSE;
    }
  while ((n = getline (&line, &size, f)) > 0)
    {
      gboolean ended = line[n - 1] == '\n';
      JsonNode *root;

      if (ended)
        line[n - 1] = '\0';
      if (*line == '\0')
        continue;
      if (!json_parser_load_from_data (parser, line, -1, NULL)
          || (root = json_parser_get_root (parser)) == NULL
          || !JSON_NODE_HOLDS_OBJECT (root))
        {
          /* The last line cut short is the torn end; a fragment before
             it was set apart by a run that came after. */
          if (!ended)
            *torn = TRUE;
          else
            (*bad)++;
          continue;
        }
      func (data, json_node_get_object (root));
    }
  free (line);
  fclose (f);
  return TRUE;
}

static void
scan_line (gpointer data, JsonObject *o)
{
  NimRunFileScan *scan = data;

  if (json_object_has_member (o, "params") && json_object_has_member (o, "run")
      && !json_object_has_member (o, "game"))
    {
      g_ptr_array_add (scan->ids,
                       g_strdup (json_object_get_string_member (o, "run")));
      g_ptr_array_add (scan->params,
                       json_node_copy (json_object_get_member (o, "params")));
    }
}

/**
 * nim_run_file_scan:
 * @path: a results file
 * @error: return location for an error: a file that cannot be read
 *
 * Reads the header lines of @path, and counts its bad lines.
 *
 * Returns: (transfer full) (nullable): what was found
 */
NimRunFileScan *
nim_run_file_scan (const char *path, GError **error)
{
  g_autoptr (NimRunFileScan) scan = g_new0 (NimRunFileScan, 1);

  scan->ids = g_ptr_array_new_with_free_func (g_free);
  scan->params
      = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  if (!each_line (path, scan_line, scan, &scan->bad_lines, &scan->torn_end,
                  error))
    return NULL;
  return g_steal_pointer (&scan);
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
  g_ptr_array_unref (scan->ids);
  g_ptr_array_unref (scan->params);
  g_free (scan);
}

/**
 * nim_run_file_scan_find:
 * @scan: what nim_run_file_scan() found
 * @id: a run's ID
 *
 * Returns: (transfer none) (nullable): the parameters of run @id, if the
 *   file has its header
 */
JsonNode *
nim_run_file_scan_find (const NimRunFileScan *scan, const char *id)
{
  guint i;

  for (i = 0; i < scan->ids->len; i++)
    if (g_str_equal (scan->ids->pdata[i], id))
      return scan->params->pdata[i];
  return NULL;
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
  const char *id;
  NimRunFileGameFunc func;
  gpointer data;
} EachGame;

static guint64
element_uint (JsonArray *a, guint i)
{
  gint64 v = json_array_get_int_element (a, i);

  return v > 0 ? (guint64) v : 0;
}

static void
game_line (gpointer data, JsonObject *o)
{
  EachGame *e = data;
  NimMatchTally t[2];
  JsonNode *tally, *run, *game;
  JsonArray *a;
  guint i;

  run = json_object_get_member (o, "run");
  game = json_object_get_member (o, "game");
  tally = json_object_get_member (o, "tally");
  if (run == NULL || game == NULL || tally == NULL
      || json_node_get_value_type (run) != G_TYPE_STRING
      || !g_str_equal (json_node_get_string (run), e->id)
      || json_node_get_value_type (game) != G_TYPE_INT64
      || !JSON_NODE_HOLDS_ARRAY (tally))
    return;
  a = json_node_get_array (tally);
  if (json_array_get_length (a) != 2)
    return;
  for (i = 0; i < 2; i++)
    {
      JsonNode *pn = json_array_get_element (a, i);
      JsonArray *p;

      if (!JSON_NODE_HOLDS_ARRAY (pn)
          || json_array_get_length (json_node_get_array (pn)) < 7)
        return;
      p = json_node_get_array (pn);
      memset (&t[i], 0, sizeof t[i]);
      if (json_array_get_length (p) >= 8
          && JSON_NODE_HOLDS_ARRAY (json_array_get_element (p, 7)))
        {
          JsonArray *f = json_array_get_array_element (p, 7);
          guint k;

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
  if (json_node_get_int (game) <= 0 || t[0].wins + t[1].wins != 1)
    return;
  e->func (e->data, (guint64) json_node_get_int (game), t);
}

/**
 * nim_run_file_each_game:
 * @path: a results file
 * @id: a run's ID
 * @func: called for each complete game record of run @id, in the file's
 *   order
 * @data: passed to @func
 * @error: return location for an error: a file that cannot be read
 *
 * Returns: %TRUE if the file was read
 */
gboolean
nim_run_file_each_game (const char *path, const char *id,
                        NimRunFileGameFunc func, gpointer data, GError **error)
{
  EachGame e = { id, func, data };
  guint64 bad;
  gboolean torn;

  return each_line (path, game_line, &e, &bad, &torn, error);
}

/**
 * nim_run_file_config:
 * @params: a run's parameters, which must outlive @config (its specs
 *   point into it)
 * @config: (out): the run they describe, for nim_match_new_counter()
 * @boards: (out) (transfer full): the suite's positions, or %NULL
 * @first_movers: (out) (transfer full): ... who moves first in each
 * @error: return location for a #NIM_ERROR_FAILED error: parameters
 *   this nim does not understand
 *
 * Returns: %TRUE on success
 */
gboolean
nim_run_file_config (JsonNode *params, NimMatchConfig *config, GArray **boards,
                     GArray **first_movers, GError **error)
{
  JsonObject *p = json_node_get_object (params);
  JsonObject *pos;
  JsonArray *players;
  JsonNode *sprt;

  memset (config, 0, sizeof *config);
  *boards = NULL;
  *first_movers = NULL;
  config->jobs = 1;
  if (!json_object_has_member (p, "players")
      || !json_object_has_member (p, "positions")
      || !nim_notation_parse_rules (
          json_object_get_string_member_with_default (p, "take", ""),
          json_object_get_boolean_member_with_default (p, "misere", FALSE),
          &config->rules, error))
    goto bad;
  players = json_object_get_array_member (p, "players");
  if (json_array_get_length (players) < 2)
    goto bad;
  config->specs[0] = json_array_get_string_element (players, 0);
  config->specs[1] = json_array_get_string_element (players, 1);
  config->seed
      = (guint32) json_object_get_int_member_with_default (p, "seed", 0);
  config->games
      = (guint64) json_object_get_int_member_with_default (p, "games", 0);
  if (config->games < 2 || config->games % 2 != 0
      || config->games > NIM_MATCH_MAX_GAMES)
    goto bad;
  pos = json_object_get_object_member (p, "positions");
  if (json_object_has_member (pos, "list"))
    {
      JsonArray *list = json_object_get_array_member (pos, "list");
      guint i;

      *boards = g_array_new (FALSE, FALSE, sizeof (NimBoard));
      *first_movers = g_array_new (FALSE, FALSE, sizeof (guint));
      for (i = 0; i < json_array_get_length (list); i++)
        {
          NimBoard board;
          guint mover;

          if (!nim_notation_parse_position (
                  json_array_get_string_element (list, i), &board, &mover,
                  error))
            goto bad;
          g_array_append_val (*boards, board);
          g_array_append_val (*first_movers, mover);
        }
      config->positions = (const NimBoard *) (*boards)->data;
      config->first_movers = (const guint *) (*first_movers)->data;
      config->n_positions = (*boards)->len;
      config->positions_label
          = json_object_get_string_member_with_default (pos, "file", NULL);
      config->random_order
          = g_strcmp0 (
                json_object_get_string_member_with_default (pos, "order", ""),
                "random")
            == 0;
      config->start_position
          = (guint) (json_object_get_int_member_with_default (pos, "start", 1)
                     - 1);
      if (config->n_positions == 0
          || config->start_position >= config->n_positions)
        goto bad;
    }
  else if (json_object_has_member (pos, "random_count"))
    {
      config->random_count
          = (guint) json_object_get_int_member (pos, "random_count");
      config->random_max
          = (guint32) json_object_get_int_member (pos, "random_max");
    }
  else if (!nim_board_parse (
               &config->start,
               json_object_get_string_member_with_default (pos, "heaps", ""),
               "heaps", error))
    goto bad;
  sprt = json_object_get_member (p, "sprt");
  if (sprt != NULL && JSON_NODE_HOLDS_OBJECT (sprt))
    {
      JsonObject *s = json_node_get_object (sprt);

      config->sprt_enabled = TRUE;
      config->sprt.elo0 = json_object_get_double_member (s, "elo0");
      config->sprt.elo1 = json_object_get_double_member (s, "elo1");
      config->sprt.alpha = json_object_get_double_member (s, "alpha");
      config->sprt.beta = json_object_get_double_member (s, "beta");
      config->sprt.model
          = g_strcmp0 (json_object_get_string_member (s, "model"),
                       "normalized")
                    == 0
                ? NIM_SPRT_NORMALIZED
                : NIM_SPRT_LOGISTIC;
      if (!nim_sprt_check (&config->sprt, error))
        goto bad;
    }
  return TRUE;

bad:
  g_clear_error (error);
  g_clear_pointer (boards, g_array_unref);
  g_clear_pointer (first_movers, g_array_unref);
  g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
               _ ("the run's parameters in the header line are not "
                  "understood"));
  return FALSE;
}
