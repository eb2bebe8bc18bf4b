/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-sequence.c -- the Grundy values of a take-and-break code, by the
   sparse-space method, and their period proven by the octal periodicity
   theorem

   The value of a heap of n is the mex of the values its moves leave; a
   split into a + b leaves G(a) XOR G(b), so the definition costs a scan
   of every split, time quadratic in n.  Most codes show what Berlekamp
   called the sparse space: some bit mask M splits the values into a few
   "rare" ones, whose bits under M are even in number, and many "common"
   ones, odd.  Rare XOR rare and common XOR common are rare; only rare XOR
   common is common.  So every common value a heap of n can reach comes
   from a split with one rare part: a loop over the rare heaps so far
   (some 1,600 for 0.6 at n = 2^24) finds them all, and the smallest one
   missing is the candidate.  A rare value below it must still be shown
   reachable, by scanning the splits until each is found (a rare value
   comes from two common parts, which are everywhere, so the scan ends
   early); one that is never found is the mex, and a new rare value.

   The mask is the one with fewest rare heaps, found from the counts of
   each value with a Walsh-Hadamard transform (as Flammenkamp and
   tczajka/octal-games do): the count of heaps even under M is
   (W[M] + total) / 2 for the transform W of the counts.  A heap's
   parity can join the value as bit 0 when every splitting digit takes
   matches of one parity j: parts a + b = n - j then have a known sum of
   parities.  A common value keeps the best mask best, so the transform
   runs only when a rare value comes in, and the mask changes only when
   another does better.  Where no mask makes the rare heaps few (a
   quarter of all), every value is a full scan, as the definition says.

   The values are kept in one, two or four bytes each, as their size
   needs, and widened in place when a value needs more.  While they fit
   in the memory the computation may take, they are all in memory.
   Beyond it only two parts are: the first values (the head), which the
   scans read first, and the last ones (the window), which hold every
   split of a rare heap; the values between are read back, when a scan
   reaches that far, from a file every value is written to before it
   leaves the window (the store, a temporary file; a checkpoint keeps
   its own copy of the values, from which the store is made again).
   So the memory stays bounded however far the values go. */
#include "config.h"

#include "nim-sequence.h"

#include "nim-error.h"
#include "nim-i18n.h"
#include "nim-interrupt.h"
#include "nim-memory.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__ ((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* The largest value, in bits, for which a split into rare and common is
   looked for: the transform costs 2^(bits + 1) (bits + 1) steps. */
#define SPARSE_MAX_BITS 16
/* Up to this many bits the transform runs at every rare value; beyond
   it, once the rare heaps have grown by an eighth. */
#define TRANSFORM_ALWAYS_BITS 10
/* A split is used while at most this fraction of the heaps is rare:
   beyond it, the loop over the rare heaps costs as much as a scan. */
#define SPARSE_MAX_SHARE 4
/* Values computed between two looks at Ctrl-C and the clock. */
#define CHECK_EVERY 1024
/* Splits of one digit scanned before those of the next. */
#define SCAN_BLOCK 256
/* The same, in the full scans of the sparse space of a code with one
   splitting digit whose values are all in memory. */
#define SCAN_BLOCK_MEMORY 4096
/* Microseconds between two calls of the progress function. */
#define PROGRESS_EVERY 250000
/* Values read from the store at once, into each of two blocks. */
#define BLOCK_VALUES 65536
/* The fewest values the window and the head hold under a memory bound;
   the window's half must reach past the code's largest take. */
#define MIN_WINDOW 256
#define MIN_HEAD 64
/* Under a bound, this share of it is left for the tables to grow. */
#define TABLE_SLACK 16

/* Values read back from the store: the values from @first, @count of
   them (0: none yet). */
typedef struct
{
  guint8 *data;
  guint64 first;
  guint64 count;
  guint64 used; /* when it was last read, to replace the older block */
} Block;

/* What reads of the store change: kept apart, so that a table that is
   only read (nim_sequence_get() of a const one) can still cache. */
typedef struct
{
  Block blocks[2];
  guint64 clock;
  GError *error; /* the first read that failed */
} Reader;

/* The counts of the values at a power of two (nim_sequence_histogram()). */
typedef struct
{
  guint64 n;
  guint n_values;
  guint32 *values;
  guint64 *counts;
} Snapshot;

struct _NimSequence
{
  NimOctal code;
  NimSequenceMethod method;

  /* The moves: taking j leaves nothing (vanish, a bit per j), one heap
     (takes), or two (splits). */
  guint64 vanish;
  guint32 takes[NIM_OCTAL_MAX_DIGITS];
  guint n_takes;
  guint32 splits[NIM_OCTAL_MAX_DIGITS + 1];
  guint n_splits;
  /* The parity of every split's j, or -1 when they differ. */
  int split_parity;

  /* The values, width bytes each: G(base) .. G(len - 1) in the window,
     win_bytes long.  Without a bound base is 0: the window holds them
     all. */
  guint width;
  guint64 len;
  guint8 *win;
  guint64 base;
  guint64 win_bytes;
  /* Under a bound: G(0) .. G(head_len - 1) in the head too, and every
     value below base in the store. */
  gboolean bounded;
  guint8 *head;
  guint64 head_len;
  guint64 head_bytes;
  guint64 max_memory; /* 0: what the machine can spare */
  /* The store: G(0) .. G(stored - 1), width bytes each, in a file named
     prefix.WIDTH, or a temporary one, already gone from its folder. */
  int store_fd;
  char *store_prefix;
  char *store_file;
  guint64 stored;
  Reader *reader;
  /* The scan's ranges when they are not in memory. */
  guint8 *scratch;
  /* An error no computation can go on from: the store could not be read
     or written. */
  GError *failed;
  /* The error nim_sequence_stop() asked the computation to stop with. */
  GError *stop;

  guint max_value;
  guint64 max_at;

  /* Every value so far is below 2^bits, and so is every XOR of two.
     stamp[v] == epoch: v is an option of the heap being computed. */
  guint bits;
  guint32 *stamp;
  guint32 epoch;

  /* vcount[v]: how many of the heaps 1 .. len - 1 have the value v; and
     its copies at every power of two so far. */
  guint64 *vcount;
  GArray *snapshots;

  /* The sparse space: count[v << 1 | parity] of the heaps 1 .. len - 1,
     the mask in force (0: none, full scans) and the rare heaps under it;
     for either parity of the heap's splits, the values of each kind in
     ascending order (kinds[p][0 .. n_common[p] - 1] common, then the
     rare ones). */
  gboolean counting;
  guint64 *count;
  gint64 *transform;
  guint64 mask;
  /* The rare heaps negated, in ascending order of heap: G(m - a) is
     one load at rare_back[i] from &G(m), no negation in the hot loop. */
  gint64 *rare_back;
  guint32 *rare_values;
  gsize n_rare;
  gsize rare_alloc;
  gsize chosen_rare; /* the rare heaps when the mask was chosen */
  guint32 *kinds[2];
  guint n_common[2];
  /* Bit i: whether (i << 1) & mask has odd parity, i < 64 (the kinds of
     64 values at a time, see finders ()). */
  guint64 common_low;
  /* The rare values below the candidate not yet found: wanted[v] is 1
     for each, and targets lists them in ascending order. */
  guint8 *wanted;
  guint32 *targets;

  /* The heap nim_sequence_prove() computes to now: a restored table goes
     on to it, as the run that saved it would have. */
  guint64 goal;

  NimSequenceStats stats;
  NimSequenceProgress progress;
  gpointer progress_data;
};

/* The value at the signed index @i from @g, @w bytes each: negative
   from a pointer into the values, as the rare heaps are kept. */
static ALWAYS_INLINE guint
get_back (const guint8 *g, gint64 i, guint w)
{
  switch (w)
    {
    case 1:
      return g[i];
    case 2:
      return ((const guint16 *) (gconstpointer) g)[i];
    default:
      return ((const guint32 *) (gconstpointer) g)[i];
    }
}

static ALWAYS_INLINE guint
get_w (const guint8 *g, guint64 i, guint w)
{
  return get_back (g, (gint64) i, w);
}

static ALWAYS_INLINE void
set_w (guint8 *g, guint64 i, guint v, guint w)
{
  switch (w)
    {
    case 1:
      g[i] = (guint8) v;
      break;
    case 2:
      ((guint16 *) (gpointer) g)[i] = (guint16) v;
      break;
    default:
      ((guint32 *) (gpointer) g)[i] = v;
      break;
    }
}

static guint get_cold (const NimSequence *self, guint64 i);
static void fit_bound (NimSequence *self);
static gboolean check_failed (NimSequence *self, GError **error);

/* The values read or written at once: fewer under a small bound, whose
   memory they count in. */
static inline guint64
chunk_values (const NimSequence *self)
{
  if (self->max_memory == 0)
    return BLOCK_VALUES;
  return CLAMP (self->max_memory / 256, 64, BLOCK_VALUES);
}

/* G(@i), wherever it is kept. */
static inline guint
get (const NimSequence *self, guint64 i)
{
  if (G_LIKELY (i >= self->base))
    return get_w (self->win, i - self->base, self->width);
  return get_cold (self, i);
}

static inline guint
parity (guint64 x)
{
  return (guint) __builtin_parityll (x);
}

/* The kind of heap a: 0 rare, 1 common, under @mask. */
static inline guint
heap_kind (const NimSequence *self, guint64 mask, guint64 a, guint v)
{
  guint64 p = (a ^ (guint64) MAX (self->split_parity, 0)) & 1;

  return parity ((((guint64) v << 1) | p) & mask);
}

/* Sets @error to say that the values cannot be written to the store
   (@writing) or read back from it, for @errsv. */
static void
store_error (const NimSequence *self, GError **error, gboolean writing,
             int errsv)
{
  const char *file
      = self->store_file != NULL ? self->store_file : _ ("a temporary file");

  if (writing)
    g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                 /* TRANSLATORS: the first %s is a file name, or "a
                    temporary file"; the second why. */
                 _ ("cannot write the values to %s: %s"), file,
                 g_strerror (errsv));
  else
    g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                 /* TRANSLATORS: the first %s is a file name, or "a
                    temporary file"; the second why. */
                 _ ("cannot read the values back from %s: %s"), file,
                 g_strerror (errsv));
}

/* Writes @count values of @data to the store from value @first. */
static gboolean
store_write (NimSequence *self, guint64 first, const guint8 *data,
             guint64 count, GError **error)
{
  guint64 done = 0, bytes = count * self->width;

  while (done < bytes)
    {
      ssize_t n = pwrite (self->store_fd, data + done, bytes - done,
                          (off_t) (first * self->width + done));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          store_error (self, error, TRUE, n < 0 ? errno : ENOSPC);
          return FALSE;
        }
      done += (guint64) n;
    }
  return TRUE;
}

