/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-explain.c -- what `--explain` and `hint` say about a move
 *
 * Each computer player says why it moved through its class's
 * explain_move, which nim_player_choose_move() calls after the move is
 * chosen and only when an explanation was asked for, so a search costs
 * nothing more without --explain.  This file holds what the explanations
 * share: moves and binary numbers as text, prose wrapped for a terminal,
 * and the searchers' value, principal variation and statistics. */

#include "config.h"

#include "nim-explain.h"

#include "nim-i18n.h"

#include <stdarg.h>
#include <string.h>

/* The principal variation is re-searched with a table of its own, so the
   player's table (and its later node counts) stay as they were. */
#define PV_TT_BYTES (G_GUINT64_CONSTANT (1) << 20)

/* Node budget of the whole walk: twice the move's search, within these. */
#define PV_MIN_NODES G_GUINT64_CONSTANT (1000000)
#define PV_MAX_NODES G_GUINT64_CONSTANT (20000000)

/**
 * nim_explain_move:
 * @player: the player that explains, which says whether the game is the
 *   one-pile game (#NimPrompt.one_pile)
 * @board: the position before the move
 * @move: a legal move on it
 *
 * Returns: (transfer full): "take 2 from heap 1", or "take 2" when the
 *   board has one heap, "take 2 stones" in the one-pile game
 */
char *
nim_explain_move (const NimPlayer *player, const NimBoard *board,
                  const NimMove *move)
{
  GString *s;

  if (board->n_heaps == 1 && player->prompt->one_pile)
    /* TRANSLATORS: a move in the one-pile game, as in "So take 2
       stones (6 -> 4)". */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "take %u stone",
                                         "take %u stones", move->count),
                            move->count);
  s = g_string_new (NULL);
  /* TRANSLATORS: a move, as in "xor chooses to take 2" (2 matches). */
  if (board->n_heaps == 1)
    g_string_printf (
        s, g_dngettext (GETTEXT_PACKAGE, "take %u", "take %u", move->count),
        move->count);
  else
    /* TRANSLATORS: a move, as in "xor chooses to take 2 from heap 1". */
    g_string_printf (s,
                     g_dngettext (GETTEXT_PACKAGE, "take %u from heap %u",
                                  "take %u from heap %u", move->count),
                     move->count, move->heap + 1);
  if (move->split != 0)
    g_string_append_printf (s, _ (" leaving %u and %u"), move->keep,
                            move->split);
  return g_string_free (s, FALSE);
}

/**
 * nim_explain_bits:
 * @value: a number
 *
 * Returns: how many binary digits @value needs, at least 1
 */
guint
nim_explain_bits (guint64 value)
{
  guint bits = 1;

  while (value >> bits != 0)
    bits++;
  return bits;
}

/**
 * nim_explain_binary:
 * @value: a number
 * @width: the fewest digits, zeros in front
 *
 * Returns: (transfer full): @value in binary, "011" for 3 in width 3
 */
char *
nim_explain_binary (guint64 value, guint width)
{
  guint bits = MAX (width, nim_explain_bits (value)), i;
  char *s = g_malloc (bits + 1);

  for (i = 0; i < bits; i++)
    s[i] = (value >> (bits - 1 - i)) & 1 ? '1' : '0';
  s[bits] = '\0';
  return s;
}

/* Characters that may not begin a line of Chinese text: a break goes
   before the character they follow. */
static gboolean
no_line_start (gunichar c)
{
  return c != 0 && g_utf8_strchr ("，。、：；！？）」』》", -1, c) != NULL;
}

/* The end of the next piece of @word that the wrapping keeps together:
   the whole word, or, in text without blanks such as Chinese, each wide
   character (with the punctuation that follows it).  *width is set to
   the columns it takes, two for a wide character. */
static const char *
next_piece (const char *word, gsize *width)
{
  const char *p = word;

  *width = 0;
  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char (p);

      p = g_utf8_next_char (p);
      *width += g_unichar_iswide (c) ? 2 : 1;
      if (g_unichar_iswide (c))
        {
          while (*p != '\0' && no_line_start (g_utf8_get_char (p)))
            {
              *width += g_unichar_iswide (g_utf8_get_char (p)) ? 2 : 1;
              p = g_utf8_next_char (p);
            }
          break;
        }
    }
  return p;
}

