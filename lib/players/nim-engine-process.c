/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-engine-process.c -- an external engine as a child process: lines
   in, lines out, a deadline on every read, and a clean end

   The engine is started with GSubprocess, from a command line split as a
   shell splits it but run without a shell.  Its standard input and
   output are pipes of our own: we write the one with writev(), lines and
   their line end at once (GIO's stream, which we used before, polled
   before every write), and poll the other, so that a read waits until a
   deadline and never longer, without a main loop.  Its standard error
   goes to the log file, or nowhere: never to the user's terminal.  Every
   fd we hold is close-on-exec, so that an engine started by another
   thread (comparison runs play games in parallel) inherits none of
   another engine's pipes.

   A referee of short games waits for its engine thousands of times a
   second, a few tens of microseconds each time: before it sleeps in
   poll() a read looks at the pipe for a little while (NimLookout), giving
   way to any other thread that wants the processor, as long as the
   engine has answered that fast of late and may run on another
   processor.  The answer then finds the referee awake, rather than a
   processor to wake, which can cost more than the answer took.

   GLib's worker thread reaps the child whenever it exits (GSubprocess
   watches it from the start), so a dead engine never stays a zombie; we
   wait for that with g_subprocess_wait_async() on a private main
   context, which gives the wait a timeout. */

#include "config.h"

#include "nim-engine-process.h"

#include <errno.h>
#include <gio/gio.h>
#include <fcntl.h>
#include <glib-unix.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include "nim-i18n.h"
#include "nim-error.h"
#include "nim-line-channel.h"
#include "nim-strings.h"

struct _NimEngineProcess
{
  char *command;
  GSubprocess *subprocess;
  GPid pid;   /* the engine's, and its process group's */
  int pid_fd; /* a pidfd of the engine, or -1 */
  int in_fd;  /* write end of the engine's standard input, or -1 */
  int out_fd; /* read end of the engine's standard output, or -1 */
  NimLineChannel *channel; /* reads @out_fd */
  GString *line;           /* the line being read */
  GOutputStream *log;      /* (nullable): the conversation, as "> " and "< " */
  gboolean exited;         /* reaped: the exit status is known */
  gboolean stopped;        /* nim_engine_process_stop () ran */
  gboolean signalled;      /* nim sent it SIGTERM or SIGKILL */
};

static void
log_line (NimEngineProcess *self, const char *prefix, const char *line)
{
  g_autofree char *text = NULL;

  if (self->log == NULL)
    return;
  text = g_strconcat (prefix, line, "\n", NULL);
  /* A log that cannot be written is not worth failing a game over. */
  g_output_stream_write_all (self->log, text, strlen (text), NULL, NULL, NULL);
}

/* In the child, before the engine's program runs: a process group of its
   own (see the top of the file). */
static void
child_setup (gpointer data)
{
  (void) data;
  setpgid (0, 0);
}

/* A pidfd of process @pid, or -1 where the system has none. */
static int
open_pidfd (GPid pid)
{
#if defined(__linux__) && defined(SYS_pidfd_open)
  int fd = (int) syscall (SYS_pidfd_open, (pid_t) pid, 0);

  if (fd >= 0)
    fcntl (fd, F_SETFD, FD_CLOEXEC);
  return fd;
#else
  (void) pid;
  return -1;
#endif
}

/* An engine was started: GLib's worker thread runs. */
static gint watching = FALSE;

static gpointer
no_work (gpointer data)
{
  return data;
}

/* GSubprocess reaps its children from GLib's worker thread, which GLib
   starts with the first child and, when it cannot (under a small
   address-space limit), aborts the program in.  A thread of the same
   size started and ended first tells whether it can: if not, nim fails
   with a message.  Once GLib's thread runs, no other is needed. */
