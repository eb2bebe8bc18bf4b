/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-harness.c -- search must agree with the closed-form theory
 *
 * For every position of up to 4 heaps and up to 14 matches in all, under
 * every example of every rule family (nim_rule_families ()), each normal
 * and (in the binary built with NIM_HARNESS_MISERE) misère: an exact
 * solver written here, independent of libnim's search (it shares only the
 * family's own generator), gives the value and the move every computer
 * player must choose (the first winning move in heap order, smallest
 * count first, or the first legal move in a lost position).  Every
 * player of the registry that claims perfect play (nim_player_classes ()),
 * searchers in each configuration of their showcase and in the extra
 * configurations below that their options allow, closed forms where they
 * apply, must choose exactly that move and report that value.  Under
 * score=distance the solver gives the distance too (the quickest win, the
 * slowest loss) and the first move in that order that keeps it, and the
 * searchers must report and choose exactly those.  pns proves the value
 * without a move order (it expands the most-proving child), then the
 * moves before the one it proved, in order, and so chooses the same move.
 *
 * The space is every position whose whole game tree is no larger than
 * the largest of take-any's positions of 14 matches: every position of
 * up to 14 matches under take-any, 1 to 3 and the sets, fewer matches
 * under families whose games grow faster (Kayles).  Each configuration
 * searches the positions smallest tree first, until it has searched
 * NODE_BUDGET nodes under the variant: those that visit the whole tree
 * (plain minimax, negamax without pruning or a table), 65 billion nodes
 * over the space, stop after the smaller positions, the others search
 * them all; `-m thorough` lets every configuration search every position.
 *
 * On large positions (10,20,30,40,50 and others, normal play) every
 * computer player of the registry must choose the first winning move as
 * the Grundy values give it, when it proves the value within a budget of
 * nodes (negamax and pns must); a search that proved the value but was
 * stopped before it could search every move before its own must still
 * choose a winning move (see test_large()).
 *
 * Monte-Carlo tree search claims no perfect play, but what MCTS-Solver
 * proves must be exact: on the same positions (every one of up to 14
 * matches, under every example of every family and Dawson's chess,
 * 0.137), every value it reports as proven is the solver's, a proven win
 * is played with a winning move, and every position its iterations
 * report as proven on their way (through the observer) has the value it
 * claims; plain UCT never claims a proof.
 *
 * NIM_HARNESS_MAX_MATCHES=N (make check-valgrind sets it, and make check
 * in a build configured with --enable-sanitizers) shrinks the space to N
 * matches in all, for runs under valgrind, where the whole space would
 * take an hour, and under the sanitizers, which look for memory errors;
 * every engine and variant still runs. */

#include "config.h"

#include "nim-test.h"

#include <stdio.h>
#include <string.h>

#include "nim-grundy.h"
#include "nim-movegen.h"
#include "nim-player.h"
#include "nim-parse.h"

#ifndef NIM_HARNESS_MISERE
#define NIM_HARNESS_MISERE 0
#endif

#define MAX_HEAPS 4
#define MAX_MATCHES 14
/* The nodes a configuration searches under a variant, unless -m
   thorough: about what a search visiting the whole tree spends on
   take-any's positions of up to 10 matches. */
#define NODE_BUDGET (G_GUINT64_CONSTANT (30) * 1000 * 1000)

/* The matches in all, MAX_MATCHES unless NIM_HARNESS_MAX_MATCHES says
   fewer. */
static guint max_matches = MAX_MATCHES;

typedef struct
{
  NimRules rules;
  GHashTable *memo; /* sorted heaps as a string -> 1 + whether the mover
                       wins + 2 * the distance */
} Solver;

/* The longest key position_key() writes: a heap takes at most 11
   characters, "4294967295,". */
#define KEY_MAX (NIM_MAX_HEAPS * 11 + 1)

/* The memo key of @board: its non-empty heaps in ascending order, "3,4,5,"
   (the order of the heaps changes nothing; a split adds heaps). */
static void
position_key (const NimBoard *board, char key[KEY_MAX])
{
  guint32 sorted[NIM_MAX_HEAPS];
  guint i, j, n = 0;
  gsize len = 0;

  for (i = 0; i < board->n_heaps; i++)
    {
      guint32 h = board->heaps[i];

      if (h == 0)
        continue;
      for (j = n++; j > 0 && sorted[j - 1] > h; j--)
        sorted[j] = sorted[j - 1];
      sorted[j] = h;
    }
  key[0] = '\0';
  for (i = 0; i < n; i++)
    len += g_snprintf (key + len, KEY_MAX - len, "%u,", sorted[i]);
}

