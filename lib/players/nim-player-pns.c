/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player-pns.c -- depth-first proof-number search (df-pn)
 *
 * Proof-number search (Allis, 1994) proves a win or a loss without a
 * depth: every node carries a proof number, the fewest leaves still to be
 * settled to show that the player to move wins, and a disproof number,
 * the fewest to show that it loses.  Written for the player to move at
 * each node (as negamax is), a node's proof number is the smallest
 * disproof number of its children (one child lost for the opponent
 * suffices) and its disproof number the sum of its children's proof
 * numbers (every child must be won for the opponent).  The search always
 * expands the most-proving node: down the child with the smallest
 * disproof number.
 *
 * df-pn (Nagai, 2002) finds the same node depth first: a node is searched
 * under two thresholds and returns as soon as its proof number or its
 * disproof number reaches them.  The thresholds a child gets keep the
 * parent's choice valid: the child may grow until it is no longer the
 * most-proving one (its disproof number passes the second smallest one,
 * plus one) or until the parent's own disproof number would pass the
 * parent's threshold.  So the tree lives in the transposition table, not
 * in memory, and each node is a frame on the C stack.
 *
 * The table is this file's own: 16-byte entries (key, proof, disproof),
 * four to a 64-byte bucket (one cache line), sized by tt= (64M by
 * default), made at the player's first search (its memory is zero until
 * a page is touched, so a large table costs nothing up front) and wiped
 * before each later one (nim_tt_wipe(): the buckets written).  A
 * position's key is negamax's (nim_tt_board_key()): a sum of one term
 * per heap, so that the order of the heaps does not matter (3,4,5 and
 * 5,4,3 are one entry) and a child's key is its parent's with one term
 * changed.  A proof is kept over an open entry, and of the open ones the
 * one with the smallest numbers goes first: large proof and disproof
 * numbers stand for large subtrees, which df-pn would otherwise search
 * again and again once the table is full (with two entries a bucket, the
 * second always replaced, the default table did not prove 10,20,30,40,50
 * in minutes: bench/README).
 *
 * Two things make a node cheaper.  Its children wait on a stack of
 * children (see mid_body()), so that each step of a node computes no key
 * again, makes no twin of a child (a heap as large as one before it), looks
 * up no proven child again (a child won for the opponent leaves the
 * stack), nor any after a child settled where it stood, and fetches the
 * table lines of the next children while it reads one.
 * And beside the table the search keeps negamax's index of proven losses
 * (nim_tt_losses_beside()): a position with a move to a known loss is won
 * at once, for one look-up a heap.  Together they made the large
 * positions ten times faster (bench/README).
 *
 * A node of more than PNS_WIDE moves (a heap of a billion matches) makes
 * its children a few thousand at a time, those that leave the fewest
 * moves first, and counts the others as children never seen (see
 * grow()); and the work inside a node, children made and looked up,
 * brings the next look at the budget nearer (nim_search_poll()), so that
 * the clock and the stop flag are seen within a node, not only at the
 * next one.
 *
 * A proof of the root names whichever winning move was cheapest to prove.
 * Every computer player plays the first winning move in heap order, the
 * smallest count first, so pns then searches the moves before it in that
 * order until one of them wins (first_win()).
 *
 * Nim has no cycles (every move takes matches), so df-pn terminates on
 * every position, and a proof is exact whatever the table forgot.  A
 * game that can last longer than NIM_SEARCH_MAX_PLY is searched until a
 * line reaches that depth; the search then stops, unproven. */

#include "config.h"

#include "nim-player.h"

#include "nim-explain.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-search-player.h"
#include "nim-tt.h"

#include <string.h>

/* Proof and disproof numbers saturate: INF is "cannot be proven" (the
   other side is proven), and a finite sum stops one below it. */
#define PNS_INF (G_MAXUINT32 / 4)

#define DEFAULT_TT_BYTES (G_GUINT64_CONSTANT (64) << 20)
#define MIN_TT_BYTES (G_GUINT64_CONSTANT (64) << 10)
#define MAX_TT_BYTES (G_GUINT64_CONSTANT (64) << 30)

typedef struct
{
  guint64 key;
  guint32 pn; /* both 0: an empty slot (no position has both 0) */
  guint32 dn;
} Entry;

/* One child of a node under search: its key, its numbers for the
   player to move there, and the move that reaches it. */
typedef struct
{
  guint64 key;
  guint32 pn;
  guint32 dn;
  NimMove move;
} Child;

/* At most this many children are kept on the stack of children (32 MiB):
   a wide node makes no more children than fit (see grow()). */
#define PNS_CHILDREN_MAX ((gsize) 1 << 20)

/* A node of more moves than this is wide: it makes its children this
   many at a time, then as many again as it has, the most promising first
   (see grow()), so that a heap of a billion matches costs what its first
   children cost, not a billion of them. */
#define PNS_WIDE 4096

