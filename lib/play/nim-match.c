/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-match.c -- comparison runs: many games between two players
 *
 * Like a chess tournament manager (cutechess-cli, fastchess): every
 * starting position is played twice, once with each player first, so the
 * draw of positions favours neither; the Elo estimate is made from the
 * pairs, whose two games are not independent.  Game i is a pure function
 * of the seed and i: its position, its first player and its players'
 * random numbers are derived from them, and each job's players are
 * started afresh (tables emptied) before every game.  So the summary is
 * the same whatever --jobs is, but for the times.
 *
 * Each move is judged by an exact solver: the closed-form strategy where
 * the rules have one, else negamax with a node budget. */

#include "config.h"

#include "nim-match.h"

#include "nim-game.h"
#include "nim-i18n.h"
#include "nim-record.h"
#include "nim-tt.h"
#include "nim-util.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

/* The exact solvers, in order of preference: the first that plays the
   game's rules and position judges its moves. */
static const char *const oracle_specs[] = {
  "xor",
  "grundy",
  "negamax:time=0,nodes=20000000,tt=16M",
};

/* One job's players: its own, so jobs share nothing while a game lasts. */
typedef struct
{
  NimPlayer *players[2];
  NimPlayer *oracles[G_N_ELEMENTS (oracle_specs)];
} Slot;

/* What one player did in the games so far. */
typedef struct
{
  guint64 wins;
  guint64 moves;
  guint64 nodes;
  double seconds;
  guint64 won_positions; /* moves made in a won position */
  guint64 kept;          /* ... that left the opponent a lost one */
  guint64 unchecked;     /* moves the solver could not judge */
} Tally;

/* Pair state bits: game 0 (player 1 first) and game 1 finished, won by
   player 1. */
enum
{
  PAIR_DONE0 = 1 << 0,
  PAIR_WON0 = 1 << 1,
  PAIR_DONE1 = 1 << 2,
  PAIR_WON1 = 1 << 3,
};

struct _NimMatch
{
  NimMatchConfig config;
  char *specs[2];
  char *results_path;
  FILE *results;
  Slot *slots;

  GMutex lock;
  GCond changed;
  guint64 next;          /* the next game to start */
  guint runners_done;
  gboolean stop;
  GError *error;         /* the first failure of any job */
  guint64 finished;
  Tally tally[2];
  GHashTable *open_pairs; /* pair number -> PAIR_ state, for the pairs
                             with one game finished: jobs take games in
                             order, so it holds about one pair a job */
  guint64 pair_counts[3]; /* 2-0, 1-1, 0-2 for player 1 */
  gboolean interrupted;
  double seconds;
};

/* ------------------------------------------------------------------------ */
/* Setting up */

/* The starting position of pair @pair. */
static void
pair_position (const NimMatch *m, guint64 pair, NimBoard *board)
{
  guint32 heaps[NIM_MAX_HEAPS];
  guint32 seeds[3] = { m->config.seed, (guint32) pair,
                       (guint32) (pair >> 32) };
  g_autoptr (GRand) rand = NULL;
  guint i;

  if (m->config.random_count == 0)
    {
      *board = m->config.start;
      return;
    }
  rand = g_rand_new_with_seed_array (seeds, G_N_ELEMENTS (seeds));
  for (i = 0; i < m->config.random_count; i++)
    heaps[i] = (guint32) g_rand_int_range (rand, 1,
                                           (gint32) m->config.random_max + 1);
  nim_board_init (board, heaps, m->config.random_count);
}

static void
slot_clear (Slot *slot)
{
  guint i;

  for (i = 0; i < 2; i++)
    g_clear_pointer (&slot->players[i], nim_player_free);
  for (i = 0; i < G_N_ELEMENTS (slot->oracles); i++)
    g_clear_pointer (&slot->oracles[i], nim_player_free);
}

/* Starts the players of @slot for @board; returns the solver that judges
   the game. */
