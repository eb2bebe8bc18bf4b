/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-tournament.h -- comparison runs between more than two players,
   with a crosstable and Bradley-Terry ratings */
#pragma once

#include <glib.h>

#include "nim-output.h"
#include "nim-run.h"

G_BEGIN_DECLS

int nim_tournament_run (NimRunConfig *run, const NimRunOptions *options,
                        const NimOutput *output);
int nim_tournament_summarize (const NimRunConfig *run, char **files,
                              const char *const *ids, const NimOutput *output);

G_END_DECLS
