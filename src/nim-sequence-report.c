/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-sequence-report.c -- the values of a take-and-break code in text
 * and JSON, written as they come; the progress line; certificates as
 * JSON
 *
 * lib/core/nim-sequence.c computes, a chunk at a time; this writes each
 * chunk as it is done, so that a long sequence shows at once and a run
 * stopped by Ctrl-C keeps what it printed.  The text has ten values a
 * line; the JSON object's "values" array is written as it goes, and its
 * other members (the period, the exceptions) at the end. */

#include "config.h"

#include "nim-sequence-report.h"

#include "nim-i18n.h"
#include "nim-text.h"
#include "nim-error.h"

#include <string.h>
#include <unistd.h>

/* The values, the heaps and the period a certificate names, as JSON
   members, with what each must be. */
#define CERTIFICATE_KIND "octal-period"
#define CERTIFICATE_VERSION 1

/* The values in one form: text, or with --json one JSON object whose
   "values" array is written as it goes. */
typedef struct
{
  /* The heading, or the object's first members. */
  void (*start) (const char *code, FILE *out);
  /* G(@from) .. G(@last). */
  void (*values) (const NimSequence *sequence, guint64 from, guint64 last,
                  FILE *out);
  /* After the values (some were written if r->shown > 0), the period,
     what the computation found and the value counts. */
  void (*finish) (const NimSequenceReport *r, const NimSequence *sequence,
                  const NimSequencePeriod *period, NimSequenceEnd end,
                  FILE *out);
} SequenceForm;

struct _NimSequenceReport
{
  NimOctal code;
  const SequenceForm *form; /* NULL: the progress line only */
  FILE *out;
  guint64 shown; /* the values printed: G(0) .. G(shown - 1) */
  /* The progress line on standard error, when that is a terminal; it is
     cleared before values are printed on the same terminal. */
  gboolean show;
  gboolean out_is_terminal;
  guint64 target;
  gint64 start;
  gsize width;
  /* --histogram DIR, and how many of the sequence's counts are written
     there: DIR/1, DIR/2, ... */
  char *histogram_dir;
  guint histograms_written;
  /* --quiet: the summary without the values, and no progress line. */
  gboolean quiet;
};

static void
text_start (const char *code, FILE *out)
{
  /* TRANSLATORS: %s is a code such as 0.77; keep it as it is. */
  fprintf (out,
           _ ("Sprague-Grundy values of one heap, take-and-break code %s, "
              "normal play:\n"),
           code);
}

/* Ten to a line, each line headed by its first heap. */
static void
text_values (const NimSequence *sequence, guint64 from, guint64 last,
             FILE *out)
{
  guint64 i;

  for (i = from; i <= last; i++)
    {
      if (i % 10 == 0)
        fprintf (out, "%s%8llu:", i ? "\n" : "", (unsigned long long) i);
      fprintf (out, " %2u", nim_sequence_get (sequence, i));
    }
}

/* After the values in text, the period: proven, apparent and how far
   its proof needs the values, or none; with a period, the part that
   repeats and the exceptions before it. */
/* What the computation found besides the period: the largest value,
   the rare heaps, and where --histogram wrote the value counts. */
static void
text_found (const NimSequenceReport *r, const NimSequence *sequence, FILE *out)
{
  NimSequenceStats stats;
  NimSequenceHistogram last;
  guint n = nim_sequence_n_histograms (sequence);

  nim_sequence_stats (sequence, &stats);
  fprintf (out, _ ("Largest value %u, first at n = %llu.\n"), stats.max_value,
           (unsigned long long) stats.max_at);
  if (stats.mask != 0)
    fprintf (
        out,
        g_dngettext (GETTEXT_PACKAGE,
                     "Sparse space: %llu rare heap under the mask %#llx, "
                     "the last at n = %llu.\n",
                     "Sparse space: %llu rare heaps under the mask %#llx, "
                     "the last at n = %llu.\n",
                     stats.rare),
        (unsigned long long) stats.rare, (unsigned long long) stats.mask,
        (unsigned long long) stats.last_rare);
  if (r->histogram_dir != NULL && n > 0)
    {
      nim_sequence_histogram (sequence, n - 1, &last);
      fprintf (out,
               _ ("Value counts of G(1) to G(N) for N = 1, 2, 4, ..., %llu "
                  "written to %s.\n"),
               (unsigned long long) last.n, r->histogram_dir);
    }
}