static gboolean
slot_start (Slot *slot, const NimMatch *m, const NimBoard *board,
            guint64 game, NimPlayer **oracle, GError **error)
{
  guint i;

  for (i = 0; i < 2; i++)
    {
      nim_player_set_seed (slot->players[i],
                           (guint32) nim_tt_mix (((guint64) m->config.seed << 32)
                                          ^ (game * 2 + i)));
      if (!nim_player_start (slot->players[i], &m->config.rules, board,
                             error))
        return FALSE;
    }
  for (i = 0; i < G_N_ELEMENTS (slot->oracles); i++)
    if (nim_player_start (slot->oracles[i], &m->config.rules, board, NULL))
      {
        *oracle = slot->oracles[i];
        return TRUE;
      }
  g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
               _("no exact solver plays these rules"));
  return FALSE;
}

/**
 * nim_match_new:
 * @config: what to play
 * @error: return location for an error: a bad player spec or one that
 *   cannot play the rules (#NIM_ERROR_USAGE, #NIM_ERROR_UNSUPPORTED), a
 *   results file that cannot be opened (#NIM_ERROR_FAILED)
 *
 * Makes each job's players and opens the results file, so that every
 * mistake shows before the first game.
 *
 * Returns: (transfer full) (nullable): a run ready for nim_match_run()
 */
NimMatch *
nim_match_new (const NimMatchConfig *config, GError **error)
{
  g_autoptr (NimMatch) m = g_new0 (NimMatch, 1);
  NimBoard first;
  guint j, i;

  g_return_val_if_fail (config->games >= 2 && config->games % 2 == 0, NULL);
  g_return_val_if_fail (config->jobs >= 1, NULL);

  if ((config->random_count > 0
       && (guint64) config->random_count * config->random_max
              > NIM_MATCH_MAX_MATCHES)
      || (config->random_count == 0
          && config->start.total > NIM_MATCH_MAX_MATCHES))
    {
      guint64 total = config->random_count > 0
                          ? (guint64) config->random_count
                                * config->random_max
                          : config->start.total;

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _("--games plays every game to its end, which can take "
                     "a move a match: a position may hold at most %u "
                     "matches, and these may hold %llu; give smaller "
                     "--heaps or --random-heaps COUNT:MAX"),
                   NIM_MATCH_MAX_MATCHES, (unsigned long long) total);
      return NULL;
    }

  m->config = *config;
  g_mutex_init (&m->lock);
  g_cond_init (&m->changed);
  for (i = 0; i < 2; i++)
    m->specs[i] = g_strdup (config->specs[i]);
  m->results_path = g_strdup (config->results);
  m->config.specs[0] = m->specs[0];
  m->config.specs[1] = m->specs[1];
  m->config.results = m->results_path;
  m->open_pairs = g_hash_table_new_full (g_int64_hash, g_int64_equal,
                                         g_free, NULL);
  m->slots = g_new0 (Slot, config->jobs);

  for (j = 0; j < config->jobs; j++)
    {
      Slot *slot = &m->slots[j];

      for (i = 0; i < 2; i++)
        {
          slot->players[i] = nim_player_new (m->specs[i], error);
          if (slot->players[i] == NULL)
            {
              g_prefix_error (error, "--player%u: ", i + 1);
              return NULL;
            }
          if (nim_player_is_interactive (slot->players[i]))
            {
              g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                           _("--games plays computer against computer; "
                             "player %1$u is %2$s: give another with "
                             "--player%1$u, such as --player%1$u negamax"),
                           i + 1, m->specs[i]);
              return NULL;
            }
          nim_player_set_number (slot->players[i], i + 1);
        }
      for (i = 0; i < G_N_ELEMENTS (oracle_specs); i++)
        slot->oracles[i] = nim_player_new (oracle_specs[i], NULL);
    }

  /* The first position shows whether the players play these rules. */
  pair_position (m, 0, &first);
  {
    NimPlayer *oracle;

    if (!slot_start (&m->slots[0], m, &first, 0, &oracle, error))
      return NULL;
  }

  if (m->results_path != NULL)
    {
      m->results = fopen (m->results_path, "a");
      if (m->results == NULL)
        {
          int saved = errno;

          g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                       _("cannot open the results file %s: %s"),
                       m->results_path, g_strerror (saved));
          return NULL;
        }
    }
  return g_steal_pointer (&m);
}

