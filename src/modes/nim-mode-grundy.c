/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-grundy.c -- nim --grundy-sequence N: the Sprague-Grundy values
   of one heap from 0 to N and their period, under a take rule or a
   take-and-break code; with --prove, the period proven, and with
   --certificate FILE, its proof written for --check-certificate */

#include "config.h"

#include "nim-analysis-report.h"
#include "nim-certificate.h"
#include "nim-checkpoint.h"
#include "nim-command.h"
#include "nim-error.h"
#include "nim-exit.h"
#include "nim-grundy.h"
#include "nim-i18n.h"
#include "nim-mode.h"
#include "nim-octal.h"
#include "nim-parse.h"
#include "nim-prompt.h"
#include "nim-record.h"
#include "nim-sequence-report.h"
#include "nim-sequence.h"
#include "nim-shared.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Values computed between two writes of the sequence. */
#define SEQUENCE_CHUNK 65536
/* Seconds between two saves of --checkpoint, by default. */
#define CHECKPOINT_EVERY 60
/* The least --max-memory: the tables of a code with large values take
   some hundreds of KiB. */
#define MIN_MEMORY (G_GUINT64_CONSTANT (1) << 20)
#define MAX_MEMORY (G_GUINT64_CONSTANT (1) << 50)

/**
 * GrundyConfig:
 * @n_text: --grundy-sequence N, as given
 * @prove: --prove
 * @limit_text: --prove-limit N, as given
 * @certificate: --certificate FILE
 * @memory_text: --max-memory SIZE, as given
 * @histogram: --histogram DIR
 * @checkpoint: --checkpoint DIR
 * @every_text: --checkpoint-every SECONDS, as given
 * @n: N
 * @limit: the last heap --prove computes; 0 for the default
 *   (%NIM_SEQUENCE_PROVE_DEFAULT)
 * @max_memory: the bytes the computation may take; 0 for what the
 *   machine can spare
 * @every: the seconds between two saves of --checkpoint
 *
 * The options of --grundy-sequence.
 */
typedef struct
{
  char *n_text;
  gboolean prove;
  char *limit_text;
  char *certificate;
  char *memory_text;
  char *histogram;
  char *checkpoint;
  char *every_text;

  guint64 n;
  guint64 limit;
  guint64 max_memory;
  guint64 every;
} GrundyConfig;

#define FIELD(member) NIM_OPTION_FIELD (GrundyConfig, member)

static const NimOption options[] = {
  { { "grundy-sequence", 0, 0, G_OPTION_ARG_STRING, FIELD (n_text),
      N_ ("Print G(0) to G(N) of one heap and its period"), "N" },
    0,
    NULL,
    NULL },
  { { "prove", 0, 0, G_OPTION_ARG_NONE, FIELD (prove),
      N_ ("With --grundy-sequence, compute past N until the period is "
          "proven, or to --prove-limit"),
      NULL },
    0,
    N_ ("--prove (it needs --grundy-sequence)"),
    NULL },
  { { "prove-limit", 0, 0, G_OPTION_ARG_STRING, FIELD (limit_text),
      N_ ("The last heap --prove computes (default 268435455, 2^28 values)"),
      "N" },
    0,
    N_ ("--prove-limit (it needs --grundy-sequence and --prove)"),
    NULL },
  { { "certificate", 0, 0, G_OPTION_ARG_FILENAME, FIELD (certificate),
      N_ ("With --grundy-sequence --rules, write the proof of the period as "
          "JSON to FILE, for --check-certificate"),
      "FILE" },
    0,
    N_ ("--certificate (it needs --grundy-sequence and --rules)"),
    NULL },
  { { "max-memory", 0, 0, G_OPTION_ARG_STRING, FIELD (memory_text),
      N_ ("With --grundy-sequence --rules, the most memory the computation "
          "may take, such as 512M or 2G (default: what the machine can "
          "spare); the values beyond it are kept in a file"),
      "SIZE" },
    0,
    N_ ("--max-memory (it needs --grundy-sequence and --rules)"),
    NULL },
  { { "histogram", 0, 0, G_OPTION_ARG_FILENAME, FIELD (histogram),
      N_ ("With --grundy-sequence --rules, write DIR/N for every power of "
          "two N the values reach: a line VALUE COUNT for each value among "
          "G(1) to G(N)"),
      "DIR" },
    0,
    N_ ("--histogram (it needs --grundy-sequence and --rules)"),
    NULL },
  { { "checkpoint", 0, 0, G_OPTION_ARG_FILENAME, FIELD (checkpoint),
      N_ ("With --grundy-sequence --rules, save the computation in DIR "
          "now and then and on SIGTERM or Ctrl-C; the same command with "
          "the same DIR goes on from the last save"),
      "DIR" },
    0,
    N_ ("--checkpoint (it needs --grundy-sequence and --rules)"),
    NULL },
  { { "checkpoint-every", 0, 0, G_OPTION_ARG_STRING, FIELD (every_text),
      N_ ("With --checkpoint, the seconds between two saves (default 60; "
          "0: as often as the progress line is drawn)"),
      "SECONDS" },
    0,
    N_ ("--checkpoint-every (it needs --grundy-sequence and --checkpoint)"),
    NULL },
  { { NULL } },
};

