/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player-xor.c -- the nim-sum strategy, normal and misère
 *
 * Normal play: leave the opponent a position whose heaps exclusive-or to
 * zero, as the course's three rows of matches are won.  Misère play
 * (whoever takes the last match loses) plays the same until the move
 * would leave only heaps of one match; then it leaves an odd number of
 * them.  Among the winning moves it takes the first in heap order, and
 * in each heap there is at most one, so it picks exactly what a full
 * search picks. */

#include "config.h"

#include "nim-player.h"

#include "nim-explain.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-error.h"
#include "nim-strings.h"

#include <string.h>

static gboolean
xor_supports (const NimRules *rules, const NimBoard *start, GError **error)
{
  if (!nim_rules_is_take_any (rules))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED,
                   _ ("xor plays only the take-any rule (any number of "
                      "matches from one heap), normal or misère"));
      return FALSE;
    }
  return TRUE;
}

/* What the strategy needs of a position, counted once per move. */
typedef struct
{
  guint nim_sum;
  guint big;  /* heaps of two or more */
  guint ones; /* heaps of exactly one */
} Summary;

/* Whether reducing a heap of @h to *target wins, @all summing up the
   whole position (this heap included). */
static gboolean
winning_target (const Summary *all, gboolean misere, guint32 h,
                guint32 *target)
{
  guint others = all->nim_sum ^ h;
  guint big_others = all->big - (h >= 2);
  guint ones_others = all->ones - (h == 1);

  /* With another heap of two or more left, misère is won like normal
     play; otherwise leave an odd number of single matches, as the
     course's misère strategy does. */
  if (!misere || big_others > 0)
    *target = others;
  else
    *target = ones_others % 2 == 1 ? 0 : 1;
  return *target < h;
}

static Summary
summarize (const NimBoard *board)
{
  Summary all = { nim_board_nim_sum (board), 0, 0 };
  guint i;

  for (i = 0; i < board->n_heaps; i++)
    {
      all.big += board->heaps[i] >= 2;
      all.ones += board->heaps[i] == 1;
    }
  return all;
}

static gboolean
xor_choose_move (NimPlayer *self, const NimBoard *board, NimMove *move,
                 GError **error)
{
  Summary all = summarize (board);
  guint i;

  for (i = 0; i < board->n_heaps; i++)
    {
      guint32 t;

      if (board->heaps[i] > 0
          && winning_target (&all, self->rules.misere, board->heaps[i], &t))
        {
          move->heap = i;
          move->count = board->heaps[i] - t;
          move->split = 0;
          move->keep = 0;
          self->stats.proven = TRUE;
          self->stats.value = 1;
          return TRUE;
        }
    }
  /* Lost against best play: take one match and hope, as the course's
     one-pile game puts up a good show. */
  self->stats.proven = TRUE;
  self->stats.value = -1;
  return nim_movegen_first (board, &self->rules, move);
}

/* Decimal digits of @v. */
static int
digits (guint64 v)
{
  int n = 1;

  while (v >= 10)
    {
      v /= 10;
      n++;
    }
  return n;
}

/* One cell of the nim-sum table: @text padded to @width columns, left
   or right aligned, the cells after the first two blanks apart. */
static void
append_cell (GString *out, const char *text, gsize width, gboolean first)
{
  if (!first)
    g_string_append (out, "  ");
  nim_string_append_padded (out, text, width, first);
}

/* The table of the course's three-row game: every heap in decimal and in
   binary, the nim-sum row and, when the nim-sum s is not 0, the column
   "XOR s" of its second table: the size each heap would need for a
   nim-sum of 0, and whether a move can reach it (moves only go down). */
