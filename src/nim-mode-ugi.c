/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-ugi.c -- `nim --ugi`: any built-in player as a UGI engine

   The Universal Game Interface (doc/ugi.md) is UCI generalised to any
   turn-based game: a referee writes commands to the engine's standard
   input, one a line, and reads its answers from its standard output.
   This is the engine's side.  Two threads take turns at reading the
   commands, and the one that reads a `go` runs the search itself: no
   other thread stands between a `go` and its search, or between the
   search and its `bestmove`.  Most searches of a referee's short games
   end within a millisecond, long before a referee says anything more;
   only a search that lasts longer than UGI_WATCH_DELAY (5 ms) wakes the
   other thread (a one-shot timer, set at a `go` when it is not set
   already: see serve()), which then takes the reader's turn, so that
   `isready` is answered and `stop` heard while it thinks.  Handing the
   turn over at every `go` instead would cost two thread wake-ups a move,
   more than a short search (bench/README has the figures).  `stop` sets
   the search's own stop flag
   (nim_player_set_stop()), which the searcher reads where it reads its
   clock, and it returns the best move it has.

   Answers are flushed when there is nothing more to read, not line by
   line: `uginewgame`, `isready`, `position` and `go` sent together get
   `readyok`, `info` and `bestmove` back together, which wakes the
   referee once (a search that outlasts the timer lets its `readyok` go
   ahead).  Command lines are split into words in place, in buffers that
   are kept from one line to the next.

   Every position and move is written in nim's notation
   (lib/core/nim-notation.c): "3,4,5 p1", "h2-1".  What a referee sends
   wrong is answered with an `info string error: ...` line and otherwise
   ignored; an unknown command is ignored as UCI engines do.  The
   protocol's words are English whatever the locale: they are read by
   programs. */

#include "config.h"

#include "nim-i18n.h"
#include "nim-mode.h"
#include "nim-shared.h"
#include "nim-notation.h"
#include "nim-error.h"
#include "nim-parse.h"
#include "nim-strings.h"
#include "nim-lookout.h"
#include "nim-exit.h"

#include <errno.h>
#include <glib-unix.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_TIMERFD_CREATE
#include <sys/timerfd.h>
#endif

/* The longest command line kept, in bytes; the rest of a longer one is
   read and thrown away, so no input makes the engine grow without
   bound. */
#define UGI_LINE_MAX (64 * 1024)

/* How long a search runs, in microseconds, before the other thread takes
   the reader's turn: `isready` and `stop` wait at most this long more
   than they would with a reader always at hand.  While a referee's
   short games go on, the timer rings once in this long (see serve()),
   so a shorter delay costs processor time (bench/README). */
#define UGI_WATCH_DELAY 5000

/* The budget keys every searcher has (NIM_SEARCH_BUDGET_OPTIONS), which
   `go` sets for each search. */
static const char *const budget_keys[] = { "depth", "time", "nodes", NULL };

typedef struct
{
  NimPlayer *player;
  NimRules rules;
  gboolean started; /* nim_player_start() ran under @rules */
  /* What bare `go` searches with: the spec's budget, or setoption's. */
  char *base_budget[3];
  /* The budget as last set in the player's options, or %NULL where
     unknown: a `go` with the same budget sets nothing. */
  char *applied_budget[3];

  gboolean have_position;
  NimBoard board;
  guint to_move;

  /* Standard input, read by the thread that has the reader's turn:
     @input holds what came but is not yet a line; @skipping, the rest of
     a line longer than UGI_LINE_MAX, which is thrown away. */
  GString *input;
  gboolean input_end;
  gboolean skipping;
  /* The command line being carried out, and its words (pointers into
     @line, %NULL-terminated): kept from line to line. */
  GString *line;
  GPtrArray *words;
  /* The last position fen read, and what it was: @fen_valid. */
  GString *fen;
  gboolean fen_valid;
  NimBoard fen_board;
  guint fen_to_move;
  /* A search's answer and its move, kept from search to search. */
  GString *answer;
  GString *best;
  NimLookout lookout; /* whether the reader looks before it sleeps */

  /* Under @lock: @reading, one thread has the reader's turn (the one
     that reads a `go` gives it up while it searches, and takes it back
     after unless the other thread took it); @searching, a search runs
     (and writes its bestmove before it clears this); @quit, the input
     ended.  @stop is the search's stop flag; @infinite holds its bestmove
     back until `stop` (go infinite).  @cond wakes a thread waiting for a
     search to end (end_search()) or for `stop` (go infinite). */
  GMutex lock;
  GCond cond;
  gboolean reading;
  gboolean searching;
  gboolean ending; /* the reader waits in end_search () */
  gboolean quit;
  gint stop;
  gboolean infinite;
  NimBoard search_board;

  /* Under @out_lock: @replied, the reader wrote answers that are not
     flushed yet. */
  GMutex out_lock;
  gboolean replied;

  /* What the thread without the reader's turn waits on (watch_wait()):
     a timer (watch_arm(), serve()), or where the system has none, a
     pipe written to at a `go`, which hands the turn over at once. */
  int watch_fd;
  int watch_write; /* the pipe's write end, or -1 */
  /* Under @lock: @armed, the timer is set and has not rung yet (a `go`
     sets it only then); @search_start, when the search under way
     began (g_get_monotonic_time()). */
  gboolean armed;
  gint64 search_start;
} Engine;

