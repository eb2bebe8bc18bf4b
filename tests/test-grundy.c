/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-grundy.c -- tests of single-heap Grundy values and misère outcomes */

#include "config.h"

#include "nim-test.h"

#include <glib.h>
#include <string.h>

#include "nim-defaults.h"
#include "nim-grundy.h"

/* A subtraction set for the brute-force helpers, independent of NimRules. */
typedef struct
{
  guint n;
  guint32 moves[8];
} Set;

/* G(0 .. n_values - 1) for @set, by the definition: G(n) is the mex of
   G(n - m) over the counts m <= n, computed with a table of booleans
   rather than with nim_grundy_mex(). */
static guint *
brute_grundy (const Set *set, guint n_values)
{
  guint *g = g_new0 (guint, n_values);
  guint n, k;

  for (n = 0; n < n_values; n++)
    {
      gboolean seen[G_N_ELEMENTS (set->moves) + 1] = { FALSE };
      guint mex = 0;

      for (k = 0; k < set->n; k++)
        if (set->moves[k] <= n)
          seen[g[n - set->moves[k]]] = TRUE;
      while (seen[mex])
        mex++;
      g[n] = mex;
    }
  return g;
}

/* Whether the player to move wins a single heap of @n under misère play:
   with no move left the mover wins (the opponent took the last match, or
   nobody can move); otherwise the mover wins if some move leaves a heap
   the opponent loses.  Plain recursion, remembered in @memo (-1: not yet
   known). */
static gboolean
brute_misere_wins (const Set *set, guint n, gint8 *memo)
{
  gboolean any = FALSE, win = FALSE;
  guint k;

  if (memo[n] >= 0)
    return memo[n];
  for (k = 0; k < set->n; k++)
    if (set->moves[k] <= n)
      {
        any = TRUE;
        if (!brute_misere_wins (set, n - set->moves[k], memo))
          win = TRUE;
      }
  memo[n] = !any || win;
  return memo[n];
}

/* Finds, by trying every period, the smallest p (and for it the smallest
   preperiod) such that values[i] == values[i + p] for every i from the
   preperiod to the end of the table.  Only a preperiod in the first third
   counts, so the repetition seen covers at least two thirds of @n. */
static gboolean
brute_period (const guint *values, guint n, guint *preperiod, guint *period)
{
  guint p, i;

  for (p = 1; p <= n / 3; p++)
    {
      guint pre = 0;

      for (i = n - p; i > 0; i--)
        if (values[i - 1] != values[i - 1 + p])
          {
            pre = i;
            break;
          }
      if (pre <= n / 3)
        {
          *preperiod = pre;
          *period = p;
          return TRUE;
        }
    }
  return FALSE;
}

/* Rules for the set @text (--moves syntax) in normal play. */
static void
set_rules (NimRules *rules, const char *text)
{
  nim_rules_init (rules);
  g_assert_true (nim_rules_parse_moves (rules, text, "--moves", NULL));
}

/* G(n) through the library, failing the test on an error. */
static guint
value (NimGrundy *grundy, guint64 n)
{
  g_autoptr (GError) error = NULL;
  guint v = G_MAXUINT;

  g_assert_true (nim_grundy_value (grundy, n, &v, &error));
  g_assert_no_error (error);
  return v;
}

/* The misère outcome of one heap through the library. */
static gboolean
misere_wins (NimGrundy *grundy, guint64 n)
{
  g_autoptr (GError) error = NULL;
  gboolean wins = 2;

  g_assert_true (nim_grundy_misere_wins (grundy, n, &wins, &error));
  g_assert_no_error (error);
  g_assert_true (wins == TRUE || wins == FALSE);
  return wins;
}

/* mex is the smallest non-negative number missing from a list. */
static void
test_mex (void)
{
  static const guint a[] = { 0, 1, 3, 4 };
  static const guint b[] = { 1, 2 };
  static const guint c[] = { 0, 0, 1 };
  static const guint d[] = { 3, 2, 1, 0 };
  static const guint e[] = { 2, 0, 5, 1, 4, 3, 7 };
  static const guint f[] = { 0 };

  g_assert_cmpuint (nim_grundy_mex (a, G_N_ELEMENTS (a)), ==, 2);
  g_assert_cmpuint (nim_grundy_mex (NULL, 0), ==, 0);
  g_assert_cmpuint (nim_grundy_mex (a, 0), ==, 0);
  g_assert_cmpuint (nim_grundy_mex (b, G_N_ELEMENTS (b)), ==, 0);
  g_assert_cmpuint (nim_grundy_mex (c, G_N_ELEMENTS (c)), ==, 2);
  g_assert_cmpuint (nim_grundy_mex (d, G_N_ELEMENTS (d)), ==, 4);
  g_assert_cmpuint (nim_grundy_mex (e, G_N_ELEMENTS (e)), ==, 6);
  g_assert_cmpuint (nim_grundy_mex (f, G_N_ELEMENTS (f)), ==, 1);
}

