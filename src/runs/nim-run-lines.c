/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run-lines.c -- the files of a run (--positions, a results file)
 * read a line at a time, each line and the whole file bounded
 *
 * A file named on the command line may be anything: /dev/zero never
 * ends a line, a pipe may never end.  So a line longer than the caller's
 * bound is an error naming the file and the line, and so is a file
 * longer than its bound: memory grows by one line at most, and reading
 * stops.  A NUL byte is passed on, and said: text has none, and a C
 * string would end at it unseen. */

#include "config.h"

#include "nim-run-lines.h"

#include "nim-error.h"
#include "nim-i18n.h"
#include "nim-interrupt.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/* What one read(2) asks for. */
#define CHUNK 65536

struct _NimRunLines
{
  int fd;
  char *path;
  gsize max_line;
  guint64 max_bytes; /* 0 for no bound */
  guint64 read_bytes;
  guint64 number; /* of the line last returned */
  gboolean eof;
  GString *line;
  char *buf;
  gsize start, end; /* what of @buf is not taken yet */
};

/**
 * nim_run_lines_open:
 * @path: a file
 * @max_line: the longest line, in bytes, its line end left out
 * @max_bytes: the most bytes to read of the file, or 0 for no bound
 * @error: return location for a #G_FILE_ERROR saying why @path cannot be
 *   opened (the message is the system's alone: the caller names the
 *   file)
 *
 * Returns: (transfer full) (nullable): the file, to read with
 *   nim_run_lines_next()
 */
NimRunLines *
nim_run_lines_open (const char *path, gsize max_line, guint64 max_bytes,
                    GError **error)
{
  NimRunLines *lines;
  int fd;

  do
    fd = open (path, O_RDONLY | O_CLOEXEC);
  while (fd < 0 && errno == EINTR && !nim_interrupted ());
  if (fd < 0)
    {
      int saved = errno;

      if (saved == EINTR)
        g_set_error (error, NIM_ERROR, NIM_ERROR_INTERRUPTED,
                     _ ("interrupted"));
      else
        g_set_error_literal (error, G_FILE_ERROR,
                             g_file_error_from_errno (saved),
                             g_strerror (saved));
      return NULL;
    }
  lines = g_new0 (NimRunLines, 1);
  lines->fd = fd;
  lines->path = g_strdup (path);
  lines->max_line = max_line;
  lines->max_bytes = max_bytes;
  lines->line = g_string_new (NULL);
  lines->buf = g_malloc (CHUNK);
  return lines;
}

/* @bytes as people write it: "64 KiB", "256 MiB", in the same words
   whatever the locale (g_format_size() writes "64.0" or "64,0", with a
   no-break space that a C locale cannot show). */
static char *
size_text (guint64 bytes)
{
  if (bytes % (1024 * 1024) == 0)
    return g_strdup_printf ("%llu MiB", (unsigned long long) (bytes >> 20));
  if (bytes % 1024 == 0)
    return g_strdup_printf ("%llu KiB", (unsigned long long) (bytes >> 10));
  return g_strdup_printf ("%llu B", (unsigned long long) bytes);
}

/* Reads more of the file into the empty buffer; FALSE with @error set
   when it cannot, or when the file is longer than its bound. */
static gboolean
fill (NimRunLines *lines, GError **error)
{
  gsize want = CHUNK;
  ssize_t n;

  /* One byte past the bound tells a file of exactly that size from a
     longer one. */
  if (lines->max_bytes > 0 && lines->max_bytes - lines->read_bytes + 1 < want)
    want = (gsize) (lines->max_bytes - lines->read_bytes + 1);
  do
    n = read (lines->fd, lines->buf, want);
  while (n < 0 && errno == EINTR && !nim_interrupted ());
  if (n < 0)
    {
      int saved = errno;

      if (saved == EINTR)
        g_set_error (error, NIM_ERROR, NIM_ERROR_INTERRUPTED,
                     _ ("interrupted"));
      else
        g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                     _ ("cannot read %s: %s"), lines->path,
                     g_strerror (saved));
      return FALSE;
    }
  lines->start = 0;
  lines->end = (gsize) n;
  lines->eof = n == 0;
  lines->read_bytes += (guint64) n;
  if (lines->max_bytes > 0 && lines->read_bytes > lines->max_bytes)
    {
      g_autofree char *size = size_text (lines->max_bytes);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: a file, then a size such as "64
                      MiB". */
                   _ ("%1$s is longer than %2$s, the most nim reads of it"),
                   lines->path, size);
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_run_lines_next:
 * @lines: a file being read
 * @length: (out): the line's length in bytes
 * @ended: (out): whether it ended in a newline (else it is the last line
 *   of the file, cut short)
 * @nul: (out): whether it holds a NUL byte
 * @error: return location for an error: a line longer than the bound, or
 *   a file longer than its bound (#NIM_ERROR_USAGE, naming the file and
 *   the line), a failed read (#NIM_ERROR_FAILED), Ctrl-C while waiting
 *   for input (#NIM_ERROR_INTERRUPTED)
 *
 * Returns: (transfer none) (nullable): the next line, its newline left
 *   out, valid until the next call; %NULL at the end of the file (@error
 *   not set) or on an error
 */
const char *
nim_run_lines_next (NimRunLines *lines, gsize *length, gboolean *ended,
                    gboolean *nul, GError **error)
{
  GString *line = lines->line;

  g_string_truncate (line, 0);
  for (;;)
    {
      if (lines->start < lines->end)
        {
          const char *from = lines->buf + lines->start;
          const char *newline = memchr (from, '\n', lines->end - lines->start);
          gsize n = newline != NULL ? (gsize) (newline - from)
                                    : lines->end - lines->start;

          if (line->len + n > lines->max_line)
            {
              g_autofree char *size = size_text (lines->max_line);

              g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                           /* TRANSLATORS: a file, a line number, and a
                              size such as "64 KiB". */
                           _ ("%1$s:%2$llu: the line is longer than %3$s, "
                              "the most nim reads of a line of it"),
                           lines->path, (unsigned long long) lines->number + 1,
                           size);
              return NULL;
            }
          g_string_append_len (line, from, (gssize) n);
          lines->start += n;
          if (newline != NULL)
            {
              lines->start++;
              *ended = TRUE;
              break;
            }
          continue;
        }
      if (lines->eof)
        {
          if (line->len == 0)
            return NULL;
          *ended = FALSE;
          break;
        }
      if (!fill (lines, error))
        return NULL;
    }
  lines->number++;
  *length = line->len;
  *nul = memchr (line->str, '\0', line->len) != NULL;
  return line->str;
}

/**
 * nim_run_lines_number:
 * @lines: a file being read
 *
 * Returns: the number of the line nim_run_lines_next() returned last,
 *   from 1
 */
guint64
nim_run_lines_number (const NimRunLines *lines)
{
  return lines->number;
}

/**
 * nim_run_lines_free:
 * @lines: (nullable): a file being read
 *
 * Closes it.
 */
void
nim_run_lines_free (NimRunLines *lines)
{
  if (lines == NULL)
    return;
  close (lines->fd);
  g_free (lines->path);
  g_string_free (lines->line, TRUE);
  g_free (lines->buf);
  g_free (lines);
}
