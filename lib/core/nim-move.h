/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-move.h -- one move: take a count from a heap */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * NimMove:
 * @heap: the heap taken from, counted from 0 (people see it from 1)
 * @count: how many matches are taken, at least 1
 * @split: 0, or when the rest of the heap is split in two (a
 *   take-and-break code such as Kayles, 0.77), the second part: the heap
 *   keeps the first part, @keep, and a new heap of @split is put after
 *   the last one
 * @keep: with a split, the first part, which stays in @heap: @heap's
 *   size - @count - @split (written down so that a move says all of
 *   itself: "h3-2=1+4"); 0 without a split
 *
 * The course's object design gives Move a class of its own "because in
 * other games a move can be far more complex"; here it stays a small
 * value.
 */
typedef struct
{
  guint heap;
  guint32 count;
  guint32 split;
  guint32 keep;
} NimMove;

static inline gboolean
nim_move_equal (const NimMove *a, const NimMove *b)
{
  return a->heap == b->heap && a->count == b->count && a->split == b->split
         && a->keep == b->keep;
}

G_END_DECLS
