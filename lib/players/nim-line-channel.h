/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-line-channel.h -- lines read from a pipe: a deadline on every read,
   a bound on every line, a look before sleeping */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * NimLineStatus:
 * @NIM_LINE_OK: a whole line (or the last one, without a line end, at the
 *   end of the input)
 * @NIM_LINE_CUT: a line longer than the channel's limit: its first bytes,
 *   as many as the limit; the rest is thrown away as it comes
 * @NIM_LINE_TIMEOUT: the deadline passed first; what came of a line is
 *   kept for the next read
 * @NIM_LINE_END: the end of the input, or the watched process ended
 *   (nim_line_channel_watch()), and nothing more is left to read
 * @NIM_LINE_FAILED: the read failed; nim_line_channel_get_errno() says
 *   why
 *
 * What nim_line_channel_read() found.
 */
typedef enum
{
  NIM_LINE_OK,
  NIM_LINE_CUT,
  NIM_LINE_TIMEOUT,
  NIM_LINE_END,
  NIM_LINE_FAILED,
} NimLineStatus;

typedef struct _NimLineChannel NimLineChannel;

NimLineChannel *nim_line_channel_new (int fd, gsize max_line);
void nim_line_channel_watch (NimLineChannel *channel, int fd);
gboolean nim_line_channel_take (NimLineChannel *channel, GString *line,
                                NimLineStatus *status);
NimLineStatus nim_line_channel_read (NimLineChannel *channel, gint64 deadline,
                                     GString *line);
int nim_line_channel_get_errno (const NimLineChannel *channel);
void nim_line_channel_free (NimLineChannel *channel);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimLineChannel, nim_line_channel_free)

G_END_DECLS
