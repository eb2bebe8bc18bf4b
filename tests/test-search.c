/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-search.c -- the searchers' techniques change the cost, not the answer
 */

#include "config.h"

#include "nim-test.h"

#include "nim-movegen.h"
#include "nim-observer.h"
#include "nim-player.h"
#include "nim-search-player.h"

#include <time.h>

typedef struct
{
  NimMove move;
  NimSearchStats stats;
  double cpu_seconds; /* the processor time the move took */
} Result;

/* The processor time this thread has used, in seconds. */
static double
thread_cpu_seconds (void)
{
  struct timespec t;

  g_assert_cmpint (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t), ==, 0);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static void
search (const char *spec, const NimRules *rules, const char *heaps, Result *r)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimPlayer) p = nim_player_new (spec, &error);
  NimBoard board;

  g_assert_no_error (error);
  g_assert_true (nim_board_parse (&board, heaps, "--heaps", NULL));
  g_assert_true (nim_player_start (p, rules, &board, &error));
  r->cpu_seconds = thread_cpu_seconds ();
  g_assert_true (nim_player_choose_move (p, &board, &r->move, &error));
  r->cpu_seconds = thread_cpu_seconds () - r->cpu_seconds;
  r->stats = *nim_player_get_stats (p);
}

/* Depth-limited values (win, loss or unknown) of alpha-beta equal plain
   minimax's at every depth, for every rule variant: pruning cuts only
   what cannot change the value. */
static void
test_depth_limited_agree (void)
{
  static const char *const takes[] = { "any", "max=3", "1,3,4", "2,5,6" };
  static const char *const positions[]
      = { "3,4,5", "1,2,3,4", "7,2", "6,6,1" };
  guint t, p, d, m;

  for (t = 0; t < G_N_ELEMENTS (takes); t++)
    for (m = 0; m < 2; m++)
      for (p = 0; p < G_N_ELEMENTS (positions); p++)
        for (d = 1; d <= 6; d++)
          {
            NimRules rules;
            Result mm, ab, plain;
            g_autofree char *s_mm
                = g_strdup_printf ("minimax:time=0,depth=%u", d);
            g_autofree char *s_ab = g_strdup_printf (
                "negamax:time=0,depth=%u,tt=off,id=off,order=off", d);
            g_autofree char *s_plain = g_strdup_printf (
                "negamax:time=0,depth=%u,ab=off,tt=off,id=off,order=off", d);

            nim_test_rules (&rules, takes[t], m);
            search (s_mm, &rules, positions[p], &mm);
            search (s_ab, &rules, positions[p], &ab);
            search (s_plain, &rules, positions[p], &plain);
            g_assert_cmpint (mm.stats.value, ==, ab.stats.value);
            g_assert_cmpint (mm.stats.value, ==, plain.stats.value);
            /* Without pruning, negamax visits exactly minimax's tree. */
            g_assert_cmpuint (mm.stats.nodes, ==, plain.stats.nodes);
            g_assert_cmpuint (ab.stats.nodes, <=, plain.stats.nodes);
            g_assert_true (nim_move_equal (&mm.move, &plain.move));
          }
}

/* A node budget is honoured exactly: a search cut short has counted
   exactly the nodes it was allowed, in every configuration without a
   table.  With one, the look-ups of enhanced transposition cutoffs count
   towards the budget too (a node may look up thousands of children), so
   the nodes may be fewer, never more. */
