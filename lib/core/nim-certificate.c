/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-certificate.c -- the proof of a take-and-break code's period, as a
   record a second program can check, and nim's own second program

   A certificate says: under this code the values repeat with period p
   from n0 on, and here is the hash of G(0) .. G(N), N at least the bound
   of the octal periodicity theorem.  Checking it needs nothing of the
   program that wrote it, and this checker takes nothing of it either:
   it reads the moves from the code's digits and computes the values with
   code of its own below, written to be read rather than to be fast, so
   that a mistake in nim-sequence.c's sparse space is not made twice.
   Then it compares the hash, sees that the values repeat from n0 to N
   and not from n0 - 1, that p / q is no period for any prime q dividing
   p, and that N reaches the theorem's bound.  The program prints and
   reads the record (as JSON); this computes and checks. */
#include "config.h"

#include "nim-certificate.h"

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

/* Heaps computed between two looks at Ctrl-C and the clock. */
#define CHECK_EVERY 4096
/* Microseconds between two calls of the progress function. */
#define PROGRESS_EVERY 250000
/* The splits of one m a scan reads before those of the next. */
#define SCAN_BLOCK 256
/* The heaps a thread of step 2 takes at a time. */
#define VERIFY_BLOCK 65536
/* The most threads step 2 runs. */
#define MAX_THREADS 16
/* The mask is chosen from the counts of the values while they stay below
   2^MASK_MAX_BITS: trying every mask costs the square of that. */
#define MASK_MAX_BITS 12
/* The first heaps, all computed again by the definition too. */
#define SAMPLE_FIRST 1024

/**
 * nim_certificate_init:
 * @certificate: (out): the certificate; free it with
 *   nim_certificate_clear()
 * @sequence: the values
 * @period: their period, as nim_sequence_period() or
 *   nim_sequence_prove() found it
 * @error: return location for a #NIM_ERROR_FAILED error: the period is
 *   not proven
 *
 * Returns: %TRUE if the period is proven and @certificate says so
 */
gboolean
nim_certificate_init (NimCertificate *certificate, const NimSequence *sequence,
                      const NimSequencePeriod *period, GError **error)
{
  memset (certificate, 0, sizeof *certificate);
  if (period->kind != NIM_SEQUENCE_PROVEN)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("the period is not proven, so there is nothing to "
                      "certify"));
      return FALSE;
    }
  certificate->code = *nim_sequence_code (sequence);
  certificate->preperiod = period->preperiod;
  certificate->period = period->period;
  certificate->t = certificate->code.n_digits;
  certificate->bound = period->needed;
  certificate->checked = period->checked;
  certificate->hash = nim_sequence_hash (sequence, period->checked);
  return TRUE;
}

/**
 * nim_certificate_clear:
 * @certificate: a certificate
 *
 * Frees what @certificate holds.
 */
void
nim_certificate_clear (NimCertificate *certificate)
{
  g_clear_pointer (&certificate->hash, g_free);
}

/**
 * nim_certificate_bound:
 * @code: a code
 * @preperiod: n0
 * @period: p
 * @bound: (out): the bound, when there is one
 *
 * The octal periodicity theorem's bound, computed apart from
 * nim_sequence_bound() and without overflow: 2 max(n0, 1) + 2 p + t - 1
 * for a code that splits heaps, 2 n0 + 2 p + t - 1 for one that does
 * not (a split leaves two non-empty heaps, so n0 counts as 1 at least).
 *
 * Returns: %FALSE if the bound is past 2^64 - 1
 */
gboolean
nim_certificate_bound (const NimOctal *code, guint64 preperiod, guint64 period,
                       guint64 *bound)
{
  guint64 n0 = preperiod, twice_n0, twice_p, sum;
  gboolean splits = FALSE;
  guint j;

  for (j = 0; j <= code->n_digits; j++)
    splits = splits || (code->digits[j] & NIM_OCTAL_TWO) != 0;
  if (splits && n0 == 0)
    n0 = 1;
  if (!g_uint64_checked_mul (&twice_n0, n0, 2)
      || !g_uint64_checked_mul (&twice_p, period, 2)
      || !g_uint64_checked_add (&sum, twice_n0, twice_p)
      || !g_uint64_checked_add (&sum, sum, code->n_digits) || sum == 0)
    return FALSE;
  *bound = sum - 1;
  return TRUE;
}

/* Sets @error to say that the certificate of @code is wrong: @why. */
static gboolean
refuted (GError **error, const NimOctal *code, const char *why)
{
  g_autofree char *text = nim_octal_to_string (code);

  g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
               /* TRANSLATORS: %s is a code such as 0.16, then what is
                  wrong with the certificate. */
               _ ("the certificate of %s is wrong: %s"), text, why);
  return FALSE;
}