/* Reads @count values from value @first of the store into @data. */
static gboolean
store_read (const NimSequence *self, guint64 first, guint8 *data,
            guint64 count, GError **error)
{
  guint64 done = 0, bytes = count * self->width;

  while (done < bytes)
    {
      ssize_t n = pread (self->store_fd, data + done, bytes - done,
                         (off_t) (first * self->width + done));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          store_error (self, error, FALSE, n < 0 ? errno : EIO);
          return FALSE;
        }
      done += (guint64) n;
    }
  return TRUE;
}

/* G(@i) for i below the window: from the head, or a block of the store
   (the older of two replaced).  A read that fails gives 0 and is kept
   in the reader, which nim_sequence_extend() then reports. */
static guint
get_cold (const NimSequence *self, guint64 i)
{
  Reader *reader = self->reader;
  Block *b;
  guint k;

  if (i < self->head_len)
    return get_w (self->head, i, self->width);
  g_assert (i < self->stored && reader != NULL && reader->blocks[0].data);
  for (k = 0; k < 2; k++)
    {
      b = &reader->blocks[k];
      if (b->count > 0 && i >= b->first && i < b->first + b->count)
        {
          b->used = ++reader->clock;
          return get_w (b->data, i - b->first, self->width);
        }
    }
  b = reader->blocks[0].used <= reader->blocks[1].used ? &reader->blocks[0]
                                                       : &reader->blocks[1];
  b->first = i - MIN (i, chunk_values (self) / 2);
  b->count = MIN (chunk_values (self), self->stored - b->first);
  b->used = ++reader->clock;
  if (!store_read (self, b->first, b->data, b->count,
                   reader->error == NULL ? &reader->error : NULL))
    {
      b->count = 0;
      return 0;
    }
  return get_w (b->data, i - b->first, self->width);
}

/* Forgets the blocks read, whose width or contents changed. */
static void
reader_forget (NimSequence *self)
{
  if (self->reader != NULL)
    {
      self->reader->blocks[0].count = 0;
      self->reader->blocks[1].count = 0;
    }
}

/* Copies G(@from) .. G(@from + @count - 1) into @out, wherever they are
   kept.  Returns FALSE (with @error) only when the store cannot be
   read. */
static gboolean
read_values (const NimSequence *self, guint64 from, guint64 count, guint8 *out,
             GError **error)
{
  guint w = self->width;

  while (count > 0)
    {
      guint64 n;

      if (from >= self->base)
        {
          memcpy (out, self->win + (from - self->base) * w, count * w);
          return TRUE;
        }
      if (from < self->head_len)
        {
          n = MIN (count, self->head_len - from);
          memcpy (out, self->head + from * w, n * w);
        }
      else
        {
          n = MIN (count, self->base - from);
          if (!store_read (self, from, out, n, error))
            return FALSE;
        }
      from += n;
      out += n * w;
      count -= n;
    }
  return TRUE;
}

/* A pointer to G(@from) .. G(@from + @count - 1): into memory where they
   are all there, else to @buf, filled.  A read of the store that fails
   is kept in self->failed (the values read as 0). */
static ALWAYS_INLINE const guint8 *
values_at (NimSequence *self, guint64 from, guint64 count, guint8 *buf)
{
  if (G_LIKELY (from >= self->base))
    return self->win + (from - self->base) * self->width;
  if (from + count <= self->head_len)
    return self->head + from * self->width;
  if (!read_values (self, from, count, buf,
                    self->failed == NULL ? &self->failed : NULL))
    memset (buf, 0, count * self->width);
  return buf;
}

/* The bytes the tables take, the values apart. */
static guint64
table_bytes (const NimSequence *self)
{
  guint64 n_all = G_GUINT64_CONSTANT (1) << self->bits, bytes, i;

  bytes = (n_all + 1) * sizeof (guint32) + n_all * sizeof (guint64);
  if (self->counting)
    bytes += 2 * n_all * (sizeof (guint64) + sizeof (gint64));
  if (self->kinds[0] != NULL)
    bytes += 2 * n_all * sizeof (guint32) + (n_all + 1)
             + n_all * sizeof (guint32);
  bytes += self->rare_alloc * (sizeof (gint64) + sizeof (guint32));
  if (self->reader != NULL && self->reader->blocks[0].data != NULL)
    bytes += 2 * chunk_values (self) * 4;
  if (self->scratch != NULL)
    bytes += 2 * SCAN_BLOCK * 4;
  if (self->snapshots != NULL)
    for (i = 0; i < self->snapshots->len; i++)
      bytes += g_array_index (self->snapshots, Snapshot, i).n_values
               * (sizeof (guint32) + sizeof (guint64));
  return bytes;
}

/* The bytes the computation holds. */
static guint64
held_bytes (const NimSequence *self)
{
  return table_bytes (self) + self->win_bytes + self->head_bytes;
}

/* What the computation may take: the bound set, or what the machine can
   spare and what it holds already; G_MAXUINT64 when nobody says. */
static guint64
memory_limit (const NimSequence *self)
{
  guint64 available;

  if (self->max_memory != 0)
    return self->max_memory;
  available = nim_memory_available ();
  if (available == 0)
    return G_MAXUINT64;
  return available + held_bytes (self);
}

/* The bytes the values may take: the limit less the tables, and under a
   bound set, room for the tables to grow. */
static guint64
values_budget (const NimSequence *self)
{
  guint64 limit = memory_limit (self), tables = table_bytes (self);

  if (limit == G_MAXUINT64)
    return limit;
  if (self->max_memory != 0)
    tables += limit / TABLE_SLACK;
  return limit > tables ? limit - tables : 0;
}

/**
 * nim_sequence_new:
 * @code: a take-and-break code
 * @method: how to compute the values; %NIM_SEQUENCE_SPARSE unless the
 *   definition itself is wanted
 *
 * Returns: (transfer full): an empty table of @code's Grundy values; fill
 *   it with nim_sequence_extend()
 */
NimSequence *
nim_sequence_new (const NimOctal *code, NimSequenceMethod method)
{
  NimSequence *self = g_new0 (NimSequence, 1);
  guint j;

  self->code = *code;
  self->method = method;
  self->split_parity = -2;
  for (j = 0; j <= code->n_digits; j++)
    {
      guint d = code->digits[j];

      if ((d & NIM_OCTAL_VANISH) && j > 0)
        self->vanish |= G_GUINT64_CONSTANT (1) << j;
      if ((d & NIM_OCTAL_ONE) && j > 0)
        self->takes[self->n_takes++] = j;
      if (d & NIM_OCTAL_TWO)
        {
          self->splits[self->n_splits++] = j;
          if (self->split_parity == -2)
            self->split_parity = (int) (j & 1);
          else if (self->split_parity != (int) (j & 1))
            self->split_parity = -1;
        }
    }
  if (self->split_parity == -2)
    self->split_parity = -1;
  self->width = 1;
  self->bits = 1;
  self->store_fd = -1;
  self->stamp = g_new0 (guint32, (1u << self->bits) + 1);
  self->vcount = g_new0 (guint64, 1u << self->bits);
  self->snapshots = g_array_new (FALSE, TRUE, sizeof (Snapshot));
  self->counting = method == NIM_SEQUENCE_SPARSE && self->n_splits > 0;
  if (self->counting)
    {
      self->count = g_new0 (guint64, 2u << self->bits);
      self->transform = g_new0 (gint64, 2u << self->bits);
    }
  return self;
}

/**
 * nim_sequence_free:
 * @sequence: (nullable): a table
 *
 * Frees the table; the temporary file the values were kept in goes
 * too.
 */
void
nim_sequence_free (NimSequence *sequence)
{
  guint i;

  if (sequence == NULL)
    return;
  if (sequence->store_fd >= 0)
    close (sequence->store_fd);
  g_free (sequence->store_prefix);
  g_free (sequence->store_file);
  if (sequence->reader != NULL)
    {
      g_free (sequence->reader->blocks[0].data);
      g_free (sequence->reader->blocks[1].data);
      g_clear_error (&sequence->reader->error);
      g_free (sequence->reader);
    }
  g_clear_error (&sequence->failed);
  g_clear_error (&sequence->stop);
  g_free (sequence->scratch);
  g_free (sequence->win);
  g_free (sequence->head);
  g_free (sequence->stamp);
  g_free (sequence->vcount);
  for (i = 0; i < sequence->snapshots->len; i++)
    {
      Snapshot *s = &g_array_index (sequence->snapshots, Snapshot, i);

      g_free (s->values);
      g_free (s->counts);
    }
  g_array_unref (sequence->snapshots);
  g_free (sequence->count);
  g_free (sequence->transform);
  g_free (sequence->rare_back);
  g_free (sequence->rare_values);
  g_free (sequence->wanted);
  g_free (sequence->targets);
  g_free (sequence->kinds[0]);
  g_free (sequence->kinds[1]);
  g_free (sequence);
}

/**
 * nim_sequence_set_progress:
 * @sequence: a table
 * @progress: (nullable): called about four times a second while
 *   nim_sequence_extend() or nim_sequence_prove() computes
 * @user_data: passed to @progress
 */
void
nim_sequence_set_progress (NimSequence *sequence, NimSequenceProgress progress,
                           gpointer user_data)
{
  sequence->progress = progress;
  sequence->progress_data = user_data;
}

/* The fewest bytes a bound must leave the values: the head's and the
   window's least at four bytes a value, two windows' worth of slack
   over the tables. */
static guint64
least_memory (const NimSequence *self)
{
  guint64 values = (MIN_HEAD + MIN_WINDOW) * 4;

  return (table_bytes (self) + values) * TABLE_SLACK / (TABLE_SLACK - 1) + 1;
}

/**
 * nim_sequence_set_max_memory:
 * @sequence: a table
 * @bytes: the most memory the computation may take, its values and its
 *   tables; 0 for what the machine can spare (MemAvailable)
 * @error: return location for a #NIM_ERROR_USAGE error: @bytes is less
 *   than the computation needs at least
 *
 * Bounds the memory the table takes.  The values that do not fit are
 * kept in a temporary file, and
 * read back when a scan reaches them.
 *
 * Returns: %TRUE if the bound is taken
 */
gboolean
nim_sequence_set_max_memory (NimSequence *sequence, guint64 bytes,
                             GError **error)
{
  guint64 least = least_memory (sequence);

  if (bytes != 0 && bytes < least)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: the sizes are in KiB. */
                   _ ("a memory bound of %llu KiB is less than the %llu KiB "
                      "the computation needs at least"),
                   (unsigned long long) bytes >> 10,
                   (unsigned long long) (least + 1023) >> 10);
      return FALSE;
    }
  sequence->max_memory = bytes;
  fit_bound (sequence);
  return check_failed (sequence, error);
}

