/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-command.c -- a command line read into the modes' declarations:
   parsed, checked, shown as --help and completed
 *
 * Every option is a #NimOption of a #NimOptionSet, declared once: the
 * shared ones in nim-shared.c, each mode's own in its file.  GOption
 * parses them all, each value into the field its declaration names (in
 * the #NimShared or in the configuration of the mode that declares it);
 * the option of a mode that was given chooses the mode; and an option
 * that mode does not take is refused, not silently dropped.  --help and
 * the bash completion come from the same declarations. */

#include "config.h"

#include "nim-command.h"

#include "nim-error.h"
#include "nim-exit.h"
#include "nim-i18n.h"
#include "nim-tree.h"

#include <string.h>

/* The headings of --help, by #NimHelpGroup; the names are GOption's
   group names, which nothing shows (there is no --help-GROUP). */
static const struct
{
  const char *name;
  const char *heading;
} groups[NIM_HELP_N] = {
  { "rules", N_ ("Rules of the game:") },
  { "players", N_ ("Players:") },
  { "output", N_ ("Output:") },
  { "analysis", N_ ("Analysis:") },
  { "comparison", N_ ("Comparison runs:") },
  { "engines", N_ ("External engines:") },
  { "ugi", N_ ("Engine protocol (UGI):") },
};

/* An option with a value, parsed as an array so that one given twice is
   refused rather than its earlier value silently dropped (GOption would
   free it); take_values() moves the one value into its field. */
typedef struct
{
  const char *long_name;
  const char *meta; /* FILE or DIR for a file's name, else what it is */
  gboolean filename;
  char **field;
  char **values;
} Values;

struct _NimCommand
{
  const NimMode *const *modes;
  const NimOptionSet *const *sets;
  char *description;
  NimShared shared;
  gpointer *configs; /* by mode, as @modes */
  GOptionContext *context;
  GPtrArray *values; /* of Values */
  char **arguments;
  gboolean help;
  gboolean version;
};

static void
free_values_array (gpointer data)
{
  Values *v = data;

  g_strfreev (v->values);
  g_free (v);
}

/* --help, -h, --help-all (what the bash completion of old read) and
   --version, which every mode takes. */
static const GOptionEntry main_entries[] = {
  { "help", 'h', 0, G_OPTION_ARG_NONE, NULL, N_ ("Show this help and exit"),
    NULL },
  { "help-all", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, NULL,
    N_ ("Show this help and exit"), NULL },
  { "version", 'V', 0, G_OPTION_ARG_NONE, NULL,
    N_ ("Print version information and exit"), NULL },
  { NULL },
};

/* The mode whose own options @set holds, or NULL for a shared set. */
static const NimMode *
set_mode (const NimCommand *c, const NimOptionSet *set, guint *index)
{
  guint i;

  for (i = 0; c->modes[i] != NULL; i++)
    if (&c->modes[i]->options == set)
      {
        if (index != NULL)
          *index = i;
        return c->modes[i];
      }
  g_assert (set->shared);
  return NULL;
}

/* Where the values of @set's options go. */
static gpointer
set_base (NimCommand *c, const NimOptionSet *set)
{
  guint i = 0;

  if (set->shared)
    return &c->shared;
  set_mode (c, set, &i);
  return c->configs[i];
}

static gpointer
field_of (gpointer base, const NimOption *option)
{
  return (char *) base + GPOINTER_TO_SIZE (option->entry.arg_data);
}

static char *
long_name (const NimOption *option)
{
  return g_strconcat ("--", option->entry.long_name, NULL);
}

/* Whether @option was given, its value in @base. */
static gboolean
option_given (gconstpointer base, const NimOption *option)
{
  gconstpointer field
      = (const char *) base + GPOINTER_TO_SIZE (option->entry.arg_data);

  switch (option->entry.arg)
    {
    case G_OPTION_ARG_NONE:
      return *(const gboolean *) field;
    case G_OPTION_ARG_STRING:
    case G_OPTION_ARG_FILENAME:
    case G_OPTION_ARG_STRING_ARRAY:
      return *(char *const *) field != NULL;
    case G_OPTION_ARG_INT:
    case G_OPTION_ARG_CALLBACK:
    case G_OPTION_ARG_FILENAME_ARRAY:
    case G_OPTION_ARG_DOUBLE:
    case G_OPTION_ARG_INT64:
      break;
    }
  g_assert_not_reached ();
}

/* The option of the sets named by @arg, a long option such as "--heaps"
   or "--heaps=3" or a short one such as "-H", with its set; or NULL. */
static const NimOption *
find_option (const NimOptionSet *const *sets, const char *arg,
             const NimOptionSet **set)
{
  gsize len;
  guint i;
  const NimOption *o;

  if (!g_str_has_prefix (arg, "-") || arg[1] == '\0')
    return NULL;
  len = strcspn (arg + 2, "=");
  for (i = 0; sets[i] != NULL; i++)
    for (o = sets[i]->options; o->entry.long_name != NULL; o++)
      if (arg[1] == '-'
              ? strlen (o->entry.long_name) == len
                    && strncmp (arg + 2, o->entry.long_name, len) == 0
              : arg[2] == '\0' && o->entry.short_name == arg[1])
        {
          if (set != NULL)
            *set = sets[i];
          return o;
        }
  return NULL;
}

static void
set_given_twice (const char *name, GError **error)
{
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: %s is an option, such as --heaps */
               _ ("%s is given twice; give it once"), name);
}

