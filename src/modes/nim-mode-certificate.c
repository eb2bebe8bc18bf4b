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

/* "3, 5, 7": the prime factors of the period that the check tried. */
static char *
primes_text (const NimCertificateCheck *check)
{
  GString *text = g_string_new (NULL);
  guint i;

  for (i = 0; i < check->n_primes; i++)
    g_string_append_printf (text, "%s%llu", i > 0 ? ", " : "",
                            (unsigned long long) check->primes[i]);
  return g_string_free (text, FALSE);
}

/* A valid certificate, said in full with which method checked what;
   what is wrong with one is nim's message on standard error. */
static void
write_text (gconstpointer result, FILE *out)
{
  const Outcome *o = result;
  const NimCertificate *c = o->certificate;
  const NimCertificateCheck *k = o->check;
  g_autofree char *code = NULL;
  g_autofree char *primes = NULL;

  if (o->error != NULL)
    return;
  code = nim_octal_to_string (&c->code);
  /* TRANSLATORS: the file, the code, the period and the pre-period. */
  fprintf (out,
           _ ("%s: valid.  %s has period %llu from n = %llu, for ever.\n"),
           o->path, code, (unsigned long long) c->period,
           (unsigned long long) c->preperiod);
  fprintf (out,
           _ ("The values G(0) to G(%llu), computed again by the checker's "
              "own code (not the code that computes sequences):\n"),
           (unsigned long long) c->checked);
  fprintf (out,
           /* TRANSLATORS: G(0) to G(S - 1), G(S) to G(N), the threads. */
           g_dngettext (GETTEXT_PACKAGE,
                        "  G(0) to G(%llu) each from the ones before it, "
                        "G(%llu) to G(%llu) as the period gives them, each "
                        "checked to be the mex of its options (by %u "
                        "thread)\n",
                        "  G(0) to G(%llu) each from the ones before it, "
                        "G(%llu) to G(%llu) as the period gives them, each "
                        "checked to be the mex of its options (by %u "
                        "threads)\n",
                        k->threads),
           (unsigned long long) k->computed - 1,
           (unsigned long long) k->computed, (unsigned long long) c->checked,
           k->threads);
  if (k->by_definition > 0)
    fprintf (out, _ ("  %llu by the definition: the mex of every option\n"),
             (unsigned long long) k->by_definition);
  if (k->by_rare > 0)
    {
      fprintf (out,
               /* TRANSLATORS: a count of values, a bit mask in
                  hexadecimal, a count of heaps. */
               g_dngettext (GETTEXT_PACKAGE,
                            "  %llu by the rare values under the mask 0x%llx "
                            "(%llu rare heap): the splits with a rare part "
                            "give every common value, a scan of the splits "
                            "the rare ones\n",
                            "  %llu by the rare values under the mask 0x%llx "
                            "(%llu rare heaps): the splits with a rare part "
                            "give every common value, a scan of the splits "
                            "the rare ones\n",
                            k->rare_heaps),
               (unsigned long long) k->by_rare, (unsigned long long) k->mask,
               (unsigned long long) k->rare_heaps);
      fprintf (out,
               _ ("  %llu of these again by the definition: the first heaps, "
                  "the last, those around the pre-period and others spread "
                  "out\n"),
               (unsigned long long) k->sampled);
    }
  fputs (_ ("Their hash matches.\n"), out);
  if (c->preperiod > 0)
    fprintf (out,
             _ ("They repeat with period %llu from n = %llu on, and not "
                "from n = %llu.\n"),
             (unsigned long long) c->period, (unsigned long long) c->preperiod,
             (unsigned long long) c->preperiod - 1);
  else
    fprintf (out, _ ("They repeat with period %llu from n = 0 on.\n"),
             (unsigned long long) c->period);
  primes = primes_text (k);
  if (c->period > 1)
    fprintf (out,
             /* TRANSLATORS: the period, then its prime factors, such as
                "3, 5, 7". */
             _ ("%llu / q is no period for q = %s, the primes dividing it, "
                "so no smaller period fits.\n"),
             (unsigned long long) c->period, primes);
  fprintf (out,
           _ ("The octal periodicity theorem (t = %llu) needs them to n = "
              "%llu.\n"),
           (unsigned long long) c->t, (unsigned long long) c->bound);
}

/* {"file": F, "valid": B, "method": "plain"|"rare-values", "values": V,
   "computed": C, "verified": W, "threads": T, "by_definition": D,
   "by_rare_values": R, "mask": M, "rare_heaps": H, "sampled": S, "primes":
   [...], "error": E|null, "certificate": {...}}, the certificate as read. */
static void
write_json (gconstpointer result, FILE *out)
{
  const Outcome *o = result;
  const NimCertificateCheck *k = o->check;
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint i;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "file");
  json_builder_add_string_value (b, o->path);
  json_builder_set_member_name (b, "valid");
  json_builder_add_boolean_value (b, o->error == NULL);
  json_builder_set_member_name (b, "method");
  json_builder_add_string_value (b, k->by_rare > 0 ? "rare-values" : "plain");
  json_builder_set_member_name (b, "values");
  json_builder_add_int_value (b, (gint64) k->values);
  json_builder_set_member_name (b, "computed");
  json_builder_add_int_value (b, (gint64) k->computed);
  json_builder_set_member_name (b, "verified");
  json_builder_add_int_value (b, (gint64) k->verified);
  json_builder_set_member_name (b, "threads");
  json_builder_add_int_value (b, k->threads);
  json_builder_set_member_name (b, "by_definition");
  json_builder_add_int_value (b, (gint64) k->by_definition);
  json_builder_set_member_name (b, "by_rare_values");
  json_builder_add_int_value (b, (gint64) k->by_rare);
  json_builder_set_member_name (b, "mask");
  json_builder_add_int_value (b, (gint64) k->mask);
  json_builder_set_member_name (b, "rare_heaps");
  json_builder_add_int_value (b, (gint64) k->rare_heaps);
  json_builder_set_member_name (b, "sampled");
  json_builder_add_int_value (b, (gint64) k->sampled);
  json_builder_set_member_name (b, "primes");
  json_builder_begin_array (b);
  for (i = 0; i < k->n_primes; i++)
    json_builder_add_int_value (b, (gint64) k->primes[i]);
  json_builder_end_array (b);
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
      /* What is wrong with the text names the file and line already;
         the system's reason for not reading it does not. */
      g_autoptr (GError) usage = g_error_new (
          NIM_ERROR, NIM_ERROR_USAGE, "--check-certificate%s%s: %s",
          error->domain == NIM_ERROR ? "" : " ",
          error->domain == NIM_ERROR ? "" : cc->path, error->message);

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
