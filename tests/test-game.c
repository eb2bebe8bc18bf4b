/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-game.c -- tests of the game loop, its observers, the record and
 * the board display */

#include "config.h"

#include "nim-test.h"

#include <glib.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "nim-display.h"
#include "nim-game.h"
#include "nim-prompt.h"
#include "nim-record.h"
#include "nim-error.h"

static NimPlayer *
new_started (const char *spec, guint number, const NimRules *rules,
             const NimBoard *start)
{
  g_autoptr (GError) error = NULL;
  NimPlayer *p = nim_player_new (spec, &error);

  g_assert_no_error (error);
  nim_player_set_number (p, number);
  g_assert_true (nim_player_start (p, rules, start, &error));
  g_assert_no_error (error);
  return p;
}

/* A stream holding @text, to be read as typed input. */
static FILE *
input_file (const char *text)
{
  FILE *f = tmpfile ();

  g_assert_nonnull (f);
  if (f == NULL)
    f = fopen ("/dev/null", "r+");
  g_assert_cmpint (fputs (text, f), >=, 0);
  rewind (f);
  return f;
}

/* Everything written to @f so far. */
static char *
read_all (FILE *f)
{
  GString *s = g_string_new (NULL);
  char buf[4096];
  size_t n;

  fflush (f);
  rewind (f);
  while ((n = fread (buf, 1, sizeof buf, f)) > 0)
    g_string_append_len (s, buf, (gssize) n);
  return g_string_free (s, FALSE);
}

/* What the display shows of a game between two players of @spec on
   @heaps under @take (as nim_test_rules() takes it) and @misere, player 1
   first, with the display's @flags. */
static char *
displayed_game (const char *spec, const char *take, gboolean misere,
                const char *heaps, guint flags)
{
  g_autoptr (NimPlayer) p1 = NULL;
  g_autoptr (NimPlayer) p2 = NULL;
  g_autoptr (NimGame) game = NULL;
  NimRules rules;
  NimBoard start;
  FILE *out = tmpfile ();
  char *text;

  g_assert_nonnull (out);
  nim_test_rules (&rules, take, misere);
  nim_test_board (&start, heaps);
  p1 = new_started (spec, 1, &rules, &start);
  p2 = new_started (spec, 2, &rules, &start);
  game = nim_game_new (&rules, &start, p1, p2, 1);
  nim_display_attach (game, out, flags);
  g_assert_true (nim_game_play (game, NULL));
  text = read_all (out);
  fclose (out);
  return text;
}

/* Replays the game's moves from its start: each must be legal where it
   was played, by the player whose turn it was, and leave the position
   recorded with it.  Returns the final position in @end. */
static void
replay (const NimGame *game, NimBoard *end)
{
  const NimRules *rules = nim_game_get_rules (game);
  guint to_move = nim_game_get_first (game), i;

  *end = *nim_game_get_start (game);
  for (i = 0; i < nim_game_get_n_moves (game); i++)
    {
      const NimGameMove *m = nim_game_get_move (game, i);

      g_assert_cmpuint (m->player, ==, to_move);
      g_assert_true (nim_board_check_move (end, rules, &m->move, NULL));
      nim_board_make_move (end, &m->move);
      g_assert_true (nim_board_equal (end, &m->after));
      to_move = 3 - to_move;
    }
  g_assert_true (nim_board_equal (end, nim_game_get_board (game)));
  g_assert_cmpuint (nim_game_get_to_move (game), ==, to_move);
}

/* Plays @spec1 against @spec2 to the end and returns the winner. */
static guint
play (const char *spec1, const char *spec2, const char *take, gboolean misere,
      const char *heaps, guint first, guint *n_moves)
{
  g_autoptr (NimPlayer) p1 = NULL;
  g_autoptr (NimPlayer) p2 = NULL;
  g_autoptr (NimGame) game = NULL;
  g_autoptr (GError) error = NULL;
  NimRules rules;
  NimBoard start, end;

  nim_test_rules (&rules, take, misere);
  nim_test_board (&start, heaps);
  p1 = new_started (spec1, 1, &rules, &start);
  p2 = new_started (spec2, 2, &rules, &start);
  game = nim_game_new (&rules, &start, p1, p2, first);
  g_assert_true (nim_game_play (game, &error));
  g_assert_no_error (error);
  replay (game, &end);
  g_assert_false (nim_board_has_move (&end, &rules));
  *n_moves = nim_game_get_n_moves (game);
  return nim_game_get_winner (game);
}

/* Two xor players from three rows of 3,4,5: whoever moves first wins (the
   nim-sum is 2), and the moves replay to empty heaps. */
static void
test_xor_vs_xor (void)
{
  g_autoptr (NimPlayer) p1 = NULL;
  g_autoptr (NimPlayer) p2 = NULL;
  g_autoptr (NimGame) game = NULL;
  NimRules rules;
  NimBoard start, end;
  const NimGameMove *last;
  guint n;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&start, "3,4,5");
  p1 = new_started ("xor", 1, &rules, &start);
  p2 = new_started ("xor", 2, &rules, &start);
  game = nim_game_new (&rules, &start, p1, p2, 1);
  g_assert_cmpuint (nim_game_get_winner (game), ==, 0);
  g_assert_cmpuint (nim_game_get_to_move (game), ==, 1);
  g_assert_true (nim_game_play (game, NULL));
  g_assert_cmpuint (nim_game_get_winner (game), ==, 1);
  g_assert_cmpuint (nim_game_get_first (game), ==, 1);
  g_assert_true (nim_game_get_player (game, 1) == p1);
  g_assert_true (nim_game_get_player (game, 2) == p2);
  replay (game, &end);
  g_assert_cmpuint (end.total, ==, 0);
  g_assert_cmpuint (end.n_heaps, ==, 3);
  /* The nim-sum move: heap 1 from 3 to 1. */
  g_assert_cmpuint (nim_game_get_move (game, 0)->move.heap, ==, 0);
  g_assert_cmpuint (nim_game_get_move (game, 0)->move.count, ==, 2);
  /* Under normal play the winner took the last match. */
  last = nim_game_get_move (game, nim_game_get_n_moves (game) - 1);
  g_assert_cmpuint (last->player, ==, 1);
  /* The start is kept as it was. */
  g_assert_true (nim_board_equal (nim_game_get_start (game), &start));

  g_assert_cmpuint (play ("xor", "xor", "any", FALSE, "3,4,5", 2, &n), ==, 2);
  /* 1,4,5 is lost for whoever moves. */
  g_assert_cmpuint (play ("xor", "xor", "any", FALSE, "1,4,5", 1, &n), ==, 2);
  g_assert_cmpuint (play ("xor", "xor", "any", FALSE, "1,4,5", 2, &n), ==, 1);
}

/* Games between the other players end with the side that should win
   winning. */