/**
 * nim_explain_wrap:
 * @out: where the lines go
 * @text: one paragraph
 *
 * Appends @text as lines of at most %NIM_EXPLAIN_WIDTH columns, breaking
 * at blanks (a word longer than a line stands alone), each line ending
 * in a newline.  Blanks written as %NIM_EXPLAIN_NBSP do not break.  Text
 * in a language written without blanks (Chinese) also breaks between its
 * wide characters, which take two columns each.
 */
void
nim_explain_wrap (GString *out, const char *text)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  g_autoptr (GString) para = g_string_new (NULL);
  gsize line = 0, i;

  for (i = 0; words[i] != NULL; i++)
    {
      const char *p = words[i];
      gboolean first = TRUE;

      while (*p != '\0')
        {
          gsize len;
          const char *end = next_piece (p, &len);
          gboolean blank = first && line > 0;

          if (line > 0 && line + blank + len > NIM_EXPLAIN_WIDTH)
            {
              g_string_append_c (para, '\n');
              line = 0;
              blank = FALSE;
            }
          if (blank)
            {
              g_string_append_c (para, ' ');
              line++;
            }
          g_string_append_len (para, p, end - p);
          line += len;
          first = FALSE;
          p = end;
        }
    }
  g_string_replace (para, NIM_EXPLAIN_NBSP, " ", 0);
  g_string_append_c (para, '\n');
  g_string_append_len (out, para->str, para->len);
}

/**
 * nim_explain_wrap_printf:
 * @out: where the lines go
 * @format: a g_strdup_printf() format for one paragraph
 * @...: its arguments
 *
 * nim_explain_wrap() of a formatted paragraph.
 */
void
nim_explain_wrap_printf (GString *out, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list ap;

  va_start (ap, format);
  text = g_strdup_vprintf (format, ap);
  va_end (ap);
  nim_explain_wrap (out, text);
}

/* Step 1 of the principal variation of a proven value: the moves the
   search itself stored, read back from its table, as long as each is a
   proof's move (a proven entry, whose bound says what it proved: under
   score=distance only an exact one, whose move is the quickest).  Adds
   to @line after its @n moves, playing them on @b; no search. */
static guint
table_pv (NimSearchPlayer *self, NimBoard *b, NimMove *line, guint n)
{
  const NimRules *rules = &self->parent.rules;
  gboolean distance = self->config.score == NIM_SCORE_DISTANCE;

  while (n < NIM_EXPLAIN_PV_MAX && nim_board_has_move (b, rules))
    {
      NimTTHit e;
      NimMove m = { 0, 0 };
      gboolean ok;
      guint i;

      if (!nim_tt_probe (self->tt, nim_tt_board_key (b), &e)
          || e.depth != NIM_TT_DEPTH_PROVEN || e.from == 0)
        break;
      ok = distance ? e.bound == NIM_TT_EXACT
                    : (e.value > 0 && e.bound != NIM_TT_UPPER)
                          || (e.value < 0 && e.bound != NIM_TT_LOWER);
      if (!ok)
        break;
      for (i = 0; i < b->n_heaps && b->heaps[i] != e.from; i++)
        ;
      m.heap = i;
      nim_tt_move_unpack (e.count, nim_rules_splits (rules), &m);
      if (m.split != 0 && m.count + m.split < e.from)
        m.keep = e.from - m.count - m.split;
      if (i == b->n_heaps || !nim_board_check_move (b, rules, &m, NULL))
        break;
      line[n++] = m;
      nim_board_make_move (b, &m);
    }
  return n;
}

/**
 * nim_explain_pv:
 * @self: the searcher that chose @first
 * @search: its search
 * @board: the position @first was chosen on
 * @first: the move chosen
 * @line: (out caller-allocates) (array fixed-size=NIM_EXPLAIN_PV_MAX): the
 *   principal variation, @first first
 * @cut: (out): set when the line was not followed to its end (the length
 *   limit or the walk's node budget stopped it)
 *
 * The principal variation is the line both sides are expected to play.
 * Of a proven value, it is first the line the search itself stored in its
 * table (see table_pv()), without a second search; where the table holds
 * no proof's move (an entry replaced, or no table), and for an unproven
 * value, it is the move the same searcher, with the same options, chooses
 * for the side to move, and so on.  A proven value is followed to the end
 * of the game; an unproven one to the horizon of the search, each step
 * one ply shallower, as the search itself saw it.  A step whose search
 * runs out of the walk's budget, or fails to prove what the root proved,
 * ends the line, so every move shown is the searcher's own choice.  The
 * walk has a table of its own and leaves the player untouched.
 *
 * Returns: the length of @line, at least 1
 */