static void
append_table (GString *out, const NimBoard *board, guint nim_sum)
{
  guint32 max = MAX (nim_board_max_heap (board), nim_sum);
  guint bits = nim_explain_bits (max), i;
  int size_w = MAX (4, digits (max));
  int bin_w = MAX (6, (int) bits);
  g_autofree char *sum_bin = nim_explain_binary (nim_sum, bits);

  /* TRANSLATORS: a row of the nim-sum table, and its last row (the
     exclusive or of the heaps): the names' column is as wide as the
     widest, counted in columns (a Chinese character takes two). */
  g_autofree char *sum_name = g_strdup (_ ("nim-sum"));
  gsize name_w = MAX (nim_text_width (sum_name), 7);

  for (i = 0; i < board->n_heaps; i++)
    {
      g_autofree char *name = g_strdup_printf (_ ("heap %u"), i + 1);

      name_w = MAX (name_w, nim_text_width (name));
    }
  /* TRANSLATORS: column headings of the nim-sum table of --explain. */
  append_cell (out, "", name_w, TRUE);
  append_cell (out, _ ("size"), (gsize) size_w, FALSE);
  append_cell (out, _ ("binary"), (gsize) bin_w, FALSE);
  if (nim_sum != 0)
    g_string_append_printf (out, "  XOR %s", sum_bin);
  g_string_append_c (out, '\n');
  for (i = 0; i < board->n_heaps; i++)
    {
      guint32 h = board->heaps[i], t = h ^ nim_sum;
      g_autofree char *name = g_strdup_printf (_ ("heap %u"), i + 1);
      g_autofree char *size = g_strdup_printf ("%u", h);
      g_autofree char *bin = nim_explain_binary (h, bits);
      g_autofree char *tbin = nim_explain_binary (t, bits);

      append_cell (out, name, name_w, TRUE);
      append_cell (out, size, (gsize) size_w, FALSE);
      append_cell (out, bin, (gsize) bin_w, FALSE);
      if (nim_sum != 0)
        g_string_append_printf (out, "  %s = %u %s %u", tbin, t,
                                t < h ? "<" : ">", h);
      g_string_append_c (out, '\n');
    }
  {
    g_autofree char *sum = g_strdup_printf ("%u", nim_sum);

    append_cell (out, sum_name, name_w, TRUE);
    append_cell (out, sum, (gsize) size_w, FALSE);
    append_cell (out, sum_bin, (gsize) bin_w, FALSE);
    g_string_append_c (out, '\n');
  }
}

/* "1, 4, 5": the heaps after @move. */
static char *
heaps_after (const NimBoard *board, const NimMove *move)
{
  NimBoard b = *board;
  GString *s = g_string_new (NULL);
  guint i;

  nim_board_make_move (&b, move);
  for (i = 0; i < b.n_heaps; i++)
    g_string_append_printf (s, "%s%u", i ? ", " : "", b.heaps[i]);
  return g_string_free (s, FALSE);
}

/* A lost position: the move xor makes anyway, and why it cannot win;
   in a hint (@advice), the move it suggests to the person. */
static void
explain_lost (GString *out, const Summary *all, gboolean misere,
              gboolean advice, const char *what)
{
  /* No winning move anywhere: lost against best play. */
  if (misere && all->big == 0)
    nim_explain_wrap_printf (
        /* TRANSLATORS: the last %s is a move, "take 1 from heap 2". */
        out,
        advice ? _ ("Only heaps of one match are left, an odd number (%u) "
                    "of them: the players take them in turn, and the player "
                    "to move takes the last one, which loses under misère "
                    "play. So the position is lost; all you can do is %s.")
               : _ ("Only heaps of one match are left, an odd number (%u) "
                    "of them: the players take them in turn, and the player "
                    "to move takes the last one, which loses under misère "
                    "play. So the position is lost; xor chooses to %s."),
        all->ones, what);
  else if (advice)
    nim_explain_wrap_printf (
        out,
        /* TRANSLATORS: in a hint, spoken to the person; %s is a move,
           "take 1 from heap 2". */
        misere ? _ ("The nim-sum is 0, so the position is lost against "
                    "best play (under misère play too, while a heap of "
                    "two or more remains): any move changes one heap, "
                    "which makes some column odd and the nim-sum "
                    "non-zero, and the opponent can make it 0 again "
                    "every time, to the end.  So %s, as little as you "
                    "can, and hope for a mistake.")
               : _ ("The nim-sum is 0, so the position is lost against "
                    "best play: any move changes one heap, which makes "
                    "some column odd and the nim-sum non-zero, and the "
                    "opponent can make it 0 again every time, to the "
                    "end.  So %s, as little as you can, and hope for a "
                    "mistake."),
        what);
  else
    nim_explain_wrap_printf (
        out,
        misere ? _ ("The nim-sum is 0, so the position is lost against "
                    "best play (under misère play too, while a heap of "
                    "two or more remains): any move changes one heap, "
                    "which makes some column odd and the nim-sum "
                    "non-zero, and the opponent can make it 0 again "
                    "every time, to the end.  xor chooses to %s, as "
                    "little as it can, hoping for a mistake.")
               : _ ("The nim-sum is 0, so the position is lost against "
                    "best play: any move changes one heap, which makes "
                    "some column odd and the nim-sum non-zero, and the "
                    "opponent can make it 0 again every time, to the "
                    "end.  xor chooses to %s, as little as it can, "
                    "hoping for a mistake."),
        what);
}

