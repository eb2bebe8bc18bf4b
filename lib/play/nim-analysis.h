/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-analysis.h -- solving one position; the Grundy sequence of a heap */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "nim-board.h"

G_BEGIN_DECLS

/* A position with more legal moves than this has only the engine's own
   move listed: every listed move costs a search of its own. */
#define NIM_SOLVE_MAX_MOVES 100000

/* The largest N of --grundy-sequence N. */
#define NIM_GRUNDY_SEQUENCE_MAX 10000000

/**
 * NimSolution:
 * @rules: the rules
 * @board: the position
 * @engine: the spec of the engine that solved it
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
  char *engine;
  gboolean wins;
  GArray *winning_moves;
  gboolean complete;
  gboolean have_grundy;
  guint heap_grundy[NIM_MAX_HEAPS];
  guint grundy;
  guint64 nodes;
  double seconds;
} NimSolution;

NimSolution *nim_solve (const NimRules *rules, const NimBoard *board,
                        const char *engine, GError **error);
void nim_solution_free (NimSolution *solution);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimSolution, nim_solution_free)
void nim_solution_print (const NimSolution *solution, FILE *out);
JsonNode *nim_solution_to_json (const NimSolution *solution);

gboolean nim_grundy_sequence_print (const NimRules *rules, guint64 n,
                                    gboolean json, FILE *out, GError **error);

G_END_DECLS
