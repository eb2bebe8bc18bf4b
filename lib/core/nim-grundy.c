/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-grundy.c -- Sprague-Grundy values of one heap, by mex
 *
 * Where the rule family has a closed form (taking 1..K gives G(n) = n mod
 * (K + 1)), its row answers (see #NimGrundyTheory); a take-and-break
 * code's values are nim-octal's.  For a subtraction set the values are
 * computed by mex.  Each value depends only on the previous max(S) values,
 * so as soon as a window of max(S) values repeats the whole sequence is
 * periodic from there on; we detect that with a hash of the window and
 * then answer any heap size, even 4 billion, from the table.
 *
 * A set of one or two sizes needs no table: S = {a, b}, a < b, is purely
 * periodic with period a + b (Winning Ways, chapter 4).  Within a period,
 * r < b leaves only the move a, so G(r) = floor(r/a) mod 2; for
 * b <= r < a + b the move b leads to G(r - b) = 0 and the move a to
 * floor(r/a - 1) mod 2, so G(r) is 2 when floor(r/a) is even and 1 when
 * it is odd; and the mover wins the heap alone under misère play exactly
 * when floor(r/a) is even.  {a} is the same with b beyond every heap.
 * So `--moves 1000000000,1` on heaps of 4 billion is answered at once,
 * where a table would need two periods of a billion entries. */

#include "config.h"

#include "nim-grundy.h"

#include "nim-defaults.h"
#include "nim-error.h"
#include "nim-i18n.h"
#include "nim-octal.h"
#include "nim-sequence.h"

#include <string.h>

struct _NimGrundy
{
  NimRules rules;
  GByteArray *grundy; /* G(0), G(1), ... (set rules only) */
  GByteArray *wins;   /* misère: does the player to move win heap n? */
  GHashTable *seen;   /* window hash -> end index of its first occurrence */
  guint64 hash;       /* rolling hash of the last max(S) entries */
  guint64 power;      /* HASH_BASE ^ max(S), to drop the oldest entry */
  guint64 period;     /* 0 until detected */
  guint64 preperiod;
  guint64 g_period; /* the Grundy values' own period, 0 until asked */
  guint64 g_preperiod;
  /* A take-and-break code: its values, filled once per rules as far as
     they are asked for, and (codes that never split) the misère
     outcomes of one heap. */
  NimSequence *octal;
  NimSequencePeriod code_period;
  GByteArray *code_wins;
};

#define HASH_BASE G_GUINT64_CONSTANT (0x100000001b3)

/**
 * nim_grundy_mex:
 * @values: (array length=n_values): non-negative numbers
 * @n_values: how many
 *
 * Returns: the minimal excludant: the smallest non-negative number not
 *   among @values (0 for none; mex {0, 1, 3, 4} = 2)
 */
guint
nim_grundy_mex (const guint *values, guint n_values)
{
  guint mex = 0, i;
  gboolean again = TRUE;

  /* Quadratic, but sets hold at most NIM_RULES_MAX_MOVES values. */
  while (again)
    {
      again = FALSE;
      for (i = 0; i < n_values; i++)
        if (values[i] == mex)
          {
            mex++;
            again = TRUE;
          }
    }
  return mex;
}

static guint8
entry (NimGrundy *self, guint64 i)
{
  return (guint8) (self->grundy->data[i] * 2 + self->wins->data[i]);
}

/* Appends G(n) and the misère outcome of n, n being the table length. */
static void
extend (NimGrundy *self)
{
  guint64 n = self->grundy->len;
  guint values[NIM_RULES_MAX_MOVES];
  guint k, n_values = 0;
  gboolean win = FALSE;
  guint8 g, w;
  guint64 window = self->rules.moves[self->rules.n_moves - 1];

  if (n < nim_default_table_len && nim_default_n_moves > 0
      && self->rules.n_moves == nim_default_n_moves
      && memcmp (self->rules.moves, nim_default_moves,
                 nim_default_n_moves * sizeof (guint32))
             == 0)
    {
      /* Built with `make MOVES=...` for these very rules. */
      g = nim_default_grundy[n];
      w = nim_default_misere_wins[n];
    }
  else
    {
      for (k = 0; k < self->rules.n_moves && self->rules.moves[k] <= n; k++)
        {
          guint64 j = n - self->rules.moves[k];

          values[n_values++] = self->grundy->data[j];
          win = win || !self->wins->data[j];
        }
      g = (guint8) nim_grundy_mex (values, n_values);
      w = n_values == 0 || win; /* no move left: the mover wins misère */
    }
  g_byte_array_append (self->grundy, &g, 1);
  g_byte_array_append (self->wins, &w, 1);

  /* Roll the window hash and look for an earlier identical window. */
  self->hash = self->hash * HASH_BASE + (guint64) (g * 2 + w) + 1;
  if (n >= window)
    self->hash -= self->power * ((guint64) entry (self, n - window) + 1);
  if (n + 1 >= window && self->period == 0)
    {
      gpointer first;

      /* The table keys on the hash folded to a pointer, without an
         allocation per window; a collision is caught by comparing the
         windows, and only delays detection to the next window. */
      gpointer key
          = GSIZE_TO_POINTER ((gsize) (self->hash ^ (self->hash >> 32)));

      if (g_hash_table_lookup_extended (self->seen, key, NULL, &first))
        {
          guint64 m = GPOINTER_TO_SIZE (first), i;
          gboolean same = TRUE;

          for (i = 0; i < window && same; i++)
            same = entry (self, m - i) == entry (self, n - i);
          if (same)
            {
              guint64 start = m + 1 - window;

              self->period = n - m;
              while (start > 0
                     && entry (self, start - 1)
                            == entry (self, start - 1 + self->period))
                start--;
              self->preperiod = start;
              return;
            }
        }
      else
        g_hash_table_insert (self->seen, key, GSIZE_TO_POINTER (n));
    }
}

/**
 * nim_grundy_new:
 * @rules: the rules whose single-heap values are wanted
 *
 * Returns: (transfer full): a lazily filled table; free with
 *   nim_grundy_free()
 */
NimGrundy *
nim_grundy_new (const NimRules *rules)
{
  NimGrundy *self = g_new0 (NimGrundy, 1);
  guint64 i, b;

  self->rules = *rules;
  switch (rules->family->theory)
    {
    case NIM_GRUNDY_CLOSED_FORM:
    case NIM_GRUNDY_NONE:
      break;
    case NIM_GRUNDY_OCTAL:
      {
        NimOctal code;

        nim_octal_from_rules (&code, rules);
        self->octal = nim_sequence_new (&code, NIM_SEQUENCE_SPARSE);
        self->code_wins = g_byte_array_new ();
      }
      break;
    case NIM_GRUNDY_SUBTRACTION:
      self->grundy = g_byte_array_new ();
      self->wins = g_byte_array_new ();
      self->seen = g_hash_table_new (g_direct_hash, g_direct_equal);
      /* HASH_BASE ^ max(S) by squaring: max(S) can be 4 billion. */
      self->power = 1;
      for (i = rules->moves[rules->n_moves - 1], b = HASH_BASE; i > 0; i >>= 1)
        {
          if (i & 1)
            self->power *= b;
          b *= b;
        }
      break;
    }
  return self;
}

/**
 * nim_grundy_free:
 * @grundy: (nullable): a table from nim_grundy_new()
 */
void
nim_grundy_free (NimGrundy *grundy)
{
  if (grundy == NULL)
    return;
  if (grundy->grundy != NULL)
    {
      g_byte_array_unref (grundy->grundy);
      g_byte_array_unref (grundy->wins);
      g_hash_table_unref (grundy->seen);
    }
  nim_sequence_free (grundy->octal);
  if (grundy->code_wins != NULL)
    g_byte_array_unref (grundy->code_wins);
  g_free (grundy);
}

/* The values of a set of one or two sizes (see the top of the file). */
static gboolean
is_pair (const NimRules *rules)
{
  return rules->family->theory == NIM_GRUNDY_SUBTRACTION
         && rules->n_moves <= 2;
}

static void
pair_answer (const NimRules *rules, guint64 n, guint *value, gboolean *wins)
{
  guint64 a = rules->moves[0];
  guint64 b = rules->n_moves == 2 ? rules->moves[1] : G_MAXUINT64;
  guint64 r = b == G_MAXUINT64 ? n : n % (a + b);
  guint64 q = r / a;

  *value = r < b ? (guint) (q % 2) : q % 2 == 0 ? 2 : 1;
  *wins = q % 2 == 0;
}

/* The period of one or two sizes: a + b for the values and outcomes
   together (*@combined); the Grundy values alone repeat after 2a when b is
   an odd multiple of a (no value 2 appears), else after a + b. */
static guint64
pair_period (const NimRules *rules, guint64 *combined)
{
  guint64 a = rules->moves[0];

  if (rules->n_moves == 1)
    {
      *combined = 2 * a;
      return 2 * a;
    }
  *combined = a + rules->moves[1];
  if (rules->moves[1] % a == 0 && (rules->moves[1] / a) % 2 == 1)
    return 2 * a;
  return *combined;
}

/* Makes entry @n available, directly or through the period, and sets
 *index to the place in the table that holds the answer for @n. */
static gboolean
lookup (NimGrundy *self, guint64 n, guint64 *index, GError **error)
{
  while (n >= self->grundy->len && self->period == 0)
    {
      if (self->grundy->len >= NIM_GRUNDY_TABLE_MAX)
        {
          g_autofree char *take = nim_rules_take_to_string (&self->rules);

          g_set_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED,
                       _ ("the Grundy values of {%s} show no period within "
                          "the first %u heap sizes; heap %llu is out of "
                          "reach"),
                       take, NIM_GRUNDY_TABLE_MAX, (unsigned long long) n);
          return FALSE;
        }
      extend (self);
    }
  if (n >= self->grundy->len)
    n = self->preperiod + (n - self->preperiod) % self->period;
  *index = n;
  return TRUE;
}

