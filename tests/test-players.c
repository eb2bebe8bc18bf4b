/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-players.c -- tests of the player registry, specs and every player */

#include "config.h"

#include "nim-test.h"

#include <glib.h>
#include <string.h>

#include "nim-movegen.h"
#include "nim-search-player.h"
#include "nim-error.h"

/* Heaps in the messages below are numbered from 1, as people see them;
   a NimMove's heap counts from 0. */

static NimPlayer *
new_player (const char *spec)
{
  g_autoptr (GError) error = NULL;
  NimPlayer *p = nim_player_new (spec, &error);

  /* Without one the test fails, with the reason, and the caller stops
     there. */
  if (p == NULL)
    nim_test_fail ("%s: %s", spec, nim_test_error_message (error));
  return p;
}

static NimPlayer *
new_started (const char *spec, const NimRules *rules, const NimBoard *start)
{
  g_autoptr (GError) error = NULL;
  NimPlayer *p = new_player (spec);

  if (p == NULL)
    return NULL;
  g_assert_true (nim_player_start (p, rules, start, &error));
  g_assert_no_error (error);
  return p;
}

/* The move @spec chooses under @take/@misere on @heaps; it must be legal. */
static NimMove
choose (const char *spec, const char *take, gboolean misere, const char *heaps)
{
  g_autoptr (NimPlayer) p = NULL;
  g_autoptr (GError) error = NULL;
  NimRules rules;
  NimBoard board;
  NimMove move = { 0, 0 };

  nim_test_rules (&rules, take, misere);
  nim_test_board (&board, heaps);
  p = new_started (spec, &rules, &board);
  if (p == NULL)
    return move;
  g_assert_true (nim_player_choose_move (p, &board, &move, &error));
  g_assert_no_error (error);
  g_assert_true (nim_board_check_move (&board, &rules, &move, NULL));
  return move;
}

/* Asserts that @spec takes @count from heap @heap (from 1). */
static void
assert_choice (const char *spec, const char *take, gboolean misere,
               const char *heaps, guint heap, guint32 count)
{
  NimMove m = choose (spec, take, misere, heaps);

  if (m.heap + 1 != heap || m.count != count)
    g_test_message ("%s (%s%s) on %s took %u from heap %u; expected %u "
                    "from heap %u",
                    spec, take, misere ? ", misere" : "", heaps, m.count,
                    m.heap + 1, count, heap);
  g_assert_cmpuint (m.heap + 1, ==, heap);
  g_assert_cmpuint (m.count, ==, count);
}

/* Asserts that @spec is refused with a usage error whose message holds
   @part1 and @part2 (either may be NULL). */
static void
assert_spec_rejected (const char *spec, const char *part1, const char *part2)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimPlayer) p = nim_player_new (spec, &error);

  g_test_message ("spec %s", spec);
  g_assert_null (p);
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  if (part1 != NULL)
    nim_test_assert_contains (nim_test_error_message (error), part1);
  if (part2 != NULL)
    nim_test_assert_contains (nim_test_error_message (error), part2);
}

/* A searcher's configuration; a player not made (new_player () failed
   the test) has one of zeros, which the test's checks then fail on. */
static const NimSearchConfig *
search_config (NimPlayer *p)
{
  static const NimSearchConfig none;

  return p != NULL ? &((NimSearchPlayer *) p)->config : &none;
}

/* The registry lists the six players once each, and finds each by name. */
static void
test_registry (void)
{
  /* The course's players must be there; others may join them without
     this test changing (tests/test-contract.c tests every one). */
  static const char *const course[]
      = { "human", "minimax", "negamax", "xor", "grundy", "random" };
  const NimPlayerClass *const *classes = nim_player_classes ();
  guint i, j;

  for (i = 0; classes[i] != NULL; i++)
    {
      const NimPlayerClass *k = classes[i];

      for (j = i + 1; classes[j] != NULL; j++)
        g_assert_cmpstr (k->name, !=, classes[j]->name);
      g_assert_true (nim_player_class_lookup (k->name) == k);
      g_assert_true (k->choose_move != NULL);
      g_assert_cmpuint (k->instance_size, >=, sizeof (NimPlayer));
      g_assert_cmpint (k->kind, >=, NIM_PLAYER_PERSON);
      g_assert_cmpint (k->kind, <=, NIM_PLAYER_ENGINE);
      /* Built in: an engine is only ever declared at run time. */
      g_assert_cmpint (k->kind, !=, NIM_PLAYER_ENGINE);
      /* Only a searcher has a strength or a showcase. */
      if (k->kind != NIM_PLAYER_SEARCHER)
        {
          g_assert_cmpuint (k->strength, ==, 0);
          g_assert_null (k->showcase);
        }
    }
  for (i = 0; i < G_N_ELEMENTS (course); i++)
    g_assert_nonnull (nim_player_class_lookup (course[i]));
  if (nim_player_class_lookup ("human") == NULL
      || nim_player_class_lookup ("negamax") == NULL)
    return;
  g_assert_cmpint (nim_player_class_lookup ("human")->kind, ==,
                   NIM_PLAYER_PERSON);
  g_assert_cmpint (nim_player_class_lookup ("negamax")->kind, ==,
                   NIM_PLAYER_SEARCHER);
  g_assert_null (nim_player_class_lookup ("nosuch"));
  g_assert_null (nim_player_class_lookup (""));
  g_assert_null (nim_player_class_lookup ("Negamax"));
}

/* A spec sets the options it names and leaves the others at their
   defaults. */
static void
test_spec_options (void)
{
  g_autoptr (NimPlayer) p = new_player ("negamax:depth=4,ab=off");
  const NimSearchConfig *c = search_config (p);

  if (p == NULL)
    return;
  g_assert_cmpstr (nim_player_get_name (p), ==, "negamax");
  g_assert_cmpstr (nim_player_get_spec (p), ==, "negamax:depth=4,ab=off");
  g_assert_cmpuint (c->depth, ==, 4);
  g_assert_false (c->ab);
  g_assert_true (c->order);
  g_assert_true (c->id);
  g_assert_cmpuint (c->tt_bytes, ==, 67108864);
  g_assert_cmpfloat (c->time, ==, 5.0);
  g_assert_cmpuint (c->nodes, ==, 0);
}

/* One syntax for values: booleans in any of their spellings and any
   case, sizes' off in any case, blanks around keys and values dropped. */
static void
test_spec_value_syntax (void)
{
  static const char *const on[] = { "on", "ON", "Yes", "TRUE", "1", NULL };
  static const char *const off[] = { "off", "Off", "NO", "false", "0", NULL };
  guint i;

  for (i = 0; on[i] != NULL; i++)
    {
      g_autofree char *spec_on = g_strdup_printf ("negamax:order=%s", on[i]);
      g_autofree char *spec_off = g_strdup_printf ("negamax:order=%s", off[i]);
      g_autoptr (NimPlayer) p_on = new_player (spec_on);
      g_autoptr (NimPlayer) p_off = new_player (spec_off);

      g_assert_true (search_config (p_on)->order);
      g_assert_false (search_config (p_off)->order);
    }
  {
    g_autoptr (NimPlayer) p
        = new_player ("negamax: depth = 4 ,ab= Off ,tt=OFF, time = 0.5");
    const NimSearchConfig *c = search_config (p);

    g_assert_cmpuint (c->depth, ==, 4);
    g_assert_false (c->ab);
    g_assert_cmpuint (c->tt_bytes, ==, 0);
    g_assert_cmpfloat (c->time, ==, 0.5);
  }
  assert_spec_rejected ("negamax:depth=1, depth =2", "depth", "twice");
  assert_spec_rejected ("negamax:depth= ", "depth", "value");
  assert_spec_rejected ("negamax:time=0x10", "time", "'0x10'");
  assert_spec_rejected ("negamax:time=inf", "time", "'inf'");
  assert_spec_rejected ("negamax:ab=onn", "ab=onn", "on or off");
}

/* The documented defaults of negamax and minimax. */
static void
test_spec_defaults (void)
{
  g_autoptr (NimPlayer) n = new_player ("negamax");
  g_autoptr (NimPlayer) m = new_player ("minimax");
  g_autoptr (NimPlayer) x = new_player ("xor");

  if (n == NULL || m == NULL || x == NULL)
    return;
  g_assert_cmpuint (search_config (n)->depth, ==, 0);
  g_assert_cmpuint (search_config (n)->nodes, ==, 0);
  g_assert_true (search_config (n)->ab);
  g_assert_cmpuint (search_config (n)->tt_bytes, ==, 67108864);
  g_assert_true (search_config (n)->order);
  g_assert_true (search_config (n)->id);
  g_assert_cmpfloat (search_config (n)->time, ==, 5.0);
  g_assert_cmpuint (search_config (n)->score, ==, NIM_SCORE_WIN_LOSS);

  g_assert_cmpfloat (search_config (m)->time, ==, 5.0);
  g_assert_cmpuint (search_config (m)->depth, ==, 0);
  g_assert_cmpuint (search_config (m)->nodes, ==, 0);

  g_assert_cmpstr (nim_player_get_spec (x), ==, "xor");
  g_assert_false (nim_player_is_interactive (x));
}

