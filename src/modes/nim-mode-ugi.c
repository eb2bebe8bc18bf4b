/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-ugi.c -- `nim --ugi`: any built-in player as a UGI engine

   The Universal Game Interface (doc/ugi.md) is UCI generalised to any
   turn-based game: a referee writes commands to the engine's standard
   input, one a line, and reads its answers from its standard output.
   This is the engine's side, the protocol itself; the reading (two
   threads taking turns, so that `isready` and `stop` are heard during a
   search) is nim-ugi-reader.c's, and a `go` sets the player's budget as
   numbers (nim_player_set_budget()).

   Every command that asks gets its answer, whatever came before: each
   `query` a `response`, each `go` a `bestmove`, `isready` its `readyok`.
   A referee such as cutegames waits for each without a timeout, so an
   engine that stays silent stops a whole tournament.  What a referee
   sends wrong is answered with an `info string error: ...` line and
   leaves a state doc/ugi.md states: a position that cannot be read or
   played leaves no position (`query gameover` answers true, `query
   result` none, `go` bestmove 0000), an option that cannot be set keeps
   its value.  An unknown command is ignored as UCI engines ignore it.

   Every position and move is written in nim's notation
   (lib/core/nim-notation.c): "3,4,5 p1", "h2-1".  The protocol's words
   are English whatever the locale: they are read by programs. */

#include "config.h"

#include "nim-error.h"
#include "nim-exit.h"
#include "nim-i18n.h"
#include "nim-locale.h"
#include "nim-mode.h"
#include "nim-notation.h"
#include "nim-parse.h"
#include "nim-player-engine.h"
#include "nim-shared.h"
#include "nim-strings.h"
#include "nim-ugi-reader.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The budget keys every searcher has (NIM_SEARCH_BUDGET_OPTIONS): each
   `go` says them, so they are not declared as options. */
static const char *const budget_keys[] = { "depth", "time", "nodes", NULL };

/* What nim keeps back of a `go`'s time (its movetime, or its share of a
   clock), so that its bestmove reaches the referee in time on a busy
   machine, where a search past its time can wait tens of milliseconds
   for a processor before it sees the time is up, and its answer as long
   again before it is written: a tenth, plus UGI_RESERVE_BASE, plus three
   times how late its answers went out of late (Engine.late), and at most
   three quarters.  The time runs from when the `go` came, the wait for a
   processor after it came included (nim_ugi_reader_get_arrival()). */
#define UGI_RESERVE_BASE (5 * G_TIME_SPAN_MILLISECOND)

typedef struct
{
  NimUgiReader *reader;
  NimPlayer *player;
  /* What a new player is made from when a table changes size (see
     set_table()): the spec, and "KEY=VALUE" of each option setoption set
     since. */
  char *spec;
  GPtrArray *set;
  gboolean seeded;
  guint32 seed;

  NimRules rules;
  gboolean started;  /* nim_player_start() ran under @rules */
  NimBudget base;    /* what a bare `go` searches with */
  NimBudget applied; /* what the player's budget was last set to */

  gboolean have_position;
  NimBoard board;
  guint to_move;

  /* The words of the command line (pointers into it, %NULL-terminated),
     kept from line to line. */
  GPtrArray *words;
  /* The last position fen read, and what it was: @fen_valid. */
  GString *fen;
  gboolean fen_valid;
  NimBoard fen_board;
  guint fen_to_move;
  /* A search's answer and its move, kept from search to search; the
     search's position; @infinite holds its bestmove back until `stop`.
     The thread that read the `go` sets them and runs the search. */
  GString *answer;
  GString *best;
  NimBoard search_board;
  gboolean infinite;
  /* When the `go` came (nim_ugi_reader_get_arrival()), how long its
     search may take from then, in microseconds (0: no limit), and how far
     past that answers went of late: the greatest lateness, a sixteenth
     less each search since. */
  gint64 go_came;
  gint64 allowed;
  gint64 late;
  /* setoption name visits value true: each position the search enters,
     as an `info string visit H1,H2,...` line of the answer (nim --grade
     reads them). */
  gboolean visits;
} Engine;