/* A flag such as --json, or an option whose value is optional such as
   --trace[=DEPTH]: GOption would let either be given twice, so each is
   a callback that stores it and refuses it stored already. */
static gboolean
option_cb (const char *name, const char *value, gpointer data, GError **error)
{
  NimCommand *c = data;
  const NimOptionSet *set;
  const NimOption *option = find_option (c->sets, name, &set);
  gpointer field;

  g_assert (option != NULL);
  field = field_of (set_base (c, set), option);
  if (option_given (set_base (c, set), option))
    {
      g_autofree char *shown = long_name (option);

      set_given_twice (shown, error);
      return FALSE;
    }
  if (option->entry.arg == G_OPTION_ARG_NONE)
    *(gboolean *) field = TRUE;
  else
    *(char **) field = g_strdup (value != NULL ? value : "");
  return TRUE;
}

/* The GOption entries of @set's options with heading @group, appended
   to @entries: each with its value's place (see Values, option_cb). */
static void
add_entries (NimCommand *c, const NimOptionSet *set, GArray *entries)
{
  gpointer base = set_base (c, set);
  const NimOption *o;

  for (o = set->options; o->entry.long_name != NULL; o++)
    {
      GOptionEntry e = o->entry;

      switch (e.arg)
        {
        case G_OPTION_ARG_NONE:
          e.arg = G_OPTION_ARG_CALLBACK;
          e.flags |= G_OPTION_FLAG_NO_ARG;
          e.arg_data = (gpointer) option_cb;
          break;
        case G_OPTION_ARG_STRING:
        case G_OPTION_ARG_FILENAME:
          if (e.flags & G_OPTION_FLAG_OPTIONAL_ARG)
            {
              e.arg = G_OPTION_ARG_CALLBACK;
              e.arg_data = (gpointer) option_cb;
            }
          else
            {
              Values *v = g_new0 (Values, 1);

              v->long_name = o->entry.long_name;
              v->meta = o->entry.arg_description;
              v->filename = e.arg == G_OPTION_ARG_FILENAME;
              v->field = field_of (base, o);
              g_ptr_array_add (c->values, v);
              e.arg = e.arg == G_OPTION_ARG_STRING
                          ? G_OPTION_ARG_STRING_ARRAY
                          : G_OPTION_ARG_FILENAME_ARRAY;
              e.arg_data = &v->values;
            }
          break;
        case G_OPTION_ARG_STRING_ARRAY:
          e.arg_data = field_of (base, o);
          break;
        case G_OPTION_ARG_INT:
        case G_OPTION_ARG_CALLBACK:
        case G_OPTION_ARG_FILENAME_ARRAY:
        case G_OPTION_ARG_DOUBLE:
        case G_OPTION_ARG_INT64:
          g_assert_not_reached ();
        }
      g_array_append_val (entries, e);
    }
}

