/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-move.h -- one move: take a count from a heap */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * NimMove:
 * @heap: the heap taken from, counted from 0 (people see it from 1)
 * @count: how many matches are taken, at least 1
 *
 * The course's object design gives Move a class of its own "because in
 * other games a move can be far more complex"; here it stays a two-field
 * value.
 */
typedef struct
{
  guint heap;
  guint32 count;
} NimMove;

static inline gboolean
nim_move_equal (const NimMove *a, const NimMove *b)
{
  return a->heap == b->heap && a->count == b->count;
}

G_END_DECLS