static gboolean
can_watch (const char *command, GError **error)
{
  g_autoptr (GError) local = NULL;
  GThread *thread;

  if (g_atomic_int_get (&watching))
    return TRUE;
  thread = g_thread_try_new ("nim-engine", no_work, NULL, &local);
  if (thread == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   /* TRANSLATORS: %2$s says why, from the system. */
                   _ ("cannot start engine \"%1$s\": cannot allocate the "
                      "thread that watches it (%2$s)"),
                   command, local->message);
      return FALSE;
    }
  g_thread_join (thread);
  return TRUE;
}

/* Whether a failure to start an engine is nim's own (a pipe, a fork, a
   descriptor or memory it could not have) rather than the engine's (its
   program missing, not executable, not a program). */
static gboolean
failed_by_nim (const GError *error)
{
  if (error->domain != G_SPAWN_ERROR)
    return TRUE;
  switch ((GSpawnError) error->code)
    {
    case G_SPAWN_ERROR_FORK:
    case G_SPAWN_ERROR_NOMEM:
    case G_SPAWN_ERROR_MFILE:
    case G_SPAWN_ERROR_NFILE:
    case G_SPAWN_ERROR_FAILED:
      return TRUE;
    case G_SPAWN_ERROR_READ:
    case G_SPAWN_ERROR_CHDIR:
    case G_SPAWN_ERROR_ACCES:
    case G_SPAWN_ERROR_PERM:
    case G_SPAWN_ERROR_TOO_BIG:
    case G_SPAWN_ERROR_NOEXEC:
    case G_SPAWN_ERROR_NAMETOOLONG:
    case G_SPAWN_ERROR_NOENT:
    case G_SPAWN_ERROR_NOTDIR:
    case G_SPAWN_ERROR_LOOP:
    case G_SPAWN_ERROR_TXTBUSY:
    case G_SPAWN_ERROR_IO:
    case G_SPAWN_ERROR_INVAL:
    case G_SPAWN_ERROR_ISDIR:
    case G_SPAWN_ERROR_LIBBAD:
      return FALSE;
    }
  return FALSE;
}

/**
 * nim_engine_process_new:
 * @command: the command line, such as "python3 bot.py --fast"; split as a
 *   shell would split it (quotes, backslashes), then run without a shell;
 *   the program is looked for in PATH unless it names a path
 * @directory: (nullable): the working directory of the engine, %NULL for
 *   ours; a relative program path ("./bot") is taken from it
 * @log_path: (nullable): a file to append the conversation and the
 *   engine's standard error to; %NULL discards standard error
 * @error: return location for an error: a command that does not parse
 *   (#NIM_ERROR_USAGE), a program that cannot be started
 *   (#NIM_ERROR_FAILED: the engine's failure), a log, a pipe, a process
 *   or a thread that cannot be made, for want of descriptors or memory
 *   (a #G_IO_ERROR: nim's own failure)
 *
 * Starts an engine, in a process group of its own.  Nothing is sent to it
 * yet.
 *
 * Returns: (transfer full) (nullable): the running engine, or %NULL
 */
