/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-analysis-report.h -- `nim --solve` and `nim --grundy-sequence` in
   text and JSON */
#pragma once

#include <json-glib/json-glib.h>
#include <stdio.h>

#include "nim-analysis.h"
#include "nim-octal.h"
#include "nim-output.h"

G_BEGIN_DECLS

void nim_analysis_report_print_solution (const NimSolution *solution,
                                         FILE *out);
JsonNode *nim_analysis_report_solution_to_json (const NimSolution *solution);
void nim_analysis_report_print_sequence (NimGrundySequence *sequence,
                                         FILE *out);
void nim_analysis_report_print_sequence_json (NimGrundySequence *sequence,
                                              FILE *out);

void nim_analysis_report_print_octal (const NimOctal *code,
                                      const NimOctalValues *values, guint64 n,
                                      const NimOctalPeriod *period, FILE *out);
void nim_analysis_report_print_octal_json (const NimOctal *code,
                                           const NimOctalValues *values,
                                           guint64 n,
                                           const NimOctalPeriod *period,
                                           FILE *out);

/**
 * NimAnalysisReportOctal:
 * @code: a take-and-break code
 * @values: its values, as far as they were computed
 * @n: the last heap asked for
 * @period: the period found, proven or not
 *
 * The values of a take-and-break code, as
 * #nim_analysis_report_octal_writer writes them.
 */
typedef struct
{
  const NimOctal *code;
  const NimOctalValues *values;
  guint64 n;
  const NimOctalPeriod *period;
} NimAnalysisReportOctal;

extern const NimWriter nim_analysis_report_solution_writer;
extern const NimWriter nim_analysis_report_sequence_writer;
extern const NimWriter nim_analysis_report_octal_writer;

G_END_DECLS
