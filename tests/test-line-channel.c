/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-line-channel.c -- lines read from a pipe: whole, cut, the last one
   without its line end, a deadline that keeps what came */

#include "config.h"

#include "nim-test.h"

#include <glib-unix.h>
#include <string.h>
#include <unistd.h>

#include "nim-line-channel.h"

/* A pipe: [0] to read, [1] to write. */
static void
make_pipe (int fds[2])
{
  g_autoptr (GError) error = NULL;

  g_assert_true (g_unix_open_pipe (fds, FD_CLOEXEC, &error));
  g_assert_no_error (error);
}

static void
put (int fd, const char *text, gsize len)
{
  g_assert_cmpint (write (fd, text, len), ==, (gssize) len);
}

/* Lines end in "\n" or "\r\n"; the last one may have no end; then the
   end of the input. */
static void
test_lines (void)
{
  g_autoptr (GString) line = g_string_new (NULL);
  g_autoptr (NimLineChannel) ch = NULL;
  int fds[2];

  make_pipe (fds);
  ch = nim_line_channel_new (fds[0], 100);
  put (fds[1], "a\nb\r\n\nlast", 10);
  close (fds[1]);
  g_assert_cmpint (nim_line_channel_read (ch, -1, line), ==, NIM_LINE_OK);
  g_assert_cmpstr (line->str, ==, "a");
  g_assert_cmpint (nim_line_channel_read (ch, -1, line), ==, NIM_LINE_OK);
  g_assert_cmpstr (line->str, ==, "b");
  g_assert_cmpint (nim_line_channel_read (ch, -1, line), ==, NIM_LINE_OK);
  g_assert_cmpstr (line->str, ==, "");
  g_assert_cmpint (nim_line_channel_read (ch, -1, line), ==, NIM_LINE_OK);
  g_assert_cmpstr (line->str, ==, "last");
  g_assert_cmpint (nim_line_channel_read (ch, -1, line), ==, NIM_LINE_END);
  g_assert_cmpint (nim_line_channel_read (ch, -1, line), ==, NIM_LINE_END);
  close (fds[0]);
}

/* A line longer than the limit comes cut, whether its end has come or
   not, and the rest of it is thrown away: the next line is whole. */
static void
test_cut (void)
{
  g_autoptr (GString) line = g_string_new (NULL);
  g_autoptr (NimLineChannel) ch = NULL;
  g_autofree char *big = g_strnfill (100000, 'x');
  int fds[2];

  make_pipe (fds);
  ch = nim_line_channel_new (fds[0], 8);
  put (fds[1], "0123456789abc\nnext\n", 19);
  g_assert_cmpint (nim_line_channel_read (ch, -1, line), ==, NIM_LINE_CUT);
  g_assert_cmpstr (line->str, ==, "01234567");
  g_assert_cmpint (nim_line_channel_read (ch, -1, line), ==, NIM_LINE_OK);
  g_assert_cmpstr (line->str, ==, "next");
  /* Its end not come yet: cut as soon as it is too long. */
  put (fds[1], big, 30000);
  g_assert_cmpint (nim_line_channel_read (ch, -1, line), ==, NIM_LINE_CUT);
  g_assert_cmpstr (line->str, ==, "xxxxxxxx");
  put (fds[1], big, 30000);
  put (fds[1], "\nafter\n", 7);
  g_assert_cmpint (nim_line_channel_read (ch, -1, line), ==, NIM_LINE_OK);
  g_assert_cmpstr (line->str, ==, "after");
  close (fds[1]);
  g_assert_cmpint (nim_line_channel_read (ch, -1, line), ==, NIM_LINE_END);
  close (fds[0]);
}

/* A read that times out keeps what came of its line; a line there already
   is taken even past the deadline, and take() finds it without waiting. */
static void
test_deadline (void)
{
  g_autoptr (GString) line = g_string_new (NULL);
  g_autoptr (NimLineChannel) ch = NULL;
  NimLineStatus status;
  int fds[2];

  make_pipe (fds);
  ch = nim_line_channel_new (fds[0], 100);
  put (fds[1], "par", 3);
  g_assert_cmpint (
      nim_line_channel_read (ch, g_get_monotonic_time () + 20000, line), ==,
      NIM_LINE_TIMEOUT);
  g_assert_false (nim_line_channel_take (ch, line, &status));
  put (fds[1], "tial\nsecond\n", 12);
  g_assert_cmpint (nim_line_channel_read (ch, 0, line), ==, NIM_LINE_OK);
  g_assert_cmpstr (line->str, ==, "partial");
  g_assert_true (nim_line_channel_take (ch, line, &status));
  g_assert_cmpint (status, ==, NIM_LINE_OK);
  g_assert_cmpstr (line->str, ==, "second");
  close (fds[1]);
  close (fds[0]);
}

/* A long line that comes in many reads is whole, and found once its end
   comes; NUL bytes are kept for the caller to judge. */
static void
test_long_line (void)
{
  g_autoptr (GString) line = g_string_new (NULL);
  g_autoptr (NimLineChannel) ch = NULL;
  g_autofree char *part = g_strnfill (4000, 'y');
  int fds[2];
  guint i;

  make_pipe (fds);
  ch = nim_line_channel_new (fds[0], 1 << 20);
  for (i = 0; i < 10; i++)
    put (fds[1], part, 4000);
  put (fds[1], "\0z\n", 3);
  g_assert_cmpint (nim_line_channel_read (ch, -1, line), ==, NIM_LINE_OK);
  g_assert_cmpuint (line->len, ==, 40002);
  if (line->len == 40002)
    {
      g_assert_cmpint (line->str[40000], ==, '\0');
      g_assert_cmpint (line->str[40001], ==, 'z');
    }
  close (fds[1]);
  close (fds[0]);
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);
  g_test_add_func ("/line-channel/lines", test_lines);
  g_test_add_func ("/line-channel/cut", test_cut);
  g_test_add_func ("/line-channel/deadline", test_deadline);
  g_test_add_func ("/line-channel/long-line", test_long_line);
  return g_test_run ();
}
