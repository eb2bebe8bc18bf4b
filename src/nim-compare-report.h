/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-compare-report.h -- `nim --compare`'s table and JSON */
#pragma once

#include <json-glib/json-glib.h>
#include <stdio.h>

#include "nim-compare.h"

G_BEGIN_DECLS

void nim_compare_report_print_table (GPtrArray *rows, const NimRules *rules,
                                     const NimBoard *board, guint64 nodes,
                                     FILE *out);
void nim_compare_report_print_header (const NimRules *rules,
                                      const NimBoard *board, guint64 nodes,
                                      FILE *out);
void nim_compare_report_print_row (const NimCompareRow *row, FILE *out);
void nim_compare_report_print_notes (GPtrArray *rows, gboolean interrupted,
                                     FILE *out);
JsonNode *nim_compare_report_to_json (GPtrArray *rows);

G_END_DECLS