static gboolean
interrupted (GError **error)
{
  g_set_error_literal (error, NIM_ERROR, NIM_ERROR_INTERRUPTED,
                       _ ("interrupted"));
  return FALSE;
}

/* What one thread marks while it finds the mex of a heap. */
typedef struct
{
  /* marked[v] == stamp: v is an option of the heap at hand (v from 0 to
     2^bits); each heap takes a new stamp. */
  guint64 *marked;
  guint64 stamp;
  /* wanted[v]: v is a value the scan of the splits looks for. */
  guint8 *wanted;
} Marks;

/* A heap whose value is rare, and that value. */
typedef struct
{
  guint64 heap;
  guint value;
} Rare;

/* The checker's table of values.  The moves come from the code's digits
   (their meaning is nim-octal.h's, the one thing shared with the rest of
   nim); the values are kept in one, two or four bytes each, as their
   size needs. */
typedef struct
{
  /* Taking j matches may leave nothing (a heap of exactly j), one heap
     of n - j (takes) or two non-empty heaps that add up to n - j
     (splits, j from 0). */
  gboolean vanish[NIM_OCTAL_MAX_DIGITS + 1];
  guint takes[NIM_OCTAL_MAX_DIGITS + 1];
  guint n_takes;
  guint splits[NIM_OCTAL_MAX_DIGITS + 1];
  guint n_splits;

  guint8 *g;
  guint width;
  guint64 len;
  guint64 size; /* the values it has room for */
  /* Every value so far is below 2^bits, and so is the XOR of any two. */
  guint bits;
  /* How many of the heaps 1 .. len - 1 have each value. */
  guint64 *count;

  /* A value v is rare when v & mask has an even number of bits, else
     common; mask 0: no split into kinds, every option is scanned.  The
     heaps from 1 up whose value is rare, in ascending order, with their
     values (Rare). */
  gboolean definition_only;
  guint mask;
  GArray *rare;
  guint64 first_rare; /* the first heap the rare values gave, or 0 */
  /* The common values below 64 and 2^bits, a bitset (bit v for value
     v): what mex_in() needs while every value is below 64. */
  guint64 common;

  Marks marks; /* the calling thread's */
  NimCertificateCheck *check;
} Table;

/* G(@n) in a table of values @width bytes each. */
static ALWAYS_INLINE guint
value_at (const guint8 *g, guint64 n, guint width)
{
  switch (width)
    {
    case 1:
      return g[n];
    case 2:
      return ((const guint16 *) (gconstpointer) g)[n];
    default:
      return ((const guint32 *) (gconstpointer) g)[n];
    }
}

static guint
get (const Table *t, guint64 n)
{
  return value_at (t->g, n, t->width);
}

static void
put (Table *t, guint64 n, guint v)
{
  switch (t->width)
    {
    case 1:
      t->g[n] = (guint8) v;
      break;
    case 2:
      ((guint16 *) (gpointer) t->g)[n] = (guint16) v;
      break;
    default:
      ((guint32 *) (gpointer) t->g)[n] = v;
      break;
    }
}

static gboolean
is_rare (guint mask, guint v)
{
  return __builtin_parity (v & mask) == 0;
}

/* Room for @n values of @width bytes in @t, checked against the memory
   available first. */
static gboolean
make_room (Table *t, guint64 n, guint width, GError **error)
{
  guint64 available = nim_memory_available ();
  guint64 held = t->size * t->width;
  guint8 *g = NULL;

  if (n <= G_MAXSIZE / width
      && (available == 0 || n * width <= available + held))
    g = g_try_realloc (t->g, n * width);
  if (g == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   /* TRANSLATORS: G(0) to G(N) are Grundy values; the
                      sizes are in MiB. */
                   _ ("cannot check: the values G(0) to G(%llu) take %llu "
                      "MiB, more than the %llu MiB of memory available"),
                   (unsigned long long) n - 1,
                   (unsigned long long) ((n >> 20) * width
                                         + (((n & 0xfffff) * width) >> 20)),
                   (unsigned long long) ((available + held) >> 20));
      return FALSE;
    }
  t->g = g;
  t->size = n;
  return TRUE;
}

/* Marks for values below 2^@bits, those of @old_bits kept. */
static void
marks_grow (Marks *marks, guint old_bits, guint bits)
{
  gsize old = marks->marked != NULL ? (1u << old_bits) + 1 : 0;
  gsize size = (1u << bits) + 1;

  marks->marked = g_renew (guint64, marks->marked, size);
  memset (marks->marked + old, 0, (size - old) * sizeof (guint64));
  marks->wanted = g_renew (guint8, marks->wanted, size);
  memset (marks->wanted + old, 0, size - old);
}

static void
marks_clear (Marks *marks)
{
  g_free (marks->marked);
  g_free (marks->wanted);
}

/* The common values below 64 and below 2^bits under the mask, as a
   bitset. */
