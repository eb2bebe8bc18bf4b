/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-analysis.c -- solving one position; the Grundy sequence of a heap
 *
 * Where the rules have a closed form (the nim-sum, Grundy values, the
 * misère rule of Nim, a single heap's misère outcomes), `nim --solve`
 * answers by it, at once even for heaps of billions, and a short search
 * by the strongest searcher verifies the value when it can.  Otherwise,
 * or when the user names an engine, it asks the engine (any computer
 * player) for the value of the position, then for the value of every
 * position one move away: a move wins exactly when it leaves the opponent
 * a lost position.  So the list is the engine's own answer, and a
 * closed-form engine and a searcher can be checked against each other
 * from the command line.  The engine's budget covers all of it.  Both answers
 * here are structs; src/nim-analysis-report.c prints them. */

#include "config.h"

#include "nim-analysis.h"

#include "nim-grundy.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-player.h"
#include "nim-search-player.h"
#include "nim-error.h"
#include "nim-tree.h"

#include <string.h>

/* Every value of a sequence that may be asked for can be computed. */
G_STATIC_ASSERT (NIM_GRUNDY_SEQUENCE_MAX < NIM_GRUNDY_TABLE_MAX);

/**
 * nim_solution_free:
 * @solution: (nullable): a solution
 */
void
nim_solution_free (NimSolution *solution)
{
  if (solution == NULL)
    return;
  g_free (solution->engine);
  if (solution->winning_moves != NULL)
    g_array_unref (solution->winning_moves);
  if (solution->child_values != NULL)
    g_array_unref (solution->child_values);
  g_free (solution);
}

/* The players of @kind that claim perfect play and play @rules from
   @board, "xor, grundy"; empty when there is none. */
static char *
perfect_players (NimPlayerKind kind, const NimRules *rules,
                 const NimBoard *board)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  g_autoptr (GString) names = g_string_new (NULL);
  guint i;

  for (i = 0; classes[i] != NULL; i++)
    if (classes[i]->kind == kind && classes[i]->perfect
        && nim_player_supports (classes[i], rules, board, NULL))
      g_string_append_printf (names, "%s%s", names->len ? ", " : "",
                              classes[i]->name);
  return g_strdup (names->str);
}

/* The spec of @engine without its limits: its options but depth=, time=
   and nodes=, so that advice to search to the end works when pasted,
   under the searcher's default budget (time=0, no budget at all, could
   run for years).  *@depth_limited says whether a depth= limit was
   given. */
static char *
unlimited_spec (const NimPlayer *engine, gboolean *depth_limited)
{
  const char *spec = nim_player_get_spec (engine);
  const char *colon = strchr (spec, ':');
  g_autoptr (GString) out = g_string_new (nim_player_get_name (engine));
  g_auto (GStrv) pairs = g_strsplit (colon ? colon + 1 : "", ",", -1);
  guint n = 0, i;

  *depth_limited = FALSE;
  for (i = 0; pairs[i] != NULL; i++)
    {
      if (g_str_has_prefix (pairs[i], "depth="))
        *depth_limited = *depth_limited || !g_str_equal (pairs[i], "depth=0");
      if (*pairs[i] == '\0' || g_str_has_prefix (pairs[i], "depth=")
          || g_str_has_prefix (pairs[i], "time=")
          || g_str_has_prefix (pairs[i], "nodes="))
        continue;
      g_string_append_printf (out, "%c%s", n++ ? ',' : ':', pairs[i]);
    }
  return g_strdup (out->str);
}

/* The spec of @engine with ten times its budget of time (its default
   budget when it was given none) or of nodes: advice for a budget that
   ran out.  No budget at all (time=0) is no advice for a searcher that
   may need years to finish. */