/* Writes one line of the engine's answer, to be flushed before the
   reader next waits for input (see read_command()).  Both threads
   answer, a line at a time. */
G_GNUC_PRINTF (2, 3)
static void
say (Engine *e, const char *format, ...)
{
  va_list args;

  g_mutex_lock (&e->out_lock);
  va_start (args, format);
  vfprintf (stdout, format, args);
  va_end (args);
  fputc ('\n', stdout);
  e->replied = TRUE;
  g_mutex_unlock (&e->out_lock);
}

/* Writes @text, whole lines, and flushes it with whatever else is
   waiting: a search's answer goes out at once, in one write. */
static void
say_now (Engine *e, const char *text)
{
  g_mutex_lock (&e->out_lock);
  fputs (text, stdout);
  fflush (stdout);
  e->replied = FALSE;
  g_mutex_unlock (&e->out_lock);
}

/* "info string error: ..." on one line, whatever @message holds. */
static void
say_error (Engine *e, const char *message)
{
  g_autofree char *line = g_strdup (message);

  g_strdelimit (line, "\r\n", ' ');
  say (e, "info string error: %s", line);
}

/* Moves the first line of the input to @e->line, if it holds a whole
   one, and returns it. */
static char *
take_command (Engine *e)
{
  char *nl = memchr (e->input->str, '\n', e->input->len);
  gsize len;

  if (nl == NULL)
    {
      if (!e->input_end || e->input->len == 0)
        return NULL;
      /* The last line, without a line end. */
      len = e->input->len;
    }
  else
    len = (gsize) (nl - e->input->str);
  g_string_truncate (e->line, 0);
  g_string_append_len (e->line, e->input->str, (gssize) len);
  g_string_erase (e->input, 0, MIN ((gssize) len + 1, (gssize) e->input->len));
  if (len > 0 && e->line->str[len - 1] == '\r')
    g_string_truncate (e->line, len - 1);
  return e->line->str;
}

/* Adds what read () gave to the input: a NUL becomes a blank, and of a
   line longer than UGI_LINE_MAX the rest is dropped. */
static void
add_input (Engine *e, char *chunk, gsize n)
{
  gsize i, start = 0;

  for (i = 0; i < n; i++)
    if (chunk[i] == '\0')
      chunk[i] = ' ';
  if (e->skipping)
    {
      char *nl = memchr (chunk, '\n', n);

      if (nl == NULL)
        return;
      start = (gsize) (nl - chunk);
      e->skipping = FALSE;
    }
  g_string_append_len (e->input, chunk + start, (gssize) (n - start));
  if (e->input->len > UGI_LINE_MAX)
    {
      /* Only the last line can be unfinished: cut it at UGI_LINE_MAX. */
      const char *last = g_strrstr_len (e->input->str, e->input->len, "\n");
      gsize begin = last != NULL ? (gsize) (last - e->input->str) + 1 : 0;

      if (e->input->len - begin > UGI_LINE_MAX)
        {
          g_string_truncate (e->input, begin + UGI_LINE_MAX);
          e->skipping = TRUE;
        }
    }
}

/* One line of standard input without its line end (in @e->line, until
   the next call), or %NULL at its end.  Only the thread with the
   reader's turn reads.  What was answered goes out before it waits for
   more: the referee may be waiting for it. */
static char *
read_command (Engine *e)
{
  char *line;
  gint64 start = -1, spin_end = 0;

  while ((line = take_command (e)) == NULL)
    {
      char chunk[4096];
      gssize n;

      if (e->input_end)
        return NULL;
      g_mutex_lock (&e->out_lock);
      if (e->replied)
        fflush (stdout);
      e->replied = FALSE;
      g_mutex_unlock (&e->out_lock);
      if (start < 0)
        {
          /* A referee of fast games sends the next command within tens
             of microseconds: look for it that long before sleeping, as
             long as it has come that fast of late, so that it finds the
             engine awake rather than a processor to wake.  Any other
             thread that wants this processor (the referee, say) runs
             first. */
          start = g_get_monotonic_time ();
          spin_end = nim_lookout_wanted (&e->lookout) ? start + NIM_LOOKOUT_MAX
                                                      : start;
        }
      while (g_get_monotonic_time () < spin_end)
        {
          GPollFD pfd = { STDIN_FILENO, G_IO_IN | G_IO_HUP | G_IO_ERR, 0 };

          if (g_poll (&pfd, 1, 0) != 0)
            break;
          g_thread_yield ();
        }
      n = read (STDIN_FILENO, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        e->input_end = TRUE;
      else
        add_input (e, chunk, (gsize) n);
    }
  if (start >= 0)
    nim_lookout_record (&e->lookout, start);
  return line;
}

/* Splits @line into its words in place (words are separated by any run
   of blanks): a %NULL-terminated array in @e->words, valid until the
   next line. */
static char **
split_words (Engine *e, char *line)
{
  char *p = line;

  g_ptr_array_set_size (e->words, 0);
  for (;;)
    {
      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == '\0')
        break;
      g_ptr_array_add (e->words, p);
      p += strcspn (p, " \t");
      if (*p == '\0')
        break;
      *p++ = '\0';
    }
  g_ptr_array_add (e->words, NULL);
  return (char **) e->words->pdata;
}

