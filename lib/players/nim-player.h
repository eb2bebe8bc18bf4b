/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player.h -- the player interface (the course's PlayerBase), registry */
#pragma once

#include <glib.h>

#include "nim-board.h"
#include "nim-search.h"

G_BEGIN_DECLS

typedef struct _NimPlayer NimPlayer;
typedef struct _NimPlayerClass NimPlayerClass;

/**
 * NimEnd:
 * @NIM_END_NORMAL: played to the end by the rules
 * @NIM_END_ILLEGAL: a player gave an illegal or unparsable move
 * @NIM_END_TIME: a player did not move within its time (and the margin)
 * @NIM_END_DISCONNECT: an engine crashed or closed its pipes
 * @NIM_END_STARTUP: an engine did not start, or did not answer its
 *   handshake within the start-up timeout
 * @NIM_END_PROTOCOL: an engine wrote what the protocol does not allow
 * @NIM_END_N: the number of kinds
 *
 * How a game ended; for each kind but the first, the player who failed
 * lost it.  A player's choose_move or start says it failed this way with
 * a #NIM_FORFEIT_ERROR whose code is the kind.
 */
typedef enum
{
  NIM_END_NORMAL,
  NIM_END_ILLEGAL,
  NIM_END_TIME,
  NIM_END_DISCONNECT,
  NIM_END_STARTUP,
  NIM_END_PROTOCOL,
  NIM_END_N,
} NimEnd;

#define NIM_FORFEIT_ERROR (nim_forfeit_error_quark ())
GQuark nim_forfeit_error_quark (void);
const char *nim_end_to_string (NimEnd end);

/**
 * NimClock:
 * @remaining: microseconds each player has left, by player number - 1
 * @increment: microseconds each player gains after each of its moves
 *
 * A game's clock, as the game shows it to the player to move.
 */
typedef struct
{
  gint64 remaining[2];
  gint64 increment[2];
} NimClock;

/**
 * NimBudget:
 * @depth: the most plies a search looks ahead, 0 for no limit
 * @time: the most seconds a move takes, 0 for no limit
 * @nodes: the most positions a search visits, 0 for no limit
 *
 * What a searching player may spend on a move, as numbers: its depth=,
 * time= and nodes= options (see nim_player_set_budget()).
 */
typedef struct
{
  guint64 depth;
  double time;
  guint64 nodes;
} NimBudget;

/**
 * NimPromptFunc:
 * @data: the data given to nim_player_set_prompt()
 * @message: (nullable): lines to show before the prompt, each ending in a
 *   newline: the help, the legal moves, what was wrong with the entry
 *   before, a hint and its explanation
 * @prompt: the question, without a line end: "Player 1, your move (HEAP
 *   COUNT): "
 * @error: return location for an error
 *
 * How a person player asks for a line of input: the program shows
 * @message, then @prompt, and reads one line.  The player makes sense of
 * the line itself (it trims blanks, and `quit` or `q` gives up), so the
 * function may return it as it was typed, as long as it is UTF-8.
 *
 * Returns: (transfer full) (nullable): the line without its line end, or
 *   %NULL with @error set when there is none: #NIM_ERROR_ABANDONED at the
 *   end of the input, #NIM_ERROR_INTERRUPTED after Ctrl-C
 */
typedef char *(*NimPromptFunc) (gpointer data, const char *message,
                                const char *prompt, GError **error);

/**
 * NimPrompt:
 * @ask: (nullable): how a person player asks for a line of input; a
 *   person without one cannot move
 * @data: what @ask is given; it must outlive the game
 * @one_pile: the game is the one-pile game (one heap, and under the
 *   rules a player plays no more): a person player and the explanations
 *   speak of stones in the pile, as the course's one-pile game does
 * @person: in a game of one person against a computer, the person's
 *   number (1 or 2), else 0: a person player speaks to "you" (no "Player
 *   1, ...") and may take back its moves (`undo`), and the explanations
 *   call the two sides "you" and "the computer"
 * @opponent: (nullable): in a game of one person against a computer, the
 *   computer player's spec: `hint` followed by its name asks that player
 * @advice: the explanation is a hint for a person (the player to move):
 *   it speaks to them ("take 1 and hope for a mistake"), not of a
 *   computer's own move
 *
 * How a game talks with the people at it, which the program says
 * (nim_player_set_prompt()): the library reads no terminal, and chooses
 * its words by this alone.
 */
typedef struct
{
  NimPromptFunc ask;
  gpointer data;
  gboolean one_pile;
  guint person;
  const char *opponent;
  gboolean advice;
} NimPrompt;

/**
 * NimTurnKind:
 * @NIM_TURN_MOVE: the player moves (#NimTurn.move)
 * @NIM_TURN_SHOW_BOARD: a person asks to see the position again (`board`)
 * @NIM_TURN_UNDO: a person asks to take back its last move and the moves
 *   since (`undo`)
 * @NIM_TURN_NEW_GAME: a person asks for a new game (`new`)
 * @NIM_TURN_GIVE_UP: a person gives up (`quit`)
 *
 * What a player does with its turn: a computer always moves; a person
 * may ask the game for something instead, which is no failure.
 */
typedef enum
{
  NIM_TURN_MOVE,
  NIM_TURN_SHOW_BOARD,
  NIM_TURN_UNDO,
  NIM_TURN_NEW_GAME,
  NIM_TURN_GIVE_UP,
} NimTurnKind;

/**
 * NimTurn:
 * @kind: a move, or a request
 * @move: the move, when @kind is %NIM_TURN_MOVE
 *
 * A player's turn, as nim_player_take_turn() returns it.
 */
typedef struct
{
  NimTurnKind kind;
  NimMove move;
} NimTurn;

typedef enum
{
  NIM_OPTION_UINT,    /* guint64 field: a whole number from min to max */
  NIM_OPTION_BOOL,    /* gboolean field: on|off (also yes|no, true|false) */
  NIM_OPTION_SIZE,    /* guint64 field: bytes, "64M", "1G", "512K", or off:
                         a table the player keeps (see
                         nim_player_get_memory()) */
  NIM_OPTION_SIZE_ON, /* the same for a table the player cannot do without */
  NIM_OPTION_SECONDS, /* double field: seconds, 0 for no limit */
  NIM_OPTION_CHOICE,  /* guint field: index into choices */
  NIM_OPTION_NUMBER,  /* double field: a decimal number from min to max */
} NimOptionType;

/**
 * NimPlayerOption:
 * @key: the name used in a spec, "depth" in "negamax:depth=4"
 * @type: how the value is parsed
 * @offset: where the value goes, offsetof() the player's instance struct
 * @min: the smallest accepted (%NIM_OPTION_UINT, %NIM_OPTION_SIZE,
 *   %NIM_OPTION_SIZE_ON, %NIM_OPTION_NUMBER)
 * @max: the largest accepted
 * @choices: for %NIM_OPTION_CHOICE, the names, %NULL-terminated
 * @help: one line for `nim --list-players`
 *
 * A player's options are a table of these, so parsing, validation and
 * the help text come from one place.
 */
typedef struct
{
  const char *key;
  NimOptionType type;
  gsize offset;
  guint64 min;
  guint64 max;
  const char *const *choices;
  const char *help;
} NimPlayerOption;

/**
 * NimPlayerKind:
 * @NIM_PLAYER_PERSON: a person at the keyboard
 * @NIM_PLAYER_CLOSED_FORM: a theory (the nim-sum, Grundy values): instant
 *   and exact on the rules it supports
 * @NIM_PLAYER_SEARCHER: searches the game tree; exact when its budget lets
 *   it finish
 * @NIM_PLAYER_OTHER: none of these (random play)
 * @NIM_PLAYER_ENGINE: an external program over UGI, declared at run time
 *   (see nim_player_engine_declare()); nim knows nothing of how it plays
 *
 * What a player is.  Everything that lists or chooses players asks the
 * registry by kind rather than naming players: `--help`'s player list,
 * the exact solver that judges moves and answers `hint`, the rows of
 * `--compare` and the configurations of `make bench`.
 */
typedef enum
{
  NIM_PLAYER_PERSON,
  NIM_PLAYER_CLOSED_FORM,
  NIM_PLAYER_SEARCHER,
  NIM_PLAYER_OTHER,
  NIM_PLAYER_ENGINE,
} NimPlayerKind;

/**
 * NimPlayerShowcase:
 * @options: options appended to the class name after ':', "" for none
 * @bench: (nullable): the tag of the `make bench` engine line with this
 *   configuration
 *
 * One configuration a searcher shows in `nim --compare` and `make bench`,
 * listed in the order a lecture adds the techniques.
 */
typedef struct
{
  const char *options;
  const char *bench;
} NimPlayerShowcase;

/**
 * NimPlayerClass:
 * @name: the name in a spec and in `--list-players`
 * @summary: one line saying what the player does
 * @rules_help: which rules the player plays
 * @instance_size: sizeof the concrete player struct, which embeds
 *   #NimPlayer first
 * @kind: what the player is
 * @perfect: it never gives a won position away on the rules it supports
 *   (a searcher: when its budget lets it finish)
 * @strength: among searchers, the one with the largest strength is the
 *   exact solver of rules that no closed form plays; 0 for the others
 * @trees: it plays a textbook game tree too (nim_rules_is_tree()), whose
 *   leaves hold values rather than a winner; every other player is
 *   refused such rules, with the list of those that play them
 * @showcase: (nullable): a searcher's configurations for `--compare` and
 *   `make bench`, ended by an entry with a %NULL @options; a closed form
 *   shows itself as it is
 * @options: (nullable): the options, ended by an entry with a %NULL key
 * @init: (nullable): sets option defaults on a zeroed instance
 * @supports: (nullable): whether the player can play @rules from @start;
 *   if not, says why in @error.  %NULL means every rule.
 * @start: (nullable): called before each game the player plays, after its
 *   options are set.  A player plays game after game in a comparison run:
 *   the first start makes what the player keeps (a table), each later
 *   one empties it cheaply (a table's new generation), so that no game
 *   maps or zeroes memory
 * @ready: (nullable): called by a game under a clock before the clock
 *   runs for the player's move (nim_player_ready()): an external engine
 *   answers the isready of the game's start here, so that what it sets up
 *   for the game is not charged to its clock
 * @choose_move: picks a legal move on @board (which has one)
 * @take_turn: (nullable): a person's turn: a legal move, or a request for
 *   the game (#NimTurn); a player without it moves with @choose_move
 * @finalize: (nullable): frees what the instance owns
 * @explain_move: (nullable): appends to @self->explain why @move was
 *   chosen on @board; called right after choose_move, with the statistics
 *   complete, and only when an explanation was asked for
 *
 * A player's class: a const table of function pointers, filled with
 * designated initialisers.  The game calls it once per move through
 * nim_player_choose_move(); searchers never call through it per node.
 */
struct _NimPlayerClass
{
  const char *name;
  const char *summary;
  const char *rules_help;
  gsize instance_size;
  NimPlayerKind kind;
  gboolean perfect;
  guint strength;
  gboolean trees;
  const NimPlayerShowcase *showcase;
  const NimPlayerOption *options;

  void (*init) (NimPlayer *self);
  gboolean (*supports) (const NimRules *rules, const NimBoard *start,
                        GError **error);
  gboolean (*start) (NimPlayer *self, GError **error);
  /* (nullable): what a class declared at run time carries, such as an
     external engine's command */
  gconstpointer class_data;
  gboolean (*ready) (NimPlayer *self, GError **error);
  gboolean (*choose_move) (NimPlayer *self, const NimBoard *board,
                           NimMove *move, GError **error);
  void (*finalize) (NimPlayer *self);
  void (*explain_move) (NimPlayer *self, const NimBoard *board,
                        const NimMove *move);
  gboolean (*take_turn) (NimPlayer *self, const NimBoard *board, NimTurn *turn,
                         GError **error);
};

/**
 * NimPlayer:
 * @klass: the class
 * @spec: the spec the player was made from, "negamax:depth=4"
 * @number: 1 or 2, as the game numbers the players
 * @rules: the rules of the game being played (set by nim_player_start())
 * @prompt: how the game talks with the people at it (see
 *   nim_player_set_prompt()); never %NULL
 * @rand: random numbers, seeded by --seed; read them with
 *   nim_player_get_rand(), which seeds them first
 * @seed: the seed nim_player_set_seed() was last given
 * @seed_pending: @rand is not seeded with @seed yet
 * @stats: statistics of the last move chosen
 * @explain: (nullable): when not %NULL (see nim_player_set_explain()), a
 *   player that can say why it moved writes its reasons here, in lines
 *   ending in newlines
 * @trace: (nullable): when not %NULL, a searcher reports the tree it
 *   explores to this observer (not owned)
 *
 * @start: the starting position of the game (set by nim_player_start())
 * @forfeit: (nullable): why the player could not start the game, a
 *   #NIM_FORFEIT_ERROR: the game it was started for is lost before the
 *   first move
 * @clock: (nullable): the game's clock while the player chooses a move
 *   under one (see nim_player_set_clock())
 *
 * The part every player has; concrete players embed it first.
 */
struct _NimPlayer
{
  const NimPlayerClass *klass;
  char *spec;
  guint number;
  NimRules rules;
  const NimPrompt *prompt;
  GRand *rand;
  guint32 seed;
  gboolean seed_pending;
  NimSearchStats stats;
  GString *explain;
  NimObserver *trace;
  NimBoard start;
  GError *forfeit;
  const NimClock *clock;
};

/**
 * NimSearchPlayer:
 * @parent: the player
 * @config: the options shared by the searchers
 * @tt: (nullable): the transposition table, made once and kept across
 *   moves and games (negamax clears it for each game, pns wipes it for
 *   each search)
 *
 * What every searcher has in common.  The instance of every class of kind
 * %NIM_PLAYER_SEARCHER is one (or begins with one): nim_player_set_stop()
 * puts the stop flag in @config, and `--solve` shares one budget among
 * its searches through @config.  So a searcher honours the budget and the
 * stop flag when each of its searches starts with nim_search_init() on
 * @config (not on a copy made before the flag was set), calls
 * nim_search_tick() for each node (or playout) and nim_search_poll()
 * within work that may be long (thousands of children made in one node);
 * tests/test-contract.c checks every searcher of the registry for it.
 */
typedef struct
{
  NimPlayer parent;
  NimSearchConfig config;
  NimTT *tt;
} NimSearchPlayer;

const NimPlayerClass *const *nim_player_classes (void);
const NimPlayerClass *nim_player_class_lookup (const char *name);
gboolean nim_player_declare_class (const NimPlayerClass *klass,
                                   GError **error);

NimPlayer *nim_player_new (const char *spec, GError **error);
NimPlayer *nim_player_new_budgeted (const char *spec, const NimBudget *budget,
                                    GError **error);
char *nim_player_spec_option (const char *spec, const char *key);
void nim_player_free (NimPlayer *player);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimPlayer, nim_player_free)

