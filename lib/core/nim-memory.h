/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-memory.h -- how much memory a table or a computation may take */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

guint64 nim_memory_available (void);

G_END_DECLS
