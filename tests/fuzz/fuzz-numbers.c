/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-numbers.c -- libFuzzer target for nim-util's strict number parsing:
 * nim_parse_uint, nim_parse_uint_list and nim_parse_double
 *
 * Every parser gets the same text; the first byte also picks the bounds,
 * so the range checks are reached with limits other than the full range. */

#include "config.h"

#include "fuzz.h"

#include "nim-error.h"
#include "nim-parse.h"

#include <stdio.h>
#include <math.h>

/* The bounds the parsers are called with: the whole range, a small one, a
   32-bit one, and a single value. */
static const guint64 mins[] = { 0, 1, 5, 7 };
static const guint64 maxs[] = { G_MAXUINT64, 100, G_MAXUINT32, 7 };

static void
check_uint (const char *text, guint64 min, guint64 max)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *printed = NULL;
  guint64 v = 0, again = 0;

  if (!nim_parse_uint (text, min, max, "number", &v, &error))
    {
      fuzz_check (g_error_matches (error, NIM_ERROR, NIM_ERROR_USAGE));
      return;
    }
  fuzz_check (error == NULL);
  fuzz_check (v >= min && v <= max);
  /* Digits only, blanks around them ignored: the number printed back
     parses to the same value, and the scanner agrees. */
  printed = g_strdup_printf ("%" G_GUINT64_FORMAT, v);
  fuzz_check (nim_parse_uint (printed, min, max, "number", &again, NULL));
  fuzz_check (again == v);
  fuzz_check (nim_scan_uint (printed, &again) == NIM_NUMBER_OK);
  fuzz_check (again == v);
}

static void
check_list (const char *text, guint64 min, guint64 max, guint max_items)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) items = NULL;
  g_autoptr (GArray) again = NULL;
  g_autoptr (GString) printed = g_string_new (NULL);
  guint i;

  if (!nim_parse_uint_list (text, min, max, max_items, "list", &items, &error))
    {
      fuzz_check (g_error_matches (error, NIM_ERROR, NIM_ERROR_USAGE));
      fuzz_check (items == NULL);
      return;
    }
  fuzz_check (error == NULL);
  fuzz_check (items->len >= 1 && items->len <= max_items);
  for (i = 0; i < items->len; i++)
    {
      guint64 v = g_array_index (items, guint64, i);

      fuzz_check (v >= min && v <= max);
      g_string_append_printf (printed, "%s%" G_GUINT64_FORMAT, i ? "," : "",
                              v);
    }
  fuzz_check (nim_parse_uint_list (printed->str, min, max, max_items, "list",
                                   &again, NULL));
  fuzz_check (again->len == items->len);
  for (i = 0; i < items->len; i++)
    fuzz_check (g_array_index (again, guint64, i)
                == g_array_index (items, guint64, i));
}

static void
check_double (const char *text, double min, double max)
{
  g_autoptr (GError) error = NULL;
  double v = NAN;

  if (!nim_parse_double (text, min, max, "seconds", &v, &error))
    {
      fuzz_check (g_error_matches (error, NIM_ERROR, NIM_ERROR_USAGE));
      return;
    }
  fuzz_check (error == NULL);
  fuzz_check (isfinite (v) && v >= min && v <= max);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = fuzz_strndup (data, size);
  guint pick = size > 0 ? data[0] % G_N_ELEMENTS (mins) : 0;
  guint64 min = mins[pick], max = maxs[pick];

  check_uint (text, min, max);
  check_uint (text, 0, G_MAXUINT64);
  check_list (text, min, max, pick == 0 ? 64 : 3);
  check_double (text, 0, 86400);
  check_double (text, -1e300, 1e300);
  return 0;
}
