/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-record.c -- the game as one JSON object, for scripts
 *
 * {"rules": {"take": "any" | [counts], "misere": bool}, "start": [heaps],
 *  "first": 1|2, "players": ["spec1", "spec2"], "seed": N,
 *  "moves": [{"player": p, "heap": h, "take": n, "heaps": [after],
 *             "stats": {...}, "explain": "why"}],
 *  "winner": 1|2|null, "abandoned": bool,
 *  "end": "normal"|"illegal"|"time"|"disconnect"|"startup"|"protocol",
 *  "end_player": 1|2, "end_reason": "..."}   (the last two when not normal)
 * Heaps are numbered from 1, as people see them. */

#include "config.h"

#include "nim-record.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/**
 * nim_record_rules:
 * @rules: rules
 *
 * Returns: (transfer full): {"take": "any" | [counts], "misere": bool},
 *   and "code" for a take-and-break code
 */
JsonNode *
nim_record_rules (const NimRules *rules)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (GArray) counts = nim_rules_fixed_counts (rules);
  guint i;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "take");
  /* The counts a move may take; "any", or the family's notation where
     they depend on the heap. */
  if (counts == NULL)
    {
      g_autofree char *take = nim_rules_take_to_string (rules);

      json_builder_add_string_value (b, take);
    }
  else
    {
      json_builder_begin_array (b);
      for (i = 0; i < counts->len; i++)
        json_builder_add_int_value (b, g_array_index (counts, guint32, i));
      json_builder_end_array (b);
    }
  /* A take-and-break code: "take" is the counts whose digit allows a
     move, "code" says what each leaves. */
  if (nim_rules_is_code (rules))
    {
      g_autofree char *code = nim_rules_code_to_string (rules);

      json_builder_set_member_name (b, "code");
      json_builder_add_string_value (b, code);
    }
  json_builder_set_member_name (b, "misere");
  json_builder_add_boolean_value (b, rules->misere);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/**
 * nim_record_heaps:
 * @board: a position
 *
 * Returns: (transfer full): its heaps as a JSON array
 */
JsonNode *
nim_record_heaps (const NimBoard *board)
{
  JsonArray *a = json_array_sized_new (board->n_heaps);
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);
  guint i;

  for (i = 0; i < board->n_heaps; i++)
    json_array_add_int_element (a, board->heaps[i]);
  json_node_take_array (node, a);
  return node;
}

/* What a search cost: {"nodes": N, "seconds": S, "proven": bool,
   "value": "win"|"loss"|null, "depth": D, "cutoffs": N, "tt_probes": N,
   "tt_hits": N, "nps": N}. */
static JsonNode *
record_stats (const NimSearchStats *stats)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "nodes");
  json_builder_add_int_value (b, (gint64) stats->nodes);
  json_builder_set_member_name (b, "seconds");
  json_builder_add_double_value (b, stats->seconds);
  json_builder_set_member_name (b, "proven");
  json_builder_add_boolean_value (b, stats->proven);
  json_builder_set_member_name (b, "value");
  if (stats->proven)
    json_builder_add_string_value (b, stats->value > 0 ? "win" : "loss");
  else
    json_builder_add_null_value (b);
  if (stats->distance > 0)
    {
      json_builder_set_member_name (b, "distance");
      json_builder_add_int_value (b, stats->distance);
    }
  json_builder_set_member_name (b, "depth");
  json_builder_add_int_value (b, stats->depth);
  json_builder_set_member_name (b, "cutoffs");
  json_builder_add_int_value (b, (gint64) stats->cutoffs);
  json_builder_set_member_name (b, "tt_probes");
  json_builder_add_int_value (b, (gint64) stats->tt_probes);
  json_builder_set_member_name (b, "tt_hits");
  json_builder_add_int_value (b, (gint64) stats->tt_hits);
  json_builder_set_member_name (b, "nps");
  json_builder_add_int_value (
      b, stats->seconds > 0 ? (gint64) (stats->nodes / stats->seconds) : 0);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/**
 * nim_record_add_move:
 * @b: a builder inside an object
 * @move: a move
 *
 * Adds the members of @move: "heap" (from 1), "take", and for a split
 * "leave", the heaps it leaves, the first in place, the second a new
 * heap at the end.
 */
void
nim_record_add_move (JsonBuilder *b, const NimMove *move)
{
  json_builder_set_member_name (b, "heap");
  json_builder_add_int_value (b, move->heap + 1);
  json_builder_set_member_name (b, "take");
  json_builder_add_int_value (b, move->count);
  if (move->split == 0)
    return;
  json_builder_set_member_name (b, "leave");
  json_builder_begin_array (b);
  json_builder_add_int_value (b, move->keep);
  json_builder_add_int_value (b, move->split);
  json_builder_end_array (b);
}

/**
 * nim_record_game:
 * @game: a game, finished or abandoned
 * @seed: the --seed it was played with, or -1 for none
 *
 * Returns: (transfer full): the game record
 */
