/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-json.c -- JSON read with bounds (src/nim-json): the nesting, a
   second value, a member given twice, a NUL byte, a file too long */

#include "config.h"

#include "nim-test.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "nim-error.h"
#include "nim-json.h"

/* "[" @depth times, then "]" as many: arrays nested @depth deep. */
static char *
nested (guint depth)
{
  GString *text = g_string_new (NULL);
  guint i;

  for (i = 0; i < depth; i++)
    g_string_append_c (text, '[');
  for (i = 0; i < depth; i++)
    g_string_append_c (text, ']');
  return g_string_free (text, FALSE);
}

/* NIM_JSON_MAX_DEPTH levels are read, one more is refused with the line
   it is on, and 200,000 (which overflowed json-glib's stack) too;
   brackets inside strings, escaped quotes included, are no nesting. */
static void
test_depth (void)
{
  g_autofree char *deepest = nested (NIM_JSON_MAX_DEPTH);
  g_autofree char *deeper = nested (NIM_JSON_MAX_DEPTH + 1);
  g_autofree char *deepest_object = NULL;
  g_autofree char *crash = nested (200000);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  GString *objects = g_string_new (NULL);
  guint i;

  g_assert_true (nim_json_load (parser, deepest, -1, "f", &error));
  g_assert_no_error (error);
  g_assert_false (nim_json_load (parser, deeper, -1, "f", &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  nim_test_assert_contains (nim_test_error_message (error),
                            "f:1: arrays and objects nest more than 32 deep");
  g_clear_error (&error);
  g_assert_false (nim_json_load (parser, crash, -1, NULL, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  g_clear_error (&error);

  /* Objects count as arrays do, and the line is the one where the limit
     is passed. */
  g_string_append (objects, "{\"a\":\n");
  for (i = 1; i <= NIM_JSON_MAX_DEPTH; i++)
    g_string_append (objects, "{\"a\":");
  g_string_append (objects, "1");
  for (i = 0; i <= NIM_JSON_MAX_DEPTH; i++)
    g_string_append_c (objects, '}');
  deepest_object = g_string_free (objects, FALSE);
  g_assert_false (nim_json_load (parser, deepest_object, -1, "f", &error));
  nim_test_assert_contains (nim_test_error_message (error), "f:2: ");
  g_clear_error (&error);

  g_assert_true (nim_json_load (
      parser, "{\"a\": \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\\"[[[\"}", -1,
      "f", &error));
  g_assert_no_error (error);
}

/* One value, and blanks around it; a second value of any kind after the
   first is refused, which json-glib let through (it kept the first). */
static void
test_one_value (void)
{
  static const char *const good[] = {
    "{}", " {\"a\": 1}\n\n", "[1, 2]", "1", "\"a\"", "null", "\t\r\n[]",
  };
  static const char *const bad[] = {
    "{}{}",        "{\"a\":1}\n{\"b\":2}\n",
    "[] []",       "1 2",
    "\"a\" \"b\"", "\"a\"\"b\"",
    "1 [2]",       "{} 1",
  };
  g_autoptr (JsonParser) parser = json_parser_new ();
  guint i;

  for (i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_true (nim_json_load (parser, good[i], -1, "f", &error));
      g_assert_no_error (error);
    }
  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_false (nim_json_load (parser, bad[i], -1, "f", &error));
      g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
      nim_test_assert_contains (nim_test_error_message (error),
                                "a second JSON value");
    }
}

/* A member given twice is refused with its name and line, in a nested
   object too; the same name in two objects is no duplicate. */
static void
test_members (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  g_assert_false (
      nim_json_load (parser, "{\"a\": 1,\n\"a\": 2}", -1, "f", &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  nim_test_assert_contains (nim_test_error_message (error),
                            "f:2: the member \"a\" is given twice");
  g_clear_error (&error);
  g_assert_false (nim_json_load (parser, "{\"x\": {\"b\": [1], \"b\": {}}}",
                                 -1, "f", &error));
  nim_test_assert_contains (nim_test_error_message (error), "\"b\"");
  g_clear_error (&error);
  g_assert_true (nim_json_load (parser,
                                "{\"a\": {\"a\": 1}, \"b\": [{\"a\": 1}, "
                                "{\"a\": 2}]}",
                                -1, "f", &error));
  g_assert_no_error (error);
}

/* A NUL byte is refused, json-glib's own errors name the file and not
   "<data>", and without a name no place is given. */
static void
test_other (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  g_assert_false (nim_json_load (parser, "{\"a\":\0 1}", 9, "f", &error));
  nim_test_assert_contains (nim_test_error_message (error),
                            "f:1: the text holds a NUL byte");
  g_clear_error (&error);
  g_assert_false (nim_json_load (parser, "{\"a\" 1}", -1, "f", &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  g_assert_true (g_str_has_prefix (nim_test_error_message (error), "f:1:"));
  g_clear_error (&error);
  g_assert_false (nim_json_load (parser, "[[]]]", -1, NULL, &error));
  g_assert_false (strstr (nim_test_error_message (error), "<data>") != NULL);
}

/* A file is read to its bound and no further: /dev/zero is refused at
   once, as is a file one byte too long; an empty file holds no value. */
static void
test_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-json-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "c.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) node = NULL;

  g_assert_true (g_file_set_contents (path, "{\"a\": [1, 2]}", -1, NULL));
  node = nim_json_load_file (path, 13, &error);
  g_assert_no_error (error);
  g_assert_nonnull (node);
  g_assert_null (nim_json_load_file (path, 12, &error));
  nim_test_assert_contains (nim_test_error_message (error),
                            "is longer than 12 B, the most nim reads of it");
  g_clear_error (&error);
  g_assert_null (nim_json_load_file ("/dev/zero", 1024 * 1024, &error));
  nim_test_assert_contains (nim_test_error_message (error),
                            "/dev/zero is longer than 1 MiB");
  g_clear_error (&error);
  g_assert_true (g_file_set_contents (path, " \n", -1, NULL));
  g_assert_null (nim_json_load_file (path, 1024, &error));
  nim_test_assert_contains (nim_test_error_message (error),
                            "holds no JSON value");
  g_clear_error (&error);
  g_assert_null (nim_json_load_file ("/nonexistent/c.json", 1024, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_unlink (path);
  g_rmdir (dir);
}

/* A results file with a line nested 200,000 deep (which crashed
   json-glib's parser, and with it --summarize and --resume) has that
   line named with the file and its number, as any damaged line. */
static void
test_results_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-json-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "r.jsonl", NULL);
  g_autofree char *where = g_strdup_printf ("%s:4: it is not JSON", path);
  const char *run[]
      = { "--games", "2", "--player1", "xor",       "--player2", "random",
          "--seed",  "1", "--quiet",   "--results", path,        NULL };
  const char *resume[]
      = { "--games",   "2",      "--player1", "xor",     "--player2",
          "random",    "--seed", "1",         "--quiet", "--resume",
          "--results", path,     NULL };
  const char *summarize[] = { "--summarize", path, NULL };
  const char *const *runs[] = { summarize, resume };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  GString *deep = g_string_new (NULL);
  FILE *f;
  guint i;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, run), ==, 0);
  for (i = 0; i < 200000; i++)
    g_string_append_c (deep, '[');
  g_string_append_c (deep, '\n');
  f = fopen (path, "a");
  g_assert_nonnull (f);
  if (f == NULL)
    return;
  fputs (deep->str, f);
  fclose (f);
  g_string_free (deep, TRUE);
  for (i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (nim_test_run_nimv ("", &out, &err, runs[i]), ==, 0);
      nim_test_assert_contains (err, where);
      nim_test_assert_contains (out, "Games: 2 of 2");
    }
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);
  g_test_add_func ("/json/depth", test_depth);
  g_test_add_func ("/json/one-value", test_one_value);
  g_test_add_func ("/json/members", test_members);
  g_test_add_func ("/json/other", test_other);
  g_test_add_func ("/json/file", test_file);
  g_test_add_func ("/json/results-file", test_results_file);
  return g_test_run ();
}
