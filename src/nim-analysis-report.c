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

/* The solution, for people. */
static void
print_solution (const NimSolution *solution, FILE *out)
{
  const NimSolution *s = solution;
  g_autofree char *heaps = nim_board_to_string (&s->board);
  g_autofree char *rules = nim_rules_describe (&s->rules);
  guint i;

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
    /* TRANSLATORS: the engine's spec, the nodes it searched and the
       seconds it took. */
    fprintf (out, _ ("Engine: %s, %llu nodes, %.3f s\n"), s->engine,
             (unsigned long long) s->nodes, s->seconds);
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