static void
test_players_agree (void)
{
  guint n;

  /* The course's 13 sticks under take 1 to 3: won by the first player. */
  g_assert_cmpuint (play ("minimax", "negamax", "max=3", FALSE, "13", 1, &n),
                    ==, 1);
  g_assert_cmpuint (play ("grundy", "negamax", "max=3", FALSE, "12", 1, &n),
                    ==, 2);
  /* The subtraction game's start: G = 3, a first-player win. */
  g_assert_cmpuint (
      play ("grundy", "grundy", "2,7,15,16", FALSE, "2,6,19", 1, &n), ==, 1);
  g_assert_cmpuint (
      play ("negamax", "grundy", "2,7,15,16", FALSE, "2,6,19", 2, &n), ==, 2);
  /* One pile of 10, take 1 or 2, misère: lost for the first. */
  g_assert_cmpuint (play ("grundy", "negamax", "max=2", TRUE, "10", 1, &n), ==,
                    2);
  /* A random player loses to xor from a position xor wins. */
  g_assert_cmpuint (play ("random", "xor", "any", FALSE, "3,4,7", 1, &n), ==,
                    2);
}

/* A test observer: it logs what it hears, and counts in *@freed (when
   not NULL) how often it is freed. */
typedef struct
{
  GString *log;
  guint *freed;
} Watch;

static void
watch_started (gpointer data, const NimGame *game)
{
  Watch *w = data;

  g_assert_cmpuint (nim_game_get_n_moves (game), ==, 0);
  g_string_append (w->log, "started;");
}

static void
watch_moved (gpointer data, const NimGame *game, const NimGameMove *move)
{
  Watch *w = data;

  const NimGameMove *last;

  /* The move is played and in the history when observers hear of it. */
  g_assert_true (nim_board_equal (nim_game_get_board (game), &move->after));
  last = nim_game_get_move (game, nim_game_get_n_moves (game) - 1);
  g_assert_cmpuint (last->player, ==, move->player);
  g_assert_true (nim_move_equal (&last->move, &move->move));
  g_string_append_printf (w->log, "moved %u %u %u;", move->player,
                          move->move.heap + 1, move->move.count);
}

static void
watch_finished (gpointer data, const NimGame *game)
{
  Watch *w = data;

  g_string_append_printf (w->log, "finished %u;", nim_game_get_winner (game));
}

static void
watch_free (gpointer data)
{
  Watch *w = data;

  if (w->freed != NULL)
    (*w->freed)++;
  g_string_free (w->log, TRUE);
  g_free (w);
}

static const NimObserverClass watch_class = {
  .started = watch_started,
  .moved = watch_moved,
  .finished = watch_finished,
  .free = watch_free,
};

/* An observer with only some callbacks, to show the others may be NULL. */
static const NimObserverClass finish_only_class = {
  .finished = watch_finished,
  .free = watch_free,
};

static Watch *
watch_new (guint *freed)
{
  Watch *w = g_new0 (Watch, 1);

  w->log = g_string_new (NULL);
  w->freed = freed;
  return w;
}

/* Observers hear of the start once, every move in order with the
   players alternating, then the end once; nim_game_free frees them. */
static void
test_observers (void)
{
  g_autoptr (NimPlayer) p1 = NULL;
  g_autoptr (NimPlayer) p2 = NULL;
  NimGame *game;
  NimRules rules;
  NimBoard start;
  Watch *w, *f;
  guint freed = 0;

  /* Take 1 to 3 from 5, player 2 (grundy) first: 5 mod 4 = 1, take 1;
     4 is lost, so negamax takes 1; grundy takes the last 3. */
  nim_test_rules (&rules, "max=3", FALSE);
  nim_test_board (&start, "5");
  p1 = new_started ("negamax", 1, &rules, &start);
  p2 = new_started ("grundy", 2, &rules, &start);
  game = nim_game_new (&rules, &start, p1, p2, 2);
  w = watch_new (&freed);
  f = watch_new (&freed);
  nim_game_add_observer (game, &watch_class, w);
  nim_game_add_observer (game, &finish_only_class, f);
  g_assert_true (nim_game_play (game, NULL));
  g_assert_cmpstr (w->log->str, ==,
                   "started;moved 2 1 1;moved 1 1 1;moved 2 1 3;finished 2;");
  g_assert_cmpstr (f->log->str, ==, "finished 2;");
  g_assert_cmpuint (freed, ==, 0);
  nim_game_free (game);
  g_assert_cmpuint (freed, ==, 2);
}

/* Misère from a single match: player 1 must take it and loses. */
static void
test_misere_single_match (void)
{
  g_autoptr (NimPlayer) p1 = NULL;
  g_autoptr (NimPlayer) p2 = NULL;
  g_autoptr (NimGame) game = NULL;
  NimRules rules;
  NimBoard start;
  guint n;

  nim_test_rules (&rules, "any", TRUE);
  nim_test_board (&start, "1");
  p1 = new_started ("xor", 1, &rules, &start);
  p2 = new_started ("xor", 2, &rules, &start);
  game = nim_game_new (&rules, &start, p1, p2, 1);
  g_assert_true (nim_game_play (game, NULL));
  g_assert_cmpuint (nim_game_get_n_moves (game), ==, 1);
  g_assert_cmpuint (nim_game_get_move (game, 0)->player, ==, 1);
  g_assert_cmpuint (nim_game_get_move (game, 0)->move.count, ==, 1);
  g_assert_cmpuint (nim_game_get_winner (game), ==, 2);

  /* Misère 3,4,5 has a heap above 1 and nim-sum 2: the first player
     wins, and the loser takes the last match. */
  g_assert_cmpuint (play ("xor", "xor", "any", TRUE, "3,4,5", 1, &n), ==, 1);
  g_assert_cmpuint (n % 2, ==, 0);
  /* All heaps single under misère: 1,1,1 is lost for the first player. */
  g_assert_cmpuint (play ("xor", "xor", "any", TRUE, "1,1,1", 1, &n), ==, 2);
  g_assert_cmpuint (n, ==, 3);
}

/* Under a subtraction set a game can end with matches left (as the
   course's subtraction game does); whoever cannot move loses under normal
   play and wins under misère. */
