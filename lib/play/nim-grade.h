/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-grade.h -- `nim --grade`: a student's engine searched against the
   exact visits of nim's own minimax or alpha-beta */
#pragma once

#include <glib.h>

#include "nim-board.h"
#include "nim-move.h"

G_BEGIN_DECLS

/* How many tests a grading runs: the first NIM_GRADE_FULL_TESTS search
   to the end of the game, the others to a depth. */
#define NIM_GRADE_TESTS 10
#define NIM_GRADE_FULL_TESTS 6

/* The time each search has by default, in seconds. */
#define NIM_GRADE_DEFAULT_TIMEOUT 2.0

/**
 * NimGradeAssignment:
 * @NIM_GRADE_MINIMAX: minimax (or negamax) without pruning
 * @NIM_GRADE_ALPHA_BETA: alpha-beta, the textbook's: the moves in the
 *   generator's order, a node's loop stopped as soon as a child's value
 *   reaches beta, the root's window (-infinity, +infinity)
 *
 * What the student was asked to write.
 */
typedef enum
{
  NIM_GRADE_MINIMAX,
  NIM_GRADE_ALPHA_BETA,
} NimGradeAssignment;

/**
 * NimGradeDiagnosis:
 * @NIM_GRADE_CORRECT: the move, the value and every visit are right
 * @NIM_GRADE_ILLEGAL_MOVE: the engine played a move the rules refuse
 * @NIM_GRADE_WRONG_MOVE: the visits are right, but the move is not one of
 *   the best (in a won position: it gives the win away)
 * @NIM_GRADE_WRONG_VALUE: the visits and the move are right, but the
 *   score the engine reported is not the root's value, or it reported
 *   none
 * @NIM_GRADE_NO_PRUNING: alpha-beta was asked for, and the engine visits
 *   exactly the positions minimax visits
 * @NIM_GRADE_TOO_MUCH_PRUNING: the engine visits some of the reference's
 *   positions and no other: it stops too soon
 * @NIM_GRADE_DEPTH_OFF_BY_ONE: the engine visits exactly the reference's
 *   positions for one ply less or one more than the go asked
 * @NIM_GRADE_WRONG_ORDER: the engine visits the reference's positions in
 *   another order, or exactly the positions of the reference with the
 *   moves in another order (the heaps, the counts, or both, backwards;
 *   negamax's own order)
 * @NIM_GRADE_WRONG_VISITS: any other sequence of visits
 * @NIM_GRADE_NO_VISITS: the engine wrote no `info string visit` line
 * @NIM_GRADE_TIMEOUT: it did not answer in time
 * @NIM_GRADE_CRASH: it died, or closed its pipes, or did not start
 * @NIM_GRADE_PROTOCOL: it broke the protocol: a bestmove nim cannot read,
 *   a visit line that is not a position
 *
 * The one label of a test, which names the bug.
 */
typedef enum
{
  NIM_GRADE_CORRECT,
  NIM_GRADE_ILLEGAL_MOVE,
  NIM_GRADE_WRONG_MOVE,
  NIM_GRADE_WRONG_VALUE,
  NIM_GRADE_NO_PRUNING,
  NIM_GRADE_TOO_MUCH_PRUNING,
  NIM_GRADE_DEPTH_OFF_BY_ONE,
  NIM_GRADE_WRONG_ORDER,
  NIM_GRADE_WRONG_VISITS,
  NIM_GRADE_NO_VISITS,
  NIM_GRADE_TIMEOUT,
  NIM_GRADE_CRASH,
  NIM_GRADE_PROTOCOL,
  NIM_GRADE_N_DIAGNOSES,
} NimGradeDiagnosis;

/**
 * NimGradeMatch:
 * @NIM_GRADE_MATCH_NONE: nothing more to say than the diagnosis
 * @NIM_GRADE_MATCH_DEPTH_LESS: the visits of a search one ply shallower
 * @NIM_GRADE_MATCH_DEPTH_MORE: one ply deeper
 * @NIM_GRADE_MATCH_MINIMAX: every position minimax visits, in its order
 * @NIM_GRADE_MATCH_MINIMAX_OTHER_ORDER: every position minimax visits, in
 *   another order
 * @NIM_GRADE_MATCH_SAME_SET: the reference's positions in another order
 * @NIM_GRADE_MATCH_REVERSED: the reference's with every node's moves
 *   backwards: the last heap first, the largest count first
 * @NIM_GRADE_MATCH_COUNTS_REVERSED: heap 1 first, the largest count first
 * @NIM_GRADE_MATCH_HEAPS_REVERSED: the last heap first, the smallest
 *   count first
 * @NIM_GRADE_MATCH_ROOT_ONLY: the root's moves in the generator's order,
 *   below it the largest count first (nim's negamax's own order)
 * @NIM_GRADE_MATCH_SUBSET: some of the reference's positions and no other
 * @NIM_GRADE_MATCH_FLOOD: more visit lines than nim reads (far more than
 *   the reference's)
 *
 * Which search with a mistake the engine's visits are exactly those of:
 * what detected the diagnosis.
 */