static void
sort_values (Table *t)
{
  guint v;

  t->common = 0;
  for (v = 0; v < MIN (64u, 1u << t->bits); v++)
    if (t->mask != 0 && !is_rare (t->mask, v))
      t->common |= G_GUINT64_CONSTANT (1) << v;
}

static void
table_init (Table *t, const NimOctal *code, NimCertificateCheck *check)
{
  guint j;

  memset (t, 0, sizeof *t);
  for (j = 0; j <= code->n_digits; j++)
    {
      guint d = code->digits[j];

      t->vanish[j] = j > 0 && (d & NIM_OCTAL_VANISH) != 0;
      if (j > 0 && (d & NIM_OCTAL_ONE) != 0)
        t->takes[t->n_takes++] = j;
      if ((d & NIM_OCTAL_TWO) != 0)
        t->splits[t->n_splits++] = j;
    }
  t->width = 1;
  t->bits = 1;
  t->count = g_new0 (guint64, 1u << t->bits);
  t->rare = g_array_new (FALSE, FALSE, sizeof (Rare));
  marks_grow (&t->marks, 0, t->bits);
  t->check = check;
}

static void
table_clear (Table *t)
{
  g_free (t->g);
  g_free (t->count);
  g_array_unref (t->rare);
  marks_clear (&t->marks);
}

/* How many of the @n_rare heaps of @rare are below @m. */
static guint
rare_below (const Rare *rare, guint n_rare, guint64 m)
{
  guint low = 0, high = n_rare;

  while (low < high)
    {
      guint middle = low + (high - low) / 2;

      if (rare[middle].heap < m)
        low = middle + 1;
      else
        high = middle;
    }
  return low;
}

/* The options of a heap and the values its scan of the splits looks for,
   as mex_in() keeps them.  With @one (every value below 64) each is a
   word, bit v for value v, that the compiler keeps in a register, so
   that the smallest of a kind is one count of trailing zeros.  Otherwise
   the options are the v with marked[v] == stamp (a new stamp for each
   heap, so nothing is cleared) and wanted[v] says whether v is wanted:
   each addition a store of its own, where a bitset in memory would make
   each wait for the one before. */
typedef struct
{
  guint64 options, wanted; /* with one */
  Marks *marks;
  guint64 stamp;
} Sets;

static ALWAYS_INLINE guint64
bit_of (guint v)
{
  return G_GUINT64_CONSTANT (1) << v;
}

static ALWAYS_INLINE void
add_option (Sets *s, guint v, gboolean one)
{
  if (one)
    s->options |= bit_of (v);
  else
    s->marks->marked[v] = s->stamp;
}

static ALWAYS_INLINE gboolean
is_option (const Sets *s, guint v, gboolean one)
{
  return one ? (s->options & bit_of (v)) != 0
             : s->marks->marked[v] == s->stamp;
}

static ALWAYS_INLINE gboolean
is_wanted (const Sets *s, guint v, gboolean one)
{
  return one ? (s->wanted & bit_of (v)) != 0 : s->marks->wanted[v];
}

/* Takes @v out of the wanted values if it is one, one fewer *@missing
   then (with @one, *@missing only says whether any is left). */
static ALWAYS_INLINE void
find (Sets *s, guint v, guint *missing, gboolean one)
{
  if (!is_wanted (s, v, one))
    return;
  if (one)
    {
      s->wanted &= ~bit_of (v);
      *missing = s->wanted != 0;
      return;
    }
  s->marks->wanted[v] = FALSE;
  (*missing)--;
}

/* The value of heap @n, from the values of the smaller heaps: the mex,
   the smallest value no move leads to.

   Under a mask, a value is rare or common, and the XOR of two values is
   common exactly when one of them is rare and the other common.  So
   every common value a split can leave comes from a split with a rare
   part: the loop over the rare heaps adds them all to the options, and
   c, the smallest common value not among them, is no option.  The rare
   values below c that are not options yet are wanted: a scan of the
   splits looks for them and stops once it has found them all.  The mex
   is the smallest value wanted and not found, or else c.  Without a
   mask (every value rare) nothing is added by the loop, c is 2^bits,
   above every value and every XOR of two, and the scan looks for every
   value below it that no take leaves, which is the definition. */
