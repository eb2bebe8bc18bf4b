/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace-text.h -- the text trace of --trace: a search as indented
   lines, as it goes */
#pragma once

#include <glib.h>
#include <stdio.h>

#include "nim-observer.h"

G_BEGIN_DECLS

typedef struct _NimTraceText NimTraceText;

NimTraceText *nim_trace_text_new (FILE *out, guint depth, guint64 limit);
void nim_trace_text_free (NimTraceText *text);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimTraceText, nim_trace_text_free)

NimObserver *nim_trace_text_observer (NimTraceText *text);

G_END_DECLS
