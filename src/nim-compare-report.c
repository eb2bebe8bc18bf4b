/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-compare-report.c -- `nim --compare`'s table and JSON
 *
 * lib/play/nim-compare.c runs the players and returns a row for each;
 * this prints the rows as the lecture's table or as a JSON array. */

#include "config.h"

#include "nim-compare-report.h"

#include "nim-i18n.h"
#include "nim-record.h"
#include "nim-text.h"

#include <stdio.h>

/* A row's value as the JSON says it; NULL (null) for a row that could
   not run. */
static const char *
value_name (const NimCompareRow *r)
{
  if (r->error != NULL)
    return NULL;
  return r->value > 0 ? "win" : r->value < 0 ? "loss" : "unknown";
}

/* Adds @name: @value, or null when @value is NULL. */
static void
add_string_or_null (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

/* The rows of nim_compare_run () as JSON: [{"algorithm": "spec",
   "bench": "tag"|null, "value": "win"|"loss"|"unknown"|null,
   "finished": bool, "heap": h|null, "take": n|null, "searched": bool,
   "nodes": N, "cutoffs": N, "tt_probes": N, "tt_hits": N,
   "seconds": S}], heaps numbered from 1;
   a row whose player could not run has null for its value and move, and
   "error": "why". */
static JsonNode *
rows_to_json (GPtrArray *rows)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint i;

  json_builder_begin_array (b);
  for (i = 0; i < rows->len; i++)
    {
      const NimCompareRow *r = rows->pdata[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "algorithm");
      json_builder_add_string_value (b, r->spec);
      add_string_or_null (b, "bench", r->bench);
      add_string_or_null (b, "value", value_name (r));
      if (r->error != NULL)
        add_string_or_null (b, "error", r->error->message);
      json_builder_set_member_name (b, "finished");
      json_builder_add_boolean_value (b, r->finished);
      if (r->error == NULL)
        nim_record_add_move (b, &r->move);
      else
        {
          /* No move: "heap" and "take" are null. */
          json_builder_set_member_name (b, "heap");
          json_builder_add_null_value (b);
          json_builder_set_member_name (b, "take");
          json_builder_add_null_value (b);
        }
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
  return json_builder_get_root (b);
}

/* A row's value, "win", "loss", "unknown", "not finished" or "n/a", in
   the user's language (the JSON keeps the English word). */
static const char *
value_label (const NimCompareRow *r)
{
  if (r->error != NULL)
    /* TRANSLATORS: the value of --compare for a player that could not
       run on the position; why is said under the table.  12 columns. */
    return C_ ("value", "n/a");
  if (!r->finished)
    /* TRANSLATORS: the value of --compare for a search that spent its
       node budget; 12 columns. */
    return C_ ("value", "not finished");
  if (r->value > 0)
    return C_ ("value", "win");
  if (r->value < 0)
    return C_ ("value", "loss");
  /* TRANSLATORS: the value of --compare when the search did not prove
     the position, or the theory knows nothing of it; 12 columns. */
  return C_ ("value", "unknown");
}

/* The two lines over the table: the position and the budget. */
static void
print_heading (const NimRules *rules, const NimBoard *board,
               const NimBudget *budget, FILE *out)
{
  g_autofree char *heaps = nim_board_to_string (board);
  g_autofree char *described = nim_rules_describe (rules);

  /* TRANSLATORS: the first line of --compare: the heaps, such as 3,4,5,
     and a sentence describing the rules. */
  fprintf (out, _ ("Position %s. %s\n"), heaps, described);
  if (budget->nodes > 0)
    fprintf (out,
             g_dngettext (GETTEXT_PACKAGE,
                          /* TRANSLATORS: the budget of --compare: the
                             seconds of each search (time=), then its
                             nodes (--nodes); "not finished" is the value
                             of the table for a search that spent it. */
                          "Every search runs with time=%g and a budget of "
                          "%llu node (--nodes);\n\"not finished\": the "
                          "search spent them.\n\n",
                          "Every search runs with time=%g and a budget of "
                          "%llu nodes (--nodes);\n\"not finished\": the "
                          "search spent them.\n\n",
                          budget->nodes),
             budget->time, (unsigned long long) budget->nodes);
  else
    /* TRANSLATORS: %g is the seconds of each search (time=). */
    fprintf (out, _ ("Every search runs with time=%g and no node budget.\n\n"),
             budget->time);
}

/* The column headings, each padded to its column. */
static void
append_columns (GString *s)
{
  static const struct
  {
    const char *heading;
    guint width;
    gboolean left;
  } columns[] = {
    /* TRANSLATORS: the column headings of --compare: the player spec (40
       columns, left aligned), the value (12, left aligned), the move
       chosen (14, left aligned), the nodes searched (12, right aligned),
       the alpha-beta cutoffs, the transposition table's hits and the
       seconds (10 each, right aligned).  A longer word pushes its column
       out. */
    { NC_ ("compare", "algorithm"), 40, TRUE },
    { NC_ ("compare", "value"), 12, TRUE },
    { NC_ ("compare", "move"), 14, TRUE },
    { NC_ ("compare", "nodes"), 12, FALSE },
    { NC_ ("compare", "cutoffs"), 10, FALSE },
    { NC_ ("compare", "tt hits"), 10, FALSE },
    { NC_ ("compare", "seconds"), 10, FALSE },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      if (i > 0)
        g_string_append_c (s, ' ');
      nim_string_append_padded (
          s, g_dpgettext2 (GETTEXT_PACKAGE, "compare", columns[i].heading),
          columns[i].width, columns[i].left);
    }
  g_string_append_c (s, '\n');
}

/* One line of the table. */
static void
append_row (GString *s, const NimCompareRow *r)
{
  g_autofree char *taken = g_strdup_printf (
      /* TRANSLATORS: the move of a row of --compare, 14 columns: take
         2 from heap 1. */
      g_dngettext (GETTEXT_PACKAGE, "%u from heap %u", "%u from heap %u",
                   r->move.count),
      r->move.count, r->move.heap + 1);
  /* A split adds the heaps it leaves, "1 from heap 1 =3+3". */
  g_autofree char *move
      = r->move.split != 0
            ? g_strdup_printf ("%s =%u+%u", taken, r->move.keep, r->move.split)
            : g_strdup (taken);

  nim_string_append_padded (s, r->spec, 40, TRUE);
  g_string_append_c (s, ' ');
  nim_string_append_padded (s, value_label (r), 12, TRUE);
  g_string_append_c (s, ' ');
  nim_string_append_padded (s, r->error != NULL ? "-" : move, 14, TRUE);
  if (r->error != NULL)
    g_string_append_printf (s, " %12s %10s %10s %10s\n", "-", "-", "-", "-");
  else if (r->stats.searched)
    g_string_append_printf (s, " %12llu %10llu %10llu %10.4f\n",
                            (unsigned long long) r->stats.nodes,
                            (unsigned long long) r->stats.cutoffs,
                            (unsigned long long) r->stats.tt_hits,
                            r->stats.seconds);
  else
    g_string_append_printf (s, " %12s %10s %10s %10.4f\n", "-", "-", "-",
                            r->stats.seconds);
}

/**
 * nim_compare_report_print_header:
 * @rules: the rules the rows run under
 * @board: the position
 * @budget: the budget of each search
 * @out: where to print
 *
 * The lines over the table and its column headings, printed before the
 * first row is run, so that a slow row is seen running.
 */
void
nim_compare_report_print_header (const NimRules *rules, const NimBoard *board,
                                 const NimBudget *budget, FILE *out)
{
  g_autoptr (GString) s = g_string_new (NULL);

  print_heading (rules, board, budget, out);
  append_columns (s);
  fputs (s->str, out);
  fflush (out);
}

/**
 * nim_compare_report_print_row:
 * @row: a row just finished
 * @out: where to print
 *
 * One line of the table, printed as soon as its row has run.
 */
void
nim_compare_report_print_row (const NimCompareRow *row, FILE *out)
{
  g_autoptr (GString) s = g_string_new (NULL);

  append_row (s, row);
  fputs (s->str, out);
  fflush (out);
}

/* Under the table, after a blank line: why each n/a row could not run,
   and that the table stops short when Ctrl-C stopped it. */
static void
print_notes (GPtrArray *rows, gboolean interrupted, FILE *out)
{
  gboolean noted = FALSE;
  guint i;

  for (i = 0; i < rows->len; i++)
    {
      const NimCompareRow *r = rows->pdata[i];

      if (r->error == NULL)
        continue;
      fprintf (out, "%s%s: %s\n", noted ? "" : "\n", r->spec,
               r->error->message);
      noted = TRUE;
    }
  if (interrupted)
    fprintf (out, "%s%s", noted ? "" : "\n",
             _ ("Interrupted by Ctrl-C: the rows above are those that "
                "finished.\n"));
}

static void
result_text (gconstpointer result, FILE *out)
{
  const NimCompareReportResult *r = result;

  print_notes (r->rows, r->interrupted, out);
}

static void
result_json (gconstpointer result, FILE *out)
{
  const NimCompareReportResult *r = result;

  nim_record_print (rows_to_json (r->rows), out);
}

/**
 * nim_compare_report_writer:
 *
 * The end of --compare, a #NimCompareReportResult: the notes under the
 * table, whose rows were written as they finished
 * (nim_compare_report_print_row()), or the whole table as JSON.
 */
const NimWriter nim_compare_report_writer = { result_text, result_json };
