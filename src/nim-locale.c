/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-locale.c -- the user's language, where nim finds its catalogues,
   and numbers that read the same in every locale
 *
 * Messages follow the locale (LANG, LC_ALL, LANGUAGE).  Their catalogues
 * are the installed ones, or, for the nim of a build tree, the build
 * tree's own (po/locale, which `make` fills), so that `LANG=de_DE.UTF-8
 * ./nim` speaks German before `make install`.  Numbers do not follow the
 * locale: nim writes 0.25 with a point in German too, as its options, its
 * results files and UGI read them, and a comma would be ambiguous in its
 * lists ("[-2,94, 2,94]"). */

#include "config.h"

#include "nim-locale.h"

#include "nim-i18n.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Whether the running nim is the one of the build tree it was built in:
   its executable sits in the build directory. */
static gboolean
in_build_tree (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = NULL;
  char *here, *built;
  gboolean same;

  if (exe == NULL)
    return FALSE;
  dir = g_path_get_dirname (exe);
  here = realpath (dir, NULL);
  built = realpath (NIM_BUILD_DIR, NULL);
  same = here != NULL && built != NULL && g_str_equal (here, built);
  free (here);
  free (built);
  return same;
}

/* The directory of the catalogues: NIM_LOCALEDIR (the tests' own), the
   build tree's for its own nim, else the installed one. */
static const char *
catalogue_dir (void)
{
  static const char build[] = NIM_BUILD_DIR "/po/locale";

  if (g_getenv ("NIM_LOCALEDIR") != NULL)
    return g_getenv ("NIM_LOCALEDIR");
  if (in_build_tree () && g_file_test (build, G_FILE_TEST_IS_DIR))
    return build;
  return LOCALEDIR;
}

/* The locale the environment asks for messages in, as setlocale() reads
   it: LC_ALL, LC_MESSAGES, then LANG. */
static const char *
asked_locale (void)
{
  static const char *const names[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const char *v = g_getenv (names[i]);

      if (v != NULL && *v != '\0')
        return v;
    }
  return NULL;
}

/* The system lacks the locale @name (setlocale() refused it), so the
   messages stay English even where nim has a catalogue for its
   language: say so once, to a person at a terminal (a script's standard
   error stays as it was), with how to get it. */
static void
tell_missing_locale (const char *dir, const char *name)
{
  g_autofree char *lang = g_strndup (name, strcspn (name, ".@"));
  g_autofree char *language = g_strndup (lang, strcspn (lang, "_"));
  g_autofree char *full = g_build_filename (dir, lang, "LC_MESSAGES",
                                            GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *base = g_build_filename (dir, language, "LC_MESSAGES",
                                            GETTEXT_PACKAGE ".mo", NULL);
  const char *have = g_file_test (full, G_FILE_TEST_EXISTS)   ? lang
                     : g_file_test (base, G_FILE_TEST_EXISTS) ? language
                                                              : NULL;

  if (have == NULL || !isatty (STDERR_FILENO) || !isatty (STDIN_FILENO))
    return;
  /* Not translated: the catalogue cannot be read without the locale. */
  fprintf (stderr,
           "nim: the locale %s is not installed on this system, so nim "
           "speaks English;\n"
           "nim: install it (Debian: apt-get install locales, then "
           "dpkg-reconfigure locales),\n"
           "nim: or run LC_ALL=C.UTF-8 LANGUAGE=%s nim ...\n",
           name, have);
}

/**
 * nim_locale_init:
 *
 * Sets the locale from the environment, binds nim's message catalogues
 * (the build tree's for the nim of a build tree) and keeps numbers in
 * the C locale's form, with a decimal point.  Where the system lacks the
 * locale asked for, for a language nim speaks, a person at a terminal is
 * told, once.
 */
void
nim_locale_init (void)
{
  const char *dir = catalogue_dir ();
  const char *asked = asked_locale ();

  if (setlocale (LC_ALL, "") == NULL && asked != NULL)
    tell_missing_locale (dir, asked);
  /* 0.25, never 0,25: as nim reads numbers back. */
  setlocale (LC_NUMERIC, "C");
  bindtextdomain (GETTEXT_PACKAGE, dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
}

/**
 * nim_locale_speak_english:
 * @english: %TRUE for English messages, %FALSE for the user's language
 *   again
 *
 * Sets the language of the messages the calling thread translates, and
 * only its: a protocol's words are English, as JSON keys are, so nim
 * --ugi's answers, the library's messages among them, stay English
 * whatever the locale, while what nim says to a person on standard
 * error follows it.  The C locale's messages, not a catalogue: gettext
 * then also ignores LANGUAGE.  Where the system has no per-thread locale
 * (uselocale()), messages follow the user's locale.
 */
void
nim_locale_speak_english (gboolean english)
{
#ifdef HAVE_USELOCALE
  static locale_t c_messages = (locale_t) 0;
  static gsize made = 0;

  if (!english)
    {
      uselocale (LC_GLOBAL_LOCALE);
      return;
    }
  if (g_once_init_enter (&made))
    {
      locale_t global = duplocale (LC_GLOBAL_LOCALE);

      /* Made once and kept, as the catalogues are. */
      if (global != (locale_t) 0)
        c_messages = newlocale (LC_MESSAGES_MASK, "C", global);
      if (c_messages == (locale_t) 0 && global != (locale_t) 0)
        freelocale (global);
      g_once_init_leave (&made, 1);
    }
  if (c_messages != (locale_t) 0)
    uselocale (c_messages);
#else
  (void) english;
#endif
}
