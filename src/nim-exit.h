/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-exit.h -- the exit statuses of nim, and an error reported as one */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exit statuses of the nim program, as documented in nim(1). */
enum
{
  NIM_EXIT_OK = 0,
  NIM_EXIT_FAILURE = 1,
  NIM_EXIT_USAGE = 2,
  NIM_EXIT_ABANDONED = 3,
  NIM_EXIT_INTERRUPTED = 130, /* 128 + SIGINT, as a shell reports it */
};

int nim_exit_status (const GError *error);
int nim_exit_fail (const GError *error, gboolean usage);

G_END_DECLS
