/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run-options.c -- the options of comparison runs that say how a
   run is driven: --sprt */

#include "config.h"

#include "nim-cli-private.h"

#include "nim-i18n.h"
#include "nim-util.h"

#include <string.h>

/**
 * nim_cli_parse_sprt:
 * @text: the value of --sprt, elo0=A,elo1=B[,alpha=X][,beta=Y][,model=M]
 * @sprt: (out): the test
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Returns: %TRUE on success
 */
gboolean
nim_cli_parse_sprt (const char *text, NimSprt *sprt, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  gboolean have0 = FALSE, have1 = FALSE;
  guint i;

  sprt->elo0 = 0;
  sprt->elo1 = 0;
  sprt->alpha = 0.05;
  sprt->beta = 0.05;
  sprt->model = NIM_SPRT_LOGISTIC;
  for (i = 0; parts[i] != NULL; i++)
    {
      const char *eq = strchr (parts[i], '=');
      g_autofree char *key
          = eq ? g_strndup (parts[i], (gsize) (eq - parts[i])) : NULL;
      const char *value = eq ? eq + 1 : NULL;
      g_autofree char *what = NULL;
      double *target = NULL;

      if (key == NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--sprt: '%s' is not KEY=VALUE; give "
                          "elo0=A,elo1=B and optionally alpha=, beta= and "
                          "model=logistic or model=normalized"),
                       parts[i]);
          return FALSE;
        }
      what = g_strconcat ("--sprt ", key, NULL);
      if (g_str_equal (key, "model"))
        {
          if (g_str_equal (value, "logistic"))
            sprt->model = NIM_SPRT_LOGISTIC;
          else if (g_str_equal (value, "normalized"))
            sprt->model = NIM_SPRT_NORMALIZED;
          else
            {
              g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                           _ ("--sprt model: '%s' is not a model; give "
                              "logistic or normalized"),
                           value);
              return FALSE;
            }
          continue;
        }
      if (g_str_equal (key, "elo0"))
        target = &sprt->elo0, have0 = TRUE;
      else if (g_str_equal (key, "elo1"))
        target = &sprt->elo1, have1 = TRUE;
      else if (g_str_equal (key, "alpha"))
        target = &sprt->alpha;
      else if (g_str_equal (key, "beta"))
        target = &sprt->beta;
      else
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--sprt: unknown key '%s'; the keys are elo0, "
                          "elo1, alpha, beta and model"),
                       key);
          return FALSE;
        }
      if (!nim_parse_double (value, -2000, 2000, what, target, error))
        return FALSE;
    }
  if (!have0 || !have1)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--sprt: give both elo0= and elo1=, such as --sprt "
                      "elo0=0,elo1=10"));
      return FALSE;
    }
  if (!nim_sprt_check (sprt, error))
    {
      g_prefix_error (error, "--sprt: ");
      return FALSE;
    }
  return TRUE;
}
