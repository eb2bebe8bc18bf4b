/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-cli.h -- the nim command, which main() runs */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

int nim_cli_run (int argc, char **argv);

G_END_DECLS