/* Sizes take binary suffixes, and "off" turns the table off. */
static void
test_spec_sizes (void)
{
  static const struct
  {
    const char *spec;
    guint64 bytes;
  } cases[] = {
    { "negamax:tt=off", 0 },
    { "negamax:tt=1K", 1024 },
    { "negamax:tt=1k", 1024 },
    { "negamax:tt=1024", 1024 },
    { "negamax:tt=64M", G_GUINT64_CONSTANT (64) << 20 },
    { "negamax:tt=2G", G_GUINT64_CONSTANT (2) << 30 },
    { "negamax:tt=16G", G_GUINT64_CONSTANT (16) << 30 },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (NimPlayer) p = new_player (cases[i].spec);

      g_assert_cmpuint (search_config (p)->tt_bytes, ==, cases[i].bytes);
    }
}

/* The other option types: seconds, node counts, booleans, choices. */
static void
test_spec_types (void)
{
  g_autoptr (NimPlayer) p = NULL;

  p = new_player ("negamax:time=0.25,nodes=123,order=no,id=false,"
                  "score=distance,ab=yes");
  g_assert_cmpfloat (search_config (p)->time, ==, 0.25);
  g_assert_cmpuint (search_config (p)->nodes, ==, 123);
  g_assert_false (search_config (p)->order);
  g_assert_false (search_config (p)->id);
  g_assert_true (search_config (p)->ab);
  g_assert_cmpuint (search_config (p)->score, ==, NIM_SCORE_DISTANCE);
  g_clear_pointer (&p, nim_player_free);

  p = new_player ("minimax:depth=4096,time=0");
  g_assert_cmpuint (search_config (p)->depth, ==, NIM_SEARCH_MAX_PLY);
  g_assert_cmpfloat (search_config (p)->time, ==, 0.0);
}

/* Every bad spec is refused with a usage error naming the problem. */
static void
test_spec_rejected (void)
{
  assert_spec_rejected ("nosuch", "nosuch", "negamax");
  assert_spec_rejected ("nosuch:depth=3", "nosuch", "grundy");
  assert_spec_rejected ("negamax:foo=1", "foo", "depth");
  assert_spec_rejected ("negamax:foo=1", "tt", "score");
  assert_spec_rejected ("minimax:ab=off", "ab", "depth");
  assert_spec_rejected ("negamax:depth", "depth", "value");
  assert_spec_rejected ("negamax:depth=", "depth", "value");
  assert_spec_rejected ("negamax:depth=x", "depth", "'x'");
  assert_spec_rejected ("negamax:depth=-1", "depth", "negative");
  assert_spec_rejected ("negamax:depth=5000", "5000", "4096");
  assert_spec_rejected ("minimax:depth=4097", "4097", "4096");
  assert_spec_rejected ("negamax:ab=maybe", "ab=maybe", "on or off");
  assert_spec_rejected ("negamax:tt=1X", "tt=1X", "64M");
  assert_spec_rejected ("negamax:tt=100", "tt=100", "1K");
  assert_spec_rejected ("negamax:tt=1023", "tt=1023", NULL);
  assert_spec_rejected ("negamax:tt=2048G", "tt=2048G", "1024G");
  assert_spec_rejected ("negamax:tt=", "tt", "value");
  assert_spec_rejected ("negamax:depth=1,depth=2", "depth", "twice");
  assert_spec_rejected ("negamax:ab=on,tt=1M,ab=off", "ab", "twice");
  assert_spec_rejected ("xor:depth=3", "xor", "no options");
  assert_spec_rejected ("random:depth=3", "random", "no options");
  assert_spec_rejected ("negamax:score=fast", "score=fast", "distance");
  assert_spec_rejected ("negamax:time=-1", "time", NULL);
  assert_spec_rejected ("negamax:time=soon", "time", NULL);
}

/* Asserts that @spec cannot play @take/@misere from @heaps: an
   unsupported error naming the players that can (@can) and not those
   that cannot (@cannot, may be NULL). */
