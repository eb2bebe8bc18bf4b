/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player-grundy.c -- Sprague-Grundy play, by a table of mex values
 *
 * Normal play, any take rule, any heaps: the position is lost exactly
 * when the Grundy values of its heaps exclusive-or to 0, so a winning
 * move changes one heap to a size whose value makes the total 0; this is
 * how the course's subtraction game (take 2, 7, 15 or 16) is won.
 * Misère play has no such theory for several heaps, but a single heap is
 * solved by the same table (the course's one pile, take 1 or 2, whoever
 * takes the last stone loses: "take the remainder of dividing by
 * three").  Moves are tried in heap order, smallest count first, so the
 * player picks exactly the move a full search picks. */

#include "config.h"

#include "nim-player.h"

#include "nim-explain.h"
#include "nim-grundy.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-error.h"

#include <string.h>

typedef struct
{
  NimPlayer parent;
  NimGrundy *grundy;
} NimGrundyPlayer;

/* Heaps a move can still be made on; the others never change again. */
static guint
live_heaps (const NimBoard *board, const NimRules *rules)
{
  guint i, n = 0;

  for (i = 0; i < board->n_heaps; i++)
    n += board->heaps[i] >= nim_rules_min_take (rules);
  return n;
}

static gboolean
grundy_supports (const NimRules *rules, const NimBoard *start, GError **error)
{
  guint live = live_heaps (start, rules);

  if (rules->family->theory == NIM_GRUNDY_NONE)
    {
      g_autofree char *take = nim_rules_take_to_string (rules);

      g_set_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED,
                   _ ("grundy knows no Grundy values for the take rule %s"),
                   take);
      return FALSE;
    }
  if (rules->misere && nim_rules_splits (rules))
    {
      g_autofree char *code = nim_rules_take_to_string (rules);

      g_set_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED,
                   _ ("under misère play grundy knows only single-heap "
                      "games, and the heaps of %s split"),
                   code);
      return FALSE;
    }
  if (rules->misere && live > 1)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED,
                   g_dngettext (GETTEXT_PACKAGE,
                                "under misère play grundy knows only "
                                "single-heap games, and %u heap here can be "
                                "played",
                                "under misère play grundy knows only "
                                "single-heap games, and %u heaps here can be "
                                "played",
                                live),
                   live);
      return FALSE;
    }
  return TRUE;
}

static gboolean
grundy_start (NimPlayer *player, GError **error)
{
  NimGrundyPlayer *self = (NimGrundyPlayer *) player;

  nim_grundy_free (self->grundy);
  self->grundy = nim_grundy_new (&player->rules);
  return TRUE;
}

/* Whether a single heap of @size is what we want to leave: under normal
   play a heap whose Grundy value is @want, under misère play a heap the
   player to move loses. */
static gboolean
is_target (NimGrundy *g, gboolean misere, guint64 size, guint want,
           gboolean *ok, GError **error)
{
  guint v;
  gboolean wins;

  if (misere)
    {
      if (!nim_grundy_misere_wins (g, size, &wins, error))
        return FALSE;
      *ok = !wins;
      return TRUE;
    }
  if (!nim_grundy_value (g, size, &v, error))
    return FALSE;
  *ok = v == want;
  return TRUE;
}

/* Sets *count to the smallest legal count that takes a heap of @h to a
   target size, or leaves it 0 when there is none, under rules that never
   split a heap. */
static gboolean
smallest_count (NimGrundyPlayer *self, guint32 h, gboolean misere, guint want,
                guint32 *count, GError **error)
{
  const NimRules *r = &self->parent.rules;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimBoard one;
  NimMove m;

  switch (r->family->shape)
    {
    case NIM_MOVES_RANGE:
      {
        /* Closed form, as heaps can hold billions: with P = max_take + 1
           the target sizes are those congruent to @want modulo P (normal
           play: G(n) = n mod P; take-any has P beyond any heap, so G(n) =
           n), or to 1 modulo P (misère), and the nearest one below h
           wins. */
        guint64 period = (guint64) r->max_take + 1;
        guint64 residue = misere ? 1 : want;
        guint64 k;

        if (residue >= period)
          return TRUE; /* no size has that value: G(n) < P always */
        k = ((guint64) h % period + period - residue) % period;
        if (k >= 1 && k <= h && k <= r->max_take)
          *count = (guint32) k;
        return TRUE;
      }
    case NIM_MOVES_SET:
    case NIM_MOVES_GENERIC:
    case NIM_MOVES_TREE:
      break;
    }
  /* The heap's moves, in the family's order: the smallest count first. */
  nim_board_init (&one, &h, 1);
  while (nim_movegen_next_generic (&gen, &one, r, &m))
    {
      gboolean ok;

      if (!is_target (self->grundy, misere, h - m.count, want, &ok, error))
        return FALSE;
      if (ok)
        {
          *count = m.count;
          return TRUE;
        }
    }
  return TRUE;
}

