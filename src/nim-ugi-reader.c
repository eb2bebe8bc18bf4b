/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-ugi-reader.c -- nim --ugi's input and output: two threads that take
   turns at reading commands, so that `isready` and `stop` are heard while
   the engine searches

   Two threads take turns at reading the commands, and the one that reads
   a `go` runs the search itself: no other thread stands between a `go`
   and its search, or between the search and its `bestmove`.  Most
   searches of a referee's short games end within a millisecond, long
   before a referee says anything more; only a search that lasts longer
   than WATCH_DELAY (5 ms) wakes the other thread (a one-shot timer, set
   at a `go` when it is not set already: see serve()), which then takes
   the reader's turn, so that `isready` is answered and `stop` heard while
   the engine thinks.  Handing the turn over at every `go` instead would
   cost two thread wake-ups a move, more than a short search (bench/README
   has the figures).  `stop` sets the search's
   stop flag (nim_ugi_reader_get_stop()), which the searcher reads where it
   reads its clock, and it returns the best move it has.

   Answers are flushed when there is nothing more to read, not line by
   line: `uginewgame`, `isready`, `position` and `go` sent together get
   `readyok`, `info` and `bestmove` back together, which wakes the referee
   once (a search that outlasts the timer lets its `readyok` go ahead).
   Lines are read through a NimLineChannel (lib/players/nim-line-channel.c),
   which bounds them, and kept from one line to the next. */

#include "config.h"

#include "nim-ugi-reader.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <glib-unix.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>
#ifdef HAVE_TIMERFD_CREATE
#include <sys/timerfd.h>
#endif

/* How long a search runs, in microseconds, before the other thread takes
   the reader's turn: `isready` and `stop` wait at most this long more
   than they would with a reader always at hand.  While a referee's short
   games go on, the timer rings once in this long (see serve()), so a
   shorter delay costs processor time (bench/README). */
#define WATCH_DELAY 5000

struct _NimUgiReader
{
  NimLineChannel *channel; /* standard input */
  GString *line;           /* the command line being carried out */
  const NimUgiHandlers *handlers;
  gpointer data;

  /* Under @lock: @reading, one thread has the reader's turn (the one
     that reads a `go` gives it up while it searches, and takes it back
     after unless the other thread took it); @searching, a search runs
     (and writes its bestmove before it clears this); @ending, the reader
     waits in nim_ugi_reader_end_search(); @quit, the input ended.  @stop
     is the search's stop flag.  @cond wakes a thread waiting for a search
     to end or for `stop`. */
  GMutex lock;
  GCond cond;
  gboolean reading;
  gboolean searching;
  gboolean ending;
  gboolean quit;
  gint stop;

  /* Under @out_lock: @replied, answers were written and not flushed. */
  GMutex out_lock;
  gboolean replied;

  /* What the thread without the reader's turn waits on (watch_wait()):
     a timer (watch_arm(), serve()), or where the system has none, a pipe
     written to at a `go`, which hands the turn over at once. */
  int watch_fd;
  int watch_write; /* the pipe's write end, or -1 */
  /* Under @lock: @armed, the timer is set and has not rung yet (a `go`
     sets it only then); @search_start, when the search under way began
     (g_get_monotonic_time()). */
  gboolean armed;
  gint64 search_start;

  /* When the input being read came (see nim_ugi_reader_get_arrival()),
     and whether the waits for a processor are counted in it. */
  gint64 arrival;
  gboolean count_waits;

#ifdef HAVE_USELOCALE
  /* The locale of the thread that runs the reader, which the other
     thread takes: both answer in one language. */
  locale_t locale;
#endif
};

/* Each thread's /proc/thread-self/schedstat, open, as its descriptor + 1
   (0: not opened yet). */
static void
close_schedstat (gpointer data)
{
  if (GPOINTER_TO_INT (data) > 0)
    close (GPOINTER_TO_INT (data) - 1);
}

static GPrivate schedstat_fd = G_PRIVATE_INIT (close_schedstat);

/* How long the calling thread has waited, runnable, for a processor since
   it started, in microseconds (Linux's schedstat), or -1 where the system
   does not say. */
