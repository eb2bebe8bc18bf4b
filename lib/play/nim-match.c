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
 * the same whatever the number of jobs is, but for the times.
 *
 * Each move is judged by an exact solver: the closed-form strategy where
 * the rules have one, else negamax with a node budget.
 *
 * This file schedules and counts; it shows nothing.  The program hears
 * of each finished game and of the run's progress through the
 * #NimMatchCallbacks it gives nim_match_run(), and reads the counts from
 * #NimMatchSummary. */

#include "config.h"

#include "nim-match.h"

#include "nim-i18n.h"
#include "nim-tt.h"
#include "nim-util.h"

/* The budget of the searcher that judges moves where no closed form
   knows the rules (see nim_player_exact_specs()). */
#define ORACLE_SEARCH_OPTIONS "time=0,nodes=20000000,tt=16M"

/* One job's players: its own, so jobs share nothing while a game lasts. */
typedef struct
{
  NimPlayer *players[2];
  GPtrArray *oracles; /* the exact solvers, in order of preference: the
                         first that plays the game judges its moves */
} Slot;

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
  Slot *slots;
  NimMatchCallbacks callbacks;
  gpointer data;

  GMutex lock;
  GCond changed;
  guint64 next; /* the next game to start */
  guint runners_done;
  gboolean stop;
  gboolean stopped;       /* by Ctrl-C or nim_match_request_stop() */
  GError *error;          /* the first failure of any job */
  GHashTable *open_pairs; /* pair number -> PAIR_ state, for the pairs
                             with one game finished: jobs take games in
                             order, so it holds about one pair a job */
  NimMatchSummary summary;
};

/* ------------------------------------------------------------------------ */
/* Setting up */

/**
 * nim_match_config_most_matches:
 * @config: what to play
 *
 * Returns: the most matches a position of the run may hold: the starting
 *   position's, or as many as the heaps drawn may hold together
 */
guint64
nim_match_config_most_matches (const NimMatchConfig *config)
{
  if (config->random_count > 0)
    return (guint64) config->random_count * config->random_max;
  return config->start.total;
}

/* The starting position of pair @pair. */
static void
pair_position (const NimMatch *m, guint64 pair, NimBoard *board)
{
  guint32 heaps[NIM_MAX_HEAPS];
  guint32 seeds[3]
      = { m->config.seed, (guint32) pair, (guint32) (pair >> 32) };
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
  g_clear_pointer (&slot->oracles, g_ptr_array_unref);
}

/* Makes @slot's players: the two of the run, and the solvers. */
static gboolean
slot_init (Slot *slot, const NimMatch *m, GError **error)
{
  guint i;

  for (i = 0; i < 2; i++)
    {
      slot->players[i] = nim_player_new (m->specs[i], error);
      if (slot->players[i] == NULL)
        {
          /* TRANSLATORS: in front of an error, the player of a
             comparison run whose spec is wrong. */
          g_prefix_error (error, _ ("player %u: "), i + 1);
          return FALSE;
        }
      if (nim_player_is_interactive (slot->players[i]))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("player %u (%s) asks a person for its moves, but "
                          "a comparison run plays computer against "
                          "computer"),
                       i + 1, m->specs[i]);
          return FALSE;
        }
      nim_player_set_number (slot->players[i], i + 1);
    }
  {
    g_auto (GStrv) specs = nim_player_exact_specs (ORACLE_SEARCH_OPTIONS);

    slot->oracles
        = g_ptr_array_new_with_free_func ((GDestroyNotify) nim_player_free);
    for (i = 0; specs[i] != NULL; i++)
      g_ptr_array_add (slot->oracles, nim_player_new (specs[i], NULL));
  }
  return TRUE;
}

/* Starts the players of @slot for @board; returns the solver that judges
   the game. */
static gboolean
slot_start (Slot *slot, const NimMatch *m, const NimBoard *board, guint64 game,
            NimPlayer **oracle, GError **error)
{
  guint i;

  for (i = 0; i < 2; i++)
    {
      nim_player_set_seed (
          slot->players[i],
          (guint32) nim_tt_mix (((guint64) m->config.seed << 32)
                                ^ (game * 2 + i)));
      if (!nim_player_start (slot->players[i], &m->config.rules, board, error))
        return FALSE;
    }
  for (i = 0; i < slot->oracles->len; i++)
    if (nim_player_start (slot->oracles->pdata[i], &m->config.rules, board,
                          NULL))
      {
        *oracle = slot->oracles->pdata[i];
        return TRUE;
      }
  g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
               _ ("no exact solver plays these rules"));
  return FALSE;
}

/**
 * nim_match_new:
 * @config: what to play
 * @error: return location for an error: a position that may hold too
 *   many matches, a bad player spec or one that cannot play the rules
 *   (#NIM_ERROR_USAGE, #NIM_ERROR_UNSUPPORTED)
 *
 * Makes each job's players, so that every mistake shows before the first
 * game.
 *
 * Returns: (transfer full) (nullable): a run ready for nim_match_run()
 */