/* Both answers for a heap of @n under a subtraction set: its Grundy
   value under normal play and whether the player to move wins it alone
   under misère play. */
static gboolean
answer (NimGrundy *self, guint64 n, guint *value, gboolean *wins,
        GError **error)
{
  guint64 i;

  if (is_pair (&self->rules))
    {
      pair_answer (&self->rules, n, value, wins);
      return TRUE;
    }
  if (!lookup (self, n, &i, error))
    return FALSE;
  *value = self->grundy->data[i];
  *wins = self->wins->data[i];
  return TRUE;
}

/* G(@n) of a take-and-break code, from nim-sequence's table: computed
   as far as @n, or until the period is proven, which answers any heap
   (a heap of billions, under a code whose values repeat, at once).  At
   most NIM_GRUNDY_TABLE_MAX values are computed on the way: a larger
   heap needs the period. */
static gboolean
code_value (NimGrundy *self, guint64 n, guint *value, GError **error)
{
  NimSequencePeriod *period = &self->code_period;

  if (n >= nim_sequence_len (self->octal)
      && period->kind != NIM_SEQUENCE_PROVEN
      && !nim_sequence_prove (self->octal,
                              MIN (MAX (n, 1), NIM_GRUNDY_TABLE_MAX - 1),
                              period, error))
    return FALSE;
  if (n >= nim_sequence_len (self->octal))
    {
      if (period->kind != NIM_SEQUENCE_PROVEN)
        {
          g_autofree char *code = nim_rules_code_to_string (&self->rules);

          g_set_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED,
                       _ ("the Grundy values of %s show no proven period "
                          "within the first %u heap sizes; heap %llu is out "
                          "of reach"),
                       code, NIM_GRUNDY_TABLE_MAX, (unsigned long long) n);
          return FALSE;
        }
      n = period->preperiod + (n - period->preperiod) % period->period;
    }
  *value = nim_sequence_get (self->octal, n);
  return TRUE;
}

