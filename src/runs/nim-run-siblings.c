/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run-siblings.c -- the shards of an SPRT run in one directory: each
 * follows the others' results files and stops once the test over their
 * pairs together is decided
 *
 * A shard of an --sprt run sees only its own pairs, so alone it would
 * play every one of them.  Shards whose results files are in one
 * directory (the shared file system of a cluster) need no server to
 * stop together: between its games a shard reads what the files of the
 * directory gained since it last looked (the records of the same run,
 * each checked as --summarize checks it), feeds them to the SPRT over
 * the contiguous prefix of pairs (nim-shards) and stops once that is
 * decided, which is the decision, after the same pair, that one machine
 * makes.  Each shard decides alone from the same files; a shard that
 * dies stops the prefix growing, and the others play on; a shard
 * resumed joins again.  Anything else in the directory (other runs,
 * other files, a file being written or damaged) is passed over. */

#include "config.h"

#include "nim-run-siblings.h"

#include <glib/gstdio.h>
#include <sys/stat.h>

/* How often a shard looks: after so many of its own games, or when so
   long has passed since the last look, whichever comes first. */
#define POLL_GAMES 16
#define POLL_INTERVAL (G_TIME_SPAN_SECOND / 2)
/* What one look reads at most of all the files together, and the most
   files of the directory followed. */
#define POLL_BUDGET (8 * 1024 * 1024)
#define MAX_FILES 10000

struct _NimRunSiblings
{
  GMutex lock;
  const NimRunConfig *run;
  char *id;
  char *dir;
  dev_t own_dev; /* the results file this shard writes */
  ino_t own_ino;
  NimSprtPrefix *prefix;
  GHashTable *tails; /* name in dir -> NimRunFileTail */
  NimRunFileTail *own;
  guint since;  /* own games since the last look */
  gint64 last;  /* when it was */
  guint cursor; /* the file the last look's budget ran out at */
};

static void
add_game (gpointer data, guint64 number, const NimMatchTally tallies[2])
{
  NimRunSiblings *s = data;

  nim_sprt_prefix_add_game (s->prefix, number, tallies[0].wins > 0 ? 1 : 2);
}

/**
 * nim_run_siblings_new:
 * @run: the run, an SPRT's shard; it must outlive the reader
 * @id: the run's ID
 * @results: the results file this shard writes, already open: its games
 *   so far are counted, and the other shards' files in its directory are
 *   followed
 *
 * Returns: (transfer full): the shards' test, over no pair yet
 */
NimRunSiblings *
nim_run_siblings_new (const NimRunConfig *run, const char *id,
                      const char *results)
{
  NimRunSiblings *s = g_new0 (NimRunSiblings, 1);
  GStatBuf st;

  g_mutex_init (&s->lock);
  s->run = run;
  s->id = g_strdup (id);
  s->dir = g_path_get_dirname (results);
  s->prefix = nim_sprt_prefix_new (&run->match.sprt, run->match.games / 2,
                                   run->match.shards);
  s->tails = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                    (GDestroyNotify) nim_run_file_tail_free);
  if (g_stat (results, &st) == 0)
    {
      s->own_dev = st.st_dev;
      s->own_ino = st.st_ino;
      s->own = nim_run_file_tail_new (run, id, results, TRUE);
      /* Its games so far (a shard resumed); those to come are told
         (nim_run_siblings_add_own()). */
      while (nim_run_file_tail_read (s->own, POLL_BUDGET, add_game, s) > 0)
        ;
    }
  return s;
}

/**
 * nim_run_siblings_free:
 * @siblings: (nullable): the shards' test
 */
void
nim_run_siblings_free (NimRunSiblings *siblings)
{
  if (siblings == NULL)
    return;
  g_hash_table_unref (siblings->tails);
  nim_run_file_tail_free (siblings->own);
  nim_sprt_prefix_free (siblings->prefix);
  g_free (siblings->dir);
  g_free (siblings->id);
  g_mutex_clear (&siblings->lock);
  g_free (siblings);
}

