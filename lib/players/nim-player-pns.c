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
 * position's key is a sum of one mix per heap, so that the order of the
 * heaps does not matter (3,4,5 and 5,4,3 are one entry) and a child's
 * key is its parent's with one term changed.  A proof is kept over an
 * open entry, and of the open ones the one with the smallest numbers goes
 * first: large proof and disproof numbers stand for large subtrees, which
 * df-pn would otherwise search again and again once the table is full.
 * Measured: with two entries a bucket, the second always replaced, the
 * default table did not prove 10,20,30,40,50 in minutes (256M took 7.7 s
 * CPU); now 64M proves it with 1,062,449 nodes in 5.5 s.
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

typedef struct
{
  NimSearch s;
  Entry *table;
  guint64 mask; /* entries - 1; entries come in buckets of PNS_WAYS */
  guint max_ply;
  guint deepest;
} Pns;

/* splitmix64's finaliser: the term a heap of @h adds to the key. */
static inline guint64
heap_term (guint64 h)
{
  guint64 z = h + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static guint64
board_key (const NimBoard *board)
{
  guint64 key = 0;
  guint i;

  for (i = 0; i < board->n_heaps; i++)
    key += heap_term (board->heaps[i]);
  return key;
}

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
  guint k = 0;

  if (rules->kind == NIM_TAKE_CODE)
    return nim_movegen_count_heap (rules, (guint32) h);
  if (rules->kind == NIM_TAKE_RANGE)
    return MIN (h, (guint64) rules->max_take);
  while (k < rules->n_moves && rules->moves[k] <= h)
    k++;
  return k;
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
                       guint32 thdn, NimMove *best);
static void mid_traced (Pns *p, guint64 key, guint ply, guint32 thpn,
                        guint32 thdn, NimMove *best);

/* The multiple iterative deepening of df-pn at one node: search the
   position on p->s.board (whose key is @key) until its proof number
   reaches @thpn or its disproof number @thdn, or the budget runs out.
   At the root, *@best is the most-proving move (the winning one, once
   proven). */
static NIM_ALWAYS_INLINE void
mid_body (Pns *p, guint64 key, guint ply, guint32 thpn, guint32 thdn,
          NimMove *best, const gboolean traced)
{
  NimBoard *b = &p->s.board;
  const NimRules *rules = &p->s.rules;
  guint32 pn = 1, dn = 1;
  guint64 moves;

  /* Step 1.  Count the node, or stop on the budget. */
  if (nim_search_tick (&p->s))
    return;
  if (traced)
    nim_observer_enter (p->s.trace, ply, b, 0, 0);
  p->deepest = MAX (p->deepest, ply);

  /* Step 2.  The end of the game: under normal play the player to move
     has lost, under misère play won. */
  if (!nim_board_has_move (b, rules))
    {
      pn = rules->misere ? 0 : PNS_INF;
      dn = rules->misere ? PNS_INF : 0;
      store (p, key, pn, dn);
      goto out;
    }
  if (ply >= p->max_ply)
    {
      /* Step 3.  The ply limit: this line cannot be followed further, so
         nothing above it can be proven through it; stop. */
      p->s.aborted = TRUE;
      goto out;
    }

  moves = nim_movegen_count (b, rules);
  for (;;)
    {
      NimMoveGen gen = NIM_MOVEGEN_INIT;
      NimMove m, c1 = { 0 };
      guint64 c1key = 0, sum = 0;
      guint32 dn2 = PNS_INF, c1pn = 0;
      gboolean infinite = FALSE;

      /* Step 4.  The numbers of the node from its children's: proof,
         the smallest disproof number, and the child that has it (the
         most-proving); disproof, the sum of the proof numbers. */
      pn = PNS_INF;
      while (nim_movegen_next (&gen, b, rules, &m))
        {
          guint32 h = b->heaps[m.heap];
          guint32 a = h - m.count - m.split;
          /* A split adds a heap of m.split (the key counts empty heaps,
             and so does the board after the split). */
          guint64 ck = key - heap_term (h) + heap_term (a)
                       + (m.split != 0 ? heap_term (m.split) : 0);
          guint64 child_moves
              = moves - heap_moves (rules, h) + heap_moves (rules, a)
                + (m.split != 0 ? heap_moves (rules, m.split) : 0);
          guint32 cpn, cdn;

          if (!lookup (p, ck, &cpn, &cdn))
            /* Never seen: a proof of the child (for its mover) needs one
               good move, a disproof all of them. */
            cdn = (guint32) MIN (child_moves, (guint64) PNS_INF - 1)
                  + (child_moves == 0);
          /* The first child stands in until a better one shows: every
             child may be won for the opponent (all at INF). */
          if (cdn < pn || c1.count == 0)
            {
              dn2 = pn;
              pn = cdn;
              c1 = m;
              c1key = ck;
              c1pn = cpn;
            }
          else if (cdn < dn2)
            dn2 = cdn;
          infinite = infinite || cpn >= PNS_INF;
          sum += cpn;
          if (pn == 0)
            break; /* a child lost for the opponent: proven */
        }
      dn = pn == 0    ? PNS_INF
           : infinite ? PNS_INF
                      : (guint32) MIN (sum, (guint64) PNS_INF - 1);
      if (ply == 0)
        *best = c1;
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
      nim_board_make_move (b, &c1);
      if (traced)
        mid_traced (
            p, c1key, ply + 1, threshold ((guint64) thdn - dn + c1pn),
            threshold (MIN ((guint64) thpn, (guint64) dn2 + dn2 / 4 + 1)),
            best);
      else
        mid_plain (
            p, c1key, ply + 1, threshold ((guint64) thdn - dn + c1pn),
            threshold (MIN ((guint64) thpn, (guint64) dn2 + dn2 / 4 + 1)),
            best);
      nim_board_unmake_move (b, &c1);
      if (p->s.aborted)
        break;
    }
out:
  if (traced)
    nim_observer_leave (p->s.trace, ply, b, node_value (pn, dn),
                        p->s.aborted ? NIM_TRACE_ABORTED : 0);
}

