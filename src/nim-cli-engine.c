/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-cli-engine.c -- the options that declare external engines (--engine
   and its companions) and the clock of --tc */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "nim-cli-private.h"
#include "nim-i18n.h"
#include "nim-player-engine.h"
#include "nim-util.h"

/* Splits "NAME<sep>REST" of @option, refusing a text without @sep or
   with an empty NAME. */
static gboolean
split_named (const char *option, const char *text, char sep,
             const char *example, char **name, const char **rest,
             GError **error)
{
  const char *at = strchr (text, sep);

  if (at == NULL || at == text)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %1$s an option, %2$s what it was given,
                      %3$s an example of what it takes. */
                   _ ("%1$s %2$s: expected %3$s"), option, text, example);
      return FALSE;
    }
  *name = g_strndup (text, (gsize) (at - text));
  *rest = at + 1;
  return TRUE;
}

/* Whether @name is one of the --engine names. */
static gboolean
is_declared (const NimCliOptions *o, const char *name)
{
  guint i;

  for (i = 0; o->engines != NULL && o->engines[i] != NULL; i++)
    if (strncmp (o->engines[i], name, strlen (name)) == 0
        && o->engines[i][strlen (name)] == '=')
      return TRUE;
  return FALSE;
}

/**
 * nim_cli_check_log_dir:
 * @dir: the directory of --engine-log
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Makes @dir if it is missing and checks that nim can write files in it
 * (a file made and removed), so that a log that cannot be written is
 * refused before anything starts, as nim's own failure.
 *
 * Returns: %TRUE if the engines' logs can go to @dir
 */
gboolean
nim_cli_check_log_dir (const char *dir, GError **error)
{
  g_autofree char *probe = NULL;
  int fd, saved;

  if (*dir == '\0')
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--engine-log: the directory name is empty"));
      return FALSE;
    }
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      saved = errno;
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--engine-log %s: cannot make the directory: %s"), dir,
                   g_strerror (saved));
      return FALSE;
    }
  probe = g_build_filename (dir, ".nim-log-XXXXXX", NULL);
  fd = g_mkstemp (probe);
  if (fd < 0)
    {
      saved = errno;
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--engine-log %s: cannot write in the directory: %s"),
                   dir, g_strerror (saved));
      return FALSE;
    }
  close (fd);
  g_unlink (probe);
  return TRUE;
}

/**
 * nim_cli_declare_engines:
 * @o: the options
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Declares every --engine, with its --engine-dir, --engine-option,
 * --engine-log, --engine-startup-timeout and --timemargin, as a player.
 * Refuses the companions of an engine that was not declared, and a log
 * directory nim cannot write to: before the first game, not as a loss
 * of every engine.
 *
 * Returns: %TRUE if every engine was declared
 */