/* Rules that split heaps: the first move in generator order (heap,
   count, split) that leaves Grundy values adding up to 0 under XOR.  (Under
   misère play grundy plays only rules that never split.) */
static gboolean
code_move (NimGrundyPlayer *self, const NimBoard *board, guint total,
           gboolean *found, NimMove *move, GError **error)
{
  const NimRules *r = &self->parent.rules;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove m;

  *found = FALSE;
  while (nim_movegen_next (&gen, board, r, &m))
    {
      guint32 h = board->heaps[m.heap];
      guint32 a = h - m.count - m.split;
      guint gh = 0, ga = 0, gb = 0;
      gboolean ok;

      if (r->misere)
        {
          gboolean wins;

          if (!nim_grundy_misere_wins (self->grundy, a, &wins, error))
            return FALSE;
          ok = !wins;
        }
      else
        {
          if (!nim_grundy_value (self->grundy, h, &gh, error)
              || !nim_grundy_value (self->grundy, a, &ga, error)
              || !nim_grundy_value (self->grundy, m.split, &gb, error))
            return FALSE;
          ok = (total ^ gh ^ ga ^ gb) == 0;
        }
      if (ok)
        {
          *move = m;
          *found = TRUE;
          return TRUE;
        }
    }
  return TRUE;
}

static gboolean
grundy_choose_move (NimPlayer *player, const NimBoard *board, NimMove *move,
                    GError **error)
{
  NimGrundyPlayer *self = (NimGrundyPlayer *) player;
  guint values[NIM_MAX_HEAPS] = { 0 };
  guint total = 0, i;

  /* Misère play uses the single heap's outcome, not the values. */
  for (i = 0; i < board->n_heaps && !player->rules.misere; i++)
    {
      if (!nim_grundy_value (self->grundy, board->heaps[i], &values[i], error))
        return FALSE;
      total ^= values[i];
    }
  if (nim_rules_splits (&player->rules))
    {
      gboolean found;

      if (!code_move (self, board, total, &found, move, error))
        return FALSE;
      player->stats.proven = TRUE;
      player->stats.value = found ? 1 : -1;
      return found || nim_movegen_first (board, &player->rules, move);
    }
  for (i = 0; i < board->n_heaps; i++)
    {
      guint32 count = 0;

      if (!smallest_count (self, board->heaps[i], player->rules.misere,
                           total ^ values[i], &count, error))
        return FALSE;
      if (count > 0)
        {
          move->heap = i;
          move->count = count;
          move->split = 0;
          move->keep = 0;
          player->stats.proven = TRUE;
          player->stats.value = 1;
          return TRUE;
        }
    }
  player->stats.proven = TRUE;
  player->stats.value = -1;
  return nim_movegen_first (board, &player->rules, move);
}

/* A mex written out shows at most this many terms; more are elided. */
#define MEX_TERMS_SHOWN 8

/* Heaps above this size are explained through the period of the values,
   as the table itself answers them. */
#define DIRECT_MAX 1000

/* The sizes one move away from @n, smallest count first: writes up to
   MEX_TERMS_SHOWN of them (the first ones and the last) to @sizes and
   returns how many there are in all. */
static guint64
options_of (const NimRules *r, guint64 n, guint64 *sizes, guint *n_shown)
{
  guint32 h = (guint32) n;
  guint64 total = nim_movegen_count_heap (r, h), k;
  NimBoard one;

  nim_board_init (&one, &h, 1);
  *n_shown = (guint) MIN (total, MEX_TERMS_SHOWN);
  for (k = 0; k < *n_shown; k++)
    {
      /* The last term shown is the last option when some are elided. */
      guint64 idx = k + 1 == *n_shown ? total - 1 : k;
      NimMove m;

      if (!nim_movegen_nth (&one, r, idx, &m))
        g_assert_not_reached ();
      sizes[k] = n - m.count;
    }
  return total;
}

