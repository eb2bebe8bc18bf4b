/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-certificate.c -- nim --check-certificate FILE: the proof of a
   take-and-break code's period, written by --grundy-sequence --prove
   --certificate FILE, checked again by a computation of its own */

#include "config.h"

#include "nim-certificate.h"
#include "nim-error.h"
#include "nim-exit.h"
#include "nim-i18n.h"
#include "nim-json.h"
#include "nim-mode.h"
#include "nim-prompt.h"
#include "nim-record.h"
#include "nim-sequence-report.h"
#include "nim-shared.h"

#include <stdio.h>

/* The most nim reads of a certificate file: one is under a KiB. */
#define CERTIFICATE_MAX_BYTES (1024 * 1024)

/**
 * CertificateConfig:
 * @path: --check-certificate FILE
 *
 * The options of --check-certificate.
 */
typedef struct
{
  char *path;
} CertificateConfig;

static const NimOption options[] = {
  { { "check-certificate", 0, 0, G_OPTION_ARG_FILENAME,
      NIM_OPTION_FIELD (CertificateConfig, path),
      N_ ("Check the certificate FILE of a period: compute the values again "
          "and check the proof"),
      "FILE" },
    0,
    NULL,
    NULL },
  { { NULL } },
};

/* What the check found: the file, the certificate as read, how it was
   checked and what is wrong with it (%NULL: nothing). */
typedef struct
{
  const char *path;
  const NimCertificate *certificate;
  const NimCertificateCheck *check;
  const GError *error;
} Outcome;

/* A valid certificate, said in full; what is wrong with one is nim's
   message on standard error. */
static void
write_text (gconstpointer result, FILE *out)
{
  const Outcome *o = result;
  const NimCertificate *c = o->certificate;
  g_autofree char *code = NULL;

  if (o->error != NULL)
    return;
  code = nim_octal_to_string (&c->code);
  /* TRANSLATORS: the file, the code, the period and the pre-period, the
     values computed again and how; then how far the theorem needs
     them. */
  fprintf (out,
           _ ("%s: valid.  %s has period %llu from n = %llu, for ever: the "
              "values G(0) to G(%llu) were computed again (%s), their hash "
              "matches, they repeat from n = %llu and not sooner, no smaller "
              "period fits, and the octal periodicity theorem needs them to "
              "n = %llu.\n"),
           o->path, code, (unsigned long long) c->period,
           (unsigned long long) c->preperiod, (unsigned long long) c->checked,
           o->check->method == NIM_SEQUENCE_PLAIN
               ? _ ("by the plain mex of every value")
               : _ ("by the sparse space"),
           (unsigned long long) c->preperiod, (unsigned long long) c->bound);
  if (o->check->method == NIM_SEQUENCE_SPARSE)
    fprintf (out,
             _ ("The plain mex of every value would cost more than %llu "
                "lookups; it checked %llu of them, the last ones and others "
                "spread evenly.\n"),
             (unsigned long long) NIM_CERTIFICATE_PLAIN_MAX,
             (unsigned long long) o->check->sampled);
}

/* {"file": F, "valid": B, "method": "plain"|"sparse", "values": V,
   "sampled": S, "error": E|null, "certificate": {...}}, the certificate
   as read. */
static void
write_json (gconstpointer result, FILE *out)
{
  const Outcome *o = result;
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "file");
  json_builder_add_string_value (b, o->path);
  json_builder_set_member_name (b, "valid");
  json_builder_add_boolean_value (b, o->error == NULL);
  json_builder_set_member_name (b, "method");
  json_builder_add_string_value (
      b, o->check->method == NIM_SEQUENCE_PLAIN ? "plain" : "sparse");
  json_builder_set_member_name (b, "values");
  json_builder_add_int_value (b, (gint64) o->check->values);
  json_builder_set_member_name (b, "sampled");
  json_builder_add_int_value (b, (gint64) o->check->sampled);
  json_builder_set_member_name (b, "error");
  if (o->error != NULL)
    json_builder_add_string_value (b, o->error->message);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "certificate");
  json_builder_add_value (
      b, nim_sequence_report_certificate_to_json (o->certificate));
  json_builder_end_object (b);
  nim_record_print (json_builder_get_root (b), out);
}

static const NimWriter writer = { write_text, write_json };

/* @error's message with "@prefix @path: " in front. */
static void
prefix_error (GError *error, const char *prefix, const char *path)
{
  char *message = g_strdup_printf ("%s%s%s: %s", prefix, *prefix ? " " : "",
                                   path, error->message);

  g_free (error->message);
  error->message = message;
}

/* nim --check-certificate FILE: reads a certificate and checks it (see
   nim_certificate_check()).  Exit 0 when it holds, 1 when it does not
   (the message says what is wrong), 2 when FILE is no certificate, 130
   on Ctrl-C. */
static int
certificate_run (gpointer config, NimShared *shared)
{
  const CertificateConfig *cc = config;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (NimSequenceReport) report = NULL;
  NimCertificate c;
  NimCertificateCheck check = { 0 };
  Outcome outcome = { cc->path, &c, &check, NULL };

  root = nim_json_load_file (cc->path, CERTIFICATE_MAX_BYTES, &error);
  if (root == NULL)
    {
      g_autoptr (GError) usage = g_error_new (NIM_ERROR, NIM_ERROR_USAGE,
                                              "--check-certificate %s: %s",
                                              cc->path, error->message);

      return nim_exit_fail (usage, TRUE);
    }
  if (!nim_sequence_report_certificate_from_json (root, &c, &error))
    {
      prefix_error (error, "--check-certificate", cc->path);
      return nim_exit_fail (error, TRUE);
    }
  /* The progress line only: the outcome is written at the end. */
  report = nim_sequence_report_new (&c.code, NULL);
  nim_interrupt_catch ();
  nim_certificate_check (&c, nim_sequence_report_progress, report, &check,
                         &error);
  nim_interrupt_release ();
  nim_sequence_report_clear_progress (report);
  if (!g_error_matches (error, NIM_ERROR, NIM_ERROR_INTERRUPTED))
    {
      outcome.error = error;
      nim_output_write (&shared->output, &writer, &outcome);
    }
  nim_certificate_clear (&c);
  if (error == NULL)
    return NIM_EXIT_OK;
  if (!g_error_matches (error, NIM_ERROR, NIM_ERROR_INTERRUPTED))
    prefix_error (error, "", cc->path);
  return nim_exit_fail (error, FALSE);
}

/**
 * nim_mode_certificate:
 *
 * nim --check-certificate FILE: a period's certificate checked; the
 * certificate names the code, so it takes none of the options that set
 * the rules.
 */
const NimMode nim_mode_certificate = {
  .name = "--check-certificate",
  .options = { NIM_HELP_ANALYSIS, FALSE, options },
  .shared = NIM_SHARED_JSON,
  .config_size = sizeof (CertificateConfig),
  .run = certificate_run,
};
