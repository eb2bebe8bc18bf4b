/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-harness.c -- search must agree with the closed-form theory
 *
 * For every position of up to 4 heaps and up to 14 matches in all, under
 * take-any, take 1..3, {1,3,4} and {2,5,6}, each normal and (in the
 * binary built with NIM_HARNESS_MISERE) misère: an exact solver written
 * here, independent of libnim's search, gives the value and the move
 * every computer player must choose (the first winning move in heap
 * order, smallest count first, or the first legal move in a lost
 * position).  Every searcher configuration and every closed-form player
 * that applies must choose exactly that move and report that value.
 * Under score=distance the solver gives the distance too (the quickest
 * win, the slowest loss) and the first move in that order that keeps it,
 * and the searchers must report and choose exactly those.  pns proves
 * the value without a move order (it expands the most-proving child),
 * then the moves before the one it proved, in order, and so chooses the
 * same move.
 *
 * On large positions (10,20,30,40,50 and others, normal play) every
 * computer player of the registry must choose the first winning move as
 * the Grundy values give it, when it proves the value within a budget of
 * nodes (negamax and pns must); a search that proved the value but was
 * stopped before it could search every move before its own must still
 * choose a winning move (see test_large()).
 *
 * Plain minimax and negamax without pruning visit the whole game tree:
 * 65 billion nodes over this space.  By default they are run on every
 * position up to 11 matches and on every position with its heaps in
 * ascending order up to 12; `-m thorough` runs them everywhere.
 *
 * Monte-Carlo tree search claims no perfect play, but what MCTS-Solver
 * proves must be exact: on the same positions, and under two
 * take-and-break codes whose moves split heaps, every value it reports
 * as proven is the solver's, a proven win is played with a winning move,
 * and every position its iterations report as proven on their way
 * (through the observer) has the value it claims; plain UCT never claims
 * a proof.
 *
 * NIM_HARNESS_MAX_MATCHES=N (make check-valgrind sets it) shrinks the
 * space to N matches in all, for runs under valgrind, where the whole
 * space would take an hour; every engine and variant still runs. */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "nim-grundy.h"
#include "nim-movegen.h"
#include "nim-octal.h"
#include "nim-player.h"
#include "nim-parse.h"

#ifndef NIM_HARNESS_MISERE
#define NIM_HARNESS_MISERE 0
#endif

#define MAX_HEAPS 4
#define MAX_MATCHES 14

/* The matches in all, MAX_MATCHES unless NIM_HARNESS_MAX_MATCHES says
   fewer. */
static guint max_matches = MAX_MATCHES;

typedef struct
{
  NimRules rules;
  GHashTable *memo; /* sorted heaps as a string -> 1 + whether the mover
                       wins + 2 * the distance */
} Solver;

/* TRUE if the player to move wins @board: some move leaves a lost
   position; with no move at all, the mover wins only under misère play.
   *distance is the plies to the end of the game when the winner wins as
   fast and the loser loses as slowly as they can. */
static gboolean
solver_solve (Solver *s, const NimBoard *board, guint *distance)
{
  /* A take-and-break code's splits add heaps (mcts's checks). */
  guint32 sorted[NIM_MAX_HEAPS];
  char key[NIM_MAX_HEAPS * 11 + 1];
  gpointer cached;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;
  gboolean wins = FALSE, any = FALSE;
  guint i, j, quickest_win = G_MAXUINT, slowest_loss = 0;

  for (i = 0; i < board->n_heaps; i++)
    {
      guint32 h = board->heaps[i];

      for (j = i; j > 0 && sorted[j - 1] > h; j--)
        sorted[j] = sorted[j - 1];
      sorted[j] = h;
    }
  key[0] = '\0';
  for (i = 0; i < board->n_heaps; i++)
    if (sorted[i] > 0)
      g_snprintf (key + strlen (key), sizeof key - strlen (key), "%u,",
                  sorted[i]);
  cached = g_hash_table_lookup (s->memo, key);
  if (cached != NULL)
    {
      *distance = (GPOINTER_TO_UINT (cached) - 1) / 2;
      return (GPOINTER_TO_UINT (cached) - 1) % 2;
    }

  /* Every move, not just up to the first win: the distance needs them. */
  while (nim_movegen_next (&gen, board, &s->rules, &move))
    {
      NimBoard child = *board;
      guint d;

      any = TRUE;
      nim_board_make_move (&child, &move);
      if (!solver_solve (s, &child, &d))
        {
          wins = TRUE;
          quickest_win = MIN (quickest_win, d + 1);
        }
      else
        slowest_loss = MAX (slowest_loss, d + 1);
    }
  if (!any)
    wins = s->rules.misere;
  *distance = !any ? 0 : wins ? quickest_win : slowest_loss;
  g_hash_table_insert (s->memo, g_strdup (key),
                       GUINT_TO_POINTER (wins + 2 * *distance + 1));
  return wins;
}