guint
nim_explain_pv (NimSearchPlayer *self, NimSearchFunc search,
                const NimBoard *board, const NimMove *first, NimMove *line,
                gboolean *cut)
{
  const NimSearchStats *root = &self->parent.stats;
  const NimRules *rules = &self->parent.rules;
  NimSearchPlayer walk = *self;
  NimBoard b = *board;
  guint64 budget = CLAMP (root->nodes * 2, PV_MIN_NODES, PV_MAX_NODES);
  guint horizon = root->proven ? G_MAXUINT : root->depth;
  guint n = 0;

  *cut = FALSE;
  line[n++] = *first;
  nim_board_make_move (&b, first);
  /* A proven value: the search's own table holds the line, usually to
     the end of the game, so no second search is needed. */
  if (root->proven && self->tt != NULL)
    n = table_pv (self, &b, line, n);
  if (n == NIM_EXPLAIN_PV_MAX || !nim_board_has_move (&b, rules))
    {
      *cut = n == NIM_EXPLAIN_PV_MAX && nim_board_has_move (&b, rules);
      return n;
    }
  walk.tt = self->tt != NULL
                ? nim_tt_new (MIN (self->config.tt_bytes, PV_TT_BYTES))
                : NULL;
  walk.config.time = 0;
  /* The walk is the explanation's own search: --trace shows the move's. */
  walk.parent.trace = NULL;
  while (n < horizon && nim_board_has_move (&b, rules))
    {
      NimSearchStats st = { 0 };
      NimMove m;

      if (n == NIM_EXPLAIN_PV_MAX)
        {
          *cut = TRUE;
          break;
        }
      walk.config.nodes = budget;
      if (!root->proven)
        walk.config.depth = horizon - n;
      search (&walk, &b, rules, &m, &st);
      if (st.stopped || (root->proven && !st.proven))
        {
          *cut = TRUE;
          break;
        }
      budget -= st.nodes;
      line[n++] = m;
      nim_board_make_move (&b, &m);
    }
  nim_tt_free (walk.tt);
  return n;
}

/* How an explanation names a side: by its number, or, in a game of one
   person against the computer (#NimPrompt.person), as "you" and
   "the computer", as the display does. */
typedef enum
{
  SIDE_NUMBERED,
  SIDE_YOU,
  SIDE_COMPUTER,
} Side;

static Side
side_of (const NimPlayer *p, guint number)
{
  if (p->prompt->person == 0)
    return SIDE_NUMBERED;
  return number == p->prompt->person ? SIDE_YOU : SIDE_COMPUTER;
}

/* "a win for player 2", "a loss in 7 plies for player 1"; against the
   computer "a win for you", "a loss in 7 plies for the computer". */
static char *
describe_value (const NimSearchStats *st, const NimPlayer *p)
{
  guint player = p->number, d = st->distance;
  gboolean win = st->value > 0;

  switch (side_of (p, player))
    {
    case SIDE_YOU:
      if (d > 0)
        return g_strdup_printf (
            win ? g_dngettext (GETTEXT_PACKAGE, "a win in %u ply for you",
                               "a win in %u plies for you", d)
                : g_dngettext (GETTEXT_PACKAGE, "a loss in %u ply for you",
                               "a loss in %u plies for you", d),
            d);
      return g_strdup (win ? _ ("a win for you") : _ ("a loss for you"));
    case SIDE_COMPUTER:
      if (d > 0)
        return g_strdup_printf (
            win ? g_dngettext (GETTEXT_PACKAGE,
                               "a win in %u ply for the computer",
                               "a win in %u plies for the computer", d)
                : g_dngettext (GETTEXT_PACKAGE,
                               "a loss in %u ply for the computer",
                               "a loss in %u plies for the computer", d),
            d);
      return g_strdup (win ? _ ("a win for the computer")
                           : _ ("a loss for the computer"));
    case SIDE_NUMBERED:
    default:
      break;
    }
  if (d > 0)
    return g_strdup_printf (win ? g_dngettext (GETTEXT_PACKAGE,
                                               "a win in %u ply for player %u",
                                               "a win in %u plies for player "
                                               "%u",
                                               d)
                                : g_dngettext (GETTEXT_PACKAGE,
                                               "a loss in %u ply for player "
                                               "%u",
                                               "a loss in %u plies for "
                                               "player %u",
                                               d),
                            d, player);
  return g_strdup_printf (
      win ? _ ("a win for player %u") : _ ("a loss for player %u"), player);
}

