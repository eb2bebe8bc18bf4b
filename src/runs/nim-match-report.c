/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-match-report.c -- what a comparison run shows: the results file,
 * the progress line and the summaries
 *
 * lib/play/nim-match.c plays and counts; this file is the program's side
 * of it.  A #NimMatchReport is the data of nim_match_report_callbacks:
 * it appends each finished game to the results file (--results) and
 * draws the progress line on standard error.  The two summaries, for
 * people and as JSON (--json), are made from the run's #NimMatchSummary
 * once it is over. */

#include "config.h"

#include "nim-match-report.h"

#include "nim-i18n.h"
#include "nim-notation.h"
#include "nim-record.h"
#include "nim-run-file.h"
#include "nim-text.h"
#include "nim-error.h"
#include "nim-interrupt.h"

#include <stdio.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct _NimMatchReport
{
  NimMatchConfig config;
  char *results_path;
  int results_fd;    /* -1 without a results file */
  gboolean readable; /* ... opened for reading too (see open_results) */
  gboolean show;     /* draw the progress line */
  gboolean shown;    /* ... and it was drawn */
  char *run_id;      /* (nullable): each record's "run" */
  char *header;      /* (nullable): the run's header line, written with
                        the first record */
  gboolean wrote_header;
  guint64 resumed;      /* games counted before the run began */
  gsize progress_width; /* the widest progress line drawn */
  /* In a tournament (see nim_match_report_set_pairing()): */
  guint pairing;          /* this run's pairing, from 1; 0 outside one */
  guint n_pairings;       /* ... of so many */
  guint64 games_before;   /* games the earlier pairings finished */
  guint64 resumed_before; /* ... of them counted from the results file */
  guint64 games_total;    /* games the whole tournament plays */
  double seconds_before;  /* ... and the seconds they took */
  /* The jobs hand in their games at once (see #NimMatchCallbacks): each
     makes its record alone, and they take turns at the file and at
     standard error. */
  GMutex lock;
};

static int open_results (const char *path, gboolean *readable, GError **error);
static gboolean lock_results (const NimMatchReport *r, gboolean *locked,
                              GError **error);
static void unlock_results (const NimMatchReport *r, gboolean locked);
static gboolean mend_torn_end (NimMatchReport *r, GError **error);
static void clear_progress (const NimMatchReport *r);
static void draw_progress (NimMatchReport *r, const char *text);
static char *describe_elo (double v, gboolean sign);

/**
 * nim_match_report_new:
 * @config: what the run plays; its specs must outlive the report
 * @results: (nullable): a file to append one JSON line per game to
 * @progress: draw a progress line on standard error, when that is a
 *   terminal
 * @error: return location for an error: a results file that cannot be
 *   opened, or whose incomplete last line cannot be ended
 *   (#NIM_ERROR_FAILED)
 *
 * A results file whose last line is incomplete (a run was stopped while
 * writing it) gets a newline, and a warning on standard error says so;
 * see mend_torn_end().
 *
 * Returns: (transfer full) (nullable): the data for
 *   nim_match_report_callbacks
 */
NimMatchReport *
nim_match_report_new (const NimMatchConfig *config, const char *results,
                      gboolean progress, GError **error)
{
  g_autoptr (NimMatchReport) r = g_new0 (NimMatchReport, 1);

  r->config = *config;
  r->results_fd = -1;
  g_mutex_init (&r->lock);
  r->show = progress && isatty (STDERR_FILENO);
  if (results != NULL)
    {
      gboolean locked, ok;

      r->results_path = g_strdup (results);
      r->results_fd = open_results (results, &r->readable, error);
      if (r->results_fd < 0 || !lock_results (r, &locked, error))
        return NULL;
      ok = mend_torn_end (r, error);
      unlock_results (r, locked);
      if (!ok)
        return NULL;
    }
  return g_steal_pointer (&r);
}

/**
 * nim_match_report_free:
 * @report: (nullable): a report
 *
 * Closes the results file.
 */
void
nim_match_report_free (NimMatchReport *report)
{
  if (report == NULL)
    return;
  if (report->results_fd >= 0)
    close (report->results_fd);
  g_free (report->results_path);
  g_free (report->run_id);
  g_free (report->header);
  g_mutex_clear (&report->lock);
  g_free (report);
}

/* ------------------------------------------------------------------------ */
/* The results file */

/* The longest pause, in microseconds, between two looks at what the
   results file waits for (a FIFO's reader, another run's lock), and the
   time, in microseconds, after which a wait for the lock is said: others
   sharing the file hold it for the moment of a write. */
#define WAIT_PAUSE_MAX (50 * 1000)
#define LOCK_PATIENCE G_USEC_PER_SEC

/* Waits a little before looking again: 1 ms, then twice as long each
   time, up to WAIT_PAUSE_MAX.  FALSE, with @error set, after Ctrl-C. */
static gboolean
wait_a_little (gulong *pause, const char *path, const char *waiting_for,
               GError **error)
{
  if (nim_interrupted ())
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_INTERRUPTED,
                   /* TRANSLATORS: the results file, then what nim waited
                      for: "a reader" (of a FIFO) or "the lock". */
                   _ ("interrupted while waiting for %2$s of the results "
                      "file %1$s"),
                   path, waiting_for);
      return FALSE;
    }
  g_usleep (*pause);
  *pause = MIN (*pause * 2, WAIT_PAUSE_MAX);
  return TRUE;
}

/* Opens the FIFO @path for writing, which waits for a reader: a look
   that does not block, again and again, so that Ctrl-C ends the wait
   whatever thread the signal went to, and a word on standard error that
   nim waits, and for what. */