/* The moves of one heap of a wide node that are not children yet.  Under
   a take range or a set they are the heap's counts from the smallest up
   to the @left-th, and the largest of them comes next: it leaves the
   child the fewest moves, so the smallest disproof number (a heap allows
   no more moves than a larger one).  Under other rules they are the
   heap's moves in the generator's order up to the @left-th, and the
   last of them comes next: the largest count, the likeliest to leave
   the fewest moves (from the first, a heap of a billion matches under
   such rules would grow a line of small takes until the stack of
   children is full). */
typedef struct
{
  guint64 left;
  NimMoveGen gen; /* gen.heap is the heap */
} Segment;

/* How many children ahead a node asks for the bucket of the child it
   will look up: about the time a read from memory takes (bench/README). */
#define PNS_PREFETCH 16

typedef struct
{
  NimSearch s;
  Entry *table;
  guint64 mask; /* entries - 1; entries come in buckets of PNS_WAYS */
  guint max_ply;
  guint deepest;
  NimTT *tt;        /* the memory of the table, and the index of losses */
  Child *children;  /* the children of every node on the path, in order */
  gsize n_children; /* allocated */
  gsize top;        /* in use */
  Segment *segs;    /* the segments of the wide nodes on the path */
  gsize n_segs;     /* allocated */
  gsize seg_top;    /* in use */
} Pns;

/* The slots a key may live in: PNS_WAYS of 16 bytes, one cache line. */
#define PNS_WAYS 4

static inline Entry *
bucket (Pns *p, guint64 key)
{
  return &p->table[key & p->mask & ~(guint64) (PNS_WAYS - 1)];
}

/* The numbers the table holds for @key, or 1 and 1 for a position never
   seen (a leaf not yet expanded). */
static inline gboolean
lookup (Pns *p, guint64 key, guint32 *pn, guint32 *dn)
{
  Entry *e = bucket (p, key);
  guint i;

  p->s.tt_probes++;
  for (i = 0; i < PNS_WAYS; i++)
    if (e[i].key == key && (e[i].pn | e[i].dn) != 0)
      {
        p->s.tt_hits++;
        *pn = e[i].pn;
        *dn = e[i].dn;
        return TRUE;
      }
  *pn = 1;
  *dn = 1;
  return FALSE;
}

/* The moves a heap of @h allows. */
static inline guint64
heap_moves (const NimRules *rules, guint64 h)
{
  return nim_movegen_count_heap (rules, (guint32) h);
}

static inline gboolean
is_proven (const Entry *e)
{
  return e->pn == 0 || e->dn == 0;
}

/* Stores @key's numbers: in its own slot, else an empty one, else over
   the open entry with the smallest numbers (the least work to redo),
   else over a proof, as every slot holds one: the first of the bucket,
   whose proofs move along (see below). */
static inline void
store (Pns *p, guint64 key, guint32 pn, guint32 dn)
{
  Entry *e = bucket (p, key);
  Entry *slot = NULL;
  guint64 smallest = G_MAXUINT64;
  guint i;

  for (i = 0; i < PNS_WAYS; i++)
    {
      if (e[i].key == key || (e[i].pn | e[i].dn) == 0)
        {
          slot = &e[i];
          break;
        }
      if (!is_proven (&e[i]) && (guint64) e[i].pn + e[i].dn < smallest)
        {
          smallest = (guint64) e[i].pn + e[i].dn;
          slot = &e[i];
        }
    }
  if (slot == NULL)
    {
      /* Every slot a proof: the oldest goes, the others move up. */
      memmove (&e[0], &e[1], (PNS_WAYS - 1) * sizeof (Entry));
      slot = &e[PNS_WAYS - 1];
    }
  if ((slot->pn | slot->dn) == 0)
    nim_tt_list_written (p->tt->written, &p->tt->n_written, p->tt->written_max,
                         (key & p->mask) / PNS_WAYS);
  slot->key = key;
  slot->pn = pn;
  slot->dn = dn;
}

static inline guint32
threshold (guint64 t)
{
  return (guint32) MIN (t, (guint64) PNS_INF);
}

/* Step 0.  The value a node is reported with: 1 won, -1 lost, 0 open. */
static inline int
node_value (guint32 pn, guint32 dn)
{
  return pn == 0 ? 1 : dn == 0 ? -1 : 0;
}

static void mid_plain (Pns *p, guint64 key, guint ply, guint32 thpn,
                       guint32 thdn, NimMove *best, guint32 *pn_out,
                       guint32 *dn_out);
static void mid_traced (Pns *p, guint64 key, guint ply, guint32 thpn,
                        guint32 thdn, NimMove *best, guint32 *pn_out,
                        guint32 *dn_out);

/* Step 7 of mid_body() at a won root (key @key), where *@best is the
   winning move df-pn proved: the first winning move in the generator's
   order instead (heap order, then the smallest count), the move every
   computer player makes.  Each move before *@best is searched until it is
   proven to lose (its child is won) or to win, which makes it the move;
   a stopped search ends the pass, and *@best, proven, stays. */
