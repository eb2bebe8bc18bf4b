/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-compare.h -- `nim --compare`: every algorithm on one position */
#pragma once

#include <glib.h>
#include <stdio.h>

#include "nim-board.h"

G_BEGIN_DECLS

/* The node budget of each search when --nodes is not given: minimax on
   3,4,5 (about a million nodes) finishes well within it, on 1,3,5,7 (half
   a billion) it does not; a budget-bound line costs a few tenths of a
   second. */
#define NIM_COMPARE_DEFAULT_NODES G_GUINT64_CONSTANT (10000000)

gboolean nim_compare_run (const NimRules *rules, const NimBoard *board,
                          guint64 nodes, gboolean json, FILE *out,
                          GError **error);

G_END_DECLS
