/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-analysis-report.c -- `nim --solve` and `nim --grundy-sequence` in
 * text and JSON
 *
 * lib/play/nim-analysis.c computes; this prints what it found, for
 * people and for scripts. */

#include "config.h"

#include "nim-analysis-report.h"

#include "nim-i18n.h"
#include "nim-record.h"
#include "nim-tree.h"

#include <stdio.h>

/* What each closed form is, by NimSolveMethod. */
static const char *const method_text[] = {
  NULL,
  N_ ("Solved by theory: the nim-sum (Bouton): the player to move loses "
      "exactly when it is 0."),
  N_ ("Solved by theory: the Sprague-Grundy values of the heaps, which the "
      "rules give for every size: the player to move loses exactly when "
      "they XOR to 0."),
  N_ ("Solved by theory: misère Nim plays as normal Nim while a heap holds "
      "two or more; then the player to move loses exactly when an odd "
      "number of heaps of one is left."),
  N_ ("Solved by theory: one heap can be played, and the rules give the "
      "misère outcome of a single heap of every size."),
};

/* The engine's line: its nodes, those of the search of the position
   itself (what --trace and --explore show) apart from those that checked
   its moves. */
static void
print_engine (const NimSolution *s, FILE *out)
{
  guint64 more = s->nodes - s->position_nodes;

  if (more == 0)
    /* TRANSLATORS: the engine's spec, the nodes it searched and the
       seconds it took. */
    fprintf (out, _ ("Engine: %s, %llu nodes, %.3f s\n"), s->engine,
             (unsigned long long) s->nodes, s->seconds);
  else
    fprintf (out,
             /* TRANSLATORS: the engine's spec; the nodes of its search of
                the position, those of its searches of the position after
                each move, and all of them; the seconds it took. */
             _ ("Engine: %s, %llu nodes for the position and %llu more for "
                "its moves (%llu in all), %.3f s\n"),
             s->engine, (unsigned long long) s->position_nodes,
             (unsigned long long) more, (unsigned long long) s->nodes,
             s->seconds);
}

/* The child numbers of a game tree's moves: @moves from @board's node,
   each the child it leads to. */
static guint
child_number (const NimSolution *s, const NimMove *move)
{
  const NimTree *t = s->rules.tree;

  return t
      ->number[nim_tree_move_child (t, nim_tree_node (t, &s->board), move)];
}

/* --solve on a game tree: its value for MAX, the best moves and what
   each child is worth. */
static void
print_tree_solution (const NimSolution *s, FILE *out)
{
  g_autofree char *tree = nim_tree_to_string (s->rules.tree);
  g_autofree char *rules = nim_rules_describe (&s->rules);
  guint i;

  /* TRANSLATORS: %s is a game tree, such as [[3,12,8],[2,4,6],[14,5,2]];
     what it is follows on the next line. */
  fprintf (out, _ ("Tree: %s\n"), tree);
  fprintf (out, "%s\n", rules);
  if (s->child_values->len == 0)
    {
      /* TRANSLATORS: %d is a number, the value of a tree that is one
         leaf. */
      fprintf (out,
               _ ("The root is a leaf: its value for MAX is %d, and "
                  "there is no move.\n"),
               s->value);
      print_engine (s, out);
      return;
    }
  /* TRANSLATORS: %d is the tree's value; MAX as in the line above. */
  fprintf (out, _ ("Value: %d for MAX, who moves at the root.\n"), s->value);
  fputs (s->winning_moves->len == 1
             /* TRANSLATORS: followed by " child 1", or " children 1 and
                3": the moves worth the tree's value. */
             ? _ ("Best move: child")
             : _ ("Best moves: children"),
         out);
  for (i = 0; i < s->winning_moves->len; i++)
    fprintf (out, "%s %u", i == 0 ? "" : C_ ("list", ","),
             child_number (s, &g_array_index (s->winning_moves, NimMove, i)));
  /* TRANSLATORS: followed by the children's values for MAX, " 3, 2, 2",
     in the order of the children. */
  fputs (_ ("; the children are worth"), out);
  for (i = 0; i < s->child_values->len; i++)
    fprintf (out, "%s %d", i == 0 ? "" : C_ ("list", ","),
             g_array_index (s->child_values, int, i));
  fputs (_ (" for MAX\n"), out);
  print_engine (s, out);
}