/* Joins @words[@from] to @words[@to - 1], words of one line split by
   split_words(), with single blanks, in place: the result takes the
   place of the first, and the words in between are gone. */
static const char *
join_words (char **words, guint from, guint to)
{
  char *p;
  guint i;

  if (from >= to)
    return "";
  p = words[from] + strlen (words[from]);
  for (i = from + 1; i < to; i++)
    {
      gsize n = strlen (words[i]);

      *p++ = ' ';
      memmove (p, words[i], n + 1);
      p += n;
    }
  return words[from];
}

/* The option @key of @player's class, or %NULL. */
static const NimPlayerOption *
find_option (const NimPlayer *player, const char *key)
{
  const NimPlayerOption *o;

  for (o = player->klass->options; o != NULL && o->key != NULL; o++)
    if (g_str_equal (o->key, key))
      return o;
  return NULL;
}

/* The value of option @o of @player as a spec would write it. */
static char *
option_text (const NimPlayer *player, const NimPlayerOption *o)
{
  gconstpointer field = (const char *) player + o->offset;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  switch (o->type)
    {
    case NIM_OPTION_UINT:
    case NIM_OPTION_SIZE:
    case NIM_OPTION_SIZE_ON:
      return g_strdup_printf ("%" G_GUINT64_FORMAT, *(const guint64 *) field);
    case NIM_OPTION_BOOL:
      return g_strdup (*(const gboolean *) field ? "true" : "false");
    case NIM_OPTION_SECONDS:
    case NIM_OPTION_NUMBER:
      return g_strdup (
          g_ascii_dtostr (buf, sizeof buf, *(const double *) field));
    case NIM_OPTION_CHOICE:
      return g_strdup (o->choices[*(const guint *) field]);
    }
  g_assert_not_reached ();
}

/* Remembers the player's budget as it is now, for bare `go`. */
static void
keep_base_budget (Engine *e)
{
  guint i;

  for (i = 0; budget_keys[i] != NULL; i++)
    {
      const NimPlayerOption *o = find_option (e->player, budget_keys[i]);

      g_free (e->base_budget[i]);
      e->base_budget[i] = o ? option_text (e->player, o) : NULL;
    }
}

/* `ugi`: who the engine is and what it can be set to. */
/* The rules until setoption says otherwise: the protocol's default,
   take any number in normal play (doc/ugi.md), not the default a MOVES
   build gives nim's own games. */
static void
protocol_rules (NimRules *rules)
{
  nim_rules_init (rules);
  nim_rules_set_take_any (rules);
  rules->misere = FALSE;
}

static void
answer_ugi (Engine *e)
{
  g_autofree char *rules = NULL;
  NimRules defaults;
  const NimPlayerOption *o;

  protocol_rules (&defaults);
  rules = nim_notation_rules (&defaults);
  say (e, "id name nim %s %s", PACKAGE_VERSION,
       nim_player_get_spec (e->player));
  say (e, "id author the nim authors");
  say (e, "option name rules type string default %s", rules);
  say (e, "option name misere type check default false");
  /* The player's own options, but for the budget, which each `go`
     says. */
  for (o = e->player->klass->options; o != NULL && o->key != NULL; o++)
    {
      g_autofree char *value = option_text (e->player, o);
      guint i;

      if (g_strv_contains (budget_keys, o->key))
        continue;
      switch (o->type)
        {
        case NIM_OPTION_BOOL:
          say (e, "option name %s type check default %s", o->key, value);
          break;
        case NIM_OPTION_UINT:
          say (e,
               "option name %s type spin default %s min %" G_GUINT64_FORMAT
               " max %" G_GUINT64_FORMAT,
               o->key, value, o->min, o->max);
          break;
        case NIM_OPTION_CHOICE:
          {
            GString *line = g_string_new (NULL);

            g_string_printf (line, "option name %s type combo default %s",
                             o->key, value);
            for (i = 0; o->choices[i] != NULL; i++)
              g_string_append_printf (line, " var %s", o->choices[i]);
            say (e, "%s", line->str);
            g_string_free (line, TRUE);
          }
          break;
        case NIM_OPTION_SIZE:
        case NIM_OPTION_SIZE_ON:
        case NIM_OPTION_SECONDS:
        case NIM_OPTION_NUMBER:
          say (e, "option name %s type string default %s", o->key, value);
          break;
        }
    }
  say (e, "ugiok");
}