static const NimRefusal refusals[] = {
  NIM_SHARED_REFUSE_TRACE (nim_shared_no_trace),
  { NULL },
};

/* Whether --certificate can write @path, checked before any value is
   computed: a regular file, or none yet, is written beside it first and
   renamed over it, so its folder must take a new file; anything else
   (a device, a pipe, a symbolic link) is written as it is, and must take
   writing itself (see write_file()). */
static gboolean
check_certificate_path (const char *path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  GStatBuf st;
  int saved = 0;

  /* errno is taken at once: the next call may change it. */
  if (g_stat (path, &st) == 0 && S_ISDIR (st.st_mode))
    saved = EISDIR;
  else if (g_lstat (path, &st) == 0 && !S_ISREG (st.st_mode))
    saved = g_access (path, W_OK) == 0 ? 0 : errno;
  else if (g_access (dir, W_OK) != 0)
    saved = errno;
  if (saved == 0)
    return TRUE;
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: %s is a file name, then why it cannot
                  be written, such as "No such file or directory". */
               _ ("--certificate %s: cannot write there: %s"), path,
               g_strerror (saved));
  return FALSE;
}

/* The folder of --histogram or --checkpoint (@option) @path, made if it
   is not there: it must take new files. */
static gboolean
check_dir (const char *option, const char *path, GError **error)
{
  int saved;

  if (g_mkdir_with_parents (path, 0777) == 0
      && g_file_test (path, G_FILE_TEST_IS_DIR) && g_access (path, W_OK) == 0)
    return TRUE;
  saved = g_file_test (path, G_FILE_TEST_EXISTS)
                  && !g_file_test (path, G_FILE_TEST_IS_DIR)
              ? ENOTDIR
              : errno;
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: the first %s is an option, --histogram or
                  --checkpoint, the second a folder, then why it cannot
                  be written, such as "Permission denied". */
               _ ("%s %s: cannot write there: %s"), option, path,
               g_strerror (saved));
  return FALSE;
}