static void
test_node_budget_exact (void)
{
  static const char *const configs[] = {
    "minimax:time=0",
    "negamax:time=0,ab=off,tt=off,id=off,order=off",
    "negamax:time=0,tt=off,id=off",
    "negamax:time=0,id=off",
    "negamax:time=0",
  };
  static const guint64 budgets[] = { 1, 2, 3, 17, 1000, 4096, 4097, 12345 };
  NimRules rules;
  guint c, b;

  nim_rules_init (&rules);
  for (c = 0; c < G_N_ELEMENTS (configs); c++)
    for (b = 0; b < G_N_ELEMENTS (budgets); b++)
      {
        g_autofree char *spec = g_strdup_printf ("%s,nodes=%" G_GUINT64_FORMAT,
                                                 configs[c], budgets[b]);
        Result r;

        search (spec, &rules, "20,30,40,50", &r);
        if (strstr (configs[c], "tt=off") || configs[c][0] == 'm')
          g_assert_cmpuint (r.stats.nodes, ==, budgets[b]);
        else
          g_assert_cmpuint (r.stats.nodes, <=, budgets[b]);
        g_assert_cmpuint (r.stats.nodes, >=, MIN (budgets[b], 2));
        g_assert_false (r.stats.proven);
        g_assert_cmpint (r.stats.value, ==, 0);
      }
}

/* A spent budget unwinds at once, even where every node has a billion
   moves still to try (a search that only returned 0 from each child
   would walk them all, at every ply). */
static void
test_budget_huge_heaps (void)
{
  static const char *const configs[] = {
    "minimax:time=0,nodes=100000",
    "negamax:time=0,ab=off,tt=off,id=off,order=off,nodes=100000",
    "negamax:time=0,nodes=100000",
  };
  NimRules rules;
  guint c;

  nim_rules_init (&rules);
  for (c = 0; c < G_N_ELEMENTS (configs); c++)
    {
      Result r;
      gint64 t0 = g_get_monotonic_time ();

      search (configs[c], &rules, "1000000000,1000000000,3", &r);
      g_assert_cmpuint (r.stats.nodes, ==, 100000);
      g_assert_false (r.stats.proven);
      /* Generous: a hang would take hours, the search milliseconds. */
      g_assert_cmpint (g_get_monotonic_time () - t0, <, 30 * G_USEC_PER_SEC);
    }
}

/* A node budget bounds the work, not only the nodes entered: on two
   heaps of 2048 a node holds 4096 children, each of which the enhanced
   transposition cutoff looks up, so a budget of nodes alone let a search
   do thousands of look-ups a node (10 M nodes took 50 s).  The look-ups
   beyond one a node count towards the budget. */
static void
test_node_budget_bounds_work (void)
{
  static const guint64 budgets[] = { 1000, 20000, 100000 };
  NimRules rules;
  guint b;

  nim_rules_init (&rules);
  for (b = 0; b < G_N_ELEMENTS (budgets); b++)
    {
      g_autofree char *spec = g_strdup_printf (
          "negamax:time=0,tt=1M,nodes=%" G_GUINT64_FORMAT, budgets[b]);
      Result r;

      search (spec, &rules, "2048,2048", &r);
      g_assert_false (r.stats.proven);
      g_assert_cmpuint (r.stats.nodes, <=, budgets[b]);
      /* One probe a node, and the counted look-ups: together no more
         than twice the budget, plus the children of the last node. */
      g_assert_cmpuint (r.stats.tt_probes, <=, 2 * budgets[b] + 4096);
    }
}

/* A time budget holds on any position, within 10 % and a millisecond:
   on two heaps of 2048 each node looks up 4096 children, and a large
   fresh table has its pages zeroed as the search first touches them,
   both of which a clock read every few thousand nodes missed (0.216 s
   for time=0.01, 0.43 s with tt=1G).  The test measures the processor
   time the search used, generously: on a busy machine the wall clock
   also counts the time other programs had the processor, which a
   search cannot help. */
static void
test_time_budget_holds (void)
{
  static const char *const specs[] = {
    "negamax:time=0.02",
    "negamax:time=0.02,tt=1G",
    "negamax:time=0.02,id=off",
  };
  NimRules rules;
  guint i;

  nim_rules_init (&rules);
  for (i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      Result r;

      search (specs[i], &rules, "2048,2048", &r);
      g_test_message ("%s: %.4f s, %.4f s of processor time", specs[i],
                      r.stats.seconds, r.cpu_seconds);
      g_assert_false (r.stats.proven);
      g_assert_cmpfloat (r.cpu_seconds, <, 0.15);
    }
}