NimEngineProcess *
nim_engine_process_new (const char *command, const char *directory,
                        const char *log_path, GError **error)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (NimEngineProcess) self = NULL;
  g_auto (GStrv) argv = NULL;
  g_autoptr (GError) local = NULL;
  int fds[2], in_fds[2];

  g_return_val_if_fail (command != NULL, NULL);

  if (!g_shell_parse_argv (command, NULL, &argv, &local))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("engine command \"%s\": %s"), command, local->message);
      return NULL;
    }
  self = g_new0 (NimEngineProcess, 1);
  self->command = g_strdup (command);
  self->in_fd = -1;
  self->out_fd = -1;
  self->pid_fd = -1;
  self->line = g_string_new (NULL);
  if (log_path != NULL)
    {
      g_autoptr (GFile) file = g_file_new_for_path (log_path);

      self->log = G_OUTPUT_STREAM (
          g_file_append_to (file, G_FILE_CREATE_NONE, NULL, &local));
      if (self->log == NULL)
        {
          g_set_error (error, G_IO_ERROR, local->code,
                       _ ("cannot open the engine log %s: %s"), log_path,
                       local->message);
          return NULL;
        }
      log_line (self, "# start: ", command);
    }
  if (!g_unix_open_pipe (fds, FD_CLOEXEC, &local))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _ ("cannot start engine \"%s\": %s"), command,
                   local->message);
      return NULL;
    }
  self->out_fd = fds[0];
  if (!g_unix_open_pipe (in_fds, FD_CLOEXEC, &local))
    {
      close (fds[1]);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _ ("cannot start engine \"%s\": %s"), command,
                   local->message);
      return NULL;
    }
  self->in_fd = in_fds[1];
  /* Reads look before they wait (see nim-line-channel.c): without
     blocking, a look is one read. */
  g_unix_set_fd_nonblocking (self->out_fd, TRUE, NULL);
  self->channel
      = nim_line_channel_new (self->out_fd, NIM_ENGINE_PROCESS_MAX_LINE);

  launcher = g_subprocess_launcher_new (log_path == NULL
                                            ? G_SUBPROCESS_FLAGS_STDERR_SILENCE
                                            : G_SUBPROCESS_FLAGS_NONE);
  /* The launcher closes the engine's ends when it is freed, below: from
     then on only the engine holds them, and its death is our end of file
     (and a broken pipe for what we write). */
  g_subprocess_launcher_take_stdin_fd (launcher, in_fds[0]);
  g_subprocess_launcher_take_stdout_fd (launcher, fds[1]);
  if (log_path != NULL)
    {
      /* Our own descriptor rather than set_stderr_file_path (), which
         does not open for appending: the engine's standard error would
         write over the conversation. */
      int err_fd
          = open (log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);

      if (err_fd < 0)
        {
          int saved = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       _ ("cannot open the engine log %s: %s"), log_path,
                       g_strerror (saved));
          return NULL;
        }
      g_subprocess_launcher_take_stderr_fd (launcher, err_fd);
    }
  if (directory != NULL)
    g_subprocess_launcher_set_cwd (launcher, directory);
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  if (!can_watch (command, error))
    return NULL;
  self->subprocess = g_subprocess_launcher_spawnv (
      launcher, (const char *const *) argv, &local);
  if (self->subprocess == NULL)
    {
      g_set_error (
          error, failed_by_nim (local) ? G_IO_ERROR : NIM_ERROR,
          failed_by_nim (local) ? G_IO_ERROR_FAILED : NIM_ERROR_FAILED,
          _ ("cannot start engine \"%s\": %s"), command, local->message);
      return NULL;
    }
  g_atomic_int_set (&watching, TRUE);
  {
    /* %NULL when the engine is gone already. */
    const char *id = g_subprocess_get_identifier (self->subprocess);

    self->pid = id != NULL ? (GPid) g_ascii_strtoll (id, NULL, 10) : 0;
  }
  if (self->pid > 0)
    {
      /* The child sets its group too: whichever runs first, the engine's
         program starts in its own group. */
      setpgid (self->pid, self->pid);
      self->pid_fd = open_pidfd (self->pid);
      nim_line_channel_watch (self->channel, self->pid_fd);
    }
  return g_steal_pointer (&self);
}

/* Writes @lines and a line end to the engine's standard input, in one
   writev() as long as the pipe has room, without copying them.  A write
   to a pipe whose reader died raises SIGPIPE, which would kill nim.
   Block it in this thread for the write, and take back the one the write
   raised, so that the write fails with EPIPE instead; the rest of the
   program keeps its signal handling. */
