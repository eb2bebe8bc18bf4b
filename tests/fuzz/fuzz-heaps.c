/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-heaps.c -- libFuzzer target for nim_board_parse (--heaps 3,4,
 * "--heaps",5) */

#include "config.h"

#include "fuzz.h"

#include "nim-board.h"
#include "nim-error.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = fuzz_strndup (data, size);
  g_autoptr (GError) error = NULL;
  g_autofree char *printed = NULL;
  NimBoard board, again;
  guint64 total = 0;
  guint i;

  if (!nim_board_parse (&board, text, "--heaps", &error))
    {
      /* Every refusal is a usage error with a message for the user. */
      fuzz_check (g_error_matches (error, NIM_ERROR, NIM_ERROR_USAGE));
      fuzz_check (error->message != NULL && *error->message != '\0');
      return 0;
    }
  fuzz_check (error == NULL);

  /* What nim_board_parse () promises: 1 to NIM_MAX_HEAPS heaps, empty
     ones allowed (they keep their number) but not all of them, and a
     cached total that is the sum. */
  fuzz_check (board.n_heaps >= 1 && board.n_heaps <= NIM_MAX_HEAPS);
  for (i = 0; i < board.n_heaps; i++)
    total += board.heaps[i];
  fuzz_check (total == board.total);
  fuzz_check (total > 0);

  /* The printed form is what --heaps takes, and reads back the same. */
  printed = nim_board_to_string (&board);
  fuzz_check (nim_board_parse (&again, printed, "--heaps", NULL));
  fuzz_check (nim_board_equal (&board, &again));
  return 0;
}