/* The option context of nim, storing what it parses into @c. */
static GOptionContext *
context_new (NimCommand *c)
{
  GOptionContext *context = g_option_context_new (
      N_ ("- play Nim, solve positions, compare engines"));
  GOptionEntry main[G_N_ELEMENTS (main_entries)];
  GArray *entries[NIM_HELP_N];
  guint g, i;

  memcpy (main, main_entries, sizeof main);
  main[0].arg_data = &c->help;
  main[1].arg_data = &c->help;
  main[2].arg_data = &c->version;
  for (g = 0; g < NIM_HELP_N; g++)
    entries[g] = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  for (i = 0; c->sets[i] != NULL; i++)
    add_entries (c, c->sets[i], entries[c->sets[i]->group]);
  /* Option descriptions, headings and the text below are translated when
     --help prints them; option names stay English. */
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  /* --help shows every group, each under its heading: there are not so
     many options that they need hiding behind --help-GROUP. */
  g_option_context_set_help_enabled (context, FALSE);
  /* The main entries' domain, not NULL: GOption sets the main group's
     domain from it, and NULL would leave -h and -V in English. */
  g_option_context_add_main_entries (context, main, GETTEXT_PACKAGE);
  for (g = 0; g < NIM_HELP_N; g++)
    {
      /* GOption translates the entries' descriptions (N_() marked) when
         it prints --help, but prints a group's heading as it is given. */
      GOptionGroup *group
          = g_option_group_new (groups[g].name, _ (groups[g].heading),
                                _ (groups[g].heading), c, NULL);

      g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
      g_option_group_add_entries (group, (GOptionEntry *) entries[g]->data);
      g_option_context_add_group (context, group);
      g_array_unref (entries[g]);
    }
  /* GOption translates the description too; this text is translated
     already, and a translation looked up again is left as it is. */
  g_option_context_set_description (context, c->description);
  return context;
}

/**
 * nim_command_new:
 * @modes: the modes, %NULL-terminated: when several are asked for, the
 *   message names the first of them in this order; the last is the mode
 *   that runs when no other is asked for, and no option selects it
 * @sets: every option set, the shared ones and each mode's own,
 *   %NULL-terminated, in the order --help lists them under each heading
 * @description: the text at the end of --help, translated
 *
 * Returns: (transfer full): a command line to parse
 */
NimCommand *
nim_command_new (const NimMode *const *modes, const NimOptionSet *const *sets,
                 const char *description)
{
  NimCommand *c = g_new0 (NimCommand, 1);
  guint n = 0, i;

  c->modes = modes;
  c->sets = sets;
  c->description = g_strdup (description);
  while (modes[n] != NULL)
    n++;
  c->configs = g_new0 (gpointer, n);
  for (i = 0; i < n; i++)
    c->configs[i] = g_malloc0 (MAX (modes[i]->config_size, 1));
  c->values = g_ptr_array_new_with_free_func (free_values_array);
  c->context = context_new (c);
  return c;
}

/* Frees the values of @set's options in @base. */
static void
free_values (gpointer base, const NimOptionSet *set)
{
  const NimOption *o;

  for (o = set->options; o->entry.long_name != NULL; o++)
    switch (o->entry.arg)
      {
      case G_OPTION_ARG_STRING:
      case G_OPTION_ARG_FILENAME:
        g_clear_pointer ((char **) field_of (base, o), g_free);
        break;
      case G_OPTION_ARG_STRING_ARRAY:
        g_clear_pointer ((char ***) field_of (base, o), g_strfreev);
        break;
      case G_OPTION_ARG_NONE:
      case G_OPTION_ARG_INT:
      case G_OPTION_ARG_CALLBACK:
      case G_OPTION_ARG_FILENAME_ARRAY:
      case G_OPTION_ARG_DOUBLE:
      case G_OPTION_ARG_INT64:
        break;
      }
}

