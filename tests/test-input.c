/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-input.c -- every kind of bad input, on the command line and at
 * the prompt, and Ctrl-C
 *
 * One table row per input: what is passed or typed, the exit status, and
 * a part of the message that names what was wrong and what is accepted.
 * At the prompt, a bad line must also be followed by the same prompt
 * again (the game goes on), and end of input then gives up (status 3). */

#include "config.h"

#include "nim-test.h"

#include <stdio.h>
#include <gio/gio.h>
#include <signal.h>
#include <string.h>

#define STATUS_ABANDONED 3
#define STATUS_USAGE 2
#define STATUS_INTERRUPTED 130

/* The prompts of a game of one person against the computer. */
#define PROMPT "Which heap do you take matches from? "
#define PROMPT_ONE "How many matches do you take? "

typedef struct
{
  const char *args[6];
  const char *message;
} OptionCase;

/* Runs nim with @c's arguments after @key and @value (two arguments put
   first, or NULL for none) and checks that it refuses them with a usage
   error and @c's message. */
static void
assert_case_refused (const OptionCase *c, const char *key, const char *value)
{
  const char *args[G_N_ELEMENTS (c->args) + 3] = { NULL };
  guint n = 0, j;

  if (key != NULL)
    {
      args[n++] = key;
      args[n++] = value;
    }
  for (j = 0; j < G_N_ELEMENTS (c->args) && c->args[j] != NULL; j++)
    args[n++] = c->args[j];
  nim_test_assert_refused (args, STATUS_USAGE, c->message);
}

/* Each on top of "--player2 xor", so that nothing but the bad option can
   be wrong. */
