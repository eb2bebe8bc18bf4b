/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine.c -- tests of the engine process: start, lines both ways,
   read deadlines, and an end that leaves no process and no fd behind */

#include "config.h"

#include "nim-test.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "nim-engine-process.h"
#include "nim-error.h"

#define MS G_TIME_SPAN_MILLISECOND

static NimEngineProcess *
start (const char *mode, const char *log_path)
{
  g_autofree char *command = nim_test_engine_command (mode, NULL);
  g_autoptr (GError) error = NULL;
  NimEngineProcess *p;

  if (command == NULL)
    return NULL;
  p = nim_engine_process_new (command, NULL, log_path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (p);
  return p;
}

/* A line sent comes back; a read with nothing to come ends at its
   deadline, not before and not long after. */
static void
test_echo_and_deadline (void)
{
  g_autoptr (NimEngineProcess) p = start ("echo", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *line = NULL;
  gint64 t0, waited;

  if (p == NULL)
    return;
  g_assert_true (nim_engine_process_send (p, "hello engine", &error));
  g_assert_no_error (error);
  line = nim_engine_process_read_line (p, g_get_monotonic_time () + 10000 * MS,
                                       NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (line, ==, "hello engine");

  t0 = g_get_monotonic_time ();
  g_assert_null (
      nim_engine_process_read_line (p, t0 + 200 * MS, NULL, &error));
  waited = g_get_monotonic_time () - t0;
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpint (waited, >=, 200 * MS);
  g_assert_cmpint (waited, <, 5000 * MS);

  /* A deadline already past still takes a line that is there. */
  g_clear_error (&error);
  g_assert_true (nim_engine_process_send (p, "again", &error));
  g_clear_pointer (&line, g_free);
  line = nim_engine_process_read_line (p, g_get_monotonic_time () + 10000 * MS,
                                       NULL, &error);
  g_assert_cmpstr (line, ==, "again");

  /* The echo engine exits at the end of its input. */
  g_assert_true (nim_engine_process_stop (p, 5000 * MS));
  g_clear_pointer (&line, g_free);
  line = nim_engine_process_describe_exit (p);
  g_assert_cmpstr (line, ==, "exited with status 0");
}

/* An engine that dies: the read says the output closed, a send says the
   pipe is broken (and does not kill us with SIGPIPE), and the exit says
   which signal. */
static void
test_crash (void)
{
  g_autoptr (NimEngineProcess) p = start ("crash", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *how = NULL;
  char *line;
  guint i;

  if (p == NULL)
    return;
  g_assert_true (nim_engine_process_send (p, "position fen 3,4 p1", &error));
  g_assert_true (nim_engine_process_send (p, "go", &error));
  line = nim_engine_process_read_line (p, -1, NULL, &error);
  g_assert_no_error (error);
  nim_test_assert_contains (line, "info");
  g_free (line);
  line = nim_engine_process_read_line (p, -1, NULL, &error);
  nim_test_assert_contains (line, "bestmove");
  g_free (line);
  g_assert_true (nim_engine_process_send (p, "go", &error));
  g_assert_null (nim_engine_process_read_line (
      p, g_get_monotonic_time () + 10000 * MS, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  g_clear_error (&error);
  /* The pipe breaks once the engine is gone: the kernel releases its
     standard input a moment after its output, so try for a while. */
  for (i = 0; i < 5000 && error == NULL; i++)
    if (nim_engine_process_send (p, "isready", &error))
      g_usleep (1000);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE);
  nim_engine_process_stop (p, 5000 * MS);
  how = nim_engine_process_describe_exit (p);
  g_assert_cmpstr (how, ==, "killed by signal 11 (Segmentation fault)");
}

/* An engine that ignores its end of input and SIGTERM still ends: with
   SIGKILL, after a grace at each step. */
static void
test_hang_killed (void)
{
  g_autoptr (NimEngineProcess) p = start ("hang", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *how = NULL;
  char *line;
  gint64 t0;

  if (p == NULL)
    return;
  /* Its handshake shows it started and set SIGTERM aside. */
  g_assert_true (nim_engine_process_send (p, "isready", &error));
  line = nim_engine_process_read_line (p, -1, NULL, &error);
  g_assert_cmpstr (line, ==, "readyok");
  g_free (line);
  g_assert_true (nim_engine_process_send (p, "go", &error));
  g_assert_null (nim_engine_process_read_line (
      p, g_get_monotonic_time () + 100 * MS, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  t0 = g_get_monotonic_time ();
  g_assert_false (nim_engine_process_stop (p, 100 * MS));
  g_assert_cmpint (g_get_monotonic_time () - t0, <, 5000 * MS);
  g_assert_true (nim_engine_process_has_exited (p));
  how = nim_engine_process_describe_exit (p);
  /* The signal was nim's own: the description says so. */
  g_assert_cmpstr (how, ==, "stopped by nim (signal 9, Killed)");
}

/* What cannot start says why. */
static void
test_bad_command (void)
{
  g_autoptr (GError) error = NULL;
  NimEngineProcess *p;

  p = nim_engine_process_new ("\"unterminated", NULL, NULL, &error);
  g_assert_null (p);
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  nim_test_assert_contains (nim_test_error_message (error), "\"unterminated");
  g_clear_error (&error);

  p = nim_engine_process_new ("/nonexistent/engine --flag", NULL, NULL,
                              &error);
  g_assert_null (p);
  g_assert_error (error, NIM_ERROR, NIM_ERROR_FAILED);
  nim_test_assert_contains (nim_test_error_message (error),
                            "/nonexistent/engine");
  g_clear_error (&error);

  p = nim_engine_process_new ("", NULL, NULL, &error);
  g_assert_null (p);
  g_assert_nonnull (error);
}

/* The engine runs in the directory given, with its arguments split as a
   shell splits them. */
static void
test_directory_and_arguments (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-engine-XXXXXX", NULL);
  g_autofree char *real = realpath (dir, NULL);
  g_autoptr (NimEngineProcess) p = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *line = NULL;

  p = nim_engine_process_new ("sh -c 'pwd; echo \"a  b\"'", dir, NULL, &error);
  g_assert_no_error (error);
  if (p == NULL)
    return;
  line = nim_engine_process_read_line (p, -1, NULL, &error);
  g_assert_cmpstr (line, ==, real);
  g_free (line);
  line = nim_engine_process_read_line (p, -1, NULL, &error);
  g_assert_cmpstr (line, ==, "a  b");
  g_clear_pointer (&p, nim_engine_process_free);
  g_rmdir (dir);
}

/* The log holds the conversation and the engine's standard error, and a
   flood of the latter blocks nothing. */
static void
test_log (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-engine-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "engine.log", NULL);
  g_autoptr (NimEngineProcess) p = start ("flood", path);
  g_autoptr (GError) error = NULL;
  g_autofree char *log = NULL;
  guint i;

  if (p == NULL)
    return;
  g_assert_true (nim_engine_process_send (p, "ugi", &error));
  for (;;)
    {
      g_autofree char *line
          = nim_engine_process_read_line (p, -1, NULL, &error);

      g_assert_no_error (error);
      if (line == NULL)
        return;
      if (g_str_equal (line, "ugiok"))
        break;
    }
  nim_engine_process_send (p, "position fen 3,4,5 p1", &error);
  for (i = 0; i < 3; i++)
    {
      nim_engine_process_send (p, "go movetime 10", &error);
      for (;;)
        {
          g_autofree char *line
              = nim_engine_process_read_line (p, -1, NULL, &error);

          g_assert_no_error (error);
          if (line == NULL)
            return;
          if (g_str_has_prefix (line, "bestmove"))
            break;
        }
    }
  nim_engine_process_send (p, "quit", &error);
  g_assert_true (nim_engine_process_stop (p, 5000 * MS));
  g_clear_pointer (&p, nim_engine_process_free);
  g_assert_true (g_file_get_contents (path, &log, NULL, NULL));
  /* Not nim_test_assert_contains (): it would show megabytes. */
  g_assert_true (g_str_has_prefix (log, "# start: "));
  g_assert_nonnull (strstr (log, "\n> ugi\n"));
  g_assert_nonnull (strstr (log, "< ugiok\n"));
  g_assert_nonnull (strstr (log, "> quit\n"));
  g_assert_nonnull (strstr (log, "xxxxxxxxxxxxxxxx"));
  g_assert_true (g_str_has_suffix (log, "# exited with status 0\n"));
  g_unlink (path);
  g_rmdir (dir);
}

/* Many engines, well-behaved or not, leave no fd and no child. */
static void
test_no_leaks (void)
{
  static const char *const modes[] = { "echo", "crash", "hang", "good" };
  g_autofree char *probe = nim_test_engine_command ("good", NULL);
  guint fds = nim_test_count_fds ();
  guint i;

  if (probe == NULL)
    return;
  g_assert_cmpuint (nim_test_count_children (), ==, 0);
  for (i = 0; i < 40; i++)
    {
      g_autoptr (NimEngineProcess) p = start (modes[i % 4], NULL);
      g_autoptr (GError) error = NULL;
      g_autofree char *line = NULL;

      if (p == NULL)
        break;
      nim_engine_process_send (p, "isready", &error);
      line = nim_engine_process_read_line (p, -1, NULL, &error);
      g_assert_no_error (error);
      if (i % 2 == 0)
        nim_engine_process_stop (p, 50 * MS);
    }
  /* GLib's worker thread lets go of the last child watch a moment
     after the engine was reaped. */
  for (i = 0; i < 250 && nim_test_count_fds () > fds; i++)
    g_usleep (20000);
  g_assert_cmpuint (nim_test_count_fds (), <=, fds);
  g_assert_cmpuint (nim_test_count_children (), ==, 0);
}

/* An engine's children end with it: one it forked with its pipes closed,
   and a wrapper script's background job, which holds the pipes.  Each
   engine runs in a process group of its own, which nim ends. */
static void
test_children_end (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-engine-XXXXXX", NULL);
  g_autofree char *pidfile = g_build_filename (dir, "pids", NULL);
  g_autofree char *fork_command = nim_test_engine_command ("fork", NULL);
  g_autofree char *good = nim_test_engine_command ("good", NULL);
  g_autofree char *quoted = NULL;
  g_autofree char *wrapper = NULL;
  guint i;

  if (fork_command == NULL)
    return;
  g_setenv ("NIM_TEST_PIDFILE", pidfile, TRUE);
  quoted = g_shell_quote (pidfile);
  wrapper = g_strdup_printf (
      "sh -c 'sleep 300 & echo $! >> \"$NIM_TEST_PIDFILE\"; exec %s'", good);
  for (i = 0; i < 2; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (NimEngineProcess) p = nim_engine_process_new (
          i == 0 ? fork_command : wrapper, NULL, NULL, &error);
      g_autofree char *line = NULL;

      g_assert_no_error (error);
      if (p == NULL)
        break;
      g_assert_true (nim_engine_process_send (p, "ugi", &error));
      do
        {
          g_clear_pointer (&line, g_free);
          line = nim_engine_process_read_line (
              p, g_get_monotonic_time () + 10000 * MS, NULL, &error);
          g_assert_no_error (error);
        }
      while (line != NULL && !g_str_equal (line, "ugiok"));
      nim_engine_process_send (p, "quit", NULL);
      /* The engine exits by itself; what it left behind does not. */
      g_assert_true (nim_engine_process_stop (p, 5000 * MS));
    }
  nim_test_assert_pids_gone (pidfile, 2);
  g_unsetenv ("NIM_TEST_PIDFILE");
  g_unlink (pidfile);
  g_rmdir (dir);
}

/* An engine that exits while a child of its holds its output open is
   gone, and a read says so at once: the pipe's end never comes. */
static void
test_exit_with_child (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-engine-XXXXXX", NULL);
  g_autofree char *pidfile = g_build_filename (dir, "pids", NULL);
  g_autoptr (NimEngineProcess) p = NULL;
  g_autoptr (GError) error = NULL;
  gint64 t0;

  g_setenv ("NIM_TEST_PIDFILE", pidfile, TRUE);
  p = start ("orphan", NULL);
  if (p == NULL)
    return;
  g_assert_true (nim_engine_process_send (p, "position fen 3,4 p1", &error));
  g_assert_true (nim_engine_process_send (p, "go", &error));
  t0 = g_get_monotonic_time ();
  g_assert_null (
      nim_engine_process_read_line (p, t0 + 20000 * MS, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
  /* Long before the deadline. */
  g_assert_cmpint (g_get_monotonic_time () - t0, <, 10000 * MS);
  g_assert_true (nim_engine_process_wait (p, 5000 * MS));
  g_clear_pointer (&p, nim_engine_process_free);
  nim_test_assert_pids_gone (pidfile, 1);
  g_unsetenv ("NIM_TEST_PIDFILE");
  g_unlink (pidfile);
  g_rmdir (dir);
}

/* Lines nim cannot read whole are flagged, not fatal: one longer than
   the limit comes cut, and the line after it whole; one that is not
   text comes escaped (a NUL byte too, which would otherwise cut it). */
static void
test_line_flags (void)
{
  g_autoptr (NimEngineProcess) p = NULL;
  g_autoptr (GError) error = NULL;
  NimEngineLineFlags flags;
  char *line;

  p = nim_engine_process_new (
      "sh -c 'head -c 70000 /dev/zero | tr \"\\000\" x; echo; echo next; "
      "printf \"bestmove h1-2\\000junk\\n\"; printf \"info \\033[1m\\n\"; "
      "printf \"caf\\303\\251\\n\"'",
      NULL, NULL, &error);
  g_assert_no_error (error);
  if (p == NULL)
    return;
  line = nim_engine_process_read_line (p, -1, &flags, &error);
  g_assert_nonnull (line);
  g_assert_cmpuint (line ? strlen (line) : 0, ==, NIM_ENGINE_PROCESS_MAX_LINE);
  g_assert_cmpint (flags, ==, NIM_ENGINE_LINE_CUT);
  g_free (line);
  line = nim_engine_process_read_line (p, -1, &flags, &error);
  g_assert_cmpstr (line, ==, "next");
  g_assert_cmpint (flags, ==, 0);
  g_free (line);
  line = nim_engine_process_read_line (p, -1, &flags, &error);
  g_assert_cmpstr (line, ==, "bestmove h1-2\\x00junk");
  g_assert_cmpint (flags, ==, NIM_ENGINE_LINE_NOT_TEXT);
  g_free (line);
  line = nim_engine_process_read_line (p, -1, &flags, &error);
  g_assert_cmpstr (line, ==, "info \\x1b[1m");
  g_assert_cmpint (flags, ==, NIM_ENGINE_LINE_NOT_TEXT);
  g_free (line);
  line = nim_engine_process_read_line (p, -1, &flags, &error);
  g_assert_cmpstr (line, ==, "caf\xc3\xa9");
  g_assert_cmpint (flags, ==, 0);
  g_free (line);
  g_assert_null (nim_engine_process_read_line (p, -1, &flags, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED);
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);
  g_test_add_func ("/engine-process/echo-and-deadline",
                   test_echo_and_deadline);
  g_test_add_func ("/engine-process/crash", test_crash);
  g_test_add_func ("/engine-process/hang-killed", test_hang_killed);
  g_test_add_func ("/engine-process/bad-command", test_bad_command);
  g_test_add_func ("/engine-process/directory-and-arguments",
                   test_directory_and_arguments);
  g_test_add_func ("/engine-process/log", test_log);
  g_test_add_func ("/engine-process/no-leaks", test_no_leaks);
  g_test_add_func ("/engine-process/children-end", test_children_end);
  g_test_add_func ("/engine-process/exit-with-child", test_exit_with_child);
  g_test_add_func ("/engine-process/line-flags", test_line_flags);
  return g_test_run ();
}
