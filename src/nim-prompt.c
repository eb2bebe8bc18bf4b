/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-prompt.c -- questions on the terminal, and Ctrl-C while they wait
 *
 * The library never reads a terminal: a person player asks the program
 * for each line through a #NimPromptFunc, and nim_prompt_ask() is the
 * program's, on standard input and output.  The set-up dialogue asks
 * with nim_prompt() too.  Ctrl-C (and SIGTERM, SIGHUP) is caught here
 * and handed to the library as nim_interrupt_request(), which the
 * search, the game and the comparison run look at. */

#include "config.h"

#include "nim-prompt.h"

#include "nim-i18n.h"
#include "nim-error.h"
#include "nim-interrupt.h"
#include "nim-strings.h"

#include <stdio.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* Ctrl-C, and the signals that ask a program to end the same way: a job
   scheduler's SIGTERM, a terminal's SIGHUP.  The handler only sets the
   library's flag (see nim_interrupted()): the prompt, the search and the
   comparison run look at it and wind down, so that a game's record is
   printed, a results file is complete, the external engines are stopped
   as at the end of any game, and the terminal is left as it was.  The
   handler is installed without SA_RESTART, so a read waiting at the
   prompt returns at once, and with SA_RESETHAND, so a second signal ends
   the process the usual way.  The first signal is kept: the exit status
   says which it was (nim_interrupt_status()). */
static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
static struct sigaction saved_actions[G_N_ELEMENTS (stop_signals)];
static gboolean catching;
static volatile sig_atomic_t stop_signal;

static void
on_interrupt (int signum)
{
  if (stop_signal == 0)
    stop_signal = signum;
  nim_interrupt_request ();
}

/**
 * nim_interrupt_catch:
 *
 * From now on a first SIGINT, SIGTERM or SIGHUP only sets the flag
 * nim_interrupted() reads (an earlier one is forgotten).
 */
void
nim_interrupt_catch (void)
{
  struct sigaction action;
  guint i;

  memset (&action, 0, sizeof action);
  action.sa_handler = on_interrupt;
  action.sa_flags = SA_RESETHAND;
  sigemptyset (&action.sa_mask);
  nim_interrupt_clear ();
  stop_signal = 0;
  for (i = 0; i < G_N_ELEMENTS (stop_signals); i++)
    sigaction (stop_signals[i], &action, &saved_actions[i]);
  catching = TRUE;
}

/**
 * nim_interrupt_release:
 *
 * Puts back what SIGINT, SIGTERM and SIGHUP did before
 * nim_interrupt_catch().
 */
void
nim_interrupt_release (void)
{
  guint i;

  if (catching)
    for (i = 0; i < G_N_ELEMENTS (stop_signals); i++)
      sigaction (stop_signals[i], &saved_actions[i], NULL);
  catching = FALSE;
}

/**
 * nim_interrupt_status:
 *
 * The exit status of a program that a signal stopped, as a shell reports
 * one that the signal killed: 128 plus its number.
 *
 * Returns: 130 after Ctrl-C (SIGINT), 143 after SIGTERM, 129 after
 *   SIGHUP: the first that nim_interrupt_catch() caught, SIGINT's when
 *   none was
 */
int
nim_interrupt_status (void)
{
  return 128 + (stop_signal != 0 ? (int) stop_signal : SIGINT);
}

/* Does nothing: see nim_signals_init(). */
static void
on_file_size (int signum)
{
  (void) signum;
}

/**
 * nim_signals_init:
 *
 * Makes SIGXFSZ harmless for the whole program: a write beyond the file
 * size limit (ulimit -f) then fails with EFBIG, which each writer
 * reports as it does a full disk (a results file loses no more than the
 * record being written, and the run says so), rather than killing nim
 * in the middle of a record.  The signal is caught by a handler that
 * does nothing rather than ignored: an ignored signal would stay ignored
 * in the engines nim starts.
 */
void
nim_signals_init (void)
{
  struct sigaction action;

  memset (&action, 0, sizeof action);
  action.sa_handler = on_file_size;
  action.sa_flags = SA_RESTART;
  sigemptyset (&action.sa_mask);
  sigaction (SIGXFSZ, &action, NULL);
}

/* Does nothing: see nim_signals_survive_pipe(). */
static void
on_pipe (int signum)
{
  (void) signum;
}

/**
 * nim_signals_survive_pipe:
 *
 * From now on a write to a pipe whose reader is gone fails with EPIPE
 * rather than killing nim: what a comparison run needs, whose games are
 * in its results file and whose summary comes last, when the reader of
 * its output (`nim --games ... | tee log`) died of the same Ctrl-C that
 * stops the run.  nim then stops its engines, says how many games
 * finished, and reports the write error as it exits (nim_cli_run()),
 * instead of dying in the middle of its summary.  Caught by a handler
 * that does nothing, not ignored, as SIGXFSZ is (see
 * nim_signals_init()).
 */
void
nim_signals_survive_pipe (void)
{
  struct sigaction action;

  memset (&action, 0, sizeof action);
  action.sa_handler = on_pipe;
  action.sa_flags = SA_RESTART;
  sigemptyset (&action.sa_mask);
  sigaction (SIGPIPE, &action, NULL);
}

