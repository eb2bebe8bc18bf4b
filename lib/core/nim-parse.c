/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-parse.c -- strict parsing of the numbers people type */

#include "config.h"

#include "nim-parse.h"

#include "nim-error.h"
#include "nim-i18n.h"
#include "nim-strings.h"

#include <errno.h>
#include <math.h>
#include <string.h>

/**
 * nim_scan_uint:
 * @text: a word, without surrounding blanks
 * @value: (out): the number; %G_MAXUINT64 when it is too large, and for
 *   a negative number its magnitude
 *
 * Classifies a word strictly: only ASCII digits, after an optional minus
 * sign that makes it negative (even "-0").  strtoull() would accept "+7"
 * and "12abc" and saturate silently; a user deserves to hear about each.
 *
 * Returns: what @text is
 */
NimNumberKind
nim_scan_uint (const char *text, guint64 *value)
{
  const char *digits = text[0] == '-' ? text + 1 : text;
  g_autoptr (GError) error = NULL;
  gboolean overflow = FALSE;
  guint64 v = 0;

  if (*text == '\0')
    return NIM_NUMBER_EMPTY;
  /* GLib's parser takes digits alone, no sign and no blank: what is left
     to say is which of our kinds a failure is. */
  if (*digits == '-' || *digits == '+'
      || !g_ascii_string_to_unsigned (digits, 10, 0, G_MAXUINT64, &v, &error))
    {
      if (error == NULL
          || !g_error_matches (error, G_NUMBER_PARSER_ERROR,
                               G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS))
        return NIM_NUMBER_NOT_A_NUMBER;
      overflow = TRUE;
      v = G_MAXUINT64;
    }
  *value = v;
  if (digits != text)
    return NIM_NUMBER_NEGATIVE;
  return overflow ? NIM_NUMBER_TOO_LARGE : NIM_NUMBER_OK;
}

/**
 * nim_parse_uint:
 * @text: the text to parse; surrounding blanks are ignored
 * @min: the smallest value accepted
 * @max: the largest value accepted
 * @what: what the number is, for messages ("heap size")
 * @out: (out): where the value goes
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Parses a decimal number with nim_scan_uint() and checks its range,
 * with a message for each way it can be wrong.
 *
 * Returns: %TRUE on success
 */
gboolean
nim_parse_uint (const char *text, guint64 min, guint64 max, const char *what,
                guint64 *out, GError **error)
{
  g_autofree char *s = g_strstrip (g_strdup (text != NULL ? text : ""));
  g_autofree char *shown = NULL;
  guint64 value = 0;
  NimNumberKind kind = nim_scan_uint (s, &value);

  /* What the messages quote: a 100,000-digit number is shown cut short,
     and control characters escaped, as the prompt shows typed text.
     Made only for a number refused: an engine's position is read with
     this every game. */
  if (kind != NIM_NUMBER_OK || value > max || value < min)
    shown = nim_text_escape (s, 40);

  switch (kind)
    {
    case NIM_NUMBER_EMPTY:
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %1$s names the number asked for, an
                      option (--heaps) or words such as "number of heaps". */
                   _ ("%1$s: nothing given; expected a whole number from "
                      "%2$llu to %3$llu"),
                   what, (unsigned long long) min, (unsigned long long) max);
      return FALSE;
    case NIM_NUMBER_NEGATIVE:
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("%1$s: '%2$s' is negative; expected a whole number "
                      "from %3$llu to %4$llu"),
                   what, shown, (unsigned long long) min,
                   (unsigned long long) max);
      return FALSE;
    case NIM_NUMBER_NOT_A_NUMBER:
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("%1$s: '%2$s' is not a whole number; expected digits "
                      "0-9 only, a value from %3$llu to %4$llu"),
                   what, shown, (unsigned long long) min,
                   (unsigned long long) max);
      return FALSE;
    case NIM_NUMBER_TOO_LARGE:
    case NIM_NUMBER_OK:
      break;
    }
  if (kind == NIM_NUMBER_TOO_LARGE || value > max)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("%1$s: %2$s is too large; the largest accepted is "
                      "%3$llu"),
                   what, shown, (unsigned long long) max);
      return FALSE;
    }
  if (value < min)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("%1$s: %2$s is too small; the smallest accepted is "
                      "%3$llu"),
                   what, shown, (unsigned long long) min);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

/**
 * nim_parse_uint_list:
 * @text: numbers separated by commas or blanks ("3,4,5", "3 4 5")
 * @min: the smallest value accepted for each item
 * @max: the largest value accepted for each item
 * @max_items: the most items accepted
 * @what: what the items are, for messages
 * @out: (out) (transfer full): a #GArray of #guint64
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Returns: %TRUE on success
 */