static const OptionCase option_cases[] = {
  /* Signs, spaces, sizes, empty, unicode digits, garbage */
  { { "--heaps", "+3,4" }, "'+3' is not a whole number; expected digits 0-9" },
  { { "--heaps", "-3" }, "'-3' is negative" },
  { { "--heaps", "3,4,-5" }, "'-5' is negative" },
  { { "--heaps", "18446744073709551616" },
    "18446744073709551616 is too large; the largest accepted is 4294967295" },
  { { "--heaps", "99999999999999999999999999" }, "is too large" },
  { { "--heaps", "4294967296" }, "the largest accepted is 4294967295" },
  { { "--heaps", "" }, "no values given; expected a list such as 3,4,5" },
  /* Fullwidth and Arabic-Indic digits: in the C locale of the tests they
     are not even text; at the prompt they are read as typed. */
  { { "--heaps", "\xef\xbc\x93,4" },
    "is not text in this locale's "
    "character set" },
  { { "--heaps", "\xd9\xa3" }, "the digits 0-9, such as --heaps 3,4,5" },
  { { "--heaps", "3,4x" }, "'4x' is not a whole number" },
  { { "--heaps", "3;4" }, "'3;4' is not a whole number" },
  { { "--heaps", "3,,4" }, "empty entry in '3,,4'" },
  { { "--heaps", "0,0" }, "every heap is empty" },
  { { "--heaps", "0x10" }, "is not a whole number" },
  { { "--heaps", "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
                 "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
                 "1,1,1,1,1,1,1" },
    "too many values" },
  /* Take rules and subtraction sets */
  { { "--moves", "2,2,3" }, "2 is listed twice; each count may appear once" },
  { { "--moves", "0,2" }, "0 is too small; the smallest accepted is 1" },
  { { "--moves", "" }, "no values given" },
  { { "--moves", "2,-3" }, "'-3' is negative" },
  { { "--moves", "99999999999999999999" }, "is too large" },
  { { "--moves", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,"
                 "23,24,25,26,27,28,29,30,31,32,33" },
    "at most 32 are accepted" },
  { { "--max-take", "0" }, "0 is too small; the smallest accepted is 1" },
  { { "--max-take", "-1" }, "'-1' is negative" },
  { { "--max-take", "3.5" }, "'3.5' is not a whole number" },
  { { "--max-take", "1e3" }, "'1e3' is not a whole number" },
  { { "--max-take", "3", "--moves", "1,2" }, "give one of them" },
  /* Player specs */
  { { "--player1", "chess" },
    "unknown player 'chess'; the players are human, minimax, negamax" },
  { { "--player1", "negamax:depht=3" },
    "no option 'depht'; its options are depth, time, nodes" },
  { { "--player1", "negamax:depth=-1" }, "depth: '-1' is negative" },
  { { "--player1", "negamax:depth=abc" }, "'abc' is not a whole number" },
  { { "--player1", "negamax:depth=5000" }, "is too large" },
  { { "--player1", "negamax:tt=12Q" }, "expected a size such as 64M" },
  /* pns cannot search without its table. */
  { { "--player1", "pns:tt=off" }, "this table cannot be off" },
  { { "--player1", "pns:tt=0" }, "this table cannot be off" },
  { { "--player1", "pns:tt=32K" }, "(from 64K to 64G); this table cannot" },
  { { "--player1", "negamax:ab=maybe" }, "expected on or off" },
  { { "--player1", "negamax:" }, "nothing after ':'" },
  { { "--player1", "negamax:depth" }, "option depth needs a value" },
  { { "--player1", "negamax:depth=3,depth=4" },
    "option depth is given twice" },
  { { "--player1", "negamax:time=-1" }, "expected a number from 0 to 86400" },
  { { "--player1", "negamax:time=nan" }, "expected a number from 0 to 86400" },
  { { "--player1", "negamax:time=1e999" },
    "expected a number from 0 to 86400" },
  { { "--player1", "negamax:time=0x10" }, "'0x10' is not accepted" },
  { { "--player1", "negamax:ab=maybe " }, "ab=maybe: expected on or off" },
  { { "--player1", "negamax: depth=3,depth =4" },
    "option depth is given twice" },
  { { "--player1", "xor:depth=3" },
    "takes no options, but 'depth=3' was given" },
  { { "--player1", "xor", "--moves", "2,3" }, "cannot play this game" },
  /* Other options */
  { { "--seed", "4294967296" }, "the largest accepted is 4294967295" },
  { { "--seed", "-1" }, "'-1' is negative" },
  { { "--first", "3" }, "3 is too large; the largest accepted is 2" },
  { { "--first", "0" }, "0 is too small; the smallest accepted is 1" },
  { { "--games", "3" }, "is odd; give an even number" },
  { { "--games", "2", "--jobs", "0" }, "--jobs: 0 is too small" },
  { { "--games", "2", "--random-heaps", "65" }, "--random-heaps COUNT" },
  { { "--no-such-option" }, "Unknown option --no-such-option" },
  { { "3,4,5" }, "unexpected argument '3,4,5'" },
  { { "--", "--heaps", "3" }, "'--' ends the options, but nim takes nothing" },
  { { "--heaps" }, "Missing argument for --heaps" },
};

static void
test_bad_options (void)
{
  guint i;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpuint (G_N_ELEMENTS (option_cases), >=, 40);
  for (i = 0; i < G_N_ELEMENTS (option_cases); i++)
    assert_case_refused (&option_cases[i], "--player2", "xor");
}

/* One rule for every mode: an option the mode does not use is refused,
   naming both (taken as they are, without "--player2 xor"). */
