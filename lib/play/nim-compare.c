/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-compare.c -- `nim --compare`: every algorithm on one position
 *
 * The lecture's table: the same position searched by textbook minimax,
 * then by negamax with its techniques turned on one at a time, then
 * played by the closed forms that have a theory for the rules.  Every
 * search runs with time=0 and the same node budget, so the counts are
 * the same on any machine; the configurations that are also lines of
 * `make bench` count exactly what bench/expected says. */

#include "config.h"

#include "nim-compare.h"

#include "nim-i18n.h"
#include "nim-player.h"
#include "nim-record.h"
#include "nim-util.h"

#include <json-glib/json-glib.h>
#include <string.h>

/* One line of the table. */
typedef struct
{
  char *spec;
  const char *bench;
  const char *value;
  gboolean finished;
  NimMove move;
  NimSearchStats stats;
} Row;

static void
row_free (gpointer data)
{
  Row *row = data;

  g_free (row->spec);
  g_free (row);
}

static gboolean
run_one (const char *spec, gboolean search, const NimRules *rules,
         const NimBoard *board, guint64 nodes, Row *row, GError **error)
{
  g_autofree char *full = NULL;
  g_autoptr (NimPlayer) player = NULL;

  full = search ? g_strdup_printf ("%s%ctime=0,nodes=%" G_GUINT64_FORMAT, spec,
                                   strchr (spec, ':') ? ',' : ':', nodes)
                : g_strdup (spec);
  player = nim_player_new (full, error);
  if (player == NULL || !nim_player_start (player, rules, board, error)
      || !nim_player_choose_move (player, board, &row->move, error))
    return FALSE;
  row->stats = *nim_player_get_stats (player);
  /* A closed form always finishes, and reports its theory's value as
     proven.  A search that proved its value finished, even on the last
     node of its budget; one stopped by the budget has spent it exactly. */
  row->finished = !search || nodes == 0 || row->stats.proven
                  || row->stats.nodes < nodes;
  row->value = !row->stats.proven   ? "unknown"
               : row->stats.value > 0 ? "win"
                                      : "loss";
  return TRUE;
}

static void
print_json (GPtrArray *rows, FILE *out)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;
  guint i;

  json_builder_begin_array (b);
  for (i = 0; i < rows->len; i++)
    {
      const Row *r = rows->pdata[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "algorithm");
      json_builder_add_string_value (b, r->spec);
      json_builder_set_member_name (b, "bench");
      if (r->bench != NULL)
        json_builder_add_string_value (b, r->bench);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "value");
      json_builder_add_string_value (b, r->value);
      json_builder_set_member_name (b, "finished");
      json_builder_add_boolean_value (b, r->finished);
      json_builder_set_member_name (b, "heap");
      json_builder_add_int_value (b, r->move.heap + 1);
      json_builder_set_member_name (b, "take");
      json_builder_add_int_value (b, r->move.count);
      json_builder_set_member_name (b, "searched");
      json_builder_add_boolean_value (b, r->stats.searched);
      json_builder_set_member_name (b, "nodes");
      json_builder_add_int_value (b, (gint64) r->stats.nodes);
      json_builder_set_member_name (b, "cutoffs");
      json_builder_add_int_value (b, (gint64) r->stats.cutoffs);
      json_builder_set_member_name (b, "tt_probes");
      json_builder_add_int_value (b, (gint64) r->stats.tt_probes);
      json_builder_set_member_name (b, "tt_hits");
      json_builder_add_int_value (b, (gint64) r->stats.tt_hits);
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, r->stats.seconds);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  root = json_builder_get_root (b);
  text = nim_record_to_string (root, FALSE);
  fprintf (out, "%s\n", text);
}

/* A value of the table, "win", "loss" or "unknown", in the user's
   language (the JSON keeps the English word). */
static const char *
value_label (const char *value)
{
  if (strcmp (value, "win") == 0)
    return C_("value", "win");
  if (strcmp (value, "loss") == 0)
    return C_("value", "loss");
  /* TRANSLATORS: the value of --compare when the search did not prove
     the position, or the theory knows nothing of it; 12 columns. */
  return C_("value", "unknown");
}