static gboolean
grundy_check (gpointer config, NimShared *shared, GError **error)
{
  GrundyConfig *g = config;

  if (shared->rules.misere)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--grundy-sequence gives normal-play values; drop "
                      "--misere"));
      return FALSE;
    }
  if (g->limit_text != NULL && !g->prove)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--prove-limit is how far --prove computes; give "
                      "--prove too"));
      return FALSE;
    }
  if (g->every_text != NULL && g->checkpoint == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--checkpoint-every is how often --checkpoint saves; "
                      "give --checkpoint too"));
      return FALSE;
    }
  if (shared->per_position)
    {
      nim_command_set_conflict (error, "--grundy-sequence",
                                _ ("--per-position (it needs --games)"));
      return FALSE;
    }
  if (!shared->coded)
    {
      if (shared->quiet)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s needs a take-and-break code given with "
                          "--rules; the values of --max-take and --moves "
                          "are printed in full"),
                       "--quiet");
          return FALSE;
        }
      if (g->prove || g->certificate != NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s needs a take-and-break code given with "
                          "--rules; the period of --max-take and --moves "
                          "is proven as it is found"),
                       g->prove ? "--prove" : "--certificate");
          return FALSE;
        }
      if (g->memory_text != NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s needs a take-and-break code given with "
                          "--rules; the values of --max-take and --moves "
                          "take little memory"),
                       "--max-memory");
          return FALSE;
        }
      if (g->histogram != NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s needs a take-and-break code given with "
                          "--rules; the values of --max-take and --moves "
                          "are printed in full"),
                       "--histogram");
          return FALSE;
        }
      if (g->checkpoint != NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s needs a take-and-break code given with "
                          "--rules; the values of --max-take and --moves "
                          "take moments"),
                       "--checkpoint");
          return FALSE;
        }
      return nim_parse_uint (g->n_text, 0, NIM_GRUNDY_SEQUENCE_MAX,
                             "--grundy-sequence", &g->n, error);
    }
  /* A code has no cap but memory, which the run checks first. */
  g->every = CHECKPOINT_EVERY;
  return nim_parse_uint (g->n_text, 0, G_MAXUINT64 - 1, "--grundy-sequence",
                         &g->n, error)
         && (g->limit_text == NULL
             || nim_parse_uint (g->limit_text, 1, G_MAXUINT64 - 1,
                                "--prove-limit", &g->limit, error))
         && (g->certificate == NULL
             || check_certificate_path (g->certificate, error))
         && (g->memory_text == NULL
             || nim_parse_size (g->memory_text, MIN_MEMORY, MAX_MEMORY,
                                "--max-memory", &g->max_memory, error))
         && (g->histogram == NULL
             || check_dir ("--histogram", g->histogram, error))
         && (g->every_text == NULL
             || nim_parse_uint (g->every_text, 0, 86400 * 365,
                                "--checkpoint-every", &g->every, error))
         && (g->checkpoint == NULL
             || check_dir ("--checkpoint", g->checkpoint, error));
}

/* Writes @contents to @path.  A regular file, or none yet, is replaced
   at once by one written beside it (a reader never sees half of it);
   anything else is written as it is and never replaced: a device such
   as /dev/stdout or /dev/full (whose "No space left on device" is
   reported), a pipe, or a symbolic link, whose target is written. */
static gboolean
write_file (const char *path, const char *contents, GError **error)
{
  gsize left = strlen (contents);
  GStatBuf st;
  int fd, saved = 0;

  if (g_lstat (path, &st) != 0 || S_ISREG (st.st_mode))
    return g_file_set_contents (path, contents, -1, error);
  do
    fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY | O_CLOEXEC,
               0666);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    saved = errno;
  while (fd >= 0 && saved == 0 && left > 0)
    {
      ssize_t n = write (fd, contents, left);

      if (n < 0 && errno != EINTR)
        saved = errno;
      else if (n > 0)
        {
          contents += n;
          left -= (gsize) n;
        }
    }
  if (fd >= 0 && close (fd) != 0 && saved == 0)
    saved = errno;
  if (saved == 0)
    return TRUE;
  g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
               /* TRANSLATORS: %s is a file name, then why it could not be
                  written, such as "No space left on device". */
               _ ("--certificate %s: cannot write: %s"), path,
               g_strerror (saved));
  return FALSE;
}

/* Writes the certificate of @period as JSON to @path (write_file()).
   Returns the exit status: 1
   when the period is not proven or the file cannot be written, with a
   message saying so. */
static int
write_certificate (const char *path, const NimSequence *values,
                   const NimSequencePeriod *period)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autofree char *text = NULL;
  g_autofree char *contents = NULL;
  NimCertificate certificate;

  if (!nim_certificate_init (&certificate, values, period, &error))
    {
      g_autofree char *message = g_strdup_printf (
          /* TRANSLATORS: %s is a file name, then why no certificate was
             written. */
          _ ("--certificate %s: not written: %s; add --prove to compute as "
             "far as the proof needs"),
          path, error->message);

      g_free (error->message);
      error->message = g_steal_pointer (&message);
      return nim_exit_fail (error, FALSE);
    }
  node = nim_sequence_report_certificate_to_json (&certificate);
  nim_certificate_clear (&certificate);
  text = nim_record_to_string (node, TRUE);
  contents = g_strconcat (text, "\n", NULL);
  if (!write_file (path, contents, &error))
    return nim_exit_fail (error, FALSE);
  return NIM_EXIT_OK;
}

