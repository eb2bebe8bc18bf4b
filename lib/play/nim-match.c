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
 * the rules have one, else negamax with a node budget and a time budget
 * for the whole game; a move it could not judge is counted as unchecked.
 *
 * This file schedules and counts; it shows nothing.  The program hears
 * of each finished game and of the run's progress through the
 * #NimMatchCallbacks it gives nim_match_run(), and reads the counts from
 * #NimMatchSummary. */

#include "config.h"

#include "nim-match.h"

#include "nim-grundy.h"
#include "nim-i18n.h"
#include "nim-search-player.h"
#include "nim-tt.h"
#include "nim-error.h"
#include "nim-interrupt.h"

#include <sched.h>

/* The budget of the searcher that judges moves where no closed form
   knows the rules (see nim_player_exact_specs()). */
#define ORACLE_SEARCH_OPTIONS "time=0,nodes=20000000,tt=16M"

/* One job's players: its own, so jobs share nothing while a game lasts. */
typedef struct
{
  NimPlayer *players[2];
  GPtrArray *oracles; /* the exact solvers, in order of preference: the
                         first that plays the game judges its moves */
  int cpu;            /* the processor it is pinned to, or -1 */
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
  char *positions_label;
  NimBoard *positions; /* the suite's, owned */
  guint *first_movers; /* ... and who moves first in each */
  guint *order;        /* the order the suite is played in */
  Slot *slots;
  NimMatchCallbacks callbacks;
  gpointer data;
  NimMatchClockFunc clock; /* what the run's times are read from */
  gpointer clock_data;

  GMutex lock;
  GCond changed;
  guint64 next; /* the next game to start */
  guint runners_done;
  gboolean stop;
  gboolean stopped;       /* by Ctrl-C */
  GError *error;          /* the first failure of any job */
  GHashTable *open_pairs; /* pair number -> PAIR_ state, for the pairs
                             with one game finished: jobs take games in
                             order, so it holds about one pair a job */
  NimMatchSummary summary;
  guint64 done_below; /* every game before this one is finished (added by
                         nim_match_add_finished()) */
  GHashTable *done;   /* ... and these after it: a resumed run's games
                         finished out of order, about one a job */
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
  guint64 most = 0;
  guint i;

  if (config->random_count > 0)
    return (guint64) config->random_count * config->random_max;
  if (config->n_positions == 0)
    return config->start.total;
  for (i = 0; i < config->n_positions; i++)
    most = MAX (most, config->positions[i].total);
  return most;
}

/* The order @config's suite is played in: 0, 1, ... or, with
   random_order, a permutation drawn with the seed (Fisher-Yates), so that
   every job, every shard and a resumed run play the same; n_positions
   indices into positions. */
static guint *
config_order (const NimMatchConfig *config)
{
  guint *order = g_new (guint, MAX (config->n_positions, 1));
  guint i;

  for (i = 0; i < config->n_positions; i++)
    order[i] = i;
  if (config->random_order && config->n_positions > 1)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (config->seed ^ 0x5157u);

      for (i = config->n_positions - 1; i > 0; i--)
        {
          guint j = (guint) g_rand_int_range (rand, 0, (gint32) i + 1);
          guint t = order[i];

          order[i] = order[j];
          order[j] = t;
        }
    }
  return order;
}

/* The index in @config's positions of the position @pair (from 0)
   plays, in @order (config_order ()). */
static guint
suite_index (const NimMatchConfig *config, const guint *order, guint64 pair)
{
  return order[(config->start_position + pair) % config->n_positions];
}

/* Who moves first in game @game: the position's first mover in the
   first game of its pair, the other in the second. */
static guint
game_first_mover (const NimMatch *m, guint64 game)
{
  guint first = 1;

  if (m->config.n_positions > 0 && m->first_movers != NULL)
    first = m->first_movers[suite_index (&m->config, m->order, game / 2)];
  return game % 2 == 0 ? first : 3 - first;
}