static int
open_fifo (const char *path, GError **error)
{
  gulong pause = 1000;
  gboolean said = FALSE;

  for (;;)
    {
      int fd = open (path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NONBLOCK);

      if (fd >= 0)
        {
          /* Writes wait for the reader, as they would have. */
          fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
          return fd;
        }
      if (errno != ENXIO && errno != EINTR)
        {
          int saved = errno;

          g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                       _ ("cannot open the results file %s: %s"), path,
                       g_strerror (saved));
          return -1;
        }
      if (!said)
        fprintf (stderr,
                 _ ("nim: the results file %s is a FIFO: waiting for a "
                    "process to read it (Ctrl-C stops)\n"),
                 path);
      said = TRUE;
      if (!wait_a_little (&pause, path, _ ("a reader"), error))
        return -1;
    }
}

/* Opens the results file for appending.  A regular file is opened for
   reading too, when its permissions allow, so that mend_torn_end() can
   look at its last byte; anything else (a FIFO, /dev/stdout, a device)
   write-only, as before: opening a FIFO for reading and writing would
   not wait for its reader.  *@readable says which it was. */
static int
open_results (const char *path, gboolean *readable, GError **error)
{
  struct stat st;
  gboolean regular;
  int fd = -1;

  *readable = FALSE;
  if (stat (path, &st) == 0 && S_ISFIFO (st.st_mode))
    return open_fifo (path, error);
  regular = stat (path, &st) != 0 || S_ISREG (st.st_mode);
  if (regular)
    fd = open (path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  if (fd >= 0)
    *readable = TRUE;
  else if (!regular || errno == EACCES)
    fd = open (path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("cannot open the results file %s: %s"), path,
                   g_strerror (saved));
    }
  return fd;
}

/* Takes an advisory lock on the whole results file, waiting while
   another run holds it.  The descriptor is opened with O_APPEND, so each
   write(2) goes to the end of the file in one step, and on Linux a
   regular file's write is not mixed with another's; but POSIX does not
   promise that a write is done whole: a full disk, a file size limit or
   a signal can cut it short, and the rest then goes in a second write
   that another run's record could fall before (NFS does not even keep
   O_APPEND).  Between looking at the end of the file and writing there
   (mend_torn_end) or cutting a partial record off (append_record) the
   file must also stay as it was.  So runs that share a results file take
   turns holding this lock; a file that cannot be locked (a file system
   without locks) is written all the same, as it was before, and
   *@locked says which it was.  This run's own jobs are serialised by the
   run's lock: fcntl(2) locks belong to the process, not the thread (and
   closing any descriptor of the file would drop them; this one is the
   only one the process opens).

   The wait is looks that do not block, so that Ctrl-C ends it (FALSE,
   with @error set) whatever thread the signal went to; one that lasts is
   said on standard error, naming the process that holds the lock. */
static gboolean
lock_results (const NimMatchReport *r, gboolean *locked, GError **error)
{
  struct flock fl;
  gulong pause = 1000;
  gint64 since = g_get_monotonic_time ();
  gboolean said = FALSE;

  *locked = FALSE;
  for (;;)
    {
      memset (&fl, 0, sizeof fl);
      fl.l_type = F_WRLCK;
      fl.l_whence = SEEK_SET;
      fl.l_start = 0;
      fl.l_len = 0; /* to the end of the file, however far it grows */
      if (fcntl (r->results_fd, F_SETLK, &fl) == 0)
        {
          *locked = TRUE;
          return TRUE;
        }
      if (errno != EACCES && errno != EAGAIN && errno != EINTR)
        return TRUE;
      if (!said && g_get_monotonic_time () - since >= LOCK_PATIENCE)
        {
          said = TRUE;
          clear_progress (r);
          if (fcntl (r->results_fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK
              && fl.l_pid > 0)
            fprintf (stderr,
                     _ ("nim: waiting for the lock on the results file %s, "
                        "which process %ld holds (Ctrl-C stops)\n"),
                     r->results_path, (long) fl.l_pid);
          else
            fprintf (stderr,
                     _ ("nim: waiting for the lock on the results file %s, "
                        "which another process holds (Ctrl-C stops)\n"),
                     r->results_path);
        }
      if (!wait_a_little (&pause, r->results_path, _ ("the lock"), error))
        return FALSE;
    }
}

/* Releases the lock of lock_results(), when it was taken. */
static void
unlock_results (const NimMatchReport *r, gboolean locked)
{
  struct flock fl;

  if (!locked)
    return;
  memset (&fl, 0, sizeof fl);
  fl.l_type = F_UNLCK;
  fl.l_whence = SEEK_SET;
  fcntl (r->results_fd, F_SETLK, &fl);
}

/* Writes @len bytes of @text to @fd, whole, and adds what it wrote to
   *@written, a part of it included when it fails.  Each line goes in
   one call: stdio would cut a line longer than its buffer into several
   writes.  The loop only resumes one that a signal cut short (or a full
   disk, which then fails on the next call). */
static gboolean
write_all (int fd, const char *text, gsize len, gsize *written)
{
  while (len > 0)
    {
      ssize_t n = write (fd, text, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n == 0)
            errno = EIO; /* nothing written, and nothing said why */
          return FALSE;
        }
      text += n;
      len -= (gsize) n;
      *written += (gsize) n;
    }
  return TRUE;
}

/* With the results file locked: when it does not end in a newline, a
   run was stopped in the middle of a record (kill -9, a crash, a full
   disk it could not clean up after), and a record appended now would
   run on from that fragment.  Ends the fragment's line with a newline,
   so that it stands alone and every record after it is a line of its
   own, and says so on standard error.  The fragment is kept as it is,
   not moved or cut off: nothing the user wrote is thrown away, and it
   is one line a reader skips, as one that does not parse (see
   nim(1)).  Runs on opening the file and before every record, as
   another run sharing the file may have been stopped in the middle of
   one since. */