static void
first_win (Pns *p, guint64 key, NimMove *best, gboolean traced)
{
  NimBoard *b = &p->s.board;
  guint i;

  for (i = 0; i < b->n_heaps && i <= best->heap; i++)
    {
      NimMoveGen gen = { i, 0, 0 };
      NimMove m;

      /* A heap of the size of one before it: that one's moves came
         first and lead to the same positions. */
      if (!nim_tt_first_of_size (b->heaps, i))
        continue;
      while (nim_movegen_next (&gen, b, &p->s.rules, &m) && m.heap == i
             && !nim_move_equal (&m, best))
        {
          guint64 child = nim_tt_key_after_split (key, b->heaps[i], &m);
          guint32 pn, dn;

          if (nim_search_poll (&p->s, 1))
            return;
          if (!lookup (p, child, &pn, &dn) || (pn != 0 && dn != 0))
            {
              if (traced)
                nim_observer_try (p->s.trace, 0, &m, NIM_TRACE_TRY_FIRST_WIN);
              nim_board_make_move (b, &m);
              (traced ? mid_traced : mid_plain) (p, child, 1, PNS_INF, PNS_INF,
                                                 best, &pn, &dn);
              nim_board_unmake_move (b, &m);
            }
          if (dn == 0)
            {
              *best = m;
              return;
            }
          if (pn != 0)
            return;
        }
    }
}

/* The disproof number of a child never seen, which @m leads to from the
   position on the board (@moves moves): its number of moves, for a
   disproof (for its mover) needs every one of them to fail. */
static inline guint32
child_dn (const NimBoard *b, const NimRules *rules, guint64 moves,
          const NimMove *m)
{
  guint32 h = b->heaps[m->heap];
  guint32 a = h - m->count - m->split;
  /* A split adds a heap of m->split. */
  guint64 child_moves = moves - heap_moves (rules, h) + heap_moves (rules, a)
                        + (m->split != 0 ? heap_moves (rules, m->split) : 0);

  return (guint32) MIN (child_moves, (guint64) PNS_INF - 1)
         + (child_moves == 0);
}

/* The child @m of the position on the board (key @key, @moves moves),
   with the numbers of a position never seen: 1, for a proof needs one
   good move, and child_dn(). */
static inline void
child_init (const NimBoard *b, const NimRules *rules, guint64 key,
            guint64 moves, const NimMove *m, Child *c)
{
  c->key = nim_tt_key_after_split (key, b->heaps[m->heap], m);
  c->move = *m;
  c->pn = 1;
  c->dn = child_dn (b, rules, moves, m);
}

/* The child's numbers as the table has them now; a child the table does
   not hold (never seen, or replaced) keeps those it had.  A proof is
   final and is not looked up again. */
static inline void
child_refresh (Pns *p, Child *c)
{
  guint32 pn, dn;

  if (c->pn != 0 && c->dn != 0 && lookup (p, c->key, &pn, &dn))
    {
      c->pn = pn;
      c->dn = dn;
    }
}

/* Whether the position on the board (key @key) has a move to a position
   the index of proven losses holds: it is then won, and no child needs
   to be made or looked up.  The question is the enhanced transposition
   cutoff's of negamax (see nim_tt_losses_beside()): one look-up a heap,
   where making the children looks up every one of them.  It pays in
   the positions df-pn must show won one after the other, every child of
   a lost position. */
static inline gboolean
known_win (Pns *p, guint64 key)
{
  const NimBoard *b = &p->s.board;
  guint i, j, k;

  for (i = 0; i < b->n_heaps; i++)
    nim_tt_prefetch_loss (p->tt, key - nim_tt_heap_key (b->heaps[i]));
  for (i = 0; i < b->n_heaps; i++)
    {
      guint32 h = b->heaps[i], sizes[NIM_TT_LOSS_WAYS];

      /* An empty heap has no move; an equal heap before it asked the
         same question. */
      if (h == 0 || !nim_tt_first_of_size (b->heaps, i))
        continue;
      p->s.tt_probes++;
      k = nim_tt_losses_beside (p->tt, key - nim_tt_heap_key (h), sizes);
      for (j = 0; j < k; j++)
        if (sizes[j] < h
            && nim_rules_allows_leave (&p->s.rules, h, h - sizes[j], 0))
          {
            p->s.tt_hits++;
            return TRUE;
          }
    }
  return FALSE;
}

/* What a node makes of its children (step 4 of mid_body()). */
typedef struct
{
  guint32 pn;        /* the smallest disproof number of a child */
  guint32 dn2;       /* the second smallest */
  guint64 sum;       /* the sum of the children's proof numbers */
  gboolean infinite; /* a child's proof number is infinite */
  const Child *c1;   /* the child with the smallest: the most-proving */
} Scan;

static inline void
scan_start (Scan *sc)
{
  sc->pn = PNS_INF;
  sc->dn2 = PNS_INF;
  sc->sum = 0;
  sc->infinite = FALSE;
  sc->c1 = NULL;
}

/* Adds @c, which must stay where it is until the scan is used.  The first
   child stands in until a better one shows: every child may be won for
   the opponent (all at INF). */
static inline void
scan_add (Scan *sc, const Child *c)
{
  if (c->dn < sc->pn || sc->c1 == NULL)
    {
      sc->dn2 = sc->pn;
      sc->pn = c->dn;
      sc->c1 = c;
    }
  else if (c->dn < sc->dn2)
    sc->dn2 = c->dn;
  sc->infinite = sc->infinite || c->pn >= PNS_INF;
  sc->sum += c->pn;
}

