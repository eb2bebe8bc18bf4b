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
 * default) and allocated per search (calloc'ed memory is zero until a
 * page is touched, so a large table costs nothing up front).  A
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
 * up no proven child again, nor any after a child settled where it stood,
 * and fetches the table lines of the next children while it reads one.
 * And beside the table the search keeps negamax's index of proven losses
 * (nim_tt_losses_beside()): a position with a move to a known loss is won
 * at once, for one look-up a heap.  Together they made the large
 * positions ten times faster (bench/README).
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
   a node whose children do not fit reads them from the table at every
   step instead (see mid_body()). */
#define PNS_CHILDREN_MAX ((gsize) 1 << 20)

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

/* The child @m of the position on the board (key @key, @moves moves),
   with the numbers of a position never seen: 1, and its number of moves,
   for a proof (for its mover) needs one good move, a disproof all of
   them. */
static inline void
child_init (const NimBoard *b, const NimRules *rules, guint64 key,
            guint64 moves, const NimMove *m, Child *c)
{
  guint32 h = b->heaps[m->heap];
  guint32 a = h - m->count - m->split;
  /* A split adds a heap of m->split. */
  guint64 child_moves = moves - heap_moves (rules, h) + heap_moves (rules, a)
                        + (m->split != 0 ? heap_moves (rules, m->split) : 0);

  c->key = nim_tt_key_after_split (key, h, m);
  c->move = *m;
  c->pn = 1;
  c->dn = (guint32) MIN (child_moves, (guint64) PNS_INF - 1)
          + (child_moves == 0);
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

/* The multiple iterative deepening of df-pn at one node: search the
   position on p->s.board (whose key is @key) until its proof number
   reaches @thpn or its disproof number @thdn, or the budget runs out;
   *@pn_out and *@dn_out are its numbers then.  At the root, *@best is
   the most-proving move (the winning one, once proven). */
static NIM_ALWAYS_INLINE void
mid_body (Pns *p, guint64 key, guint ply, guint32 thpn, guint32 thdn,
          NimMove *best, guint32 *pn_out, guint32 *dn_out,
          const gboolean traced)
{
  NimBoard *b = &p->s.board;
  const NimRules *rules = &p->s.rules;
  guint32 pn = 1, dn = 1;
  guint64 moves, n = 0, i, nodes;
  gboolean refresh = TRUE;
  gsize base = p->top;
  Child *list;

  /* Step 1.  Count the node, or stop on the budget. */
  if (nim_search_tick (&p->s))
    goto done;
  if (traced)
    nim_observer_enter (p->s.trace, ply, b, 0, 0);
  p->deepest = MAX (p->deepest, ply);

  /* Step 2.  The end of the game: under normal play the player to move
     has lost, under misère play won. */
  if (!nim_board_has_move (b, rules))
    {
      pn = rules->misere ? 0 : PNS_INF;
      dn = rules->misere ? PNS_INF : 0;
      goto proven;
    }
  if (ply >= p->max_ply)
    {
      /* Step 3.  The ply limit: this line cannot be followed further, so
         nothing above it can be proven through it; stop. */
      p->s.aborted = TRUE;
      goto out;
    }

  /* Step 3b.  A move to a proven loss: won (the root needs its move,
     and the index is empty when the root starts). */
  if (ply > 0 && known_win (p, key))
    {
      pn = 0;
      dn = PNS_INF;
      goto proven;
    }

  /* The children go on the stack of children, so that a step computes
     no key twice, looks up no proven child again, and fetches each
     bucket from memory while it asks for the next ones. */
  moves = nim_movegen_count (b, rules);
  list = children_push (p, moves);
  if (list != NULL)
    {
      NimMoveGen gen = NIM_MOVEGEN_INIT;
      NimMove m;
      guint heap = G_MAXUINT;
      gboolean twin = FALSE;

      while (n < moves && nim_movegen_next (&gen, b, rules, &m))
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
          child_init (b, rules, key, moves, &m, &list[n]);
          n++;
        }
    }

  for (;;)
    {
      Scan sc;
      Child c1, streamed[2];
      gsize c1_index;

      /* Step 4.  The numbers of the node from its children's, as the
         table has them now (the search of one child proves many of its
         siblings: taking 3 from a heap is also taking 1 and then 2):
         proof, the smallest disproof number, and the child that has it
         (the most-proving); disproof, the sum of the proof numbers.  A
         node whose children do not fit on the stack of children makes
         them anew at every step. */
      scan_start (&sc);
      if (list != NULL)
        {
          for (i = 0; refresh && i < MIN (n, PNS_PREFETCH); i++)
            __builtin_prefetch (bucket (p, list[i].key));
          for (i = 0; i < n && sc.pn != 0; i++)
            {
              if (refresh)
                {
                  if (i + PNS_PREFETCH < n)
                    __builtin_prefetch (
                        bucket (p, list[i + PNS_PREFETCH].key));
                  child_refresh (p, &list[i]);
                }
              scan_add (&sc, &list[i]);
            }
        }
      else
        {
          NimMoveGen gen = NIM_MOVEGEN_INIT;
          NimMove m;

          while (sc.pn != 0 && nim_movegen_next (&gen, b, rules, &m))
            {
              /* The scan keeps a pointer to the best child so far, so
                 the next one goes in the other slot. */
              Child *c = &streamed[sc.c1 == &streamed[0]];

              child_init (b, rules, key, moves, &m, c);
              child_refresh (p, c);
              scan_add (&sc, c);
            }
        }
      pn = sc.pn;
      dn = scan_dn (&sc);
      c1 = *sc.c1;
      c1_index = list != NULL ? (gsize) (sc.c1 - list) : 0;
      if (ply == 0)
        *best = c1.move;
      store (p, key, pn, dn);

      /* Step 5.  Done when a threshold is reached (a proof or a disproof
         reaches both). */
      if (pn >= thpn || dn >= thdn || p->s.aborted)
        break;

      /* Step 6.  Search the most-proving child with thresholds that keep
         it so: its disproof number (our proof number) below the second
         best and our own threshold, the second best taken a quarter
         larger (the 1 + epsilon trick of Pawlewicz and Lew, 2007), which
         spares the switching back and forth between two close children, its
         proof number so that our disproof number stays below ours. */
      nim_board_make_move (b, &c1.move);
      nodes = p->s.nodes;
      (traced ? mid_traced : mid_plain) (
          p, c1.key, ply + 1, threshold ((guint64) thdn - dn + c1.pn),
          threshold (MIN ((guint64) thpn, (guint64) sc.dn2 + sc.dn2 / 4 + 1)),
          best, &c1.pn, &c1.dn);
      nim_board_unmake_move (b, &c1.move);
      if (list != NULL)
        {
          /* The child's numbers as its search left them; the stack may
             have moved while it grew. */
          list = p->children + base;
          list[c1_index] = c1;
          /* A child settled where it stood (the end of the game, or a
             move to a known loss) changed nothing but itself: its
             siblings need not be looked up again. */
          refresh = p->s.nodes - nodes > 1;
        }
      if (p->s.aborted)
        break;
    }
  goto remember;
proven:
  store (p, key, pn, dn);
remember:
  /* A loss goes into the index too, for known_win() to find. */
  if (dn == 0)
    nim_tt_store_loss (p->tt, key, b->heaps, b->n_heaps);
out:
  if (traced)
    nim_observer_leave (p->s.trace, ply, b, node_value (pn, dn),
                        p->s.aborted ? NIM_TRACE_ABORTED : 0);
done:
  p->top = base;
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

/* The table for one search, of at most @bytes (a power of two of
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
  p->tt = table_new (MAX (self->config.tt_bytes, MIN_TT_BYTES));
  p->table = (Entry *) p->tt->buckets;
  p->mask = nim_tt_n_entries (p->tt) - 1;
  nim_search_use_table (&p->s, p->tt);
  p->max_ply = nim_search_horizon (board, rules, 0);
  nim_movegen_first (board, rules, &best);
  if (trace != NULL)
    nim_observer_begin (trace, self->parent.spec, self->parent.number, board,
                        rules, NIM_TRACE_NEGAMAX);

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
  nim_tt_free (p->tt);
  g_free (p->children);
  g_free (p);
}

static void
pns_init (NimPlayer *player)
{
  NimSearchPlayer *self = (NimSearchPlayer *) player;

  self->config.time = NIM_SEARCH_DEFAULT_TIME;
  self->config.tt_bytes = DEFAULT_TT_BYTES;
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
  .unordered = TRUE,
  .strength = 1,
  .showcase = pns_showcase,
  .options = pns_options,
  .init = pns_init,
  .choose_move = pns_choose_move,
  .explain_move = pns_explain_move,
};