/* G for {2,5,6}, worked by hand: G(0..14) = 0 0 1 1 0 2 1 3 0 2 1 0 0 1 1;
   the course's subtraction game gives Nim<14,2,5,6> = 1. */
static void
test_set_256 (void)
{
  static const guint expected[]
      = { 0, 0, 1, 1, 0, 2, 1, 3, 0, 2, 1, 0, 0, 1, 1 };
  g_autoptr (NimGrundy) grundy = NULL;
  NimRules rules;
  guint n;

  set_rules (&rules, "2,5,6");
  grundy = nim_grundy_new (&rules);
  g_assert_cmpuint (value (grundy, 14), ==, 1);
  for (n = 0; n < G_N_ELEMENTS (expected); n++)
    g_assert_cmpuint (value (grundy, n), ==, expected[n]);
}

/* G for {1,3,4}, worked by hand: 0 1 0 1 2 3 2, then again from 7. */
static void
test_set_134 (void)
{
  static const guint expected[]
      = { 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0 };
  g_autoptr (NimGrundy) grundy = NULL;
  NimRules rules;
  guint n;

  set_rules (&rules, "1,3,4");
  grundy = nim_grundy_new (&rules);
  for (n = 0; n < G_N_ELEMENTS (expected); n++)
    g_assert_cmpuint (value (grundy, n), ==, expected[n]);
}

/* Take-any: G(n) = n, up to the largest heap. */
static void
test_take_any (void)
{
  g_autoptr (NimGrundy) grundy = NULL;
  NimRules rules;
  guint n;

  nim_rules_init (&rules);
  grundy = nim_grundy_new (&rules);
  for (n = 0; n <= 1000; n++)
    g_assert_cmpuint (value (grundy, n), ==, n);
  g_assert_cmpuint (value (grundy, 4000000000u), ==, 4000000000u);
  g_assert_cmpuint (value (grundy, G_MAXUINT32), ==, G_MAXUINT32);
}

/* Max-take K: G(n) = n mod (K + 1); checked by hand for K = 3 and
   against the mex definition for several K. */
static void
test_max_take (void)
{
  static const guint mod4[] = { 0, 1, 2, 3, 0, 1, 2, 3, 0, 1 };
  static const guint ks[] = { 1, 2, 3, 5, 8 };
  NimRules rules;
  guint i, n;

  nim_rules_init (&rules);
  g_assert_true (nim_rules_set_max_take (&rules, 3, NULL));
  {
    g_autoptr (NimGrundy) grundy = nim_grundy_new (&rules);

    for (n = 0; n < G_N_ELEMENTS (mod4); n++)
      g_assert_cmpuint (value (grundy, n), ==, mod4[n]);
    g_assert_cmpuint (value (grundy, 4000000001u), ==, 1);
    g_assert_cmpuint (value (grundy, 4000000003u), ==, 3);
  }

  for (i = 0; i < G_N_ELEMENTS (ks); i++)
    {
      g_autoptr (NimGrundy) grundy = NULL;
      g_autofree guint *g = NULL;
      Set set = { ks[i], { 0 } };

      for (n = 0; n < ks[i]; n++)
        set.moves[n] = n + 1;
      g = brute_grundy (&set, 301);
      g_assert_true (nim_rules_set_max_take (&rules, ks[i], NULL));
      grundy = nim_grundy_new (&rules);
      for (n = 0; n <= 300; n++)
        g_assert_cmpuint (value (grundy, n), ==, g[n]);
    }
}

/* Misère, one heap, max-take 2 (the course's one pile): the mover loses
   exactly when n mod 3 == 1.  Also the other ranges against brute force. */
