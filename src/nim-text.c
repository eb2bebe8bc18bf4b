/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-text.c -- columns of text on a terminal, for the program's tables */

#include "config.h"

#include "nim-text.h"

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
