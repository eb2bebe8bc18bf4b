/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-report-compare.h -- `nim --compare`'s table and JSON */
#pragma once

#include <json-glib/json-glib.h>
#include <stdio.h>

#include "nim-compare.h"

G_BEGIN_DECLS

void nim_report_compare_print (GPtrArray *rows, const NimRules *rules,
                               const NimBoard *board, guint64 nodes,
                               FILE *out);
JsonNode *nim_report_compare_to_json (GPtrArray *rows);

G_END_DECLS