static ALWAYS_INLINE guint
mex_in (const Table *t, Marks *marks, guint64 n, guint width, gboolean one)
{
  const guint8 *g = t->g;
  const Rare *rare = (const Rare *) (gconstpointer) t->rare->data;
  guint n_rare = t->rare->len, limit = 1u << t->bits, c = limit;
  guint64 last_rare = n_rare > 0 ? rare[n_rare - 1].heap : 0;
  guint64 m[NIM_OCTAL_MAX_DIGITS + 1], half = 0, a, from;
  guint missing = 0, n_m = 0, v, k, i, value;
  Sets s = { 0, 0, marks, one ? 0 : ++marks->stamp };

  /* The moves that leave at most one heap. */
  if (n <= NIM_OCTAL_MAX_DIGITS && t->vanish[n])
    add_option (&s, 0, one);
  for (k = 0; k < t->n_takes; k++)
    if (t->takes[k] < n)
      add_option (&s, value_at (g, n - t->takes[k], width), one);
  /* The splits leave two heaps that add up to m, for each m here. */
  for (k = 0; k < t->n_splits; k++)
    if (n >= t->splits[k] + 2)
      {
        m[n_m++] = n - t->splits[k];
        half = MAX (half, (n - t->splits[k]) / 2);
      }

  if (t->mask != 0)
    {
      for (i = 0; i < n_m; i++)
        {
          /* The rare heaps below m: all of them once m is past the
             last. */
          guint end
              = m[i] > last_rare ? n_rare : rare_below (rare, n_rare, m[i]);

          for (k = 0; k < end; k++)
            add_option (
                &s, rare[k].value ^ value_at (g, m[i] - rare[k].heap, width),
                one);
        }
      if (one && (t->common & ~s.options) != 0)
        c = __builtin_ctzll (t->common & ~s.options);
      else if (!one)
        for (c = 0; c < limit; c++)
          if (!is_rare (t->mask, c) && !is_option (&s, c, one))
            break;
    }
  if (one)
    {
      /* Every value is below limit, so c is at most 64. */
      s.wanted = ~s.options & (c == 64 ? G_MAXUINT64 : bit_of (c) - 1);
      /* Here missing is only 1 while any is wanted, 0 once none is. */
      missing = s.wanted != 0;
    }
  else
    for (v = 0; v < c; v++)
      if (!is_option (&s, v, one))
        {
          marks->wanted[v] = TRUE;
          missing++;
        }

  /* The splits a + (m - a), a block of a of each m in turn: a value only
     one m's splits reach is found as soon as another.  Four splits at a
     time, with one test for the four: most find nothing wanted. */
  for (from = 1; missing > 0 && from <= half; from += SCAN_BLOCK)
    for (i = 0; i < n_m && missing > 0; i++)
      {
        guint64 end = MIN (from + SCAN_BLOCK, m[i] / 2 + 1);

        for (a = from; a + 4 <= end && missing > 0; a += 4)
          {
            guint v0 = value_at (g, a, width) ^ value_at (g, m[i] - a, width);
            guint v1 = value_at (g, a + 1, width)
                       ^ value_at (g, m[i] - a - 1, width);
            guint v2 = value_at (g, a + 2, width)
                       ^ value_at (g, m[i] - a - 2, width);
            guint v3 = value_at (g, a + 3, width)
                       ^ value_at (g, m[i] - a - 3, width);

            if (!(is_wanted (&s, v0, one) | is_wanted (&s, v1, one)
                  | is_wanted (&s, v2, one) | is_wanted (&s, v3, one)))
              continue;
            find (&s, v0, &missing, one);
            find (&s, v1, &missing, one);
            find (&s, v2, &missing, one);
            find (&s, v3, &missing, one);
          }
        for (; a < end && missing > 0; a++)
          find (&s, value_at (g, a, width) ^ value_at (g, m[i] - a, width),
                &missing, one);
      }

  /* The values wanted and not found: the smallest is the mex. */
  if (one)
    return s.wanted != 0 ? (guint) __builtin_ctzll (s.wanted) : c;
  for (v = 0, value = c; missing > 0; v++)
    if (marks->wanted[v])
      {
        value = MIN (value, v);
        marks->wanted[v] = FALSE;
        missing--;
      }
  return value;
}

/* One copy of mex_in() for each width, so that its loops do not ask the
   width at every value, and one for values below 64 (a byte each), whose
   sets are single words. */
static guint
mex (const Table *t, Marks *marks, guint64 n)
{
  switch (t->width)
    {
    case 1:
      if (t->bits <= 6)
        return mex_in (t, marks, n, 1, TRUE);
      return mex_in (t, marks, n, 1, FALSE);
    case 2:
      return mex_in (t, marks, n, 2, FALSE);
    default:
      return mex_in (t, marks, n, 4, FALSE);
    }
}

/* Chooses the mask that leaves the fewest rare heaps, by trying every
   one on the counts of the values; none when the best leaves more than a
   quarter of the heaps rare (the loop over them would cost as much as
   the scan it saves).  Any mask gives the right values: this only makes
   them quicker. */
