/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run-summary.c -- the summaries of comparison runs, for people and
 * as JSON: a run of two players (--games, --summarize) and a tournament
 *
 * lib/play/nim-match.c plays and counts; the summaries are made from
 * what it counted (#NimMatchSummary, or a tournament's #NimRunTournament)
 * once the run is over, or from the results files (--summarize), and go
 * out through nim_output_write () with the writers below. */

#include "config.h"

#include "nim-run-summary.h"

#include "nim-i18n.h"
#include "nim-notation.h"
#include "nim-record.h"
#include "nim-text.h"

#include <math.h>
#include <stdio.h>

/* ------------------------------------------------------------------------ */
/* What every summary writes */

/* @a / @b, 0 for nothing to divide by. */
static double
ratio (double a, double b)
{
  return b > 0 ? a / b : 0;
}

/**
 * nim_run_summary_elo_text:
 * @v: an Elo difference, or its margin
 * @sign: with a sign (a difference, not a margin)
 *
 * Returns: (transfer full): @v to a tenth ("+12.3"), "+inf", or "n/a"
 *   (translated) when it cannot be told
 */
char *
nim_run_summary_elo_text (double v, gboolean sign)
{
  if (isnan (v))
    /* TRANSLATORS: an Elo difference that cannot be told (no pairs). */
    return g_strdup (_ ("n/a"));
  if (isinf (v))
    return g_strdup (v > 0 ? (sign ? "+inf" : "inf") : "-inf");
  return g_strdup_printf (sign ? "%+.1f" : "%.1f", v + 0.0); /* no -0.0 */
}

static void
add_int (JsonBuilder *b, const char *name, gint64 v)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, v);
}

/* @v, or null for a number JSON cannot hold (no Elo to tell, one side
   won every pair). */
static void
add_double_or_null (JsonBuilder *b, const char *name, double v)
{
  json_builder_set_member_name (b, name);
  if (isfinite (v))
    json_builder_add_double_value (b, v);
  else
    json_builder_add_null_value (b);
}

/* ------------------------------------------------------------------------ */
/* A run of two players, for people */

/* What was played: the games, the rules, the positions. */
static void
print_setup (const NimMatchConfig *c, const NimMatchSummary *s, FILE *out)
{
  g_autofree char *rules = nim_rules_describe (&c->rules);

  fprintf (out,
           s->interrupted
               ? _ ("Games: %llu of %llu (interrupted), each position played "
                    "twice, either player first\n")
               : _ ("Games: %llu of %llu, each position played twice, "
                    "either player first\n"),
           (unsigned long long) s->finished, (unsigned long long) c->games);
  /* TRANSLATORS: %s is a sentence describing the rules. */
  fprintf (out, _ ("Rules: %s\n"), rules);
  if (c->n_positions > 0)
    fprintf (out,
             c->random_order
                 ? _ ("Positions: %u from %s, shuffled, from number %u, "
                      "seed %u\n")
                 : _ ("Positions: %u from %s, in order from number %u, "
                      "seed %u\n"),
             c->n_positions, c->positions_label ? c->positions_label : "-",
             c->start_position + 1, c->seed);
  else if (c->random_count > 0)
    fprintf (out,
             _ ("Positions: %u random heaps of 1 to %u matches, seed "
                "%u\n"),
             c->random_count, c->random_max, c->seed);
  else
    {
      g_autofree char *heaps = nim_board_to_string (&c->start);

      /* TRANSLATORS: %s is the heaps, such as 3,4,5. */
      fprintf (out, _ ("Position: %s, seed %u\n"), heaps, c->seed);
    }
}

