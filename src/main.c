/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c -- the nim program; src/nim-cli.c runs the mode asked for */

#include "config.h"

#include "nim-cli.h"

int
main (int argc, char **argv)
{
  return nim_cli_run (argc, argv);
}