static void
assert_refused (const char *spec, const char *take, gboolean misere,
                const char *heaps, const char *const *can,
                const char *const *cannot)
{
  g_autoptr (NimPlayer) p = new_player (spec);
  g_autoptr (GError) error = NULL;
  NimRules rules;
  NimBoard board;
  const char *list;
  guint i;

  if (p == NULL)
    return;
  nim_test_rules (&rules, take, misere);
  nim_test_board (&board, heaps);
  g_assert_false (nim_player_start (p, &rules, &board, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED);
  g_assert_false (nim_player_supports (p->klass, &rules, &board, NULL));
  list = strstr (nim_test_error_message (error), "players that can");
  g_assert_nonnull (list);
  for (i = 0; can[i] != NULL; i++)
    nim_test_assert_contains (list, can[i]);
  for (i = 0; cannot != NULL && cannot[i] != NULL; i++)
    nim_test_assert_not_contains (list, cannot[i]);
}

/* The closed-form players refuse the rules they have no theory for, and
   say which players can play them. */
static void
test_closed_form_refusal (void)
{
  static const char *const normal_can[]
      = { "grundy", "negamax", "minimax", NULL };
  static const char *const normal_cannot[] = { "xor", "human", NULL };
  static const char *const misere_can[] = { "negamax", "minimax", NULL };
  static const char *const misere_cannot[] = { "grundy", "xor", NULL };
  static const char *const any_misere_can[] = { "xor", "negamax", NULL };

  assert_refused ("xor", "1,3,4", FALSE, "3,4,5", normal_can, normal_cannot);
  assert_refused ("xor", "max=3", FALSE, "13", normal_can, normal_cannot);
  assert_refused ("xor", "2,7,15,16", FALSE, "2,6,19", normal_can,
                  normal_cannot);
  assert_refused ("grundy", "2,5", TRUE, "3,7", misere_can, misere_cannot);
  assert_refused ("grundy", "max=2", TRUE, "10,4", misere_can, misere_cannot);
  assert_refused ("grundy", "any", TRUE, "3,4", any_misere_can, NULL);
}

/* Where the closed-form players have a theory they start. */
static void
test_closed_form_accepted (void)
{
  static const struct
  {
    const char *spec;
    const char *take;
    gboolean misere;
    const char *heaps;
  } cases[] = {
    { "xor", "any", FALSE, "3,4,5" },
    { "xor", "any", TRUE, "3,4,5" },
    { "grundy", "any", FALSE, "3,4,5" },
    { "grundy", "max=3", FALSE, "13" },
    { "grundy", "2,7,15,16", FALSE, "2,6,19" },
    /* One heap, take 1 or 2, whoever takes the last loses. */
    { "grundy", "max=2", TRUE, "10" },
    /* Only one heap can ever be moved: 1 is below the smallest count. */
    { "grundy", "2,5", TRUE, "1,7" },
    { "grundy", "2,5", TRUE, "0,7,0" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (NimPlayer) p = NULL;
      NimRules rules;
      NimBoard board;

      nim_test_rules (&rules, cases[i].take, cases[i].misere);
      nim_test_board (&board, cases[i].heaps);
      p = new_started (cases[i].spec, &rules, &board);
      g_assert_nonnull (p);
    }
}

/* xor plays the nim-sum rule: leave heaps whose exclusive or is 0. */
static void
test_xor_moves (void)
{
  /* 3 ^ 4 ^ 5 = 2; 3 ^ 2 = 1 < 3, so heap 1 goes from 3 to 1. */
  assert_choice ("xor", "any", FALSE, "3,4,5", 1, 2);
  /* 2 ^ 5 ^ 6 = 1; heap 1: 2 ^ 1 = 3 > 2, heap 2: 5 ^ 1 = 4, take 1. */
  assert_choice ("xor", "any", FALSE, "2,5,6", 2, 1);
  /* 1 ^ 2 ^ 4 = 7; only heap 3 shrinks: 4 ^ 7 = 3, take 1. */
  assert_choice ("xor", "any", FALSE, "1,2,4", 3, 1);
  /* One heap: take it all. */
  assert_choice ("xor", "any", FALSE, "0,9,0", 2, 9);
  /* The three-row game: 3,4,7 (after the person took 2 from 9): 3^4^7 = 0
     is lost, the computer took 1 from heap 1; in 3,4,6 (the person took
     1 more) 3^4^6 = 1 and heap 1 goes from 3 to 2. */
  assert_choice ("xor", "any", FALSE, "3,4,6", 1, 1);
  /* Heaps of four billion: 4000000000 ^ 3 leaves the nim-sum 0. */
  assert_choice ("xor", "any", FALSE, "4000000000,4000000000,3", 3, 3);
}

/* xor under misère play: as normal play until only single matches
   would be left, then leave an odd number of them. */
static void
test_xor_misere_moves (void)
{
  /* 1,1,2: heap 3 down to 1 leaves three single matches; the opponent
     takes one, we take one, the opponent takes the last. */
  assert_choice ("xor", "any", TRUE, "1,1,2", 3, 1);
  /* 1,2: normal play would leave 1,1; misère takes heap 2 whole, leaving
     the last match to the opponent. */
  assert_choice ("xor", "any", TRUE, "1,2", 2, 2);
  /* 2,2 is lost under misère too: 1,2 is answered by 1,0 and 0,2 by 0,1,
     each leaving us the last match.  So take the first move. */
  assert_choice ("xor", "any", TRUE, "2,2", 1, 1);
  /* 1,1,1: three single matches, lost; 1,1: take one. */
  assert_choice ("xor", "any", TRUE, "1,1,1", 1, 1);
  assert_choice ("xor", "any", TRUE, "1,1", 1, 1);
  /* A heap of 5 alone: leave one match. */
  assert_choice ("xor", "any", TRUE, "5", 1, 4);
  /* With a larger heap left over, misère is won as normal play: 3,4,5
     gives 1,4,5 again. */
  assert_choice ("xor", "any", TRUE, "3,4,5", 1, 2);
}

/* G(n) for one heap under the subtraction set @set, by mex, computed
   here by brute force so the test does not trust libnim. */
static guint
brute_grundy (const guint *set, guint n_set, guint n)
{
  guint g[64];
  guint i, k;

  g_assert_cmpuint (n, <, G_N_ELEMENTS (g));
  for (i = 0; i <= n; i++)
    {
      gboolean seen[G_N_ELEMENTS (g) + 1] = { FALSE };

      for (k = 0; k < n_set; k++)
        if (set[k] <= i)
          seen[g[i - set[k]]] = TRUE;
      for (g[i] = 0; seen[g[i]]; g[i]++)
        ;
    }
  return g[n];
}

/* grundy plays Sprague-Grundy values and the single-heap remainders (13
   sticks, take 1 to 3; one pile, take 1 or 2, the last loses). */
static void
test_grundy_moves (void)
{
  static const guint set[] = { 2, 7, 15, 16 };
  NimMove m;
  guint32 after[3] = { 2, 6, 19 };
  guint total = 0, i;

  /* The pile of 13, take 1 to 3: 13 mod 4 = 1, so take 1 and
     leave 12, a multiple of 4. */
  assert_choice ("grundy", "max=3", FALSE, "13", 1, 1);
  assert_choice ("grundy", "max=3", FALSE, "15", 1, 3);
  /* One pile, take 1 or 2, whoever takes the last loses; leave a pile
     of 1 modulo 3.  10 mod 3 = 1 is lost: take 1. */
  assert_choice ("grundy", "max=2", TRUE, "10", 1, 1);
  /* 9 mod 3 = 0: take 2, leaving 7. */
  assert_choice ("grundy", "max=2", TRUE, "9", 1, 2);
  /* 8 mod 3 = 2: take 1, leaving 7. */
  assert_choice ("grundy", "max=2", TRUE, "8", 1, 1);
  /* 1 is lost: the last match must be taken. */
  assert_choice ("grundy", "max=2", TRUE, "1", 1, 1);
  /* A pile of four billion under take 1 to 3: 4000000001 mod 4 = 1. */
  assert_choice ("grundy", "max=3", FALSE, "4000000001", 1, 1);

  /* The subtraction game's start, {2, 7, 15, 16} on 2,6,19.  By hand:
     G(2) = 1, G(6) = 1, G(19) = mex {G(17), G(12), G(4), G(3)} =
     mex {2, 1, 0, 1} = 3, so the total is 3.  Heap 1 needs G = 2 (2 -> 0
     gives 0), heap 2 needs G = 2 (6 -> 4 gives 0), heap 3 needs G = 0:
     19 - 2 = 17 (2), 19 - 7 = 12 (1), 19 - 15 = 4 (0).  So take 15 from
     heap 3. */
  g_assert_cmpuint (brute_grundy (set, 4, 19), ==, 3);
  g_assert_cmpuint (brute_grundy (set, 4, 2) ^ brute_grundy (set, 4, 6)
                        ^ brute_grundy (set, 4, 19),
                    ==, 3);
  m = choose ("grundy", "2,7,15,16", FALSE, "2,6,19");
  after[m.heap] -= m.count;
  for (i = 0; i < 3; i++)
    total ^= brute_grundy (set, 4, after[i]);
  g_assert_cmpuint (total, ==, 0);
  g_assert_cmpuint (m.heap, ==, 2);
  g_assert_cmpuint (m.count, ==, 15);

  /* Huge heaps under the same set: G repeats with period 31 from G(0)
     (0 0 1 1 0 0 1 1 2 0 0 1 1 0 0 1 1 2 0 3 1 2 0 0 1 1 2 0 3 1 2), and
     4000000000 = 31 * 129032258 + 2, so G(4000000000) = G(2) = 1 and,
     with G(8) = 2, the total is 3.  Heap 1 needs G = 2: taking 2 leaves
     G(0) = 0, taking 7 leaves residue 26, G = 2.  So take 7. */
  for (i = 0; i < 62; i++)
    g_assert_cmpuint (brute_grundy (set, 4, i), ==,
                      brute_grundy (set, 4, i % 31));
  assert_choice ("grundy", "2,7,15,16", FALSE, "4000000000,8", 1, 7);
}

/* grundy under misère play knows single heaps: on every heap up to 60
   of several rules it wins when a win exists (by a 1-heap brute force),
   alone or beside heaps that can never move. */
static void
test_grundy_misere_single (void)
{
  static const struct
  {
    const char *take;
    guint counts[4];
    guint n_counts;
  } cases[] = {
    { "any", { 0 }, 0 },         { "max=2", { 1, 2 }, 2 },
    { "max=3", { 1, 2, 3 }, 3 }, { "1,3,4", { 1, 3, 4 }, 3 },
    { "2,5", { 2, 5 }, 2 },      { "2,7,15,16", { 2, 7, 15, 16 }, 4 },
  };
  guint c, n, k;

  for (c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      gboolean win[61];
      g_autoptr (NimPlayer) p = NULL;
      NimRules rules;
      NimBoard board;

      /* Misère: a player without a move wins. */
      for (n = 0; n < G_N_ELEMENTS (win); n++)
        {
          gboolean any = FALSE;

          win[n] = FALSE;
          for (k = 1; k <= n; k++)
            {
              guint i;
              gboolean allowed = cases[c].n_counts == 0;

              for (i = 0; i < cases[c].n_counts; i++)
                allowed = allowed || cases[c].counts[i] == k;
              if (!allowed)
                continue;
              any = TRUE;
              win[n] = win[n] || !win[n - k];
            }
          if (!any)
            win[n] = TRUE;
        }

      nim_test_rules (&rules, cases[c].take, TRUE);
      nim_test_board (&board, "60");
      p = new_started ("grundy", &rules, &board);
      if (p == NULL)
        continue;
      for (n = 1; n < G_N_ELEMENTS (win); n++)
        {
          guint32 heaps[2] = { n, 1 };
          NimMove m;

          /* The heap of 1 beside it can move only under 1..K rules. */
          nim_board_init (&board, heaps,
                          nim_rules_min_take (&rules) > 1 ? 2 : 1);
          if (!nim_board_has_move (&board, &rules))
            continue;
          g_assert_true (nim_player_choose_move (p, &board, &m, NULL));
          g_assert_true (nim_board_check_move (&board, &rules, &m, NULL));
          g_assert_cmpuint (m.heap, ==, 0);
          if (win[n] != !win[n - m.count])
            g_test_message ("grundy, %s misere, heap %u: took %u",
                            cases[c].take, n, m.count);
          g_assert_cmpint (win[n], ==, !win[n - m.count]);
        }
    }
  /* A subtraction set under misère, heaps 1,7: 7 -> 2 wins (2 must go to 0
     and leaves the opponent the last move; 1 never moves). */
  assert_choice ("grundy", "2,5", TRUE, "1,7", 2, 5);
  assert_choice ("negamax", "2,5", TRUE, "1,7", 2, 5);
}

/* A player started again plays the new rules, not what it learnt under
   the old ones. */
static void
test_restart (void)
{
  g_autoptr (NimPlayer) n = new_player ("negamax");
  g_autoptr (NimPlayer) g = new_player ("grundy");
  NimRules normal, misere, set;
  NimBoard board;
  NimMove m;

  if (n == NULL || g == NULL)
    return;
  nim_test_rules (&normal, "any", FALSE);
  nim_test_rules (&misere, "any", TRUE);
  nim_test_rules (&set, "2,7,15,16", FALSE);
  nim_test_board (&board, "1,2");

  /* 1,2 normal: leave 1,1; misère: leave 1,0. */
  g_assert_true (nim_player_start (n, &normal, &board, NULL));
  g_assert_true (nim_player_choose_move (n, &board, &m, NULL));
  g_assert_true (m.heap == 1 && m.count == 1);
  g_assert_true (nim_player_start (n, &misere, &board, NULL));
  g_assert_true (nim_player_choose_move (n, &board, &m, NULL));
  g_assert_true (m.heap == 1 && m.count == 2);

  nim_test_board (&board, "13");
  g_assert_true (nim_player_start (g, &set, &board, NULL));
  g_assert_true (nim_player_choose_move (g, &board, &m, NULL));
  /* G(13) = 0 under {2, 7, 15, 16}: lost, take 2. */
  g_assert_cmpuint (m.count, ==, 2);
  nim_test_rules (&set, "max=3", FALSE);
  g_assert_true (nim_player_start (g, &set, &board, NULL));
  g_assert_true (nim_player_choose_move (g, &board, &m, NULL));
  g_assert_cmpuint (m.count, ==, 1);
}

/* The same seed gives the same moves; other seeds other moves; every
   move is legal. */
static void
test_random_seed (void)
{
  NimRules rules;
  NimBoard board;
  NimMove a[20], b[20], c[20];
  guint i, differ = 0;
  g_autoptr (NimPlayer) p = NULL;
  g_autoptr (NimPlayer) q = NULL;
  g_autoptr (NimPlayer) r = NULL;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&board, "1000,2000,3000,4000");
  p = new_started ("random", &rules, &board);
  q = new_started ("random", &rules, &board);
  r = new_started ("random", &rules, &board);
  if (p == NULL || q == NULL || r == NULL)
    return;
  nim_player_set_seed (p, 42);
  nim_player_set_seed (q, 42);
  nim_player_set_seed (r, 43);
  for (i = 0; i < G_N_ELEMENTS (a); i++)
    {
      g_assert_true (nim_player_choose_move (p, &board, &a[i], NULL));
      g_assert_true (nim_player_choose_move (q, &board, &b[i], NULL));
      g_assert_true (nim_player_choose_move (r, &board, &c[i], NULL));
      g_assert_true (nim_board_check_move (&board, &rules, &a[i], NULL));
      g_assert_true (nim_board_check_move (&board, &rules, &c[i], NULL));
      g_assert_true (nim_move_equal (&a[i], &b[i]));
      differ += !nim_move_equal (&a[i], &c[i]);
    }
  /* 10000 moves: two seeds agree on one draw with chance 1/10000. */
  g_assert_cmpuint (differ, >=, 15);

  /* Re-seeding starts the sequence over. */
  nim_player_set_seed (p, 42);
  for (i = 0; i < G_N_ELEMENTS (a); i++)
    {
      NimMove m;

      g_assert_true (nim_player_choose_move (p, &board, &m, NULL));
      g_assert_true (nim_move_equal (&m, &a[i]));
    }
}

/* random reaches every legal move, and only legal ones, under a set. */
static void
test_random_legal (void)
{
  NimRules rules;
  NimBoard board;
  g_autoptr (NimPlayer) p = NULL;
  gboolean seen[3][4] = { { FALSE } };
  guint i, j, n_seen = 0;

  /* {2, 7, 15, 16} on 1,8,16: heap 1 has no move, heap 2 has 2 and 7,
     heap 3 all four: six moves. */
  nim_test_rules (&rules, "2,7,15,16", FALSE);
  nim_test_board (&board, "1,8,16");
  p = new_started ("random", &rules, &board);
  if (p == NULL)
    return;
  nim_player_set_seed (p, 7);
  for (i = 0; i < 600; i++)
    {
      NimMove m;

      g_assert_true (nim_player_choose_move (p, &board, &m, NULL));
      g_assert_true (nim_board_check_move (&board, &rules, &m, NULL));
      for (j = 0; j < rules.n_moves; j++)
        if (rules.moves[j] == m.count)
          seen[m.heap][j] = TRUE;
    }
  for (i = 0; i < 3; i++)
    for (j = 0; j < 4; j++)
      n_seen += seen[i][j];
  g_assert_cmpuint (n_seen, ==, 6);
}

/* random on heaps of four billion (eight billion moves, more than a
   32-bit draw) is legal and quick. */
static void
test_random_huge (void)
{
  NimRules rules;
  NimBoard board;
  g_autoptr (NimPlayer) p = NULL;
  gint64 t0 = g_get_monotonic_time ();
  guint i, second_heap = 0;
  guint32 largest = 0;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&board, "4000000000,4000000000");
  p = new_started ("random", &rules, &board);
  if (p == NULL)
    return;
  nim_player_set_seed (p, 1);
  for (i = 0; i < 1000; i++)
    {
      NimMove m;

      g_assert_true (nim_player_choose_move (p, &board, &m, NULL));
      g_assert_true (nim_board_check_move (&board, &rules, &m, NULL));
      second_heap += m.heap == 1;
      largest = MAX (largest, m.count);
    }
  /* Both heaps are drawn from, and counts beyond 2^31 occur. */
  g_assert_cmpuint (second_heap, >, 300);
  g_assert_cmpuint (second_heap, <, 700);
  g_assert_cmpuint (largest, >, G_MAXINT32);
  g_assert_cmpint (g_get_monotonic_time () - t0, <, 2 * G_USEC_PER_SEC);
}

