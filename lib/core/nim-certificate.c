/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-certificate.c -- the proof of a take-and-break code's period, as a
   record a second program can check

   A certificate says: under this code the values repeat with period p
   from n0 on, and here is the hash of G(0) .. G(N), N at least the bound
   of the octal periodicity theorem.  Checking it needs nothing of the
   program that wrote it: compute the values again (by the definition
   where that is affordable), compare the hash, see that they repeat from
   n0 to N and not from n0 - 1, that no divisor of p is a period too, and
   that N reaches the theorem's bound.  The program prints and reads the
   record (as JSON); this computes and checks. */
#include "config.h"

#include "nim-certificate.h"

#include "nim-error.h"
#include "nim-i18n.h"
#include "nim-interrupt.h"

#include <string.h>

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

/* Whether G(n + @p) = G(n) for every @from <= n <= @to - @p; the first n
   where it fails in *@where. */
static gboolean
repeats (const NimSequence *values, guint64 p, guint64 from, guint64 to,
         guint64 *where)
{
  guint64 n;

  for (n = from; n + p <= to; n++)
    if (nim_sequence_get (values, n) != nim_sequence_get (values, n + p))
      {
        *where = n;
        return FALSE;
      }
  return TRUE;
}

/* The pair lookups of the plain mex of every heap to @n. */
static guint64
plain_cost (const NimOctal *code, guint64 n)
{
  guint64 splits = 0, j;

  for (j = 0; j <= code->n_digits; j++)
    splits += (code->digits[j] & NIM_OCTAL_TWO) != 0;
  if (n > G_MAXUINT32)
    return G_MAXUINT64;
  return splits * (n / 2) * (n / 2);
}

/* Checks the values computed by the sparse space one by one with the
   plain mex at heaps spread evenly to @n, the last ones included, as
   many as NIM_CERTIFICATE_SAMPLE_BUDGET pays for. */
static gboolean
sample (const NimSequence *values, guint64 n, NimCertificateCheck *check,
        GError **error)
{
  const NimOctal *code = nim_sequence_code (values);
  guint64 per = MAX (plain_cost (code, n) / MAX (n, 1) * 4, 1);
  guint64 count = MIN (n + 1, MAX (NIM_CERTIFICATE_SAMPLE_BUDGET / per, 64));
  guint64 i;

  for (i = 0; i < count; i++)
    {
      /* From the last heap down: the values the proof leans on most. */
      guint64 m = n - (i < count / 2 ? i : (n / count) * i);
      guint v = nim_sequence_get (values, m);

      if (nim_sequence_mex_plain (values, m) != v)
        {
          g_autofree char *why = g_strdup_printf (
              _ ("G(%llu) is the mex of its options, %u, not %u"),
              (unsigned long long) m, nim_sequence_mex_plain (values, m), v);

          return refuted (error, code, why);
        }
      check->sampled++;
      if (i % 64 == 63 && nim_interrupted ())
        {
          g_set_error_literal (error, NIM_ERROR, NIM_ERROR_INTERRUPTED,
                               _ ("interrupted"));
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * nim_certificate_check:
 * @certificate: a certificate, as read
 * @progress: (nullable): called now and then while the values are
 *   computed
 * @user_data: passed to @progress
 * @check: (out): how it was checked
 * @error: return location for a #NIM_ERROR_FAILED error saying what is
 *   wrong with the certificate, #NIM_ERROR_INTERRUPTED (Ctrl-C) or an
 *   error of nim_sequence_extend()
 *
 * Computes G(0) .. G(checked) again, without the writer's help: by the
 * plain mex where that costs at most %NIM_CERTIFICATE_PLAIN_MAX pair
 * lookups, otherwise by the sparse space and then a sample of the values
 * by the plain mex.  Then checks the hash, that the values repeat with
 * the period from the pre-period on and not from one heap sooner, that
 * no divisor of the period is a period from there, and that the
 * theorem's bound is what the certificate says and no more than checked.
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
  g_autoptr (NimSequence) values = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *why = NULL;
  guint64 bound, where, d;

  memset (check, 0, sizeof *check);
  if (c->period == 0)
    return refuted (error, code, _ ("a period is at least 1"));
  bound = nim_sequence_bound (code, c->preperiod, c->period);
  if (bound != c->bound)
    {
      why = g_strdup_printf (
          _ ("for pre-period %llu and period %llu the octal periodicity "
             "theorem needs the values to n = %llu, not %llu"),
          (unsigned long long) c->preperiod, (unsigned long long) c->period,
          (unsigned long long) bound, (unsigned long long) c->bound);
      return refuted (error, code, why);
    }
  if (c->checked < bound)
    {
      why = g_strdup_printf (_ ("the values reach n = %llu, and the proof "
                                "needs them to n = %llu"),
                             (unsigned long long) c->checked,
                             (unsigned long long) bound);
      return refuted (error, code, why);
    }

  check->method = plain_cost (code, c->checked) <= NIM_CERTIFICATE_PLAIN_MAX
                      ? NIM_SEQUENCE_PLAIN
                      : NIM_SEQUENCE_SPARSE;
  values = nim_sequence_new (code, check->method);
  nim_sequence_set_progress (values, progress, user_data);
  if (!nim_sequence_extend (values, c->checked, error))
    return FALSE;
  check->values = c->checked + 1;
  if (check->method == NIM_SEQUENCE_SPARSE
      && !sample (values, c->checked, check, error))
    return FALSE;

  hash = nim_sequence_hash (values, c->checked);
  if (g_ascii_strcasecmp (hash, c->hash) != 0)
    {
      why = g_strdup_printf (_ ("the values G(0) to G(%llu) have the hash "
                                "%s, not %s"),
                             (unsigned long long) c->checked, hash, c->hash);
      return refuted (error, code, why);
    }
  if (!repeats (values, c->period, c->preperiod, c->checked, &where))
    {
      why = g_strdup_printf (
          _ ("G(%llu) = %u but G(%llu) = %u: the values "
             "do not repeat with period %llu from "
             "n = %llu"),
          (unsigned long long) where, nim_sequence_get (values, where),
          (unsigned long long) (where + c->period),
          nim_sequence_get (values, where + c->period),
          (unsigned long long) c->period, (unsigned long long) c->preperiod);
      return refuted (error, code, why);
    }
  if (c->preperiod > 0
      && nim_sequence_get (values, c->preperiod - 1)
             == nim_sequence_get (values, c->preperiod - 1 + c->period))
    {
      why = g_strdup_printf (_ ("the values repeat from n = %llu already, so "
                                "the pre-period is not %llu"),
                             (unsigned long long) c->preperiod - 1,
                             (unsigned long long) c->preperiod);
      return refuted (error, code, why);
    }
  /* The smallest period divides every other, and holds from n0 on too:
     each divisor d of p, paired with p / d, is tried. */
  for (d = 1; d * d <= c->period; d++)
    if (c->period % d == 0)
      {
        guint64 pair[2] = { d, c->period / d };
        guint i;

        for (i = 0; i < 2; i++)
          if (pair[i] < c->period
              && repeats (values, pair[i], c->preperiod, c->checked, &where))
            {
              why = g_strdup_printf (_ ("the values repeat with period %llu "
                                        "too, so %llu is not the smallest"),
                                     (unsigned long long) pair[i],
                                     (unsigned long long) c->period);
              return refuted (error, code, why);
            }
      }
  return TRUE;
}
