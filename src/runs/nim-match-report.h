/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-match-report.h -- what a comparison run shows: the results file,
 * the progress line and the summaries */
#pragma once

#include <json-glib/json-glib.h>
#include <stdio.h>

#include "nim-match.h"
#include "nim-output.h"

G_BEGIN_DECLS

typedef struct _NimMatchReport NimMatchReport;

NimMatchReport *nim_match_report_new (const NimMatchConfig *config,
                                      const char *results, gboolean progress,
                                      GError **error);
void nim_match_report_free (NimMatchReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimMatchReport, nim_match_report_free)

void nim_match_report_set_run (NimMatchReport *report, const char *id,
                               const char *header);
gboolean nim_match_report_write_header (NimMatchReport *report,
                                        GError **error);
gboolean nim_match_report_wrote_header (const NimMatchReport *report);
void nim_match_report_set_resumed (NimMatchReport *report, guint64 games);
void nim_match_report_set_pairing (NimMatchReport *report, guint pairing,
                                   guint n_pairings, guint64 games_before,
                                   guint64 resumed_before, guint64 games_total,
                                   double seconds_before);

extern const NimMatchCallbacks nim_match_report_callbacks;
void nim_match_report_end_progress (NimMatchReport *report);

/**
 * NimMatchReportSummary:
 * @config: the run
 * @summary: what it counted
 * @per_position: with the table of each position's pairs and blunders
 *   (--per-position)
 *
 * The summary of a run, as #nim_match_report_writer writes it.
 */
typedef struct
{
  const NimMatchConfig *config;
  const NimMatchSummary *summary;
  gboolean per_position;
} NimMatchReportSummary;

extern const NimWriter nim_match_report_writer;

G_END_DECLS