static void
test_set_ends_with_matches (void)
{
  static const struct
  {
    const char *take;
    gboolean misere;
    const char *heaps;
    guint first;
    guint moves;
    guint winner;
  } cases[] = {
    /* No legal move at the start: player 1 is stuck. */
    { "2,7,15,16", FALSE, "1,1", 1, 0, 2 },
    { "2,7,15,16", TRUE, "1,1", 1, 0, 1 },
    { "2,7,15,16", FALSE, "1,1", 2, 0, 1 },
    { "2,7,15,16", TRUE, "1,1", 2, 0, 2 },
    /* {2} on 3: player 1 takes 2, player 2 cannot take 2 from 1. */
    { "2", FALSE, "3", 1, 1, 1 },
    { "2", TRUE, "3", 1, 1, 2 },
    /* The subtraction game ends "Heaps: 0 0 3 ... Too bad, you lost!" with
       one match left after the computer's last move. */
    { "2,7,15,16", FALSE, "0,0,3", 1, 1, 1 },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (NimPlayer) p1 = NULL;
      g_autoptr (NimPlayer) p2 = NULL;
      g_autoptr (NimGame) game = NULL;
      g_autoptr (GError) error = NULL;
      NimRules rules;
      NimBoard start, end;
      Watch *w;

      nim_test_rules (&rules, cases[i].take, cases[i].misere);
      nim_test_board (&start, cases[i].heaps);
      p1 = new_started ("negamax", 1, &rules, &start);
      p2 = new_started ("random", 2, &rules, &start);
      game = nim_game_new (&rules, &start, p1, p2, cases[i].first);
      w = watch_new (NULL);
      nim_game_add_observer (game, &finish_only_class, w);
      g_assert_true (nim_game_play (game, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (nim_game_get_n_moves (game), ==, cases[i].moves);
      g_assert_cmpuint (nim_game_get_winner (game), ==, cases[i].winner);
      replay (game, &end);
      g_assert_cmpuint (end.total, >, 0);
      g_assert_cmpstr (w->log->str, ==,
                       cases[i].winner == 1 ? "finished 1;" : "finished 2;");
    }
}

/* Plays a human reading @input as player @human_number against xor on
   @heaps (take-any) and returns the game; what the human was told is in
   @told, the error in @error. */
static NimGame *
play_human (const char *input, guint human_number, const char *heaps,
            NimPlayer **human, NimPlayer **other, char **told,
            gboolean *finished, GError **error)
{
  NimRules rules;
  NimBoard start;
  FILE *in = input_file (input);
  FILE *out = tmpfile ();
  /* The program's prompt, on files in place of a terminal. */
  NimPromptStreams streams = { in, out };
  NimPrompt prompt = { nim_prompt_ask, &streams, FALSE, 0 };
  NimGame *game;
  Watch *w;
  g_autofree char *end = NULL;

  g_assert_nonnull (out);
  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&start, heaps);
  *human = new_started ("human", human_number, &rules, &start);
  *other = new_started ("xor", 3 - human_number, &rules, &start);
  nim_player_set_prompt (*human, &prompt);
  game = human_number == 1 ? nim_game_new (&rules, &start, *human, *other, 1)
                           : nim_game_new (&rules, &start, *other, *human, 1);
  w = watch_new (NULL);
  nim_game_add_observer (game, &watch_class, w);
  *finished = nim_game_play (game, error);
  /* Observers hear of the end, abandoned or not. */
  end = g_strdup_printf ("finished %u;", nim_game_get_winner (game));
  g_assert_true (g_str_has_prefix (w->log->str, "started;"));
  g_assert_true (g_str_has_suffix (w->log->str, end));
  *told = read_all (out);
  fclose (in);
  fclose (out);
  /* Nothing may touch the streams after this. */
  nim_player_set_prompt (*human, NULL);
  return game;
}

/* A person who types quit gives the game up, a request the game answers
   by stopping (nim_game_get_stop ()); a person whose input ends abandons
   it with NIM_ERROR_ABANDONED.  Either way there is no winner, and
   observers still hear the end. */
static void
test_abandoned (void)
{
  static const struct
  {
    const char *input;
    guint human;
    guint moves;
    const char *message;
  } cases[] = {
    { "quit\n", 1, 0, "quit" },
    { "q\n", 1, 0, "quit" },
    { "", 1, 0, "end of input" },
    { "x\n", 1, 0, "end of input" },
    /* xor moves first (3,4,5 -> 1,4,5), then the person gives up. */
    { "quit\n", 2, 1, "quit" },
    { "", 2, 1, "end of input" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (NimPlayer) human = NULL;
      g_autoptr (NimPlayer) other = NULL;
      g_autoptr (NimGame) game = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *told = NULL;
      gboolean finished;
      NimBoard end;
      g_autofree char *shown = g_strescape (cases[i].input, NULL);

      g_test_message ("input \"%s\", human is player %u", shown,
                      cases[i].human);
      game = play_human (cases[i].input, cases[i].human, "3,4,5", &human,
                         &other, &told, &finished, &error);
      if (g_str_equal (cases[i].message, "quit"))
        {
          g_assert_true (finished);
          g_assert_no_error (error);
          g_assert_cmpint (nim_game_get_stop (game), ==,
                           NIM_GAME_STOP_GIVE_UP);
        }
      else
        {
          g_assert_false (finished);
          g_assert_error (error, NIM_ERROR, NIM_ERROR_ABANDONED);
          nim_test_assert_contains (nim_test_error_message (error),
                                    cases[i].message);
          g_assert_cmpint (nim_game_get_stop (game), ==, NIM_GAME_STOP_NONE);
        }
      g_assert_cmpuint (nim_game_get_winner (game), ==, 0);
      g_assert_cmpuint (nim_game_get_n_moves (game), ==, cases[i].moves);
      replay (game, &end);
      g_assert_cmpuint (nim_game_get_to_move (game), ==, cases[i].human);
      /* The prompt was shown. */
      nim_test_assert_contains (told, "your move");
    }
}

/* Each wrong entry gets a message saying what is wrong, and the next
   right one is played. */
static void
test_human_invalid_then_valid (void)
{
  g_autoptr (NimPlayer) human = NULL;
  g_autoptr (NimPlayer) other = NULL;
  g_autoptr (NimGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *told = NULL;
  gboolean finished;
  const NimGameMove *m;

  game = play_human ("x\n9 1\n0 1\n1 9\n1 0\n1 -2\n1 2 3\n\n1 1\n", 1, "3,4,5",
                     &human, &other, &told, &finished, &error);
  /* The input ends at the person's second turn. */
  g_assert_false (finished);
  g_assert_error (error, NIM_ERROR, NIM_ERROR_ABANDONED);
  g_assert_cmpuint (nim_game_get_n_moves (game), ==, 2);
  m = nim_game_get_move (game, 0);
  g_assert_cmpuint (m->player, ==, 1);
  g_assert_cmpuint (m->move.heap, ==, 0);
  g_assert_cmpuint (m->move.count, ==, 1);
  nim_test_assert_contains (told, "'x' is not a heap number");
  nim_test_assert_contains (told, "There is no heap 9");
  nim_test_assert_contains (told, "There is no heap 0");
  nim_test_assert_contains (told,
                            "Heap 1 has only 3 matches; you cannot take 9");
  nim_test_assert_contains (told, "at least 1 match");
  nim_test_assert_contains (told, "-2 is negative");
  nim_test_assert_contains (told, "Too much typed");
  /* An empty line is no error: it gets the help. */
  nim_test_assert_not_contains (told, "Nothing was typed");
  nim_test_assert_contains (told, "Commands: moves");
}

/* A person can give the heap and then the count when asked (as in the
   three-row game), and with one heap just the count (as in the one-pile
   game); a person can win. */
static void
test_human_plays_to_the_end (void)
{
  g_autoptr (NimPlayer) human = NULL;
  g_autoptr (NimPlayer) other = NULL;
  g_autoptr (NimGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *told = NULL;
  gboolean finished;

  /* 1,2,4: the person takes 1 from heap 3 (leaving 1,2,3, nim-sum 0);
     xor, lost, takes 1 from heap 1 (0,2,3); the person takes 1 from
     heap 3 (0,2,2); xor takes 1 from heap 2 (0,1,2); the person takes 1
     from heap 3 (0,1,1); xor takes heap 2; the person the last match. */
  game = play_human ("3\n1\n3 1\n3 1\n3 1\n", 1, "1,2,4", &human, &other,
                     &told, &finished, &error);
  g_assert_no_error (error);
  g_assert_true (finished);
  g_assert_cmpuint (nim_game_get_winner (game), ==, 1);
  g_assert_cmpuint (nim_game_get_n_moves (game), ==, 7);
  nim_test_assert_contains (told, "How many matches do you take from heap 3?");
  g_clear_pointer (&game, nim_game_free);
  g_clear_pointer (&told, g_free);
  g_clear_pointer (&human, nim_player_free);
  g_clear_pointer (&other, nim_player_free);

  /* One heap: the count alone.  Taking all 5 wins at once. */
  game = play_human ("6\n5\n", 1, "5", &human, &other, &told, &finished,
                     &error);
  g_assert_no_error (error);
  g_assert_true (finished);
  g_assert_cmpuint (nim_game_get_winner (game), ==, 1);
  g_assert_cmpuint (nim_game_get_n_moves (game), ==, 1);
  nim_test_assert_contains (told, "how many matches do you take?");
  /* A game of one heap never names a heap number. */
  nim_test_assert_contains (told,
                            "Only 5 matches are left; you cannot take 6");
  nim_test_assert_not_contains (told, "heap");
  nim_test_assert_not_contains (told, "Heap");
}

/* A prompt function of the test's own: it answers with the lines of
   @lines in turn, as typed (blanks and all), and keeps each message and
   prompt it was given, so the player can be heard without a terminal. */
typedef struct
{
  const char *const *lines;
  guint next;
  GPtrArray *messages; /* one per question, "" for none */
  GPtrArray *prompts;
} Script;

static char *
script_ask (gpointer data, const char *message, const char *prompt,
            GError **error)
{
  Script *s = data;

  g_ptr_array_add (s->messages, g_strdup (message != NULL ? message : ""));
  g_ptr_array_add (s->prompts, g_strdup (prompt));
  if (s->lines[s->next] == NULL)
    {
      g_set_error_literal (error, NIM_ERROR, NIM_ERROR_ABANDONED,
                           "end of script");
      return NULL;
    }
  return g_strdup (s->lines[s->next++]);
}

/* What a person player has to say (help, the legal moves, a hint, what
   was wrong) comes back as the message of its next question, whole
   lines, never printed by the library. */
static void
test_human_prompt_messages (void)
{
  static const char *const lines[]
      = { "help", "moves", "hint", " 7 1 ", "1", "",
          "3 2",  "back",  "1",    "2",     NULL };
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) prompts = g_ptr_array_new_with_free_func (g_free);
  Script script = { lines, 0, messages, prompts };
  NimPrompt prompt = { script_ask, &script, FALSE, 0 };
  g_autoptr (NimPlayer) human = NULL;
  g_autoptr (GError) error = NULL;
  NimRules rules;
  NimBoard board;
  NimMove move;
  guint i;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&board, "3,4,5");
  human = new_started ("human", 2, &rules, &board);
  nim_player_set_prompt (human, &prompt);
  g_assert_true (nim_player_choose_move (human, &board, &move, &error));
  g_assert_no_error (error);
  /* "1" alone asks for the count, "" gets the help, "3 2" is explained,
     back asks for the heap again, and "1" then "2" is the move. */
  g_assert_cmpuint (move.heap, ==, 0);
  g_assert_cmpuint (move.count, ==, 2);

  g_assert_cmpuint (messages->len, ==, 10);
  if (messages->len < 10 || prompts->len < 10)
    return;
  g_assert_cmpstr (messages->pdata[0], ==, "");
  g_assert_cmpstr (prompts->pdata[0], ==,
                   "Player 2, your move (HEAP COUNT): ");
  nim_test_assert_contains (messages->pdata[1], "Commands: moves");
  /* The example is a legal move here. */
  nim_test_assert_contains (messages->pdata[1],
                            "Type the heap and how many matches you take "
                            "from it, such as 1 1\n(heap 1, 1 match)");
  nim_test_assert_contains (messages->pdata[2],
                            "Legal moves (heap count):\n  1 1, 1 2");
  nim_test_assert_contains (messages->pdata[3],
                            "Hint from xor: take 2 matches from heap 1.\n");
  /* The hint's explanation, two columns in, as --explain shows it. */
  nim_test_assert_contains (messages->pdata[3], "\n  ");
  g_assert_cmpstr (messages->pdata[4], ==,
                   "There is no heap 7; the heaps are numbered 1 to 3.\n");
  g_assert_cmpstr (messages->pdata[5], ==, "");
  g_assert_cmpstr (prompts->pdata[5], ==,
                   "How many matches do you take from heap 1? ");
  /* An empty line at the count prompt: the help, which tells of back. */
  g_assert_true (g_str_has_prefix (messages->pdata[6],
                                   "Take any number of matches from one "
                                   "heap; whoever takes the last match "
                                   "wins.\nType how many matches you take "
                                   "from heap 1, such as 1, or back to "
                                   "choose another heap.\n"));
  g_assert_cmpstr (messages->pdata[7], ==,
                   "'3 2' is more than a count: the heap is chosen, heap 1, "
                   "and this question asks only how many matches to take "
                   "from it, such as 1. To choose another heap, type "
                   "back.\n");
  g_assert_cmpstr (prompts->pdata[7], ==,
                   "How many matches do you take from heap 1? ");
  /* back: the move's first question again, with nothing to say. */
  g_assert_cmpstr (messages->pdata[8], ==, "");
  g_assert_cmpstr (prompts->pdata[8], ==,
                   "Player 2, your move (HEAP COUNT): ");
  for (i = 0; i < messages->len; i++)
    {
      const char *m = messages->pdata[i];

      g_assert_true (*m == '\0' || g_str_has_suffix (m, "\n"));
    }

  /* "quit" as typed, blanks and all, gives up, which no game is here to
     answer; so does the end of the input, whose error the player passes
     on, naming itself. */
  for (i = 0; i < 2; i++)
    {
      static const char *const quit[] = { "  Quit ", NULL };
      static const char *const none[] = { NULL };
      Script again = { i == 0 ? quit : none, 0, messages, prompts };
      NimPrompt asks_again = { script_ask, &again, FALSE, 0 };

      nim_player_set_prompt (human, &asks_again);
      g_assert_false (nim_player_choose_move (human, &board, &move, &error));
      g_assert_error (error, NIM_ERROR, NIM_ERROR_ABANDONED);
      g_assert_cmpstr (nim_test_error_message (error), ==,
                       i == 0 ? "player 2 gave up: quit"
                              : "player 2 gave up: end of script");
      g_clear_error (&error);
    }
}

/* The person's moves against @lines on @heaps under @take, as player 1
   against the computer (@opponent): the messages and the move. */
static void
script_turn (const char *take, gboolean misere, gboolean one_pile,
             const char *heaps, const char *opponent, const char *const *lines,
             GPtrArray *messages, NimMove *move)
{
  g_autoptr (GPtrArray) prompts = g_ptr_array_new_with_free_func (g_free);
  Script script = { lines, 0, messages, prompts };
  NimPrompt prompt = { script_ask, &script, one_pile, 1, opponent, FALSE };
  g_autoptr (NimPlayer) human = NULL;
  g_autoptr (GError) error = NULL;
  NimRules rules;
  NimBoard board;

  nim_test_rules (&rules, take, misere);
  nim_test_board (&board, heaps);
  human = new_started ("human", 1, &rules, &board);
  nim_player_set_prompt (human, &prompt);
  g_assert_true (nim_player_choose_move (human, &board, move, &error));
  g_assert_no_error (error);
}

/* A heap no move takes from is named as such, with a heap that can be
   played: never "you cannot take 2" when nobody typed 2. */
static void
test_human_stuck_heap (void)
{
  static const char *const lines[] = { "1", "1 5", "2 2", NULL };
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  NimMove move;

  script_turn ("2,7,15,16", FALSE, FALSE, "1,6,19", NULL, lines, messages,
               &move);
  g_assert_cmpuint (move.heap, ==, 1);
  g_assert_cmpuint (move.count, ==, 2);
  g_assert_cmpstr (messages->pdata[1], ==,
                   "No move takes from heap 1, which has 1 match: a move "
                   "takes 2, 7, 15 or 16. Choose another heap, such as 2 "
                   "2.\n");
  g_assert_cmpstr (messages->pdata[2], ==, messages->pdata[1]);
  nim_test_assert_not_contains (messages->pdata[1], "cannot take");
}

/* @text with the lines of its explanation joined again. */
static char *
unwrapped (const char *text)
{
  GString *s = g_string_new (text);

  g_string_replace (s, "\n  ", " ", 0);
  return g_string_free (s, FALSE);
}

/* hint NAME asks that player, the computer's own with its options when
   NAME is its name; the hint speaks to the person, in a lost position
   too, and names the player that gave it. */
static void
test_human_hint_name (void)
{
  static const char *const lines[]
      = { "hint negamax", "hint human", "hint nobody", "hint", "1 1", NULL };
  static const char *const pile[] = { "hint", "1", NULL };
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) told = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *negamax = NULL;
  g_autofree char * xor = NULL;
  g_autofree char *grundy = NULL;
  NimMove move;

  script_turn ("any", FALSE, FALSE, "1,2,3", "negamax:tt=1M", lines, messages,
               &move);
  negamax = unwrapped (messages->pdata[1]);
  xor = unwrapped (messages->pdata[4]);
  g_assert_true (g_str_has_prefix (
      messages->pdata[1], "Hint from negamax:tt=1M: take 1 match from heap "
                          "1.\n"));
  nim_test_assert_contains (negamax, "a loss for you");
  nim_test_assert_contains (negamax, "take as little as you can");
  g_assert_cmpstr (messages->pdata[2], ==,
                   "No hint: hint asks a computer player, such as hint "
                   "negamax.\n");
  nim_test_assert_contains (messages->pdata[3],
                            "No hint: unknown player 'nobody'");
  /* The exact solver, xor, in a lost position: what to do, not what xor
     does. */
  g_assert_true (g_str_has_prefix (
      messages->pdata[4], "Hint from xor: take 1 match from heap 1.\n"));
  nim_test_assert_contains (xor, "So take 1 from heap 1, as little as you "
                                 "can, and hope for a mistake.");
  nim_test_assert_not_contains (xor, "xor chooses");

  /* The course's lost pile, 4 stones taking 1 or 2: grundy's hint. */
  script_turn ("max=2", TRUE, TRUE, "4", "grundy", pile, told, &move);
  grundy = unwrapped (told->pdata[1]);
  g_assert_true (
      g_str_has_prefix (told->pdata[1], "Hint from grundy: take 1 stone.\n"));
  nim_test_assert_contains (grundy, "Take 1 stone, as little as you can, and "
                                    "hope for a mistake.");
  nim_test_assert_not_contains (grundy, "grundy takes");
}

/* In the one-pile game a person is asked for stones, and each wrong
   count is answered with the counts accepted, "take 1 or 2" (never "1 to
   2"), or with how many are left. */
static void
test_human_one_pile (void)
{
  static const char *const lines[] = { "3", "0", "x", "", "moves", "2", NULL };
  static const char *const last[] = { "2", "help", "1", NULL };
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) prompts = g_ptr_array_new_with_free_func (g_free);
  Script script = { lines, 0, messages, prompts };
  Script script1 = { last, 0, messages, prompts };
  NimPrompt prompt = { script_ask, &script, TRUE, 0 };
  NimPrompt prompt1 = { script_ask, &script1, TRUE, 0 };
  g_autoptr (NimPlayer) human = NULL;
  g_autoptr (GError) error = NULL;
  NimRules rules;
  NimBoard board, one;
  NimMove move;
  guint i;

  nim_test_rules (&rules, "max=2", TRUE);
  nim_test_board (&board, "10");
  human = new_started ("human", 1, &rules, &board);
  nim_player_set_prompt (human, &prompt);
  g_assert_true (nim_player_choose_move (human, &board, &move, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (move.heap, ==, 0);
  g_assert_cmpuint (move.count, ==, 2);
  g_assert_cmpuint (messages->len, ==, 6);
  for (i = 0; i < prompts->len; i++)
    g_assert_cmpstr (prompts->pdata[i], ==,
                     "Player 1, how many stones do you take? ");
  g_assert_cmpstr (messages->pdata[0], ==, "");
  g_assert_cmpstr (messages->pdata[1], ==,
                   "You cannot take 3 stones; take 1 or 2.\n");
  g_assert_cmpstr (messages->pdata[2], ==,
                   "You cannot take 0 stones; take 1 or 2.\n");
  g_assert_cmpstr (messages->pdata[3], ==,
                   "'x' is not a number of stones; take 1 or 2 (or help).\n");
  /* An empty line gets the help. */
  g_assert_true (g_str_has_prefix (messages->pdata[4],
                                   "Take 1 or 2 stones from the pile; "
                                   "whoever takes the last stone loses.\n"
                                   "Type how many stones you take, such as "
                                   "1.\n"));
  g_assert_cmpstr (messages->pdata[5], ==, "Legal moves: take 1 or 2.\n");

  /* The last stone: 2 is more than are left; help is the pile's. */
  g_ptr_array_set_size (messages, 0);
  g_ptr_array_set_size (prompts, 0);
  nim_test_board (&one, "1");
  nim_player_set_prompt (human, &prompt1);
  g_assert_true (nim_player_choose_move (human, &one, &move, &error));
  g_assert_cmpuint (move.count, ==, 1);
  g_assert_cmpstr (messages->pdata[1], ==,
                   "Only 1 stone is left in the pile; you cannot take 2.\n");
  g_assert_true (g_str_has_prefix (
      messages->pdata[2], "Take 1 or 2 stones from the pile; whoever takes "
                          "the last stone loses.\n"
                          "Type how many stones you take, such as 1.\n"));

  /* Not the one-pile game: the words of heaps and matches again. */
  prompt.one_pile = FALSE;
  g_ptr_array_set_size (messages, 0);
  g_ptr_array_set_size (prompts, 0);
  script.next = 0;
  nim_player_set_prompt (human, &prompt);
  g_assert_true (nim_player_choose_move (human, &board, &move, &error));
  g_assert_cmpstr (prompts->pdata[0], ==,
                   "Player 1, how many matches do you take? ");
  g_assert_cmpstr (messages->pdata[1], ==,
                   "You may take at most 2 matches at a time.\n");
}

/* Every notice of the game loop, requests included, in one log. */
static void
watch_turn (gpointer data, const NimGame *game)
{
  g_string_append_printf (((Watch *) data)->log, "turn %u;",
                          nim_game_get_to_move (game));
}

static void
watch_shown (gpointer data, const NimGame *game)
{
  (void) game;
  g_string_append (((Watch *) data)->log, "shown;");
}

static void
watch_taken_back (gpointer data, const NimGame *game, guint n_moves)
{
  g_string_append_printf (((Watch *) data)->log, "taken back %u to %u;",
                          n_moves, nim_game_get_n_moves (game));
}

static const NimObserverClass request_watch_class = {
  .started = watch_started,
  .moved = watch_moved,
  .finished = watch_finished,
  .free = watch_free,
  .turn = watch_turn,
  .shown = watch_shown,
  .taken_back = watch_taken_back,
};

/* A person's requests, answered by the game loop: board shows the
   position again, undo takes back the person's move and the reply (the
   board and the history as before them), and new stops the game
   (NIM_GAME_STOP_NEW_GAME) for the program to start another. */
static void
test_human_requests (void)
{
  NimRules rules;
  NimBoard start, expected;
  FILE *in = input_file ("board\n1 3\nundo\n1 2\nnew\n");
  FILE *out = tmpfile ();
  NimPromptStreams streams = { in, out };
  /* One person against the computer, who may take moves back. */
  NimPrompt prompt = { nim_prompt_ask, &streams, FALSE, 1 };
  g_autoptr (NimPlayer) human = NULL;
  g_autoptr (NimPlayer) xor = NULL;
  g_autoptr (NimGame) game = NULL;
  g_autoptr (GError) error = NULL;
  Watch *w = watch_new (NULL);
  g_autofree char *told = NULL;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&start, "3,4,5");
  human = new_started ("human", 1, &rules, &start);
  xor = new_started ("xor", 2, &rules, &start);
  nim_player_set_prompt (human, &prompt);
  game = nim_game_new (&rules, &start, human, xor, 1);
  nim_game_add_observer (game, &request_watch_class, w);
  g_assert_true (nim_game_play (game, &error));
  g_assert_no_error (error);
  g_assert_cmpint (nim_game_get_stop (game), ==, NIM_GAME_STOP_NEW_GAME);
  /* 1 3, xor 3 1 (0, 4, 4), taken back; 1 2 (1, 4, 5: lost for xor,
     which takes one match, 0, 4, 5). */
  g_assert_cmpstr (w->log->str, ==,
                   "started;turn 1;shown;turn 1;moved 1 1 3;turn 2;"
                   "moved 2 3 1;turn 1;taken back 2 to 0;turn 1;"
                   "moved 1 1 2;turn 2;moved 2 1 1;turn 1;finished 0;");
  g_assert_cmpuint (nim_game_get_n_moves (game), ==, 2);
  g_assert_cmpuint (nim_game_get_move (game, 0)->move.count, ==, 2);
  nim_test_board (&expected, "0,4,5");
  g_assert_true (nim_board_equal (nim_game_get_board (game), &expected));
  g_assert_cmpuint (nim_game_get_winner (game), ==, 0);
  told = read_all (out);
  nim_test_assert_not_contains (told, "nothing to undo");
  fclose (in);
  fclose (out);
  nim_player_set_prompt (human, NULL);
}

/* A person player that nobody gave a prompt fails with an error, and
   does not read or write anything itself. */
static void
test_human_no_prompt (void)
{
  g_autoptr (NimPlayer) human = NULL;
  g_autoptr (GError) error = NULL;
  NimRules rules;
  NimBoard board;
  NimMove move;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&board, "3,4,5");
  human = new_started ("human", 1, &rules, &board);
  g_assert_false (nim_player_choose_move (human, &board, &move, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_FAILED);
  nim_test_assert_contains (nim_test_error_message (error),
                            "player 1 (human)");
}

/* Returns @o's member @name, which must exist. */
static JsonNode *
member (JsonObject *o, const char *name)
{
  if (!json_object_has_member (o, name))
    g_test_message ("no member \"%s\"", name);
  g_assert_true (json_object_has_member (o, name));
  return json_object_get_member (o, name);
}

/* Asserts that the JSON array @a holds exactly @n integers @values. */
static void
assert_int_array (JsonArray *a, const gint64 *values, guint n)
{
  guint i;

  g_assert_cmpuint (json_array_get_length (a), ==, n);
  for (i = 0; i < n; i++)
    g_assert_cmpint (json_array_get_int_element (a, i), ==, values[i]);
}

/* The JSON record holds the rules, start, players, every move (heaps
   from 1) with statistics for searched moves only, and the winner. */
static void
test_record (void)
{
  static const gint64 start_heaps[] = { 3, 4, 5 };
  static const gint64 after_first[] = { 1, 4, 5 };
  g_autoptr (NimPlayer) p1 = NULL;
  g_autoptr (NimPlayer) p2 = NULL;
  g_autoptr (NimGame) game = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (JsonNode) unseeded = NULL;
  g_autofree char *text = NULL;
  JsonObject *root, *rules_o, *m0;
  JsonArray *moves, *players;
  NimRules rules;
  NimBoard start;
  guint i;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&start, "3,4,5");
  p1 = new_started ("negamax:tt=1M", 1, &rules, &start);
  p2 = new_started ("xor", 2, &rules, &start);
  game = nim_game_new (&rules, &start, p1, p2, 1);
  g_assert_true (nim_game_play (game, NULL));

  node = nim_record_game (game, 42);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  root = json_node_get_object (node);

  rules_o = json_node_get_object (member (root, "rules"));
  g_assert_cmpstr (json_object_get_string_member (rules_o, "take"), ==, "any");
  g_assert_false (json_object_get_boolean_member (rules_o, "misere"));
  assert_int_array (json_node_get_array (member (root, "start")), start_heaps,
                    3);
  g_assert_cmpint (json_node_get_int (member (root, "first")), ==, 1);
  players = json_node_get_array (member (root, "players"));
  g_assert_cmpuint (json_array_get_length (players), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (players, 0), ==,
                   "negamax:tt=1M");
  g_assert_cmpstr (json_array_get_string_element (players, 1), ==, "xor");
  g_assert_cmpint (json_node_get_int (member (root, "seed")), ==, 42);
  g_assert_cmpint (json_node_get_int (member (root, "winner")), ==, 1);
  g_assert_false (json_node_get_boolean (member (root, "abandoned")));

  moves = json_node_get_array (member (root, "moves"));
  g_assert_cmpuint (json_array_get_length (moves), ==,
                    nim_game_get_n_moves (game));
  /* The nim-sum move first, heap numbered from 1. */
  m0 = json_array_get_object_element (moves, 0);
  g_assert_cmpint (json_node_get_int (member (m0, "player")), ==, 1);
  g_assert_cmpint (json_node_get_int (member (m0, "heap")), ==, 1);
  g_assert_cmpint (json_node_get_int (member (m0, "take")), ==, 2);
  assert_int_array (json_node_get_array (member (m0, "heaps")), after_first,
                    3);
  for (i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);
      const NimGameMove *gm = nim_game_get_move (game, i);
      gint64 player = json_node_get_int (member (m, "player"));

      g_assert_cmpint (player, ==, gm->player);
      g_assert_cmpint (json_node_get_int (member (m, "heap")), ==,
                       gm->move.heap + 1);
      g_assert_cmpint (json_node_get_int (member (m, "take")), ==,
                       gm->move.count);
      /* negamax searched; xor did not. */
      g_assert_cmpint (json_object_has_member (m, "stats"), ==, player == 1);
      if (player == 1)
        {
          JsonObject *s = json_node_get_object (member (m, "stats"));

          g_assert_cmpint (json_node_get_int (member (s, "nodes")), >, 0);
          g_assert_true (json_node_get_boolean (member (s, "proven")));
          g_assert_cmpstr (json_node_get_string (member (s, "value")), ==,
                           "win");
        }
    }

  /* Without a seed there is no "seed"; the text is valid JSON. */
  unseeded = nim_record_game (game, -1);
  g_assert_false (
      json_object_has_member (json_node_get_object (unseeded), "seed"));
  text = nim_record_to_string (node, FALSE);
  {
    g_autoptr (JsonParser) parser = json_parser_new ();

    g_assert_true (json_parser_load_from_data (parser, text, -1, NULL));
    g_assert_true (json_node_equal (json_parser_get_root (parser), node));
  }
}