static char *
larger_budget_spec (const NimPlayer *engine)
{
  const char *spec = nim_player_get_spec (engine);
  const char *colon = strchr (spec, ':');
  g_autoptr (GString) out = g_string_new (nim_player_get_name (engine));
  g_auto (GStrv) pairs = g_strsplit (colon ? colon + 1 : "", ",", -1);
  gboolean budget = FALSE;
  guint n = 0, i;

  for (i = 0; pairs[i] != NULL; i++)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      const char *value = strchr (pairs[i], '=');

      if (*pairs[i] == '\0')
        continue;
      g_string_append_c (out, n++ ? ',' : ':');
      if (g_str_has_prefix (pairs[i], "time=") && value != NULL
          && g_ascii_strtod (value + 1, NULL) > 0)
        {
          g_string_append_printf (
              out, "time=%s",
              g_ascii_formatd (buf, sizeof buf, "%g",
                               10 * g_ascii_strtod (value + 1, NULL)));
          budget = TRUE;
        }
      else if (g_str_has_prefix (pairs[i], "nodes=") && value != NULL
               && g_ascii_strtoull (value + 1, NULL, 10) > 0)
        {
          g_string_append_printf (out, "nodes=%" G_GUINT64_FORMAT,
                                  10 * g_ascii_strtoull (value + 1, NULL, 10));
          budget = TRUE;
        }
      else
        g_string_append (out, pairs[i]);
    }
  if (!budget)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append_printf (out, "%ctime=%s", n ? ',' : ':',
                              g_ascii_formatd (buf, sizeof buf, "%g",
                                               10 * NIM_SEARCH_DEFAULT_TIME));
    }
  return g_strdup (out->str);
}

/* How a search came to leave a position unproven. */
typedef enum
{
  LIMIT_BUDGET,
  LIMIT_DEPTH,
  LIMIT_PLY,
} Limit;

/* Sets @error to say that @engine did not prove @board, and what would:
   the same engine without its limit (a depth limit, or its budget of time
   or nodes, which covers the whole solution), or a closed form where one
   knows the rules.  A @move leads from the position asked about to @board,
   a child of it: the message says so, as the user never typed @board. */
static void
unproven (const NimPlayer *engine, const NimBoard *board, const NimMove *move,
          Limit limit, GError **error)
{
  g_autofree char *heaps = nim_board_to_string (board);
  gboolean depth_limited;
  g_autofree char *better = unlimited_spec (engine, &depth_limited);
  g_autofree char *larger = larger_budget_spec (engine);
  g_autofree char *closed
      = perfect_players (NIM_PLAYER_CLOSED_FORM, &engine->rules, board);
  g_autofree char *what = NULL;

  if (move != NULL)
    /* TRANSLATORS: the first %s is heaps such as 4,4,4,3,4; then the move
       that leads to them from the position that was asked about. */
    what = g_strdup_printf (_ ("%s (the position after taking %u from heap "
                               "%u, one of the moves to check)"),
                            heaps, move->count, move->heap + 1);
  else
    what = g_strdup (heaps);
  if (limit == LIMIT_DEPTH || (limit == LIMIT_BUDGET && depth_limited))
    g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                 /* TRANSLATORS: the first %s is a player spec, the second
                    a position such as 3,4,5, the third a player spec to
                    paste, such as minimax. */
                 _ ("%s did not prove the position %s within its depth "
                    "limit; search to the end of the game, such as '%s'"),
                 nim_player_get_spec (engine), what, better);
  else if (limit == LIMIT_PLY)
    g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                 /* TRANSLATORS: the first %s is a player spec, the second
                    a position; %u is the most plies a search looks
                    ahead. */
                 _ ("%s did not prove the position %s: its games can last "
                    "longer than the %u plies a search looks ahead, and no "
                    "budget changes that"),
                 nim_player_get_spec (engine), what, NIM_SEARCH_MAX_PLY);
  else
    g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                 /* TRANSLATORS: as above, for a budget of time or nodes,
                    which covers the position and every move checked. */
                 _ ("%s did not prove the position %s within its budget, "
                    "which covers the whole solution (the position and "
                    "every move checked); give it more, such as '%s'"),
                 nim_player_get_spec (engine), what, larger);
  if (*closed != '\0' && error != NULL)
    {
      g_autofree char *message = g_strdup_printf (
          /* TRANSLATORS: follows the message above; %s lists players,
             "xor, grundy". */
          _ ("%s; or use %s, whose theory solves these rules at once"),
          (*error)->message, closed);

      g_free ((*error)->message);
      (*error)->message = g_steal_pointer (&message);
    }
}