/* Opens the store at the width in force: prefix.WIDTH, or a temporary
   file, gone from its folder at once. */
static gboolean
open_store (NimSequence *self, GError **error)
{
  int fd;

  if (self->store_prefix == NULL)
    {
      g_autofree char *name = NULL;
      g_autoptr (GError) local = NULL;

      fd = g_file_open_tmp ("nim-values-XXXXXX", &name, &local);
      if (fd < 0)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                       _ ("cannot make a file to keep the values in: %s"),
                       local->message);
          return FALSE;
        }
      unlink (name);
    }
  else
    {
      g_free (self->store_file);
      self->store_file
          = g_strdup_printf ("%s.%u", self->store_prefix, self->width);
      fd = open (self->store_file, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
      if (fd < 0)
        {
          store_error (self, error, TRUE, errno);
          return FALSE;
        }
    }
  self->store_fd = fd;
  if (self->reader == NULL)
    self->reader = g_new0 (Reader, 1);
  return TRUE;
}

/* Writes G(stored) .. G(@upto - 1) to the store (all in the window). */
static gboolean
flush_store (NimSequence *self, guint64 upto, GError **error)
{
  if (self->store_fd < 0 && !open_store (self, error))
    return FALSE;
  if (upto <= self->stored)
    return TRUE;
  g_assert (self->stored >= self->base);
  if (!store_write (self, self->stored,
                    self->win + (self->stored - self->base) * self->width,
                    upto - self->stored, error))
    return FALSE;
  self->stored = upto;
  return TRUE;
}

/* The bytes free where the store is, or G_MAXUINT64 when unknown. */
static guint64
store_free (NimSequence *self)
{
  struct statvfs fs;

  if (self->store_fd < 0 || fstatvfs (self->store_fd, &fs) != 0)
    return G_MAXUINT64;
  return (guint64) fs.f_bavail * (guint64) fs.f_frsize;
}

/* Under a bound from now on: the values go to the store, the head
   keeps the first ones and the window the last ones, in @budget bytes,
   a quarter for the head. */
static gboolean
enter_bounded (NimSequence *self, guint64 budget, GError **error)
{
  guint w = self->width;
  guint64 head_bytes = (budget / 4) & ~G_GUINT64_CONSTANT (7);
  guint64 win_bytes = (budget - head_bytes) & ~G_GUINT64_CONSTANT (7);
  guint64 keep = MIN (self->len, win_bytes / w / 2);

  if (!flush_store (self, self->len, error))
    return FALSE;
  self->head = g_malloc (head_bytes);
  self->head_bytes = head_bytes;
  self->head_len = MIN (self->len, head_bytes / w);
  if (self->len > 0)
    {
      memcpy (self->head, self->win, self->head_len * w);
      memmove (self->win, self->win + (self->len - keep) * w, keep * w);
    }
  self->win = g_realloc (self->win, win_bytes);
  self->win_bytes = win_bytes;
  self->base = self->len - keep;
  self->bounded = TRUE;
  self->scratch = g_malloc (2 * SCAN_BLOCK * 4);
  self->reader->blocks[0].data = g_malloc (chunk_values (self) * 4);
  self->reader->blocks[1].data = g_malloc (chunk_values (self) * 4);
  return TRUE;
}

/* Keeps only the last @keep values in the window, the others written to
   the store first. */
static gboolean
drop_values (NimSequence *self, guint64 keep, GError **error)
{
  guint64 first = self->len - keep;

  if (first <= self->base)
    return TRUE;
  if (!flush_store (self, first, error))
    return FALSE;
  memmove (self->win, self->win + (first - self->base) * self->width,
           keep * self->width);
  self->base = first;
  return TRUE;
}

/* The message of values that fit neither in memory nor in the store. */
static void
no_room (NimSequence *self, guint64 n, guint width, guint64 memory,
         guint64 disk, NimError code, GError **error)
{
  /* In two parts, so that n * width cannot wrap. */
  guint64 mib = (n >> 20) * width + (((n & 0xfffff) * width) >> 20);

  if (disk == G_MAXUINT64)
    g_set_error (error, NIM_ERROR, code,
                 /* TRANSLATORS: G(0) to G(N) are Grundy values; the sizes
                    are in MiB. */
                 _ ("the values G(0) to G(%llu) take %llu MiB at %u bytes "
                    "each, more than the %llu MiB of memory available; ask "
                    "for fewer"),
                 (unsigned long long) n - 1, (unsigned long long) mib, width,
                 (unsigned long long) memory >> 20);
  else
    g_set_error (
        error, NIM_ERROR, code,
        /* TRANSLATORS: G(0) to G(N) are Grundy values; the sizes
           are in MiB; the last %s is a file name, or "a
           temporary file". */
        _ ("the values G(0) to G(%llu) take %llu MiB at %u bytes "
           "each, more than the %llu MiB of memory available and "
           "the %llu MiB free on the disk of %s; ask for fewer"),
        (unsigned long long) n - 1, (unsigned long long) mib, width,
        (unsigned long long) memory >> 20, (unsigned long long) disk >> 20,
        self->store_file != NULL ? self->store_file : _ ("a temporary file"));
}

/* Makes room for G(0) .. G(@n - 1) at @width bytes each (the width in
   force, or a wider one to come): in memory while they fit, else under
   a bound, with the store's disk checked for them.  An error of @code
   when there is no room. */
static gboolean
make_room (NimSequence *self, guint64 n, guint width, NimError code,
           GError **error)
{
  guint64 budget = values_budget (self), disk;
  guint8 *g;

  if (!self->bounded && n <= G_MAXSIZE / 4 && n * width <= budget)
    {
      if (n * width <= self->win_bytes)
        return TRUE;
      g = g_try_realloc (self->win, n * width);
      if (g == NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                       _ ("cannot allocate %llu MiB for the values G(0) to "
                          "G(%llu)"),
                       (unsigned long long) ((n * width) >> 20),
                       (unsigned long long) n - 1);
          return FALSE;
        }
      self->win = g;
      self->win_bytes = n * width;
      return TRUE;
    }
  /* Beyond memory: the store's disk must hold what is not in it yet. */
  if (self->store_fd < 0 && !open_store (self, error))
    return FALSE;
  disk = store_free (self);
  if (n > G_MAXUINT64 / width
      || (disk != G_MAXUINT64
          && n * width > disk + self->stored * self->width))
    {
      no_room (self, n, width, memory_limit (self), disk, code, error);
      return FALSE;
    }
  if (self->bounded)
    return TRUE;
  if (budget < (MIN_HEAD + MIN_WINDOW) * 4)
    {
      if (self->max_memory == 0)
        no_room (self, n, width, memory_limit (self), G_MAXUINT64, code,
                 error);
      else
        g_set_error (error, NIM_ERROR, code,
                     _ ("the computation needs %llu KiB now, more than the "
                        "memory bound of %llu KiB"),
                     (unsigned long long) (least_memory (self) + 1023) >> 10,
                     (unsigned long long) self->max_memory >> 10);
      return FALSE;
    }
  return enter_bounded (self, budget, error);
}

/* Under a bound set, gives back what the tables took since the bound
   came into force: the window first, then the head, keeping their
   least; beyond that the table cannot go on. */
static void
fit_bound (NimSequence *self)
{
  guint64 held = held_bytes (self), over, cut, budget;

  if (self->max_memory == 0 || held <= self->max_memory)
    return;
  /* Without a bound in force yet, the tables' growth brings one in. */
  budget = values_budget (self);
  if (!self->bounded && budget >= (MIN_HEAD + MIN_WINDOW) * 4
      && enter_bounded (self, budget,
                        self->failed == NULL ? &self->failed : NULL))
    held = held_bytes (self);
  if (held <= self->max_memory)
    return;
  over = held - self->max_memory;
  if (!self->bounded)
    goto fail;
  over = (held - self->max_memory + 7) & ~G_GUINT64_CONSTANT (7);
  cut = MIN (over, self->win_bytes - MIN (self->win_bytes, MIN_WINDOW * 4));
  if (cut > 0)
    {
      guint64 bytes = self->win_bytes - cut;

      if (!drop_values (self,
                        MIN (self->len - self->base, bytes / self->width / 2),
                        self->failed == NULL ? &self->failed : NULL))
        return;
      self->win = g_realloc (self->win, bytes);
      self->win_bytes = bytes;
      over -= cut;
    }
  cut = MIN (over, self->head_bytes - MIN (self->head_bytes, MIN_HEAD * 4));
  if (cut > 0)
    {
      self->head_bytes -= cut;
      self->head = g_realloc (self->head, self->head_bytes);
      self->head_len = MIN (self->head_len, self->head_bytes / self->width);
      over -= cut;
    }
  if (over == 0)
    return;
fail:
  if (self->failed == NULL)
    g_set_error (&self->failed, NIM_ERROR, NIM_ERROR_FAILED,
                 /* TRANSLATORS: the sizes are in KiB. */
                 _ ("the computation needs %llu KiB now, more than the "
                    "memory bound of %llu KiB"),
                 (unsigned long long) (least_memory (self) + 1023) >> 10,
                 (unsigned long long) self->max_memory >> 10);
}

/* Gives the first @count values in @g @width bytes each instead of
   @old, in place: from the last one down, so that none is overwritten
   before it is moved. */
static void
widen_buffer (guint8 *g, guint64 count, guint old, guint width)
{
  guint64 i;

  for (i = count; i-- > 0;)
    set_w (g, i, get_w (g, i, old), width);
}

/* Writes the store again at the width in force, from the old one of
   @old bytes a value: a new file, which takes the old one's place. */
static gboolean
widen_store (NimSequence *self, guint old, GError **error)
{
  int old_fd = self->store_fd;
  guint width = self->width;
  guint64 chunk = chunk_values (self), i;
  g_autofree guint8 *in = g_malloc (chunk * 4);
  g_autofree guint8 *out = g_malloc (chunk * 4);

  self->store_fd = -1;
  if (!open_store (self, error))
    {
      self->store_fd = old_fd;
      return FALSE;
    }
  if (ftruncate (self->store_fd, 0) != 0)
    {
      store_error (self, error, TRUE, errno);
      close (old_fd);
      return FALSE;
    }
  for (i = 0; i < self->stored; i += chunk)
    {
      guint64 n = MIN (chunk, self->stored - i), k;
      ssize_t got = pread (old_fd, in, n * old, (off_t) (i * old));

      if (got != (ssize_t) (n * old))
        {
          store_error (self, error, FALSE, got < 0 ? errno : EIO);
          close (old_fd);
          return FALSE;
        }
      for (k = 0; k < n; k++)
        set_w (out, k, get_w (in, k, old), width);
      if (!store_write (self, i, out, n, error))
        {
          close (old_fd);
          return FALSE;
        }
    }
  close (old_fd);
  reader_forget (self);
  return TRUE;
}