/* Who won: each player's score, the pairs, the Elo estimate. */
static void
print_score (const NimMatchConfig *c, const NimMatchSummary *s, FILE *out)
{
  g_autofree char *elo = nim_run_summary_elo_text (s->elo.elo, TRUE);
  g_autofree char *margin = nim_run_summary_elo_text (s->elo.margin, FALSE);
  gsize width;
  guint i;

  /* The specs padded to the wider of the two, in columns: a long spec
     such as negamax:nodes=50000,tt=1M must not push its line's numbers
     out of line with the other's. */
  width = MAX (nim_text_width (c->specs[0]), nim_text_width (c->specs[1]));
  for (i = 0; i < 2; i++)
    {
      g_autoptr (GString) spec = g_string_new (NULL);

      nim_string_append_padded (spec, c->specs[i], width, TRUE);
      if (s->finished == 0)
        /* No game, no score: the JSON's "score" is null. */
        fprintf (out,
                 /* TRANSLATORS: a player's line of the summary when no
                    game finished, as the one with a score; %6s is "n/a"
                    translated. */
                 _ ("Player %u %-28s %7llu wins %7llu losses  score %6s\n"),
                 i + 1, spec->str, (unsigned long long) s->players[i].wins,
                 (unsigned long long) (s->finished - s->players[i].wins),
                 _ ("n/a"));
      else
        /* TRANSLATORS: a player's line of the summary: its number, its
           spec (28 columns), wins, losses and score; keep the widths so
           that the columns line up. */
        fprintf (
            out,
            _ ("Player %u %-28s %7llu wins %7llu losses  score "
               "%5.1f%%\n"),
            i + 1, spec->str, (unsigned long long) s->players[i].wins,
            (unsigned long long) (s->finished - s->players[i].wins),
            100.0 * ratio ((double) s->players[i].wins, (double) s->finished));
    }
  fprintf (out,
           _ ("Pairs for player 1: %llu won 2-0, %llu split 1-1, %llu "
              "lost 0-2\n"),
           (unsigned long long) s->pair_counts[0],
           (unsigned long long) s->pair_counts[1],
           (unsigned long long) s->pair_counts[2]);
  if (s->elo.pairs == 0)
    /* Nothing to estimate from, so the JSON's "elo", "elo_margin" and
       "los" are null; the estimate's LOS of 50% would read as a coin
       toss measured. */
    fputs (_ ("Elo difference: n/a, LOS n/a, no finished pair\n"), out);
  else if (isinf (s->elo.elo))
    /* One side won every pair 2-0: the estimate has no finite value
       (the JSON's "elo" is null and "won_every_pair" says who); "+inf"
       would read as a number measured. */
    fprintf (out,
             g_dngettext (GETTEXT_PACKAGE,
                          /* TRANSLATORS: LOS is the likelihood of
                             superiority. */
                          "Elo difference: unbounded, player %u won the "
                          "%llu pair 2-0; LOS %.1f%%\n",
                          "Elo difference: unbounded, player %u won every "
                          "one of %llu pairs 2-0; LOS %.1f%%\n",
                          (gulong) s->elo.pairs),
             s->elo.elo > 0 ? 1u : 2u, (unsigned long long) s->elo.pairs,
             100.0 * s->elo.los);
  else if (s->elo.margin == 0)
    /* Every pair scored the same (all split 1-1, say): their spread is 0,
       which is no margin of 0 but no measure of one yet. */
    fprintf (out,
             g_dngettext (GETTEXT_PACKAGE,
                          /* TRANSLATORS: LOS is the likelihood of
                             superiority. */
                          "Elo difference: %s, no margin yet: %llu pair has "
                          "no spread to measure one by; LOS %.1f%%\n",
                          "Elo difference: %s, no margin yet: all %llu pairs "
                          "scored the same, so their spread says nothing; "
                          "LOS %.1f%%\n",
                          (gulong) s->elo.pairs),
             elo, (unsigned long long) s->elo.pairs, 100.0 * s->elo.los);
  else
    /* TRANSLATORS: LOS is the likelihood of superiority. */
    fprintf (out,
             g_dngettext (GETTEXT_PACKAGE,
                          "Elo difference: %s +/- %s (95%%), LOS %.1f%%, "
                          "from %llu pair\n",
                          "Elo difference: %s +/- %s (95%%), LOS %.1f%%, "
                          "from %llu pairs\n",
                          (gulong) s->elo.pairs),
             elo, margin, 100.0 * s->elo.los,
             (unsigned long long) s->elo.pairs);
}

/* The sequential test: its hypotheses, the LLR between its bounds and
   what it decided. */