/* The budget of one solution: a searcher's time= and nodes= cover every
   search nim_solve makes, the position's and each child's, so each search
   gets what the ones before it left. */
typedef struct
{
  NimSearchConfig *config; /* (nullable): a searcher's, changed per search */
  double time;             /* the whole budget: 0 for none */
  guint64 nodes;
  gint64 t0;
  guint64 used;
} Budget;

static void
budget_init (Budget *budget, NimPlayer *engine)
{
  memset (budget, 0, sizeof *budget);
  budget->t0 = g_get_monotonic_time ();
  if (engine->klass->kind != NIM_PLAYER_SEARCHER)
    return;
  /* Every searcher's instance is a NimSearchPlayer (nim-search-player.h). */
  g_assert (engine->klass->instance_size >= sizeof (NimSearchPlayer));
  budget->config = &((NimSearchPlayer *) engine)->config;
  budget->time = budget->config->time;
  budget->nodes = budget->config->nodes;
}

/* Gives the next search what is left; FALSE when nothing is. */
static gboolean
budget_next (Budget *budget)
{
  if (budget->config == NULL)
    return TRUE;
  if (budget->time > 0)
    {
      double left
          = budget->time - (g_get_monotonic_time () - budget->t0) / 1e6;

      if (left <= 0)
        return FALSE;
      budget->config->time = left;
    }
  if (budget->nodes > 0)
    {
      if (budget->used >= budget->nodes)
        return FALSE;
      budget->config->nodes = budget->nodes - budget->used;
    }
  return TRUE;
}

/* Why a search that came back unproven stopped: its depth limit, the ply
   limit of every search (a game longer than NIM_SEARCH_MAX_PLY), or its
   budget. */
static Limit
limit_of (const NimPlayer *engine, const Budget *budget, const NimBoard *board)
{
  const NimSearchConfig *c = budget->config;
  guint64 longest = board->total / nim_rules_min_take (&engine->rules) + 1;
  const NimSearchStats *st = nim_player_get_stats (engine);

  if (c == NULL)
    return LIMIT_BUDGET;
  if (c->depth > 0 && c->depth < longest)
    return LIMIT_DEPTH;
  if (longest > NIM_SEARCH_MAX_PLY && !(c->nodes > 0 && st->nodes >= c->nodes)
      && !(c->time > 0 && st->seconds >= c->time * 0.9))
    return LIMIT_PLY;
  return LIMIT_BUDGET;
}

/* Asks @engine whether the player to move on @board wins, adding what
   that cost to *@nodes; a value it could not prove is an error here.
   @move, when not %NULL, led to @board from the position asked about. */
static gboolean
engine_wins (NimPlayer *engine, Budget *budget, const NimBoard *board,
             const NimMove *move, NimMove *best, gboolean *wins,
             guint64 *nodes, GError **error)
{
  int value;

  if (!budget_next (budget))
    {
      unproven (engine, board, move, LIMIT_BUDGET, error);
      return FALSE;
    }
  if (!nim_player_evaluate (engine, board, &value, best, error))
    return FALSE;
  *nodes += nim_player_get_stats (engine)->nodes;
  budget->used += nim_player_get_stats (engine)->nodes;
  if (value == 0)
    {
      unproven (engine, board, move, limit_of (engine, budget, board), error);
      return FALSE;
    }
  *wins = value > 0;
  return TRUE;
}