/* Each double is written in the fewest digits that read back as the
   same double, never JsonGenerator's %.17g noise; whole numbers keep
   their ".0"; indenting changes nothing else. */
static void
test_record_numbers (void)
{
  static const struct
  {
    double value;
    const char *text;
  } cases[] = {
    { 9.6e-05, "9.6e-05" },
    { 6.7e-05, "6.7e-05" },
    { 0.1, "0.1" },
    { 0.3, "0.3" },
    { 0.1 + 0.2, "0.30000000000000004" },
    { 1.0 / 3.0, "0.3333333333333333" },
    { 2.0, "2.0" },
    { 0.0, "0.0" },
    { 1e300, "1e+300" },
    { 123456.789, "123456.789" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();
      g_autoptr (JsonNode) node = NULL;
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autofree char *text = NULL;
      g_autofree char *pretty = NULL;
      g_autofree char *expected = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, cases[i].value);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, "a \"b\"\n");
      json_builder_set_member_name (b, "list");
      json_builder_begin_array (b);
      json_builder_add_int_value (b, 3);
      json_builder_add_boolean_value (b, TRUE);
      json_builder_add_null_value (b);
      json_builder_end_array (b);
      json_builder_end_object (b);
      node = json_builder_get_root (b);
      text = nim_record_to_string (node, FALSE);
      expected = g_strdup_printf ("{\"seconds\":%s,\"name\":\"a "
                                  "\\\"b\\\"\\n\",\"list\":[3,true,null]}",
                                  cases[i].text);
      g_assert_cmpstr (text, ==, expected);
      g_assert_true (json_parser_load_from_data (parser, text, -1, NULL));
      g_assert_true (json_node_equal (json_parser_get_root (parser), node));
      g_assert_cmpfloat (
          json_object_get_double_member (
              json_node_get_object (json_parser_get_root (parser)), "seconds"),
          ==, cases[i].value);
      pretty = nim_record_to_string (node, TRUE);
      nim_test_assert_contains (pretty, cases[i].text);
      g_assert_true (json_parser_load_from_data (parser, pretty, -1, NULL));
      g_assert_true (json_node_equal (json_parser_get_root (parser), node));
    }
}

