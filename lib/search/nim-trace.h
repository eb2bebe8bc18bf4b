/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace.h -- watch a search: the tree it explores, as text or DOT */
#pragma once

#include <glib.h>
#include <stdio.h>

#include "nim-board.h"

G_BEGIN_DECLS

/* Plies shown one by one when --trace has no DEPTH; deeper nodes are
   counted on their ancestor's line.  Three plies of 3,4,5 are about 1,300
   lines, which still fit under the default limit. */
#define NIM_TRACE_DEFAULT_DEPTH 3
/* Node lines (and DOT nodes) shown per search when --trace-limit is not
   given; past it the trace only counts. */
#define NIM_TRACE_DEFAULT_LIMIT 2000
/* The largest --trace-limit accepted. */
#define NIM_TRACE_MAX_LIMIT 1000000

/**
 * NimTraceFlags:
 * @NIM_TRACE_CUTOFF: alpha-beta cutoff: the moves left were not searched
 * @NIM_TRACE_TT_HIT: the table knew the position (its move went first)
 * @NIM_TRACE_TT_EXACT: the table's exact value settled the node
 * @NIM_TRACE_TT_LOWER: the table's lower bound settled it (>= beta)
 * @NIM_TRACE_TT_UPPER: the table's upper bound settled it (<= alpha)
 * @NIM_TRACE_ETC: enhanced transposition cutoff: a child the table knows
 *   to be lost settled it before any move was searched
 * @NIM_TRACE_ABORTED: the budget ran out inside this node
 *
 * What a searcher tells the trace about a node it leaves.  Whether the
 * node ended the game, or stopped at the depth limit, the trace works
 * out itself.
 */
typedef enum
{
  NIM_TRACE_CUTOFF = 1 << 0,
  NIM_TRACE_TT_HIT = 1 << 1,
  NIM_TRACE_TT_EXACT = 1 << 2,
  NIM_TRACE_TT_LOWER = 1 << 3,
  NIM_TRACE_TT_UPPER = 1 << 4,
  NIM_TRACE_ETC = 1 << 5,
  NIM_TRACE_ABORTED = 1 << 6,
} NimTraceFlags;

/* The flags that mean "the moves of this node not searched were pruned". */
#define NIM_TRACE_PRUNING_FLAGS                                               \
  (NIM_TRACE_CUTOFF | NIM_TRACE_TT_EXACT | NIM_TRACE_TT_LOWER                 \
   | NIM_TRACE_TT_UPPER | NIM_TRACE_ETC)

/**
 * NimTraceKind:
 * @NIM_TRACE_MINIMAX: values are for the player at the root (Max), no
 *   window
 * @NIM_TRACE_NEGAMAX: values are for the player to move at each node
 * @NIM_TRACE_ALPHA_BETA: negamax with alpha-beta: the window is shown
 */
typedef enum
{
  NIM_TRACE_MINIMAX,
  NIM_TRACE_NEGAMAX,
  NIM_TRACE_ALPHA_BETA,
} NimTraceKind;

/**
 * NimTraceOptions:
 * @out: (nullable): where the text trace goes; %NULL for none
 * @depth: plies shown one by one
 * @limit: nodes shown per search
 * @dot_path: (nullable): where the DOT tree of the first search goes
 */
typedef struct
{
  FILE *out;
  guint depth;
  guint64 limit;
  const char *dot_path;
} NimTraceOptions;

typedef struct _NimTrace NimTrace;

NimTrace *nim_trace_new (const NimTraceOptions *options, GError **error);
gboolean nim_trace_close (NimTrace *trace, GError **error);
void nim_trace_free (NimTrace *trace);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimTrace, nim_trace_free)

gboolean nim_trace_parse_depth (const char *text, guint *depth,
                                GError **error);

void nim_trace_begin (NimTrace *trace, const char *spec, guint player,
                      const NimBoard *board, const NimRules *rules,
                      NimTraceKind kind);
void nim_trace_iteration (NimTrace *trace, guint depth);
void nim_trace_enter (NimTrace *trace, guint ply, const NimBoard *board,
                      int alpha, int beta);
void nim_trace_leave (NimTrace *trace, guint ply, const NimBoard *board,
                      int value, guint flags);
void nim_trace_end (NimTrace *trace, const NimMove *move, guint64 nodes,
                    gboolean proven, int value);

G_END_DECLS
