/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-max-take.c -- libFuzzer target for nim_rules_parse_max_take (-k K) */

#include "config.h"

#include "fuzz.h"

#include "nim-rules.h"
#include "nim-error.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = fuzz_strndup (data, size);
  g_autoptr (GError) error = NULL;
  g_autofree char *printed = NULL;
  NimRules rules, before;

  nim_rules_init (&rules);
  before = rules;
  if (!nim_rules_parse_max_take (&rules, text, "--max-take", &error))
    {
      fuzz_check (g_error_matches (error, NIM_ERROR, NIM_ERROR_USAGE));
      /* A refused argument leaves the rules as they were. */
      fuzz_check (nim_rules_equal (&rules, &before));
      return 0;
    }
  fuzz_check (error == NULL);

  /* A range rule from 1 to K, K within what the option documents. */
  fuzz_check (rules.family->shape == NIM_MOVES_RANGE);
  fuzz_check (rules.max_take >= 1 && rules.max_take <= NIM_MAX_TAKE_MAX);
  fuzz_check (nim_rules_min_take (&rules) == 1);
  fuzz_check (nim_rules_allows (&rules, rules.max_take));
  fuzz_check (!nim_rules_allows (&rules, rules.max_take + 1));
  fuzz_check (!nim_rules_allows (&rules, 0));

  /* K printed reads back as the same rule. */
  printed = g_strdup_printf ("%u", rules.max_take);
  nim_rules_init (&before);
  fuzz_check (nim_rules_parse_max_take (&before, printed, "--max-take", NULL));
  fuzz_check (nim_rules_equal (&rules, &before));
  g_free (nim_rules_describe (&rules));
  return 0;
}