/**
 * nim_match_free:
 * @match: (nullable): a run
 */
void
nim_match_free (NimMatch *match)
{
  guint j;

  if (match == NULL)
    return;
  if (match->slots != NULL)
    for (j = 0; j < match->config.jobs; j++)
      slot_clear (&match->slots[j]);
  g_free (match->slots);
  if (match->results != NULL)
    fclose (match->results);
  g_clear_error (&match->error);
  if (match->open_pairs != NULL)
    g_hash_table_unref (match->open_pairs);
  g_free (match->specs[0]);
  g_free (match->specs[1]);
  g_free (match->results_path);
  g_mutex_clear (&match->lock);
  g_cond_clear (&match->changed);
  g_free (match);
}

/* ------------------------------------------------------------------------ */
/* Playing */

/* What the solver says of a position: 1 won, -1 lost, 0 unknown. */
static int
judge (NimPlayer *oracle, const NimBoard *board)
{
  int value;

  return nim_player_evaluate (oracle, board, &value, NULL, NULL) ? value : 0;
}

/* Counts a finished game; called with the lock held. */
static void
count_game (NimMatch *m, guint64 game, guint winner, const Tally t[2])
{
  gint64 pair = (gint64) (game / 2);
  guint state, i;

  m->finished++;
  for (i = 0; i < 2; i++)
    {
      m->tally[i].wins += t[i].wins;
      m->tally[i].moves += t[i].moves;
      m->tally[i].nodes += t[i].nodes;
      m->tally[i].seconds += t[i].seconds;
      m->tally[i].won_positions += t[i].won_positions;
      m->tally[i].kept += t[i].kept;
      m->tally[i].unchecked += t[i].unchecked;
    }
  state = GPOINTER_TO_UINT (g_hash_table_lookup (m->open_pairs, &pair));
  if (game % 2 == 0)
    state |= PAIR_DONE0 | (winner == 1 ? PAIR_WON0 : 0);
  else
    state |= PAIR_DONE1 | (winner == 1 ? PAIR_WON1 : 0);
  if ((state & (PAIR_DONE0 | PAIR_DONE1)) == (PAIR_DONE0 | PAIR_DONE1))
    {
      m->pair_counts[2 - !!(state & PAIR_WON0) - !!(state & PAIR_WON1)]++;
      g_hash_table_remove (m->open_pairs, &pair);
    }
  else
    g_hash_table_insert (m->open_pairs, g_memdup2 (&pair, sizeof pair),
                         GUINT_TO_POINTER (state));
}

/* Appends the game's line to the results file; called with the lock
   held, so lines never interleave. */
