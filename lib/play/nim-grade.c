/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-grade.c -- `nim --grade`: a student's engine searched against the
 * exact visits of nim's own minimax or alpha-beta
 *
 * A student writes minimax or alpha-beta as an engine (any language, over
 * UGI) that says each position its search function is entered on, in an
 * `info string visit H1,H2,...` line.  The grader plays it through a
 * seeded set of positions, some searched to the end of the game and some
 * to a depth (`go depth D`), and holds each search to the reference: nim's
 * own minimax, or negamax as the textbook's alpha-beta
 * (tt=off,order=off,id=off,moves=generator,window=full), whose visits an
 * observer collects.
 *
 * A test whose visits differ gets the name of the bug, found by running
 * the reference with that mistake and comparing, never by guessing: a
 * ply less or more, no pruning (minimax's visits), the moves in another
 * order (reversed, the counts or the heaps backwards, negamax's own
 * order: the reference on a board with its heaps reversed is the
 * reference with the heaps backwards), the same positions in another
 * order, a part of them only.  The engine runs as every external engine
 * does (nim-player-engine.c): a timeout, a crash, a move nim cannot read
 * is the test's label, and the next test gets a fresh process. */

#include "config.h"

#include "nim-grade.h"

#include <string.h>

#include "nim-error.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-notation.h"
#include "nim-player-engine.h"
#include "nim-player.h"

/* The most visit lines nim keeps of a search, beyond what it needs to
   tell every mistake it names (the largest of the searches it compares
   with, twice over): a search that writes more is stopped. */
#define VISITS_SLACK 10000
/* The longest a bad line is kept, to show it. */
#define SHOWN_LINE 80

/* ---- names ----------------------------------------------------------- */

/**
 * nim_grade_assignment_name:
 * @assignment: an assignment
 *
 * Returns: its name as --assignment takes it: "minimax" or "alphabeta"
 */
const char *
nim_grade_assignment_name (NimGradeAssignment assignment)
{
  switch (assignment)
    {
    case NIM_GRADE_MINIMAX:
      return "minimax";
    case NIM_GRADE_ALPHA_BETA:
      return "alphabeta";
    }
  g_assert_not_reached ();
  return NULL;
}

/**
 * nim_grade_assignment_parse:
 * @text: "minimax", "alphabeta" or "alpha-beta"
 * @assignment: (out): the assignment
 *
 * Returns: %TRUE if @text names an assignment
 */
gboolean
nim_grade_assignment_parse (const char *text, NimGradeAssignment *assignment)
{
  if (g_str_equal (text, "minimax"))
    *assignment = NIM_GRADE_MINIMAX;
  else if (g_str_equal (text, "alphabeta") || g_str_equal (text, "alpha-beta"))
    *assignment = NIM_GRADE_ALPHA_BETA;
  else
    return FALSE;
  return TRUE;
}

/**
 * nim_grade_diagnosis_name:
 * @diagnosis: a label
 *
 * Returns: the label as the JSON and Gradescope's output write it, such
 *   as "wrong-order" (not translated: a grader's scripts read it)
 */
const char *
nim_grade_diagnosis_name (NimGradeDiagnosis diagnosis)
{
  switch (diagnosis)
    {
    case NIM_GRADE_CORRECT:
      return "correct";
    case NIM_GRADE_ILLEGAL_MOVE:
      return "illegal-move";
    case NIM_GRADE_WRONG_MOVE:
      return "wrong-move";
    case NIM_GRADE_WRONG_VALUE:
      return "wrong-value";
    case NIM_GRADE_NO_PRUNING:
      return "no-pruning";
    case NIM_GRADE_TOO_MUCH_PRUNING:
      return "too-much-pruning";
    case NIM_GRADE_DEPTH_OFF_BY_ONE:
      return "depth-off-by-one";
    case NIM_GRADE_WRONG_ORDER:
      return "wrong-order";
    case NIM_GRADE_WRONG_VISITS:
      return "wrong-visits";
    case NIM_GRADE_NO_VISITS:
      return "no-visits";
    case NIM_GRADE_TIMEOUT:
      return "timeout";
    case NIM_GRADE_CRASH:
      return "crash";
    case NIM_GRADE_PROTOCOL:
      return "protocol";
    case NIM_GRADE_N_DIAGNOSES:
      break;
    }
  g_assert_not_reached ();
  return NULL;
}

/* The rules of every assignment: take any number, normal play. */
static void
grade_rules (NimRules *rules)
{
  gboolean parsed;

  memset (rules, 0, sizeof *rules);
  parsed = nim_rules_parse (rules, "any", "rules", NULL);
  g_assert (parsed && !rules->misere);
}

/* ---- the reference ----------------------------------------------------- */

/* The textbook's alpha-beta with the order @moves (negamax's moves=). */
static char *
alpha_beta_spec (const char *moves, guint depth)
{
  return g_strdup_printf ("negamax:time=0,ab=on,tt=off,order=off,id=off,"
                          "moves=%s,window=full,depth=%u",
                          moves, depth);
}

/* nim_grade_reference_spec:
   @assignment: an assignment
   @depth: the go's depth, 0 to the end of the game

   Returns: (transfer full): the player spec of the search the engine is
     held to: minimax, or negamax as the textbook's alpha-beta */
static char *
nim_grade_reference_spec (NimGradeAssignment assignment, guint depth)
{
  switch (assignment)
    {
    case NIM_GRADE_MINIMAX:
      return g_strdup_printf ("minimax:time=0,depth=%u", depth);
    case NIM_GRADE_ALPHA_BETA:
      return alpha_beta_spec ("generator", depth);
    }
  g_assert_not_reached ();
  return NULL;
}

/* What an observer collects of a search: the positions it enters, with
   their plies, and for minimax its root's moves with their values (for
   the player at the root). */
typedef struct
{
  GPtrArray *visits;
  GArray *plies;
  gboolean reversed; /* the board was searched with its heaps reversed */
  GArray *root_moves;
  GArray *root_values;
} Collector;

static void
collector_init (Collector *c, gboolean reversed)
{
  c->visits = g_ptr_array_new_with_free_func (g_free);
  c->plies = g_array_new (FALSE, FALSE, sizeof (guint));
  c->reversed = reversed;
  c->root_moves = g_array_new (FALSE, FALSE, sizeof (NimMove));
  c->root_values = g_array_new (FALSE, FALSE, sizeof (int));
}

static void
collector_clear (Collector *c)
{
  g_clear_pointer (&c->visits, g_ptr_array_unref);
  g_clear_pointer (&c->plies, g_array_unref);
  g_clear_pointer (&c->root_moves, g_array_unref);
  g_clear_pointer (&c->root_values, g_array_unref);
}

/* @board with its heaps in the other order. */
static void
board_reverse (const NimBoard *board, NimBoard *reversed)
{
  guint32 heaps[NIM_MAX_HEAPS];
  guint i;

  for (i = 0; i < board->n_heaps; i++)
    heaps[i] = board->heaps[board->n_heaps - 1 - i];
  nim_board_init (reversed, heaps, board->n_heaps);
}

static void
collect_enter (gpointer data, guint ply, const NimBoard *board, int alpha,
               int beta)
{
  Collector *c = data;

  if (c->reversed)
    {
      NimBoard back;

      board_reverse (board, &back);
      g_ptr_array_add (c->visits, nim_board_to_string (&back));
    }
  else
    g_ptr_array_add (c->visits, nim_board_to_string (board));
  g_array_append_val (c->plies, ply);
}

static void
collect_leave (gpointer data, guint ply, const NimBoard *board, int value,
               guint flags)
{
  Collector *c = data;

  if (ply == 1)
    g_array_append_val (c->root_values, value);
}

static void
collect_try (gpointer data, guint ply, const NimMove *move, NimTraceTry why)
{
  Collector *c = data;

  if (ply == 0)
    g_array_append_val (c->root_moves, *move);
}

static const NimObserverFuncs collect_funcs = {
  .enter = collect_enter,
  .leave = collect_leave,
  .try_move = collect_try,
};

/* Runs the search @spec on @board (with its heaps reversed when
   @reversed, and its visits written back in the board's order), into
   @c; its root value in *value and its move in *move (on the board
   searched). */
static gboolean
run_reference (const char *spec, const NimBoard *board, gboolean reversed,
               Collector *c, int *value, NimMove *move, GError **error)
{
  g_autoptr (NimPlayer) player = nim_player_new (spec, error);
  NimObserver observer = { &collect_funcs, c };
  NimRules rules;
  NimBoard searched;

  if (player == NULL)
    return FALSE;
  grade_rules (&rules);
  if (reversed)
    board_reverse (board, &searched);
  else
    searched = *board;
  if (!nim_player_start (player, &rules, &searched, error))
    return FALSE;
  nim_player_set_trace (player, &observer);
  if (!nim_player_choose_move (player, &searched, move, error))
    return FALSE;
  *value = nim_player_get_stats (player)->value;
  return TRUE;
}

/* The visits of the reference, or of one with a mistake, for a board and
   depth; reports are made of them. */
static GPtrArray *
reference_visits (const char *spec, const NimBoard *board, gboolean reversed)
{
  g_autoptr (GError) error = NULL;
  Collector c;
  GPtrArray *visits;
  int value;
  NimMove move;

  collector_init (&c, reversed);
  if (!run_reference (spec, board, reversed, &c, &value, &move, &error))
    g_error ("the grader's reference %s failed: %s", spec, error->message);
  visits = g_ptr_array_ref (c.visits);
  collector_clear (&c);
  return visits;
}

/* How many positions a search of @board to @left plies more visits
   (G_MAXUINT: to the end), counted up to @cap. */
static guint64
count_tree (NimBoard *board, const NimRules *rules, guint left, guint64 cap)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;
  guint64 n = 1;

  if (left == 0 || !nim_board_has_move (board, rules))
    return 1;
  while (n <= cap && nim_movegen_next (&gen, board, rules, &move))
    {
      nim_board_make_move (board, &move);
      n += count_tree (board, rules, left == G_MAXUINT ? left : left - 1,
                       cap - MIN (n, cap));
      nim_board_unmake_move (board, &move);
    }
  return n;
}