/* Appends "G(7) = mex{G(5), G(0)} = mex{1, 0} = 2". */
static gboolean
append_mex (NimGrundyPlayer *self, GString *out, guint64 n, GError **error)
{
  guint64 sizes[MEX_TERMS_SHOWN];
  guint shown, k, v;
  guint64 total = options_of (&self->parent.rules, n, sizes, &shown);
  g_autoptr (GString) terms = g_string_new (NULL);
  g_autoptr (GString) values = g_string_new (NULL);

  if (!nim_grundy_value (self->grundy, n, &v, error))
    return FALSE;
  for (k = 0; k < shown; k++)
    {
      guint g;
      const char *sep = k == 0                            ? ""
                        : k + 1 == shown && total > shown ? ", ..., "
                                                          : ", ";

      if (!nim_grundy_value (self->grundy, sizes[k], &g, error))
        return FALSE;
      g_string_append_printf (terms, "%sG(%llu)", sep,
                              (unsigned long long) sizes[k]);
      g_string_append_printf (values, "%s%u", sep, g);
    }
  if (total == 0)
    /* TRANSLATORS: the value of a heap too small for any move. */
    g_string_append_printf (out, _ ("G(%llu) = mex{} = 0, no move"),
                            (unsigned long long) n);
  else
    g_string_append_printf (out, "G(%llu) = mex{%s} = mex{%s} = %u",
                            (unsigned long long) n, terms->str, values->str,
                            v);
  return TRUE;
}

/* One heap's line of the table: its value by mex, through the period for
   a large heap. */
static gboolean
append_heap_value (NimGrundyPlayer *self, GString *out, guint heap,
                   gboolean labelled, guint64 n, GError **error)
{
  const NimRules *r = &self->parent.rules;
  guint64 pre, period, m = n;
  /* TRANSLATORS: the label of a heap's line in the Grundy table of
     --explain, nine columns wide. */
  g_autofree char *label = g_strdup_printf (_ ("heap %u:"), heap + 1);

  /* A game of one heap names no heap: the line is the formula alone. */
  if (labelled)
    g_string_append_printf (out, "%-9s", label);
  if (n > DIRECT_MAX && nim_rules_is_take_any (r))
    {
      g_string_append_printf (out,
                              _ ("G(%1$llu) = mex{G(%2$llu), ..., G(0)} "
                                 "= mex{%2$llu, ..., 0} = %1$llu: "
                                 "taking any number, G(n) = n\n"),
                              (unsigned long long) n,
                              (unsigned long long) (n - 1));
      return TRUE;
    }
  if (n > DIRECT_MAX && nim_grundy_period (self->grundy, n, &pre, &period)
      && n >= pre + period)
    {
      m = pre + (n - pre) % period;
      if (pre == 0)
        /* TRANSLATORS: keep the line break and the nine blanks after it
           (%4$9s), which line the next line up under this one. */
        g_string_append_printf (out,
                                _ ("G(%1$llu) = G(%2$llu), as the "
                                   "values repeat with period %3$llu "
                                   "(%1$llu mod %3$llu = %2$llu)\n%4$9s"),
                                (unsigned long long) n, (unsigned long long) m,
                                (unsigned long long) period, "");
      else
        /* TRANSLATORS: keep the line break and the nine blanks after it
           (%5$9s), which line the next line up under this one. */
        g_string_append_printf (out,
                                _ ("G(%1$llu) = G(%2$llu), as the "
                                   "values repeat with period %3$llu "
                                   "from G(%4$llu) on\n%5$9s"),
                                (unsigned long long) n, (unsigned long long) m,
                                (unsigned long long) period,
                                (unsigned long long) pre, "");
    }
  if (!append_mex (self, out, m, error))
    return FALSE;
  g_string_append_c (out, '\n');
  return TRUE;
}