static void
text_finish (const NimSequenceReport *r, const NimSequence *sequence,
             const NimSequencePeriod *period, NimSequenceEnd end, FILE *out)
{
  guint64 i, shown = 0, last = 0;

  if (r->shown > 0)
    fputc ('\n', out);
  if (end == NIM_SEQUENCE_END_INTERRUPTED)
    fprintf (out,
             _ ("Interrupted: the values are computed to n = %llu; what "
                "follows is what they show.\n"),
             (unsigned long long) period->checked);
  if (nim_sequence_len (sequence) > 0)
    text_found (r, sequence, out);
  switch (period->kind)
    {
    case NIM_SEQUENCE_NO_PERIOD:
      fprintf (out, _ ("No period up to n = %llu.\n"),
               (unsigned long long) period->checked);
      if (end == NIM_SEQUENCE_END_LIMIT)
        fprintf (out,
                 _ ("--prove stopped at its limit, n = %llu; "
                    "--prove-limit N goes further.\n"),
                 (unsigned long long) period->checked);
      return;
    case NIM_SEQUENCE_APPARENT:
      if (end == NIM_SEQUENCE_END_LIMIT)
        {
          fprintf (out,
                   _ ("Apparent period %llu from n = %llu, not yet proven "
                      "at n = %llu, where --prove stopped at its limit: the "
                      "proof needs the values to n = %llu (--prove-limit N "
                      "goes further).\n"),
                   (unsigned long long) period->period,
                   (unsigned long long) period->preperiod,
                   (unsigned long long) period->checked,
                   (unsigned long long) period->needed);
          break;
        }
      fprintf (out,
               _ ("Apparent period %llu from n = %llu, not yet proven at "
                  "n = %llu: the proof needs the values to n = %llu (add "
                  "--prove to compute them).\n"),
               (unsigned long long) period->period,
               (unsigned long long) period->preperiod,
               (unsigned long long) period->checked,
               (unsigned long long) period->needed);
      break;
    case NIM_SEQUENCE_PROVEN:
      fprintf (out,
               _ ("Period %llu from n = %llu, proven: the values repeat to "
                  "n = %llu, and the octal periodicity theorem needs them "
                  "to n = %llu.\n"),
               (unsigned long long) period->period,
               (unsigned long long) period->preperiod,
               (unsigned long long) period->checked,
               (unsigned long long) period->needed);
      break;
    }
  fputs (_ ("The part that repeats:"), out);
  for (i = period->preperiod; i < period->preperiod + MIN (period->period, 40);
       i++)
    fprintf (out, " %u", nim_sequence_get (sequence, i));
  fprintf (out, "%s\n", period->period > 40 ? " ..." : "");
  fputs (_ ("Exceptions (heaps below the period whose value it does not "
            "give):"),
         out);
  for (i = 0; i < period->preperiod; i++)
    if (nim_sequence_is_exception (sequence, period, i))
      {
        /* A long pre-period (0.127's reaches 46,577) has thousands: the
           first ones, how many, and the last, which --json lists all. */
        if (shown < 30)
          fprintf (out, " %llu", (unsigned long long) i);
        shown++;
        last = i;
      }
  if (shown == 0)
    /* TRANSLATORS: after "Exceptions (...):" when there are none. */
    fputs (_ (" none"), out);
  else if (shown > 30)
    fprintf (out, _ (" ... (%llu in all, the last at n = %llu)"),
             (unsigned long long) shown, (unsigned long long) last);
  fputc ('\n', out);
}

static void
json_start (const char *code, FILE *out)
{
  fprintf (out, "{\"rules\":{\"code\":\"%s\",\"misere\":false},\"values\":[",
           code);
}