static void
test_misere_range (void)
{
  static const gboolean by_hand[]
      = { TRUE, FALSE, TRUE, TRUE, FALSE, TRUE, TRUE, FALSE };
  static const guint ks[] = { 1, 2, 3, 5 };
  NimRules rules;
  guint i, n;

  nim_rules_init (&rules);
  rules.misere = TRUE;
  g_assert_true (nim_rules_set_max_take (&rules, 2, NULL));
  {
    g_autoptr (NimGrundy) grundy = nim_grundy_new (&rules);

    for (n = 0; n < G_N_ELEMENTS (by_hand); n++)
      g_assert_cmpint (misere_wins (grundy, n), ==, by_hand[n]);
    for (n = 0; n <= 60; n++)
      g_assert_cmpint (misere_wins (grundy, n), ==, n % 3 != 1);
    /* 4000000000 = 3 * 1333333333 + 1 */
    g_assert_false (misere_wins (grundy, 4000000000u));
    g_assert_true (misere_wins (grundy, 4000000001u));
  }

  for (i = 0; i < G_N_ELEMENTS (ks); i++)
    {
      g_autoptr (NimGrundy) grundy = NULL;
      gint8 memo[61];
      Set set = { ks[i], { 0 } };

      for (n = 0; n < ks[i]; n++)
        set.moves[n] = n + 1;
      memset (memo, -1, sizeof memo);
      g_assert_true (nim_rules_set_max_take (&rules, ks[i], NULL));
      grundy = nim_grundy_new (&rules);
      for (n = 0; n <= 60; n++)
        g_assert_cmpint (misere_wins (grundy, n), ==,
                         brute_misere_wins (&set, n, memo));
    }

  /* Take-any misère: only a single match loses. */
  nim_rules_init (&rules);
  rules.misere = TRUE;
  {
    g_autoptr (NimGrundy) grundy = nim_grundy_new (&rules);

    g_assert_true (misere_wins (grundy, 0));
    g_assert_false (misere_wins (grundy, 1));
    for (n = 2; n <= 60; n++)
      g_assert_true (misere_wins (grundy, n));
    g_assert_true (misere_wins (grundy, G_MAXUINT32));
  }
}

/* Misère outcomes of one heap under sets match a recursive search. */
static void
test_misere_sets (void)
{
  static const struct
  {
    const char *text;
    Set set;
  } sets[] = {
    { "2,5,6", { 3, { 2, 5, 6 } } },
    { "1,3,4", { 3, { 1, 3, 4 } } },
    { "2,7,15,16", { 4, { 2, 7, 15, 16 } } },
    { "3,5,8", { 3, { 3, 5, 8 } } },
    { "2,3,7", { 3, { 2, 3, 7 } } },
    { "2,4,7", { 3, { 2, 4, 7 } } },
    { "4", { 1, { 4 } } },
  };
  /* {2,5,6} by hand: heaps 0 and 1 leave no move, so the mover wins. */
  static const gboolean by_hand_256[] = { TRUE, TRUE, FALSE, FALSE,
                                          TRUE, TRUE, FALSE, TRUE,
                                          TRUE, TRUE, FALSE };
  guint i, n;

  for (i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autoptr (NimGrundy) grundy = NULL;
      NimRules rules;
      gint8 memo[61];

      g_test_message ("misère {%s}", sets[i].text);
      set_rules (&rules, sets[i].text);
      rules.misere = TRUE;
      grundy = nim_grundy_new (&rules);
      memset (memo, -1, sizeof memo);
      for (n = 0; n <= 60; n++)
        g_assert_cmpint (misere_wins (grundy, n), ==,
                         brute_misere_wins (&sets[i].set, n, memo));
      if (i == 0)
        for (n = 0; n < G_N_ELEMENTS (by_hand_256); n++)
          g_assert_cmpint (misere_wins (grundy, n), ==, by_hand_256[n]);
    }
}

/* Periods: {2,3,7} repeats 0 0 1 1 2 from the start; {2,4,7} repeats
   1 0 2 from 8 on (G(7) = 3 breaks it just before); 1..3 repeats every
   4; take-any never repeats. */