/* "1 XOR 0 XOR 2" */
static char *
xor_terms (const guint *values, guint n)
{
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < n; i++)
    g_string_append_printf (s, "%s%u", i ? " XOR " : "", values[i]);
  return g_string_free (s, FALSE);
}

/* "any number", "1 or 2", "1 to 3", "2, 7, 15 or 16": what the rule
   lets a move take from any heap, in the family's words. */
static char *
describe_take (const NimRules *r)
{
  return nim_rules_describe_counts (r, NIM_HEAP_SIZE_MAX);
}

/* Who explain_misere () speaks to: the one-pile game (stones in the
   pile, as its dialogue says), a board of several heaps of which one can
   still be played, or a single heap. */
typedef enum
{
  VOICE_PILE,
  VOICE_HEAPS,
  VOICE_HEAP,
  N_VOICES,
} Voice;

/* What explain_misere () says, in each voice: its steps take their
   sentences from here.  @range has the counts (%1$s), K + 1 (%2$llu),
   and the size as quotient times K + 1 plus remainder, after the heap's
   number under VOICE_HEAPS; @won the move (%s) and the sizes before and
   after; @lost, the verdict of a lost position, grundy's and a hint's
   ([advice]), the number of matches taken (%u), except a hint's on heaps,
   which names the move (%s); the pile's have a plural. */
static const struct
{
  const char *rule;
  const char *take_any;
  const char *range;
  const char *won;
  const char *lost[2][2];
} misere_words[N_VOICES] = {
  [VOICE_PILE] = {
    /* The one-pile game: its own words, stones in the pile. */
    N_ ("Under misère play (whoever takes the last stone loses, and a "
        "player left without a move wins) Grundy values do not add up, but "
        "the one pile is decided by a table of its own: a pile is lost for "
        "the player to move when every move leaves a won pile; a pile too "
        "small for any move is won."),
    N_ ("Taking any number, only a pile of one stone is lost: its last "
        "stone must be taken."),
    /* TRANSLATORS: %1$s is "1 or 2" or "1 to 3", stones taken in a move of
       the one-pile game; "%3$llu = %4$llu x %2$llu + %5$llu" is the number
       of stones as quotient times divisor plus remainder. */
    N_ ("Taking %1$s stones, the lost piles are those whose stones leave 1 "
        "when divided by %2$llu: %3$llu = %4$llu x %2$llu + %5$llu."),
    /* TRANSLATORS: %s is a move of the one-pile game, "take 2 stones". */
    N_ ("So %s (%llu -> %llu): a lost pile for the opponent."),
    {
      NP_ ("Every move leaves a won pile: the position is lost.  grundy "
           "takes %u stone, as little as it can, hoping for a mistake.",
           "Every move leaves a won pile: the position is lost.  grundy "
           "takes %u stones, as little as it can, hoping for a mistake."),
      /* TRANSLATORS: in a hint, spoken to the person. */
      NP_ ("Every move leaves a won pile: the position is lost.  Take %u "
           "stone, as little as you can, and hope for a mistake.",
           "Every move leaves a won pile: the position is lost.  Take %u "
           "stones, as little as you can, and hope for a mistake."),
    },
  },
  [VOICE_HEAPS] = {
    N_ ("Under misère play (whoever takes the last match loses, and a "
        "player left without a move wins) Grundy values do not add up, but "
        "the one heap that can still be played (the others are too small "
        "for any move) is decided by a table of its own: a size is lost for "
        "the player to move when every move leads to a won size; a size "
        "without a move is won."),
    N_ ("Taking any number, only a heap of one match is lost: its last "
        "match must be taken."),
    /* TRANSLATORS: %1$s is "1 or 2" or "1 to 3"; "%4$llu = %5$llu x %2$llu
       + %6$llu" is the heap size as quotient times divisor plus
       remainder. */
    N_ ("Taking %1$s, the lost sizes are those that leave 1 when divided by "
        "%2$llu.  Heap %3$u: %4$llu = %5$llu x %2$llu + %6$llu."),
    /* TRANSLATORS: %s is a move, "take 2 from heap 1". */
    N_ ("So %s (%llu -> %llu): a lost size for the opponent."),
    {
      { N_ ("Every move leaves a won size: the position is lost.  grundy "
            "takes %u, as little as it can, hoping for a mistake."),
        NULL },
      /* TRANSLATORS: in a hint, spoken to the person; %s is a move, "take
         1 from heap 2". */
      { N_ ("Every move leaves a won size: the position is lost.  So %s, as "
            "little as you can, and hope for a mistake."),
        NULL },
    },
  },
  [VOICE_HEAP] = {
    N_ ("Under misère play (whoever takes the last match loses, and a "
        "player left without a move wins) Grundy values do not add up, but "
        "a single heap is decided by a table of its own: a size is lost for "
        "the player to move when every move leads to a won size; a size "
        "without a move is won."),
    N_ ("Taking any number, only a heap of one match is lost: its last "
        "match must be taken."),
    /* One heap: no heap number to name (the one-pile game's own words).
       TRANSLATORS: as the message before, without the heap: "%3$llu =
       %4$llu x %2$llu + %5$llu" is the size as quotient times divisor plus
       remainder. */
    N_ ("Taking %1$s, the lost sizes are those that leave 1 when divided by "
        "%2$llu: %3$llu = %4$llu x %2$llu + %5$llu."),
    N_ ("So %s (%llu -> %llu): a lost size for the opponent."),
    {
      { N_ ("Every move leaves a won size: the position is lost.  grundy "
            "takes %u, as little as it can, hoping for a mistake."),
        NULL },
      { N_ ("Every move leaves a won size: the position is lost.  So %s, as "
            "little as you can, and hope for a mistake."),
        NULL },
    },
  },
};