static void
json_values (const NimSequence *sequence, guint64 from, guint64 last,
             FILE *out)
{
  guint64 i;

  for (i = from; i <= last; i++)
    fprintf (out, i ? ",%u" : "%u", nim_sequence_get (sequence, i));
}

/* What the computation found besides the period, and with --histogram
   the value counts at every power of two, as JSON members. */
static void
json_found (const NimSequenceReport *r, const NimSequence *sequence, FILE *out)
{
  NimSequenceStats stats;
  guint i, k;

  nim_sequence_stats (sequence, &stats);
  fprintf (out, ",\"largest\":%u,\"largest_at\":%llu", stats.max_value,
           (unsigned long long) stats.max_at);
  if (stats.mask != 0)
    fprintf (out, ",\"rare_heaps\":%llu,\"last_rare\":%llu,\"mask\":%llu",
             (unsigned long long) stats.rare,
             (unsigned long long) stats.last_rare,
             (unsigned long long) stats.mask);
  else
    fputs (",\"rare_heaps\":null,\"last_rare\":null,\"mask\":null", out);
  if (r->histogram_dir == NULL)
    return;
  fputs (",\"histograms\":[", out);
  for (i = 0; i < nim_sequence_n_histograms (sequence); i++)
    {
      NimSequenceHistogram h;

      nim_sequence_histogram (sequence, i, &h);
      fprintf (out, "%s{\"n\":%llu,\"counts\":[", i > 0 ? "," : "",
               (unsigned long long) h.n);
      for (k = 0; k < h.n_values; k++)
        fprintf (out, "%s[%u,%llu]", k > 0 ? "," : "", h.values[k],
                 (unsigned long long) h.counts[k]);
      fputs ("]}", out);
    }
  fputc (']', out);
}

/* The period as the JSON object's last members. */
static void
json_finish (const NimSequenceReport *r, const NimSequence *sequence,
             const NimSequencePeriod *period, NimSequenceEnd end, FILE *out)
{
  gboolean periodic = period->kind != NIM_SEQUENCE_NO_PERIOD;
  gboolean first = TRUE;
  guint64 i;

  fputs ("],\"exceptions\":[", out);
  for (i = 0; periodic && i < period->preperiod; i++)
    if (nim_sequence_is_exception (sequence, period, i))
      {
        fprintf (out, first ? "%llu" : ",%llu", (unsigned long long) i);
        first = FALSE;
      }
  if (periodic)
    fprintf (out,
             "],\"period\":%llu,\"preperiod\":%llu,\"proven\":%s,"
             "\"checked\":%llu,\"needed\":%llu",
             (unsigned long long) period->period,
             (unsigned long long) period->preperiod,
             period->kind == NIM_SEQUENCE_PROVEN ? "true" : "false",
             (unsigned long long) period->checked,
             (unsigned long long) period->needed);
  else
    fprintf (out,
             "],\"period\":null,\"preperiod\":null,\"proven\":false,"
             "\"checked\":%llu,\"needed\":null",
             (unsigned long long) period->checked);
  json_found (r, sequence, out);
  fprintf (out, ",\"interrupted\":%s}\n",
           end == NIM_SEQUENCE_END_INTERRUPTED ? "true" : "false");
}

static const SequenceForm text_form = { text_start, text_values, text_finish };
static const SequenceForm json_form = { json_start, json_values, json_finish };

/**
 * nim_sequence_report_new:
 * @code: the code whose values are printed
 * @output: (nullable): where the values go, as text or as JSON; %NULL for
 *   a report that only draws the progress line
 *
 * Prints the start: the heading, or the JSON object's first members.
 *
 * Returns: (transfer full): the report; free with
 *   nim_sequence_report_free()
 */
NimSequenceReport *
nim_sequence_report_new (const NimOctal *code, const NimOutput *output)
{
  NimSequenceReport *r = g_new0 (NimSequenceReport, 1);
  g_autofree char *text = nim_octal_to_string (code);

  r->code = *code;
  r->show = isatty (STDERR_FILENO);
  r->start = g_get_monotonic_time ();
  if (output == NULL)
    return r;
  r->form = output->json ? &json_form : &text_form;
  r->out = output->out;
  r->out_is_terminal = isatty (fileno (r->out));
  r->form->start (text, r->out);
  return r;
}

