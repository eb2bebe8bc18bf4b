/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-report-analysis.h -- `nim --solve` and `nim --grundy-sequence` in
   text and JSON */
#pragma once

#include <json-glib/json-glib.h>
#include <stdio.h>

#include "nim-analysis.h"

G_BEGIN_DECLS

void nim_report_solution_print (const NimSolution *solution, FILE *out);
JsonNode *nim_report_solution_to_json (const NimSolution *solution);
void nim_report_grundy_sequence_print (NimGrundySequence *sequence, FILE *out);
void nim_report_grundy_sequence_print_json (NimGrundySequence *sequence,
                                            FILE *out);

G_END_DECLS