/* @message (a library's, which may end a sentence) as a clause: its
   last full stop, if any, cut, for "...; no position is kept". */
static char *
clause (const char *message)
{
  gsize n = strlen (message);

  return g_strndup (message, n > 0 && message[n - 1] == '.' ? n - 1 : n);
}

G_GNUC_PRINTF (2, 3)
static void
say (Engine *e, const char *format, ...)
{
  va_list args;
  g_autofree char *line = NULL;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  nim_ugi_reader_say (e->reader, "%s", line);
}

/* "info string error: ..." on one line, whatever @message holds. */
G_GNUC_PRINTF (2, 3)
static void
say_error (Engine *e, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_strdelimit (message, "\r\n", ' ');
  nim_ugi_reader_say (e->reader, "info string error: %s", message);
}

/* A word of the referee's as an error quotes it: escaped, and cut, for
   the error to stay a short line whatever was sent (a line may be 8 MiB
   of one word). */
static char *
shown (const char *word)
{
  return nim_text_escape (word, 40);
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

/* The option of @player's class named @key in any case (UCI's option
   names are not case-sensitive), or %NULL. */
static const NimPlayerOption *
find_option (const NimPlayer *player, const char *key)
{
  const NimPlayerOption *o;

  for (o = player->klass->options; o != NULL && o->key != NULL; o++)
    if (g_ascii_strcasecmp (o->key, key) == 0)
      return o;
  return NULL;
}

/* The player's table option (tt=), the one `hash` sets, or %NULL. */
static const NimPlayerOption *
table_option (const NimPlayer *player)
{
  const NimPlayerOption *o;

  for (o = player->klass->options; o != NULL && o->key != NULL; o++)
    if (o->type == NIM_OPTION_SIZE || o->type == NIM_OPTION_SIZE_ON)
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

/* The rules until setoption says otherwise: the protocol's start rules,
   take any number in normal play (doc/ugi.md), not the default a MOVES
   build gives nim's own games. */
static void
protocol_rules (NimRules *rules)
{
  nim_rules_init (rules);
  nim_rules_set_take_any (rules);
  rules->misere = FALSE;
}

/* The position a player is started from when it is started before any
   position: one heap of one match, which every rule can hold. */
static void
start_board (const Engine *e, NimBoard *board)
{
  static const guint32 one[] = { 1 };

  if (e->have_position)
    *board = e->board;
  else
    nim_board_init (board, one, 1);
}

/* Starts the player under the rules, unless it is started already: its
   tables are made (or emptied) here, at `isready`, `uginewgame` or the
   first `go`, as ugi.md asks, not in the time of a move. */
static gboolean
ensure_started (Engine *e)
{
  g_autoptr (GError) error = NULL;
  NimBoard board;

  if (e->started)
    return TRUE;
  start_board (e, &board);
  if (!nim_player_start (e->player, &e->rules, &board, &error))
    {
      say_error (e, "%s", error->message);
      return FALSE;
    }
  e->started = TRUE;
  return TRUE;
}

/* `ugi`: who the engine is and what it can be set to. */
static void
answer_ugi (Engine *e)
{
  g_autofree char *rules = NULL;
  NimRules defaults;
  const NimPlayerOption *o, *table = table_option (e->player);

  protocol_rules (&defaults);
  rules = nim_notation_rules (&defaults);
  say (e, "id name nim %s %s", PACKAGE_VERSION,
       nim_player_get_spec (e->player));
  say (e, "id author the nim authors");
  say (e, "option name rules type string default %s", rules);
  say (e, "option name misere type check default false");
  say (e, "option name visits type check default %s",
       e->visits ? "true" : "false");
  if (table != NULL)
    {
      /* ugi.md's own example option: the table in MiB, beside tt= in
         bytes.  0 turns a table off where the player can do without. */
      guint64 bytes
          = *(const guint64 *) ((const char *) e->player + table->offset);

      say (e,
           "option name hash type spin default %" G_GUINT64_FORMAT
           " min %" G_GUINT64_FORMAT " max %" G_GUINT64_FORMAT,
           bytes >> 20,
           table->type == NIM_OPTION_SIZE ? 0 : MAX (table->min >> 20, 1),
           table->max >> 20);
    }
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

/* Keeps "@key=@value" among the options setoption set, in place of an
   earlier value of @key. */
static void
remember_option (GPtrArray *set, const char *key, const char *value)
{
  gsize n = strlen (key);
  guint i;

  for (i = 0; i < set->len; i++)
    {
      const char *pair = set->pdata[i];

      if (strncmp (pair, key, n) == 0 && pair[n] == '=')
        {
          g_ptr_array_remove_index (set, i);
          break;
        }
    }
  g_ptr_array_add (set, g_strconcat (key, "=", value, NULL));
}

/* A table's size changes: a new player, made from the spec and every
   option set since, the new size with them, is started at once, so that
   a size the machine cannot hold is refused now and the old player (and
   table) kept.  A started player keeps its table from game to game, so
   an option set on it would change nothing. */
static gboolean
set_table (Engine *e, const char *key, const char *value, GError **error)
{
  const char *colon = strchr (e->spec, ':');
  g_autoptr (GPtrArray) set = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (NimPlayer) player = NULL;
  g_autofree char *spec = NULL;
  g_autofree char *options = NULL;
  NimBoard board;
  guint i;

  if (colon != NULL)
    {
      g_auto (GStrv) pairs = g_strsplit (colon + 1, ",", -1);

      for (i = 0; pairs[i] != NULL; i++)
        {
          char *eq = strchr (pairs[i], '=');

          if (eq != NULL)
            {
              *eq = '\0';
              remember_option (set, g_strstrip (pairs[i]),
                               g_strstrip (eq + 1));
            }
        }
    }
  for (i = 0; i < e->set->len; i++)
    {
      g_autofree char *pair = g_strdup (e->set->pdata[i]);
      char *eq = strchr (pair, '=');

      *eq = '\0';
      remember_option (set, pair, eq + 1);
    }
  remember_option (set, key, value);
  g_ptr_array_add (set, NULL);
  options = g_strjoinv (",", (char **) set->pdata);
  spec = g_strdup_printf ("%s:%s", nim_player_get_name (e->player), options);
  player = nim_player_new (spec, error);
  if (player == NULL)
    return FALSE;
  start_board (e, &board);
  if (!nim_player_start (player, &e->rules, &board, error))
    return FALSE;
  if (e->seeded)
    nim_player_set_seed (player, e->seed);
  nim_player_set_stop (player, nim_ugi_reader_get_stop (e->reader));
  nim_player_set_stop (e->player, NULL);
  nim_player_free (e->player);
  e->player = g_steal_pointer (&player);
  e->started = TRUE;
  nim_player_get_budget (e->player, &e->base);
  e->applied = e->base;
  remember_option (e->set, key, value);
  return TRUE;
}

/* setoption name NAME value VALUE.  An option that cannot be set keeps
   its value. */
static void
do_setoption (Engine *e, char **words)
{
  g_autoptr (GError) error = NULL;
  const NimPlayerOption *o;
  g_autofree char *hashed = NULL;
  const char *value = NULL;
  const char *name;

  if (g_strcmp0 (words[1], "name") != 0 || words[2] == NULL
      || (words[3] != NULL && !g_str_equal (words[3], "value")))
    {
      say_error (e, "setoption: expected setoption name NAME value VALUE");
      return;
    }
  name = words[2];
  if (words[3] != NULL)
    value = join_words (words, 4, 4 + g_strv_length (words + 4));
  if (value == NULL || *value == '\0')
    {
      g_autofree char *name_shown = shown (name);

      say_error (e, "setoption: option %s needs a value", name_shown);
      return;
    }

  if (g_ascii_strcasecmp (name, "rules") == 0)
    {
      NimRules rules;

      if (!nim_notation_parse_rules (value, e->rules.misere, &rules, &error))
        {
          say_error (e, "%s; the rules stay as they were", error->message);
          return;
        }
      e->rules = rules;
      e->started = FALSE;
      return;
    }
  if (g_ascii_strcasecmp (name, "misere") == 0)
    {
      if (g_ascii_strcasecmp (value, "true") != 0
          && g_ascii_strcasecmp (value, "false") != 0)
        {
          g_autofree char *value_shown = shown (value);

          say_error (e,
                     "setoption: misere is true or false, not '%s'; it "
                     "stays %s",
                     value_shown, e->rules.misere ? "true" : "false");
          return;
        }
      e->rules.misere = g_ascii_strcasecmp (value, "true") == 0;
      e->started = FALSE;
      return;
    }
  if (g_ascii_strcasecmp (name, "visits") == 0)
    {
      if (g_ascii_strcasecmp (value, "true") != 0
          && g_ascii_strcasecmp (value, "false") != 0)
        {
          say_error (e,
                     "setoption: visits is true or false, not '%s'; it "
                     "stays %s",
                     value, e->visits ? "true" : "false");
          return;
        }
      e->visits = g_ascii_strcasecmp (value, "true") == 0;
      return;
    }
  if (g_ascii_strcasecmp (name, "hash") == 0
      && table_option (e->player) != NULL)
    {
      const NimPlayerOption *table = table_option (e->player);
      guint64 mib,
          min = table->type == NIM_OPTION_SIZE ? 0 : MAX (table->min >> 20, 1);

      if (!nim_parse_uint (value, min, table->max >> 20, "hash", &mib, &error))
        {
          say_error (e, "%s; the table stays as it was", error->message);
          return;
        }
      hashed = mib == 0 ? g_strdup ("off")
                        : g_strdup_printf ("%" G_GUINT64_FORMAT "M", mib);
      name = table->key;
      value = hashed;
    }
  o = find_option (e->player, name);
  if (o == NULL)
    {
      /* The player's own message, which lists its options. */
      nim_player_set_option (e->player, name, value, &error);
      say_error (e, "%s", error->message);
      return;
    }
  if (o->type == NIM_OPTION_SIZE || o->type == NIM_OPTION_SIZE_ON)
    {
      if (!set_table (e, o->key, value, &error))
        say_error (e, "%s; the table stays as it was", error->message);
      return;
    }
  if (!nim_player_set_option (e->player, o->key, value, &error))
    {
      say_error (e, "%s; the option stays as it was", error->message);
      return;
    }
  remember_option (e->set, o->key, value);
  if (g_strv_contains (budget_keys, o->key))
    {
      nim_player_get_budget (e->player, &e->base);
      e->applied = e->base;
    }
  e->started = FALSE;
}

/* position fen HEAPS PLAYER [moves MOVE...] | position startpos [moves
   MOVE...].  A position that cannot be read or played leaves none. */
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
              g_autofree char *why = clause (error->message);

              say_error (e, "position: %s; no position is kept", why);
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
                    "[moves MOVE...] or position startpos [moves MOVE...]; "
                    "no position is kept");
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
          g_autofree char *why = clause (error->message);
          g_autofree char *move_shown = shown (words[i]);

          say_error (e, "position: move %u (%s): %s; no position is kept",
                     i - first + 1, move_shown, why);
          return;
        }
      nim_board_make_move (&board, &move);
      to_move = 3 - to_move;
    }
  e->board = board;
  e->to_move = to_move;
  e->have_position = TRUE;
}

