/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-line-channel.c -- lines read from a pipe: a deadline on every read,
   a bound on every line, a look before sleeping

   Both ends of nim's engine protocol read lines from a pipe: the referee
   the engine's answers (nim-engine-process.c), nim --ugi the referee's
   commands (src/nim-ugi.c).  A channel does it for either.  A read waits
   until its deadline and no longer, without a main loop (poll()).  A line
   longer than the channel's limit is handed over cut, marked so, and the
   rest of it is thrown away as it comes: no input makes a channel grow
   without bound, and the lines after a long one are read as they are.  A
   channel may watch a second descriptor, the engine's process (a pidfd),
   so that a read ends when the engine does, even when a child it left
   behind still holds the pipe open.

   A referee of short games waits for its engine thousands of times a
   second, a few tens of microseconds each time, and the engine for its
   referee as often: before a read sleeps in poll() it looks at the pipe a
   little while (NimLookout), giving way to any other thread that wants
   the processor, as long as the other end has answered that fast of late
   and may run on another processor.  The answer then finds the reader
   awake rather than a processor to wake, which can cost more than the
   answer took.

   The buffer keeps the bytes read and where the next line begins, so that
   taking a line from a batch of them moves nothing, and where the search
   for a line end stopped, so that a long line is searched once. */

#include "config.h"

#include "nim-line-channel.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "nim-lookout.h"

/* What one read() asks for. */
#define CHUNK 16384

struct _NimLineChannel
{
  int fd;
  int watch_fd; /* a descriptor whose readiness ends the reads, or -1 */
  gboolean nonblocking; /* @fd does not block: a look reads it at once */
  gsize max;            /* the longest line handed over whole */
  GString *buffer;      /* bytes read; the next line begins at @start */
  gsize start;
  gsize scanned;     /* bytes after @start already searched for a line end */
  gboolean skipping; /* the rest of a cut line is thrown away as it comes */
  gboolean end;      /* the input ended, or the watched process did */
  int error;         /* the errno of a failed read, else 0 */
  NimLookout lookout;
};

/**
 * nim_line_channel_new:
 * @fd: the descriptor to read from (not owned: the caller closes it)
 * @max_line: the longest line, in bytes without its line end, that a
 *   read hands over whole (see %NIM_LINE_CUT)
 *
 * Returns: (transfer full): a channel reading lines from @fd
 */
NimLineChannel *
nim_line_channel_new (int fd, gsize max_line)
{
  NimLineChannel *ch = g_new0 (NimLineChannel, 1);
  int flags = fcntl (fd, F_GETFL);

  ch->fd = fd;
  ch->watch_fd = -1;
  ch->nonblocking = flags >= 0 && (flags & O_NONBLOCK) != 0;
  ch->max = max_line;
  ch->buffer = g_string_new (NULL);
  nim_lookout_init (&ch->lookout);
  return ch;
}

/**
 * nim_line_channel_watch:
 * @channel: a channel
 * @fd: a descriptor that becomes readable when the writer of the pipe is
 *   gone, such as a pidfd of the process that writes it; -1 for none
 *
 * From then on a read that waits also ends when @fd becomes readable:
 * what the pipe holds then is read, and after it the reads say
 * %NIM_LINE_END, even while another process still holds the pipe open.
 */
void
nim_line_channel_watch (NimLineChannel *channel, int fd)
{
  channel->watch_fd = fd;
}

/* Takes the bytes up to @len after the line's start as the line, and
   moves the start past @skip more (its line end). */
static void
hand_over (NimLineChannel *ch, GString *line, gsize len, gsize skip)
{
  const char *begin = ch->buffer->str + ch->start;

  g_string_truncate (line, 0);
  g_string_append_len (line, begin, (gssize) len);
  ch->start += len + skip;
  ch->scanned = 0;
  if (ch->start == ch->buffer->len)
    {
      g_string_truncate (ch->buffer, 0);
      ch->start = 0;
    }
}

/**
 * nim_line_channel_take:
 * @channel: a channel
 * @line: where the line goes, without its line end ("\n" or "\r\n")
 * @status: (out): what was found, as nim_line_channel_read() says it
 *
 * A line that was read already, if there is one, without waiting: a
 * caller that has answers to send before it sleeps (nim --ugi) sends them
 * when this finds nothing, then reads.
 *
 * Returns: %TRUE if @status says something: a line, or the end
 */
gboolean
nim_line_channel_take (NimLineChannel *channel, GString *line,
                       NimLineStatus *status)
{
  NimLineChannel *ch = channel;
  const char *begin = ch->buffer->str + ch->start;
  gsize avail = ch->buffer->len - ch->start;
  const char *nl = memchr (begin + ch->scanned, '\n', avail - ch->scanned);
  gsize len;

  if (nl == NULL)
    {
      if (avail > ch->max)
        {
          /* No line end yet, and already too long: the rest of the line
             is thrown away as it comes. */
          hand_over (ch, line, ch->max, avail - ch->max);
          ch->skipping = TRUE;
          *status = NIM_LINE_CUT;
          return TRUE;
        }
      if (ch->end && avail > 0)
        {
          /* The last line, without a line end. */
          hand_over (ch, line, avail, 0);
          *status = NIM_LINE_OK;
          return TRUE;
        }
      if (ch->end)
        {
          *status = ch->error != 0 ? NIM_LINE_FAILED : NIM_LINE_END;
          return TRUE;
        }
      ch->scanned = avail;
      return FALSE;
    }
  len = (gsize) (nl - begin);
  if (len > ch->max)
    {
      hand_over (ch, line, ch->max, len + 1 - ch->max);
      *status = NIM_LINE_CUT;
      return TRUE;
    }
  hand_over (ch, line, len, 1);
  if (line->len > 0 && line->str[line->len - 1] == '\r')
    g_string_truncate (line, line->len - 1);
  *status = NIM_LINE_OK;
  return TRUE;
}