static gboolean
write_result (NimMatch *m, JsonNode *record, GError **error)
{
  g_autofree char *text = nim_record_to_string (record, FALSE);

  if (fprintf (m->results, "%s\n", text) < 0 || fflush (m->results) != 0)
    {
      int saved = errno;

      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _("cannot write to the results file %s: %s"),
                   m->results_path, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

static gboolean
play_game (NimMatch *m, Slot *slot, guint64 index, GError **error)
{
  g_autoptr (NimGame) game = NULL;
  g_autoptr (JsonNode) record = NULL;
  JsonArray *moves = NULL;
  NimPlayer *oracle = NULL;
  NimBoard start;
  Tally t[2] = { { 0 } };
  guint winner, i;
  int value;

  pair_position (m, index / 2, &start);
  if (!slot_start (slot, m, &start, index, &oracle, error))
    return FALSE;
  game = nim_game_new (&m->config.rules, &start, slot->players[0],
                       slot->players[1], index % 2 == 0 ? 1 : 2);
  if (!nim_game_play (game, error))
    return FALSE;
  winner = nim_game_get_winner (game);
  t[winner - 1].wins = 1;

  if (m->results != NULL)
    {
      JsonObject *o;

      record = nim_record_game (game, m->config.seed);
      o = json_node_get_object (record);
      json_object_set_int_member (o, "game", (gint64) index + 1);
      moves = json_object_get_array_member (o, "moves");
    }

  /* Judge each move: was the mover's position won, and did the move
     leave the opponent a lost one? */
  value = judge (oracle, &start);
  for (i = 0; i < nim_game_get_n_moves (game); i++)
    {
      const NimGameMove *mv = nim_game_get_move (game, i);
      Tally *p = &t[mv->player - 1];
      int after = judge (oracle, &mv->after);

      p->moves++;
      p->nodes += mv->stats.nodes;
      p->seconds += mv->stats.seconds;
      if (value == 0 || (value > 0 && after == 0))
        p->unchecked++;
      else if (value > 0)
        {
          p->won_positions++;
          p->kept += after < 0;
        }
      if (moves != NULL)
        {
          JsonObject *o = json_array_get_object_element (moves, i);

          if (value == 0)
            json_object_set_null_member (o, "position");
          else
            json_object_set_string_member (o, "position",
                                           value > 0 ? "win" : "loss");
        }
      value = after;
    }
  /* Ctrl-C stops the solver's searches too: a game judged only in part
     is abandoned like the games still being played. */
  if (nim_interrupted ())
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_INTERRUPTED,
                   _("interrupted"));
      return FALSE;
    }

  /* Written first: a game is counted only once the results file holds
     it. */
  g_mutex_lock (&m->lock);
  if (record != NULL && !write_result (m, record, error))
    {
      g_mutex_unlock (&m->lock);
      return FALSE;
    }
  count_game (m, index, winner, t);
  g_mutex_unlock (&m->lock);
  return TRUE;
}

/* A job: plays the next game not yet started until there is none, or the
   run stops. */
static void
run_job (gpointer data, gpointer user_data)
{
  Slot *slot = data;
  NimMatch *m = user_data;

  for (;;)
    {
      g_autoptr (GError) error = NULL;
      guint64 index;

      g_mutex_lock (&m->lock);
      index = m->next;
      if (m->stop || index >= m->config.games)
        {
          g_mutex_unlock (&m->lock);
          break;
        }
      m->next++;
      g_mutex_unlock (&m->lock);

      if (!play_game (m, slot, index, &error))
        {
          /* Ctrl-C abandons the games in progress; they are not
             counted, and they are not a failure. */
          if (g_error_matches (error, NIM_ERROR, NIM_ERROR_INTERRUPTED))
            break;
          g_mutex_lock (&m->lock);
          if (m->error == NULL)
            {
              /* TRANSLATORS: in front of an error, the number of the game
                 of a comparison run that failed. */
              g_prefix_error (&error, _("game %llu: "),
                              (unsigned long long) (index + 1));
              m->error = g_steal_pointer (&error);
            }
          m->stop = TRUE;
          g_mutex_unlock (&m->lock);
          break;
        }
    }
  g_mutex_lock (&m->lock);
  m->runners_done++;
  g_cond_signal (&m->changed);
  g_mutex_unlock (&m->lock);
}

static void
print_progress (const NimMatch *m, double elapsed, gboolean done)
{
  double left = m->finished > 0
                    ? elapsed * (double) (m->config.games - m->finished)
                          / (double) m->finished
                    : 0;
  double score = m->finished > 0
                     ? 100.0 * (double) m->tally[0].wins
                           / (double) m->finished
                     : 0;

  if (done)
    {
      /* Leave the line blank for what follows. */
      fprintf (stderr, "\r%-79s\r", "");
      return;
    }
  /* Back to the start of the line, which the next progress overwrites. */
  fputc ('\r', stderr);
  /* TRANSLATORS: the progress line of a comparison run, rewritten in
     place; keep the blank at the end. */
  fprintf (stderr,
           _("%llu/%llu games (%.0f%%), player 1 scores %.1f%%, %.0f s, "
             "about %.0f s left "),
           (unsigned long long) m->finished,
           (unsigned long long) m->config.games,
           100.0 * (double) m->finished / (double) m->config.games, score,
           elapsed, left);
}