/* solver_solve() without the distance. */
static gboolean
solver_wins (Solver *s, const NimBoard *board)
{
  guint distance;

  return solver_solve (s, board, &distance);
}

/* The move every computer player under score=distance must choose on
   @board: the first in generator order that wins in *distance plies, or
   that loses in them. */
static void
expected_distance_move (Solver *s, const NimBoard *board, NimMove *expected,
                        guint *distance)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;
  gboolean wins = solver_solve (s, board, distance);

  while (nim_movegen_next (&gen, board, &s->rules, &move))
    {
      NimBoard child = *board;
      guint d;

      nim_board_make_move (&child, &move);
      if (solver_solve (s, &child, &d) != wins && d + 1 == *distance)
        {
          *expected = move;
          return;
        }
    }
  g_assert_not_reached ();
}

/* The move every computer player must choose on @board. */
static void
expected_move (Solver *s, const NimBoard *board, NimMove *expected)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;

  nim_movegen_first (board, &s->rules, expected);
  while (nim_movegen_next (&gen, board, &s->rules, &move))
    {
      NimBoard child = *board;

      nim_board_make_move (&child, &move);
      if (!solver_wins (s, &child))
        {
          *expected = move;
          return;
        }
    }
}

typedef struct
{
  const char *spec;
  gboolean unpruned; /* visits the whole tree: run on a subset by default */
  gboolean fresh;    /* a new player (and table) for every position */
  gboolean distance; /* score=distance: the quickest win, slowest loss */
  gboolean closed;   /* a closed-form player: no search statistics */
} Engine;

static const Engine engines[] = {
  { "minimax:time=0", TRUE, FALSE, FALSE, FALSE },
  { "negamax:time=0,ab=off,tt=off,order=off,id=off", TRUE, FALSE, FALSE,
    FALSE },
  { "negamax:time=0,ab=off,tt=256K,order=off,id=off", FALSE, TRUE, FALSE,
    FALSE },
  { "negamax:time=0,tt=off,order=off,id=off", FALSE, FALSE, FALSE, FALSE },
  { "negamax:time=0,tt=off,id=off", FALSE, FALSE, FALSE, FALSE },
  { "negamax:time=0,tt=256K,order=off", FALSE, TRUE, FALSE, FALSE },
  { "negamax:time=0,tt=256K,id=off", FALSE, TRUE, FALSE, FALSE },
  { "negamax:time=0,tt=256K", FALSE, TRUE, FALSE, FALSE },
  { "negamax:time=0", FALSE, FALSE, FALSE, FALSE }, /* one table throughout */
  /* score=distance with every technique: alpha-beta, the table with its
     depth-free entries and enhanced cutoffs, ordering and iterative
     deepening, once with a fresh table and once with one table that
     carries what earlier positions proved into later ones. */
  { "negamax:time=0,ab=on,tt=256K,order=on,id=on,score=distance", FALSE, TRUE,
    TRUE, FALSE },
  { "negamax:time=0,score=distance", FALSE, FALSE, TRUE, FALSE },
  /* df-pn, once with a fresh table (the smallest, so that replacement
     is exercised) and once with one table throughout. */
  { "pns:time=0,tt=64K", FALSE, TRUE, FALSE, FALSE },
  { "pns:time=0", FALSE, FALSE, FALSE, FALSE },
  { "xor", FALSE, FALSE, FALSE, TRUE },
  { "grundy", FALSE, FALSE, FALSE, TRUE },
};

