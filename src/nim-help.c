/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-help.c -- what nim says about itself: the end of --help,
   --version and --list-players */

#include "config.h"

#include "nim-help.h"

#include "nim-i18n.h"
#include "nim-player-engine.h"

#include <stdio.h>

/* --version, as the GNU standards lay it out. */
void
nim_help_print_version (void)
{
  printf ("%s\n", PACKAGE_STRING);
  fputs (_ ("Copyright (C) 2026 the nim authors.\n"
            "License GPLv3+: GNU GPL version 3 or later "
            "<https://gnu.org/licenses/gpl.html>.\n"
            "This is free software: you are free to change and redistribute "
            "it.\nThere is NO WARRANTY, to the extent permitted by law.\n"
            "\nWritten by the nim maintainers; see the AUTHORS file.\n"),
         stdout);
  /* As the end of --help says it. */
  printf (_ ("\nReport bugs to <%s>."), PACKAGE_BUGREPORT);
  putchar ('\n');
}

/* --list-players: every player, its options and the rules it plays; the
   built-in players first, then the engines that --engine declared, under
   a heading of their own. */
void
nim_help_print_players (FILE *out)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  guint i, pass;
  gboolean headed = FALSE;

  for (pass = 0; pass < 2; pass++)
    for (i = 0; classes[i] != NULL; i++)
      {
        const NimPlayerClass *k = classes[i];
        const NimPlayerOption *o;

        if ((k->kind == NIM_PLAYER_ENGINE) != (pass == 1))
          continue;
        if (pass == 1 && !headed)
          {
            /* TRANSLATORS: --list-players, before the engines declared
               with --engine */
            fputs (_ ("\nExternal engines (UGI):\n"), out);
            headed = TRUE;
          }
        fprintf (out, "%-8s %s\n", k->name, _ (k->summary));
        /* TRANSLATORS: under each player of --list-players, the rules it
           plays; keep the indentation. */
        fprintf (out, _ ("         rules: %s\n"), _ (k->rules_help));
        if (nim_player_class_is_engine (k))
          {
            g_autofree char *id_name = NULL;
            g_autofree char *id_author = NULL;
            g_autoptr (GError) error = NULL;

            /* What the engine says it is: it is started to ask it. */
            if (nim_player_engine_identify (k, &id_name, &id_author, &error))
              fprintf (out, _ ("         id: %s, by %s\n"),
                       id_name ? id_name : "?", id_author ? id_author : "?");
            else
              fprintf (out, _ ("         id: none (%s)\n"), error->message);
          }
        for (o = k->options; o != NULL && o->key != NULL; o++)
          {
            g_autofree char *label = NULL;

            switch (o->type)
              {
              case NIM_OPTION_UINT:
                label = g_strdup_printf ("%s=N", o->key);
                break;
              case NIM_OPTION_BOOL:
                label = g_strdup_printf ("%s=on|off", o->key);
                break;
              case NIM_OPTION_SIZE:
                label = g_strdup_printf ("%s=SIZE|off", o->key);
                break;
              case NIM_OPTION_SIZE_ON:
                label = g_strdup_printf ("%s=SIZE", o->key);
                break;
              case NIM_OPTION_SECONDS:
                label = g_strdup_printf ("%s=SECONDS", o->key);
                break;
              case NIM_OPTION_NUMBER:
                label = g_strdup_printf ("%s=NUMBER", o->key);
                break;
              case NIM_OPTION_CHOICE:
                {
                  g_autofree char *c = g_strjoinv ("|", (char **) o->choices);
                  label = g_strdup_printf ("%s=%s", o->key, c);
                }
                break;
              }
            fprintf (out, "         %-18s %s\n", label, _ (o->help));
          }
      }
}

/* The names of the players a person plays as (@person), or of the
   computer players, in the registry's order: --help lists what the
   registry holds, so a new player shows there by itself. */
static char *
player_names (gboolean person)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  guint i;

  for (i = 0; classes[i] != NULL; i++)
    if ((classes[i]->kind == NIM_PLAYER_PERSON) == person)
      g_ptr_array_add (names, (gpointer) classes[i]->name);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (C_ ("list", ", "), (char **) names->pdata);
}

/* The text at the end of --help: the players, examples, exit statuses;
   translated already. */
char *
nim_help_description (void)
{
  g_autofree char *people = player_names (TRUE);
  g_autofree char *computers = player_names (FALSE);
  /* TRANSLATORS: the end of --help begins here.  The first %s names the
     player a person plays as (human), the second the computer players,
     such as "minimax, negamax, xor, grundy, random"; the names and the
     command stay English. */
  g_autofree char *players
      = g_strdup_printf (_ ("Players: %s or a computer: %s;\n"
                            "nim --list-players shows their options.\n"),
                         people, computers);
  /* TRANSLATORS: the end of --help, after the list of players.
     Commands, player names and options stay English; keep the
     examples' columns lined up. */
  const char *rest
      = _ ("Examples:\n"
           "  nim --player2 xor                       three rows of matches "
           "against the nim-sum\n"
           "  nim --moves 2,7,15,16 --player2 grundy  a subtraction game: "
           "take 2, 7, 15 or 16\n"
           "  nim --heaps 13 --max-take 3 --player2 minimax     one heap of "
           "13, take 1 to 3\n"
           "  nim --misere --player2 xor              whoever takes the last "
           "match loses\n"
           "  nim --max-take 2 --misere --player2 grundy        take 1 or 2, "
           "last match loses\n"
           "  nim --player1 negamax --player2 xor --heaps 3,4,5 --json\n"
           "  nim --solve --heaps 3,4,5               who wins, and how\n"
           "  nim --grundy-sequence 30 --moves 2,3,7  values and period\n"
           "  nim -1 negamax:id=off -2 xor --heaps 1,2 --trace  watch "
           "alpha-beta\n"
           "  nim --compare --heaps 3,4,5             every algorithm, one "
           "table\n"
           "  nim --games 1000 --random-heaps 4:20 --player1 negamax "
           "--player2 random --jobs 2\n\n"
           "Exit status: 0 success, 1 a failure, 2 a usage error, "
           "3 a game abandoned,\n130 interrupted by Ctrl-C.\n");

  /* TRANSLATORS: the commands are typed at the prompt and stay
     English. */
  const char *prompt = _ ("At the prompt a person types HEAP COUNT (or the "
                          "heap, then the count),\nor one of moves, hint "
                          "[NAME], board, undo, new, back, help, quit (or "
                          "q).\n");
  /* TRANSLATORS: the last line of --help (GOption ends it); %s is the
     maintainers' e-mail address. */
  g_autofree char *bugs
      = g_strdup_printf (_ ("\nReport bugs to <%s>."), PACKAGE_BUGREPORT);

  return g_strconcat (players, prompt, "\n", rest, bugs, NULL);
}
