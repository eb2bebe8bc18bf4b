/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-sequence-report.h -- the values of a take-and-break code in text
   and JSON, written as they come; the progress line; certificates as
   JSON */
#pragma once

#include <json-glib/json-glib.h>
#include <stdio.h>

#include "nim-certificate.h"
#include "nim-output.h"
#include "nim-sequence.h"

G_BEGIN_DECLS

typedef struct _NimSequenceReport NimSequenceReport;

/**
 * NimSequenceEnd:
 * @NIM_SEQUENCE_END_DONE: the values asked for, and the proof if
 *   --prove asked for one, are computed
 * @NIM_SEQUENCE_END_LIMIT: --prove reached its limit unproven
 * @NIM_SEQUENCE_END_INTERRUPTED: Ctrl-C stopped the computation
 *
 * Why the computation of a sequence stopped.
 */
typedef enum
{
  NIM_SEQUENCE_END_DONE,
  NIM_SEQUENCE_END_LIMIT,
  NIM_SEQUENCE_END_INTERRUPTED,
} NimSequenceEnd;

NimSequenceReport *nim_sequence_report_new (const NimOctal *code,
                                            const NimOutput *output);
void nim_sequence_report_free (NimSequenceReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimSequenceReport, nim_sequence_report_free)

void nim_sequence_report_values (NimSequenceReport *report,
                                 const NimSequence *sequence, guint64 last);
void nim_sequence_report_finish (NimSequenceReport *report,
                                 const NimSequence *sequence,
                                 const NimSequencePeriod *period,
                                 NimSequenceEnd end);
void nim_sequence_report_set_target (NimSequenceReport *report,
                                     guint64 target);
void nim_sequence_report_set_quiet (NimSequenceReport *report);
void nim_sequence_report_set_histograms (NimSequenceReport *report,
                                         const char *dir);
gboolean nim_sequence_report_histograms (NimSequenceReport *report,
                                         const NimSequence *sequence,
                                         GError **error);
void nim_sequence_report_progress (guint64 len, guint64 target,
                                   gpointer report);
void nim_sequence_report_clear_progress (NimSequenceReport *report);

JsonNode *
nim_sequence_report_certificate_to_json (const NimCertificate *certificate);
gboolean nim_sequence_report_certificate_from_json (
    JsonNode *node, NimCertificate *certificate, GError **error);

G_END_DECLS