/**
 * nim_match_run:
 * @match: a new run
 * @error: return location for the first error of any game
 *
 * Plays the games, --jobs at a time.  A first SIGINT (Ctrl-C) stops the
 * run: no game is started, the games in progress are abandoned (their
 * searches stop at the next look at the clock) and not counted; a second
 * one ends the process at once, as Ctrl-C usually does.
 *
 * Returns: %TRUE if no game failed (an interrupted run included)
 */
gboolean
nim_match_run (NimMatch *match, GError **error)
{
  NimMatch *m = match;
  g_autoptr (GError) local = NULL;
  GThreadPool *pool;
  gint64 t0 = g_get_monotonic_time ();
  gboolean show = m->config.progress && isatty (STDERR_FILENO);
  gboolean shown = FALSE;
  guint j;

  nim_interrupt_catch ();
  pool = g_thread_pool_new (run_job, m, (gint) m->config.jobs, TRUE, &local);
  if (pool == NULL)
    {
      nim_interrupt_release ();
      g_propagate_prefixed_error (error, g_steal_pointer (&local),
                                  g_dngettext (GETTEXT_PACKAGE,
                                               "cannot start %u jobs: ",
                                               "cannot start %u jobs: ",
                                               m->config.jobs),
                                  m->config.jobs);
      return FALSE;
    }
  for (j = 0; j < m->config.jobs; j++)
    g_thread_pool_push (pool, &m->slots[j], NULL);

  g_mutex_lock (&m->lock);
  while (m->runners_done < m->config.jobs)
    {
      gint64 now = g_get_monotonic_time ();

      g_cond_wait_until (&m->changed, &m->lock, now + G_TIME_SPAN_SECOND / 4);
      if (nim_interrupted () && !m->interrupted)
        {
          m->interrupted = TRUE;
          m->stop = TRUE;
          if (shown)
            print_progress (m, 0, TRUE);
          fputs (_("nim: interrupted: the games in progress are "
                   "abandoned\n"),
                 stderr);
        }
      now = g_get_monotonic_time ();
      if (show && now - t0 > G_TIME_SPAN_SECOND && !m->interrupted)
        {
          print_progress (m, (now - t0) / 1e6, FALSE);
          shown = TRUE;
        }
    }
  g_mutex_unlock (&m->lock);
  g_thread_pool_free (pool, FALSE, TRUE);
  nim_interrupt_release ();
  if (shown)
    print_progress (m, 0, TRUE);
  m->seconds = (g_get_monotonic_time () - t0) / 1e6;

  if (m->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&m->error));
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_match_request_stop:
 * @match: a run
 *
 * Asks the run to start no more games, as a Ctrl-C does (for tests).
 */
void
nim_match_request_stop (NimMatch *match)
{
  g_mutex_lock (&match->lock);
  match->stop = TRUE;
  match->interrupted = TRUE;
  g_mutex_unlock (&match->lock);
}

/**
 * nim_match_interrupted:
 * @match: a run
 *
 * Returns: %TRUE if the run was stopped before its last game
 */
gboolean
nim_match_interrupted (const NimMatch *match)
{
  return match->interrupted && match->finished < match->config.games;
}

/**
 * nim_match_n_finished:
 * @match: a run
 *
 * Returns: the games played to the end
 */
guint64
nim_match_n_finished (const NimMatch *match)
{
  return match->finished;
}

/* ------------------------------------------------------------------------ */
/* The summary */

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
    return g_strdup (_("n/a"));
  if (isinf (v))
    return g_strdup (v > 0 ? (sign ? "+inf" : "inf") : "-inf");
  return g_strdup_printf (sign ? "%+.1f" : "%.1f", v + 0.0); /* no -0.0 */
}

/**
 * nim_match_print_summary:
 * @match: a run, played
 * @out: where to print the summary for people
 */