typedef struct
{
  const char *name;
  const char *moves; /* NULL: take any */
  guint max_take;    /* 0: not a range rule */
} Variant;

static const Variant variants[] = {
  { "take-any", NULL, 0 },
  { "take-1-3", NULL, 3 },
  { "set-1-3-4", "1,3,4", 0 },
  { "set-2-5-6", "2,5,6", 0 },
};

typedef struct
{
  const Variant *variant;
  NimRules rules;
  Solver solver;
  NimPlayer *players[G_N_ELEMENTS (engines)];
  guint positions;
  guint failures;
  guint checks[G_N_ELEMENTS (engines)];
} Harness;

static gboolean
runs_here (const Engine *e, const NimBoard *board, gboolean sorted)
{
  if (!e->unpruned || g_test_thorough ())
    return TRUE;
  return board->total <= 11 || (sorted && board->total <= 12);
}

static void
report (Harness *h, const NimBoard *board, const char *spec, const char *what,
        const NimMove *got, const NimMove *want)
{
  g_autofree char *heaps = nim_board_to_string (board);

  if (h->failures++ < 20)
    g_test_message ("%s %s: heaps %s: %s %s: got heap %u take %u, want heap "
                    "%u take %u",
                    h->variant->name, h->rules.misere ? "misere" : "normal",
                    heaps, spec, what, got->heap + 1, got->count,
                    want->heap + 1, want->count);
  g_test_fail ();
}

static void
check_position (gpointer data, const NimBoard *board, gboolean sorted)
{
  Harness *h = data;
  NimMove want, want_distance;
  guint distance;
  gboolean wins = solver_wins (&h->solver, board);
  guint e;

  if (!nim_board_has_move (board, &h->rules))
    return;
  h->positions++;
  expected_move (&h->solver, board, &want);
  expected_distance_move (&h->solver, board, &want_distance, &distance);

  /* Normal play: the Grundy values exclusive-or to 0 exactly when lost. */
  if (!h->rules.misere)
    {
      g_autoptr (NimGrundy) g = nim_grundy_new (&h->rules);
      guint i, v, total = 0;

      for (i = 0; i < board->n_heaps; i++)
        {
          g_assert_true (nim_grundy_value (g, board->heaps[i], &v, NULL));
          total ^= v;
        }
      if ((total != 0) != wins)
        report (h, board, "grundy", "value", &want, &want);
    }

  for (e = 0; e < G_N_ELEMENTS (engines); e++)
    {
      const Engine *eng = &engines[e];
      g_autoptr (NimPlayer) fresh = NULL;
      NimPlayer *p = h->players[e];
      NimMove got;
      const NimSearchStats *st;

      if (!runs_here (eng, board, sorted))
        continue;
      if (eng->closed)
        {
          if (!nim_player_supports (p->klass, &h->rules, board, NULL))
            continue;
          /* grundy's theory depends on the starting position (misère). */
          g_assert_true (nim_player_start (p, &h->rules, board, NULL));
        }
      if (eng->fresh)
        {
          fresh = nim_player_new (eng->spec, NULL);
          g_assert_true (nim_player_start (fresh, &h->rules, board, NULL));
          p = fresh;
        }
      h->checks[e]++;
      g_assert_true (nim_player_choose_move (p, board, &got, NULL));
      st = nim_player_get_stats (p);
      if (!eng->closed
          && (!st->proven || (st->value > 0) != wins || !st->searched))
        report (h, board, eng->spec, "value", &got, &want);
      if (eng->distance)
        {
          if (st->distance != distance)
            {
              g_autofree char *what = g_strdup_printf ("distance %u, want %u",
                                                       st->distance, distance);

              report (h, board, eng->spec, what, &got, &want_distance);
            }
          if (!nim_move_equal (&got, &want_distance))
            report (h, board, eng->spec, "move", &got, &want_distance);
        }
      else if (!nim_move_equal (&got, &want))
        report (h, board, eng->spec, "move", &got, &want);
    }
}

/* What is checked on each position: @sorted says whether its heaps are
   in ascending order. */
typedef void (*CheckFunc) (gpointer h, const NimBoard *board, gboolean sorted);

