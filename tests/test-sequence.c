/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sequence.c -- the Grundy values of take-and-break codes by the
   sparse space against the definition, their storage, the periods of
   Gangolli and Plambeck, and certificates */

#include "config.h"

#include "nim-test.h"

#include <glib.h>
#include <string.h>

#include "nim-certificate.h"
#include "nim-octal.h"
#include "nim-sequence.h"
#include "nim-error.h"
#include "nim-interrupt.h"

/* Every code of up to three digits, 0.d1d2d3 and 4.d1d2d3 (split without
   taking too): the sparse space gives the values of the plain method to
   n = 1,024, and to 512 each is the mex of its options by a mex of its
   own (nim_sequence_mex_plain ()), which shares nothing with either. */
static void
test_every_code (void)
{
  guint64 n = nim_test_light () ? 256 : 1024, checked = MIN (n, 512);
  guint c, sparse_used = 0;

  g_test_summary ("The sparse space agrees with the definition on every "
                  "code of up to three digits.");
  for (c = 1; c < 1024; c++)
    {
      g_autofree char *text = g_strdup_printf (
          "%u.%u%u%u", c >> 9 ? 4 : 0, (c >> 6) & 7, (c >> 3) & 7, c & 7);
      g_autoptr (NimSequence) sparse = NULL;
      g_autoptr (NimSequence) plain = NULL;
      NimSequenceStats stats;
      guint64 i;

      sparse = nim_test_sequence_new (text, NIM_SEQUENCE_SPARSE, n);
      plain = nim_test_sequence_new (text, NIM_SEQUENCE_PLAIN, n);
      /* The first value wrong, of each code. */
      for (i = 0; i <= n; i++)
        if (nim_sequence_get (sparse, i) != nim_sequence_get (plain, i)
            || (i <= checked
                && nim_sequence_get (sparse, i)
                       != nim_sequence_mex_plain (sparse, i)))
          {
            nim_test_fail ("%s: G(%llu) = %u, but the plain method gives %u "
                           "and the mex of its options is %u",
                           text, (unsigned long long) i,
                           nim_sequence_get (sparse, i),
                           nim_sequence_get (plain, i),
                           nim_sequence_mex_plain (sparse, i));
            break;
          }
      nim_sequence_stats (sparse, &stats);
      sparse_used += stats.sparse > 0;
    }
  /* Not a test that passes by never using the method. */
  g_assert_cmpuint (sparse_used, >, 300);
}

/* Chosen codes much further, both methods, compared by their hash: the
   solved games of Gangolli and Plambeck, Grundy's own kind (0.6), and
   codes with splits of mixed parity (0.165, 0.644) or without taking
   (4.7). */
static void
test_chosen_codes (void)
{
  static const char *const codes[]
      = { "0.6", "0.16", "0.56", "0.127", "0.376", "0.165", "0.644", "4.7" };
  guint64 n = nim_test_light () ? 2048 : 8192;
  guint k;

  for (k = 0; k < G_N_ELEMENTS (codes); k++)
    {
      g_autoptr (NimSequence) sparse
          = nim_test_sequence_new (codes[k], NIM_SEQUENCE_SPARSE, n);
      g_autoptr (NimSequence) plain
          = nim_test_sequence_new (codes[k], NIM_SEQUENCE_PLAIN, n);
      g_autofree char *a = nim_sequence_hash (sparse, n);
      g_autofree char *b = nim_sequence_hash (plain, n);
      NimSequenceStats stats;

      g_test_message ("%s to %llu", codes[k], (unsigned long long) n);
      g_assert_cmpstr (a, ==, b);
      nim_sequence_stats (sparse, &stats);
      g_assert_cmpuint (stats.sparse + stats.full_scans, >, 0);
    }
}

/* The last few rare values a full scan looks for are found by vectors
   of two-byte values, with AVX-512 all of them by a bitset, and the
   candidate's search reads the marks of 64 values at a time: each
   finder and reader (NIM_VECTORS chooses them once a process, so each
   runs in a child; a processor without one runs the best it has) gives
   the values of the plain method.  0.6 needs two bytes from n = 10,344
   on. */