/* The record of a subtraction game lists its counts, and an abandoned
   game has no winner. */
static void
test_record_abandoned (void)
{
  static const gint64 counts[] = { 2, 7, 15, 16 };
  static const gint64 range[] = { 1, 2, 3 };
  g_autoptr (NimPlayer) human = NULL;
  g_autoptr (NimPlayer) other = NULL;
  g_autoptr (NimGame) game = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (JsonNode) rules_node = NULL;
  g_autofree char *told = NULL;
  gboolean finished;
  JsonObject *root;
  NimRules rules;

  game = play_human ("quit\n", 2, "3,4,5", &human, &other, &told, &finished,
                     NULL);
  g_assert_cmpint (nim_game_get_stop (game), ==, NIM_GAME_STOP_GIVE_UP);
  node = nim_record_game (game, -1);
  root = json_node_get_object (node);
  g_assert_true (JSON_NODE_HOLDS_NULL (member (root, "winner")));
  g_assert_true (json_node_get_boolean (member (root, "abandoned")));
  g_assert_cmpuint (
      json_array_get_length (json_node_get_array (member (root, "moves"))), ==,
      1);

  nim_test_rules (&rules, "2,7,15,16", TRUE);
  rules_node = nim_record_rules (&rules);
  assert_int_array (
      json_object_get_array_member (json_node_get_object (rules_node), "take"),
      counts, 4);
  g_assert_true (json_object_get_boolean_member (
      json_node_get_object (rules_node), "misere"));
  g_clear_pointer (&rules_node, json_node_unref);
  nim_test_rules (&rules, "max=3", FALSE);
  rules_node = nim_record_rules (&rules);
  assert_int_array (
      json_object_get_array_member (json_node_get_object (rules_node), "take"),
      range, 3);
}

