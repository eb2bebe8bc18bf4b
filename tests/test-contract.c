/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-contract.c -- what every registered player promises
 *
 * The loops are over nim_player_classes () and nim_rule_families (), so
 * a player or a rule family added to its registry is tested here without
 * a line of this file changing.  For every class and every example of
 * every family (each under normal and misère play), on every position of
 * up to three heaps and MAX_MATCHES matches:
 * - a player that cannot play the rules refuses them with a GError
 *   (NIM_ERROR_UNSUPPORTED) that says why, before any move;
 * - a player that can chooses a legal move every time;
 * - a player that claims perfect play (a searcher given no budget)
 *   never leaves its opponent a won position when it had a win, as an
 *   exact solver written for the tests (tests/nim-test.c) decides; a
 *   closed form also on every single heap up to FAR_HEAP, far past the
 *   small positions (tests/test-rules.c checks the family's theory
 *   itself on heaps up to the largest);
 * - a whole game between two players of the class ends with a winner;
 * - everything it allocated is freed (the sanitizer and valgrind runs of
 *   the suite report any leak).
 * And every searcher, given no budget on positions it could not finish in
 * hours, stops soon after its stop flag is set (nim_player_set_stop()),
 * with a legal move (see test_stop()).
 * A person is played by a scripted prompt that types the first legal
 * move, so the same promises are checked of the human player. */

#include "config.h"

#include "nim-test.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "nim-game.h"
#include "nim-movegen.h"
#include "nim-octal.h"
#include "nim-player.h"
#include "nim-error.h"

#define MAX_HEAPS 3
#define MAX_MATCHES 7
/* Under valgrind (nim_test_light ()), where every search runs some 30
   times slower, and under the sanitizers: 80 positions instead of
   164. */
#define LIGHT_MATCHES 5
/* A closed form answers at once on any heap, from the family's theory:
   it is checked on every single heap up to FAR_HEAP too, under rules
   that never split (the exact solver's positions stay few), so that a
   theory wrong far past MAX_MATCHES (a misère rule wrong at 47, say)
   shows as a won position given away. */
#define FAR_HEAP 256

typedef struct
{
  const NimPlayerClass *klass;
  char *family; /* the family and example, for messages */
  NimRules rules;
} Case;

/* A person at a scripted prompt: types the first legal move of the
   position it is shown, the game's when @game is set, else @board's. */
typedef struct
{
  const NimRules *rules;
  const NimBoard *board;
  const NimGame *game;
} Typist;

typedef struct
{
  const Case *c;
  NimRules rules;
  NimTestSolver *solver;
  Typist typist;
  NimPrompt prompt; /* the typist's */
  guint supported, refused, checked;
} Contract;

/* The NimPromptFunc of a Typist.  A legal move typed is taken at once,
   so the player has never anything to complain about. */
static char *
typist_ask (gpointer data, const char *message, const char *prompt,
            GError **error)
{
  Typist *typist = data;
  const NimBoard *board = typist->game != NULL
                              ? nim_game_get_board (typist->game)
                              : typist->board;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove m = { 0 };

  g_assert_null (message);
  g_assert_nonnull (prompt);
  g_assert_true (nim_movegen_next (&gen, board, typist->rules, &m));
  if (m.split != 0)
    return g_strdup_printf ("%u %u %u+%u", m.heap + 1, m.count, m.keep,
                            m.split);
  return g_strdup_printf ("%u %u", m.heap + 1, m.count);
}

/* The spec that asks for the class's best: a searcher without a time
   limit, so that its claim of perfect play holds on any machine. */
static char *
class_spec (const NimPlayerClass *k)
{
  const NimPlayerOption *o;

  for (o = k->options; o != NULL && o->key != NULL; o++)
    if (g_str_equal (o->key, "time"))
      return g_strdup_printf ("%s:time=0", k->name);
  return g_strdup (k->name);
}