/* The sentences of misere_words are printf formats, their conversions
   listed there: GCC cannot check them (tests/test-explain.c says each
   one, and msgfmt --check each translation's). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

/* Step 2 of explain_misere () under 1 to K: the lost sizes are those
   that leave 1 when divided by K + 1, and where this one stands. */
static void
misere_range (const NimRules *r, Voice voice, guint heap, guint64 n,
              GString *s)
{
  guint64 p1 = (guint64) r->max_take + 1;
  g_autofree char *take = describe_take (r);
  const char *words = _ (misere_words[voice].range);

  if (voice == VOICE_HEAPS)
    g_string_printf (s, words, take, (unsigned long long) p1, heap,
                     (unsigned long long) n, (unsigned long long) (n / p1),
                     (unsigned long long) (n % p1));
  else
    g_string_printf (s, words, take, (unsigned long long) p1,
                     (unsigned long long) n, (unsigned long long) (n / p1),
                     (unsigned long long) (n % p1));
}

/* Step 2 of explain_misere () under any other rule: the heap's moves and
   whether each leaves a won or a lost size.  They never split it (grundy
   plays only such rules under misère play). */
static void
misere_moves (NimGrundyPlayer *self, guint64 n, GString *s)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  guint32 h = (guint32) n;
  NimBoard one;
  NimMove m;

  /* TRANSLATORS: followed by the moves from a heap of that size and
     what they leave, ", take 2 -> 5 (won for the opponent)". */
  g_string_printf (s, _ ("From %llu:"), (unsigned long long) n);
  nim_board_init (&one, &h, 1);
  while (nim_movegen_next_generic (&gen, &one, &self->parent.rules, &m))
    {
      guint32 take = m.count;
      gboolean w = FALSE;

      nim_grundy_misere_wins (self->grundy, n - take, &w, NULL);
      if (s->str[s->len - 1] != ':')
        g_string_append (s, C_ ("list", ","));
      /* TRANSLATORS: a move from a heap of one size to another and what
         the size it leaves is worth; the blank in front is kept. */
      g_string_append_printf (s,
                              w ? _ (" take %u -> %llu (won for the "
                                     "opponent)")
                                : _ (" take %u -> %llu (lost for the "
                                     "opponent)"),
                              take, (unsigned long long) (n - take));
    }
  g_string_append (s, C_ ("sentence end", "."));
}

/* Step 3 of explain_misere (): the move, to a lost size when there is
   one, else the smallest, hoping for a mistake. */