/* TRUE if the player to move wins @board: some move leaves a lost
   position; with no move at all, the mover wins only under misère play.
   *distance is the plies to the end of the game when the winner wins as
   fast and the loser loses as slowly as they can. */
static gboolean
solver_solve (Solver *s, const NimBoard *board, guint *distance)
{
  char key[KEY_MAX];
  gpointer cached;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;
  gboolean wins = FALSE, any = FALSE;
  guint quickest_win = G_MAXUINT, slowest_loss = 0;

  position_key (board, key);
  cached = g_hash_table_lookup (s->memo, key);
  if (cached != NULL)
    {
      *distance = (GPOINTER_TO_UINT (cached) - 1) / 2;
      return (GPOINTER_TO_UINT (cached) - 1) % 2;
    }

  /* Every move, not just up to the first win: the distance needs them. */
  while (nim_movegen_next_generic (&gen, board, &s->rules, &move))
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

  while (nim_movegen_next_generic (&gen, board, &s->rules, &move))
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
  g_test_message ("no move keeps the distance %u", *distance);
  g_test_fail ();
  nim_movegen_first (board, &s->rules, expected);
}

/* The move every computer player must choose on @board. */
static void
expected_move (Solver *s, const NimBoard *board, NimMove *expected)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;

  nim_movegen_first (board, &s->rules, expected);
  while (nim_movegen_next_generic (&gen, board, &s->rules, &move))
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
  char *spec;
  gboolean fresh;    /* a new player (and table) for every position */
  gboolean distance; /* score=distance: the quickest win, slowest loss */
  gboolean closed;   /* a closed-form player: no search statistics */
} Engine;

#define FRESH 1u
#define DISTANCE 2u

/* Configurations beyond a searcher's showcase, for every class that has
   the options they set: tables small enough to be replaced in and fresh
   for each position, alpha-beta off with a table, ordering without one,
   and score=distance with every technique, with a fresh table and with
   one table that carries what earlier positions proved into later
   ones; the moves in the generator's order. */
static const struct
{
  const char *options;
  guint flags;
} extras[] = {
  { "ab=off,tt=64K,order=off,id=off", FRESH },
  { "tt=off,id=off", 0 },
  { "tt=64K,order=off", FRESH },
  { "tt=64K,id=off", FRESH },
  { "tt=64K", FRESH },
  { "ab=on,tt=64K,order=on,id=on,score=distance", FRESH | DISTANCE },
  { "score=distance", DISTANCE },
  /* The textbook's alpha-beta, which nim --grade compares a student's
     with, and the generator's order with every technique. */
  { "tt=off,order=off,id=off,moves=generator,window=full", 0 },
  { "tt=64K,moves=generator", FRESH },
};

/* Every engine the harness checks, from the registry; and why each spec
   that could not be made into one failed (/harness/engines reports
   them, and the other tests run without them). */
static GPtrArray *engines;
static GPtrArray *unmade;

/* Whether @klass has every option that @options sets. */
static gboolean
has_options (const NimPlayerClass *klass, const char *options)
{
  g_auto (GStrv) pairs = g_strsplit (options, ",", -1);
  guint i;

  for (i = 0; pairs[i] != NULL; i++)
    {
      g_autofree char *key = g_strndup (pairs[i], strcspn (pairs[i], "="));
      const NimPlayerOption *o;

      for (o = klass->options; o != NULL && o->key != NULL; o++)
        if (g_str_equal (o->key, key))
          break;
      if (o == NULL || o->key == NULL)
        return FALSE;
    }
  return TRUE;
}

static void
add_engine (char *spec, guint flags)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimPlayer) p = nim_player_new (spec, &error);
  Engine *e;

  if (p == NULL)
    {
      g_ptr_array_add (
          unmade,
          g_strdup_printf ("%s: %s", spec, nim_test_error_message (error)));
      g_free (spec);
      return;
    }
  e = g_new0 (Engine, 1);
  e->spec = spec;
  e->closed = p->klass->kind == NIM_PLAYER_CLOSED_FORM;
  e->fresh = (flags & FRESH) != 0;
  e->distance = (flags & DISTANCE) != 0;
  g_ptr_array_add (engines, e);
}

static void
free_engine (gpointer data)
{
  Engine *e = data;

  g_free (e->spec);
  g_free (e);
}