void nim_player_set_number (NimPlayer *player, guint number);
void nim_player_set_prompt (NimPlayer *player, const NimPrompt *prompt);
void nim_player_set_seed (NimPlayer *player, guint32 seed);
GRand *nim_player_get_rand (NimPlayer *player);
void nim_player_set_explain (NimPlayer *player, gboolean explain);
const char *nim_player_get_explanation (const NimPlayer *player);
void nim_player_set_trace (NimPlayer *player, NimObserver *trace);
void nim_player_set_clock (NimPlayer *player, const NimClock *clock);
gboolean nim_player_ready (NimPlayer *player, GError **error);
const GError *nim_player_get_forfeit (const NimPlayer *player);
double nim_player_clock_budget (const NimClock *clock, guint number);
double nim_player_get_time_budget (const NimPlayer *player,
                                   const NimClock *clock);
gboolean nim_player_set_option (NimPlayer *player, const char *key,
                                const char *value, GError **error);
void nim_player_set_stop (NimPlayer *player, const gint *stop);
gboolean nim_player_get_budget (const NimPlayer *player, NimBudget *budget);
gboolean nim_player_set_budget (NimPlayer *player, const NimBudget *budget);
const char *nim_player_get_name (const NimPlayer *player);
const char *nim_player_get_spec (const NimPlayer *player);
gboolean nim_player_is_interactive (const NimPlayer *player);
const NimSearchStats *nim_player_get_stats (const NimPlayer *player);
guint64 nim_player_get_memory (const NimPlayer *player);

gboolean nim_player_supports (const NimPlayerClass *klass,
                              const NimRules *rules, const NimBoard *start,
                              GError **error);
gboolean nim_player_can_play (const NimPlayer *player, const NimRules *rules,
                              const NimBoard *start, GError **error);
gboolean nim_player_start (NimPlayer *player, const NimRules *rules,
                           const NimBoard *start, GError **error);
gboolean nim_player_choose_move (NimPlayer *player, const NimBoard *board,
                                 NimMove *move, GError **error);
gboolean nim_player_take_turn (NimPlayer *player, const NimBoard *board,
                               NimTurn *turn, GError **error);
gboolean nim_player_evaluate (NimPlayer *player, const NimBoard *board,
                              int *value, NimMove *move, GError **error);

const NimPlayerClass *nim_player_class_strongest (void);
char **nim_player_exact_specs (const char *search_options);
NimPlayer *nim_player_new_exact (const NimRules *rules, const NimBoard *start,
                                 const char *search_options, GError **error);
NimPlayer *nim_player_new_advisor (const NimRules *rules,
                                   const NimBoard *start);

G_END_DECLS