/* ---- the positions ------------------------------------------------------ */

/* What a test's position must be: minimax's tree (to the test's depth)
   between @min and @max positions, won or lost for the player to move
   when @want says (1 won, -1 lost, 0 either), and for alpha-beta with
   something to prune. */
typedef struct
{
  guint depth_min, depth_max; /* 0 and 0: to the end */
  guint max_heap;
  guint64 min, max;
  int want;
} Shape;

/* Draws a position of @shape that no earlier test has. */
static void
draw_position (GRand *rand, NimGradeAssignment assignment, const Shape *shape,
               const NimBoard *earlier, const guint *earlier_depths,
               guint n_earlier, NimBoard *board, guint *depth)
{
  NimRules rules;
  guint attempt;

  grade_rules (&rules);
  for (attempt = 0;; attempt++)
    {
      guint32 heaps[4];
      guint n = (guint) g_rand_int_range (rand, 2, 5), i, d;
      guint64 size;
      gboolean seen = FALSE;

      /* Positions of this shape abound: a few hundred draws find one. */
      g_assert (attempt < 100000);
      for (i = 0; i < n; i++)
        heaps[i] = (guint32) g_rand_int_range (rand, 1,
                                               (gint32) shape->max_heap + 1);
      d = shape->depth_max == 0
              ? 0
              : (guint) g_rand_int_range (rand, (gint32) shape->depth_min,
                                          (gint32) shape->depth_max + 1);
      nim_board_init (board, heaps, n);
      /* A depth limit that the game ends before would test nothing. */
      if (d > 0 && board->total <= d)
        continue;
      if (shape->want != 0
          && (nim_board_nim_sum (board) != 0) != (shape->want > 0))
        continue;
      for (i = 0; i < n_earlier; i++)
        seen = seen
               || (nim_board_equal (&earlier[i], board)
                   && earlier_depths[i] == d);
      if (seen)
        continue;
      size = count_tree (board, &rules, d == 0 ? G_MAXUINT : d, shape->max);
      if (size < shape->min || size > shape->max)
        continue;
      if (assignment == NIM_GRADE_ALPHA_BETA)
        {
          /* Alpha-beta must prune something, or no pruning would go
             unnoticed. */
          g_autofree char *spec = nim_grade_reference_spec (assignment, d);
          g_autoptr (GPtrArray) visits = reference_visits (spec, board, FALSE);

          if (visits->len >= size)
            continue;
        }
      *depth = d;
      return;
    }
}