/**
 * nim_sequence_report_free:
 * @report: (nullable): a report
 */
void
nim_sequence_report_free (NimSequenceReport *report)
{
  if (report == NULL)
    return;
  g_free (report->histogram_dir);
  g_free (report);
}

/**
 * nim_sequence_report_values:
 * @report: a report with an output
 * @sequence: the values, computed at least to @last
 * @last: the last value to print now
 *
 * Prints the values after those printed before, to G(@last): in text
 * ten to a line, each line headed by its first heap.
 */
void
nim_sequence_report_values (NimSequenceReport *report,
                            const NimSequence *sequence, guint64 last)
{
  NimSequenceReport *r = report;

  g_return_if_fail (r->form != NULL);
  if (r->quiet)
    return;
  if (r->out_is_terminal)
    nim_sequence_report_clear_progress (r);
  r->form->values (sequence, r->shown, last, r->out);
  r->shown = last + 1;
  fflush (r->out);
}

/**
 * nim_sequence_report_finish:
 * @report: a report with an output
 * @sequence: the values
 * @period: what they show
 * @end: why the computation stopped: @period says what the values
 *   computed until then show
 *
 * Ends the values and prints the period: proven, apparent and how far
 * its proof needs the values, or none; with a period, the part that
 * repeats and the exceptions before it.  The JSON object is
 * {"rules": {"code": "0.77", "misere": false}, "values": [...],
 * "exceptions": [...], "period": P|null, "preperiod": Q|null,
 * "proven": B, "checked": N, "needed": M|null, "interrupted": B}.
 */
void
nim_sequence_report_finish (NimSequenceReport *report,
                            const NimSequence *sequence,
                            const NimSequencePeriod *period,
                            NimSequenceEnd end)
{
  NimSequenceReport *r = report;

  g_return_if_fail (r->form != NULL);
  nim_sequence_report_clear_progress (r);
  r->form->finish (r, sequence, period, end, r->out);
  fflush (r->out);
}

/**
 * nim_sequence_report_set_quiet:
 * @report: a report
 *
 * For --quiet: nim_sequence_report_values() prints nothing (the JSON
 * "values" stay empty) and no progress line is drawn; the summary is
 * printed as ever.
 */
void
nim_sequence_report_set_quiet (NimSequenceReport *report)
{
  report->quiet = TRUE;
  report->show = FALSE;
}

/**
 * nim_sequence_report_set_histograms:
 * @report: a report
 * @dir: the folder of --histogram, which exists
 *
 * Has nim_sequence_report_histograms() write the value counts to @dir,
 * and the summary say so (with --json, hold them too).
 */
void
nim_sequence_report_set_histograms (NimSequenceReport *report, const char *dir)
{
  g_free (report->histogram_dir);
  report->histogram_dir = g_strdup (dir);
}

/**
 * nim_sequence_report_histograms:
 * @report: a report with a folder for the value counts
 * @sequence: the values
 * @error: return location for a #NIM_ERROR_FAILED error: a file cannot
 *   be written
 *
 * Writes the value counts of every power of two @sequence reached since
 * the last call: DIR/N holds a line VALUE COUNT for each value among
 * G(1) .. G(N), in increasing order of value, the layout of the
 * published tables.  Each file is written whole or not at all.
 *
 * Returns: %TRUE if every file is written
 */
