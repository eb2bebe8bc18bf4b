/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player-engine.c -- an external engine over UGI, as a player

   An engine is a program of its own that speaks the Universal Game
   Interface (cutegames' UCI for any game) with Nim's notation: moves
   "h2-1", positions "3,4,5 p1", rules "any" or "1,2,3".  Each declared
   engine is a player class of its own, made at run time from a template,
   so that its name works wherever a player spec does.

   The player is nim's side of the referee: it trusts nothing the engine
   writes.  A move is parsed and checked against the rules here; an
   engine that fails loses the game with a #NIM_FORFEIT_ERROR that says
   how (nim_game_play() ends the game), its process is stopped (SIGTERM,
   SIGKILL, reaped), and the next game starts a fresh one.  What it writes
   besides its `bestmove` is read as cutegames reads it, leniently: a line
   that nim cannot read (not text, or too long) is logged and skipped, and
   only a `bestmove` that cannot be read loses.

   The conversation follows ugi.md's order: `ugi` and its answers, the
   options, `isready` and its `readyok` before the first `uginewgame`;
   then each game.  The engine is sent only the options it declared, and
   the rules only when they are not what it has (at first the protocol's
   start rules, take any number in normal play, or the defaults it
   declared): an engine that cannot be told a game's rules is refused for
   it, with a #NIM_ERROR_USAGE error, rather than left to play another
   game in silence. */

#include "config.h"

#include "nim-player-engine.h"

#include <gio/gio.h>
#include <string.h>

#include "nim-engine-process.h"
#include "nim-explain.h"
#include "nim-i18n.h"
#include "nim-notation.h"
#include "nim-search-player.h"
#include "nim-error.h"
#include "nim-interrupt.h"
#include "nim-strings.h"

/* The most moves of an engine's pv that nim keeps. */
#define NIM_ENGINE_PV_MAX 32

/* The longest `position fen START moves ...` line nim sends, in bytes: a
   longer game's position is sent as it stands, without the moves (see
   position_command()), so that an engine's 64 KiB line buffer holds
   every position nim sends.  nim --ugi reads longer lines still. */
#define NIM_ENGINE_POSITION_MAX 65000

/* How often a wait for an engine looks at Ctrl-C, in microseconds. */
#define INTERRUPT_SLICE (100 * G_TIME_SPAN_MILLISECOND)

/* How long an engine that closed a pipe has to exit by itself before it
   is said to have closed the pipe rather than to have exited. */
#define CLOSE_GRACE (200 * G_TIME_SPAN_MILLISECOND)

/* An engine as declared: the class's data. */
typedef struct
{
  NimPlayerClass klass;
  char *name;
  char *summary;
  char *command;
  char *directory;
  char **options;
  char *log_dir;
  double startup_timeout;
  gint64 margin;  /* microseconds a move may come late */
  gint processes; /* started so far, numbering the logs */
} Engine;

/* The words of an engine's info lines that nim keeps. */
enum
{
  INFO_DEPTH = 1 << 0,
  INFO_NODES = 1 << 1,
  INFO_SCORE = 1 << 2,
};

typedef struct
{
  NimSearchPlayer parent; /* for depth=, time= and nodes= */
  NimEngineProcess *process;
  gboolean broken; /* it failed: a fresh process for the next game */
  /* The options the engine declared after `ugi`: their names as it wrote
     them, and their defaults ("" when it gave none). */
  GPtrArray *option_names;
  GPtrArray *option_defaults;
  /* The rules the engine has now, as the protocol writes them: at first
     the start rules or the defaults it declared, then what it was told. */
  char *told_take;  /* %NULL: not known */
  gint told_misere; /* TRUE, FALSE, or -1: not known */
  /* Lines not sent yet: a game's start goes out with its first position
     and go, in one write (see engine_start()). */
  GString *outbox;
  gboolean await_ready; /* an isready is queued or sent, not answered */
  /* What the engine's info lines said of its last move, for
     --explain: the words it gave (INFO_*), its score as it wrote it
     ("cp 1000", "mate 3") and its pv, in notation. */
  guint info;
  GString *score;
  GString *pv;
  char *id_name;
  char *id_author;
  /* The game so far, for `position fen START moves ...`: */
  NimBoard last;  /* the position after our last move */
  gboolean moved; /* we have moved in this game */
  guint first;    /* who moved first from the start, 0 until known */
  GString *moves; /* the moves since the start, in notation */
  /* Kept from move to move, so that a move allocates little: the
     start's notation (@fen, valid for @fen_start and @fen_first), the
     position command, and the words of an info line. */
  char *fen;
  NimBoard fen_start;
  guint fen_first;
  GString *position;
  GPtrArray *words;
  /* What a caller asked of it (nim_player_engine_watch_info (),
     nim_player_engine_set_move_limit ()), and how its last failure
     came. */
  NimEngineInfoFunc info_func; /* (nullable) */
  gpointer info_data;
  gint64 move_limit; /* microseconds, 0 for none beyond the go's */
  gboolean timed_out;
} EnginePlayer;

static const Engine *
engine_of (const NimPlayer *player)
{
  return player->klass->class_data;
}

static gboolean forfeit (EnginePlayer *self, GError **error, NimEnd end,
                         const char *format, ...) G_GNUC_PRINTF (4, 5);

/* Fails the game for the engine, and ends its process: whatever state it
   is in, the next game starts it afresh. */
static gboolean
forfeit (EnginePlayer *self, GError **error, NimEnd end, const char *format,
         ...)
{
  g_autofree char *message = NULL;
  va_list ap;

  va_start (ap, format);
  message = g_strdup_vprintf (format, ap);
  va_end (ap);
  self->broken = TRUE;
  if (self->process != NULL)
    {
      nim_engine_process_log (self->process, message);
      nim_engine_process_stop (self->process, 0);
    }
  g_set_error (error, NIM_FORFEIT_ERROR, end, _ ("%s (%s): %s"),
               engine_of ((NimPlayer *) self)->name, nim_end_to_string (end),
               message);
  return FALSE;
}

/* Why a read or a send failed, as a forfeit: the engine gone is a crash
   or an exit (with its status), a pipe it closed while it runs on is said
   so, a deadline past is @late, the rest is a breach of the protocol.
   @what is what nim waited for, or what it sent (@sent): its first line
   names it. */
static gboolean
forfeit_io (EnginePlayer *self, const GError *io, NimEnd late,
            const char *what, gboolean sent, GError **error)
{
  g_autofree char *first = g_strndup (what, strcspn (what, "\n"));

  self->timed_out = g_error_matches (io, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  if (self->timed_out)
    return forfeit (self, error, late, _ ("no %s in time"), first);
  if (g_error_matches (io, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED)
      || g_error_matches (io, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE))
    {
      NimEnd end
          = late == NIM_END_STARTUP ? NIM_END_STARTUP : NIM_END_DISCONNECT;
      g_autofree char *how = NULL;

      /* An engine that closed a pipe has usually exited: then say how.
         One that closed it and runs on is stopped by nim, whose signal
         says nothing of the engine. */
      if (!nim_engine_process_wait (self->process, CLOSE_GRACE))
        return forfeit (self, error, end,
                        sent ? _ ("the engine closed its input while nim "
                                  "sent %s")
                             : _ ("the engine closed its output while nim "
                                  "waited for %s"),
                        first);
      how = nim_engine_process_describe_exit (self->process);
      return forfeit (self, error, end,
                      sent ? _ ("the engine %s while nim sent %s")
                           : _ ("the engine %s while nim waited for %s"),
                      how, first);
    }
  return forfeit (self, error, NIM_END_PROTOCOL, "%s", io->message);
}

/* "option name NAME type TYPE default VALUE ...": the name (it may hold
   blanks, as in UCI) and the default, into the engine's list. */
static void
read_option (EnginePlayer *self, const char *line)
{
  const char *name = line + strlen ("option name ");
  const char *type = strstr (name, " type ");
  const char *dflt = type != NULL ? strstr (type, " default ") : NULL;
  g_autofree char *value = NULL;

  if (type == NULL || type == name)
    return;
  if (dflt != NULL)
    {
      static const char *const ends[] = { " min ", " max ", " var ", NULL };
      const char *v = dflt + strlen (" default ");
      gsize n = strlen (v);
      guint i;

      for (i = 0; ends[i] != NULL; i++)
        {
          const char *e = strstr (v, ends[i]);

          if (e != NULL)
            n = MIN (n, (gsize) (e - v));
        }
      value = g_strndup (v, n);
    }
  g_ptr_array_add (self->option_names,
                   g_strndup (name, (gsize) (type - name)));
  g_ptr_array_add (self->option_defaults,
                   value != NULL ? g_steal_pointer (&value) : g_strdup (""));
}

/* The index of the option the engine declared as @name (in any case, as
   UCI's names are), or -1. */
static gint
declared (const EnginePlayer *self, const char *name)
{
  guint i;

  for (i = 0; i < self->option_names->len; i++)
    if (g_ascii_strcasecmp (self->option_names->pdata[i], name) == 0)
      return (gint) i;
  return -1;
}

/* `info depth 7 nodes 621 score cp 1000 pv h1-2 ...` into the
   statistics (and what --explain tells of it); the pv is the rest of the
   line.  `score cp V` is V for the player to move, `score mate N` a win
   (a loss when N < 0) in N moves; a bare `score V` is taken as cp.
   @line is split into its words in place. */
static void
read_info (NimPlayer *player, char *line)
{
  EnginePlayer *self = (EnginePlayer *) player;
  char **w;
  char *p = line;
  guint i;

  /* Split at every blank, in place: two blanks make an empty word. */
  g_ptr_array_set_size (self->words, 0);
  for (;;)
    {
      char *blank = strchr (p, ' ');

      g_ptr_array_add (self->words, p);
      if (blank == NULL)
        break;
      *blank = '\0';
      p = blank + 1;
    }
  g_ptr_array_add (self->words, NULL);
  w = (char **) self->words->pdata;

  for (i = 1; w[i] != NULL && w[i + 1] != NULL; i++)
    {
      const char *v = w[i + 1];
      gint64 n;

      if (g_str_equal (w[i], "string"))
        break; /* the rest is a message */
      if (g_str_equal (w[i], "pv"))
        {
          guint j;

          /* A long pv is cut: the explanation shows its start. */
          g_string_truncate (self->pv, 0);
          for (j = i + 1; w[j] != NULL && j <= i + NIM_ENGINE_PV_MAX; j++)
            if (w[j][0] != '\0')
              {
                if (self->pv->len > 0)
                  g_string_append_c (self->pv, ' ');
                g_string_append (self->pv, w[j]);
              }
          player->stats.searched = TRUE;
          break;
        }
      if (g_str_equal (w[i], "score"))
        {
          gboolean mate = g_str_equal (v, "mate");

          if ((mate || g_str_equal (v, "cp")) && w[i + 2] != NULL)
            v = w[++i + 1];
          n = CLAMP (g_ascii_strtoll (v, NULL, 10), -NIM_SCORE_INF,
                     NIM_SCORE_INF);
          /* Without printf: an engine says this at every move. */
          g_string_assign (self->score, mate ? "mate " : "cp ");
          nim_string_append_int (self->score, n);
          player->stats.value = mate ? (n > 0) - (n < 0) : (int) n;
          player->stats.proven = mate && n != 0;
          player->stats.distance = mate ? (guint) ABS (n) : 0;
          self->info |= INFO_SCORE;
        }
      else if (g_str_equal (w[i], "depth"))
        {
          n = g_ascii_strtoll (v, NULL, 10);
          player->stats.depth = (guint) CLAMP (n, 0, G_MAXUINT);
          self->info |= INFO_DEPTH;
        }
      else if (g_str_equal (w[i], "nodes"))
        {
          n = g_ascii_strtoll (v, NULL, 10);
          player->stats.nodes = (guint64) MAX (n, 0);
          self->info |= INFO_NODES;
        }
      else
        continue; /* a word nim does not keep, or its value */
      player->stats.searched = TRUE;
      i++;
    }
}

/* Reads lines until one starts with @word (a whole word), and returns
   it; lines nim does not know are skipped, as UCI engines skip commands
   they do not know, and `info` lines go to the statistics.  A line nim
   cannot read (not text, or longer than it reads) is skipped too, as
   cutegames skips it, and logged; only such a `bestmove` loses the game:
   its move cannot be read.  @late is the loss a passed deadline is. */
static char *
expect (EnginePlayer *self, const char *word, gint64 deadline, NimEnd late,
        GError **error)
{
  gsize len = strlen (word);

  for (;;)
    {
      g_autoptr (GError) io = NULL;
      /* Wait in slices, so that Ctrl-C ends the wait however long the
         engine has: the game is then abandoned, not lost. */
      gint64 slice = g_get_monotonic_time () + INTERRUPT_SLICE;
      NimEngineLineFlags flags;
      char *line = nim_engine_process_read_line (
          self->process, deadline >= 0 ? MIN (deadline, slice) : slice, &flags,
          &io);
      gboolean is_word;

      if (line == NULL && nim_interrupted ())
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_INTERRUPTED,
                       _ ("interrupted: the game is abandoned"));
          return NULL;
        }
      if (line == NULL
          && g_error_matches (io, G_IO_ERROR, G_IO_ERROR_TIMED_OUT)
          && (deadline < 0 || g_get_monotonic_time () < deadline))
        continue;
      if (line == NULL)
        {
          forfeit_io (self, io, late, word, FALSE, error);
          return NULL;
        }
      is_word = strncmp (line, word, len) == 0
                && (line[len] == '\0' || line[len] == ' ');
      if (flags != 0)
        {
          g_autofree char *shown = nim_text_escape (line, 40);

          g_free (line);
          if (is_word && g_str_equal (word, "bestmove"))
            {
              forfeit (self, error, NIM_END_PROTOCOL,
                       (flags & NIM_ENGINE_LINE_NOT_TEXT)
                           ? _ ("the engine wrote a bestmove that is not "
                                "text: %s")
                           : _ ("the engine wrote a bestmove longer than "
                                "nim reads: %s"),
                       shown);
              return NULL;
            }
          nim_engine_process_log (self->process,
                                  (flags & NIM_ENGINE_LINE_NOT_TEXT)
                                      ? "ignored: not text"
                                      : "ignored: too long");
          continue;
        }
      if (g_str_has_prefix (line, "info "))
        {
          g_autoptr (GError) refused = NULL;

          /* The watcher sees the line whole; read_info () splits it. */
          if (self->info_func != NULL
              && !self->info_func (self->info_data, line, &refused))
            {
              g_free (line);
              forfeit (self, error, NIM_END_PROTOCOL, "%s", refused->message);
              return NULL;
            }
          read_info ((NimPlayer *) self, line);
        }
      else if (is_word)
        return line;
      else if (g_str_has_prefix (line, "id name "))
        {
          g_free (self->id_name);
          self->id_name = g_strdup (line + 8);
        }
      else if (g_str_has_prefix (line, "id author "))
        {
          g_free (self->id_author);
          self->id_author = g_strdup (line + 10);
        }
      else if (g_str_has_prefix (line, "option name "))
        read_option (self, line);
      g_free (line);
    }
}