NimMatch *
nim_match_new (const NimMatchConfig *config, GError **error)
{
  g_autoptr (NimMatch) m = NULL;
  NimBoard first;
  NimPlayer *oracle;
  guint64 most = nim_match_config_most_matches (config);
  guint j, i;

  g_return_val_if_fail (config->games >= 2 && config->games % 2 == 0, NULL);
  g_return_val_if_fail (config->jobs >= 1, NULL);

  if (most > NIM_MATCH_MAX_MATCHES)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("every game is played to its end, which can take a "
                      "move a match: a position may hold at most %u "
                      "matches, and these may hold %llu"),
                   NIM_MATCH_MAX_MATCHES, (unsigned long long) most);
      return NULL;
    }

  m = g_new0 (NimMatch, 1);
  m->config = *config;
  g_mutex_init (&m->lock);
  g_cond_init (&m->changed);
  for (i = 0; i < 2; i++)
    m->specs[i] = g_strdup (config->specs[i]);
  m->config.specs[0] = m->specs[0];
  m->config.specs[1] = m->specs[1];
  m->open_pairs
      = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  nim_stats_elo_estimate (m->summary.pair_counts, &m->summary.elo);
  m->slots = g_new0 (Slot, config->jobs);
  for (j = 0; j < config->jobs; j++)
    if (!slot_init (&m->slots[j], m, error))
      return NULL;

  /* The first position shows whether the players play these rules. */
  pair_position (m, 0, &first);
  if (!slot_start (&m->slots[0], m, &first, 0, &oracle, error))
    return NULL;
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
  g_clear_error (&match->error);
  if (match->open_pairs != NULL)
    g_hash_table_unref (match->open_pairs);
  g_free (match->specs[0]);
  g_free (match->specs[1]);
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

/* Judges each move of @game, which began at @start: was the mover's
   position won, and did the move leave the opponent a lost one?  Adds
   what each player did to @t; returns what the solver said of each
   position moved from, one per move. */
static NimMatchPosition *
judge_game (const NimGame *game, const NimBoard *start, NimPlayer *oracle,
            NimMatchTally t[2])
{
  guint n = nim_game_get_n_moves (game), i;
  NimMatchPosition *positions = g_new0 (NimMatchPosition, n);
  int value = judge (oracle, start);

  for (i = 0; i < n; i++)
    {
      const NimGameMove *mv = nim_game_get_move (game, i);
      NimMatchTally *p = &t[mv->player - 1];
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
      positions[i] = value > 0   ? NIM_MATCH_POSITION_WON
                     : value < 0 ? NIM_MATCH_POSITION_LOST
                                 : NIM_MATCH_POSITION_UNKNOWN;
      value = after;
    }
  return positions;
}

static void
tally_add (NimMatchTally *sum, const NimMatchTally *t)
{
  guint i;

  sum->wins += t->wins;
  sum->moves += t->moves;
  sum->nodes += t->nodes;
  sum->seconds += t->seconds;
  sum->won_positions += t->won_positions;
  sum->kept += t->kept;
  sum->unchecked += t->unchecked;
  for (i = 0; i < NIM_END_N; i++)
    sum->forfeits[i] += t->forfeits[i];
}

/* Counts a finished game; called with the lock held. */
static void
count_game (NimMatch *m, guint64 game, guint winner, const NimMatchTally t[2])
{
  NimMatchSummary *s = &m->summary;
  gint64 pair = (gint64) (game / 2);
  guint state, i;

  s->finished++;
  for (i = 0; i < 2; i++)
    tally_add (&s->players[i], &t[i]);
  state = GPOINTER_TO_UINT (g_hash_table_lookup (m->open_pairs, &pair));
  if (game % 2 == 0)
    state |= PAIR_DONE0 | (winner == 1 ? PAIR_WON0 : 0);
  else
    state |= PAIR_DONE1 | (winner == 1 ? PAIR_WON1 : 0);
  if ((state & (PAIR_DONE0 | PAIR_DONE1)) == (PAIR_DONE0 | PAIR_DONE1))
    {
      s->pair_counts[2 - !!(state & PAIR_WON0) - !!(state & PAIR_WON1)]++;
      g_hash_table_remove (m->open_pairs, &pair);
      nim_stats_elo_estimate (s->pair_counts, &s->elo);
    }
  else
    g_hash_table_insert (m->open_pairs, g_memdup2 (&pair, sizeof pair),
                         GUINT_TO_POINTER (state));
}