/* Every tuple of 1..MAX_HEAPS heaps with at most MAX_MATCHES in all, given
   to @check. */
static void
enumerate (gpointer h, CheckFunc check, guint32 *heaps, guint n, guint max_n,
           guint left)
{
  guint32 v;

  if (n == max_n)
    {
      NimBoard board;
      gboolean sorted = TRUE;
      guint i;

      for (i = 1; i < n; i++)
        sorted = sorted && heaps[i - 1] <= heaps[i];
      nim_board_init (&board, heaps, n);
      check (h, &board, sorted);
      return;
    }
  for (v = 0; v <= left; v++)
    {
      heaps[n] = v;
      enumerate (h, check, heaps, n + 1, max_n, left - v);
    }
}

static void
test_variant (gconstpointer data)
{
  const Variant *v = data;
  Harness h = { 0 };
  guint32 heaps[MAX_HEAPS];
  guint e, n;

  h.variant = v;
  nim_rules_init (&h.rules);
  if (v->moves != NULL)
    g_assert_true (
        nim_rules_parse_moves (&h.rules, v->moves, "--moves", NULL));
  if (v->max_take > 0)
    g_assert_true (nim_rules_set_max_take (&h.rules, v->max_take, NULL));
  h.rules.misere = NIM_HARNESS_MISERE;
  h.solver.rules = h.rules;
  h.solver.memo
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (e = 0; e < G_N_ELEMENTS (engines); e++)
    {
      NimBoard any;
      g_autoptr (GError) error = NULL;

      nim_board_parse (&any, "1", "--heaps", NULL);
      h.players[e] = nim_player_new (engines[e].spec, &error);
      g_assert_no_error (error);
      if (!engines[e].closed && !engines[e].fresh)
        g_assert_true (nim_player_start (h.players[e], &h.rules, &any, NULL));
    }

  for (n = 1; n <= MAX_HEAPS; n++)
    enumerate (&h, check_position, heaps, 0, n, max_matches);

  g_test_message ("%s %s: %u positions; checks per engine:", v->name,
                  h.rules.misere ? "misere" : "normal", h.positions);
  for (e = 0; e < G_N_ELEMENTS (engines); e++)
    {
      g_test_message ("  %-48s %u", engines[e].spec, h.checks[e]);
      nim_player_free (h.players[e]);
    }
  /* The space is what the issue names, and the subset is not empty. */
  g_assert_cmpuint (h.checks[0], >, max_matches == MAX_MATCHES ? 1000 : 10);
  g_assert_cmpuint (h.failures, ==, 0);
  g_hash_table_unref (h.solver.memo);
}

/* The Grundy total of @board under normal play. */
static guint
grundy_total (NimGrundy *g, const NimBoard *board)
{
  guint i, v, total = 0;

  for (i = 0; i < board->n_heaps; i++)
    {
      g_assert_true (nim_grundy_value (g, board->heaps[i], &v, NULL));
      total ^= v;
    }
  return total;
}

typedef struct
{
  const Variant *variant;
  const char *heaps;
} Large;

/* Positions far beyond the exact solver, where the Grundy values (which
   the small positions check against it) give the value and the move. */
static const Large larges[] = {
  { &variants[0], "10,20,30,40,50" }, { &variants[0], "20,30,40,50" },
  { &variants[0], "40,60,80,100" },   { &variants[0], "50,60,70" },
  { &variants[0], "7,7,7,7" },        { &variants[1], "10,21,30" },
  { &variants[1], "20,30,41" },       { &variants[2], "10,20,30" },
  { &variants[2], "10,20,30,40" },    { &variants[3], "50,60,70" },
  { &variants[3], "20,30,40,50" },
};

/* The players that must prove every large position within the budget. */
static const char *const large_provers[] = { "negamax", "pns" };

#define LARGE_NODES 20000000