JsonNode *
nim_record_game (const NimGame *game, gint64 seed)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint i, winner = nim_game_get_winner (game);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "rules");
  json_builder_add_value (b, nim_record_rules (nim_game_get_rules (game)));
  json_builder_set_member_name (b, "start");
  json_builder_add_value (b, nim_record_heaps (nim_game_get_start (game)));
  json_builder_set_member_name (b, "first");
  json_builder_add_int_value (b, nim_game_get_first (game));
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  json_builder_add_string_value (
      b, nim_player_get_spec (nim_game_get_player (game, 1)));
  json_builder_add_string_value (
      b, nim_player_get_spec (nim_game_get_player (game, 2)));
  json_builder_end_array (b);
  if (seed >= 0)
    {
      json_builder_set_member_name (b, "seed");
      json_builder_add_int_value (b, seed);
    }
  json_builder_set_member_name (b, "moves");
  json_builder_begin_array (b);
  for (i = 0; i < nim_game_get_n_moves (game); i++)
    {
      const NimGameMove *m = nim_game_get_move (game, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "player");
      json_builder_add_int_value (b, m->player);
      nim_record_add_move (b, &m->move);
      json_builder_set_member_name (b, "heaps");
      json_builder_add_value (b, nim_record_heaps (&m->after));
      if (m->stats.searched)
        {
          json_builder_set_member_name (b, "stats");
          json_builder_add_value (b, record_stats (&m->stats));
        }
      if (m->explain != NULL)
        {
          json_builder_set_member_name (b, "explain");
          json_builder_add_string_value (b, m->explain);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "winner");
  if (winner != 0)
    json_builder_add_int_value (b, winner);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "abandoned");
  json_builder_add_boolean_value (b, winner == 0);
  /* How it ended: by the rules, or the way its loser failed. */
  json_builder_set_member_name (b, "end");
  json_builder_add_string_value (b,
                                 nim_end_to_string (nim_game_get_end (game)));
  if (nim_game_get_end (game) != NIM_END_NORMAL)
    {
      json_builder_set_member_name (b, "end_player");
      json_builder_add_int_value (b, nim_game_get_end_player (game));
      json_builder_set_member_name (b, "end_reason");
      json_builder_add_string_value (b, nim_game_get_end_message (game));
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* @d as the shortest text that reads back as @d.  JsonGenerator prints
   every double with %.17g, which is exact but shows 9.6e-05 as
   9.6000000000000002e-05: noise a person reading the record takes for
   a value.  15 digits suffice for most doubles, 17 for every one.  A
   whole number keeps a ".0", as JsonGenerator writes it, so that a
   reader sees a double still. */
static void
append_double (GString *s, double d)
{
  static const char *const formats[] = { "%.15g", "%.16g", "%.17g" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  guint i;

  if (!isfinite (d))
    {
      /* JSON has no infinity or NaN; no field of nim's holds one. */
      g_string_append (s, "null");
      return;
    }
  for (i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, sizeof buf, formats[i], d);
      if (g_ascii_strtod (buf, NULL) == d)
        break;
    }
  g_string_append (s, buf);
  if (strpbrk (buf, ".e") == NULL)
    g_string_append (s, ".0");
}

/* Before an element of an object or array at @depth: a comma after the
   first, and with @pretty a new line indented two blanks a level. */
static void
append_separator (GString *s, gboolean first, gboolean pretty, guint depth)
{
  if (!first)
    g_string_append_c (s, ',');
  if (pretty)
    g_string_append_printf (s, "\n%*s", (int) (2 * depth), "");
}

/* @node as JSON, each double its shortest (append_double); strings
   escaped by json-glib, as JsonGenerator writes them. */
static void
append_node (GString *s, JsonNode *node, gboolean pretty, guint depth)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object = json_node_get_object (node);
        g_autoptr (GList) members = json_object_get_members (object);
        GList *l;

        g_string_append_c (s, '{');
        for (l = members; l != NULL; l = l->next)
          {
            g_autoptr (JsonNode) name = json_node_new (JSON_NODE_VALUE);
            g_autofree char *quoted = NULL;

            json_node_set_string (name, l->data);
            quoted = json_to_string (name, FALSE);
            append_separator (s, l == members, pretty, depth + 1);
            g_string_append (s, quoted);
            g_string_append (s, pretty ? " : " : ":");
            append_node (s, json_object_get_member (object, l->data), pretty,
                         depth + 1);
          }
        if (members != NULL && pretty)
          g_string_append_printf (s, "\n%*s", (int) (2 * depth), "");
        g_string_append_c (s, '}');
        return;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        guint i, n = json_array_get_length (array);

        g_string_append_c (s, '[');
        for (i = 0; i < n; i++)
          {
            append_separator (s, i == 0, pretty, depth + 1);
            append_node (s, json_array_get_element (array, i), pretty,
                         depth + 1);
          }
        if (n > 0 && pretty)
          g_string_append_printf (s, "\n%*s", (int) (2 * depth), "");
        g_string_append_c (s, ']');
        return;
      }
    case JSON_NODE_VALUE:
      if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
        {
          append_double (s, json_node_get_double (node));
          return;
        }
      break;
    case JSON_NODE_NULL:
      break;
    }
  {
    g_autofree char *text = json_to_string (node, FALSE);

    g_string_append (s, text);
  }
}

/**
 * nim_record_to_string:
 * @node: a JSON value
 * @pretty: indent it for people
 *
 * Each double is written in the fewest digits that read back as the same
 * double (0.000096, not 9.6000000000000002e-05).
 *
 * Returns: (transfer full): @node as JSON text
 */
char *
nim_record_to_string (JsonNode *node, gboolean pretty)
{
  GString *s = g_string_new (NULL);

  append_node (s, node, pretty, 0);
  return g_string_free (s, FALSE);
}

/**
 * nim_record_print:
 * @node: (transfer full): a JSON value
 * @out: where to print it
 *
 * Prints @node on one line and frees it.
 */
void
nim_record_print (JsonNode *node, FILE *out)
{
  g_autoptr (JsonNode) owned = node;
  g_autofree char *text = nim_record_to_string (owned, FALSE);

  fprintf (out, "%s\n", text);
}
