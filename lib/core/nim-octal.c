/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-octal.c -- take-and-break games written as octal codes (their
   Grundy values and periods are nim-sequence's, the rules a code stands
   for nim-rules-code's)

   In the code d0.d1d2d3..., digit dj says what may happen when j matches
   are taken from a heap: bit 1, the heap may vanish (it had exactly j);
   bit 2, one smaller heap may remain; bit 4, what remains may be split
   into two non-empty heaps.  Nim taking 1 to 3 is 0.333, Kayles 0.77.
   The Grundy value of a heap of n is the mex of the values its moves
   leave, a split leaving G(a) XOR G(b). */
#include "config.h"

#include <string.h>

#include "nim-i18n.h"
#include "nim-octal.h"
#include "nim-error.h"
#include "nim-strings.h"

/**
 * nim_octal_parse:
 * @code: (out): the code
 * @text: a code such as "0.77", ".07", "4.07" or "0.333"
 * @what: what @text was given as, named in each message ("--rules")
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Accepts octal digits 0 to 7 after the point, at most
 * %NIM_OCTAL_MAX_DIGITS of them, and 0 or 4 before it (a 4 splits a heap
 * in two without taking).  At least one digit must allow a move.
 *
 * Returns: %TRUE if @text is a code
 */
gboolean
nim_octal_parse (NimOctal *code, const char *text, const char *what,
                 GError **error)
{
  g_autofree char *shown = nim_text_escape (text, 40);
  const char *p = text;
  guint j = 0;

  memset (code, 0, sizeof *code);
  if (*p == '0' || *p == '4')
    code->digits[0] = (guint8) (*p++ - '0');
  if (*p++ != '.')
    goto bad;
  if (*p == '\0')
    goto bad;
  for (; *p != '\0'; p++)
    {
      if (*p < '0' || *p > '7')
        goto bad;
      if (++j > NIM_OCTAL_MAX_DIGITS)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s: '%s' has more than %d digits after the point"),
                       what, shown, NIM_OCTAL_MAX_DIGITS);
          return FALSE;
        }
      code->digits[j] = (guint8) (*p - '0');
      if (code->digits[j] != 0)
        code->n_digits = j;
    }
  if (code->n_digits == 0 && code->digits[0] == 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("%s: '%s' allows no move at all; at least one digit "
                      "must be from 1 to 7"),
                   what, shown);
      return FALSE;
    }
  return TRUE;

bad:
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: the octal codes are written as they are in
                  the literature; keep them as they are. */
               _ ("%s: '%s' is not a take-and-break code; expected 0. "
                  "followed by octal digits 0-7, such as 0.77 (Kayles), "
                  "0.07 (Dawson's Kayles) or 0.333 (take 1 to 3)"),
               what, shown);
  return FALSE;
}

/**
 * nim_octal_to_string:
 * @code: a code
 *
 * Returns: (transfer full): the code as the literature writes it, "0.77"
 */
char *
nim_octal_to_string (const NimOctal *code)
{
  GString *s = g_string_new (NULL);
  guint j;

  g_string_append_printf (s, "%u.", code->digits[0]);
  for (j = 1; j <= code->n_digits; j++)
    g_string_append_c (s, (char) ('0' + code->digits[j]));
  if (code->n_digits == 0)
    g_string_append_c (s, '0');
  return g_string_free (s, FALSE);
}

/**
 * nim_octal_has_splits:
 * @code: a code
 *
 * Returns: %TRUE if a move of @code can split a heap in two
 */
gboolean
nim_octal_has_splits (const NimOctal *code)
{
  guint j;

  for (j = 0; j <= code->n_digits; j++)
    if (code->digits[j] & NIM_OCTAL_TWO)
      return TRUE;
  return FALSE;
}