/**
 * nim_explain_value:
 * @stats: the statistics of a search that proved its value
 * @player: the player that searched
 *
 * Returns: (transfer full): "a win for player 2", "a loss in 7 plies for
 *   player 1"; against the computer "a win for you", "a loss for the
 *   computer"
 */
char *
nim_explain_value (const NimSearchStats *stats, const NimPlayer *player)
{
  return describe_value (stats, player);
}

/* Step 1 of nim_explain_search(): the value, and what it means for the
   move. */
static void
append_value (GString *s, const NimSearchPlayer *self)
{
  const NimSearchStats *st = &self->parent.stats;
  const NimSearchConfig *c = &self->config;

  if (st->proven)
    {
      g_autofree char *value = describe_value (st, &self->parent);

      /* TRANSLATORS: %s is "a win for player 1", "a loss in 7 plies for
         player 2", "a win for you" or "a loss for the computer". */
      g_string_printf (s,
                       _ ("Value: %s, the player to move, proven: the "
                          "search saw every line it needed to the end of "
                          "the game."),
                       value);
      /* TRANSLATORS: each of these five sentences follows the one above,
         after a blank; score=distance is a player option, typed as is. */
      if (st->value > 0 && st->distance == 0 && st->stopped)
        g_string_append (s, _ (" Its budget ran out before it had searched "
                               "every move before this one: a winning "
                               "move, but maybe not the first in heap "
                               "order."));
      else if (st->value > 0 && self->parent.prompt->advice)
        g_string_append (s, st->distance > 0
                                /* TRANSLATORS: in a hint, spoken to the
                                   person: "it" is the search. */
                                ? _ (" With score=distance it suggests the "
                                     "quickest win.")
                                : _ (" It suggests the first winning move, "
                                     "in heap order, the smallest count "
                                     "first."));
      else if (st->value > 0)
        g_string_append (s, st->distance > 0
                                ? _ (" With score=distance it plays the "
                                     "quickest win.")
                                : _ (" It plays the first winning move, in "
                                     "heap order, the smallest count "
                                     "first."));
      else if (self->parent.prompt->advice)
        g_string_append (s, st->distance > 0
                                /* TRANSLATORS: in a hint, spoken to the
                                   person. */
                                ? _ (" With score=distance it suggests the "
                                     "slowest loss: play it and hope for a "
                                     "mistake.")
                                : _ (" Every move loses against best play: "
                                     "take as little as you can, the first "
                                     "legal move, and hope for a mistake."));
      else
        g_string_append (s, st->distance > 0
                                ? _ (" With score=distance it plays the "
                                     "slowest loss, hoping for a mistake.")
                                : _ (" Every move loses against best play, "
                                     "so it takes the first legal move, as "
                                     "little as it can, hoping for a "
                                     "mistake."));
    }
  else if (c->depth > 0 && st->depth >= c->depth && c->eval != NIM_EVAL_NONE)
    g_string_printf (
        s,
        g_dngettext (GETTEXT_PACKAGE,
                     /* TRANSLATORS: depth=%u and eval=%s are player
                        options, typed as is; %s is parity or nimsum. */
                     "Value: unknown.  With depth=%u the search looks %u "
                     "ply ahead and scores the positions there with "
                     "eval=%s (1 good, -1 bad for the player to move); "
                     "it plays the move that scores best.",
                     "Value: unknown.  With depth=%u the search looks %u "
                     "plies ahead and scores the positions there with "
                     "eval=%s (1 good, -1 bad for the player to move); "
                     "it plays the move that scores best.",
                     st->depth),
        st->depth, st->depth,
        c->eval == NIM_EVAL_PARITY ? "parity" : "nimsum");
  else if (c->depth > 0 && st->depth >= c->depth)
    /* TRANSLATORS: depth=%u is a player option, typed as is. */
    g_string_printf (s,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "Value: unknown.  With depth=%u the "
                                  "search looks %u ply ahead, and no "
                                  "line that short decides the game; it "
                                  "plays the first of the moves it cannot "
                                  "tell apart.",
                                  "Value: unknown.  With depth=%u the "
                                  "search looks %u plies ahead, and no "
                                  "line that short decides the game; it "
                                  "plays the first of the moves it cannot "
                                  "tell apart.",
                                  st->depth),
                     st->depth, st->depth);
  else
    g_string_printf (s,
                     _ ("Value: unknown.  The search ran out of its "
                        "budget (time or nodes) after depth %u, where no "
                        "line decides the game yet; it plays the best "
                        "move of that depth."),
                     st->depth);
  if (!st->proven && !(c->depth > 0 && st->depth >= c->depth))
    /* TRANSLATORS: follows "Value: unknown.  The search ran out of its
       budget ...", after a blank. */
    g_string_append (s, _ (" The move is a guess: neither this search nor "
                           "the table it keeps from earlier moves has "
                           "shown a move that keeps a won position, nor "
                           "that there is none."));
}