/* The node's disproof number from the scan: infinite once the node is
   proven (a child lost for the opponent) or a child can never be. */
static inline guint32
scan_dn (const Scan *sc)
{
  return sc->pn == 0 || sc->infinite
             ? PNS_INF
             : (guint32) MIN (sc->sum, (guint64) PNS_INF - 1);
}

/* Room for @n more children on the stack of children, or NULL when that
   would pass PNS_CHILDREN_MAX.  The stack grows (to twice its size) only
   when a path reaches deeper or wider than any before it. */
static inline Child *
children_push (Pns *p, guint64 n)
{
  Child *c;

  if (n > PNS_CHILDREN_MAX - p->top)
    return NULL;
  if (G_UNLIKELY (p->top + n > p->n_children))
    {
      p->n_children
          = MIN (MAX (p->n_children * 2, p->top + n), PNS_CHILDREN_MAX);
      p->children = g_renew (Child, p->children, p->n_children);
    }
  c = p->children + p->top;
  p->top += n;
  return c;
}

/* The segments of a wide node, on the stack of segments: one for each
   heap that allows a move and has no heap of its size before it (the
   moves of that one lead to the same positions).  Returns how many. */
static guint
segments_push (Pns *p)
{
  const NimBoard *b = &p->s.board;
  Segment *seg;
  guint i, n = 0;

  if (p->seg_top + b->n_heaps > p->n_segs)
    {
      p->n_segs = MAX (p->n_segs * 2, p->seg_top + NIM_MAX_HEAPS);
      p->segs = g_renew (Segment, p->segs, p->n_segs);
    }
  seg = p->segs + p->seg_top;
  for (i = 0; i < b->n_heaps; i++)
    if (nim_tt_first_of_size (b->heaps, i))
      {
        seg[n].left = heap_moves (&p->s.rules, b->heaps[i]);
        seg[n].gen = (NimMoveGen){ i, 0, 0 };
        n += seg[n].left > 0;
      }
  p->seg_top += n;
  return n;
}

/* The next move of @seg, which has one left; @take makes it a child. */
static inline void
segment_next (const NimBoard *b, const NimRules *rules, Segment *seg,
              gboolean take, NimMove *m)
{
  switch (rules->family->shape)
    {
    case NIM_MOVES_GENERIC:
    case NIM_MOVES_TREE:
      {
        guint64 before = 0;
        guint i;

        for (i = 0; i < seg->gen.heap; i++)
          before += heap_moves (rules, b->heaps[i]);
        nim_movegen_nth (b, rules, before + seg->left - 1, m);
      }
      break;
    case NIM_MOVES_RANGE:
    case NIM_MOVES_SET:
      m->heap = seg->gen.heap;
      m->count = rules->family->shape == NIM_MOVES_RANGE
                     ? (guint32) seg->left
                     : rules->moves[seg->left - 1];
      m->split = 0;
      m->keep = 0;
      break;
    }
  seg->left -= take;
}

/* The disproof number the next child of @seg starts with: under a take
   range or a set the smallest of the segment's, under other rules an
   estimate of it (a floor, what a move that left nothing would have,
   stays below every child's of a large heap, and the node would grow
   until the stack is full). */
static inline guint32
segment_bound (const NimBoard *b, const NimRules *rules, guint64 moves,
               Segment *seg)
{
  NimMove m = { 0 };

  segment_next (b, rules, seg, FALSE, &m);
  return child_dn (b, rules, moves, &m);
}

/* Makes up to @want more children of a wide node (key @key, @moves
   moves) from its @n_segs segments, the smallest disproof number first,
   on top of the stack of children, where its list ends; fewer when the
   stack is full or no move is left.  Returns how many. */
static guint64
grow (Pns *p, Segment *segs, guint n_segs, guint64 key, guint64 moves,
      guint64 want)
{
  const NimBoard *b = &p->s.board;
  const NimRules *rules = &p->s.rules;
  Child *c;
  guint64 made;

  want = MIN (want, (guint64) (PNS_CHILDREN_MAX - p->top));
  c = children_push (p, want);
  for (made = 0; made < want; made++)
    {
      Segment *next = NULL;
      guint32 smallest = G_MAXUINT32;
      NimMove m;
      guint i;

      for (i = 0; i < n_segs; i++)
        if (segs[i].left > 0)
          {
            guint32 d = segment_bound (b, rules, moves, &segs[i]);

            if (d < smallest)
              {
                smallest = d;
                next = &segs[i];
              }
          }
      if (next == NULL)
        break;
      segment_next (b, rules, next, TRUE, &m);
      child_init (b, rules, key, moves, &m, &c[made]);
    }
  p->top -= want - made;
  return made;
}

/* A threshold as the observer writes it: INF, and one that step 6 made
   from INF (INF less the numbers of the node and its child, within half
   of INF) as infinity less as much. */