/* A search cut short by its budget still plays a winning move when its
   table knows one: here the search of an earlier move proved 3,4,7 lost,
   and a search of 3,4,10 allowed a single node (far too few to prove
   anything) takes 3 from the 10, reports the win as proven, and does not
   give it away with the first legal move. */
static void
test_table_knows_win (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimPlayer) p
      = nim_player_new ("negamax:time=0,nodes=100000", &error);
  NimSearchConfig *c;
  NimRules rules;
  NimBoard lost, won;
  NimMove m;
  const NimSearchStats *st;

  g_assert_no_error (error);
  nim_rules_init (&rules);
  g_assert_true (nim_board_parse (&lost, "3,4,7", "--heaps", NULL));
  g_assert_true (nim_board_parse (&won, "3,4,10", "--heaps", NULL));
  g_assert_true (nim_player_start (p, &rules, &lost, &error));
  g_assert_true (nim_player_choose_move (p, &lost, &m, &error));
  st = nim_player_get_stats (p);
  g_assert_true (st->proven);
  g_assert_cmpint (st->value, <, 0);

  c = &((NimSearchPlayer *) p)->config;
  c->nodes = 1;
  g_assert_true (nim_player_choose_move (p, &won, &m, &error));
  st = nim_player_get_stats (p);
  g_assert_cmpuint (st->nodes, <=, 1);
  g_assert_cmpuint (m.heap, ==, 2);
  g_assert_cmpuint (m.count, ==, 3);
  g_assert_true (st->proven);
  g_assert_cmpint (st->value, >, 0);
}

/* A timed search keeps a share of its time back for what the searcher
   does after it (negamax's look-ups of the root's children in its
   table, which in a fresh table fault in a page each: 65,536 of them
   took 55 ms after a search of 50 ms, issue 39): its own deadline comes
   that share earlier, and the whole one is handed back for the rest.  A
   search without a clock keeps nothing back. */
static void
test_keep_back (void)
{
  NimSearchConfig c = { 0 };
  NimSearch s;
  NimRules rules;
  NimBoard board;
  gint64 whole, start;

  nim_rules_init (&rules);
  g_assert_true (nim_board_parse (&board, "3,4,5", "--heaps", NULL));
  c.time = 16;
  start = g_get_monotonic_time ();
  nim_search_init (&s, &board, &rules, &c);
  whole = s.deadline;
  g_assert_cmpint (nim_search_keep_back (&s, 16), ==, whole);
  /* 15 of the 16 seconds, give or take the microseconds between the
     calls. */
  g_assert_cmpint (whole - s.deadline, >=, G_USEC_PER_SEC - 1000);
  g_assert_cmpint (whole - s.deadline, <=, G_USEC_PER_SEC);
  g_assert_cmpint (s.deadline - start, >=, 15 * G_USEC_PER_SEC);

  c.time = 0;
  nim_search_init (&s, &board, &rules, &c);
  g_assert_cmpint (nim_search_keep_back (&s, 16), ==, 0);
  g_assert_cmpint (s.deadline, ==, 0);
}

/* A budget larger than the search needs changes nothing. */
static void
test_node_budget_ample (void)
{
  NimRules rules;
  Result free_run, budgeted;

  nim_rules_init (&rules);
  search ("negamax:time=0", &rules, "3,4,5", &free_run);
  search ("negamax:time=0,nodes=1000000", &rules, "3,4,5", &budgeted);
  g_assert_cmpuint (free_run.stats.nodes, ==, budgeted.stats.nodes);
  g_assert_true (budgeted.stats.proven);
  g_assert_true (nim_move_equal (&free_run.move, &budgeted.move));
}

/* A game longer than the recursion bound is searched to the bound and
   reported as not proven, without exhausting the stack. */
