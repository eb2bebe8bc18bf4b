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
   needs, and widened in place when a value needs more. */
#include "config.h"

#include "nim-sequence.h"

#include "nim-error.h"
#include "nim-i18n.h"
#include "nim-interrupt.h"
#include "nim-memory.h"

#include <string.h>

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
/* Microseconds between two calls of the progress function. */
#define PROGRESS_EVERY 250000

struct _NimSequence
{
  NimOctal code;

  /* The moves: taking j leaves nothing (vanish, a bit per j), one heap
     (takes), or two (splits). */
  guint64 vanish;
  guint32 takes[NIM_OCTAL_MAX_DIGITS];
  guint n_takes;
  guint32 splits[NIM_OCTAL_MAX_DIGITS + 1];
  guint n_splits;
  /* The parity of every split's j, or -1 when they differ. */
  int split_parity;

  /* G(0) .. G(len - 1), width bytes each; room for alloc. */
  guint8 *g;
  guint width;
  guint64 len;
  guint64 alloc;
  guint max_value;

  /* Every value so far is below 2^bits, and so is every XOR of two.
     stamp[v] == epoch: v is an option of the heap being computed. */
  guint bits;
  guint32 *stamp;
  guint32 epoch;

  /* The sparse space: count[v << 1 | parity] of the heaps 1 .. len - 1,
     the mask in force (0: none, full scans) and the rare heaps under it;
     for either parity of the heap's splits, the values of each kind in
     ascending order (kinds[p][0 .. n_common[p] - 1] common, then the
     rare ones). */
  gboolean counting;
  guint64 *count;
  gint64 *transform;
  guint64 mask;
  guint64 *rare_heaps;
  guint32 *rare_values;
  gsize n_rare;
  gsize rare_alloc;
  gsize chosen_rare; /* the rare heaps when the mask was chosen */
  guint32 *kinds[2];
  guint n_common[2];
  /* The rare values below the candidate not yet found: wanted[v] is 1
     for each, and targets lists them in ascending order. */
  guint8 *wanted;
  guint32 *targets;

  NimSequenceStats stats;
  NimSequenceProgress progress;
  gpointer progress_data;
};

static ALWAYS_INLINE guint
get_w (const guint8 *g, guint64 i, guint w)
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

static inline guint
get (const NimSequence *self, guint64 i)
{
  return get_w (self->g, i, self->width);
}

