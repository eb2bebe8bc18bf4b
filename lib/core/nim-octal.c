/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-octal.c -- take-and-break games written as octal codes, their
   Grundy values and their periods

   In the code d0.d1d2d3..., digit dj says what may happen when j matches
   are taken from a heap: bit 1, the heap may vanish (it had exactly j);
   bit 2, one smaller heap may remain; bit 4, what remains may be split
   into two non-empty heaps.  Nim taking 1 to 3 is 0.333, Kayles 0.77.
   The Grundy value of a heap of n is the mex of the values its moves
   leave, a split leaving G(a) XOR G(b).

   Most of these sequences become periodic, and the octal periodicity
   theorem of Guy and Smith turns a finite check into a proof: if
   G(n + p) = G(n) for every n0 <= n < 2 n0 + p + t, where t is the last
   non-zero digit's place, then G(n + p) = G(n) for every n >= n0.  (A
   heap of n >= 2 n0 + p + t split in two keeps a part of at least
   n0 + p / 2, so its options and those of n + p pair up.) */
#include "config.h"

#include <string.h>

#include "nim-i18n.h"
#include "nim-octal.h"
#include "nim-util.h"

/**
 * nim_octal_parse:
 * @code: (out): the code
 * @text: a code such as "0.77", ".07", "4.07" or "0.333"
 * @what: what @text was given as, named in each message ("--rules")
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Accepts octal digits 0 to 7 after the point, at most
 * %NIM_OCTAL_MAX_DIGITS of them, and 0 or 4 before it (a 4 splits a heap
 * in two without taking).  At least one digit must allow a move.
 *
 * Returns: %TRUE if @text is a code
 */
gboolean
nim_octal_parse (NimOctal *code, const char *text, const char *what,
                 GError **error)
{
  g_autofree char *shown = nim_text_escape (text, 40);
  const char *p = text;
  guint j = 0;

  memset (code, 0, sizeof *code);
  if (*p == '0' || *p == '4')
    code->digits[0] = (guint8) (*p++ - '0');
  if (*p++ != '.')
    goto bad;
  if (*p == '\0')
    goto bad;
  for (; *p != '\0'; p++)
    {
      if (*p < '0' || *p > '7')
        goto bad;
      if (++j > NIM_OCTAL_MAX_DIGITS)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s: '%s' has more than %d digits after the point"),
                       what, shown, NIM_OCTAL_MAX_DIGITS);
          return FALSE;
        }
      code->digits[j] = (guint8) (*p - '0');
      if (code->digits[j] != 0)
        code->n_digits = j;
    }
  if (code->n_digits == 0 && code->digits[0] == 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("%s: '%s' allows no move at all; at least one digit "
                      "must be from 1 to 7"),
                   what, shown);
      return FALSE;
    }
  return TRUE;

bad:
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: the octal codes are written as they are in
                  the literature; keep them as they are. */
               _ ("%s: '%s' is not a take-and-break code; expected 0. "
                  "followed by octal digits 0-7, such as 0.77 (Kayles), "
                  "0.07 (Dawson's Kayles) or 0.333 (take 1 to 3)"),
               what, shown);
  return FALSE;
}

/**
 * nim_octal_to_string:
 * @code: a code
 *
 * Returns: (transfer full): the code as the literature writes it, "0.77"
 */
char *
nim_octal_to_string (const NimOctal *code)
{
  GString *s = g_string_new (NULL);
  guint j;

  g_string_append_printf (s, "%u.", code->digits[0]);
  for (j = 1; j <= code->n_digits; j++)
    g_string_append_c (s, (char) ('0' + code->digits[j]));
  if (code->n_digits == 0)
    g_string_append_c (s, '0');
  return g_string_free (s, FALSE);
}