static void
test_recursion_bound (void)
{
  NimRules rules;
  Result r;

  nim_rules_init (&rules);
  g_assert_true (nim_rules_set_max_take (&rules, 1, NULL));
  search ("negamax:time=0,id=off,nodes=2000000", &rules, "1000000", &r);
  g_assert_false (r.stats.proven);
  g_assert_cmpuint (r.move.count, ==, 1);
  search ("minimax:time=0,nodes=100000", &rules, "1000000", &r);
  g_assert_false (r.stats.proven);
  /* Below the bound the same rule is solved: a pile of 4000 taken one
     at a time leaves the last match to the second player, a loss. */
  search ("negamax:time=0", &rules, "4000", &r);
  g_assert_true (r.stats.proven);
  g_assert_cmpint (r.stats.value, ==, -1);
  g_assert_cmpuint (r.stats.depth, <=, NIM_SEARCH_MAX_PLY);
}

/* Iterative deepening, the table and ordering choose the same move and
   value as one full-depth search, on positions larger than the harness's
   (checked against the nim-sum player, whose move is the first winning
   move).  Alpha-beta without the table is left to the harness: on 26
   matches it would take billions of nodes. */
static void
test_id_matches_full (void)
{
  static const char *const positions[] = {
    "5,9,12,3", "11,13,7", "8,8,3,6,1", "15,1,9,2", "20,17,6", "4,12,9,14",
  };
  static const char *const configs[] = {
    "negamax:time=0",
    "negamax:time=0,id=off",
    "negamax:time=0,order=off",
    "negamax:time=0,score=win,tt=1M",
  };
  guint p, c, m;

  for (m = 0; m < 2; m++)
    for (p = 0; p < G_N_ELEMENTS (positions); p++)
      {
        NimRules rules;
        Result want;

        nim_rules_init (&rules);
        rules.misere = m;
        search ("xor", &rules, positions[p], &want);
        for (c = 0; c < G_N_ELEMENTS (configs); c++)
          {
            Result got;

            search (configs[c], &rules, positions[p], &got);
            g_assert_true (got.stats.proven);
            g_assert_true (nim_move_equal (&got.move, &want.move));
          }
      }
}

/* The table keys on the heaps with their order ignored: a permuted
   position is one entry, and the same value comes back. */
static void
test_permutations (void)
{
  NimRules rules;
  Result a, b;

  nim_rules_init (&rules);
  search ("negamax:time=0,id=off", &rules, "3,4,5", &a);
  search ("negamax:time=0,id=off", &rules, "5,3,4", &b);
  g_assert_cmpint (a.stats.value, ==, b.stats.value);
  g_assert_cmpint (a.stats.value, ==, 1);
}

/* Statistics say what happened: pruning cuts, the table is probed and
   hit, and a depth limit is the depth reached. */
static void
test_statistics (void)
{
  NimRules rules;
  Result r;

  nim_rules_init (&rules);
  search ("negamax:time=0,id=off", &rules, "7,7,7,7", &r);
  g_assert_true (r.stats.searched);
  g_assert_cmpuint (r.stats.cutoffs, >, 0);
  g_assert_cmpuint (r.stats.tt_hits, >, 0);
  g_assert_cmpuint (r.stats.tt_hits, <=, r.stats.tt_probes);
  g_assert_cmpuint (r.stats.depth, ==, 29); /* 28 matches: 28 plies + 1 */
  search ("minimax:time=0,depth=3", &rules, "7,7,7,7", &r);
  g_assert_cmpuint (r.stats.depth, ==, 3);
  g_assert_cmpuint (r.stats.tt_probes, ==, 0);
  g_assert_cmpuint (r.stats.cutoffs, ==, 0);
}

/* score=distance wins as fast as it can: from 1,3 under take-any the
   only winning move is to take 2 from heap 2 (1,1), but from 5 alone it
   takes all 5 at once rather than dawdling. */