static void
choose_mask (Table *t)
{
  guint64 heaps = t->len - 1, best_rare = heaps / 4 + 1, a;
  guint limit = 1u << t->bits, best = 0, mask, v;

  if (t->definition_only || t->bits > MASK_MAX_BITS)
    return;
  for (mask = 1; mask < limit; mask++)
    {
      guint64 rare = 0;

      for (v = 0; v < limit && rare < best_rare; v++)
        if (is_rare (mask, v))
          rare += t->count[v];
      if (rare < best_rare)
        {
          best = mask;
          best_rare = rare;
        }
    }
  if (best == t->mask)
    return;
  t->mask = best;
  sort_values (t);
  g_array_set_size (t->rare, 0);
  if (best != 0)
    for (a = 1; a < t->len; a++)
      if (is_rare (best, get (t, a)))
        {
          Rare r = { a, get (t, a) };

          g_array_append_val (t->rare, r);
        }
}

/* Appends @v as the value of the next heap. */
static gboolean
push (Table *t, guint v, GError **error)
{
  guint64 n = t->len;

  if (v >= 1u << t->bits)
    {
      guint bits = g_bit_storage (v), old = 1u << t->bits;

      marks_grow (&t->marks, t->bits, bits);
      t->count = g_renew (guint64, t->count, 1u << bits);
      memset (t->count + old, 0, ((1u << bits) - old) * sizeof (guint64));
      t->bits = bits;
      sort_values (t);
    }
  if (t->width < 4 && v >> (8 * t->width) != 0)
    {
      /* Every value gets the new width in place, from the last one down
         so that none is overwritten before it is moved. */
      guint width = v < 65536 ? 2 : 4, old = t->width;
      guint64 i;

      if (!make_room (t, t->size, width, error))
        return FALSE;
      for (i = n; i-- > 0;)
        {
          guint w;

          t->width = old;
          w = get (t, i);
          t->width = width;
          put (t, i, w);
        }
      t->width = width;
    }
  put (t, n, v);
  t->len++;
  if (n == 0)
    return TRUE;
  t->count[v]++;
  if (t->mask != 0 && is_rare (t->mask, v))
    {
      Rare r = { n, v };

      g_array_append_val (t->rare, r);
    }
  if (t->len >= 64 && (t->len & (t->len - 1)) == 0)
    choose_mask (t);
  return TRUE;
}

/* Step 1: G(0) .. G(@last), each computed from those before it. */
static gboolean
compute (Table *t, guint64 last, guint64 target, NimSequenceProgress progress,
         gpointer user_data, GError **error)
{
  /* The first report at once, the next ones PROGRESS_EVERY apart. */
  gint64 next_report = g_get_monotonic_time ();
  guint64 n;

  for (n = t->len; n <= last; n++)
    {
      gint64 now;

      if (t->mask != 0)
        {
          t->check->by_rare++;
          if (t->first_rare == 0)
            t->first_rare = n;
        }
      else
        t->check->by_definition++;
      if (!push (t, mex (t, &t->marks, n), error))
        return FALSE;
      if (n % CHECK_EVERY != 0)
        continue;
      if (nim_interrupted ())
        return interrupted (error);
      if (progress != NULL && (now = g_get_monotonic_time ()) >= next_report)
        {
          progress (n + 1, target, user_data);
          next_report = now + PROGRESS_EVERY;
        }
    }
  t->check->computed = t->len;
  return TRUE;
}

/* Step 2 shares its heaps among threads, a block at a time, in order. */
typedef struct
{
  Table *t;
  GMutex lock;
  guint64 next; /* the first heap of the next block */
  guint64 last;
  guint64 done;      /* the heaps checked so far */
  guint64 wrong;     /* the first heap whose value is not the period's, or
                        G_MAXUINT64 */
  guint wrong_value; /* its mex */
  gboolean stop;     /* Ctrl-C */
} Verify;

/* Checks blocks of heaps until none is left: that the value the period
   gave each is the mex of its options.  A block past a heap found wrong
   is not taken, so the first wrong heap is found whatever the order the
   threads finish in. */
static void
verify_blocks (Verify *verify, Marks *marks, NimSequenceProgress progress,
               gpointer user_data)
{
  const Table *t = verify->t;
  gint64 next_report = g_get_monotonic_time () + PROGRESS_EVERY;

  for (;;)
    {
      guint64 from, to, n;
      gint64 now;

      g_mutex_lock (&verify->lock);
      from = verify->next;
      if (verify->stop || from > verify->last || from >= verify->wrong)
        {
          g_mutex_unlock (&verify->lock);
          return;
        }
      to = MIN (verify->last, from + VERIFY_BLOCK - 1);
      verify->next = to + 1;
      g_mutex_unlock (&verify->lock);

      for (n = from; n <= to; n++)
        {
          guint value = mex (t, marks, n);

          if (value != get (t, n))
            {
              g_mutex_lock (&verify->lock);
              if (n < verify->wrong)
                {
                  verify->wrong = n;
                  verify->wrong_value = value;
                }
              g_mutex_unlock (&verify->lock);
              break;
            }
        }
      g_mutex_lock (&verify->lock);
      verify->done += to - from + 1;
      verify->stop = verify->stop || nim_interrupted ();
      g_mutex_unlock (&verify->lock);
      if (progress != NULL && (now = g_get_monotonic_time ()) >= next_report)
        {
          progress (to + 1, verify->last, user_data);
          next_report = now + PROGRESS_EVERY;
        }
    }
}