/* The number after `go`'s word @words[*i], moved past: any whole number
   (one too large to count is the largest, a negative one 0), and at
   least @min.  %FALSE, said, for anything else. */
static gboolean
go_number (Engine *e, char **words, guint *i, guint64 min, guint64 *value)
{
  const char *key = words[*i];
  const char *text = words[*i + 1];

  if (text != NULL)
    switch (nim_scan_uint (text, value))
      {
      case NIM_NUMBER_OK:
      case NIM_NUMBER_TOO_LARGE:
        break;
      case NIM_NUMBER_NEGATIVE:
        *value = 0;
        break;
      case NIM_NUMBER_EMPTY:
      case NIM_NUMBER_NOT_A_NUMBER:
        text = NULL;
        break;
      }
  if (text == NULL || *value < min)
    {
      g_autofree char *number_shown
          = shown (words[*i + 1] != NULL ? words[*i + 1] : "");

      say_error (e,
                 "go: %s '%s': expected a whole number from %" G_GUINT64_FORMAT
                 " up (a larger one than nim can use is taken as the largest "
                 "it can); no search",
                 key, number_shown, min);
      return FALSE;
    }
  (*i)++;
  return TRUE;
}

/* The microseconds a search may take of @us of a `go`, keeping the
   reserve back; at least a millisecond. */