static gboolean
send (EnginePlayer *self, const char *line, NimEnd end, GError **error)
{
  g_autoptr (GError) io = NULL;

  if (!nim_engine_process_send (self->process, line, &io))
    return forfeit_io (self, io, end, line, TRUE, error);
  return TRUE;
}

/* Adds @line to what goes out with the next flush_outbox(). */
static void
queue (EnginePlayer *self, const char *line)
{
  if (self->outbox->len > 0)
    g_string_append_c (self->outbox, '\n');
  g_string_append (self->outbox, line);
}

/* Sends what was queued, in one write. */
static gboolean
flush_outbox (EnginePlayer *self, NimEnd end, GError **error)
{
  if (self->outbox->len == 0)
    return TRUE;
  if (!send (self, self->outbox->str, end, error))
    return FALSE;
  g_string_truncate (self->outbox, 0);
  return TRUE;
}

static gint64
startup_deadline (const Engine *e)
{
  return g_get_monotonic_time ()
         + (gint64) (e->startup_timeout * G_USEC_PER_SEC);
}

/* Starts a process and shakes hands: `ugi` ... `ugiok`, learning the
   options the engine declares.  A log nim cannot write is nim's failure,
   not the engine's: an error, not a forfeit. */
static gboolean
launch (EnginePlayer *self, GError **error)
{
  const Engine *e = engine_of ((NimPlayer *) self);
  g_autofree char *log_path = NULL;
  g_autoptr (GError) local = NULL;
  char *line;

  self->timed_out = FALSE;
  if (e->log_dir != NULL)
    {
      g_autofree char *file
          = g_strdup_printf ("%s-%d.log", e->name,
                             g_atomic_int_add ((gint *) &e->processes, 1) + 1);

      log_path = g_build_filename (e->log_dir, file, NULL);
    }
  self->process
      = nim_engine_process_new (e->command, e->directory, log_path, &local);
  if (self->process == NULL && local->domain == G_IO_ERROR)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED, _ ("engine %s: %s"),
                   e->name, local->message);
      return FALSE;
    }
  if (self->process == NULL)
    return forfeit (self, error, NIM_END_STARTUP, "%s", local->message);
  self->broken = FALSE;
  self->await_ready = FALSE;
  g_string_truncate (self->outbox, 0);
  g_ptr_array_set_size (self->option_names, 0);
  g_ptr_array_set_size (self->option_defaults, 0);
  if (!send (self, "ugi", NIM_END_STARTUP, error))
    return FALSE;
  line = expect (self, "ugiok", startup_deadline (e), NIM_END_STARTUP, error);
  g_free (line);
  return line != NULL;
}