static gboolean
mend_torn_end (NimMatchReport *r, GError **error)
{
  struct stat st;
  gsize written = 0;
  char last;

  if (!r->readable || fstat (r->results_fd, &st) != 0 || !S_ISREG (st.st_mode)
      || st.st_size == 0
      || pread (r->results_fd, &last, 1, st.st_size - 1) != 1 || last == '\n')
    return TRUE;
  if (!write_all (r->results_fd, "\n", 1, &written))
    {
      int saved = errno;

      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("cannot write to the results file %s: %s"),
                   r->results_path, g_strerror (saved));
      return FALSE;
    }
  clear_progress (r);
  fprintf (stderr,
           /* TRANSLATORS: %s is the file given with --results. */
           _ ("nim: the results file %s ended in an incomplete line (a run "
              "stopped while writing it?); a newline was added, so that the "
              "line stands alone and the new records start on lines of their "
              "own\n"),
           r->results_path);
  return TRUE;
}

/* Appends @line (@len bytes, its newline included) to the results file,
   holding the lock.  A write that fails part of the way (a full disk)
   leaves the start of a record; it is cut off again when the file's size
   shows that nothing was appended after it, and the error says whether
   it was. */
static gboolean
append_record (NimMatchReport *r, const char *line, gsize len, GError **error)
{
  gboolean locked;
  struct stat st;
  off_t start = -1;
  gsize written = 0;
  int saved;

  if (!lock_results (r, &locked, error))
    return FALSE;
  if (!mend_torn_end (r, error))
    {
      unlock_results (r, locked);
      return FALSE;
    }
  if (fstat (r->results_fd, &st) == 0 && S_ISREG (st.st_mode))
    start = st.st_size;
  if (write_all (r->results_fd, line, len, &written))
    {
      unlock_results (r, locked);
      return TRUE;
    }
  saved = errno;
  if (written == 0)
    g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                 _ ("cannot write to the results file %s: %s"),
                 r->results_path, g_strerror (saved));
  else if (start >= 0 && fstat (r->results_fd, &st) == 0
           && st.st_size == start + (off_t) written
           && ftruncate (r->results_fd, start) == 0)
    g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                 /* TRANSLATORS: %s is the file, then why (such as "No
                    space left on device"). */
                 _ ("cannot write to the results file %s: %s; the "
                    "incomplete record was removed from its end"),
                 r->results_path, g_strerror (saved));
  else
    g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                 _ ("cannot write to the results file %s: %s; an "
                    "incomplete record is left at its end"),
                 r->results_path, g_strerror (saved));
  unlock_results (r, locked);
  return FALSE;
}

/**
 * nim_match_report_set_run:
 * @report: a report
 * @id: the run's ID (see nim-run-file.c), written in each record
 * @header: (nullable): the run's header line, for a results file that
 *   does not hold it yet: written in one write with the first record, so
 *   that a file that takes no record takes no header either
 */
void
nim_match_report_set_run (NimMatchReport *report, const char *id,
                          const char *header)
{
  g_free (report->run_id);
  report->run_id = g_strdup (id);
  g_free (report->header);
  report->header = g_strdup (header);
}

/**
 * nim_match_report_write_header:
 * @report: a report
 * @error: return location for an error writing the results file
 *
 * Writes the header line of nim_match_report_set_run() now rather than
 * with the first record: a resumed run whose results file lost its
 * header gets it back even when no game is left to play.
 *
 * Returns: %TRUE if it was written (or there was none to write)
 */
gboolean
nim_match_report_write_header (NimMatchReport *report, GError **error)
{
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&report->lock);

  if (report->results_fd < 0 || report->header == NULL)
    return TRUE;
  if (!append_record (report, report->header, strlen (report->header), error))
    return FALSE;
  report->wrote_header = TRUE;
  g_clear_pointer (&report->header, g_free);
  return TRUE;
}

/**
 * nim_match_report_set_resumed:
 * @report: a report
 * @games: how many games of the run were counted before it began
 *   (--resume), which the progress line's speed leaves out
 */
void
nim_match_report_set_resumed (NimMatchReport *report, guint64 games)
{
  report->resumed = games;
}

/**
 * nim_match_report_set_pairing:
 * @report: a report
 * @pairing: the tournament's pairing this run plays, from 1
 * @n_pairings: how many pairings the tournament has
 * @games_before: the games its earlier pairings finished
 * @resumed_before: those of them that were counted, not played
 *   (--resume)
 * @games_total: the games the whole tournament plays
 * @seconds_before: the seconds its earlier pairings took
 *
 * Makes the progress line speak of the tournament: the pairing, its
 * score, and the games, speed and time left of the whole tournament, not
 * of the one pairing.
 */
void
nim_match_report_set_pairing (NimMatchReport *report, guint pairing,
                              guint n_pairings, guint64 games_before,
                              guint64 resumed_before, guint64 games_total,
                              double seconds_before)
{
  report->resumed_before = resumed_before;
  report->pairing = pairing;
  report->n_pairings = n_pairings;
  report->games_before = games_before;
  report->games_total = games_total;
  report->seconds_before = seconds_before;
}

/**
 * nim_match_report_wrote_header:
 * @report: a report
 *
 * Returns: whether the header line of nim_match_report_set_run() was
 *   written
 */
gboolean
nim_match_report_wrote_header (const NimMatchReport *report)
{
  return report->wrote_header;
}

/* The game's record, each move marked with what the solver said of the
   position it was made from. */