static gint64
search_time (const Engine *e, gint64 us)
{
  gint64 keep = MIN (us / 4 * 3, us / 10 + UGI_RESERVE_BASE + 3 * e->late);

  return MAX (us - keep, G_TIME_SPAN_MILLISECOND);
}

/* Milliseconds from `go` as microseconds, without overflow. */
static gint64
ms_to_us (guint64 ms)
{
  return (gint64) MIN (ms, (guint64) (G_MAXINT64 / 1000)) * 1000;
}

/* go [movetime MS] [p1time MS p2time MS [p1inc MS p2inc MS]] [depth N]
   [nodes N] [infinite]: a search to run (the caller runs it), or
   bestmove 0000 at once, with the reason, when there is none to run. */
static NimUgiNext
do_go (Engine *e, char **words)
{
  guint64 movetime = 0, clock[2] = { 0, 0 }, inc[2] = { 0, 0 };
  gboolean have_movetime = FALSE, have_clock[2] = { FALSE, FALSE },
           infinite = FALSE, limited = FALSE;
  NimBudget budget = { 0, 0, 0 };
  guint i;

  e->go_came = nim_ugi_reader_get_arrival (e->reader);
  e->allowed = 0;
  for (i = 1; words[i] != NULL; i++)
    {
      const char *w = words[i];
      gboolean ok = TRUE;

      if (g_str_equal (w, "infinite"))
        infinite = TRUE;
      else if (g_str_equal (w, "movetime"))
        ok = have_movetime = limited = go_number (e, words, &i, 0, &movetime);
      else if (g_str_equal (w, "depth"))
        ok = limited = go_number (e, words, &i, 1, &budget.depth);
      else if (g_str_equal (w, "nodes"))
        ok = limited = go_number (e, words, &i, 1, &budget.nodes);
      else if (g_str_equal (w, "p1time") || g_str_equal (w, "p2time"))
        ok = have_clock[w[1] - '1'] = limited
            = go_number (e, words, &i, 0, &clock[w[1] - '1']);
      else if (g_str_equal (w, "p1inc") || g_str_equal (w, "p2inc"))
        ok = go_number (e, words, &i, 0, &inc[w[1] - '1']);
      else
        {
          g_autofree char *word_shown = shown (w);

          say_error (e,
                     "go: unknown word '%s' ignored; go takes movetime, "
                     "p1time, p2time, p1inc, p2inc, depth, nodes and "
                     "infinite",
                     word_shown);
        }
      if (!ok)
        {
          say (e, "bestmove 0000");
          return NIM_UGI_READ_ON;
        }
    }

  if (!e->have_position)
    {
      say_error (e, "go: no position; send position fen HEAPS p1|p2 first");
      say (e, "bestmove 0000");
      return NIM_UGI_READ_ON;
    }
  if (!nim_board_has_move (&e->board, &e->rules))
    {
      say_error (e, "go: the game is over, there is no move to make");
      say (e, "bestmove 0000");
      return NIM_UGI_READ_ON;
    }
  if (!ensure_started (e))
    {
      say (e, "bestmove 0000");
      return NIM_UGI_READ_ON;
    }

  /* The budget of this search, as numbers: no limit until `stop`, the
     limits `go` gave, or the spec's (and setoption's) for a bare go. */
  if (infinite)
    memset (&budget, 0, sizeof budget);
  else if (!limited)
    budget = e->base;
  else if (have_movetime)
    e->allowed = search_time (e, ms_to_us (movetime));
  else if (have_clock[e->to_move - 1])
    {
      /* The share of its clock a built-in player takes, so that a player
         thinks as long over UGI as inside nim. */
      NimClock k = { { ms_to_us (clock[0]), ms_to_us (clock[1]) },
                     { ms_to_us (inc[0]), ms_to_us (inc[1]) } };

      e->allowed = search_time (
          e, (gint64) (nim_player_clock_budget (&k, e->to_move) * 1e6));
    }
  if (e->allowed > 0)
    {
      /* The time runs from when the go came: what passed since is
         spent. */
      nim_ugi_reader_count_waits (e->reader);
      budget.time
          = (double) MAX (e->allowed - (g_get_monotonic_time () - e->go_came),
                          G_TIME_SPAN_MILLISECOND)
            / 1e6;
    }
  /* Setting it looks its options up: not every move of a game. */
  if (memcmp (&budget, &e->applied, sizeof budget) != 0)
    {
      nim_player_set_budget (e->player, &budget);
      e->applied = budget;
    }
  nim_player_set_number (e->player, e->to_move);
  e->search_board = e->board;
  e->infinite = infinite;
  return NIM_UGI_SEARCH;
}