static void
print_table (GPtrArray *rows, const NimRules *rules, const NimBoard *board,
             guint64 nodes, FILE *out)
{
  g_autofree char *heaps = nim_board_to_string (board);
  g_autofree char *described = nim_rules_describe (rules);
  g_autoptr (GString) s = g_string_new (NULL);
  guint i;

  /* TRANSLATORS: the first line of --compare: the heaps, such as 3,4,5,
     and a sentence describing the rules. */
  fprintf (out, _("Position %s. %s\n"), heaps, described);
  if (nodes > 0)
    fprintf (out,
             g_dngettext (GETTEXT_PACKAGE,
                          /* TRANSLATORS: the budget of --compare
                             (--nodes); "not finished" is the value of the
                             table for a search that spent it.  The
                             English says "nodes" for 1 too. */
                          "Every search runs with time=0 and a budget of "
                          "%llu nodes (--nodes);\n\"not finished\": the "
                          "search spent them.\n\n",
                          "Every search runs with time=0 and a budget of "
                          "%llu nodes (--nodes);\n\"not finished\": the "
                          "search spent them.\n\n",
                          nodes),
             (unsigned long long) nodes);
  else
    fputs (_("Every search runs with time=0 and no node budget.\n\n"), out);
  /* TRANSLATORS: the column headings of --compare: the player spec (40
     columns, left aligned), the value (12, left aligned), the move chosen
     (14, left aligned), the nodes searched (12, right aligned), the
     alpha-beta cutoffs, the transposition table's hits and the seconds
     (10 each, right aligned).  A longer word pushes its column out. */
  nim_string_append_padded (s, C_("compare", "algorithm"), 40, TRUE);
  g_string_append_c (s, ' ');
  nim_string_append_padded (s, C_("compare", "value"), 12, TRUE);
  g_string_append_c (s, ' ');
  nim_string_append_padded (s, C_("compare", "move"), 14, TRUE);
  g_string_append_c (s, ' ');
  nim_string_append_padded (s, C_("compare", "nodes"), 12, FALSE);
  g_string_append_c (s, ' ');
  nim_string_append_padded (s, C_("compare", "cutoffs"), 10, FALSE);
  g_string_append_c (s, ' ');
  nim_string_append_padded (s, C_("compare", "tt hits"), 10, FALSE);
  g_string_append_c (s, ' ');
  nim_string_append_padded (s, C_("compare", "seconds"), 10, FALSE);
  g_string_append_c (s, '\n');
  fputs (s->str, out);
  for (i = 0; i < rows->len; i++)
    {
      const Row *r = rows->pdata[i];
      g_autofree char *move = g_strdup_printf (
          /* TRANSLATORS: the move of a row of --compare, 14 columns: take
             2 from heap 1. */
          g_dngettext (GETTEXT_PACKAGE, "%u from heap %u", "%u from heap %u",
                       r->move.count),
          r->move.count, r->move.heap + 1);

      g_string_truncate (s, 0);
      nim_string_append_padded (s, r->spec, 40, TRUE);
      g_string_append_c (s, ' ');
      nim_string_append_padded (s,
                   r->finished ? value_label (r->value)
                               /* TRANSLATORS: the value of --compare for
                                  a search that spent its node budget; 12
                                  columns. */
                               : C_("value", "not finished"),
                   12, TRUE);
      g_string_append_c (s, ' ');
      nim_string_append_padded (s, move, 14, TRUE);
      if (r->stats.searched)
        g_string_append_printf (s, " %12llu %10llu %10llu %10.4f\n",
                                (unsigned long long) r->stats.nodes,
                                (unsigned long long) r->stats.cutoffs,
                                (unsigned long long) r->stats.tt_hits,
                                r->stats.seconds);
      else
        g_string_append_printf (s, " %12s %10s %10s %10.4f\n", "-", "-", "-",
                                r->stats.seconds);
      fputs (s->str, out);
    }
}

/**
 * nim_compare_run:
 * @rules: the rules
 * @board: the position, which must have a legal move
 * @nodes: the node budget of each search, 0 for none
 * @json: print a JSON array instead of the table
 * @out: where to print
 * @error: return location for an error
 *
 * Runs every searcher configuration and every closed form that applies
 * on @board and prints what each found and what it cost.
 *
 * Returns: %TRUE on success
 */
gboolean
nim_compare_run (const NimRules *rules, const NimBoard *board, guint64 nodes,
                 gboolean json, FILE *out, GError **error)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (row_free);
  const NimPlayerClass *const *classes = nim_player_classes ();
  guint i, j;

  if (!nim_board_has_move (board, rules))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _("--compare: the position has no legal move; there is "
                     "nothing to search"));
      return FALSE;
    }
  /* The rows come from the registry: every searcher's configurations in
     the order a lecture adds the techniques, then every closed form that
     has a theory for the rules. */
  for (i = 0; classes[i] != NULL; i++)
    for (j = 0; classes[i]->kind == NIM_PLAYER_SEARCHER
                && classes[i]->showcase != NULL
                && classes[i]->showcase[j].options != NULL;
         j++)
      {
        const NimPlayerShowcase *c = &classes[i]->showcase[j];
        Row *row = g_new0 (Row, 1);

        g_ptr_array_add (rows, row);
        row->spec = *c->options ? g_strdup_printf ("%s:%s", classes[i]->name,
                                                   c->options)
                                : g_strdup (classes[i]->name);
        row->bench = c->bench;
        if (!run_one (row->spec, TRUE, rules, board, nodes, row, error))
          return FALSE;
      }
  for (i = 0; classes[i] != NULL; i++)
    {
      Row *row;

      if (classes[i]->kind != NIM_PLAYER_CLOSED_FORM
          || !nim_player_supports (classes[i], rules, board, NULL))
        continue;
      row = g_new0 (Row, 1);
      g_ptr_array_add (rows, row);
      row->spec = g_strdup (classes[i]->name);
      if (!run_one (row->spec, FALSE, rules, board, nodes, row, error))
        return FALSE;
    }
  if (json)
    print_json (rows, out);
  else
    print_table (rows, rules, board, nodes, out);
  return TRUE;
}