gboolean
nim_sequence_report_histograms (NimSequenceReport *report,
                                const NimSequence *sequence, GError **error)
{
  NimSequenceReport *r = report;

  g_return_val_if_fail (r->histogram_dir != NULL, FALSE);
  for (; r->histograms_written < nim_sequence_n_histograms (sequence);
       r->histograms_written++)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      g_autofree char *name = NULL;
      g_autofree char *path = NULL;
      g_autoptr (GError) local = NULL;
      NimSequenceHistogram h;
      guint k;

      nim_sequence_histogram (sequence, r->histograms_written, &h);
      for (k = 0; k < h.n_values; k++)
        g_string_append_printf (text, "%u %llu\n", h.values[k],
                                (unsigned long long) h.counts[k]);
      name = g_strdup_printf ("%llu", (unsigned long long) h.n);
      path = g_build_filename (r->histogram_dir, name, NULL);
      if (!g_file_set_contents (path, text->str, (gssize) text->len, &local))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                       /* TRANSLATORS: %s is why, such as "No space left
                          on device". */
                       _ ("--histogram: %s"), local->message);
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * nim_sequence_report_set_target:
 * @report: a report
 * @target: the last heap the whole run computes, as far as it is known
 *
 * What the progress line counts towards while the values are computed
 * a part at a time.
 */
void
nim_sequence_report_set_target (NimSequenceReport *report, guint64 target)
{
  report->target = target;
}

/**
 * nim_sequence_report_progress:
 * @len: the values computed
 * @target: the last heap the computation runs to
 * @report: (type NimSequenceReport): the report
 *
 * A #NimSequenceProgress: draws a line on standard error, when that is a
 * terminal, once the computation has lasted a second: how far it is and
 * how fast it goes.
 */
void
nim_sequence_report_progress (guint64 len, guint64 target, gpointer report)
{
  NimSequenceReport *r = report;
  double seconds = (g_get_monotonic_time () - r->start) / 1e6;
  g_autofree char *text = NULL;
  g_autofree char *code = NULL;
  gsize width;

  if (!r->show || seconds < 1)
    return;
  target = MAX (target, r->target);
  code = nim_octal_to_string (&r->code);
  /* TRANSLATORS: the progress line of --grundy-sequence, rewritten in
     place: the code, the values computed, the last heap wanted, the
     share done and the values computed a second. */
  text = g_strdup_printf (
      _ ("%s: %llu of %llu values (%.0f%%), %.0f a "
         "second"),
      code, (unsigned long long) len, (unsigned long long) target + 1,
      100.0 * (double) len / ((double) target + 1), (double) len / seconds);
  width = nim_text_width (text);
  fprintf (stderr, "\r%s%*s", text,
           (int) (r->width > width ? r->width - width : 0), "");
  r->width = MAX (r->width, width);
}

/**
 * nim_sequence_report_clear_progress:
 * @report: a report
 *
 * Leaves the progress line blank for what follows.
 */
void
nim_sequence_report_clear_progress (NimSequenceReport *report)
{
  if (report->width > 0)
    fprintf (stderr, "\r%*s\r", (int) report->width, "");
  report->width = 0;
}

/**
 * nim_sequence_report_certificate_to_json:
 * @certificate: a certificate
 *
 * Returns: (transfer full): {"certificate": "octal-period", "version": 1,
 *   "code": "0.16", "preperiod": n0, "period": p, "t": t, "bound": B,
 *   "checked": N, "sha256": "...", "hashed": "...", "theorem": "...",
 *   "program": "nim ..."}
 */
JsonNode *
nim_sequence_report_certificate_to_json (const NimCertificate *certificate)
{
  const NimCertificate *c = certificate;
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *code = nim_octal_to_string (&c->code);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "certificate");
  json_builder_add_string_value (b, CERTIFICATE_KIND);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, CERTIFICATE_VERSION);
  json_builder_set_member_name (b, "code");
  json_builder_add_string_value (b, code);
  json_builder_set_member_name (b, "preperiod");
  json_builder_add_int_value (b, (gint64) c->preperiod);
  json_builder_set_member_name (b, "period");
  json_builder_add_int_value (b, (gint64) c->period);
  json_builder_set_member_name (b, "t");
  json_builder_add_int_value (b, (gint64) c->t);
  json_builder_set_member_name (b, "bound");
  json_builder_add_int_value (b, (gint64) c->bound);
  json_builder_set_member_name (b, "checked");
  json_builder_add_int_value (b, (gint64) c->checked);
  json_builder_set_member_name (b, "sha256");
  json_builder_add_string_value (b, c->hash);
  /* What the numbers mean, for a reader without nim: the format is
     meant to be checked by other programs. */
  json_builder_set_member_name (b, "hashed");
  json_builder_add_string_value (
      b, "G(0), G(1), ..., G(checked), each a 32-bit little-endian "
         "unsigned integer");
  json_builder_set_member_name (b, "theorem");
  json_builder_add_string_value (
      b, "octal periodicity theorem (Guy and Smith): if G(n + period) = "
         "G(n) for preperiod <= n <= bound - period, where bound = "
         "2 max(preperiod, 1) + 2 period + t - 1 (2 preperiod + 2 period "
         "+ t - 1 for a code that never splits) and t is the place of the "
         "last non-zero digit, then G(n + period) = G(n) for every "
         "n >= preperiod");
  json_builder_set_member_name (b, "program");
  json_builder_add_string_value (b, PACKAGE_STRING);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* The member @name of @o as a string, or %NULL. */