/* The searchers solve the course's pile of 13, take 1 to 3: take 1 and
   leave 12, a multiple of 4. */
static void
test_search_pile_of_13 (void)
{
  assert_choice ("minimax", "max=3", FALSE, "13", 1, 1);
  assert_choice ("negamax", "max=3", FALSE, "13", 1, 1);
  assert_choice ("negamax:ab=off,tt=off,order=off,id=off", "max=3", FALSE,
                 "13", 1, 1);
  /* 14: take 2; 15: take 3. */
  assert_choice ("minimax", "max=3", FALSE, "14", 1, 2);
  assert_choice ("negamax", "max=3", FALSE, "15", 1, 3);
  /* Three rows of 3,4,5 under negamax: as xor, heap 1 from 3 to 1. */
  assert_choice ("negamax", "any", FALSE, "3,4,5", 1, 2);
  assert_choice ("minimax", "any", FALSE, "3,4,5", 1, 2);
  /* One pile, take 1 or 2, the last loses, by search. */
  assert_choice ("negamax", "max=2", TRUE, "9", 1, 2);
  assert_choice ("minimax", "max=2", TRUE, "8", 1, 1);
}

/* In a lost position every computer player takes as little as it can
   from the first heap that allows a move (the course's "good show"). */
static void
test_lost_takes_least (void)
{
  static const char *const searchers[] = {
    "minimax",        "negamax",           "negamax:ab=off",
    "negamax:tt=off", "negamax:order=off", "negamax:id=off",
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (searchers); i++)
    {
      g_test_message ("%s", searchers[i]);
      /* 1 ^ 2 ^ 3 = 0. */
      assert_choice (searchers[i], "any", FALSE, "1,2,3", 1, 1);
      /* A multiple of 4 under take 1 to 3. */
      assert_choice (searchers[i], "max=3", FALSE, "8", 1, 1);
      /* {2, 7, 15, 16}: G(1) = 0 and G(4) = 0, so 1,4,4 is lost; heap 1
         cannot be moved, so take 2 from heap 2. */
      assert_choice (searchers[i], "2,7,15,16", FALSE, "1,4,4", 2, 2);
      /* Misère 2,2 is lost. */
      assert_choice (searchers[i], "any", TRUE, "2,2", 1, 1);
    }
  assert_choice ("xor", "any", FALSE, "1,2,3", 1, 1);
  assert_choice ("xor", "any", FALSE, "0,5,5", 2, 1);
  assert_choice ("grundy", "any", FALSE, "1,2,3", 1, 1);
  assert_choice ("grundy", "max=3", FALSE, "8", 1, 1);
  assert_choice ("grundy", "2,7,15,16", FALSE, "1,4,4", 2, 2);
  assert_choice ("grundy", "max=2", TRUE, "7", 1, 1);
}

/* Runs @spec once on @heaps under @take and returns its statistics. */
static NimSearchStats
search_stats (const char *spec, const char *take, const char *heaps,
              NimMove *move, gint64 *usec)
{
  g_autoptr (NimPlayer) p = NULL;
  NimRules rules;
  NimBoard board;
  gint64 t0;

  nim_test_rules (&rules, take, FALSE);
  nim_test_board (&board, heaps);
  p = new_started (spec, &rules, &board);
  if (p == NULL)
    return (NimSearchStats){ 0 };
  t0 = g_get_monotonic_time ();
  g_assert_true (nim_player_choose_move (p, &board, move, NULL));
  *usec = g_get_monotonic_time () - t0;
  g_assert_true (nim_board_check_move (&board, &rules, move, NULL));
  return *nim_player_get_stats (p);
}