static void
misere_verdict (NimPlayer *p, const NimBoard *board, const NimMove *move,
                Voice voice, gboolean wins)
{
  guint64 n = board->heaps[move->heap];
  gboolean advice = p->prompt->advice;
  const char *const *lost = misere_words[voice].lost[advice];
  g_autofree char *m = nim_explain_move (p, board, move);

  if (wins)
    nim_explain_wrap_printf (p->explain, _ (misere_words[voice].won), m,
                             (unsigned long long) n,
                             (unsigned long long) (n - move->count));
  else if (lost[1] != NULL)
    nim_explain_wrap_printf (
        p->explain,
        g_dngettext (GETTEXT_PACKAGE, lost[0], lost[1], move->count),
        move->count);
  else if (advice)
    nim_explain_wrap_printf (p->explain, _ (lost[0]), m);
  else
    nim_explain_wrap_printf (p->explain, _ (lost[0]), move->count);
}

#pragma GCC diagnostic pop

/* Misère play: the one heap that can be played, decided by its own table
   of won and lost sizes (as in the course's one pile where the last stone
   loses).  Step 1, why a table of one heap decides; step 2, the table of
   these rules; step 3, the move. */
static void
explain_misere (NimGrundyPlayer *self, const NimBoard *board,
                const NimMove *move)
{
  NimPlayer *p = &self->parent;
  const NimRules *r = &p->rules;
  guint64 n = board->heaps[move->heap];
  Voice voice = p->prompt->one_pile && board->n_heaps == 1 ? VOICE_PILE
                : board->n_heaps > 1                       ? VOICE_HEAPS
                                                           : VOICE_HEAP;
  gboolean wins = FALSE;
  g_autoptr (GString) s = g_string_new (NULL);

  nim_grundy_misere_wins (self->grundy, n, &wins, NULL);
  /* Step 1. */
  nim_explain_wrap (p->explain, _ (misere_words[voice].rule));
  /* Step 2. */
  if (nim_rules_is_take_any (r))
    g_string_assign (s, _ (misere_words[voice].take_any));
  else
    switch (r->family->shape)
      {
      case NIM_MOVES_RANGE:
        misere_range (r, voice, move->heap + 1, n, s);
        break;
      case NIM_MOVES_SET:
      case NIM_MOVES_GENERIC:
      case NIM_MOVES_TREE:
        misere_moves (self, n, s);
        break;
      }
  nim_explain_wrap (p->explain, s->str);
  /* Step 3. */
  misere_verdict (p, board, move, voice, wins);
}

/* Appends "G(5) = mex{G(4), G(1)⊕G(3), ...} = mex{1, 2, ...} = 4": the
   options of a heap of @n under a take-and-break code, a split's as the
   XOR of its two heaps' values. */
static void
append_code_mex (NimGrundyPlayer *self, GString *out, guint32 n)
{
  const NimRules *r = &self->parent.rules;
  g_autoptr (GString) terms = g_string_new (NULL);
  g_autoptr (GString) values = g_string_new (NULL);
  guint64 total = nim_movegen_count_heap (r, n), k = 0;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimBoard board;
  NimMove m;
  guint v = 0;

  nim_board_init (&board, &n, 1);
  nim_grundy_value (self->grundy, n, &v, NULL);
  if (total == 0)
    {
      g_string_append_printf (out, _ ("G(%llu) = mex{} = 0, no move"),
                              (unsigned long long) n);
      return;
    }
  while (nim_movegen_next (&gen, &board, r, &m))
    {
      guint32 a = n - m.count - m.split;
      guint ga = 0, gb = 0;
      const char *sep = k == 0 ? "" : ", ";

      k++;
      /* The first ones and the last, as append_mex() shows them. */
      if (k >= MEX_TERMS_SHOWN && k < total)
        continue;
      if (k == total && total > MEX_TERMS_SHOWN)
        sep = ", ..., ";
      nim_grundy_value (self->grundy, a, &ga, NULL);
      if (m.split != 0)
        {
          nim_grundy_value (self->grundy, m.split, &gb, NULL);
          g_string_append_printf (terms, "%sG(%u)\u2295G(%u)", sep, a,
                                  m.split);
          g_string_append_printf (values, "%s%u", sep, ga ^ gb);
        }
      else
        {
          g_string_append_printf (terms, "%sG(%u)", sep, a);
          g_string_append_printf (values, "%s%u", sep, ga);
        }
    }
  g_string_append_printf (out, "G(%u) = mex{%s} = mex{%s} = %u", n, terms->str,
                          values->str, v);
}

/* The last line of the Grundy table, the values' exclusive or, when
   there are several heaps: one heap's value is its line already. */
