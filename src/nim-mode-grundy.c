/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-grundy.c -- nim --grundy-sequence N: the Sprague-Grundy values
   of one heap from 0 to N and their period, under a take rule or a
   take-and-break code */

#include "config.h"

#include "nim-analysis-report.h"
#include "nim-error.h"
#include "nim-exit.h"
#include "nim-grundy.h"
#include "nim-i18n.h"
#include "nim-interrupt.h"
#include "nim-mode.h"
#include "nim-octal.h"
#include "nim-parse.h"
#include "nim-prompt.h"
#include "nim-shared.h"

/**
 * GrundyConfig:
 * @n_text: --grundy-sequence N, as given
 * @prove: --prove
 * @n: N
 * @limit: the most values --prove computes
 *
 * The options of --grundy-sequence.
 */
typedef struct
{
  char *n_text;
  gboolean prove;

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
          "proven"),
      NULL },
    0,
    N_ ("--prove (it needs --grundy-sequence)"),
    NULL },
  { { NULL } },
};

static const NimRefusal refusals[] = {
  { "--trace", nim_shared_no_trace, NULL },
  { "--dot", nim_shared_no_trace, NULL },
  { "--explore", nim_shared_no_trace, NULL },
  { NULL },
};

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
  if (shared->rules_code == NULL && g->prove)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--prove needs a take-and-break code given with "
                      "--rules; the period of --max-take and --moves is "
                      "proven as it is found"));
      return FALSE;
    }
  /* A code that splits heaps costs time quadratic in the heap: 200,000
     values take seconds; a plain take rule costs little per value. */
  g->limit = shared->rules_code != NULL && nim_octal_has_splits (&shared->code)
                 ? NIM_OCTAL_SPLIT_MAX
                 : NIM_GRUNDY_SEQUENCE_MAX;
  return nim_parse_uint (g->n_text, 0, g->limit, "--grundy-sequence", &g->n,
                         error);
}

/* nim --grundy-sequence N --rules CODE: the values of a take-and-break
   game and its period, proven by the octal periodicity theorem when the
   values reach far enough (or --prove computes them that far). */
static int
run_octal (const GrundyConfig *g, const NimShared *shared)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimOctalValues) values = nim_octal_values_new (&shared->code);
  NimOctalPeriod period;
  NimAnalysisReportOctal report = { &shared->code, values, g->n, &period };

  nim_interrupt_catch ();
  if (nim_octal_values_extend (values, g->n, &error))
    {
      nim_octal_values_period (values, &period);
      if (g->prove)
        nim_octal_values_prove (values, g->limit, &period, &error);
    }
  nim_interrupt_release ();
  if (error != NULL)
    return nim_exit_fail (error, FALSE);
  nim_output_write (&shared->output, &nim_analysis_report_octal_writer,
                    &report);
  return NIM_EXIT_OK;
}

/* nim --grundy-sequence N: the Sprague-Grundy values of one heap from 0
   to N under the rules, and their period. */
static int
grundy_run (gpointer config, NimShared *shared)
{
  const GrundyConfig *g = config;
  g_autoptr (NimGrundySequence) sequence = NULL;

  if (shared->rules_code != NULL)
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
  .shared = NIM_SHARED_TAKE | NIM_SHARED_ANY_CODE | NIM_SHARED_JSON,
  .refusals = refusals,
  .config_size = sizeof (GrundyConfig),
  .check = grundy_check,
  .run = grundy_run,
};