static void
test_distance (void)
{
  NimRules rules;
  Result r;

  nim_rules_init (&rules);
  search ("negamax:time=0,score=distance", &rules, "5", &r);
  g_assert_cmpuint (r.move.count, ==, 5);
  g_assert_cmpuint (r.stats.distance, ==, 1);
  search ("negamax:time=0,score=distance", &rules, "1,3", &r);
  g_assert_cmpuint (r.move.heap, ==, 1);
  g_assert_cmpuint (r.move.count, ==, 2);
  g_assert_cmpuint (r.stats.distance, ==, 3);
  /* Lost: 2,2 lasts longest when taking 1 (2,1 -> ... 4 plies). */
  search ("negamax:time=0,score=distance", &rules, "2,2", &r);
  g_assert_cmpint (r.stats.value, ==, -1);
  g_assert_cmpuint (r.move.count, ==, 1);
  g_assert_cmpuint (r.stats.distance, ==, 4);
}

/* Every position of 3 heaps of up to 7 under take 1..K, K = 2, 4, 5 (where
   K + 1 is not a power of two): grundy's move is the searcher's. */
static void
test_grundy_ranges (void)
{
  static const guint ks[] = { 2, 4, 5 };
  guint k, a, b, c;

  for (k = 0; k < G_N_ELEMENTS (ks); k++)
    {
      g_autoptr (NimPlayer) grundy = nim_player_new ("grundy", NULL);
      g_autoptr (NimPlayer) search = nim_player_new ("negamax:time=0", NULL);
      NimRules rules;
      NimBoard board;

      nim_rules_init (&rules);
      g_assert_true (nim_rules_set_max_take (&rules, ks[k], NULL));
      g_assert_true (nim_board_parse (&board, "7,7,7", "--heaps", NULL));
      g_assert_true (nim_player_start (grundy, &rules, &board, NULL));
      g_assert_true (nim_player_start (search, &rules, &board, NULL));
      for (a = 0; a <= 7; a++)
        for (b = 0; b <= 7; b++)
          for (c = 1; c <= 7; c++)
            {
              const guint32 heaps[] = { a, b, c };
              NimMove want, got;

              nim_board_init (&board, heaps, 3);
              g_assert_true (
                  nim_player_choose_move (search, &board, &want, NULL));
              g_assert_true (
                  nim_player_choose_move (grundy, &board, &got, NULL));
              g_assert_true (nim_move_equal (&got, &want));
            }
    }
}

/* Under score=distance every technique together (alpha-beta, the table
   with its depth-free entries and enhanced cutoffs, move ordering,
   iterative deepening) reports the distance, and chooses the move, that
   plain alpha-beta does: no table, no ordering, one search to the end of
   the game, the root's moves in generator order. */
static void
test_distance_exact (void)
{
  static const char *const takes[] = { "any", "max=3", "1,3,4", "2,5" };
  guint t, m, a, b, c;

  for (t = 0; t < G_N_ELEMENTS (takes); t++)
    for (m = 0; m < 2; m++)
      for (a = 0; a <= 5; a++)
        for (b = a; b <= 5; b++)
          for (c = b; c <= 6; c++)
            {
              g_autofree char *heaps = g_strdup_printf ("%u,%u,%u", a, b, c);
              NimRules rules;
              Result plain, full;

              nim_test_rules (&rules, takes[t], m);
              if (c < nim_rules_min_take (&rules))
                continue;
              search ("negamax:time=0,score=distance,tt=off,order=off,id=off",
                      &rules, heaps, &plain);
              search ("negamax:time=0,score=distance,ab=on,tt=256K,order=on,"
                      "id=on",
                      &rules, heaps, &full);
              if (full.stats.distance != plain.stats.distance
                  || !nim_move_equal (&full.move, &plain.move))
                g_test_message ("%s%s on %s: %s in %u taking %u from heap "
                                "%u, plain alpha-beta %s in %u taking %u "
                                "from heap %u",
                                takes[t], m ? " misere" : "", heaps,
                                full.stats.value > 0 ? "win" : "loss",
                                full.stats.distance, full.move.count,
                                full.move.heap + 1,
                                plain.stats.value > 0 ? "win" : "loss",
                                plain.stats.distance, plain.move.count,
                                plain.move.heap + 1);
              g_assert_true (plain.stats.proven);
              g_assert_true (full.stats.proven);
              g_assert_cmpint (plain.stats.value, ==, full.stats.value);
              g_assert_cmpuint (plain.stats.distance, ==, full.stats.distance);
              g_assert_true (nim_move_equal (&plain.move, &full.move));
            }
}