/* The names of the options the engine declared, for a message. */
static char *
declared_list (const EnginePlayer *self)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  guint i;

  if (self->option_names->len == 0)
    return g_strdup (_ ("it declares none"));
  for (i = 0; i < self->option_names->len; i++)
    g_ptr_array_add (names, self->option_names->pdata[i]);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (C_ ("list", ", "), (char **) names->pdata);
}

/* Queues `setoption name NAME value VALUE`, NAME as the engine wrote it. */
static void
queue_option (EnginePlayer *self, gint index, const char *value)
{
  GString *line = g_string_new ("setoption name ");

  g_string_append (line, self->option_names->pdata[index]);
  g_string_append (line, " value ");
  g_string_append (line, value);
  queue (self, line->str);
  g_string_free (line, TRUE);
}

/* What the engine plays before it is told anything: the protocol's start
   rules (any number, normal play), or the defaults of its options. */
static void
rules_from_defaults (EnginePlayer *self)
{
  gint r = declared (self, "rules"), m = declared (self, "misere");
  NimRules parsed;

  g_clear_pointer (&self->told_take, g_free);
  self->told_take = g_strdup ("any");
  if (r >= 0)
    {
      /* A default nim cannot read is replaced in any case. */
      g_clear_pointer (&self->told_take, g_free);
      if (nim_notation_parse_rules (self->option_defaults->pdata[r], FALSE,
                                    &parsed, NULL))
        self->told_take = nim_notation_rules (&parsed);
    }
  self->told_misere = m >= 0 ? -1 : FALSE;
  if (m >= 0
      && g_ascii_strcasecmp (self->option_defaults->pdata[m], "true") == 0)
    self->told_misere = TRUE;
  else if (m >= 0
           && g_ascii_strcasecmp (self->option_defaults->pdata[m], "false")
                  == 0)
    self->told_misere = FALSE;
}

