/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-sequence.h -- the Grundy values of a take-and-break code, by the
   sparse-space method, and their period proven by the octal periodicity
   theorem */
#pragma once

#include <glib.h>

#include "nim-octal.h"

G_BEGIN_DECLS

/* The heap a computation with no limit of its own (nim_sequence_prove()
   with a limit of 0) stops at: 2^28 values, 512 MiB at two bytes each,
   which a code with a sparse space computes in minutes. */
#define NIM_SEQUENCE_PROVE_DEFAULT ((G_GUINT64_CONSTANT (1) << 28) - 1)

/**
 * NimSequenceMethod:
 * @NIM_SEQUENCE_SPARSE: the sparse-space method, with a full scan where
 *   it cannot decide (the default)
 * @NIM_SEQUENCE_PLAIN: the mex over every option of every heap, the
 *   definition itself: time quadratic in the heap for a code that splits
 *
 * How a #NimSequence computes each value.  Both give the same values;
 * the plain one is the reference the fast one is checked against.
 */
typedef enum
{
  NIM_SEQUENCE_SPARSE,
  NIM_SEQUENCE_PLAIN,
} NimSequenceMethod;

/**
 * NimSequenceStats:
 * @rare: how many heaps (1 and above) hold a rare value under the split
 *   in force; 0 when none is in force (full scans)
 * @mask: the split in force: a value v of heap a is rare when the bits
 *   of (v << 1 | ((a + j) & 1)) & @mask are even in number (j: the
 *   matches a split takes); bit 0 is set only where every splitting
 *   digit's j has the same parity
 * @mask_changes: how often the split was chosen anew
 * @full_scans: heaps whose value needed a scan of every split
 * @sparse: heaps whose value came from the rare heaps alone
 * @width: bytes each value takes in memory: 1, 2 or 4
 * @max_value: the largest value so far
 * @max_at: the first heap with that value
 * @last_rare: the largest heap with a rare value under the split in force
 *   (0 when there is none)
 * @memory: the bytes the computation holds: the values kept in memory and
 *   its tables
 * @in_memory: how many values are kept in memory
 * @stored: how many values are in the file they are kept in (0 when there
 *   is none): G(0) .. G(@stored - 1)
 *
 * What the computation did so far, for the curious and the benchmark.
 */
typedef struct
{
  guint64 rare;
  guint64 mask;
  guint64 mask_changes;
  guint64 full_scans;
  guint64 sparse;
  guint width;
  guint max_value;
  guint64 max_at;
  guint64 last_rare;
  guint64 memory;
  guint64 in_memory;
  guint64 stored;
} NimSequenceStats;

/**
 * NimSequenceHistogram:
 * @n: a power of two: the counts are of G(1) .. G(@n)
 * @n_values: how many different values occur among them
 * @values: (array length=n_values): those values, in increasing order
 * @counts: (array length=n_values): how many heaps have each
 *
 * How often each value occurs among the heaps 1 to @n, the layout the
 * published tables of octal games use.
 */
typedef struct
{
  guint64 n;
  guint n_values;
  const guint32 *values;
  const guint64 *counts;
} NimSequenceHistogram;

/**
 * NimSequencePeriodKind:
 * @NIM_SEQUENCE_NO_PERIOD: the values show no period yet
 * @NIM_SEQUENCE_APPARENT: they repeat from some point on, but not yet for
 *   long enough to prove it
 * @NIM_SEQUENCE_PROVEN: they repeat for as long as the octal periodicity
 *   theorem asks, so they repeat for ever
 */
typedef enum
{
  NIM_SEQUENCE_NO_PERIOD,
  NIM_SEQUENCE_APPARENT,
  NIM_SEQUENCE_PROVEN,
} NimSequencePeriodKind;

/**
 * NimSequencePeriod:
 * @kind: what is known
 * @period: the period p, when there is one
 * @preperiod: n0: G(n + p) = G(n) for every n >= n0 that was checked
 * @checked: the largest n whose value was computed
 * @needed: the largest n whose value the proof needs (the theorem's
 *   bound, nim_sequence_bound())
 */
typedef struct
{
  NimSequencePeriodKind kind;
  guint64 period;
  guint64 preperiod;
  guint64 checked;
  guint64 needed;
} NimSequencePeriod;

/**
 * NimSequenceProgress:
 * @len: how many values are known: G(0) .. G(@len - 1)
 * @target: the last heap the computation runs to
 * @user_data: what nim_sequence_set_progress() was given
 *
 * Called about four times a second while values are computed.
 */
typedef void (*NimSequenceProgress) (guint64 len, guint64 target,
                                     gpointer user_data);

/**
 * NimSequenceResume:
 * @goal: the heap nim_sequence_prove() was computing to (0: none)
 * @full_scans: as in #NimSequenceStats
 * @sparse: as in #NimSequenceStats
 *
 * What a checkpoint keeps of a table besides its values.
 */
typedef struct
{
  guint64 goal;
  guint64 full_scans;
  guint64 sparse;
} NimSequenceResume;

typedef struct _NimSequence NimSequence;

NimSequence *nim_sequence_new (const NimOctal *code, NimSequenceMethod method);
void nim_sequence_free (NimSequence *sequence);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimSequence, nim_sequence_free)

void nim_sequence_set_progress (NimSequence *sequence,
                                NimSequenceProgress progress,
                                gpointer user_data);
gboolean nim_sequence_set_max_memory (NimSequence *sequence, guint64 bytes,
                                      GError **error);
gboolean nim_sequence_reserve (NimSequence *sequence, guint64 n,
                               GError **error);
gboolean nim_sequence_extend (NimSequence *sequence, guint64 n,
                              GError **error);
void nim_sequence_stop (NimSequence *sequence, const GError *error);
gboolean nim_sequence_read (const NimSequence *sequence, guint64 from,
                            guint64 count, guint32 *out, GError **error);
gboolean nim_sequence_append (NimSequence *sequence, const guint32 *values,
                              guint64 count, GError **error);
void nim_sequence_get_resume (const NimSequence *sequence,
                              NimSequenceResume *resume);
void nim_sequence_set_resume (NimSequence *sequence,
                              const NimSequenceResume *resume);
guint nim_sequence_get (const NimSequence *sequence, guint64 n);
guint64 nim_sequence_len (const NimSequence *sequence);
const NimOctal *nim_sequence_code (const NimSequence *sequence);
void nim_sequence_stats (const NimSequence *sequence, NimSequenceStats *stats);
guint nim_sequence_mex_plain (const NimSequence *sequence, guint64 n);
char *nim_sequence_hash (const NimSequence *sequence, guint64 n);
guint nim_sequence_n_histograms (const NimSequence *sequence);
void nim_sequence_histogram (const NimSequence *sequence, guint i,
                             NimSequenceHistogram *histogram);

guint64 nim_sequence_bound (const NimOctal *code, guint64 preperiod,
                            guint64 period);
void nim_sequence_period (const NimSequence *sequence,
                          NimSequencePeriod *period);
gboolean nim_sequence_is_exception (const NimSequence *sequence,
                                    const NimSequencePeriod *period,
                                    guint64 n);
gboolean nim_sequence_prove (NimSequence *sequence, guint64 limit,
                             NimSequencePeriod *period, GError **error);

G_END_DECLS