/* The Sprague-Grundy values, where normal play defines them. */
static void
solve_grundy (NimSolution *s, NimGrundy *grundy)
{
  guint i;

  /* A game tree's leaves have values, not a winner. */
  if (s->rules.misere || nim_rules_is_tree (&s->rules))
    return;
  s->grundy = 0;
  for (i = 0; i < s->board.n_heaps; i++)
    {
      if (!nim_grundy_value (grundy, s->board.heaps[i], &s->heap_grundy[i],
                             NULL))
        return;
      s->grundy ^= s->heap_grundy[i];
    }
  s->have_grundy = TRUE;
}

/* Which closed form decides @board under @rules, if one does: normal play
   with every heap's Grundy value known; take-any misère play; misère play
   with one heap left to play on (a move keeps it so). */
static NimSolveMethod
theory_of (const NimSolution *s, NimGrundy *grundy)
{
  guint i, live = 0;
  gboolean wins;

  if (!s->rules.misere)
    {
      if (!s->have_grundy)
        return NIM_SOLVE_SEARCH;
      return nim_rules_is_take_any (&s->rules) ? NIM_SOLVE_NIM_SUM
                                               : NIM_SOLVE_GRUNDY;
    }
  if (nim_rules_is_take_any (&s->rules))
    return NIM_SOLVE_MISERE_NIM;
  for (i = 0; i < s->board.n_heaps; i++)
    if (s->board.heaps[i] >= nim_rules_min_take (&s->rules))
      {
        /* A set whose outcomes show no period is left to the search. */
        if (!nim_grundy_misere_wins (grundy, s->board.heaps[i], &wins, NULL))
          return NIM_SOLVE_SEARCH;
        live++;
      }
  return live <= 1 ? NIM_SOLVE_MISERE_ONE_HEAP : NIM_SOLVE_SEARCH;
}

