/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-util.c -- error domain, exit statuses and strict number parsing */

#include "config.h"

#include "nim-util.h"

#include "nim-i18n.h"

#include <errno.h>
#include <sched.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

G_DEFINE_QUARK (nim - error - quark, nim_error)

/**
 * nim_error_to_exit_status:
 * @error: (nullable): the error that ended the program, or %NULL
 *
 * Returns: the exit status nim(1) documents for @error
 */
int
nim_error_to_exit_status (const GError *error)
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
      case NIM_ERROR_SHOW_BOARD: /* answered before they get here */
      case NIM_ERROR_UNDO:
      case NIM_ERROR_NEW_GAME:
        break;
      }
  /* GOption also fails with G_CONVERT_ERROR on an argument that is not
     text in the locale's encoding: a usage error all the same. */
  if (error->domain == G_OPTION_ERROR || error->domain == G_CONVERT_ERROR)
    return NIM_EXIT_USAGE;
  return NIM_EXIT_FAILURE;
}

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
      || *end != '\0' || errno != 0 || !isfinite (v) || v < min || v > max)
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

/**
 * nim_memory_available:
 *
 * What a table or a computation may take without pushing the machine into swap
 * or the out-of-memory killer: the kernel's estimate of the memory available
 * to a new program (MemAvailable in /proc/meminfo), or else the physical
 * memory.
 *
 * Returns: bytes, or 0 when the system does not say
 */
guint64
nim_memory_available (void)
{
  g_autofree char *meminfo = NULL;
  long pages, page_size;

  if (g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL))
    {
      const char *field = strstr (meminfo, "MemAvailable:");

      if (field != NULL)
        return g_ascii_strtoull (field + strlen ("MemAvailable:"), NULL, 10)
               * 1024;
    }
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
  pages = sysconf (_SC_PHYS_PAGES);
  page_size = sysconf (_SC_PAGESIZE);
  if (pages > 0 && page_size > 0)
    return (guint64) pages * (guint64) page_size;
#endif
  (void) pages;
  (void) page_size;
  return 0;
}

/* Ctrl-C.  The program's SIGINT handler (src/nim-prompt.c) only sets
   this flag: the prompt, the search and the comparison run look at it
   and wind down, so that a game's record is printed, a results file is
   complete and the terminal is left as it was.  The library only reads
   the flag; catching the signal is the program's business. */
static volatile sig_atomic_t interrupt_flag;

/**
 * nim_interrupt_request:
 *
 * Asks whatever runs (a search, a game, a comparison run) to stop, as a
 * first Ctrl-C does: nim_interrupted() returns %TRUE from now on.  Safe
 * to call from a signal handler, which is where the program calls it.
 */
void
nim_interrupt_request (void)
{
  interrupt_flag = 1;
}

/**
 * nim_interrupt_clear:
 *
 * Forgets an earlier nim_interrupt_request(), before a new run.
 */
void
nim_interrupt_clear (void)
{
  interrupt_flag = 0;
}

/**
 * nim_interrupted:
 *
 * Returns: %TRUE once nim_interrupt_request() was called (a SIGINT
 *   arrived) since the last nim_interrupt_clear()
 */
gboolean
nim_interrupted (void)
{
  return interrupt_flag != 0;
}

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

/* Whether the calling thread may run on more than one processor: pinned
   to one with the other end of its pipes (--affinity), looking for the
   other's answer would only delay it. */
static gboolean
many_processors (void)
{
#if defined(HAVE_SCHED_GETAFFINITY) && defined(CPU_COUNT)
  cpu_set_t set;

  if (sched_getaffinity (0, sizeof set, &set) == 0)
    return CPU_COUNT (&set) > 1;
#endif
  return g_get_num_processors () > 1;
}

/**
 * nim_lookout_init:
 * @lookout: (out): a lookout for the calling thread's reads
 */
void
nim_lookout_init (NimLookout *lookout)
{
  lookout->look = many_processors ();
  lookout->wait = 0;
}

/**
 * nim_lookout_wanted:
 * @lookout: a lookout
 *
 * Returns: whether the next read is to look for its answer, up to
 *   NIM_LOOKOUT_MAX microseconds, before it sleeps
 */
gboolean
nim_lookout_wanted (const NimLookout *lookout)
{
  return lookout->look && lookout->wait < NIM_LOOKOUT_MAX;
}

/**
 * nim_lookout_record:
 * @lookout: a lookout
 * @start: the monotonic time at which the read began to wait
 *
 * Counts a wait that has just ended into the average, as at most
 * 4 * NIM_LOOKOUT_MAX, so that one long wait (a game's start, a long
 * think) does not stop the looking for long.
 */
void
nim_lookout_record (NimLookout *lookout, gint64 start)
{
  gint64 waited = MIN (g_get_monotonic_time () - start, 4 * NIM_LOOKOUT_MAX);

  lookout->wait += (waited - lookout->wait) / 8;
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