/* The longest line kept, in bytes: far more than any answer. */
#define LINE_MAX_BYTES 4096
/* How much more of an over-long line is thrown away looking for its end:
   any line a person or a script types ends long before, and endless
   input without a line end (/dev/zero) is given up on rather than read
   for ever. */
#define DISCARD_MAX_BYTES (G_GUINT64_CONSTANT (64) << 20)

/* What was read past the end of an over-long line while it was thrown
   away in blocks: the start of the next lines, given out first. */
static struct
{
  int fd;
  gsize start, end;
  char data[64 * 1024];
} ahead = { -1, 0, 0, { 0 } };

/* Waits until @fd has something to read: FALSE at once when Ctrl-C was
   pressed or the wait failed.  Waiting in poll with a timeout sees the
   Ctrl-C flag whether or not the signal interrupts the call (under
   AddressSanitizer, or with another thread, it may not). */
static gboolean
wait_readable (int fd)
{
  for (;;)
    {
      struct pollfd p = { fd, POLLIN, 0 };
      int r;

      if (nim_interrupted ())
        return FALSE;
      r = poll (&p, 1, 100);
      if (r < 0 && errno != EINTR)
        return FALSE;
      if (r > 0)
        return TRUE;
    }
}

/* Reads at most @size bytes of @fd into @buf once there are some: the
   count, 0 at the end of the input, -1 on an error or after Ctrl-C. */
static gssize
read_some (int fd, void *buf, gsize size)
{
  while (wait_readable (fd))
    {
      gssize n = read (fd, buf, size);

      if (n >= 0)
        return n;
      if (errno != EINTR && errno != EAGAIN)
        return -1;
    }
  return -1;
}

/* One byte of @in, or EOF at its end or once Ctrl-C was pressed.  A
   stream with a file descriptor is read byte by byte with read(2), after
   poll(2) says there is something: reading no further than the line
   keeps nothing in a stdio buffer that the next poll would not see.
   What skip_line() read past a line's end is given out first.  Streams
   in memory (tests, fuzzing) use getc(). */
static int
read_byte (FILE *in)
{
  int fd = fileno (in);
  unsigned char byte;

  if (fd < 0)
    return nim_interrupted () ? EOF : getc (in);
  if (ahead.fd == fd && ahead.start < ahead.end)
    return nim_interrupted () ? EOF
                              : (unsigned char) ahead.data[ahead.start++];
  return read_some (fd, &byte, 1) == 1 ? byte : EOF;
}

/* Throws away the rest of an over-long line, to its end, in blocks;
   *@skipped counts the bytes.  Returns FALSE when the input ended (or
   Ctrl-C was pressed) first, or no line end came within
   DISCARD_MAX_BYTES. */
static gboolean
skip_line (FILE *in, guint64 *skipped)
{
  int fd = fileno (in);

  while (*skipped <= DISCARD_MAX_BYTES)
    {
      const char *nl;
      gssize n;

      if (fd < 0)
        {
          int c = nim_interrupted () ? EOF : getc (in);

          if (c == EOF || c == '\n')
            return c == '\n';
          ++*skipped;
          continue;
        }
      if (ahead.fd != fd || ahead.start == ahead.end)
        {
          n = read_some (fd, ahead.data, sizeof ahead.data);
          if (n <= 0)
            return FALSE;
          ahead.fd = fd;
          ahead.start = 0;
          ahead.end = (gsize) n;
        }
      nl = memchr (ahead.data + ahead.start, '\n', ahead.end - ahead.start);
      if (nl != NULL)
        {
          *skipped += (guint64) (nl - (ahead.data + ahead.start));
          ahead.start = (gsize) (nl - ahead.data) + 1;
          return TRUE;
        }
      *skipped += ahead.end - ahead.start;
      ahead.start = ahead.end;
    }
  return FALSE;
}

/* Reads one line of @in, without its line end (a "\r\n" from a Windows
   terminal is trimmed too): NULL at end of input or when Ctrl-C was
   pressed (@error not set), or with a NIM_ERROR_USAGE error when the line
   was longer than 4096 bytes (the rest of it was read and thrown away),
   NIM_ERROR_ABANDONED when no line end came within 64 MiB after that. */
static char *
read_line (FILE *in, GError **error)
{
  GString *line = g_string_sized_new (64);
  guint64 skipped = 0;
  int c;

  for (;;)
    {
      c = read_byte (in);
      if (c == EOF || c == '\n')
        break;
      if (line->len == LINE_MAX_BYTES)
        break;
      /* A NUL would cut the line short unseen: make it a character the
         parsers refuse. */
      g_string_append_c (line, c == '\0' ? '?' : (char) c);
    }
  if (line->len == LINE_MAX_BYTES && c != EOF && c != '\n')
    {
      /* Too long: the rest goes, and the question is asked again. */
      gboolean ended = skip_line (in, &skipped);

      g_string_free (line, TRUE);
      if (nim_interrupted () || (!ended && skipped <= DISCARD_MAX_BYTES))
        return NULL;
      if (!ended)
        g_set_error (error, NIM_ERROR, NIM_ERROR_ABANDONED,
                     _ ("a line of more than %s did not end"), "64 MiB");
      else
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     _ ("The line was too long (more than %u bytes) and was "
                        "ignored; type it again."),
                     (guint) LINE_MAX_BYTES);
      return NULL;
    }
  if (nim_interrupted () || (c == EOF && line->len == 0))
    {
      g_string_free (line, TRUE);
      return NULL;
    }
  if (line->len > 0 && line->str[line->len - 1] == '\r')
    g_string_truncate (line, line->len - 1);
  return g_string_free (line, FALSE);
}

