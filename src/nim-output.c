/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-output.c -- where a mode's result goes, and the one seam through
   which it is written: as text, or with --json as JSON
 *
 * No mode asks whether --json was given: it builds its result and hands
 * it to nim_output_write() with the result's #NimWriter, and text that
 * only makes sense as the work goes on (the rows of --compare as they
 * finish) goes to nim_output_live(), which has none under --json. */

#include "config.h"

#include "nim-output.h"

/**
 * nim_output_init:
 * @output: (out): where a mode writes
 * @json: whether results are written as JSON (--json)
 *
 * Results go to standard output; with @json, what a person reads beside
 * them goes to standard error, so that standard output is the JSON alone.
 */
void
nim_output_init (NimOutput *output, gboolean json)
{
  output->json = json;
  output->out = stdout;
  output->talk = json ? stderr : stdout;
}

/**
 * nim_output_write:
 * @output: where to write
 * @writer: the forms of @result
 * @result: what a mode found
 *
 * Writes @result in the form @output asks for.
 */
void
nim_output_write (const NimOutput *output, const NimWriter *writer,
                  gconstpointer result)
{
  NimWriteFunc write = output->json ? writer->json : writer->text;

  if (write != NULL)
    {
      write (result, output->out);
      /* Whole, now: a game's record may be followed by another game,
         with a person answering questions in between. */
      fflush (output->out);
    }
}

/**
 * nim_output_write_partial:
 * @output: where to write
 * @writer: the forms of @result
 * @result: what a mode found before it failed
 *
 * After a failure, what was found before it, for a person: as text on
 * standard error, beside the error message.  Under --json nothing: the
 * error alone says the run failed, and a script would take a summary for
 * the run's.
 */
void
nim_output_write_partial (const NimOutput *output, const NimWriter *writer,
                          gconstpointer result)
{
  if (!output->json && writer->text != NULL)
    writer->text (result, stderr);
}

/**
 * nim_output_live:
 * @output: where to write
 *
 * Returns: (nullable): where text written as the work goes on belongs
 *   (a table's rows as they finish), or %NULL under --json, whose result
 *   is written whole at the end
 */
FILE *
nim_output_live (const NimOutput *output)
{
  return output->json ? NULL : output->out;
}
