/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace.h -- --trace, --dot and --explore: watch the searches of a
   game, as text, as a DOT tree, as a page to step through, or all */
#pragma once

#include <glib.h>
#include <stdio.h>

#include "nim-observer.h"

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
 * NimTraceOptions:
 * @out: (nullable): where the text trace goes; %NULL for none
 * @depth: plies shown
 * @limit: nodes shown per search
 * @dot_path: (nullable): where the DOT tree of the first search goes
 * @explore_path: (nullable): where the page of the first search goes
 * @command: (nullable): the command line, for the page to show
 */
typedef struct
{
  FILE *out;
  guint depth;
  guint64 limit;
  const char *dot_path;
  const char *explore_path;
  const char *command;
} NimTraceOptions;

typedef struct _NimTrace NimTrace;

NimTrace *nim_trace_new (const NimTraceOptions *options, GError **error);
gboolean nim_trace_close (NimTrace *trace, GError **error);
void nim_trace_free (NimTrace *trace);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimTrace, nim_trace_free)

NimObserver *nim_trace_observer (NimTrace *trace);

gboolean nim_trace_parse_depth (const char *text, guint *depth,
                                GError **error);

G_END_DECLS