/**
 * nim_grade_positions:
 * @assignment: the assignment
 * @seed: the seed
 * @boards: (out caller-allocates) (array fixed-size=NIM_GRADE_TESTS):
 *   the positions, player 1 to move
 * @depths: (out caller-allocates) (array fixed-size=NIM_GRADE_TESTS): the
 *   go's depth of each, 0 for a search to the end
 *
 * The tests' positions, the same for the same @assignment and @seed: the
 * first %NIM_GRADE_FULL_TESTS searched to the end of the game, small
 * enough for minimax (most of them won, so that a move can give the win
 * away, and some lost), the others to a depth of 2 to 4 plies (alpha-beta:
 * 3 to 5) on larger positions.  Under alpha-beta each prunes something.
 */
void
nim_grade_positions (NimGradeAssignment assignment, guint32 seed,
                     NimBoard *boards, guint *depths)
{
  static const int full_wants[NIM_GRADE_FULL_TESTS] = { 1, -1, 1, 1, -1, 1 };
  const guint32 seeds[2] = { seed, (guint32) assignment };
  g_autoptr (GRand) rand = g_rand_new_with_seed_array (seeds, 2);
  const gboolean ab = assignment == NIM_GRADE_ALPHA_BETA;
  guint i;

  for (i = 0; i < NIM_GRADE_TESTS; i++)
    {
      Shape shape = { 0 };

      if (i < NIM_GRADE_FULL_TESTS)
        {
          shape.max_heap = ab ? 5 : 4;
          shape.min = ab ? 200 : 40;
          shape.max = ab ? 20000 : 3000;
          shape.want = full_wants[i];
        }
      else
        {
          shape.depth_min = ab ? 3 : 2;
          shape.depth_max = ab ? 5 : 4;
          shape.max_heap = 7;
          shape.min = ab ? 200 : 60;
          shape.max = ab ? 20000 : 3000;
        }
      draw_position (rand, assignment, &shape, boards, depths, i, &boards[i],
                     &depths[i]);
    }
}