static void
test_large (gconstpointer data)
{
  const Large *l = data;
  const NimPlayerClass *const *classes = nim_player_classes ();
  NimRules rules;
  NimBoard board;
  g_autoptr (NimGrundy) g = NULL;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove want, m;
  guint total, i, proved = 0;
  gboolean wins = FALSE;

  nim_rules_init (&rules);
  if (l->variant->moves != NULL)
    g_assert_true (
        nim_rules_parse_moves (&rules, l->variant->moves, "--moves", NULL));
  if (l->variant->max_take > 0)
    g_assert_true (
        nim_rules_set_max_take (&rules, l->variant->max_take, NULL));
  g_assert_true (nim_board_parse (&board, l->heaps, "--heaps", NULL));
  g = nim_grundy_new (&rules);
  total = grundy_total (g, &board);
  /* The first move that leaves a total of 0; else the first move. */
  g_assert_true (nim_movegen_first (&board, &rules, &want));
  while (total != 0 && nim_movegen_next (&gen, &board, &rules, &m))
    {
      NimBoard child = board;

      nim_board_make_move (&child, &m);
      if (grundy_total (g, &child) == 0)
        {
          want = m;
          wins = TRUE;
          break;
        }
    }
  g_assert_true (wins == (total != 0));

  for (i = 0; classes[i] != NULL; i++)
    {
      const NimPlayerClass *k = classes[i];
      g_autofree char *spec = NULL;
      g_autoptr (NimPlayer) p = NULL;
      const NimSearchStats *st;
      NimBoard child = board;
      NimMove got;

      if (k->kind != NIM_PLAYER_SEARCHER && k->kind != NIM_PLAYER_CLOSED_FORM)
        continue;
      if (!nim_player_supports (k, &rules, &board, NULL))
        continue;
      spec = k->kind == NIM_PLAYER_SEARCHER
                 ? g_strdup_printf ("%s:time=0,nodes=%d", k->name, LARGE_NODES)
                 : g_strdup (k->name);
      p = nim_player_new (spec, NULL);
      g_assert_nonnull (p);
      g_assert_true (nim_player_start (p, &rules, &board, NULL));
      g_assert_true (nim_player_choose_move (p, &board, &got, NULL));
      st = nim_player_get_stats (p);
      g_test_message ("%s on %s (%s): heap %u take %u, want heap %u take %u; "
                      "%s, %" G_GUINT64_FORMAT " nodes%s",
                      spec, l->heaps, l->variant->name, got.heap + 1,
                      got.count, want.heap + 1, want.count,
                      !st->searched ? "closed form"
                      : st->proven  ? "proven"
                                    : "not proven",
                      st->nodes, st->stopped ? ", stopped" : "");
      if (st->searched && !st->proven)
        {
          g_assert_false (g_strv_contains (large_provers, k->name));
          continue;
        }
      proved++;
      if (st->searched)
        g_assert_cmpint (st->value > 0, ==, wins);
      g_assert_true (nim_board_check_move (&board, &rules, &got, NULL));
      if (st->stopped && wins)
        {
          /* Proven, but stopped before every earlier move was searched:
             a winning move, maybe not the first. */
          nim_board_make_move (&child, &got);
          g_assert_cmpuint (grundy_total (g, &child), ==, 0);
        }
      else
        g_assert_true (nim_move_equal (&got, &want));
    }
  g_assert_cmpuint (proved, >=, G_N_ELEMENTS (large_provers));
}

/* ------------------------------------------------------------------------
   Monte-Carlo tree search: exact where it proves */

/* The iterations of each search: enough to prove most positions of up to
   8 matches and some of 14, at a few milliseconds a position. */
#define MCTS_ITERATIONS "500"
/* Positions of at most this many matches have every proof of every
   iteration checked through the observer, the others their root's. */
#define MCTS_DEEP_MATCHES 9

/* The take-and-break codes mcts is checked on beside the variants:
   Kayles and Dawson's chess, whose moves split heaps. */
static const char *const mcts_codes[] = { "0.77", "0.137" };

typedef struct
{
  const char *name;
  NimRules rules;
  Solver solver;
  NimPlayer *solver_player; /* mcts, MCTS-Solver on */
  NimPlayer *uct;           /* mcts:solver=off */
  NimBoard root;            /* the position searched, from begin */
  gboolean deep;            /* check the iterations' proofs */
  guint positions;
  guint proven_wins, proven_losses, inner_proofs, uct_runs;
  guint failures;
} MctsHarness;