/**
 * nim_command_free:
 * @command: (nullable): a command line
 *
 * Frees it, with what the modes' checks made (#NimMode.clear).
 */
void
nim_command_free (NimCommand *command)
{
  guint i;

  if (command == NULL)
    return;
  for (i = 0; command->modes[i] != NULL; i++)
    if (command->modes[i]->clear != NULL)
      command->modes[i]->clear (command->configs[i]);
  for (i = 0; command->sets[i] != NULL; i++)
    free_values (set_base (command, command->sets[i]), command->sets[i]);
  for (i = 0; command->modes[i] != NULL; i++)
    g_free (command->configs[i]);
  g_ptr_array_unref (command->values);
  g_strfreev (command->shared.arguments);
  g_free (command->shared.command);
  nim_tree_unref (command->shared.tree);
  g_strfreev (command->arguments);
  g_option_context_free (command->context);
  g_free (command->configs);
  g_free (command->description);
  g_free (command);
}

/* Refuses a flag given a value, such as --misere=no: GOption drops what
   follows the "=" of an option that takes none, and --misere=no would
   mean --misere.  An argument that is the value of the option before it
   (--results --json=x names a file) is passed over, as GOption takes
   it. */
static gboolean
refuse_flag_values (const NimCommand *c, char **args, GError **error)
{
  guint i;

  for (i = 1; args[i] != NULL && !g_str_equal (args[i], "--"); i++)
    {
      const NimOption *o;
      GOptionArg arg;
      guint k;

      if (!g_str_has_prefix (args[i], "--"))
        continue;
      o = find_option (c->sets, args[i], NULL);
      if (o != NULL)
        arg = o->entry.arg;
      else
        {
          for (k = 0; main_entries[k].long_name != NULL; k++)
            if (strlen (main_entries[k].long_name)
                    == strcspn (args[i] + 2, "=")
                && g_str_has_prefix (args[i] + 2, main_entries[k].long_name))
              break;
          if (main_entries[k].long_name == NULL)
            continue;
          arg = main_entries[k].arg;
        }
      if (arg == G_OPTION_ARG_NONE && strchr (args[i], '=') != NULL)
        {
          g_autofree char *name = g_strndup (args[i], strcspn (args[i], "="));

          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       /* TRANSLATORS: %1$s is an option that takes no
                          value, such as --json; %2$s what the user wrote,
                          such as --json=yes */
                       _ ("%1$s takes no value; write %1$s alone, not %2$s"),
                       name, args[i]);
          return FALSE;
        }
      if (arg != G_OPTION_ARG_NONE
          && !(o != NULL && (o->entry.flags & G_OPTION_FLAG_OPTIONAL_ARG))
          && strchr (args[i], '=') == NULL && args[i + 1] != NULL)
        i++;
    }
  return TRUE;
}

/* Refuses an empty name given to an option that takes a file's or a
   directory's, which the system would call "No such file" at best. */
static gboolean
refuse_empty_name (const Values *v, GError **error)
{
  if (!v->filename || *v->values[0] != '\0')
    return TRUE;
  if (g_strcmp0 (v->meta, "DIR") == 0)
    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                 /* TRANSLATORS: %s is an option, such as --engine-log */
                 _ ("--%s: the directory's name is empty; give the name of "
                    "a directory"),
                 v->long_name);
  else
    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                 /* TRANSLATORS: %s is an option, such as --results */
                 _ ("--%s: the file's name is empty; give the name of a "
                    "file"),
                 v->long_name);
  return FALSE;
}

/* Moves each option's one value into its field; refuses one given
   twice, or an empty name of a file.  Frees every array either way. */
