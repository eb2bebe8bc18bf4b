/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode.h -- what a mode of nim declares: its options, its
   configuration, its checks and its runner
 *
 * A mode is one file, src/modes/nim-mode-NAME.c, defining one #NimMode; the
 * dispatcher (nim-cli.c) lists them.  The options several modes take
 * (the rules, the players, the output, the clock, the external engines)
 * are declared once, in nim-shared.c, and parsed into one #NimShared; a
 * mode says which of them it takes.  From these declarations come the
 * parsing, --help, the refusal of an option the mode would ignore and
 * the bash completion (nim-command.c). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _NimShared NimShared;

/**
 * NimHelpGroup:
 *
 * The headings of --help, in the order it shows them.
 */
typedef enum
{
  NIM_HELP_RULES,
  NIM_HELP_PLAYERS,
  NIM_HELP_OUTPUT,
  NIM_HELP_ANALYSIS,
  NIM_HELP_RUNS,
  NIM_HELP_ENGINES,
  NIM_HELP_UGI,
  NIM_HELP_N,
} NimHelpGroup;

/**
 * NimOption:
 * @entry: the option as GOption declares it; its arg_data is the offset
 *   of the field its value goes to (NIM_OPTION_FIELD()), in #NimShared
 *   for a shared option, else in the mode's configuration: a `char *`
 *   for an option with a value (also an optional one, which is "" when
 *   given without it), a `char **` for a repeatable one, a #gboolean for
 *   a flag
 * @shared: for a shared option, its NIM_SHARED_* bit, which the modes
 *   that take it set in #NimMode.shared; 0 for a mode's own option, and
 *   for a shared one that every mode takes (--list-players)
 * @shown: (nullable): how "MODE cannot be combined with %s" names the
 *   option, with why it does not fit, such as "--jobs (it needs --games)"
 * @refusal: (nullable): the whole message that refuses the option in a
 *   mode that does not take it, said before the modes are checked
 *   against each other
 * @choices: (nullable) (array zero-terminated=1): the words the value
 *   may be, which the completion offers, for an option whose metavar does
 *   not list them (a list too long for --help's column)
 *
 * One option, as everything that reads options sees it.
 */
typedef struct
{
  GOptionEntry entry;
  guint64 shared;
  const char *shown;
  const char *refusal;
  const char *const *choices;
} NimOption;

/* The arg_data of a #NimOption: where in @type its value goes. */
#define NIM_OPTION_FIELD(type, member)                                        \
  GSIZE_TO_POINTER (G_STRUCT_OFFSET (type, member))

/**
 * NimOptionSet:
 * @group: the heading --help lists them under
 * @shared: they are options of #NimShared, not of a mode
 * @options: ended by an entry without a long name
 *
 * Options declared together.
 */
typedef struct
{
  NimHelpGroup group;
  gboolean shared;
  const NimOption *options;
} NimOptionSet;

/**
 * NimRefusal:
 * @option: a shared option the mode does not take, such as "--trace"
 * @message: (nullable): the whole message that refuses it
 * @shown: (nullable): or how "MODE cannot be combined with %s" names it
 *
 * A refusal in words of the mode's own.
 */
typedef struct
{
  const char *option;
  const char *message;
  const char *shown;
} NimRefusal;

/**
 * NimMode:
 * @name: the mode in messages: the option that selects it, such as
 *   "--games", or for the one mode that none selects, what it is
 *   ("one game", marked for translation)
 * @options: its own options, whose values go into its configuration;
 *   the first selects the mode (in every mode but the default one)
 * @shared: the shared options it takes, NIM_SHARED_* bits
 * @refusals: (nullable): shared options it refuses in words of its own,
 *   ended by an entry without an option
 * @arguments: it takes arguments after the options (--summarize's
 *   results files: #NimShared.arguments)
 * @config_size: the size of its configuration, zeroed before parsing
 * @check: (nullable): makes the configuration from what was given
 *   (after the shared options are checked and converted), or says what
 *   is wrong in @error
 * @run: runs the mode and reports its own errors
 * @clear: (nullable): frees what @check put in the configuration; the
 *   options' values are freed for it
 *
 * A mode of nim.  @run returns the exit status (nim-exit.h).
 */
typedef struct _NimMode NimMode;
struct _NimMode
{
  const char *name;
  NimOptionSet options;
  guint64 shared;
  const NimRefusal *refusals;
  gboolean arguments;
  gsize config_size;
  gboolean (*check) (gpointer config, NimShared *shared, GError **error);
  int (*run) (gpointer config, NimShared *shared);
  void (*clear) (gpointer config);
};

/* The modes, each defined in src/modes/nim-mode-NAME.c. */
extern const NimMode nim_mode_game;
extern const NimMode nim_mode_solve;
extern const NimMode nim_mode_grundy;
extern const NimMode nim_mode_compare;
extern const NimMode nim_mode_match;
extern const NimMode nim_mode_summarize;
extern const NimMode nim_mode_ugi;
extern const NimMode nim_mode_check_engine;
extern const NimMode nim_mode_grade;
extern const NimMode nim_mode_certificate;

G_END_DECLS
