/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli.c -- the real nim binary, driven through its standard input
 *
 * Every test runs $NIM_BINARY (set by make check) with LC_ALL=C, writes a
 * script to its standard input and checks what a person would see, the
 * --json record or the error message, and the exit status.  nim echoes
 * each line it reads when standard input is not a terminal, so a
 * transcript reads like the course's: "Which heap do you take matches
 * from? 3".  The games of the five course exercises, whose dialogues users
 * expect, are replayed here move for move. */

#include "config.h"

#include "nim-defaults.h"
#include "nim-error.h"
#include "nim-exit.h"
#include "nim-player.h"
#include "nim-test.h"

#include <stdio.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>

/* The exit statuses nim(1) documents, spelled out rather than taken from
   nim-util.h: the test checks the promise, not the code. */
#define STATUS_FINISHED 0
#define STATUS_USAGE 2
#define STATUS_ABANDONED 3

/* The prompts of a person playing the computer: multi-heap,
   single-heap, and the count after the heap alone was typed (the German
   transcript's "Wieviele Streichhoelzer moechten Sie entnehmen?"). */
#define PROMPT "Which heap do you take matches from? "
#define PROMPT_ONE "How many matches do you take? "
#define PROMPT_COUNT "How many matches do you take? "
/* Between two persons, which asks for the number of heaps too. */
#define PROMPT_HEAPS "How many heaps? [3] "
/* The line of a game a person plays that says how to get help and to
   leave, before the first question. */
#define LEAVE "Type help at any question for help, or q to quit.\n"

#define MAX_HEAPS 64

/* ------------------------------------------------------------------------ */
/* Running nim */

/* The shared runners of tests/nim-test.c, under the names used here. */
#define have_nim nim_test_have_nim
#define run_nim_to nim_test_run_nim_to
#define run_nimv nim_test_run_nimv
#define run_nim nim_test_run_nim

/* ------------------------------------------------------------------------ */
/* Checking what it printed */

/* Fails the test unless nim exited with @expected, showing its output. */
static void
assert_status (int status, int expected, const char *out, const char *err)
{
  if (status != expected)
    g_test_message ("exit status %d, expected %d; stdout:\n%s\nstderr:\n%s",
                    status, expected, out, err);
  g_assert_cmpint (status, ==, expected);
}

static void
assert_ends_with (const char *text, const char *suffix)
{
  if (!g_str_has_suffix (text, suffix))
    g_test_message ("this text:\n%s\ndoes not end with:\n%s", text, suffix);
  g_assert_true (g_str_has_suffix (text, suffix));
}

/* Whether @text is exactly one line, newline included. */
static gboolean
is_one_line (const char *text)
{
  const char *newline = strchr (text, '\n');

  return newline != NULL && newline[1] == '\0';
}

/* Returns what nim printed after @entry was typed at @prompt, up to the
   next @again prompt; fails the test unless both are there. */
static char *
response_to (const char *out, const char *prompt, const char *entry,
             const char *again)
{
  g_autofree char *typed = g_strconcat (prompt, entry, "\n", NULL);
  const char *start = strstr (out, typed);
  const char *end;

  nim_test_assert_contains (out, typed);
  if (start == NULL)
    return g_strdup ("");
  start += strlen (typed);
  end = strstr (start, again);
  if (end == NULL)
    g_test_message ("no prompt \"%s\" after \"%s\" in:\n%s", again, typed,
                    out);
  g_assert_nonnull (end);
  return end != NULL ? g_strndup (start, end - start) : g_strdup ("");
}

/* Checks that @entry, typed at @prompt, got one line naming the problem
   (containing @message) and then the prompt @again (NULL: @prompt). */
static void
assert_reprompted (const char *out, const char *prompt, const char *entry,
                   const char *message, const char *again)
{
  g_autofree char *reply
      = response_to (out, prompt, entry, again != NULL ? again : prompt);

  nim_test_assert_contains (reply, message);
  if (!is_one_line (reply))
    g_test_message ("expected one line before the prompt, got:\n%s", reply);
  g_assert_true (is_one_line (reply));
}

/* ------------------------------------------------------------------------ */
/* The game, as the test understands it */

typedef struct
{
  guint player; /* 1 or 2 */
  guint heap;   /* from 1, as people count */
  guint64 take;
} Move;

/* The take rule and the win condition, written out independently of nim. */
typedef struct
{
  guint max_take; /* --max-take, or 0 for none */
  guint moves[8]; /* --moves, sorted; n_moves == 0 when not given */
  guint n_moves;
  gboolean misere;
} Rules;

typedef struct
{
  guint64 heaps[MAX_HEAPS];
  guint n_heaps;
  guint to_move;
} Position;

static const Rules take_any = { 0 };
static const Rules take_any_misere = { .misere = TRUE };

static gboolean
rules_allow (const Rules *rules, guint64 heap, guint64 take)
{
  guint i;

  if (take < 1 || take > heap)
    return FALSE;
  if (rules->max_take > 0 && take > rules->max_take)
    return FALSE;
  if (rules->n_moves == 0)
    return TRUE;
  for (i = 0; i < rules->n_moves; i++)
    if (rules->moves[i] == take)
      return TRUE;
  return FALSE;
}

static void
position_init (Position *pos, const char *heaps, guint first)
{
  g_auto (GStrv) items = g_strsplit (heaps, ",", -1);
  guint i;

  memset (pos, 0, sizeof *pos);
  for (i = 0; items[i] != NULL; i++)
    {
      g_assert_cmpuint (i, <, MAX_HEAPS);
      pos->heaps[i] = g_ascii_strtoull (items[i], NULL, 10);
    }
  pos->n_heaps = i;
  pos->to_move = first;
}

/* Plays @move, failing the test if it is out of turn or against @rules. */
static void
position_play (Position *pos, const Rules *rules, const Move *move)
{
  g_assert_cmpuint (move->player, ==, pos->to_move);
  g_assert_cmpuint (move->heap, >=, 1);
  g_assert_cmpuint (move->heap, <=, pos->n_heaps);
  if (!rules_allow (rules, pos->heaps[move->heap - 1], move->take))
    g_test_message ("player %u may not take %" G_GUINT64_FORMAT
                    " from heap %u of %" G_GUINT64_FORMAT,
                    move->player, move->take, move->heap,
                    pos->heaps[move->heap - 1]);
  g_assert_true (rules_allow (rules, pos->heaps[move->heap - 1], move->take));
  pos->heaps[move->heap - 1] -= move->take;
  pos->to_move = 3 - pos->to_move;
}

/* The winner once the player to move has no legal move: that player loses
   under normal play and wins under misère play.  0 while play goes on. */
static guint
position_winner (const Position *pos, const Rules *rules)
{
  guint i, j;

  for (i = 0; i < pos->n_heaps; i++)
    {
      if (pos->heaps[i] > 0 && rules->n_moves == 0)
        return 0;
      for (j = 0; j < rules->n_moves; j++)
        if (rules->moves[j] <= pos->heaps[i])
          return 0;
    }
  return rules->misere ? pos->to_move : 3 - pos->to_move;
}

static guint64
nim_sum (const Position *pos)
{
  guint64 sum = 0;
  guint i;

  for (i = 0; i < pos->n_heaps; i++)
    sum ^= pos->heaps[i];
  return sum;
}

/* The Sprague-Grundy value of one heap of @n under @rules (mex of the
   values it can move to), by the recursion of the course's subtraction
   game. */
static guint
grundy_value (const Rules *rules, guint64 n)
{
  g_autofree guint *g = g_new0 (guint, n + 1);
  guint64 k, t;

  for (k = 1; k <= n; k++)
    {
      guint64 seen = 0;

      for (t = 1; t <= k; t++)
        if (rules_allow (rules, k, t) && g[k - t] < 64)
          seen |= G_GUINT64_CONSTANT (1) << g[k - t];
      while (g[k] < 64 && (seen & (G_GUINT64_CONSTANT (1) << g[k])))
        g[k]++;
    }
  return g[n];
}

static guint
grundy_sum (const Rules *rules, const Position *pos)
{
  guint sum = 0, i;

  for (i = 0; i < pos->n_heaps; i++)
    sum ^= grundy_value (rules, pos->heaps[i]);
  return sum;
}

/* The moves a transcript reports, in order: "Player 2 (xor) takes 1 from
   heap 1." or, with one heap, "Player 1 (minimax) takes 3.". */
static GArray *
transcript_moves (const char *out)
{
  g_autoptr (GRegex) re = NULL;
  g_autoptr (GMatchInfo) match = NULL;
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (Move));

  /* "takes 2 from heap 3.", "takes 2." and, in the one-pile game,
     "removes 2 stones." */
  re = g_regex_new ("^Player ([12]) \\([^)]*\\) (?:takes|removes) "
                    "([0-9]+)(?: stones?)?(?: from heap ([0-9]+))?\\.$",
                    G_REGEX_MULTILINE, 0, NULL);
  g_assert_nonnull (re);
  g_regex_match (re, out, 0, &match);
  while (g_match_info_matches (match))
    {
      g_autofree char *player = g_match_info_fetch (match, 1);
      g_autofree char *take = g_match_info_fetch (match, 2);
      g_autofree char *heap = g_match_info_fetch (match, 3);
      Move m;

      m.player = (guint) g_ascii_strtoull (player, NULL, 10);
      m.take = g_ascii_strtoull (take, NULL, 10);
      m.heap = heap != NULL && *heap != '\0'
                   ? (guint) g_ascii_strtoull (heap, NULL, 10)
                   : 1;
      g_array_append_val (moves, m);
      g_match_info_next (match, NULL);
    }
  return moves;
}

/* The moves of the one-pile game against the computer, player
   @computer: "The computer removes 2 stones." and "You remove 1 stone." */
static GArray *
pile_moves (const char *out, guint computer)
{
  g_autoptr (GRegex) re = NULL;
  g_autoptr (GMatchInfo) match = NULL;
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (Move));

  re = g_regex_new ("^(The computer removes|You remove) ([0-9]+) stones?\\.$",
                    G_REGEX_MULTILINE, 0, NULL);
  g_assert_nonnull (re);
  g_regex_match (re, out, 0, &match);
  while (g_match_info_matches (match))
    {
      g_autofree char *who = g_match_info_fetch (match, 1);
      g_autofree char *take = g_match_info_fetch (match, 2);
      Move m;

      m.player = g_str_has_prefix (who, "You") ? 3 - computer : computer;
      m.take = g_ascii_strtoull (take, NULL, 10);
      m.heap = 1;
      g_array_append_val (moves, m);
      g_match_info_next (match, NULL);
    }
  return moves;
}

/* The moves of a game of one person against the computer, which names
   no player: read off its boards, "Current position:" at the start and
   after every move but one that empties the board (the game's end, as
   the course's transcript shows it), each move the difference between
   one board and the next, the players taking turns from @first. */
static GArray *
versus_moves (const char *out, guint first)
{
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  g_autoptr (GArray) boards = g_array_new (FALSE, TRUE, sizeof (Position));
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (Move));
  Position pos;
  guint i, j, player = first;

  for (i = 0; lines[i] != NULL; i++)
    {
      if (!g_str_equal (lines[i], "Current position:"))
        continue;
      g_assert_cmpstr (lines[i + 1], ==, "-----");
      memset (&pos, 0, sizeof pos);
      for (i += 2; lines[i] != NULL
                   && (g_str_has_prefix (lines[i], "Heap ")
                       || g_str_has_prefix (lines[i], "Matches:"));
           i++)
        {
          const char *c;

          for (c = strchr (lines[i], ':'); *c != '\0'; c++)
            pos.heaps[pos.n_heaps] += *c == '|';
          pos.n_heaps++;
        }
      g_array_append_val (boards, pos);
      i--;
    }
  g_assert_cmpuint (boards->len, >, 0);
  /* The last move took the last match when the game was won with none
     drawn after it. */
  if (strstr (out, "has won this game!") != NULL
      && strstr (out, "no legal move") == NULL)
    {
      memset (&pos, 0, sizeof pos);
      pos.n_heaps = g_array_index (boards, Position, 0).n_heaps;
      g_array_append_val (boards, pos);
    }
  for (i = 1; i < boards->len; i++)
    {
      const Position *a = &g_array_index (boards, Position, i - 1);
      const Position *b = &g_array_index (boards, Position, i);
      Move m = { player, 0, 0 };

      /* `board` draws the same position again: no move. */
      if (memcmp (a->heaps, b->heaps, sizeof a->heaps) == 0)
        continue;
      for (j = 0; j < a->n_heaps; j++)
        if (a->heaps[j] != b->heaps[j])
          {
            g_assert_cmpuint (m.heap, ==, 0); /* one heap a move */
            g_assert_cmpuint (b->heaps[j], <, a->heaps[j]);
            m.heap = j + 1;
            m.take = a->heaps[j] - b->heaps[j];
          }
      g_array_append_val (moves, m);
      player = 3 - player;
    }
  return moves;
}

/* Checks the moves of @player in @moves against @expected, a list of
   heap, take pairs, in order. */
static void
assert_moves_of (const GArray *moves, guint player, const guint *expected,
                 guint n_expected)
{
  guint i, n = 0;

  for (i = 0; i < moves->len; i++)
    {
      const Move *m = &g_array_index (moves, Move, i);

      if (m->player != player)
        continue;
      g_assert_cmpuint (n, <, n_expected);
      g_assert_cmpuint (m->heap, ==, expected[2 * n]);
      g_assert_cmpuint (m->take, ==, expected[2 * n + 1]);
      n++;
    }
  g_assert_cmpuint (n, ==, n_expected);
}

/* ------------------------------------------------------------------------ */
/* The --json record */

static JsonNode *
member (JsonObject *object, const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    g_test_message ("the JSON object has no member \"%s\"", name);
  g_assert_nonnull (node);
  return node;
}

static gint64
member_int (JsonObject *object, const char *name)
{
  JsonNode *node = member (object, name);

  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  g_assert_true (json_node_get_value_type (node) == G_TYPE_INT64);
  return json_node_get_int (node);
}

static gboolean
member_bool (JsonObject *object, const char *name)
{
  JsonNode *node = member (object, name);

  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  g_assert_true (json_node_get_value_type (node) == G_TYPE_BOOLEAN);
  return json_node_get_boolean (node);
}

static JsonArray *
member_array (JsonObject *object, const char *name)
{
  JsonNode *node = member (object, name);

  g_assert_true (JSON_NODE_HOLDS_ARRAY (node));
  return json_node_get_array (node);
}