void
nim_match_print_summary (const NimMatch *match, FILE *out)
{
  const NimMatch *m = match;
  g_autofree char *rules = nim_rules_describe (&m->config.rules);
  g_autofree char *elo = NULL;
  g_autofree char *margin = NULL;
  NimElo e;
  gsize width;
  guint i;

  nim_stats_elo_estimate (m->pair_counts, &e);
  elo = describe_elo (e.elo, TRUE);
  margin = describe_elo (e.margin, FALSE);

  fprintf (out,
           nim_match_interrupted (m)
               ? _("Games: %llu of %llu (interrupted), each position played "
                   "twice, either player first\n")
               : _("Games: %llu of %llu, each position played twice, "
                   "either player first\n"),
           (unsigned long long) m->finished,
           (unsigned long long) m->config.games);
  /* TRANSLATORS: %s is a sentence describing the rules. */
  fprintf (out, _("Rules: %s\n"), rules);
  if (m->config.random_count > 0)
    fprintf (out, _("Positions: %u random heaps of 1 to %u matches, seed "
                    "%u\n"),
             m->config.random_count, m->config.random_max, m->config.seed);
  else
    {
      g_autofree char *heaps = nim_board_to_string (&m->config.start);

      /* TRANSLATORS: %s is the heaps, such as 3,4,5. */
      fprintf (out, _("Position: %s, seed %u\n"), heaps, m->config.seed);
    }
  /* The specs padded to the wider of the two, in columns: a long spec
     such as negamax:nodes=50000,tt=1M must not push its line's numbers
     out of line with the other's. */
  width = MAX (nim_text_width (m->specs[0]), nim_text_width (m->specs[1]));
  for (i = 0; i < 2; i++)
    {
      g_autoptr (GString) spec = g_string_new (NULL);

      nim_string_append_padded (spec, m->specs[i], width, TRUE);
      /* TRANSLATORS: a player's line of the summary: its number, its
         spec (28 columns), wins, losses and score; keep the widths so
         that the columns line up. */
      fprintf (out, _("Player %u %-28s %7llu wins %7llu losses  score "
                      "%5.1f%%\n"),
               i + 1, spec->str, (unsigned long long) m->tally[i].wins,
               (unsigned long long) (m->finished - m->tally[i].wins),
               100.0 * ratio ((double) m->tally[i].wins,
                              (double) m->finished));
    }
  fprintf (out, _("Pairs for player 1: %llu won 2-0, %llu split 1-1, %llu "
                  "lost 0-2\n"),
           (unsigned long long) m->pair_counts[0],
           (unsigned long long) m->pair_counts[1],
           (unsigned long long) m->pair_counts[2]);
  /* TRANSLATORS: LOS is the likelihood of superiority. */
  fprintf (out, _("Elo difference: %s +/- %s (95%%), LOS %.1f%%, from %llu "
                  "pairs\n"),
           elo, margin, 100.0 * e.los, (unsigned long long) e.pairs);
  /* TRANSLATORS: the column headings of the summary's table, right
     aligned in 10, 12, 10, 14 and 18 columns. */
  fprintf (out, "%-9s %10s %12s %10s %14s %18s\n", "", _("moves"),
           _("nodes/move"), _("ms/move"), _("won positions"),
           _("kept the win"));
  for (i = 0; i < 2; i++)
    {
      const Tally *t = &m->tally[i];
      g_autofree char *kept = g_strdup_printf (
          "%llu (%.1f%%)", (unsigned long long) t->kept,
          100.0 * ratio ((double) t->kept, (double) t->won_positions));

      /* TRANSLATORS: a row of the summary's table; "Player %u" and the
         blanks after it take 9 columns, keep the widths of the numbers. */
      fprintf (out, _("Player %u  %10llu %12.1f %10.3f %14llu %18s\n"),
               i + 1, (unsigned long long) t->moves,
               ratio ((double) t->nodes, (double) t->moves),
               1000.0 * ratio (t->seconds, (double) t->moves),
               (unsigned long long) t->won_positions,
               t->won_positions > 0 ? kept : "-");
    }
  if (m->tally[0].unchecked + m->tally[1].unchecked > 0)
    fprintf (out, _("Moves the solver could not judge: %llu and %llu\n"),
             (unsigned long long) m->tally[0].unchecked,
             (unsigned long long) m->tally[1].unchecked);
  /* TRANSLATORS: s is seconds; then the number of jobs (--jobs). */
  fprintf (out, g_dngettext (GETTEXT_PACKAGE, "Wall time: %.2f s, %u job\n",
                             "Wall time: %.2f s, %u jobs\n", m->config.jobs),
           m->seconds, m->config.jobs);
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

/**
 * nim_match_summary_to_json:
 * @match: a run, played
 *
 * Returns: (transfer full): the summary as one object; see nim(1)
 */
JsonNode *
nim_match_summary_to_json (const NimMatch *match)
{
  const NimMatch *m = match;
  g_autoptr (JsonBuilder) b = json_builder_new ();
  NimElo e;
  guint i;

  nim_stats_elo_estimate (m->pair_counts, &e);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "games");
  json_builder_add_int_value (b, (gint64) m->finished);
  json_builder_set_member_name (b, "games_requested");
  json_builder_add_int_value (b, (gint64) m->config.games);
  json_builder_set_member_name (b, "interrupted");
  json_builder_add_boolean_value (b, nim_match_interrupted (m));
  json_builder_set_member_name (b, "rules");
  json_builder_add_value (b, nim_record_rules (&m->config.rules));
  if (m->config.random_count > 0)
    {
      json_builder_set_member_name (b, "random_heaps");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "count");
      json_builder_add_int_value (b, m->config.random_count);
      json_builder_set_member_name (b, "max");
      json_builder_add_int_value (b, m->config.random_max);
      json_builder_end_object (b);
    }
  else
    {
      json_builder_set_member_name (b, "heaps");
      json_builder_add_value (b, nim_record_heaps (&m->config.start));
    }
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, m->config.seed);
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (i = 0; i < 2; i++)
    {
      const Tally *t = &m->tally[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "spec");
      json_builder_add_string_value (b, m->specs[i]);
      json_builder_set_member_name (b, "wins");
      json_builder_add_int_value (b, (gint64) t->wins);
      json_builder_set_member_name (b, "losses");
      json_builder_add_int_value (b, (gint64) (m->finished - t->wins));
      add_double_or_null (b, "score",
                          m->finished > 0 ? (double) t->wins
                                                / (double) m->finished
                                          : NAN);
      json_builder_set_member_name (b, "moves");
      json_builder_add_int_value (b, (gint64) t->moves);
      json_builder_set_member_name (b, "nodes");
      json_builder_add_int_value (b, (gint64) t->nodes);
      add_double_or_null (b, "nodes_per_move",
                          ratio ((double) t->nodes, (double) t->moves));
      add_double_or_null (b, "seconds_per_move",
                          ratio (t->seconds, (double) t->moves));
      json_builder_set_member_name (b, "won_positions");
      json_builder_add_int_value (b, (gint64) t->won_positions);
      json_builder_set_member_name (b, "kept_win");
      json_builder_add_int_value (b, (gint64) t->kept);
      json_builder_set_member_name (b, "unchecked");
      json_builder_add_int_value (b, (gint64) t->unchecked);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "pairs");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "2-0");
  json_builder_add_int_value (b, (gint64) m->pair_counts[0]);
  json_builder_set_member_name (b, "1-1");
  json_builder_add_int_value (b, (gint64) m->pair_counts[1]);
  json_builder_set_member_name (b, "0-2");
  json_builder_add_int_value (b, (gint64) m->pair_counts[2]);
  json_builder_end_object (b);
  add_double_or_null (b, "elo", e.elo + 0.0); /* no -0.0 */
  add_double_or_null (b, "elo_margin", e.margin);
  add_double_or_null (b, "los", e.pairs > 0 ? e.los : NAN);
  json_builder_set_member_name (b, "jobs");
  json_builder_add_int_value (b, m->config.jobs);
  json_builder_set_member_name (b, "seconds");
  json_builder_add_double_value (b, m->seconds);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}