static gboolean
play_game (NimMatch *m, Slot *slot, guint64 index, GError **error)
{
  g_autoptr (NimGame) game = NULL;
  g_autofree NimMatchPosition *positions = NULL;
  NimPlayer *oracle = NULL;
  NimBoard start;
  NimMatchTally t[2] = { { 0 } };
  NimMatchGame finished;
  gboolean ok = TRUE;
  guint winner;

  pair_position (m, index / 2, &start);
  if (!slot_start (slot, m, &start, index, &oracle, error))
    return FALSE;
  game = nim_game_new (&m->config.rules, &start, slot->players[0],
                       slot->players[1], index % 2 == 0 ? 1 : 2);
  if (m->config.tc_seconds > 0)
    nim_game_set_clock (game, m->config.tc_seconds, m->config.tc_increment);
  if (!nim_game_play (game, error))
    return FALSE;
  winner = nim_game_get_winner (game);
  t[winner - 1].wins = 1;
  if (nim_game_get_end (game) != NIM_END_NORMAL)
    t[nim_game_get_end_player (game) - 1].forfeits[nim_game_get_end (game)]
        = 1;
  positions = judge_game (game, &start, oracle, t);

  /* Ctrl-C stops the solver's searches too: a game judged only in part
     is abandoned like the games still being played. */
  if (nim_interrupted ())
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_INTERRUPTED, _ ("interrupted"));
      return FALSE;
    }

  /* The program hears of the game first: a game is counted only once
     the program has it (its results line written). */
  finished.number = index + 1;
  finished.game = game;
  finished.positions = positions;
  g_mutex_lock (&m->lock);
  if (m->callbacks.game_finished != NULL)
    ok = m->callbacks.game_finished (m->data, &finished, error);
  if (ok)
    count_game (m, index, winner, t);
  g_mutex_unlock (&m->lock);
  return ok;
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
              g_prefix_error (&error, _ ("game %llu: "),
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

/* Waits, with the lock held, until every job has ended, telling the
   program of a Ctrl-C and, about four times a second, of the progress. */
static void
wait_for_jobs (NimMatch *m, gint64 t0)
{
  while (m->runners_done < m->config.jobs)
    {
      gint64 now = g_get_monotonic_time ();

      g_cond_wait_until (&m->changed, &m->lock, now + G_TIME_SPAN_SECOND / 4);
      if (nim_interrupted () && !m->stopped)
        {
          m->stopped = TRUE;
          m->stop = TRUE;
          if (m->callbacks.interrupted != NULL)
            m->callbacks.interrupted (m->data, &m->summary);
        }
      now = g_get_monotonic_time ();
      if (!m->stopped && m->callbacks.progress != NULL)
        m->callbacks.progress (m->data, &m->summary, (now - t0) / 1e6);
    }
}

/**
 * nim_match_run:
 * @match: a new run
 * @callbacks: (nullable): what to tell the program, or %NULL for nothing
 * @data: passed to each of @callbacks
 * @error: return location for the first error of any game
 *
 * Plays the games, as many at a time as there are jobs.
 * nim_interrupt_request() (the program's Ctrl-C) stops the run: no game
 * is started, the games in progress are abandoned (their searches stop
 * at the next look at the clock) and not counted.
 *
 * Returns: %TRUE if no game failed (an interrupted run included)
 */
gboolean
nim_match_run (NimMatch *match, const NimMatchCallbacks *callbacks,
               gpointer data, GError **error)
{
  static const NimMatchCallbacks none = { NULL };
  NimMatch *m = match;
  g_autoptr (GError) local = NULL;
  GThreadPool *pool;
  gint64 t0 = g_get_monotonic_time ();
  guint j;

  m->callbacks = callbacks != NULL ? *callbacks : none;
  m->data = data;
  pool = g_thread_pool_new (run_job, m, (gint) m->config.jobs, TRUE, &local);
  if (pool == NULL)
    {
      g_propagate_prefixed_error (
          error, g_steal_pointer (&local),
          g_dngettext (GETTEXT_PACKAGE, "cannot start %u jobs: ",
                       "cannot start %u jobs: ", m->config.jobs),
          m->config.jobs);
      return FALSE;
    }
  for (j = 0; j < m->config.jobs; j++)
    g_thread_pool_push (pool, &m->slots[j], NULL);

  g_mutex_lock (&m->lock);
  wait_for_jobs (m, t0);
  g_mutex_unlock (&m->lock);
  g_thread_pool_free (pool, FALSE, TRUE);
  m->summary.seconds = (g_get_monotonic_time () - t0) / 1e6;
  m->summary.interrupted = m->stopped && m->summary.finished < m->config.games;

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
  match->stopped = TRUE;
  g_mutex_unlock (&match->lock);
}

/**
 * nim_match_get_summary:
 * @match: a run, not running (the callbacks of nim_match_run() get the
 *   summary while it runs)
 *
 * Returns: (transfer none): the counts of the games played so far; valid
 *   while @match is
 */
const NimMatchSummary *
nim_match_get_summary (const NimMatch *match)
{
  return &match->summary;
}
