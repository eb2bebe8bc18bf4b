/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-json.c -- libFuzzer target for nim_json_load, the bounded JSON
 * reader of results files and certificates
 *
 * What it reads nests at most NIM_JSON_MAX_DEPTH deep, is one value and
 * has no member given twice; what it writes back reads again the same. */

#include "config.h"

#include "fuzz.h"

#include "nim-error.h"
#include "nim-json.h"

/* How deep @node nests: 0 for a number, string, true, false or null. */
static guint
depth (JsonNode *node)
{
  guint most = 0;

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      guint i;

      /* Not MAX (most, depth (…)): the macro would call depth () twice a
         level, 2^32 times for the 32 levels of corpus/json/deep-32. */
      for (i = 0; i < json_array_get_length (array); i++)
        {
          guint d = depth (json_array_get_element (array, i));

          most = MAX (most, d);
        }
      return most + 1;
    }
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autoptr (GList) members
          = json_object_get_values (json_node_get_object (node));
      GList *l;

      for (l = members; l != NULL; l = l->next)
        {
          guint d = depth (l->data);

          most = MAX (most, d);
        }
      return most + 1;
    }
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonParser) again = json_parser_new ();
  g_autoptr (JsonGenerator) generator = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  JsonNode *root;

  if (!nim_json_load (parser, size > 0 ? (const char *) data : "",
                      (gssize) size, "fuzz", &error))
    {
      fuzz_check (g_error_matches (error, NIM_ERROR, NIM_ERROR_USAGE));
      fuzz_check (error->message != NULL && *error->message != '\0');
      return 0;
    }
  fuzz_check (error == NULL);
  root = json_parser_get_root (parser);
  if (root == NULL)
    return 0;
  fuzz_check (depth (root) <= NIM_JSON_MAX_DEPTH);

  /* What was read, written again, reads back the same. */
  generator = json_generator_new ();
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  fuzz_check (nim_json_load (again, text, -1, NULL, NULL));
  fuzz_check (json_node_equal (root, json_parser_get_root (again)));
  return 0;
}
