/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-prompt.c -- libFuzzer target for the human player's move line
 *
 * The first byte of the input picks one of a few fixed games; the rest is
 * what a person types, read by nim_player_choose_move () through the
 * program's prompt (nim_prompt_ask ()) on an fmemopen () stream.  A move
 * it returns must be legal; it is played and the next one read, until
 * the input ends (the player then gives up) or the game does.  Commands
 * such as `hint`, `moves`, `board` and `new` run too, which is why every game
 * here has a closed-form advisor: an instant hint, no search. */

#include "config.h"

#include "fuzz.h"

#include "nim-player.h"
#include "nim-prompt.h"
#include "nim-error.h"

#include <stdio.h>

typedef struct
{
  const char *heaps;
  const char *moves; /* NULL: take any number, or 1..max_take */
  guint max_take;    /* 0: no range rule */
  gboolean misere;
} Game;

static const Game games[] = {
  { "3,4,5", NULL, 0, FALSE },         /* three rows of matches */
  { "2,6,19", "2,7,15,16", 0, FALSE }, /* the subtraction game */
  { "13", NULL, 3, FALSE },            /* 13 sticks: a single heap */
  { "3,4,5", NULL, 0, TRUE },          /* misère play */
  { "7", NULL, 2, TRUE },              /* one pile, the last one loses */
};

/* The prompts and messages are not checked here; /dev/null takes them. */
static FILE *
null_output (void)
{
  static FILE *out;

  if (out == NULL)
    out = fopen ("/dev/null", "w");
  fuzz_check (out != NULL);
  return out;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const Game *game;
  g_autoptr (NimPlayer) human = NULL;
  g_autoptr (GError) error = NULL;
  NimRules rules;
  NimBoard board;
  FILE *in;
  NimPromptStreams streams;
  NimPrompt prompt = { nim_prompt_ask, &streams, FALSE, 0 };
  guint moves_made = 0;

  if (size < 1)
    return 0;
  game = &games[data[0] % G_N_ELEMENTS (games)];
  nim_rules_init (&rules);
  if (game->moves != NULL)
    fuzz_check (nim_rules_parse_moves (&rules, game->moves, "--moves", NULL));
  if (game->max_take > 0)
    fuzz_check (nim_rules_set_max_take (&rules, game->max_take, NULL));
  rules.misere = game->misere;
  fuzz_check (nim_board_parse (&board, game->heaps, "--heaps", NULL));

  human = nim_player_new ("human", NULL);
  fuzz_check (human != NULL);
  /* fmemopen () of zero bytes fails on some libcs; an empty line stream
     is the same end of input. */
  in = size > 1 ? fmemopen ((void *) (data + 1), size - 1, "r")
                : fopen ("/dev/null", "r");
  fuzz_check (in != NULL);
  streams.in = in;
  streams.out = null_output ();
  nim_player_set_prompt (human, &prompt);
  fuzz_check (nim_player_start (human, &rules, &board, NULL));

  while (nim_board_has_move (&board, &rules))
    {
      NimTurn turn;

      if (!nim_player_take_turn (human, &board, &turn, &error))
        {
          /* The only way out without a turn is the end of the input. */
          fuzz_check (g_error_matches (error, NIM_ERROR, NIM_ERROR_ABANDONED));
          break;
        }
      fuzz_check (error == NULL);
      /* `board` asks the game to draw the position: it is asked again,
         as the game loop would.  (`undo` only tells here: the person is
         not alone against a computer.) */
      if (turn.kind == NIM_TURN_SHOW_BOARD)
        continue;
      if (turn.kind != NIM_TURN_MOVE)
        {
          fuzz_check (turn.kind == NIM_TURN_GIVE_UP
                      || turn.kind == NIM_TURN_NEW_GAME);
          break;
        }
      fuzz_check (nim_board_check_move (&board, &rules, &turn.move, NULL));
      nim_board_make_move (&board, &turn.move);
      moves_made++;
    }
  /* Each move takes a match, and each line read at most one move. */
  fuzz_check (moves_made <= size);
  fclose (in);
  return 0;
}
