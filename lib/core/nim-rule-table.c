/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-rule-table.c -- the rule table: a row for each rule family, and
 * what asks every row
 *
 * The table lists the rows that the family files define
 * (lib/core/nim-rules-NAME.c); nothing below it names a family.  Reading
 * rules (nim_rules_parse()) asks each row in turn, and the rules a game
 * starts with (nim_rules_init()) are a row's too. */

#include "config.h"

#include "nim-rules.h"

#include "nim-defaults.h"
#include "nim-i18n.h"
#include "nim-error.h"
#include "nim-strings.h"

#include <string.h>

/* The table: adding a family is one row here, naming the row that its
   file lib/core/nim-rules-NAME.c defines as nim_rules_NAME_family (see
   HACKING).  The order is the order rules are read in (nim_rules_parse())
   and tested in. */
#define NIM_RULE_FAMILY_REGISTRY(ROW)                                         \
  ROW (any)                                                                   \
  ROW (range)                                                                 \
  ROW (set)                                                                   \
  ROW (code)

#define DECLARE_FAMILY(name)                                                  \
  extern const NimRuleFamily nim_rules_##name##_family;
#define LIST_FAMILY(name) &nim_rules_##name##_family,
NIM_RULE_FAMILY_REGISTRY (DECLARE_FAMILY)

static const NimRuleFamily *const rule_families[] = {
  NIM_RULE_FAMILY_REGISTRY (LIST_FAMILY) NULL,
};

/**
 * nim_rule_families:
 *
 * Returns: (transfer none): every rule family, the rows of the rule table,
 *   %NULL-terminated
 */
const NimRuleFamily *const *
nim_rule_families (void)
{
  return rule_families;
}

/**
 * nim_rule_family_lookup:
 * @name: a family's name, such as "set"
 *
 * Returns: (nullable): the family of that name, or %NULL
 */
const NimRuleFamily *
nim_rule_family_lookup (const char *name)
{
  guint i;

  for (i = 0; rule_families[i] != NULL; i++)
    if (strcmp (rule_families[i]->name, name) == 0)
      return rule_families[i];
  return NULL;
}

/**
 * nim_rules_init:
 * @rules: (out): the rules to fill
 *
 * Sets @rules to the classic game: take any number from one heap, whoever
 * takes the last match wins.
 */
void
nim_rules_init (NimRules *rules)
{
  memset (rules, 0, sizeof *rules);
  nim_rules_set_take_any (rules);
}

/**
 * nim_rules_init_default:
 * @rules: (out): the rules to fill
 *
 * Sets @rules to the rules this nim was built with: take any number, or
 * the subtraction set given as `make MOVES=...` (as the course's
 * subtraction game builds its table).
 */
void
nim_rules_init_default (NimRules *rules)
{
  nim_rules_init (rules);
  if (nim_default_n_moves > 0)
    {
      guint64 counts[NIM_RULES_MAX_MOVES];
      guint i;
      gboolean ok;

      for (i = 0; i < nim_default_n_moves; i++)
        counts[i] = nim_default_moves[i];
      ok = nim_rules_set_moves (rules, counts, nim_default_n_moves, NULL);
      g_assert (ok); /* the generator validated MOVES */
    }
}

/**
 * nim_rules_parse:
 * @rules: the rules to change (misère play is left as it was)
 * @text: rules in the notation of their family: "any", "1-3",
 *   "2,7,15,16", "0.77"
 * @what: what @text was given as, named in front of each message
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Reads rules in any family's notation, as nim_rules_take_to_string()
 * and the protocol (nim_notation_rules()) write them; each family reads
 * its own (see #NimRuleFamily).
 *
 * Returns: %TRUE if some family reads @text and accepts it
 */
gboolean
nim_rules_parse (NimRules *rules, const char *text, const char *what,
                 GError **error)
{
  g_autoptr (GString) accepted = g_string_new (NULL);
  g_autofree char *shown = NULL;
  guint i, j;

  for (i = 0; rule_families[i] != NULL; i++)
    {
      const NimRuleFamily *f = rule_families[i];
      GError *local = NULL;

      if (f->parse == NULL)
        continue;
      if (f->parse (rules, text, what, &local))
        return TRUE;
      if (local != NULL)
        {
          g_propagate_error (error, local);
          return FALSE;
        }
    }
  /* No family reads it: the message shows how each writes rules. */
  for (i = 0; rule_families[i] != NULL; i++)
    for (j = 0; rule_families[i]->examples[j] != NULL; j++)
      g_string_append_printf (accepted, "%s%s", accepted->len ? "; " : "",
                              rule_families[i]->examples[j]);
  shown = nim_text_escape (text, 40);
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: %1$s names what was given, %2$s is what was
                  typed, %3$s a list of rules such as "any; 1-3; 0.77". */
               _ ("%1$s: '%2$s' is not a take rule; rules are written such "
                  "as %3$s"),
               what, shown, accepted->str);
  return FALSE;
}