static gboolean
take_values (NimCommand *c, GError **error)
{
  gboolean ok = TRUE;
  guint i;

  for (i = 0; i < c->values->len; i++)
    {
      Values *v = c->values->pdata[i];

      if (v->values == NULL)
        continue;
      if (ok && v->values[0] != NULL && v->values[1] != NULL)
        {
          g_autofree char *name = g_strconcat ("--", v->long_name, NULL);

          set_given_twice (name, error);
          ok = FALSE;
        }
      else if (ok && v->values[0] != NULL && !refuse_empty_name (v, error))
        ok = FALSE;
      else if (ok && v->values[0] != NULL)
        *v->field = g_strdup (v->values[0]);
      g_clear_pointer (&v->values, g_strfreev);
    }
  return ok;
}

/* @arg appended to @s as a shell reads it: quoted where it has to be. */
static void
append_word (GString *s, const char *arg)
{
  if (*arg != '\0'
      && strspn (arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRS"
                      "TUVWXYZ0123456789,._:=/+-@%")
             == strlen (arg))
    g_string_append (s, arg);
  else
    {
      g_autofree char *quoted = g_shell_quote (arg);

      g_string_append (s, quoted);
    }
}

/* The command as the user ran it, for the page of --explore to show, so
   that it runs as pasted where it was run ("./nim" in the build
   directory): the program as it was called and the arguments. */
static char *
command_line (char **argv)
{
  GString *s = g_string_new (NULL);
  guint i;

  if (argv[0] == NULL || *argv[0] == '\0')
    return g_string_free (g_string_append (s, "nim"), FALSE);
  append_word (s, argv[0]);
  for (i = 1; argv[i] != NULL; i++)
    {
      g_string_append_c (s, ' ');
      append_word (s, argv[i]);
    }
  return g_string_free (s, FALSE);
}

/**
 * nim_command_parse:
 * @command: a command line not parsed yet
 * @argv: the arguments of main()
 * @error: return location for a usage error
 *
 * Parses the options into the shared options and the modes'
 * configurations; what follows them is nim_command_get_arguments().  The
 * command line itself is #NimShared.command.
 *
 * Returns: %TRUE if the options were understood
 */
gboolean
nim_command_parse (NimCommand *command, char **argv, GError **error)
{
  command->arguments = g_strdupv (argv);
  command->shared.command = command_line (argv);
  return refuse_flag_values (command, command->arguments, error)
         && g_option_context_parse_strv (command->context, &command->arguments,
                                         error)
         && take_values (command, error);
}

/**
 * nim_command_get_arguments:
 * @command: a parsed command line
 *
 * Returns: (transfer none): the arguments after the options (the program
 *   name first), "--" among them when it was given
 */
char **
nim_command_get_arguments (NimCommand *command)
{
  return command->arguments;
}

/**
 * nim_command_wants_help:
 * @command: a parsed command line
 *
 * Returns: whether --help was given
 */
gboolean
nim_command_wants_help (const NimCommand *command)
{
  return command->help;
}

/**
 * nim_command_wants_version:
 * @command: a parsed command line
 *
 * Returns: whether --version was given
 */
gboolean
nim_command_wants_version (const NimCommand *command)
{
  return command->version;
}

/* In --help, @o's "--NAME" @was_sep METAVAR @was_tail written as
   "--NAME" @now_sep METAVAR @now_tail. */
static void
respell (GString *help, const NimOption *o, const char *was_sep,
         const char *was_tail, const char *now_sep, const char *now_tail)
{
  const char *meta = g_dgettext (GETTEXT_PACKAGE, o->entry.arg_description);
  g_autofree char *was
      = g_strconcat ("--", o->entry.long_name, was_sep, meta, was_tail, NULL);
  g_autofree char *now
      = g_strconcat ("--", o->entry.long_name, now_sep, meta, now_tail, NULL);

  g_string_replace (help, was, now, 1);
}

/**
 * nim_command_help:
 * @command: a command line
 *
 * Returns: (transfer full): the text of --help
 */