/* The search that a `go` started, in the thread that read the `go`:
   one move, its `info` and its `bestmove`, written and flushed in one
   piece; then the search is over for the reader, which may be waiting in
   end_search(). */
static void
run_search (Engine *e)
{
  g_autoptr (GError) error = NULL;
  GString *answer = e->answer;
  GString *best = e->best;
  NimMove move;

  g_string_truncate (answer, 0);
  g_string_truncate (best, 0);
  if (!nim_player_choose_move (e->player, &e->search_board, &move, &error))
    {
      g_autofree char *message = g_strdup (error->message);

      g_strdelimit (message, "\r\n", ' ');
      g_string_append_printf (answer, "info string error: %s\n", message);
      g_string_append (best, "0000");
    }
  else
    {
      const NimSearchStats *st = nim_player_get_stats (e->player);

      /* The numbers without printf, which cost as much as the rest of
         the answer. */
      nim_notation_append_move (best, &move);
      g_string_append (answer, "info");
      if (st->searched)
        {
          g_string_append (answer, " depth ");
          nim_string_append_uint (answer, st->depth);
          g_string_append (answer, " nodes ");
          nim_string_append_uint (answer, st->nodes);
          /* Whole milliseconds. */
          g_string_append (answer, " time ");
          nim_string_append_uint (
              answer, (guint64) (MAX (st->seconds, 0) * 1000 + 0.5));
        }
      /* The value for the side to move: mate N when the searcher counted
         the plies to the end, else cp 1000 for a proven win, -1000 for a
         proven loss and 0 for what it could not see to the end. */
      if (st->proven && st->distance > 0)
        {
          g_string_append (answer, " score mate ");
          nim_string_append_int (answer, st->value < 0
                                             ? -(gint64) st->distance
                                             : (gint64) st->distance);
        }
      else
        {
          g_string_append (answer, " score cp ");
          nim_string_append_int (answer,
                                 st->proven ? (gint64) st->value * 1000 : 0);
        }
      g_string_append (answer, " pv ");
      g_string_append_len (answer, best->str, (gssize) best->len);
      g_string_append_c (answer, '\n');
    }
  /* go infinite: the answer waits for `stop`, as UCI asks; what the
     search found is told at once.  (@infinite is this thread's: the go
     it read set it.) */
  if (e->infinite)
    {
      if (!g_atomic_int_get (&e->stop))
        {
          say_now (e, answer->str);
          g_string_truncate (answer, 0);
        }
      g_mutex_lock (&e->lock);
      while (!g_atomic_int_get (&e->stop))
        g_cond_wait (&e->cond, &e->lock);
      g_mutex_unlock (&e->lock);
    }
  g_string_append (answer, "bestmove ");
  g_string_append_len (answer, best->str, (gssize) best->len);
  g_string_append_c (answer, '\n');
  say_now (e, answer->str);
  g_mutex_lock (&e->lock);
  e->searching = FALSE;
  /* GCond wakes with a system call even when nobody waits. */
  if (e->ending)
    g_cond_broadcast (&e->cond);
  g_mutex_unlock (&e->lock);
}

/* Ends the search under way in the other thread, if any: at once when
   @stop, else when it finishes.  Its bestmove is written before this
   returns. */
static void
end_search (Engine *e, gboolean stop)
{
  g_mutex_lock (&e->lock);
  if (e->searching && stop)
    {
      g_atomic_int_set (&e->stop, 1);
      g_cond_broadcast (&e->cond);
    }
  e->ending = e->searching;
  while (e->searching)
    g_cond_wait (&e->cond, &e->lock);
  e->ending = FALSE;
  g_mutex_unlock (&e->lock);
}