static gboolean
write_lines (int fd, const char *lines, GError **error)
{
  struct iovec iov[2]
      = { { (char *) lines, strlen (lines) }, { (char *) "\n", 1 } };
  struct iovec *v = iov;
  int count = 2, saved = 0;
  sigset_t pipe_set, old;

  sigemptyset (&pipe_set);
  sigaddset (&pipe_set, SIGPIPE);
  pthread_sigmask (SIG_BLOCK, &pipe_set, &old);
  while (count > 0)
    {
      gssize n = writev (fd, v, count);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          saved = errno;
          break;
        }
      /* A short write: the rest, from where it stopped. */
      while (count > 0 && (gsize) n >= v->iov_len)
        {
          n -= (gssize) v->iov_len;
          v++;
          count--;
        }
      if (count > 0)
        {
          v->iov_base = (char *) v->iov_base + n;
          v->iov_len -= (gsize) n;
        }
    }
  if (saved == EPIPE && !sigismember (&old, SIGPIPE))
    {
      sigset_t pending;
      struct timespec zero = { 0, 0 };

      sigpending (&pending);
      if (sigismember (&pending, SIGPIPE))
        while (sigtimedwait (&pipe_set, NULL, &zero) < 0 && errno == EINTR)
          ;
    }
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  if (saved != 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _ ("cannot write to the engine: %s"), g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_engine_process_send:
 * @process: an engine
 * @lines: one line, or several separated by "\n", without the last line
 *   end
 * @error: return location for a #G_IO_ERROR: %G_IO_ERROR_BROKEN_PIPE when
 *   the engine no longer reads (it died), %G_IO_ERROR_CLOSED after
 *   nim_engine_process_stop()
 *
 * Sends @lines and a newline, in one write: lines sent together reach
 * the engine together, and wake it once.  The write does not wait for
 * the engine to read it, as long as the pipe has room (the kernel's
 * 64 KiB, far more than the protocol has in flight).
 *
 * Returns: %TRUE if @lines were written
 */
gboolean
nim_engine_process_send (NimEngineProcess *process, const char *lines,
                         GError **error)
{
  g_return_val_if_fail (process != NULL && lines != NULL, FALSE);

  if (process->in_fd < 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED,
                   _ ("the engine was stopped"));
      return FALSE;
    }
  if (process->log != NULL)
    {
      g_auto (GStrv) each = g_strsplit (lines, "\n", -1);
      guint i;

      for (i = 0; each[i] != NULL; i++)
        log_line (process, "> ", each[i]);
    }
  return write_lines (process->in_fd, lines, error);
}

/* Whether @line (of @len bytes, NUL bytes among them maybe) is text: UTF-8
   without control characters but the tab.  ASCII is looked at byte by
   byte, which is what every line of the protocol is: an engine writes a
   few lines a move. */
static gboolean
is_text (const char *line, gsize len)
{
  const char *p = line, *end = line + len;

  for (; p < end && (guchar) *p < 0x80; p++)
    if (((guchar) *p < 0x20 && *p != '\t') || *p == 0x7f)
      return FALSE;
  if (p == end)
    return TRUE;
  if (!g_utf8_validate (p, end - p, NULL))
    return FALSE;
  while (p < end)
    {
      gunichar c = g_utf8_get_char (p);

      if ((c < 0x20 && c != '\t') || (c >= 0x7f && c < 0xa0))
        return FALSE;
      p = g_utf8_next_char (p);
    }
  return TRUE;
}

/* @line, of @len bytes, safe to show and to log: its control characters,
   NUL bytes and bytes that are not UTF-8 escaped (nim_text_escape()). */
static char *
escape_line (const char *line, gsize len)
{
  GString *out = g_string_new (NULL);
  const char *p = line, *end = line + len;

  for (;;)
    {
      const char *nul = memchr (p, '\0', (gsize) (end - p));
      g_autofree char *part
          = g_strndup (p, nul != NULL ? (gsize) (nul - p) : (gsize) (end - p));
      g_autofree char *shown = nim_text_escape (part, 0);

      g_string_append (out, shown);
      if (nul == NULL)
        break;
      g_string_append (out, "\\x00");
      p = nul + 1;
    }
  return g_string_free (out, FALSE);
}

/* How often a read without a pidfd looks whether the engine's process
   has gone (see read_sliced()). */
#define LEADER_POLL (100 * G_TIME_SPAN_MILLISECOND)