/* ---- moves= and window=: negamax as the textbook writes it --------- */

/* The positions a search enters, in order, each as its heaps. */
typedef struct
{
  GPtrArray *visits; /* of char *, "1,0,2" */
  int alpha, beta;   /* the root's window */
} Visits;

static void
visits_enter (gpointer data, guint ply, const NimBoard *board, int alpha,
              int beta)
{
  Visits *v = data;

  if (ply == 0)
    {
      v->alpha = alpha;
      v->beta = beta;
    }
  g_ptr_array_add (v->visits, nim_board_to_string (board));
}

static void
visits_leave (gpointer data, guint ply, const NimBoard *board, int value,
              guint flags)
{
}

static const NimObserverFuncs visits_funcs
    = { .enter = visits_enter, .leave = visits_leave };

/* The visits of @spec's search of @board, and its value in *value. */
static GPtrArray *
searched_visits (const char *spec, const NimRules *rules,
                 const NimBoard *board, int *value, int *alpha, int *beta)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimPlayer) p = nim_player_new (spec, &error);
  Visits v = { g_ptr_array_new_with_free_func (g_free), 0, 0 };
  NimObserver observer = { &visits_funcs, &v };
  NimMove move;

  g_assert_no_error (error);
  g_assert_true (nim_player_start (p, rules, board, &error));
  nim_player_set_trace (p, &observer);
  g_assert_true (nim_player_choose_move (p, board, &move, &error));
  *value = nim_player_get_stats (p)->value;
  *alpha = v.alpha;
  *beta = v.beta;
  return v.visits;
}

/* The textbook's alpha-beta, written out here as a student would, for the
   searcher to be checked against: value for the player to move, a
   position without a move lost, 0 at the depth limit, the moves in the
   generator's order or backwards, and a node's loop stopped as soon as a
   child's value reaches beta.  With @ab FALSE, plain negamax. */
static int
textbook (NimBoard *board, const NimRules *rules, guint depth, int alpha,
          int beta, gboolean ab, gboolean reversed, GPtrArray *visits)
{
  guint64 n = nim_movegen_count (board, rules), i;
  int best = -NIM_SCORE_INF;

  g_ptr_array_add (visits, nim_board_to_string (board));
  if (!nim_board_has_move (board, rules))
    return rules->misere ? 1 : -1;
  if (depth == 0)
    return 0;
  for (i = 0; i < n; i++)
    {
      NimMove m;
      int v;

      g_assert_true (
          nim_movegen_nth (board, rules, reversed ? n - 1 - i : i, &m));
      nim_board_make_move (board, &m);
      v = -textbook (board, rules, depth - 1, -beta, -alpha, ab, reversed,
                     visits);
      nim_board_unmake_move (board, &m);
      best = MAX (best, v);
      alpha = MAX (alpha, v);
      if (ab && v >= beta)
        break;
    }
  return best;
}

static void
assert_same_visits (GPtrArray *a, GPtrArray *b, const char *spec,
                    const char *heaps)
{
  guint i;

  for (i = 0; i < MIN (a->len, b->len); i++)
    if (!g_str_equal (a->pdata[i], b->pdata[i]))
      g_error ("%s on %s: visit %u is %s, the textbook's %s", spec, heaps,
               i + 1, (char *) a->pdata[i], (char *) b->pdata[i]);
  if (a->len != b->len)
    g_error ("%s on %s: %u visits, the textbook's %u", spec, heaps, a->len,
             b->len);
}