gboolean
nim_parse_uint_list (const char *text, guint64 min, guint64 max,
                     guint max_items, const char *what, GArray **out,
                     GError **error)
{
  g_autoptr (GArray) items = g_array_new (FALSE, FALSE, sizeof (guint64));
  const char *p = text != NULL ? text : "";
  /* What the messages quote, made only for them (see nim_parse_uint()). */
  g_autofree char *shown = NULL;

  /* Items are separated by a comma, blanks, or both: "3,4,5", "3 4 5" and
     the course's MOVES='2, 7, 15, 16' all work.  An empty item ("3,,4", "3,")
     is a mistake worth naming rather than skipping. */
  for (;;)
    {
      g_autofree char *item = NULL;
      const char *start;
      guint64 v;

      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == '\0')
        break;
      if (*p == ',')
        {
          shown = nim_text_escape (text != NULL ? text : "", 40);
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s: empty entry in '%s'; expected numbers "
                          "separated by commas, such as 3,4,5"),
                       what, shown);
          return FALSE;
        }
      for (start = p; *p != '\0' && *p != ',' && *p != ' ' && *p != '\t'; p++)
        ;
      item = g_strndup (start, p - start);
      if (!nim_parse_uint (item, min, max, what, &v, error))
        return FALSE;
      if (items->len >= max_items)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%s: too many values; at most %u is "
                                    "accepted",
                                    "%s: too many values; at most %u are "
                                    "accepted",
                                    max_items),
                       what, max_items);
          return FALSE;
        }
      g_array_append_val (items, v);
      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == ',')
        {
          p++;
          while (*p == ' ' || *p == '\t')
            p++;
          if (*p == '\0' || *p == ',')
            {
              shown = nim_text_escape (text != NULL ? text : "", 40);
              g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                           _ ("%s: empty entry in '%s'; expected numbers "
                              "separated by commas, such as 3,4,5"),
                           what, shown);
              return FALSE;
            }
        }
    }
  if (items->len == 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("%s: no values given; expected a list such as 3,4,5"),
                   what);
      return FALSE;
    }
  *out = g_steal_pointer (&items);
  return TRUE;
}

/**
 * nim_parse_double:
 * @text: a decimal number such as "0.5" or "5"
 * @min: the smallest value accepted
 * @max: the largest value accepted
 * @what: what the number is, for messages
 * @out: (out): where the value goes
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Returns: %TRUE on success
 */
gboolean
nim_parse_double (const char *text, double min, double max, const char *what,
                  double *out, GError **error)
{
  g_autofree char *s = g_strstrip (g_strdup (text != NULL ? text : ""));
  char *end = NULL;
  double v;

  errno = 0;
  v = g_ascii_strtod (s, &end);
  /* Decimal only, like every other number: g_ascii_strtod() would read
     "0x10" as 16 and "inf" as infinity. */
  if (*s == '\0' || s[strspn (s, "0123456789.eE+-")] != '\0' || end == s
      || *end != '\0' || errno == ERANGE || !isfinite (v) || v < min
      || v > max)
    {
      g_autofree char *shown = nim_text_escape (s, 40);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("%s: '%s' is not accepted; expected a number from %g "
                      "to %g"),
                   what, shown, min, max);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

/* A size as nim_parse_size() reads it: in the largest unit that divides
   it, 1048576 as 1M. */
static char *
size_text (guint64 bytes)
{
  static const char units[] = "KMGT";
  int i;

  for (i = 3; i >= 0; i--)
    {
      guint shift = 10 * (guint) (i + 1);

      if (bytes != 0 && bytes >> shift << shift == bytes)
        return g_strdup_printf ("%llu%c", (unsigned long long) bytes >> shift,
                                units[i]);
    }
  return g_strdup_printf ("%llu", (unsigned long long) bytes);
}

/**
 * nim_parse_size:
 * @text: a size in bytes: a whole number, with K, M, G or T for powers of
 *   1,024 (KiB, MiB, GiB, TiB; a B or iB after the letter is allowed), as
 *   in 512M or 2G; surrounding blanks are ignored
 * @min: the smallest size accepted, in bytes
 * @max: the largest size accepted, in bytes
 * @what: what the size is, for messages ("--max-memory")
 * @out: (out): the bytes
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Returns: %TRUE on success
 */
gboolean
nim_parse_size (const char *text, guint64 min, guint64 max, const char *what,
                guint64 *out, GError **error)
{
  g_autofree char *s = g_strstrip (g_strdup (text != NULL ? text : ""));
  g_autofree char *lo = size_text (min);
  g_autofree char *hi = size_text (max);
  gsize len = strlen (s);
  guint shift = 0;
  guint64 value = 0;
  const char *units = "KMGT";
  const char *unit;

  /* The letter, then an optional B or iB after it. */
  if (len > 3 && g_ascii_strcasecmp (s + len - 2, "iB") == 0
      && strchr (units, g_ascii_toupper (s[len - 3])) != NULL)
    len -= 2;
  else if (len > 2 && g_ascii_toupper (s[len - 1]) == 'B'
           && strchr (units, g_ascii_toupper (s[len - 2])) != NULL)
    len--;
  if (len > 0 && (unit = strchr (units, g_ascii_toupper (s[len - 1]))) != NULL)
    {
      shift = 10 * (guint) (unit - units + 1);
      len--;
    }
  s[len] = '\0';
  if (len == 0 || nim_scan_uint (s, &value) != NIM_NUMBER_OK
      || value > (G_MAXUINT64 >> shift) || value << shift < min
      || value << shift > max)
    {
      g_autofree char *shown = nim_text_escape (text != NULL ? text : "", 40);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %1$s names the size asked for (an
                      option); K, M, G and T are typed as they are. */
                   _ ("%1$s: '%2$s' is not accepted; expected a size in "
                      "bytes, a whole number with K, M, G or T (KiB, MiB, "
                      "GiB, TiB) such as 512M or 2G, from %3$s to %4$s"),
                   what, shown, lo, hi);
      return FALSE;
    }
  *out = value << shift;
  return TRUE;
}
