/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-exit.c -- the exit statuses of nim, and an error reported as one */

#include "config.h"

#include "nim-exit.h"

#include "nim-error.h"
#include "nim-i18n.h"

#include <stdio.h>

/**
 * nim_exit_status:
 * @error: (nullable): the error that ended the program, or %NULL
 *
 * Returns: the exit status nim(1) documents for @error
 */
int
nim_exit_status (const GError *error)
{
  if (error == NULL)
    return NIM_EXIT_OK;
  if (error->domain == NIM_ERROR)
    switch ((NimError) error->code)
      {
      case NIM_ERROR_USAGE:
      case NIM_ERROR_UNSUPPORTED:
        return NIM_EXIT_USAGE;
      case NIM_ERROR_ABANDONED:
        return NIM_EXIT_ABANDONED;
      case NIM_ERROR_INTERRUPTED:
        return NIM_EXIT_INTERRUPTED;
      case NIM_ERROR_FAILED:
        break;
      }
  /* GOption also fails with G_CONVERT_ERROR on an argument that is not
     text in the locale's encoding: a usage error all the same. */
  if (error->domain == G_OPTION_ERROR || error->domain == G_CONVERT_ERROR)
    return NIM_EXIT_USAGE;
  return NIM_EXIT_FAILURE;
}

/**
 * nim_exit_fail:
 * @error: what went wrong
 * @usage: whether to point at --help when @error is a usage error
 *
 * Reports @error on standard error as nim's message.
 *
 * Returns: the exit status that @error calls for
 */
int
nim_exit_fail (const GError *error, gboolean usage)
{
  /* GOption converts arguments to UTF-8 from the locale's character set
     and fails with a bare "invalid byte sequence" on those it cannot. */
  if (error->domain == G_CONVERT_ERROR)
    fprintf (stderr,
             _ ("nim: an argument is not text in this locale's "
                "character set (%s); numbers are written with the "
                "digits 0-9, such as --heaps 3,4,5\n"),
             error->message);
  else
    fprintf (stderr, "nim: %s\n", error->message);
  if (usage
      && (error->domain == G_OPTION_ERROR || error->domain == G_CONVERT_ERROR
          || (error->domain == NIM_ERROR && error->code == NIM_ERROR_USAGE)))
    fputs (_ ("Try 'nim --help' for more information.\n"), stderr);
  return nim_exit_status (error);
}
