/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-rules-known.c -- the take-and-break games that have names, in
   plain words
 *
 * A code such as 0.77 says what a move may take and leave, digit by
 * digit; a person reads "Kayles: knock down one pin or two neighbouring
 * pins" better.  The games of the literature (Winning Ways, the OEIS)
 * that nim's --help and manual name are told by their rules here, for
 * the code family to say (nim_rules_describe()). */

#include "config.h"

#include "nim-rules.h"

#include "nim-i18n.h"

/* A named game: its code, and its rules under normal and misère play,
   sentences for nim_rules_describe(). */
typedef struct
{
  const char *code;
  const char *normal;
  const char *misere;
} KnownGame;

static const KnownGame known_games[] = {
  { "0.77",
    N_ ("Kayles (0.77): each heap is a row of pins; knock down one pin or "
        "two neighbouring pins, and a row may fall apart in two; a player "
        "who cannot move loses."),
    N_ ("Kayles (0.77): each heap is a row of pins; knock down one pin or "
        "two neighbouring pins, and a row may fall apart in two; whoever "
        "knocks down the last pin loses.") },
  { "0.07",
    N_ ("Dawson's Kayles (0.07): each heap is a row of pins; knock down two "
        "neighbouring pins, and a row may fall apart in two; a player who "
        "cannot move loses."),
    N_ ("Dawson's Kayles (0.07): each heap is a row of pins; knock down two "
        "neighbouring pins, and a row may fall apart in two; a player who "
        "cannot move wins.") },
  { "0.137",
    N_ ("Dawson's chess (0.137): take a heap of one match, two matches from "
        "the end of a heap, or three matches from anywhere in a heap, which "
        "may split it in two; a player who cannot move loses."),
    N_ ("Dawson's chess (0.137): take a heap of one match, two matches from "
        "the end of a heap, or three matches from anywhere in a heap, which "
        "may split it in two; whoever takes the last match loses.") },
  { "0.007",
    N_ ("Treblecross (0.007): take three neighbouring matches from a heap, "
        "which may split it in two; a player who cannot move loses."),
    N_ ("Treblecross (0.007): take three neighbouring matches from a heap, "
        "which may split it in two; a player who cannot move wins.") },
};

/**
 * nim_rules_known_game:
 * @code: a take-and-break code as the literature writes it, "0.77"
 * @misere: under misère play
 *
 * Returns: (nullable): the rules of the game @code is, if it has a name,
 *   in plain words (translated), one sentence; %NULL for any other code
 */
const char *
nim_rules_known_game (const char *code, gboolean misere)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (known_games); i++)
    if (g_str_equal (code, known_games[i].code))
      return misere ? _ (known_games[i].misere) : _ (known_games[i].normal);
  return NULL;
}