/* ---- the engine's side ------------------------------------------------ */

/* What nim reads of the engine's info lines during one search. */
typedef struct
{
  GPtrArray *visits;
  guint cap;
  gboolean flood;
  char *bad_visit;
  gboolean has_value;
  int value;
  char *bad_score;
} Watch;

/* "1,0,2", "1, 0, 2", "[1, 0, 2]" or "(1, 0, 2)" as "1,0,2"; %NULL for
   anything else. */
static char *
parse_visit (const char *text)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  g_auto (GStrv) parts = NULL;
  GString *out = g_string_new (NULL);
  char *p = copy;
  gsize len = strlen (copy);
  guint i;

  if (len >= 2
      && ((p[0] == '[' && p[len - 1] == ']')
          || (p[0] == '(' && p[len - 1] == ')')))
    {
      p[len - 1] = '\0';
      p++;
    }
  parts = g_strsplit (p, ",", -1);
  for (i = 0; parts[i] != NULL; i++)
    {
      char *part = g_strstrip (parts[i]);
      guint64 n;
      char *end;

      if (part[0] == '\0' || !g_ascii_isdigit (part[0]) || strlen (part) > 10)
        break;
      n = g_ascii_strtoull (part, &end, 10);
      if (*end != '\0' || n > G_MAXUINT32 || i >= NIM_MAX_HEAPS)
        break;
      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append_printf (out, "%" G_GUINT64_FORMAT, n);
    }
  if (i == 0 || parts[i] != NULL)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

/* `score cp V` of an info line (not of its string), into @w; `score mate
   N` as a win (N > 0) or a loss (N < 0), as nim --ugi writes a proof. */
static void
read_score (Watch *w, const char *line)
{
  g_auto (GStrv) words = g_strsplit (line, " ", -1);
  guint i;

  for (i = 1; words[i] != NULL; i++)
    {
      char *end;
      gint64 v;

      if (g_str_equal (words[i], "string") || g_str_equal (words[i], "pv"))
        return;
      if (!g_str_equal (words[i], "score"))
        continue;
      if (words[i + 1] != NULL
          && (g_str_equal (words[i + 1], "cp")
              || g_str_equal (words[i + 1], "mate"))
          && words[i + 2] != NULL && words[i + 2][0] != '\0')
        {
          gboolean mate = g_str_equal (words[i + 1], "mate");

          v = g_ascii_strtoll (words[i + 2], &end, 10);
          if (*end == '\0' && v >= G_MININT && v <= G_MAXINT
              && !(mate && v == 0))
            {
              w->has_value = TRUE;
              w->value = mate ? (v > 0) - (v < 0) : (int) v;
              g_clear_pointer (&w->bad_score, g_free);
              return;
            }
        }
      /* Another form (a mate score, no number): kept to show. */
      w->has_value = FALSE;
      g_free (w->bad_score);
      w->bad_score = g_utf8_make_valid (line, MIN (strlen (line), SHOWN_LINE));
      return;
    }
}