/* A node budget stops the search at exactly that many nodes (with a
   table, that many nodes and look-ups: see nim_search_add_work()), with
   a legal move and nothing claimed proven. */
static void
test_budget_nodes (void)
{
  NimSearchStats s;
  NimMove m;
  gint64 usec;

  /* 20 ^ 30 ^ 40 ^ 50 = 16: a win, far too big to prove in 1000 nodes. */
  s = search_stats ("negamax:nodes=1000,tt=off", "any", "20,30,40,50", &m,
                    &usec);
  g_assert_true (s.searched);
  g_assert_cmpuint (s.nodes, ==, 1000);
  g_assert_false (s.proven);
  s = search_stats ("negamax:nodes=1000", "any", "20,30,40,50", &m, &usec);
  g_assert_true (s.searched);
  g_assert_cmpuint (s.nodes, <=, 1000);
  g_assert_cmpuint (s.nodes, >=, 100);
  g_assert_false (s.proven);
  g_assert_cmpint (s.value, ==, 0);

  s = search_stats ("minimax:nodes=5000", "any", "20,30,40,50", &m, &usec);
  g_assert_true (s.searched);
  g_assert_cmpuint (s.nodes, ==, 5000);
  g_assert_false (s.proven);
  g_assert_cmpint (s.value, ==, 0);
  g_assert_cmpuint (s.depth, ==, 0);

  /* A budget larger than the search is not reached. */
  s = search_stats ("minimax:nodes=1000000", "max=3", "13", &m, &usec);
  g_assert_cmpuint (s.nodes, <, 1000000);
  g_assert_true (s.proven);
  g_assert_cmpint (s.value, >, 0);
  g_assert_cmpuint (m.count, ==, 1);
}

/* A time budget returns within a generous multiple of it (the machine
   may be shared). */
static void
test_budget_time (void)
{
  NimSearchStats s;
  NimMove m;
  gint64 usec;

  s = search_stats ("negamax:time=0.2", "any", "1000000000,1000000000,3", &m,
                    &usec);
  g_test_message ("negamax took %" G_GINT64_FORMAT " us, %" G_GUINT64_FORMAT
                  " nodes",
                  usec, s.nodes);
  g_assert_cmpint (usec, <, 3 * G_USEC_PER_SEC);
  /* Should it prove anything, the move must be the winning one. */
  if (s.proven)
    g_assert_true (m.heap == 2 && m.count == 3);

  s = search_stats ("minimax:time=0.2", "max=1", "1000000", &m, &usec);
  g_test_message ("minimax took %" G_GINT64_FORMAT " us, %" G_GUINT64_FORMAT
                  " nodes",
                  usec, s.nodes);
  g_assert_cmpint (usec, <, 3 * G_USEC_PER_SEC);
  g_assert_cmpuint (m.count, ==, 1);
  g_assert_false (s.proven);

  /* A position minimax cannot finish: the clock must stop it. */
  s = search_stats ("minimax:time=0.2", "any", "20,30,40,50", &m, &usec);
  g_test_message ("minimax took %" G_GINT64_FORMAT " us, %" G_GUINT64_FORMAT
                  " nodes",
                  usec, s.nodes);
  g_assert_cmpint (usec, <, 3 * G_USEC_PER_SEC);
  g_assert_cmpint (usec, >=, G_USEC_PER_SEC / 10);
  g_assert_false (s.proven);
  g_assert_cmpuint (s.depth, ==, 0);
}

/* depth=N bounds the iterations; the closed-form and random players do
   not search. */
static void
test_budget_depth (void)
{
  static const char *const plain[] = { "xor", "grundy", "random" };
  NimSearchStats s;
  NimMove m;
  gint64 usec;
  guint i;

  s = search_stats ("negamax:depth=2", "any", "20,30,40,50", &m, &usec);
  g_assert_true (s.searched);
  g_assert_cmpuint (s.depth, <=, 2);
  g_assert_false (s.proven);
  s = search_stats ("minimax:depth=2", "any", "20,30,40,50", &m, &usec);
  g_assert_true (s.searched);
  g_assert_cmpuint (s.depth, <=, 2);
  g_assert_false (s.proven);
  /* A depth beyond the end of the game proves it. */
  s = search_stats ("negamax:depth=100", "any", "1,2", &m, &usec);
  g_assert_true (s.proven);
  g_assert_cmpint (s.value, >, 0);
  /* Two plies are enough to see a win in one: take heap 1 whole. */
  s = search_stats ("negamax:depth=2", "any", "5", &m, &usec);
  g_assert_true (s.proven);
  g_assert_cmpuint (m.count, ==, 5);

  for (i = 0; i < G_N_ELEMENTS (plain); i++)
    {
      s = search_stats (plain[i], "any", "3,4,5", &m, &usec);
      g_assert_false (s.searched);
      g_assert_cmpuint (s.nodes, ==, 0);
    }
}

/* score=distance wins as fast as it can. */
static void
test_score_distance_win (void)
{
  NimSearchStats s;
  NimMove m;
  gint64 usec;

  /* {1, 3, 4} on a heap of 3: taking 1 leaves 2, which is lost (1 is
     forced, then 1 again: a win in 3 plies); taking 3 wins at once.
     Any win will do for score=win, which keeps the first in generator
     order; score=distance must take 3. */
  assert_choice ("negamax", "1,3,4", FALSE, "3", 1, 1);
  assert_choice ("minimax", "1,3,4", FALSE, "3", 1, 1);
  assert_choice ("negamax:score=distance", "1,3,4", FALSE, "3", 1, 3);
  s = search_stats ("negamax:score=distance", "1,3,4", "3", &m, &usec);
  g_assert_true (s.proven);
  g_assert_cmpint (s.value, >, 0);
  g_assert_cmpuint (s.distance, ==, 1);

  /* Take-any 2,2,3: 2 ^ 2 ^ 3 = 3, and 2 ^ 3 = 1 < 2, so taking 1 from
     heap 1 (leaving 1,2,3) wins, as does taking heap 3 whole (leaving
     2,2).  From 2,2 the loser lasts at most 4 plies (1, mirror, 1,
     mirror): a win in 5.  From 1,2,3 the loser lasts 6: a win in 7. */
  assert_choice ("negamax", "any", FALSE, "2,2,3", 1, 1);
  assert_choice ("negamax:score=distance", "any", FALSE, "2,2,3", 3, 3);
  s = search_stats ("negamax:score=distance", "any", "2,2,3", &m, &usec);
  g_assert_cmpuint (s.distance, ==, 5);
}

/* score=distance loses as slowly as it can. */
static void
test_score_distance_loss (void)
{
  NimSearchStats s;
  NimMove m;
  gint64 usec;

  /* Take-any 2,1,3, nim-sum 0.  Taking 1 from heap 1 leaves 1,1,3, and
     the opponent takes heap 3 whole: 1,1 ends two plies later, 4 in all.
     Taking heap 2's single match leaves 2,0,3; the opponent must leave
     2,0,2, which lasts 4 more plies: 6 in all, the longest. */
  assert_choice ("negamax", "any", FALSE, "2,1,3", 1, 1);
  assert_choice ("negamax:score=distance", "any", FALSE, "2,1,3", 2, 1);
  s = search_stats ("negamax:score=distance", "any", "2,1,3", &m, &usec);
  g_assert_true (s.proven);
  g_assert_cmpint (s.value, <, 0);
  g_assert_cmpuint (s.distance, ==, 6);

  /* A lost pile under take 1 to 3 lasts the same whatever is taken, so
     the tie-break takes 1. */
  assert_choice ("negamax:score=distance", "max=3", FALSE, "8", 1, 1);
}

/* A regression: score=distance with iterative deepening on.  Take-any
   4,4,6 is won by taking 2 from heap 1 or 2 (leaving 2,4,6 or 4,2,6) or
   heap 3 whole (4,4,0, a win in 9: mirror the loser).  An iteration 7
   plies deep found a win in 13 behind the first winning move, through
   table values that deeper searches of transposed positions had left, and
   stopped there, although a later root move could still win quicker
   beyond that horizon.  Only a win whose distance the iteration saw to
   its end is final. */
static void
test_score_distance_deepening (void)
{
  static const char *const specs[] = {
    "negamax:score=distance",
    "negamax:score=distance,ab=on,tt=1M,order=on,id=on",
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      NimSearchStats s;
      NimMove m;
      gint64 usec;

      assert_choice (specs[i], "any", FALSE, "4,4,6", 3, 6);
      s = search_stats (specs[i], "any", "4,4,6", &m, &usec);
      g_assert_true (s.proven);
      g_assert_cmpint (s.value, >, 0);
      g_assert_cmpuint (s.distance, ==, 9);
      g_assert_cmpuint (s.depth, >=, 9);
    }
}