/* setoption name NAME value VALUE */
static void
do_setoption (Engine *e, char **words)
{
  g_autoptr (GError) error = NULL;
  const char *value = NULL;
  const char *name;
  guint i;

  if (g_strcmp0 (words[1], "name") != 0 || words[2] == NULL)
    {
      say_error (e, "setoption: expected setoption name NAME value VALUE");
      return;
    }
  name = words[2];
  if (words[3] != NULL && g_str_equal (words[3], "value"))
    value = join_words (words, 4, 4 + g_strv_length (words + 4));
  else if (words[3] != NULL)
    {
      say_error (e, "setoption: expected setoption name NAME value VALUE");
      return;
    }
  if (value == NULL || *value == '\0')
    {
      g_autofree char *m
          = g_strdup_printf ("setoption: option %s needs a value", name);

      say_error (e, m);
      return;
    }

  if (g_ascii_strcasecmp (name, "rules") == 0)
    {
      NimRules rules;

      if (!nim_notation_parse_rules (value, e->rules.misere, &rules, &error))
        {
          say_error (e, error->message);
          return;
        }
      e->rules = rules;
      e->started = FALSE;
      return;
    }
  if (g_ascii_strcasecmp (name, "misere") == 0)
    {
      if (g_strcmp0 (value, "true") != 0 && g_strcmp0 (value, "false") != 0)
        {
          g_autofree char *m = g_strdup_printf (
              "setoption: misere is true or false, not '%s'", value);

          say_error (e, m);
          return;
        }
      e->rules.misere = g_str_equal (value, "true");
      e->started = FALSE;
      return;
    }
  if (!nim_player_set_option (e->player, name, value, &error))
    {
      say_error (e, error->message);
      return;
    }
  for (i = 0; budget_keys[i] != NULL; i++)
    if (g_str_equal (name, budget_keys[i]))
      {
        keep_base_budget (e);
        g_clear_pointer (&e->applied_budget[i], g_free);
      }
  /* An option such as tt= takes effect when the player starts again. */
  e->started = FALSE;
}

/* position fen HEAPS PLAYER [moves MOVE...] | position startpos [moves
   MOVE...] */
static void
do_position (Engine *e, char **words)
{
  g_autoptr (GError) error = NULL;
  NimBoard board;
  guint to_move = 1, i = 1, first;

  e->have_position = FALSE;
  if (g_strcmp0 (words[i], "startpos") == 0)
    {
      nim_board_parse (&board, NIM_SHARED_DEFAULT_HEAPS, "startpos", NULL);
      i++;
    }
  else if (g_strcmp0 (words[i], "fen") == 0)
    {
      const char *fen;
      guint from = ++i;

      while (words[i] != NULL && !g_str_equal (words[i], "moves"))
        i++;
      fen = join_words (words, from, i);
      /* A referee sends a game's start with every move: it is read once
         a game. */
      if (e->fen_valid && g_str_equal (fen, e->fen->str))
        {
          board = e->fen_board;
          to_move = e->fen_to_move;
        }
      else
        {
          e->fen_valid = FALSE;
          if (!nim_notation_parse_position (fen, &board, &to_move, &error))
            {
              say_error (e, error->message);
              return;
            }
          g_string_assign (e->fen, fen);
          e->fen_board = board;
          e->fen_to_move = to_move;
          e->fen_valid = TRUE;
        }
    }
  else
    {
      say_error (e, "position: expected position fen HEAPS p1|p2 "
                    "[moves MOVE...] or position startpos [moves MOVE...]");
      return;
    }
  if (words[i] != NULL)
    i++; /* "moves" */
  for (first = i; words[i] != NULL; i++)
    {
      NimMove move;

      if (!nim_notation_parse_move (words[i], &move, &error)
          || !nim_board_check_move (&board, &e->rules, &move, &error))
        {
          g_autofree char *m
              = g_strdup_printf ("position: move %u (%s): %s", i - first + 1,
                                 words[i], error->message);

          say_error (e, m);
          return;
        }
      nim_board_make_move (&board, &move);
      to_move = 3 - to_move;
    }
  e->board = board;
  e->to_move = to_move;
  e->have_position = TRUE;
}

/* The value of `go`'s word @words[*i], a whole number of at least @min. */
static gboolean
go_number (Engine *e, char **words, guint *i, guint64 min, guint64 *value)
{
  g_autoptr (GError) error = NULL;
  const char *key = words[*i];

  if (words[*i + 1] == NULL)
    {
      g_autofree char *m = g_strdup_printf ("go: %s needs a number", key);

      say_error (e, m);
      return FALSE;
    }
  (*i)++;
  if (!nim_parse_uint (words[*i], min, G_MAXINT64, key, value, &error))
    {
      say_error (e, error->message);
      return FALSE;
    }
  return TRUE;
}

/* go [movetime MS] [p1time MS p2time MS [p1inc MS p2inc MS]] [depth N]
   [nodes N] [infinite]: sets @e->searching when a search is to run (the
   caller runs it), else answers at once. */