static inline guint32
trace_threshold (guint32 t)
{
  G_STATIC_ASSERT (PNS_INF / 2 < NIM_TRACE_PN_NEAR);

  if (t >= PNS_INF)
    return NIM_TRACE_PN_INF;
  if (t > PNS_INF - PNS_INF / 2)
    return NIM_TRACE_PN_INF - (PNS_INF - t);
  return t;
}

/* Tells the observer a node's numbers (only the traced copy calls it):
   INF as the observer writes it. */
static void
trace_numbers (Pns *p, guint ply, guint32 pn, guint32 dn, guint32 thpn,
               guint32 thdn, const NimMove *most_proving)
{
  NimTraceNumbers t = { 0 };

  t.pn = pn >= PNS_INF ? NIM_TRACE_PN_INF : pn;
  t.dn = dn >= PNS_INF ? NIM_TRACE_PN_INF : dn;
  t.thpn = trace_threshold (thpn);
  t.thdn = trace_threshold (thdn);
  t.has_move = most_proving != NULL;
  if (most_proving != NULL)
    t.most_proving = *most_proving;
  nim_observer_numbers (p->s.trace, ply, &t);
}

/* How the search of a node ends, which decides what mid_body() does
   last: a node settled before any child was made is stored, and a loss
   (settled or searched) goes into the index of losses; a stopped one
   only leaves. */
typedef enum
{
  NODE_OPEN,     /* not settled yet: its children are made and searched */
  NODE_PROVEN,   /* settled before any child was made */
  NODE_SEARCHED, /* its children searched until a threshold or a proof */
  NODE_STOPPED,  /* the budget, the stop flag, the ply limit or no room */
} NodeEnd;

/* The children of a node under search: @n of them on the stack of
   children from @base (@list, which moves when the stack grows), and for
   a wide node its @n_segs segments on the stack of segments from
   @seg_base, the moves not made into children yet. */
typedef struct
{
  gsize base;
  gsize seg_base;
  Child *list;
  guint64 n;
  guint64 moves; /* the node's legal moves */
  guint n_segs;
} Children;

/* Steps 2, 3 and 3b: what settles a node before a child is made (*@pn
   and *@dn then, and what did it in *@settled for a trace). */
static NIM_ALWAYS_INLINE NodeEnd
settle (Pns *p, guint64 key, guint ply, guint32 *pn, guint32 *dn,
        guint *settled)
{
  /* Step 2.  The end of the game: under normal play the player to move
     has lost, under misère play won. */
  if (!nim_board_has_move (&p->s.board, &p->s.rules))
    {
      *pn = p->s.rules.misere ? 0 : PNS_INF;
      *dn = p->s.rules.misere ? PNS_INF : 0;
      return NODE_PROVEN;
    }
  /* Step 3.  The ply limit: this line cannot be followed further, so
     nothing above it can be proven through it; stop. */
  if (ply >= p->max_ply)
    {
      p->s.aborted = TRUE;
      return NODE_STOPPED;
    }
  /* Step 3b.  A move to a proven loss: won (the root needs its move,
     and the index is empty when the root starts). */
  if (ply > 0 && known_win (p, key))
    {
      *pn = 0;
      *dn = PNS_INF;
      *settled = NIM_TRACE_ETC;
      return NODE_PROVEN;
    }
  return NODE_OPEN;
}

/* The children go on the stack of children, so that a step computes no
   key twice, looks up no proven child again, and fetches each bucket
   from memory while it asks for the next ones.  A wide node makes them a
   few at a time (see grow()). */
static NIM_ALWAYS_INLINE void
make_children (Pns *p, guint64 key, Children *ch)
{
  const NimBoard *b = &p->s.board;
  const NimRules *rules = &p->s.rules;

  ch->moves = nim_movegen_count (b, rules);
  ch->list = ch->moves <= PNS_WIDE ? children_push (p, ch->moves) : NULL;
  if (ch->list != NULL)
    {
      NimMoveGen gen = NIM_MOVEGEN_INIT;
      NimMove m;
      guint heap = G_MAXUINT;
      gboolean twin = FALSE;

      while (ch->n < ch->moves && nim_movegen_next (&gen, b, rules, &m))
        {
          /* A heap of the size of one before it leads to the same
             positions (a key does not see the order of the heaps): its
             children would be twins of those, each looked up and
             searched on its own. */
          if (m.heap != heap)
            {
              heap = m.heap;
              twin = !nim_tt_first_of_size (b->heaps, heap);
            }
          if (twin)
            continue;
          child_init (b, rules, key, ch->moves, &m, &ch->list[ch->n]);
          ch->n++;
        }
      p->top = ch->base + ch->n;
    }
  else
    {
      p->top = ch->base;
      ch->n_segs = segments_push (p);
      ch->n = grow (p, p->segs + ch->seg_base, ch->n_segs, key, ch->moves,
                    PNS_WIDE);
      ch->list = p->children + ch->base; /* the stack may have moved */
    }
}

/* Step 4, the children's numbers as the table has them now (looked up
   again when @refresh: the search of one child proves many of its
   siblings, taking 3 from a heap is also taking 1 and then 2), into @sc:
   proof, the smallest disproof number, and the child that has it (the
   most-proving); disproof, the sum of the proof numbers.  A child won
   for the opponent stays so and adds nothing to either: it leaves the
   list.  Returns how many children it looked up. */