static gpointer
verify_thread (gpointer data)
{
  Verify *verify = data;
  Marks marks = { NULL, 0, NULL };

  marks_grow (&marks, 0, verify->t->bits);
  verify_blocks (verify, &marks, NULL, NULL);
  marks_clear (&marks);
  return NULL;
}

/* Step 2: G(@first) .. G(@last) are what the period @p gives, each
   checked to be the mex of its options.  The values below a heap are
   known before its own is checked, so the heaps are checked apart, and
   by as many threads as there are processors.  Once every one holds, the
   table is the values of the code, by induction from the first.  %FALSE
   with *@wrong the first heap that does not hold (and @error not set),
   or with @error set. */
static gboolean
verify (Table *t, guint64 first, guint64 last, guint64 p,
        NimSequenceProgress progress, gpointer user_data, guint64 *wrong,
        guint *wrong_value, GError **error)
{
  Verify v = { t, { 0 }, first, last, 0, G_MAXUINT64, 0, FALSE };
  GThread *threads[MAX_THREADS];
  guint n_threads = CLAMP (g_get_num_processors (), 1, MAX_THREADS), i;
  guint64 n;

  for (n = first; n <= last; n++)
    if (!push (t, get (t, n - p), error))
      return FALSE;
  choose_mask (t);
  if (t->mask != 0)
    {
      t->check->by_rare += last - first + 1;
      if (t->first_rare == 0)
        t->first_rare = first;
    }
  else
    t->check->by_definition += last - first + 1;
  t->check->verified = last - first + 1;
  t->check->threads = n_threads;

  g_mutex_init (&v.lock);
  for (i = 1; i < n_threads; i++)
    threads[i] = g_thread_new ("nim-certificate", verify_thread, &v);
  verify_blocks (&v, &t->marks, progress, user_data);
  for (i = 1; i < n_threads; i++)
    g_thread_join (threads[i]);
  g_mutex_clear (&v.lock);
  if (v.stop)
    return interrupted (error);
  *wrong = v.wrong;
  *wrong_value = v.wrong_value;
  return v.wrong == G_MAXUINT64;
}

/* The value of heap @n by the definition alone: every option of it
   marked, then the smallest value not marked.  %FALSE on Ctrl-C. */
static gboolean
mex_by_definition (Table *t, guint64 n, guint *value)
{
  guint64 *marked = t->marks.marked;
  guint64 stamp = ++t->marks.stamp, a;
  guint k, v;

  if (n <= NIM_OCTAL_MAX_DIGITS && t->vanish[n])
    marked[0] = stamp;
  for (k = 0; k < t->n_takes; k++)
    if (t->takes[k] < n)
      marked[get (t, n - t->takes[k])] = stamp;
  for (k = 0; k < t->n_splits; k++)
    {
      guint64 m = n - t->splits[k];

      if (n < t->splits[k] + 2)
        continue;
      for (a = 1; a <= m / 2; a++)
        {
          marked[get (t, a) ^ get (t, m - a)] = stamp;
          if (a % (G_GUINT64_CONSTANT (1) << 24) == 0 && nim_interrupted ())
            return FALSE;
        }
    }
  for (v = 0; marked[v] == stamp; v++)
    ;
  *value = v;
  return TRUE;
}

/* Checks G(@n), found by the rare values, by the definition too. */
static gboolean
sample_one (Table *t, const NimOctal *code, guint64 n, GError **error)
{
  guint v;

  if (!mex_by_definition (t, n, &v))
    return interrupted (error);
  if (v != get (t, n))
    {
      /* A mistake of the checker itself, not of the certificate: say so
         rather than blame either. */
      g_autofree char *text = nim_octal_to_string (code);

      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("the check of %s went wrong: the rare values give "
                      "G(%llu) = %u, the definition %u; please report this "
                      "as a bug in nim"),
                   text, (unsigned long long) n, get (t, n), v);
      return FALSE;
    }
  t->check->sampled++;
  return TRUE;
}

/* The values computed by the rare values, checked again one by one by
   the definition: the first SAMPLE_FIRST of them, then the last heap,
   the heaps either side of the pre-period and one period on, and the
   heaps a half, a quarter, an eighth ... of the way, as long as
   NIM_CERTIFICATE_SAMPLE_BUDGET pair lookups pay for them. */