static JsonNode *
game_record (const NimMatchReport *r, const NimMatchGame *game)
{
  JsonNode *record = nim_record_game (game->game, r->config.seed);
  JsonObject *o = json_node_get_object (record);
  JsonArray *moves;
  guint i;

  json_object_set_int_member (o, "game", (gint64) game->number);
  if (r->run_id != NULL)
    {
      json_object_set_string_member (o, "run", r->run_id);
      json_object_set_member (o, "tally",
                              nim_run_file_tallies (game->tallies));
    }
  moves = json_object_get_array_member (o, "moves");
  for (i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);

      if (game->positions[i] == NIM_MATCH_POSITION_UNKNOWN)
        json_object_set_null_member (m, "position");
      else
        json_object_set_string_member (
            m, "position",
            game->positions[i] == NIM_MATCH_POSITION_WON ? "win" : "loss");
    }
  return record;
}

/* Appends the game's line to the results file.  The jobs call it at
   once: each makes its record, then they append one after the other. */
static gboolean
report_game_finished (gpointer data, const NimMatchGame *game, GError **error)
{
  NimMatchReport *r = data;
  g_autoptr (JsonNode) record = NULL;
  g_autofree char *text = NULL;
  g_autofree char *line = NULL;
  g_autoptr (GMutexLocker) locker = NULL;

  if (r->results_fd < 0)
    return TRUE;
  record = game_record (r, game);
  text = nim_record_to_string (record, FALSE);
  locker = g_mutex_locker_new (&r->lock);
  line = g_strconcat (r->header ? r->header : "", text, "\n", NULL);
  if (!append_record (r, line, strlen (line), error))
    return FALSE;
  if (r->header != NULL)
    r->wrote_header = TRUE;
  g_clear_pointer (&r->header, g_free);
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* The progress line */

/* Player 1's share of the finished games of @s, in percent. */
static double
progress_score (const NimMatchSummary *s)
{
  return s->finished > 0
             ? 100.0 * (double) s->players[0].wins / (double) s->finished
             : 0;
}

/* Ends a progress line with the time the @left games still to play take
   at @rate games a second, when that is known. */
static void
append_time_left (GString *line, guint64 left, double rate)
{
  if (rate > 0 && left > 0)
    /* TRANSLATORS: the end of the progress line; s is seconds. */
    g_string_append_printf (line, _ (", about %.0f s left"),
                            (double) left / rate);
}

/* The status line: games done of those to play, player 1's score, the
   Elo estimate, the LLR when the SPRT is on, games a second, time left.
   Games counted from the results file (--resume) are done but not
   played, so the speed is of the games this run played. */
static void
print_progress (NimMatchReport *r, const NimMatchSummary *s, double elapsed)
{
  g_autoptr (GString) line = g_string_new (NULL);
  g_autofree char *elo = describe_elo (s->elo.elo, TRUE);
  g_autofree char *margin = describe_elo (s->elo.margin, FALSE);
  guint64 total = nim_match_config_games_to_play (&r->config);
  guint64 played = s->finished - r->resumed;
  double rate = elapsed > 0 ? (double) played / elapsed : 0;
  double score = progress_score (s);

  /* TRANSLATORS: the progress line of a comparison run, rewritten in
     place: games done of all, player 1's score, the Elo difference and
     its margin, games a second. */
  g_string_append_printf (line,
                          _ ("%llu/%llu games, player 1 %.1f%%, Elo %s +/- "
                             "%s, %.1f games/s"),
                          (unsigned long long) s->finished,
                          (unsigned long long) total, score, elo, margin,
                          rate);
  if (r->config.sprt_enabled)
    g_string_append_printf (line, ", LLR %.2f", s->llr + 0.0);
  append_time_left (line, total > s->finished ? total - s->finished : 0, rate);
  draw_progress (r, line->str);
}

/* The status line of a tournament's pairing: which pairing, its score,
   then the games, speed and time left of the whole tournament. */
static void
print_pairing_progress (NimMatchReport *r, const NimMatchSummary *s,
                        double elapsed)
{
  g_autoptr (GString) line = g_string_new (NULL);
  guint64 done = r->games_before + s->finished;
  guint64 played = done - r->resumed_before - r->resumed;
  double seconds = r->seconds_before + elapsed;
  double rate = seconds > 0 ? (double) played / seconds : 0;
  double score = progress_score (s);

  /* TRANSLATORS: the progress line of a tournament, rewritten in place:
     the pairing playing now of all pairings, its two players, its games
     so far and its first player's score; then the games of the whole
     tournament done of all, and games a second. */
  g_string_append_printf (
      line,
      _ ("pairing %u/%u, %s against %s: %llu games, %s %.1f%%; "
         "in all %llu/%llu games, %.1f games/s"),
      r->pairing, r->n_pairings, r->config.specs[0], r->config.specs[1],
      (unsigned long long) s->finished, r->config.specs[0], score,
      (unsigned long long) done, (unsigned long long) r->games_total, rate);
  append_time_left (line, r->games_total > done ? r->games_total - done : 0,
                    rate);
  draw_progress (r, line->str);
}

/* Draws @text over the progress line drawn before. */
static void
draw_progress (NimMatchReport *r, const char *text)
{
  gsize width = nim_text_width (text);

  /* Back to the start of the line; blanks over what a longer line left. */
  fprintf (stderr, "\r%s%*s", text,
           (int) (r->progress_width > width ? r->progress_width - width : 0),
           "");
  r->progress_width = MAX (r->progress_width, width);
}

/* Leaves the progress line blank for what follows. */
static void
clear_progress (const NimMatchReport *r)
{
  if (r->shown)
    fprintf (stderr, "\r%*s\r", (int) MAX (r->progress_width, 79), "");
}

/* Draws the line once the run has lasted a second: a short run shows
   none. */
static void
report_progress (gpointer data, const NimMatchSummary *summary, double seconds)
{
  NimMatchReport *r = data;
  g_autoptr (GMutexLocker) locker = NULL;

  if (!r->show || r->seconds_before + seconds <= 1.0)
    return;
  locker = g_mutex_locker_new (&r->lock);
  if (r->pairing > 0)
    print_pairing_progress (r, summary, seconds);
  else
    print_progress (r, summary, seconds);
  r->shown = TRUE;
}

static void
report_interrupted (gpointer data, const NimMatchSummary *summary)
{
  NimMatchReport *r = data;
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&r->lock);

  clear_progress (r);
  fputs (_ ("nim: interrupted: the games in progress are abandoned\n"),
         stderr);
}