/* The solution, for people. */
static void
print_solution (const NimSolution *solution, FILE *out)
{
  const NimSolution *s = solution;
  g_autofree char *heaps = NULL;
  g_autofree char *rules = NULL;
  guint i;

  if (nim_rules_is_tree (&s->rules))
    {
      print_tree_solution (s, out);
      return;
    }
  heaps = nim_board_to_string (&s->board);
  rules = nim_rules_describe (&s->rules);

  /* TRANSLATORS: %s is the heaps, such as 3,4,5; the rules follow on
     the next line. */
  fprintf (out, _ ("Position: %s\n"), heaps);
  fprintf (out, "%s\n", rules);
  if (s->wins && !nim_board_has_move (&s->board, &s->rules))
    /* Misère play: there is no winning move to list, as there is no
       move at all, and that is why the player wins. */
    fputs (_ ("The player to move wins: there is no move to make, and "
              "under misère play a player who cannot move wins.\n"),
           out);
  else if (!s->wins && !nim_board_has_move (&s->board, &s->rules))
    fputs (_ ("The player to move loses: there is no move to make, and a "
              "player who cannot move loses.\n"),
           out);
  else
    fputs (s->wins ? _ ("The player to move wins.\n")
                   : _ ("The player to move loses against best play.\n"),
           out);
  if (s->wins && nim_board_has_move (&s->board, &s->rules))
    {
      /* TRANSLATORS: followed by the winning moves, " take 2 from heap 1,
         take 3 from heap 2". */
      fputs (!s->complete ? _ ("A winning move (the position has too many "
                               "moves to list every winning one):")
             : s->winning_moves->len == 1 ? _ ("Winning move:")
                                          : _ ("Winning moves:"),
             out);
      for (i = 0; i < s->winning_moves->len; i++)
        {
          const NimMove *m = &g_array_index (s->winning_moves, NimMove, i);

          if (i > 0)
            fputs (C_ ("list", ","), out);
          /* TRANSLATORS: a winning move of --solve; the blank in front is
             kept. */
          fprintf (out,
                   g_dngettext (GETTEXT_PACKAGE, " take %u from heap %u",
                                " take %u from heap %u", m->count),
                   m->count, m->heap + 1);
          if (m->split != 0)
            /* TRANSLATORS: after " take 1 from heap 2" of a move that
               splits the heap; the blank in front is kept. */
            fprintf (out, _ (" leaving %u and %u"), m->keep, m->split);
        }
      fprintf (out, "\n");
    }
  if (s->have_grundy)
    {
      /* TRANSLATORS: followed by " G(3) = 3, G(4) = 4". */
      fputs (_ ("Sprague-Grundy values:"), out);
      for (i = 0; i < s->board.n_heaps; i++)
        fprintf (out, " G(%u) = %u%s", s->board.heaps[i], s->heap_grundy[i],
                 i + 1 < s->board.n_heaps ? C_ ("list", ",") : "");
      fprintf (out,
               s->grundy != 0 ? _ ("; position %u (not 0: a win)\n")
                              : _ ("; position %u (0: a loss)\n"),
               s->grundy);
    }
  else if (s->rules.misere)
    fputs (_ ("Sprague-Grundy values: not used; they are the values of "
              "normal play, and under misère play they do not decide who "
              "wins\n"),
           out);
  else
    fputs (_ ("Sprague-Grundy values: unknown (no period found for these "
              "sizes)\n"),
           out);
  if (s->method == NIM_SOLVE_SEARCH)
    print_engine (s, out);
  else if (s->engine == NULL)
    {
      fprintf (out, "%s\n", _ (method_text[s->method]));
      fprintf (out,
               /* TRANSLATORS: %d is the most heaps a board holds; then the
                  seconds the answer took. */
               _ ("Not verified by search: a game from here could split "
                  "the heaps into more than the %d a board holds, which no "
                  "search follows; the theory needs no board (%.3f s)\n"),
               NIM_MAX_HEAPS, s->seconds);
    }
  else
    {
      fprintf (out, "%s\n", _ (method_text[s->method]));
      fprintf (out,
               s->verified
                   /* TRANSLATORS: the engine's spec, the nodes it searched
                      and the seconds the whole answer took. */
                   ? _ ("Verified by search: %s proved the same value, %llu "
                        "nodes, %.3f s\n")
                   /* TRANSLATORS: as above, for a search that did not
                      finish. */
                   : _ ("Not verified by search: %s did not finish within "
                        "its budget (%llu nodes, %.3f s); the theory's "
                        "answer stands\n"),
               s->engine, (unsigned long long) s->nodes, s->seconds);
    }
}