char *
nim_command_help (NimCommand *command)
{
  g_autofree char *text
      = g_option_context_get_help (command->context, FALSE, NULL);
  GString *help = g_string_new (text);
  guint i, k;

  /* GOption writes "--trace=DEPTH" for a value that may be left out,
     and "--summarize=FILE..." for a mode's arguments: "--trace[=DEPTH]"
     and "--summarize FILE..." say what is typed.  The blanks after an
     option line its description up: the brackets take two of them. */
  for (i = 0; command->sets[i] != NULL; i++)
    {
      const NimOption *o;

      for (o = command->sets[i]->options; o->entry.long_name != NULL; o++)
        if (o->entry.arg_description != NULL
            && (o->entry.flags & G_OPTION_FLAG_OPTIONAL_ARG))
          respell (help, o, "=", "  ", "[=", "]");
    }
  for (k = 0; command->modes[k] != NULL; k++)
    {
      const NimOption *o = command->modes[k]->options.options;

      if (command->modes[k]->arguments && o->entry.arg_description != NULL)
        respell (help, o, "=", "", " ", "");
    }
  return g_string_free (help, FALSE);
}

/**
 * nim_command_get_shared:
 * @command: a command line
 *
 * Returns: (transfer none): its shared options
 */
NimShared *
nim_command_get_shared (NimCommand *command)
{
  return &command->shared;
}

/* The index of the mode that runs: the first whose selecting option was
   given, else the last, which none selects. */
static guint
mode_index (const NimCommand *c)
{
  guint i;

  for (i = 0; c->modes[i + 1] != NULL; i++)
    if (option_given (c->configs[i], &c->modes[i]->options.options[0]))
      return i;
  return i;
}

/**
 * nim_command_takes_arguments:
 * @command: a parsed command line
 *
 * Returns: whether a mode that takes arguments was asked for (another
 *   mode asked for too is refused later, by name)
 */
gboolean
nim_command_takes_arguments (const NimCommand *command)
{
  guint i;

  for (i = 0; command->modes[i + 1] != NULL; i++)
    if (command->modes[i]->arguments
        && option_given (command->configs[i],
                         &command->modes[i]->options.options[0]))
      return TRUE;
  return FALSE;
}

/**
 * nim_mode_takes:
 * @mode: a mode
 * @set: a set of options
 * @option: one of them
 *
 * Returns: whether @mode takes @option
 */
gboolean
nim_mode_takes (const NimMode *mode, const NimOptionSet *set,
                const NimOption *option)
{
  if (!set->shared)
    return set == &mode->options;
  return option->shared == 0 || (option->shared & mode->shared) != 0;
}

/* The refusal of @option in @mode's own words, or NULL. */
static const NimRefusal *
mode_refusal (const NimMode *mode, const NimOption *option)
{
  const NimRefusal *r;

  for (r = mode->refusals; r != NULL && r->option != NULL; r++)
    if (g_str_equal (r->option + 2, option->entry.long_name))
      return r;
  return NULL;
}

/**
 * nim_command_set_conflict:
 * @error: return location for a #NIM_ERROR_USAGE error
 * @what: a mode or an option, such as "--games" or "--tournament"
 * @other: the option given with it, perhaps with why they do not go
 *   together, such as "--sprt (a test between two players)"
 *
 * Says that @what cannot be combined with @other.
 */
void
nim_command_set_conflict (GError **error, const char *what, const char *other)
{
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: a mode (an option, or "one game"), or an
                  option, then the option it cannot be combined with. */
               _ ("%s cannot be combined with %s"), what, other);
}

/* Refuses the first option given that @mode does not take: with @early,
   only those refused in words of their own (said before the modes are
   checked against each other), else every other one, as "MODE cannot
   be combined with OPTION". */
