/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-analysis-report.h -- `nim --solve` and `nim --grundy-sequence` in
   text and JSON */
#pragma once

#include <json-glib/json-glib.h>
#include <stdio.h>

#include "nim-analysis.h"
#include "nim-output.h"

G_BEGIN_DECLS

extern const NimWriter nim_analysis_report_solution_writer;
extern const NimWriter nim_analysis_report_sequence_writer;

G_END_DECLS