static void
append_total (GString *out, const guint *values, guint n, guint total)
{
  g_autofree char *sum = NULL;

  if (n == 1)
    return;
  sum = xor_terms (values, n);
  /* TRANSLATORS: the last line of the Grundy table of --explain, the
     exclusive or of the values, nine columns wide. */
  g_string_append_printf (out, "%-9s%s = %u\n", _ ("total:"), sum, total);
}

/* What the total (of @n heaps, or the one heap's value) says: a lost
   position and the move made anyway (or, in a hint, suggested), or with
   one heap the move to a value of 0.  @what is the move, "take 2 from
   heap 1". */
static void
explain_verdict (NimPlayer *p, GString *out, guint n, guint total,
                 const char *what)
{
  gboolean advice = p->prompt->advice;

  if (total != 0)
    /* One heap: the move leaves a size of value 0. */
    nim_explain_wrap_printf (out,
                             /* TRANSLATORS: %s is a move, "take 2". */
                             _ ("The value is not 0, so the player to move "
                                "can win: %s, which leaves a size of value "
                                "0, a lost position for the opponent."),
                             what);
  else if (n == 1)
    nim_explain_wrap_printf (
        out,
        advice
            /* TRANSLATORS: in a hint, spoken to the person; %s is a move,
               "take 1". */
            ? _ ("The value is 0, so the position is lost against best "
                 "play: every move leaves a size of another value (that is "
                 "what the mex ensures), and the opponent can bring it back "
                 "to 0.  So %s, the first legal move, and hope for a "
                 "mistake.")
            : _ ("The value is 0, so the position is lost against best "
                 "play: every move leaves a size of another value (that is "
                 "what the mex ensures), and the opponent can bring it back "
                 "to 0.  grundy plays the first legal move (%s), hoping for "
                 "a mistake."),
        what);
  else
    nim_explain_wrap_printf (
        out,
        advice
            /* TRANSLATORS: in a hint, spoken to the person; %s is a move,
               "take 1 from heap 2". */
            ? _ ("The total is 0, so the position is lost against best "
                 "play: a move changes one heap's value (no size one move "
                 "away has the same value: that is what the mex ensures), "
                 "which makes the total non-zero, and the opponent can make "
                 "it 0 again.  So %s, the first legal move, and hope for a "
                 "mistake.")
            : _ ("The total is 0, so the position is lost against best "
                 "play: a move changes one heap's value (no size one move "
                 "away has the same value: that is what the mex ensures), "
                 "which makes the total non-zero, and the opponent can make "
                 "it 0 again.  grundy plays the first legal move (%s), "
                 "hoping for a mistake."),
        what);
}

/* grundy_explain_move() under a take-and-break code, normal play. */
static void
explain_code (NimGrundyPlayer *self, const NimBoard *board,
              const NimMove *move)
{
  NimPlayer *p = &self->parent;
  GString *out = p->explain;
  g_autofree char *code = nim_rules_code_to_string (&p->rules);
  g_autofree char *what = nim_explain_move (p, board, move);
  guint values[NIM_MAX_HEAPS];
  guint total = 0, i;

  nim_explain_wrap_printf (out,
                           _ ("Sprague-Grundy values of the take-and-break "
                              "game %s: G(n) is the mex (the smallest number "
                              "not in the set) of the values of what one "
                              "move leaves of a heap of n, a split into "
                              "heaps of a and b leaving G(a) XOR G(b) "
                              "(written \u2295)."),
                           code);
  for (i = 0; i < board->n_heaps; i++)
    {
      /* TRANSLATORS: as in the Grundy table of the other rules. */
      g_autofree char *label = g_strdup_printf (_ ("heap %u:"), i + 1);

      nim_grundy_value (self->grundy, board->heaps[i], &values[i], NULL);
      total ^= values[i];
      if (board->n_heaps > 1)
        g_string_append_printf (out, "%-9s", label);
      append_code_mex (self, out, board->heaps[i]);
      g_string_append_c (out, '\n');
    }
  append_total (out, values, board->n_heaps, total);
  if (total != 0 && board->n_heaps > 1)
    nim_explain_wrap_printf (out,
                             _ ("The total is not 0, so the player to move "
                                "can win: %s is the first move that leaves "
                                "heaps whose values XOR to 0, a lost "
                                "position for the opponent."),
                             what);
  else
    explain_verdict (p, out, board->n_heaps, total, what);
}

