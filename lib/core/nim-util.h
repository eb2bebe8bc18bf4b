/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-util.h -- error domain, exit statuses and strict number parsing */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define NIM_ERROR (nim_error_quark ())
GQuark nim_error_quark (void);

/**
 * NimError:
 * @NIM_ERROR_USAGE: something the user typed or passed is not accepted
 * @NIM_ERROR_ABANDONED: the game was given up (end of input, `quit`)
 * @NIM_ERROR_UNSUPPORTED: a player has no theory for the rules asked for
 * @NIM_ERROR_FAILED: anything else
 * @NIM_ERROR_INTERRUPTED: Ctrl-C (SIGINT) stopped the game or the run
 * @NIM_ERROR_SHOW_BOARD: not a failure: a person asked to see the position
 *   again (`board`); nim_game_play() answers it and asks again
 * @NIM_ERROR_UNDO: not a failure: a person asked to take back its last
 *   move and the reply (`undo`); nim_game_play() answers it
 * @NIM_ERROR_NEW_GAME: not a failure: a person asked for a new game
 *   (`new`); nim_game_play() returns it, for the program to start one
 *
 * The last three are a person player's requests to the game loop: a
 * player can only return a move or an error, and these are how it says
 * that the game, not the player, has something to do.
 */
typedef enum
{
  NIM_ERROR_USAGE,
  NIM_ERROR_ABANDONED,
  NIM_ERROR_UNSUPPORTED,
  NIM_ERROR_FAILED,
  NIM_ERROR_INTERRUPTED,
  NIM_ERROR_SHOW_BOARD,
  NIM_ERROR_UNDO,
  NIM_ERROR_NEW_GAME,
} NimError;

/* Exit statuses of the nim program, as documented in nim(1). */
enum
{
  NIM_EXIT_OK = 0,
  NIM_EXIT_FAILURE = 1,
  NIM_EXIT_USAGE = 2,
  NIM_EXIT_ABANDONED = 3,
  NIM_EXIT_INTERRUPTED = 130, /* 128 + SIGINT, as a shell reports it */
};

int nim_error_to_exit_status (const GError *error);

/* What nim_scan_uint() found. */
typedef enum
{
  NIM_NUMBER_OK,
  NIM_NUMBER_EMPTY,
  NIM_NUMBER_NEGATIVE,
  NIM_NUMBER_TOO_LARGE,
  NIM_NUMBER_NOT_A_NUMBER,
} NimNumberKind;

NimNumberKind nim_scan_uint (const char *text, guint64 *value);
gboolean nim_parse_uint (const char *text, guint64 min, guint64 max,
                         const char *what, guint64 *out, GError **error);
gboolean nim_parse_uint_list (const char *text, guint64 min, guint64 max,
                              guint max_items, const char *what, GArray **out,
                              GError **error);
gboolean nim_parse_double (const char *text, double min, double max,
                           const char *what, double *out, GError **error);

guint64 nim_memory_available (void);

void nim_interrupt_request (void);
void nim_interrupt_clear (void);
gboolean nim_interrupted (void);

char *nim_text_escape (const char *text, gsize max_chars);
void nim_string_append_uint (GString *s, guint64 value);
void nim_string_append_int (GString *s, gint64 value);

/* The longest an end of an engine's pipes looks for the other's answer
   before it sleeps, in microseconds; and the average wait, of late,
   under which it looks at all (see NimLookout).  A move of a fast game
   takes the engine 10 to 30 microseconds, and a game's start more: 150
   played a quarter more games a second than 50 with one job, as many
   with two (bench/nim-bench-engines.sh). */
#define NIM_LOOKOUT_MAX 150

/**
 * NimLookout:
 * @look: whether this thread may run on more than one processor, so that
 *   the other end can answer while it looks
 * @wait: the average wait for an answer of late, in microseconds
 *
 * Whether a read at one end of an engine's pipes (the referee's, or
 * nim --ugi's) looks for the answer a while (NIM_LOOKOUT_MAX), giving
 * way to any other thread that wants the processor, before it sleeps:
 * an answer then finds its reader awake rather than a processor to
 * wake, which can cost more than the answer took.  Only while answers
 * have come that fast of late (nim_lookout_wanted()).
 */
typedef struct
{
  gboolean look;
  gint64 wait;
} NimLookout;

void nim_lookout_init (NimLookout *lookout);
gboolean nim_lookout_wanted (const NimLookout *lookout);
void nim_lookout_record (NimLookout *lookout, gint64 start);

G_END_DECLS