/**
 * nim_match_report_callbacks:
 *
 * What a run tells a #NimMatchReport, given as its data: each game for
 * the results file, the progress, a Ctrl-C.
 */
const NimMatchCallbacks nim_match_report_callbacks = {
  .game_finished = report_game_finished,
  .progress = report_progress,
  .interrupted = report_interrupted,
};

/**
 * nim_match_report_end_progress:
 * @report: a report whose run is over
 *
 * Blanks the progress line, if one was drawn, for what follows.
 */
void
nim_match_report_end_progress (NimMatchReport *report)
{
  clear_progress (report);
}

/* ------------------------------------------------------------------------ */
/* The summary for people */

static double
ratio (double a, double b)
{
  return b > 0 ? a / b : 0;
}

static char *
describe_elo (double v, gboolean sign)
{
  if (isnan (v))
    /* TRANSLATORS: an Elo difference that cannot be told (no pairs). */
    return g_strdup (_ ("n/a"));
  if (isinf (v))
    return g_strdup (v > 0 ? (sign ? "+inf" : "inf") : "-inf");
  return g_strdup_printf (sign ? "%+.1f" : "%.1f", v + 0.0); /* no -0.0 */
}

/* What was played: the games, the rules, the positions. */
static void
print_setup (const NimMatchConfig *c, const NimMatchSummary *s, FILE *out)
{
  g_autofree char *rules = nim_rules_describe (&c->rules);

  fprintf (out,
           s->interrupted
               ? _ ("Games: %llu of %llu (interrupted), each position played "
                    "twice, either player first\n")
               : _ ("Games: %llu of %llu, each position played twice, "
                    "either player first\n"),
           (unsigned long long) s->finished, (unsigned long long) c->games);
  /* TRANSLATORS: %s is a sentence describing the rules. */
  fprintf (out, _ ("Rules: %s\n"), rules);
  if (c->n_positions > 0)
    fprintf (out,
             c->random_order
                 ? _ ("Positions: %u from %s, shuffled, from number %u, "
                      "seed %u\n")
                 : _ ("Positions: %u from %s, in order from number %u, "
                      "seed %u\n"),
             c->n_positions, c->positions_label ? c->positions_label : "-",
             c->start_position + 1, c->seed);
  else if (c->random_count > 0)
    fprintf (out,
             _ ("Positions: %u random heaps of 1 to %u matches, seed "
                "%u\n"),
             c->random_count, c->random_max, c->seed);
  else
    {
      g_autofree char *heaps = nim_board_to_string (&c->start);

      /* TRANSLATORS: %s is the heaps, such as 3,4,5. */
      fprintf (out, _ ("Position: %s, seed %u\n"), heaps, c->seed);
    }
}

/* Who won: each player's score, the pairs, the Elo estimate. */
static void
print_score (const NimMatchConfig *c, const NimMatchSummary *s, FILE *out)
{
  g_autofree char *elo = describe_elo (s->elo.elo, TRUE);
  g_autofree char *margin = describe_elo (s->elo.margin, FALSE);
  gsize width;
  guint i;

  /* The specs padded to the wider of the two, in columns: a long spec
     such as negamax:nodes=50000,tt=1M must not push its line's numbers
     out of line with the other's. */
  width = MAX (nim_text_width (c->specs[0]), nim_text_width (c->specs[1]));
  for (i = 0; i < 2; i++)
    {
      g_autoptr (GString) spec = g_string_new (NULL);

      nim_string_append_padded (spec, c->specs[i], width, TRUE);
      if (s->finished == 0)
        /* No game, no score: the JSON's "score" is null. */
        fprintf (out,
                 /* TRANSLATORS: a player's line of the summary when no
                    game finished, as the one with a score; %6s is "n/a"
                    translated. */
                 _ ("Player %u %-28s %7llu wins %7llu losses  score %6s\n"),
                 i + 1, spec->str, (unsigned long long) s->players[i].wins,
                 (unsigned long long) (s->finished - s->players[i].wins),
                 _ ("n/a"));
      else
        /* TRANSLATORS: a player's line of the summary: its number, its
           spec (28 columns), wins, losses and score; keep the widths so
           that the columns line up. */
        fprintf (
            out,
            _ ("Player %u %-28s %7llu wins %7llu losses  score "
               "%5.1f%%\n"),
            i + 1, spec->str, (unsigned long long) s->players[i].wins,
            (unsigned long long) (s->finished - s->players[i].wins),
            100.0 * ratio ((double) s->players[i].wins, (double) s->finished));
    }
  fprintf (out,
           _ ("Pairs for player 1: %llu won 2-0, %llu split 1-1, %llu "
              "lost 0-2\n"),
           (unsigned long long) s->pair_counts[0],
           (unsigned long long) s->pair_counts[1],
           (unsigned long long) s->pair_counts[2]);
  if (s->elo.pairs == 0)
    /* Nothing to estimate from, so the JSON's "elo", "elo_margin" and
       "los" are null; the estimate's LOS of 50% would read as a coin
       toss measured. */
    fputs (_ ("Elo difference: n/a, LOS n/a, no finished pair\n"), out);
  else if (isinf (s->elo.elo))
    /* One side won every pair 2-0: the estimate has no finite value
       (the JSON's "elo" is null and "won_every_pair" says who); "+inf"
       would read as a number measured. */
    fprintf (out,
             g_dngettext (GETTEXT_PACKAGE,
                          /* TRANSLATORS: LOS is the likelihood of
                             superiority. */
                          "Elo difference: unbounded, player %u won the "
                          "%llu pair 2-0; LOS %.1f%%\n",
                          "Elo difference: unbounded, player %u won every "
                          "one of %llu pairs 2-0; LOS %.1f%%\n",
                          (gulong) s->elo.pairs),
             s->elo.elo > 0 ? 1u : 2u, (unsigned long long) s->elo.pairs,
             100.0 * s->elo.los);
  else if (s->elo.margin == 0)
    /* Every pair scored the same (all split 1-1, say): their spread is 0,
       which is no margin of 0 but no measure of one yet. */
    fprintf (out,
             g_dngettext (GETTEXT_PACKAGE,
                          /* TRANSLATORS: LOS is the likelihood of
                             superiority. */
                          "Elo difference: %s, no margin yet: %llu pair has "
                          "no spread to measure one by; LOS %.1f%%\n",
                          "Elo difference: %s, no margin yet: all %llu pairs "
                          "scored the same, so their spread says nothing; "
                          "LOS %.1f%%\n",
                          (gulong) s->elo.pairs),
             elo, (unsigned long long) s->elo.pairs, 100.0 * s->elo.los);
  else
    /* TRANSLATORS: LOS is the likelihood of superiority. */
    fprintf (out,
             g_dngettext (GETTEXT_PACKAGE,
                          "Elo difference: %s +/- %s (95%%), LOS %.1f%%, "
                          "from %llu pair\n",
                          "Elo difference: %s +/- %s (95%%), LOS %.1f%%, "
                          "from %llu pairs\n",
                          (gulong) s->elo.pairs),
             elo, margin, 100.0 * s->elo.los,
             (unsigned long long) s->elo.pairs);
}

