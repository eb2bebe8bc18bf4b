/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-explain.h -- what `--explain` and `hint` say about a move */
#pragma once

#include <glib.h>

#include "nim-search-player.h"

G_BEGIN_DECLS

/* Width of the explanation's prose; the display indents it by two. */
#define NIM_EXPLAIN_WIDTH 72

/* In prose given to nim_explain_wrap(), a blank where no line may break:
   "h XOR 010 < h" reads badly split over two lines.  It is U+00A0, the
   no-break space, so that translations can write it too; the lines
   printed have a plain blank there. */
#define NIM_EXPLAIN_NBSP "\u00a0"

/* The most plies of a principal variation that are shown. */
#define NIM_EXPLAIN_PV_MAX 24

/**
 * NimSearchFunc:
 * @self: a searching player, whose config and table the search uses
 * @board: a position with a legal move
 * @rules: the rules in force
 * @move: (out): the move the search chooses
 * @stats: (out): what the search cost and found
 *
 * A searcher's whole search for one move, as choose_move runs it.
 */
typedef void (*NimSearchFunc) (NimSearchPlayer *self, const NimBoard *board,
                               const NimRules *rules, NimMove *move,
                               NimSearchStats *stats);

char *nim_explain_move (const NimPlayer *player, const NimBoard *board,
                        const NimMove *move);
char *nim_explain_binary (guint64 value, guint width);
guint nim_explain_bits (guint64 value);
void nim_explain_wrap (GString *out, const char *text);
void nim_explain_wrap_printf (GString *out, const char *format, ...)
    G_GNUC_PRINTF (2, 3);
guint nim_explain_pv (NimSearchPlayer *self, NimSearchFunc search,
                      const NimBoard *board, const NimMove *first,
                      NimMove *line, gboolean *cut);
void nim_explain_indent (GString *out, const char *text);
char *nim_explain_value (const NimSearchStats *stats, const NimPlayer *player);
void nim_explain_search (NimSearchPlayer *self, NimSearchFunc search,
                         const NimBoard *board, const NimMove *move);

G_END_DECLS