/* What a run of a code keeps while it computes: its values, their
   report, and its checkpoint with when it next saves. */
typedef struct
{
  const GrundyConfig *config;
  NimSequence *values;
  NimSequenceReport *report;
  NimCheckpoint *checkpoint;
  gint64 next_save;
} OctalRun;

/* Saves the run to --checkpoint, if it has one. */
static gboolean
save_checkpoint (OctalRun *run, GError **error)
{
  if (run->checkpoint == NULL)
    return TRUE;
  run->next_save
      = g_get_monotonic_time () + (gint64) run->config->every * G_USEC_PER_SEC;
  return nim_checkpoint_save (run->checkpoint, run->values, error);
}

/* Opens --checkpoint and takes up its last save.  The save must be of
   the same computation: the code, N, and how far --prove goes. */
static NimCheckpoint *
open_checkpoint (const GrundyConfig *g, const NimShared *shared,
                 NimSequence *values, GError **error)
{
  g_autofree char *code = nim_octal_to_string (&shared->code);
  g_autofree char *n = g_strdup_printf ("%llu", (unsigned long long) g->n);
  g_autofree char *limit = g_strdup_printf (
      "%llu",
      (unsigned long long) (g->limit != 0 ? g->limit
                                          : NIM_SEQUENCE_PROVE_DEFAULT));
  const char *identity[] = { "--rules",
                             code,
                             "--grundy-sequence",
                             n,
                             "--prove",
                             g->prove ? "yes" : "no",
                             "--prove-limit",
                             g->prove ? limit : "-",
                             NULL };
  g_autoptr (NimCheckpoint) checkpoint
      = nim_checkpoint_open (g->checkpoint, identity, error);

  if (checkpoint == NULL
      || !nim_checkpoint_restore (checkpoint, values, error))
    return NULL;
  return g_steal_pointer (&checkpoint);
}

/* Writes the value counts reached so far; a failure stops the run. */
static gboolean
write_histograms (OctalRun *run, GError **error)
{
  if (run->config->histogram == NULL)
    return TRUE;
  return nim_sequence_report_histograms (run->report, run->values, error);
}

/* The progress function: the progress line, and the value counts of each
   power of two as it is reached. */
static void
octal_progress (guint64 len, guint64 target, gpointer data)
{
  OctalRun *run = data;
  g_autoptr (GError) error = NULL;

  nim_sequence_report_progress (len, target, run->report);
  if (!write_histograms (run, &error)
      || (run->checkpoint != NULL && g_get_monotonic_time () >= run->next_save
          && !save_checkpoint (run, &error)))
    nim_sequence_stop (run->values, error);
}

/* nim --grundy-sequence N --rules CODE: the values of a take-and-break
   game, written as they come, and its period, proven by the octal
   periodicity theorem when the values reach far enough (or --prove
   computes them that far, as far as --prove-limit).  Ctrl-C keeps what
   was computed: the values written and what they show (exit 130).
   --certificate FILE writes the proof for --check-certificate.
   --checkpoint DIR saves the run now and then and before it ends, and
   takes up the last save: the values restored are printed as computed
   ones, so the output is the one a run never stopped gives. */