static JsonObject *
member_object (JsonObject *object, const char *name)
{
  JsonNode *node = member (object, name);

  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  return json_node_get_object (node);
}

static gint64
element_int (JsonArray *array, guint i)
{
  JsonNode *node = json_array_get_element (array, i);

  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  g_assert_true (json_node_get_value_type (node) == G_TYPE_INT64);
  return json_node_get_int (node);
}

/* Parses @text, which must be one JSON object on one line. */
static JsonNode *
parse_record (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonNode *root;

  if (!json_parser_load_from_data (parser, text, -1, &error))
    g_test_message ("not JSON: %s\n%s", nim_test_error_message (error), text);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_nonnull (root);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  g_assert_true (is_one_line (text));
  return json_node_copy (root);
}

/* Checks a --json record against the game it should describe: rules,
   start, first and players as given; every move in turn and legal, its
   "heaps" the heaps before it minus "take" at "heap"; and a winner that
   follows from the rules (or null for an abandoned game).  Returns the
   moves' objects, owned by @record. */
static JsonArray *
check_record (JsonObject *record, const Rules *rules, const char *start,
              guint first, const char *player1, const char *player2)
{
  JsonObject *r = member_object (record, "rules");
  JsonNode *take = member (r, "take");
  JsonArray *heaps = member_array (record, "start");
  JsonArray *players = member_array (record, "players");
  JsonArray *moves = member_array (record, "moves");
  JsonNode *winner = member (record, "winner");
  Position pos;
  guint i, j;

  /* "take": "any", or the counts a move may take. */
  if (rules->max_take == 0 && rules->n_moves == 0)
    g_assert_cmpstr (json_node_get_string (take), ==, "any");
  else
    {
      JsonArray *counts;
      guint n = rules->max_take > 0 ? rules->max_take : rules->n_moves;

      g_assert_true (JSON_NODE_HOLDS_ARRAY (take));
      counts = json_node_get_array (take);
      g_assert_cmpuint (json_array_get_length (counts), ==, n);
      for (i = 0; i < n; i++)
        g_assert_cmpint (element_int (counts, i), ==,
                         rules->max_take > 0 ? i + 1 : rules->moves[i]);
    }
  g_assert_cmpint (member_bool (r, "misere"), ==, rules->misere);

  position_init (&pos, start, first);
  g_assert_cmpuint (json_array_get_length (heaps), ==, pos.n_heaps);
  for (i = 0; i < pos.n_heaps; i++)
    g_assert_cmpint (element_int (heaps, i), ==, pos.heaps[i]);
  g_assert_cmpint (member_int (record, "first"), ==, first);
  g_assert_cmpuint (json_array_get_length (players), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (players, 0), ==, player1);
  g_assert_cmpstr (json_array_get_string_element (players, 1), ==, player2);

  for (i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);
      JsonArray *after;
      Move move;

      g_assert_nonnull (m);
      move.player = (guint) member_int (m, "player");
      move.heap = (guint) member_int (m, "heap");
      move.take = (guint64) member_int (m, "take");
      position_play (&pos, rules, &move);
      after = member_array (m, "heaps");
      g_assert_cmpuint (json_array_get_length (after), ==, pos.n_heaps);
      for (j = 0; j < pos.n_heaps; j++)
        g_assert_cmpint (element_int (after, j), ==, pos.heaps[j]);
    }

  if (member_bool (record, "abandoned"))
    {
      g_assert_true (JSON_NODE_HOLDS_NULL (winner));
      g_assert_cmpuint (position_winner (&pos, rules), ==, 0);
    }
  else
    {
      g_assert_cmpuint (position_winner (&pos, rules), !=, 0);
      g_assert_cmpint (member_int (record, "winner"), ==,
                       position_winner (&pos, rules));
    }
  return moves;
}

/* Checks the "stats" of a searcher's move: nodes within @max_nodes (0:
   any), and a value exactly when the search proved one. */
static void
check_stats (JsonObject *move, guint64 max_nodes)
{
  JsonObject *stats = member_object (move, "stats");
  JsonNode *value = member (stats, "value");
  gint64 nodes = member_int (stats, "nodes");

  g_assert_cmpint (nodes, >=, 1);
  if (max_nodes > 0)
    g_assert_cmpint (nodes, <=, max_nodes);
  if (member_bool (stats, "proven"))
    {
      const char *v = json_node_get_string (value);

      g_assert_true (g_strcmp0 (v, "win") == 0 || g_strcmp0 (v, "loss") == 0);
    }
  else
    g_assert_true (JSON_NODE_HOLDS_NULL (value));
}

/* ------------------------------------------------------------------------ */
/* The games of the course exercises */

/* The three rows of matches of the German transcript, with the heap
   counts asked for, the human's moves of the transcript, and the
   computer's replies in it, made by xor. */
static const char three_rows_moves[] = "3 2\n3 1\n1 1\n2 1\n3 2\n3 1\n";
static const guint three_rows_replies[]
    = { 1, 1, 1, 1, 3, 2, 3, 1, 2, 2, 2, 1 };

/* The end of the three-row game as nim shows it: the computer has won,
   the empty board not drawn, as the transcript ends. */
#define THREE_ROWS_END                                                        \
  "The computer's move!\nThe computer takes 1 match from heap 2.\n\n"         \
  "The computer has won this game!\n"

/* Checks the three-row game in @out: xor answers the nim-sum move
   whenever it has one, and replies as the transcript's computer did. */
static void
check_three_rows_game (const char *out)
{
  g_autoptr (GArray) moves = versus_moves (out, 1);
  Position pos;
  guint i;

  nim_test_assert_contains (out, "\nCurrent position:\n-----\n"
                                 "Heap 1: |||\n"
                                 "Heap 2: ||||\n"
                                 "Heap 3: |||||  ||||\n"
                                 "\nYour move!\n" PROMPT "3 2\n"
                                 "\nCurrent position:\n-----\n"
                                 "Heap 1: |||\n"
                                 "Heap 2: ||||\n"
                                 "Heap 3: |||||  ||\n"
                                 "\nThe computer's move!\n"
                                 "The computer takes 1 match from heap 1.\n");
  /* One person against the computer: no "Player 2 (xor)". */
  nim_test_assert_not_contains (out, "Player");
  assert_ends_with (out, THREE_ROWS_END);

  g_assert_cmpuint (moves->len, ==, 12);
  assert_moves_of (moves, 2, three_rows_replies,
                   G_N_ELEMENTS (three_rows_replies) / 2);
  position_init (&pos, "3,4,9", 1);
  for (i = 0; i < moves->len; i++)
    {
      const Move *m = &g_array_index (moves, Move, i);
      gboolean winning = nim_sum (&pos) != 0;

      position_play (&pos, &take_any, m);
      if (m->player == 2 && winning)
        g_assert_cmpuint (nim_sum (&pos), ==, 0);
    }
  g_assert_cmpuint (position_winner (&pos, &take_any), ==, 2);
}

/* The three rows asked for, as the transcript asks (no number of heaps,
   nor who moves first: the person does), then the transcript's moves
   against xor to the computer's win. */
