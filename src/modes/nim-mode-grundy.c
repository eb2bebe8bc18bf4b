/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-grundy.c -- nim --grundy-sequence N: the Sprague-Grundy values
   of one heap from 0 to N and their period, under a take rule or a
   take-and-break code; with --prove, the period proven, and with
   --certificate FILE, its proof written for --check-certificate */

#include "config.h"

#include "nim-analysis-report.h"
#include "nim-certificate.h"
#include "nim-error.h"
#include "nim-exit.h"
#include "nim-grundy.h"
#include "nim-i18n.h"
#include "nim-mode.h"
#include "nim-octal.h"
#include "nim-parse.h"
#include "nim-prompt.h"
#include "nim-record.h"
#include "nim-sequence-report.h"
#include "nim-sequence.h"
#include "nim-shared.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <unistd.h>

/* Values computed between two writes of the sequence. */
#define SEQUENCE_CHUNK 65536

/**
 * GrundyConfig:
 * @n_text: --grundy-sequence N, as given
 * @prove: --prove
 * @limit_text: --prove-limit N, as given
 * @certificate: --certificate FILE
 * @n: N
 * @limit: the last heap --prove computes; 0 for the default
 *   (%NIM_SEQUENCE_PROVE_DEFAULT)
 *
 * The options of --grundy-sequence.
 */
typedef struct
{
  char *n_text;
  gboolean prove;
  char *limit_text;
  char *certificate;

  guint64 n;
  guint64 limit;
} GrundyConfig;

#define FIELD(member) NIM_OPTION_FIELD (GrundyConfig, member)

static const NimOption options[] = {
  { { "grundy-sequence", 0, 0, G_OPTION_ARG_STRING, FIELD (n_text),
      N_ ("Print G(0) to G(N) of one heap and its period"), "N" },
    0,
    NULL,
    NULL },
  { { "prove", 0, 0, G_OPTION_ARG_NONE, FIELD (prove),
      N_ ("With --grundy-sequence, compute past N until the period is "
          "proven, or to --prove-limit"),
      NULL },
    0,
    N_ ("--prove (it needs --grundy-sequence)"),
    NULL },
  { { "prove-limit", 0, 0, G_OPTION_ARG_STRING, FIELD (limit_text),
      N_ ("The last heap --prove computes (default 268435455, 2^28 values)"),
      "N" },
    0,
    N_ ("--prove-limit (it needs --grundy-sequence and --prove)"),
    NULL },
  { { "certificate", 0, 0, G_OPTION_ARG_FILENAME, FIELD (certificate),
      N_ ("With --grundy-sequence --rules, write the proof of the period as "
          "JSON to FILE, for --check-certificate"),
      "FILE" },
    0,
    N_ ("--certificate (it needs --grundy-sequence and --rules)"),
    NULL },
  { { NULL } },
};

static const NimRefusal refusals[] = {
  NIM_SHARED_REFUSE_TRACE (nim_shared_no_trace),
  { NULL },
};

/* Whether --certificate can write @path, checked before any value is
   computed: its folder exists and takes a new file (the certificate is
   written beside it first, then renamed). */
static gboolean
check_certificate_path (const char *path, GError **error)
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

static gboolean
grundy_check (gpointer config, NimShared *shared, GError **error)
{
  GrundyConfig *g = config;

  if (shared->rules.misere)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--grundy-sequence gives normal-play values; drop "
                      "--misere"));
      return FALSE;
    }
  if (g->limit_text != NULL && !g->prove)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--prove-limit is how far --prove computes; give "
                      "--prove too"));
      return FALSE;
    }
  if (!shared->coded)
    {
      if (g->prove || g->certificate != NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s needs a take-and-break code given with "
                          "--rules; the period of --max-take and --moves "
                          "is proven as it is found"),
                       g->prove ? "--prove" : "--certificate");
          return FALSE;
        }
      return nim_parse_uint (g->n_text, 0, NIM_GRUNDY_SEQUENCE_MAX,
                             "--grundy-sequence", &g->n, error);
    }
  /* A code has no cap but memory, which the run checks first. */
  return nim_parse_uint (g->n_text, 0, G_MAXUINT64 - 1, "--grundy-sequence",
                         &g->n, error)
         && (g->limit_text == NULL
             || nim_parse_uint (g->limit_text, 1, G_MAXUINT64 - 1,
                                "--prove-limit", &g->limit, error))
         && (g->certificate == NULL
             || check_certificate_path (g->certificate, error));
}

