/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-compare-report.h -- `nim --compare`'s table and JSON */
#pragma once

#include <json-glib/json-glib.h>
#include <stdio.h>

#include "nim-compare.h"
#include "nim-output.h"

G_BEGIN_DECLS

void nim_compare_report_print_header (const NimRules *rules,
                                      const NimBoard *board,
                                      const NimBudget *budget, FILE *out);
void nim_compare_report_print_row (const NimCompareRow *row, FILE *out);

/**
 * NimCompareReportResult:
 * @rows: the rows of nim_compare_run()
 * @interrupted: Ctrl-C stopped it after these
 *
 * What --compare found.
 */
typedef struct
{
  GPtrArray *rows;
  gboolean interrupted;
} NimCompareReportResult;

extern const NimWriter nim_compare_report_writer;

G_END_DECLS
