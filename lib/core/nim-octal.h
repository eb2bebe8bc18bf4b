/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-octal.h -- take-and-break games written as octal codes (0.77 is
   Kayles); nim-sequence.h computes their values */
#pragma once

#include <glib.h>

#include "nim-rules.h"

G_BEGIN_DECLS

/* Most digits after the point; codes in the literature have a handful. */
#define NIM_OCTAL_MAX_DIGITS NIM_RULES_MAX_DIGITS

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
/* The code as rules and back: the code family's, in nim-rules-code.c. */
gboolean nim_octal_to_rules (const NimOctal *code, NimRules *rules);
void nim_octal_from_rules (NimOctal *code, const NimRules *rules);

gboolean nim_octal_has_splits (const NimOctal *code);

G_END_DECLS
