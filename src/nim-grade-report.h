/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-grade-report.h -- `nim --grade`'s report: as text for the student,
   as one JSON object, and as Gradescope's results.json */
#pragma once

#include <json-glib/json-glib.h>
#include <stdio.h>

#include "nim-grade.h"
#include "nim-output.h"

void nim_grade_report_print_header (const char *engine, const char *command,
                                    NimGradeAssignment assignment,
                                    guint32 seed, FILE *out);
void nim_grade_report_print_test (NimGradeAssignment assignment,
                                  const NimGradeTest *test, GHashTable *said,
                                  FILE *out);
JsonNode *nim_grade_report_to_gradescope (const NimGradeReport *report,
                                          const char *visibility);

extern const NimWriter nim_grade_report_writer;

G_END_DECLS
