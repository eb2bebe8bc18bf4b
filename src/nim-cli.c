/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-cli.c -- the nim command: which modes it has, and the dispatch to
   the one asked for
 *
 * A mode is one file, src/modes/nim-mode-NAME.c, declaring its options, its
 * configuration, its checks and its runner (nim-mode.h); the options
 * several modes take are nim-shared.c's; nim-command.c reads a command
 * line into them.  This file only lists them and runs what was asked. */

#include "config.h"

#include "nim-cli.h"

#include "nim-command.h"
#include "nim-exit.h"
#include "nim-help.h"
#include "nim-locale.h"
#include "nim-i18n.h"
#include "nim-mode.h"
#include "nim-prompt.h"
#include "nim-shared.h"
#include "nim-strings.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#if defined(HAVE_PTHREAD_SETATTR_DEFAULT_NP)
#include <pthread.h>
#endif
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* The largest stack a thread of nim gets: eight times the usual stack
   limit, far more than its deepest recursion (a search of 4,096 plies, a
   JSON document of bounded depth) needs. */
#define THREAD_STACK_MAX ((gsize) 64 << 20)

/* glibc gives each new thread a stack as large as the stack limit
   (ulimit -s): under a limit of hundreds of gigabytes no thread can be
   made (GLib aborts at the first, "Error creating thread"), and under
   one of gigabytes every job of a run reserves that much address space.
   So nim's threads get at most THREAD_STACK_MAX, whatever the limit;
   the main thread's stack keeps it. */
static void
bound_thread_stacks (void)
{
#if defined(HAVE_PTHREAD_SETATTR_DEFAULT_NP)
  struct rlimit limit;
  pthread_attr_t attr;

  if (getrlimit (RLIMIT_STACK, &limit) != 0
      || (limit.rlim_cur != RLIM_INFINITY
          && limit.rlim_cur <= (rlim_t) THREAD_STACK_MAX))
    return;
  if (pthread_attr_init (&attr) != 0)
    return;
  if (pthread_attr_setstacksize (&attr, THREAD_STACK_MAX) == 0)
    pthread_setattr_default_np (&attr);
  pthread_attr_destroy (&attr);
#endif
}

/* The modes.  When several are asked for, the message names the first
   two of them in this order; when none is, the last runs. */
static const NimMode *const modes[] = {
  &nim_mode_solve,        /* --solve */
  &nim_mode_grundy,       /* --grundy-sequence N */
  &nim_mode_match,        /* --games N */
  &nim_mode_compare,      /* --compare */
  &nim_mode_ugi,          /* --ugi */
  &nim_mode_check_engine, /* --check-engine COMMAND */
  &nim_mode_grade,        /* --grade NAME */
  &nim_mode_summarize,    /* --summarize FILE... */
  &nim_mode_certificate,  /* --check-certificate FILE */
  &nim_mode_game,         /* none: one game */
  NULL,
};

/* Every option, the shared ones and each mode's own, in the order --help
   lists them under their headings (#NimHelpGroup). */
static const NimOptionSet *const option_sets[] = {
  &nim_shared_rules,         &nim_shared_players,
  &nim_shared_output,        &nim_mode_solve.options,
  &nim_mode_grundy.options,  &nim_mode_certificate.options,
  &nim_mode_compare.options, &nim_mode_match.options,
  &nim_shared_summary,       &nim_mode_summarize.options,
  &nim_shared_clock,         &nim_shared_engines,
  &nim_mode_ugi.options,     &nim_mode_check_engine.options,
  &nim_mode_grade.options,   NULL,
};

/* What was asked for, once the options are parsed. */
static int
run (NimCommand *command)
{
  g_autoptr (GError) error = NULL;
  NimShared *shared = nim_command_get_shared (command);

  if (nim_command_wants_help (command))
    {
      g_autofree char *help = nim_command_help (command);

      fputs (help, stdout);
      return NIM_EXIT_OK;
    }
  if (nim_command_wants_version (command))
    {
      nim_help_print_version ();
      return NIM_EXIT_OK;
    }
  if (!nim_shared_declare_engines (shared, &error))
    return nim_exit_fail (error, TRUE);
  if (shared->list_players)
    {
      nim_help_print_players (stdout);
      return NIM_EXIT_OK;
    }
  if (!nim_command_check (command, &error))
    return nim_exit_fail (error, TRUE);
  return nim_command_run (command);
}

/* The arguments after the options: the results files of --summarize,
   nothing for every other mode. */