static gboolean
watch_info (gpointer data, const char *line, GError **error)
{
  Watch *w = data;
  static const char visit[] = "info string visit";
  char *position;

  if (!g_str_has_prefix (line, visit)
      || (line[strlen (visit)] != ' ' && line[strlen (visit)] != '\0'))
    {
      if (!g_str_has_prefix (line, "info string"))
        read_score (w, line);
      return TRUE;
    }
  if (w->visits->len >= w->cap)
    {
      w->flood = TRUE;
      g_set_error (
          error, NIM_ERROR, NIM_ERROR_FAILED,
          /* TRANSLATORS: a grader's reason to stop an engine;
             "info string visit" is protocol, typed as is. */
          g_dngettext (GETTEXT_PACKAGE, "more than %u info string visit line",
                       "more than %u info string visit lines", w->cap),
          w->cap);
      return FALSE;
    }
  position = parse_visit (line + strlen (visit));
  if (position == NULL)
    {
      if (w->bad_visit == NULL)
        w->bad_visit
            = g_utf8_make_valid (line, MIN (strlen (line), SHOWN_LINE));
      return TRUE;
    }
  g_ptr_array_add (w->visits, position);
  return TRUE;
}

/* The label of an engine's failure. */
static NimGradeDiagnosis
failure_diagnosis (const NimPlayer *player, const GError *failure)
{
  switch ((NimEnd) failure->code)
    {
    case NIM_END_ILLEGAL:
      return NIM_GRADE_ILLEGAL_MOVE;
    case NIM_END_TIME:
      return NIM_GRADE_TIMEOUT;
    case NIM_END_DISCONNECT:
      return NIM_GRADE_CRASH;
    case NIM_END_STARTUP:
      return nim_player_engine_timed_out (player) ? NIM_GRADE_TIMEOUT
                                                  : NIM_GRADE_CRASH;
    case NIM_END_PROTOCOL:
    case NIM_END_NORMAL:
    case NIM_END_N:
      break;
    }
  return NIM_GRADE_PROTOCOL;
}

/* ---- comparing ------------------------------------------------------------
 */

static gboolean
same_visits (const GPtrArray *a, const GPtrArray *b)
{
  guint i;

  if (a->len != b->len)
    return FALSE;
  for (i = 0; i < a->len; i++)
    if (!g_str_equal (a->pdata[i], b->pdata[i]))
      return FALSE;
  return TRUE;
}

/* Whether the positions of @part, counted with their repeats, are among
   those of @whole. */
static gboolean
sub_multiset (const GPtrArray *part, const GPtrArray *whole)
{
  g_autoptr (GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  guint i;

  if (part->len > whole->len)
    return FALSE;
  for (i = 0; i < whole->len; i++)
    {
      gpointer n = g_hash_table_lookup (counts, whole->pdata[i]);

      g_hash_table_insert (counts, whole->pdata[i],
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (n) + 1));
    }
  for (i = 0; i < part->len; i++)
    {
      guint n
          = GPOINTER_TO_UINT (g_hash_table_lookup (counts, part->pdata[i]));

      if (n == 0)
        return FALSE;
      g_hash_table_insert (counts, part->pdata[i], GUINT_TO_POINTER (n - 1));
    }
  return TRUE;
}

/* The index of the first visit where @a and @b differ, or -1. */
static gint64
first_difference (const GPtrArray *a, const GPtrArray *b)
{
  guint i;

  for (i = 0; i < MIN (a->len, b->len); i++)
    if (!g_str_equal (a->pdata[i], b->pdata[i]))
      return i;
  return a->len == b->len ? -1 : (gint64) MIN (a->len, b->len);
}

/* The searches with a mistake, as the reference run with it. */
typedef struct
{
  NimGradeMatch match;
  const char *moves;       /* negamax's moves= */
  gboolean reversed_board; /* searched with the heaps reversed */
} Variant;

static const Variant order_variants[] = {
  { NIM_GRADE_MATCH_REVERSED, "reversed", FALSE },
  { NIM_GRADE_MATCH_COUNTS_REVERSED, "reversed", TRUE },
  { NIM_GRADE_MATCH_HEAPS_REVERSED, "generator", TRUE },
  { NIM_GRADE_MATCH_ROOT_ONLY, "largest", FALSE },
};

/* Names what is wrong with visits that are not the reference's, by the
   searches with a mistake whose visits they are; @minimax holds
   minimax's visits at the test's depth. */