/* Whether the engine's process has gone (exited, and reaped or about to
   be): what a read without a pidfd looks at after each slice of its
   wait. */
static gboolean
leader_gone (const NimEngineProcess *self)
{
  return self->exited || self->pid <= 0
         || (kill (self->pid, 0) < 0 && errno == ESRCH);
}

/* Reads a line by @deadline.  Without a pidfd (an old kernel, or
   valgrind, which has no pidfd_open), a leader that exited while a child
   of its holds the output open would be seen only at the deadline, which
   may be far or never: the wait is cut into slices of LEADER_POLL, and
   after each one that ends without a line the leader is looked at.  What
   was read of a line is kept between slices. */
static NimLineStatus
read_sliced (NimEngineProcess *process, gint64 deadline)
{
  for (;;)
    {
      gint64 until = deadline;
      NimLineStatus status;

      if (process->pid_fd < 0)
        {
          gint64 slice = g_get_monotonic_time () + LEADER_POLL;

          if (deadline < 0 || slice < deadline)
            until = slice;
        }
      status = nim_line_channel_read (process->channel, until, process->line);
      if (status != NIM_LINE_TIMEOUT || until == deadline
          || leader_gone (process))
        return status;
    }
}

/**
 * nim_engine_process_read_line:
 * @process: an engine
 * @deadline: g_get_monotonic_time() by which the line must have come, or
 *   -1 to wait as long as it takes
 * @flags: (out) (optional): what is wrong with the line, if anything: cut
 *   (%NIM_ENGINE_LINE_CUT), not text (%NIM_ENGINE_LINE_NOT_TEXT)
 * @error: return location for a #G_IO_ERROR: %G_IO_ERROR_TIMED_OUT when
 *   the deadline passed (what was read of a line is kept for the next
 *   read), %G_IO_ERROR_CONNECTION_CLOSED at the end of the engine's
 *   output (it exited, or closed it), %G_IO_ERROR_FAILED if the read
 *   failed
 *
 * Reads the next line the engine writes, waiting for it until @deadline
 * and no longer, or until the engine's process ends.  Lines may end in
 * "\n" or "\r\n".  A line longer than %NIM_ENGINE_PROCESS_MAX_LINE is
 * returned cut, and the rest of it is thrown away; a line that is not
 * text (not UTF-8, a control character, a NUL byte) is returned with
 * those escaped, as nim_text_escape() writes them.  Either is flagged, for
 * the caller to judge; both are logged as returned.
 *
 * Returns: (transfer full) (nullable): the line without its line end, or
 *   %NULL with @error set
 */
char *
nim_engine_process_read_line (NimEngineProcess *process, gint64 deadline,
                              NimEngineLineFlags *flags, GError **error)
{
  NimLineStatus status;
  NimEngineLineFlags f = 0;
  char *line;

  g_return_val_if_fail (process != NULL, NULL);

  if (flags != NULL)
    *flags = 0;
  if (process->out_fd < 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CLOSED,
                   _ ("the engine was stopped"));
      return NULL;
    }
  status = read_sliced (process, deadline);
  switch (status)
    {
    case NIM_LINE_OK:
      break;
    case NIM_LINE_CUT:
      f |= NIM_ENGINE_LINE_CUT;
      break;
    case NIM_LINE_TIMEOUT:
      /* Without a pidfd, an engine that exited while a child of its holds
         its output open is found here, after a slice of the wait. */
      if (process->pid_fd < 0 && leader_gone (process))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                       _ ("the engine closed its output"));
          return NULL;
        }
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                   _ ("the engine did not answer in time"));
      return NULL;
    case NIM_LINE_END:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED,
                   _ ("the engine closed its output"));
      return NULL;
    case NIM_LINE_FAILED:
      {
        int saved = nim_line_channel_get_errno (process->channel);

        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                     _ ("cannot read from the engine: %s"),
                     g_strerror (saved));
        return NULL;
      }
    }
  if (!is_text (process->line->str, process->line->len))
    {
      f |= NIM_ENGINE_LINE_NOT_TEXT;
      line = escape_line (process->line->str, process->line->len);
    }
  else
    line = g_strndup (process->line->str, process->line->len);
  if (flags != NULL)
    *flags = f;
  log_line (process, (f & NIM_ENGINE_LINE_CUT) ? "< (cut) " : "< ", line);
  return line;
}

