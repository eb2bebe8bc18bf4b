/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-replay.c -- the fuzz corpus as an ordinary test
 *
 * Linked with one fuzz-*.c (FUZZ_TARGET names it), this main () feeds
 * every file of tests/fuzz/corpus/FUZZ_TARGET/ to LLVMFuzzerTestOneInput,
 * one g_test case each, so a build without libFuzzer still checks that
 * the inputs the fuzzer once found interesting (and any crash it found,
 * once fixed and added) pass.  Files named on the command line are run
 * instead: `tests/fuzz/replay-heaps crash-1234` replays a fuzzer find
 * under a debugger or valgrind. */

#include "config.h"

#include "fuzz.h"

#include <stdio.h>
#include <string.h>

#ifndef FUZZ_TARGET
#error "FUZZ_TARGET must name the corpus directory"
#endif

/* Whether each file runs in a child of its own: an invariant that fails
   aborts (libFuzzer needs the abort to keep the input), and the other
   files must still run.  Files named on the command line run in the
   process itself, for a debugger to see. */
static gboolean isolated;

static void
replay_file (gconstpointer data)
{
  const char *path = data;
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr (GError) error = NULL;
  uint8_t *copy;

  if (isolated && !g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  /* A buffer of exactly the input's size, as libFuzzer passes it, so ASan
     sees any read past its end. */
  copy = g_memdup2 (contents, length);
  g_assert_cmpint (LLVMFuzzerTestOneInput (copy, length), ==, 0);
  g_free (copy);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
main (int argc, char **argv)
{
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const char *srcdir;
  guint i;

  g_test_init (&argc, &argv, NULL);
  g_test_set_nonfatal_assertions ();
  g_test_summary ("Every file of the " FUZZ_TARGET " fuzz corpus runs "
                  "through its fuzz target without a crash or a broken "
                  "invariant");

  if (argc > 1)
    for (i = 1; i < (guint) argc; i++)
      g_ptr_array_add (paths, g_strdup (argv[i]));
  else if ((srcdir = g_getenv ("NIM_SRCDIR")) != NULL)
    {
      g_autofree char *dir_path = g_build_filename (
          srcdir, "tests", "fuzz", "corpus", FUZZ_TARGET, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (GDir) dir = g_dir_open (dir_path, 0, &error);
      const char *name;

      g_assert_no_error (error);
      while ((name = g_dir_read_name (dir)) != NULL)
        g_ptr_array_add (paths, g_build_filename (dir_path, name, NULL));
      /* Readdir order varies; the TAP numbering should not. */
      g_ptr_array_sort (paths, compare_strings);
      /* A missing corpus would pass silently: a packaging mistake. */
      g_assert_cmpuint (paths->len, >, 0);
      isolated = TRUE;
    }

  /* The empty input, which every target must take, and then the files. */
  g_test_add_data_func ("/fuzz/" FUZZ_TARGET "/empty", "/dev/null",
                        replay_file);
  for (i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *test
          = g_strdup_printf ("/fuzz/%s/%s", FUZZ_TARGET, base);

      g_test_add_data_func (test, path, replay_file);
    }
  if (paths->len == 0)
    g_test_message ("NIM_SRCDIR is not set and no files were named: only "
                    "the empty input is run");
  return g_test_run ();
}