/* Whether the player to move wins @board, by the closed form @method. */
static gboolean
theory_wins (NimSolveMethod method, NimGrundy *grundy, const NimRules *rules,
             const NimBoard *board)
{
  guint i, x = 0, big = 0, ones = 0;

  switch (method)
    {
    case NIM_SOLVE_NIM_SUM:
    case NIM_SOLVE_GRUNDY:
      for (i = 0; i < board->n_heaps; i++)
        {
          guint g = 0;

          /* Every heap of a child is at most the root's, whose values
             are known, and so are theirs. */
          if (!nim_grundy_value (grundy, board->heaps[i], &g, NULL))
            g_assert_not_reached ();
          x ^= g;
        }
      return x != 0;
    case NIM_SOLVE_MISERE_NIM:
      for (i = 0; i < board->n_heaps; i++)
        {
          x ^= board->heaps[i];
          big += board->heaps[i] >= 2;
          ones += board->heaps[i] == 1;
        }
      return big > 0 ? x != 0 : ones % 2 == 0;
    case NIM_SOLVE_MISERE_ONE_HEAP:
      for (i = 0; i < board->n_heaps; i++)
        if (board->heaps[i] >= nim_rules_min_take (rules))
          {
            gboolean wins = FALSE;

            if (!nim_grundy_misere_wins (grundy, board->heaps[i], &wins, NULL))
              g_assert_not_reached ();
            return wins;
          }
      return TRUE; /* no move: under misère play the mover wins */
    case NIM_SOLVE_SEARCH:
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

/* Whether the move to a heap of @to on heap @i wins by the theory. */
static gboolean
theory_move_wins (const NimSolution *s, NimGrundy *grundy, guint i, guint64 to,
                  NimMove *m)
{
  NimBoard child = s->board;

  m->heap = i;
  m->count = (guint32) (s->board.heaps[i] - to);
  m->split = 0;
  m->keep = 0;
  nim_board_make_move (&child, m);
  return !theory_wins (s->method, grundy, &s->rules, &child);
}

/* Too many moves to try each, under a code that splits heaps: a winning
   move among the few that differ.  Taking j from a heap of h leaves one
   heap (a few moves), or two, a + b = h - j with a <= b.  Once the values
   repeat with period p from n0, and b >= n0 + p, the split a + p and
   b - p leaves the same values as a and b: so a needs only go to
   n0 + p. */
static gboolean
code_some_winning_move (const NimSolution *s, NimGrundy *grundy, NimMove *move)
{
  guint64 n0 = 0, p = 0;
  gboolean periodic
      = s->have_grundy && nim_grundy_period (grundy, G_MAXUINT64, &n0, &p);
  guint i, j;

  for (i = 0; i < s->board.n_heaps; i++)
    for (j = 0; j <= s->rules.n_digits && j <= s->board.heaps[i]; j++)
      {
        guint64 h = s->board.heaps[i], rest = h - j, a, most = rest / 2;
        guint d = s->rules.digits[j];

        if (j > 0 && nim_rules_digit_leaves (d, (guint32) rest)
            && theory_move_wins (s, grundy, i, rest, move))
          return TRUE;
        if (!(d & NIM_RULES_TWO) || rest < 2)
          continue;
        if (periodic && rest >= 2 * (n0 + p))
          most = n0 + p;
        for (a = 1; a <= most; a++)
          {
            NimBoard child = s->board;

            move->heap = i;
            move->count = j;
            move->split = (guint32) (rest - a);
            move->keep = (guint32) a;
            nim_board_make_move (&child, move);
            if (!theory_wins (s->method, grundy, &s->rules, &child))
              return TRUE;
          }
      }
  return FALSE;
}

/* Too many moves to try each: a winning move of a range rule (take-any
   included), found among the few sizes a theory can want a heap to
   become: the one whose Grundy value makes the total 0 (for take-any,
   the heap's size XOR the nim-sum), or one that leaves 0 or 1 (misère
   play's endings).  Each size is the one in reach of the heap with the
   wanted remainder modulo max_take + 1, as G(n) = n mod (max_take + 1). */
static gboolean
theory_some_winning_move (const NimSolution *s, NimGrundy *grundy,
                          NimMove *move)
{
  guint64 mod = (guint64) s->rules.max_take + 1;
  guint i, k;

  switch (s->rules.family->shape)
    {
    case NIM_MOVES_RANGE:
      break;
    case NIM_MOVES_SET:
      return FALSE;
    case NIM_MOVES_GENERIC:
    case NIM_MOVES_TREE:
      /* A code's splits are bounded by its period; any other family's
         moves are tried one by one. */
      return s->rules.family->theory == NIM_GRUNDY_OCTAL
             && code_some_winning_move (s, grundy, move);
    }
  for (i = 0; i < s->board.n_heaps; i++)
    {
      guint64 h = s->board.heaps[i];
      guint64 lo = h - MIN (h, (guint64) s->rules.max_take);
      guint64 want[3] = { (h % mod) ^ (s->have_grundy ? s->grundy : 0), 0, 1 };

      if (s->rules.misere && nim_rules_is_take_any (&s->rules))
        want[0] = h ^ nim_board_nim_sum (&s->board);
      for (k = 0; k < G_N_ELEMENTS (want) && h > 0; k++)
        {
          guint64 r = want[k] % mod, to;

          if (r > h - 1)
            continue;
          to = (h - 1) - ((h - 1 - r) % mod);
          if (to >= lo && theory_move_wins (s, grundy, i, to, move))
            return TRUE;
        }
    }
  return FALSE;
}

/* The answer of a closed form: the value and the winning moves. */
static void
solve_by_theory (NimSolution *s, NimGrundy *grundy)
{
  s->wins = theory_wins (s->method, grundy, &s->rules, &s->board);
  if (!s->wins || !nim_board_has_move (&s->board, &s->rules))
    return;
  if (nim_movegen_count (&s->board, &s->rules) > NIM_SOLVE_MAX_MOVES)
    {
      NimMove m;

      s->complete = FALSE;
      /* A won position has a winning move, and for the rules with this
         many moves (ranges) it is among the sizes tried. */
      if (!theory_some_winning_move (s, grundy, &m))
        g_assert_not_reached ();
      g_array_append_val (s->winning_moves, m);
    }
  else
    {
      NimMoveGen gen = NIM_MOVEGEN_INIT;
      NimMove m;

      while (nim_movegen_next (&gen, &s->board, &s->rules, &m))
        {
          NimBoard child = s->board;

          /* The move itself, which may split a heap. */
          nim_board_make_move (&child, &m);
          if (!theory_wins (s->method, grundy, &s->rules, &child))
            g_array_append_val (s->winning_moves, m);
        }
    }
}

/* Checks a closed form's value with a short search by the strongest
   searcher (or the engine the caller named): verified when the search
   proves the same value within its budget.  A search that proves the
   other value is a bug in one of the two, and says so. */
static gboolean
verify_by_search (NimSolution *s, const char *engine, GError **error)
{
  const NimPlayerClass *strongest = nim_player_class_strongest ();
  const NimPlayerOption *o;
  g_autofree char *spec = NULL;
  g_autoptr (NimPlayer) p = NULL;
  gboolean has_tt = FALSE;
  int value = 0;
  char seconds[G_ASCII_DTOSTR_BUF_SIZE];

  /* A game from here could outgrow the board: no search can follow it,
     and the theory needs none. */
  if (!nim_board_check_room (&s->board, &s->rules, NULL))
    return TRUE;
  /* A search of a fraction of a second fills a few megabytes of table at
     most; a larger one would cost more to clear than the search. */
  for (o = strongest->options; o != NULL && o->key != NULL; o++)
    has_tt = has_tt || g_str_equal (o->key, "tt");
  /* A spec is read back: its number has a dot in every locale. */
  g_ascii_dtostr (seconds, sizeof seconds, NIM_SOLVE_VERIFY_TIME);
  spec = engine != NULL ? g_strdup (engine)
                        : g_strdup_printf ("%s:time=%s%s", strongest->name,
                                           seconds, has_tt ? ",tt=4M" : "");

  p = nim_player_new (spec, error);
  if (p == NULL)
    return FALSE;
  s->engine = g_strdup (nim_player_get_spec (p));
  nim_player_set_number (p, 1);
  nim_player_set_seed (p, 1);
  if (!nim_player_start (p, &s->rules, &s->board, error)
      || !nim_player_evaluate (p, &s->board, &value, NULL, error))
    return FALSE;
  s->nodes = nim_player_get_stats (p)->nodes;
  if (value != 0 && (value > 0) != s->wins)
    {
      g_autofree char *heaps = nim_board_to_string (&s->board);

      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   /* TRANSLATORS: %s is a player spec, then heaps. */
                   _ ("%s and the theory disagree on the position %s; "
                      "this is a bug, please report it"),
                   s->engine, heaps);
      return FALSE;
    }
  s->verified = value != 0;
  return TRUE;
}

/* The value for MAX of the tree node on @board, by @engine's search
   (a leaf's own, without one), adding what the search cost to *@nodes. */
static gboolean
tree_value (NimPlayer *engine, Budget *budget, const NimBoard *board,
            int *value, guint64 *nodes, GError **error)
{
  const NimTree *t = engine->rules.tree;
  guint32 node = nim_tree_node (t, board);
  const NimSearchStats *st = nim_player_get_stats (engine);
  NimMove move;

  if (t->n_children[node] == 0)
    {
      *value = t->value[node];
      return TRUE;
    }
  if (!budget_next (budget))
    {
      unproven (engine, board, NULL, LIMIT_BUDGET, error);
      return FALSE;
    }
  if (!nim_player_choose_move (engine, board, &move, error))
    return FALSE;
  *nodes += st->nodes;
  budget->used += st->nodes;
  if (!st->proven)
    {
      unproven (engine, board, NULL, LIMIT_BUDGET, error);
      return FALSE;
    }
  /* The search's value is for the player to move there: MIN at an odd
     depth. */
  *value = t->depth[node] % 2 == 0 ? st->value : -st->value;
  return TRUE;
}

/* nim_solve() on a game tree: the root's value by @engine's search, then
   each child's, to name every child worth as much. */
static gboolean
solve_tree (NimSolution *s, NimPlayer *engine, Budget *budget, GError **error)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove m;

  if (!tree_value (engine, budget, &s->board, &s->value, &s->nodes, error))
    return FALSE;
  s->position_nodes = s->nodes;
  s->wins = s->value > 0;
  s->child_values = g_array_new (FALSE, FALSE, sizeof (int));
  while (nim_movegen_next (&gen, &s->board, &s->rules, &m))
    {
      NimBoard child = s->board;
      int v;

      nim_board_make_move (&child, &m);
      if (!tree_value (engine, budget, &child, &v, &s->nodes, error))
        return FALSE;
      g_array_append_val (s->child_values, v);
      if (v == s->value)
        g_array_append_val (s->winning_moves, m);
    }
  return TRUE;
}