static NIM_ALWAYS_INLINE guint64
scan_children (Pns *p, Children *ch, gboolean refresh, Scan *sc)
{
  Child *list = ch->list;
  guint64 i, w, looked = 0;

  scan_start (sc);
  for (i = 0; refresh && i < MIN (ch->n, PNS_PREFETCH); i++)
    __builtin_prefetch (bucket (p, list[i].key));
  for (i = 0, w = 0; i < ch->n && sc->pn != 0; i++)
    {
      if (refresh)
        {
          if (i + PNS_PREFETCH < ch->n)
            __builtin_prefetch (bucket (p, list[i + PNS_PREFETCH].key));
          child_refresh (p, &list[i]);
          looked++;
        }
      if (list[i].pn == 0)
        continue;
      list[w] = list[i];
      scan_add (sc, &list[w++]);
    }
  if (sc->pn != 0)
    {
      ch->n = w;
      p->top = ch->base + ch->n;
    }
  return looked;
}

/* What widen() did. */
typedef enum
{
  WIDE_COUNTED, /* the moves not made yet are counted in the scan */
  WIDE_GREW,    /* more children were made: scan again */
  WIDE_STOPPED, /* the budget, or no room for a child on the stack */
} Wide;

/* Step 4 of a wide node: the moves not made into children yet count as
   children never seen, and when one of them would be the most-proving
   child, more are made. */
static NIM_ALWAYS_INLINE Wide
widen (Pns *p, guint64 key, Children *ch, Scan *sc, guint64 looked)
{
  Segment *segs = p->segs + ch->seg_base;
  guint64 rest = 0, made;
  guint32 bound = PNS_INF;
  guint k;

  for (k = 0; k < ch->n_segs; k++)
    if (segs[k].left > 0)
      {
        rest += segs[k].left;
        bound = MIN (bound, segment_bound (&p->s.board, &p->s.rules, ch->moves,
                                           &segs[k]));
      }
  if (rest > 0 && (bound < sc->pn || sc->c1 == NULL))
    {
      made = grow (p, segs, ch->n_segs, key, ch->moves, MAX (ch->n, PNS_WIDE));
      if (made > 0)
        {
          ch->n += made;
          ch->list = p->children + ch->base;
          return nim_search_poll (&p->s, made + looked) ? WIDE_STOPPED
                                                        : WIDE_GREW;
        }
      if (sc->c1 == NULL)
        {
          /* No room for a child on the stack: stop, unproven. */
          p->s.aborted = TRUE;
          return WIDE_STOPPED;
        }
    }
  sc->sum += rest;
  sc->dn2 = MIN (sc->dn2, bound);
  return WIDE_COUNTED;
}

/* Step 6.  Search the most-proving child with thresholds that keep it so:
   its disproof number (our proof number) below the second best and our
   own threshold, the second best taken a quarter larger (the 1 + epsilon
   trick of Pawlewicz and Lew, 2007), which spares the switching back and
   forth between two close children, its proof number so that our
   disproof number (@dn) stays below ours.  Returns whether the siblings
   must be looked up again: not when the child settled where it stood
   (the end of the game, or a move to a known loss), which changed
   nothing but itself. */
static NIM_ALWAYS_INLINE gboolean
search_most_proving (Pns *p, guint ply, guint32 thpn, guint32 thdn, guint32 dn,
                     const Scan *sc, Children *ch, NimMove *best,
                     const gboolean traced)
{
  NimBoard *b = &p->s.board;
  Child c1 = *sc->c1;
  gsize c1_index = (gsize) (sc->c1 - ch->list);
  guint64 nodes;

  if (traced)
    nim_observer_try (p->s.trace, ply, &c1.move, NIM_TRACE_TRY_MOST_PROVING);
  nim_board_make_move (b, &c1.move);
  nodes = p->s.nodes;
  (traced ? mid_traced : mid_plain) (
      p, c1.key, ply + 1, threshold ((guint64) thdn - dn + c1.pn),
      threshold (MIN ((guint64) thpn, (guint64) sc->dn2 + sc->dn2 / 4 + 1)),
      best, &c1.pn, &c1.dn);
  nim_board_unmake_move (b, &c1.move);
  /* The child's numbers as its search left them; the stack may have
     moved while it grew. */
  ch->list = p->children + ch->base;
  ch->list[c1_index] = c1;
  return p->s.nodes - nodes > 1;
}

/* Steps 4 to 7 of a node not settled at once: its children, made on the
   stack of children, searched until the node's numbers (*@pn, *@dn)
   reach a threshold, then at the root the move. */
