/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-shared.h -- the options several modes take (the rules, the
   players, the output, the clock, the external engines), parsed once */
#pragma once

#include <glib.h>

#include "nim-board.h"
#include "nim-mode.h"
#include "nim-octal.h"
#include "nim-output.h"
#include "nim-player.h"
#include "nim-rules.h"
#include "nim-trace.h"

G_BEGIN_DECLS

/* Heaps when nobody is asked: three rows of matches, 3, 4 and 5. */
#define NIM_SHARED_DEFAULT_HEAPS "3,4,5"

/* Which shared options a mode takes (#NimMode.shared). */
enum
{
  NIM_SHARED_HEAPS = 1 << 0,    /* --heaps */
  NIM_SHARED_TAKE = 1 << 1,     /* --max-take, --moves, --rules, --misere */
  NIM_SHARED_PLAYER1 = 1 << 2,  /* --player1 */
  NIM_SHARED_PLAYER2 = 1 << 3,  /* --player2 */
  NIM_SHARED_FIRST = 1 << 4,    /* --first */
  NIM_SHARED_SEED = 1 << 5,     /* --seed */
  NIM_SHARED_JSON = 1 << 6,     /* --json */
  NIM_SHARED_STATS = 1 << 7,    /* --stats */
  NIM_SHARED_EXPLAIN = 1 << 8,  /* --explain */
  NIM_SHARED_TRACE = 1 << 9,    /* --trace, --trace-limit, --dot */
  NIM_SHARED_SUMMARY = 1 << 10, /* --quiet, --per-position */
  NIM_SHARED_CLOCK = 1 << 11,   /* --tc */
  NIM_SHARED_ENGINES = 1 << 12, /* --engine, --engine-dir, --engine-log */
  /* --engine-option, --engine-startup-timeout, --timemargin: what an
     engine plays with, not what it is */
  NIM_SHARED_ENGINE_PLAY = 1 << 13,
  NIM_SHARED_EXPLORE = 1 << 14,      /* --explore */
  NIM_SHARED_RANDOM_HEAPS = 1 << 15, /* --random-heaps */
  /* Not an option: the mode takes --heaps that a game could split into
     more heaps than a board holds (it answers by theory, which needs no
     board; a search it runs checks for itself). */
  NIM_SHARED_ANY_HEAPS = 1 << 16,
};

/**
 * NimShared:
 *
 * The shared options: first as given, each %NULL (or %FALSE) when it was
 * not, then as the checks make them, for the modes to use.
 */
struct _NimShared
{
  /* Given (nim-shared.c declares each). */
  char *heaps;
  char *random_heaps;
  char *max_take;
  char *moves;
  char *rules_code;
  gboolean misere;
  char *player1;
  char *player2;
  char *first;
  char *seed;
  gboolean list_players;
  gboolean json;
  gboolean stats;
  gboolean explain;
  char *trace; /* --trace[=DEPTH]: "" without a depth */
  char *trace_limit;
  char *dot;
  char *explore;
  gboolean quiet;
  gboolean per_position;
  char *tc;
  char **engines;        /* NAME=COMMAND, each --engine */
  char **engine_dirs;    /* NAME=DIR */
  char **engine_options; /* NAME:KEY=VALUE */
  char *engine_log;
  char *engine_startup_timeout;
  char *timemargin;
  char **arguments; /* after the options, for a mode that takes them */
  char *command;    /* the command line, for the page of --explore */

  /* Checked. */
  NimRules rules;
  gboolean coded;     /* --rules gave a take-and-break code (0.77, 4.0), not
                         the notation of another family (any, 1-3, 2,7) */
  NimOctal code;      /* ... that code */
  NimBoard board;     /* --heaps, or the default three rows */
  guint random_count; /* --random-heaps COUNT:MAX, 0 when not given */
  guint32 random_max;
  guint first_mover;  /* --first, 1 or 2 */
  gboolean seeded;    /* --seed was given */
  guint32 seed_value; /* --seed, or drawn at random */
  gboolean timed;     /* --tc was given */
  double tc_seconds;
  double tc_increment;
  double startup_timeout;        /* --engine-startup-timeout */
  guint time_margin;             /* --timemargin, in milliseconds */
  NimTraceOptions trace_options; /* --trace, --trace-limit, --dot,
                                    --explore */
  NimOutput output;              /* --json */
};

extern const NimOptionSet nim_shared_rules;
extern const NimOptionSet nim_shared_players;
extern const NimOptionSet nim_shared_output;
extern const NimOptionSet nim_shared_summary;
extern const NimOptionSet nim_shared_clock;
extern const NimOptionSet nim_shared_engines;
extern const char nim_shared_no_trace[];

/* The rows of a #NimMode.refusals that refuse --trace, --dot and
   --explore with @why, in a mode that runs no search a person could
   watch (nim_shared_no_trace) or none it shows. */
#define NIM_SHARED_REFUSE_TRACE(why)                                          \
  { "--trace", why, NULL }, { "--dot", why, NULL }, { "--explore", why, NULL }

gboolean nim_shared_check_rules (NimShared *shared, guint64 takes,
                                 GError **error);
gboolean nim_shared_check_output (NimShared *shared, GError **error);
gboolean nim_shared_check (NimShared *shared, guint64 takes, GError **error);
gboolean nim_shared_declare_engines (NimShared *shared, GError **error);
gboolean nim_shared_tracing (const NimShared *shared);
void nim_shared_show_seed (NimShared *shared);

NimPlayer *nim_shared_player_new (const char *spec, GError **error);

G_END_DECLS