/**
 * nim_engine_process_log:
 * @process: an engine
 * @note: a line for the log, such as "game 3"
 *
 * Writes "# @note" to the log, if there is one.
 */
void
nim_engine_process_log (NimEngineProcess *process, const char *note)
{
  log_line (process, "# ", note);
}

typedef struct
{
  gboolean finished; /* the wait's callback ran */
  gboolean exited;   /* ... and the engine had exited */
  gboolean late;     /* the timeout passed first */
} Wait;

static void
waited (GObject *source, GAsyncResult *result, gpointer data)
{
  Wait *wait = data;

  wait->exited
      = g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  wait->finished = TRUE;
}

static gboolean
time_up (gpointer data)
{
  ((Wait *) data)->late = TRUE;
  return G_SOURCE_REMOVE;
}

/* Waits until the engine has exited and been reaped, or @timeout
   microseconds have passed (-1: no limit).  The wait runs on a private
   main context, so that it works from any thread and takes no part in
   the program's main loop. */
static gboolean
wait_exit (NimEngineProcess *self, gint64 timeout)
{
  g_autoptr (GMainContext) context = NULL;
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  GSource *timer = NULL;
  Wait wait = { FALSE, FALSE, FALSE };

  if (self->exited)
    return TRUE;
  context = g_main_context_new ();
  g_main_context_push_thread_default (context);
  g_subprocess_wait_async (self->subprocess, cancel, waited, &wait);
  if (timeout >= 0)
    {
      timer = g_timeout_source_new (
          (guint) MIN ((timeout + 999) / 1000, G_MAXUINT));
      g_source_set_callback (timer, time_up, &wait, NULL);
      g_source_attach (timer, context);
    }
  while (!wait.finished && !wait.late)
    g_main_context_iteration (context, TRUE);
  /* A wait still pending points at this stack frame: cancel it and let
     it finish before the frame goes. */
  g_cancellable_cancel (cancel);
  while (!wait.finished)
    g_main_context_iteration (context, TRUE);
  if (timer != NULL)
    {
      g_source_destroy (timer);
      g_source_unref (timer);
    }
  g_main_context_pop_thread_default (context);
  self->exited = wait.exited;
  return wait.exited;
}

static void
close_pipes (NimEngineProcess *self)
{
  if (self->in_fd >= 0)
    {
      /* Closing our end is the engine's end of input. */
      close (self->in_fd);
      self->in_fd = -1;
    }
}

/* Sends @sig to the engine's process group, or to the engine alone when
   it has no group of its own. */
static void
signal_group (NimEngineProcess *self, int sig)
{
  self->signalled = TRUE;
  if (self->pid > 0 && kill (-self->pid, sig) == 0)
    return;
  g_subprocess_send_signal (self->subprocess, sig);
}

/**
 * nim_engine_process_stop:
 * @process: an engine
 * @grace: how long, in microseconds, the engine has to exit at each step
 *
 * Ends the engine, however it behaves: its standard input is closed (a
 * well-behaved engine exits at the end of its input, or at the `quit` the
 * caller sent before), then after @grace its process group is sent
 * SIGTERM, then after @grace again SIGKILL; it is reaped in every case.
 * Whatever is left of its group once it has gone (a child it forked, a
 * wrapper script's background job) is sent SIGKILL.  Its output pipe is
 * closed too, so the engine holds nothing of ours and we nothing of it.
 * Calling it again does nothing (and returns %FALSE).
 *
 * Returns: %TRUE if the engine exited by itself, before SIGTERM
 */