static inline void
set (NimSequence *self, guint64 i, guint v)
{
  switch (self->width)
    {
    case 1:
      self->g[i] = (guint8) v;
      break;
    case 2:
      ((guint16 *) (gpointer) self->g)[i] = (guint16) v;
      break;
    default:
      ((guint32 *) (gpointer) self->g)[i] = v;
      break;
    }
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
  self->stamp = g_new0 (guint32, (1u << self->bits) + 1);
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
 */
void
nim_sequence_free (NimSequence *sequence)
{
  if (sequence == NULL)
    return;
  g_free (sequence->g);
  g_free (sequence->stamp);
  g_free (sequence->count);
  g_free (sequence->transform);
  g_free (sequence->rare_heaps);
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
   from a heap of @n. */
static ALWAYS_INLINE void
mark_takes (NimSequence *self, guint64 n, guint32 e, guint w)
{
  guint k;

  if (n < 64 && (self->vanish >> n) & 1)
    self->stamp[0] = e;
  for (k = 0; k < self->n_takes && self->takes[k] < n; k++)
    self->stamp[get_w (self->g, n - self->takes[k], w)] = e;
}

/* The mex of the options of a heap of @n by the definition: every split
   scanned. */
static ALWAYS_INLINE guint
mex_full (NimSequence *self, guint64 n, guint w)
{
  const guint8 *g = self->g;
  guint32 *stamp = self->stamp;
  guint32 e = next_epoch (self);
  guint k, v = 0;

  mark_takes (self, n, e, w);
  for (k = 0; k < self->n_splits; k++)
    {
      guint64 m, a;

      if (n < self->splits[k] + 2)
        continue;
      m = n - self->splits[k];
      for (a = 1; a <= m / 2; a++)
        stamp[get_w (g, a, w) ^ get_w (g, m - a, w)] = e;
    }
  while (stamp[v] == e)
    v++;
  return v;
}

/* How many rare heaps are below @m (the parts of a split of @m). */
static inline gsize
rare_below (const NimSequence *self, guint64 m)
{
  gsize lo = 0, hi = self->n_rare;

  if (hi == 0 || self->rare_heaps[hi - 1] < m)
    return hi;
  while (lo < hi)
    {
      gsize mid = (lo + hi) / 2;

      if (self->rare_heaps[mid] < m)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Looks for the @missing values marked in @wanted among the splits of
   @m into a + (m - a), @from <= a < @to, unmarking each one found.
   Returns how many are still missing. */
static ALWAYS_INLINE guint
scan (const guint8 *g, guint64 m, guint64 from, guint64 to, guint8 *wanted,
      guint missing, guint w)
{
  guint64 a;

  /* Four splits at a time, with one test for the four: most find
     nothing wanted. */
  for (a = from; a + 4 <= to && missing > 0; a += 4)
    {
      guint v0 = get_w (g, a, w) ^ get_w (g, m - a, w);
      guint v1 = get_w (g, a + 1, w) ^ get_w (g, m - a - 1, w);
      guint v2 = get_w (g, a + 2, w) ^ get_w (g, m - a - 2, w);
      guint v3 = get_w (g, a + 3, w) ^ get_w (g, m - a - 3, w);

      if (G_LIKELY ((wanted[v0] | wanted[v1] | wanted[v2] | wanted[v3]) == 0))
        continue;
      missing -= wanted[v0];
      wanted[v0] = 0;
      missing -= wanted[v1];
      wanted[v1] = 0;
      missing -= wanted[v2];
      wanted[v2] = 0;
      missing -= wanted[v3];
      wanted[v3] = 0;
    }
  for (; a < to && missing > 0; a++)
    {
      guint v = get_w (g, a, w) ^ get_w (g, m - a, w);

      missing -= wanted[v];
      wanted[v] = 0;
    }
  return missing;
}

/* The mex of the options of a heap of @n by the sparse space (see the
   top of the file). */
static ALWAYS_INLINE guint
mex_sparse (NimSequence *self, guint64 n, guint w)
{
  const guint8 *g = self->g;
  guint32 *stamp = self->stamp;
  guint8 *wanted = self->wanted;
  guint32 *targets = self->targets;
  guint32 e = next_epoch (self);
  guint p = (self->mask & 1) ? (guint) ((n ^ (guint64) self->split_parity) & 1)
                             : 0;
  const guint32 *kinds = self->kinds[p];
  guint n_common = self->n_common[p], n_all = 1u << self->bits;
  guint k, i, candidate = n_all, missing = 0, v;
  guint64 from, top;

  mark_takes (self, n, e, w);
  for (k = 0; k < self->n_splits; k++)
    {
      const guint64 *heaps = self->rare_heaps;
      const guint32 *values = self->rare_values;
      guint64 m;
      gsize r, end;

      if (n < self->splits[k] + 2)
        continue;
      m = n - self->splits[k];
      end = rare_below (self, m);
      for (r = 0; r + 4 <= end; r += 4)
        {
          guint v0 = values[r] ^ get_w (g, m - heaps[r], w);
          guint v1 = values[r + 1] ^ get_w (g, m - heaps[r + 1], w);
          guint v2 = values[r + 2] ^ get_w (g, m - heaps[r + 2], w);
          guint v3 = values[r + 3] ^ get_w (g, m - heaps[r + 3], w);

          stamp[v0] = e;
          stamp[v1] = e;
          stamp[v2] = e;
          stamp[v3] = e;
        }
      for (; r < end; r++)
        stamp[values[r] ^ get_w (g, m - heaps[r], w)] = e;
    }
  /* Every common value reachable is marked: the first one missing is
     the candidate.  The rare values below it must each be found. */
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
  if (missing == 0)
    {
      self->stats.sparse++;
      return candidate;
    }
  self->stats.full_scans++;
  top = n / 2;
  /* The splits of every digit side by side, a block of each in turn: a
     value that only one digit's splits reach is found as soon. */
  for (from = 1; missing > 0 && from <= top; from += SCAN_BLOCK)
    for (k = 0; k < self->n_splits && missing > 0; k++)
      if (n >= self->splits[k] + 2)
        {
          guint64 m = n - self->splits[k];

          missing = scan (g, m, from, MIN (from + SCAN_BLOCK, m / 2 + 1),
                          wanted, missing, w);
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
      self->rare_heaps = g_renew (guint64, self->rare_heaps, self->rare_alloc);
      self->rare_values
          = g_renew (guint32, self->rare_values, self->rare_alloc);
    }
  self->rare_heaps[self->n_rare] = a;
  self->rare_values[self->n_rare] = v;
  self->n_rare++;
}

/* Chooses the mask with the fewest rare heaps, by the transform of the
   counts; keeps the one in force on a tie.  Returns whether the heap
   just counted was added to the rare ones (or the list made anew). */
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
    for (a = 1; a < self->len; a++)
      {
        guint v = get (self, a);

        if (heap_kind (self, best_mask, a, v) == 0)
          add_rare (self, a, v);
      }
  self->chosen_rare = self->n_rare;
  sort_kinds (self);
}

/* Makes room for values below 2^@bits. */
static void
grow_bits (NimSequence *self, guint bits)
{
  guint old = 2u << self->bits;

  self->bits = bits;
  self->stamp = g_renew (guint32, self->stamp, (1u << bits) + 1);
  memset (self->stamp, 0, ((1u << bits) + 1) * sizeof (guint32));
  self->epoch = 0;
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

/* Whether G(0) .. G(@n - 1) at @width bytes each fit in the memory
   available and the @held bytes the values take already; if not, an
   error of @code. */
static gboolean
check_memory (guint64 n, guint width, guint64 held, NimError code,
              GError **error)
{
  guint64 available = nim_memory_available ();

  if (n <= G_MAXSIZE / width
      && (available == 0 || n * width <= available + held))
    return TRUE;
  g_set_error (error, NIM_ERROR, code,
               /* TRANSLATORS: G(0) to G(N) are Grundy values; the sizes
                  are in MiB. */
               _ ("the values G(0) to G(%llu) take %llu MiB at %u bytes "
                  "each, more than the %llu MiB of memory available; ask "
                  "for fewer"),
               (unsigned long long) n - 1,
               (unsigned long long) (n > G_MAXUINT64 / width
                                         ? G_MAXUINT64 >> 20
                                         : (n * width) >> 20),
               width, (unsigned long long) ((available + held) >> 20));
  return FALSE;
}

/* Allocates room for G(0) .. G(@n - 1) at @width bytes each, checking
   the memory available first (an error of @code if it is short). */
static gboolean
make_room (NimSequence *self, guint64 n, guint width, NimError code,
           GError **error)
{
  guint8 *g;

  if (!check_memory (n, width, self->alloc * self->width, code, error))
    return FALSE;
  g = g_try_realloc (self->g, n * width);
  if (g == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("cannot allocate %llu MiB for the values G(0) to "
                      "G(%llu)"),
                   (unsigned long long) ((n * width) >> 20),
                   (unsigned long long) n - 1);
      return FALSE;
    }
  self->g = g;
  self->alloc = n;
  return TRUE;
}

/* Gives every value @width bytes, in place: from the last one down, so
   that none is overwritten before it is moved. */
static gboolean
widen (NimSequence *self, guint width, GError **error)
{
  guint old = self->width;
  guint64 i;

  if (!make_room (self, self->alloc, width, NIM_ERROR_FAILED, error))
    return FALSE;
  for (i = self->len; i-- > 0;)
    {
      guint v = get_w (self->g, i, old);

      self->width = width;
      set (self, i, v);
      self->width = old;
    }
  self->width = width;
  return TRUE;
}

/**
 * nim_sequence_reserve:
 * @sequence: a table
 * @n: the largest heap whose value will be wanted
 * @error: return location for a #NIM_ERROR_USAGE error: the values do
 *   not fit in the memory available
 *
 * Makes room for G(0) .. G(@n) at once, after checking that the memory
 * available holds them: two bytes a value for a code that splits heaps
 * (one while the values stay below 256, but they may not), else what
 * the values take now.
 *
 * Returns: %TRUE if there is room
 */
gboolean
nim_sequence_reserve (NimSequence *sequence, guint64 n, GError **error)
{
  NimSequence *self = sequence;
  guint64 count;

  if (n < self->alloc)
    return TRUE;
  /* G(0) .. G(G_MAXUINT64) would be 2^64 values: as many as can be
     said, and refused. */
  count = n == G_MAXUINT64 ? n : n + 1;
  if (self->n_splits > 0 && self->width < 2
      && !check_memory (count, 2, self->alloc * self->width, NIM_ERROR_USAGE,
                        error))
    return FALSE;
  return make_room (self, count, self->width, NIM_ERROR_USAGE, error);
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
    grow_bits (self, g_bit_storage (v));
  set (self, n, v);
  self->len++;
  self->max_value = MAX (self->max_value, v);
  if (!self->counting || n == 0)
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
    choose_mask (self, rare);
  return TRUE;
}

static ALWAYS_INLINE guint
mex (NimSequence *self, guint64 n, guint w)
{
  if (self->mask != 0)
    return mex_sparse (self, n, w);
  return mex_full (self, n, w);
}

/**
 * nim_sequence_extend:
 * @sequence: a table
 * @n: the largest heap whose value is wanted
 * @error: return location for an error of nim_sequence_reserve(), a
 *   #NIM_ERROR_FAILED error (a value needs wider storage than the memory
 *   available holds) or #NIM_ERROR_INTERRUPTED (Ctrl-C); the values
 *   computed until then are kept
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
  return TRUE;
}

/**
 * nim_sequence_get:
 * @sequence: a table
 * @n: a heap computed already
 *
 * Returns: G(@n)
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
  guint8 buffer[4096];
  guint64 i;
  gsize used = 0;

  g_return_val_if_fail (n < sequence->len, NULL);
  for (i = 0; i <= n; i++)
    {
      guint v = get (sequence, i);

      buffer[used++] = (guint8) v;
      buffer[used++] = (guint8) (v >> 8);
      buffer[used++] = (guint8) (v >> 16);
      buffer[used++] = (guint8) (v >> 24);
      if (used == sizeof buffer)
        {
          g_checksum_update (sum, buffer, used);
          used = 0;
        }
    }
  g_checksum_update (sum, buffer, used);
  return g_strdup (g_checksum_get_string (sum));
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
  nim_sequence_period (sequence, period);
  while (period->kind != NIM_SEQUENCE_PROVEN && period->checked < limit)
    {
      /* Never more than twice as far at once: an apparent period may
         give way to the real one, whose proof needs fewer values. */
      guint64 next = MAX (2 * period->checked, 64);

      if (period->kind == NIM_SEQUENCE_APPARENT)
        next = MIN (next, period->needed);

      if (!nim_sequence_extend (sequence, MIN (next, limit), error))
        {
          nim_sequence_period (sequence, period);
          return FALSE;
        }
      nim_sequence_period (sequence, period);
    }
  return TRUE;
}