/**
 * nim_octal_to_rules:
 * @code: a code
 * @rules: (out): the take rule it is, under normal play
 *
 * A code whose digits are all 0 or 3 is a subtraction game: taking j is
 * allowed, whatever it leaves, exactly when dj is 3; it becomes the
 * subtraction set (or range), which the players search fastest.  Any
 * other code becomes a rule of the code family.
 *
 * Returns: %TRUE if nim's players play @code: every code but those with
 *   a digit before the point (splitting without taking)
 */
gboolean
nim_octal_to_rules (const NimOctal *code, NimRules *rules)
{
  guint64 counts[NIM_OCTAL_MAX_DIGITS];
  guint n = 0, j;
  gboolean subtraction = TRUE;

  if (code->digits[0] != 0 || code->n_digits == 0)
    return FALSE;
  for (j = 1; j <= code->n_digits; j++)
    {
      if (code->digits[j] != 0 && code->digits[j] != 3)
        subtraction = FALSE;
      if (code->digits[j] == 3)
        counts[n++] = j;
    }
  nim_rules_init (rules);
  rules->misere = FALSE;
  if (!subtraction)
    {
      nim_rules_set_code (rules, code->digits, code->n_digits);
      return TRUE;
    }
  return nim_rules_set_moves (rules, counts, n, NULL);
}

/**
 * nim_octal_from_rules:
 * @code: (out): the code
 * @rules: a take-and-break code, or a subtraction game of counts up to
 *   %NIM_OCTAL_MAX_DIGITS (a larger count is left out)
 *
 * The code of the rules: 0.333 for taking 1 to 3.
 */
void
nim_octal_from_rules (NimOctal *code, const NimRules *rules)
{
  g_autoptr (GArray) counts = nim_rules_fixed_counts (rules);
  guint i;

  g_return_if_fail (counts != NULL);
  memset (code, 0, sizeof *code);
  if (nim_rules_is_code (rules))
    memcpy (code->digits, rules->digits, rules->n_digits + 1);
  else
    for (i = 0; i < counts->len; i++)
      if (g_array_index (counts, guint32, i) <= NIM_OCTAL_MAX_DIGITS)
        code->digits[g_array_index (counts, guint32, i)] = 3;
  for (i = 1; i <= NIM_OCTAL_MAX_DIGITS; i++)
    if (code->digits[i] != 0)
      code->n_digits = i;
}

/* The values computed so far: G(0) .. G(len - 1). */
struct _NimOctalValues
{
  NimOctal code;
  guint16 *g;
  guint64 len;
  guint64 alloc;
  guint max_value;
  /* For values of 32 and more, whose XORs do not fit a 64-bit mask: one
     bit per value that an option leaves. */
  guint64 *seen;
  gsize seen_words;
};

/**
 * nim_octal_values_new:
 * @code: a code
 *
 * Returns: (transfer full): an empty table of @code's Grundy values;
 *   fill it with nim_octal_values_extend()
 */
NimOctalValues *
nim_octal_values_new (const NimOctal *code)
{
  NimOctalValues *self = g_new0 (NimOctalValues, 1);

  self->code = *code;
  return self;
}

/**
 * nim_octal_values_free:
 * @values: (nullable): a table
 */
void
nim_octal_values_free (NimOctalValues *values)
{
  if (values == NULL)
    return;
  g_free (values->g);
  g_free (values->seen);
  g_free (values);
}

/* The mex of the options of a heap of m when every value so far is below
   64, so that every XOR of two fits a 64-bit mask: the common case, and
   the inner loop of the whole computation. */
static guint
mex_small (const NimOctalValues *self, guint64 m)
{
  const guint16 *g = self->g;
  const NimOctal *c = &self->code;
  guint64 mask = 0;
  guint j;

  for (j = 0; j <= c->n_digits && j <= m; j++)
    {
      guint d = c->digits[j];
      guint64 rest = m - j, a;

      if ((d & NIM_OCTAL_VANISH) && rest == 0 && j > 0)
        mask |= 1;
      if ((d & NIM_OCTAL_ONE) && rest > 0 && j > 0)
        mask |= G_GUINT64_CONSTANT (1) << g[rest];
      if ((d & NIM_OCTAL_TWO) && rest >= 2)
        for (a = 1; a <= rest / 2; a++)
          mask |= G_GUINT64_CONSTANT (1) << (g[a] ^ g[rest - a]);
    }
  return ~mask == 0 ? 64 : (guint) __builtin_ctzll (~mask);
}