static void
print_sprt (const NimMatchConfig *c, const NimMatchSummary *s, FILE *out)
{
  double lower, upper;

  if (!c->sprt_enabled)
    return;
  nim_sprt_bounds (&c->sprt, &lower, &upper);
  /* TRANSLATORS: the sequential test's line of the summary: the Elo of
     H0 and H1, alpha, beta, the model (logistic or normalized, not
     translated), then the log-likelihood ratio and where it stands
     against its bounds (the next three messages). */
  fprintf (out, _ ("SPRT: elo0 %g, elo1 %g, alpha %g, beta %g, %s: LLR %.2f"),
           c->sprt.elo0, c->sprt.elo1, c->sprt.alpha, c->sprt.beta,
           nim_sprt_model_name (c->sprt.model), s->llr + 0.0);
  if (s->decision == NIM_SPRT_H1)
    /* TRANSLATORS: after "LLR 3.03"; the blank in front is kept. */
    fprintf (out, _ (", crossed the upper bound %.2f: H1 accepted\n"), upper);
  else if (s->decision == NIM_SPRT_H0)
    fprintf (out, _ (", crossed the lower bound %.2f: H0 accepted\n"), lower);
  else
    fprintf (out, _ (", between its bounds %.2f and %.2f\n"), lower, upper);
  if (s->decision == NIM_SPRT_H1)
    fprintf (out,
             _ ("SPRT decision: H1 accepted, player 1 is stronger by at "
                "least %g Elo\n"),
             c->sprt.elo1);
  else if (s->decision == NIM_SPRT_H0)
    fprintf (out,
             _ ("SPRT decision: H0 accepted, player 1 is stronger by at "
                "most %g Elo\n"),
             c->sprt.elo0);
  else
    fputs (_ ("SPRT decision: none yet, the LLR is between its bounds\n"),
           out);
}

/* How they played: moves, nodes, time, wins kept; then the wall time. */
static void
print_play (const NimMatchConfig *c, const NimMatchSummary *s, FILE *out)
{
  guint i;

  /* TRANSLATORS: the column headings of the summary's table, right
     aligned in 10, 12, 10, 14 and 18 columns. */
  fprintf (out, "%-9s %10s %12s %10s %14s %18s\n", "", _ ("moves"),
           _ ("nodes/move"), _ ("ms/move"), _ ("won positions"),
           _ ("kept the win"));
  for (i = 0; i < 2; i++)
    {
      const NimMatchTally *t = &s->players[i];
      g_autofree char *kept = g_strdup_printf (
          "%llu (%.1f%%)", (unsigned long long) t->kept,
          100.0 * ratio ((double) t->kept, (double) t->won_positions));

      /* TRANSLATORS: a row of the summary's table; "Player %u" and the
         blanks after it take 9 columns, keep the widths of the numbers. */
      fprintf (out, _ ("Player %u  %10llu %12.1f %10.3f %14llu %18s\n"), i + 1,
               (unsigned long long) t->moves,
               ratio ((double) t->nodes, (double) t->moves),
               1000.0 * ratio (t->seconds, (double) t->moves),
               (unsigned long long) t->won_positions,
               t->won_positions > 0 ? kept : "-");
    }
  for (i = 0; i < 2; i++)
    {
      g_autoptr (GString) kinds = g_string_new (NULL);
      guint k;

      /* The games a player lost by failing, by how: "2 time, 1 illegal"
         (the kinds stay English: they are the records' words). */
      for (k = NIM_END_NORMAL + 1; k < NIM_END_N; k++)
        if (s->players[i].forfeits[k] > 0)
          g_string_append_printf (
              kinds, "%s%llu %s", kinds->len ? ", " : "",
              (unsigned long long) s->players[i].forfeits[k],
              nim_end_to_string ((NimEnd) k));
      if (kinds->len > 0)
        fprintf (out, _ ("Player %u lost by failing: %s\n"), i + 1,
                 kinds->str);
    }
  if (s->players[0].unchecked + s->players[1].unchecked > 0)
    fprintf (out, _ ("Moves the solver could not judge: %llu and %llu\n"),
             (unsigned long long) s->players[0].unchecked,
             (unsigned long long) s->players[1].unchecked);
  /* TRANSLATORS: s is seconds; then the number of jobs (--jobs). */
  fprintf (out,
           g_dngettext (GETTEXT_PACKAGE, "Wall time: %.2f s, %u job\n",
                        "Wall time: %.2f s, %u jobs\n", c->jobs),
           s->seconds, c->jobs);
}

/* The summary for people of @summary, the counts of the run of
   @config. */
static void
print_summary (const NimMatchConfig *config, const NimMatchSummary *summary,
               FILE *out)
{
  print_setup (config, summary, out);
  print_score (config, summary, out);
  print_sprt (config, summary, out);
  print_play (config, summary, out);
}

/* ------------------------------------------------------------------------ */
/* A run of two players as JSON */

