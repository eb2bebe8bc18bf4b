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
 * @board: the position before the move
 * @move: a legal move on it
 *
 * Returns: (transfer full): "take 2 from heap 1", or "take 2" when the
 *   board has one heap
 */
char *
nim_explain_move (const NimBoard *board, const NimMove *move)
{
  if (board->n_heaps == 1)
    return g_strdup_printf ("take %u", move->count);
  return g_strdup_printf ("take %u from heap %u", move->count,
                          move->heap + 1);
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

/**
 * nim_explain_wrap:
 * @out: where the lines go
 * @text: one paragraph
 *
 * Appends @text as lines of at most %NIM_EXPLAIN_WIDTH columns, breaking
 * at blanks (a word longer than a line stands alone), each line ending
 * in a newline.  Blanks written as %NIM_EXPLAIN_NBSP do not break.
 */
void
nim_explain_wrap (GString *out, const char *text)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  gsize line = 0, start = out->len, i;

  for (i = 0; words[i] != NULL; i++)
    {
      gsize len = g_utf8_strlen (words[i], -1);

      if (*words[i] == '\0')
        continue;
      if (line > 0 && line + 1 + len > NIM_EXPLAIN_WIDTH)
        {
          g_string_append_c (out, '\n');
          line = 0;
        }
      if (line > 0)
        {
          g_string_append_c (out, ' ');
          line++;
        }
      g_string_append (out, words[i]);
      line += len;
    }
  for (i = start; i < out->len; i++)
    if (out->str[i] == NIM_EXPLAIN_NBSP[0])
      out->str[i] = ' ';
  g_string_append_c (out, '\n');
}

/**
 * nim_explain_wrap_printf:
 * @out: where the lines go
 * @format: a printf() format for one paragraph
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
 * The principal variation is the line both sides are expected to play:
 * after @first, the move the same searcher, with the same options, chooses
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
  walk.tt = self->tt != NULL
                ? nim_tt_new (MIN (self->config.tt_bytes, PV_TT_BYTES))
                : NULL;
  walk.config.time = 0;
  line[n++] = *first;
  nim_board_make_move (&b, first);
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
      if (st.nodes >= budget || (root->proven && !st.proven))
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

/* "a win for player 2", "a loss in 7 plies for player 1". */
static char *
describe_value (const NimSearchStats *st, guint player)
{
  const char *what = st->value > 0 ? "win" : "loss";

  if (st->distance > 0)
    return g_strdup_printf ("a %s in %u pl%s for player %u", what,
                            st->distance, st->distance == 1 ? "y" : "ies",
                            player);
  return g_strdup_printf ("a %s for player %u", what, player);
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
  NimPlayer *p = &self->parent;
  const NimSearchStats *st = &p->stats;
  const NimSearchConfig *c = &self->config;
  GString *out = p->explain;
  NimMove line[NIM_EXPLAIN_PV_MAX];
  gboolean cut, ended;
  guint n = nim_explain_pv (self, search, board, move, line, &cut), i;
  guint who = p->number;
  NimBoard b = *board;
  g_autoptr (GString) s = g_string_new (NULL);

  /* Step 1. The value, and what it means for the move. */
  if (st->proven)
    {
      g_autofree char *value = describe_value (st, who);

      g_string_printf (s, "Value: %s, the player to move, proven: the "
                          "search saw every line it needed to the end of "
                          "the game.", value);
      if (st->value > 0)
        g_string_append (s, st->distance > 0
                                ? " With score=distance it plays the "
                                  "quickest win."
                                : " It plays the first winning move, in "
                                  "heap order, the smallest count first.");
      else
        g_string_append (s, st->distance > 0
                                ? " With score=distance it plays the "
                                  "slowest loss, hoping for a mistake."
                                : " Every move loses against best play, so "
                                  "it takes the first legal move, as "
                                  "little as it can, hoping for a "
                                  "mistake.");
    }
  else if (c->depth > 0 && st->depth >= c->depth)
    g_string_printf (s, "Value: unknown.  With depth=%u the search looks "
                        "%u plies ahead, and no line that short decides "
                        "the game; it plays the first of the moves it "
                        "cannot tell apart.",
                     st->depth, st->depth);
  else
    g_string_printf (s, "Value: unknown.  The search ran out of its budget "
                        "(time or nodes) after depth %u, where no line "
                        "decides the game yet; it plays the best move of "
                        "that depth.",
                     st->depth);
  nim_explain_wrap (out, s->str);

  /* Step 2. The principal variation, move by move. */
  g_string_printf (s, "Principal variation (the line both sides are "
                      "expected to play%s): ",
                   st->proven ? "" : ", up to the search's horizon");
  for (i = 0; i < n; i++)
    {
      g_string_append_printf (s, "%splayer %u takes %u", i > 0 ? "; " : "",
                              i % 2 == 0 ? who : 3 - who, line[i].count);
      if (b.n_heaps > 1)
        g_string_append_printf (s, " from heap %u", line[i].heap + 1);
      nim_board_make_move (&b, &line[i]);
    }
  ended = !nim_board_has_move (&b, &p->rules);
  if (ended)
    {
      guint stuck = n % 2 == 0 ? who : 3 - who;

      g_string_append_printf (s, "; then player %u cannot move and %s.",
                              stuck, p->rules.misere ? "wins" : "loses");
    }
  else if (cut)
    g_string_append (s, "; and so on.");
  else
    g_string_append (s, ".");
  nim_explain_wrap (out, s->str);

  /* Step 3. What it cost. */
  g_string_printf (s, "Search: depth %u, %" G_GUINT64_FORMAT " nodes",
                   st->depth, st->nodes);
  if (c->ab)
    g_string_append_printf (s, ", %" G_GUINT64_FORMAT " cutoffs",
                            st->cutoffs);
  if (self->tt != NULL)
    g_string_append_printf (s, ", table %" G_GUINT64_FORMAT " hits in %"
                               G_GUINT64_FORMAT " probes",
                            st->tt_hits, st->tt_probes);
  g_string_append_printf (s, ", %.3f s.", st->seconds);
  nim_explain_wrap (out, s->str);
}

/**
 * nim_explain_print:
 * @out: where to print
 * @text: an explanation, lines ending in newlines
 *
 * Prints @text two columns in, as the display prints a move's statistics;
 * blank lines stay blank.
 */
void
nim_explain_print (FILE *out, const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint i;

  for (i = 0; lines[i] != NULL; i++)
    if (lines[i + 1] != NULL || *lines[i] != '\0')
      fprintf (out, "%s%s\n", *lines[i] != '\0' ? "  " : "", lines[i]);
}