/**
 * nim_solve_check_engine:
 * @player: the engine asked to solve
 * @rules: the rules
 * @board: the position
 * @error: return location for a #NIM_ERROR_USAGE error naming the
 *   engines that can
 *
 * Whether nim_solve() takes @player as its engine: a computer player
 * that claims perfect play.  A caller that shows the engine's search
 * first asks before it searches.
 *
 * Returns: %TRUE if @player can solve a position
 */
gboolean
nim_solve_check_engine (const NimPlayer *player, const NimRules *rules,
                        const NimBoard *board, GError **error)
{
  if (nim_player_is_interactive (player))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %s is a player's name, "human". */
                   _ ("solving a position needs a computer engine, not %s"),
                   nim_player_get_name (player));
      return FALSE;
    }
  if (!player->klass->perfect)
    {
      g_autofree char *searchers
          = perfect_players (NIM_PLAYER_SEARCHER, rules, board);
      g_autofree char *closed
          = perfect_players (NIM_PLAYER_CLOSED_FORM, rules, board);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: the first %s is a player's name,
                      "random"; then two lists of players. */
                   *closed ? _ ("%s does not claim perfect play, so it cannot "
                                "prove what a position is worth; engines that "
                                "can: %s, and for these rules %s")
                           : _ ("%s does not claim perfect play, so it cannot "
                                "prove what a position is worth; engines that "
                                "can: %s"),
                   nim_player_get_name (player), searchers, closed);
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_solve:
 * @rules: the rules
 * @board: the position, with the player to move
 * @engine: (nullable): a player spec, such as "negamax" or "xor"; %NULL
 *   for the closed form where the rules have one (verified by a short
 *   search, see %NIM_SOLVE_VERIFY_TIME), otherwise the strongest searcher
 * @error: return location for a #NIM_ERROR_USAGE error (a bad or human
 *   engine), #NIM_ERROR_UNSUPPORTED (an engine that does not play the
 *   rules) or #NIM_ERROR_FAILED (the engine's budget ran out)
 *
 * An engine's budget of time or nodes covers the whole solution: the
 * position and every move checked.
 *
 * Returns: (transfer full) (nullable): the value of @board, its winning
 *   moves and what finding them cost
 */