static int
run_octal (const GrundyConfig *g, const NimShared *shared)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimSequence) values
      = nim_sequence_new (&shared->code, NIM_SEQUENCE_SPARSE);
  g_autoptr (NimSequenceReport) report = NULL;
  g_autoptr (NimCheckpoint) checkpoint = NULL;
  NimSequencePeriod period;
  NimSequenceEnd end;
  OctalRun run;

  /* What neither memory nor the disk can hold is refused now, not half
     way. */
  if (!nim_sequence_set_max_memory (values, g->max_memory, &error)
      || !nim_sequence_reserve (values, g->n, &error))
    return nim_exit_fail (error, TRUE);
  if (g->checkpoint != NULL
      && (checkpoint = open_checkpoint (g, shared, values, &error)) == NULL)
    return nim_exit_fail (error, TRUE);
  report = nim_sequence_report_new (&shared->code, &shared->output);
  nim_sequence_report_set_target (report, g->n);
  if (g->histogram != NULL)
    nim_sequence_report_set_histograms (report, g->histogram);
  if (shared->quiet)
    nim_sequence_report_set_quiet (report);
  run.config = g;
  run.values = values;
  run.report = report;
  run.checkpoint = checkpoint;
  run.next_save = g_get_monotonic_time () + (gint64) g->every * G_USEC_PER_SEC;
  nim_sequence_set_progress (values, octal_progress, &run);
  if (nim_sequence_len (values) > 0)
    nim_sequence_report_values (report, values,
                                MIN (g->n, nim_sequence_len (values) - 1));
  nim_interrupt_catch ();
  while (error == NULL && nim_sequence_len (values) <= g->n)
    {
      guint64 len = nim_sequence_len (values);

      nim_sequence_extend (values, MIN (g->n, len + SEQUENCE_CHUNK - 1),
                           &error);
      if (nim_sequence_len (values) > len)
        nim_sequence_report_values (report, values,
                                    MIN (g->n, nim_sequence_len (values) - 1));
      /* A chunk may take less than the progress function's interval. */
      if (error == NULL && checkpoint != NULL
          && g_get_monotonic_time () >= run.next_save)
        save_checkpoint (&run, &error);
    }
  nim_sequence_period (values, &period);
  if (error == NULL && g->prove)
    nim_sequence_prove (values, g->limit, &period, &error);
  nim_interrupt_release ();
  /* The counts reached before an interruption are written too. */
  if (error == NULL
      || g_error_matches (error, NIM_ERROR, NIM_ERROR_INTERRUPTED))
    {
      g_autoptr (GError) local = NULL;

      if (!write_histograms (&run, &local) && error == NULL)
        error = g_steal_pointer (&local);
      /* The last save, before leaving. */
      g_clear_error (&local);
      if (!save_checkpoint (&run, &local) && error == NULL)
        error = g_steal_pointer (&local);
    }
  end = g_error_matches (error, NIM_ERROR, NIM_ERROR_INTERRUPTED)
            ? NIM_SEQUENCE_END_INTERRUPTED
        : g->prove && error == NULL && period.kind != NIM_SEQUENCE_PROVEN
            ? NIM_SEQUENCE_END_LIMIT
            : NIM_SEQUENCE_END_DONE;
  nim_sequence_report_finish (report, values, &period, end);
  if (end == NIM_SEQUENCE_END_INTERRUPTED)
    return NIM_EXIT_INTERRUPTED;
  if (error != NULL)
    return nim_exit_fail (error, FALSE);
  if (g->certificate != NULL)
    return write_certificate (g->certificate, values, &period);
  return NIM_EXIT_OK;
}

/* nim --grundy-sequence N: the Sprague-Grundy values of one heap from 0
   to N under the rules, and their period. */
static int
grundy_run (gpointer config, NimShared *shared)
{
  const GrundyConfig *g = config;
  g_autoptr (NimGrundySequence) sequence = NULL;

  if (shared->coded)
    return run_octal (g, shared);
  sequence = nim_grundy_sequence_new (&shared->rules, g->n);
  nim_output_write (&shared->output, &nim_analysis_report_sequence_writer,
                    sequence);
  return NIM_EXIT_OK;
}

/**
 * nim_mode_grundy:
 *
 * nim --grundy-sequence N: the values of one heap and their period.
 */
const NimMode nim_mode_grundy = {
  .name = "--grundy-sequence",
  .options = { NIM_HELP_ANALYSIS, FALSE, options },
  .shared = NIM_SHARED_TAKE | NIM_SHARED_JSON | NIM_SHARED_SUMMARY,
  .refusals = refusals,
  .config_size = sizeof (GrundyConfig),
  .check = grundy_check,
  .run = grundy_run,
};