/* Misère play's end game: no heap of two or more would remain after the
   move, so the rule is an odd number of single matches left. */
static void
explain_misere_end (GString *out, const Summary *all, const NimMove *move,
                    guint32 h, guint32 t, const char *after)
{
  guint heap = move->heap + 1;
  guint ones_left = all->ones - (h == 1) + (t == 1);

  nim_explain_wrap_printf (
      out,
      /* TRANSLATORS: the blanks around -> are no-break spaces
         (U+00A0): the line is never broken there. */
      g_dngettext (GETTEXT_PACKAGE,
                   "Under misère play (whoever takes the last match "
                   "loses) the rule changes here: after a move on heap "
                   "%u no heap of two or more matches would remain, and "
                   "then the players just take single matches in turn, "
                   "so whoever leaves an odd number of them wins.  Take "
                   "%u from heap %u (%u\u00a0->\u00a0%u): that leaves %u "
                   "heap of one match (the heaps are then %s).",
                   "Under misère play (whoever takes the last match "
                   "loses) the rule changes here: after a move on heap "
                   "%u no heap of two or more matches would remain, and "
                   "then the players just take single matches in turn, "
                   "so whoever leaves an odd number of them wins.  Take "
                   "%u from heap %u (%u\u00a0->\u00a0%u): that leaves %u "
                   "heaps of one match (the heaps are then %s).",
                   ones_left),
      heap, move->count, heap, h, t, ones_left, after);
  if (all->nim_sum == 0)
    nim_explain_wrap (out, _ ("Under normal play this position, with "
                              "nim-sum 0, would be lost."));
  else if ((h ^ all->nim_sum) != t)
    nim_explain_wrap_printf (
        out,
        _ ("Normal play would instead take heap %u to %u XOR %u = "
           "%u, for a nim-sum of 0, leaving an even number of "
           "single matches."),
        heap, h, all->nim_sum, h ^ all->nim_sum);
}

/* A won position under the nim-sum rule: how the move makes it 0. */
static void
explain_win (GString *out, const NimBoard *board, const Summary *all,
             gboolean misere, const NimMove *move, const char *what,
             const char *after)
{
  guint bits
      = nim_explain_bits (MAX (nim_board_max_heap (board), all->nim_sum));
  guint heap = move->heap + 1;
  guint32 h = board->heaps[move->heap], t = h - move->count;
  g_autofree char *s_bin = nim_explain_binary (all->nim_sum, bits);
  g_autofree char *high = nim_explain_binary (
      all->nim_sum ? 1u << (nim_explain_bits (all->nim_sum) - 1) : 0, bits);
  g_autofree char *h_bin = nim_explain_binary (h, bits);
  g_autofree char *t_bin = nim_explain_binary (h ^ all->nim_sum, bits);

  nim_explain_wrap_printf (
      out,
      /* TRANSLATORS: the blanks inside "h XOR %s < h", "%s XOR %s = %s"
         and "%u -> %u" are no-break spaces (U+00A0): the line is never
         broken there.  The %s after "so" is a move, "take 2 from heap
         1". */
      _ ("The nim-sum %s is not 0: the player to move can win.  Making a "
         "heap h into h\u00a0XOR\u00a0%s makes the nim-sum 0, and a move can "
         "do that only where h\u00a0XOR\u00a0%s\u00a0<\u00a0h, that is in a "
         "heap that has the nim-sum's highest bit (%s) set.  The first such "
         "heap is heap %u: %s\u00a0XOR\u00a0%s\u00a0=\u00a0%s, so %s "
         "(%u\u00a0->\u00a0%u)."),
      s_bin, s_bin, s_bin, high, heap, h_bin, s_bin, t_bin, what, h, t);
  if (!misere && board->total == move->count)
    nim_explain_wrap (out, _ ("That takes the last match and wins."));
  else
    nim_explain_wrap_printf (
        out,
        misere ? _ ("The heaps %s have nim-sum 0, a lost position for the "
                    "opponent: any move makes the nim-sum non-zero, and this "
                    "strategy makes it 0 again, until only heaps of one "
                    "match remain, an odd number of them, and the opponent "
                    "must take the last.")
               : _ ("The heaps %s have nim-sum 0, a lost position for the "
                    "opponent: any move makes the nim-sum non-zero, and this "
                    "strategy makes it 0 again, until it takes the last "
                    "match."),
        after);
  if (misere)
    nim_explain_wrap (out, _ ("Under misère play (whoever takes the last "
                              "match loses) this is the normal-play move, "
                              "as a heap of two or more matches remains "
                              "after it; the rule changes only when no such "
                              "heap would remain."));
}