NimSolution *
nim_solve (const NimRules *rules, const NimBoard *board, const char *engine,
           GError **error)
{
  g_autoptr (NimSolution) s = g_new0 (NimSolution, 1);
  g_autoptr (NimGrundy) grundy = nim_grundy_new (rules);
  g_autoptr (NimPlayer) p = NULL;
  gint64 t0 = g_get_monotonic_time ();
  NimMove best = { 0 };
  Budget budget;

  s->rules = *rules;
  s->board = *board;
  s->winning_moves = g_array_new (FALSE, FALSE, sizeof (NimMove));
  s->complete = TRUE;
  solve_grundy (s, grundy);
  if (engine == NULL)
    {
      s->method = theory_of (s, grundy);
      if (s->method != NIM_SOLVE_SEARCH)
        {
          solve_by_theory (s, grundy);
          if (!verify_by_search (s, NULL, error))
            return NULL;
          s->seconds = (g_get_monotonic_time () - t0) / 1e6;
          return g_steal_pointer (&s);
        }
      engine = nim_player_class_strongest ()->name;
    }

  p = nim_player_new (engine, error);
  if (p == NULL || !nim_solve_check_engine (p, rules, board, error))
    return NULL;
  s->method = NIM_SOLVE_SEARCH;
  s->engine = g_strdup (nim_player_get_spec (p));
  nim_player_set_number (p, 1);
  nim_player_set_seed (p, 1);
  if (!nim_player_start (p, rules, board, error))
    return NULL;
  budget_init (&budget, p);
  if (nim_rules_is_tree (rules))
    {
      if (!solve_tree (s, p, &budget, error))
        return NULL;
      s->seconds = (g_get_monotonic_time () - t0) / 1e6;
      return g_steal_pointer (&s);
    }
  if (!engine_wins (p, &budget, board, NULL, &best, &s->wins, &s->nodes,
                    error))
    return NULL;
  s->position_nodes = s->nodes;

  if (s->wins && nim_movegen_count (board, rules) > NIM_SOLVE_MAX_MOVES)
    {
      s->complete = FALSE;
      g_array_append_val (s->winning_moves, best);
    }
  else if (s->wins)
    {
      NimMoveGen gen = NIM_MOVEGEN_INIT;
      NimMove m;

      while (nim_movegen_next (&gen, board, rules, &m))
        {
          NimBoard child = *board;
          NimMove reply;
          gboolean child_wins;

          nim_board_make_move (&child, &m);
          if (!engine_wins (p, &budget, &child, &m, &reply, &child_wins,
                            &s->nodes, error))
            return NULL;
          if (!child_wins)
            g_array_append_val (s->winning_moves, m);
        }
    }
  s->seconds = (g_get_monotonic_time () - t0) / 1e6;
  return g_steal_pointer (&s);
}