/* Gives every value @width bytes: in memory, and in the store. */
static gboolean
widen (NimSequence *self, guint width, GError **error)
{
  guint old = self->width;
  GError *local = NULL;

  if (!self->bounded
      && !make_room (self, self->win_bytes / old, width, NIM_ERROR_FAILED,
                     error))
    return FALSE;
  if (self->bounded)
    {
      /* The buffers keep their bytes: the head holds fewer values, and
         the window drops older ones if it must. */
      if (!drop_values (
              self, MIN (self->len - self->base, self->win_bytes / width / 2),
              error))
        return FALSE;
      self->head_len = MIN (self->head_len, self->head_bytes / width);
      widen_buffer (self->head, self->head_len, old, width);
    }
  widen_buffer (self->win, self->len - self->base, old, width);
  self->width = width;
  if (self->store_fd >= 0 && !widen_store (self, old, &local))
    {
      /* The values in memory are wider and the store is not whole: the
         table cannot go on. */
      self->failed = g_error_copy (local);
      g_propagate_error (error, local);
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_sequence_reserve:
 * @sequence: a table
 * @n: the largest heap whose value will be wanted
 * @error: return location for a #NIM_ERROR_USAGE error: the values fit
 *   neither in the memory the computation may take nor on the disk of
 *   the file they would be kept in
 *
 * Makes room for G(0) .. G(@n) at once, after checking that the memory
 * available holds them: two bytes a value for a code that splits heaps
 * (one while the values stay below 256, but they may not), else what
 * the values take now.  When memory does not hold them, the values are
 * kept in a file and only some in memory, and the file's disk is
 * checked for them instead.
 *
 * Returns: %TRUE if there is room
 */
gboolean
nim_sequence_reserve (NimSequence *sequence, guint64 n, GError **error)
{
  NimSequence *self = sequence;
  guint64 count;
  guint width;

  if (!self->bounded && n < self->win_bytes / self->width)
    return TRUE;
  /* G(0) .. G(G_MAXUINT64) would be 2^64 values: as many as can be
     said, and refused. */
  count = n == G_MAXUINT64 ? n : n + 1;
  width = self->n_splits > 0 ? MAX (self->width, 2) : self->width;
  if (!self->bounded
      && (count > G_MAXSIZE / 4 || count * width > values_budget (self))
      && !make_room (self, count, width, NIM_ERROR_USAGE, error))
    return FALSE;
  return make_room (self, count, self->width, NIM_ERROR_USAGE, error);
}

/* A new mark for the options of the next heap; all marks are cleared
   when the epoch wraps, every 2^32 heaps. */
static inline guint32
next_epoch (NimSequence *self)
{
  if (G_UNLIKELY (++self->epoch == 0))
    {
      memset (self->stamp, 0, ((1u << self->bits) + 1) * sizeof (guint32));
      self->epoch = 1;
    }
  return self->epoch;
}

/* Marks what the moves that take a whole heap, or leave one heap, leave
   from a heap of @n (in the window: it holds the last MIN_WINDOW / 2
   values at least). */
static ALWAYS_INLINE void
mark_takes (NimSequence *self, guint64 n, guint32 e, guint w)
{
  const guint8 *g = self->win;
  guint64 base = self->base;
  guint k;

  if (n < 64 && (self->vanish >> n) & 1)
    self->stamp[0] = e;
  for (k = 0; k < self->n_takes && self->takes[k] < n; k++)
    self->stamp[get_w (g, n - self->takes[k] - base, w)] = e;
}

/* The mex of the options of a heap of @n by the definition: every split
   scanned, a block at a time, from wherever the values are kept. */
static ALWAYS_INLINE guint
mex_full (NimSequence *self, guint64 n, guint w)
{
  guint32 *stamp = self->stamp;
  guint32 e = next_epoch (self);
  guint k, v = 0;

  mark_takes (self, n, e, w);
  for (k = 0; k < self->n_splits; k++)
    {
      guint64 m, half, from;

      if (n < self->splits[k] + 2)
        continue;
      m = n - self->splits[k];
      half = m / 2;
      for (from = 1; from <= half; from += SCAN_BLOCK)
        {
          guint64 count = MIN (SCAN_BLOCK, half - from + 1), i;
          const guint8 *ga = values_at (self, from, count, self->scratch);
          const guint8 *gb = values_at (self, m - from - count + 1, count,
                                        self->scratch + SCAN_BLOCK * 4);

          for (i = 0; i < count; i++)
            stamp[get_w (ga, i, w) ^ get_w (gb, count - 1 - i, w)] = e;
        }
    }
  while (stamp[v] == e)
    v++;
  return v;
}

/* The @i-th rare heap. */
static inline guint64
rare_heap (const NimSequence *self, gsize i)
{
  return (guint64) -self->rare_back[i];
}

/* How many rare heaps are below @m (the parts of a split of @m). */
static inline gsize
rare_below (const NimSequence *self, guint64 m)
{
  gsize lo = 0, hi = self->n_rare;

  if (hi == 0 || rare_heap (self, hi - 1) < m)
    return hi;
  while (lo < hi)
    {
      gsize mid = (lo + hi) / 2;

      if (rare_heap (self, mid) < m)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Looks for the *@missing values marked in @wanted among the @count splits
   ga[i] ^ gb[count - 1 - i], unmarking each one found, until no more
   than @until are missing.  Returns how many splits it looked at. */
static ALWAYS_INLINE guint64
scan (const guint8 *ga, const guint8 *gb, guint64 count, guint8 *wanted,
      guint *missing, guint until, guint w)
{
  guint64 i, last = count - 1;
  guint left = *missing;

  /* Four splits at a time, with one test for the four: most find
     nothing wanted. */
  for (i = 0; i + 4 <= count && left > until; i += 4)
    {
      guint v0 = get_w (ga, i, w) ^ get_w (gb, last - i, w);
      guint v1 = get_w (ga, i + 1, w) ^ get_w (gb, last - i - 1, w);
      guint v2 = get_w (ga, i + 2, w) ^ get_w (gb, last - i - 2, w);
      guint v3 = get_w (ga, i + 3, w) ^ get_w (gb, last - i - 3, w);

      if (G_LIKELY ((wanted[v0] | wanted[v1] | wanted[v2] | wanted[v3]) == 0))
        continue;
      left -= wanted[v0];
      wanted[v0] = 0;
      left -= wanted[v1];
      wanted[v1] = 0;
      left -= wanted[v2];
      wanted[v2] = 0;
      left -= wanted[v3];
      wanted[v3] = 0;
    }
  for (; i < count && left > until; i++)
    {
      guint v = get_w (ga, i, w) ^ get_w (gb, last - i, w);

      left -= wanted[v];
      wanted[v] = 0;
    }
  *missing = left;
  return i;
}

/* The last few missing values, two bytes wide, by vectors.  Most of a
   scan's splits are looked at while one to four values are still
   missing (the rarest ones), and one lookup of a split at a time costs
   about a cycle: a vector of splits compared with each missing value
   costs a fraction.  The finder returns the first block of VEC_SPAN
   splits a[i] ^ b[last - i] (i < count) that holds one of the values in
   t, or where fewer than VEC_SPAN splits are left.  SSE2 is in every
   x86-64; AVX2 is used where the processor has it, chosen once. */
#define VEC_TARGETS 8
#define VEC_SPAN 32

typedef guint64 (*VecFind) (const guint16 *a, const guint16 *b, guint64 last,
                            guint64 count, const guint16 *t, guint nt);

/* The bitset finder (AVX-512): looks for every value set in @bitset
   (bit v & 15 of bitset[v >> 4], 2^BIT_MAX_BITS of them) among the
   @count splits a[i] ^ b[count - 1 - i] of two-byte values, clears each
   one found, and returns whether any is still missing. */
typedef guint (*BitFind) (const guint8 *a, const guint8 *b, guint64 count,
                          guint16 *bitset);
#define BIT_SPAN 32
#define BIT_MAX_BITS 10
/* The splits of each digit a scan looks at one at a time before it
   sets the bitset up. */
#define BIT_FIRST 32

/* The values among @stamp[0 .. 63] marked @e: bit i for stamp[i].  The
   candidate's search reads the marks of 64 values at a time and tells
   the common from the rare ones by bits, not by a list a value at a
   time.  AVX-512, else AVX2, chosen once; without either, the search
   goes a value at a time. */
typedef guint64 (*MarksOf) (const guint32 *stamp, guint32 e);

/* The finders chosen for this processor (NULL: none). */
typedef struct
{
  VecFind vec;
  BitFind bit;
  MarksOf marks;
} Finders;

#if defined(__x86_64__) && defined(__GNUC__)
#define HAVE_VEC_FIND 1
#include <immintrin.h>

/* b[j .. j + 7] in reverse order. */
static inline __m128i
reverse8 (const guint16 *b)
{
  __m128i x = _mm_loadu_si128 ((const __m128i *) (gconstpointer) b);

  x = _mm_shufflelo_epi16 (x, 0x1b);
  x = _mm_shufflehi_epi16 (x, 0x1b);
  return _mm_shuffle_epi32 (x, 0x4e);
}

static guint64
vec_find_sse2 (const guint16 *a, const guint16 *b, guint64 last, guint64 count,
               const guint16 *t, guint nt)
{
  __m128i tv[VEC_TARGETS];
  guint64 i;
  guint k;

  for (k = 0; k < nt; k++)
    tv[k] = _mm_set1_epi16 ((short) t[k]);
  for (i = 0; i + VEC_SPAN <= count; i += VEC_SPAN)
    {
      __m128i hit = _mm_setzero_si128 ();
      guint q;

      for (q = 0; q < VEC_SPAN; q += 8)
        {
          __m128i x = _mm_xor_si128 (
              _mm_loadu_si128 ((const __m128i *) (gconstpointer) (a + i + q)),
              reverse8 (b + last - i - q - 7));

          for (k = 0; k < nt; k++)
            hit = _mm_or_si128 (hit, _mm_cmpeq_epi16 (x, tv[k]));
        }
      if (_mm_movemask_epi8 (hit) != 0)
        return i;
    }
  return i;
}

/* b[j .. j + 15] in reverse order. */
__attribute__ ((target ("avx2"))) static inline __m256i
reverse16 (const guint16 *b)
{
  const __m256i flip = _mm256_setr_epi8 (14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4,
                                         5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11,
                                         8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
  __m256i x = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) b);

  return _mm256_permute4x64_epi64 (_mm256_shuffle_epi8 (x, flip), 0x4e);
}

__attribute__ ((target ("avx2"))) static guint64
vec_find_avx2 (const guint16 *a, const guint16 *b, guint64 last, guint64 count,
               const guint16 *t, guint nt)
{
  __m256i tv[VEC_TARGETS];
  guint64 i;
  guint k;

  for (k = 0; k < nt; k++)
    tv[k] = _mm256_set1_epi16 ((short) t[k]);
  if (nt == 1)
    {
      /* The last missing value, which most splits are scanned for. */
      for (i = 0; i + VEC_SPAN <= count; i += VEC_SPAN)
        {
          __m256i x0 = _mm256_xor_si256 (
              _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (a + i)),
              reverse16 (b + last - i - 15));
          __m256i x1 = _mm256_xor_si256 (
              _mm256_loadu_si256 (
                  (const __m256i *) (gconstpointer) (a + i + 16)),
              reverse16 (b + last - i - 31));
          __m256i hit = _mm256_or_si256 (_mm256_cmpeq_epi16 (x0, tv[0]),
                                         _mm256_cmpeq_epi16 (x1, tv[0]));

          if (!_mm256_testz_si256 (hit, hit))
            return i;
        }
      return i;
    }
  for (i = 0; i + VEC_SPAN <= count; i += VEC_SPAN)
    {
      __m256i x0 = _mm256_xor_si256 (
          _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (a + i)),
          reverse16 (b + last - i - 15));
      __m256i x1 = _mm256_xor_si256 (
          _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (a + i + 16)),
          reverse16 (b + last - i - 31));
      __m256i h0 = _mm256_setzero_si256 (), h1 = _mm256_setzero_si256 ();

      for (k = 0; k < nt; k++)
        {
          h0 = _mm256_or_si256 (h0, _mm256_cmpeq_epi16 (x0, tv[k]));
          h1 = _mm256_or_si256 (h1, _mm256_cmpeq_epi16 (x1, tv[k]));
        }
      h0 = _mm256_or_si256 (h0, h1);
      if (!_mm256_testz_si256 (h0, h0))
        return i;
    }
  return i;
}