static void
mid_plain (Pns *p, guint64 key, guint ply, guint32 thpn, guint32 thdn,
           NimMove *best)
{
  mid_body (p, key, ply, thpn, thdn, best, FALSE);
}

static void
mid_traced (Pns *p, guint64 key, guint ply, guint32 thpn, guint32 thdn,
            NimMove *best)
{
  mid_body (p, key, ply, thpn, thdn, best, TRUE);
}

/* The table for one search, of at most @bytes (a power of two of
   buckets), smaller if the memory is not there. */
static Entry *
table_new (guint64 bytes, guint64 *mask)
{
  guint64 n = PNS_WAYS;

  while (n * 2 * sizeof (Entry) <= bytes)
    n *= 2;
  for (; n >= PNS_WAYS; n /= 2)
    {
      Entry *t = g_try_malloc0_n (n, sizeof (Entry));

      if (t != NULL)
        {
          *mask = n - 1;
          return t;
        }
    }
  g_assert_not_reached ();
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
  guint64 key = board_key (board);
  NimMove best;
  int value;

  nim_search_init (&p->s, board, rules, &self->config);
  p->s.trace = trace;
  p->table = table_new (MAX (self->config.tt_bytes, MIN_TT_BYTES), &p->mask);
  p->max_ply = nim_search_horizon (board, rules, 0);
  nim_movegen_first (board, rules, &best);
  if (trace != NULL)
    nim_observer_begin (trace, self->parent.spec, self->parent.number, board,
                        rules, NIM_TRACE_NEGAMAX);

  if (trace != NULL)
    mid_traced (p, key, 0, PNS_INF, PNS_INF, &best);
  else
    mid_plain (p, key, 0, PNS_INF, PNS_INF, &best);
  lookup (p, key, &pn, &dn);
  value = node_value (pn, dn);
  /* Stopped before a proof, @best is the most-proving move: still a
     fair guess. */
  *best_move = best;
  nim_search_finish_stats (&p->s, value, p->deepest, stats);
  if (trace != NULL)
    nim_observer_end (trace, best_move, stats->nodes, stats->proven,
                      stats->value);
  g_free (p->table);
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
  .strength = 1,
  .showcase = pns_showcase,
  .options = pns_options,
  .init = pns_init,
  .choose_move = pns_choose_move,
  .explain_move = pns_explain_move,
};
