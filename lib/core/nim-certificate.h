/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-certificate.h -- the proof of a take-and-break code's period, as a
   record a second program can check */
#pragma once

#include <glib.h>

#include "nim-octal.h"
#include "nim-sequence.h"

G_BEGIN_DECLS

/* The most pair lookups a check spends on the plain mex of every value
   (a few tens of seconds); a longer certificate is checked by the sparse
   space, and then a sample of its values by the plain mex. */
#define NIM_CERTIFICATE_PLAIN_MAX G_GUINT64_CONSTANT (20000000000)
/* The pair lookups spent on that sample. */
#define NIM_CERTIFICATE_SAMPLE_BUDGET G_GUINT64_CONSTANT (2000000000)

/**
 * NimCertificate:
 * @code: the take-and-break code
 * @preperiod: n0, the first heap from which the values repeat
 * @period: p, the smallest period
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
  guint64 bound;
  guint64 checked;
  char *hash;
} NimCertificate;

/**
 * NimCertificateCheck:
 * @method: how the values were computed again: by the definition
 *   (%NIM_SEQUENCE_PLAIN) where that costs at most
 *   %NIM_CERTIFICATE_PLAIN_MAX pair lookups, else by the sparse space
 * @values: how many values were computed
 * @sampled: under the sparse space, how many values were also checked
 *   one by one with the plain mex
 *
 * How nim_certificate_check() went about it.
 */
typedef struct
{
  NimSequenceMethod method;
  guint64 values;
  guint64 sampled;
} NimCertificateCheck;

gboolean nim_certificate_init (NimCertificate *certificate,
                               const NimSequence *sequence,
                               const NimSequencePeriod *period,
                               GError **error);
void nim_certificate_clear (NimCertificate *certificate);
gboolean nim_certificate_check (const NimCertificate *certificate,
                                NimSequenceProgress progress,
                                gpointer user_data, NimCertificateCheck *check,
                                GError **error);

G_END_DECLS