/* One move of the principal variation, by @mover, on @b. */
static void
append_pv_move (GString *s, const NimPlayer *p, const NimBoard *b,
                const NimMove *m, guint mover)
{
  Side side = side_of (p, mover);

  if (b->n_heaps > 1 && side == SIDE_YOU)
    /* TRANSLATORS: a move of the principal variation against the
       computer, the person's: matches, heap. */
    g_string_append_printf (s,
                            g_dngettext (GETTEXT_PACKAGE,
                                         "you take %u from heap %u",
                                         "you take %u from heap %u", m->count),
                            m->count, m->heap + 1);
  else if (b->n_heaps > 1 && side == SIDE_COMPUTER)
    /* TRANSLATORS: a move of the principal variation against the
       computer, the computer's: matches, heap. */
    g_string_append_printf (
        s,
        g_dngettext (GETTEXT_PACKAGE, "the computer takes %u from heap %u",
                     "the computer takes %u from heap %u", m->count),
        m->count, m->heap + 1);
  else if (b->n_heaps > 1)
    /* TRANSLATORS: a move of the principal variation: player,
       matches, heap. */
    g_string_append_printf (s,
                            g_dngettext (GETTEXT_PACKAGE,
                                         "player %u takes %u from "
                                         "heap %u",
                                         "player %u takes %u from "
                                         "heap %u",
                                         m->count),
                            mover, m->count, m->heap + 1);
  else if (side == SIDE_YOU)
    /* TRANSLATORS: a move of the principal variation against the
       computer, one heap (or the one pile), the person's: the count
       taken. */
    g_string_append_printf (
        s,
        g_dngettext (GETTEXT_PACKAGE, "you take %u", "you take %u", m->count),
        m->count);
  else if (side == SIDE_COMPUTER)
    /* TRANSLATORS: a move of the principal variation against the
       computer, one heap (or the one pile), the computer's: the count
       taken. */
    g_string_append_printf (s,
                            g_dngettext (GETTEXT_PACKAGE,
                                         "the computer takes %u",
                                         "the computer takes %u", m->count),
                            m->count);
  else if (p->prompt->one_pile)
    /* TRANSLATORS: a move of the principal variation in the one-pile
       game: player, stones. */
    g_string_append_printf (
        s,
        g_dngettext (GETTEXT_PACKAGE, "player %u takes %u stone",
                     "player %u takes %u stones", m->count),
        mover, m->count);
  else
    /* TRANSLATORS: a move of the principal variation, one heap:
       player, matches. */
    g_string_append_printf (s,
                            g_dngettext (GETTEXT_PACKAGE, "player %u takes %u",
                                         "player %u takes %u", m->count),
                            mover, m->count);
}

/* The end of a principal variation that ends the game: @stuck cannot
   move. */
static void
append_pv_end (GString *s, const NimPlayer *p, guint stuck)
{
  gboolean misere = p->rules.misere;

  switch (side_of (p, stuck))
    {
    case SIDE_YOU:
      g_string_append (s, misere ? _ ("; then you cannot move and win.")
                                 : _ ("; then you cannot move and lose."));
      break;
    case SIDE_COMPUTER:
      g_string_append (s, misere ? _ ("; then the computer cannot move "
                                      "and wins.")
                                 : _ ("; then the computer cannot move "
                                      "and loses."));
      break;
    case SIDE_NUMBERED:
    default:
      g_string_append_printf (s,
                              misere ? _ ("; then player %u cannot move and "
                                          "wins.")
                                     : _ ("; then player %u cannot move and "
                                          "loses."),
                              stuck);
      break;
    }
}

