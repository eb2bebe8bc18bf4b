/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-analysis.h -- solving one position; the Grundy sequence of a heap */
#pragma once

#include <glib.h>

#include "nim-board.h"
#include "nim-grundy.h"
#include "nim-player.h"

G_BEGIN_DECLS

/* A position with more legal moves than this has only the engine's own
   move listed: every listed move costs a search of its own. */
#define NIM_SOLVE_MAX_MOVES 100000

/* The longest Grundy sequence asked for at once (--grundy-sequence N):
   below NIM_GRUNDY_TABLE_MAX, so every value of it can be computed. */
#define NIM_GRUNDY_SEQUENCE_MAX 10000000

/* The budget of the search that verifies a closed form's answer: short,
   as the theory has already answered; a search that does not finish in it
   leaves the answer standing, marked as not verified. */
#define NIM_SOLVE_VERIFY_TIME 0.25

/**
 * NimSolveMethod:
 * @NIM_SOLVE_SEARCH: an engine's search (or a closed-form player named as
 *   the engine) decided the position and each move
 * @NIM_SOLVE_NIM_SUM: take-any, normal play: the nim-sum (Bouton)
 * @NIM_SOLVE_GRUNDY: normal play: the Sprague-Grundy values of the heaps,
 *   periodic for a subtraction set or a largest take
 * @NIM_SOLVE_MISERE_NIM: take-any, misère play: the nim-sum while a heap
 *   holds two or more, then the parity of the heaps of one
 * @NIM_SOLVE_MISERE_ONE_HEAP: misère play with one heap that can be
 *   played: the misère outcomes of a single heap, periodic like its
 *   Grundy values
 *
 * How nim_solve() found its answer.
 */
typedef enum
{
  NIM_SOLVE_SEARCH,
  NIM_SOLVE_NIM_SUM,
  NIM_SOLVE_GRUNDY,
  NIM_SOLVE_MISERE_NIM,
  NIM_SOLVE_MISERE_ONE_HEAP,
} NimSolveMethod;

/**
 * NimSolution:
 * @rules: the rules
 * @board: the position
 * @method: how the answer was found
 * @engine: (nullable): the spec of the engine that searched: the one that
 *   solved the position, or under a closed form the one that verified its
 *   value; %NULL when a game from the position could split its heaps into
 *   more than a board holds (%NIM_MAX_HEAPS), which no search can follow
 * @verified: under a closed form, the search proved the same value within
 *   its budget (%FALSE: it did not finish, or there was no search; the
 *   theory's answer stands)
 * @wins: the player to move wins against any defence
 * @winning_moves: (element-type NimMove): the moves that keep the win, in
 *   generator order (heap order, then smallest take)
 * @complete: %FALSE when the position had more than %NIM_SOLVE_MAX_MOVES
 *   moves and @winning_moves holds only the engine's move
 * @have_grundy: the Sprague-Grundy values below are defined (normal play,
 *   and a period found for every heap's size)
 * @heap_grundy: the value of each heap
 * @grundy: the value of the position, the exclusive or of @heap_grundy
 * @nodes: the nodes the engine searched, every search included
 * @seconds: the wall time of the whole analysis
 */
typedef struct
{
  NimRules rules;
  NimBoard board;
  NimSolveMethod method;
  char *engine;
  gboolean verified;
  gboolean wins;
  GArray *winning_moves;
  gboolean complete;
  gboolean have_grundy;
  guint heap_grundy[NIM_MAX_HEAPS];
  guint grundy;
  guint64 nodes;
  double seconds;
} NimSolution;

gboolean nim_solve_check_engine (const NimPlayer *player,
                                 const NimRules *rules, const NimBoard *board,
                                 GError **error);
NimSolution *nim_solve (const NimRules *rules, const NimBoard *board,
                        const char *engine, GError **error);
void nim_solution_free (NimSolution *solution);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimSolution, nim_solution_free)

/**
 * NimGrundySequence:
 * @rules: the take rule, under normal play
 * @n: the largest heap size: the sequence is G(0) to G(@n)
 * @periodic: the values settle into a period within @n
 * @preperiod: when @periodic, the first heap size from which they repeat
 * @period: when @periodic, the length of the part that repeats
 *
 * The Grundy values of a single heap.  nim_grundy_sequence_value()
 * reads them one at a time, so a long sequence can be written out as it
 * is read, without an array of all its values.
 */
typedef struct
{
  NimRules rules;
  guint64 n;
  gboolean periodic;
  guint64 preperiod;
  guint64 period;
  /*< private >*/
  NimGrundy *grundy;
} NimGrundySequence;

NimGrundySequence *nim_grundy_sequence_new (const NimRules *rules, guint64 n);
guint nim_grundy_sequence_value (NimGrundySequence *sequence, guint64 i);
void nim_grundy_sequence_free (NimGrundySequence *sequence);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimGrundySequence, nim_grundy_sequence_free)

G_END_DECLS