static void
diagnose_visits (NimGradeAssignment assignment, NimGradeTest *t,
                 const GPtrArray *minimax)
{
  const GPtrArray *s = t->visits;
  const gboolean ab = assignment == NIM_GRADE_ALPHA_BETA;
  guint i, k;

  t->diagnosis = NIM_GRADE_WRONG_VISITS;
  t->departure = first_difference (s, t->reference);
  if (t->flood)
    {
      t->match = NIM_GRADE_MATCH_FLOOD;
      return;
    }
  /* Minimax's visits, exactly: no pruning at all. */
  if (ab && same_visits (s, minimax))
    {
      t->diagnosis = NIM_GRADE_NO_PRUNING;
      t->match = NIM_GRADE_MATCH_MINIMAX;
      t->match_visits = minimax->len;
      return;
    }
  /* A ply less, or more, than the go asked. */
  for (k = 0; t->depth > 0 && k < 2; k++)
    {
      guint d = k == 0 ? t->depth - 1 : t->depth + 1;
      g_autofree char *spec = NULL;
      g_autoptr (GPtrArray) v = NULL;

      if (d == 0)
        continue;
      spec = nim_grade_reference_spec (assignment, d);
      v = reference_visits (spec, &t->board, FALSE);
      if (same_visits (s, v))
        {
          t->diagnosis = NIM_GRADE_DEPTH_OFF_BY_ONE;
          t->match = k == 0 ? NIM_GRADE_MATCH_DEPTH_LESS
                            : NIM_GRADE_MATCH_DEPTH_MORE;
          t->match_visits = v->len;
          return;
        }
    }
  /* The moves in another order: for minimax every order visits the same
     positions, which the comparison of the sets below finds. */
  for (i = 0; ab && i < G_N_ELEMENTS (order_variants); i++)
    {
      const Variant *o = &order_variants[i];
      g_autofree char *spec = alpha_beta_spec (o->moves, t->depth);
      g_autoptr (GPtrArray) v = NULL;

      /* One heap: reversing the heaps changes nothing. */
      if (o->reversed_board && t->board.n_heaps < 2)
        continue;
      v = reference_visits (spec, &t->board, o->reversed_board);
      if (same_visits (s, v) && !same_visits (v, t->reference))
        {
          t->diagnosis = NIM_GRADE_WRONG_ORDER;
          t->match = o->match;
          t->match_visits = v->len;
          return;
        }
    }
  if (s->len == t->reference->len && sub_multiset (s, t->reference))
    {
      t->diagnosis = NIM_GRADE_WRONG_ORDER;
      t->match = NIM_GRADE_MATCH_SAME_SET;
      return;
    }
  if (ab && s->len == minimax->len && sub_multiset (s, minimax))
    {
      t->diagnosis = NIM_GRADE_NO_PRUNING;
      t->match = NIM_GRADE_MATCH_MINIMAX_OTHER_ORDER;
      t->match_visits = minimax->len;
      return;
    }
  if (s->len < t->reference->len && sub_multiset (s, t->reference))
    {
      t->diagnosis = NIM_GRADE_TOO_MUCH_PRUNING;
      t->match = NIM_GRADE_MATCH_SUBSET;
      return;
    }
}

static gboolean
is_good_move (const NimGradeTest *t)
{
  guint i;

  for (i = 0; i < t->good_moves->len; i++)
    if (nim_move_equal (&g_array_index (t->good_moves, NimMove, i), &t->move))
      return TRUE;
  return FALSE;
}

static void
test_free (gpointer data)
{
  NimGradeTest *t = data;

  g_free (t->bad_score);
  g_clear_pointer (&t->visits, g_ptr_array_unref);
  g_free (t->bad_visit);
  g_free (t->failure);
  g_free (t->reference_spec);
  g_clear_pointer (&t->reference, g_ptr_array_unref);
  g_clear_pointer (&t->reference_plies, g_array_unref);
  g_clear_pointer (&t->good_moves, g_array_unref);
  g_free (t);
}

/* The reference's side of a test: its visits, its move, its value and
   every best move; minimax's visits into *minimax. */