static gboolean
refuse_options (NimCommand *c, const NimMode *mode, gboolean early,
                GError **error)
{
  guint i;
  const NimOption *o;

  for (i = 0; c->sets[i] != NULL; i++)
    for (o = c->sets[i]->options; o->entry.long_name != NULL; o++)
      {
        const NimRefusal *r = mode_refusal (mode, o);
        const NimMode *owner = set_mode (c, c->sets[i], NULL);
        g_autofree char *name = NULL;
        const char *message, *shown;

        if (!option_given (set_base (c, c->sets[i]), o)
            || nim_mode_takes (mode, c->sets[i], o)
            /* Another mode's own: the modes are refused together. */
            || (owner != NULL && o == &owner->options.options[0]))
          continue;
        message = r != NULL && r->message != NULL ? r->message : o->refusal;
        if (early != (message != NULL))
          continue;
        if (message != NULL)
          {
            g_set_error_literal (error, NIM_ERROR, NIM_ERROR_USAGE,
                                 _ (message));
            return FALSE;
          }
        name = long_name (o);
        shown = r != NULL && r->shown != NULL ? _ (r->shown)
                : o->shown != NULL            ? _ (o->shown)
                                              : name;
        nim_command_set_conflict (error, _ (mode->name), shown);
        return FALSE;
      }
  return TRUE;
}

/* Refuses two modes asked for at once, naming the first two in the
   order of the modes. */
static gboolean
refuse_modes (NimCommand *c, GError **error)
{
  guint i, j;

  for (i = 0; c->modes[i + 1] != NULL; i++)
    {
      if (!option_given (c->configs[i], &c->modes[i]->options.options[0]))
        continue;
      for (j = i + 1; c->modes[j + 1] != NULL; j++)
        if (option_given (c->configs[j], &c->modes[j]->options.options[0]))
          {
            nim_command_set_conflict (error, c->modes[i]->name,
                                      c->modes[j]->name);
            return FALSE;
          }
    }
  return TRUE;
}

/**
 * nim_command_check:
 * @command: a parsed command line
 * @error: return location for an error
 *
 * Checks the options for the mode that runs and converts them: the
 * rules, the output, that one mode was asked for, that it takes every
 * option given, the rest of the shared options and then the mode's own
 * (#NimMode.check).
 *
 * Returns: %TRUE when the mode can run
 */
gboolean
nim_command_check (NimCommand *command, GError **error)
{
  guint i = mode_index (command);
  const NimMode *mode = command->modes[i];
  NimShared *shared = &command->shared;

  return nim_shared_check_rules (shared, mode->shared, error)
         && refuse_options (command, mode, TRUE, error)
         && nim_shared_check_output (shared, error)
         && refuse_modes (command, error)
         && refuse_options (command, mode, FALSE, error)
         && nim_shared_check (shared, mode->shared, error)
         && (mode->check == NULL
             || mode->check (command->configs[i], shared, error));
}

/**
 * nim_command_run:
 * @command: a checked command line
 *
 * Returns: the exit status of its mode's run
 */
int
nim_command_run (NimCommand *command)
{
  guint i = mode_index (command);

  return command->modes[i]->run (command->configs[i], &command->shared);
}

/* ------------------------------------------------------------------------
   Completion */

/* Writes the player names, the engines that --engine declared included
   when they were declared already. */
static void
complete_players (FILE *out, const char *cur)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  guint i;

  for (i = 0; classes[i] != NULL; i++)
    if (g_str_has_prefix (classes[i]->name, cur))
      fprintf (out, "%s\n", classes[i]->name);
}

/* Completes the argument @cur of @option, by its choices, or by what
   its metavar says it is: a player spec, a file, a directory or one of a
   few words; a number or a list has nothing to offer. */