/* A tiny solver for the exhaustive tests below, independent of libnim:
   heaps of up to BRUTE_MAX matches in BRUTE_HEAPS heaps, moves that take
   one of @counts.  Wins are as short and losses as long as possible. */
#define BRUTE_HEAPS 3
#define BRUTE_MAX 5
#define BRUTE_STATES ((BRUTE_MAX + 1) * (BRUTE_MAX + 1) * (BRUTE_MAX + 1))

typedef struct
{
  const guint *counts;
  guint n_counts;
  gboolean misere;
  gboolean known[BRUTE_STATES];
  gboolean win[BRUTE_STATES];
  guint distance[BRUTE_STATES];
} Brute;

static guint
brute_index (const guint *h)
{
  return (h[0] * (BRUTE_MAX + 1) + h[1]) * (BRUTE_MAX + 1) + h[2];
}

static void
brute_solve (Brute *b, guint *h)
{
  guint idx = brute_index (h), i, k;
  gboolean any = FALSE, win = FALSE;
  guint best_win = G_MAXUINT, worst_loss = 0;

  if (b->known[idx])
    return;
  for (i = 0; i < BRUTE_HEAPS; i++)
    for (k = 0; k < b->n_counts; k++)
      if (b->counts[k] <= h[i])
        {
          guint child;

          any = TRUE;
          h[i] -= b->counts[k];
          brute_solve (b, h);
          child = brute_index (h);
          h[i] += b->counts[k];
          if (!b->win[child])
            {
              win = TRUE;
              best_win = MIN (best_win, b->distance[child] + 1);
            }
          else
            worst_loss = MAX (worst_loss, b->distance[child] + 1);
        }
  b->known[idx] = TRUE;
  if (!any)
    {
      b->win[idx] = b->misere;
      b->distance[idx] = 0;
    }
  else
    {
      b->win[idx] = win;
      b->distance[idx] = win ? best_win : worst_loss;
    }
}

typedef struct
{
  const char *take;
  guint counts[BRUTE_MAX];
  guint n_counts;
} BruteRules;

/* The rules the exhaustive tests play: on heaps of at most 5, take-any
   is the set 1..5. */
static const BruteRules brute_rules[] = {
  { "any", { 1, 2, 3, 4, 5 }, 5 },
  { "max=3", { 1, 2, 3 }, 3 },
  { "1,3,4", { 1, 3, 4 }, 3 },
  { "2,5", { 2, 5 }, 2 },
};

/* Checks @p's move on every position of up to @max matches a heap:
   it must be the first winning move in generator order in a won
   position, the first legal move in a lost one, or under score=distance
   (@distance) the first that wins fastest or loses slowest. */
static void
check_exhaustive (NimPlayer *p, Brute *b, const NimRules *rules, guint max,
                  gboolean distance)
{
  guint h[BRUTE_HEAPS];

  for (h[0] = 0; h[0] <= max; h[0]++)
    for (h[1] = 0; h[1] <= max; h[1]++)
      for (h[2] = 0; h[2] <= max; h[2]++)
        {
          guint32 heaps[BRUTE_HEAPS] = { h[0], h[1], h[2] };
          guint after[BRUTE_HEAPS] = { h[0], h[1], h[2] };
          NimBoard board;
          NimMove m, want = { 0, 0 };
          NimMoveGen gen = NIM_MOVEGEN_INIT;
          gboolean found = FALSE;
          guint idx = brute_index (h), child;
          const NimSearchStats *s;

          nim_board_init (&board, heaps, BRUTE_HEAPS);
          if (!nim_board_has_move (&board, rules))
            continue;
          brute_solve (b, h);
          /* The first winning move, else the first move; under
             score=distance the first that keeps the distance. */
          while (!found && nim_movegen_next (&gen, &board, rules, &want))
            {
              after[want.heap] -= want.count;
              child = brute_index (after);
              found = distance
                          ? b->win[child] != b->win[idx]
                                && b->distance[child] + 1 == b->distance[idx]
                          : !b->win[child];
              after[want.heap] += want.count;
            }
          g_assert_true (found || !distance);
          if (!found)
            nim_movegen_first (&board, rules, &want);

          g_assert_true (nim_player_choose_move (p, &board, &m, NULL));
          after[m.heap] -= m.count;
          child = brute_index (after);
          after[m.heap] += m.count;
          s = nim_player_get_stats (p);
          if (!nim_move_equal (&m, &want)
              || (distance && s->distance != b->distance[idx]))
            {
              g_autofree char *take = nim_rules_take_to_string (rules);

              g_test_message ("%s on %u,%u,%u (%s%s, %s in %u) took %u from "
                              "heap %u (reported in %u), expected %u from "
                              "heap %u",
                              nim_player_get_spec (p), h[0], h[1], h[2], take,
                              b->misere ? " misere" : "",
                              b->win[idx] ? "win" : "loss", b->distance[idx],
                              m.count, m.heap + 1, s->distance, want.count,
                              want.heap + 1);
            }
          g_assert_true (nim_move_equal (&m, &want));
          if (distance)
            {
              g_assert_true (s->proven);
              g_assert_cmpint (s->value > 0, ==, b->win[idx]);
              g_assert_cmpuint (s->distance, ==, b->distance[idx]);
            }
          else if (s->searched)
            {
              g_assert_true (s->proven);
              g_assert_cmpint (s->value > 0, ==, b->win[idx]);
            }
        }
}

/* Every computer player, on every small position of several rules, picks
   exactly what a full search picks: the first winning move in generator
   order, or the first legal move when there is none. */
static void
test_exhaustive_choice (void)
{
  static const char *const specs[] = {
    "negamax:tt=1M",
    "negamax:ab=off,tt=1M",
    "negamax:tt=off",
    "negamax:order=off,tt=1M",
    "negamax:id=off,tt=1M",
    "negamax:ab=off,tt=off,order=off,id=off",
    "minimax",
    "xor",
    "grundy",
  };
  guint r, misere, i;

  for (r = 0; r < G_N_ELEMENTS (brute_rules); r++)
    for (misere = 0; misere < 2; misere++)
      {
        g_autofree Brute *b = g_new0 (Brute, 1);
        NimRules rules;
        NimBoard board;

        b->counts = brute_rules[r].counts;
        b->n_counts = brute_rules[r].n_counts;
        b->misere = misere;
        nim_test_rules (&rules, brute_rules[r].take, misere);
        nim_test_board (&board, "5,5,5");
        for (i = 0; i < G_N_ELEMENTS (specs); i++)
          {
            g_autoptr (NimPlayer) p = new_player (specs[i]);
            /* minimax and the unpruned negamax grow fast: 4,4,4 is a
               million nodes under take-any. */
            guint max = g_str_has_prefix (specs[i], "minimax")
                                || strstr (specs[i], "ab=off") != NULL
                            ? 4
                            : BRUTE_MAX;

            if (p == NULL || !nim_player_start (p, &rules, &board, NULL))
              continue; /* xor off take-any, grundy under misère */
            g_test_message ("%s, %s%s", specs[i], brute_rules[r].take,
                            misere ? " misere" : "");
            check_exhaustive (p, b, &rules, max, FALSE);
          }
      }
}

/* score=distance finds the fastest win and the slowest loss on every
   small position, and of the moves that keep it the first in generator
   order: with every technique on (one table for all the positions, so
   what one search proved serves the next), and with each of them off. */
static void
test_exhaustive_distance (void)
{
  static const char *const specs[] = {
    "negamax:score=distance,ab=on,tt=1M,order=on,id=on",
    "negamax:score=distance,tt=off",
    "negamax:score=distance,id=off,tt=1M",
    "negamax:score=distance,order=off,tt=1M",
    "negamax:score=distance,ab=off,tt=1M",
  };
  guint r, misere, i;

  for (r = 0; r < G_N_ELEMENTS (brute_rules); r++)
    for (misere = 0; misere < 2; misere++)
      for (i = 0; i < G_N_ELEMENTS (specs); i++)
        {
          g_autofree Brute *b = g_new0 (Brute, 1);
          g_autoptr (NimPlayer) p = NULL;
          NimRules rules;
          NimBoard board;
          /* Without alpha-beta the table alone is slow on 5,5,5. */
          guint max = strstr (specs[i], "ab=off") != NULL ? 4 : BRUTE_MAX;

          b->counts = brute_rules[r].counts;
          b->n_counts = brute_rules[r].n_counts;
          b->misere = misere;
          nim_test_rules (&rules, brute_rules[r].take, misere);
          nim_test_board (&board, "5,5,5");
          p = new_started (specs[i], &rules, &board);
          if (p == NULL)
            continue;
          g_test_message ("%s, %s%s", specs[i], brute_rules[r].take,
                          misere ? " misere" : "");
          check_exhaustive (p, b, &rules, max, TRUE);
        }
}

/* The advisor behind `hint` is the exact closed-form player where one
   applies, otherwise negamax. */