static NIM_ALWAYS_INLINE NodeEnd
search_children (Pns *p, guint64 key, guint ply, guint32 thpn, guint32 thdn,
                 NimMove *best, guint32 *pn, guint32 *dn,
                 const gboolean traced)
{
  Children ch = { p->top, p->seg_top, NULL, 0, 0, 0 };
  gboolean refresh = TRUE;

  make_children (p, key, &ch);
  if (nim_search_poll (&p->s, ch.n))
    return NODE_STOPPED;
  for (;;)
    {
      Scan sc;
      guint64 looked;

      /* Step 4.  The node's numbers from its children's. */
      looked = scan_children (p, &ch, refresh, &sc);
      if (ch.n_segs > 0 && sc.pn != 0)
        switch (widen (p, key, &ch, &sc, looked))
          {
          case WIDE_COUNTED:
            break;
          case WIDE_GREW:
            refresh = TRUE;
            continue;
          case WIDE_STOPPED:
            return NODE_STOPPED;
          }
      *pn = sc.pn;
      *dn = scan_dn (&sc);
      if (ply == 0 && sc.c1 != NULL)
        *best = sc.c1->move;
      store (p, key, *pn, *dn);
      if (traced)
        trace_numbers (p, ply, *pn, *dn, thpn, thdn,
                       sc.c1 != NULL ? &sc.c1->move : NULL);

      /* Step 5.  Done when a threshold is reached (a proof or a disproof
         reaches both; a node without children left is lost). */
      if (*pn >= thpn || *dn >= thdn || p->s.aborted
          || nim_search_poll (&p->s, looked))
        break;

      /* Step 6. */
      refresh = search_most_proving (p, ply, thpn, thdn, *dn, &sc, &ch, best,
                                     traced);
      if (p->s.aborted)
        break;
    }
  /* Step 7.  At the root, the move: the first winning one in the
     generator's order, or the first legal one in a lost position. */
  if (ply == 0 && *pn == 0)
    first_win (p, key, best, traced);
  else if (ply == 0 && *dn == 0)
    nim_movegen_first (&p->s.board, &p->s.rules, best);
  return NODE_SEARCHED;
}

/* The multiple iterative deepening of df-pn at one node: search the
   position on p->s.board (whose key is @key) until its proof number
   reaches @thpn or its disproof number @thdn, or the budget runs out;
   *@pn_out and *@dn_out are its numbers then.  At the root, *@best is
   the move to play: the most-proving one, and once the position is
   proven, the first winning move or, lost, the first legal move.  The
   steps are functions of their own for reading; inlined, they cost
   nothing. */
static NIM_ALWAYS_INLINE void
mid_body (Pns *p, guint64 key, guint ply, guint32 thpn, guint32 thdn,
          NimMove *best, guint32 *pn_out, guint32 *dn_out,
          const gboolean traced)
{
  NimBoard *b = &p->s.board;
  guint32 pn = 1, dn = 1;
  gsize base = p->top, seg_base = p->seg_top;
  guint settled = 0; /* for a trace: what settled the node */
  NodeEnd end;

  /* Step 1.  Count the node, or stop on the budget. */
  if (nim_search_tick (&p->s))
    goto done;
  if (traced)
    nim_observer_enter (p->s.trace, ply, b, 0, 0);
  p->deepest = MAX (p->deepest, ply);

  /* Steps 2 to 7. */
  end = settle (p, key, ply, &pn, &dn, &settled);
  if (end == NODE_OPEN)
    end = search_children (p, key, ply, thpn, thdn, best, &pn, &dn, traced);

  if (end == NODE_PROVEN)
    {
      store (p, key, pn, dn);
      if (traced)
        trace_numbers (p, ply, pn, dn, thpn, thdn, NULL);
    }
  /* A loss goes into the index too, for known_win() to find. */
  if ((end == NODE_PROVEN || end == NODE_SEARCHED) && dn == 0)
    nim_tt_store_loss (p->tt, key, b->heaps, b->n_heaps);
  if (traced)
    nim_observer_leave (p->s.trace, ply, b, node_value (pn, dn),
                        settled | (p->s.aborted ? NIM_TRACE_ABORTED : 0));
done:
  p->top = base;
  p->seg_top = seg_base;
  *pn_out = pn;
  *dn_out = dn;
}

static void
mid_plain (Pns *p, guint64 key, guint ply, guint32 thpn, guint32 thdn,
           NimMove *best, guint32 *pn_out, guint32 *dn_out)
{
  mid_body (p, key, ply, thpn, thdn, best, pn_out, dn_out, FALSE);
}

static void
mid_traced (Pns *p, guint64 key, guint ply, guint32 thpn, guint32 thdn,
            NimMove *best, guint32 *pn_out, guint32 *dn_out)
{
  mid_body (p, key, ply, thpn, thdn, best, pn_out, dn_out, TRUE);
}

/* The table of a search, of at most @bytes (a power of two of
   buckets), smaller if the memory is not there.  It is a table of
   negamax's kind, NimTT, whose buckets of four 16-byte slots hold four of
   this file's entries instead: so the search gets its memory as negamax
   does (from the kernel, zeroed as it is first touched, on huge pages
   as nim_search_use_table() decides) and the index of proven losses
   that comes with it, and uses nothing else of it. */
static NimTT *
table_new (guint64 bytes)
{
  G_STATIC_ASSERT (sizeof (NimTTBucket) == PNS_WAYS * sizeof (Entry));

  for (; bytes >= MIN_TT_BYTES; bytes /= 2)
    {
      NimTT *tt = nim_tt_new (bytes);

      if (tt != NULL)
        return tt;
    }
  g_error ("pns: no memory for a table of %" G_GUINT64_FORMAT " bytes",
           (guint64) MIN_TT_BYTES);
}