static gboolean
grade_reference (NimGradeAssignment assignment, NimGradeTest *t,
                 GPtrArray **minimax, GError **error)
{
  g_autofree char *mm_spec
      = nim_grade_reference_spec (NIM_GRADE_MINIMAX, t->depth);
  Collector mm;
  int mm_value, best = G_MININT;
  NimMove mm_move;
  guint i;

  /* Minimax gives every root move its value, for the player at the
     root: the best moves are those worth the most. */
  collector_init (&mm, FALSE);
  if (!run_reference (mm_spec, &t->board, FALSE, &mm, &mm_value, &mm_move,
                      error))
    {
      collector_clear (&mm);
      return FALSE;
    }
  g_assert (mm.root_moves->len == mm.root_values->len);
  for (i = 0; i < mm.root_values->len; i++)
    best = MAX (best, g_array_index (mm.root_values, int, i));
  t->good_moves = g_array_new (FALSE, FALSE, sizeof (NimMove));
  for (i = 0; i < mm.root_values->len; i++)
    if (g_array_index (mm.root_values, int, i) == best)
      g_array_append_val (t->good_moves,
                          g_array_index (mm.root_moves, NimMove, i));
  t->reference_spec = nim_grade_reference_spec (assignment, t->depth);
  if (assignment == NIM_GRADE_MINIMAX)
    {
      t->reference = g_ptr_array_ref (mm.visits);
      t->reference_plies = g_array_ref (mm.plies);
      t->best_move = mm_move;
      t->best_value = mm_value;
    }
  else
    {
      Collector ab;

      collector_init (&ab, FALSE);
      if (!run_reference (t->reference_spec, &t->board, FALSE, &ab,
                          &t->best_value, &t->best_move, error))
        {
          collector_clear (&ab);
          collector_clear (&mm);
          return FALSE;
        }
      t->reference = g_ptr_array_ref (ab.visits);
      t->reference_plies = g_array_ref (ab.plies);
      collector_clear (&ab);
    }
  *minimax = g_ptr_array_ref (mm.visits);
  collector_clear (&mm);
  return TRUE;
}

/* Plays the engine on the test's position and grades what it did.
   Returns %FALSE only for what stops the grading: Ctrl-C, or nim's own
   failure (a log it cannot write). */
