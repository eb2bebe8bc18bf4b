/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-cli-certificate.c -- nim --check-certificate FILE: the proof of a
   take-and-break code's period checked again, by a computation of its
   own; and the certificate --grundy-sequence --prove --certificate FILE
   writes */

#include "config.h"

#include "nim-cli-private.h"

#include "nim-certificate.h"
#include "nim-i18n.h"
#include "nim-prompt.h"
#include "nim-record.h"
#include "nim-sequence-report.h"
#include "nim-util.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <unistd.h>

/**
 * nim_cli_check_certificate_path:
 * @path: where --certificate is to write
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Checks before any value is computed that @path can be written: its
 * folder exists and takes a new file (the certificate is written beside
 * it first, then renamed).
 *
 * Returns: %TRUE if it can
 */
gboolean
nim_cli_check_certificate_path (const char *path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);

  if (g_file_test (path, G_FILE_TEST_IS_DIR) || g_access (dir, W_OK) != 0)
    {
      int saved = g_file_test (path, G_FILE_TEST_IS_DIR) ? EISDIR : errno;

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %s is a file name, then why it cannot
                      be written, such as "No such file or directory". */
                   _ ("--certificate %s: cannot write there: %s"), path,
                   g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_cli_write_certificate:
 * @path: the file to write
 * @values: the values of a code
 * @period: their period, proven
 *
 * Writes the certificate of @period as JSON to @path, replacing the file
 * at once (a reader never sees half of it).
 *
 * Returns: the exit status: 1 when the period is not proven or the file
 *   cannot be written, with a message saying so
 */
int
nim_cli_write_certificate (const char *path, const NimSequence *values,
                           const NimSequencePeriod *period)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autofree char *text = NULL;
  g_autofree char *contents = NULL;
  NimCertificate certificate;

  if (!nim_certificate_init (&certificate, values, period, &error))
    {
      g_autofree char *message = g_strdup_printf (
          /* TRANSLATORS: %s is a file name, then why no certificate was
             written. */
          _ ("--certificate %s: not written: %s; add --prove to compute as "
             "far as the proof needs"),
          path, error->message);

      g_free (error->message);
      error->message = g_steal_pointer (&message);
      return nim_cli_fail (error, FALSE);
    }
  node = nim_sequence_report_certificate_to_json (&certificate);
  nim_certificate_clear (&certificate);
  text = nim_record_to_string (node, TRUE);
  contents = g_strconcat (text, "\n", NULL);
  if (!g_file_set_contents (path, contents, -1, &error))
    return nim_cli_fail (error, FALSE);
  return NIM_EXIT_OK;
}

/* The outcome as one JSON object: {"file": F, "valid": B, "method":
   "plain"|"sparse", "values": V, "sampled": S, "error": E|null,
   "certificate": {...}}, the certificate as read. */
static void
print_json (const char *path, const NimCertificate *c,
            const NimCertificateCheck *check, const GError *error)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "file");
  json_builder_add_string_value (b, path);
  json_builder_set_member_name (b, "valid");
  json_builder_add_boolean_value (b, error == NULL);
  json_builder_set_member_name (b, "method");
  json_builder_add_string_value (
      b, check->method == NIM_SEQUENCE_PLAIN ? "plain" : "sparse");
  json_builder_set_member_name (b, "values");
  json_builder_add_int_value (b, (gint64) check->values);
  json_builder_set_member_name (b, "sampled");
  json_builder_add_int_value (b, (gint64) check->sampled);
  json_builder_set_member_name (b, "error");
  if (error != NULL)
    json_builder_add_string_value (b, error->message);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "certificate");
  json_builder_add_value (b, nim_sequence_report_certificate_to_json (c));
  json_builder_end_object (b);
  nim_record_print (json_builder_get_root (b), stdout);
}

/* nim --check-certificate FILE: reads a certificate and checks it (see
   nim_certificate_check()).  Exit 0 when it holds, 1 when it does not
   (the message says what is wrong), 2 when FILE is no certificate, 130
   on Ctrl-C. */
int
nim_cli_run_check_certificate (const NimCliOptions *o)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (NimSequenceReport) report = NULL;
  g_autofree char *code = NULL;
  NimCertificate c;
  NimCertificateCheck check;
  const char *path = o->check_certificate;
  gboolean ok;

  if (!json_parser_load_from_file (parser, path, &error))
    {
      g_autofree char *message = g_strdup_printf ("--check-certificate %s: %s",
                                                  path, error->message);

      g_clear_error (&error);
      g_set_error_literal (&error, NIM_ERROR, NIM_ERROR_USAGE, message);
      return nim_cli_fail (error, TRUE);
    }
  if (!nim_sequence_report_certificate_from_json (
          json_parser_get_root (parser), &c, &error))
    {
      g_autofree char *message = g_strdup_printf ("--check-certificate %s: %s",
                                                  path, error->message);

      g_free (error->message);
      error->message = g_steal_pointer (&message);
      return nim_cli_fail (error, TRUE);
    }
  /* The progress line only: nothing is printed to standard output. */
  report = nim_sequence_report_new (&c.code, FALSE, NULL);
  nim_interrupt_catch ();
  ok = nim_certificate_check (&c, nim_sequence_report_progress, report, &check,
                              &error);
  nim_interrupt_release ();
  nim_sequence_report_clear_progress (report);
  code = nim_octal_to_string (&c.code);
  if (g_error_matches (error, NIM_ERROR, NIM_ERROR_INTERRUPTED))
    {
      nim_certificate_clear (&c);
      return nim_cli_fail (error, FALSE);
    }
  if (o->json)
    print_json (path, &c, &check, error);
  else if (ok)
    {
      /* TRANSLATORS: the file, the code, the period and the pre-period,
         the values computed again and how; then how far the theorem
         needs them. */
      printf (_ ("%s: valid.  %s has period %llu from n = %llu, for ever: "
                 "the values G(0) to G(%llu) were computed again (%s), "
                 "their hash matches, they repeat from n = %llu and not "
                 "sooner, no smaller period fits, and the octal "
                 "periodicity theorem needs them to n = %llu.\n"),
              path, code, (unsigned long long) c.period,
              (unsigned long long) c.preperiod, (unsigned long long) c.checked,
              check.method == NIM_SEQUENCE_PLAIN
                  ? _ ("by the plain mex of every value")
                  : _ ("by the sparse space"),
              (unsigned long long) c.preperiod, (unsigned long long) c.bound);
      if (check.method == NIM_SEQUENCE_SPARSE)
        printf (_ ("The plain mex of every value would cost more than %llu "
                   "lookups; it checked %llu of them, the last ones and "
                   "others spread evenly.\n"),
                (unsigned long long) NIM_CERTIFICATE_PLAIN_MAX,
                (unsigned long long) check.sampled);
    }
  nim_certificate_clear (&c);
  if (!ok && !o->json)
    {
      g_autofree char *message
          = g_strdup_printf ("%s: %s", path, error->message);

      g_free (error->message);
      error->message = g_steal_pointer (&message);
      return nim_cli_fail (error, FALSE);
    }
  return ok ? NIM_EXIT_OK : NIM_EXIT_FAILURE;
}