gboolean
nim_engine_process_stop (NimEngineProcess *process, gint64 grace)
{
  gboolean by_itself;

  g_return_val_if_fail (process != NULL, FALSE);

  if (process->stopped)
    return FALSE;
  process->stopped = TRUE;
  close_pipes (process);
  by_itself = wait_exit (process, grace);
  if (!by_itself)
    {
      signal_group (process, SIGTERM);
      if (!wait_exit (process, grace))
        {
          signal_group (process, SIGKILL);
          g_subprocess_force_exit (process->subprocess);
          wait_exit (process, -1);
        }
    }
  /* The group outlives its leader only in what the engine left behind:
     no grace for that. */
  if (process->pid > 0)
    kill (-process->pid, SIGKILL);
  if (process->out_fd >= 0)
    {
      close (process->out_fd);
      process->out_fd = -1;
    }
  if (process->log != NULL)
    {
      g_autofree char *how = nim_engine_process_describe_exit (process);

      log_line (process, "# ", how);
    }
  return by_itself;
}

/**
 * nim_engine_process_wait:
 * @process: an engine
 * @timeout: how long to wait, in microseconds; 0 not to wait
 *
 * Waits for the engine to exit by itself (nim sends it nothing, and no
 * signal): whether an engine that closed its output has exited, or only
 * closed it.
 *
 * Returns: %TRUE if it has exited
 */
gboolean
nim_engine_process_wait (NimEngineProcess *process, gint64 timeout)
{
  g_return_val_if_fail (process != NULL, TRUE);

  return wait_exit (process, timeout);
}

/**
 * nim_engine_process_has_exited:
 * @process: an engine
 *
 * Whether the engine has exited (and was reaped), without waiting.
 *
 * Returns: %TRUE if it is no longer running
 */
gboolean
nim_engine_process_has_exited (NimEngineProcess *process)
{
  g_return_val_if_fail (process != NULL, TRUE);

  return wait_exit (process, 0);
}

/**
 * nim_engine_process_describe_exit:
 * @process: an engine
 *
 * How the engine ended, for a message or a record: "exited with status
 * 3", "killed by signal 11 (Segmentation fault)", "stopped by nim
 * (signal 15, Terminated)" when the signal was nim's own, or "running".
 *
 * Returns: (transfer full): the description
 */
char *
nim_engine_process_describe_exit (NimEngineProcess *process)
{
  GSubprocess *sub = process->subprocess;

  if (!nim_engine_process_has_exited (process))
    return g_strdup (_ ("running"));
  if (g_subprocess_get_if_signaled (sub))
    {
      int sig = g_subprocess_get_term_sig (sub);

      if (process->signalled && (sig == SIGTERM || sig == SIGKILL))
        return g_strdup_printf (_ ("stopped by nim (signal %d, %s)"), sig,
                                g_strsignal (sig));
      return g_strdup_printf (_ ("killed by signal %d (%s)"), sig,
                              g_strsignal (sig));
    }
  return g_strdup_printf (_ ("exited with status %d"),
                          g_subprocess_get_exit_status (sub));
}

/**
 * nim_engine_process_free:
 * @process: (nullable): an engine
 *
 * Stops the engine if it still runs (nim_engine_process_stop() with
 * %NIM_ENGINE_PROCESS_GRACE) and frees everything: no process, fd or
 * pipe is left behind.
 */
void
nim_engine_process_free (NimEngineProcess *process)
{
  if (process == NULL)
    return;
  if (process->subprocess != NULL)
    {
      nim_engine_process_stop (process, NIM_ENGINE_PROCESS_GRACE);
      g_object_unref (process->subprocess);
    }
  if (process->out_fd >= 0)
    close (process->out_fd);
  if (process->in_fd >= 0)
    close (process->in_fd);
  if (process->pid_fd >= 0)
    close (process->pid_fd);
  nim_line_channel_free (process->channel);
  g_string_free (process->line, TRUE);
  if (process->log != NULL)
    {
      g_output_stream_close (process->log, NULL, NULL);
      g_object_unref (process->log);
    }
  g_free (process->command);
  g_free (process);
}