/**
 * nim_match_config_random_board:
 * @config: what to play, with random heaps (@random_count > 0)
 * @pair: a pair's number in the run, from 0
 * @board: (out): the position @pair starts from
 *
 * Draws the random heaps of pair @pair: a function of the run's seed and
 * @pair alone, so that any process can draw any pair's position, and a
 * single position (nim --solve --random-heaps) can be the first pair's.
 */
void
nim_match_config_random_board (const NimMatchConfig *config, guint64 pair,
                               NimBoard *board)
{
  guint32 heaps[NIM_MAX_HEAPS];
  guint32 seeds[3] = { config->seed, (guint32) pair, (guint32) (pair >> 32) };
  g_autoptr (GRand) rand = NULL;
  guint i;

  g_return_if_fail (config->random_count > 0
                    && config->random_count <= NIM_MAX_HEAPS);

  rand = g_rand_new_with_seed_array (seeds, G_N_ELEMENTS (seeds));
  for (i = 0; i < config->random_count; i++)
    heaps[i] = (guint32) g_rand_int_range (rand, 1,
                                           (gint32) config->random_max + 1);
  nim_board_init (board, heaps, config->random_count);
}

/* The starting position of pair @pair. */
static void
pair_position (const NimMatch *m, guint64 pair, NimBoard *board)
{
  if (m->config.n_positions > 0)
    *board = m->positions[suite_index (&m->config, m->order, pair)];
  else if (m->config.random_count == 0)
    *board = m->config.start;
  else
    nim_match_config_random_board (&m->config, pair, board);
}

/* The @j-th processor, modulo their number, of those this process may
   run on; -1 where the system cannot say. */
static int
nth_cpu (guint j)
{
#if defined(HAVE_SCHED_GETAFFINITY) && defined(CPU_ISSET)
  cpu_set_t set;
  int n, i, k = 0;

  if (sched_getaffinity (0, sizeof set, &set) != 0)
    return -1;
  n = CPU_COUNT (&set);
  if (n <= 0)
    return -1;
  for (i = 0; i < CPU_SETSIZE; i++)
    if (CPU_ISSET (i, &set) && k++ == (int) (j % (guint) n))
      return i;
#endif
  (void) j;
  return -1;
}

/* Pins the calling thread to processor @cpu; nothing when it is -1.
   Pinning is a request: where the system refuses it, the run goes on
   unpinned.  Returns: (nullable): with @save, what the thread could run
   on before, for unpin_thread(); else %NULL. */
static gpointer
pin_thread (int cpu, gboolean save)
{
#if defined(HAVE_SCHED_SETAFFINITY) && defined(HAVE_SCHED_GETAFFINITY)        \
    && defined(CPU_SET)
  cpu_set_t set, *before = NULL;

  if (cpu < 0)
    return NULL;
  if (save)
    {
      before = g_new (cpu_set_t, 1);
      if (sched_getaffinity (0, sizeof *before, before) != 0)
        g_clear_pointer (&before, g_free);
    }
  CPU_ZERO (&set);
  CPU_SET (cpu, &set);
  sched_setaffinity (0, sizeof set, &set);
  return before;
#else
  (void) cpu;
  (void) save;
  return NULL;
#endif
}

/* Lets the calling thread run where it could before pin_thread(), which
   returned @before. */