/* Queues what tells the engine the rules of the game where they are not
   what it has.  An engine that cannot be told them (it did not declare
   the option) is refused for the game: it would play another game in
   silence. */
static gboolean
tell_rules (EnginePlayer *self, const NimRules *rules, GError **error)
{
  const Engine *e = engine_of ((NimPlayer *) self);
  g_autofree char *take = nim_notation_rules (rules);

  if (g_strcmp0 (self->told_take, take) != 0)
    {
      gint r = declared (self, "rules");

      if (r < 0)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       /* TRANSLATORS: %2$s are rules as the protocol writes
                          them, "1,2,3" or "0.77"; 'rules' and ugi are
                          words of the protocol. */
                       _ ("engine %1$s cannot be told the rules %2$s: it "
                          "declares no option 'rules' after ugi, so nim "
                          "plays it only under the protocol's start rules "
                          "(a move takes any number of matches)"),
                       e->name, take);
          return FALSE;
        }
      queue_option (self, r, take);
      g_free (self->told_take);
      self->told_take = g_steal_pointer (&take);
    }
  if (self->told_misere != (gint) rules->misere)
    {
      gint m = declared (self, "misere");

      if (m < 0)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       /* TRANSLATORS: 'misere' and ugi are words of the
                          protocol. */
                       _ ("engine %s cannot be told to play misère: it "
                          "declares no option 'misere' after ugi, so nim "
                          "plays it only under normal play (the last "
                          "move wins)"),
                       e->name);
          return FALSE;
        }
      queue_option (self, m, rules->misere ? "true" : "false");
      self->told_misere = rules->misere;
    }
  return TRUE;
}