static gboolean
sample (Table *t, const NimCertificate *c, GError **error)
{
  guint64 first = t->first_rare, spent = 0, n;
  guint64 chosen[] = { c->checked, c->preperiod, c->preperiod - 1,
                       c->preperiod + c->period };
  guint i;

  if (t->check->by_rare == 0)
    return TRUE;
  for (n = first; n <= c->checked && n < first + SAMPLE_FIRST; n++)
    if (!sample_one (t, &c->code, n, error))
      return FALSE;
  for (i = 0; i < G_N_ELEMENTS (chosen) + 63; i++)
    {
      /* The chosen heaps, then the halves. */
      n = i < G_N_ELEMENTS (chosen)
              ? chosen[i]
              : c->checked >> (i - G_N_ELEMENTS (chosen) + 1);
      if (n < first + SAMPLE_FIRST || n > c->checked
          || spent + t->n_splits * (n / 2) > NIM_CERTIFICATE_SAMPLE_BUDGET)
        continue;
      spent += t->n_splits * (n / 2);
      if (!sample_one (t, &c->code, n, error))
        return FALSE;
    }
  return TRUE;
}

/* The SHA-256 of G(0) .. G(@last), each a 32-bit little-endian number. */
static char *
hash (const Table *t, guint64 last)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 buffer[4096];
  gsize used = 0;
  guint64 n;

  for (n = 0; n <= last; n++)
    {
      guint v = get (t, n);

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

/* Whether G(n + @p) = G(n) for every @from <= n <= @to - @p: %TRUE, or
   %FALSE with the first n where it fails in *@where; -1 on Ctrl-C. */
static int
repeats (const Table *t, guint64 p, guint64 from, guint64 to, guint64 *where)
{
  guint64 n;

  for (n = from; n + p <= to; n++)
    {
      if (get (t, n) != get (t, n + p))
        {
          *where = n;
          return FALSE;
        }
      if (n % (G_GUINT64_CONSTANT (1) << 20) == 0 && nim_interrupted ())
        return -1;
    }
  return TRUE;
}

/* The distinct prime factors of @p (at least 2) into @check; %FALSE on
   Ctrl-C. */
static gboolean
factor (guint64 p, NimCertificateCheck *check)
{
  guint64 q;

  for (q = 2; q <= p / q; q++)
    {
      if (p % q == 0)
        {
          check->primes[check->n_primes++] = q;
          while (p % q == 0)
            p /= q;
        }
      if (q % 65536 == 0 && nim_interrupted ())
        return FALSE;
    }
  if (p > 1)
    check->primes[check->n_primes++] = p;
  return TRUE;
}

/**
 * nim_certificate_check_fields:
 * @certificate: a certificate, as read
 * @error: return location for a #NIM_ERROR_FAILED error naming the field
 *   that is wrong
 *
 * Whether every field of @certificate is in range and agrees with the
 * code and the others, before anything is computed: the period is at
 * least 1, "t" is the code's, "bound" is the theorem's (computed without
 * overflow, nim_certificate_bound()) and "checked" reaches it, so that
 * the pre-period and the period are within "checked" too.
 * nim_certificate_check() begins with this.
 *
 * Returns: %TRUE if the fields agree
 */
gboolean
nim_certificate_check_fields (const NimCertificate *certificate,
                              GError **error)
{
  const NimCertificate *c = certificate;
  g_autofree char *why = NULL;
  guint64 bound;

  if (c->period == 0)
    return refuted (error, &c->code,
                    _ ("\"period\" is 0; a period is at "
                       "least 1"));
  if (c->t != c->code.n_digits)
    {
      why = g_strdup_printf (_ ("\"t\" is %llu, but the code's last non-zero "
                                "digit is at place %u"),
                             (unsigned long long) c->t, c->code.n_digits);
      return refuted (error, &c->code, why);
    }
  if (!nim_certificate_bound (&c->code, c->preperiod, c->period, &bound))
    {
      why = g_strdup_printf (
          _ ("\"bound\" is %llu, but for pre-period %llu and period %llu the "
             "octal periodicity theorem's bound, 2 n0 + 2 p + t - 1, is past "
             "2^64 - 1, and no certificate computes so far"),
          (unsigned long long) c->bound, (unsigned long long) c->preperiod,
          (unsigned long long) c->period);
      return refuted (error, &c->code, why);
    }
  if (bound != c->bound)
    {
      why = g_strdup_printf (
          _ ("\"bound\" is %llu, but for pre-period %llu and period %llu the "
             "octal periodicity theorem needs the values to n = %llu"),
          (unsigned long long) c->bound, (unsigned long long) c->preperiod,
          (unsigned long long) c->period, (unsigned long long) bound);
      return refuted (error, &c->code, why);
    }
  if (c->checked < bound)
    {
      why = g_strdup_printf (_ ("\"checked\" is %llu: the values reach n = "
                                "%llu, and the proof needs them to n = %llu"),
                             (unsigned long long) c->checked,
                             (unsigned long long) c->checked,
                             (unsigned long long) bound);
      return refuted (error, &c->code, why);
    }
  /* The bound is past n0 + p, so both are within "checked" now. */
  g_assert (c->preperiod + c->period <= c->checked);
  return TRUE;
}

/* The pair lookups of the definition of every heap to @n. */
static guint64
plain_cost (const Table *t, guint64 n)
{
  if (n > G_MAXUINT32)
    return G_MAXUINT64;
  return t->n_splits * (n / 2) * (n / 2);
}

/**
 * nim_certificate_check:
 * @certificate: a certificate, as read
 * @progress: (nullable): called as the values are computed: once
 *   at the start, then now and then
 * @user_data: passed to @progress
 * @check: (out): how it was checked
 * @error: return location for a #NIM_ERROR_FAILED error saying what is
 *   wrong with the certificate (a field out of range or at odds with the
 *   code or the others, the values, the period) or that the values do
 *   not fit in memory, or #NIM_ERROR_INTERRUPTED (Ctrl-C)
 *
 * Checks the fields first.  Then computes G(0) .. G(checked) again with
 * the checker's own code: by the definition where that costs at most
 * %NIM_CERTIFICATE_PLAIN_MAX pair lookups, otherwise by the rare values
 * and then a sample of them by the definition.  Then checks the hash,
 * that the values repeat with the period from the pre-period on and not
 * from one heap sooner, and that p / q is no period for any prime q of
 * p.
 *
 * Returns: %TRUE if the certificate is right: the period holds for ever
 */
gboolean
nim_certificate_check (const NimCertificate *certificate,
                       NimSequenceProgress progress, gpointer user_data,
                       NimCertificateCheck *check, GError **error)
{
  const NimCertificate *c = certificate;
  const NimOctal *code = &c->code;
  guint64 start = c->preperiod + c->period, where = 0;
  g_autofree char *sum = NULL;
  g_autofree char *why = NULL;
  Table t;
  guint wrong_value = 0, i;
  int holds = TRUE;

  memset (check, 0, sizeof *check);
  if (!nim_certificate_check_fields (c, error))
    return FALSE;

  table_init (&t, code, check);
  t.definition_only = plain_cost (&t, c->checked) <= NIM_CERTIFICATE_PLAIN_MAX;
  if (!make_room (&t, c->checked + 1, 1, error)
      || !compute (&t, start - 1, c->checked, progress, user_data, error))
    goto failed;
  if (!verify (&t, start, c->checked, c->period, progress, user_data, &where,
               &wrong_value, error))
    {
      if (where == 0)
        goto failed;
      /* The values below @where are right, and G(where) is not what the
         period gives. */
      check->values = where;
      why = g_strdup_printf (
          _ ("G(%llu) = %u but G(%llu) = %u: the values "
             "do not repeat with period %llu from "
             "n = %llu"),
          (unsigned long long) (where - c->period),
          get (&t, where - c->period), (unsigned long long) where, wrong_value,
          (unsigned long long) c->period, (unsigned long long) c->preperiod);
      goto done;
    }
  check->values = t.len;
  if (!sample (&t, c, error))
    goto failed;
  check->mask = t.mask;
  check->rare_heaps = t.mask != 0 ? t.rare->len : 0;

  sum = hash (&t, c->checked);
  if (g_ascii_strcasecmp (sum, c->hash) != 0)
    why = g_strdup_printf (_ ("the values G(0) to G(%llu) have the hash "
                              "%s, not %s"),
                           (unsigned long long) c->checked, sum, c->hash);
  else if (c->preperiod > 0
           && get (&t, c->preperiod - 1)
                  == get (&t, c->preperiod - 1 + c->period))
    why = g_strdup_printf (_ ("the values repeat from n = %llu already, so "
                              "the pre-period is not %llu"),
                           (unsigned long long) c->preperiod - 1,
                           (unsigned long long) c->preperiod);
  else if (!factor (c->period, check))
    goto stopped;
  else
    /* The smallest period from n0 divides every other; were it below p,
       it would divide p / q for a prime q of p, and p / q would be a
       period from n0 too, on the values checked as much as for ever
       (they reach n0 + p + p / q). */
    for (i = 0; i < check->n_primes && why == NULL; i++)
      {
        guint64 d = c->period / check->primes[i];

        holds = repeats (&t, d, c->preperiod, c->checked, &where);
        if (holds < 0)
          goto stopped;
        if (holds)
          why = g_strdup_printf (_ ("the values repeat with period %llu "
                                    "too, so %llu is not the smallest"),
                                 (unsigned long long) d,
                                 (unsigned long long) c->period);
      }
done:
  table_clear (&t);
  if (why != NULL)
    return refuted (error, code, why);
  return TRUE;

stopped:
  table_clear (&t);
  return interrupted (error);

failed:
  table_clear (&t);
  return FALSE;
}