/* negamax with moves=generator or reversed and window=full (the
   reference nim --grade holds a student's search to) visits exactly the
   positions of the textbook's alpha-beta or negamax, in its order, at
   every depth, under every rule family's example and misère play; so does
   minimax in the generator's order. */
static void
test_textbook_orders (void)
{
  const NimRuleFamily *const *families = nim_rule_families ();
  static const char *const positions[] = { "1,2", "3,1,2", "2,2,3", "4,3" };
  guint f, e, m, p, d, o, a;

  for (f = 0; families[f] != NULL; f++)
    for (e = 0; families[f]->examples[e] != NULL; e++)
      for (m = 0; m < 2; m++)
        for (p = 0; p < G_N_ELEMENTS (positions); p++)
          for (d = 0; d <= 4; d++)
            {
              NimRules rules;
              NimBoard board;

              g_assert_true (nim_rules_parse (&rules, families[f]->examples[e],
                                              "rules", NULL));
              rules.misere = m;
              nim_test_board (&board, positions[p]);
              if (!nim_board_has_move (&board, &rules))
                continue;
              for (o = 0; o < 2; o++)
                for (a = 0; a < 2; a++)
                  {
                    g_autofree char *spec = g_strdup_printf (
                        "negamax:time=0,ab=%s,tt=off,order=off,id=off,"
                        "moves=%s,window=full,depth=%u",
                        a ? "on" : "off", o ? "reversed" : "generator", d);
                    g_autoptr (GPtrArray) want
                        = g_ptr_array_new_with_free_func (g_free);
                    g_autoptr (GPtrArray) got = NULL;
                    int value, alpha, beta;
                    NimBoard copy = board;
                    guint horizon = nim_search_horizon (&board, &rules, d);
                    int v = textbook (&copy, &rules, horizon, -NIM_SCORE_INF,
                                      NIM_SCORE_INF, a, o, want);

                    got = searched_visits (spec, &rules, &board, &value,
                                           &alpha, &beta);
                    assert_same_visits (got, want, spec, positions[p]);
                    g_assert_cmpint (value, ==, v);
                    g_assert_cmpint (alpha, ==, -NIM_SCORE_INF);
                    g_assert_cmpint (beta, ==, NIM_SCORE_INF);
                    if (!a && !o)
                      {
                        g_autofree char *mm
                            = g_strdup_printf ("minimax:time=0,depth=%u", d);
                        g_autoptr (GPtrArray) plain = searched_visits (
                            mm, &rules, &board, &value, &alpha, &beta);

                        assert_same_visits (plain, want, mm, positions[p]);
                      }
                  }
            }
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);
  g_test_add_func ("/search/depth-limited-agree", test_depth_limited_agree);
  g_test_add_func ("/search/node-budget-exact", test_node_budget_exact);
  g_test_add_func ("/search/node-budget-ample", test_node_budget_ample);
  g_test_add_func ("/search/budget-huge-heaps", test_budget_huge_heaps);
  g_test_add_func ("/search/node-budget-bounds-work",
                   test_node_budget_bounds_work);
  g_test_add_func ("/search/time-budget-holds", test_time_budget_holds);
  g_test_add_func ("/search/table-knows-win", test_table_knows_win);
  g_test_add_func ("/search/keep-back", test_keep_back);
  g_test_add_func ("/search/recursion-bound", test_recursion_bound);
  g_test_add_func ("/search/id-matches-full", test_id_matches_full);
  g_test_add_func ("/search/permutations", test_permutations);
  g_test_add_func ("/search/statistics", test_statistics);
  g_test_add_func ("/search/distance", test_distance);
  g_test_add_func ("/search/distance-exact", test_distance_exact);
  g_test_add_func ("/search/grundy-ranges", test_grundy_ranges);
  g_test_add_func ("/search/textbook-orders", test_textbook_orders);
  return g_test_run ();
}
