/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-help.h -- what nim says about itself: the end of --help, --version
   and --list-players */
#pragma once

#include <glib.h>
#include <stdio.h>

G_BEGIN_DECLS

void nim_help_print_version (void);
void nim_help_print_players (FILE *out);
char *nim_help_description (void);

G_END_DECLS