/* Asks once and reads one answer, without surrounding blanks; %NULL
   with @error set at the end of the input or after Ctrl-C. */
static char *
ask_line (FILE *in, FILE *out, const char *prompt, GError **error)
{
  g_autoptr (GError) local = NULL;
  char *line;

  fprintf (out, "%s", prompt);
  fflush (out);
  /* An over-long line is thrown away with a word, and asked for again. */
  while ((line = read_line (in, &local)) == NULL
         && g_error_matches (local, NIM_ERROR, NIM_ERROR_USAGE))
    {
      fprintf (out, "\n%s\n%s", local->message, prompt);
      fflush (out);
      g_clear_error (&local);
    }
  if (line == NULL && local != NULL)
    {
      fprintf (out, "\n");
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  if (line == NULL && nim_interrupted ())
    {
      fprintf (out, "\n");
      g_set_error (error, NIM_ERROR, NIM_ERROR_INTERRUPTED, _ ("interrupted"));
      return NULL;
    }
  if (line == NULL)
    {
      fprintf (out, "\n");
      g_set_error (error, NIM_ERROR, NIM_ERROR_ABANDONED, _ ("end of input"));
      return NULL;
    }
  /* Bytes that are not UTF-8 become U+FFFD, so that the echo and the
     messages quoting the line are text. */
  if (!g_utf8_validate (line, -1, NULL))
    {
      char *valid = g_utf8_make_valid (line, -1);

      g_free (line);
      line = valid;
    }
  if (!isatty (fileno (in)))
    {
      /* Escaped: a control sequence in the input must not reach the
         terminal raw (it could set the title, or worse). */
      g_autofree char *shown = nim_text_escape (line, 0);

      fprintf (out, "%s\n", shown);
    }
  return g_strstrip (line);
}

/* Whether @answer (without surrounding blanks) asks to leave: `q`,
   `quit` or `exit`, in any case, as every prompt of nim takes them. */
static gboolean
is_quit (const char *answer)
{
  return g_ascii_strcasecmp (answer, "q") == 0
         || g_ascii_strcasecmp (answer, "quit") == 0
         || g_ascii_strcasecmp (answer, "exit") == 0;
}

/**
 * nim_prompt_is_help:
 * @answer: an answer, without surrounding blanks
 *
 * Returns: whether @answer asks for help: `help` (in any case) or `?`, as
 *   a person's move prompt takes them
 */
gboolean
nim_prompt_is_help (const char *answer)
{
  return g_ascii_strcasecmp (answer, "help") == 0 || g_str_equal (answer, "?");
}

/**
 * nim_prompt:
 * @in: where the answer is read
 * @out: where the prompt is written
 * @prompt: the question
 * @error: return location for a #NIM_ERROR_ABANDONED error, or
 *   #NIM_ERROR_INTERRUPTED after Ctrl-C
 *
 * Asks once and reads one answer, without surrounding blanks.  Typed
 * input echoes itself; input from a pipe or file is echoed after the
 * prompt, so that a transcript shows what was answered.
 *
 * Returns: (transfer full) (nullable): the answer, or %NULL, with @error
 *   set, at end of input or when the answer is `q`, `quit` or `exit`
 */
char *
nim_prompt (FILE *in, FILE *out, const char *prompt, GError **error)
{
  char *line = ask_line (in, out, prompt, error);

  if (line != NULL && is_quit (line))
    {
      /* TRANSLATORS: the reason a game ended: the player typed quit. */
      g_set_error (error, NIM_ERROR, NIM_ERROR_ABANDONED,
                   C_ ("reason", "quit"));
      g_free (line);
      return NULL;
    }
  return line;
}

/**
 * nim_prompt_ask:
 * @streams: a #NimPromptStreams
 * @message: (nullable): lines to show first, each ending in a newline
 * @prompt: the question
 * @error: return location for an error, as nim_prompt() sets it
 *
 * The #NimPromptFunc of the nim program: writes @message, then asks as
 * nim_prompt() does, but leaves `quit` to the player, for whom it is a
 * request to the game.  Give it to nim_player_set_prompt() with the
 * streams the person plays at; they must outlive the game.
 *
 * Returns: (transfer full) (nullable): the answer, or %NULL with @error
 *   set at the end of the input or after Ctrl-C
 */
char *
nim_prompt_ask (gpointer streams, const char *message, const char *prompt,
                GError **error)
{
  NimPromptStreams *s = streams;

  if (message != NULL)
    fputs (message, s->out);
  return ask_line (s->in, s->out, prompt, error);
}