/* Why grundy_choose_move() chose @move: each heap's value by mex, their
   exclusive or, and the heap whose change makes it 0. */
static void
grundy_explain_move (NimPlayer *player, const NimBoard *board,
                     const NimMove *move)
{
  NimGrundyPlayer *self = (NimGrundyPlayer *) player;
  GString *out = player->explain;
  guint values[NIM_MAX_HEAPS], after[NIM_MAX_HEAPS];
  guint total = 0, i, h = move->heap;
  guint64 left = board->heaps[h] - move->count;
  g_autofree char *take = describe_take (&player->rules);
  g_autofree char *sum_after = NULL;
  g_autofree char *what = nim_explain_move (player, board, move);
  /* TRANSLATORS: the subject of "%s, of value 2, must get value 2 XOR 3
     = 1". */
  g_autofree char *heap_name = g_strdup_printf (_ ("Heap %u"), move->heap + 1);

  if (nim_rules_is_code (&player->rules) && !player->rules.misere)
    {
      explain_code (self, board, move);
      return;
    }
  if (player->rules.misere)
    {
      explain_misere (self, board, move);
      return;
    }
  /* TRANSLATORS: %s is "any number", "1 to 3" or "2, 7, 15 or 16". */
  nim_explain_wrap_printf (out,
                           _ ("Sprague-Grundy values, a "
                              "move taking %s: G(n) is the mex (the "
                              "smallest number not in the set) of the "
                              "values of the sizes one move away from "
                              "n."),
                           take);
  for (i = 0; i < board->n_heaps; i++)
    {
      /* choose_move just computed every one of these. */
      if (!nim_grundy_value (self->grundy, board->heaps[i], &values[i], NULL)
          || !append_heap_value (self, out, i, board->n_heaps > 1,
                                 board->heaps[i], NULL))
        return;
      total ^= values[i];
      after[i] = values[i];
    }
  nim_grundy_value (self->grundy, left, &after[h], NULL);
  append_total (out, values, board->n_heaps, total);
  if (total == 0 || board->n_heaps == 1)
    {
      explain_verdict (player, out, board->n_heaps, total, what);
      return;
    }
  sum_after = xor_terms (after, board->n_heaps);
  nim_explain_wrap_printf (
      out,
      /* TRANSLATORS: %1$s is "Heap 2", %5$s a move, "take 2 from heap 1",
         %8$s the values joined by XOR.  The blanks inside "%3$u XOR %2$u =
         %4$u", "%6$u -> %7$llu" and "G(%7$llu) = %4$u" are no-break
         spaces (U+00A0): the line is never broken there. */
      _ ("The total is not 0, so the player to move can win: as with the "
         "nim-sum, a position is lost exactly when the total is 0, a heap "
         "of value v playing like a nim heap of v matches.  %1$s, of value "
         "%2$u, must get value %3$u\u00a0XOR\u00a0%2$u\u00a0=\u00a0%4$u: %5$s "
         "(%6$u\u00a0->\u00a0%7$llu, G(%7$llu)\u00a0=\u00a0%4$u).  The total "
         "becomes "
         "%8$s = 0, a lost position for the opponent."),
      heap_name, values[h], total, after[h], what, board->heaps[h],
      (unsigned long long) left, sum_after);
}

static void
grundy_finalize (NimPlayer *player)
{
  nim_grundy_free (((NimGrundyPlayer *) player)->grundy);
}

const NimPlayerClass nim_player_grundy_class = {
  .name = "grundy",
  .summary = N_ ("Sprague-Grundy values by mex: leaves a position whose "
                 "values exclusive-or to 0"),
  .rules_help = N_ ("every take rule; normal play with any heaps, misère "
                    "play with one heap"),
  .instance_size = sizeof (NimGrundyPlayer),
  .kind = NIM_PLAYER_CLOSED_FORM,
  .perfect = TRUE,
  .supports = grundy_supports,
  .start = grundy_start,
  .choose_move = grundy_choose_move,
  .finalize = grundy_finalize,
  .explain_move = grundy_explain_move,
};