static const char *
get_string (JsonObject *o, const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* The member @name of @o as a number from 0 to 2^63 - 1 (what JSON
   readers keep exact), or an error. */
static gboolean
get_count (JsonObject *o, const char *name, guint64 *out, GError **error)
{
  JsonNode *node = json_object_get_member (o, name);

  if (node == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %s is a member of the JSON object, such
                      as "period". */
                   _ ("\"%s\" is missing"), name);
      return FALSE;
    }
  if (!JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_INT64
      || json_node_get_int (node) < 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %s is a member of the JSON object, such
                      as "period"; then the largest number accepted. */
                   _ ("\"%s\" must be a whole number from 0 to %lld"), name,
                   (long long) G_MAXINT64);
      return FALSE;
    }
  *out = (guint64) json_node_get_int (node);
  return TRUE;
}

/**
 * nim_sequence_report_certificate_from_json:
 * @node: what a certificate file holds
 * @certificate: (out): the certificate; free with nim_certificate_clear()
 * @error: return location for a #NIM_ERROR_USAGE error naming what is
 *   missing or malformed
 *
 * Reads what nim_sequence_report_certificate_to_json() writes; the
 * members that only explain ("hashed", "theorem", "program") are not
 * needed.  Whether the numbers agree with the code and each other is
 * nim_certificate_check()'s to say.
 *
 * Returns: %TRUE if @node is a certificate
 */
gboolean
nim_sequence_report_certificate_from_json (JsonNode *node,
                                           NimCertificate *certificate,
                                           GError **error)
{
  NimCertificate *c = certificate;
  JsonObject *o;
  const char *kind, *code, *hash;
  guint64 version;

  memset (c, 0, sizeof *c);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE, _ ("not a JSON object"));
      return FALSE;
    }
  o = json_node_get_object (node);
  kind = get_string (o, "certificate");
  if (g_strcmp0 (kind, CERTIFICATE_KIND) != 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("not a certificate of a period: \"certificate\" must "
                      "be \"%s\""),
                   CERTIFICATE_KIND);
      return FALSE;
    }
  if (!get_count (o, "version", &version, error))
    return FALSE;
  if (version != CERTIFICATE_VERSION)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("certificates of version %llu are not read; this nim "
                      "reads version %d"),
                   (unsigned long long) version, CERTIFICATE_VERSION);
      return FALSE;
    }
  code = get_string (o, "code");
  if (code == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("\"code\" must be a take-and-break code, such as "
                      "\"0.16\""));
      return FALSE;
    }
  if (!nim_octal_parse (&c->code, code, "\"code\"", error)
      || !get_count (o, "preperiod", &c->preperiod, error)
      || !get_count (o, "period", &c->period, error)
      || !get_count (o, "t", &c->t, error)
      || !get_count (o, "bound", &c->bound, error)
      || !get_count (o, "checked", &c->checked, error))
    return FALSE;
  hash = get_string (o, "sha256");
  if (hash == NULL || strlen (hash) != 64
      || hash[strspn (hash, "0123456789abcdefABCDEF")] != '\0')
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("\"sha256\" must be 64 hexadecimal digits"));
      return FALSE;
    }
  c->hash = g_strdup (hash);
  return TRUE;
}