/* The sequential test: its hypotheses, the LLR between its bounds and
   what it decided. */
static void
print_sprt (const NimMatchConfig *c, const NimMatchSummary *s, FILE *out)
{
  double lower, upper;

  if (!c->sprt_enabled)
    return;
  nim_sprt_bounds (&c->sprt, &lower, &upper);
  /* TRANSLATORS: the sequential test's line of the summary: the Elo of
     H0 and H1, alpha, beta, the model (logistic or normalized, not
     translated), then the log-likelihood ratio and where it stands
     against its bounds (the next three messages). */
  fprintf (out, _ ("SPRT: elo0 %g, elo1 %g, alpha %g, beta %g, %s: LLR %.2f"),
           c->sprt.elo0, c->sprt.elo1, c->sprt.alpha, c->sprt.beta,
           nim_sprt_model_name (c->sprt.model), s->llr + 0.0);
  if (s->decision == NIM_SPRT_H1)
    /* TRANSLATORS: after "LLR 3.03"; the blank in front is kept. */
    fprintf (out, _ (", crossed the upper bound %.2f: H1 accepted\n"), upper);
  else if (s->decision == NIM_SPRT_H0)
    fprintf (out, _ (", crossed the lower bound %.2f: H0 accepted\n"), lower);
  else
    fprintf (out, _ (", between its bounds %.2f and %.2f\n"), lower, upper);
  if (s->decision == NIM_SPRT_H1)
    fprintf (out,
             _ ("SPRT decision: H1 accepted, player 1 is stronger by at "
                "least %g Elo\n"),
             c->sprt.elo1);
  else if (s->decision == NIM_SPRT_H0)
    fprintf (out,
             _ ("SPRT decision: H0 accepted, player 1 is stronger by at "
                "most %g Elo\n"),
             c->sprt.elo0);
  else
    fputs (_ ("SPRT decision: none yet, the LLR is between its bounds\n"),
           out);
}

/* How they played: moves, nodes, time, wins kept; then the wall time. */
static void
print_play (const NimMatchConfig *c, const NimMatchSummary *s, FILE *out)
{
  guint i;

  /* TRANSLATORS: the column headings of the summary's table, right
     aligned in 10, 12, 10, 14 and 18 columns. */
  fprintf (out, "%-9s %10s %12s %10s %14s %18s\n", "", _ ("moves"),
           _ ("nodes/move"), _ ("ms/move"), _ ("won positions"),
           _ ("kept the win"));
  for (i = 0; i < 2; i++)
    {
      const NimMatchTally *t = &s->players[i];
      g_autofree char *kept = g_strdup_printf (
          "%llu (%.1f%%)", (unsigned long long) t->kept,
          100.0 * ratio ((double) t->kept, (double) t->won_positions));

      /* TRANSLATORS: a row of the summary's table; "Player %u" and the
         blanks after it take 9 columns, keep the widths of the numbers. */
      fprintf (out, _ ("Player %u  %10llu %12.1f %10.3f %14llu %18s\n"), i + 1,
               (unsigned long long) t->moves,
               ratio ((double) t->nodes, (double) t->moves),
               1000.0 * ratio (t->seconds, (double) t->moves),
               (unsigned long long) t->won_positions,
               t->won_positions > 0 ? kept : "-");
    }
  for (i = 0; i < 2; i++)
    {
      g_autoptr (GString) kinds = g_string_new (NULL);
      guint k;

      /* The games a player lost by failing, by how: "2 time, 1 illegal"
         (the kinds stay English: they are the records' words). */
      for (k = NIM_END_NORMAL + 1; k < NIM_END_N; k++)
        if (s->players[i].forfeits[k] > 0)
          g_string_append_printf (
              kinds, "%s%llu %s", kinds->len ? ", " : "",
              (unsigned long long) s->players[i].forfeits[k],
              nim_end_to_string ((NimEnd) k));
      if (kinds->len > 0)
        fprintf (out, _ ("Player %u lost by failing: %s\n"), i + 1,
                 kinds->str);
    }
  if (s->players[0].unchecked + s->players[1].unchecked > 0)
    fprintf (out, _ ("Moves the solver could not judge: %llu and %llu\n"),
             (unsigned long long) s->players[0].unchecked,
             (unsigned long long) s->players[1].unchecked);
  /* TRANSLATORS: s is seconds; then the number of jobs (--jobs). */
  fprintf (out,
           g_dngettext (GETTEXT_PACKAGE, "Wall time: %.2f s, %u job\n",
                        "Wall time: %.2f s, %u jobs\n", c->jobs),
           s->seconds, c->jobs);
}