/* Reads the readyok of the isready that was sent. */
static gboolean
await_ready (EnginePlayer *self, GError **error)
{
  char *line = expect (self, "readyok",
                       startup_deadline (engine_of ((NimPlayer *) self)),
                       NIM_END_STARTUP, error);

  if (line == NULL)
    return FALSE;
  g_free (line);
  self->await_ready = FALSE;
  return TRUE;
}

/* After the handshake, as ugi.md orders it: the user's options (each one
   the engine declared), the rules (where the game needs them), then
   `isready`, whose `readyok` is waited for before anything else: an
   engine makes its tables there. */
static gboolean
configure (EnginePlayer *self, const NimRules *rules, GError **error)
{
  const Engine *e = engine_of ((NimPlayer *) self);
  guint i;

  for (i = 0; e->options != NULL && e->options[i] != NULL; i++)
    {
      const char *eq = strchr (e->options[i], '=');
      g_autofree char *key
          = g_strndup (e->options[i], (gsize) (eq - e->options[i]));
      gint index = declared (self, key);

      if (index < 0)
        {
          g_autofree char *list = declared_list (self);

          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       /* TRANSLATORS: %3$s lists the options, or says
                          there are none. */
                       _ ("engine %1$s declares no option '%2$s' (%3$s); "
                          "nim sends an engine only the options it "
                          "declares after ugi"),
                       e->name, key, list);
          return FALSE;
        }
      queue_option (self, index, eq + 1);
    }
  rules_from_defaults (self);
  if (!tell_rules (self, rules, error))
    return FALSE;
  queue (self, "isready");
  self->await_ready = TRUE;
  return flush_outbox (self, NIM_END_STARTUP, error)
         && await_ready (self, error);
}

/* A game starts.  A new process shakes hands, is told its options and
   the rules, and answers its first isready before anything of the game;
   a running one is told the rules only when they changed.  Then
   `uginewgame` and `isready`, which are not sent yet: they go out with
   the engine's first position and go, in one write, and its readyok is
   read before its bestmove (engine_choose_move()).  Waiting for readyok
   here would cost a round trip to the engine every game, which for
   short games is most of what the referee costs.  A game the engine
   never moves in sends it nothing of the game. */
static gboolean
engine_start (NimPlayer *player, GError **error)
{
  EnginePlayer *self = (EnginePlayer *) player;

  if (self->process != NULL && self->broken)
    g_clear_pointer (&self->process, nim_engine_process_free);
  /* What the last game queued and never sent (its uginewgame and
     isready): the engine did not hear of that game at all. */
  g_string_truncate (self->outbox, 0);
  if (self->process == NULL)
    {
      if (!launch (self, error) || !configure (self, &player->rules, error))
        return FALSE;
    }
  else if (!tell_rules (self, &player->rules, error)
           || !flush_outbox (self, NIM_END_DISCONNECT, error))
    return FALSE;
  queue (self, "uginewgame");
  queue (self, "isready");
  self->await_ready = TRUE;
  self->moved = FALSE;
  self->first = 0;
  g_string_truncate (self->moves, 0);
  return TRUE;
}

/* The one move that turns @from into @to, if there is one. */
static gboolean
move_between (const NimBoard *from, const NimBoard *to, NimMove *move)
{
  guint i, changed = 0;
  guint32 split = 0;

  /* A split leaves its second part as a new last heap. */
  if (to->n_heaps == from->n_heaps + 1 && to->heaps[from->n_heaps] > 0)
    split = to->heaps[from->n_heaps];
  else if (from->n_heaps != to->n_heaps)
    return FALSE;
  for (i = 0; i < from->n_heaps; i++)
    if (from->heaps[i] != to->heaps[i])
      {
        if (to->heaps[i] > from->heaps[i] || changed++ > 0)
          return FALSE;
        move->heap = i;
        move->count = from->heaps[i] - to->heaps[i];
        move->split = 0;
        move->keep = 0;
        if (split != 0)
          {
            if (move->count <= split || to->heaps[i] == 0)
              return FALSE;
            move->count -= split;
            move->split = split;
            move->keep = to->heaps[i];
          }
      }
  return changed == 1;
}

/* `position fen START p1 moves ...` for @board, the game as played from
   its start, or `position fen BOARD pN` when the history cannot be told
   (the player was asked about a position out of a game). */
static const char *
position_command (EnginePlayer *self, const NimBoard *board)
{
  NimPlayer *player = (NimPlayer *) self;
  guint me = player->number, other = 3 - me;
  const NimBoard *before = self->moved ? &self->last : &player->start;
  NimMove m;

  if (!self->moved && nim_board_equal (board, &player->start))
    self->first = me;
  else if (move_between (before, board, &m))
    {
      if (!self->moved)
        self->first = other;
      nim_notation_append_move (self->moves, &m);
      g_string_append_c (self->moves, ' ');
    }
  else
    {
      /* Out of a game: this position alone, from now on. */
      player->start = *board;
      self->first = me;
      self->moved = FALSE;
      g_string_truncate (self->moves, 0);
    }
  /* The start is the same all game: written once a game. */
  if (self->fen == NULL || self->fen_first != self->first
      || !nim_board_equal (&self->fen_start, &player->start))
    {
      g_free (self->fen);
      self->fen = nim_notation_position (&player->start, self->first);
      self->fen_start = player->start;
      self->fen_first = self->first;
    }
  g_string_assign (self->position, "position fen ");
  g_string_append (self->position, self->fen);
  if (self->moves->len > 0)
    {
      g_string_append (self->position, " moves ");
      g_string_append_len (self->position, self->moves->str,
                           (gssize) self->moves->len - 1);
    }
  if (self->position->len > NIM_ENGINE_POSITION_MAX)
    {
      /* Too long a game for the line: the position as it stands. */
      g_autofree char *now = nim_notation_position (board, me);

      g_string_assign (self->position, "position fen ");
      g_string_append (self->position, now);
    }
  return self->position->str;
}

