/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-grundy.h -- Sprague-Grundy values of one heap, by mex */
#pragma once

#include <glib.h>

#include "nim-rules.h"

G_BEGIN_DECLS

/* Longest table computed while looking for the period of a subtraction
   set; a set whose sequence has not repeated by then is refused. */
#define NIM_GRUNDY_TABLE_MAX (1u << 24)

typedef struct _NimGrundy NimGrundy;

NimGrundy *nim_grundy_new (const NimRules *rules);
void nim_grundy_free (NimGrundy *grundy);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimGrundy, nim_grundy_free)

gboolean nim_grundy_value (NimGrundy *grundy, guint64 n, guint *value,
                           GError **error);
gboolean nim_grundy_misere_wins (NimGrundy *grundy, guint64 n, gboolean *wins,
                                 GError **error);
gboolean nim_grundy_period (NimGrundy *grundy, guint64 limit,
                            guint64 *preperiod, guint64 *period);
guint nim_grundy_mex (const guint *values, guint n_values);

G_END_DECLS