/* With AVX-512 (BW), every missing value at once: the wanted values
   are a bitset of 2^10 bits in two registers, and vpermi2w looks up
   the word of 32 splits' values at once, so a split costs a fraction
   of a cycle however many values are missing. */

__attribute__ ((target ("avx512f,avx512bw"))) static guint
bit_find_avx512 (const guint8 *ga, const guint8 *gb, guint64 count,
                 guint16 *bitset)
{
  const guint16 *a = (const guint16 *) (gconstpointer) ga;
  const guint16 *b = (const guint16 *) (gconstpointer) gb;
  static const guint16 flip[BIT_SPAN]
      = { 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16,
          15, 14, 13, 12, 11, 10, 9,  8,  7,  6,  5,  4,  3,  2,  1,  0 };
  const __m512i rev = _mm512_loadu_si512 ((gconstpointer) flip);
  const __m512i low = _mm512_set1_epi16 (15), one = _mm512_set1_epi16 (1);
  __m512i lo = _mm512_loadu_si512 ((gconstpointer) bitset);
  __m512i hi = _mm512_loadu_si512 ((gconstpointer) (bitset + 32));
  guint64 i, last = count - 1;

  for (i = 0; i + BIT_SPAN <= count; i += BIT_SPAN)
    {
      __m512i x = _mm512_xor_si512 (
          _mm512_loadu_si512 ((gconstpointer) (a + i)),
          _mm512_permutexvar_epi16 (
              rev, _mm512_loadu_si512 (
                       (gconstpointer) (b + last - i - (BIT_SPAN - 1)))));
      __m512i word
          = _mm512_permutex2var_epi16 (lo, _mm512_srli_epi16 (x, 4), hi);
      __mmask32 hit = _mm512_test_epi16_mask (
          word, _mm512_sllv_epi16 (one, _mm512_and_si512 (x, low)));
      guint16 xs[BIT_SPAN];

      if (G_LIKELY (hit == 0))
        continue;
      /* Each value found leaves the bitset in the registers: a store of
         a word and a load of the whole would stall. */
      _mm512_storeu_si512 ((gpointer) xs, x);
      for (; hit != 0; hit &= hit - 1)
        {
          guint v = xs[__builtin_ctz (hit)];
          guint64 at = G_GUINT64_CONSTANT (1) << (v >> 4);
          __m512i bit = _mm512_set1_epi16 ((short) (1u << (v & 15)));

          lo = _mm512_mask_mov_epi16 (lo, (__mmask32) at,
                                      _mm512_andnot_si512 (bit, lo));
          hi = _mm512_mask_mov_epi16 (hi, (__mmask32) (at >> 32),
                                      _mm512_andnot_si512 (bit, hi));
        }
      if (_mm512_test_epi16_mask (_mm512_or_si512 (lo, hi),
                                  _mm512_or_si512 (lo, hi))
          == 0)
        {
          _mm512_storeu_si512 ((gpointer) bitset, lo);
          _mm512_storeu_si512 ((gpointer) (bitset + 32), hi);
          return 0;
        }
    }
  _mm512_storeu_si512 ((gpointer) bitset, lo);
  _mm512_storeu_si512 ((gpointer) (bitset + 32), hi);
  if (i == count)
    return 1;
  for (; i < count; i++)
    {
      guint v = a[i] ^ b[last - i];

      bitset[v >> 4] &= (guint16) ~(1u << (v & 15));
    }
  lo = _mm512_or_si512 (_mm512_loadu_si512 ((gconstpointer) bitset),
                        _mm512_loadu_si512 ((gconstpointer) (bitset + 32)));
  return _mm512_test_epi16_mask (lo, lo) != 0;
}

__attribute__ ((target ("avx2"))) static guint64
marks_of_avx2 (const guint32 *stamp, guint32 e)
{
  __m256i ev = _mm256_set1_epi32 ((int) e);
  guint64 bits = 0;
  guint i;

  for (i = 0; i < 64; i += 8)
    {
      __m256i x
          = _mm256_loadu_si256 ((const __m256i *) (gconstpointer) (stamp + i));

      bits |= (guint64) (guint) _mm256_movemask_ps (
                  _mm256_castsi256_ps (_mm256_cmpeq_epi32 (x, ev)))
              << i;
    }
  return bits;
}

__attribute__ ((target ("avx512f"))) static guint64
marks_of_avx512 (const guint32 *stamp, guint32 e)
{
  __m512i ev = _mm512_set1_epi32 ((int) e);
  guint64 bits = 0;
  guint i;

  for (i = 0; i < 64; i += 16)
    bits |= (guint64) _mm512_cmpeq_epi32_mask (
                _mm512_loadu_si512 ((gconstpointer) (stamp + i)), ev)
            << i;
  return bits;
}

/* The finders and the reader of marks this processor runs best, chosen
   once, in one place; the environment variable NIM_VECTORS (plain,
   sse2, avx2 or avx512) chooses lesser ones, so that the tests and
   benchmarks can run each.
   The processor's (or valgrind's) own answer decides, not the build
   machine's. */
static const Finders *
finders (void)
{
  static Finders f;
  static gsize chosen = 0;

  if (g_once_init_enter (&chosen))
    {
      const char *want = g_getenv ("NIM_VECTORS");
      gboolean avx2, avx512f, avx512;

      __builtin_cpu_init ();
      avx2 = __builtin_cpu_supports ("avx2");
      avx512f = __builtin_cpu_supports ("avx512f");
      avx512 = avx512f && __builtin_cpu_supports ("avx512bw");
      f.vec = avx2 ? vec_find_avx2 : vec_find_sse2;
      f.marks = avx2 ? marks_of_avx2 : NULL;
      if (g_strcmp0 (want, "plain") == 0 || g_strcmp0 (want, "sse2") == 0)
        {
          f.vec = g_strcmp0 (want, "sse2") == 0 ? vec_find_sse2 : NULL;
          f.marks = NULL;
        }
      else if (g_strcmp0 (want, "avx2") != 0)
        {
          if (avx512)
            f.bit = bit_find_avx512;
          if (avx512f)
            f.marks = marks_of_avx512;
        }
      g_once_init_leave (&chosen, 1);
    }
  return &f;
}
#endif

/* Looks for the *@missing values marked in @wanted (@targets lists them,
   and others found already) among the @count splits ga[i] ^ gb[count - 1
   - i], as scan () does: one split at a time while many are missing,
   then the last few by vectors. */
static ALWAYS_INLINE guint
scan_all (const guint8 *ga, const guint8 *gb, guint64 count, guint8 *wanted,
          guint32 *targets, guint *n_targets, guint missing, VecFind find,
          guint w)
{
  guint64 i = 0, last = count - 1;

  if (w == 2 && find != NULL && count >= VEC_SPAN)
    {
      const guint16 *a = (const guint16 *) (gconstpointer) ga;
      const guint16 *b = (const guint16 *) (gconstpointer) gb;

      i = scan (ga, gb, count, wanted, &missing, VEC_TARGETS, w);
      while (missing > 0 && count - i >= VEC_SPAN)
        {
          guint16 t[VEC_TARGETS];
          guint nt = 0, k;

          /* The targets found drop out of the list, which stays in
             ascending order. */
          for (k = 0; k < *n_targets; k++)
            if (wanted[targets[k]])
              targets[nt++] = targets[k];
          *n_targets = nt;
          for (k = 0; k < nt; k++)
            t[k] = (guint16) targets[k];
          i += find (a + i, b, last - i, count - i, t, nt);
          if (count - i < VEC_SPAN)
            break;
          scan (ga + i * w, gb + (last - i - (VEC_SPAN - 1)) * w, VEC_SPAN,
                wanted, &missing, 0, w);
          i += VEC_SPAN;
        }
    }
  if (missing > 0 && i < count)
    scan (ga + i * w, gb, count - i, wanted, &missing, 0, w);
  return missing;
}

/* The mex of the options of a heap of @n by the sparse space (see the
   top of the file). */