/**
 * nim_grundy_sequence_new:
 * @rules: the take rule; normal play, for which Grundy values are defined
 * @n: the largest heap size, at most %NIM_GRUNDY_SEQUENCE_MAX
 *
 * Finds the period the Grundy values of a single heap settle into, if one
 * shows within @n, and readies G(0) to G(@n) for
 * nim_grundy_sequence_value().
 *
 * Returns: (transfer full): the sequence; free with
 *   nim_grundy_sequence_free()
 */
NimGrundySequence *
nim_grundy_sequence_new (const NimRules *rules, guint64 n)
{
  NimGrundySequence *self;

  g_return_val_if_fail (!rules->misere, NULL);
  g_return_val_if_fail (n <= NIM_GRUNDY_SEQUENCE_MAX, NULL);
  self = g_new0 (NimGrundySequence, 1);
  self->rules = *rules;
  self->n = n;
  self->grundy = nim_grundy_new (rules);
  self->periodic
      = nim_grundy_period (self->grundy, n, &self->preperiod, &self->period);
  return self;
}

/**
 * nim_grundy_sequence_value:
 * @sequence: a sequence
 * @i: a heap size, at most @sequence->n
 *
 * Returns: G(@i), under the sequence's take rule
 */
guint
nim_grundy_sequence_value (NimGrundySequence *sequence, guint64 i)
{
  guint value = 0;

  g_return_val_if_fail (i <= sequence->n, 0);
  /* The table holds NIM_GRUNDY_TABLE_MAX sizes, more than any sequence's
     (see the static assertion above): this cannot fail. */
  if (!nim_grundy_value (sequence->grundy, i, &value, NULL))
    g_assert_not_reached ();
  return value;
}

/**
 * nim_grundy_sequence_free:
 * @sequence: (nullable): a sequence
 */
void
nim_grundy_sequence_free (NimGrundySequence *sequence)
{
  if (sequence == NULL)
    return;
  nim_grundy_free (sequence->grundy);
  g_free (sequence);
}