static void
unpin_thread (gpointer before)
{
#if defined(HAVE_SCHED_SETAFFINITY) && defined(CPU_SET)
  if (before != NULL)
    sched_setaffinity (0, sizeof (cpu_set_t), before);
#endif
  g_free (before);
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

/**
 * nim_match_config_player_seed:
 * @config: what to play
 * @game: a game's index in the whole run, from 0 (its number - 1, as
 *   #NimMatchGame has it)
 * @player: 1 or 2
 *
 * Returns: the seed of @player's random numbers in @game
 *   (nim_player_set_seed()): a function of the run's seed and the game
 *   alone, so that a game is the same whichever job plays it, and
 *   whatever the job's players played before
 */
guint32
nim_match_config_player_seed (const NimMatchConfig *config, guint64 game,
                              guint player)
{
  return (guint32) nim_tt_mix (((guint64) config->seed << 32)
                               ^ (game * 2 + player - 1));
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
      nim_player_set_seed (slot->players[i], nim_match_config_player_seed (
                                                 &m->config, game, i + 1));
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

/* A position like those of @config's games, for asking which players
   play them: the start, the suite's first position, or as many heaps as
   are drawn, each of the most matches. */
static void
config_sample_board (const NimMatchConfig *config, NimBoard *board)
{
  guint32 heaps[NIM_MAX_HEAPS];
  guint i;

  if (config->random_count > 0)
    {
      for (i = 0; i < config->random_count && i < NIM_MAX_HEAPS; i++)
        heaps[i] = config->random_max;
      nim_board_init (board, heaps, i);
    }
  else if (config->n_positions > 0)
    *board = config->positions[0];
  else
    *board = config->start;
}

/* The memory of the tables of the player @spec makes; 0 for a spec that
   is no player (nim_match_new() says what is wrong with it). */
static guint64
spec_memory (const char *spec)
{
  g_autoptr (NimPlayer) p = nim_player_new (spec, NULL);

  return p != NULL ? nim_player_get_memory (p) : 0;
}

/**
 * nim_match_config_memory:
 * @config: what to play
 * @per_job: (out) (optional): what one job's tables take
 *
 * The most memory the run's tables take once its searches have touched
 * all of them: every job keeps two players and the exact solver that
 * judges their moves, each with its tables (nim_player_get_memory()),
 * for the whole run.  A run must fit in the memory available
 * (nim_tt_memory_available(); nim_match_new() checks), however well each
 * table fits on its own.
 *
 * Returns: bytes
 */
guint64
nim_match_config_memory (const NimMatchConfig *config, guint64 *per_job)
{
  g_auto (GStrv) specs = nim_player_exact_specs (ORACLE_SEARCH_OPTIONS);
  guint64 job
      = spec_memory (config->specs[0]) + spec_memory (config->specs[1]);
  NimBoard board;
  guint i;

  config_sample_board (config, &board);
  for (i = 0; specs[i] != NULL; i++)
    {
      g_autoptr (NimPlayer) judge = nim_player_new (specs[i], NULL);

      if (judge != NULL
          && nim_player_supports (judge->klass, &config->rules, &board, NULL))
        {
          job += nim_player_get_memory (judge);
          break;
        }
    }
  if (per_job != NULL)
    *per_job = job;
  return job * config->jobs;
}

/**
 * nim_match_config_check_memory:
 * @config: what to play
 * @error: return location for a #NIM_ERROR_USAGE error that names the
 *   memory the run's tables take, the memory available and what to change
 *
 * Whether the run's tables fit together in the memory available
 * (nim_match_config_memory(), nim_tt_memory_available()).
 * nim_match_new() checks; a program checks first to name its options.
 *
 * Returns: %TRUE if they fit, or if the system does not say how much
 *   memory there is
 */
gboolean
nim_match_config_check_memory (const NimMatchConfig *config, GError **error)
{
  guint64 per_job, needed = nim_match_config_memory (config, &per_job);
  guint64 available = nim_tt_memory_available ();
  g_autofree char *all = NULL;
  g_autofree char *each = NULL;
  g_autofree char *there = NULL;

  if (available == 0 || needed <= available)
    return TRUE;
  all = g_format_size_full (needed, G_FORMAT_SIZE_IEC_UNITS);
  each = g_format_size_full (per_job, G_FORMAT_SIZE_IEC_UNITS);
  there = g_format_size_full (available, G_FORMAT_SIZE_IEC_UNITS);
  if (config->jobs == 1)
    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                 /* TRANSLATORS: the sizes are such as "32.0 GiB"; tt= is a
                    player option, typed as is. */
                 _ ("the players' tables may take %s together, more than "
                    "the %s of memory available; give them smaller tables "
                    "(tt=)"),
                 all, there);
  else
    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                 /* TRANSLATORS: the sizes are such as "1.0 TiB"; tt= is a
                    player option, typed as is. */
                 _ ("the players' tables may take %s in all (%u games at "
                    "once, %s each), more than the %s of memory available; "
                    "play fewer games at once or give smaller tables (tt=)"),
                 all, config->jobs, each, there);
  return FALSE;
}