static void
assert_display (const char *heaps, const char *expected)
{
  NimBoard board;
  g_autofree char *text = NULL;

  nim_test_board (&board, heaps);
  text = nim_display_board (&board);
  g_assert_cmpstr (text, ==, expected);
}

/* The board as a person sees it: matches in groups of five with two
   spaces between (the three-row game's "|||||  ||||"), the counts in one
   column. */
static void
test_display_board (void)
{
  /* The three-row game's start. */
  assert_display ("3,4,9", "Heap 1: |||          3\n"
                           "Heap 2: ||||         4\n"
                           "Heap 3: |||||  ||||  9\n");
  assert_display ("5,10,11", "Heap 1: |||||            5\n"
                             "Heap 2: |||||  |||||     10\n"
                             "Heap 3: |||||  |||||  |  11\n");
  /* An empty heap keeps its line. */
  assert_display ("0,2", "Heap 1:     0\n"
                         "Heap 2: ||  2\n");
  /* A game of one heap: no heap number. */
  assert_display ("1", "Matches: |  1\n");
  /* 50 matches are still drawn, 68 columns wide (ten groups of five and
     nine gaps of two); the single match is padded to that width. */
  {
    g_autofree char *pad = g_strnfill (67, ' ');
    g_autofree char *fifty = g_strdup_printf (
        "Heap 1: |||||  |||||  |||||  |||||  |||||  |||||  |||||  |||||  "
        "|||||  |||||  50\n"
        "Heap 2: |%s  1\n",
        pad);

    assert_display ("50,1", fifty);
  }
  /* 51 are too wide for a line: numbers only. */
  assert_display ("51,1", "Heap 1: 51\nHeap 2: 1\n");
  assert_display ("4000000000", "Matches: 4000000000\n");
  /* Ten heaps or more widen the label so the bars line up. */
  assert_display ("1,1,1,1,1,1,1,1,1,1", "Heap  1: |  1\n"
                                         "Heap  2: |  1\n"
                                         "Heap  3: |  1\n"
                                         "Heap  4: |  1\n"
                                         "Heap  5: |  1\n"
                                         "Heap  6: |  1\n"
                                         "Heap  7: |  1\n"
                                         "Heap  8: |  1\n"
                                         "Heap  9: |  1\n"
                                         "Heap 10: |  1\n");
  assert_display ("1,1,1,1,1,1,1,1,2", "Heap 1: |   1\n"
                                       "Heap 2: |   1\n"
                                       "Heap 3: |   1\n"
                                       "Heap 4: |   1\n"
                                       "Heap 5: |   1\n"
                                       "Heap 6: |   1\n"
                                       "Heap 7: |   1\n"
                                       "Heap 8: |   1\n"
                                       "Heap 9: ||  2\n");
}