static const OptionCase mode_cases[] = {
  { { "--solve", "--player2", "bogus", "--seed", "abc" },
    "--solve cannot be combined with --player2" },
  { { "--solve", "--seed", "1" },
    "--seed draws the heaps of --random-heaps, or the leaves of "
    "--random-tree, in --solve" },
  { { "--solve", "--heaps", "3", "--random-heaps", "2" },
    "--random-heaps cannot be combined with --heaps" },
  { { "--compare", "--random-heaps", "2" },
    "--compare cannot be combined with --random-heaps (it needs --games or "
    "--solve)" },
  { { "--solve", "--results", "f", "--jobs", "2" },
    "--solve cannot be combined with --jobs" },
  { { "--grundy-sequence", "5", "--heaps", "3" },
    "--grundy-sequence cannot be combined with --heaps" },
  { { "--grundy-sequence", "5", "--player1", "negamax" },
    "--grundy-sequence cannot be combined with --player1" },
  { { "--compare", "--stats" }, "--compare cannot be combined with --stats" },
  { { "--compare", "--explain" },
    "--compare cannot be combined with --explain" },
  { { "--compare", "--seed", "1" },
    "--compare cannot be combined with --seed" },
  { { "--games", "2", "--first", "1" },
    "--games cannot be combined with --first" },
  { { "--games", "2", "--explain" },
    "--games cannot be combined with --explain" },
  { { "--games", "2", "--nodes", "5" }, "--nodes is the budget of --compare" },
  { { "--jobs", "2" }, "one game cannot be combined with --jobs" },
  { { "--grundy-sequence", "1e9" }, "is not a whole number" },
  /* An option given twice: neither value silently wins */
  { { "--heaps", "3", "--heaps", "4" }, "--heaps is given twice" },
  { { "--heaps=3", "--player1", "xor", "--player1", "xor" },
    "--player1 is given twice" },
  { { "--games", "2", "--results", "a", "--results", "b" },
    "--results is given twice" },
  { { "--trace", "--trace=2" }, "--trace is given twice" },
  { { "--json", "-j" }, "--json is given twice" },
  { { "--misere", "--misere" }, "--misere is given twice" },
};

static void
test_mode_options (void)
{
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (mode_cases); i++)
    assert_case_refused (&mode_cases[i], NULL, NULL);
}

typedef struct
{
  const char *heaps;
  const char *rules[2];
  const char *line;
  const char *message;
} PromptCase;

static const PromptCase prompt_cases[] = {
  { "3,4,5",
    { NULL },
    "+1 2",
    "'+1' is not a heap number; type a heap "
    "from 1 to 3 and a count, such as 1 1" },
  { "3,4,5",
    { NULL },
    "-1 2",
    "There is no heap -1; the heaps are numbered "
    "1 to 3." },
  { "3,4,5", { NULL }, "1 -2", "-2 is negative; you must take at least 1" },
  { "3,4,5", { NULL }, "0 1", "There is no heap 0" },
  { "3,4,5", { NULL }, "4 1", "There is no heap 4" },
  { "3,4,5", { NULL }, "1 0", "You must take at least 1 match." },
  { "3,4,5",
    { NULL },
    "1 4",
    "Heap 1 has only 3 matches; you cannot take 4." },
  { "3,4,5",
    { NULL },
    "18446744073709551616 1",
    "There is no heap "
    "18446744073709551616" },
  { "3,4,5",
    { NULL },
    "1 18446744073709551616",
    "you cannot take "
    "18446744073709551616" },
  /* An empty line gets the help, which says what to type. */
  { "3,4,5", { NULL }, "", "Type the heap and how many matches you take" },
  { "3,4,5", { NULL }, "   ", "Commands: moves" },
  { "3,4,5", { NULL }, "\t", "Commands: moves" },
  { "3,4,5", { NULL }, "x", "'x' is not a heap number" },
  { "3,4,5", { NULL }, "1 2 3", "Too much typed: '1 2 3'" },
  { "3,4,5", { NULL }, "\xef\xbc\x91 2", "is not a heap number" },
  { "3,4,5", { NULL }, "1 \xd9\xa2", "is not a number of matches" },
  { "3,4,5", { NULL }, "1 2x", "'2x' is not a number of matches" },
  { "3,4,5", { NULL }, "1 2.0", "'2.0' is not a number of matches" },
  { "3,4,5", { NULL }, "1,2", "'1,2' is not a heap number" },
  { "3,4,5", { NULL }, "0x1 2", "'0x1' is not a heap number" },
  { "3,4,5", { NULL }, "\xff\xfe", "is not a heap number" },
  { "3,4,5", { NULL }, "1\0012", "is not a heap number" }, /* a control
                                                           character */
  { "0,4,5",
    { NULL },
    "1 1",
    "Heap 1 is empty; choose a heap that has "
    "matches." },
  { "13",
    { "--max-take", "2" },
    "3",
    "You may take at most 2 matches at "
    "a time." },
  { "13",
    { "--moves", "1,3" },
    "2",
    "You cannot take 2; a move takes one "
    "of 1,3 matches." },
  { "13",
    { NULL },
    "abc",
    "'abc' is not a number of matches; type a count "
    "such as 1" },
  { "13", { NULL }, "14", "Only 13 matches are left; you cannot take 14." },
};