/* The summary of the run, over, for people. */
static void
print_summary (const NimMatchConfig *config, const NimMatchSummary *summary,
               FILE *out)
{
  print_setup (config, summary, out);
  print_score (config, summary, out);
  print_sprt (config, summary, out);
  print_play (config, summary, out);
}

/* ------------------------------------------------------------------------ */
/* The summary as JSON */

static void
add_int (JsonBuilder *b, const char *name, gint64 v)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, v);
}

static void
add_double_or_null (JsonBuilder *b, const char *name, double v)
{
  json_builder_set_member_name (b, name);
  if (isfinite (v))
    json_builder_add_double_value (b, v);
  else
    json_builder_add_null_value (b);
}

/* What was played: rules, heaps or how they were drawn, seed. */
static void
add_setup (JsonBuilder *b, const NimMatchConfig *c)
{
  json_builder_set_member_name (b, "rules");
  json_builder_add_value (b, nim_record_rules (&c->rules));
  if (c->n_positions > 0)
    {
      json_builder_set_member_name (b, "positions");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, c->positions_label ? c->positions_label
                                                           : "");
      add_int (b, "count", c->n_positions);
      json_builder_set_member_name (b, "order");
      json_builder_add_string_value (b, c->random_order ? "random"
                                                        : "sequential");
      add_int (b, "start", c->start_position + 1);
      json_builder_end_object (b);
    }
  else if (c->random_count > 0)
    {
      json_builder_set_member_name (b, "random_heaps");
      json_builder_begin_object (b);
      add_int (b, "count", c->random_count);
      add_int (b, "max", c->random_max);
      json_builder_end_object (b);
    }
  else
    {
      json_builder_set_member_name (b, "heaps");
      json_builder_add_value (b, nim_record_heaps (&c->start));
    }
  add_int (b, "seed", c->seed);
}

/* One player's object of "players". */
static void
add_player (JsonBuilder *b, const char *spec, const NimMatchTally *t,
            guint64 finished)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "spec");
  json_builder_add_string_value (b, spec);
  add_int (b, "wins", (gint64) t->wins);
  add_int (b, "losses", (gint64) (finished - t->wins));
  add_double_or_null (
      b, "score", finished > 0 ? (double) t->wins / (double) finished : NAN);
  add_int (b, "moves", (gint64) t->moves);
  add_int (b, "nodes", (gint64) t->nodes);
  add_double_or_null (b, "nodes_per_move",
                      ratio ((double) t->nodes, (double) t->moves));
  add_double_or_null (b, "seconds_per_move",
                      ratio (t->seconds, (double) t->moves));
  add_int (b, "won_positions", (gint64) t->won_positions);
  add_int (b, "kept_win", (gint64) t->kept);
  add_int (b, "unchecked", (gint64) t->unchecked);
  /* The games lost by failing, by how ("normal" is left out). */
  json_builder_set_member_name (b, "forfeits");
  json_builder_begin_object (b);
  {
    guint k;

    for (k = NIM_END_NORMAL + 1; k < NIM_END_N; k++)
      add_int (b, nim_end_to_string ((NimEnd) k), (gint64) t->forfeits[k]);
  }
  json_builder_end_object (b);
  json_builder_end_object (b);
}

/* The pairs and the Elo estimate made from them. */
static void
add_pairs (JsonBuilder *b, const NimMatchSummary *s)
{
  json_builder_set_member_name (b, "pairs");
  json_builder_begin_object (b);
  add_int (b, "2-0", (gint64) s->pair_counts[0]);
  add_int (b, "1-1", (gint64) s->pair_counts[1]);
  add_int (b, "0-2", (gint64) s->pair_counts[2]);
  json_builder_end_object (b);
  add_double_or_null (b, "elo", s->elo.elo + 0.0); /* no -0.0 */
  add_double_or_null (b, "elo_margin", s->elo.margin);
  add_double_or_null (b, "los", s->elo.pairs > 0 ? s->elo.los : NAN);
  /* Why "elo" is null when pairs were played: one player won them all. */
  json_builder_set_member_name (b, "won_every_pair");
  if (s->elo.pairs > 0 && isinf (s->elo.elo))
    json_builder_add_int_value (b, s->elo.elo > 0 ? 1 : 2);
  else
    json_builder_add_null_value (b);
}

/* "sprt": the test, the LLR, its bounds and the decision (null for
   none yet); the pair counts are those of "pairs". */