/* Whether the mover wins one heap of @n alone under misère play, for a
   code that never splits (a heap stays one heap or vanishes). */
static gboolean
code_misere_wins (NimGrundy *self, guint64 n, gboolean *wins, GError **error)
{
  const NimRules *r = &self->rules;

  if (nim_rules_splits (r))
    {
      g_autofree char *code = nim_rules_code_to_string (r);

      g_set_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED,
                   _ ("under misère play a heap of %s splits into several, "
                      "which no single-heap table covers"),
                   code);
      return FALSE;
    }
  if (n >= NIM_GRUNDY_TABLE_MAX)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED,
                   _ ("heap %llu is beyond the %u misère outcomes computed"),
                   (unsigned long long) n, NIM_GRUNDY_TABLE_MAX);
      return FALSE;
    }
  while (self->code_wins->len <= n)
    {
      guint64 m = self->code_wins->len;
      gboolean any = FALSE, win = FALSE;
      guint8 w;
      guint32 j;

      for (j = 1; j <= MIN (m, (guint64) r->n_digits); j++)
        {
          guint d = r->digits[j];

          if (nim_rules_digit_leaves (d, (guint32) (m - j)))
            {
              any = TRUE;
              win = win || !self->code_wins->data[m - j];
            }
        }
      w = !any || win; /* no move left: the mover wins misère */
      g_byte_array_append (self->code_wins, &w, 1);
    }
  *wins = self->code_wins->data[n] != 0;
  return TRUE;
}

