/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-search-player.h -- what the players with a search budget share:
 * options, budget, table */
#pragma once

#include "nim-player.h"
#include "nim-search.h"
#include "nim-tt.h"

G_BEGIN_DECLS

/* NimSearchPlayer, the instance of every searcher, is declared in
   nim-player.h, where nim_player_set_stop() finds its stop flag. */

/* The budget options each of them takes, for their option tables; the
   file that uses it includes nim-i18n.h for N_(). */
#define NIM_SEARCH_BUDGET_OPTIONS                                             \
  { "depth",                                                                  \
    NIM_OPTION_UINT,                                                          \
    G_STRUCT_OFFSET (NimSearchPlayer, config.depth),                          \
    0,                                                                        \
    NIM_SEARCH_MAX_PLY,                                                       \
    NULL,                                                                     \
    N_ ("search at most N plies; 0 (default) to the end of the game") },      \
      { "time",                                                               \
        NIM_OPTION_SECONDS,                                                   \
        G_STRUCT_OFFSET (NimSearchPlayer, config.time),                       \
        0,                                                                    \
        86400,                                                                \
        NULL,                                                                 \
        N_ ("seconds per move, 0 for no limit (default 5)") },                \
  {                                                                           \
    "nodes", NIM_OPTION_UINT,                                                 \
        G_STRUCT_OFFSET (NimSearchPlayer, config.nodes), 0, G_MAXUINT64,      \
        NULL, N_ ("nodes per move, 0 (default) for no limit")                 \
  }

/* eval=, how minimax and negamax score the positions at their depth
   limit (see NimEval); the order of the names is NimEval's. */
#define NIM_SEARCH_EVAL_OPTION                                                \
  {                                                                           \
    "eval", NIM_OPTION_CHOICE,                                                \
        G_STRUCT_OFFSET (NimSearchPlayer, config.eval), 0, 0,                 \
        (const char *const[]){ "none", "parity", "nimsum", NULL },            \
        N_ ("score positions at the depth limit: none (0, default), parity "  \
            "(of the non-empty heaps) or nimsum (exact)")                     \
  }

G_END_DECLS