/* Writes the certificate of @period as JSON to @path, replacing the file
   at once (a reader never sees half of it).  Returns the exit status: 1
   when the period is not proven or the file cannot be written, with a
   message saying so. */
static int
write_certificate (const char *path, const NimSequence *values,
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
      return nim_exit_fail (error, FALSE);
    }
  node = nim_sequence_report_certificate_to_json (&certificate);
  nim_certificate_clear (&certificate);
  text = nim_record_to_string (node, TRUE);
  contents = g_strconcat (text, "\n", NULL);
  if (!g_file_set_contents (path, contents, -1, &error))
    return nim_exit_fail (error, FALSE);
  return NIM_EXIT_OK;
}

/* nim --grundy-sequence N --rules CODE: the values of a take-and-break
   game, written as they come, and its period, proven by the octal
   periodicity theorem when the values reach far enough (or --prove
   computes them that far, as far as --prove-limit).  Ctrl-C keeps what
   was computed: the values written and what they show (exit 130).
   --certificate FILE writes the proof for --check-certificate. */
static int
run_octal (const GrundyConfig *g, const NimShared *shared)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimSequence) values
      = nim_sequence_new (&shared->code, NIM_SEQUENCE_SPARSE);
  g_autoptr (NimSequenceReport) report = NULL;
  NimSequencePeriod period;
  NimSequenceEnd end;

  /* What memory cannot hold is refused now, not half way. */
  if (!nim_sequence_reserve (values, g->n, &error))
    return nim_exit_fail (error, TRUE);
  report = nim_sequence_report_new (&shared->code, &shared->output);
  nim_sequence_report_set_target (report, g->n);
  nim_sequence_set_progress (values, nim_sequence_report_progress, report);
  nim_interrupt_catch ();
  while (error == NULL && nim_sequence_len (values) <= g->n)
    {
      guint64 len = nim_sequence_len (values);

      nim_sequence_extend (values, MIN (g->n, len + SEQUENCE_CHUNK - 1),
                           &error);
      if (nim_sequence_len (values) > len)
        nim_sequence_report_values (report, values,
                                    MIN (g->n, nim_sequence_len (values) - 1));
    }
  nim_sequence_period (values, &period);
  if (error == NULL && g->prove)
    nim_sequence_prove (values, g->limit, &period, &error);
  nim_interrupt_release ();
  end = g_error_matches (error, NIM_ERROR, NIM_ERROR_INTERRUPTED)
            ? NIM_SEQUENCE_END_INTERRUPTED
        : g->prove && error == NULL && period.kind != NIM_SEQUENCE_PROVEN
            ? NIM_SEQUENCE_END_LIMIT
            : NIM_SEQUENCE_END_DONE;
  nim_sequence_report_finish (report, values, &period, end);
  if (end == NIM_SEQUENCE_END_INTERRUPTED)
    return NIM_EXIT_INTERRUPTED;
  if (error != NULL)
    return nim_exit_fail (error, FALSE);
  if (g->certificate != NULL)
    return write_certificate (g->certificate, values, &period);
  return NIM_EXIT_OK;
}

/* nim --grundy-sequence N: the Sprague-Grundy values of one heap from 0
   to N under the rules, and their period. */
static int
grundy_run (gpointer config, NimShared *shared)
{
  const GrundyConfig *g = config;
  g_autoptr (NimGrundySequence) sequence = NULL;

  if (shared->coded)
    return run_octal (g, shared);
  sequence = nim_grundy_sequence_new (&shared->rules, g->n);
  nim_output_write (&shared->output, &nim_analysis_report_sequence_writer,
                    sequence);
  return NIM_EXIT_OK;
}

/**
 * nim_mode_grundy:
 *
 * nim --grundy-sequence N: the values of one heap and their period.
 */
const NimMode nim_mode_grundy = {
  .name = "--grundy-sequence",
  .options = { NIM_HELP_ANALYSIS, FALSE, options },
  .shared = NIM_SHARED_TAKE | NIM_SHARED_JSON,
  .refusals = refusals,
  .config_size = sizeof (GrundyConfig),
  .check = grundy_check,
  .run = grundy_run,
};