/* Reads once: 1 when bytes came (or were thrown away, the rest of a cut
   line), 0 at the end of the input, -1 when there was nothing to read
   (a descriptor that does not block), -2 when the read failed (errno in
   @ch->error). */
static int
fill (NimLineChannel *ch)
{
  char chunk[CHUNK];
  const char *from = chunk;
  gssize n;

  do
    n = read (ch->fd, chunk, sizeof chunk);
  while (n < 0 && errno == EINTR);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    return -1;
  if (n < 0)
    {
      ch->error = errno;
      return -2;
    }
  if (n == 0)
    return 0;
  if (ch->skipping)
    {
      const char *nl = memchr (chunk, '\n', (gsize) n);

      if (nl == NULL)
        return 1;
      ch->skipping = FALSE;
      n -= nl + 1 - chunk;
      from = nl + 1;
    }
  if (ch->start > 0)
    {
      /* What was taken goes; what was not moves to the front. */
      g_string_erase (ch->buffer, 0, (gssize) ch->start);
      ch->start = 0;
    }
  g_string_append_len (ch->buffer, from, n);
  return 1;
}

/* Whether @fd can be read without waiting. */
static gboolean
ready_now (int fd)
{
  GPollFD pfd = { fd, G_IO_IN | G_IO_HUP | G_IO_ERR, 0 };

  return g_poll (&pfd, 1, 0) > 0;
}

/* Reads what the pipe holds now, after the watched process ended. */
static void
drain (NimLineChannel *ch)
{
  while (!ch->end && ready_now (ch->fd))
    {
      int got = fill (ch);

      if (got == 0 || got == -2)
        break;
    }
  ch->end = TRUE;
}

/**
 * nim_line_channel_read:
 * @channel: a channel
 * @deadline: g_get_monotonic_time() by which the line must have come, or
 *   -1 to wait as long as it takes
 * @line: where the line goes, without its line end ("\n" or "\r\n");
 *   it may hold NUL bytes, which the caller judges
 *
 * Reads the next line, waiting for it until @deadline and no longer: a
 * line there already is taken even when @deadline has passed.
 *
 * Returns: what was found: %NIM_LINE_OK and %NIM_LINE_CUT with @line
 *   set, or %NIM_LINE_TIMEOUT, %NIM_LINE_END or %NIM_LINE_FAILED
 */
NimLineStatus
nim_line_channel_read (NimLineChannel *channel, gint64 deadline, GString *line)
{
  NimLineChannel *ch = channel;
  NimLineStatus status;
  gint64 start = -1, spin_end = 0;

  while (!nim_line_channel_take (ch, line, &status))
    {
      int got;

      if (start < 0)
        {
          /* Look for the line a while before sleeping only when the
             other end has answered fast of late: a slow one would only
             be watched in vain. */
          start = g_get_monotonic_time ();
          spin_end = nim_lookout_wanted (&ch->lookout)
                         ? start + NIM_LOOKOUT_MAX
                         : start;
        }
      if (g_get_monotonic_time () < spin_end)
        {
          got = ch->nonblocking || ready_now (ch->fd) ? fill (ch) : -1;
          if (got == -1)
            {
              /* Nothing yet: let any other thread that waits for this
                 processor (the other end, say) run first. */
              g_thread_yield ();
              continue;
            }
        }
      else
        {
          GPollFD pfd[2]
              = { { ch->fd, G_IO_IN | G_IO_HUP | G_IO_ERR, 0 },
                  { ch->watch_fd, G_IO_IN | G_IO_HUP | G_IO_ERR, 0 } };
          int timeout = -1, ready;

          if (deadline >= 0)
            {
              gint64 left = deadline - g_get_monotonic_time ();

              /* Round up, so that the poll never ends just before the
                 deadline and spins. */
              timeout
                  = left <= 0 ? 0 : (int) MIN ((left + 999) / 1000, G_MAXINT);
            }
          ready = g_poll (pfd, ch->watch_fd >= 0 ? 2 : 1, timeout);
          if (ready < 0 && errno == EINTR)
            continue;
          if (ready < 0)
            {
              ch->error = errno;
              ch->end = TRUE;
              continue;
            }
          if (ready == 0)
            {
              if (deadline >= 0 && g_get_monotonic_time () >= deadline)
                return NIM_LINE_TIMEOUT;
              continue;
            }
          if (pfd[0].revents == 0)
            {
              drain (ch);
              continue;
            }
          got = fill (ch);
          if (got == -1)
            continue;
        }
      if (got == 0 || got == -2)
        ch->end = TRUE;
    }
  if (start >= 0)
    nim_lookout_record (&ch->lookout, start);
  return status;
}

/**
 * nim_line_channel_get_errno:
 * @channel: a channel
 *
 * Returns: why the read that said %NIM_LINE_FAILED failed, an errno
 */
int
nim_line_channel_get_errno (const NimLineChannel *channel)
{
  return channel->error;
}

/**
 * nim_line_channel_free:
 * @channel: (nullable): a channel
 *
 * Frees the channel; its descriptors stay open.
 */
void
nim_line_channel_free (NimLineChannel *channel)
{
  if (channel == NULL)
    return;
  g_string_free (channel->buffer, TRUE);
  g_free (channel);
}
