/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace-walk.h -- what the text trace and the DOT tree share: which
   nodes of a search they show, what they count, how they write a node */
#pragma once

#include <glib.h>
#include <stdio.h>

#include "nim-board.h"
#include "nim-move.h"
#include "nim-observer.h"
#include "nim-rules.h"

G_BEGIN_DECLS

/* The longest game tree a trace's first line writes out in full. */
#define NIM_TRACE_TREE_SHOWN 200

/**
 * NimTraceFrame:
 * @board: the position
 * @move: the move that led to it (unset at the root)
 * @entered_at: the nodes counted, this one included, when it was entered
 * @children: the children entered so far
 * @shown: whether the node is shown
 * @tried: (element-type NimMove): the moves of the children entered so
 *   far, when the node is shown: of the first #NimTraceWalk.limit of them
 *
 * A ply of the line being searched, for plies up to the depth shown.
 */
typedef struct
{
  NimBoard board;
  NimMove move;
  guint64 entered_at;
  guint64 children;
  gboolean shown;
  GArray *tried;
} NimTraceFrame;

/**
 * NimTraceWalk:
 * @depth: plies shown one by one; a shown node at this depth sums up the
 *   nodes below it
 * @limit: nodes shown per search; past it the walk only counts
 * @spec: the searching player's spec, during and after a search
 * @player: its number
 * @rules: the rules in force
 * @root: the position searched
 * @kind: how to read the search's values
 * @total: nodes entered in this search
 * @shown: those shown
 * @summarised: those counted in a "+N below"
 * @left_out: those neither shown nor summarised, past @limit
 *
 * Follows a search for a renderer: a renderer passes its observer's
 * events on and writes what the walk says is shown.
 */
typedef struct
{
  guint depth;
  guint64 limit;
  char *spec;
  guint player;
  NimRules rules;
  NimBoard root;
  NimTraceKind kind;
  guint64 total, shown, summarised, left_out;
  /*< private >*/
  gboolean active;
  NimTraceFrame *frames; /* depth + 1 of them */
} NimTraceWalk;

void nim_trace_walk_init (NimTraceWalk *walk, guint depth, guint64 limit);
void nim_trace_walk_clear (NimTraceWalk *walk);
void nim_trace_walk_begin (NimTraceWalk *walk, const char *spec, guint player,
                           const NimBoard *board, const NimRules *rules,
                           NimTraceKind kind);
void nim_trace_walk_end (NimTraceWalk *walk);
NimTraceFrame *nim_trace_walk_enter (NimTraceWalk *walk, guint ply,
                                     const NimBoard *board);
NimTraceFrame *nim_trace_walk_leave (NimTraceWalk *walk, guint ply,
                                     guint flags, guint64 *pruned,
                                     char **marks);

gboolean nim_trace_walk_count_iteration (NimTraceWalk *walk);

gboolean nim_trace_walk_is_shown (const NimTraceWalk *walk, guint ply);
gboolean nim_trace_walk_would_show (const NimTraceWalk *walk, guint ply);
GArray *nim_trace_walk_pruned (const NimTraceWalk *walk,
                               const NimTraceFrame *frame, guint max);

void nim_trace_file_close (FILE **file, int *write_errno);

char *nim_trace_walk_position (const NimTraceWalk *walk,
                               const NimBoard *board);
void nim_trace_walk_append_move (const NimTraceWalk *walk, GString *s,
                                 const NimBoard *from, const NimMove *move);
char *nim_trace_walk_root_name (const NimTraceWalk *walk);

void nim_trace_append_value (GString *s, int value);
const char *nim_trace_max_min (guint ply);
void nim_trace_append_move (GString *s, const NimMove *move);
void nim_trace_append_window (GString *s, int alpha, int beta);

G_END_DECLS