/* The error of a family without a Grundy theory (%NIM_GRUNDY_NONE). */
static gboolean
no_theory (NimGrundy *self, GError **error)
{
  g_autofree char *take = nim_rules_take_to_string (&self->rules);

  g_set_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED,
               _ ("no Grundy values are known for the take rule %s"), take);
  return FALSE;
}

/**
 * nim_grundy_value:
 * @grundy: a table
 * @n: a heap size
 * @value: (out): G(@n) under normal play
 * @error: return location for a #NIM_ERROR_UNSUPPORTED error when the
 *   sequence has no period within %NIM_GRUNDY_TABLE_MAX
 *
 * Returns: %TRUE on success
 */
gboolean
nim_grundy_value (NimGrundy *grundy, guint64 n, guint *value, GError **error)
{
  const NimRuleFamily *f = grundy->rules.family;
  gboolean wins;

  switch (f->theory)
    {
    case NIM_GRUNDY_CLOSED_FORM:
      *value = f->grundy (&grundy->rules, n);
      return TRUE;
    case NIM_GRUNDY_SUBTRACTION:
      return answer (grundy, n, value, &wins, error);
    case NIM_GRUNDY_OCTAL:
      return code_value (grundy, n, value, error);
    case NIM_GRUNDY_NONE:
      return no_theory (grundy, error);
    }
  g_assert_not_reached ();
  return FALSE;
}

/**
 * nim_grundy_misere_wins:
 * @grundy: a table
 * @n: the size of the only heap
 * @wins: (out): whether the player to move wins a single heap of @n under
 *   misère play (whoever cannot move wins)
 * @error: return location for a #NIM_ERROR_UNSUPPORTED error
 *
 * Returns: %TRUE on success
 */
gboolean
nim_grundy_misere_wins (NimGrundy *grundy, guint64 n, gboolean *wins,
                        GError **error)
{
  const NimRuleFamily *f = grundy->rules.family;
  guint value;

  switch (f->theory)
    {
    case NIM_GRUNDY_CLOSED_FORM:
      *wins = f->misere_wins (&grundy->rules, n);
      return TRUE;
    case NIM_GRUNDY_SUBTRACTION:
      return answer (grundy, n, &value, wins, error);
    case NIM_GRUNDY_OCTAL:
      return code_misere_wins (grundy, n, wins, error);
    case NIM_GRUNDY_NONE:
      return no_theory (grundy, error);
    }
  g_assert_not_reached ();
  return FALSE;
}