/* A run's state, without players: the config copied, the counts at 0. */
/* The clock of a run that was given none. */
static gint64
monotonic_clock (gpointer data)
{
  return g_get_monotonic_time ();
}

/* The time on the run's clock, in microseconds. */
static gint64
now (const NimMatch *m)
{
  return m->clock (m->clock_data);
}

static NimMatch *
match_alloc (const NimMatchConfig *config)
{
  NimMatch *m = g_new0 (NimMatch, 1);
  guint i;

  m->config = *config;
  m->clock = monotonic_clock;
  g_mutex_init (&m->lock);
  g_cond_init (&m->changed);
  for (i = 0; i < 2; i++)
    m->specs[i] = g_strdup (config->specs[i]);
  m->config.specs[0] = m->specs[0];
  m->config.specs[1] = m->specs[1];
  if (config->n_positions > 0)
    {
      m->positions = g_memdup2 (config->positions,
                                config->n_positions * sizeof (NimBoard));
      m->config.positions = m->positions;
      if (config->first_movers != NULL)
        m->first_movers = g_memdup2 (config->first_movers,
                                     config->n_positions * sizeof (guint));
      m->config.first_movers = m->first_movers;
      m->positions_label = g_strdup (config->positions_label);
      m->config.positions_label = m->positions_label;
    }
  m->order = config_order (&m->config);
  if (m->config.random_count == 0)
    {
      m->summary.n_per_position = MAX (m->config.n_positions, 1);
      m->summary.per_position
          = g_new0 (NimMatchPositionTally, m->summary.n_per_position);
    }
  m->open_pairs
      = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  m->done = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  nim_stats_elo_estimate (m->summary.pair_counts, &m->summary.elo);
  return m;
}

/**
 * nim_match_new_counter:
 * @config: what a run played
 *
 * A run that plays nothing and makes no player, for counting the games of
 * results files with nim_match_add_finished() and reading the summary;
 * nim_match_run() must not be called on it.
 *
 * Returns: (transfer full): the counter
 */
NimMatch *
nim_match_new_counter (const NimMatchConfig *config)
{
  g_return_val_if_fail (config->games >= 2 && config->games % 2 == 0, NULL);
  g_return_val_if_fail (config->n_positions == 0
                            || config->start_position < config->n_positions,
                        NULL);
  return match_alloc (config);
}