typedef enum
{
  NIM_GRADE_MATCH_NONE,
  NIM_GRADE_MATCH_DEPTH_LESS,
  NIM_GRADE_MATCH_DEPTH_MORE,
  NIM_GRADE_MATCH_MINIMAX,
  NIM_GRADE_MATCH_MINIMAX_OTHER_ORDER,
  NIM_GRADE_MATCH_SAME_SET,
  NIM_GRADE_MATCH_REVERSED,
  NIM_GRADE_MATCH_COUNTS_REVERSED,
  NIM_GRADE_MATCH_HEAPS_REVERSED,
  NIM_GRADE_MATCH_ROOT_ONLY,
  NIM_GRADE_MATCH_SUBSET,
  NIM_GRADE_MATCH_FLOOD,
} NimGradeMatch;

/**
 * NimGradeTest:
 * @number: from 1
 * @board: the position searched, player 1 to move
 * @depth: the go's depth, 0 for a search to the end of the game (a bare
 *   `go`)
 * @diagnosis: the label
 * @match: what showed it (see #NimGradeMatch)
 * @score: 1 when @diagnosis is %NIM_GRADE_CORRECT, else 0
 * @max_score: 1
 * @moved: the engine played a legal move, @move
 * @move: its move
 * @has_value: it reported a score (`info score cp V`), @value
 * @value: the score it reported
 * @bad_score: (nullable): a score line nim could not read as `score cp
 *   V`, as written
 * @visits: (element-type utf8): the positions it visited, in order, as
 *   "1,0,2", at most the first it read (see @flood)
 * @flood: it wrote more visit lines than nim keeps; it was stopped
 * @bad_visit: (nullable): its first visit line that is not a position, as
 *   written (cut to 80 bytes)
 * @failure: (nullable): why the engine failed, when it did (timeout,
 *   crash, protocol, illegal move), as the referee says it
 * @timeout: the seconds the search had
 * @reference_spec: the player spec of the reference search, which `nim
 *   --solve --trace` can show
 * @reference: (element-type utf8): the reference's visits
 * @reference_plies: (element-type guint): the ply of each
 * @best_move: the move the reference plays: the first of the best, in the
 *   generator's order
 * @best_value: the root's value: 1 a win for the player to move, -1 a
 *   loss, 0 not seen to the end within the depth
 * @good_moves: (element-type NimMove): every best move
 * @match_visits: the number of visits of the search that @match names
 *   (minimax's for %NIM_GRADE_MATCH_MINIMAX), 0 for none
 * @departure: the index of the first visit that differs from the
 *   reference's (one of the two may end there), or -1 when they agree
 *
 * One test of a grading: a position, what the engine did and what the
 * reference does.
 */
typedef struct
{
  guint number;
  NimBoard board;
  guint depth;
  NimGradeDiagnosis diagnosis;
  NimGradeMatch match;
  double score;
  double max_score;

  gboolean moved;
  NimMove move;
  gboolean has_value;
  int value;
  char *bad_score;
  GPtrArray *visits;
  gboolean flood;
  char *bad_visit;
  char *failure;
  double timeout;

  char *reference_spec;
  GPtrArray *reference;
  GArray *reference_plies;
  NimMove best_move;
  int best_value;
  GArray *good_moves;
  guint match_visits;
  gint64 departure;
} NimGradeTest;

/**
 * NimGradeReport:
 * @assignment: what was graded
 * @engine: the engine's player name
 * @seed: the seed the positions were drawn with
 * @tests: (element-type NimGradeTest): each test, in order
 * @score: the sum of the tests' scores
 * @max_score: of their maxima
 * @seconds: how long the grading took
 *
 * A grading, whatever the engine did.
 */
typedef struct
{
  NimGradeAssignment assignment;
  char *engine;
  guint32 seed;
  GPtrArray *tests;
  double score;
  double max_score;
  double seconds;
} NimGradeReport;

/**
 * NimGradeTestFunc:
 * @test: the test just graded
 * @user_data: what nim_grade_run () was given
 *
 * Called as each test is graded, so that the program can show it at once.
 */
typedef void (*NimGradeTestFunc) (const NimGradeTest *test,
                                  gpointer user_data);

const char *nim_grade_assignment_name (NimGradeAssignment assignment);
gboolean nim_grade_assignment_parse (const char *text,
                                     NimGradeAssignment *assignment);
const char *nim_grade_diagnosis_name (NimGradeDiagnosis diagnosis);
void nim_grade_positions (NimGradeAssignment assignment, guint32 seed,
                          NimBoard *boards, guint *depths);
GPtrArray *nim_grade_reference_path (const NimGradeTest *test, guint index);

NimGradeReport *nim_grade_run (NimGradeAssignment assignment,
                               const char *engine, guint32 seed,
                               double timeout, NimGradeTestFunc test_done,
                               gpointer user_data, GError **error);
void nim_grade_report_free (NimGradeReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimGradeReport, nim_grade_report_free)

G_END_DECLS