/* query gameover|p1turn|result: always a response.  Without a position
   the game counts as over with no result, player 1 to move. */
static void
do_query (Engine *e, char **words)
{
  const char *q = words[1];
  gboolean over;

  if (q == NULL
      || !(g_str_equal (q, "gameover") || g_str_equal (q, "p1turn")
           || g_str_equal (q, "result")))
    {
      say_error (e, "query: ask query gameover, query p1turn or query "
                    "result");
      say (e, "response none");
      return;
    }
  over = !e->have_position || !nim_board_has_move (&e->board, &e->rules);
  if (g_str_equal (q, "gameover"))
    say (e, "response %s", over ? "true" : "false");
  else if (g_str_equal (q, "p1turn"))
    say (e, "response %s",
         !e->have_position || e->to_move == 1 ? "true" : "false");
  else if (!over || !e->have_position)
    say (e, "response none");
  else
    {
      /* No move left: under normal play the player to move lost (the
         other took the last match), under misère play they won. */
      guint winner = e->rules.misere ? e->to_move : 3 - e->to_move;

      say (e, "response p%uwin", winner);
    }
}

/* A line longer than nim reads (its start, @words): the command is
   refused where it asks, and answered where it must be. */
static NimUgiNext
do_cut (Engine *e, char **words)
{
  const char *cmd = words[0];

  say_error (e, "a line of more than %d MiB was cut: %s is not carried out",
             NIM_UGI_LINE_MAX >> 20, cmd);
  if (g_str_equal (cmd, "position"))
    {
      nim_ugi_reader_end_search (e->reader, TRUE);
      e->have_position = FALSE;
    }
  else if (g_str_equal (cmd, "go"))
    {
      nim_ugi_reader_end_search (e->reader, TRUE);
      say (e, "bestmove 0000");
    }
  else if (g_str_equal (cmd, "query"))
    do_query (e, words);
  return NIM_UGI_READ_ON;
}

