/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-output.h -- where a mode's result goes, and the one seam through
   which it is written: as text, or with --json as JSON */
#pragma once

#include <glib.h>
#include <stdio.h>

G_BEGIN_DECLS

/**
 * NimOutput:
 * @json: --json: results are written as JSON
 * @out: where results go (standard output)
 * @talk: what a person reads beside them: a game, its prompts, a trace;
 *   standard output, or standard error when that carries the JSON
 *
 * Where a mode writes.
 */
typedef struct
{
  gboolean json;
  FILE *out;
  FILE *talk;
} NimOutput;

/**
 * NimWriteFunc:
 * @result: what a mode found
 * @out: where it goes
 *
 * Writes one kind of result in one form.
 */
typedef void (*NimWriteFunc) (gconstpointer result, FILE *out);

/**
 * NimWriter:
 * @text: (nullable): writes the result as a person reads it; %NULL when
 *   the person saw it already, as it happened (a game)
 * @json: writes it as one JSON object or array, for scripts
 *
 * The two forms of one kind of result.  A mode builds its result once
 * and hands it to nim_output_write(), which picks the form.
 */
typedef struct
{
  NimWriteFunc text;
  NimWriteFunc json;
} NimWriter;

void nim_output_init (NimOutput *output, gboolean json);
void nim_output_write (const NimOutput *output, const NimWriter *writer,
                       gconstpointer result);
void nim_output_write_partial (const NimOutput *output,
                               const NimWriter *writer, gconstpointer result);
FILE *nim_output_live (const NimOutput *output);

G_END_DECLS