static gboolean
grade_test (NimGradeAssignment assignment, NimPlayer *engine, NimGradeTest *t,
            GError **error)
{
  g_autoptr (GPtrArray) minimax = NULL;
  g_autoptr (GError) local = NULL;
  const NimBudget budget = { t->depth, 0, 0 };
  Watch w = { 0 };
  NimRules rules;
  const GError *failure;

  if (!grade_reference (assignment, t, &minimax, error))
    return FALSE;
  grade_rules (&rules);
  w.visits = g_ptr_array_new_with_free_func (g_free);
  w.cap = 2 * MAX (minimax->len, t->reference->len) + VISITS_SLACK;
  nim_player_engine_watch_info (engine, watch_info, &w);
  nim_player_set_budget (engine, &budget);
  if (!nim_player_start (engine, &rules, &t->board, &local))
    goto failed;
  failure = nim_player_get_forfeit (engine);
  if (failure == NULL
      && nim_player_choose_move (engine, &t->board, &t->move, &local))
    t->moved = TRUE;
  else if (failure == NULL)
    failure = local;
  if (failure != NULL && failure->domain != NIM_FORFEIT_ERROR)
    goto failed;
  nim_player_engine_watch_info (engine, NULL, NULL);

  t->visits = g_steal_pointer (&w.visits);
  t->flood = w.flood;
  t->bad_visit = g_steal_pointer (&w.bad_visit);
  t->has_value = w.has_value;
  t->value = w.value;
  t->bad_score = g_steal_pointer (&w.bad_score);
  t->departure = first_difference (t->visits, t->reference);
  if (failure != NULL)
    t->failure = g_strdup (failure->message);

  /* One label: what the engine failed at first, then its visits, then
     its move, then its value. */
  if (failure != NULL && !t->flood)
    t->diagnosis = failure_diagnosis (engine, failure);
  else if (t->bad_visit != NULL)
    t->diagnosis = NIM_GRADE_PROTOCOL;
  else if (t->visits->len == 0)
    t->diagnosis = NIM_GRADE_NO_VISITS;
  else if (t->flood || !same_visits (t->visits, t->reference))
    diagnose_visits (assignment, t, minimax);
  else if (!is_good_move (t))
    t->diagnosis = NIM_GRADE_WRONG_MOVE;
  else if (!t->has_value || (t->value > 0) - (t->value < 0) != t->best_value)
    t->diagnosis = NIM_GRADE_WRONG_VALUE;
  else
    t->diagnosis = NIM_GRADE_CORRECT;
  t->score = t->diagnosis == NIM_GRADE_CORRECT ? t->max_score : 0;
  return TRUE;

failed:
  nim_player_engine_watch_info (engine, NULL, NULL);
  g_ptr_array_unref (w.visits);
  g_free (w.bad_visit);
  g_free (w.bad_score);
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

/**
 * nim_grade_run:
 * @assignment: what the student was asked to write
 * @engine: the name of a declared engine (nim_player_engine_declare ())
 * @seed: the positions' seed (see nim_grade_positions ())
 * @timeout: the seconds each search may take
 * @test_done: (nullable): called as each test is graded
 * @user_data: passed to @test_done
 * @error: return location for an error: @engine is not an engine
 *   (%NIM_ERROR_USAGE), Ctrl-C (%NIM_ERROR_INTERRUPTED), nim's own
 *   failure (a log it cannot write)
 *
 * Grades the engine: each test's position sent with `position fen ...
 * p1` and `go` (to the end) or `go depth D`, its `info string visit`
 * lines, its score and its move held to the reference's.  The engine's
 * own failures are the tests' labels, never an error.
 *
 * Returns: (transfer full) (nullable): the report, or %NULL
 */
NimGradeReport *
nim_grade_run (NimGradeAssignment assignment, const char *engine, guint32 seed,
               double timeout, NimGradeTestFunc test_done, gpointer user_data,
               GError **error)
{
  g_autoptr (NimGradeReport) report = NULL;
  g_autoptr (NimPlayer) player = NULL;
  const NimPlayerClass *klass = nim_player_class_lookup (engine);
  NimBoard boards[NIM_GRADE_TESTS];
  guint depths[NIM_GRADE_TESTS];
  gint64 start = g_get_monotonic_time ();
  g_autoptr (GError) local = NULL;
  guint i;

  g_return_val_if_fail (engine != NULL && timeout > 0, NULL);

  if (klass == NULL || !nim_player_class_is_engine (klass))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("player %s is not an external engine"), engine);
      return NULL;
    }
  player = nim_player_new (engine, error);
  if (player == NULL)
    return NULL;
  nim_player_set_number (player, 1);
  nim_player_engine_set_move_limit (player,
                                    (gint64) (timeout * G_USEC_PER_SEC));
  report = g_new0 (NimGradeReport, 1);
  report->assignment = assignment;
  report->engine = g_strdup (engine);
  report->seed = seed;
  report->tests = g_ptr_array_new_with_free_func (test_free);
  nim_grade_positions (assignment, seed, boards, depths);
  for (i = 0; i < NIM_GRADE_TESTS; i++)
    {
      NimGradeTest *t = g_new0 (NimGradeTest, 1);

      t->number = i + 1;
      t->board = boards[i];
      t->depth = depths[i];
      t->max_score = 1;
      t->departure = -1;
      t->timeout = timeout;
      g_ptr_array_add (report->tests, t);
      if (!grade_test (assignment, player, t, &local))
        {
          /* The engine's words are of a game; this was a grading. */
          if (g_error_matches (local, NIM_ERROR, NIM_ERROR_INTERRUPTED))
            g_set_error (error, NIM_ERROR, NIM_ERROR_INTERRUPTED,
                         _ ("interrupted: the grading stopped at test %u "
                            "of %u"),
                         t->number, NIM_GRADE_TESTS);
          else
            g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      report->score += t->score;
      report->max_score += t->max_score;
      if (test_done != NULL)
        test_done (t, user_data);
    }
  report->seconds = (g_get_monotonic_time () - start) / 1e6;
  return g_steal_pointer (&report);
}

/**
 * nim_grade_reference_path:
 * @test: a graded test
 * @index: the index of one of its reference's visits
 *
 * The reference's way to a visit: the root, then each position on the
 * way, the visit last.
 *
 * Returns: (transfer container) (element-type utf8): the positions, which
 *   @test owns
 */
GPtrArray *
nim_grade_reference_path (const NimGradeTest *test, guint index)
{
  GPtrArray *path = g_ptr_array_new ();
  guint ply, i;

  g_return_val_if_fail (index < test->reference->len, path);

  ply = g_array_index (test->reference_plies, guint, index);
  g_ptr_array_add (path, test->reference->pdata[index]);
  for (i = index; i-- > 0 && ply > 0;)
    if (g_array_index (test->reference_plies, guint, i) == ply - 1)
      {
        g_ptr_array_insert (path, 0, test->reference->pdata[i]);
        ply--;
      }
  return path;
}

/**
 * nim_grade_report_free:
 * @report: (nullable): a report
 */
void
nim_grade_report_free (NimGradeReport *report)
{
  if (report == NULL)
    return;
  g_free (report->engine);
  g_clear_pointer (&report->tests, g_ptr_array_unref);
  g_free (report);
}