static void
test_vector_scan (gconstpointer data)
{
  const char *finder = data;
  g_autofree char *path = NULL;

  if (g_test_subprocess ())
    {
      guint64 n = 11000;
      g_autoptr (NimSequence) sparse = NULL;
      g_autoptr (NimSequence) plain = NULL;
      g_autofree char *a = NULL, *b = NULL;
      NimSequenceStats stats;

      g_setenv ("NIM_VECTORS", finder, TRUE);
      sparse = nim_test_sequence_new ("0.6", NIM_SEQUENCE_SPARSE, n);
      plain = nim_test_sequence_new ("0.6", NIM_SEQUENCE_PLAIN, n);
      a = nim_sequence_hash (sparse, n);
      b = nim_sequence_hash (plain, n);
      nim_sequence_stats (sparse, &stats);
      g_assert_cmpuint (stats.width, ==, 2);
      g_assert_cmpstr (a, ==, b);
      return;
    }
  path = g_strdup_printf ("/sequence/vector-scan/%s", finder);
  g_test_trap_subprocess (path, 0, 0);
  g_test_trap_assert_passed ();
}

/* Values take one byte while they stay below 256, and two once one
   needs it; the table is widened in place and keeps every value. */
static void
test_width (void)
{
  g_autoptr (NimSequence) kayles
      = nim_test_sequence_new ("0.77", NIM_SEQUENCE_SPARSE, 2000);
  /* Splits at every count of up to 32: values grow with the heap. */
  g_autoptr (NimSequence) wide = nim_test_sequence_new (
      "4.44444444444444444444444444444444", NIM_SEQUENCE_SPARSE, 1200);
  NimSequenceStats stats;
  guint64 i;

  nim_sequence_stats (kayles, &stats);
  g_assert_cmpuint (stats.width, ==, 1);
  nim_sequence_stats (wide, &stats);
  g_assert_cmpuint (stats.max_value, >=, 256);
  g_assert_cmpuint (stats.width, ==, 2);
  for (i = 0; i <= 1200; i++)
    g_assert_cmpuint (nim_sequence_get (wide, i), ==,
                      nim_sequence_mex_plain (wide, i));
}

/* The solved games of Gangolli and Plambeck: 0.127 (period 4, last
   exception 46,577), 0.16 (period 149,459 from 105,351), 0.56 (period
   144; OEIS A071436 says its last exception is at 326,637, but the
   values, by the plain mex too, repeat from 326,640, as tczajka's tables
   have it) and 0.376 (period 4 from 2,268,248). */
static void
test_gangolli_plambeck (void)
{
  static const struct
  {
    const char *code;
    guint64 period;
    guint64 preperiod;
  } games[] = {
    { "0.127", 4, 46578 },
    { "0.16", 149459, 105351 },
    { "0.56", 144, 326640 },
    { "0.376", 4, 2268248 },
  };
  /* Under valgrind, and under the sanitizers, 4.5 million values would
     take minutes (68 s of processor time in _build-san, half the
     sanitizer run's test-sequence); the plain builds prove 0.376, and the
     three other games take the same code paths. */
#if defined(__SANITIZE_ADDRESS__)
  const gboolean light = TRUE;
#else
  const gboolean light = nim_test_light ();
#endif
  guint k;

  for (k = 0; k < G_N_ELEMENTS (games); k++)
    {
      g_autoptr (NimSequence) values = NULL;
      g_autoptr (GError) error = NULL;
      NimSequencePeriod period;
      NimOctal code;

      if (light && games[k].preperiod > 1000000)
        continue;
      g_test_message ("%s", games[k].code);
      g_assert_true (nim_octal_parse (&code, games[k].code, "code", NULL));
      values = nim_sequence_new (&code, NIM_SEQUENCE_SPARSE);
      g_assert_true (nim_sequence_prove (values, 0, &period, &error));
      g_assert_no_error (error);
      g_assert_cmpint (period.kind, ==, NIM_SEQUENCE_PROVEN);
      g_assert_cmpuint (period.period, ==, games[k].period);
      g_assert_cmpuint (period.preperiod, ==, games[k].preperiod);
      g_assert_cmpuint (
          period.needed, ==,
          nim_sequence_bound (&code, games[k].preperiod, games[k].period));
      g_assert_cmpuint (period.checked, >=, period.needed);
      g_assert_true (
          nim_sequence_is_exception (values, &period, period.preperiod - 1));
    }
}