gboolean
nim_cli_declare_engines (const NimCliOptions *o, GError **error)
{
  double timeout = NIM_ENGINE_DEFAULT_STARTUP_TIMEOUT;
  guint64 margin = NIM_ENGINE_MARGIN / 1000;
  guint i, j;

  if (o->engines == NULL)
    {
      const char *stray
          = o->engine_dirs      ? "--engine-dir"
            : o->engine_options ? "--engine-option"
            /* --check-engine COMMAND logs too */
            : o->engine_log && o->check_engine == NULL ? "--engine-log"
            : o->engine_startup_timeout ? "--engine-startup-timeout"
            : o->timemargin             ? "--timemargin"
                                        : NULL;

      if (stray != NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s goes with --engine NAME=COMMAND"), stray);
          return FALSE;
        }
      return o->engine_log == NULL
             || nim_cli_check_log_dir (o->engine_log, error);
    }
  if (o->engine_startup_timeout != NULL
      && !nim_parse_double (o->engine_startup_timeout, 0.001, 3600,
                            "--engine-startup-timeout", &timeout, error))
    return FALSE;
  if (o->timemargin != NULL
      && !nim_parse_uint (o->timemargin, 0, 3600 * 1000, "--timemargin",
                          &margin, error))
    return FALSE;
  if (o->engine_log != NULL && !nim_cli_check_log_dir (o->engine_log, error))
    return FALSE;
  for (i = 0; o->engine_dirs != NULL && o->engine_dirs[i] != NULL; i++)
    {
      g_autofree char *name = NULL;
      const char *dir;

      if (!split_named ("--engine-dir", o->engine_dirs[i], '=', "NAME=DIR",
                        &name, &dir, error))
        return FALSE;
      if (!is_declared (o, name))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--engine-dir %s: no --engine is named %s"),
                       o->engine_dirs[i], name);
          return FALSE;
        }
      if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--engine-dir %s: %s is not a directory"),
                       o->engine_dirs[i], dir);
          return FALSE;
        }
    }
  for (i = 0; o->engine_options != NULL && o->engine_options[i] != NULL; i++)
    {
      g_autofree char *name = NULL;
      const char *pair;

      if (!split_named ("--engine-option", o->engine_options[i], ':',
                        "NAME:KEY=VALUE", &name, &pair, error))
        return FALSE;
      if (!is_declared (o, name))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--engine-option %s: no --engine is named %s"),
                       o->engine_options[i], name);
          return FALSE;
        }
    }

  for (i = 0; o->engines[i] != NULL; i++)
    {
      g_autofree char *name = NULL;
      g_autoptr (GPtrArray) options = g_ptr_array_new_with_free_func (g_free);
      NimEngineConfig config = { 0 };
      const char *command, *directory = NULL;

      if (!split_named ("--engine", o->engines[i], '=',
                        "NAME=COMMAND, such as mybot='python3 bot.py'", &name,
                        &command, error))
        return FALSE;
      if (*command == '\0')
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--engine %s: the command is empty"), o->engines[i]);
          return FALSE;
        }
      for (j = 0; o->engine_dirs != NULL && o->engine_dirs[j] != NULL; j++)
        if (g_str_has_prefix (o->engine_dirs[j], name)
            && o->engine_dirs[j][strlen (name)] == '=')
          directory = o->engine_dirs[j] + strlen (name) + 1;
      for (j = 0; o->engine_options != NULL && o->engine_options[j] != NULL;
           j++)
        if (g_str_has_prefix (o->engine_options[j], name)
            && o->engine_options[j][strlen (name)] == ':')
          g_ptr_array_add (
              options, g_strdup (o->engine_options[j] + strlen (name) + 1));
      g_ptr_array_add (options, NULL);
      config.name = name;
      config.command = command;
      config.directory = directory;
      config.options = (const char *const *) options->pdata;
      config.log_dir = o->engine_log;
      config.startup_timeout = timeout;
      config.time_margin = (gint64) margin * 1000;
      if (!nim_player_engine_declare (&config, error))
        {
          g_prefix_error (error, "--engine %s: ", o->engines[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * nim_cli_parse_tc:
 * @text: "SECONDS" or "SECONDS+INC", such as 10+0.1
 * @seconds: (out): what each player has for the game
 * @increment: (out): what it gains after each move
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Returns: %TRUE if @text is a clock
 */
gboolean
nim_cli_parse_tc (const char *text, double *seconds, double *increment,
                  GError **error)
{
  g_autofree char *base = g_strdup (text);
  char *plus = strchr (base, '+');

  *increment = 0;
  if (plus != NULL)
    *plus = '\0';
  if (!nim_parse_double (base, 0.001, 86400, "--tc", seconds, NULL)
      || (plus != NULL
          && !nim_parse_double (plus + 1, 0, 3600, "--tc", increment, NULL)))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--tc %s: expected SECONDS or SECONDS+INCREMENT, such "
                      "as 10 or 10+0.1 (SECONDS from 0.001 to 86400, "
                      "INCREMENT up to 3600)"),
                   text);
      return FALSE;
    }
  return TRUE;
}