/* `go ...` from the clock or the budget, and in @allowed how long the
   answer may take, in microseconds from when the engine has the go (-1
   for no limit: time=0). */
static char *
go_command (EnginePlayer *self, gint64 *allowed)
{
  NimPlayer *player = (NimPlayer *) self;
  const NimSearchConfig *c = &self->parent.config;
  GString *go = g_string_new ("go");

  *allowed = -1;
  if (player->clock != NULL)
    {
      const NimClock *k = player->clock;

      g_string_append_printf (
          go,
          " p1time %" G_GINT64_FORMAT " p2time %" G_GINT64_FORMAT
          " p1inc %" G_GINT64_FORMAT " p2inc %" G_GINT64_FORMAT,
          k->remaining[0] / 1000, k->remaining[1] / 1000,
          k->increment[0] / 1000, k->increment[1] / 1000);
      *allowed = k->remaining[player->number - 1] + engine_of (player)->margin;
    }
  else if (c->time != 0)
    {
      /* time= not given is the searchers' default time, beside depth=
         and nodes= too, as a built-in searcher keeps its 5 s beside
         them: an engine that never answers must not stall the game.
         time=0 is no limit, as for a built-in searcher: a bare `go`
         when nothing else limits it. */
      double seconds = c->time > 0 ? c->time : NIM_SEARCH_DEFAULT_TIME;
      gint64 ms = MAX ((gint64) (seconds * 1000 + 0.5), 1);

      g_string_append_printf (go, " movetime %" G_GINT64_FORMAT, ms);
      *allowed = ms * 1000 + engine_of (player)->margin;
    }
  if (c->depth > 0)
    g_string_append_printf (go, " depth %" G_GUINT64_FORMAT, c->depth);
  if (c->nodes > 0)
    g_string_append_printf (go, " nodes %" G_GUINT64_FORMAT, c->nodes);
  return g_string_free (go, FALSE);
}

/* Under a clock: the game's start (uginewgame, isready) goes out alone,
   and its readyok is waited for, within the start-up timeout, before the
   clock runs (nim_player_ready()). */
static gboolean
engine_ready (NimPlayer *player, GError **error)
{
  EnginePlayer *self = (EnginePlayer *) player;

  if (self->process == NULL || self->broken)
    return forfeit (self, error, NIM_END_DISCONNECT,
                    _ ("the engine is not running"));
  return !self->await_ready
         || (flush_outbox (self, NIM_END_STARTUP, error)
             && await_ready (self, error));
}

static gboolean
engine_choose_move (NimPlayer *player, const NimBoard *board, NimMove *move,
                    GError **error)
{
  EnginePlayer *self = (EnginePlayer *) player;
  const char *position;
  g_autofree char *go = NULL;
  g_autofree char *line = NULL;
  g_autoptr (GError) local = NULL;
  gint64 allowed, deadline;
  const char *text;

  if (self->process == NULL || self->broken)
    return forfeit (self, error, NIM_END_DISCONNECT,
                    _ ("the engine is not running"));
  self->info = 0;
  self->timed_out = FALSE;
  g_string_truncate (self->score, 0);
  g_string_truncate (self->pv, 0);
  /* Under a clock the engine is ready before its time runs (the game
     called engine_ready ()). */
  if (player->clock != NULL && !engine_ready (player, error))
    return FALSE;
  position = position_command (self, board);
  queue (self, position);
  go = go_command (self, &allowed);
  queue (self, go);
  if (!flush_outbox (self,
                     self->await_ready ? NIM_END_STARTUP : NIM_END_DISCONNECT,
                     error))
    return FALSE;
  if (self->await_ready && !await_ready (self, error))
    return FALSE;
  /* A caller's limit holds whatever the go says. */
  if (self->move_limit > 0 && (allowed < 0 || allowed > self->move_limit))
    allowed = self->move_limit;
  /* The time runs from when the engine had the go (after its readyok,
     when it had to answer one first). */
  deadline = allowed < 0 ? -1 : g_get_monotonic_time () + allowed;
  line = expect (self, "bestmove", deadline, NIM_END_TIME, error);
  if (line == NULL)
    return FALSE;
  text = line + strlen ("bestmove");
  if (*text != ' ' || text[1] == '\0')
    return forfeit (self, error, NIM_END_PROTOCOL, _ ("\"%s\" names no move"),
                    line);
  text++;
  {
    /* "bestmove h2-1 ponder h1-1": the first word is the move. */
    g_autofree char *word = g_strndup (text, strcspn (text, " "));

    if (!nim_notation_parse_move (word, move, &local))
      return forfeit (self, error, NIM_END_ILLEGAL, "%s", local->message);
    if (!nim_board_check_move (board, &player->rules, move, &local))
      return forfeit (self, error, NIM_END_ILLEGAL, _ ("%s: %s"), word,
                      local->message);
  }
  self->last = *board;
  nim_board_make_move (&self->last, move);
  nim_notation_append_move (self->moves, move);
  g_string_append_c (self->moves, ' ');
  self->moved = TRUE;
  return TRUE;
}