static void
test_period (void)
{
  NimRules rules;
  guint64 pre = 99, period = 99;

  set_rules (&rules, "2,3,7");
  {
    g_autoptr (NimGrundy) grundy = nim_grundy_new (&rules);

    g_assert_true (nim_grundy_period (grundy, 1000, &pre, &period));
    g_assert_cmpuint (pre, ==, 0);
    g_assert_cmpuint (period, ==, 5);
  }

  set_rules (&rules, "2,4,7");
  {
    g_autoptr (NimGrundy) grundy = nim_grundy_new (&rules);

    g_assert_true (nim_grundy_period (grundy, 1000, &pre, &period));
    g_assert_cmpuint (pre, ==, 8);
    g_assert_cmpuint (period, ==, 3);
  }

  set_rules (&rules, "1,3,4");
  {
    g_autoptr (NimGrundy) grundy = nim_grundy_new (&rules);

    g_assert_true (nim_grundy_period (grundy, 1000, &pre, &period));
    g_assert_cmpuint (pre, ==, 0);
    g_assert_cmpuint (period, ==, 7);
  }

  /* A limit too short to see the period twice does not claim one. */
  set_rules (&rules, "2,3,7");
  {
    g_autoptr (NimGrundy) grundy = nim_grundy_new (&rules);

    g_assert_false (nim_grundy_period (grundy, 3, &pre, &period));
  }

  /* {1,2,3} is stored as max-take 3: n mod 4. */
  set_rules (&rules, "1,2,3");
  {
    g_autoptr (NimGrundy) grundy = nim_grundy_new (&rules);

    pre = period = 99;
    g_assert_true (nim_grundy_period (grundy, 1000, &pre, &period));
    g_assert_cmpuint (pre, ==, 0);
    g_assert_cmpuint (period, ==, 4);
  }

  nim_rules_init (&rules);
  {
    g_autoptr (NimGrundy) grundy = nim_grundy_new (&rules);

    g_assert_false (nim_grundy_period (grundy, 1000, &pre, &period));
    g_assert_false (nim_grundy_period (grundy, G_MAXUINT64, &pre, &period));
  }
}

/* For several sets the library's period is the one a brute-force search
   of a long table finds. */
static void
test_period_brute (void)
{
  static const struct
  {
    const char *text;
    Set set;
  } sets[] = {
    { "1,3,4", { 3, { 1, 3, 4 } } },          { "2,5,6", { 3, { 2, 5, 6 } } },
    { "2,7,15,16", { 4, { 2, 7, 15, 16 } } }, { "3,5,8", { 3, { 3, 5, 8 } } },
    { "2,7,8", { 3, { 2, 7, 8 } } },          { "3,7,8", { 3, { 3, 7, 8 } } },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autoptr (NimGrundy) grundy = NULL;
      g_autofree guint *g = brute_grundy (&sets[i].set, 3000);
      NimRules rules;
      guint bpre = 0, bperiod = 0;
      guint64 pre = 0, period = 0;

      g_test_message ("period of {%s}", sets[i].text);
      g_assert_true (brute_period (g, 3000, &bpre, &bperiod));
      set_rules (&rules, sets[i].text);
      grundy = nim_grundy_new (&rules);
      g_assert_true (nim_grundy_period (grundy, 3000, &pre, &period));
      g_assert_cmpuint (pre, ==, bpre);
      g_assert_cmpuint (period, ==, bperiod);
    }
}

/* A heap of 4 billion under {2,7,15,16} is answered through the period:
   the value is the one at the index the brute-force period reduces it to.
   By hand, the period is 31 from 0, 4000000000 = 31 * 129032258 + 2 and
   G(2) = 1, and 4000000006 reduces to 8 with G(8) = mex {G(6), G(1)} = 2. */
static void
test_huge_heap (void)
{
  static const guint64 heaps[] = {
    4000000000u,
    4000000006u,
    4000000001u,
    G_MAXUINT32,
    G_GUINT64_CONSTANT (10000000000000000000),
  };
  static const Set set = { 4, { 2, 7, 15, 16 } };
  g_autoptr (NimGrundy) grundy = NULL;
  g_autoptr (NimGrundy) fresh = NULL;
  g_autofree guint *g = brute_grundy (&set, 2000);
  NimRules rules;
  guint pre = 0, period = 1, i; /* set by brute_period () */

  g_assert_true (brute_period (g, 2000, &pre, &period));
  set_rules (&rules, "2,7,15,16");
  grundy = nim_grundy_new (&rules);
  for (i = 0; i < G_N_ELEMENTS (heaps); i++)
    {
      guint64 reduced
          = heaps[i] < pre ? heaps[i] : pre + (heaps[i] - pre) % period;

      g_assert_cmpuint (value (grundy, heaps[i]), ==, g[reduced]);
    }
  g_assert_cmpuint (value (grundy, 4000000000u), ==, 1);
  g_assert_cmpuint (value (grundy, 4000000006u), ==, 2);

  /* Asking the huge heap first, then small ones, changes nothing. */
  fresh = nim_grundy_new (&rules);
  g_assert_cmpuint (value (fresh, 4000000006u), ==, 2);
  for (i = 0; i < 2000; i++)
    g_assert_cmpuint (value (fresh, i), ==, g[i]);
}