static NimPlayer *
new_player (Contract *t, const NimPlayerClass *k)
{
  g_autofree char *spec = class_spec (k);
  g_autoptr (GError) error = NULL;
  NimPlayer *p = nim_player_new (spec, &error);

  /* A class that cannot be made fails the test, with the reason, and
     the caller stops there. */
  if (p == NULL)
    {
      nim_test_fail ("%s: %s", spec, nim_test_error_message (error));
      return NULL;
    }
  nim_player_set_seed (p, 7);
  t->prompt.ask = typist_ask;
  t->prompt.data = &t->typist;
  nim_player_set_prompt (p, &t->prompt);
  return p;
}

static void
check_refusal (Contract *t, NimPlayer *p, const NimBoard *board)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (nim_player_start (p, &t->rules, board, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED);
  g_assert_cmpuint (strlen (nim_test_error_message (error)), >, 10);
  t->refused++;
}

static void
check_move (Contract *t, NimPlayer *p, const NimBoard *board)
{
  g_autoptr (GError) error = NULL;
  NimMove move;

  g_assert_true (nim_player_start (p, &t->rules, board, &error));
  g_assert_no_error (error);
  t->typist.board = board;
  g_assert_true (nim_player_choose_move (p, board, &move, &error));
  g_assert_no_error (error);
  g_assert_true (nim_board_check_move (board, &t->rules, &move, NULL));
  t->supported++;
  if (t->c->klass->perfect && nim_test_solver_wins (t->solver, board))
    {
      NimBoard child = *board;

      nim_board_make_move (&child, &move);
      if (nim_test_solver_wins (t->solver, &child))
        {
          g_autofree char *heaps = nim_board_to_string (board);

          g_test_message ("%s on %s (%s): took %u from heap %u, which "
                          "gives the win away",
                          t->c->klass->name, heaps, t->c->family, move.count,
                          move.heap + 1);
          g_test_fail ();
        }
      t->checked++;
    }
}

static void
check_position (Contract *t, NimPlayer *p, const NimBoard *board)
{
  if (!nim_board_has_move (board, &t->rules))
    return;
  if (!nim_player_supports (t->c->klass, &t->rules, board, NULL))
    check_refusal (t, p, board);
  else
    check_move (t, p, board);
}

/* Every tuple of 1..MAX_HEAPS heaps with at most MAX_MATCHES in all. */
static void
enumerate (Contract *t, NimPlayer *p, guint32 *heaps, guint n, guint max_n,
           guint left)
{
  guint32 v;

  if (n == max_n)
    {
      NimBoard board;

      nim_board_init (&board, heaps, n);
      check_position (t, p, &board);
      return;
    }
  for (v = 0; v <= left; v++)
    {
      heaps[n] = v;
      enumerate (t, p, heaps, n + 1, max_n, left - v);
    }
}

/* Two players of the class play 3,4,5 (or what the class supports) to
   the end; 2,3 under valgrind and the sanitizers (nim_test_light ()),
   where minimax's game of 0.77 on 3,4,5 alone took minutes. */