static void
test_bad_prompt_lines (void)
{
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (prompt_cases); i++)
    {
      const PromptCase *c = &prompt_cases[i];
      const char *args[10] = { "--player2", "negamax",   "--heaps", c->heaps,
                               c->rules[0], c->rules[1], NULL };
      const char *prompt = strchr (c->heaps, ',') ? PROMPT : PROMPT_ONE;
      g_autofree char *input = g_strdup_printf ("%s\n", c->line);
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      const char *after;
      int status;

      status = nim_test_run_nimv (input, &out, &err, args);
      g_assert_cmpint (status, ==, STATUS_ABANDONED);
      nim_test_assert_contains (out, c->message);
      /* The message, then the same prompt again. */
      after = strstr (out, prompt);
      g_assert_nonnull (after);
      if (after != NULL)
        g_assert_nonnull (strstr (after + strlen (prompt), prompt));
      nim_test_assert_contains (err, "end of input");
    }
}

/* What was typed reaches the terminal escaped, in the echo and in the
   messages: a terminal's escape sequence (here one that sets the window
   title) is shown, not obeyed, and a long word is quoted cut short. */
static void
test_escaped_input (void)
{
  g_autofree char *long_word = g_strnfill (100, 'x');
  g_autofree char *input = g_strdup_printf (
      "\033]0;pwned\007 1\n1 %s\n\302\233[2J\n1 2 %s\n", long_word, long_word);
  g_autofree char *cut = g_strdup_printf ("'%.40s...'", long_word);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (input, &out, &err, "--heaps", "3,4,5",
                                     "--player2", "xor", NULL),
                   ==, STATUS_ABANDONED);
  g_assert_null (strchr (out, '\033'));
  g_assert_null (strchr (out, '\007'));
  nim_test_assert_not_contains (out, "\302\233");
  nim_test_assert_contains (out, PROMPT "\\x1b]0;pwned\\x07 1\n");
  nim_test_assert_contains (out, "'\\x1b]0;pwned\\x07' is not a heap number");
  nim_test_assert_contains (out, cut);
  nim_test_assert_not_contains (out,
                                "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'");
  nim_test_assert_contains (out, "'\\u009b[2J' is not a heap number");
  nim_test_assert_contains (
      out, "Too much typed: '1 2 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'");
}

/* A line longer than 4 KiB is thrown away with a word and the prompt
   comes again; the next line is read as usual.  So is a line of 300,000
   bytes, piped, which used to abandon the game as one that "did not
   end". */
static void
test_long_line (void)
{
  const gsize lengths[] = { 5000, 300000 };
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      g_autofree char *long_word = g_strnfill (lengths[i], 'x');
      g_autofree char *input = g_strdup_printf ("1 %s\nmoves\n", long_word);
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (nim_test_run_nim (input, &out, &err, "--heaps", "3,4,5",
                                         "--player2", "xor", NULL),
                       ==, STATUS_ABANDONED);
      nim_test_assert_not_contains (out, "xxxx");
      nim_test_assert_contains (out,
                                PROMPT "\nThe line was too long (more than "
                                       "4096 bytes) and was ignored; type "
                                       "it again.\n" PROMPT "moves\n");
      nim_test_assert_contains (out, "Legal moves (heap count):");
      nim_test_assert_contains (err, "you gave up: end of input");
    }
}