/* What was played: rules, heaps or how they were drawn, seed. */
static void
add_setup (JsonBuilder *b, const NimMatchConfig *c)
{
  json_builder_set_member_name (b, "rules");
  json_builder_add_value (b, nim_record_rules (&c->rules));
  if (c->n_positions > 0)
    {
      json_builder_set_member_name (b, "positions");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, c->positions_label ? c->positions_label
                                                           : "");
      add_int (b, "count", c->n_positions);
      json_builder_set_member_name (b, "order");
      json_builder_add_string_value (b, c->random_order ? "random"
                                                        : "sequential");
      add_int (b, "start", c->start_position + 1);
      json_builder_end_object (b);
    }
  else if (c->random_count > 0)
    {
      json_builder_set_member_name (b, "random_heaps");
      json_builder_begin_object (b);
      add_int (b, "count", c->random_count);
      add_int (b, "max", c->random_max);
      json_builder_end_object (b);
    }
  else
    {
      json_builder_set_member_name (b, "heaps");
      json_builder_add_value (b, nim_record_heaps (&c->start));
    }
  add_int (b, "seed", c->seed);
}

/* One player's object of "players". */
static void
add_player (JsonBuilder *b, const char *spec, const NimMatchTally *t,
            guint64 finished)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "spec");
  json_builder_add_string_value (b, spec);
  add_int (b, "wins", (gint64) t->wins);
  add_int (b, "losses", (gint64) (finished - t->wins));
  add_double_or_null (
      b, "score", finished > 0 ? (double) t->wins / (double) finished : NAN);
  add_int (b, "moves", (gint64) t->moves);
  add_int (b, "nodes", (gint64) t->nodes);
  add_double_or_null (b, "nodes_per_move",
                      ratio ((double) t->nodes, (double) t->moves));
  add_double_or_null (b, "seconds_per_move",
                      ratio (t->seconds, (double) t->moves));
  add_int (b, "won_positions", (gint64) t->won_positions);
  add_int (b, "kept_win", (gint64) t->kept);
  add_int (b, "unchecked", (gint64) t->unchecked);
  /* The games lost by failing, by how ("normal" is left out). */
  json_builder_set_member_name (b, "forfeits");
  json_builder_begin_object (b);
  {
    guint k;

    for (k = NIM_END_NORMAL + 1; k < NIM_END_N; k++)
      add_int (b, nim_end_to_string ((NimEnd) k), (gint64) t->forfeits[k]);
  }
  json_builder_end_object (b);
  json_builder_end_object (b);
}

/* The pairs and the Elo estimate made from them. */
static void
add_pairs (JsonBuilder *b, const NimMatchSummary *s)
{
  json_builder_set_member_name (b, "pairs");
  json_builder_begin_object (b);
  add_int (b, "2-0", (gint64) s->pair_counts[0]);
  add_int (b, "1-1", (gint64) s->pair_counts[1]);
  add_int (b, "0-2", (gint64) s->pair_counts[2]);
  json_builder_end_object (b);
  add_double_or_null (b, "elo", s->elo.elo + 0.0); /* no -0.0 */
  add_double_or_null (b, "elo_margin", s->elo.margin);
  add_double_or_null (b, "los", s->elo.pairs > 0 ? s->elo.los : NAN);
  /* Why "elo" is null when pairs were played: one player won them all. */
  json_builder_set_member_name (b, "won_every_pair");
  if (s->elo.pairs > 0 && isinf (s->elo.elo))
    json_builder_add_int_value (b, s->elo.elo > 0 ? 1 : 2);
  else
    json_builder_add_null_value (b);
}

/* "sprt": the test, the LLR, its bounds and the decision (null for
   none yet); the pair counts are those of "pairs". */
static void
add_sprt (JsonBuilder *b, const NimMatchConfig *c, const NimMatchSummary *s)
{
  double lower, upper;

  json_builder_set_member_name (b, "sprt");
  if (!c->sprt_enabled)
    {
      json_builder_add_null_value (b);
      return;
    }
  nim_sprt_bounds (&c->sprt, &lower, &upper);
  json_builder_begin_object (b);
  add_double_or_null (b, "elo0", c->sprt.elo0);
  add_double_or_null (b, "elo1", c->sprt.elo1);
  add_double_or_null (b, "alpha", c->sprt.alpha);
  add_double_or_null (b, "beta", c->sprt.beta);
  json_builder_set_member_name (b, "model");
  json_builder_add_string_value (b, nim_sprt_model_name (c->sprt.model));
  add_double_or_null (b, "llr", s->llr + 0.0);
  add_double_or_null (b, "lower", lower);
  add_double_or_null (b, "upper", upper);
  json_builder_set_member_name (b, "decision");
  if (s->decision == NIM_SPRT_NONE)
    json_builder_add_null_value (b);
  else
    json_builder_add_string_value (b, nim_sprt_decision_name (s->decision));
  json_builder_set_member_name (b, "pairs");
  json_builder_begin_array (b);
  json_builder_add_int_value (b, (gint64) s->pair_counts[0]);
  json_builder_add_int_value (b, (gint64) s->pair_counts[1]);
  json_builder_add_int_value (b, (gint64) s->pair_counts[2]);
  json_builder_end_array (b);
  json_builder_end_object (b);
}