/* Carries out one command line, in the thread with the reader's turn. */
static NimUgiNext
on_command (gpointer data, GString *line, NimLineStatus status)
{
  Engine *e = data;
  char **words;
  const char *cmd;
  gsize i;

  /* A NUL byte is a blank: C's strings end at it. */
  for (i = strlen (line->str); i < line->len; i++)
    if (line->str[i] == '\0')
      line->str[i] = ' ';
  words = split_words (e, line->str);
  cmd = words[0];
  if (cmd == NULL)
    return NIM_UGI_READ_ON;
  if (status == NIM_LINE_CUT)
    return do_cut (e, words);
  if (g_str_equal (cmd, "quit"))
    return NIM_UGI_QUIT;
  /* What changes the game ends a search under way first, as stop would;
     isready and query are answered while it runs. */
  if (g_str_equal (cmd, "stop") || g_str_equal (cmd, "ugi")
      || g_str_equal (cmd, "setoption") || g_str_equal (cmd, "uginewgame")
      || g_str_equal (cmd, "position") || g_str_equal (cmd, "go"))
    nim_ugi_reader_end_search (e->reader, TRUE);
  if (g_str_equal (cmd, "isready"))
    {
      /* During a search the player is started already: nothing to do
         but answer. */
      ensure_started (e);
      say (e, "readyok");
    }
  else if (g_str_equal (cmd, "query"))
    do_query (e, words);
  else if (g_str_equal (cmd, "ugi"))
    answer_ugi (e);
  else if (g_str_equal (cmd, "setoption"))
    do_setoption (e, words);
  else if (g_str_equal (cmd, "uginewgame"))
    {
      /* The tables are emptied now, not in the next move's time. */
      e->started = FALSE;
      ensure_started (e);
    }
  else if (g_str_equal (cmd, "position"))
    do_position (e, words);
  else if (g_str_equal (cmd, "go"))
    return do_go (e, words);
  /* Anything else is ignored, as UCI engines ignore what they do not know
     (a referee may probe with commands of a newer protocol). */
  return NIM_UGI_READ_ON;
}