static ALWAYS_INLINE guint
mex_sparse (NimSequence *self, guint64 n, guint w)
{
  guint32 *stamp = self->stamp;
  guint8 *wanted = self->wanted;
  guint32 *targets = self->targets;
  guint32 e = next_epoch (self);
  guint p = (self->mask & 1) ? (guint) ((n ^ (guint64) self->split_parity) & 1)
                             : 0;
  const guint32 *kinds = self->kinds[p];
  guint n_common = self->n_common[p], n_all = 1u << self->bits;
  guint k, i, candidate = n_all, missing = 0, n_targets, v;
  guint64 from, top, block, start;
  VecFind find = NULL;
  MarksOf marks = NULL;
  BitFind bit = NULL;
  guint16 bitset[1u << (BIT_MAX_BITS - 4)];

  mark_takes (self, n, e, w);
  for (k = 0; k < self->n_splits; k++)
    {
      const gint64 *back = self->rare_back;
      const guint32 *values = self->rare_values;
      const guint8 *g;
      guint64 m;
      gsize r, end, near;

      if (n < self->splits[k] + 2)
        continue;
      m = n - self->splits[k];
      end = rare_below (self, m);
      /* The rare heaps whose other part is in the window: all of them
         without a bound. */
      near = self->base == 0
                 ? end
                 : MIN (end, rare_below (self, m - self->base + 1));
      g = self->win + (m - self->base) * w;
      for (r = 0; r + 8 <= near; r += 8)
        {
          guint v0 = values[r] ^ get_back (g, back[r], w);
          guint v1 = values[r + 1] ^ get_back (g, back[r + 1], w);
          guint v2 = values[r + 2] ^ get_back (g, back[r + 2], w);
          guint v3 = values[r + 3] ^ get_back (g, back[r + 3], w);
          guint v4 = values[r + 4] ^ get_back (g, back[r + 4], w);
          guint v5 = values[r + 5] ^ get_back (g, back[r + 5], w);
          guint v6 = values[r + 6] ^ get_back (g, back[r + 6], w);
          guint v7 = values[r + 7] ^ get_back (g, back[r + 7], w);

          stamp[v0] = e;
          stamp[v1] = e;
          stamp[v2] = e;
          stamp[v3] = e;
          stamp[v4] = e;
          stamp[v5] = e;
          stamp[v6] = e;
          stamp[v7] = e;
        }
      for (; r < near; r++)
        stamp[values[r] ^ get_back (g, back[r], w)] = e;
      for (; r < end; r++)
        stamp[values[r] ^ get (self, m - rare_heap (self, r))] = e;
    }
    /* Below 2^7 the candidate is near and a value at a time is cheaper
       (0.1777, values below 64: 5% more instructions by words). */
#ifdef HAVE_VEC_FIND
  if (n_all >= 128)
    marks = finders ()->marks;
#endif
  /* Every common value reachable is marked: the first one missing is
     the candidate.  The rare values below it must each be found. */
  if (marks != NULL)
    {
      guint c;

      for (c = 0; c < n_all; c += 64)
        {
          guint64 marked = marks (stamp + c, e);
          guint64 common
              = self->common_low
                ^ -(guint64) parity ((((guint64) c << 1) | p) & self->mask);
          guint64 free_common = common & ~marked, rare = ~common & ~marked;

          if (free_common != 0)
            {
              candidate = c + (guint) __builtin_ctzll (free_common);
              rare &= (free_common & -free_common) - 1;
            }
          for (; rare != 0; rare &= rare - 1)
            {
              guint x = c + (guint) __builtin_ctzll (rare);

              wanted[x] = 1;
              targets[missing++] = x;
            }
          if (free_common != 0)
            break;
        }
    }
  else
    {
      for (i = 0; i < n_common; i++)
        if (stamp[kinds[i]] != e)
          {
            candidate = kinds[i];
            break;
          }
      for (i = n_common; i < n_all && kinds[i] < candidate; i++)
        if (stamp[kinds[i]] != e)
          {
            wanted[kinds[i]] = 1;
            targets[missing++] = kinds[i];
          }
    }
  if (missing == 0)
    {
      self->stats.sparse++;
      return candidate;
    }
  self->stats.full_scans++;
  n_targets = missing;
#ifdef HAVE_VEC_FIND
  {
    const Finders *f = finders ();

    find = f->vec;
    /* One-byte values stay with the scan one split at a time: 0.1777's
       scans, most of which end within a few splits, took a tenth
       longer by the bitset. */
    if (w == 2 && self->bits <= BIT_MAX_BITS)
      bit = f->bit;
  }
#endif
  top = n / 2;
  start = 1;
  if (bit != NULL)
    {
      /* The first splits one at a time: many scans (most of 0.1777's)
         end within a few, where the bitset's setting up costs more. */
      for (k = 0; k < self->n_splits && missing > 0; k++)
        if (n >= self->splits[k] + 2)
          {
            guint64 m = n - self->splits[k];
            guint64 count = MIN (BIT_FIRST, m / 2);

            scan (values_at (self, 1, count, self->scratch),
                  values_at (self, m - count, count,
                             self->scratch + SCAN_BLOCK * 4),
                  count, wanted, &missing, 0, w);
          }
      start = BIT_FIRST + 1;
      memset (bitset, 0, sizeof bitset);
      for (i = 0; i < n_targets; i++)
        if (wanted[targets[i]])
          bitset[targets[i] >> 4] |= (guint16) (1u << (targets[i] & 15));
    }
  /* Where every value is in memory, no block is read into the scratch
     buffers, and a code that splits at one digit only has no other
     digit's splits to take turns with: longer blocks make fewer calls
     of the finders. */
  block = self->base == 0 && self->n_splits == 1 ? SCAN_BLOCK_MEMORY
                                                 : SCAN_BLOCK;
  /* The splits of every digit side by side, a block of each in turn: a
     value that only one digit's splits reach is found as soon. */
  for (from = start; missing > 0 && from <= top; from += block)
    for (k = 0; k < self->n_splits && missing > 0; k++)
      if (n >= self->splits[k] + 2)
        {
          guint64 m = n - self->splits[k], count;
          const guint8 *ga, *gb;

          if (from > m / 2)
            continue;
          count = MIN (block, m / 2 + 1 - from);
          ga = values_at (self, from, count, self->scratch);
          gb = values_at (self, m - from - count + 1, count,
                          self->scratch + SCAN_BLOCK * 4);
          if (bit != NULL)
            missing = bit (ga, gb, count, bitset);
          else
            missing = scan_all (ga, gb, count, wanted, targets, &n_targets,
                                missing, find, w);
        }
  if (bit != NULL)
    for (i = 0, missing = 0; i < n_targets; i++)
      {
        wanted[targets[i]]
            = (bitset[targets[i] >> 4] >> (targets[i] & 15)) & 1;
        missing += wanted[targets[i]];
      }
  /* The rare values never found: the smallest is the mex, a new rare
     value (the targets are in ascending order). */
  v = candidate;
  for (i = 0; missing > 0; i++)
    if (wanted[targets[i]])
      {
        if (v == candidate)
          v = targets[i];
        wanted[targets[i]] = 0;
        missing--;
      }
  return v;
}

/* The kinds of every value below 2^bits under the mask in force, for
   either parity of the splits of the heap (see the struct). */
static void
sort_kinds (NimSequence *self)
{
  guint n_all = 1u << self->bits, p, v;

  for (p = 0; p < 2; p++)
    {
      guint c = 0, r = 0;
      guint32 *kinds = g_renew (guint32, self->kinds[p], n_all);
      guint32 *rare = g_new (guint32, n_all);

      for (v = 0; v < n_all; v++)
        if (parity ((((guint64) v << 1) | p) & self->mask))
          kinds[c++] = v;
        else
          rare[r++] = v;
      memcpy (kinds + c, rare, r * sizeof (guint32));
      g_free (rare);
      self->kinds[p] = kinds;
      self->n_common[p] = c;
    }
  self->common_low = 0;
  for (v = 0; v < 64; v++)
    self->common_low |= (guint64) parity (((guint64) v << 1) & self->mask)
                        << v;
  g_free (self->wanted);
  g_free (self->targets);
  self->wanted = g_new0 (guint8, n_all + 1);
  self->targets = g_new (guint32, n_all);
}

static void
add_rare (NimSequence *self, guint64 a, guint v)
{
  if (self->n_rare == self->rare_alloc)
    {
      self->rare_alloc = MAX (64, self->rare_alloc * 2);
      self->rare_back = g_renew (gint64, self->rare_back, self->rare_alloc);
      self->rare_values
          = g_renew (guint32, self->rare_values, self->rare_alloc);
      fit_bound (self);
    }
  self->rare_back[self->n_rare] = -(gint64) a;
  self->rare_values[self->n_rare] = v;
  self->n_rare++;
}

/* Chooses the mask with the fewest rare heaps, by the transform of the
   counts; keeps the one in force on a tie.  A new mask lists the rare
   heaps again, from every value (read back from the store if they are
   not all in memory). */
static void
choose_mask (NimSequence *self, gboolean last_rare)
{
  guint size = 2u << self->bits, h, i, j;
  gint64 *t = self->transform;
  guint64 total = self->len - 1, best_mask = 0, best = G_MAXUINT64, a;
  gboolean pos = self->split_parity >= 0;

  for (i = 0; i < size; i++)
    t[i] = (gint64) self->count[i];
  for (h = 1; h < size; h <<= 1)
    for (i = 0; i < size; i += h << 1)
      for (j = i; j < i + h; j++)
        {
          gint64 x = t[j], y = t[j + h];

          t[j] = x + y;
          t[j + h] = x - y;
        }
  if (self->mask != 0)
    {
      best_mask = self->mask;
      best = (guint64) (t[self->mask] + (gint64) total) / 2;
    }
  for (i = 1; i < size; i++)
    {
      guint64 even;

      if (!pos && (i & 1))
        continue;
      even = (guint64) (t[i] + (gint64) total) / 2;
      if (even < best)
        {
          best = even;
          best_mask = i;
        }
    }
  if (best > total / SPARSE_MAX_SHARE)
    best_mask = 0;
  self->chosen_rare = self->n_rare + (last_rare ? 1 : 0);
  if (best_mask == self->mask)
    {
      if (self->mask != 0 && last_rare)
        add_rare (self, self->len - 1, get (self, self->len - 1));
      return;
    }
  self->mask = best_mask;
  self->stats.mask_changes++;
  self->n_rare = 0;
  if (best_mask != 0)
    {
      g_autofree guint8 *chunk = NULL;

      for (a = 1; a < self->len; a++)
        {
          guint v;

          if (a < self->base)
            {
              /* Values below the window, a block at a time. */
              guint64 n = MIN (chunk_values (self), self->base - a), k;
              guint w = self->width;

              if (chunk == NULL)
                chunk = g_malloc (chunk_values (self) * 4);
              if (!read_values (self, a, n, chunk,
                                self->failed == NULL ? &self->failed : NULL))
                memset (chunk, 0, n * w);
              for (k = 0; k < n; k++)
                {
                  v = get_w (chunk, k, w);
                  if (heap_kind (self, best_mask, a + k, v) == 0)
                    add_rare (self, a + k, v);
                }
              a += n - 1;
              continue;
            }
          v = get (self, a);
          if (heap_kind (self, best_mask, a, v) == 0)
            add_rare (self, a, v);
        }
    }
  self->chosen_rare = self->n_rare;
  sort_kinds (self);
}