/* A huge heap's misère outcome also comes through the period: for
   {2,5,6}, 4000000000 = 11 * 363636363 + 7, and the mover wins a heap
   of 7 (take 5, leaving 2, where the opponent must take the last two). */
static void
test_huge_heap_misere (void)
{
  static const Set set = { 3, { 2, 5, 6 } };
  g_autoptr (NimGrundy) grundy = NULL;
  gint8 memo[3000];
  guint w[3000];
  NimRules rules;
  guint pre = 0, period = 1, n; /* set by brute_period () */

  memset (memo, -1, sizeof memo);
  for (n = 0; n < G_N_ELEMENTS (w); n++)
    w[n] = brute_misere_wins (&set, n, memo);
  g_assert_true (brute_period (w, G_N_ELEMENTS (w), &pre, &period));

  set_rules (&rules, "2,5,6");
  rules.misere = TRUE;
  grundy = nim_grundy_new (&rules);
  g_assert_true (misere_wins (grundy, 4000000000u));
  for (n = 0; n < 50; n++)
    {
      guint64 big = G_GUINT64_CONSTANT (4000000000) + n;

      g_assert_cmpint (misere_wins (grundy, big), ==,
                       w[pre + (big - pre) % period]);
    }
}

/* A set of one or two sizes is answered by its closed form, without a
   table: every value, misère outcome and period agrees with the mex
   definition for every {a} and {a, b} with b <= 40, and a heap of 4
   billion under {1, 1000000000} (a period of a billion and one) is
   answered at once: 4294967295 mod 1000000001 = 294967291 < b, so G is
   294967291 mod 2 = 1. */
static void
test_pairs (void)
{
  guint a, b, n;
  NimRules rules;

  for (a = 1; a <= 40; a++)
    for (b = a; b <= 40; b++)
      {
        Set set = { b == a ? 1 : 2, { a, b } };
        g_autofree guint *g = brute_grundy (&set, 400);
        g_autoptr (NimGrundy) grundy = NULL;
        g_autofree char *text = b == a ? g_strdup_printf ("%u", a)
                                       : g_strdup_printf ("%u,%u", a, b);
        gint8 memo[400];
        guint bpre = 0, bperiod = 0;
        guint64 pre = 0, period = 0;

        memset (memo, -1, sizeof memo);
        set_rules (&rules, text);
        grundy = nim_grundy_new (&rules);
        for (n = 0; n < 400; n++)
          {
            g_assert_cmpuint (value (grundy, n), ==, g[n]);
            g_assert_cmpint (misere_wins (grundy, n), ==,
                             brute_misere_wins (&set, n, memo));
          }
        g_assert_true (brute_period (g, 400, &bpre, &bperiod));
        g_assert_true (nim_grundy_period (grundy, 399, &pre, &period));
        g_assert_cmpuint (pre, ==, bpre);
        g_assert_cmpuint (period, ==, bperiod);
      }
  set_rules (&rules, "1,1000000000");
  {
    g_autoptr (NimGrundy) grundy = nim_grundy_new (&rules);

    g_assert_cmpuint (value (grundy, G_MAXUINT32), ==, 1);
    g_assert_cmpuint (value (grundy, 1000000000), ==, 2);
    g_assert_cmpuint (value (grundy, 1000000001), ==, 0);
  }
}

/* nim_grundy_value agrees with the mex definition for n up to 300, asked
   upwards, downwards and in a scattered order. */
static void
test_brute_force (void)
{
  static const struct
  {
    const char *text;
    Set set;
  } sets[] = {
    { "1,3,4", { 3, { 1, 3, 4 } } },
    { "2,5,6", { 3, { 2, 5, 6 } } },
    { "2,7,15,16", { 4, { 2, 7, 15, 16 } } },
    { "3,5,8", { 3, { 3, 5, 8 } } },
    { "2,4,7", { 3, { 2, 4, 7 } } },
    { "1,2,4,8,16,32", { 6, { 1, 2, 4, 8, 16, 32 } } },
    { "5", { 1, { 5 } } },
  };
  guint i, n;

  for (i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autoptr (NimGrundy) up = NULL;
      g_autoptr (NimGrundy) down = NULL;
      g_autoptr (NimGrundy) scattered = NULL;
      g_autofree guint *g = brute_grundy (&sets[i].set, 301);
      NimRules rules;

      g_test_message ("values of {%s}", sets[i].text);
      set_rules (&rules, sets[i].text);
      up = nim_grundy_new (&rules);
      down = nim_grundy_new (&rules);
      scattered = nim_grundy_new (&rules);
      for (n = 0; n <= 300; n++)
        g_assert_cmpuint (value (up, n), ==, g[n]);
      for (n = 301; n-- > 0;)
        g_assert_cmpuint (value (down, n), ==, g[n]);
      for (n = 0; n <= 300; n++)
        {
          guint k = (n * 97) % 301; /* 97 is prime to 301: a permutation */

          g_assert_cmpuint (value (scattered, k), ==, g[k]);
        }
    }
}