/* Megabytes without a line end are thrown away without being kept,
   well within the runner's time limit. */
static void
test_endless_line (void)
{
  g_autofree char *input = g_strnfill (4 * 1024 * 1024, '7');
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  gint64 start = g_get_monotonic_time ();

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (input, &out, &err, "--heaps", "3,4,5",
                                     "--player2", "xor", NULL),
                   ==, STATUS_ABANDONED);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 60 * G_USEC_PER_SEC);
  g_assert_cmpuint (strlen (out), <, 4096);
  /* The input ended within the line: that is the end of the input (an
     endless one, /dev/zero, is given up on after 64 MiB: see
     test-prompt.sh). */
  nim_test_assert_contains (err, "you gave up: end of input");
}

/* A count may carry one '+', as it may a leading 0: +1 reads as 1, at
   the move prompt and in a game of one heap; a second sign is still
   refused.  (A heap number takes no sign: see prompt_cases.) */
static void
test_plus_count (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out_one = NULL;
  g_autofree char *err_one = NULL;

  if (!nim_test_have_nim ())
    return;
  nim_test_run_nim ("1 ++1\n1 +-1\n1 +1\n", &out, &err, "--heaps", "3,4,5",
                    "--player2", "xor", NULL);
  nim_test_assert_contains (out, "'++1' is not a number of matches");
  nim_test_assert_contains (out, "'+-1' is not a number of matches");
  nim_test_assert_contains (out,
                            "1 +1\n\nCurrent position:\n-----\nHeap 1: ||\n");
  nim_test_run_nim ("+02\n", &out_one, &err_one, "--heaps", "7", "--player2",
                    "xor", NULL);
  nim_test_assert_contains (
      out_one, "+02\n\nCurrent position:\n-----\nMatches: |||||\n");
}

/* After just the heap, the count prompt takes the move prompt's
   commands, and a bad count is asked for again, not the heap; quit
   there gives up. */
static void
test_count_prompt (void)
{
  const char *ask = PROMPT_ONE;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *again = NULL;
  g_autofree char *quit_out = NULL;
  g_autofree char *quit_err = NULL;

  if (!nim_test_have_nim ())
    return;
  nim_test_run_nim ("1\nhint\nmoves\nhelp\nx\n5\n\n3 2\nback\n1\n+2\n", &out,
                    &err, "--heaps", "3,4,5", "--player2", "xor", NULL);
  nim_test_assert_contains (out, PROMPT "1\n");
  nim_test_assert_contains (
      out, "hint\nHint from xor: take 2 matches from heap 1.\n");
  nim_test_assert_contains (out, "moves\nLegal moves (heap count):");
  nim_test_assert_contains (out, "help\nTake any number of matches");
  /* A bad count asks for the count again; an empty line gets the help,
     which tells of back; a heap and a count typed here are explained;
     back asks for the heap again. */
  bad = g_strdup_printf (
      "x\n'x' is not a number of matches; type a count such as 1 (or "
      "help).\n%s5\nHeap 1 has only 3 matches; you cannot take 5.\n%s\n"
      "Take any number of matches from one heap; whoever takes the last "
      "match wins.\nType how many matches you take from heap 1, such as 1, "
      "or back to choose another heap.\n",
      ask, ask);
  nim_test_assert_contains (out, bad);
  again = g_strdup_printf (
      "%s3 2\n'3 2' is more than a count: the heap is chosen, heap 1, and "
      "this question asks only how many matches to take from it, such as 1. "
      "To choose another heap, type back.\n%sback\n%s1\n%s+2\n\nCurrent "
      "position:\n-----\nHeap 1: |\n",
      ask, ask, PROMPT, ask);
  nim_test_assert_contains (out, again);
  nim_test_assert_contains (err, "end of input");

  g_assert_cmpint (nim_test_run_nim ("1\nquit\n", &quit_out, &quit_err,
                                     "--heaps", "3,4,5", "--player2", "xor",
                                     NULL),
                   ==, STATUS_ABANDONED);
  nim_test_assert_contains (quit_err, "you gave up: quit");
}

