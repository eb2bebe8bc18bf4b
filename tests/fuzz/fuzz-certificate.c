/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-certificate.c -- libFuzzer target for what --check-certificate
 * reads: the JSON (nim_json_load), the certificate in it
 * (nim_sequence_report_certificate_from_json) and its fields
 * (nim_certificate_check_fields)
 *
 * A certificate read is written and read back the same; one whose
 * fields agree has its bound within "checked" and is checked whole when
 * that is cheap (at most CHECK_MAX values), never with a crash or an
 * assertion, and a verdict of valid only for a period that holds. */

#include "config.h"

#include "fuzz.h"

#include "nim-certificate.h"
#include "nim-error.h"
#include "nim-json.h"
#include "nim-sequence-report.h"

/* The most values a certificate may name to be checked whole. */
#define CHECK_MAX 4096

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) written = NULL;
  NimCertificate c, back;
  NimCertificateCheck check;
  guint64 bound;

  if (!nim_json_load (parser, size > 0 ? (const char *) data : "",
                      (gssize) size, "fuzz", &error))
    {
      fuzz_check (g_error_matches (error, NIM_ERROR, NIM_ERROR_USAGE));
      return 0;
    }
  if (!nim_sequence_report_certificate_from_json (
          json_parser_get_root (parser), &c, &error))
    {
      fuzz_check (g_error_matches (error, NIM_ERROR, NIM_ERROR_USAGE));
      fuzz_check (error->message != NULL && *error->message != '\0');
      nim_certificate_clear (&c);
      return 0;
    }

  written = nim_sequence_report_certificate_to_json (&c);
  fuzz_check (
      nim_sequence_report_certificate_from_json (written, &back, NULL));
  fuzz_check (back.preperiod == c.preperiod && back.period == c.period
              && back.t == c.t && back.bound == c.bound
              && back.checked == c.checked && g_str_equal (back.hash, c.hash));
  nim_certificate_clear (&back);

  if (!nim_certificate_check_fields (&c, &error))
    {
      fuzz_check (g_error_matches (error, NIM_ERROR, NIM_ERROR_FAILED));
      nim_certificate_clear (&c);
      return 0;
    }
  fuzz_check (c.period >= 1 && c.t == c.code.n_digits);
  fuzz_check (nim_certificate_bound (&c.code, c.preperiod, c.period, &bound)
              && bound == c.bound && bound <= c.checked);
  if (c.checked <= CHECK_MAX)
    {
      if (nim_certificate_check (&c, NULL, NULL, &check, &error))
        {
          /* Valid: nim's own sequence says so too. */
          g_autoptr (NimSequence) values
              = nim_sequence_new (&c.code, NIM_SEQUENCE_PLAIN);
          g_autofree char *hash = NULL;
          guint64 n;

          fuzz_check (check.values == c.checked + 1);
          fuzz_check (nim_sequence_extend (values, c.checked, NULL));
          hash = nim_sequence_hash (values, c.checked);
          fuzz_check (g_ascii_strcasecmp (hash, c.hash) == 0);
          for (n = c.preperiod; n + c.period <= c.checked; n++)
            fuzz_check (nim_sequence_get (values, n)
                        == nim_sequence_get (values, n + c.period));
        }
      else
        fuzz_check (g_error_matches (error, NIM_ERROR, NIM_ERROR_FAILED));
    }
  nim_certificate_clear (&c);
  return 0;
}
