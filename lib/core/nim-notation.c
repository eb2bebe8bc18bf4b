/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-notation.c -- moves "h2-1", positions "3,4,5 p1", rules "1,2,3"

   One notation wherever nim writes a move or a position for a program to
   read: the trace, the JSON records and the UGI protocol that external
   engines speak.  Heaps are numbered from 1 here, as people count them. */
#include "config.h"

#include <string.h>

#include "nim-i18n.h"
#include "nim-notation.h"
#include "nim-octal.h"
#include "nim-error.h"
#include "nim-parse.h"
#include "nim-strings.h"

/**
 * nim_notation_append_move:
 * @s: a string
 * @move: a move
 *
 * Appends @move as "h2-1": take 1 from heap 2.
 */
void
nim_notation_append_move (GString *s, const NimMove *move)
{
  /* Without printf: a referee writes two moves for every move of an
     engine, and the engine one. */
  g_string_append_c (s, 'h');
  nim_string_append_uint (s, move->heap + 1);
  g_string_append_c (s, '-');
  nim_string_append_uint (s, move->count);
  if (move->split != 0)
    {
      g_string_append_c (s, '=');
      nim_string_append_uint (s, move->keep);
      g_string_append_c (s, '+');
      nim_string_append_uint (s, move->split);
    }
}

/**
 * nim_notation_move:
 * @move: a move
 *
 * Returns: (transfer full): @move as "h2-1"
 */
char *
nim_notation_move (const NimMove *move)
{
  GString *s = g_string_new (NULL);

  nim_notation_append_move (s, move);
  return g_string_free (s, FALSE);
}

/* Reads a whole number of at least 1 from *p up to a character in @stop
   (or the end), moving *p past it. */
static gboolean
scan_positive (const char **p, const char *stop, guint64 max, guint64 *value)
{
  const char *start = *p;
  guint64 v = 0;

  if (!g_ascii_isdigit (*start))
    return FALSE;
  while (g_ascii_isdigit (**p))
    {
      v = v * 10 + (guint64) (**p - '0');
      if (v > max)
        return FALSE;
      (*p)++;
    }
  if (**p != '\0' && strchr (stop, **p) == NULL)
    return FALSE;
  *value = v;
  return v >= 1;
}

/**
 * nim_notation_parse_move:
 * @text: a move such as "h2-1"
 * @move: (out): the move, its heap counted from 0
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Checks the notation only; whether the move is legal is
 * nim_board_check_move()'s question.
 *
 * Returns: %TRUE if @text is a move in nim's notation
 */
gboolean
nim_notation_parse_move (const char *text, NimMove *move, GError **error)
{
  const char *p = text;
  guint64 heap, count, keep = 0, split = 0;

  if (*p++ != 'h' || !scan_positive (&p, "-", NIM_MAX_HEAPS, &heap)
      || *p++ != '-' || !scan_positive (&p, "=", NIM_HEAP_SIZE_MAX, &count)
      || (*p == '='
          && (p++, !scan_positive (&p, "+", NIM_HEAP_SIZE_MAX, &keep)
                       || *p++ != '+'
                       || !scan_positive (&p, "", NIM_HEAP_SIZE_MAX, &split))))
    {
      g_autofree char *shown = nim_text_escape (text, 40);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("\"%s\" is not a move; a move is written hHEAP-COUNT, "
                      "such as h2-1 (take 1 from heap 2), or with a split "
                      "hHEAP-COUNT=A+B, such as h3-2=1+4 (take 2 from heap 3 "
                      "and leave heaps of 1 and 4)"),
                   shown);
      return FALSE;
    }
  move->heap = (guint) heap - 1;
  move->count = (guint32) count;
  move->split = (guint32) split;
  move->keep = (guint32) keep;
  return TRUE;
}

/**
 * nim_notation_position:
 * @board: the heaps
 * @to_move: the player to move, 1 or 2
 *
 * Returns: (transfer full): "3,4,5 p1": the heaps in order, empty ones as
 *   0, then the player to move
 */
char *
nim_notation_position (const NimBoard *board, guint to_move)
{
  g_autofree char *heaps = nim_board_to_string (board);

  return g_strdup_printf ("%s p%u", heaps, to_move);
}

/**
 * nim_notation_parse_position:
 * @text: a position such as "3,4,5 p1" or "0,4,5 p2"; the player may be
 *   left out, and is then player 1
 * @board: (out): the heaps
 * @to_move: (out) (optional): the player to move, 1 or 2
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Unlike a game's start, a position may have every heap empty: it is
 * where a finished game stands.
 *
 * Returns: %TRUE if @text is a position in nim's notation
 */
gboolean
nim_notation_parse_position (const char *text, NimBoard *board, guint *to_move,
                             GError **error)
{
  g_auto (GStrv) words = g_strsplit_set (text, " \t", -1);
  g_autoptr (GArray) sizes = NULL;
  guint32 heaps[NIM_MAX_HEAPS];
  guint player = 1;
  guint n_words = 0;
  const char *word[2] = { NULL, NULL };
  guint i;

  for (i = 0; words[i] != NULL; i++)
    {
      if (words[i][0] == '\0')
        continue;
      if (n_words == 2)
        goto bad;
      word[n_words++] = words[i];
    }
  if (n_words == 0)
    goto bad;
  if (n_words == 2)
    {
      if (strcmp (word[1], "p1") == 0)
        player = 1;
      else if (strcmp (word[1], "p2") == 0)
        player = 2;
      else
        goto bad;
    }
  if (!nim_parse_uint_list (word[0], 0, NIM_HEAP_SIZE_MAX, NIM_MAX_HEAPS,
                            _ ("the position"), &sizes, error))
    return FALSE;
  for (i = 0; i < sizes->len; i++)
    heaps[i] = (guint32) g_array_index (sizes, guint64, i);
  nim_board_init (board, heaps, sizes->len);
  if (to_move != NULL)
    *to_move = player;
  return TRUE;

bad:
  {
    g_autofree char *shown = nim_text_escape (text, 40);

    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                 _ ("\"%s\" is not a position; a position is the heaps, "
                    "comma-separated, then the player to move, such as "
                    "3,4,5 p1"),
                 shown);
    return FALSE;
  }
}

/**
 * nim_notation_rules:
 * @rules: the rules
 *
 * Returns: (transfer full): the take rule as the protocol sends it: the
 *   family's notation ("any", "2,7", "0.77"), but every allowed count of
 *   a range, "1,2,3" for at most three
 */
char *
nim_notation_rules (const NimRules *rules)
{
  const NimRuleFamily *f = rules->family;

  return f->protocol != NULL ? f->protocol (rules) : f->to_string (rules);
}

/**
 * nim_notation_parse_rules:
 * @text: the take rule in any family's notation: "any", the allowed
 *   counts "1,2,3", a code "0.77"
 * @misere: whether whoever takes the last match loses
 * @rules: (out): the rules
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Counts 1 to K in order become the range rule of `--max-take K`, so
 * that the rules read back compare equal to those that were written.
 *
 * Returns: %TRUE if @text is a take rule in nim's notation
 */
gboolean
nim_notation_parse_rules (const char *text, gboolean misere, NimRules *rules,
                          GError **error)
{
  nim_rules_init (rules);
  if (!nim_rules_parse (rules, text, _ ("the rules"), error))
    return FALSE;
  rules->misere = misere;
  return TRUE;
}