/* The summary as one object; see nim(1). */
static JsonNode *
summary_to_json (const NimMatchConfig *config, const NimMatchSummary *summary)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint i;

  json_builder_begin_object (b);
  add_int (b, "games", (gint64) summary->finished);
  add_int (b, "games_requested", (gint64) config->games);
  json_builder_set_member_name (b, "interrupted");
  json_builder_add_boolean_value (b, summary->interrupted);
  add_setup (b, config);
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (i = 0; i < 2; i++)
    add_player (b, config->specs[i], &summary->players[i], summary->finished);
  json_builder_end_array (b);
  add_pairs (b, summary);
  add_sprt (b, config, summary);
  add_int (b, "jobs", config->jobs);
  json_builder_set_member_name (b, "seconds");
  json_builder_add_double_value (b, summary->seconds);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* ------------------------------------------------------------------------ */
/* Per position (--per-position) */

/* Position @i of the summary's per_position, as the suite writes it. */
static char *
position_text (const NimMatchConfig *c, guint i)
{
  if (c->n_positions == 0)
    return nim_board_to_string (&c->start);
  return nim_notation_position (&c->positions[i],
                                c->first_movers ? c->first_movers[i] : 1);
}

/* The table of each position's pairs and blunders. */
static void
print_per_position (const NimMatchConfig *config,
                    const NimMatchSummary *summary, FILE *out)
{
  gsize width = 8;
  guint i;

  for (i = 0; i < summary->n_per_position; i++)
    {
      g_autofree char *text = position_text (config, i);

      width = MAX (width, nim_text_width (text));
    }
  /* TRANSLATORS: the heading of the --per-position table. */
  fputs (_ ("Per position: the pairs for player 1, and the blunders (moves "
            "that gave a won position away) of each player:\n"),
         out);
  fprintf (out, "%-*s %7s %7s %7s %12s %12s\n", (int) width, "", "2-0", "1-1",
           "0-2", _ ("blunders 1"), _ ("blunders 2"));
  for (i = 0; i < summary->n_per_position; i++)
    {
      const NimMatchPositionTally *p = &summary->per_position[i];
      g_autofree char *text = position_text (config, i);
      g_autoptr (GString) padded = g_string_new (NULL);

      nim_string_append_padded (padded, text, width, TRUE);
      fprintf (out, "%s %7llu %7llu %7llu %12llu %12llu\n", padded->str,
               (unsigned long long) p->pair_counts[0],
               (unsigned long long) p->pair_counts[1],
               (unsigned long long) p->pair_counts[2],
               (unsigned long long) p->blunders[0],
               (unsigned long long) p->blunders[1]);
    }
}

/* Adds "per_position" to @summary_json: for each position, {"position",
   "2-0", "1-1", "0-2", "blunders": [player 1's, player 2's]}. */
static void
add_per_position (JsonNode *summary_json, const NimMatchConfig *config,
                  const NimMatchSummary *summary)
{
  JsonArray *rows = json_array_new ();
  guint i;

  for (i = 0; i < summary->n_per_position; i++)
    {
      const NimMatchPositionTally *p = &summary->per_position[i];
      JsonObject *row = json_object_new ();
      JsonArray *blunders = json_array_new ();
      g_autofree char *text = position_text (config, i);

      json_object_set_string_member (row, "position", text);
      json_object_set_int_member (row, "2-0", (gint64) p->pair_counts[0]);
      json_object_set_int_member (row, "1-1", (gint64) p->pair_counts[1]);
      json_object_set_int_member (row, "0-2", (gint64) p->pair_counts[2]);
      json_array_add_int_element (blunders, (gint64) p->blunders[0]);
      json_array_add_int_element (blunders, (gint64) p->blunders[1]);
      json_object_set_array_member (row, "blunders", blunders);
      json_array_add_object_element (rows, row);
    }
  json_object_set_array_member (json_node_get_object (summary_json),
                                "per_position", rows);
}