/* Every player that claims perfect play (nim_test_perfect_specs ()),
   and a searcher also in the extras its options allow. */
static void
add_engines (void)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  g_autoptr (GPtrArray) specs = nim_test_perfect_specs ();
  guint i, j;

  engines = g_ptr_array_new_with_free_func (free_engine);
  unmade = g_ptr_array_new_with_free_func (g_free);
  for (i = 0; i < specs->len; i++)
    add_engine (g_strdup (g_ptr_array_index (specs, i)), 0);
  for (i = 0; classes[i] != NULL; i++)
    for (j = 0; classes[i]->perfect && classes[i]->kind == NIM_PLAYER_SEARCHER
                && j < G_N_ELEMENTS (extras);
         j++)
      if (has_options (classes[i], extras[j].options))
        add_engine (g_strdup_printf ("%s:time=0,%s", classes[i]->name,
                                     extras[j].options),
                    extras[j].flags);
}

#define ENGINE(i) ((Engine *) g_ptr_array_index (engines, (i)))

/* Every spec the registry gives is made into a player. */
static void
test_engines (void)
{
  guint i;

  for (i = 0; i < unmade->len; i++)
    nim_test_fail ("%s", (const char *) g_ptr_array_index (unmade, i));
  g_assert_cmpuint (engines->len, >, 0);
}

typedef struct
{
  char *name;
  NimRules rules;
} Variant;

typedef struct
{
  const Variant *variant;
  NimRules rules;
  Solver solver;
  NimPlayer **players;
  guint positions;
  guint failures;
  guint *checks;
  guint64 *spent;    /* the nodes each engine searched */
  GHashTable *trees; /* tree_size()'s memo */
  GArray *space;     /* the Positions to check */
} Harness;

typedef struct
{
  NimBoard board;
  guint64 tree; /* the nodes of its whole game tree */
  guint index;  /* in the order enumerate() found it */
} Position;

/* The nodes of the whole game tree of @board under @rules, memoised in
   @memo (position_key() -> the count), at most G_MAXUINT64. */
static guint64
tree_size (const NimRules *rules, GHashTable *memo, NimBoard *board)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove m;
  char key[KEY_MAX];
  guint64 n = 1, *cached;

  position_key (board, key);
  cached = g_hash_table_lookup (memo, key);
  if (cached != NULL)
    return *cached;
  while (nim_movegen_next_generic (&gen, board, rules, &m))
    {
      guint64 child;

      nim_board_make_move (board, &m);
      child = tree_size (rules, memo, board);
      nim_board_unmake_move (board, &m);
      n = child > G_MAXUINT64 - n ? G_MAXUINT64 : n + child;
    }
  cached = g_new (guint64, 1);
  *cached = n;
  g_hash_table_insert (memo, g_strdup (key), cached);
  return n;
}

/* The largest whole tree of a take-any position of up to 4 heaps and
   @matches matches. */
static guint64
largest_take_any_tree (guint matches)
{
  g_autoptr (GHashTable) memo
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  NimRules any;
  guint64 most = 0;
  guint32 h[MAX_HEAPS];

  nim_rules_init (&any);
  for (h[0] = 0; h[0] <= matches; h[0]++)
    for (h[1] = 0; h[0] + h[1] <= matches; h[1]++)
      for (h[2] = 0; h[0] + h[1] + h[2] <= matches; h[2]++)
        {
          NimBoard board;

          h[3] = matches - h[0] - h[1] - h[2];
          nim_board_init (&board, h, MAX_HEAPS);
          most = MAX (most, tree_size (&any, memo, &board));
        }
  return most;
}