/* Makes room for values below 2^@bits. */
static void
grow_bits (NimSequence *self, guint bits)
{
  guint old = 2u << self->bits;
  guint old_values = 1u << self->bits;

  self->bits = bits;
  self->stamp = g_renew (guint32, self->stamp, (1u << bits) + 1);
  memset (self->stamp, 0, ((1u << bits) + 1) * sizeof (guint32));
  self->epoch = 0;
  self->vcount = g_renew (guint64, self->vcount, 1u << bits);
  memset (self->vcount + old_values, 0,
          ((1u << bits) - old_values) * sizeof (guint64));
  if (!self->counting)
    return;
  if (bits > SPARSE_MAX_BITS)
    {
      /* Values this large leave no sparse space worth the transform. */
      self->counting = FALSE;
      self->mask = 0;
      self->n_rare = 0;
      return;
    }
  self->count = g_renew (guint64, self->count, 2u << bits);
  memset (self->count + old, 0, ((2u << bits) - old) * sizeof (guint64));
  self->transform = g_renew (gint64, self->transform, 2u << bits);
  sort_kinds (self);
}

/* Keeps the counts of G(1) .. G(@n), @n a power of two. */
static void
take_snapshot (NimSequence *self, guint64 n)
{
  guint n_all = 1u << self->bits, v, k = 0;
  Snapshot s = { n, 0, NULL, NULL };

  for (v = 0; v < n_all; v++)
    s.n_values += self->vcount[v] != 0;
  s.values = g_new (guint32, s.n_values);
  s.counts = g_new (guint64, s.n_values);
  for (v = 0; v < n_all; v++)
    if (self->vcount[v] != 0)
      {
        s.values[k] = v;
        s.counts[k++] = self->vcount[v];
      }
  g_array_append_val (self->snapshots, s);
}

/* Appends @v as G(len). */
static gboolean
push (NimSequence *self, guint v, GError **error)
{
  guint64 n = self->len;
  gboolean rare;

  if (self->width < 4 && v >> (8 * self->width) != 0
      && !widen (self, v < 65536 ? 2 : 4, error))
    return FALSE;
  if (v >= 1u << self->bits)
    {
      grow_bits (self, g_bit_storage (v));
      fit_bound (self);
    }
  if (G_UNLIKELY ((n - self->base + 1) * self->width > self->win_bytes))
    {
      if (self->bounded
              ? !drop_values (self, self->win_bytes / self->width / 2, error)
              : !make_room (self, n + 1 + n / 2, self->width, NIM_ERROR_FAILED,
                            error))
        return FALSE;
    }
  set_w (self->win, n - self->base, v, self->width);
  if (self->bounded && n < self->head_bytes / self->width)
    {
      set_w (self->head, n, v, self->width);
      self->head_len = n + 1;
    }
  self->len++;
  if (v > self->max_value || n == 0)
    {
      self->max_value = v;
      self->max_at = n;
    }
  if (n == 0)
    return TRUE;
  self->vcount[v]++;
  if (G_UNLIKELY ((n & (n - 1)) == 0))
    {
      take_snapshot (self, n);
      fit_bound (self);
    }
  if (!self->counting)
    return TRUE;
  self->count[((guint64) v << 1)
              | ((n ^ (guint64) MAX (self->split_parity, 0)) & 1)]++;
  /* A common value keeps the mask in force the best (its count of rare
     heaps stays, the others' can only grow); a rare one, a larger value
     or no mask at all calls for the transform.  Without a mask it runs
     every 64 heaps, whose full scans cost more. */
  rare = self->mask == 0 || heap_kind (self, self->mask, n, v) == 0;
  if (self->mask == 0 ? n % 64 != 0 && n >= 64 : !rare)
    return TRUE;
  /* With large values the transform costs more than a rare heap saves:
     it runs again once the rare heaps have grown by an eighth.  Any
     mask gives the right values; the best one gives them soonest. */
  if (self->mask != 0 && self->bits > TRANSFORM_ALWAYS_BITS
      && self->n_rare < self->chosen_rare + self->chosen_rare / 8)
    add_rare (self, n, v);
  else
    {
      choose_mask (self, rare);
      fit_bound (self);
    }
  return TRUE;
}

static ALWAYS_INLINE guint
mex (NimSequence *self, guint64 n, guint w)
{
  if (self->mask != 0)
    return mex_sparse (self, n, w);
  return mex_full (self, n, w);
}

/* The error that stops the table: the store could not be read. */
static gboolean
check_failed (NimSequence *self, GError **error)
{
  if (self->failed == NULL && self->reader != NULL
      && self->reader->error != NULL)
    self->failed = g_error_copy (self->reader->error);
  if (self->failed == NULL)
    return TRUE;
  g_propagate_error (error, g_error_copy (self->failed));
  return FALSE;
}

/**
 * nim_sequence_extend:
 * @sequence: a table
 * @n: the largest heap whose value is wanted
 * @error: return location for an error of nim_sequence_reserve(), a
 *   #NIM_ERROR_FAILED error (a value needs wider storage than the memory
 *   available holds, or the file the values are kept in cannot be read
 *   or written) or #NIM_ERROR_INTERRUPTED (Ctrl-C); the values computed
 *   until then are kept
 *
 * Computes G(0) .. G(@n), keeping those computed before, and calls the
 * progress function now and then.
 *
 * Returns: %TRUE when G(@n) is known
 */
gboolean
nim_sequence_extend (NimSequence *sequence, guint64 n, GError **error)
{
  NimSequence *self = sequence;
  gint64 next_report = g_get_monotonic_time () + PROGRESS_EVERY;

  if (!check_failed (self, error))
    return FALSE;
  if (self->len > n)
    return TRUE;
  if (!nim_sequence_reserve (self, n, error))
    return FALSE;
  while (self->len <= n)
    {
      guint64 stop = MIN (n + 1, (self->len / CHECK_EVERY + 1) * CHECK_EVERY);
      gint64 now;

      while (self->len < stop)
        {
          guint v;

          switch (self->width)
            {
            case 1:
              v = mex (self, self->len, 1);
              break;
            case 2:
              v = mex (self, self->len, 2);
              break;
            default:
              v = mex (self, self->len, 4);
              break;
            }
          if (!push (self, v, error))
            return FALSE;
        }
      if (!check_failed (self, error))
        return FALSE;
      if (self->stop != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&self->stop));
          return FALSE;
        }
      if (nim_interrupted ())
        {
          g_set_error_literal (error, NIM_ERROR, NIM_ERROR_INTERRUPTED,
                               _ ("interrupted"));
          return FALSE;
        }
      if (self->progress != NULL
          && (now = g_get_monotonic_time ()) >= next_report)
        {
          self->progress (self->len, n, self->progress_data);
          next_report = now + PROGRESS_EVERY;
        }
    }
  return check_failed (self, error);
}

/**
 * nim_sequence_read:
 * @sequence: a table
 * @from: the first heap
 * @count: how many values: @from + @count at most the length
 * @out: (array length=count): where G(@from) .. G(@from + @count - 1) go
 * @error: return location for a #NIM_ERROR_FAILED error: the file the
 *   values are kept in cannot be read
 *
 * Copies values out of the table, wherever they are kept.
 *
 * Returns: %TRUE if @out holds them
 */
gboolean
nim_sequence_read (const NimSequence *sequence, guint64 from, guint64 count,
                   guint32 *out, GError **error)
{
  guint64 step = chunk_values (sequence), i;
  g_autofree guint8 *chunk = g_malloc (step * 4);
  guint w = sequence->width;

  g_return_val_if_fail (from + count <= sequence->len, FALSE);
  for (i = 0; i < count; i += step)
    {
      guint64 n = MIN (step, count - i), k;

      if (!read_values (sequence, from + i, n, chunk, error))
        return FALSE;
      for (k = 0; k < n; k++)
        out[i + k] = get_w (chunk, k, w);
    }
  return TRUE;
}

/**
 * nim_sequence_append:
 * @sequence: a table
 * @values: (array length=count): G(len) .. G(len + @count - 1), as an
 *   earlier computation of the same code found them
 * @count: how many
 * @error: return location for an error of nim_sequence_extend() (no
 *   room for them)
 *
 * Takes values computed before (saved by a checkpoint) as if this table
 * had computed them: its tables, its split and its value counts become
 * what they were, so that it goes on to the same values and the same
 * summary.  The values are not checked.
 *
 * Returns: %TRUE if they were taken
 */
gboolean
nim_sequence_append (NimSequence *sequence, const guint32 *values,
                     guint64 count, GError **error)
{
  guint64 i;

  if (!check_failed (sequence, error))
    return FALSE;
  for (i = 0; i < count; i++)
    if (!push (sequence, values[i], error))
      return FALSE;
  return check_failed (sequence, error);
}

/**
 * nim_sequence_get_resume:
 * @sequence: a table
 * @resume: (out): what a checkpoint saves besides the values
 */
void
nim_sequence_get_resume (const NimSequence *sequence,
                         NimSequenceResume *resume)
{
  resume->goal = sequence->goal;
  resume->full_scans = sequence->stats.full_scans;
  resume->sparse = sequence->stats.sparse;
}

/**
 * nim_sequence_set_resume:
 * @sequence: a table whose values nim_sequence_append() restored
 * @resume: what nim_sequence_get_resume() gave when they were saved
 *
 * Restores the rest: where nim_sequence_prove() was going, and the
 * counts of how the values were found, which taking values does not
 * redo.
 */
void
nim_sequence_set_resume (NimSequence *sequence,
                         const NimSequenceResume *resume)
{
  sequence->goal = resume->goal;
  sequence->stats.full_scans = resume->full_scans;
  sequence->stats.sparse = resume->sparse;
}

/**
 * nim_sequence_stop:
 * @sequence: a table
 * @error: why
 *
 * Asks the computation under way (from the progress function, say) to
 * stop: nim_sequence_extend() returns a copy of @error when it next
 * looks at Ctrl-C, the values computed until then kept.
 */
void
nim_sequence_stop (NimSequence *sequence, const GError *error)
{
  g_clear_error (&sequence->stop);
  sequence->stop = g_error_copy (error);
}

/**
 * nim_sequence_get:
 * @sequence: a table
 * @n: a heap computed already
 *
 * Returns: G(@n); a value kept in a file that cannot be read gives 0,
 *   and the next nim_sequence_extend() the error
 */
guint
nim_sequence_get (const NimSequence *sequence, guint64 n)
{
  g_return_val_if_fail (n < sequence->len, 0);
  return get (sequence, n);
}

/**
 * nim_sequence_len:
 * @sequence: a table
 *
 * Returns: how many values are known: G(0) .. G(len - 1)
 */
guint64
nim_sequence_len (const NimSequence *sequence)
{
  return sequence->len;
}

