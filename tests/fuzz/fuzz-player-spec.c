/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-player-spec.c -- libFuzzer target for nim_player_new, the
 * NAME[:KEY=VALUE,...] of --player1 and --player2
 *
 * The player is made and freed, never started: a search would spend the
 * fuzzer's time on the engine, not on the parser. */

#include "config.h"

#include "fuzz.h"

#include "nim-player.h"
#include "nim-error.h"

#include <string.h>

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *spec = fuzz_strndup (data, size);
  g_autoptr (GError) error = NULL;
  g_autoptr (NimPlayer) player = nim_player_new (spec, &error);
  g_autoptr (NimPlayer) again = NULL;

  if (player == NULL)
    {
      fuzz_check (g_error_matches (error, NIM_ERROR, NIM_ERROR_USAGE));
      fuzz_check (error->message != NULL && *error->message != '\0');
      return 0;
    }
  fuzz_check (error == NULL);

  /* The spec is kept as given, names a registered class, and a player
     made from it again is accepted too. */
  fuzz_check (g_str_equal (nim_player_get_spec (player), spec));
  fuzz_check (nim_player_class_lookup (nim_player_get_name (player))
              == player->klass);
  fuzz_check (g_str_has_prefix (spec, nim_player_get_name (player)));
  again = nim_player_new (nim_player_get_spec (player), NULL);
  fuzz_check (again != NULL);
  /* The options land in the instance: same spec, same instance bytes
     after the common part (which holds pointers that differ). */
  fuzz_check (memcmp ((char *) player + sizeof (NimPlayer),
                      (char *) again + sizeof (NimPlayer),
                      player->klass->instance_size - sizeof (NimPlayer))
              == 0);
  return 0;
}