/* visits=true: each position the search enters, into the answer. */
static void
visit_enter (gpointer data, guint ply, const NimBoard *board, int alpha,
             int beta)
{
  GString *answer = data;
  guint i;

  g_string_append (answer, "info string visit ");
  for (i = 0; i < board->n_heaps; i++)
    {
      if (i > 0)
        g_string_append_c (answer, ',');
      nim_string_append_uint (answer, board->heaps[i]);
    }
  g_string_append_c (answer, '\n');
}

static void
visit_leave (gpointer data, guint ply, const NimBoard *board, int value,
             guint flags)
{
}

static const NimObserverFuncs visit_funcs = {
  .enter = visit_enter,
  .leave = visit_leave,
};

/* The search that a `go` started, in the thread that read the `go`: one
   move, its `info` and its `bestmove`, written and flushed in one
   piece. */
static void
on_search (gpointer data)
{
  Engine *e = data;
  g_autoptr (GError) error = NULL;
  GString *answer = e->answer;
  GString *best = e->best;
  NimObserver visits = { &visit_funcs, answer };
  NimMove move;
  gboolean chose;

  g_string_truncate (answer, 0);
  g_string_truncate (best, 0);
  if (e->visits)
    nim_player_set_trace (e->player, &visits);
  chose = nim_player_choose_move (e->player, &e->search_board, &move, &error);
  if (e->visits)
    nim_player_set_trace (e->player, NULL);
  if (!chose)
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
     search found is told at once. */
  if (e->infinite)
    {
      if (!g_atomic_int_get (nim_ugi_reader_get_stop (e->reader)))
        {
          nim_ugi_reader_say_now (e->reader, answer->str);
          g_string_truncate (answer, 0);
        }
      nim_ugi_reader_wait_stop (e->reader);
    }
  g_string_append (answer, "bestmove ");
  g_string_append_len (answer, best->str, (gssize) best->len);
  g_string_append_c (answer, '\n');
  nim_ugi_reader_say_now (e->reader, answer->str);
  if (e->allowed > 0)
    {
      /* How late this answer went out, from when its go came: what
         the next searches keep back (see search_time()). */
      gint64 late = g_get_monotonic_time () - e->go_came - e->allowed;

      e->late = MAX (late, e->late - e->late / 16);
    }
}