/**
 * nim_match_new:
 * @config: what to play
 * @error: return location for an error: a position that may hold too
 *   many matches, tables that do not fit in memory together (see
 *   nim_match_config_memory()), a bad player spec or one that cannot play
 *   the rules (#NIM_ERROR_USAGE, #NIM_ERROR_UNSUPPORTED)
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
  g_return_val_if_fail (config->n_positions == 0
                            || config->start_position < config->n_positions,
                        NULL);

  if (most > NIM_MATCH_MAX_MATCHES)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("every game is played to its end, which can take a "
                      "move a match: a position may hold at most %u "
                      "matches, and these may hold %llu"),
                   NIM_MATCH_MAX_MATCHES, (unsigned long long) most);
      return NULL;
    }

  if (!nim_match_config_check_memory (config, error))
    return NULL;

  m = match_alloc (config);
  m->slots = g_new0 (Slot, config->jobs);
  for (j = 0; j < config->jobs; j++)
    {
      gboolean ok;
      gpointer before;

      m->slots[j].cpu = config->affinity ? nth_cpu (j) : -1;
      /* An engine the slot starts now inherits the processor from this
         thread (a child is forked with its thread's affinity). */
      before = pin_thread (m->slots[j].cpu, TRUE);
      ok = slot_init (&m->slots[j], m, error);
      unpin_thread (before);
      if (!ok)
        return NULL;
    }

  /* The first position shows whether the players play these rules. */
  pair_position (m, 0, &first);
  {
    /* An engine starts its process here, for the first time: pinned as
       its job will be (see above). */
    gpointer before = pin_thread (m->slots[0].cpu, TRUE);
    gboolean ok = slot_start (&m->slots[0], m, &first, 0, &oracle, error);

    unpin_thread (before);
    if (!ok)
      return NULL;
  }
  /* ... and every position of a suite, without starting the players
     (which would empty their tables once a position). */
  for (i = 0; i < m->config.n_positions; i++)
    for (j = 0; j < 2; j++)
      if (!nim_player_can_play (m->slots[0].players[j], &m->config.rules,
                                &m->positions[i], error))
        {
          g_autofree char *heaps = nim_board_to_string (&m->positions[i]);

          /* TRANSLATORS: in front of an error: the player, then a
             position of the suite, such as 3,4,5. */
          g_prefix_error (error, _ ("player %u, position %s: "), j + 1, heaps);
          return NULL;
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
  g_clear_error (&match->error);
  if (match->open_pairs != NULL)
    g_hash_table_unref (match->open_pairs);
  if (match->done != NULL)
    g_hash_table_unref (match->done);
  g_free (match->specs[0]);
  g_free (match->specs[1]);
  g_free (match->positions);
  g_free (match->positions_label);
  g_free (match->first_movers);
  g_free (match->order);
  g_free (match->summary.per_position);
  g_mutex_clear (&match->lock);
  g_cond_clear (&match->changed);
  g_free (match);
}

/* ------------------------------------------------------------------------ */
/* Playing */

/* The judge's time for the moves of one game: a searcher that judges
   rules no closed form knows (misère play on several heaps of a set) can
   search millions of nodes a position without a proof; what it has not
   judged by then is counted as unchecked, not waited for. */
#define JUDGE_GAME_SECONDS 3.0

/* What the solver says of a position: 1 won, -1 lost, 0 unknown (also
   once the game's judging time, up to @deadline, is spent). */
static int
judge (const NimMatch *m, NimPlayer *oracle, NimGrundy *grundy,
       const NimBoard *board, gint64 deadline)
{
  int value;
  guint i, live = 0;
  guint64 h = 0;

  /* Misère play down to one heap that can be played: the outcome is a
     single heap's, which the Grundy table knows, although the game's
     start (several heaps) left the judging to a searcher. */
  for (i = 0; i < board->n_heaps; i++)
    if (board->heaps[i] >= nim_rules_min_take (&oracle->rules))
      {
        live++;
        h = board->heaps[i];
      }
  if (oracle->klass->kind == NIM_PLAYER_SEARCHER && oracle->rules.misere
      && live <= 1)
    {
      gboolean wins = TRUE; /* no move: under misère play the mover wins */

      if (live == 0 || nim_grundy_misere_wins (grundy, h, &wins, NULL))
        return wins ? 1 : -1;
    }
  if (oracle->klass->kind == NIM_PLAYER_SEARCHER)
    {
      double left = (deadline - now (m)) / 1e6;

      if (left <= 0)
        return 0;
      /* A searcher's instance is a NimSearchPlayer. */
      ((NimSearchPlayer *) oracle)->config.time = left;
    }
  return nim_player_evaluate (oracle, board, &value, NULL, NULL) ? value : 0;
}

