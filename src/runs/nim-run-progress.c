/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run-progress.c -- the status line of a comparison run, rewritten
 * in place on a terminal, and the notices that break into it
 *
 * A run tells its progress about four times a second
 * (#NimMatchCallbacks.progress): the games done of those to play, player
 * 1's score, the Elo estimate, the LLR, the speed and the time left; in
 * a tournament the pairing and the whole tournament's games.  The line
 * is drawn once the run has lasted a second, so that a short run shows
 * none, and every notice on the same stream (a results file waited for,
 * a Ctrl-C) blanks it first.  The time is what the caller says, the
 * run's clock (nim_match_set_clock()), never read here: what is drawn
 * follows from the calls alone. */

#include "config.h"

#include "nim-run-progress.h"

#include "nim-i18n.h"
#include "nim-run-summary.h"
#include "nim-text.h"

struct _NimRunProgress
{
  FILE *out;
  gboolean draw;         /* draw the line (a terminal, not --quiet) */
  gboolean shown;        /* ... and it was drawn */
  gsize width;           /* the widest line drawn */
  NimMatchConfig config; /* the run; its specs outlive the progress */
  guint64 resumed;       /* games counted before the run began */
  NimRunPairing pairing; /* @pairing.pairing 0 outside a tournament */
  /* The jobs hand in their games at once, and a notice may come from
     any of them while the line is drawn from the run's thread. */
  GMutex lock;
};

/**
 * nim_run_progress_new:
 * @out: where the line and the notices go (standard error)
 * @draw: whether to draw the line (the caller says: @out is a terminal,
 *   and --quiet was not given); notices are written either way
 *
 * Returns: (transfer full): a progress line, of a run of nothing yet
 *   (nim_run_progress_set_run())
 */
NimRunProgress *
nim_run_progress_new (FILE *out, gboolean draw)
{
  NimRunProgress *p = g_new0 (NimRunProgress, 1);

  p->out = out;
  p->draw = draw;
  g_mutex_init (&p->lock);
  return p;
}

/**
 * nim_run_progress_free:
 * @progress: (nullable): a progress line
 */
void
nim_run_progress_free (NimRunProgress *progress)
{
  if (progress != NULL)
    g_mutex_clear (&progress->lock);
  g_free (progress);
}

/**
 * nim_run_progress_set_run:
 * @progress: a progress line
 * @config: the run; its specs must outlive @progress
 * @resumed: how many of its games were counted before it began
 *   (--resume): done, but not played, so the speed leaves them out
 */
void
nim_run_progress_set_run (NimRunProgress *progress,
                          const NimMatchConfig *config, guint64 resumed)
{
  progress->config = *config;
  progress->resumed = resumed;
}

/**
 * nim_run_progress_set_pairing:
 * @progress: a progress line
 * @pairing: where the run stands in its tournament
 *
 * Makes the line speak of the tournament: the pairing, its score, and
 * the games, speed and time left of the whole tournament, not of the
 * one pairing.
 */
void
nim_run_progress_set_pairing (NimRunProgress *progress,
                              const NimRunPairing *pairing)
{
  progress->pairing = *pairing;
}

/* Player 1's share of the finished games of @s, in percent. */
static double
score (const NimMatchSummary *s)
{
  return s->finished > 0
             ? 100.0 * (double) s->players[0].wins / (double) s->finished
             : 0;
}

/* Ends a line with the time the @left games still to play take at @rate
   games a second, when that is known. */
static void
append_time_left (GString *line, guint64 left, double rate)
{
  if (rate > 0 && left > 0)
    /* TRANSLATORS: the end of the progress line; s is seconds. */
    g_string_append_printf (line, _ (", about %.0f s left"),
                            (double) left / rate);
}

/* The line of a run of two: games done of those to play, player 1's
   score, the Elo estimate, the LLR when the SPRT is on, games a second,
   time left. */
static void
append_run (GString *line, const NimRunProgress *p, const NimMatchSummary *s,
            double elapsed)
{
  g_autofree char *elo = nim_run_summary_elo_text (s->elo.elo, TRUE);
  g_autofree char *margin = nim_run_summary_elo_text (s->elo.margin, FALSE);
  guint64 total = nim_match_config_games_to_play (&p->config);
  guint64 played = s->finished - p->resumed;
  double rate = elapsed > 0 ? (double) played / elapsed : 0;

  /* TRANSLATORS: the progress line of a comparison run, rewritten in
     place: games done of all, player 1's score, the Elo difference and
     its margin, games a second. */
  g_string_append_printf (line,
                          _ ("%llu/%llu games, player 1 %.1f%%, Elo %s +/- "
                             "%s, %.1f games/s"),
                          (unsigned long long) s->finished,
                          (unsigned long long) total, score (s), elo, margin,
                          rate);
  if (p->config.sprt_enabled)
    g_string_append_printf (line, ", LLR %.2f", s->llr + 0.0);
  append_time_left (line, total > s->finished ? total - s->finished : 0, rate);
}

/* The line of a tournament's pairing: which pairing, its score, then the
   games, speed and time left of the whole tournament. */
static void
append_pairing (GString *line, const NimRunProgress *p,
                const NimMatchSummary *s, double elapsed)
{
  const NimRunPairing *t = &p->pairing;
  guint64 done = t->games_before + s->finished;
  guint64 played = done - t->resumed_before - p->resumed;
  double seconds = t->seconds_before + elapsed;
  double rate = seconds > 0 ? (double) played / seconds : 0;

  /* TRANSLATORS: the progress line of a tournament, rewritten in place:
     the pairing playing now of all pairings, its two players, its games
     so far and its first player's score; then the games of the whole
     tournament done of all, and games a second. */
  g_string_append_printf (
      line,
      _ ("pairing %u/%u, %s against %s: %llu games, %s %.1f%%; "
         "in all %llu/%llu games, %.1f games/s"),
      t->pairing, t->n_pairings, p->config.specs[0], p->config.specs[1],
      (unsigned long long) s->finished, p->config.specs[0], score (s),
      (unsigned long long) done, (unsigned long long) t->games_total, rate);
  append_time_left (line, t->games_total > done ? t->games_total - done : 0,
                    rate);
}

/**
 * nim_run_progress_update:
 * @progress: a progress line
 * @summary: the run's counts so far
 * @seconds: the time since the run began
 *
 * Draws the line over the one drawn before, once the run (a tournament:
 * with its earlier pairings) has lasted more than a second.
 */
void
nim_run_progress_update (NimRunProgress *progress,
                         const NimMatchSummary *summary, double seconds)
{
  g_autoptr (GMutexLocker) locker = NULL;
  g_autoptr (GString) line = NULL;
  gsize width;

  if (!progress->draw || progress->pairing.seconds_before + seconds <= 1.0)
    return;
  line = g_string_new (NULL);
  if (progress->pairing.pairing > 0)
    append_pairing (line, progress, summary, seconds);
  else
    append_run (line, progress, summary, seconds);
  width = nim_text_width (line->str);
  locker = g_mutex_locker_new (&progress->lock);
  /* Back to the start of the line; blanks over what a longer line left. */
  fprintf (progress->out, "\r%s%*s", line->str,
           (int) (progress->width > width ? progress->width - width : 0), "");
  progress->width = MAX (progress->width, width);
  progress->shown = TRUE;
}

/* Leaves the line blank, with the lock held. */
static void
clear (const NimRunProgress *p)
{
  if (p->shown)
    fprintf (p->out, "\r%*s\r", (int) MAX (p->width, 79), "");
}

/**
 * nim_run_progress_clear:
 * @progress: a progress line
 *
 * Blanks the line, if one was drawn, for what follows.
 */
void
nim_run_progress_clear (NimRunProgress *progress)
{
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&progress->lock);

  clear (progress);
}

/**
 * nim_run_progress_notice:
 * @progress: (nullable): a progress line, or %NULL for none
 * @text: a notice, its newline included
 *
 * Writes @text where the line is drawn (standard error without one),
 * the line blanked first, so that the two do not run into each other.
 */
void
nim_run_progress_notice (NimRunProgress *progress, const char *text)
{
  g_autoptr (GMutexLocker) locker = NULL;

  if (progress == NULL)
    {
      fputs (text, stderr);
      return;
    }
  locker = g_mutex_locker_new (&progress->lock);
  clear (progress);
  fputs (text, progress->out);
}