/* The theorem's bound, 2 n0 + 2 p + t - 1, counts n0 as 1 at least for
   a code that splits (a part must stay non-empty). */
static void
test_bound (void)
{
  NimOctal kayles, take;

  g_assert_true (nim_octal_parse (&kayles, "0.77", "code", NULL));
  g_assert_true (nim_octal_parse (&take, "0.333", "code", NULL));
  g_assert_cmpuint (nim_sequence_bound (&kayles, 71, 12), ==, 167);
  g_assert_cmpuint (nim_sequence_bound (&kayles, 0, 12), ==, 2 + 24 + 1);
  g_assert_cmpuint (nim_sequence_bound (&take, 0, 4), ==, 8 + 2);
}

/* More values than memory holds are refused before any is computed;
   Ctrl-C stops a computation and keeps what it computed. */
static void
test_memory_and_interrupt (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimSequence) values = NULL;
  NimSequencePeriod period;
  NimOctal code;

  g_assert_true (nim_octal_parse (&code, "0.6", "code", NULL));
  values = nim_sequence_new (&code, NIM_SEQUENCE_SPARSE);
  g_assert_false (nim_sequence_reserve (values, G_MAXUINT64 / 2, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  nim_test_assert_contains (nim_test_error_message (error),
                            "memory available");
  g_clear_error (&error);
  g_assert_cmpuint (nim_sequence_len (values), ==, 0);

  g_assert_true (nim_sequence_extend (values, 2000, NULL));
  nim_interrupt_request ();
  g_assert_false (nim_sequence_prove (values, 100000, &period, &error));
  nim_interrupt_clear ();
  g_assert_error (error, NIM_ERROR, NIM_ERROR_INTERRUPTED);
  g_assert_cmpuint (nim_sequence_len (values), >=, 2001);
  g_assert_cmpuint (period.checked + 1, ==, nim_sequence_len (values));
}

/* What /sequence/bounded watches: the most memory held while values
   were computed, and whether the table ever held more than its bound. */
typedef struct
{
  NimSequence *values;
  guint64 bound;
  guint64 most;
} Watch;

static void
watch_memory (guint64 len, guint64 target, gpointer data)
{
  Watch *w = data;
  NimSequenceStats stats;

  (void) len;
  (void) target;
  nim_sequence_stats (w->values, &stats);
  w->most = MAX (w->most, stats.memory);
}

/* Under a memory bound the values are the same as without one, while
   the sequence grows far past what the bound holds: the rare heaps'
   splits, the scans and the mask's rare heaps read back from the file
   the values are kept in (codes whose last rare heap lies beyond the
   window, whose scans reach beyond the head, whose values widen from
   one byte to two under the bound, whose sparse space degrades). */
static void
test_bounded (void)
{
  static const struct
  {
    const char *code;
    guint64 bound;
    guint64 start; /* the values computed before the bound is set */
  } cases[] = {
    { "0.6", 96 << 10, 0 },   { "0.6", 90 << 10, 5000 },
    { "0.161", 64 << 10, 0 }, { "0.167", 64 << 10, 0 },
    { "0.77", 64 << 10, 0 },  { "0.165", 160 << 10, 0 },
    { "0.04", 600 << 10, 0 }, { "4.7", 64 << 10, 0 },
  };
  /* Under the sanitizers, as under valgrind, fewer values: 300,000 took
     five minutes of CI there (0.04's scans), for the same code. */
#if defined(__SANITIZE_ADDRESS__)
  const gboolean light = TRUE;
#else
  const gboolean light = nim_test_light ();
#endif
  guint64 n = light ? 20000 : 300000;
  guint k;

  g_test_summary ("A memory bound keeps the values the same while it "
                  "holds a fraction of them.");
  for (k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr (NimSequence) free_values
          = nim_test_sequence_new (cases[k].code, NIM_SEQUENCE_SPARSE, n);
      g_autoptr (NimSequence) bounded = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *want = nim_sequence_hash (free_values, n);
      g_autofree char *got = NULL;
      NimSequenceStats stats;
      NimSequencePeriod a, b;
      NimOctal code;
      Watch watch = { NULL, cases[k].bound, 0 };
      guint64 i;

      g_test_message ("%s under %llu KiB", cases[k].code,
                      (unsigned long long) cases[k].bound >> 10);
      g_assert_true (nim_octal_parse (&code, cases[k].code, "code", NULL));
      bounded = nim_sequence_new (&code, NIM_SEQUENCE_SPARSE);
      g_assert_true (nim_sequence_extend (bounded, cases[k].start, NULL));
      g_assert_true (
          nim_sequence_set_max_memory (bounded, cases[k].bound, &error));
      g_assert_no_error (error);
      watch.values = bounded;
      nim_sequence_set_progress (bounded, watch_memory, &watch);
      /* A thousand values at a time, the memory looked at after each. */
      for (i = cases[k].start; i < n; i = MIN (n, i + 1000))
        {
          g_assert_true (
              nim_sequence_extend (bounded, MIN (n, i + 1000), &error));
          g_assert_no_error (error);
          watch_memory (0, 0, &watch);
        }
      g_assert_cmpuint (watch.most, <=, cases[k].bound);
      nim_sequence_stats (bounded, &stats);
      /* Under the fewer values the bound may hold them all. */
      if (!light)
        {
          g_assert_cmpuint (stats.in_memory, <, n / 2);
          g_assert_cmpuint (stats.stored, >, n / 2);
        }
      got = nim_sequence_hash (bounded, n);
      g_assert_cmpstr (got, ==, want);
      for (i = 0; i <= n; i += 997)
        g_assert_cmpuint (nim_sequence_get (bounded, i), ==,
                          nim_sequence_get (free_values, i));
      nim_sequence_period (free_values, &a);
      nim_sequence_period (bounded, &b);
      g_assert_cmpint (a.kind, ==, b.kind);
      g_assert_cmpuint (a.period, ==, b.period);
      g_assert_cmpuint (a.preperiod, ==, b.preperiod);
    }
}

/* The counts kept at every power of two equal those of the values, with
   a memory bound or without. */
static void
test_histograms (void)
{
  guint64 n = nim_test_light () ? 4096 : 1 << 17;
  g_autoptr (NimSequence) values
      = nim_test_sequence_new ("0.6", NIM_SEQUENCE_SPARSE, n);
  g_autoptr (NimSequence) bounded = NULL;
  g_autofree guint64 *count = g_new0 (guint64, 1024);
  NimOctal code;
  guint64 i, power = 1;
  guint k = 0;

  g_assert_true (nim_octal_parse (&code, "0.6", "code", NULL));
  bounded = nim_sequence_new (&code, NIM_SEQUENCE_SPARSE);
  g_assert_true (nim_sequence_set_max_memory (bounded, 96 << 10, NULL));
  g_assert_true (nim_sequence_extend (bounded, n, NULL));
  g_assert_cmpuint (nim_sequence_n_histograms (values), ==, g_bit_storage (n));
  g_assert_cmpuint (nim_sequence_n_histograms (bounded), ==,
                    g_bit_storage (n));
  for (i = 1; i <= n; i++)
    {
      count[nim_sequence_get (values, i)]++;
      if (i == power)
        {
          NimSequenceHistogram a, b;
          guint v, row = 0;

          nim_sequence_histogram (values, k, &a);
          nim_sequence_histogram (bounded, k, &b);
          g_assert_cmpuint (a.n, ==, i);
          g_assert_cmpuint (b.n, ==, i);
          g_assert_cmpuint (a.n_values, ==, b.n_values);
          for (v = 0; v < 1024; v++)
            if (count[v] > 0)
              {
                g_assert_cmpuint (row, <, a.n_values);
                g_assert_cmpuint (a.values[row], ==, v);
                g_assert_cmpuint (a.counts[row], ==, count[v]);
                g_assert_cmpuint (b.values[row], ==, v);
                g_assert_cmpuint (b.counts[row], ==, count[v]);
                row++;
              }
          g_assert_cmpuint (row, ==, a.n_values);
          k++;
          power *= 2;
        }
    }
}

/* A bound too small for the tables is refused, saying what is needed;
   one that the tables outgrow later stops the computation with an
   error, not with more memory. */
static void
test_bounded_too_small (void)
{
  g_autoptr (NimSequence) values = NULL;
  g_autoptr (GError) error = NULL;
  NimOctal code;

  g_assert_true (nim_octal_parse (&code, "0.04", "code", NULL));
  values = nim_sequence_new (&code, NIM_SEQUENCE_SPARSE);
  g_assert_false (nim_sequence_set_max_memory (values, 1000, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  nim_test_assert_contains (nim_test_error_message (error), "needs at least");
  g_clear_error (&error);
  g_assert_true (nim_sequence_set_max_memory (values, 64 << 10, &error));
  g_assert_false (nim_sequence_extend (values, 200000, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_FAILED);
  nim_test_assert_contains (nim_test_error_message (error), "memory bound");
}

/* The hash is of the values as 32-bit little-endian numbers: for 0.77 to
   n = 0 (one value, 0), the SHA-256 of four zero bytes. */
static void
test_hash (void)
{
  g_autoptr (NimSequence) values
      = nim_test_sequence_new ("0.77", NIM_SEQUENCE_SPARSE, 3);
  g_autofree char *zero = nim_sequence_hash (values, 0);
  g_autofree char *four = nim_sequence_hash (values, 3);
  static const guint8 bytes[]
      = { 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0 };
  g_autofree char *expected
      = g_compute_checksum_for_data (G_CHECKSUM_SHA256, bytes, sizeof bytes);

  g_assert_cmpstr (zero, ==,
                   "df3f619804a92fdb4057192dc43dd748"
                   "ea778adc52bc498ce80524c014b81119");
  g_assert_cmpstr (four, ==, expected);
}

/* A certificate of Kayles's period checks (by the definition); each kind
   of wrong certificate is refused, saying what is wrong. */
static void
test_certificate (void)
{
  g_autoptr (NimSequence) values = NULL;
  g_autoptr (GError) error = NULL;
  NimSequencePeriod period;
  NimCertificate good, bad;
  NimCertificateCheck check;
  NimOctal code;
  static const char *const zeros
      = "0000000000000000000000000000000000000000000000000000000000000000";
  guint i;

  g_assert_true (nim_octal_parse (&code, "0.77", "code", NULL));
  values = nim_sequence_new (&code, NIM_SEQUENCE_SPARSE);
  g_assert_true (nim_sequence_extend (values, 100, NULL));
  nim_sequence_period (values, &period);
  g_assert_cmpint (period.kind, !=, NIM_SEQUENCE_PROVEN);
  g_assert_false (nim_certificate_init (&good, values, &period, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_FAILED);
  g_clear_error (&error);
  g_assert_true (nim_sequence_prove (values, 0, &period, NULL));
  g_assert_true (nim_certificate_init (&good, values, &period, NULL));
  g_assert_cmpuint (good.preperiod, ==, 71);
  g_assert_cmpuint (good.period, ==, 12);
  g_assert_cmpuint (good.bound, ==, 167);
  g_assert_true (nim_certificate_check (&good, NULL, NULL, &check, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (check.by_definition, ==, good.checked + 1);
  g_assert_cmpuint (check.by_rare, ==, 0);
  g_assert_cmpuint (check.values, ==, good.checked + 1);
  g_assert_cmpuint (check.computed, ==, 71 + 12);
  g_assert_cmpuint (check.verified, ==, good.checked + 1 - 83);
  g_assert_cmpuint (check.n_primes, ==, 2);

  for (i = 0; i < 6; i++)
    {
      static const char *const why[] = {
        "have the hash",        "repeat from n = 71 already",
        "do not repeat",        "period 12 too",
        "the proof needs them", "theorem needs the values",
      };

      bad = good;
      bad.hash = g_strdup (good.hash);
      switch (i)
        {
        case 0:
          g_free (bad.hash);
          bad.hash = g_strdup (zeros);
          break;
        case 1:
          bad.preperiod = 72;
          bad.bound = nim_sequence_bound (&code, 72, 12);
          bad.checked = bad.bound;
          break;
        case 2:
          bad.preperiod = 70;
          bad.bound = nim_sequence_bound (&code, 70, 12);
          break;
        case 3:
          bad.period = 24;
          bad.bound = nim_sequence_bound (&code, 71, 24);
          bad.checked = bad.bound;
          break;
        case 4:
          bad.checked = 166;
          break;
        case 5:
          bad.bound = 160;
          break;
        }
      /* The hash of the values it names, but in the first case. */
      if (i > 0 && bad.checked != good.checked)
        {
          g_assert_true (nim_sequence_extend (values, bad.checked, NULL));
          g_free (bad.hash);
          bad.hash = nim_sequence_hash (values, bad.checked);
        }
      g_assert_false (
          nim_certificate_check (&bad, NULL, NULL, &check, &error));
      g_assert_error (error, NIM_ERROR, NIM_ERROR_FAILED);
      nim_test_assert_contains (nim_test_error_message (error), why[i]);
      g_clear_error (&error);
      nim_certificate_clear (&bad);
    }
  nim_certificate_clear (&good);
}

/* A certificate too long for the definition of every value is checked
   by the rare values, and a sample of its values by the definition. */
static void
test_certificate_sparse (void)
{
  g_autoptr (NimSequence) values = NULL;
  g_autoptr (GError) error = NULL;
  NimSequencePeriod period;
  NimCertificate c;
  NimCertificateCheck check;
  NimOctal code;

  if (nim_test_light ())
    return;
  g_assert_true (nim_octal_parse (&code, "0.16", "code", NULL));
  values = nim_sequence_new (&code, NIM_SEQUENCE_SPARSE);
  g_assert_true (nim_sequence_prove (values, 0, &period, NULL));
  g_assert_true (nim_certificate_init (&c, values, &period, NULL));
  g_assert_true (nim_certificate_check (&c, NULL, NULL, &check, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (check.by_rare, >, c.checked / 2);
  g_assert_cmpuint (check.by_rare + check.by_definition, ==, c.checked + 1);
  g_assert_cmpuint (check.mask, !=, 0);
  g_assert_cmpuint (check.sampled, >=, 1024);
  g_assert_cmpuint (check.threads, >=, 1);
  nim_certificate_clear (&c);
}

/* A certificate whose fields do not agree with the code or each other is
   refused before anything is computed, naming the field: the attacks of
   issue 39, where a bound computed with overflow let 41 values prove a
   period of 2^63 - 25, and a "t" that was not read. */
static void
test_certificate_fields (void)
{
  static const struct
  {
    const char *code;
    guint64 preperiod, period, t, bound, checked;
    const char *why;
  } cases[] = {
    { "0.333", 30, G_GUINT64_CONSTANT (9223372036854775783), 3, 12, 40,
      "\"bound\" is 12, but for pre-period 30 and period "
      "9223372036854775783 the octal periodicity theorem's bound" },
    { "0.77", 30, G_GUINT64_CONSTANT (9223372036854775643), 2, 12, 40,
      "\"bound\" is 12, but for pre-period 30 and period "
      "9223372036854775643 the octal periodicity theorem needs the values "
      "to n = 18446744073709551347" },
    { "0.4", 30, G_GUINT64_CONSTANT (9223372036854775643), 1, 12, 40,
      "to n = 18446744073709551346" },
    { "0.07", 3, G_GUINT64_CONSTANT (9223372036854775806), 2, 40, 40,
      "past 2^64 - 1" },
    { "0.77", 0, G_GUINT64_CONSTANT (9223372036854775807), 2, 40, 40,
      "past 2^64 - 1" },
    /* 2 n0 + 2 p + t - 1 just below 2^64, and "checked" short of it. */
    { "0.77", 1, G_GUINT64_CONSTANT (9223372036854775805), 2,
      G_GUINT64_CONSTANT (18446744073709551613), 40, "\"checked\" is 40" },
    { "0.16", 105351, 149459, 1, 509621, 509621,
      "\"t\" is 1, but the code's last non-zero digit is at place 2" },
    { "0.16", 105351, 0, 2, 509621, 509621, "\"period\" is 0" },
    { "0.16", 105351, 149459, 2, 509620, 509621, "\"bound\" is 509620" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (NimSequence) values = NULL;
      g_autoptr (GError) error = NULL;
      NimCertificate c = { 0 };
      NimCertificateCheck check;

      g_assert_true (nim_octal_parse (&c.code, cases[i].code, "code", NULL));
      c.preperiod = cases[i].preperiod;
      c.period = cases[i].period;
      c.t = cases[i].t;
      c.bound = cases[i].bound;
      c.checked = cases[i].checked;
      /* The hash of the values it names: only the fields are wrong. */
      values = nim_test_sequence_new (cases[i].code, NIM_SEQUENCE_PLAIN,
                                      MIN (c.checked, 1000));
      c.hash = nim_sequence_hash (values, MIN (c.checked, 1000));
      g_assert_false (nim_certificate_check (&c, NULL, NULL, &check, &error));
      g_assert_error (error, NIM_ERROR, NIM_ERROR_FAILED);
      nim_test_assert_contains (nim_test_error_message (error), cases[i].why);
      g_assert_cmpuint (check.values, ==, 0);
      nim_certificate_clear (&c);
    }
}

/* The theorem's bound, computed apart from nim_sequence_bound() and
   without overflow, agrees with it wherever that one does not wrap. */
static void
test_certificate_bound (void)
{
  static const char *const codes[] = { "0.77", "0.333", "0.4", "4.7", "0.6" };
  guint i;
  guint64 n0, p, bound;

  for (i = 0; i < G_N_ELEMENTS (codes); i++)
    {
      NimOctal code;

      g_assert_true (nim_octal_parse (&code, codes[i], "code", NULL));
      for (n0 = 0; n0 < 5; n0++)
        for (p = 1; p < 5; p++)
          {
            g_assert_true (nim_certificate_bound (&code, n0, p, &bound));
            g_assert_cmpuint (bound, ==, nim_sequence_bound (&code, n0, p));
          }
      g_assert_false (
          nim_certificate_bound (&code, 0, G_MAXUINT64 / 2 + 1, &bound));
      g_assert_false (
          nim_certificate_bound (&code, G_MAXUINT64 / 2 + 1, 1, &bound));
    }
}

/* The checker's values are its own: every code of one and two digits
   (0.d1d2 and 4.d1d2) that shows a period within 20,000 heaps gets a
   certificate from nim-sequence.c that the checker accepts, and the same
   certificate with one value changed before it is hashed is refused. */
static void
test_certificate_every_code (void)
{
  guint c, proven = 0;

  for (c = 1; c < 128; c++)
    {
      g_autofree char *text
          = g_strdup_printf ("%u.%u%u", c >> 6 ? 4 : 0, (c >> 3) & 7, c & 7);
      g_autoptr (NimSequence) values = NULL;
      g_autoptr (GError) error = NULL;
      NimSequencePeriod period;
      NimCertificate good;
      NimCertificateCheck check;
      NimOctal code;

      if (!nim_octal_parse (&code, text, "code", NULL))
        continue;
      values = nim_sequence_new (&code, NIM_SEQUENCE_SPARSE);
      g_assert_true (nim_sequence_prove (values, 20000, &period, NULL));
      if (period.kind != NIM_SEQUENCE_PROVEN)
        continue;
      proven++;
      g_assert_true (nim_certificate_init (&good, values, &period, NULL));
      if (!nim_certificate_check (&good, NULL, NULL, &check, &error))
        g_test_message ("%s: %s", text, error->message);
      g_assert_no_error (error);
      nim_certificate_clear (&good);
    }
  g_assert_cmpuint (proven, >, 60);
}

/* Ctrl-C stops a check, at any point of it: here at its first report of
   progress. */
static void
interrupt_now (guint64 len, guint64 target, gpointer data)
{
  (void) len;
  (void) target;
  (void) data;
  nim_interrupt_request ();
}

static void
test_certificate_interrupt (void)
{
  g_autoptr (NimSequence) values = NULL;
  g_autoptr (GError) error = NULL;
  NimSequencePeriod period;
  NimCertificate c;
  NimCertificateCheck check;
  NimOctal code;

  if (nim_test_light ())
    return;
  g_assert_true (nim_octal_parse (&code, "0.16", "code", NULL));
  values = nim_sequence_new (&code, NIM_SEQUENCE_SPARSE);
  g_assert_true (nim_sequence_prove (values, 0, &period, NULL));
  g_assert_true (nim_certificate_init (&c, values, &period, NULL));
  nim_interrupt_request ();
  g_assert_false (nim_certificate_check (&c, NULL, NULL, &check, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_INTERRUPTED);
  g_clear_error (&error);
  nim_interrupt_clear ();
  g_assert_false (
      nim_certificate_check (&c, interrupt_now, NULL, &check, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_INTERRUPTED);
  nim_interrupt_clear ();
  nim_certificate_clear (&c);
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);
  g_test_add_func ("/sequence/every-code", test_every_code);
  g_test_add_func ("/sequence/chosen-codes", test_chosen_codes);
  g_test_add_func ("/sequence/width", test_width);
  g_test_add_data_func ("/sequence/vector-scan/plain", "plain",
                        test_vector_scan);
  g_test_add_data_func ("/sequence/vector-scan/sse2", "sse2",
                        test_vector_scan);
  g_test_add_data_func ("/sequence/vector-scan/avx2", "avx2",
                        test_vector_scan);
  g_test_add_data_func ("/sequence/vector-scan/avx512", "avx512",
                        test_vector_scan);
  g_test_add_func ("/sequence/gangolli-plambeck", test_gangolli_plambeck);
  g_test_add_func ("/sequence/bound", test_bound);
  g_test_add_func ("/sequence/memory-and-interrupt",
                   test_memory_and_interrupt);
  g_test_add_func ("/sequence/hash", test_hash);
  g_test_add_func ("/sequence/bounded", test_bounded);
  g_test_add_func ("/sequence/bounded-too-small", test_bounded_too_small);
  g_test_add_func ("/sequence/histograms", test_histograms);
  g_test_add_func ("/certificate/check", test_certificate);
  g_test_add_func ("/certificate/sparse", test_certificate_sparse);
  g_test_add_func ("/certificate/fields", test_certificate_fields);
  g_test_add_func ("/certificate/bound", test_certificate_bound);
  g_test_add_func ("/certificate/every-code", test_certificate_every_code);
  g_test_add_func ("/certificate/interrupt", test_certificate_interrupt);
  return g_test_run ();
}