/* Judges each move of @game, which began at @start: was the mover's
   position won, and did the move leave the opponent a lost one?  Adds
   what each player did to @t; returns what the solver said of each
   position moved from, one per move. */
static NimMatchPosition *
judge_game (const NimMatch *m, const NimGame *game, const NimBoard *start,
            NimPlayer *oracle, NimMatchTally t[2])
{
  guint n = nim_game_get_n_moves (game), i;
  NimMatchPosition *positions = g_new0 (NimMatchPosition, n);
  gint64 deadline = now (m) + (gint64) (JUDGE_GAME_SECONDS * G_USEC_PER_SEC);
  g_autoptr (NimGrundy) grundy = nim_grundy_new (&oracle->rules);
  int value = judge (m, oracle, grundy, start, deadline);

  for (i = 0; i < n; i++)
    {
      const NimGameMove *mv = nim_game_get_move (game, i);
      NimMatchTally *p = &t[mv->player - 1];
      int after = judge (m, oracle, grundy, &mv->after, deadline);

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

/**
 * nim_match_tally_add:
 * @sum: a player's tally so far
 * @t: what to add: another run's or game's tally of the same player
 */
void
nim_match_tally_add (NimMatchTally *sum, const NimMatchTally *t)
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

/* With the lock held, after a pair is complete: the SPRT's LLR, and the
   end of the run once it crosses a bound (not a shard's).  The games in
   progress still finish and are counted; the decision is the first crossing's.
 */
static void
sprt_update (NimMatch *m)
{
  NimMatchSummary *s = &m->summary;

  if (!m->config.sprt_enabled)
    return;
  s->llr = nim_sprt_llr (&m->config.sprt, s->pair_counts);
  if (s->decision == NIM_SPRT_NONE)
    {
      s->decision = nim_sprt_decide (&m->config.sprt, s->llr);
      /* A shard sees only some of the pairs: it plays all of them, and
         the test is decided over the shards together (--summarize). */
      if (s->decision != NIM_SPRT_NONE && m->config.shards <= 1)
        m->stop = TRUE;
    }
}

/* The index in the summary's per_position of pair @pair's position. */
static guint
position_index (const NimMatch *m, gint64 pair)
{
  if (m->config.n_positions == 0)
    return 0;
  return suite_index (&m->config, m->order, (guint64) pair);
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
    nim_match_tally_add (&s->players[i], &t[i]);
  if (s->per_position != NULL)
    {
      NimMatchPositionTally *p = &s->per_position[position_index (m, pair)];

      for (i = 0; i < 2; i++)
        p->blunders[i] += t[i].won_positions - t[i].kept;
    }
  state = GPOINTER_TO_UINT (g_hash_table_lookup (m->open_pairs, &pair));
  if (game % 2 == 0)
    state |= PAIR_DONE0 | (winner == 1 ? PAIR_WON0 : 0);
  else
    state |= PAIR_DONE1 | (winner == 1 ? PAIR_WON1 : 0);
  if ((state & (PAIR_DONE0 | PAIR_DONE1)) == (PAIR_DONE0 | PAIR_DONE1))
    {
      s->pair_counts[2 - !!(state & PAIR_WON0) - !!(state & PAIR_WON1)]++;
      if (s->per_position != NULL)
        s->per_position[position_index (m, pair)]
            .pair_counts[2 - !!(state & PAIR_WON0) - !!(state & PAIR_WON1)]++;
      g_hash_table_remove (m->open_pairs, &pair);
      nim_stats_elo_estimate (s->pair_counts, &s->elo);
      sprt_update (m);
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
  if (!slot_start (slot, m, &start, m->config.first_game + index, &oracle,
                   error))
    return FALSE;
  game = nim_game_new (&m->config.rules, &start, slot->players[0],
                       slot->players[1], game_first_mover (m, index));
  if (m->config.tc_seconds > 0)
    nim_game_set_clock (game, m->config.tc_seconds, m->config.tc_increment);
  if (!nim_game_play (game, error))
    return FALSE;
  winner = nim_game_get_winner (game);
  t[winner - 1].wins = 1;
  if (nim_game_get_end (game) != NIM_END_NORMAL)
    t[nim_game_get_end_player (game) - 1].forfeits[nim_game_get_end (game)]
        = 1;
  positions = judge_game (m, game, &start, oracle, t);

  /* Ctrl-C stops the solver's searches too: a game judged only in part
     is abandoned like the games still being played. */
  if (nim_interrupted ())
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_INTERRUPTED, _ ("interrupted"));
      return FALSE;
    }

  /* The program hears of the game first: a game is counted only once
     the program has it (its results line written).  Without the run's
     lock, so that the jobs make their records at once (a record costs
     about what a short game does). */
  finished.number = m->config.first_game + index + 1;
  finished.game = game;
  finished.positions = positions;
  finished.tallies = t;
  if (m->callbacks.game_finished != NULL)
    ok = m->callbacks.game_finished (m->data, &finished, error);
  if (ok)
    {
      g_mutex_lock (&m->lock);
      count_game (m, index, winner, t);
      g_mutex_unlock (&m->lock);
    }
  return ok;
}

/**
 * nim_match_config_games_to_play:
 * @config: what to play
 *
 * Returns: how many of @config's games this process plays: all of them,
 *   or those of its shard
 */
guint64
nim_match_config_games_to_play (const NimMatchConfig *config)
{
  guint64 lo, hi, r;

  if (config->shards <= 1)
    return config->games;
  /* The pairs numbered lo to hi, those congruent to r modulo shards. */
  lo = config->first_game / 2 + 1;
  hi = lo + config->games / 2 - 1;
  r = config->shard % config->shards;
  return 2
         * ((hi + config->shards - r) / config->shards
            - (lo - 1 + config->shards - r) / config->shards);
}

/**
 * nim_match_config_plays_game:
 * @config: what to play
 * @game: a game's index in @config's run, from 0
 *
 * Returns: whether @game is one of the shard's (every game without
 *   shards)
 */
gboolean
nim_match_config_plays_game (const NimMatchConfig *config, guint64 game)
{
  guint64 pair = (config->first_game + game) / 2 + 1;

  return config->shards <= 1
         || pair % config->shards == config->shard % config->shards;
}

/* Whether game @index is still to be played, with the lock held: one of
   the shard's, and not finished in an earlier run. */
static gboolean
game_wanted (const NimMatch *m, guint64 index)
{
  gint64 key = (gint64) index;

  return nim_match_config_plays_game (&m->config, index)
         && index >= m->done_below && !g_hash_table_contains (m->done, &key);
}

/**
 * nim_match_add_finished:
 * @match: a run not running yet, or a counter (nim_match_new_counter())
 * @number: a game's number, as #NimMatchGame has it
 * @tallies: what its players did, as #NimMatchGame has it; the winner is
 *   the one with a win
 *
 * Counts a game finished earlier, read back from a results file, as if
 * it had just been played (the SPRT included), and leaves it out of the
 * games nim_match_run() plays.  A game already counted is not counted
 * again.
 *
 * Returns: %TRUE if the game was counted; %FALSE for a number outside
 *   the run or a game counted already
 */
gboolean
nim_match_add_finished (NimMatch *match, guint64 number,
                        const NimMatchTally tallies[2])
{
  NimMatch *m = match;
  guint64 index;
  gint64 key;

  if (number <= m->config.first_game
      || number > m->config.first_game + m->config.games)
    return FALSE;
  index = number - m->config.first_game - 1;
  key = (gint64) index;
  if (index < m->done_below || g_hash_table_contains (m->done, &key))
    return FALSE;
  g_hash_table_add (m->done, g_memdup2 (&key, sizeof key));
  while (TRUE)
    {
      key = (gint64) m->done_below;
      if (!g_hash_table_remove (m->done, &key))
        break;
      m->done_below++;
    }
  count_game (m, index, tallies[0].wins > 0 ? 1 : 2, tallies);
  return TRUE;
}

/* A job: plays the next game not yet started until there is none, or the
   run stops. */
static void
run_job (gpointer data, gpointer user_data)
{
  Slot *slot = data;
  NimMatch *m = user_data;

  /* For good: the pool's threads end with the run.  An engine restarted
     after a failure is started from here, and so pinned too. */
  pin_thread (slot->cpu, FALSE);
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      guint64 index;

      g_mutex_lock (&m->lock);
      while (m->next < m->config.games && !game_wanted (m, m->next))
        m->next++;
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
              g_prefix_error (
                  &error, _ ("game %llu: "),
                  (unsigned long long) (m->config.first_game + index + 1));
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
      /* The wait is on the real clock, the times reported on the run's. */
      g_cond_wait_until (&m->changed, &m->lock,
                         g_get_monotonic_time () + G_TIME_SPAN_SECOND / 4);
      if (nim_interrupted () && !m->stopped)
        {
          m->stopped = TRUE;
          m->stop = TRUE;
          if (m->callbacks.interrupted != NULL)
            m->callbacks.interrupted (m->data, &m->summary);
        }
      if (!m->stopped && m->callbacks.progress != NULL)
        m->callbacks.progress (m->data, &m->summary, (now (m) - t0) / 1e6);
    }
}

