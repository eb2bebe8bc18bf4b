/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run-siblings.h -- the shards of an SPRT run in one directory: each
   follows the others' results files and stops once the test over their
   pairs together is decided */
#pragma once

#include <glib.h>

#include "nim-run-file.h"
#include "nim-shards.h"

G_BEGIN_DECLS

typedef struct _NimRunSiblings NimRunSiblings;

NimRunSiblings *nim_run_siblings_new (const NimRunConfig *run, const char *id,
                                      const char *results);
void nim_run_siblings_add_own (NimRunSiblings *siblings, guint64 number,
                               guint winner);
gboolean nim_run_siblings_poll (NimRunSiblings *siblings, gboolean now);
void nim_run_siblings_get (NimRunSiblings *siblings,
                           NimSprtPrefixState *state);
void nim_run_siblings_free (NimRunSiblings *siblings);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimRunSiblings, nim_run_siblings_free)

G_END_DECLS