/**
 * nim_grundy_period:
 * @grundy: a table
 * @limit: compute at most G(0 .. @limit)
 * @preperiod: (out): the first n from which G repeats
 * @period: (out): the smallest p with G(n + p) = G(n) from @preperiod on
 *
 * Finds where the normal-play values of a single heap become periodic.
 * Take-any has no period (G(n) = n); 1..K has period K + 1 from 0.  A
 * take-and-break code's period counts once the octal periodicity
 * theorem proves it.
 *
 * Returns: %TRUE if a period shows within @limit
 */
gboolean
nim_grundy_period (NimGrundy *grundy, guint64 limit, guint64 *preperiod,
                   guint64 *period)
{
  const NimRuleFamily *f = grundy->rules.family;
  guint64 p, start;

  switch (f->theory)
    {
    case NIM_GRUNDY_CLOSED_FORM:
      return f->period != NULL
             && f->period (&grundy->rules, limit, preperiod, period);
    case NIM_GRUNDY_NONE:
      return FALSE;
    case NIM_GRUNDY_OCTAL:
    case NIM_GRUNDY_SUBTRACTION:
      break;
    }
  if (grundy->octal != NULL)
    {
      NimSequencePeriod found;
      /* A code that splits heaps and shows no sparse space costs a
         scan of every split per value. */
      guint64 most = MIN (limit, nim_rules_splits (&grundy->rules)
                                     ? (guint64) 20000
                                     : (guint64) NIM_GRUNDY_TABLE_MAX - 1);

      /* Only a proven period is one: a code's values can seem to repeat
         for a long while and then change (0.16 for 100,000 heaps). */
      found = grundy->code_period;
      if (found.kind != NIM_SEQUENCE_PROVEN)
        {
          if (most >= nim_sequence_len (grundy->octal)
              && !nim_sequence_extend (grundy->octal, most, NULL))
            return FALSE;
          nim_sequence_period (grundy->octal, &found);
          if (found.kind != NIM_SEQUENCE_PROVEN)
            return FALSE;
          grundy->code_period = found;
        }
      *preperiod = found.preperiod;
      *period = found.period;
      return TRUE;
    }
  if (is_pair (&grundy->rules))
    {
      guint64 combined;

      *period = pair_period (&grundy->rules, &combined);
      *preperiod = 0;
      return 2 * combined <= limit + 1;
    }
  if (grundy->g_period != 0)
    {
      /* Found before: the search below scans the whole table, and a
         player's explanation asks at every move. */
      *preperiod = grundy->g_preperiod;
      *period = grundy->g_period;
      return grundy->preperiod + 2 * grundy->period <= limit + 1;
    }
  while (grundy->period == 0 && grundy->grundy->len <= limit
         && grundy->grundy->len < NIM_GRUNDY_TABLE_MAX)
    extend (grundy);
  if (grundy->period == 0
      || grundy->preperiod + 2 * grundy->period > limit + 1)
    return FALSE;
  while (grundy->grundy->len < grundy->preperiod + 2 * grundy->period)
    extend (grundy);

  /* The table's period covers the misère outcomes too; the Grundy values
     alone may repeat sooner, with a period dividing it. */
  for (p = 1; p <= grundy->period; p++)
    {
      guint64 i;
      gboolean ok = grundy->period % p == 0;

      for (i = grundy->preperiod; ok && i + p < grundy->grundy->len; i++)
        ok = grundy->grundy->data[i] == grundy->grundy->data[i + p];
      if (ok)
        break;
    }
  start = grundy->preperiod;
  while (start > 0
         && grundy->grundy->data[start - 1]
                == grundy->grundy->data[start - 1 + p])
    start--;
  grundy->g_preperiod = *preperiod = start;
  grundy->g_period = *period = p;
  return TRUE;
}