/**
 * nim_match_stop:
 * @match: a run, running or not yet
 *
 * Ends the run as the SPRT's decision does: no game is started any more,
 * and the games in progress finish and are counted.  For a shard whose
 * test is decided over the shards together, which only the program can
 * learn.  May be called from any thread; before nim_match_run() it plays
 * no game at all.
 */
void
nim_match_stop (NimMatch *match)
{
  g_mutex_lock (&match->lock);
  match->stop = TRUE;
  g_mutex_unlock (&match->lock);
}

/**
 * nim_match_set_clock:
 * @match: a run not running yet
 * @clock: the clock to read its times from
 * @data: passed to @clock
 *
 * Makes the run read its times from @clock rather than from
 * g_get_monotonic_time(): the seconds it reports (the progress, the
 * summary) and the judge's time for each game.  A test's clock makes
 * them what it says, at once: the searches themselves, and the pauses
 * between two reports, keep the real clock.
 */
void
nim_match_set_clock (NimMatch *match, NimMatchClockFunc clock, gpointer data)
{
  match->clock = clock;
  match->clock_data = data;
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
 * at the next look at the clock) and not counted.  The players, engines
 * among them, are gone when this returns.
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
  gint64 t0 = now (m);
  guint j;

  m->callbacks = callbacks != NULL ? *callbacks : none;
  m->data = data;
  pool = g_thread_pool_new (run_job, m, (gint) m->config.jobs, TRUE, &local);
  /* GLib returns the pool even when it could not start its threads (no
     memory for their stacks): waiting for its jobs would never end. */
  if (pool == NULL || local != NULL)
    {
      if (pool != NULL)
        g_thread_pool_free (pool, TRUE, FALSE);
      g_propagate_prefixed_error (
          error, g_steal_pointer (&local),
          g_dngettext (GETTEXT_PACKAGE, "cannot start %u job: ",
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
  m->summary.seconds = (now (m) - t0) / 1e6;
  /* The players end with the run, engines stopped (their process groups
     ended), before the program writes a word of its summary: a program
     that dies writing it (SIGPIPE, the reader of its output gone at
     Ctrl-C) leaves no engine running. */
  for (j = 0; j < m->config.jobs; j++)
    slot_clear (&m->slots[j]);
  m->summary.interrupted = m->stopped && m->summary.finished < m->config.games;

  if (m->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&m->error));
      return FALSE;
    }
  return TRUE;
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