static void
do_go (Engine *e, char **words)
{
  g_autoptr (GError) error = NULL;
  guint64 movetime = 0, depth = 0, nodes = 0, clock[2] = { 0, 0 },
          inc[2] = { 0, 0 };
  gboolean have_movetime = FALSE, have_clock[2] = { FALSE, FALSE },
           limited = FALSE, infinite = FALSE;
  const char *budget[3] = { NULL, NULL, NULL };
  char text[3][G_ASCII_DTOSTR_BUF_SIZE];
  guint i;

  for (i = 1; words[i] != NULL; i++)
    {
      const char *w = words[i];
      guint64 n;

      if (g_str_equal (w, "infinite"))
        infinite = TRUE;
      else if (g_str_equal (w, "movetime"))
        {
          if (go_number (e, words, &i, 1, &movetime))
            have_movetime = limited = TRUE;
        }
      else if (g_str_equal (w, "depth"))
        {
          if (go_number (e, words, &i, 1, &depth))
            limited = TRUE;
        }
      else if (g_str_equal (w, "nodes"))
        {
          if (go_number (e, words, &i, 1, &nodes))
            limited = TRUE;
        }
      else if (g_str_equal (w, "p1time") || g_str_equal (w, "p2time"))
        {
          guint p = w[1] - '1';

          if (go_number (e, words, &i, 0, &n))
            {
              clock[p] = n;
              have_clock[p] = limited = TRUE;
            }
        }
      else if (g_str_equal (w, "p1inc") || g_str_equal (w, "p2inc"))
        {
          if (go_number (e, words, &i, 0, &n))
            inc[w[1] - '1'] = n;
        }
      else
        {
          g_autofree char *m = g_strdup_printf (
              "go: unknown word '%s' ignored; go takes movetime, p1time, "
              "p2time, p1inc, p2inc, depth, nodes and infinite",
              w);

          say_error (e, m);
        }
    }

  if (!e->have_position)
    {
      say_error (e, "go: no position; send position fen HEAPS p1|p2 first");
      say (e, "bestmove 0000");
      return;
    }
  if (!nim_board_has_move (&e->board, &e->rules))
    {
      say_error (e, "go: the game is over, there is no move to make");
      say (e, "bestmove 0000");
      return;
    }

  /* The budget of this search, in the player's options. */
  if (infinite)
    for (i = 0; i < 3; i++)
      budget[i] = "0"; /* no limit: until stop */
  else if (limited)
    {
      double seconds = 0;

      if (have_movetime)
        seconds = movetime / 1000.0;
      else if (have_clock[e->to_move - 1])
        {
          /* The budget a built-in player takes from a game's clock, so
             that a player thinks as long over UGI as inside nim. */
          NimClock k
              = { { (gint64) clock[0] * 1000, (gint64) clock[1] * 1000 },
                  { (gint64) inc[0] * 1000, (gint64) inc[1] * 1000 } };

          seconds = nim_player_clock_budget (&k, e->to_move);
        }
      /* 0 means no limit to a searcher; a clock run down still gets a
         millisecond. */
      if ((have_movetime || have_clock[e->to_move - 1]) && seconds < 0.001)
        seconds = 0.001;
      g_snprintf (text[0], sizeof text[0], "%" G_GUINT64_FORMAT, depth);
      budget[0] = text[0];
      budget[1] = g_ascii_dtostr (text[1], sizeof text[1], seconds);
      g_snprintf (text[2], sizeof text[2], "%" G_GUINT64_FORMAT, nodes);
      budget[2] = text[2];
    }
  else
    for (i = 0; i < 3; i++)
      budget[i] = e->base_budget[i];
  for (i = 0; budget_keys[i] != NULL; i++)
    {
      if (budget[i] == NULL || g_strcmp0 (budget[i], e->applied_budget[i]) == 0
          || find_option (e->player, budget_keys[i]) == NULL)
        continue;
      g_clear_pointer (&e->applied_budget[i], g_free);
      if (!nim_player_set_option (e->player, budget_keys[i], budget[i],
                                  &error))
        {
          /* A depth beyond the searcher's limit, say. */
          say_error (e, error->message);
          g_clear_error (&error);
        }
      else
        e->applied_budget[i] = g_strdup (budget[i]);
    }

  if (!e->started)
    {
      if (!nim_player_start (e->player, &e->rules, &e->board, &error))
        {
          say_error (e, error->message);
          say (e, "bestmove 0000");
          return;
        }
      e->started = TRUE;
    }
  nim_player_set_number (e->player, e->to_move);
  e->search_board = e->board;
  g_mutex_lock (&e->lock);
  e->infinite = infinite;
  g_atomic_int_set (&e->stop, 0);
  e->searching = TRUE;
  g_mutex_unlock (&e->lock);
}

/* query gameover|p1turn|result */
static void
do_query (Engine *e, char **words)
{
  const char *q = words[1];
  gboolean over;

  if (q == NULL
      || !(g_str_equal (q, "gameover") || g_str_equal (q, "p1turn")
           || g_str_equal (q, "result")))
    {
      say_error (e, "query: ask query gameover, query p1turn or query result");
      return;
    }
  if (!e->have_position)
    {
      say_error (e, "query: no position; send position fen HEAPS p1|p2 "
                    "first");
      return;
    }
  over = !nim_board_has_move (&e->board, &e->rules);
  if (g_str_equal (q, "gameover"))
    say (e, "response %s", over ? "true" : "false");
  else if (g_str_equal (q, "p1turn"))
    say (e, "response %s", e->to_move == 1 ? "true" : "false");
  else if (!over)
    say (e, "response none");
  else
    {
      /* No move left: under normal play the player to move lost (the
         other took the last match), under misère play they won. */
      guint winner = e->rules.misere ? e->to_move : 3 - e->to_move;

      say (e, "response p%uwin", winner);
    }
}