static void
engine_init (NimPlayer *player)
{
  EnginePlayer *self = (EnginePlayer *) player;

  /* Not given: go_command () sends the default time.  time=0 is no
     limit. */
  self->parent.config.time = -1;
  self->moves = g_string_new (NULL);
  self->position = g_string_new (NULL);
  self->words = g_ptr_array_new ();
  self->outbox = g_string_new (NULL);
  self->pv = g_string_new (NULL);
  self->score = g_string_new (NULL);
  self->option_names = g_ptr_array_new_with_free_func (g_free);
  self->option_defaults = g_ptr_array_new_with_free_func (g_free);
}

static void
engine_finalize (NimPlayer *player)
{
  EnginePlayer *self = (EnginePlayer *) player;

  if (self->process != NULL && !self->broken)
    nim_engine_process_send (self->process, "quit", NULL);
  g_clear_pointer (&self->process, nim_engine_process_free);
  g_free (self->told_take);
  g_ptr_array_free (self->option_names, TRUE);
  g_ptr_array_free (self->option_defaults, TRUE);
  g_string_free (self->outbox, TRUE);
  g_string_free (self->pv, TRUE);
  g_string_free (self->score, TRUE);
  g_free (self->id_name);
  g_free (self->id_author);
  g_string_free (self->moves, TRUE);
  g_string_free (self->position, TRUE);
  g_ptr_array_free (self->words, TRUE);
  g_free (self->fen);
}

/* --explain: what the engine's info lines said of the move, its pv
   above all; nim cannot say why an engine moved, only report it. */
static void
engine_explain_move (NimPlayer *player, const NimBoard *board,
                     const NimMove *move)
{
  EnginePlayer *self = (EnginePlayer *) player;
  g_autoptr (GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;

  (void) board;
  (void) move;
  if (self->info & INFO_DEPTH)
    /* TRANSLATORS: one item of "The engine reported: ..." */
    g_ptr_array_add (said,
                     g_strdup_printf (_ ("depth %u"), player->stats.depth));
  if (self->info & INFO_NODES)
    g_ptr_array_add (
        said, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%llu node",
                                            "%llu nodes", player->stats.nodes),
                               (unsigned long long) player->stats.nodes));
  if (self->info & INFO_SCORE)
    /* TRANSLATORS: one item of "The engine reported: ..."; %s is the
       score as the protocol writes it, "cp 1000" or "mate 3" */
    g_ptr_array_add (said, g_strdup_printf (_ ("score %s"), self->score->str));
  g_ptr_array_add (said, NULL);
  list = g_strjoinv (C_ ("list", ", "), (char **) said->pdata);
  if (said->len == 1 && self->pv->len == 0)
    nim_explain_wrap (player->explain,
                      _ ("The engine reported nothing of its search (no "
                         "info line with depth, nodes, score or pv)."));
  else if (said->len > 1)
    nim_explain_wrap_printf (player->explain, _ ("The engine reported: %s."),
                             list);
  if (self->pv->len > 0)
    nim_explain_wrap_printf (
        player->explain, _ ("Principal variation, as the engine gave it: %s."),
        self->pv->str);
}

static const NimPlayerOption engine_options[] = {
  NIM_SEARCH_BUDGET_OPTIONS,
  { NULL },
};

/* What every engine's class starts from. */
static const NimPlayerClass engine_template = {
  .rules_help = N_ ("the rules it accepts (nim sends them; it must keep "
                    "them)"),
  .instance_size = sizeof (EnginePlayer),
  .kind = NIM_PLAYER_ENGINE,
  .options = engine_options,
  .init = engine_init,
  .start = engine_start,
  .ready = engine_ready,
  .choose_move = engine_choose_move,
  .finalize = engine_finalize,
  .explain_move = engine_explain_move,
};

/**
 * nim_player_engine_declare:
 * @config: the engine
 * @error: return location for a #NIM_ERROR_USAGE error: a name that is
 *   not a word or is taken, a command that does not parse, an option
 *   that is not KEY=VALUE
 *
 * Declares an external engine as a player class named @config->name,
 * which from then on plays wherever a player spec is accepted, with the
 * options depth=, time= and nodes= of the searchers.  Nothing is started
 * until a game starts.
 *
 * Returns: %TRUE if the engine was declared
 */
