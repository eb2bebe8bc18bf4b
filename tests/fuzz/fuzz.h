/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz.h -- what the libFuzzer targets in tests/fuzz share
 *
 * Each fuzz-*.c defines LLVMFuzzerTestOneInput (), the entry point
 * libFuzzer calls with every input it makes up.  Built with
 * --enable-fuzzing, a target links libFuzzer's main (); in every build
 * it also links fuzz-replay.c's, which feeds it the committed corpus as an
 * ordinary test, so the corpus doubles as a regression suite. */
#pragma once

#include <stdio.h>
#include <glib.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

G_BEGIN_DECLS

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* The parsers take C strings: the input up to its first NUL, if any, as a
   string of its own so that reading past it is caught by ASan.  Unlike
   g_strndup (), an empty input (data may then be NULL) gives "". */
static inline char *
fuzz_strndup (const uint8_t *data, size_t size)
{
  char *s = g_malloc (size + 1);

  if (size > 0)
    memcpy (s, data, size);
  s[size] = '\0';
  return s;
}

/* An invariant of the code under test failed: abort, so the fuzzer saves
   the input and the replay test fails, with the reason on stderr. */
#define fuzz_check(expr)                                                      \
  G_STMT_START                                                                \
  {                                                                           \
    if (G_UNLIKELY (!(expr)))                                                 \
      {                                                                       \
        g_printerr ("%s:%d: invariant failed: %s\n", __FILE__, __LINE__,      \
                    #expr);                                                   \
        abort ();                                                             \
      }                                                                       \
  }                                                                           \
  G_STMT_END

G_END_DECLS