static void
test_advisor (void)
{
  static const struct
  {
    const char *take;
    gboolean misere;
    const char *heaps;
    const char *name;
  } cases[] = {
    { "any", FALSE, "3,4,5", "xor" },
    { "any", TRUE, "3,4,5", "xor" },
    { "2,7,15,16", FALSE, "2,6,19", "grundy" },
    { "max=3", FALSE, "13", "grundy" },
    { "max=2", TRUE, "10", "grundy" },
    { "2,5", TRUE, "3,7", "negamax" },
    { "max=3", TRUE, "5,6", "negamax" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (NimPlayer) p = NULL;
      NimRules rules;
      NimBoard board;
      NimMove m;

      nim_test_rules (&rules, cases[i].take, cases[i].misere);
      nim_test_board (&board, cases[i].heaps);
      p = nim_player_new_advisor (&rules, &board);
      g_assert_nonnull (p);
      g_assert_cmpstr (nim_player_get_name (p), ==, cases[i].name);
      /* It comes started. */
      g_assert_true (nim_player_choose_move (p, &board, &m, NULL));
      g_assert_true (nim_board_check_move (&board, &rules, &m, NULL));
    }
}

/* How many of the won positions of up to three heaps of up to 6 @spec
   misses (moves to a position its opponent wins) under @take/@misere. */
static guint
count_misses (const char *spec, const char *take, gboolean misere)
{
  g_autoptr (NimTestSolver) solver = NULL;
  NimRules rules;
  guint a, b, c, misses = 0, won = 0;

  nim_test_rules (&rules, take, misere);
  solver = nim_test_solver_new (&rules);
  for (a = 0; a <= 6; a++)
    for (b = a; b <= 6; b++)
      for (c = b; c <= 6; c++)
        {
          g_autofree char *heaps = g_strdup_printf ("%u,%u,%u", a, b, c);
          NimBoard board, after;
          NimMove move;

          if (c == 0)
            continue; /* no heap: not a position */
          nim_test_board (&board, heaps);
          if (!nim_board_has_move (&board, &rules)
              || !nim_test_solver_wins (solver, &board))
            continue;
          won++;
          move = choose (spec, take, misere, heaps);
          after = board;
          nim_board_make_move (&after, &move);
          if (nim_test_solver_wins (solver, &after))
            misses++;
        }
  g_assert_cmpuint (won, >, 20);
  return misses;
}

/* eval=nimsum is a perfect evaluation where it is exact (take-any, normal
   and misère; 1 to K): with it depth 1 keeps every win, in both
   searchers, while depth 1 without an evaluation misses some. */
static void
test_eval_nimsum (void)
{
  static const char *const specs[]
      = { "minimax:depth=1,eval=nimsum", "negamax:depth=1,eval=nimsum",
          "negamax:depth=1,eval=nimsum,id=off,tt=off",
          "negamax:depth=2,eval=nimsum" };
  static const struct
  {
    const char *take;
    gboolean misere;
  } rules[] = { { "any", FALSE }, { "any", TRUE }, { "max=3", FALSE } };
  guint i, j;

  for (i = 0; i < G_N_ELEMENTS (specs); i++)
    for (j = 0; j < G_N_ELEMENTS (rules); j++)
      g_assert_cmpuint (
          count_misses (specs[i], rules[j].take, rules[j].misere), ==, 0);
  g_assert_cmpuint (count_misses ("minimax:depth=1", "any", FALSE), >, 0);
  g_assert_cmpuint (count_misses ("negamax:depth=1,eval=none", "any", FALSE),
                    >, 0);
}

/* eval=parity, a student's heuristic: at depth 1 on 3,4,5 the first move
   that leaves an even number of non-empty heaps, emptying heap 1; under
   misère the first that leaves an odd number. */
static void
test_eval_parity (void)
{
  assert_choice ("minimax:depth=1,eval=parity", "any", FALSE, "3,4,5", 1, 3);
  assert_choice ("negamax:depth=1,eval=parity,id=off,tt=off", "any", FALSE,
                 "3,4,5", 1, 3);
  assert_choice ("minimax:depth=1,eval=parity", "any", TRUE, "3,4,5", 1, 1);
  /* Without an evaluation, every move is worth 0: the first is taken. */
  assert_choice ("minimax:depth=1", "any", FALSE, "3,4,5", 1, 1);
}

/* An evaluation's values are estimates: a search that stops at the depth
   limit with one proves nothing. */
static void
test_eval_not_proven (void)
{
  g_autoptr (NimPlayer) p = NULL;
  NimRules rules;
  NimBoard board;
  NimMove move;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&board, "3,4,5");
  p = new_started ("minimax:depth=1,eval=nimsum", &rules, &board);
  if (p == NULL)
    return;
  g_assert_true (nim_player_choose_move (p, &board, &move, NULL));
  g_assert_false (nim_player_get_stats (p)->proven);
}

/* With an evaluation but no depth limit short of the end of the game,
   minimax reaches every end and proves the position on the distance
   scale that eval= asks for (it once scored those ends 1 and -1 and
   called the search unproven). */
static void
test_eval_to_the_end (void)
{
  static const char *const specs[]
      = { "minimax:eval=nimsum,time=0", "minimax:eval=parity,depth=100" };
  NimRules rules;
  NimBoard board;
  guint i;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&board, "3,4,5");
  for (i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      g_autoptr (NimPlayer) p = new_started (specs[i], &rules, &board);
      const NimSearchStats *s;
      NimMove move;

      if (p == NULL)
        continue;
      g_assert_true (nim_player_choose_move (p, &board, &move, NULL));
      s = nim_player_get_stats (p);
      g_assert_true (s->proven);
      g_assert_cmpint (s->value, >, 0);
      g_assert_cmpuint (s->distance, >, 0);
      /* The only winning move: 3 ^ 4 ^ 5 = 2, so take 2 from heap 1. */
      g_assert_cmpuint (move.heap, ==, 0);
      g_assert_cmpuint (move.count, ==, 2);
    }
}

/* Minimax passes the matches left down its plain copies in 32 bits; a
   board with more than that has the copies that keep the whole total.
   Here 2^33 - 1 matches, of which a move takes 2^32 - 1: two moves are
   left, so the player to move loses.  A total cut to 32 bits would be 0
   after the first move and call that position the end of the game. */
static void
test_minimax_wide_board (void)
{
  NimSearchStats s;
  NimMove m;
  gint64 usec;

  s = search_stats ("minimax:time=0", "4294967295", "4294967295,4294967295,1",
                    &m, &usec);
  g_assert_true (s.proven);
  g_assert_cmpint (s.value, <, 0);
  g_assert_cmpuint (s.nodes, ==, 5);
}

/* pns makes the children of a node of more than 4,096 moves a few at a
   time, those with the fewest moves first, so a heap of a million or
   billions of matches costs what its first children cost.  Here the
   root has 1,100,000 + 5 moves and the win, 1100000 ^ 5 != 0, leaves
   5,5: the move df-pn proves among the first children it makes (taking
   all but 5 leaves its child the fewest moves but four), and the first
   winning move too, after every smaller take from heap 1 was searched,
   each a move to 5,5 away (one node each).  The look-ups count the
   children looked at: a node that made them all at every step would look
   at millions. */
static void
test_pns_wide_node (void)
{
  NimSearchStats s;
  NimMove m;
  gint64 usec;

  s = search_stats ("pns:time=0,nodes=100", "any", "1100000,5", &m, &usec);
  g_test_message ("1100000,5, nodes=100: %" G_GUINT64_FORMAT
                  " nodes, %" G_GUINT64_FORMAT " look-ups",
                  s.nodes, s.tt_probes);
  g_assert_true (s.proven);
  g_assert_true (s.stopped); /* before every smaller take was searched */
  g_assert_cmpint (s.value, >, 0);
  g_assert_cmpuint (m.heap, ==, 0);
  g_assert_cmpuint (m.count, ==, 1100000 - 5);
  g_assert_cmpuint (s.nodes, <=, 100);
  g_assert_cmpuint (s.tt_probes, <=, 100000);

  s = search_stats ("pns:time=0", "any", "1100000,5", &m, &usec);
  g_assert_true (s.proven);
  g_assert_false (s.stopped);
  g_assert_cmpuint (m.heap, ==, 0);
  g_assert_cmpuint (m.count, ==, 1100000 - 5);

  /* Heaps of billions: the same, and with one node the search stops in
     the root, after its first children. */
  s = search_stats ("pns:time=0,nodes=100", "any", "4294967295,5", &m, &usec);
  g_assert_true (s.proven);
  g_assert_cmpuint (m.count, ==, 4294967295u - 5);
  g_assert_cmpuint (s.tt_probes, <=, 100000);
  s = search_stats ("pns:time=0,nodes=1", "any", "4294967295,4294967295", &m,
                    &usec);
  g_assert_true (s.stopped);
  g_assert_false (s.proven);
  g_assert_cmpuint (s.nodes, ==, 1);
  g_assert_cmpuint (s.tt_probes, ==, 0);
  /* A lost position of billions: each child is proven won for the
     opponent (its mirror move) and leaves the list, so the root's list
     stays small while the budget lasts. */
  s = search_stats ("pns:time=0,nodes=20000", "any", "1000000000,1000000000",
                    &m, &usec);
  g_test_message ("1000000000,1000000000, nodes=20000: %" G_GUINT64_FORMAT
                  " nodes, %" G_GUINT64_FORMAT " look-ups",
                  s.nodes, s.tt_probes);
  g_assert_true (s.stopped);
  g_assert_false (s.proven);
  g_assert_cmpuint (s.nodes, <=, 20000);
}

