/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-moves.c -- libFuzzer target for nim_rules_parse_moves (--moves
 * 2,7,15,16, "--moves", a subtraction set) */

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
  NimRules rules, again;
  guint i;

  nim_rules_init (&rules);
  if (!nim_rules_parse_moves (&rules, text, "--moves", &error))
    {
      fuzz_check (g_error_matches (error, NIM_ERROR, NIM_ERROR_USAGE));
      return 0;
    }
  fuzz_check (error == NULL);

  if (rules.family->shape == NIM_MOVES_SET)
    {
      /* 1 to NIM_RULES_MAX_MOVES counts, ascending, distinct, each >= 1,
         and max_take the largest; {1..K} would have become a range. */
      fuzz_check (rules.n_moves >= 1 && rules.n_moves <= NIM_RULES_MAX_MOVES);
      fuzz_check (rules.moves[0] >= 1);
      for (i = 1; i < rules.n_moves; i++)
        fuzz_check (rules.moves[i - 1] < rules.moves[i]);
      fuzz_check (rules.max_take == rules.moves[rules.n_moves - 1]);
      fuzz_check (rules.moves[rules.n_moves - 1] != rules.n_moves);
      for (i = 0; i < rules.n_moves; i++)
        fuzz_check (nim_rules_allows (&rules, rules.moves[i]));
      fuzz_check (nim_rules_min_take (&rules) == rules.moves[0]);

      /* The printed set is what --moves takes, and reads back the same. */
      printed = nim_rules_take_to_string (&rules);
      nim_rules_init (&again);
      fuzz_check (nim_rules_parse_moves (&again, printed, "--moves", NULL));
      fuzz_check (nim_rules_equal (&rules, &again));
    }
  else
    {
      /* Exactly {1, ..., K}: the range rule 1..K, the same game. */
      fuzz_check (rules.family->shape == NIM_MOVES_RANGE);
      fuzz_check (rules.max_take >= 1
                  && rules.max_take <= NIM_RULES_MAX_MOVES);
      for (i = 1; i <= rules.max_take; i++)
        fuzz_check (nim_rules_allows (&rules, i));
      fuzz_check (!nim_rules_allows (&rules, rules.max_take + 1));
    }
  g_free (nim_rules_describe (&rules));
  return 0;
}