gboolean
nim_player_engine_declare (const NimEngineConfig *config, GError **error)
{
  Engine *e;
  g_auto (GStrv) argv = NULL;
  const char *p;
  guint i;

  g_return_val_if_fail (config != NULL && config->name != NULL
                            && config->command != NULL,
                        FALSE);

  for (p = config->name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_' && *p != '.')
      break;
  if (config->name[0] == '\0' || *p != '\0')
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("engine name '%s': use letters, digits, '-', '_' and "
                      "'.'"),
                   config->name);
      return FALSE;
    }
  if (!g_shell_parse_argv (config->command, NULL, &argv, NULL))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("engine %s: \"%s\" is not a command line (mind the "
                      "quotes)"),
                   config->name, config->command);
      return FALSE;
    }
  for (i = 0; config->options != NULL && config->options[i] != NULL; i++)
    {
      const char *eq = strchr (config->options[i], '=');

      if (eq == NULL || eq == config->options[i] || strchr (eq, '\n'))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("engine %s: option \"%s\" is not KEY=VALUE"),
                       config->name, config->options[i]);
          return FALSE;
        }
    }
  e = g_new0 (Engine, 1);
  e->klass = engine_template;
  e->name = g_strdup (config->name);
  e->summary = g_strdup_printf (_ ("external engine: %s"), config->command);
  e->command = g_strdup (config->command);
  e->directory = g_strdup (config->directory);
  e->options = g_strdupv ((char **) config->options);
  e->log_dir = g_strdup (config->log_dir);
  e->startup_timeout = config->startup_timeout > 0
                           ? config->startup_timeout
                           : NIM_ENGINE_DEFAULT_STARTUP_TIMEOUT;
  e->margin
      = config->time_margin >= 0 ? config->time_margin : NIM_ENGINE_MARGIN;
  e->klass.name = e->name;
  e->klass.summary = e->summary;
  e->klass.class_data = e;
  if (!nim_player_declare_class (&e->klass, error))
    {
      g_free (e->name);
      g_free (e->summary);
      g_free (e->command);
      g_free (e->directory);
      g_strfreev (e->options);
      g_free (e->log_dir);
      g_free (e);
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_player_class_is_engine:
 * @klass: a player class
 *
 * Returns: %TRUE if @klass is an external engine
 */
gboolean
nim_player_class_is_engine (const NimPlayerClass *klass)
{
  return klass->kind == NIM_PLAYER_ENGINE;
}

/**
 * nim_player_engine_time_margin:
 * @player: a player
 *
 * How long after its time (its movetime, or what its clock has left) an
 * engine's move may come before it is lost on time: what two pipes and
 * the scheduler add, as declared (#NimEngineConfig).
 *
 * Returns: microseconds, or -1 for a player that is not an engine
 */
gint64
nim_player_engine_time_margin (const NimPlayer *player)
{
  if (!nim_player_class_is_engine (player->klass))
    return -1;
  return engine_of (player)->margin;
}

/**
 * nim_player_engine_identify:
 * @klass: an engine's class (nim_player_class_is_engine())
 * @id_name: (out) (transfer full) (nullable): what it calls itself in
 *   `id name`, or %NULL
 * @id_author: (out) (transfer full) (nullable): its `id author`, or %NULL
 * @error: return location for a #NIM_FORFEIT_ERROR when it does not
 *   start
 *
 * Starts the engine, shakes hands and stops it: what `--list-players`
 * shows of it.
 *
 * Returns: %TRUE if the engine answered
 */
gboolean
nim_player_engine_identify (const NimPlayerClass *klass, char **id_name,
                            char **id_author, GError **error)
{
  g_autoptr (NimPlayer) player = NULL;
  EnginePlayer *self;

  g_return_val_if_fail (nim_player_class_is_engine (klass), FALSE);

  player = nim_player_new (klass->name, error);
  if (player == NULL)
    return FALSE;
  self = (EnginePlayer *) player;
  if (!launch (self, error))
    return FALSE;
  *id_name = g_steal_pointer (&self->id_name);
  *id_author = g_steal_pointer (&self->id_author);
  return TRUE;
}

/**
 * nim_player_engine_watch_info:
 * @player: an engine's player (nim_player_class_is_engine ())
 * @func: (nullable): called with each `info` line the engine writes, in
 *   order, before nim reads it; %NULL to stop watching
 * @data: passed to @func
 *
 * Lets a caller see what the engine says while it searches, such as the
 * `info string` lines nim itself skips.  A @func that returns %FALSE with
 * its error set (too much of something, say) fails the move: the engine
 * forfeits with a %NIM_END_PROTOCOL whose message is the error's, and is
 * stopped.
 */
void
nim_player_engine_watch_info (NimPlayer *player, NimEngineInfoFunc func,
                              gpointer data)
{
  EnginePlayer *self = (EnginePlayer *) player;

  g_return_if_fail (nim_player_class_is_engine (player->klass));

  self->info_func = func;
  self->info_data = data;
}

/**
 * nim_player_engine_set_move_limit:
 * @player: an engine's player (nim_player_class_is_engine ())
 * @limit: microseconds, or 0 for no limit beyond the go's own
 *
 * The longest any move of the engine may take, from when it has its
 * `go`, whatever the go says: also a `go depth N` or a bare `go`, which
 * set none (a grader gives every search the same time).  A move later
 * than that is lost on time (%NIM_END_TIME).
 */
void
nim_player_engine_set_move_limit (NimPlayer *player, gint64 limit)
{
  EnginePlayer *self = (EnginePlayer *) player;

  g_return_if_fail (nim_player_class_is_engine (player->klass));
  g_return_if_fail (limit >= 0);

  self->move_limit = limit;
}

/**
 * nim_player_engine_timed_out:
 * @player: an engine's player (nim_player_class_is_engine ())
 *
 * Whether the engine's last failure was a deadline that passed: of its
 * move, or of its start (which forfeits as %NIM_END_STARTUP whether the
 * engine was late or died).
 *
 * Returns: %TRUE if the engine did not answer in time
 */
gboolean
nim_player_engine_timed_out (const NimPlayer *player)
{
  g_return_val_if_fail (nim_player_class_is_engine (player->klass), FALSE);

  return ((const EnginePlayer *) player)->timed_out;
}