/* The shards' SPRT while undecided: how far the prefix of their pairs
   reaches and which pair it waits for. */
static void
print_prefix (const NimRunSummary *s, FILE *out)
{
  const NimMatchConfig *c = s->config;
  const NimSprtPrefixState *p = s->prefix;
  const char *decision = p->decision == NIM_SPRT_H1 ? "H1" : "H0";
  g_autofree char *label = NULL;

  if (p->decision != NIM_SPRT_NONE && s->shard)
    {
      if (s->stopped)
        fprintf (out,
                 /* TRANSLATORS: a shard of an SPRT run stopped because
                    the test over the pairs of all the shards, 1 to the
                    first number, decided (H1 or H0, not translated); then
                    the pairs player 1 won 2-0, split 1-1 and lost 0-2. */
                 _ ("Stopped: the SPRT over pairs 1 to %llu of the shards "
                    "decided %s (%llu won, %llu split, %llu lost by player "
                    "1)\n"),
                 (unsigned long long) p->decided_pairs, decision,
                 (unsigned long long) p->decided_counts[0],
                 (unsigned long long) p->decided_counts[1],
                 (unsigned long long) p->decided_counts[2]);
      else
        fprintf (out,
                 /* TRANSLATORS: as "Stopped: the SPRT over pairs ...",
                    for a shard that had played all its games. */
                 _ ("SPRT over the shards: pairs 1 to %llu decided %s (%llu "
                    "won, %llu split, %llu lost by player 1)\n"),
                 (unsigned long long) p->decided_pairs, decision,
                 (unsigned long long) p->decided_counts[0],
                 (unsigned long long) p->decided_counts[1],
                 (unsigned long long) p->decided_counts[2]);
      return;
    }
  if (p->decision != NIM_SPRT_NONE || p->first_missing == 0)
    return;
  label = g_strdup_printf ("%u/%u", p->first_missing_shard, c->shards);
  fprintf (out,
           /* TRANSLATORS: the shards of an SPRT run did not decide: the
              test runs over pairs 1 to the first number in pair order,
              as one machine does; then the first pair missing, the shard
              (K/N) that plays it, and how many pairs of the run are
              missing in all. */
           _ ("SPRT over the shards: not decided over pairs 1 to %llu; "
              "pair %llu is missing (shard %s plays it); %llu pairs of "
              "the run are missing\n"),
           (unsigned long long) p->prefix,
           (unsigned long long) p->first_missing, label,
           (unsigned long long) p->missing);
}

/* "sprt_prefix": the shards' test over the contiguous prefix of their
   pairs. */
static void
add_prefix (JsonNode *summary_json, const NimRunSummary *s)
{
  const NimMatchConfig *c = s->config;
  const NimSprtPrefixState *p = s->prefix;
  JsonObject *o = json_object_new ();
  g_autofree char *label
      = g_strdup_printf ("%u/%u", p->first_missing_shard, c->shards);

  json_object_set_int_member (o, "prefix", (gint64) p->prefix);
  json_object_set_int_member (o, "decided_pairs", (gint64) p->decided_pairs);
  if (p->first_missing != 0)
    {
      json_object_set_int_member (o, "first_missing",
                                  (gint64) p->first_missing);
      json_object_set_string_member (o, "first_missing_shard", label);
    }
  else
    {
      json_object_set_null_member (o, "first_missing");
      json_object_set_null_member (o, "first_missing_shard");
    }
  json_object_set_int_member (o, "missing", (gint64) p->missing);
  /* A shard's: whether it stopped at the decision. */
  if (s->shard)
    json_object_set_boolean_member (o, "stopped", s->stopped);
  json_object_set_object_member (json_node_get_object (summary_json),
                                 "sprt_prefix", o);
}