/* The largest tree of the space (see the top of the file). */
static guint64 space_most;

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
check_position (Harness *h, NimBoard *board)
{
  NimMove want, want_distance;
  guint distance;
  gboolean wins = solver_wins (&h->solver, board);
  guint e;

  h->positions++;
  expected_move (&h->solver, board, &want);
  expected_distance_move (&h->solver, board, &want_distance, &distance);

  /* Normal play: the Grundy values exclusive-or to 0 exactly when lost,
     under every family with a Grundy theory. */
  if (!h->rules.misere && h->rules.family->theory != NIM_GRUNDY_NONE)
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

  for (e = 0; e < engines->len; e++)
    {
      const Engine *eng = ENGINE (e);
      g_autoptr (NimPlayer) fresh = NULL;
      NimPlayer *p = h->players[e];
      NimMove got;
      const NimSearchStats *st;

      if (h->spent[e] >= NODE_BUDGET && !g_test_thorough ())
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
      h->spent[e] += st->nodes;
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

/* What is done with each position enumerate() finds. */
typedef void (*VisitFunc) (gpointer data, NimBoard *board);

/* Every tuple of 1..MAX_HEAPS heaps with at most max_matches in all,
   given to @visit. */
static void
enumerate (gpointer data, VisitFunc visit, guint32 *heaps, guint n,
           guint max_n, guint left)
{
  guint32 v;

  if (n == max_n)
    {
      NimBoard board;

      nim_board_init (&board, heaps, n);
      visit (data, &board);
      return;
    }
  for (v = 0; v <= left; v++)
    {
      heaps[n] = v;
      enumerate (data, visit, heaps, n + 1, max_n, left - v);
    }
}

/* A position with a move whose tree is in the space, into h->space. */
static void
add_to_space (gpointer data, NimBoard *board)
{
  Harness *h = data;
  Position p;

  if (!nim_board_has_move (board, &h->rules))
    return;
  p.board = *board;
  p.tree = tree_size (&h->rules, h->trees, &p.board);
  p.index = h->space->len;
  if (p.tree <= space_most)
    g_array_append_val (h->space, p);
}

/* Smallest tree first, then in the order found. */
static int
compare_positions (gconstpointer a, gconstpointer b)
{
  const Position *x = a, *y = b;

  if (x->tree != y->tree)
    return x->tree < y->tree ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

static void
test_variant (gconstpointer data)
{
  const Variant *v = data;
  Harness h = { 0 };
  guint32 heaps[MAX_HEAPS];
  guint e, n, i;

  h.variant = v;
  h.rules = v->rules;
  h.rules.misere = NIM_HARNESS_MISERE;
  h.solver.rules = h.rules;
  h.solver.memo
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  h.players = g_new0 (NimPlayer *, engines->len);
  h.checks = g_new0 (guint, engines->len);
  h.spent = g_new0 (guint64, engines->len);
  h.trees = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  h.space = g_array_new (FALSE, FALSE, sizeof (Position));

  for (e = 0; e < engines->len; e++)
    {
      NimBoard any;
      g_autoptr (GError) error = NULL;

      nim_board_parse (&any, "1", "--heaps", NULL);
      h.players[e] = nim_player_new (ENGINE (e)->spec, &error);
      g_assert_no_error (error);
      if (!ENGINE (e)->closed && !ENGINE (e)->fresh)
        g_assert_true (nim_player_start (h.players[e], &h.rules, &any, NULL));
    }

  for (n = 1; n <= MAX_HEAPS; n++)
    enumerate (&h, add_to_space, heaps, 0, n, max_matches);
  g_array_sort (h.space, compare_positions);
  for (i = 0; i < h.space->len; i++)
    check_position (&h, &g_array_index (h.space, Position, i).board);

  g_test_message ("%s %s: %u positions; checks per engine:", v->name,
                  h.rules.misere ? "misere" : "normal", h.positions);
  for (e = 0; e < engines->len; e++)
    {
      g_test_message ("  %-48s %u, %" G_GUINT64_FORMAT " nodes%s",
                      ENGINE (e)->spec, h.checks[e], h.spent[e],
                      h.checks[e] < h.positions && !ENGINE (e)->closed
                          ? " (the budget's smallest positions)"
                          : "");
      /* Every searcher checks a part of the space at least; a closed
         form the positions of the rules it plays. */
      if (!ENGINE (e)->closed)
        g_assert_cmpuint (h.checks[e], >,
                          max_matches == MAX_MATCHES ? 500 : 10);
      nim_player_free (h.players[e]);
    }
  g_assert_cmpuint (h.positions, >, max_matches == MAX_MATCHES ? 1000 : 10);
  g_assert_cmpuint (h.failures, ==, 0);
  g_hash_table_unref (h.solver.memo);
  g_free (h.players);
  g_free (h.checks);
  g_free (h.spent);
  g_hash_table_unref (h.trees);
  g_array_unref (h.space);
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
  const char *name;  /* the test path's */
  const char *rules; /* as the tests spell them (nim_test_rules ()) */
  const char *heaps;
} Large;

/* Positions far beyond the exact solver, where the Grundy values (which
   the small positions check against it) give the value and the move. */
static const Large larges[] = {
  { "any", "any", "10,20,30,40,50" },
  { "any", "any", "20,30,40,50" },
  { "any", "any", "40,60,80,100" },
  { "any", "any", "50,60,70" },
  { "any", "any", "7,7,7,7" },
  { "range-1-3", "1-3", "10,21,30" },
  { "range-1-3", "1-3", "20,30,41" },
  { "set-1-3-4", "1,3,4", "10,20,30" },
  { "set-1-3-4", "1,3,4", "10,20,30,40" },
  { "set-2-5-6", "2,5,6", "50,60,70" },
  { "set-2-5-6", "2,5,6", "20,30,40,50" },
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

  nim_test_rules (&rules, l->rules, FALSE);
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
      if (p == NULL)
        continue;
      g_assert_true (nim_player_start (p, &rules, &board, NULL));
      g_assert_true (nim_player_choose_move (p, &board, &got, NULL));
      st = nim_player_get_stats (p);
      g_test_message ("%s on %s (%s): heap %u take %u, want heap %u take %u; "
                      "%s, %" G_GUINT64_FORMAT " nodes%s",
                      spec, l->heaps, l->name, got.heap + 1, got.count,
                      want.heap + 1, want.count,
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

/* A take-and-break code mcts is checked on beside the variants:
   Dawson's chess, whose moves split heaps as Kayles's do. */
static const Variant dawson = { (char *) "code-0-137", { NULL } };

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
mcts_check_position (gpointer data, NimBoard *board)
{
  MctsHarness *h = data;
  gboolean wins, sorted = TRUE;
  const NimSearchStats *st;
  NimMove got;
  guint i;

  if (!nim_board_has_move (board, &h->rules))
    return;
  wins = solver_wins (&h->solver, board);
  for (i = 1; i < board->n_heaps; i++)
    sorted = sorted && board->heaps[i - 1] <= board->heaps[i];
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

static void
test_mcts (gconstpointer data)
{
  const Variant *v = data;
  MctsHarness h = { 0 };
  guint32 heaps[MAX_HEAPS];
  NimBoard any;
  guint n;

  h.name = v->name;
  h.rules = v->rules;
  if (v == &dawson)
    nim_test_rules (&h.rules, "0.137", FALSE);
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

static void
free_variant (gpointer data)
{
  Variant *v = data;

  g_free (v->name);
  g_free (v);
}

int
main (int argc, char **argv)
{
  const NimRuleFamily *const *families = nim_rule_families ();
  g_autoptr (GPtrArray) variants
      = g_ptr_array_new_with_free_func (free_variant);
  const char *light = g_getenv ("NIM_HARNESS_MAX_MATCHES");
  guint i, j;
  int status;

  nim_test_init (&argc, &argv);
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
  add_engines ();
  g_test_add_func ("/harness/engines", test_engines);
  space_most = largest_take_any_tree (max_matches);
  for (i = 0; families[i] != NULL; i++)
    for (j = 0; families[i]->examples[j] != NULL; j++)
      {
        Variant *v = g_new0 (Variant, 1);
        const char *example = families[i]->examples[j];
        g_autofree char *path = NULL;

        v->name = nim_test_rules_name (families[i], example);
        nim_rules_init (&v->rules);
        g_assert_true (nim_rules_parse (&v->rules, example, "rules", NULL));
        path = g_strdup_printf ("/harness/%s/%s", v->name,
                                NIM_HARNESS_MISERE ? "misere" : "normal");
        g_ptr_array_add (variants, v);
        g_test_add_data_func (path, v, test_variant);
      }
  /* Under valgrind (NIM_HARNESS_MAX_MATCHES) the large positions would
     take an hour. */
  for (i = 0; !NIM_HARNESS_MISERE && max_matches == MAX_MATCHES
              && i < G_N_ELEMENTS (larges);
       i++)
    {
      g_autofree char *path = g_strdup_printf (
          "/harness/large/%s/%s", larges[i].name, larges[i].heaps);

      g_test_add_data_func (path, &larges[i], test_large);
    }
  for (i = 0; i <= variants->len; i++)
    {
      const Variant *v
          = i < variants->len ? g_ptr_array_index (variants, i) : &dawson;
      g_autofree char *path
          = g_strdup_printf ("/harness/mcts/%s/%s", v->name,
                             NIM_HARNESS_MISERE ? "misere" : "normal");

      g_test_add_data_func (path, v, test_mcts);
    }
  status = g_test_run ();
  g_ptr_array_unref (engines);
  g_ptr_array_unref (unmade);
  return status;
}
