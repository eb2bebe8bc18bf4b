/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-interrupt.h -- the flag a first Ctrl-C sets, which searches, games
   and runs read to wind down */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void nim_interrupt_request (void);
void nim_interrupt_clear (void);
gboolean nim_interrupted (void);

G_END_DECLS