/* The same for larger values, with a bit set as long as needed. */
static guint
mex_large (NimOctalValues *self, guint64 m)
{
  const guint16 *g = self->g;
  const NimOctal *c = &self->code;
  /* Every option's value, and so every XOR of two, is below the next
     power of two above the largest value. */
  gsize bits = 2, words, w;
  guint j;

  while (bits <= self->max_value)
    bits <<= 1;
  words = (bits + 63) / 64 + 1;
  if (words > self->seen_words)
    {
      self->seen = g_renew (guint64, self->seen, words);
      self->seen_words = words;
    }
  memset (self->seen, 0, words * sizeof (guint64));
#define SEE(v) (self->seen[(v) / 64] |= G_GUINT64_CONSTANT (1) << ((v) % 64))
  for (j = 0; j <= c->n_digits && j <= m; j++)
    {
      guint d = c->digits[j];
      guint64 rest = m - j, a;

      if ((d & NIM_OCTAL_VANISH) && rest == 0 && j > 0)
        SEE (0u);
      if ((d & NIM_OCTAL_ONE) && rest > 0 && j > 0)
        SEE ((guint) g[rest]);
      if ((d & NIM_OCTAL_TWO) && rest >= 2)
        for (a = 1; a <= rest / 2; a++)
          SEE ((guint) (g[a] ^ g[rest - a]));
    }
#undef SEE
  for (w = 0; w < words; w++)
    if (~self->seen[w] != 0)
      return (guint) (w * 64 + __builtin_ctzll (~self->seen[w]));
  g_assert_not_reached ();
}

/**
 * nim_octal_values_extend:
 * @values: a table
 * @n: the largest heap whose value is wanted
 * @error: return location for a #NIM_ERROR_FAILED error (more than
 *   %NIM_OCTAL_VALUES_MAX values) or #NIM_ERROR_INTERRUPTED (Ctrl-C)
 *
 * Computes G(0) .. G(@n), keeping those computed before.  A code with
 * splits costs time quadratic in @n.
 *
 * Returns: %TRUE when G(@n) is known
 */
gboolean
nim_octal_values_extend (NimOctalValues *values, guint64 n, GError **error)
{
  NimOctalValues *self = values;

  if (n >= NIM_OCTAL_VALUES_MAX)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("at most %u Grundy values are computed; %llu were "
                      "asked for"),
                   NIM_OCTAL_VALUES_MAX, (unsigned long long) n + 1);
      return FALSE;
    }
  if (n + 1 > self->alloc)
    {
      self->alloc = MAX (n + 1, self->alloc * 2);
      self->g = g_renew (guint16, self->g, self->alloc);
    }
  while (self->len <= n)
    {
      guint v;

      /* Ctrl-C, looked at now and then: a long computation of a split
         game takes minutes. */
      if (self->len % 1024 == 0 && nim_interrupted ())
        {
          g_set_error_literal (error, NIM_ERROR, NIM_ERROR_INTERRUPTED,
                               _ ("interrupted"));
          return FALSE;
        }
      v = self->max_value < 64 ? mex_small (self, self->len)
                               : mex_large (self, self->len);
      self->g[self->len++] = (guint16) v;
      self->max_value = MAX (self->max_value, v);
    }
  return TRUE;
}

/**
 * nim_octal_values_get:
 * @values: a table
 * @n: a heap computed already
 *
 * Returns: G(@n)
 */
guint
nim_octal_values_get (const NimOctalValues *values, guint64 n)
{
  g_return_val_if_fail (n < values->len, 0);
  return values->g[n];
}