/* A game of one heap: the nim-sum is the heap itself, and there is no
   heap number to name (nor a table to draw).  In the one-pile game
   (@pile), which is played under misère play, the pile and its stones. */
static void
explain_one_heap (GString *out, gboolean misere, gboolean pile, guint32 h,
                  guint32 count)
{
  if (!misere)
    nim_explain_wrap_printf (
        out,
        g_dngettext (GETTEXT_PACKAGE,
                     "The nim-sum strategy with one heap: the nim-sum is the "
                     "heap's own size, %u, not 0, so the player to move wins "
                     "by taking all of it, the last match.",
                     "The nim-sum strategy with one heap: the nim-sum is the "
                     "heap's own size, %u, not 0, so the player to move wins "
                     "by taking all of it, the last match.",
                     h),
        h);
  else if (h >= 2 && pile)
    nim_explain_wrap_printf (
        out,
        g_dngettext (GETTEXT_PACKAGE,
                     "The nim-sum strategy with one pile under misère play "
                     "(whoever takes the last stone loses): take all but "
                     "one, %u of %u stones, so that the opponent must take "
                     "the last stone.",
                     "The nim-sum strategy with one pile under misère play "
                     "(whoever takes the last stone loses): take all but "
                     "one, %u of %u stones, so that the opponent must take "
                     "the last stone.",
                     count),
        count, h);
  else if (h >= 2)
    nim_explain_wrap_printf (
        out,
        g_dngettext (GETTEXT_PACKAGE,
                     "The nim-sum strategy with one heap under misère play "
                     "(whoever takes the last match loses): take all but "
                     "one, %u of %u, so that the opponent must take the "
                     "last match.",
                     "The nim-sum strategy with one heap under misère play "
                     "(whoever takes the last match loses): take all but "
                     "one, %u of %u, so that the opponent must take the "
                     "last match.",
                     count),
        count, h);
  else if (pile)
    nim_explain_wrap (out, _ ("One stone is left, and under misère play "
                              "(whoever takes the last stone loses) it must "
                              "be taken: the position is lost."));
  else
    nim_explain_wrap (out, _ ("One match is left, and under misère play "
                              "(whoever takes the last match loses) it must "
                              "be taken: the position is lost."));
}

/* Why xor_choose_move() chose @move: the table, then the rule that
   picked the move. */
static void
xor_explain_move (NimPlayer *self, const NimBoard *board, const NimMove *move)
{
  GString *out = self->explain;
  Summary all = summarize (board);
  gboolean misere = self->rules.misere;
  guint32 h = board->heaps[move->heap], t = h - move->count, target;
  g_autofree char *after = heaps_after (board, move);
  g_autofree char *what = nim_explain_move (self, board, move);

  if (board->n_heaps == 1)
    {
      explain_one_heap (out, misere, self->prompt->one_pile, h, move->count);
      return;
    }
  nim_explain_wrap (out, _ ("The nim-sum strategy: the heaps in binary; the "
                            "nim-sum is their exclusive or, the bits of each "
                            "column added without carry."));
  append_table (out, board, all.nim_sum);
  if (!winning_target (&all, misere, h, &target) || target != t)
    explain_lost (out, &all, misere, self->prompt->advice, what);
  else if (misere && all.big - (h >= 2) == 0)
    explain_misere_end (out, &all, move, h, t, after);
  else
    explain_win (out, board, &all, misere, move, what, after);
}

const NimPlayerClass nim_player_xor_class = {
  .name = "xor",
  .summary = N_ ("the nim-sum strategy: leaves heaps whose exclusive or "
                 "is 0"),
  .rules_help = N_ ("take any number; normal and misère play; any heaps"),
  .instance_size = sizeof (NimPlayer),
  .kind = NIM_PLAYER_CLOSED_FORM,
  .perfect = TRUE,
  .supports = xor_supports,
  .choose_move = xor_choose_move,
  .explain_move = xor_explain_move,
};