static void
mcts_fail (MctsHarness *h, const NimBoard *board, const char *what)
{
  g_autofree char *heaps = nim_board_to_string (board);

  if (h->failures++ < 20)
    g_test_message ("mcts %s %s: heaps %s: %s", h->name,
                    h->rules.misere ? "misere" : "normal", heaps, what);
  g_test_fail ();
}

static void
mcts_begin (gpointer data, const char *spec, guint player,
            const NimBoard *board, const NimRules *rules, NimTraceKind kind)
{
  MctsHarness *h = data;

  g_assert_cmpint (kind, ==, NIM_TRACE_MCTS);
  h->root = *board;
}

/* Monte-Carlo tree search reports no nodes one by one. */
static void
mcts_enter (gpointer data, guint ply, const NimBoard *board, int alpha,
            int beta)
{
  g_assert_not_reached ();
}

static void
mcts_leave (gpointer data, guint ply, const NimBoard *board, int value,
            guint flags)
{
  g_assert_not_reached ();
}

/* Every position of the iteration's path that is proven has the value
   the proof says. */
static void
mcts_iteration (gpointer data, const NimMctsIteration *it)
{
  MctsHarness *h = data;
  NimBoard b = h->root;
  guint i;

  g_assert_cmpuint (it->nodes[0].visits, ==, it->number);
  for (i = 0; i <= it->n_path; i++)
    {
      if (i > 0)
        {
          g_assert_true (
              nim_board_check_move (&b, &h->rules, &it->path[i - 1], NULL));
          nim_board_make_move (&b, &it->path[i - 1]);
        }
      if (it->nodes[i].proven == 0)
        continue;
      h->inner_proofs++;
      if ((it->nodes[i].proven > 0) != solver_wins (&h->solver, &b))
        mcts_fail (h, &b, "a position of the tree proven wrong");
    }
}

static const NimObserverFuncs mcts_check_funcs = {
  .begin = mcts_begin,
  .enter = mcts_enter,
  .leave = mcts_leave,
  .mcts_iteration = mcts_iteration,
};

static void
mcts_check_position (gpointer data, const NimBoard *board, gboolean sorted)
{
  MctsHarness *h = data;
  gboolean wins = solver_wins (&h->solver, board);
  const NimSearchStats *st;
  NimMove got;

  if (!nim_board_has_move (board, &h->rules))
    return;
  h->positions++;
  h->deep = board->total <= MCTS_DEEP_MATCHES;
  {
    NimObserver observer = { &mcts_check_funcs, h };

    nim_player_set_trace (h->solver_player, h->deep ? &observer : NULL);
    g_assert_true (
        nim_player_choose_move (h->solver_player, board, &got, NULL));
    nim_player_set_trace (h->solver_player, NULL);
  }
  st = nim_player_get_stats (h->solver_player);
  if (st->proven && (st->value > 0) != wins)
    mcts_fail (h, board, "the root proven wrong");
  if (st->proven && st->value > 0)
    {
      NimBoard child = *board;

      nim_board_make_move (&child, &got);
      if (solver_wins (&h->solver, &child))
        mcts_fail (h, board, "a proven win played with a losing move");
    }
  h->proven_wins += st->proven && st->value > 0;
  h->proven_losses += st->proven && st->value < 0;

  /* Plain UCT, on the positions with their heaps in order. */
  if (sorted)
    {
      g_assert_true (nim_player_choose_move (h->uct, board, &got, NULL));
      if (nim_player_get_stats (h->uct)->proven)
        mcts_fail (h, board, "plain UCT claims a proof");
      h->uct_runs++;
    }
}