/* Reads and carries out commands, as the thread with the reader's turn,
   until a `go` starts a search, which this thread is then to run
   (%TRUE), or the input ends or says `quit` (%FALSE: any search is over
   by then). */
static gboolean
read_and_run (Engine *e)
{
  char *line;

  while ((line = read_command (e)) != NULL)
    {
      char **words = split_words (e, line);
      const char *cmd = words[0];

      if (cmd == NULL)
        continue;

      if (g_str_equal (cmd, "quit"))
        break;
      else if (g_str_equal (cmd, "isready"))
        say (e, "readyok");
      else if (g_str_equal (cmd, "stop"))
        end_search (e, TRUE);
      else if (g_str_equal (cmd, "query"))
        do_query (e, words);
      else if (g_str_equal (cmd, "ugi"))
        {
          end_search (e, TRUE);
          answer_ugi (e);
        }
      else if (g_str_equal (cmd, "setoption"))
        {
          end_search (e, TRUE);
          do_setoption (e, words);
        }
      else if (g_str_equal (cmd, "uginewgame"))
        {
          end_search (e, TRUE);
          e->started = FALSE;
        }
      else if (g_str_equal (cmd, "position"))
        {
          end_search (e, TRUE);
          do_position (e, words);
        }
      else if (g_str_equal (cmd, "go"))
        {
          end_search (e, TRUE);
          do_go (e, words);
          if (e->searching)
            return TRUE;
        }
      /* Anything else is ignored, as UCI engines ignore what they do not
         know (a referee may probe with commands of a newer protocol). */
    }

  end_search (e, TRUE);
  return FALSE;
}

/* Arms the timer that wakes the thread without the reader's turn
   (watch_wait()) in @delay microseconds, 0 for at once.  Without a
   timer, every arming wakes it at once. */
static void
watch_arm (Engine *e, gint64 delay)
{
  if (e->watch_write >= 0)
    {
      char byte = 0;

      while (write (e->watch_write, &byte, 1) < 0 && errno == EINTR)
        ;
      return;
    }
#ifdef HAVE_TIMERFD_CREATE
  {
    /* 0 would disarm it: a nanosecond is at once. */
    struct itimerspec when
        = { { 0, 0 },
            { (time_t) (delay / G_USEC_PER_SEC),
              (long) (delay % G_USEC_PER_SEC) * 1000 + 1 } };

    timerfd_settime (e->watch_fd, 0, &when, NULL);
  }
#endif
}

/* Waits for the timer of watch_arm() to ring (it may have rung for a
   search that ended since: the caller looks at the state). */
static void
watch_wait (Engine *e)
{
  char buf[64];

  while (read (e->watch_fd, buf, sizeof buf) < 0 && errno == EINTR)
    ;
}

/* Makes the timer of watch_arm(), or where the system has none, a pipe. */
static gboolean
watch_open (Engine *e, GError **error)
{
  int fds[2];

  e->watch_write = -1;
#ifdef HAVE_TIMERFD_CREATE
  e->watch_fd = timerfd_create (CLOCK_MONOTONIC, TFD_CLOEXEC);
  if (e->watch_fd >= 0)
    return TRUE;
#endif
  if (!g_unix_open_pipe (fds, FD_CLOEXEC, error))
    return FALSE;
  e->watch_fd = fds[0];
  e->watch_write = fds[1];
  return TRUE;
}

/* What each of the two threads does, until the input ends: the one with
   the reader's turn (@reader) reads until a `go`, gives the turn up,
   searches, and takes the turn back unless the other took it meanwhile;
   the one without waits for a search to outlast UGI_WATCH_DELAY with the
   turn free, and takes it.

   The timer is set at a `go` only when it is not set already, and never
   unset: a referee of short games sends a `go` every few tens of
   microseconds, and setting a timer costs more than a short search
   (bench/README).  It then rings once in UGI_WATCH_DELAY while the games
   go on, for the search under way or for none: the
   thread it wakes sets it again for that search's own UGI_WATCH_DELAY,
   or leaves it unset when no search runs. */
