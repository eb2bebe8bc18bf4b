/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-defaults.h -- the rules nim was built with (see nim-gen-defaults.c) */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The subtraction set given as `make MOVES=...`; none means "take any". */
extern const guint nim_default_n_moves;
extern const guint32 nim_default_moves[];

/* For that set under normal play, G(0 .. nim_default_table_len - 1), and
   whether the player to move wins a single heap of each size under misère
   play; computed by mex at build time, as the course's subtraction game
   asks. */
extern const guint nim_default_table_len;
extern const guint8 nim_default_grundy[];
extern const guint8 nim_default_misere_wins[];

G_END_DECLS