/* The audit of the shards: that they fit, or each suspect one and why. */
static void
print_audit (const NimAuditReport *a, FILE *out)
{
  guint i;

  if (a->n_suspects == 0)
    {
      /* TRANSLATORS: the audit of the shards of a run (--summarize)
         found nothing wrong; the number of shards. */
      fprintf (out,
               _ ("Shards: the %u shards fit together (pair results, "
                  "crashes, time losses, counts)\n"),
               a->n_shards);
      return;
    }
  for (i = 0; i < a->n_suspects; i++)
    {
      g_autofree char *label
          = nim_audit_shard_label (a->suspects[i], a->n_shards);
      g_autofree char *why = nim_audit_describe (a, a->suspects[i]);

      /* TRANSLATORS: a shard (K/N) that does not fit the others, and
         why. */
      fprintf (out, _ ("Suspect shard %s: %s\n"), label, why);
    }
}

/* "suspect_shards": the shards that do not fit, as "K/N". */
static void
add_audit (JsonNode *summary_json, const NimAuditReport *a)
{
  JsonArray *list = json_array_new ();
  guint i;

  for (i = 0; i < a->n_suspects; i++)
    {
      g_autofree char *label
          = nim_audit_shard_label (a->suspects[i], a->n_shards);

      json_array_add_string_element (list, label);
    }
  json_object_set_array_member (json_node_get_object (summary_json),
                                "suspect_shards", list);
}

static void
run_write_text (gconstpointer data, FILE *out)
{
  const NimRunSummary *s = data;

  print_summary (s->config, s->summary, out);
  if (s->prefix != NULL)
    print_prefix (s, out);
  if (s->audit != NULL)
    print_audit (s->audit, out);
  if (s->per_position)
    print_per_position (s->config, s->summary, out);
}

static void
run_write_json (gconstpointer data, FILE *out)
{
  const NimRunSummary *s = data;
  JsonNode *json = summary_to_json (s->config, s->summary);

  if (s->per_position)
    add_per_position (json, s->config, s->summary);
  if (s->prefix != NULL)
    add_prefix (json, s);
  if (s->audit != NULL)
    add_audit (json, s->audit);
  nim_record_print (json, out);
}

/**
 * nim_run_summary_writer:
 *
 * The summary of a run of two players, a #NimRunSummary, as text or
 * JSON: what --games and --summarize print.
 */
const NimWriter nim_run_summary_writer = { run_write_text, run_write_json };

/* ------------------------------------------------------------------------ */
/* A tournament */

static char *
describe_rating (double v)
{
  if (isinf (v))
    return g_strdup (v > 0 ? "+inf" : "-inf");
  return g_strdup_printf ("%+.0f", round (v) + 0.0); /* no -0 */
}

/* The crosstable and the ratings of a #NimRunTournament, for people. */
static void
print_tournament (gconstpointer data, FILE *out)
{
  const NimRunTournament *t = data;
  const NimMatchConfig *base = t->base;
  const NimRating *r = t->ratings;
  g_autofree char *rules = nim_rules_describe (&base->rules);
  gsize width = 0;
  guint i, j;

  fprintf (
      out,
      t->interrupted ? _ ("Tournament: %s of %u players, %llu of %llu games "
                          "(interrupted), %llu a pairing\n")
                     : _ ("Tournament: %s of %u players, %llu of %llu games, "
                          "%llu a pairing\n"),
      t->kind, t->n, (unsigned long long) t->games,
      (unsigned long long) t->requested, (unsigned long long) base->games);
  fprintf (out, _ ("Rules: %s\n"), rules);
  for (i = 0; i < t->n; i++)
    width = MAX (width, nim_text_width (t->specs[i]));
  /* The crosstable: row i, column j, i's wins-losses against j. */
  fputs (_ ("Crosstable (wins-losses of the row's player against the "
            "column's):\n"),
         out);
  fprintf (out, "%*s", (int) width + 4, "");
  for (j = 0; j < t->n; j++)
    fprintf (out, " %9u", j + 1);
  fputc ('\n', out);
  for (i = 0; i < t->n; i++)
    {
      g_autoptr (GString) spec = g_string_new (NULL);

      nim_string_append_padded (spec, t->specs[i], width, TRUE);
      fprintf (out, "%2u  %s", i + 1, spec->str);
      for (j = 0; j < t->n; j++)
        {
          guint64 w = t->wins[i * t->n + j], l = t->wins[j * t->n + i];
          g_autofree char *cell
              = i == j || w + l == 0
                    ? g_strdup ("-")
                    : g_strdup_printf ("%llu-%llu", (unsigned long long) w,
                                       (unsigned long long) l);

          fprintf (out, " %9s", cell);
        }
      fputc ('\n', out);
    }
  /* TRANSLATORS: the heading of the ratings; "Bradley-Terry" is a
     name. */
  fprintf (out,
           _ ("Ratings (Bradley-Terry, player 1 at 0, 95%% intervals, a "
              "prior of %g virtual win each way a pairing):\n"),
           NIM_RATINGS_PRIOR_WINS);
  /* TRANSLATORS: the column headings of the ratings table, right
     aligned in 7, 17, 8, 7 and 14 columns. */
  fprintf (out, "%-*s %7s %17s %8s %7s %14s\n", (int) width + 4, "", "Elo",
           "95%", _ ("games"), _ ("score"), _ ("kept the win"));
  for (i = 0; i < t->n; i++)
    {
      g_autoptr (GString) spec = g_string_new (NULL);
      g_autofree char *elo = describe_rating (r[i].elo);
      g_autofree char *low = describe_rating (r[i].low);
      g_autofree char *high = describe_rating (r[i].high);
      g_autofree char *interval = g_strdup_printf ("[%s, %s]", low, high);
      g_autofree char *kept = NULL;
      guint64 games = 0;

      for (j = 0; j < t->n; j++)
        games += t->wins[i * t->n + j] + t->wins[j * t->n + i];
      kept = t->tallies[i].won_positions > 0 ? g_strdup_printf (
                 "%.1f%%", 100.0
                               * ratio ((double) t->tallies[i].kept,
                                        (double) t->tallies[i].won_positions))
                                             : g_strdup ("-");
      nim_string_append_padded (spec, t->specs[i], width, TRUE);
      fprintf (out, "%2u  %s %7s %17s %8llu %6.1f%% %14s\n", i + 1, spec->str,
               elo, interval, (unsigned long long) games,
               100.0 * ratio ((double) t->tallies[i].wins, (double) games),
               kept);
    }
  fprintf (out,
           g_dngettext (GETTEXT_PACKAGE, "Wall time: %.2f s, %u job\n",
                        "Wall time: %.2f s, %u jobs\n", t->jobs),
           t->seconds, t->jobs);
}