static const NimUgiHandlers handlers = {
  .command = on_command,
  .search = on_search,
};

/* Speaks UGI on standard input and output until `quit` or the end of
   the input: --player1 is the engine, default the strongest searcher;
   --seed seeds a random player.  The player is started at once, under
   the protocol's start rules, so that a table the machine cannot hold is
   refused before the first command. */
static int
ugi_run (gpointer config, NimShared *shared)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimUgiReader) reader = NULL;
  Engine e = { 0 };
  NimBoard board;
  int read_errno;

  e.spec = g_strdup (shared->player1 ? shared->player1
                                     : nim_player_class_strongest ()->name);
  e.player = nim_shared_player_new (e.spec, &error);
  if (e.player == NULL)
    {
      g_free (e.spec);
      return nim_exit_fail (error, TRUE);
    }
  if (nim_player_is_interactive (e.player))
    g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                 _ ("--ugi makes a computer player an engine; %s reads "
                    "its moves from the terminal, which the protocol "
                    "uses"),
                 nim_player_get_name (e.player));
  else if (shared->seeded)
    {
      e.seeded = TRUE;
      e.seed = shared->seed_value;
      nim_player_set_seed (e.player, e.seed);
    }
  protocol_rules (&e.rules);
  start_board (&e, &board);
  if (error == NULL && nim_player_start (e.player, &e.rules, &board, &error))
    reader = nim_ugi_reader_new (STDIN_FILENO, NIM_UGI_LINE_MAX, &error);
  if (reader == NULL)
    {
      nim_player_free (e.player);
      g_free (e.spec);
      return nim_exit_fail (error, error->domain == NIM_ERROR);
    }
  e.started = TRUE;
  e.reader = reader;
  e.set = g_ptr_array_new_with_free_func (g_free);
  e.words = g_ptr_array_new ();
  e.answer = g_string_new (NULL);
  e.fen = g_string_new (NULL);
  e.best = g_string_new (NULL);
  nim_player_get_budget (e.player, &e.base);
  e.applied = e.base;
  nim_player_set_stop (e.player, nim_ugi_reader_get_stop (reader));

  /* The protocol's side is English, the library's messages too, as
     JSON keys are: a referee reads them, and logs them for whoever runs
     it in whatever language.  Standard error speaks the user's. */
  nim_locale_speak_english (TRUE);
  nim_ugi_reader_run (reader, &handlers, &e);
  nim_locale_speak_english (FALSE);
  read_errno = nim_ugi_reader_get_errno (reader);

  nim_player_set_stop (e.player, NULL);
  nim_player_free (e.player);
  g_ptr_array_free (e.set, TRUE);
  g_ptr_array_free (e.words, TRUE);
  g_string_free (e.answer, TRUE);
  g_string_free (e.fen, TRUE);
  g_string_free (e.best, TRUE);
  g_free (e.spec);
  if (read_errno != 0)
    {
      /* A referee's input that cannot be read (a closed descriptor, say)
         is no end of the game: it says so, as a write error would. */
      fprintf (stderr, _ ("nim: read error on standard input: %s\n"),
               g_strerror (read_errno));
      return NIM_EXIT_FAILURE;
    }
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