/* --solve --json on a game tree: {"tree": [...], "value": V,
   "best_moves": [child numbers from 1], "child_values": [...], "engine",
   "nodes", "position_nodes", "seconds"}; "tree" is the tree searched, in
   the notation of --tree, so that a random one can be checked. */
static JsonNode *
tree_solution_to_json (const NimSolution *s)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *tree = nim_tree_to_string (s->rules.tree);
  g_autoptr (JsonParser) parser = json_parser_new ();
  guint i;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "tree");
  /* The notation is JSON: the tree goes in as itself. */
  if (json_parser_load_from_data (parser, tree, -1, NULL))
    json_builder_add_value (b, json_node_copy (json_parser_get_root (parser)));
  else
    json_builder_add_string_value (b, tree);
  json_builder_set_member_name (b, "value");
  json_builder_add_int_value (b, s->value);
  json_builder_set_member_name (b, "best_moves");
  json_builder_begin_array (b);
  for (i = 0; i < s->winning_moves->len; i++)
    json_builder_add_int_value (
        b, child_number (s, &g_array_index (s->winning_moves, NimMove, i)));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "child_values");
  json_builder_begin_array (b);
  for (i = 0; i < s->child_values->len; i++)
    json_builder_add_int_value (b, g_array_index (s->child_values, int, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "engine");
  json_builder_add_string_value (b, s->engine);
  json_builder_set_member_name (b, "nodes");
  json_builder_add_int_value (b, (gint64) s->nodes);
  json_builder_set_member_name (b, "position_nodes");
  json_builder_add_int_value (b, (gint64) s->position_nodes);
  json_builder_set_member_name (b, "seconds");
  json_builder_add_double_value (b, s->seconds);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* The names of the methods in the JSON record, by NimSolveMethod. */
static const char *const method_names[] = {
  "search", "nim-sum", "grundy", "misere-nim", "misere-one-heap",
};

/* {"rules": {...}, "heaps": [...], "to_move": "win"|"loss",
   "winning_moves": [{"heap": h, "take": n}], "complete": bool,
   "grundy": G|null, "heap_grundy": [...]|null,
   "method": "search"|"nim-sum"|"grundy"|"misere-nim"|"misere-one-heap",
   "verified": bool (a closed form checked by a search)|null (a search),
   "engine": "spec", "nodes": N, "seconds": S}, heaps numbered from 1. */
static JsonNode *
solution_to_json (const NimSolution *solution)
{
  const NimSolution *s = solution;
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint i;

  if (nim_rules_is_tree (&s->rules))
    return tree_solution_to_json (s);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "rules");
  json_builder_add_value (b, nim_record_rules (&s->rules));
  json_builder_set_member_name (b, "heaps");
  json_builder_add_value (b, nim_record_heaps (&s->board));
  json_builder_set_member_name (b, "to_move");
  json_builder_add_string_value (b, s->wins ? "win" : "loss");
  json_builder_set_member_name (b, "winning_moves");
  json_builder_begin_array (b);
  for (i = 0; i < s->winning_moves->len; i++)
    {
      const NimMove *m = &g_array_index (s->winning_moves, NimMove, i);

      json_builder_begin_object (b);
      nim_record_add_move (b, m);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "complete");
  json_builder_add_boolean_value (b, s->complete);
  json_builder_set_member_name (b, "grundy");
  if (s->have_grundy)
    json_builder_add_int_value (b, s->grundy);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "heap_grundy");
  if (s->have_grundy)
    {
      json_builder_begin_array (b);
      for (i = 0; i < s->board.n_heaps; i++)
        json_builder_add_int_value (b, s->heap_grundy[i]);
      json_builder_end_array (b);
    }
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "method");
  json_builder_add_string_value (b, method_names[s->method]);
  json_builder_set_member_name (b, "verified");
  if (s->method == NIM_SOLVE_SEARCH)
    json_builder_add_null_value (b);
  else
    json_builder_add_boolean_value (b, s->verified);
  json_builder_set_member_name (b, "engine");
  if (s->engine != NULL)
    json_builder_add_string_value (b, s->engine);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "nodes");
  json_builder_add_int_value (b, (gint64) s->nodes);
  if (s->method == NIM_SOLVE_SEARCH)
    {
      json_builder_set_member_name (b, "position_nodes");
      json_builder_add_int_value (b, (gint64) s->position_nodes);
    }
  json_builder_set_member_name (b, "seconds");
  json_builder_add_double_value (b, s->seconds);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* The first line of the text: which sequence this is. */