static void
test_three_rows_dialogue (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *input = g_strconcat ("3\n4\n9\n", three_rows_moves, NULL);
  int status;

  if (!have_nim ())
    return;
  status = run_nim (input, &out, &err, "--player2", "xor", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  g_assert_true (g_str_has_prefix (
      out, "NIM game\n-----\n"
           "You play against the computer (xor). Take any number of matches "
           "from one heap; whoever takes the last match wins.\n" LEAVE
           "Matches in heap 1: 3\n"
           "Matches in heap 2: 4\n"
           "Matches in heap 3: 9\n"
           "\n"
           "Current position:\n"));
  check_three_rows_game (out);
  g_assert_cmpstr (err, ==, "");
}

/* The three-row game's way of moving: the heap alone, then the count
   when asked ("How many matches do you take?"); the whole game again,
   typed as the transcript types it. */
static void
test_three_rows_heap_then_count (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GArray) moves = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("3\n4\n9\n3\n2\n3\n1\n1\n1\n2\n1\n3\n2\n3\n1\n", &out,
                    &err, "--player2", "xor", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  nim_test_assert_contains (out, "Matches in heap 1: 3\n");
  nim_test_assert_contains (out, PROMPT "3\n" PROMPT_COUNT "2\n"
                                        "\nCurrent position:\n");
  nim_test_assert_contains (out, PROMPT "2\n" PROMPT_COUNT "1\n"
                                        "\nCurrent position:\n");
  assert_ends_with (out, THREE_ROWS_END);
  moves = versus_moves (out, 1);
  g_assert_cmpuint (moves->len, ==, 12);
  assert_moves_of (moves, 2, three_rows_replies,
                   G_N_ELEMENTS (three_rows_replies) / 2);
}

/* The course's subtraction game {2, 7, 15, 16} on heaps 2, 6, 19 against
   grundy, the human moves of its transcript (its heaps counted from 0
   there, from 1 here) until the human has no legal move. */
static void
test_subtraction_game (void)
{
  static const guint replies[] = { 3, 7, 2, 2, 2, 2, 3, 2 };
  static const Rules rules = { .moves = { 2, 7, 15, 16 }, .n_moves = 4 };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GArray) moves = NULL;
  Position pos;
  guint i;
  int status;

  if (!have_nim ())
    return;
  /* The list as the course's make command spells it, blanks and all. */
  status
      = run_nim ("1 2\n3 7\n2 2\n3 2\n", &out, &err, "--moves", "2, 7, 15, 16",
                 "--heaps", "2,6,19", "--player2", "grundy", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  g_assert_true (g_str_has_prefix (
      out, "NIM game\n-----\nYou play against the computer (grundy). Take 2, "
           "7, 15 or 16 matches from one heap; a player who cannot move "
           "loses.\n" LEAVE));
  nim_test_assert_contains (out, "Heap 3: |||||  |||||  |||||  ||||\n");
  assert_ends_with (out, "You have no legal move left.\n"
                         "The computer has won this game!\n");

  moves = versus_moves (out, 1);
  g_assert_cmpuint (moves->len, ==, 8);
  assert_moves_of (moves, 2, replies, G_N_ELEMENTS (replies) / 2);
  position_init (&pos, "2,6,19", 1);
  for (i = 0; i < moves->len; i++)
    {
      const Move *m = &g_array_index (moves, Move, i);
      gboolean winning = grundy_sum (&rules, &pos) != 0;

      position_play (&pos, &rules, m);
      if (m->player == 2 && winning)
        g_assert_cmpuint (grundy_sum (&rules, &pos), ==, 0);
    }
  g_assert_cmpuint (pos.heaps[2], ==, 1); /* a match left, and no move */
  g_assert_cmpuint (position_winner (&pos, &rules), ==, 2);
}

/* Checks a game on one heap of 13 under --max-take 3 in @out: every move
   of @player leaves a multiple of 4 when it can, and @player wins. */
static void
check_multiples_of_four (const char *out, guint player, guint first)
{
  static const Rules rules = { .max_take = 3 };
  g_autoptr (GArray) moves = versus_moves (out, first);
  Position pos;
  guint i;

  position_init (&pos, "13", first);
  for (i = 0; i < moves->len; i++)
    {
      const Move *m = &g_array_index (moves, Move, i);
      gboolean can = pos.heaps[0] % 4 != 0;

      position_play (&pos, &rules, m);
      if (m->player == player && can)
        g_assert_cmpuint (pos.heaps[0] % 4, ==, 0);
    }
  g_assert_cmpuint (position_winner (&pos, &rules), ==, player);
}

/* The course's 13 sticks, 1 to 3 a move: minimax moves first and leaves
   a multiple of 4 every time, so it wins; one heap asks for just a
   count. */
static void
test_thirteen_minimax_first (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("3\n2\n1\n", &out, &err, "--heaps", "13", "--max-take",
                    "3", "--player1", "minimax", "--player2", "human", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  g_assert_true (g_str_has_prefix (
      out, "NIM game\n-----\n"
           "You play against the computer (minimax). Take 1 to 3 matches "
           "from one heap; whoever takes the last match wins.\n" LEAVE "\n"
           "Current position:\n-----\n"
           "Matches: |||||  |||||  |||\n\n"
           "The computer's move!\n"
           "The computer takes 1 match.\n\n"
           "Current position:\n-----\n"
           "Matches: |||||  |||||  ||\n\n"
           "Your move!\n" PROMPT_ONE "3\n\n"
           "Current position:\n-----\n"
           "Matches: |||||  ||||\n"));
  assert_ends_with (out, "The computer takes 3 matches.\n\n"
                         "The computer has won this game!\n");
  /* One heap: no heap number anywhere. */
  nim_test_assert_not_contains (out, "heap 1");
  nim_test_assert_not_contains (out, "Heap 1");
  check_multiples_of_four (out, 1, 1);
}

/* 13 sticks with the human first: the human misses the multiples of 4
   and minimax takes them from then on. */
static void
test_thirteen_human_first (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("2\n2\n1\n", &out, &err, "--heaps", "13", "--max-take",
                    "3", "--player2", "minimax", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  nim_test_assert_contains (out, PROMPT_ONE "2\n\nCurrent position:\n-----\n"
                                            "Matches: |||||  |||||  |\n\n"
                                            "The computer's move!\n"
                                            "The computer takes 3 matches.\n");
  nim_test_assert_not_contains (out, "heap 1");
  nim_test_assert_not_contains (out, "Heap 1");
  assert_ends_with (out, "The computer has won this game!\n");
  check_multiples_of_four (out, 2, 1);
}

/* Misère play, whoever takes the last match loses: xor against itself
   on 1, 1, 1 ends with player 1 taking the last match. */
static void
test_misere_xor (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GArray) moves = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim (NULL, &out, &err, "--misere", "--heaps", "1,1,1",
                    "--player1", "xor", "--player2", "xor", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  g_assert_true (g_str_has_prefix (
      out, "Nim. Take any number of matches from one heap; whoever takes the "
           "last match loses.\n"));
  moves = transcript_moves (out);
  g_assert_cmpuint (moves->len, ==, 3);
  if (moves->len == 3)
    g_assert_cmpuint (g_array_index (moves, Move, 2).player, ==, 1);
  assert_ends_with (out, "Player 2 (xor) wins!\n");
  nim_test_assert_not_contains (out, "Player 1 (xor) wins!");
}

/* Misère play with a person: on 1, 1 xor must take the last match and
   loses; on 1, 1, 1 the person must, and loses. */
static void
test_misere_human (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out3 = NULL;
  g_autofree char *err3 = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("1 1\n", &out, &err, "--misere", "--heaps", "1,1",
                    "--player2", "xor", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  assert_ends_with (out, "The computer takes 1 match from heap 2.\n\n"
                         "The computer took the last match, so it loses.\n"
                         "You have won this game!\n");

  /* Whichever heap xor leaves, one of "2 1" and "3 1" is the last match. */
  status = run_nim ("1 1\n2 1\n3 1\n", &out3, &err3, "--misere", "--heaps",
                    "1,1,1", "--player2", "xor", NULL);
  assert_status (status, STATUS_FINISHED, out3, err3);
  assert_ends_with (out3, "\n\nYou took the last match, so you lose.\n"
                          "The computer has won this game!\n");
}

/* Under misère play xor wins from a winning position whatever the other
   side does: 3, 4, 5 moving first, 1, 2, 3 moving second. */
static void
test_misere_xor_wins (void)
{
  guint seed;

  if (!have_nim ())
    return;
  for (seed = 1; seed <= 4; seed++)
    {
      g_autofree char *s = g_strdup_printf ("%u", seed);
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autofree char *out2 = NULL;
      g_autofree char *err2 = NULL;
      g_autoptr (JsonNode) root = NULL;
      g_autoptr (JsonNode) root2 = NULL;
      int status;

      status = run_nim (NULL, &out, &err, "--misere", "--heaps", "3,4,5",
                        "--player1", "xor", "--player2", "random", "--seed", s,
                        "--json", NULL);
      assert_status (status, STATUS_FINISHED, out, err);
      root = parse_record (out);
      check_record (json_node_get_object (root), &take_any_misere, "3,4,5", 1,
                    "xor", "random");
      g_assert_cmpint (member_int (json_node_get_object (root), "winner"), ==,
                       1);

      status = run_nim (NULL, &out2, &err2, "--misere", "--heaps", "1,2,3",
                        "--player1", "random", "--player2", "xor", "--seed", s,
                        "--json", NULL);
      assert_status (status, STATUS_FINISHED, out2, err2);
      root2 = parse_record (out2);
      check_record (json_node_get_object (root2), &take_any_misere, "1,2,3", 1,
                    "random", "xor");
      g_assert_cmpint (member_int (json_node_get_object (root2), "winner"), ==,
                       2);
    }
}

/* Checks the moves of grundy (player 2) on the course's one pile, take 1
   or 2, the last loses: take 2 from a multiple of 3, else 1 (the good
   show when lost). */
static void
check_remainder_of_three (const char *out, guint first, guint winner)
{
  static const Rules rules = { .max_take = 2, .misere = TRUE };
  g_autoptr (GArray) moves = pile_moves (out, 2);
  Position pos;
  guint i;

  position_init (&pos, "10", first);
  for (i = 0; i < moves->len; i++)
    {
      const Move *m = &g_array_index (moves, Move, i);

      if (m->player == 2)
        g_assert_cmpuint (m->take, ==, pos.heaps[0] % 3 == 0 ? 2 : 1);
      position_play (&pos, &rules, m);
    }
  g_assert_cmpuint (position_winner (&pos, &rules), ==, winner);
}

/* The one-pile game's prompts: the first two questions, and a move. */
#define PROMPT_STONES "Number of stones to start with: "
#define PROMPT_PILE_FIRST                                                     \
  "Who moves first, 0 = the computer (grundy) or 1 = you? "
#define PROMPT_PILE "How many stones do you take? "

/* The course's one-pile game as its text describes it: nim asks for the
   number of stones (never for heaps: grundy plays one heap only under
   misère play) and who moves first, 0 = the computer, 1 = you, checking
   both (more than zero stones; 0 or 1); every take must be 1 or 2 and no
   more than are left; after each move it says how many stones the move
   removed and how many are left.  The computer moves first from 10 (10
   mod 3 = 1: lost), plays the remainder of three and wins. */
static void
test_one_pile_dialogue (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GArray) moves = NULL;
  guint i, left_lines = 0;
  const char *p;
  int status;

  if (!have_nim ())
    return;
  status
      = run_nim ("0\nx\n10\n2\n0\n3\n0\n1\n2\n1\n2\n1\n", &out, &err,
                 "--max-take", "2", "--misere", "--player2", "grundy", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  g_assert_cmpstr (err, ==, "");
  g_assert_true (g_str_has_prefix (
      out, "Nim. Take 1 or 2 stones from the pile; whoever takes the last "
           "stone loses.\n" LEAVE PROMPT_STONES "0\n"
           "0 is too small; the smallest accepted is 1.\n" PROMPT_STONES "x\n"
           "'x' is not a whole number; type one from 1 to 4294967295 (help "
           "explains, q quits).\n" PROMPT_STONES "10\n" PROMPT_PILE_FIRST "2\n"
           "'2' is neither 0 nor 1; type 0 if the computer moves first, or 1 "
           "if you do.\n" PROMPT_PILE_FIRST "0\n"
           "\n"
           "You play against the computer (grundy); the computer moves "
           "first.\n"
           "\n"
           "The pile has 10 stones: |||||  |||||\n"
           "\n"
           "The computer removes 1 stone.\n"
           "\n"
           "9 stones are left in the pile: |||||  ||||\n"
           "\n" PROMPT_PILE "3\n"
           "You cannot take 3 stones; take 1 or 2.\n" PROMPT_PILE "0\n"
           "You cannot take 0 stones; take 1 or 2.\n" PROMPT_PILE "1\n"
           "You remove 1 stone.\n"
           "\n"
           "8 stones are left in the pile: |||||  |||\n"
           "\n"
           "The computer removes 1 stone.\n"));
  /* Not more than are left: 2 of the last stone. */
  assert_ends_with (out, "3 stones are left in the pile: |||\n"
                         "\n"
                         "The computer removes 2 stones.\n"
                         "\n"
                         "1 stone is left in the pile: |\n"
                         "\n" PROMPT_PILE "2\n"
                         "Only 1 stone is left in the pile; you cannot "
                         "take 2.\n" PROMPT_PILE "1\n"
                         "You remove 1 stone.\n"
                         "\n"
                         "No stones are left in the pile.\n"
                         "\n"
                         "You took the last stone, so you lose.\n"
                         "The computer has won this game!\n");
  /* The words of the one-pile game, not of the three-row game. */
  nim_test_assert_not_contains (out, "How many heaps");
  nim_test_assert_not_contains (out, "Heap 1");
  nim_test_assert_not_contains (out, "match");
  nim_test_assert_not_contains (out, "1 to 2");
  nim_test_assert_not_contains (out, "Player");

  /* How many are left, after every move. */
  moves = pile_moves (out, 2);
  g_assert_cmpuint (moves->len, ==, 8);
  for (p = out; (p = strstr (p, " left in the pile: ")) != NULL; p++)
    left_lines++;
  /* The last move's is "No stones are left in the pile." */
  g_assert_cmpuint (left_lines, ==, moves->len - 1);
  for (i = 0; i < moves->len; i++)
    g_assert_cmpuint (g_array_index (moves, Move, i).take, <=, 2);
  check_remainder_of_three (out, 2, 2);
}

/* "1 = you" with the person as player 2: player 2 moves first, and the
   stones of the pile are asked for with nothing about heaps. */
static void
test_one_pile_person_second (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("7\n1\n", &out, &err, "--max-take", "2", "--misere",
                    "--player1", "grundy", "--player2", "human", NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  g_assert_true (g_str_has_prefix (
      out, "Nim. Take 1 or 2 stones from the pile; whoever takes the last "
           "stone loses.\n" LEAVE PROMPT_STONES "7\n" PROMPT_PILE_FIRST "1\n"
           "\n"
           "You play against the computer (grundy); you move first.\n"
           "\n"
           "The pile has 7 stones: |||||  ||\n"
           "\n" PROMPT_PILE "\n"));
  assert_ends_with (out, "Game abandoned.\n");
}

/* One pile with --heaps and --first: nothing is asked, the game is told
   in the one-pile game's words, and the person who answers the lost 10
   well wins. */
static void
test_one_pile_first_option (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  if (!have_nim ())
    return;
  status
      = run_nim ("2\n2\n2\n", &out, &err, "--heaps", "10", "--max-take", "2",
                 "--misere", "--player2", "grundy", "--first", "2", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  nim_test_assert_not_contains (out, "How many heaps");
  nim_test_assert_not_contains (out, "Number of stones");
  nim_test_assert_not_contains (out, "Who moves first");
  nim_test_assert_contains (out, "the computer moves first.\n\n"
                                 "The pile has 10 stones: |||||  |||||\n\n"
                                 "The computer removes 1 stone.\n");
  assert_ends_with (out, "The computer took the last stone, so it loses.\n"
                         "You have won this game!\n");
  check_remainder_of_three (out, 2, 1);
}

/* At the one-pile game's prompt: help, moves and the wrong entries name
   the counts accepted, as "1 or 2" and, at the last stone, "1". */
static void
test_one_pile_prompt (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *help = NULL;
  g_autofree char *empty = NULL;
  g_autofree char *list = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("help\nmoves\nabc\n\n1 1 1\n3 1\n-1\n"
                    "99999999999999999999\n1\n2\nmoves\n5\n",
                    &out, &err, "--heaps", "4", "--max-take", "2", "--misere",
                    "--player2", "grundy", "--first", "1", NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  help = response_to (out, PROMPT_PILE, "help", PROMPT_PILE);
  g_assert_cmpstr (help, ==,
                   "Take 1 or 2 stones from the pile; whoever takes the last "
                   "stone loses.\n"
                   "Type how many stones you take, such as 1.\n"
                   "Commands: moves (list the legal moves), hint (suggest a "
                   "move),\nboard (show the position again), undo (take back "
                   "your last move and the\ncomputer's reply), new (start a "
                   "new game), help, quit (or q).\n");
  list = response_to (out, PROMPT_PILE, "moves", PROMPT_PILE);
  g_assert_cmpstr (list, ==, "Legal moves: take 1 or 2.\n");
  assert_reprompted (out, PROMPT_PILE, "abc",
                     "'abc' is not a number of stones; take 1 or 2 (or "
                     "help).",
                     NULL);
  /* An empty line gets the help. */
  empty = response_to (out, PROMPT_PILE, "", PROMPT_PILE);
  g_assert_cmpstr (empty, ==, help);
  assert_reprompted (out, PROMPT_PILE, "1 1 1",
                     "Too much typed: '1 1 1'; type how many stones you "
                     "take: 1 or 2.",
                     NULL);
  /* Stones, never matches, in the one-pile game. */
  assert_reprompted (out, PROMPT_PILE, "3 1",
                     "Too much typed: '3 1'; type how many stones you "
                     "take: 1 or 2.",
                     NULL);
  assert_reprompted (out, PROMPT_PILE, "-1",
                     "You cannot take -1 stones; take 1 or 2.", NULL);
  assert_reprompted (out, PROMPT_PILE, "99999999999999999999",
                     "You cannot take 99999999999999999999 stones; take 1 or "
                     "2.",
                     NULL);
  /* 4, the person takes 1, grundy 2 (3 mod 3 = 0): one stone is left. */
  nim_test_assert_contains (out, "1 stone is left in the pile: |\n");
  nim_test_assert_contains (out, PROMPT_PILE "moves\nLegal moves: take 1.\n");
  assert_reprompted (out, PROMPT_PILE, "5",
                     "You cannot take 5 stones; take 1.", NULL);
}

/* "minimax, negamax, ...": the computer players of the registry that can
   play @take (under misère play if @misere) from @heaps, as a refusal
   names them. */
static char *
players_that_can (const char *take, gboolean misere, const char *heaps)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  GString *can = g_string_new (NULL);
  NimRules rules;
  NimBoard board;
  guint i;

  nim_test_rules (&rules, take, misere);
  nim_test_board (&board, heaps);
  for (i = 0; classes[i] != NULL; i++)
    if (classes[i]->kind != NIM_PLAYER_PERSON
        && nim_player_supports (classes[i], &rules, &board, NULL))
      g_string_append_printf (can, "%s%s", can->len ? ", " : "",
                              classes[i]->name);
  return g_string_free (can, FALSE);
}

/* A player that cannot play the rules is refused before anything is
   asked, with status 2: on the heaps given (grundy knows one heap only
   under misère play), and where the person would have been asked for
   the heaps (xor knows the take-any rule only). */
static void
test_refused_before_questions (void)
{
  static const char *const cases[][8] = {
    { "--misere", "--player2", "grundy", "--heaps", "3,4", NULL },
    { "--moves", "1,3,4", "--player2", "xor", NULL },
    { "--max-take", "2", "--misere", "--player1", "xor", "--player2", "human",
      NULL },
    { "--max-take", "2", "--misere", "--player1", "xor", "--player2", "grundy",
      NULL },
  };
  g_autofree char *can = players_that_can ("any", TRUE, "3,4");
  g_autofree char *grundy = g_strdup_printf (
      "nim: player 2 (grundy) cannot play this game: under misère play "
      "grundy knows only single-heap games, and 2 heaps here can be "
      "played; players that can: %s\n",
      can);
  const char *const messages[] = {
    grundy,
    "nim: player 2 (xor) cannot play this game: xor plays only the take-any "
    "rule",
    "nim: player 1 (xor) cannot play this game",
    "nim: player 1 (xor) cannot play this game",
  };
  guint i;

  if (!have_nim ())
    return;
  /* The list is the registry's: not a test that passes on an empty one. */
  nim_test_assert_contains (can, "negamax");
  nim_test_assert_not_contains (can, "grundy");
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status;

      /* Answers to every question, should one be asked. */
      status = run_nimv ("3\n3\n4\n5\n1\n1 1\n", &out, &err, cases[i]);
      assert_status (status, STATUS_USAGE, out, err);
      g_assert_cmpstr (out, ==, "");
      g_assert_true (g_str_has_prefix (err, messages[i]));
    }
}

/* ------------------------------------------------------------------------ */
/* Wrong entries at the move prompt */

typedef struct
{
  const char *name;     /* under /cli/bad-entry/ */
  const char *heaps;    /* --heaps */
  const char *rule;     /* "--max-take=3", "--moves=2,7" or NULL */
  const char *opponent; /* --player2 */
  const char *before;   /* typed first, to reach the position */
  const char *prompt;   /* where the wrong entry is typed */
  const char *entry;    /* the wrong entry */
  const char *message;  /* part of the message it must get */
  const char *again;    /* the prompt asked next; NULL: @prompt */
  const char *next;     /* a legal move typed at @again */
  const char *moved;    /* the board after that move */
} BadEntry;

/* The board as a game against the computer draws it after a move. */
#define BOARD(heaps) "\nCurrent position:\n-----\n" heaps
/* 3, 4, 5 after 1 3; and after xor's reply (0, 4, 4) and 2 1. */
#define AFTER_1_3 BOARD ("Heap 1:\nHeap 2: ||||\nHeap 3: |||||")
#define AFTER_2_1 BOARD ("Heap 1:\nHeap 2: |||\nHeap 3: ||||")

static const BadEntry bad_entries[] = {
  { "not-a-number", "3,4,5", NULL, "xor", "", PROMPT, "abc",
    "'abc' is not a heap number", NULL, "1 3", AFTER_1_3 },
  { "heap-too-large", "3,4,5", NULL, "xor", "", PROMPT, "9 1",
    "There is no heap 9", NULL, "1 3", AFTER_1_3 },
  { "heap-zero", "3,4,5", NULL, "xor", "", PROMPT, "0 1", "There is no heap 0",
    NULL, "1 3", AFTER_1_3 },
  { "heap-negative", "3,4,5", NULL, "xor", "", PROMPT, "-1 1",
    "There is no heap -1", NULL, "1 3", AFTER_1_3 },
  { "heap-overflow", "3,4,5", NULL, "xor", "", PROMPT,
    "99999999999999999999999 1", "There is no heap 99999999999999999999999",
    NULL, "1 3", AFTER_1_3 },
  /* After 1 3, xor leaves 0, 4, 4. */
  { "empty-heap", "3,4,5", NULL, "xor", "1 3\n", PROMPT, "1 1",
    "Heap 1 is empty", NULL, "2 1", AFTER_2_1 },
  { "empty-heap-alone", "3,4,5", NULL, "xor", "1 3\n", PROMPT, "1",
    "Heap 1 is empty", NULL, "2 1", AFTER_2_1 },
  { "count-zero", "3,4,5", NULL, "xor", "", PROMPT, "1 0", "at least 1", NULL,
    "1 3", AFTER_1_3 },
  { "count-negative", "3,4,5", NULL, "xor", "", PROMPT, "1 -2",
    "-2 is negative; you must take at least 1", NULL, "1 3", AFTER_1_3 },
  { "count-above-heap", "3,4,5", NULL, "xor", "", PROMPT, "1 5",
    "Heap 1 has only 3 matches; you cannot take 5", NULL, "1 3", AFTER_1_3 },
  { "count-overflow", "3,4,5", NULL, "xor", "", PROMPT,
    "1 99999999999999999999999", "Heap 1 has only 3 matches", NULL, "1 3",
    AFTER_1_3 },
  { "count-not-a-number", "3,4,5", NULL, "xor", "", PROMPT, "1 x",
    "'x' is not a number of matches", NULL, "1 3", AFTER_1_3 },
  { "count-not-in-set", "10,10", "--moves=2,7", "grundy", "", PROMPT, "1 3",
    "You cannot take 3", NULL, "1 2",
    BOARD ("Heap 1: |||||  |||\nHeap 2: |||||  |||||") },
  { "count-above-max-take", "10,10", "--max-take=3", "grundy", "", PROMPT,
    "1 4", "You may take at most 3 matches", NULL, "1 3",
    BOARD ("Heap 1: |||||  ||\nHeap 2: |||||  |||||") },
  { "too-many-words", "3,4,5", NULL, "xor", "", PROMPT, "1 2 3",
    "Too much typed", NULL, "1 3", AFTER_1_3 },
  { "count-prompt-zero", "3,4,9", NULL, "xor", "3\n", PROMPT_COUNT, "0",
    "at least 1", PROMPT_COUNT, "2",
    BOARD ("Heap 1: |||\nHeap 2: ||||\nHeap 3: |||||  ||") },
  { "count-prompt-above-heap", "3,4,9", NULL, "xor", "3\n", PROMPT_COUNT, "10",
    "Heap 3 has only 9 matches", PROMPT_COUNT, "2",
    BOARD ("Heap 1: |||\nHeap 2: ||||\nHeap 3: |||||  ||") },
  { "one-heap-not-a-number", "13", "--max-take=3", "grundy", "", PROMPT_ONE,
    "abc", "'abc' is not a number of matches", NULL, "1",
    BOARD ("Matches: |||||  |||||  ||") },
  { "one-heap-zero", "13", "--max-take=3", "grundy", "", PROMPT_ONE, "0",
    "at least 1", NULL, "1", BOARD ("Matches: |||||  |||||  ||") },
  { "one-heap-above-max-take", "13", "--max-take=3", "grundy", "", PROMPT_ONE,
    "4", "You may take at most 3 matches", NULL, "1",
    BOARD ("Matches: |||||  |||||  ||") },
};

/* Every question takes help, and an empty line (but where it takes the
   answer in brackets) gets the help, no error: the set-up's questions
   too, which used to refuse "help" as not a whole number. */
static void
test_help_everywhere (void)
{
  static const struct
  {
    const char *args[8];
    const char *before; /* answers before the question */
    const char *prompt;
    const char *help;  /* in its help */
    const char *after; /* what the answer after the help brings */
  } cases[] = {
    { { "--player2", "xor", NULL },
      "",
      "Matches in heap 1: ",
      "Type how many matches heap 1 starts with, a whole number from 1 to "
      "4294967295.\nType q (or quit) to leave.\n",
      "Matches in heap 2: " },
    { { "--max-take", "2", "--misere", "--player2", "grundy", NULL },
      "",
      PROMPT_STONES,
      "Type how many stones the pile starts with, a whole number from 1 to "
      "4294967295.\n",
      PROMPT_PILE_FIRST },
    { { "--max-take", "2", "--misere", "--player2", "grundy", NULL },
      "7\n",
      PROMPT_PILE_FIRST,
      "Type 0 if the computer moves first, or 1 if you "
      "do.\n",
      "\nYou play against the computer (grundy)" },
    { { "--player1", "human", "--player2", "human", NULL },
      "2\n3\n4\n",
      "Who moves first, 1 = player 1 (human) or 2 = player 2 (human)? [1] ",
      "Type 1 if player 1 (human) moves first, or 2 if player 2 (human) "
      "does; an empty line takes 1.\n",
      "\nPlayer 1 (human) plays Player 2 (human)" },
    { { "--heaps", "3,4,5", "--player2", "xor", NULL },
      "",
      PROMPT,
      "Commands: moves",
      PROMPT_COUNT },
    { { "--heaps", "3,4,5", "--player2", "xor", NULL },
      "2\n",
      PROMPT_COUNT,
      "or back to choose another heap.\n",
      "\nCurrent position:" },
    { { "--heaps", "13", "--max-take", "3", "--player2", "grundy", NULL },
      "",
      PROMPT_ONE,
      "Type how many matches you take, such as 1.\n",
      "\nCurrent position:" },
  };
  static const char *const asks[] = { "help\n", "\n" };
  guint i, k;

  if (!have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    for (k = 0; k < G_N_ELEMENTS (asks); k++)
      {
        g_autofree char *input
            = g_strconcat (cases[i].before, asks[k], "1\n", NULL);
        /* A question with an answer in brackets takes it on an empty
           line. */
        gboolean bracketed = g_str_has_suffix (cases[i].prompt, "] ");
        g_autofree char *out = NULL;
        g_autofree char *err = NULL;
        g_autofree char *reply = NULL;
        g_autofree char *answered = NULL;

        if (bracketed && *asks[k] == '\n')
          continue;
        run_nimv (input, &out, &err, cases[i].args);
        reply = response_to (out, cases[i].prompt, k == 0 ? "help" : "",
                             cases[i].prompt);
        nim_test_assert_contains (reply, cases[i].help);
        nim_test_assert_not_contains (reply, "Nothing");
        nim_test_assert_not_contains (reply, "not a whole number");
        answered = g_strconcat (cases[i].prompt, "1\n", NULL);
        nim_test_assert_contains (out, answered);
        nim_test_assert_contains (strstr (out, answered), cases[i].after);
      }
}

/* q, quit and exit leave at every question, the first ones too, and the
   first screen says so. */
static void
test_quit_everywhere (void)
{
  static const struct
  {
    const char *args[8];
    const char *before;
    const char *prompt;
  } cases[] = {
    { { "--player2", "xor", NULL }, "", "Matches in heap 1: " },
    { { "--max-take", "2", "--misere", "--player2", "grundy", NULL },
      "",
      PROMPT_STONES },
    { { "--max-take", "2", "--misere", "--player2", "grundy", NULL },
      "7\n",
      PROMPT_PILE_FIRST },
    { { "--player1", "human", "--player2", "human", NULL }, "", PROMPT_HEAPS },
    { { "--heaps", "3,4,5", "--player2", "xor", NULL }, "", PROMPT },
    { { "--heaps", "3,4,5", "--player2", "xor", NULL }, "2\n", PROMPT_COUNT },
  };
  static const char *const words[] = { "q", "quit", "exit", "Q" };
  guint i, k;

  if (!have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    for (k = 0; k < G_N_ELEMENTS (words); k++)
      {
        g_autofree char *input
            = g_strconcat (cases[i].before, words[k], "\n", NULL);
        g_autofree char *out = NULL;
        g_autofree char *err = NULL;
        g_autofree char *echo
            = g_strconcat (cases[i].prompt, words[k], "\n", NULL);

        g_assert_cmpint (run_nimv (input, &out, &err, cases[i].args), ==,
                         STATUS_ABANDONED);
        nim_test_assert_contains (out, LEAVE);
        g_assert_true (g_str_has_suffix (out, echo)
                       || g_str_has_suffix (out, "Game abandoned.\n"));
        nim_test_assert_contains (err, "quit");
        nim_test_assert_not_contains (err, "end of input");
      }
}

/* A wrong entry is named, asked for again, and the game goes on. */
static void
test_bad_entry (gconstpointer data)
{
  const BadEntry *c = data;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *input = NULL;
  g_autofree char *played = NULL;
  g_autofree char *heaps = g_strconcat ("--heaps=", c->heaps, NULL);
  g_autofree char *opponent = g_strconcat ("--player2=", c->opponent, NULL);
  int status;

  if (!have_nim ())
    return;
  input = g_strconcat (c->before, c->entry, "\n", c->next, "\n", NULL);
  if (c->rule != NULL)
    status = run_nim (input, &out, &err, heaps, opponent, c->rule, NULL);
  else
    status = run_nim (input, &out, &err, heaps, opponent, NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  assert_reprompted (out, c->prompt, c->entry, c->message, c->again);
  played = g_strconcat (c->again != NULL ? c->again : c->prompt, c->next, "\n",
                        c->moved, "\n", NULL);
  nim_test_assert_contains (out, played);
  assert_ends_with (out, "Game abandoned.\n");
}

/* An empty line at the count prompt gets the help of the count (an
   example count the heap allows, and back) and asks for the count
   again. */
static void
test_count_prompt_empty_line (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("3\n\n2\n", &out, &err, "--heaps", "3,4,9", "--player2",
                    "xor", NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  nim_test_assert_contains (
      out, PROMPT_COUNT
      "\nTake any number of matches from one heap; whoever takes the last "
      "match wins.\nType how many matches you take from heap 3, such as 1, "
      "or back to choose another heap.\n");
  nim_test_assert_contains (
      out, "quit (or q).\n" PROMPT_COUNT
           "2\n" BOARD ("Heap 1: |||\nHeap 2: ||||\nHeap 3: |||||  ||\n"));
}

/* "help" at the count prompt explains the input and asks for the count
   again. */
static void
test_count_prompt_help (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("3\nhelp\n2\n", &out, &err, "--heaps", "3,4,9",
                    "--player2", "xor", NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  nim_test_assert_contains (out,
                            PROMPT_COUNT "help\nTake any number of matches");
  nim_test_assert_contains (out, "Commands: moves");
  nim_test_assert_contains (
      out, PROMPT_COUNT
      "2\n" BOARD ("Heap 1: |||\nHeap 2: ||||\nHeap 3: |||||  ||\n"));
}

/* Wrong answers in the set-up dialogue are named and asked again.
   Against the computer the three rows are asked for: heap sizes 0,
   nothing and x.  Between two persons the number of heaps and who moves
   first are asked too: heap counts 0, abc, 65 and -1, first player 3
   and 0. */
static void
test_setup_bad_answers (void)
{
  static const char *const first
      = "Who moves first, 1 = player 1 (human) or 2 = player 2 (human)? [1] ";
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *help = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("0\n5\n\n7\nx\n3\n", &out, &err, "--player2", "xor", NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  /* Each message a sentence of its own, not "matches: ..." */
  assert_reprompted (out, "Matches in heap 1: ", "0",
                     "0 is too small; the smallest accepted is 1.\n", NULL);
  help = response_to (out, "Matches in heap 2: ", "", "Matches in heap 2: ");
  g_assert_cmpstr (help, ==,
                   "Type how many matches heap 2 starts with, a whole number "
                   "from 1 to 4294967295.\nType q (or quit) to leave.\n");
  assert_reprompted (out, "Matches in heap 3: ", "x",
                     "'x' is not a whole number; type one from 1 to "
                     "4294967295 (help explains, q quits).\n",
                     NULL);
  nim_test_assert_not_contains (out, "matches: ");
  nim_test_assert_not_contains (out, PROMPT_HEAPS);
  nim_test_assert_not_contains (out, "Who moves first");
  /* Then the game starts from what was accepted, the person first. */
  nim_test_assert_contains (
      out, "Matches in heap 3: 3\n" BOARD ("Heap 1: |||||\n"
                                           "Heap 2: |||||  ||\n"
                                           "Heap 3: |||\n") "\nYour move!\n");

  status = run_nim ("0\nabc\n65\n-1\n2\n5\n7\n3\n0\n2\n", &out2, &err2,
                    "--player2", "human", NULL);
  assert_status (status, STATUS_ABANDONED, out2, err2);
  assert_reprompted (out2, PROMPT_HEAPS, "0", "0 is too small", NULL);
  assert_reprompted (out2, PROMPT_HEAPS, "abc", "'abc' is not a whole number",
                     NULL);
  assert_reprompted (out2, PROMPT_HEAPS, "65", "65 is too large", NULL);
  assert_reprompted (out2, PROMPT_HEAPS, "-1", "-1 is too small", NULL);
  nim_test_assert_not_contains (out2, "number of heaps: ");
  nim_test_assert_not_contains (out2, "first player: ");
  assert_reprompted (out2, first, "3", "3 is too large", NULL);
  assert_reprompted (out2, first, "0", "0 is too small", NULL);
  nim_test_assert_contains (out2, "player 2 moves first.\n\n"
                                  "Heap 1: |||||      5\n"
                                  "Heap 2: |||||  ||  7\n\n"
                                  "Player 2, your move (HEAP COUNT): ");
}

/* quit and end of input during the set-up dialogue give up: status 3. */
static void
test_setup_abandoned (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("2\nquit\n", &out, &err, "--player2", "xor", NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  nim_test_assert_contains (out, "Matches in heap 2: quit\n");
  nim_test_assert_not_contains (out, "Current position:");
  nim_test_assert_contains (err, "quit");

  status = run_nim ("", &out2, &err2, "--player2", "xor", NULL);
  assert_status (status, STATUS_ABANDONED, out2, err2);
  nim_test_assert_contains (err2, "end of input");
}

/* ------------------------------------------------------------------------ */
/* Commands at the move prompt */

/* help names the rules and the commands, then asks again. */
static void
test_prompt_help (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *help = NULL;
  g_autofree char *question = NULL;
  g_autofree char *out1 = NULL;
  g_autofree char *err1 = NULL;
  g_autofree char *help1 = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *help2 = NULL;
  g_autofree char *help3 = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("help\n?\n1 2\n", &out, &err, "--heaps", "3,4,5",
                    "--player2", "xor", NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  help = response_to (out, PROMPT, "help", PROMPT);
  nim_test_assert_contains (
      help, "Take any number of matches from one heap; whoever "
            "takes the last match wins.\n");
  nim_test_assert_contains (help, "such as 1 1\n(heap 1, 1 match)");
  nim_test_assert_contains (help, "Commands: moves");
  nim_test_assert_contains (help, "hint");
  nim_test_assert_contains (help, "board (show the position again)");
  nim_test_assert_contains (help, "undo (take back your last move");
  nim_test_assert_contains (help, "new (start a new game)");
  nim_test_assert_contains (help, "quit");
  question = response_to (out, PROMPT, "?", PROMPT);
  g_assert_cmpstr (question, ==, help);
  nim_test_assert_contains (
      out, PROMPT "1 2\n" BOARD ("Heap 1: |\nHeap 2: ||||\nHeap 3: |||||\n"));

  status = run_nim ("help\n", &out1, &err1, "--heaps", "13", "--max-take", "3",
                    "--player2", "grundy", NULL);
  assert_status (status, STATUS_ABANDONED, out1, err1);
  help1 = response_to (out1, PROMPT_ONE, "help", PROMPT_ONE);
  nim_test_assert_contains (help1, "Take 1 to 3 matches");
  nim_test_assert_contains (help1, "Type how many matches you take");

  /* The examples are moves the rules allow: in the subtraction game
     {2, 7, 15, 16} no "such as 1", at either question. */
  status = run_nim ("help\n2\nhelp\nx\n", &out2, &err2, "--heaps", "2,6,19",
                    "--moves", "2,7,15,16", "--player2", "grundy", NULL);
  assert_status (status, STATUS_ABANDONED, out2, err2);
  help2 = response_to (out2, PROMPT, "help", PROMPT);
  nim_test_assert_contains (help2, "such as 1 2\n(heap 1, 2 matches)");
  help3 = response_to (out2, PROMPT_COUNT, "help", PROMPT_COUNT);
  nim_test_assert_contains (help3, "Type how many matches you take from "
                                   "heap 2, such as 2, or back to choose "
                                   "another heap.\n");
  assert_reprompted (out2, PROMPT_COUNT, "x",
                     "'x' is not a number of matches; type a count such as "
                     "2 (or help).",
                     NULL);
  nim_test_assert_not_contains (out2, "such as 1,");
  nim_test_assert_not_contains (out2, "such as 1 (");
}

/* moves lists exactly the legal moves, under every take rule; with one
   heap, the counts. */
static void
test_prompt_moves (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *list = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *list2 = NULL;
  g_autofree char *out3 = NULL;
  g_autofree char *err3 = NULL;
  g_autofree char *list3 = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("moves\n", &out, &err, "--heaps", "3,4,5", "--player2",
                    "xor", NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  list = response_to (out, PROMPT, "moves", PROMPT);
  g_assert_cmpstr (list, ==,
                   "Legal moves (heap count):\n"
                   "  1 1, 1 2, 1 3, 2 1, 2 2, 2 3, 2 4, 3 1, 3 2, "
                   "3 3\n"
                   "  3 4, 3 5\n");

  status = run_nim ("moves\n", &out2, &err2, "--heaps", "10,1,10", "--moves",
                    "2,7", "--player2", "grundy", NULL);
  assert_status (status, STATUS_ABANDONED, out2, err2);
  list2 = response_to (out2, PROMPT, "moves", PROMPT);
  g_assert_cmpstr (list2, ==,
                   "Legal moves (heap count):\n"
                   "  1 2, 1 7, 3 2, 3 7\n");

  status = run_nim ("moves\n", &out3, &err3, "--heaps", "13", "--max-take",
                    "3", "--player2", "grundy", NULL);
  assert_status (status, STATUS_ABANDONED, out3, err3);
  list3 = response_to (out3, PROMPT_ONE, "moves", PROMPT_ONE);
  /* One heap: the counts alone, no heap number. */
  g_assert_cmpstr (list3, ==, "Legal moves: take 1 to 3.\n");
}

/* hint suggests the winning move, with the explanation --explain gives;
   taking it, the person wins. */
static void
test_prompt_hint (void)
{
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *hint2 = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *hint = NULL;
  g_autofree char *out1 = NULL;
  g_autofree char *err1 = NULL;
  g_autofree char *hint1 = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("hint\n1 2\n", &out, &err, "--heaps", "3,4,5", "--player2",
                    "xor", NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  hint = response_to (out, PROMPT, "hint", PROMPT);
  /* 3 ^ 4 ^ 5 = 2, and only heap 1 can drop to 3 ^ 2 = 1. */
  g_assert_true (
      g_str_has_prefix (hint, "Hint from xor: take 2 matches from heap 1.\n"));
  /* The three-row game's table: 011 XOR 100 XOR 101 = 010. */
  nim_test_assert_contains (hint, "\n  heap 1      3     011  001 = 1 < 3\n");
  nim_test_assert_contains (hint, "\n  nim-sum     2     010\n");
  nim_test_assert_contains (
      out, PROMPT "1 2\n" BOARD ("Heap 1: |\nHeap 2: ||||\nHeap 3: |||||\n"));

  /* One heap of 13, 1 to 3: take 1 to leave 12. */
  status = run_nim ("hint\n", &out1, &err1, "--heaps", "13", "--max-take", "3",
                    "--player2", "grundy", NULL);
  assert_status (status, STATUS_ABANDONED, out1, err1);
  hint1 = response_to (out1, PROMPT_ONE, "hint", PROMPT_ONE);
  g_assert_true (g_str_has_prefix (hint1, "Hint from grundy: take 1 "
                                          "match.\n"));
  /* One heap: its value is the whole story, no "total: 1 = 1". */
  nim_test_assert_not_contains (hint1, "total");
  /* A game of one heap names no heap, in the explanation either. */
  nim_test_assert_contains (hint1, "\n  G(13) = mex{G(12), G(11), G(10)}");
  nim_test_assert_not_contains (hint1, "from heap");
  nim_test_assert_not_contains (hint1, "heap 1");
  nim_test_assert_not_contains (hint1, "Heap 1");

  /* The one-pile game's: the remainder of three, no heap. */
  status = run_nim ("hint\n", &out2, &err2, "--heaps", "7", "--max-take", "2",
                    "--misere", "--player2", "grundy", "--first", "1", NULL);
  assert_status (status, STATUS_ABANDONED, out2, err2);
  hint2 = response_to (out2, "How many stones do you take? ", "hint",
                       "How many stones do you take? ");
  nim_test_assert_contains (hint2, "divided by 3: 7 = 2 x 3 + 1.");
  nim_test_assert_not_contains (hint2, "Heap 1");
}

/* @text with the explanations' line breaks (a newline and the two
   blanks of their indent) read as blanks, so that a phrase is found
   wherever the wrapping broke it. */
static char *
unwrapped (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n  ", -1);

  return g_strjoinv (" ", lines);
}

/* Against the computer the explanations speak as the game does: "you"
   and "the computer", never "player 2".  negamax explains its own move
   (score=distance: the value counts the plies) and, behind `hint`, the
   person's; misère play with 1 or 2 leaves no closed form for three
   heaps, so a search advises. */
static void
test_explain_versus (void)
{
  g_autofree char *raw = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *hint = NULL;
  g_autofree char *raw2 = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *hint2 = NULL;
  g_autofree char *mine = NULL;
  const char *start, *end;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("hint\n", &raw, &err, "--heaps", "2,3,4", "--moves", "1,2",
                    "--misere", "--player2", "negamax:score=distance",
                    "--first", "2", "--explain", NULL);
  assert_status (status, STATUS_ABANDONED, raw, err);
  out = unwrapped (raw);
  /* The computer's move and its explanation, up to the next board. */
  start = strstr (out, "The computer takes ");
  g_assert_nonnull (start);
  end = start != NULL ? strstr (start, "Current position:") : NULL;
  g_assert_nonnull (end);
  if (end == NULL)
    return;
  mine = g_strndup (start, end - start);
  hint = response_to (out, PROMPT, "hint", PROMPT);
  g_assert_true (g_str_has_prefix (hint, "Hint from negamax: "));
  /* Neither explanation numbers the players. */
  nim_test_assert_not_contains (out, "player 1");
  nim_test_assert_not_contains (out, "player 2");
  nim_test_assert_not_contains (out, "Player 2");
  /* The computer's: its value and line name it and you. */
  nim_test_assert_contains (mine, " plies for the computer, the player to "
                                  "move, proven");
  nim_test_assert_contains (mine, "expected to play): the computer takes ");
  nim_test_assert_contains (mine, "; you take ");
  /* The hint's: the line starts with your move. */
  nim_test_assert_contains (hint, "for you, the player to move");
  nim_test_assert_contains (hint, "expected to play): you take ");
  nim_test_assert_contains (hint, "; the computer takes ");
  g_assert_true (strstr (hint, "; then you cannot move and ") != NULL
                 || strstr (hint, "; then the computer cannot move and ")
                        != NULL);

  /* The person moves second: still "you", whose number is 2 now. */
  status = run_nim ("hint\n", &raw2, &err2, "--heaps", "2,3,4", "--moves",
                    "1,2", "--misere", "--player1", "negamax", "--player2",
                    "human", "--explain", NULL);
  assert_status (status, STATUS_ABANDONED, raw2, err2);
  out2 = unwrapped (raw2);
  hint2 = response_to (out2, PROMPT, "hint", PROMPT);
  nim_test_assert_contains (out2, "Value: a win for the computer, the player "
                                  "to move");
  nim_test_assert_contains (hint2, "for you, the player to move");
  nim_test_assert_not_contains (out2, "player 1");
  nim_test_assert_not_contains (out2, "player 2");
}

/* Without exactly one person the explanations number the players, as the
   game does: two computers, and `hint` between two persons. */
static void
test_explain_numbered (void)
{
  g_autofree char *raw = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *raw2 = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *hint = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim (NULL, &raw, &err, "--heaps", "3,4,5", "--moves", "any",
                    "--player1", "negamax", "--player2", "negamax",
                    "--explain", NULL);
  assert_status (status, STATUS_FINISHED, raw, err);
  out = unwrapped (raw);
  nim_test_assert_contains (out, "Value: a win for player 1, the player to "
                                 "move, proven");
  nim_test_assert_contains (out, "expected to play): player 1 takes 2 from "
                                 "heap 1; player 2 takes ");
  nim_test_assert_contains (out, "Value: a loss for player 2");
  nim_test_assert_contains (out, "; then player 2 cannot move and loses.");
  nim_test_assert_not_contains (out, "you");
  nim_test_assert_not_contains (out, "the computer");

  status
      = run_nim ("hint\n", &raw2, &err2, "--heaps", "2,3,4", "--moves", "1,2",
                 "--misere", "--player1", "human", "--player2", "human", NULL);
  assert_status (status, STATUS_ABANDONED, raw2, err2);
  out2 = unwrapped (raw2);
  hint = response_to (out2, "Player 1, your move (HEAP COUNT): ", "hint",
                      "Player 1, your move (HEAP COUNT): ");
  nim_test_assert_contains (hint, "for player 1, the player to move");
  nim_test_assert_contains (hint, "expected to play): player 1 takes ");
  nim_test_assert_not_contains (hint, "you take");
  nim_test_assert_not_contains (hint, "the computer");
}

/* The course's one-pile game (1 or 2, the last stone loses)
   explains in its own words, stones in the pile, as the rest of its
   dialogue does: no match, no heap, in the hint or in the computer's
   moves; and so does xor's hint when any number may be taken. */
static void
test_explain_one_pile (void)
{
  g_autofree char *raw = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *hint = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *hint2 = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("7\n1\nhint\n1\n", &raw, &err, "--max-take", "2",
                    "--misere", "--player2", "grundy", "--explain", NULL);
  assert_status (status, STATUS_ABANDONED, raw, err);
  out = unwrapped (raw);
  hint = response_to (out, "How many stones do you take? ", "hint",
                      "How many stones do you take? ");
  g_assert_true (g_str_has_prefix (hint, "Hint from grundy: take 1 stone. "));
  nim_test_assert_contains (hint, "whoever takes the last stone loses");
  nim_test_assert_contains (hint, "Taking 1 or 2 stones, the lost piles are "
                                  "those whose stones leave 1 when divided "
                                  "by 3: 7 = 2 x 3 + 1.");
  /* Spoken to the person, not of the computer. */
  nim_test_assert_contains (hint, "Take 1 stone, as little as you can, and "
                                  "hope for a mistake.");
  nim_test_assert_not_contains (hint, "grundy takes");
  /* The computer's reply to 1 of 7: 2 of 6, leaving 4. */
  nim_test_assert_contains (out, "The computer removes 2 stones. Under ");
  nim_test_assert_contains (out, "(whoever takes the last stone loses, and a "
                                 "player left without a move wins)");
  nim_test_assert_contains (out, " So take 2 stones (6 -> 4): a lost pile "
                                 "for the opponent.\n");
  nim_test_assert_not_contains (out, "match");
  nim_test_assert_not_contains (out, "heap");
  nim_test_assert_not_contains (out, "Heap");

  status = run_nim ("5\n1\nhint\n", &out2, &err2, "--moves", "any", "--misere",
                    "--player2", "grundy", "--explain", NULL);
  assert_status (status, STATUS_ABANDONED, out2, err2);
  hint2 = response_to (out2, "How many stones do you take? ", "hint",
                       "How many stones do you take? ");
  g_assert_true (g_str_has_prefix (hint2, "Hint from xor: take 4 stones.\n"));
  nim_test_assert_contains (hint2, "take all but one, 4 of 5 stones");
  nim_test_assert_not_contains (out2, "match");
  nim_test_assert_not_contains (out2, "heap");
}

/* grundy's misère rule names the divisor of its rules, 4 for 1 to 3,
   and never "the remainder of dividing by three" beside it. */
static void
test_explain_misere_divisor (void)
{
  g_autofree char *raw = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!have_nim ())
    return;
  assert_status (run_nim (NULL, &raw, &err, "--heaps", "9,0", "--max-take",
                          "3", "--misere", "--player1", "grundy", "--player2",
                          "grundy", "--explain", NULL),
                 STATUS_FINISHED, raw, err);
  out = unwrapped (raw);
  nim_test_assert_contains (out, "Taking 1 to 3, the lost sizes are those "
                                 "that leave 1 when divided by 4. Heap 1: "
                                 "9 = 2 x 4 + 1.");
  nim_test_assert_not_contains (out, "three");
}

/* Under score=distance the trace says what 999997 means. */
static void
test_trace_distance (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!have_nim ())
    return;
  assert_status (run_nim (NULL, &out, &err, "--heaps", "1,2", "--player1",
                          "negamax:score=distance,tt=off,id=off", "--player2",
                          "xor", "--trace", NULL),
                 STATUS_FINISHED, out, err);
  nim_test_assert_contains (out, "h2-2 0,0 [-999999,999999] = -999998 (a "
                                 "loss, ending at ply 2): end\n");
  nim_test_assert_contains (out, "= 999998 (a win, ending at ply 2) (h1-1 "
                                 "0,2)\n");
}

/* The start of 3, 4, 5 as a game against the computer draws it. */
#define START_3_4_5 BOARD ("Heap 1: |||\nHeap 2: ||||\nHeap 3: |||||\n")

/* board draws the position again, at the move prompt and at the count
   prompt, and the turn goes on. */
static void
test_prompt_board (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *drawn = NULL;
  g_autofree char *drawn_count = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("board\n1\nBoard\n1 3\n", &out, &err, "--heaps", "3,4,5",
                    "--player2", "xor", NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  drawn = response_to (out, PROMPT, "board", PROMPT);
  g_assert_cmpstr (drawn, ==, START_3_4_5 "\nYour move!\n");
  drawn_count = response_to (out, PROMPT_COUNT, "Board", PROMPT);
  g_assert_cmpstr (drawn_count, ==, START_3_4_5 "\nYour move!\n");
  nim_test_assert_contains (
      out, PROMPT "1 3\n" BOARD ("Heap 1:\nHeap 2: ||||\nHeap 3: |||||\n"));
}

/* undo takes back the person's last move and the computer's reply, at
   either prompt, and says why not before the person has moved, and
   between two persons. */
static void
test_prompt_undo (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *none = NULL;
  g_autofree char *back = NULL;
  g_autofree char *back_count = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *none2 = NULL;
  g_autofree char *out3 = NULL;
  g_autofree char *err3 = NULL;
  g_autofree char *alone = NULL;
  int status;

  if (!have_nim ())
    return;
  /* 1 3, xor takes 1 from heap 3; undo: 3, 4, 5 again; 2 1, xor
     replies (3, 3, 0); 1, then undo at the count prompt: 3, 4, 5
     again. */
  status = run_nim ("undo\n1 3\nundo\n2 1\n1\nundo\n", &out, &err, "--heaps",
                    "3,4,5", "--player2", "xor", NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  none = response_to (out, PROMPT, "undo", PROMPT);
  g_assert_cmpstr (none, ==,
                   "There is nothing to undo: you have not moved yet.\n");
  nim_test_assert_contains (out, "The computer takes 1 match from heap 3.\n");
  back = response_to (out, "Heap 3: ||||\n\nYour move!\n" PROMPT, "undo",
                      PROMPT);
  g_assert_cmpstr (
      back, ==,
      "Your last move and the computer's reply are taken back.\n" START_3_4_5
      "\nYour move!\n");
  back_count = response_to (out, PROMPT_COUNT, "undo", PROMPT);
  g_assert_cmpstr (
      back_count, ==,
      "Your last move and the computer's reply are taken back.\n" START_3_4_5
      "\nYour move!\n");

  /* The computer first: its first move stays. */
  status = run_nim ("undo\n2 1\nundo\n", &out2, &err2, "--heaps", "3,4,5",
                    "--player2", "xor", "--first", "2", NULL);
  assert_status (status, STATUS_ABANDONED, out2, err2);
  none2 = response_to (out2, PROMPT, "undo", PROMPT);
  g_assert_cmpstr (none2, ==,
                   "There is nothing to undo: you have not moved yet.\n");
  nim_test_assert_contains (
      out2, PROMPT
      "undo\n"
      "Your last move and the computer's reply are taken back.\n" BOARD (
          "Heap 1: |\nHeap 2: ||||\nHeap 3: |||||\n"));

  /* Two persons: no taking back. */
  status = run_nim ("1 1\nundo\n", &out3, &err3, "--heaps", "3,4,5",
                    "--player2", "human", NULL);
  assert_status (status, STATUS_ABANDONED, out3, err3);
  alone = response_to (out3, "Player 2, your move (HEAP COUNT): ", "undo",
                       "Player 2, your move (HEAP COUNT): ");
  g_assert_cmpstr (alone, ==,
                   "undo takes back moves only in a game of one person "
                   "against the computer.\n");
}

/* new plays another game with the same options: the --heaps again, or
   the rows asked for again.  It gives nothing up, so it says "New game.",
   not "Game abandoned." (which quit and end of input still say). */
static void
test_prompt_new (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  const char *second;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("1 3\nnew\n1 1\n", &out, &err, "--heaps", "3,4,5",
                    "--player2", "xor", NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  nim_test_assert_contains (out, PROMPT "new\nNew game.\n\nNIM game\n");
  /* Abandoned once, at the end of input, after the second game. */
  g_assert_true (strstr (out, "Game abandoned.")
                 == g_strrstr (out, "Game abandoned."));
  assert_ends_with (out, "Game abandoned.\n");
  second = strstr (out, "New game.\n\nNIM game\n");
  g_assert_nonnull (second);
  nim_test_assert_contains (second,
                            START_3_4_5 "\nYour move!\n" PROMPT "1 1\n");

  status = run_nim ("1\n2\n3\n2\nnew\n4\n5\n6\n", &out2, &err2, "--player2",
                    "xor", NULL);
  assert_status (status, STATUS_ABANDONED, out2, err2);
  nim_test_assert_contains (out2, PROMPT_COUNT "new\nNew game.\n\n"
                                               "NIM game\n-----\n");
  nim_test_assert_not_contains (out2, "new\nGame abandoned.");
  nim_test_assert_contains (
      out2, "Matches in heap 1: 4\n"
            "Matches in heap 2: 5\n"
            "Matches in heap 3: 6\n" BOARD ("Heap 1: ||||\nHeap 2: |||||\n"
                                            "Heap 3: |||||  |\n"));
}

/* quit (or q, in any case) at either prompt gives up: status 3 and
   "Game abandoned." */
static void
test_prompt_quit (void)
{
  static const char *const inputs[]
      = { "quit\n", "1 1\nQUIT\n", "q\n", "3\nquit\n" };
  guint i;

  if (!have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status;

      status = run_nim (inputs[i], &out, &err, "--heaps", "3,4,5", "--player2",
                        "xor", NULL);
      assert_status (status, STATUS_ABANDONED, out, err);
      assert_ends_with (out, "Game abandoned.\n");
      nim_test_assert_not_contains (out, "wins!");
      nim_test_assert_contains (err, "quit");
    }
}

/* End of input gives up: status 3 and "Game abandoned." on stdout, at
   the first prompt, later, and at the count prompt. */
static void
test_end_of_input (void)
{
  static const char *const inputs[] = { "", "1 1\n", "1 1\n3", "3\n" };
  guint i;

  if (!have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status;

      status = run_nim (inputs[i], &out, &err, "--heaps", "3,4,5", "--player2",
                        "xor", NULL);
      assert_status (status, STATUS_ABANDONED, out, err);
      assert_ends_with (out, "Game abandoned.\n");
      nim_test_assert_not_contains (out, "wins!");
      nim_test_assert_contains (err, "end of input");
    }
}

/* ------------------------------------------------------------------------ */
/* --json */

/* negamax against xor: the record's schema, its moves replayed, and the
   statistics of every search. */
static void
test_json_negamax_xor (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonArray *moves;
  guint i, searched = 0;
  int status;

  if (!have_nim ())
    return;
  status = run_nim (NULL, &out, &err, "--player1", "negamax", "--player2",
                    "xor", "--heaps", "3,4,5", "--json", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  g_assert_cmpstr (err, ==, "");
  root = parse_record (out);
  moves = check_record (json_node_get_object (root), &take_any, "3,4,5", 1,
                        "negamax", "xor");
  /* 3, 4, 5 is won for the side to move, and negamax sees it. */
  g_assert_cmpint (member_int (json_node_get_object (root), "winner"), ==, 1);
  g_assert_false (member_bool (json_node_get_object (root), "abandoned"));
  g_assert_cmpint (member_int (json_node_get_object (root), "seed"), >=, 0);
  for (i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);

      if (member_int (m, "player") != 1)
        continue;
      check_stats (m, 0);
      g_assert_true (member_bool (member_object (m, "stats"), "proven"));
      searched++;
    }
  g_assert_cmpuint (searched, >=, 1);
}

/* Two random players with the same --seed play the same game, and record
   the seed; the take rule is recorded as "any", [1, 2, 3] or [2, 7]. */
static void
test_json_random_seed (void)
{
  static const Rules max3 = { .max_take = 3 };
  static const Rules set27 = { .moves = { 2, 7 }, .n_moves = 2 };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *again = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *out3 = NULL;
  g_autofree char *err3 = NULL;
  g_autofree char *out4 = NULL;
  g_autofree char *err4 = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (JsonNode) root3 = NULL;
  g_autoptr (JsonNode) root4 = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim (NULL, &out, &err, "--player1", "random", "--player2",
                    "random", "--seed", "7", "--heaps", "5,6", "--json", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  root = parse_record (out);
  check_record (json_node_get_object (root), &take_any, "5,6", 1, "random",
                "random");
  g_assert_cmpint (member_int (json_node_get_object (root), "seed"), ==, 7);

  status = run_nim (NULL, &again, &err2, "--player1", "random", "--player2",
                    "random", "--seed", "7", "--heaps", "5,6", "--json", NULL);
  assert_status (status, STATUS_FINISHED, again, err2);
  g_assert_cmpstr (again, ==, out);

  status = run_nim (NULL, &out3, &err3, "--player1", "random", "--player2",
                    "random", "--seed", "7", "--heaps", "5,6", "--max-take",
                    "3", "--json", NULL);
  assert_status (status, STATUS_FINISHED, out3, err3);
  root3 = parse_record (out3);
  check_record (json_node_get_object (root3), &max3, "5,6", 1, "random",
                "random");

  status = run_nim (NULL, &out4, &err4, "--player1", "random", "--player2",
                    "random", "--seed", "7", "--heaps", "5,6", "--moves",
                    "2,7", "--first", "2", "--json", NULL);
  assert_status (status, STATUS_FINISHED, out4, err4);
  root4 = parse_record (out4);
  check_record (json_node_get_object (root4), &set27, "5,6", 2, "random",
                "random");
}

/* Under misère play the record says so, and the winner is the one who did
   not take the last match. */
static void
test_json_misere (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonArray *moves;
  JsonObject *last;
  int status;

  if (!have_nim ())
    return;
  status
      = run_nim (NULL, &out, &err, "--misere", "--player1", "xor", "--player2",
                 "negamax:tt=1M", "--heaps", "3,4,5", "--json", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  root = parse_record (out);
  moves = check_record (json_node_get_object (root), &take_any_misere, "3,4,5",
                        1, "xor", "negamax:tt=1M");
  last = json_array_get_object_element (moves,
                                        json_array_get_length (moves) - 1);
  g_assert_cmpint (member_int (last, "player"), ==, 2);
  g_assert_cmpint (member_int (json_node_get_object (root), "winner"), ==, 1);
}

/* With a person playing, --json keeps stdout for the record and talks on
   stderr; a game given up is recorded as abandoned with no winner. */
static void
test_json_human (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonArray *moves;
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("1 1\n", &out, &err, "--heaps", "3,4", "--player2", "xor",
                    "--seed", "1", "--json", NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  nim_test_assert_contains (err, PROMPT "1 1\n");
  /* The person still sees the game, on standard error beside the
     prompts: the board before and after each move. */
  nim_test_assert_contains (err, "You play against the computer (xor).");
  nim_test_assert_contains (err, "Heap 1: |||\nHeap 2: ||||\n");
  nim_test_assert_contains (err, "Heap 1: ||\nHeap 2: ||\n");
  root = parse_record (out);
  moves = check_record (json_node_get_object (root), &take_any, "3,4", 1,
                        "human", "xor");
  g_assert_cmpuint (json_array_get_length (moves), ==, 2);
  g_assert_true (member_bool (json_node_get_object (root), "abandoned"));
}

/* ------------------------------------------------------------------------ */
/* Searchers within their budget */

/* A searcher never makes the user wait: negamax with a node budget on
   heaps far too large to solve plays its moves within the budget, some of
   them unproven, and the game ends. */
static void
test_search_node_budget (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonArray *moves;
  guint i, unproven = 0;
  int status;

  if (!have_nim ())
    return;
  /* The brief's 100,200,...,600 at 100000 nodes takes a minute: a
     thousand moves.  Three heaps and 20000 nodes ask the same question
     in half a second. */
  status
      = run_nim (NULL, &out, &err, "--player1", "negamax:nodes=20000,tt=1M",
                 "--player2", "xor", "--heaps", "100,200,300", "--json", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  root = parse_record (out);
  moves = check_record (json_node_get_object (root), &take_any, "100,200,300",
                        1, "negamax:nodes=20000,tt=1M", "xor");
  for (i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);

      if (member_int (m, "player") != 1)
        continue;
      check_stats (m, 20000);
      if (!member_bool (member_object (m, "stats"), "proven"))
        unproven++;
    }
  g_assert_cmpuint (unproven, >=, 1);
}

/* A time budget cuts a search short too: one move on heaps of a billion
   comes within the budget (and some slack), then the person gives up. */
static void
test_search_time_budget (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonArray *moves;
  JsonObject *stats;
  gint64 started = g_get_monotonic_time ();
  int status;

  if (!have_nim ())
    return;
  status = run_nim ("", &out, &err, "--player1", "negamax:time=0.3,tt=1M",
                    "--player2", "human", "--heaps", "1000000000,999999999,7",
                    "--json", NULL);
  assert_status (status, STATUS_ABANDONED, out, err);
  g_assert_cmpint (g_get_monotonic_time () - started, <, 5 * G_USEC_PER_SEC);
  root = parse_record (out);
  moves = check_record (json_node_get_object (root), &take_any,
                        "1000000000,999999999,7", 1, "negamax:time=0.3,tt=1M",
                        "human");
  g_assert_cmpuint (json_array_get_length (moves), ==, 1);
  check_stats (json_array_get_object_element (moves, 0), 0);
  stats = member_object (json_array_get_object_element (moves, 0), "stats");
  g_assert_false (member_bool (stats, "proven"));
  g_assert_cmpfloat (json_object_get_double_member (stats, "seconds"), <=,
                     1.0);
}

/* In a `make MOVES=...` build, a player the build's default rule leaves
   out is refused with a word on the build, and how to play take-any
   again; with a rule given, without it, in every build.  (Only the
   MOVES build has such a default: .ci/run runs `make MOVES=... check`.) */
static void
test_moves_build_refusal (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  const char *argv[] = { g_getenv ("NIM_BINARY"), "--player2", "xor", NULL };
  int wait = 0;

  if (!have_nim ())
    return;
  /* Any build: a refusal under rules the user chose says nothing of the
     build. */
  g_assert_cmpint (
      run_nim ("", &out2, &err2, "--player2", "xor", "--max-take", "3", NULL),
      ==, STATUS_USAGE);
  nim_test_assert_contains (err2, "cannot play this game");
  nim_test_assert_not_contains (err2, "built with");
  if (nim_default_n_moves == 0)
    return;
  /* Run as it is, without the --moves any the runners add in this
     build. */
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL,
                               G_SPAWN_STDIN_FROM_DEV_NULL, NULL, NULL, &out,
                               &err, &wait, NULL));
  g_assert_true (WIFEXITED (wait));
  g_assert_cmpint (WEXITSTATUS (wait), ==, STATUS_USAGE);
  nim_test_assert_contains (err, "cannot play this game");
  nim_test_assert_contains (err, "\nnim: this nim was built with make "
                                 "MOVES=..., which made taking ");
  nim_test_assert_contains (err, "its default rule; a plain make builds it "
                                 "with take-any again, and --moves any plays "
                                 "take-any with this build\n");
}

/* ------------------------------------------------------------------------ */
/* The command line */

typedef struct
{
  const char *name;     /* under /cli/usage/ */
  const char *args[12]; /* NULL-terminated */
  const char *message;  /* part of the message on stderr */
  const char *message2; /* another part, or NULL */
} BadOption;

/* In a BadOption's message2: the names of the registry's players,
   "human, minimax, ...". */
#define PLAYER_NAMES "(the registry's players)"

/* "human, minimax, negamax, ...": every player of the registry. */
static char *
player_names (void)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  GString *names = g_string_new (NULL);
  guint i;

  for (i = 0; classes[i] != NULL; i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", classes[i]->name);
  return g_string_free (names, FALSE);
}

static const BadOption bad_options[] = {
  { "heaps-empty", { "--heaps", "", NULL }, "--heaps", "no values" },
  { "heaps-empty-entry",
    { "--heaps", "3,,4", NULL },
    "--heaps",
    "empty entry" },
  { "heaps-all-empty",
    { "--heaps", "0,0", NULL },
    "--heaps",
    "every heap is empty" },
  { "heaps-negative", { "--heaps", "-1", NULL }, "--heaps", "negative" },
  { "heaps-too-large",
    { "--heaps", "4294967296", NULL },
    "--heaps",
    "4294967296 is too large" },
  { "max-take-zero", { "--max-take", "0", NULL }, "--max-take", "too small" },
  { "max-take-not-a-number",
    { "--max-take", "abc", NULL },
    "--max-take",
    "'abc' is not a whole number" },
  { "moves-zero", { "--moves", "0,3", NULL }, "--moves", "0 is" },
  { "moves-twice", { "--moves", "3,3", NULL }, "--moves", "listed twice" },
  /* GOption would drop the value and take --misere=no as --misere. */
  { "flag-with-value",
    { "--heaps", "3", "--misere=no", NULL },
    "--misere takes no value",
    "not --misere=no" },
  { "version-with-value", { "--version=2", NULL }, "--version", "no value" },
  /* What follows an option that takes a value is that value, as GOption
     takes it: a results file named --json=x, refused for --solve. */
  { "flag-value-is-a-value",
    { "--solve", "--results", "--json=x", NULL },
    "--results",
    "--games" },
  { "moves-empty", { "--moves", "", NULL }, "--moves", "no values" },
  { "max-take-and-moves",
    { "--max-take", "3", "--moves", "2,7", NULL },
    "--max-take",
    "--moves" },
  { "first-3", { "--first", "3", NULL }, "--first", "too large" },
  { "seed-negative", { "--seed", "-1", NULL }, "--seed", "negative" },
  { "unknown-player",
    { "--player1", "nosuch", NULL },
    "unknown player 'nosuch'",
    PLAYER_NAMES },
  { "option-not-a-number",
    { "--player2", "negamax:depth=x", NULL },
    "depth",
    "'x' is not a whole number" },
  { "unknown-player-option",
    { "--player2", "negamax:bogus=1", NULL },
    "no option 'bogus'",
    "depth" },
  { "bad-table-size", { "--player2", "negamax:tt=1X", NULL }, "tt=1X", "64M" },
  { "option-for-xor",
    { "--player2", "xor:depth=3", NULL },
    "xor",
    "no options" },
  { "unknown-option", { "--frobnicate", NULL }, "--frobnicate", NULL },
  { "stray-argument",
    { "--heaps", "3,4", "stray", NULL },
    "unexpected argument 'stray'",
    NULL },
  { "xor-subtraction-set",
    { "--moves", "1,3,4", "--player2", "xor", "--player1", "negamax",
      "--heaps", "3,4", NULL },
    "player 2 (xor) cannot play",
    "grundy" },
  { "grundy-misere-heaps",
    { "--misere", "--heaps", "3,4", "--max-take", "3", "--player2", "grundy",
      "--player1", "negamax", NULL },
    "player 2 (grundy) cannot play",
    "negamax" },
  /* A key or a NAME given twice would let the last win without a word. */
  { "sprt-key-twice",
    { "--games", "2", "--sprt", "elo0=0,elo1=10,elo1=20", NULL },
    "--sprt: elo1 is given twice",
    "elo1=10 and elo1=20" },
  { "engine-dir-twice",
    { "--games", "2", "--engine", "a=true", "--engine-dir", "a=.",
      "--engine-dir", "a=/", NULL },
    "--engine-dir a=. and --engine-dir a=/",
    "the directory of engine a" },
  { "engine-option-twice",
    { "--games", "2", "--engine", "a=true", "--engine-option", "a:x=1",
      "--engine-option", "a:x=2", NULL },
    "--engine-option a:x=1 and --engine-option a:x=2",
    "option x of engine a" },
  /* An empty name of a file or a directory is a usage error, not "No
     such file" (exit 1) or " is not a directory". */
  { "empty-results",
    { "--games", "2", "--results", "", NULL },
    "--results: the file's name is empty",
    NULL },
  { "empty-positions",
    { "--games", "2", "--positions", "", NULL },
    "--positions: the file's name is empty",
    NULL },
  { "empty-dot",
    { "--dot", "", NULL },
    "--dot: the file's name is empty",
    NULL },
  { "empty-engine-log",
    { "--games", "2", "--engine", "a=true", "--engine-log", "", NULL },
    "--engine-log: the directory's name is empty",
    NULL },
  { "empty-engine-dir",
    { "--games", "2", "--engine", "a=true", "--engine-dir", "a=", NULL },
    "--engine-dir a=: the directory's name is empty",
    NULL },
  { "empty-summarize",
    { "--summarize", "", NULL },
    "--summarize: a file name is empty",
    NULL },
};

/* A bad command line is refused with status 2 and a message on stderr
   that names the problem, before any game starts. */
static void
test_bad_option (gconstpointer data)
{
  const BadOption *c = data;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nimv (NULL, &out, &err, c->args);
  assert_status (status, STATUS_USAGE, out, err);
  g_assert_cmpstr (out, ==, "");
  g_assert_true (g_str_has_prefix (err, "nim: "));
  nim_test_assert_contains (err, c->message);
  if (c->message2 != NULL && g_str_equal (c->message2, PLAYER_NAMES))
    {
      g_autofree char *names = player_names ();

      nim_test_assert_contains (err, names);
    }
  else if (c->message2 != NULL)
    nim_test_assert_contains (err, c->message2);
}

/* 65 heaps are one more than nim takes. */
static void
test_too_many_heaps (void)
{
  g_autoptr (GString) heaps = g_string_new ("1");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  guint i;
  int status;

  if (!have_nim ())
    return;
  for (i = 1; i < 65; i++)
    g_string_append (heaps, ",1");
  status = run_nim (NULL, &out, &err, "--player1", "xor", "--player2", "xor",
                    "--heaps", heaps->str, NULL);
  assert_status (status, STATUS_USAGE, out, err);
  g_assert_cmpstr (out, ==, "");
  nim_test_assert_contains (err, "--heaps");
  nim_test_assert_contains (err, "64");

  /* 64 are fine. */
  g_string_truncate (heaps, heaps->len - 2);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  status = run_nim (NULL, &out, &err, "--player1", "xor", "--player2", "xor",
                    "--heaps", heaps->str, NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  nim_test_assert_contains (out, "Heap 64: |  1\n");
}

/* Without --moves or --max-take nim plays the rule it was built with
   (take any number, or make MOVES=...); --moves any is the classic rule
   in every build.  Run without the helpers, which name the rule. */
static void
test_default_rules (void)
{
  const char *const plain[]
      = { g_getenv ("NIM_BINARY"), "--solve", "--heaps", "3", "--json", NULL };
  const char *const any[] = { g_getenv ("NIM_BINARY"),
                              "--solve",
                              "--heaps",
                              "3",
                              "--json",
                              "--moves",
                              "any",
                              NULL };
  const char *const *const runs[] = { plain, any };
  NimRules defaults;
  g_autofree char *expected = NULL;
  guint i;

  if (!have_nim ())
    return;
  nim_rules_init_default (&defaults);
  expected = nim_rules_take_to_string (&defaults);
  for (i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autofree char *out = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonNode) root = NULL;
      g_autofree char *take = NULL;
      JsonObject *rules;
      int status;

      g_assert_true (g_spawn_sync (NULL, (char **) runs[i], NULL,
                                   G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                                   &out, NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_cmpint (status, ==, 0);
      root = nim_test_parse_json (out);
      rules = json_object_get_object_member (json_node_get_object (root),
                                             "rules");
      /* "take" is "any", "1-3" or an array such as [2,7,15,16]. */
      take = json_to_string (json_object_get_member (rules, "take"), FALSE);
      g_strdelimit (take, "[]\"", ' ');
      g_strstrip (take);
      g_assert_cmpstr (take, ==, i == 0 ? expected : "any");
    }
}

/* --version: the GNU first line "nim VERSION", the licence, status 0. */
static void
test_version (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *first_line = NULL;
  int status;

  if (!have_nim ())
    return;
  status = run_nim (NULL, &out, &err, "--version", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  g_assert_nonnull (strchr (out, '\n'));
  first_line = g_strndup (out, strcspn (out, "\n"));
  g_assert_true (g_str_has_prefix (first_line, "nim "));
  g_assert_true (g_str_has_suffix (first_line, " " PACKAGE_VERSION));
  nim_test_assert_contains (out, "GPL");
  nim_test_assert_contains (out, "Report bugs to <" PACKAGE_BUGREPORT ">.\n");
  g_assert_cmpstr (err, ==, "");
  /* The version is the one NEWS describes, its first "* Version". */
  if (g_getenv ("NIM_SRCDIR") != NULL)
    {
      g_autofree char *path
          = g_build_filename (g_getenv ("NIM_SRCDIR"), "NEWS", NULL);
      g_autofree char *news = NULL;
      const char *line;

      g_assert_true (g_file_get_contents (path, &news, NULL, NULL));
      line = news != NULL ? strstr (news, "\n* Version ") : NULL;
      g_assert_nonnull (line);
      g_assert_true (
          g_str_has_prefix (line, "\n* Version " PACKAGE_VERSION " "));
    }
}

/* The line of --help that lists the players the registry holds, a
   person's first: a new player shows there without the text being
   touched. */
static char *
help_players_line (void)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  g_autoptr (GString) people = g_string_new (NULL);
  g_autoptr (GString) computers = g_string_new (NULL);
  guint i;

  for (i = 0; classes[i] != NULL; i++)
    {
      GString *names
          = classes[i]->kind == NIM_PLAYER_PERSON ? people : computers;

      g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "",
                              classes[i]->name);
    }
  return g_strdup_printf ("\nPlayers: %s or a computer: %s;\n"
                          "nim --list-players shows their options.\n",
                          people->str, computers->str);
}

/* --help: the options a person needs, status 0; the players of the
   registry, and examples that say what each game is. */
static void
test_help (void)
{
  static const char *const needed[]
      = { "--heaps",   "--max-take", "--moves",       "--misere",
          "--player1", "--player2",  "--first",       "--seed",
          "--json",    "--version",  "--list-players" };
  static const char *const games[]
      = { "three rows of matches against the nim-sum",
          "a subtraction game: take 2, 7, 15 or 16",
          "one heap of 13, take 1 to 3", "whoever takes the last match loses",
          "take 1 or 2, last match loses" };
  g_autofree char *players = help_players_line ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  guint i;
  int status;

  if (!have_nim ())
    return;
  status = run_nim (NULL, &out, &err, "--help", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  for (i = 0; i < G_N_ELEMENTS (needed); i++)
    nim_test_assert_contains (out, needed[i]);
  nim_test_assert_contains (out, "Exit status");
  nim_test_assert_contains (out, players);
  for (i = 0; i < G_N_ELEMENTS (games); i++)
    nim_test_assert_contains (out, games[i]);
  nim_test_assert_contains (out, "A move takes 1 to K matches, such as 3\n");
  /* The commands of the prompt, the new ones too. */
  nim_test_assert_contains (out, "or one of moves, hint [NAME], board, "
                                 "undo, new, back, help, quit (or q).\n");
  nim_test_assert_not_contains (out, "seed 0");
  /* The maintainers' address, configure's bug address, last. */
  g_assert_true (
      g_str_has_suffix (out, "\nReport bugs to <" PACKAGE_BUGREPORT ">.\n"));
  /* A value that may be left out in brackets; a mode's files after a
     blank. */
  nim_test_assert_contains (out, "  --trace[=DEPTH]  ");
  nim_test_assert_not_contains (out, "--trace=DEPTH");
  nim_test_assert_contains (out, "  --summarize FILE...  ");
  /* GOption lines every description up after the longest option and
     metavar: none so long that the descriptions move far to the right
     (a list of words belongs in the description then). */
  {
    const char *heaps = strstr (out, "  -H, --heaps=LIST ");
    const char *said = heaps != NULL ? strstr (heaps, "Start from") : NULL;

    g_assert_nonnull (said);
    g_assert_cmpint (said - heaps, <=, 44);
  }
}

/* --list-players: every player of the registry, each with its options,
   in the registry's order. */
static void
test_list_players (void)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  const char *at;
  guint i;
  int status;

  if (!have_nim ())
    return;
  status = run_nim (NULL, &out, &err, "--list-players", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  text = g_strconcat ("\n", out, NULL);
  at = text;
  for (i = 0; classes[i] != NULL; i++)
    {
      g_autofree char *line = g_strdup_printf ("\n%s ", classes[i]->name);
      const NimPlayerOption *o;

      nim_test_assert_contains (at, line);
      if (strstr (at, line) == NULL)
        continue;
      at = strstr (at, line) + 1;
      for (o = classes[i]->options; o != NULL && o->key != NULL; o++)
        {
          g_autofree char *option = g_strdup_printf (" %s=", o->key);

          nim_test_assert_contains (at, option);
        }
    }
}

/* A write error on standard output is a failure (status 1) with a
   message, as the GNU standards ask, not a silent success. */
static void
test_write_error (void)
{
  static const char *const version[] = { "--version", NULL };
  static const char *const game[]
      = { "--player1", "xor",   "--player2", "xor",
          "--heaps",   "3,4,5", "--json",    NULL };
  const char *const *const runs[] = { version, game };
  guint i;

  if (!have_nim ())
    return;
  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full to write to");
      return;
    }
  for (i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status;

      status = run_nim_to ("/dev/full", NULL, &out, &err, runs[i]);
      assert_status (status, 1, out, err);
      g_assert_true (g_str_has_prefix (err, "nim: "));
    }
}

/* Started with standard output closed, nim says why it cannot write,
   EBADF's message: not another call's errno ("Invalid argument" from
   nim --ugi's reading, "No such process" after an engine was waited
   for), and no file it opens takes the place of standard output. */
static void
test_closed_stdout (void)
{
  g_autofree char *engine = nim_test_engine_command ("good", NULL);
  g_autofree char *declare = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *results = NULL;
  g_autofree char *written = NULL;
  const char *version[] = { "--version", NULL };
  const char *game[]
      = { "--player1", "xor", "--player2", "xor", "--heaps", "3,4", NULL };
  const char *ugi[] = { "--ugi", NULL };
  const char *with_engine[]
      = { "--engine", NULL,  "--player1", "bot", "--player2", "xor",
          "--heaps",  "3,4", "--games",   "2",   NULL };
  const char *run[]
      = { "--games", "4",   "--player1", "xor", "--player2", "random",
          "--heaps", "3,4", "--results", NULL,  NULL };
  const char *const *runs[] = { version, game, ugi, with_engine, run };
  guint i;

  if (!have_nim () || engine == NULL)
    return;
  declare = g_strdup_printf ("bot=%s", engine);
  with_engine[1] = declare;
  dir = g_dir_make_tmp ("nim-cli-XXXXXX", NULL);
  g_assert_nonnull (dir);
  results = g_build_filename (dir, "run.jsonl", NULL);
  run[9] = results;
  for (i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autofree char *said = NULL;
      int status;

      status = nim_test_run_nim_redirected (
          ">&-", runs[i] == ugi ? "ugi\nisready\nquit\n" : NULL, &out, &err,
          runs[i]);
      said = nim_test_strip_valgrind (err);
      assert_status (status, 1, out, said);
      g_assert_cmpstr (said, ==,
                       "nim: write error on standard output: Bad file "
                       "descriptor\n");
    }
  /* The games and nothing else: the summary did not go into the file. */
  g_assert_true (g_file_get_contents (results, &written, NULL, NULL));
  g_assert_true (g_str_has_prefix (written, "{\"run\":"));
  nim_test_assert_not_contains (written, "wins");
  nim_test_assert_contains (written, "\"game\":4,");
  g_unlink (results);
  g_rmdir (dir);
}

/* Computer against computer: played to the end, status 0, a winner and
   no words for a person; without --heaps, from 3, 4, 5. */
static void
test_computer_game (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autoptr (GArray) moves = NULL;
  Position pos;
  guint i;
  int status;

  if (!have_nim ())
    return;
  status = run_nim (NULL, &out, &err, "--player1", "negamax:tt=1M",
                    "--player2", "xor", "--heaps", "3,4,5", NULL);
  assert_status (status, STATUS_FINISHED, out, err);
  assert_ends_with (out, "Player 1 (negamax:tt=1M) wins!\n");
  nim_test_assert_not_contains (out, "Too bad");
  nim_test_assert_not_contains (out, "Well done");
  nim_test_assert_not_contains (out, "Game abandoned");
  g_assert_cmpstr (err, ==, "");
  moves = transcript_moves (out);
  position_init (&pos, "3,4,5", 1);
  for (i = 0; i < moves->len; i++)
    position_play (&pos, &take_any, &g_array_index (moves, Move, i));
  g_assert_cmpuint (position_winner (&pos, &take_any), ==, 1);

  status = run_nim (NULL, &out2, &err2, "--player1", "xor", "--player2", "xor",
                    NULL);
  assert_status (status, STATUS_FINISHED, out2, err2);
  nim_test_assert_not_contains (out2, "How many heaps");
  nim_test_assert_contains (out2, "Heap 1: |||    3\nHeap 2: ||||   4\n"
                                  "Heap 3: |||||  5\n");
  assert_ends_with (out2, "Player 1 (xor) wins!\n");
}

/* A 100,000-digit token, or one with a terminal's escape sequence in it,
   is quoted cut short and escaped, wherever the command line quotes it. */
static void
test_long_token (void)
{
  g_autofree char *digits = g_strnfill (100000, '9');
  g_autofree char *name = g_strnfill (300, 'x');
  g_autofree char *spec = g_strconcat ("negamax:", name, "=1", NULL);
  g_autofree char *list = g_strconcat ("3,,", digits, NULL);
  const char *const cases[][4]
      = { { "--heaps", digits, NULL, NULL },
          { "--heaps", list, NULL, NULL },
          { "--seed", digits, NULL, NULL },
          { "--player2", name, NULL, NULL },
          { "--player2", spec, NULL, NULL },
          { "--player2", "\033]0;pwned\007", NULL, NULL },
          { name, NULL, NULL, NULL } };
  guint i;

  if (!have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status = run_nim (NULL, &out, &err, cases[i][0], cases[i][1], NULL);

      assert_status (status, STATUS_USAGE, out, err);
      g_assert_cmpuint (strlen (err), <, 400);
      g_assert_null (strchr (err, '\033'));
      g_assert_null (strchr (err, '\007'));
      if (i == 5)
        nim_test_assert_contains (err, "\\x1b]0;pwned\\x07");
      else
        nim_test_assert_contains (err, "...");
    }
}

/* Errors map to the exit statuses nim(1) documents. */
static void
test_exit_status (void)
{
  static const struct
  {
    int code;
    int status;
  } map[] = {
    { NIM_ERROR_USAGE, 2 },
    { NIM_ERROR_UNSUPPORTED, 2 },
    { NIM_ERROR_ABANDONED, 3 },
    { NIM_ERROR_FAILED, 1 },
  };
  guint i;

  g_assert_cmpint (nim_exit_status (NULL), ==, 0);
  for (i = 0; i < G_N_ELEMENTS (map); i++)
    {
      g_autoptr (GError) error = g_error_new (NIM_ERROR, map[i].code, "x");

      g_assert_cmpint (nim_exit_status (error), ==, map[i].status);
    }

  /* Bad options are a usage error; anybody else's error is a failure. */
  {
    g_autoptr (GError) option
        = g_error_new (G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION, "x");
    g_autoptr (GError) io
        = g_error_new (G_FILE_ERROR, G_FILE_ERROR_NOENT, "x");

    g_assert_cmpint (nim_exit_status (option), ==, 2);
    g_assert_cmpint (nim_exit_status (io), ==, 1);
  }
}

int
main (int argc, char **argv)
{
  guint i;

  nim_test_init (&argc, &argv);

  g_test_add_func ("/cli/three-rows-dialogue", test_three_rows_dialogue);
  g_test_add_func ("/cli/moves-build-refusal", test_moves_build_refusal);
  g_test_add_func ("/cli/help-everywhere", test_help_everywhere);
  g_test_add_func ("/cli/quit-everywhere", test_quit_everywhere);
  g_test_add_func ("/cli/three-rows-heap-then-count",
                   test_three_rows_heap_then_count);
  g_test_add_func ("/cli/subtraction-game", test_subtraction_game);
  g_test_add_func ("/cli/thirteen-minimax-first", test_thirteen_minimax_first);
  g_test_add_func ("/cli/thirteen-human-first", test_thirteen_human_first);
  g_test_add_func ("/cli/misere-xor", test_misere_xor);
  g_test_add_func ("/cli/misere-human", test_misere_human);
  g_test_add_func ("/cli/misere-xor-wins", test_misere_xor_wins);
  g_test_add_func ("/cli/one-pile-dialogue", test_one_pile_dialogue);
  g_test_add_func ("/cli/one-pile-person-second", test_one_pile_person_second);
  g_test_add_func ("/cli/one-pile-first-option", test_one_pile_first_option);
  g_test_add_func ("/cli/one-pile-prompt", test_one_pile_prompt);
  g_test_add_func ("/cli/refused-before-questions",
                   test_refused_before_questions);

  for (i = 0; i < G_N_ELEMENTS (bad_entries); i++)
    {
      g_autofree char *path
          = g_strconcat ("/cli/bad-entry/", bad_entries[i].name, NULL);

      g_test_add_data_func (path, &bad_entries[i], test_bad_entry);
    }
  g_test_add_func ("/cli/bad-entry/count-prompt-empty-line",
                   test_count_prompt_empty_line);
  g_test_add_func ("/cli/bad-entry/count-prompt-help", test_count_prompt_help);
  g_test_add_func ("/cli/setup/bad-answers", test_setup_bad_answers);
  g_test_add_func ("/cli/setup/abandoned", test_setup_abandoned);

  g_test_add_func ("/cli/prompt/help", test_prompt_help);
  g_test_add_func ("/cli/prompt/moves", test_prompt_moves);
  g_test_add_func ("/cli/prompt/hint", test_prompt_hint);
  g_test_add_func ("/cli/prompt/board", test_prompt_board);
  g_test_add_func ("/cli/prompt/undo", test_prompt_undo);
  g_test_add_func ("/cli/prompt/new", test_prompt_new);
  g_test_add_func ("/cli/explain/versus", test_explain_versus);
  g_test_add_func ("/cli/explain/numbered", test_explain_numbered);
  g_test_add_func ("/cli/explain/one-pile", test_explain_one_pile);
  g_test_add_func ("/cli/explain/misere-divisor", test_explain_misere_divisor);
  g_test_add_func ("/cli/explain/trace-distance", test_trace_distance);
  g_test_add_func ("/cli/prompt/quit", test_prompt_quit);
  g_test_add_func ("/cli/prompt/end-of-input", test_end_of_input);

  g_test_add_func ("/cli/json/negamax-xor", test_json_negamax_xor);
  g_test_add_func ("/cli/json/random-seed", test_json_random_seed);
  g_test_add_func ("/cli/json/misere", test_json_misere);
  g_test_add_func ("/cli/json/human", test_json_human);

  g_test_add_func ("/cli/search/node-budget", test_search_node_budget);
  g_test_add_func ("/cli/search/time-budget", test_search_time_budget);

  for (i = 0; i < G_N_ELEMENTS (bad_options); i++)
    {
      g_autofree char *path
          = g_strconcat ("/cli/usage/", bad_options[i].name, NULL);

      g_test_add_data_func (path, &bad_options[i], test_bad_option);
    }
  g_test_add_func ("/cli/usage/too-many-heaps", test_too_many_heaps);
  g_test_add_func ("/cli/usage/long-token", test_long_token);
  g_test_add_func ("/cli/version", test_version);
  g_test_add_func ("/cli/default-rules", test_default_rules);
  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/list-players", test_list_players);
  g_test_add_func ("/cli/computer-game", test_computer_game);
  g_test_add_func ("/cli/write-error", test_write_error);
  g_test_add_func ("/cli/closed-stdout", test_closed_stdout);
  g_test_add_func ("/cli/exit-status", test_exit_status);

  return g_test_run ();
}
