/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-strings.c -- text a message quotes, made safe to show, numbers
   written without printf, and text padded to columns */

#include "config.h"

#include "nim-strings.h"

/**
 * nim_text_escape:
 * @text: what a person typed, UTF-8 or not
 * @max_chars: the most characters to keep, or 0 to keep them all
 *
 * Makes typed text safe to show on a terminal: a control character
 * (such as the ESC that starts a terminal's escape sequence, or a C1
 * control such as U+009B) is written as \x1b or \u009b, a byte that is
 * not UTF-8 as \xff (a tab, harmless, stays), and text longer than
 * @max_chars characters is cut there and ends in "...", so that a
 * message quoting it stays a line.
 *
 * Returns: (transfer full): the text to show
 */
char *
nim_text_escape (const char *text, gsize max_chars)
{
  GString *out = g_string_new (NULL);
  const char *p = text;
  gsize n = 0;

  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (max_chars > 0 && n == max_chars)
        {
          g_string_append (out, "...");
          break;
        }
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02x", (guchar) *p);
          p++;
        }
      else
        {
          if ((c < 0x20 && c != '\t') || c == 0x7f)
            g_string_append_printf (out, "\\x%02x", (guint) c);
          else if (c >= 0x80 && c < 0xa0)
            g_string_append_printf (out, "\\u%04x", (guint) c);
          else
            g_string_append_len (out, p, g_utf8_next_char (p) - p);
          p = g_utf8_next_char (p);
        }
      n++;
    }
  return g_string_free (out, FALSE);
}

/**
 * nim_string_append_uint:
 * @s: a string
 * @value: a whole number
 *
 * Appends @value in decimal, as "%" G_GUINT64_FORMAT writes it, without
 * the cost of printf: a referee and its engine write a few numbers for
 * every move, and the formatting was a tenth of what they spend outside
 * the search.
 */
void
nim_string_append_uint (GString *s, guint64 value)
{
  char digits[20]; /* G_MAXUINT64 has 20 */
  gsize n = sizeof digits;

  do
    {
      digits[--n] = (char) ('0' + value % 10);
      value /= 10;
    }
  while (value != 0);
  g_string_append_len (s, digits + n, (gssize) (sizeof digits - n));
}

/**
 * nim_string_append_int:
 * @s: a string
 * @value: a whole number, which may be negative
 *
 * Appends @value in decimal, as "%" G_GINT64_FORMAT writes it (see
 * nim_string_append_uint()).
 */
void
nim_string_append_int (GString *s, gint64 value)
{
  if (value < 0)
    g_string_append_c (s, '-');
  /* -G_MININT64 overflows; its magnitude as unsigned does not. */
  nim_string_append_uint (s, value < 0 ? -(guint64) value : (guint64) value);
}

/**
 * nim_text_width:
 * @text: UTF-8 text
 *
 * Returns: the columns @text takes on a terminal: two for a wide
 *   character (Chinese), none for a combining one
 */
gsize
nim_text_width (const char *text)
{
  gsize width = 0;
  const char *p;

  for (p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iswide (c))
        width += 2;
      else if (!g_unichar_iszerowidth (c))
        width++;
    }
  return width;
}

/**
 * nim_string_append_padded:
 * @s: a string
 * @text: UTF-8 text
 * @width: the columns to fill
 * @left: align @text left (pad after it) rather than right
 *
 * printf's %-*s and %*s counted in columns rather than bytes, so that
 * translated words line up too.
 */
void
nim_string_append_padded (GString *s, const char *text, gsize width,
                          gboolean left)
{
  gsize w = nim_text_width (text);

  if (!left)
    for (; w < width; w++)
      g_string_append_c (s, ' ');
  g_string_append (s, text);
  if (left)
    for (; w < width; w++)
      g_string_append_c (s, ' ');
}