static void
check_game (Contract *t)
{
  g_autoptr (NimPlayer) p1 = new_player (t, t->c->klass);
  g_autoptr (NimPlayer) p2 = new_player (t, t->c->klass);
  g_autoptr (NimGame) game = NULL;
  g_autoptr (GError) error = NULL;
  NimBoard start;

  if (p1 == NULL || p2 == NULL)
    return;
  nim_test_board (&start,
                  t->c->klass->kind == NIM_PLAYER_PERSON || nim_test_light ()
                      ? "2,3"
                      : "3,4,5");
  if (!nim_player_supports (t->c->klass, &t->rules, &start, NULL))
    nim_test_board (&start, "9");
  if (!nim_player_supports (t->c->klass, &t->rules, &start, NULL))
    return;
  nim_player_set_number (p2, 2);
  g_assert_true (nim_player_start (p1, &t->rules, &start, &error));
  g_assert_true (nim_player_start (p2, &t->rules, &start, &error));
  game = nim_game_new (&t->rules, &start, p1, p2, 1);
  t->typist.game = game;
  g_assert_true (nim_game_play (game, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (nim_game_get_winner (game), >=, 1);
  g_assert_cmpuint (nim_game_get_winner (game), <=, 2);
  g_assert_false (nim_board_has_move (nim_game_get_board (game), &t->rules));
}

static void
test_contract (gconstpointer data)
{
  const Case *c = data;
  Contract t = { c };
  g_autoptr (NimPlayer) p = NULL;
  guint32 heaps[MAX_HEAPS], h;
  guint n, most = nim_test_light () ? LIGHT_MATCHES : MAX_MATCHES;

  t.rules = c->rules;
  t.typist.rules = &t.rules;
  t.solver = nim_test_solver_new (&t.rules);
  p = new_player (&t, c->klass);
  if (p == NULL)
    {
      nim_test_solver_free (t.solver);
      return;
    }
  for (n = 1; n <= MAX_HEAPS; n++)
    enumerate (&t, p, heaps, 0, n, most);
  if (c->klass->kind == NIM_PLAYER_CLOSED_FORM && !nim_rules_splits (&t.rules))
    for (h = most + 1; h <= FAR_HEAP; h++)
      {
        NimBoard one;

        nim_board_init (&one, &h, 1);
        check_position (&t, p, &one);
      }
  g_test_message ("%s, %s: %u positions played, %u refused, %u wins kept",
                  c->klass->name, c->family, t.supported, t.refused,
                  t.checked);
  /* Every class plays something, or refuses everything with a reason. */
  g_assert_cmpuint (t.supported + t.refused, >,
                    most == MAX_MATCHES ? 100 : 50);
  check_game (&t);
  nim_test_solver_free (t.solver);
}

/* The stop flag.  A search runs in a thread of its own, so that one
   that does not stop fails the test (after STOP_WAIT seconds, which only
   such a searcher reaches) instead of hanging the suite; what is checked
   is the nodes counted past the moment the flag was set, not a time.  The
   flag is set before the search starts, and by the observer at the
   STOP_AT-th node.  A search that reports iterations, not nodes (mcts),
   gets it at the end of the iteration that reaches STOP_AT nodes, or as
   it begins when one random playout could be longer than that (more
   matches than STOP_AT: heaps of billions, taken 1 to 3 at a time, make
   a playout of billions of moves). */
#define STOP_AT 3000
/* The nodes a search may count after the flag is set: it looks at the
   flag every 1,024 nodes or units of work (nim_search_poll()). */
#define STOP_SLACK 2048
#define STOP_WAIT 300

typedef struct
{
  NimPlayer *player;
  NimObserver observer;
  NimBoard board;
  NimMove move;
  gint stop;
  guint64 entered; /* nodes the observer saw */
  guint64 set_at;  /* when it set the flag (0: as the search began) */
  double cpu;      /* the processor time the search took, in seconds */
  gboolean done;
  GMutex lock;
  GCond cond;
} Stopper;

/* The observer saw @nodes more nodes: the flag is set at the first
   report that reaches STOP_AT. */
static void
stopper_count (Stopper *st, guint64 nodes)
{
  st->entered += nodes;
  if (!g_atomic_int_get (&st->stop) && st->entered >= STOP_AT)
    {
      st->set_at = st->entered;
      g_atomic_int_set (&st->stop, 1);
    }
}

static void
stopper_begin (gpointer data, const char *spec, guint player,
               const NimBoard *board, const NimRules *rules, NimTraceKind kind)
{
  Stopper *st = data;

  if (kind == NIM_TRACE_MCTS && board->total > STOP_AT)
    g_atomic_int_set (&st->stop, 1);
}

static void
stopper_enter (gpointer data, guint ply, const NimBoard *board, int alpha,
               int beta)
{
  stopper_count (data, 1);
}

static void
stopper_leave (gpointer data, guint ply, const NimBoard *board, int value,
               guint flags)
{
}

/* Monte-Carlo tree search reports iterations: its nodes are the root,
   the path's and the playout's. */
static void
stopper_iteration (gpointer data, const NimMctsIteration *it)
{
  stopper_count (data, 1 + it->n_path + it->playout_plies);
}

static const NimObserverFuncs stopper_funcs = {
  .begin = stopper_begin,
  .enter = stopper_enter,
  .leave = stopper_leave,
  .mcts_iteration = stopper_iteration,
};

/* The processor time this thread has used, in seconds. */
static double
thread_cpu_seconds (void)
{
  struct timespec t;

  g_assert_cmpint (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t), ==, 0);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static gpointer
stopper_search (gpointer data)
{
  Stopper *st = data;

  st->cpu = thread_cpu_seconds ();
  g_assert_true (
      nim_player_choose_move (st->player, &st->board, &st->move, NULL));
  st->cpu = thread_cpu_seconds () - st->cpu;
  g_mutex_lock (&st->lock);
  st->done = TRUE;
  g_cond_signal (&st->cond);
  g_mutex_unlock (&st->lock);
  return NULL;
}

/* A new stopper for a search of @spec on @heaps, or NULL if @klass does
   not play there under @rules. */
static Stopper *
stopper_new (const NimPlayerClass *klass, const char *spec,
             const NimRules *rules, const char *heaps)
{
  g_autoptr (GError) error = NULL;
  Stopper *st = g_new0 (Stopper, 1);

  nim_test_board (&st->board, heaps);
  if (!nim_player_supports (klass, rules, &st->board, NULL))
    {
      g_free (st);
      return NULL;
    }
  st->player = nim_player_new (spec, &error);
  g_assert_no_error (error);
  g_assert_true (nim_player_start (st->player, rules, &st->board, &error));
  g_assert_no_error (error);
  g_mutex_init (&st->lock);
  g_cond_init (&st->cond);
  st->observer = (NimObserver){ &stopper_funcs, st };
  return st;
}

static void
stopper_free (Stopper *st)
{
  nim_player_set_trace (st->player, NULL);
  nim_player_free (st->player);
  g_mutex_clear (&st->lock);
  g_cond_clear (&st->cond);
  g_free (st);
}

/* Runs @st's search in a thread of its own and waits for it.  FALSE,
   and the test failed, after STOP_WAIT seconds: the search then runs on
   in its thread, with the player, board and observer it was given (so
   @st is not freed), until the program ends, and the other tests go
   on. */
static gboolean
run_search (Stopper *st, const char *spec, const char *heaps)
{
  GThread *thread;
  gint64 end;
  gboolean done = TRUE;

  thread = g_thread_new ("search", stopper_search, st);
  end = g_get_monotonic_time () + STOP_WAIT * G_TIME_SPAN_SECOND;
  g_mutex_lock (&st->lock);
  while (!st->done && done)
    done = g_cond_wait_until (&st->cond, &st->lock, end);
  g_mutex_unlock (&st->lock);
  if (!done)
    {
      nim_test_fail ("%s on %s did not stop within %d s of its stop flag",
                     spec, heaps, STOP_WAIT);
      return FALSE;
    }
  g_thread_join (thread);
  return TRUE;
}

/* One search of @spec (a player of @klass) on @heaps under @rules,
   stopped before it starts or, with @observe, at its STOP_AT-th node;
   with @largest, its budget is then set as the largest `go` of nim --ugi
   sets it (nim_player_set_budget()).  FALSE if @klass does not play
   there. */
static gboolean
check_stop_spec (const NimPlayerClass *klass, const char *spec,
                 const NimRules *rules, const char *heaps, gboolean observe,
                 gboolean largest)
{
  Stopper *st = stopper_new (klass, spec, rules, heaps);
  const NimSearchStats *stats;

  if (st == NULL)
    return FALSE;
  if (largest)
    {
      NimBudget most = { G_MAXUINT64, G_MAXDOUBLE, G_MAXUINT64 };

      g_assert_true (nim_player_set_budget (st->player, &most));
    }
  nim_player_set_stop (st->player, &st->stop);
  if (observe)
    nim_player_set_trace (st->player, &st->observer);
  else
    g_atomic_int_set (&st->stop, 1);
  if (!run_search (st, spec, heaps))
    return TRUE;

  stats = nim_player_get_stats (st->player);
  g_test_message ("%s%s on %s, stopped %s at node %" G_GUINT64_FORMAT
                  ": %" G_GUINT64_FORMAT " nodes",
                  spec, largest ? " (the largest go)" : "", heaps,
                  observe ? "by the observer" : "first", st->set_at,
                  stats->nodes);
  g_assert_true (nim_board_check_move (&st->board, rules, &st->move, NULL));
  g_assert_true (stats->stopped);
  g_assert_false (stats->proven);
  g_assert_true (g_atomic_int_get (&st->stop));
  if (observe && st->set_at != 0)
    g_assert_cmpuint (st->set_at, >=, STOP_AT);
  g_assert_cmpuint (stats->nodes, <=, st->set_at + STOP_SLACK);
  stopper_free (st);
  return TRUE;
}

static gboolean
check_stop (const NimPlayerClass *klass, const NimRules *rules,
            const char *heaps, gboolean observe)
{
  g_autofree char *spec = g_strdup_printf ("%s:time=0", klass->name);

  return check_stop_spec (klass, spec, rules, heaps, observe, FALSE);
}

static void
test_stop (gconstpointer data)
{
  const NimPlayerClass *klass = data;
  const NimRuleFamily *const *families = nim_rule_families ();
  /* Big heaps, and heaps of billions, whose nodes have billions of
     moves; under rules that split heaps, as many matches as a board has
     room for. */
  static const char *const positions[]
      = { "300,301,302,303", "1000000000,4294967295,5,7" };
  static const char *const split_positions[] = { "40,41,42" };
  NimRules rules;
  guint f, k, misere, i, checked = 0;

  for (f = 0; families[f] != NULL; f++)
    for (k = 0; families[f]->examples[k] != NULL; k++)
      for (misere = 0; misere <= 1; misere++)
        {
          const char *const *heaps = positions;
          guint n = G_N_ELEMENTS (positions);

          nim_test_rules (&rules, families[f]->examples[k], misere);
          if (nim_rules_splits (&rules))
            {
              heaps = split_positions;
              n = G_N_ELEMENTS (split_positions);
            }
          for (i = 0; i < n; i++)
            {
              checked += check_stop (klass, &rules, heaps[i], FALSE);
              checked += check_stop (klass, &rules, heaps[i], TRUE);
            }
        }
  g_assert_cmpuint (checked, >=, 2);
}

/* @klass's spec with every budget at its largest: each whole-number
   option (depth=, nodes=, iterations=) at the most it takes, and time=
   @time. */
static char *
largest_spec (const NimPlayerClass *klass, const char *time)
{
  GString *spec = g_string_new (klass->name);
  const NimPlayerOption *o;

  for (o = klass->options; o != NULL && o->key != NULL; o++)
    if (o->type == NIM_OPTION_UINT)
      g_string_append_printf (spec, "%c%s=%" G_GUINT64_FORMAT,
                              spec->len > strlen (klass->name) ? ',' : ':',
                              o->key, o->max);
  g_string_append_printf (spec, "%ctime=%s",
                          spec->len > strlen (klass->name) ? ',' : ':', time);
  return g_string_free (spec, FALSE);
}

/* The largest budgets a searcher takes, as spec options and as a `go`
   sets them (nim_player_set_budget()): nodes=18446744073709551615 made
   mcts's tree of nodes + 1 = 0 nodes, and it never searched.  Each
   search must still stop at its stop flag, and at its time budget
   within 10 % and 10 ms of processor time (which a busy machine does not
   stretch, unlike the wall clock); under valgrind, which runs every
   search some 30 times slower, a clock read between two nodes comes
   later, so there the time is only checked to be bounded. */
static void
test_largest_budget (gconstpointer data)
{
  const NimPlayerClass *klass = data;
  static const char *const positions[]
      = { "300,301,302,303", "1000000000,4294967295,5,7" };
  const double budget = 0.2;
  g_autofree char *most = largest_spec (klass, "86400");
  g_autofree char *timed = largest_spec (klass, "0.2");
  g_autofree char *bare = g_strdup_printf ("%s:time=0", klass->name);
  NimRules rules;
  guint i;

  nim_rules_init (&rules);
  for (i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      Stopper *st;
      const NimSearchStats *stats;

      g_assert_true (
          check_stop_spec (klass, most, &rules, positions[i], FALSE, FALSE));
      g_assert_true (
          check_stop_spec (klass, most, &rules, positions[i], TRUE, FALSE));
      g_assert_true (
          check_stop_spec (klass, bare, &rules, positions[i], TRUE, TRUE));

      st = stopper_new (klass, timed, &rules, positions[i]);
      g_assert_nonnull (st);
      if (!run_search (st, timed, positions[i]))
        return;
      stats = nim_player_get_stats (st->player);
      g_test_message (
          "%s on %s: %.4f s, %.4f s of processor time, %" G_GUINT64_FORMAT
          " nodes",
          timed, positions[i], stats->seconds, st->cpu, stats->nodes);
      g_assert_true (
          nim_board_check_move (&st->board, &rules, &st->move, NULL));
      g_assert_true (stats->stopped);
      if (nim_test_light ())
        g_assert_cmpfloat (st->cpu, <, 30 * budget);
      else
        g_assert_cmpfloat (st->cpu, <, 1.1 * budget + 0.01);
      stopper_free (st);
    }
}

/* "set-1-3-4-misere": a test path's last part for an example of a
   family. */
static char *
family_path (const NimRuleFamily *f, const char *example, gboolean misere)
{
  g_autofree char *name = nim_test_rules_name (f, example);

  return g_strdup_printf ("%s%s", name, misere ? "-misere" : "");
}

static void
free_case (gpointer data)
{
  Case *c = data;

  g_free (c->family);
  g_free (c);
}

int
main (int argc, char **argv)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  const NimRuleFamily *const *families = nim_rule_families ();
  GPtrArray *cases = g_ptr_array_new_with_free_func (free_case);
  int status;
  guint i, j, k, misere;

  nim_test_init (&argc, &argv);
  g_test_summary ("Every registered player class, on every rule family: "
                  "legal moves, refusals with a reason, perfect play where "
                  "claimed, a whole game, nothing leaked");
  for (i = 0; classes[i] != NULL; i++)
    for (j = 0; families[j] != NULL; j++)
      for (k = 0; families[j]->examples[k] != NULL; k++)
        for (misere = 0; misere <= 1; misere++)
          {
            Case *c = g_new0 (Case, 1);
            g_autofree char *path = NULL;

            c->klass = classes[i];
            c->family
                = family_path (families[j], families[j]->examples[k], misere);
            nim_test_rules (&c->rules, families[j]->examples[k], misere);
            path = g_strdup_printf ("/contract/%s/%s", classes[i]->name,
                                    c->family);
            g_ptr_array_add (cases, c);
            g_test_add_data_func (path, c, test_contract);
          }
  for (i = 0; classes[i] != NULL; i++)
    if (classes[i]->kind == NIM_PLAYER_SEARCHER)
      {
        g_autofree char *path
            = g_strdup_printf ("/contract/stop/%s", classes[i]->name);

        g_test_add_data_func (path, classes[i], test_stop);
        g_free (path);
        path = g_strdup_printf ("/contract/largest-budget/%s",
                                classes[i]->name);
        g_test_add_data_func (path, classes[i], test_largest_budget);
      }
  status = g_test_run ();
  g_ptr_array_unref (cases);
  return status;
}