/* The one pile in words, with its stones drawn while they fit a line. */
static void
test_display_pile (void)
{
  static const struct
  {
    guint32 stones;
    gboolean start;
    const char *text;
  } cases[] = {
    { 10, TRUE, "The pile has 10 stones: |||||  |||||\n" },
    { 1, TRUE, "The pile has 1 stone: |\n" },
    { 9, FALSE, "9 stones are left in the pile: |||||  ||||\n" },
    { 1, FALSE, "1 stone is left in the pile: |\n" },
    { 0, FALSE, "No stones are left in the pile.\n" },
    { 51, TRUE, "The pile has 51 stones.\n" },
    { 51, FALSE, "51 stones are left in the pile.\n" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text
          = nim_display_pile (cases[i].stones, cases[i].start);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* The course's one-pile game as a person watching it sees it: how many
   stones each move removes and how many are left.  4 is lost (4 mod 3 =
   1): player 1 takes 1 and player 2 leaves it the last stone. */
static void
test_display_one_pile (void)
{
  g_autofree char *text
      = displayed_game ("grundy", "max=2", TRUE, "4", NIM_DISPLAY_ONE_PILE);

  g_assert_cmpstr (text, ==,
                   "Nim. Take 1 or 2 stones from the pile; whoever takes "
                   "the last stone loses.\n"
                   "Player 1 (grundy) plays Player 2 (grundy); player 1 "
                   "moves first.\n"
                   "\n"
                   "The pile has 4 stones: ||||\n"
                   "\n"
                   "Player 1 (grundy) removes 1 stone.\n"
                   "\n"
                   "3 stones are left in the pile: |||\n"
                   "\n"
                   "Player 2 (grundy) removes 2 stones.\n"
                   "\n"
                   "1 stone is left in the pile: |\n"
                   "\n"
                   "Player 1 (grundy) removes 1 stone.\n"
                   "\n"
                   "No stones are left in the pile.\n"
                   "\n"
                   "Player 2 (grundy) wins!\n");
}

/* What a person watching a short game sees, start to end. */
static void
test_display_game (void)
{
  g_autofree char *text = displayed_game ("xor", "any", FALSE, "1,2", 0);

  g_assert_cmpstr (text, ==,
                   "Nim. Take any number of matches from one heap; whoever "
                   "takes the last match wins.\n"
                   "Player 1 (xor) plays Player 2 (xor); player 1 moves "
                   "first.\n"
                   "\n"
                   "Heap 1: |   1\n"
                   "Heap 2: ||  2\n"
                   "\n"
                   "Player 1 (xor) takes 1 from heap 2.\n"
                   "\n"
                   "Heap 1: |  1\n"
                   "Heap 2: |  1\n"
                   "\n"
                   "Player 2 (xor) takes 1 from heap 1.\n"
                   "\n"
                   "Heap 1:    0\n"
                   "Heap 2: |  1\n"
                   "\n"
                   "Player 1 (xor) takes 1 from heap 2.\n"
                   "\n"
                   "Heap 1: 0\n"
                   "Heap 2: 0\n"
                   "\n"
                   "Player 1 (xor) wins!\n");
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);

  g_test_add_func ("/game/xor-vs-xor", test_xor_vs_xor);
  g_test_add_func ("/game/players-agree", test_players_agree);
  g_test_add_func ("/game/observers", test_observers);
  g_test_add_func ("/game/misere-single-match", test_misere_single_match);
  g_test_add_func ("/game/set-ends-with-matches", test_set_ends_with_matches);
  g_test_add_func ("/game/abandoned", test_abandoned);
  g_test_add_func ("/game/human/invalid-then-valid",
                   test_human_invalid_then_valid);
  g_test_add_func ("/game/human/to-the-end", test_human_plays_to_the_end);
  g_test_add_func ("/game/human/prompt-messages", test_human_prompt_messages);
  g_test_add_func ("/game/human/one-pile", test_human_one_pile);
  g_test_add_func ("/game/human/stuck-heap", test_human_stuck_heap);
  g_test_add_func ("/game/human/hint-name", test_human_hint_name);
  g_test_add_func ("/game/human/no-prompt", test_human_no_prompt);
  g_test_add_func ("/game/human/requests", test_human_requests);
  g_test_add_func ("/game/record", test_record);
  g_test_add_func ("/game/record-abandoned", test_record_abandoned);
  g_test_add_func ("/game/record-numbers", test_record_numbers);
  g_test_add_func ("/game/display/board", test_display_board);
  g_test_add_func ("/game/display/game", test_display_game);
  g_test_add_func ("/game/display/pile", test_display_pile);
  g_test_add_func ("/game/display/one-pile", test_display_one_pile);

  return g_test_run ();
}
