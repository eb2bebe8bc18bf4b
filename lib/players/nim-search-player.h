/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-search-player.h -- the part every player with a search budget
 * embeds: options, budget, table */
#pragma once

#include "nim-player.h"
#include "nim-search.h"
#include "nim-tt.h"

G_BEGIN_DECLS

/**
 * NimSearchPlayer:
 * @parent: the player
 * @config: the options shared by the searchers
 * @tt: (nullable): negamax's transposition table, kept across moves
 *
 * What a player with a search budget embeds first: its budget (time=,
 * nodes=, and depth= where it has one) and the rest of its search's
 * configuration.  minimax, negamax and pns embed it, and so do the
 * external engines, whose budget goes into the protocol's `go`.
 */
typedef struct
{
  NimPlayer parent;
  NimSearchConfig config;
  NimTT *tt;
} NimSearchPlayer;

/* The budget options every such player takes, for its option table; the
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

/* Default seconds per move of a searcher. */
#define NIM_SEARCH_DEFAULT_TIME 5.0

G_END_DECLS