/* The table generated at build time (`make MOVES=...`) agrees with the
   library and with the mex definition for the default rules.  A default
   build has no table: then the default rules are take-any. */
static void
test_default_table (void)
{
  g_autoptr (NimGrundy) grundy = NULL;
  NimRules rules;
  Set set = { 0, { 0 } };
  guint n;

  nim_rules_init_default (&rules);
  grundy = nim_grundy_new (&rules);
  if (nim_default_table_len == 0)
    {
      g_assert_cmpuint (nim_default_n_moves, ==, 0);
      g_assert_true (nim_rules_is_take_any (&rules));
      for (n = 0; n <= 100; n++)
        g_assert_cmpuint (value (grundy, n), ==, n);
      return;
    }

  g_assert_cmpuint (nim_default_n_moves, >=, 1);
  g_assert_cmpuint (nim_default_n_moves, <=, NIM_RULES_MAX_MOVES);
  if (rules.family->shape == NIM_MOVES_RANGE)
    {
      /* MOVES='1, ..., K' plays as max-take K. */
      g_assert_cmpuint (rules.max_take, ==, nim_default_n_moves);
      g_assert_cmpuint (nim_default_moves[nim_default_n_moves - 1], ==,
                        nim_default_n_moves);
    }
  else
    {
      g_assert_cmpuint (rules.n_moves, ==, nim_default_n_moves);
      g_assert_cmpmem (rules.moves, rules.n_moves * sizeof (guint32),
                       nim_default_moves,
                       nim_default_n_moves * sizeof (guint32));
    }

  if (nim_default_n_moves <= G_N_ELEMENTS (set.moves))
    {
      g_autofree guint *g = NULL;
      g_autofree gint8 *memo = g_new (gint8, nim_default_table_len);

      set.n = nim_default_n_moves;
      for (n = 0; n < set.n; n++)
        set.moves[n] = nim_default_moves[n];
      g = brute_grundy (&set, nim_default_table_len);
      memset (memo, -1, nim_default_table_len);
      for (n = 0; n < nim_default_table_len; n++)
        {
          g_assert_cmpuint (nim_default_grundy[n], ==, g[n]);
          g_assert_cmpint (nim_default_misere_wins[n], ==,
                           brute_misere_wins (&set, n, memo));
        }
    }
  for (n = 0; n < nim_default_table_len; n++)
    g_assert_cmpuint (value (grundy, n), ==, nim_default_grundy[n]);

  rules.misere = TRUE;
  {
    g_autoptr (NimGrundy) misere = nim_grundy_new (&rules);

    for (n = 0; n < nim_default_table_len; n++)
      g_assert_cmpint (misere_wins (misere, n), ==,
                       nim_default_misere_wins[n]);
  }
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);

  g_test_add_func ("/grundy/mex", test_mex);
  g_test_add_func ("/grundy/set-2-5-6", test_set_256);
  g_test_add_func ("/grundy/set-1-3-4", test_set_134);
  g_test_add_func ("/grundy/take-any", test_take_any);
  g_test_add_func ("/grundy/max-take", test_max_take);
  g_test_add_func ("/grundy/misere-range", test_misere_range);
  g_test_add_func ("/grundy/misere-sets", test_misere_sets);
  g_test_add_func ("/grundy/period", test_period);
  g_test_add_func ("/grundy/period-brute", test_period_brute);
  g_test_add_func ("/grundy/huge-heap", test_huge_heap);
  g_test_add_func ("/grundy/huge-heap-misere", test_huge_heap_misere);
  g_test_add_func ("/grundy/brute-force", test_brute_force);
  g_test_add_func ("/grundy/pairs", test_pairs);
  g_test_add_func ("/grundy/default-table", test_default_table);

  return g_test_run ();
}
