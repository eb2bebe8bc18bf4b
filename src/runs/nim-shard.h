/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-shard.h -- --shard auto: the shard a job scheduler's array task
   plays, from the variables the scheduler sets */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean nim_shard_from_environment (guint given_n, const char *const *envp,
                                     guint *k, guint *n, GError **error);
gboolean nim_shard_resolve (const char *text, const char *const *envp,
                            char **resolved, GError **error);

G_END_DECLS