/* The crosstable and the ratings as one object; see nim(1). */
static JsonNode *
tournament_to_json (const NimRunTournament *t)
{
  const NimMatchConfig *base = t->base;
  const NimRating *r = t->ratings;
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint i, j;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "tournament");
  json_builder_add_string_value (b, t->kind);
  add_int (b, "games", (gint64) t->games);
  add_int (b, "games_requested", (gint64) t->requested);
  add_int (b, "games_per_pairing", (gint64) base->games);
  json_builder_set_member_name (b, "interrupted");
  json_builder_add_boolean_value (b, t->interrupted);
  json_builder_set_member_name (b, "rules");
  json_builder_add_value (b, nim_record_rules (&base->rules));
  add_int (b, "seed", base->seed);
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (i = 0; i < t->n; i++)
    {
      guint64 games = 0;

      for (j = 0; j < t->n; j++)
        games += t->wins[i * t->n + j] + t->wins[j * t->n + i];
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "spec");
      json_builder_add_string_value (b, t->specs[i]);
      add_double_or_null (b, "elo", r[i].elo + 0.0); /* no -0.0 */
      add_double_or_null (b, "elo_low", r[i].low + 0.0);
      add_double_or_null (b, "elo_high", r[i].high + 0.0);
      add_int (b, "games", (gint64) games);
      add_int (b, "wins", (gint64) t->tallies[i].wins);
      add_int (b, "won_positions", (gint64) t->tallies[i].won_positions);
      add_int (b, "kept_win", (gint64) t->tallies[i].kept);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "crosstable");
  json_builder_begin_array (b);
  for (i = 0; i < t->n; i++)
    {
      json_builder_begin_array (b);
      for (j = 0; j < t->n; j++)
        json_builder_add_int_value (b, (gint64) t->wins[i * t->n + j]);
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
  add_double_or_null (b, "prior_wins", NIM_RATINGS_PRIOR_WINS);
  add_int (b, "jobs", t->jobs);
  json_builder_set_member_name (b, "seconds");
  json_builder_add_double_value (b, t->seconds);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
write_tournament_json (gconstpointer data, FILE *out)
{
  nim_record_print (tournament_to_json (data), out);
}

/**
 * nim_run_summary_tournament_writer:
 *
 * The crosstable and the ratings of a tournament, a #NimRunTournament,
 * as text or JSON.
 */
const NimWriter nim_run_summary_tournament_writer
    = { print_tournament, write_tournament_json };