static void
complete_value (const NimOption *option, const char *cur, FILE *out)
{
  const char *meta = option->entry.arg_description;
  guint i;

  for (i = 0; option->choices != NULL && option->choices[i] != NULL; i++)
    if (g_str_has_prefix (option->choices[i], cur))
      fprintf (out, "%s\n", option->choices[i]);
  if (meta == NULL || option->choices != NULL)
    return;
  if (g_str_equal (meta, "SPEC"))
    {
      /* A spec is NAME[:KEY=VALUE,...]: the name. */
      if (strchr (cur, ':') == NULL)
        complete_players (out, cur);
    }
  else if (g_str_equal (meta, "FILE") || g_str_equal (meta, "NAME|COMMAND"))
    fputs (":file\n", out);
  else if (g_str_equal (meta, "DIR"))
    fputs (":dir\n", out);
  else if (strchr (meta, '|') != NULL
           && strspn (meta, "abcdefghijklmnopqrstuvwxyz-|") == strlen (meta))
    {
      g_auto (GStrv) words = g_strsplit (meta, "|", -1);

      for (i = 0; words[i] != NULL; i++)
        if (g_str_has_prefix (words[i], cur))
          fprintf (out, "%s\n", words[i]);
    }
}

/**
 * nim_command_complete:
 * @command: a command line not parsed
 * @words: what was typed after `nim`, the word being completed last (""
 *   when it is a new word), an option's value split from it ("--heaps"
 *   and "3", not "--heaps=3")
 * @out: where the candidates go, one a line
 *
 * The bash completion's half in C (data/nim.bash-completion is the
 * other): what may come at the end of @words, from the declarations.
 * After an option that takes a value, the value's candidates: player
 * names, the words of a choice, or a line ":file" or ":dir" for the
 * shell to complete file or directory names.  Else, for a word that
 * starts with "-", the options the mode chosen so far takes that were
 * not given yet (those of every mode while none is chosen), one that
 * takes a value with "=" after it.
 */
void
nim_command_complete (NimCommand *command, char **words, FILE *out)
{
  guint n = g_strv_length (words), i, k;
  const char *cur = n > 0 ? words[n - 1] : "";
  const NimMode *mode = NULL;
  const NimOptionSet *set;
  const NimOption *o;

  /* The mode chosen so far, and the value being typed. */
  for (i = 0; i + 1 < n; i++)
    {
      o = find_option (command->sets, words[i], &set);
      if (o == NULL)
        continue;
      for (k = 0; command->modes[k] != NULL; k++)
        if (o == &command->modes[k]->options.options[0])
          mode = command->modes[k];
      if (i + 2 == n && o->entry.arg != G_OPTION_ARG_NONE
          && !(o->entry.flags & G_OPTION_FLAG_OPTIONAL_ARG)
          && strchr (words[i], '=') == NULL)
        {
          complete_value (o, cur, out);
          return;
        }
    }
  if (*cur != '-')
    return;
  for (i = 0; command->sets[i] != NULL; i++)
    for (o = command->sets[i]->options; o->entry.long_name != NULL; o++)
      {
        g_autofree char *name = long_name (o);
        gboolean value = o->entry.arg != G_OPTION_ARG_NONE
                         && !(o->entry.flags & G_OPTION_FLAG_OPTIONAL_ARG);
        gboolean given = FALSE;

        if (mode != NULL && !nim_mode_takes (mode, command->sets[i], o))
          continue;
        /* Once is enough, but for the repeatable ones. */
        for (k = 0; k + 1 < n && o->entry.arg != G_OPTION_ARG_STRING_ARRAY;
             k++)
          if (find_option (command->sets, words[k], NULL) == o)
            given = TRUE;
        if (given)
          continue;
        if (g_str_has_prefix (name, cur))
          fprintf (out, "%s%s\n", name, value ? "=" : "");
        if (o->entry.short_name != 0 && cur[1] == '\0')
          fprintf (out, "-%c\n", o->entry.short_name);
      }
  for (k = 0; main_entries[k].long_name != NULL; k++)
    if (!(main_entries[k].flags & G_OPTION_FLAG_HIDDEN))
      {
        g_autofree char *name
            = g_strconcat ("--", main_entries[k].long_name, NULL);

        if (g_str_has_prefix (name, cur))
          fprintf (out, "%s\n", name);
        if (cur[1] == '\0')
          fprintf (out, "-%c\n", main_entries[k].short_name);
      }
}
