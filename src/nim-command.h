/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-command.h -- a command line read into the modes' declarations:
   parsed, checked, shown as --help and completed */
#pragma once

#include <glib.h>
#include <stdio.h>

#include "nim-mode.h"
#include "nim-shared.h"

G_BEGIN_DECLS

typedef struct _NimCommand NimCommand;

NimCommand *nim_command_new (const NimMode *const *modes,
                             const NimOptionSet *const *sets,
                             const char *description);
void nim_command_free (NimCommand *command);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimCommand, nim_command_free)

gboolean nim_command_parse (NimCommand *command, char **argv, GError **error);
char **nim_command_get_arguments (NimCommand *command);
gboolean nim_command_wants_help (const NimCommand *command);
gboolean nim_command_wants_version (const NimCommand *command);
char *nim_command_help (NimCommand *command);
NimShared *nim_command_get_shared (NimCommand *command);
gboolean nim_command_takes_arguments (const NimCommand *command);
gboolean nim_command_check (NimCommand *command, GError **error);
int nim_command_run (NimCommand *command);

void nim_command_complete (NimCommand *command, char **words, FILE *out);

void nim_command_set_conflict (GError **error, const char *what,
                               const char *other);
gboolean nim_mode_takes (const NimMode *mode, const NimOptionSet *set,
                         const NimOption *option);

G_END_DECLS