static void
serve (Engine *e, gboolean reader)
{
  /* Without a timer the pipe wakes the other thread at once: it takes
     the turn as soon as it is free. */
  gint64 delay = e->watch_write >= 0 ? 0 : UGI_WATCH_DELAY;

  for (;;)
    {
      while (!reader)
        {
          watch_wait (e);
          g_mutex_lock (&e->lock);
          if (e->quit)
            {
              g_mutex_unlock (&e->lock);
              return;
            }
          if (e->reading)
            e->armed = FALSE; /* no search runs */
          else
            {
              gint64 left = e->search_start + delay - g_get_monotonic_time ();

              /* A search that began after the timer was set has its
                 own time yet. */
              if (left > 0)
                watch_arm (e, left);
              else
                {
                  reader = TRUE;
                  e->reading = TRUE;
                  e->armed = FALSE;
                }
            }
          g_mutex_unlock (&e->lock);
        }
      if (!read_and_run (e))
        {
          g_mutex_lock (&e->lock);
          e->quit = TRUE;
          g_mutex_unlock (&e->lock);
          watch_arm (e, 0); /* the other thread ends too */
          return;
        }
      g_mutex_lock (&e->lock);
      e->reading = FALSE;
      e->search_start = g_get_monotonic_time ();
      if (!e->armed)
        {
          e->armed = TRUE;
          watch_arm (e, delay);
        }
      g_mutex_unlock (&e->lock);
      run_search (e);
      g_mutex_lock (&e->lock);
      reader = !e->reading;
      e->reading = TRUE;
      g_mutex_unlock (&e->lock);
    }
}

static gpointer
serve_thread (gpointer data)
{
  serve (data, FALSE);
  return NULL;
}

/* Speaks UGI on standard input and output until `quit` or the end of
   the input: --player1 is the engine, default the strongest searcher;
   --seed seeds a random player. */
static int
ugi_run (gpointer config, NimShared *shared)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimPlayer) player = NULL;
  Engine e = { 0 };
  GThread *helper;
  guint i;

  player = nim_shared_player_new (
      shared->player1 ? shared->player1 : nim_player_class_strongest ()->name,
      &error);
  if (player == NULL)
    return nim_exit_fail (error, TRUE);
  if (nim_player_is_interactive (player))
    {
      g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--ugi makes a computer player an engine; %s reads "
                      "its moves from the terminal, which the protocol "
                      "uses"),
                   nim_player_get_name (player));
      return nim_exit_fail (error, TRUE);
    }
  if (shared->seeded)
    nim_player_set_seed (player, shared->seed_value);

  e.player = player;
  protocol_rules (&e.rules);
  keep_base_budget (&e);
  nim_player_set_stop (player, &e.stop);
  g_mutex_init (&e.lock);
  g_cond_init (&e.cond);
  g_mutex_init (&e.out_lock);

  if (!watch_open (&e, &error))
    return nim_exit_fail (error, FALSE);
  e.input = g_string_new (NULL);
  e.line = g_string_new (NULL);
  e.words = g_ptr_array_new ();
  e.answer = g_string_new (NULL);
  e.fen = g_string_new (NULL);
  e.best = g_string_new (NULL);
  e.reading = TRUE; /* this thread's, first */
  nim_lookout_init (&e.lookout);
  helper = g_thread_new ("nim-ugi", serve_thread, &e);
  serve (&e, TRUE);
  g_thread_join (helper);
  close (e.watch_fd);
  if (e.watch_write >= 0)
    close (e.watch_write);
  g_ptr_array_free (e.words, TRUE);
  g_string_free (e.answer, TRUE);
  g_string_free (e.fen, TRUE);
  g_string_free (e.best, TRUE);
  g_string_free (e.line, TRUE);
  g_string_free (e.input, TRUE);
  fflush (stdout);
  for (i = 0; i < 3; i++)
    {
      g_free (e.base_budget[i]);
      g_free (e.applied_budget[i]);
    }
  nim_player_set_stop (player, NULL);
  g_mutex_clear (&e.lock);
  g_cond_clear (&e.cond);
  g_mutex_clear (&e.out_lock);
  return NIM_EXIT_OK;
}

/**
 * UgiConfig:
 *
 * --ugi; the engine is --player1.
 */
typedef struct
{
  gboolean ugi;
} UgiConfig;

static const NimOption options[] = {
  { { "ugi", 0, 0, G_OPTION_ARG_NONE, NIM_OPTION_FIELD (UgiConfig, ugi),
      N_ ("Be a UGI engine on standard input and output, playing as "
          "--player1 (default negamax); see nim(1) and doc/ugi.md"),
      NULL },
    0,
    NULL,
    NULL },
  { { NULL } },
};

/**
 * nim_mode_ugi:
 *
 * nim --ugi: a built-in player as a UGI engine; `setoption` sets the
 * rules, so it takes none of the options that do.
 */
const NimMode nim_mode_ugi = {
  .name = "--ugi",
  .options = { NIM_HELP_UGI, FALSE, options },
  .shared = NIM_SHARED_PLAYER1 | NIM_SHARED_SEED,
  .config_size = sizeof (UgiConfig),
  .run = ugi_run,
};