/* @data is a Variant, or a code of mcts_codes. */
static void
test_mcts (gconstpointer data)
{
  MctsHarness h = { 0 };
  guint32 heaps[MAX_HEAPS];
  NimBoard any;
  guint n;

  nim_rules_init (&h.rules);
  if (data >= (gconstpointer) variants
      && data < (gconstpointer) (variants + G_N_ELEMENTS (variants)))
    {
      const Variant *v = data;

      h.name = v->name;
      if (v->moves != NULL)
        g_assert_true (
            nim_rules_parse_moves (&h.rules, v->moves, "--moves", NULL));
      if (v->max_take > 0)
        g_assert_true (nim_rules_set_max_take (&h.rules, v->max_take, NULL));
    }
  else
    {
      NimOctal code;

      h.name = *(const char *const *) data;
      g_assert_true (nim_octal_parse (&code, h.name, "code", NULL));
      g_assert_true (nim_octal_to_rules (&code, &h.rules));
    }
  h.rules.misere = NIM_HARNESS_MISERE;
  h.solver.rules = h.rules;
  h.solver.memo
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  h.solver_player
      = nim_player_new ("mcts:time=0,iterations=" MCTS_ITERATIONS, NULL);
  h.uct = nim_player_new ("mcts:time=0,solver=off,iterations=" MCTS_ITERATIONS,
                          NULL);
  nim_player_set_seed (h.solver_player, 1);
  nim_player_set_seed (h.uct, 1);
  nim_board_parse (&any, "1", "--heaps", NULL);
  g_assert_true (nim_player_start (h.solver_player, &h.rules, &any, NULL));
  g_assert_true (nim_player_start (h.uct, &h.rules, &any, NULL));

  for (n = 1; n <= MAX_HEAPS; n++)
    enumerate (&h, mcts_check_position, heaps, 0, n, max_matches);

  g_test_message ("mcts %s %s: %u positions, %u proven wins and %u proven "
                  "losses at the root, %u proofs on the iterations' paths "
                  "checked, %u runs of plain UCT",
                  h.name, h.rules.misere ? "misere" : "normal", h.positions,
                  h.proven_wins, h.proven_losses, h.inner_proofs, h.uct_runs);
  /* The proofs are many, of both kinds: a solver that proved nothing
     would pass the checks above. */
  g_assert_cmpuint (h.proven_wins, >, h.positions / 20);
  g_assert_cmpuint (h.proven_losses, >, 10);
  g_assert_cmpuint (h.inner_proofs, >, h.positions);
  g_assert_cmpuint (h.failures, ==, 0);
  nim_player_free (h.solver_player);
  nim_player_free (h.uct);
  g_hash_table_unref (h.solver.memo);
}

int
main (int argc, char **argv)
{
  guint i;

  const char *light = g_getenv ("NIM_HARNESS_MAX_MATCHES");

  g_test_init (&argc, &argv, NULL);
  if (light != NULL && *light != '\0')
    {
      guint64 n;

      g_assert_true (nim_parse_uint (light, 4, MAX_MATCHES,
                                     "NIM_HARNESS_MAX_MATCHES", &n, NULL));
      max_matches = (guint) n;
      g_test_message ("NIM_HARNESS_MAX_MATCHES: positions of up to %u "
                      "matches only",
                      max_matches);
    }
  g_test_summary ("Every searcher and closed-form player chooses the "
                  "solver's move on every small position");
  for (i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      g_autofree char *path
          = g_strdup_printf ("/harness/%s/%s", variants[i].name,
                             NIM_HARNESS_MISERE ? "misere" : "normal");

      g_test_add_data_func (path, &variants[i], test_variant);
    }
  /* Under valgrind (NIM_HARNESS_MAX_MATCHES) the large positions would
     take an hour. */
  for (i = 0; !NIM_HARNESS_MISERE && max_matches == MAX_MATCHES
              && i < G_N_ELEMENTS (larges);
       i++)
    {
      g_autofree char *path = g_strdup_printf (
          "/harness/large/%s/%s", larges[i].variant->name, larges[i].heaps);

      g_test_add_data_func (path, &larges[i], test_large);
    }
  for (i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      g_autofree char *path
          = g_strdup_printf ("/harness/mcts/%s/%s", variants[i].name,
                             NIM_HARNESS_MISERE ? "misere" : "normal");

      g_test_add_data_func (path, &variants[i], test_mcts);
    }
  for (i = 0; i < G_N_ELEMENTS (mcts_codes); i++)
    {
      g_autofree char *path
          = g_strdup_printf ("/harness/mcts/code-%s/%s", mcts_codes[i],
                             NIM_HARNESS_MISERE ? "misere" : "normal");

      g_test_add_data_func (path, &mcts_codes[i], test_mcts);
    }
  return g_test_run ();
}