/* Ctrl-C at the prompt: a clear word, status 130, the game abandoned. */
static void
test_interrupt_prompt (void)
{
  const char *args[] = { "--heaps", "3,4,5", "--player2", "xor", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_interrupt_at (PROMPT, FALSE, args, &out, &err), ==,
                   STATUS_INTERRUPTED);
  nim_test_assert_contains (out, "Game abandoned.");
  g_assert_cmpstr (err, ==, "nim: interrupted\n");
}

/* The same with --json: the prompt goes to standard error, and the
   record of the abandoned game is printed all the same. */
static void
test_interrupt_prompt_json (void)
{
  const char *args[]
      = { "--heaps", "3,4,5", "--player2", "xor", "--json", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_interrupt_at (PROMPT, TRUE, args, &out, &err), ==,
                   STATUS_INTERRUPTED);
  nim_test_assert_contains (out, "\"moves\":[]");
  nim_test_assert_contains (out, "\"abandoned\":true");
  nim_test_assert_contains (err, "nim: interrupted\n");
}

/* Ctrl-C during a long search: the search stops, its move is not
   played, the game is abandoned with the moves so far. */
static void
test_interrupt_search (void)
{
  const char *args[]
      = { "--heaps",   "9,10,11,12,13",
          "--player1", "xor",
          "--player2", "negamax:time=0,ab=off,tt=off,id=off,order=off",
          NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (
      nim_test_interrupt_at ("Player 1 (xor) takes", FALSE, args, &out, &err),
      ==, STATUS_INTERRUPTED);
  nim_test_assert_not_contains (out, "order=off) takes");
  nim_test_assert_contains (out, "Game abandoned.");
  nim_test_assert_contains (err, "interrupted");
}

/* SIGTERM and SIGHUP end a game as Ctrl-C does, at the prompt or in a
   search (the record printed, the game abandoned), with the signal's
   status, 143 or 129: a scheduler's SIGTERM once killed nim outright. */
static void
test_terminate (void)
{
  const char *prompt[]
      = { "--heaps", "3,4,5", "--player2", "xor", "--json", NULL };
  const char *search[]
      = { "--heaps",   "9,10,11,12,13",
          "--player1", "xor",
          "--player2", "negamax:time=0,ab=off,tt=off,id=off,order=off",
          NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (
      nim_test_signal_at (PROMPT, TRUE, SIGTERM, prompt, &out, &err), ==,
      128 + SIGTERM);
  nim_test_assert_contains (out, "\"abandoned\":true");
  nim_test_assert_contains (err, "nim: interrupted\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_signal_at ("Player 1 (xor) takes", FALSE, SIGHUP,
                                       search, &out, &err),
                   ==, 128 + SIGHUP);
  nim_test_assert_contains (out, "Game abandoned.");
  nim_test_assert_contains (err, "interrupted");
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);

  g_test_add_func ("/input/bad-options", test_bad_options);
  g_test_add_func ("/input/mode-options", test_mode_options);
  g_test_add_func ("/input/bad-prompt-lines", test_bad_prompt_lines);
  g_test_add_func ("/input/escaped-input", test_escaped_input);
  g_test_add_func ("/input/long-line", test_long_line);
  g_test_add_func ("/input/plus-count", test_plus_count);
  g_test_add_func ("/input/count-prompt", test_count_prompt);
  g_test_add_func ("/input/endless-line", test_endless_line);
  g_test_add_func ("/input/interrupt-prompt", test_interrupt_prompt);
  g_test_add_func ("/input/interrupt-prompt-json", test_interrupt_prompt_json);
  g_test_add_func ("/input/interrupt-search", test_interrupt_search);
  g_test_add_func ("/input/terminate", test_terminate);

  return g_test_run ();
}