static gint64
run_delay (void)
{
  int fd = GPOINTER_TO_INT (g_private_get (&schedstat_fd)) - 1;
  char text[96];
  gssize n;
  const char *second;

  if (fd == -1)
    {
      fd = open ("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
      g_private_set (&schedstat_fd, GINT_TO_POINTER (fd < 0 ? -1 : fd + 1));
    }
  if (fd < 0)
    return -1;
  n = pread (fd, text, sizeof text - 1, 0);
  if (n <= 0)
    return -1;
  text[n] = '\0';
  /* "time on the processor, time waiting for one, slices", in ns. */
  second = strchr (text, ' ');
  return second != NULL ? g_ascii_strtoll (second + 1, NULL, 10) / 1000 : -1;
}

/* Makes the timer of watch_arm(), or where the system has none, a pipe. */
static gboolean
watch_open (NimUgiReader *r, GError **error)
{
  int fds[2];

  r->watch_write = -1;
#ifdef HAVE_TIMERFD_CREATE
  r->watch_fd = timerfd_create (CLOCK_MONOTONIC, TFD_CLOEXEC);
  if (r->watch_fd >= 0)
    return TRUE;
#endif
  if (!g_unix_open_pipe (fds, FD_CLOEXEC, error))
    return FALSE;
  r->watch_fd = fds[0];
  r->watch_write = fds[1];
  return TRUE;
}

/**
 * nim_ugi_reader_new:
 * @in_fd: where the commands come from (standard input)
 * @max_line: the longest command line read whole
 * @error: return location for an error: no timer and no pipe
 *
 * Returns: (transfer full) (nullable): a reader, answering on standard
 *   output
 */
NimUgiReader *
nim_ugi_reader_new (int in_fd, gsize max_line, GError **error)
{
  NimUgiReader *r = g_new0 (NimUgiReader, 1);

  if (!watch_open (r, error))
    {
      g_free (r);
      return NULL;
    }
  r->channel = nim_line_channel_new (in_fd, max_line);
  r->line = g_string_new (NULL);
  g_mutex_init (&r->lock);
  g_cond_init (&r->cond);
  g_mutex_init (&r->out_lock);
  return r;
}

/**
 * nim_ugi_reader_say:
 * @reader: the reader
 * @format: one line of the engine's answer, without its line end
 *
 * Writes the line, to be flushed before the reader next waits for input:
 * the referee may be waiting for it.  Both threads answer, a line at a
 * time.
 */
void
nim_ugi_reader_say (NimUgiReader *reader, const char *format, ...)
{
  va_list args;

  g_mutex_lock (&reader->out_lock);
  va_start (args, format);
  vfprintf (stdout, format, args);
  va_end (args);
  fputc ('\n', stdout);
  reader->replied = TRUE;
  g_mutex_unlock (&reader->out_lock);
}

/**
 * nim_ugi_reader_say_now:
 * @reader: the reader
 * @text: whole lines, each ending in "\n"
 *
 * Writes @text and flushes it with whatever else is waiting: a search's
 * answer goes out at once, in one write.
 */
void
nim_ugi_reader_say_now (NimUgiReader *reader, const char *text)
{
  g_mutex_lock (&reader->out_lock);
  fputs (text, stdout);
  fflush (stdout);
  reader->replied = FALSE;
  g_mutex_unlock (&reader->out_lock);
}

/* The next command line, in @r->line, by the thread with the reader's
   turn; what was answered goes out before it waits for more.  Returns
   %NIM_LINE_OK or %NIM_LINE_CUT for a line, anything else at the end of
   the input. */
static NimLineStatus
read_command (NimUgiReader *r)
{
  NimLineStatus status;
  gint64 before;

  if (nim_line_channel_take (r->channel, r->line, &status))
    return status;
  g_mutex_lock (&r->out_lock);
  if (r->replied)
    fflush (stdout);
  r->replied = FALSE;
  g_mutex_unlock (&r->out_lock);
  before = r->count_waits ? run_delay () : -1;
  status = nim_line_channel_read (r->channel, -1, r->line);
  r->arrival = g_get_monotonic_time ();
  if (before >= 0)
    {
      /* The input came when the thread was woken for it, not when it got
         a processor again: on a busy machine that can be tens of
         milliseconds of a move's time. */
      gint64 after = run_delay ();

      if (after > before)
        r->arrival -= after - before;
    }
  return status;
}

/**
 * nim_ugi_reader_count_waits:
 * @reader: the reader
 *
 * From now on, when a command's input came is counted from when the
 * reading thread was woken for it, not from when it got a processor
 * again (see nim_ugi_reader_get_arrival()): what a timed search needs.
 * It costs a system call or two a read, so it is off until asked for.
 */
void
nim_ugi_reader_count_waits (NimUgiReader *reader)
{
  reader->count_waits = TRUE;
}

/**
 * nim_ugi_reader_get_arrival:
 * @reader: the reader
 *
 * When the input of the command being carried out came, as well as the
 * reader can tell: when the read that brought it returned, less the time
 * the reading thread then waited for a processor, when it counts waits
 * (nim_ugi_reader_count_waits()) and the system says (Linux).
 *
 * Returns: a g_get_monotonic_time()
 */
gint64
nim_ugi_reader_get_arrival (NimUgiReader *reader)
{
  return reader->arrival;
}

/**
 * nim_ugi_reader_end_search:
 * @reader: the reader
 * @stop: end the search at once (`stop`), rather than when it finishes
 *
 * Ends the search under way in the other thread, if any, from a command:
 * its bestmove is written before this returns.
 */
void
nim_ugi_reader_end_search (NimUgiReader *reader, gboolean stop)
{
  g_mutex_lock (&reader->lock);
  if (reader->searching && stop)
    {
      g_atomic_int_set (&reader->stop, 1);
      g_cond_broadcast (&reader->cond);
    }
  reader->ending = reader->searching;
  while (reader->searching)
    g_cond_wait (&reader->cond, &reader->lock);
  reader->ending = FALSE;
  g_mutex_unlock (&reader->lock);
}

/**
 * nim_ugi_reader_get_stop:
 * @reader: the reader
 *
 * Returns: the stop flag of the searches: not 0 once `stop` (or `quit`,
 *   or the end of the input) asked the search under way to end
 */
const gint *
nim_ugi_reader_get_stop (NimUgiReader *reader)
{
  return &reader->stop;
}

/**
 * nim_ugi_reader_wait_stop:
 * @reader: the reader
 *
 * In a search (#NimUgiHandlers.search), waits until it is asked to stop:
 * what `go infinite` does with its answer, as UCI asks.
 */
void
nim_ugi_reader_wait_stop (NimUgiReader *reader)
{
  g_mutex_lock (&reader->lock);
  while (!g_atomic_int_get (&reader->stop))
    g_cond_wait (&reader->cond, &reader->lock);
  g_mutex_unlock (&reader->lock);
}

/* Reads and carries out commands, as the thread with the reader's turn,
   until one starts a search, which this thread is then to run (%TRUE),
   or the input ends or says `quit` (%FALSE: any search is over by
   then). */
static gboolean
read_and_run (NimUgiReader *r)
{
  for (;;)
    {
      NimLineStatus status = read_command (r);
      NimUgiNext next;

      if (status != NIM_LINE_OK && status != NIM_LINE_CUT)
        break;
      next = r->handlers->command (r->data, r->line, status);
      if (next == NIM_UGI_QUIT)
        break;
      if (next == NIM_UGI_SEARCH)
        {
          g_mutex_lock (&r->lock);
          g_atomic_int_set (&r->stop, 0);
          r->searching = TRUE;
          g_mutex_unlock (&r->lock);
          return TRUE;
        }
    }
  nim_ugi_reader_end_search (r, TRUE);
  return FALSE;
}

/* Runs the search a command started; then the search is over for the
   reader, which may be waiting in nim_ugi_reader_end_search(). */
static void
run_search (NimUgiReader *r)
{
  r->handlers->search (r->data);
  g_mutex_lock (&r->lock);
  r->searching = FALSE;
  /* GCond wakes with a system call even when nobody waits. */
  if (r->ending)
    g_cond_broadcast (&r->cond);
  g_mutex_unlock (&r->lock);
}

/* Arms the timer that wakes the thread without the reader's turn
   (watch_wait()) in @delay microseconds, 0 for at once.  Without a
   timer, every arming wakes it at once. */
static void
watch_arm (NimUgiReader *r, gint64 delay)
{
  if (r->watch_write >= 0)
    {
      char byte = 0;

      while (write (r->watch_write, &byte, 1) < 0 && errno == EINTR)
        ;
      return;
    }
#ifdef HAVE_TIMERFD_CREATE
  {
    /* 0 would disarm it: a nanosecond is at once. */
    struct itimerspec when
        = { { 0, 0 },
            { (time_t) (delay / G_USEC_PER_SEC),
              (long) (delay % G_USEC_PER_SEC) * 1000 + 1 } };

    timerfd_settime (r->watch_fd, 0, &when, NULL);
  }
#endif
}

/* Waits for the timer of watch_arm() to ring (it may have rung for a
   search that ended since: the caller looks at the state). */
static void
watch_wait (NimUgiReader *r)
{
  char buf[64];

  while (read (r->watch_fd, buf, sizeof buf) < 0 && errno == EINTR)
    ;
}

/* What each of the two threads does, until the input ends: the one with
   the reader's turn (@reader) reads until a `go`, gives the turn up,
   searches, and takes the turn back unless the other took it meanwhile;
   the one without waits for a search to outlast WATCH_DELAY with the turn
   free, and takes it.

   The timer is set at a `go` only when it is not set already, and never
   unset: a referee of short games sends a `go` every few tens of
   microseconds, and setting a timer costs more than a short search
   (bench/README).  It then rings once in WATCH_DELAY while the games go
   on, for the search under way or for none: the thread it wakes sets it
   again for that search's own WATCH_DELAY, or leaves it unset when no
   search runs. */
static void
serve (NimUgiReader *r, gboolean reader)
{
  /* Without a timer the pipe wakes the other thread at once: it takes
     the turn as soon as it is free. */
  gint64 delay = r->watch_write >= 0 ? 0 : WATCH_DELAY;

  for (;;)
    {
      while (!reader)
        {
          watch_wait (r);
          g_mutex_lock (&r->lock);
          if (r->quit)
            {
              g_mutex_unlock (&r->lock);
              return;
            }
          if (r->reading)
            r->armed = FALSE; /* no search runs */
          else
            {
              gint64 left = r->search_start + delay - g_get_monotonic_time ();

              /* A search that began after the timer was set has its
                 own time yet. */
              if (left > 0)
                watch_arm (r, left);
              else
                {
                  reader = TRUE;
                  r->reading = TRUE;
                  r->armed = FALSE;
                }
            }
          g_mutex_unlock (&r->lock);
        }
      if (!read_and_run (r))
        {
          g_mutex_lock (&r->lock);
          r->quit = TRUE;
          g_mutex_unlock (&r->lock);
          watch_arm (r, 0); /* the other thread ends too */
          return;
        }
      g_mutex_lock (&r->lock);
      r->reading = FALSE;
      r->search_start = g_get_monotonic_time ();
      if (!r->armed)
        {
          r->armed = TRUE;
          watch_arm (r, delay);
        }
      g_mutex_unlock (&r->lock);
      run_search (r);
      g_mutex_lock (&r->lock);
      reader = !r->reading;
      r->reading = TRUE;
      g_mutex_unlock (&r->lock);
    }
}

static gpointer
serve_thread (gpointer data)
{
#ifdef HAVE_USELOCALE
  NimUgiReader *r = data;

  uselocale (r->locale);
#endif
  serve (data, FALSE);
  return NULL;
}

/**
 * nim_ugi_reader_run:
 * @reader: the reader
 * @handlers: what to do with each command, and with a search
 * @data: what @handlers are given
 *
 * Reads and carries out commands until `quit` or the end of the input,
 * with a second thread that takes over the reading while a search runs
 * (in the calling thread's locale, see nim_locale_speak_english());
 * any search is over, and everything written flushed, when this returns.
 */
void
nim_ugi_reader_run (NimUgiReader *reader, const NimUgiHandlers *handlers,
                    gpointer data)
{
  GThread *helper;

  reader->handlers = handlers;
  reader->data = data;
  reader->reading = TRUE; /* this thread's, first */
#ifdef HAVE_USELOCALE
  reader->locale = uselocale ((locale_t) 0);
#endif
  helper = g_thread_new ("nim-ugi", serve_thread, reader);
  serve (reader, TRUE);
  g_thread_join (helper);
  fflush (stdout);
}

/**
 * nim_ugi_reader_get_errno:
 * @reader: a reader that has run
 *
 * Returns: why reading the commands failed, an errno, or 0 when the
 *   input ended or said `quit`
 */
int
nim_ugi_reader_get_errno (NimUgiReader *reader)
{
  return nim_line_channel_get_errno (reader->channel);
}

/**
 * nim_ugi_reader_free:
 * @reader: (nullable): a reader that does not run
 */
void
nim_ugi_reader_free (NimUgiReader *reader)
{
  if (reader == NULL)
    return;
  close (reader->watch_fd);
  if (reader->watch_write >= 0)
    close (reader->watch_write);
  nim_line_channel_free (reader->channel);
  g_string_free (reader->line, TRUE);
  g_mutex_clear (&reader->lock);
  g_cond_clear (&reader->cond);
  g_mutex_clear (&reader->out_lock);
  g_free (reader);
}
