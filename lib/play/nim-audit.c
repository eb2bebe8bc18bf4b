/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-audit.c -- the audit of a run's shards: do their games fit
 * together, as fishtest checks its workers?
 *
 * The shards of a run play pairs drawn alike from one seed, so under the
 * same players their pair results (won 2-0, split, lost 0-2) follow one
 * distribution, and a shard whose machine handicapped an engine (a
 * slower processor under a clock, another build, a library missing)
 * shows up as a shard whose results are unlike the others'.  fishtest
 * looks for such workers with a chi-square test of homogeneity on the
 * table of workers by pair results, and a residual per worker; this is
 * that test on the table of shards:
 *
 * 1. The table.  Rare results would make the chi-square approximation
 *    wrong (a cell must expect 5 or more): a result column that an
 *    average shard expects fewer than NIM_AUDIT_MIN_EXPECTED of is pooled
 *    with its neighbour (0-2 and 2-0 into 1-1 first; fishtest pools its
 *    rare pentanomial cells the same way), and a shard with too few pairs
 *    to expect that many in each remaining column is left out (fishtest
 *    leaves out such workers), until neither happens.  Without two
 *    columns (every pair alike) or two shards there is no test.
 * 2. The test.  chi2 = sum (O - E)^2 / E, with (shards - 1)(columns - 1)
 *    degrees of freedom; its p-value is the chance of a table at least
 *    that uneven if the shards played alike.
 * 3. The residuals.  Each shard's part of chi2, divided by 1 - its share
 *    of the pairs, is the chi-square of the two-row table of that shard
 *    against all the others (columns - 1 degrees of freedom); its p-value
 *    as a normal z is the residual fishtest shows.
 * 4. The suspects.  While the test's p is below NIM_AUDIT_P, or the
 *    largest residual's p times the number of shards (Bonferroni) is, the
 *    shard with the largest residual is named and the test is run again
 *    without it (fishtest's get_bad_workers).  With two shards left the
 *    two residuals are the same: both are named, and the report says
 *    which one is off cannot be told.  Each of the two rules alone names
 *    a shard of a homogeneous run with a chance of at most NIM_AUDIT_P
 *    (bench/README measures it).
 *
 * Beside the test, fishtest's rule for a worker's crashes and time
 * losses, and checks that a shard's counts fit together: its wins and
 * losses add up to its games and agree with its pairs, and it holds no
 * game of another shard's pairs. */

#include "config.h"

#include "nim-audit.h"

#include "nim-i18n.h"
#include "nim-shards.h"
#include "nim-stats.h"

#include <math.h>
#include <string.h>

/* Which games of a pair a shard holds, and whether player 1 won them. */
enum
{
  GAME1_HELD = 1 << 0,
  GAME1_WON = 1 << 1,
  GAME2_HELD = 1 << 2,
  GAME2_WON = 1 << 3,
};

struct _NimAudit
{
  guint shards;
  NimShardCounts *counts; /* [shards] */
  GHashTable **open;      /* [shards]: pair -> the bits above, for the
                             pairs of which the shard holds one game */
  GHashTable **games;     /* [shards]: the numbers of the games it holds */
};

/**
 * nim_audit_new:
 * @shards: how many shards the run has, 1 or more
 *
 * Returns: (transfer full): an audit of shards holding nothing yet
 */
NimAudit *
nim_audit_new (guint shards)
{
  NimAudit *a = g_new0 (NimAudit, 1);
  guint i;

  g_return_val_if_fail (shards >= 1, NULL);
  a->shards = shards;
  a->counts = g_new0 (NimShardCounts, shards);
  a->open = g_new0 (GHashTable *, shards);
  a->games = g_new0 (GHashTable *, shards);
  for (i = 0; i < shards; i++)
    {
      a->open[i]
          = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
      a->games[i]
          = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
    }
  return a;
}

/**
 * nim_audit_free:
 * @audit: (nullable): an audit
 */
void
nim_audit_free (NimAudit *audit)
{
  guint i;

  if (audit == NULL)
    return;
  for (i = 0; i < audit->shards; i++)
    {
      g_hash_table_unref (audit->open[i]);
      g_hash_table_unref (audit->games[i]);
    }
  g_free (audit->open);
  g_free (audit->games);
  g_free (audit->counts);
  g_free (audit);
}

/**
 * nim_audit_add_game:
 * @audit: an audit
 * @shard: the shard whose results file holds the game, 1 to the shards
 * @number: the game's number in the run, from 1
 * @tallies: what its players did, as #NimMatchGame has it: the winner is
 *   the one with a win, and a forfeit says how a game ended early
 *
 * Counts a game of @shard: its winner, a crash or a loss on time, and
 * its pair once both games are there.  A game of a pair that another
 * shard plays (nim_shards_pair_shard()) is counted too, and noted.
 *
 * Returns: %TRUE if the game was counted; %FALSE for a game @shard holds
 *   already
 */
gboolean
nim_audit_add_game (NimAudit *audit, guint shard, guint64 number,
                    const NimMatchTally tallies[2])
{
  NimShardCounts *c;
  GHashTable *open;
  gint64 key = (gint64) number, pair_key;
  guint64 pair;
  guint bits, winner, i;

  g_return_val_if_fail (shard >= 1 && shard <= audit->shards, FALSE);
  g_return_val_if_fail (number >= 1, FALSE);
  if (g_hash_table_contains (audit->games[shard - 1], &key))
    return FALSE;
  g_hash_table_add (audit->games[shard - 1], g_memdup2 (&key, sizeof key));
  c = &audit->counts[shard - 1];
  open = audit->open[shard - 1];
  winner = tallies[0].wins > 0 ? 1 : 2;
  pair = (number - 1) / 2 + 1;
  c->games++;
  c->wins[winner - 1]++;
  for (i = 0; i < 2; i++)
    {
      c->crashes += tallies[i].forfeits[NIM_END_DISCONNECT]
                    + tallies[i].forfeits[NIM_END_STARTUP];
      c->time_losses += tallies[i].forfeits[NIM_END_TIME];
    }
  if (nim_shards_pair_shard (pair, audit->shards) != shard)
    c->foreign++;
  pair_key = (gint64) pair;
  bits = GPOINTER_TO_UINT (g_hash_table_lookup (open, &pair_key));
  if ((number - 1) % 2 == 0)
    bits |= GAME1_HELD | (winner == 1 ? GAME1_WON : 0);
  else
    bits |= GAME2_HELD | (winner == 1 ? GAME2_WON : 0);
  if ((bits & (GAME1_HELD | GAME2_HELD)) == (GAME1_HELD | GAME2_HELD))
    {
      g_hash_table_remove (open, &pair_key);
      c->pair_counts[2 - !!(bits & GAME1_WON) - !!(bits & GAME2_WON)]++;
    }
  else
    g_hash_table_replace (open, g_memdup2 (&pair_key, sizeof pair_key),
                          GUINT_TO_POINTER (bits));
  return TRUE;
}

/**
 * nim_audit_add_counts:
 * @audit: an audit
 * @shard: a shard, 1 to the shards
 * @counts: what to add to what @shard holds: counts read elsewhere (a
 *   shard's summary), or made up by a simulation
 */
void
nim_audit_add_counts (NimAudit *audit, guint shard,
                      const NimShardCounts *counts)
{
  NimShardCounts *c;
  guint i;

  g_return_if_fail (shard >= 1 && shard <= audit->shards);
  c = &audit->counts[shard - 1];
  c->games += counts->games;
  for (i = 0; i < 2; i++)
    c->wins[i] += counts->wins[i];
  for (i = 0; i < 3; i++)
    c->pair_counts[i] += counts->pair_counts[i];
  c->crashes += counts->crashes;
  c->time_losses += counts->time_losses;
  c->foreign += counts->foreign;
}

/**
 * nim_audit_get_counts:
 * @audit: an audit
 * @shard: a shard, 1 to the shards
 *
 * Returns: (transfer none): what @shard holds so far
 */
const NimShardCounts *
nim_audit_get_counts (const NimAudit *audit, guint shard)
{
  g_return_val_if_fail (shard >= 1 && shard <= audit->shards, NULL);
  return &audit->counts[shard - 1];
}

static guint64
pairs_of (const NimShardCounts *c)
{
  return c->pair_counts[0] + c->pair_counts[1] + c->pair_counts[2];
}

/* Whether @c's counts contradict one another: wins and losses that do
   not add up to the games, or that the complete pairs cannot have given
   (the games of pairs still open may have gone either way). */
static gboolean
inconsistent (const NimShardCounts *c)
{
  guint64 pairs = pairs_of (c), open, least[2];
  guint i;

  if (c->wins[0] + c->wins[1] != c->games || 2 * pairs > c->games
      || c->crashes + c->time_losses > c->games)
    return TRUE;
  open = c->games - 2 * pairs;
  least[0] = 2 * c->pair_counts[0] + c->pair_counts[1];
  least[1] = 2 * c->pair_counts[2] + c->pair_counts[1];
  for (i = 0; i < 2; i++)
    if (c->wins[i] < least[i] || c->wins[i] > least[i] + open)
      return TRUE;
  return FALSE;
}

/* The columns of the table: runs of the pair results, lo[g] to hi[g]. */
typedef struct
{
  guint n;
  guint lo[3];
  guint hi[3];
} Columns;

/* The pairs of shard @c in column @g of @cols. */
static double
cell (const NimShardCounts *c, const Columns *cols, guint g)
{
  double sum = 0;
  guint j;

  for (j = cols->lo[g]; j <= cols->hi[g]; j++)
    sum += (double) c->pair_counts[j];
  return sum;
}

/* The column totals of the shards @in, and their sum. */
static double
column_totals (const NimAuditReport *r, const gboolean *in,
               const Columns *cols, double totals[3])
{
  double all = 0;
  guint i, g;

  for (g = 0; g < cols->n; g++)
    {
      totals[g] = 0;
      for (i = 0; i < r->n_shards; i++)
        if (in[i])
          totals[g] += cell (&r->shards[i].counts, cols, g);
      all += totals[g];
    }
  return all;
}

static guint
count_in (const NimAuditReport *r, const gboolean *in)
{
  guint i, n = 0;

  for (i = 0; i < r->n_shards; i++)
    n += in[i] != FALSE;
  return n;
}

/* Step 1: pools the rare columns and leaves out the small shards until
   every cell expects NIM_AUDIT_MIN_EXPECTED pairs. */
static void
shape_table (const NimAuditReport *r, gboolean *in, Columns *cols)
{
  gboolean changed = TRUE;
  guint i, g;

  cols->n = 3;
  for (g = 0; g < 3; g++)
    cols->lo[g] = cols->hi[g] = g;
  while (changed)
    {
      double totals[3], all;
      guint rows = count_in (r, in);

      changed = FALSE;
      if (rows < 2)
        return;
      all = column_totals (r, in, cols, totals);
      if (all == 0)
        return;
      while (cols->n >= 2)
        {
          guint rare = 0, into;

          for (g = 1; g < cols->n; g++)
            if (totals[g] < totals[rare])
              rare = g;
          if (totals[rare] >= NIM_AUDIT_MIN_EXPECTED * rows)
            break;
          /* Into its smaller neighbour: the results stay in order. */
          into = rare == 0                              ? 1
                 : rare == cols->n - 1                  ? rare - 1
                 : totals[rare - 1] <= totals[rare + 1] ? rare - 1
                                                        : rare + 1;
          cols->hi[MIN (rare, into)] = cols->hi[MAX (rare, into)];
          totals[MIN (rare, into)] += totals[MAX (rare, into)];
          for (g = MAX (rare, into); g + 1 < cols->n; g++)
            {
              cols->lo[g] = cols->lo[g + 1];
              cols->hi[g] = cols->hi[g + 1];
              totals[g] = totals[g + 1];
            }
          cols->n--;
          changed = TRUE;
        }
      if (cols->n < 2)
        return;
      for (i = 0; i < r->n_shards; i++)
        {
          double pairs = (double) pairs_of (&r->shards[i].counts);

          if (!in[i])
            continue;
          for (g = 0; g < cols->n; g++)
            if (pairs * totals[g] / all < NIM_AUDIT_MIN_EXPECTED)
              {
                in[i] = FALSE;
                changed = TRUE;
                break;
              }
        }
    }
}

/* Steps 2 and 3 over the shards @in: the test's chi-square and log p,
   and each shard's residual chi-square (adj) and its log p. */
static void
test_table (const NimAuditReport *r, const gboolean *in, const Columns *cols,
            double *chi2, double *log_p, double *adj, double *adj_log_p)
{
  double totals[3], all = column_totals (r, in, cols, totals);
  guint rows = count_in (r, in), i, g;

  *chi2 = 0;
  for (i = 0; i < r->n_shards; i++)
    {
      double pairs = (double) pairs_of (&r->shards[i].counts), row = 0;

      if (!in[i])
        continue;
      for (g = 0; g < cols->n; g++)
        {
          double e = pairs * totals[g] / all;
          double d = cell (&r->shards[i].counts, cols, g) - e;

          row += d * d / e;
        }
      *chi2 += row;
      adj[i] = row / (1 - pairs / all);
      adj_log_p[i] = nim_stats_chi2_log_sf (adj[i], cols->n - 1);
    }
  *log_p = nim_stats_chi2_log_sf (*chi2, (double) (rows - 1) * (cols->n - 1));
}

/* Step 4: the shards whose pair results are unlike the others'. */
static void
find_suspects (NimAuditReport *r, gboolean *in, const Columns *cols)
{
  g_autofree double *adj = g_new0 (double, r->n_shards);
  g_autofree double *adj_log_p = g_new0 (double, r->n_shards);
  gboolean first = TRUE;
  guint i;

  while (count_in (r, in) >= 2)
    {
      guint rows = count_in (r, in), worst = r->n_shards;
      double chi2, log_p;

      test_table (r, in, cols, &chi2, &log_p, adj, adj_log_p);
      if (first)
        {
          r->chi2 = chi2;
          r->dof = (rows - 1) * (cols->n - 1);
          r->p = exp (log_p);
          for (i = 0; i < r->n_shards; i++)
            if (in[i])
              {
                r->shards[i].tested = TRUE;
                r->shards[i].log_p = adj_log_p[i];
                r->shards[i].residual
                    = MAX (0.0, nim_stats_normal_isf_log (adj_log_p[i]));
              }
          first = FALSE;
        }
      for (i = 0; i < r->n_shards; i++)
        if (in[i] && (worst == r->n_shards || adj[i] > adj[worst]))
          worst = i;
      if (!(log_p < log (NIM_AUDIT_P)
            || adj_log_p[worst] + log ((double) rows) < log (NIM_AUDIT_P)))
        return;
      if (rows == 2)
        {
          /* The two-row table is the same seen from either row. */
          for (i = 0; i < r->n_shards; i++)
            if (in[i])
              r->shards[i].flaws |= NIM_AUDIT_RESULTS;
          r->ambiguous = TRUE;
          return;
        }
      r->shards[worst].flaws |= NIM_AUDIT_RESULTS;
      in[worst] = FALSE;
    }
}

/**
 * nim_audit_run:
 * @audit: an audit
 *
 * Audits the shards (see the top of nim-audit.c): the chi-square test of
 * their pair results and each one's residual, fishtest's rule for
 * crashes (more than %NIM_AUDIT_MAX_CRASHES) and time losses (more than
 * %NIM_AUDIT_TIME_SHARE of more than %NIM_AUDIT_TIME_MIN_GAMES games),
 * and whether each one's counts fit together.
 *
 * Returns: (transfer full): the report; free it with
 *   nim_audit_report_free()
 */
NimAuditReport *
nim_audit_run (const NimAudit *audit)
{
  NimAuditReport *r = g_new0 (NimAuditReport, 1);
  g_autofree gboolean *in = g_new0 (gboolean, audit->shards);
  Columns cols;
  guint i, tested;

  r->n_shards = audit->shards;
  r->shards = g_new0 (NimAuditShard, audit->shards);
  r->chi2 = NAN;
  r->p = NAN;
  r->z_threshold = NAN;
  for (i = 0; i < audit->shards; i++)
    {
      NimAuditShard *s = &r->shards[i];
      const NimShardCounts *c = &audit->counts[i];

      s->shard = i + 1;
      s->counts = *c;
      s->residual = NAN;
      s->log_p = NAN;
      in[i] = pairs_of (c) > 0;
      if (c->crashes > NIM_AUDIT_MAX_CRASHES)
        s->flaws |= NIM_AUDIT_CRASHES;
      if (c->games > NIM_AUDIT_TIME_MIN_GAMES
          && (double) c->time_losses > NIM_AUDIT_TIME_SHARE * c->games)
        s->flaws |= NIM_AUDIT_TIME;
      if (inconsistent (c))
        s->flaws |= NIM_AUDIT_INCONSISTENT;
      if (c->foreign > 0)
        s->flaws |= NIM_AUDIT_FOREIGN;
    }
  shape_table (r, in, &cols);
  tested = count_in (r, in);
  r->columns = cols.n;
  if (tested >= 2 && cols.n >= 2)
    {
      r->tested = tested;
      r->z_threshold
          = nim_stats_normal_isf_log (log (NIM_AUDIT_P / (double) tested));
      find_suspects (r, in, &cols);
    }
  r->suspects = g_new0 (guint, audit->shards);
  for (i = 0; i < audit->shards; i++)
    if (r->shards[i].flaws != 0)
      r->suspects[r->n_suspects++] = i + 1;
  return r;
}

/**
 * nim_audit_report_free:
 * @report: (nullable): a report
 */
void
nim_audit_report_free (NimAuditReport *report)
{
  if (report == NULL)
    return;
  g_free (report->shards);
  g_free (report->suspects);
  g_free (report);
}

/**
 * nim_audit_shard_label:
 * @shard: a shard, 1 to @shards
 * @shards: how many there are
 *
 * Returns: (transfer full): "K/N", as --shard and the results file's
 *   header write it
 */
char *
nim_audit_shard_label (guint shard, guint shards)
{
  return g_strdup_printf ("%u/%u", shard, shards);
}

/**
 * nim_audit_describe:
 * @report: a report
 * @shard: a shard, 1 to the shards
 *
 * Returns: (transfer full) (nullable): why @shard is suspect, in a
 *   sentence for people (its flaws, with their figures, separated by
 *   semicolons); %NULL when it fits
 */
char *
nim_audit_describe (const NimAuditReport *report, guint shard)
{
  const NimAuditShard *s;
  const NimShardCounts *c;
  g_autoptr (GPtrArray) parts = NULL;

  g_return_val_if_fail (shard >= 1 && shard <= report->n_shards, NULL);
  s = &report->shards[shard - 1];
  c = &s->counts;
  if (s->flaws == 0)
    return NULL;
  parts = g_ptr_array_new_with_free_func (g_free);
  if (s->flaws & NIM_AUDIT_RESULTS)
    {
      if (report->ambiguous)
        g_ptr_array_add (
            parts, g_strdup_printf (
                       _ ("its pair results and another shard's differ "
                          "(chi-square p %.2g), and with two shards which "
                          "one is off cannot be told"),
                       report->p));
      else if (s->residual > report->z_threshold)
        g_ptr_array_add (parts,
                         g_strdup_printf (_ ("its pair results are unlike the "
                                             "other shards' (residual %.1f, "
                                             "above %.1f)"),
                                          s->residual, report->z_threshold));
      else
        g_ptr_array_add (
            parts, g_strdup_printf (
                       _ ("its pair results are the furthest from the "
                          "others' (residual %.1f) in shards that do not "
                          "fit together (chi-square p %.2g)"),
                       s->residual, report->p));
    }
  if (s->flaws & NIM_AUDIT_CRASHES)
    g_ptr_array_add (
        parts, g_strdup_printf (
                   g_dngettext (GETTEXT_PACKAGE,
                                "an engine crashed or did not start in %llu "
                                "game (more than %d)",
                                "an engine crashed or did not start in %llu "
                                "games (more than %d)",
                                c->crashes),
                   (unsigned long long) c->crashes, NIM_AUDIT_MAX_CRASHES));
  if (s->flaws & NIM_AUDIT_TIME)
    g_ptr_array_add (
        parts,
        g_strdup_printf (
            _ ("%llu of its %llu games were lost on time (%.0f%%, "
               "more than %.0f%%)"),
            (unsigned long long) c->time_losses, (unsigned long long) c->games,
            100.0 * (double) c->time_losses / (double) c->games,
            100 * NIM_AUDIT_TIME_SHARE));
  if (s->flaws & NIM_AUDIT_INCONSISTENT)
    g_ptr_array_add (
        parts,
        g_strdup_printf (_ ("its counts do not fit together: %llu games, won "
                            "%llu and lost %llu, pairs %llu-%llu-%llu"),
                         (unsigned long long) c->games,
                         (unsigned long long) c->wins[0],
                         (unsigned long long) c->wins[1],
                         (unsigned long long) c->pair_counts[0],
                         (unsigned long long) c->pair_counts[1],
                         (unsigned long long) c->pair_counts[2]));
  if (s->flaws & NIM_AUDIT_FOREIGN)
    g_ptr_array_add (
        parts,
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "it holds %llu game of pairs that "
                                      "another shard plays",
                                      "it holds %llu games of pairs that "
                                      "other shards play",
                                      c->foreign),
                         (unsigned long long) c->foreign));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv ("; ", (char **) parts->pdata);
}
