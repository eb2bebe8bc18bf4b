/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-octal.h -- take-and-break games written as octal codes (0.77 is
   Kayles), their Grundy values and their periods */
#pragma once

#include <glib.h>

#include "nim-rules.h"

G_BEGIN_DECLS

/* Most digits after the point; codes in the literature have a handful. */
#define NIM_OCTAL_MAX_DIGITS NIM_RULES_MAX_DIGITS
/* Most Grundy values a computation keeps, two bytes each. */
#define NIM_OCTAL_VALUES_MAX (1u << 24)
/* Most values computed of a code that splits heaps, whose cost grows
   with the square of the heap: about 10 s on a slow machine. */
#define NIM_OCTAL_SPLIT_MAX 200000

/* What a digit allows when j matches are taken from a heap. */
enum
{
  NIM_OCTAL_VANISH = 1, /* take the whole heap (it had exactly j) */
  NIM_OCTAL_ONE = 2,    /* leave one smaller heap */
  NIM_OCTAL_TWO = 4,    /* leave two non-empty heaps */
};

/**
 * NimOctal:
 * @digits: @digits[j] says what taking j matches may leave: a sum of
 *   %NIM_OCTAL_VANISH, %NIM_OCTAL_ONE and %NIM_OCTAL_TWO.  @digits[0],
 *   the digit before the point, can only be 0 or 4 (split a heap in two
 *   without taking).
 * @n_digits: the largest j with a non-zero digit, the t of the
 *   periodicity theorem
 *
 * A take-and-break game in the code of Guy and Smith, as CGSuite and the
 * OEIS write it: 0.77 is Kayles, 0.07 Dawson's Kayles, 0.137 Dawson's
 * chess, 0.333 Nim taking at most three.  A plain value type.
 */
typedef struct
{
  guint8 digits[NIM_OCTAL_MAX_DIGITS + 1];
  guint n_digits;
} NimOctal;

gboolean nim_octal_parse (NimOctal *code, const char *text, const char *what,
                          GError **error);
char *nim_octal_to_string (const NimOctal *code);
gboolean nim_octal_to_rules (const NimOctal *code, NimRules *rules);
void nim_octal_from_rules (NimOctal *code, const NimRules *rules);

/**
 * NimOctalPeriodKind:
 * @NIM_OCTAL_NO_PERIOD: the values show no period yet
 * @NIM_OCTAL_APPARENT: they repeat from some point on, but not yet for
 *   long enough to prove it
 * @NIM_OCTAL_PROVEN: they repeat for as long as the octal periodicity
 *   theorem asks, so they repeat for ever
 */
typedef enum
{
  NIM_OCTAL_NO_PERIOD,
  NIM_OCTAL_APPARENT,
  NIM_OCTAL_PROVEN,
} NimOctalPeriodKind;

/**
 * NimOctalPeriod:
 * @kind: what is known
 * @period: the period p, when there is one
 * @preperiod: n0: G(n + p) = G(n) for every n >= n0 that was checked
 * @checked: the largest n whose value was computed
 * @needed: the largest n whose value the proof needs:
 *   2 n0 + 2 p + t - 1
 */
typedef struct
{
  NimOctalPeriodKind kind;
  guint64 period;
  guint64 preperiod;
  guint64 checked;
  guint64 needed;
} NimOctalPeriod;

typedef struct _NimOctalValues NimOctalValues;

NimOctalValues *nim_octal_values_new (const NimOctal *code);
void nim_octal_values_free (NimOctalValues *values);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimOctalValues, nim_octal_values_free)

gboolean nim_octal_values_extend (NimOctalValues *values, guint64 n,
                                  GError **error);
guint nim_octal_values_get (const NimOctalValues *values, guint64 n);
guint64 nim_octal_values_len (const NimOctalValues *values);
void nim_octal_values_period (const NimOctalValues *values,
                              NimOctalPeriod *period);
gboolean nim_octal_values_is_exception (const NimOctalValues *values,
                                        const NimOctalPeriod *period,
                                        guint64 n);
gboolean nim_octal_has_splits (const NimOctal *code);
gboolean nim_octal_values_prove (NimOctalValues *values, guint64 limit,
                                 NimOctalPeriod *period, GError **error);

G_END_DECLS