static void
print_sequence_heading (const NimRules *rules, FILE *out)
{
  g_autofree char *take = nim_rules_take_to_string (rules);

  if (nim_rules_is_take_any (rules))
    fputs (_ ("Sprague-Grundy values of one heap, take any, normal "
              "play:\n"),
           out);
  else
    /* TRANSLATORS: %s is the take rule as --moves or --max-take spell
       it, "1-3" or "2,7,15,16". */
    fprintf (out,
             _ ("Sprague-Grundy values of one heap, take %s, normal "
                "play:\n"),
             take);
}

/* G(0) to G(n), ten to a line, and the period the values settle into,
   or that none showed, for people. */
static void
print_sequence (NimGrundySequence *sequence, FILE *out)
{
  NimGrundySequence *seq = sequence;
  guint64 i;

  print_sequence_heading (&seq->rules, out);
  for (i = 0; i <= seq->n; i++)
    {
      if (i % 10 == 0)
        fprintf (out, "%s%8llu:", i ? "\n" : "", (unsigned long long) i);
      fprintf (out, " %2u", nim_grundy_sequence_value (seq, i));
    }
  fprintf (out, "\n");
  if (!seq->periodic)
    fprintf (out, _ ("No period found up to %llu.\n"),
             (unsigned long long) seq->n);
  else
    {
      /* As the period of a take-and-break code is told: proven, as a
         value depends only on the largest move's worth of values before
         it, which repeat. */
      fprintf (out,
               _ ("Period %1$llu from n = %2$llu, proven: G(n + %1$llu) = "
                  "G(n) for every n >= %2$llu.\n"),
               (unsigned long long) seq->period,
               (unsigned long long) seq->preperiod);
      /* TRANSLATORS: followed by the values that repeat, " 0 1 1 2". */
      fputs (_ ("The part that repeats:"), out);
      for (i = seq->preperiod; i < seq->preperiod + MIN (seq->period, 40); i++)
        fprintf (out, " %u", nim_grundy_sequence_value (seq, i));
      fprintf (out, "%s\n", seq->period > 40 ? " ..." : "");
    }
}

/* One JSON object on one line: {"rules": {...}, "values": [...],
   "period": P|null, "preperiod": Q|null}. */
static void
print_sequence_json (NimGrundySequence *sequence, FILE *out)
{
  NimGrundySequence *seq = sequence;
  /* Ten million values would make a JSON tree of nearly a gigabyte: the
     array is written as it goes, the rest through json-glib. */
  g_autoptr (JsonNode) rules_node = nim_record_rules (&seq->rules);
  g_autofree char *rules_text = nim_record_to_string (rules_node, FALSE);
  guint64 i;

  fprintf (out, "{\"rules\":%s,\"values\":[", rules_text);
  for (i = 0; i <= seq->n; i++)
    fprintf (out, i ? ",%u" : "%u", nim_grundy_sequence_value (seq, i));
  if (seq->periodic)
    fprintf (out, "],\"period\":%llu,\"preperiod\":%llu}\n",
             (unsigned long long) seq->period,
             (unsigned long long) seq->preperiod);
  else
    fputs ("],\"period\":null,\"preperiod\":null}\n", out);
}

static void
solution_text (gconstpointer result, FILE *out)
{
  print_solution (result, out);
}

static void
solution_json (gconstpointer result, FILE *out)
{
  nim_record_print (solution_to_json (result), out);
}

/**
 * nim_analysis_report_solution_writer:
 *
 * A #NimSolution, as text or JSON.
 */
const NimWriter nim_analysis_report_solution_writer
    = { solution_text, solution_json };

static void
sequence_text (gconstpointer result, FILE *out)
{
  print_sequence ((NimGrundySequence *) result, out);
}

static void
sequence_json (gconstpointer result, FILE *out)
{
  print_sequence_json ((NimGrundySequence *) result, out);
}

/**
 * nim_analysis_report_sequence_writer:
 *
 * A #NimGrundySequence, as text or JSON.
 */
const NimWriter nim_analysis_report_sequence_writer
    = { sequence_text, sequence_json };