static int
take_arguments (NimCommand *command)
{
  char **args = nim_command_get_arguments (command);
  NimShared *shared = nim_command_get_shared (command);
  g_autofree char *shown = NULL;

  if (args[0] == NULL || args[1] == NULL)
    return NIM_EXIT_OK;
  if (g_str_equal (args[1], "--"))
    {
      /* GOption keeps a "--" and what follows it as arguments, and nim
         takes none: "such as --heaps --" would be no help. */
      fputs (_ ("nim: '--' ends the options, but nim takes nothing else; "
                "leave it out\n"
                "Try 'nim --help' for more information.\n"),
             stderr);
      return NIM_EXIT_USAGE;
    }
  if (nim_command_takes_arguments (command))
    {
      shared->arguments = g_strdupv (args + 1);
      return NIM_EXIT_OK;
    }
  shown = nim_text_escape (args[1], 40);
  fprintf (stderr,
           _ ("nim: unexpected argument '%1$s'; every setting is "
              "an option, such as --heaps %1$s\n"
              "Try 'nim --help' for more information.\n"),
           shown);
  return NIM_EXIT_USAGE;
}

/* A standard descriptor that nim was started without would be the
   first that nim opens: a timer nim --ugi waits on as if it were its
   input, a results file that the summary is then written into.  Each one
   closed is held by /dev/null opened the other way round (standard input
   for writing, output and error for reading), so that using it fails
   with EBADF, as using a closed descriptor does (gnulib's stdopen). */
static void
reserve_standard_fds (void)
{
  int fd;

  for (fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++)
    if (fcntl (fd, F_GETFD) < 0 && errno == EBADF)
      {
        int held
            = open ("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);

        /* open () returns the lowest free descriptor, this one. */
        if (held >= 0 && held != fd)
          {
            dup2 (held, fd);
            close (held);
          }
      }
}

/* Why writing to standard output failed, an errno, or 0 when nothing
   says: @flushed is fflush ()'s errno when it failed just now, else 0;
   a write that failed earlier left errno long overwritten, but an empty
   write still finds a descriptor that is closed (see
   reserve_standard_fds ()) or a device that is full, and a poll a pipe
   whose reader is gone. */
static int
stdout_errno (int flushed)
{
  struct pollfd out = { STDOUT_FILENO, POLLOUT, 0 };

  if (flushed != 0)
    return flushed;
  if (write (STDOUT_FILENO, "", 0) < 0)
    return errno;
  /* The write end of a pipe whose reader is gone polls as an error
     (poll(2)); an empty write to it succeeds. */
  if (poll (&out, 1, 0) == 1 && (out.revents & POLLERR) != 0)
    return EPIPE;
  return 0;
}

/**
 * nim_cli_run:
 * @argc: the argument count of main()
 * @argv: the arguments of main()
 *
 * Runs the nim command.  `nim --complete WORD...` is the bash
 * completion's question (see nim_command_complete()).
 *
 * Returns: the exit status: 0 success, 1 a failure, 2 a usage error, 3 a
 *   game abandoned, 130 a game or a run stopped by Ctrl-C (143 by
 *   SIGTERM, 129 by SIGHUP)
 */
int
nim_cli_run (int argc, char **argv)
{
  g_autoptr (NimCommand) command = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *description = NULL;
  int status, flushed = 0;

  bound_thread_stacks ();
  reserve_standard_fds ();
  nim_locale_init ();
  description = nim_help_description ();
  command = nim_command_new (modes, option_sets, description);
  if (argc > 1 && g_str_equal (argv[1], "--complete"))
    {
      nim_command_complete (command, argv + 2, stdout);
      return NIM_EXIT_OK;
    }
  nim_signals_init ();
  if (!nim_command_parse (command, argv, &error))
    status = nim_exit_fail (error, TRUE);
  else if ((status = take_arguments (command)) == NIM_EXIT_OK)
    status = run (command);
  /* Stopped by SIGTERM or SIGHUP as by Ctrl-C: the status says which. */
  if (status == NIM_EXIT_INTERRUPTED)
    status = nim_interrupt_status ();

  /* A full disk or a closed pipe must not pass for success (GNU
     standards: check for errors when closing standard output). */
  if (fflush (stdout) != 0)
    flushed = errno;
  if (flushed != 0 || ferror (stdout))
    {
      int why = stdout_errno (flushed);

      if (why != 0)
        fprintf (stderr, _ ("nim: write error on standard output: %s\n"),
                 g_strerror (why));
      else
        fputs (_ ("nim: write error on standard output\n"), stderr);
      if (status == NIM_EXIT_OK)
        status = NIM_EXIT_FAILURE;
    }
  return status;
}