static void
add_sprt (JsonBuilder *b, const NimMatchConfig *c, const NimMatchSummary *s)
{
  double lower, upper;

  json_builder_set_member_name (b, "sprt");
  if (!c->sprt_enabled)
    {
      json_builder_add_null_value (b);
      return;
    }
  nim_sprt_bounds (&c->sprt, &lower, &upper);
  json_builder_begin_object (b);
  add_double_or_null (b, "elo0", c->sprt.elo0);
  add_double_or_null (b, "elo1", c->sprt.elo1);
  add_double_or_null (b, "alpha", c->sprt.alpha);
  add_double_or_null (b, "beta", c->sprt.beta);
  json_builder_set_member_name (b, "model");
  json_builder_add_string_value (b, nim_sprt_model_name (c->sprt.model));
  add_double_or_null (b, "llr", s->llr + 0.0);
  add_double_or_null (b, "lower", lower);
  add_double_or_null (b, "upper", upper);
  json_builder_set_member_name (b, "decision");
  if (s->decision == NIM_SPRT_NONE)
    json_builder_add_null_value (b);
  else
    json_builder_add_string_value (b, nim_sprt_decision_name (s->decision));
  json_builder_set_member_name (b, "pairs");
  json_builder_begin_array (b);
  json_builder_add_int_value (b, (gint64) s->pair_counts[0]);
  json_builder_add_int_value (b, (gint64) s->pair_counts[1]);
  json_builder_add_int_value (b, (gint64) s->pair_counts[2]);
  json_builder_end_array (b);
  json_builder_end_object (b);
}

/* The summary of the run, over, as one object; see nim(1). */
static JsonNode *
summary_to_json (const NimMatchConfig *config, const NimMatchSummary *summary)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint i;

  json_builder_begin_object (b);
  add_int (b, "games", (gint64) summary->finished);
  add_int (b, "games_requested", (gint64) config->games);
  json_builder_set_member_name (b, "interrupted");
  json_builder_add_boolean_value (b, summary->interrupted);
  add_setup (b, config);
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (i = 0; i < 2; i++)
    add_player (b, config->specs[i], &summary->players[i], summary->finished);
  json_builder_end_array (b);
  add_pairs (b, summary);
  add_sprt (b, config, summary);
  add_int (b, "jobs", config->jobs);
  json_builder_set_member_name (b, "seconds");
  json_builder_add_double_value (b, summary->seconds);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* ------------------------------------------------------------------------ */
/* Per position (--per-position) */

/* Position @i of the summary's per_position, as the suite writes it. */
static char *
position_text (const NimMatchConfig *c, guint i)
{
  if (c->n_positions == 0)
    return nim_board_to_string (&c->start);
  return nim_notation_position (&c->positions[i],
                                c->first_movers ? c->first_movers[i] : 1);
}

/* The table of each position's pairs and blunders, for people. */
static void
print_per_position (const NimMatchConfig *config,
                    const NimMatchSummary *summary, FILE *out)
{
  gsize width = 8;
  guint i;

  for (i = 0; i < summary->n_per_position; i++)
    {
      g_autofree char *text = position_text (config, i);

      width = MAX (width, nim_text_width (text));
    }
  /* TRANSLATORS: the heading of the --per-position table. */
  fputs (_ ("Per position: the pairs for player 1, and the blunders (moves "
            "that gave a won position away) of each player:\n"),
         out);
  fprintf (out, "%-*s %7s %7s %7s %12s %12s\n", (int) width, "", "2-0", "1-1",
           "0-2", _ ("blunders 1"), _ ("blunders 2"));
  for (i = 0; i < summary->n_per_position; i++)
    {
      const NimMatchPositionTally *p = &summary->per_position[i];
      g_autofree char *text = position_text (config, i);
      g_autoptr (GString) padded = g_string_new (NULL);

      nim_string_append_padded (padded, text, width, TRUE);
      fprintf (out, "%s %7llu %7llu %7llu %12llu %12llu\n", padded->str,
               (unsigned long long) p->pair_counts[0],
               (unsigned long long) p->pair_counts[1],
               (unsigned long long) p->pair_counts[2],
               (unsigned long long) p->blunders[0],
               (unsigned long long) p->blunders[1]);
    }
}

/* Adds "per_position" to @summary_json (summary_to_json ()): for each
   position, {"position", "2-0", "1-1", "0-2", "blunders": [player 1's,
   player 2's]}. */
static void
add_per_position (JsonNode *summary_json, const NimMatchConfig *config,
                  const NimMatchSummary *summary)
{
  JsonArray *rows = json_array_new ();
  guint i;

  for (i = 0; i < summary->n_per_position; i++)
    {
      const NimMatchPositionTally *p = &summary->per_position[i];
      JsonObject *row = json_object_new ();
      JsonArray *blunders = json_array_new ();
      g_autofree char *text = position_text (config, i);

      json_object_set_string_member (row, "position", text);
      json_object_set_int_member (row, "2-0", (gint64) p->pair_counts[0]);
      json_object_set_int_member (row, "1-1", (gint64) p->pair_counts[1]);
      json_object_set_int_member (row, "0-2", (gint64) p->pair_counts[2]);
      json_array_add_int_element (blunders, (gint64) p->blunders[0]);
      json_array_add_int_element (blunders, (gint64) p->blunders[1]);
      json_object_set_array_member (row, "blunders", blunders);
      json_array_add_object_element (rows, row);
    }
  json_object_set_array_member (json_node_get_object (summary_json),
                                "per_position", rows);
}

static void
summary_write_text (gconstpointer data, FILE *out)
{
  const NimMatchReportSummary *s = data;

  print_summary (s->config, s->summary, out);
  if (s->per_position)
    print_per_position (s->config, s->summary, out);
}

static void
summary_write_json (gconstpointer data, FILE *out)
{
  const NimMatchReportSummary *s = data;
  JsonNode *json = summary_to_json (s->config, s->summary);

  if (s->per_position)
    add_per_position (json, s->config, s->summary);
  nim_record_print (json, out);
}

/**
 * nim_match_report_writer:
 *
 * The summary of a run, a #NimMatchReportSummary, as text or JSON.
 */
const NimWriter nim_match_report_writer
    = { summary_write_text, summary_write_json };
