/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-prompt.h -- questions on the terminal, and Ctrl-C while they wait */
#pragma once

#include <glib.h>
#include <stdio.h>

G_BEGIN_DECLS

/**
 * NimPromptStreams:
 * @in: where answers are read
 * @out: where messages and prompts are written
 *
 * The terminal a person plays at, as nim_prompt_ask() takes it.
 */
typedef struct
{
  FILE *in;
  FILE *out;
} NimPromptStreams;

void nim_interrupt_catch (void);
void nim_interrupt_release (void);
int nim_interrupt_status (void);
void nim_signals_init (void);
void nim_signals_survive_pipe (void);

gboolean nim_prompt_is_help (const char *answer);
char *nim_prompt (FILE *in, FILE *out, const char *prompt, GError **error);
char *nim_prompt_ask (gpointer streams, const char *message,
                      const char *prompt, GError **error);

G_END_DECLS
