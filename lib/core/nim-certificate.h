/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-certificate.h -- the proof of a take-and-break code's period, as a
   record a second program can check, and nim's own second program */
#pragma once

#include <glib.h>

#include "nim-octal.h"
#include "nim-sequence.h"

G_BEGIN_DECLS

/* The most pair lookups a check spends on the definition of every value
   (a few tens of seconds); a longer certificate is checked by the rare
   values, and a sample of its values by the definition. */
#define NIM_CERTIFICATE_PLAIN_MAX G_GUINT64_CONSTANT (20000000000)
/* The pair lookups spent on that sample. */
#define NIM_CERTIFICATE_SAMPLE_BUDGET G_GUINT64_CONSTANT (1000000000)
/* The most distinct prime factors a number below 2^64 has. */
#define NIM_CERTIFICATE_MAX_PRIMES 15

/**
 * NimCertificate:
 * @code: the take-and-break code
 * @preperiod: n0, the first heap from which the values repeat
 * @period: p, the smallest period
 * @t: the place of the code's last non-zero digit, as the certificate
 *   says it (the code's own, else the certificate is wrong)
 * @bound: the octal periodicity theorem's bound: the largest heap whose
 *   value its proof needs (nim_sequence_bound())
 * @checked: the last heap whose value was computed, at least @bound
 * @hash: what nim_sequence_hash() gives for G(0) .. G(@checked): the
 *   SHA-256 of the values as 32-bit little-endian numbers, in hexadecimal
 *
 * That G(n + @period) = G(n) for every n >= @preperiod, with the values
 * whose hash is @hash.  A plain struct; nim_certificate_clear() frees
 * @hash.
 */
typedef struct
{
  NimOctal code;
  guint64 preperiod;
  guint64 period;
  guint64 t;
  guint64 bound;
  guint64 checked;
  char *hash;
} NimCertificate;

/**
 * NimCertificateCheck:
 * @values: how many values were computed again and found right: G(0) ..
 *   G(checked), or those below the first that the period gets wrong; 0
 *   when the fields are wrong or the values do not fit in memory
 * @computed: how many of them were computed each from those before it:
 *   G(0) .. G(preperiod + period - 1)
 * @verified: how many were taken from the period and each checked to be
 *   the mex of its options, apart from the others
 * @threads: how many threads checked those
 * @by_definition: how many of them by the definition, the mex of every
 *   option (all of them when that costs at most
 *   %NIM_CERTIFICATE_PLAIN_MAX pair lookups)
 * @by_rare: how many by the rare values: the options a split with one
 *   rare part gives, then a scan of the splits that stops once every
 *   value below the smallest missing common one is found
 * @mask: the bit mask that told rare values (even in bits under it) from
 *   common ones at the end; 0 when none was used
 * @rare_heaps: how many heaps held a rare value under @mask
 * @sampled: how many of the values found by the rare values were
 *   computed again by the definition (the last one, the pre-period's
 *   edges and others spread out), as %NIM_CERTIFICATE_SAMPLE_BUDGET pays
 *   for
 * @primes: the prime factors q of the period; that p / q is no period
 *   shows that no period smaller than p is
 * @n_primes: how many
 *
 * How nim_certificate_check() went about it: the checker computes the
 * values with code of its own, which shares nothing with nim's
 * computation of sequences (nim-sequence.c) but the reading of the code.
 */
typedef struct
{
  guint64 values;
  guint64 computed;
  guint64 verified;
  guint threads;
  guint64 by_definition;
  guint64 by_rare;
  guint64 mask;
  guint64 rare_heaps;
  guint64 sampled;
  guint64 primes[NIM_CERTIFICATE_MAX_PRIMES];
  guint n_primes;
} NimCertificateCheck;

gboolean nim_certificate_init (NimCertificate *certificate,
                               const NimSequence *sequence,
                               const NimSequencePeriod *period,
                               GError **error);
void nim_certificate_clear (NimCertificate *certificate);
gboolean nim_certificate_bound (const NimOctal *code, guint64 preperiod,
                                guint64 period, guint64 *bound);
gboolean nim_certificate_check_fields (const NimCertificate *certificate,
                                       GError **error);
gboolean nim_certificate_check (const NimCertificate *certificate,
                                NimSequenceProgress progress,
                                gpointer user_data, NimCertificateCheck *check,
                                GError **error);

G_END_DECLS