/**
 * nim_sequence_code:
 * @sequence: a table
 *
 * Returns: (transfer none): the code whose values @sequence holds
 */
const NimOctal *
nim_sequence_code (const NimSequence *sequence)
{
  return &sequence->code;
}

/**
 * nim_sequence_stats:
 * @sequence: a table
 * @stats: (out): what the computation did so far
 */
void
nim_sequence_stats (const NimSequence *sequence, NimSequenceStats *stats)
{
  *stats = sequence->stats;
  stats->rare = sequence->mask != 0 ? sequence->n_rare : 0;
  stats->mask = sequence->mask;
  stats->width = sequence->width;
  stats->max_value = sequence->max_value;
  stats->max_at = sequence->max_at;
  stats->last_rare = sequence->mask != 0 && sequence->n_rare > 0
                         ? rare_heap (sequence, sequence->n_rare - 1)
                         : 0;
  stats->memory = held_bytes (sequence);
  stats->in_memory = (sequence->len - sequence->base) + sequence->head_len;
  stats->stored = sequence->stored;
}

/**
 * nim_sequence_mex_plain:
 * @sequence: a table
 * @n: a heap whose options are all computed: at most the length
 *
 * The value of a heap of @n by the definition, from the values of the
 * smaller heaps in @sequence: a check of one value that shares nothing
 * with the sparse space but the table.
 *
 * Returns: the mex of the options of a heap of @n
 */
guint
nim_sequence_mex_plain (const NimSequence *sequence, guint64 n)
{
  const NimSequence *self = sequence;
  g_autofree guint64 *seen = NULL;
  guint words = ((1u << self->bits) + 64) / 64, k, w;

  g_return_val_if_fail (n <= self->len, 0);
  seen = g_new0 (guint64, words);
#define SEE(v) (seen[(v) / 64] |= G_GUINT64_CONSTANT (1) << ((v) % 64))
  if (n < 64 && (self->vanish >> n) & 1)
    SEE (0u);
  for (k = 0; k < self->n_takes; k++)
    if (self->takes[k] < n)
      SEE (get (self, n - self->takes[k]));
  for (k = 0; k < self->n_splits; k++)
    {
      guint64 m, a;

      if (n < self->splits[k] + 2)
        continue;
      m = n - self->splits[k];
      for (a = 1; a <= m / 2; a++)
        SEE (get (self, a) ^ get (self, m - a));
    }
#undef SEE
  for (w = 0; ~seen[w] == 0; w++)
    ;
  return w * 64 + (guint) __builtin_ctzll (~seen[w]);
}

/**
 * nim_sequence_hash:
 * @sequence: a table
 * @n: a heap computed already
 *
 * Returns: (transfer full): the SHA-256, in hexadecimal, of G(0) ..
 *   G(@n), each written as a 32-bit little-endian number: the same for
 *   any program that computes the same values, however it keeps them
 */
char *
nim_sequence_hash (const NimSequence *sequence, guint64 n)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  guint64 step = chunk_values (sequence), i;
  g_autofree guint8 *chunk = g_malloc (step * 4);
  g_autofree guint8 *bytes = g_malloc (step * 4);
  guint w = sequence->width;

  g_return_val_if_fail (n < sequence->len, NULL);
  for (i = 0; i <= n; i += step)
    {
      guint64 count = MIN (step, n + 1 - i), k;

      if (!read_values (sequence, i, count, chunk, NULL))
        memset (chunk, 0, count * w);
      for (k = 0; k < count; k++)
        {
          guint v = get_w (chunk, k, w);

          bytes[4 * k] = (guint8) v;
          bytes[4 * k + 1] = (guint8) (v >> 8);
          bytes[4 * k + 2] = (guint8) (v >> 16);
          bytes[4 * k + 3] = (guint8) (v >> 24);
        }
      g_checksum_update (sum, bytes, count * 4);
    }
  return g_strdup (g_checksum_get_string (sum));
}

/**
 * nim_sequence_n_histograms:
 * @sequence: a table
 *
 * Returns: how many powers of two the values have reached: the counts
 *   of nim_sequence_histogram() are kept at each
 */
guint
nim_sequence_n_histograms (const NimSequence *sequence)
{
  return sequence->snapshots->len;
}

/**
 * nim_sequence_histogram:
 * @sequence: a table
 * @i: below nim_sequence_n_histograms()
 * @histogram: (out): how often each value occurs among G(1) .. G(2^@i);
 *   its arrays belong to @sequence
 */
void
nim_sequence_histogram (const NimSequence *sequence, guint i,
                        NimSequenceHistogram *histogram)
{
  const Snapshot *s;

  g_return_if_fail (i < sequence->snapshots->len);
  s = &g_array_index (sequence->snapshots, Snapshot, i);
  histogram->n = s->n;
  histogram->n_values = s->n_values;
  histogram->values = s->values;
  histogram->counts = s->counts;
}

/**
 * nim_sequence_bound:
 * @code: a code
 * @preperiod: n0, where the values start to repeat
 * @period: p
 *
 * The octal periodicity theorem (Guy and Smith): if G(n + p) = G(n) for
 * every n0 <= n < 2 n0 + p + t, t the place of the last non-zero digit,
 * then for every n >= n0.  A heap of n + p >= 2 n0 + 2 p + t split in two
 * keeps a part of at least n0 + p after taking t, so its options and
 * those of n pair up.  A part must stay non-empty too, so a code that
 * splits counts n0 as at least 1.
 *
 * Returns: the largest heap whose value the proof needs: 2 n0 + 2 p + t
 *   - 1
 */
guint64
nim_sequence_bound (const NimOctal *code, guint64 preperiod, guint64 period)
{
  guint64 n0 = preperiod;

  if (nim_octal_has_splits (code))
    n0 = MAX (n0, 1);
  return 2 * n0 + 2 * period + code->n_digits - 1;
}

/**
 * nim_sequence_period:
 * @sequence: a table
 * @period: (out): what the values computed so far show
 *
 * Looks for the smallest p with which the values repeat to the end of
 * the table long enough for the octal periodicity theorem
 * (nim_sequence_bound()): such a p is the period, proven.  Failing that,
 * a period is "apparent" when it holds over at least three periods and
 * an eighth of the table.
 */
void
nim_sequence_period (const NimSequence *sequence, NimSequencePeriod *period)
{
  const NimSequence *self = sequence;
  guint64 len = self->len, p;
  NimSequencePeriod apparent = { NIM_SEQUENCE_NO_PERIOD, 0, 0, 0, 0 };

  memset (period, 0, sizeof *period);
  period->kind = NIM_SEQUENCE_NO_PERIOD;
  period->checked = len > 0 ? len - 1 : 0;
  /* A proven p is the smallest period for good: a smaller one would be
     a period from n0 too, and proven at the same length. */
  for (p = 1; 2 * p < len; p++)
    {
      guint64 n = len - p, n0, run, needed;

      /* A multiple of the apparent period repeats wherever that does:
         its walk starts where that one's ended, or 0.376 (period 4 from
         2,268,248) would walk back two million heaps for each. */
      if (apparent.kind != NIM_SEQUENCE_NO_PERIOD && p % apparent.period == 0)
        n = MIN (n, apparent.preperiod);
      /* n0: one past the last n where G(n) differs from G(n + p). */
      while (n > 0 && get (self, n - 1) == get (self, n - 1 + p))
        n--;
      n0 = n;
      run = len - n0;
      needed = nim_sequence_bound (&self->code, n0, p);
      if (needed <= period->checked)
        {
          period->kind = NIM_SEQUENCE_PROVEN;
          period->period = p;
          period->preperiod = n0;
          period->needed = needed;
          return;
        }
      if (apparent.kind == NIM_SEQUENCE_NO_PERIOD && run >= 3 * p
          && run >= len / 8)
        {
          apparent.kind = NIM_SEQUENCE_APPARENT;
          apparent.period = p;
          apparent.preperiod = n0;
          apparent.needed = needed;
          apparent.checked = period->checked;
        }
    }
  if (apparent.kind != NIM_SEQUENCE_NO_PERIOD)
    *period = apparent;
}

/**
 * nim_sequence_is_exception:
 * @sequence: a table
 * @period: a period that nim_sequence_period() found in @sequence
 * @n: a heap computed already
 *
 * Returns: %TRUE if G(@n) is an exception: @n is below the pre-period
 *   and G(@n) differs from the value the period gives there (the values
 *   of the period's first cycle, carried back)
 */
gboolean
nim_sequence_is_exception (const NimSequence *sequence,
                           const NimSequencePeriod *period, guint64 n)
{
  guint64 n0 = period->preperiod, p = period->period;

  g_return_val_if_fail (period->kind != NIM_SEQUENCE_NO_PERIOD, FALSE);
  if (n >= n0)
    return FALSE;
  return get (sequence, n) != get (sequence, n0 + (p - (n0 - n) % p) % p);
}

/**
 * nim_sequence_prove:
 * @sequence: a table
 * @limit: compute at most G(0) .. G(@limit); 0 for
 *   %NIM_SEQUENCE_PROVE_DEFAULT
 * @period: (out): what is known at the end
 * @error: return location for an error of nim_sequence_extend()
 *
 * Computes further until the period is proven, as far as @limit: to
 * what the proof of an apparent period needs, or to twice as far when
 * none shows (or that is nearer).  Stopped by an error (Ctrl-C, memory),
 * @period says what the values computed so far show.
 *
 * Returns: %FALSE only on an error; whether the period was proven is in
 *   @period
 */
gboolean
nim_sequence_prove (NimSequence *sequence, guint64 limit,
                    NimSequencePeriod *period, GError **error)
{
  if (limit == 0)
    limit = NIM_SEQUENCE_PROVE_DEFAULT;
  /* A table restored from a checkpoint goes first to where the run that
     saved it was going. */
  if (sequence->len > 0 && sequence->goal >= sequence->len
      && !nim_sequence_extend (sequence, MIN (sequence->goal, limit), error))
    {
      nim_sequence_period (sequence, period);
      return FALSE;
    }
  nim_sequence_period (sequence, period);
  while (period->kind != NIM_SEQUENCE_PROVEN && period->checked < limit)
    {
      /* Never more than twice as far at once: an apparent period may
         give way to the real one, whose proof needs fewer values. */
      guint64 next = MAX (2 * period->checked, 64);

      if (period->kind == NIM_SEQUENCE_APPARENT)
        next = MIN (next, period->needed);
      sequence->goal = MIN (next, limit);
      if (!nim_sequence_extend (sequence, MIN (next, limit), error))
        {
          nim_sequence_period (sequence, period);
          return FALSE;
        }
      nim_sequence_period (sequence, period);
    }
  return TRUE;
}