/**
 * nim_octal_values_len:
 * @values: a table
 *
 * Returns: how many values are known: G(0) .. G(len - 1)
 */
guint64
nim_octal_values_len (const NimOctalValues *values)
{
  return values->len;
}

/**
 * nim_octal_values_period:
 * @values: a table
 * @period: (out): what the values computed so far show
 *
 * Looks for the smallest p with which the values repeat to the end of
 * the table, and checks it against the octal periodicity theorem.  A
 * period is "apparent" when it holds over at least three periods and an
 * eighth of the table; "proven" when it holds to 2 n0 + 2 p + t - 1.
 */
void
nim_octal_values_period (const NimOctalValues *values, NimOctalPeriod *period)
{
  const guint16 *g = values->g;
  guint64 len = values->len, p;
  guint t = values->code.n_digits;

  memset (period, 0, sizeof *period);
  period->kind = NIM_OCTAL_NO_PERIOD;
  period->checked = len > 0 ? len - 1 : 0;
  for (p = 1; 3 * p <= len; p++)
    {
      guint64 n = len - p, n0, run;

      /* n0: one past the last n where G(n) differs from G(n + p). */
      while (n > 0 && g[n - 1] == g[n - 1 + p])
        n--;
      n0 = n;
      run = len - n0;
      if (run < 3 * p || run < len / 8)
        continue;
      period->period = p;
      period->preperiod = n0;
      period->needed = 2 * n0 + 2 * p + t - 1;
      period->kind = period->needed <= period->checked ? NIM_OCTAL_PROVEN
                                                       : NIM_OCTAL_APPARENT;
      return;
    }
}

/**
 * nim_octal_values_is_exception:
 * @values: a table
 * @period: a period that nim_octal_values_period() found in @values
 * @n: a heap computed already
 *
 * Returns: %TRUE if G(@n) is an exception: @n is below the pre-period
 *   and G(@n) differs from the value the period gives there (the values
 *   of the period's first cycle, carried back)
 */
gboolean
nim_octal_values_is_exception (const NimOctalValues *values,
                               const NimOctalPeriod *period, guint64 n)
{
  guint64 n0 = period->preperiod, p = period->period;

  g_return_val_if_fail (period->kind != NIM_OCTAL_NO_PERIOD, FALSE);
  if (n >= n0)
    return FALSE;
  return values->g[n] != values->g[n0 + (p - (n0 - n) % p) % p];
}

/**
 * nim_octal_has_splits:
 * @code: a code
 *
 * Returns: %TRUE if a move of @code can split a heap in two, which makes
 *   its values cost time quadratic in the heap
 */
gboolean
nim_octal_has_splits (const NimOctal *code)
{
  guint j;

  for (j = 0; j <= code->n_digits; j++)
    if (code->digits[j] & NIM_OCTAL_TWO)
      return TRUE;
  return FALSE;
}

/**
 * nim_octal_values_prove:
 * @values: a table
 * @limit: compute at most G(0) .. G(@limit)
 * @period: (out): what is known at the end
 * @error: return location for an error of nim_octal_values_extend()
 *
 * Computes further until the period is proven, as far as @limit: to
 * what the proof of an apparent period needs, or to twice as far when
 * none shows.
 *
 * Returns: %FALSE only on an error; whether the period was proven is in
 *   @period
 */
gboolean
nim_octal_values_prove (NimOctalValues *values, guint64 limit,
                        NimOctalPeriod *period, GError **error)
{
  nim_octal_values_period (values, period);
  while (period->kind != NIM_OCTAL_PROVEN && period->checked < limit)
    {
      guint64 next = period->kind == NIM_OCTAL_APPARENT
                         ? period->needed
                         : MAX (2 * period->checked, 64);

      if (!nim_octal_values_extend (values, MIN (next, limit), error))
        return FALSE;
      nim_octal_values_period (values, period);
    }
  return TRUE;
}