/* nim_player_set_option sets what a spec would have, and refuses what a
   spec would refuse, with the same messages. */
static void
test_set_option (void)
{
  g_autoptr (NimPlayer) p = nim_player_new ("negamax", NULL);
  g_autoptr (NimPlayer) x = nim_player_new ("xor", NULL);
  g_autoptr (GError) error = NULL;
  const NimSearchPlayer *s = (const NimSearchPlayer *) p;

  g_assert_true (nim_player_set_option (p, "depth", "7", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (s->config.depth, ==, 7);
  g_assert_true (nim_player_set_option (p, "time", "0.25", &error));
  g_assert_cmpfloat (s->config.time, ==, 0.25);
  g_assert_true (nim_player_set_option (p, "ab", "off", &error));
  g_assert_false (s->config.ab);
  g_assert_false (nim_player_set_option (p, "depth", "x", &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  nim_test_assert_contains (nim_test_error_message (error),
                            "player negamax: ");
  g_clear_error (&error);
  g_assert_false (nim_player_set_option (p, "hash", "1", &error));
  nim_test_assert_contains (nim_test_error_message (error),
                            "player negamax has no option 'hash'");
  g_clear_error (&error);
  g_assert_false (nim_player_set_option (x, "depth", "1", &error));
  nim_test_assert_contains (nim_test_error_message (error),
                            "player xor takes no options");
}

/* A budget given as numbers is the player's where its spec sets none:
   the spec's own depth=, time= or nodes= wins; a player without a
   budget takes it as nothing. */
static void
test_new_budgeted (void)
{
  const NimBudget budget = { 0, 0, 5000 };
  g_autoptr (NimPlayer) plain
      = nim_player_new_budgeted ("minimax", &budget, NULL);
  g_autoptr (NimPlayer) own
      = nim_player_new_budgeted ("minimax:depth=2,nodes=50", &budget, NULL);
  g_autoptr (NimPlayer) xor = nim_player_new_budgeted ("xor", &budget, NULL);
  g_autoptr (GError) error = NULL;
  NimBudget got;

  g_assert_true (nim_player_get_budget (plain, &got));
  g_assert_cmpuint (got.depth, ==, 0);
  g_assert_cmpfloat (got.time, ==, 0);
  g_assert_cmpuint (got.nodes, ==, 5000);
  g_assert_true (nim_player_get_budget (own, &got));
  g_assert_cmpuint (got.depth, ==, 2);
  g_assert_cmpfloat (got.time, ==, 0);
  g_assert_cmpuint (got.nodes, ==, 50);
  g_assert_nonnull (xor);
  g_assert_false (nim_player_get_budget (xor, &got));
  g_assert_null (nim_player_new_budgeted ("minimax:nodes=x", &budget, &error));
  nim_test_assert_contains (nim_test_error_message (error),
                            "player minimax: ");
}

/* A number written with a decimal comma, as German and Turkish users
   type it, is named as such, not read as an option called "5"; a
   comma between whole options is still a separator. */
static void
test_decimal_comma (void)
{
  static const struct
  {
    const char *spec;
    const char *message;
  } cases[] = {
    { "mcts:c=1,5", "player mcts: 'c=1,5' has a decimal comma; options take "
                    "a decimal point, as in c=1.5" },
    { "negamax:time=0,5", "'time=0,5' has a decimal comma" },
    { "negamax:depth=3,time = 0,25", "as in time = 0.25" },
    { "negamax:time=0.5,5", "player negamax has no option '5'" },
    { "negamax:ab=off,5", "player negamax has no option '5'" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (NimPlayer) p = nim_player_new (cases[i].spec, &error);

      g_assert_null (p);
      g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
      nim_test_assert_contains (nim_test_error_message (error),
                                cases[i].message);
    }
}

/* A searcher given a stop flag that is set stops at its first look at
   the budget, with a legal move, far short of its node budget;
   cleared, it searches to the end. */
static void
test_stop_flag (void)
{
  static const char *const specs[] = { "negamax:tt=off,time=0,nodes=100000",
                                       "minimax:time=0,nodes=100000" };
  gint stop = 1;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      g_autoptr (NimPlayer) p = nim_player_new (specs[i], NULL);
      NimRules rules;
      NimBoard board;
      NimMove move;

      nim_test_rules (&rules, "any", FALSE);
      nim_test_board (&board, "9,10,11,12,13,14,15,16");
      g_assert_true (nim_player_start (p, &rules, &board, NULL));
      nim_player_set_stop (p, &stop);
      g_atomic_int_set (&stop, 1);
      g_assert_true (nim_player_choose_move (p, &board, &move, NULL));
      g_assert_cmpuint (nim_player_get_stats (p)->nodes, <=, 4096);
      g_assert_false (nim_player_get_stats (p)->proven);

      nim_test_board (&board, "1,2,3");
      g_atomic_int_set (&stop, 0);
      g_assert_true (nim_player_choose_move (p, &board, &move, NULL));
      g_assert_true (nim_player_get_stats (p)->proven);
      nim_player_set_stop (p, NULL);
    }
  {
    /* A player that does not search ignores the flag. */
    g_autoptr (NimPlayer) x = nim_player_new ("xor", NULL);

    nim_player_set_stop (x, &stop);
  }
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);

  g_test_add_func ("/players/registry", test_registry);
  g_test_add_func ("/players/eval/nimsum", test_eval_nimsum);
  g_test_add_func ("/players/eval/parity", test_eval_parity);
  g_test_add_func ("/players/eval/not-proven", test_eval_not_proven);
  g_test_add_func ("/players/eval/to-the-end", test_eval_to_the_end);
  g_test_add_func ("/players/minimax/wide-board", test_minimax_wide_board);
  g_test_add_func ("/players/pns/wide-node", test_pns_wide_node);
  g_test_add_func ("/players/spec/options", test_spec_options);
  g_test_add_func ("/players/spec/defaults", test_spec_defaults);
  g_test_add_func ("/players/spec/sizes", test_spec_sizes);
  g_test_add_func ("/players/spec/types", test_spec_types);
  g_test_add_func ("/players/spec/rejected", test_spec_rejected);
  g_test_add_func ("/players/closed-form/refusal", test_closed_form_refusal);
  g_test_add_func ("/players/closed-form/accepted", test_closed_form_accepted);
  g_test_add_func ("/players/xor/moves", test_xor_moves);
  g_test_add_func ("/players/xor/misere", test_xor_misere_moves);
  g_test_add_func ("/players/grundy/moves", test_grundy_moves);
  g_test_add_func ("/players/grundy/misere-single", test_grundy_misere_single);
  g_test_add_func ("/players/restart", test_restart);
  g_test_add_func ("/players/random/seed", test_random_seed);
  g_test_add_func ("/players/random/legal", test_random_legal);
  g_test_add_func ("/players/random/huge", test_random_huge);
  g_test_add_func ("/players/search/pile-of-13", test_search_pile_of_13);
  g_test_add_func ("/players/lost-takes-least", test_lost_takes_least);
  g_test_add_func ("/players/budget/nodes", test_budget_nodes);
  g_test_add_func ("/players/budget/time", test_budget_time);
  g_test_add_func ("/players/budget/depth", test_budget_depth);
  g_test_add_func ("/players/score-distance/win", test_score_distance_win);
  g_test_add_func ("/players/score-distance/loss", test_score_distance_loss);
  g_test_add_func ("/players/score-distance/deepening-4-4-6",
                   test_score_distance_deepening);
  g_test_add_func ("/players/exhaustive/choice", test_exhaustive_choice);
  g_test_add_func ("/players/exhaustive/distance", test_exhaustive_distance);
  g_test_add_func ("/players/advisor", test_advisor);
  g_test_add_func ("/players/spec-value-syntax", test_spec_value_syntax);
  g_test_add_func ("/players/set-option", test_set_option);
  g_test_add_func ("/players/new-budgeted", test_new_budgeted);
  g_test_add_func ("/players/decimal-comma", test_decimal_comma);
  g_test_add_func ("/players/stop-flag", test_stop_flag);

  return g_test_run ();
}