/* The player's table, empty: made at its first search and kept, wiped
   before each later one (see nim_tt_wipe()), so that a player's searches
   (a comparison run's games) map no memory and fault no page in twice;
   a new one when tt= changed. */
static NimTT *
player_table (NimSearchPlayer *self)
{
  guint64 bytes = MAX (self->config.tt_bytes, MIN_TT_BYTES);

  if (self->tt != NULL && nim_tt_size (self->tt) == nim_tt_size_for (bytes))
    nim_tt_wipe (self->tt);
  else
    {
      nim_tt_free (self->tt);
      self->tt = table_new (bytes);
    }
  return self->tt;
}

/* One search from @board: the move and its statistics (a NimSearchFunc,
   which --explain also runs for the principal variation). */
static void
pns_search (NimSearchPlayer *self, const NimBoard *board,
            const NimRules *rules, NimMove *best_move, NimSearchStats *stats)
{
  NimObserver *trace = self->parent.trace;
  Pns *p = g_new0 (Pns, 1);
  guint32 pn, dn;
  guint64 key = nim_tt_board_key (board);
  NimMove best;
  int value;

  nim_search_init (&p->s, board, rules, &self->config);
  p->s.trace = trace;
  p->tt = player_table (self);
  p->table = (Entry *) p->tt->buckets;
  p->mask = nim_tt_n_entries (p->tt) - 1;
  nim_search_use_table (&p->s, p->tt);
  p->max_ply = nim_search_horizon (board, rules, 0);
  nim_movegen_first (board, rules, &best);
  if (trace != NULL)
    nim_observer_begin (trace, self->parent.spec, self->parent.number, board,
                        rules, NIM_TRACE_PROOF_NUMBERS);

  (trace != NULL ? mid_traced : mid_plain) (p, key, 0, PNS_INF, PNS_INF, &best,
                                            &pn, &dn);
  value = node_value (pn, dn);
  /* Stopped before a proof, @best is the most-proving move: still a
     fair guess. */
  *best_move = best;
  nim_search_finish_stats (&p->s, value, p->deepest, stats);
  if (trace != NULL)
    nim_observer_end (trace, best_move, stats->nodes, stats->proven,
                      stats->value);
  g_free (p->children);
  g_free (p->segs);
  g_free (p);
}

static void
pns_init (NimPlayer *player)
{
  NimSearchPlayer *self = (NimSearchPlayer *) player;

  self->config.time = NIM_SEARCH_DEFAULT_TIME;
  self->config.tt_bytes = DEFAULT_TT_BYTES;
}

static void
pns_finalize (NimPlayer *player)
{
  nim_tt_free (((NimSearchPlayer *) player)->tt);
}

static gboolean
pns_choose_move (NimPlayer *player, const NimBoard *board, NimMove *move,
                 GError **error)
{
  pns_search ((NimSearchPlayer *) player, board, &player->rules, move,
              &player->stats);
  return TRUE;
}

/* Value, principal variation and statistics: see nim_explain_search(). */
static void
pns_explain_move (NimPlayer *player, const NimBoard *board,
                  const NimMove *move)
{
  nim_explain_search ((NimSearchPlayer *) player, pns_search, board, move);
}

static const NimPlayerOption pns_options[] = {
  { "time", NIM_OPTION_SECONDS, G_STRUCT_OFFSET (NimSearchPlayer, config.time),
    0, 86400, NULL, N_ ("seconds per move, 0 for no limit (default 5)") },
  { "nodes", NIM_OPTION_UINT, G_STRUCT_OFFSET (NimSearchPlayer, config.nodes),
    0, G_MAXUINT64, NULL, N_ ("nodes per move, 0 (default) for no limit") },
  { "tt", NIM_OPTION_SIZE_ON,
    G_STRUCT_OFFSET (NimSearchPlayer, config.tt_bytes), MIN_TT_BYTES,
    MAX_TT_BYTES, NULL,
    /* TRANSLATORS: help of a player option in --list-players; 64M is
       typed as is. */
    N_ ("size of the table of proof and disproof numbers, such as 64M "
        "(default)") },
  { NULL },
};

static const NimPlayerShowcase pns_showcase[] = {
  { "", "pns" },
  { NULL, NULL },
};

const NimPlayerClass nim_player_pns_class = {
  .name = "pns",
  .summary = N_ ("depth-first proof-number search (df-pn): proves a win or "
                 "a loss without a depth, expanding the most-proving node "
                 "first"),
  .rules_help = N_ ("every rule"),
  .instance_size = sizeof (NimSearchPlayer),
  .kind = NIM_PLAYER_SEARCHER,
  .perfect = TRUE,
  .strength = 1,
  .showcase = pns_showcase,
  .options = pns_options,
  .init = pns_init,
  .choose_move = pns_choose_move,
  .finalize = pns_finalize,
  .explain_move = pns_explain_move,
};