/* The files of the directory, the new ones followed from now on. */
static GPtrArray *
list_files (NimRunSiblings *s)
{
  g_autoptr (GDir) dir = g_dir_open (s->dir, 0, NULL);
  GPtrArray *tails = g_ptr_array_new ();
  const char *name;

  if (dir == NULL)
    return tails;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      NimRunFileTail *tail = g_hash_table_lookup (s->tails, name);

      if (tail == NULL)
        {
          g_autofree char *path = NULL;
          GStatBuf st;

          if (g_hash_table_size (s->tails) >= MAX_FILES)
            continue;
          path = g_build_filename (s->dir, name, NULL);
          /* Its own file is read through the descriptor kept open: a
             close would release the process's locks on it.  What is not
             a regular file (a FIFO) is passed over before it is opened. */
          if (g_stat (path, &st) == 0
              && (!S_ISREG (st.st_mode)
                  || (st.st_dev == s->own_dev && st.st_ino == s->own_ino)))
            tail = NULL;
          else
            tail = nim_run_file_tail_new (s->run, s->id, path, FALSE);
          g_hash_table_insert (s->tails, g_strdup (name), tail);
        }
      if (tail != NULL && !nim_run_file_tail_ignored (tail))
        g_ptr_array_add (tails, tail);
    }
  return tails;
}

/* Reads what the files gained, up to the budget of a look; the next look
   goes on where this one ran out. */
static void
look (NimRunSiblings *s)
{
  g_autoptr (GPtrArray) tails = list_files (s);
  guint64 budget = POLL_BUDGET;
  guint i;

  for (i = 0; i < tails->len && budget > 0; i++)
    {
      NimRunFileTail *tail = tails->pdata[(s->cursor + i) % tails->len];

      budget
          -= MIN (budget, nim_run_file_tail_read (tail, budget, add_game, s));
    }
  s->cursor = tails->len > 0 ? (s->cursor + i) % tails->len : 0;
}

/**
 * nim_run_siblings_add_own:
 * @siblings: the shards' test
 * @number: a game of this shard, just written to its results file
 * @winner: who won it, 1 or 2
 *
 * Counts a game of this shard's.  May be called from several threads.
 */
void
nim_run_siblings_add_own (NimRunSiblings *siblings, guint64 number,
                          guint winner)
{
  g_mutex_lock (&siblings->lock);
  nim_sprt_prefix_add_game (siblings->prefix, number, winner);
  g_mutex_unlock (&siblings->lock);
}

/**
 * nim_run_siblings_poll:
 * @siblings: the shards' test
 * @now: look at once; else only after %POLL_GAMES calls or
 *   %POLL_INTERVAL since the last look (a call is a game of this shard
 *   finished)
 *
 * Reads what the results files of the directory gained since the last
 * look, when it is time to.  May be called from several threads: a call
 * while another looks returns at once.
 *
 * Returns: whether the test over the shards' pairs is decided
 */
gboolean
nim_run_siblings_poll (NimRunSiblings *siblings, gboolean now)
{
  NimRunSiblings *s = siblings;
  gboolean decided;
  gint64 t = g_get_monotonic_time ();

  if (now)
    g_mutex_lock (&s->lock);
  else if (!g_mutex_trylock (&s->lock))
    return FALSE;
  if (now || ++s->since >= POLL_GAMES || t - s->last >= POLL_INTERVAL)
    {
      if (nim_sprt_prefix_decision (s->prefix) == NIM_SPRT_NONE)
        look (s);
      s->since = 0;
      s->last = t;
    }
  decided = nim_sprt_prefix_decision (s->prefix) != NIM_SPRT_NONE;
  g_mutex_unlock (&s->lock);
  return decided;
}

/**
 * nim_run_siblings_get:
 * @siblings: the shards' test
 * @state: (out): the SPRT over the pairs of the run read so far
 */
void
nim_run_siblings_get (NimRunSiblings *siblings, NimSprtPrefixState *state)
{
  g_mutex_lock (&siblings->lock);
  nim_sprt_prefix_get (siblings->prefix, state);
  g_mutex_unlock (&siblings->lock);
}