/* Step 2: the principal variation @line of @n moves from @board, move by
   move; @cut when it was not followed to its end. */
static void
append_pv (GString *s, const NimSearchPlayer *self, const NimBoard *board,
           const NimMove *line, guint n, gboolean cut)
{
  const NimPlayer *p = &self->parent;
  const NimSearchStats *st = &p->stats;
  guint who = p->number, i;
  NimBoard b = *board;

  g_string_assign (s, st->proven
                          ? _ ("Principal variation (the line both sides are "
                               "expected to play): ")
                          : _ ("Principal variation (the line both sides are "
                               "expected to play, up to the search's "
                               "horizon): "));
  for (i = 0; i < n; i++)
    {
      /* TRANSLATORS: between the moves of the principal variation. */
      if (i > 0)
        g_string_append (s, _ ("; "));
      append_pv_move (s, p, &b, &line[i], i % 2 == 0 ? who : 3 - who);
      nim_board_make_move (&b, &line[i]);
    }
  if (!nim_board_has_move (&b, &p->rules))
    append_pv_end (s, p, n % 2 == 0 ? who : 3 - who);
  else if (cut)
    g_string_append (s, _ ("; and so on."));
  else
    /* TRANSLATORS: the full stop that ends the principal variation. */
    g_string_append (s, C_ ("sentence end", "."));
}

/* Step 3: what the search cost. */
static void
append_cost (GString *s, const NimSearchPlayer *self)
{
  const NimSearchStats *st = &self->parent.stats;
  const NimSearchConfig *c = &self->config;

  /* TRANSLATORS: what a search cost: "Search: depth 5, 1234 nodes, 56
     cutoffs, table 7 hits in 89 probes, 0.001 s."; s is seconds. */
  g_string_printf (s,
                   g_dngettext (GETTEXT_PACKAGE, "Search: depth %u, %llu node",
                                "Search: depth %u, %llu nodes", st->nodes),
                   st->depth, (unsigned long long) st->nodes);
  if (c->ab)
    g_string_append_printf (s,
                            g_dngettext (GETTEXT_PACKAGE, ", %llu cutoff",
                                         ", %llu cutoffs", st->cutoffs),
                            (unsigned long long) st->cutoffs);
  if (self->tt != NULL)
    g_string_append_printf (s, _ (", table %llu hits in %llu probes"),
                            (unsigned long long) st->tt_hits,
                            (unsigned long long) st->tt_probes);
  g_string_append_printf (s, _ (", %.3f s."), st->seconds);
}

/**
 * nim_explain_search:
 * @self: a searcher that has just chosen @move
 * @search: its search, for the principal variation
 * @board: the position before @move
 * @move: the move chosen
 *
 * Appends to the player's explanation the value the search found, its
 * principal variation (see nim_explain_pv()) and what the search cost.
 */
void
nim_explain_search (NimSearchPlayer *self, NimSearchFunc search,
                    const NimBoard *board, const NimMove *move)
{
  GString *out = self->parent.explain;
  NimMove line[NIM_EXPLAIN_PV_MAX];
  gboolean cut;
  guint n = nim_explain_pv (self, search, board, move, line, &cut);
  g_autoptr (GString) s = g_string_new (NULL);

  append_value (s, self);
  nim_explain_wrap (out, s->str);
  append_pv (s, self, board, line, n, cut);
  nim_explain_wrap (out, s->str);
  append_cost (s, self);
  nim_explain_wrap (out, s->str);
}

/**
 * nim_explain_indent:
 * @out: where the lines go
 * @text: an explanation, lines ending in newlines
 *
 * Appends @text two columns in, as the display shows a move's
 * statistics; blank lines stay blank.
 */
void
nim_explain_indent (GString *out, const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint i;

  for (i = 0; lines[i] != NULL; i++)
    if (lines[i + 1] != NULL || *lines[i] != '\0')
      g_string_append_printf (out, "%s%s\n", *lines[i] != '\0' ? "  " : "",
                              lines[i]);
}
