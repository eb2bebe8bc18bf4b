/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-checkpoint.h -- a long computation of Grundy values saved to a
   folder now and then, and taken up again from the last good save */
#pragma once

#include <glib.h>

#include "nim-sequence.h"

G_BEGIN_DECLS

typedef struct _NimCheckpoint NimCheckpoint;

NimCheckpoint *nim_checkpoint_open (const char *dir,
                                    const char *const *identity,
                                    GError **error);
void nim_checkpoint_free (NimCheckpoint *checkpoint);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimCheckpoint, nim_checkpoint_free)

gboolean nim_checkpoint_restore (NimCheckpoint *checkpoint,
                                 NimSequence *sequence, GError **error);
gboolean nim_checkpoint_save (NimCheckpoint *checkpoint,
                              const NimSequence *sequence, GError **error);

G_END_DECLS
