/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-octal.c -- take-and-break codes: parsing, the Grundy values the
   literature publishes, and periods proven by the octal periodicity
   theorem */

#include "config.h"

#include "nim-test.h"

#include <glib.h>
#include <errno.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "nim-grundy.h"
#include "nim-octal.h"
#include "nim-error.h"
#include "nim-sequence.h"

#include <json-glib/json-glib.h>

/* Published values (the OEIS; Winning Ways, chapter 4), each with its
   offset, and the period, pre-period and exceptions the OEIS entry
   states.  Entries with offset 1 leave out G(0), and so any exception at
   0; the test compares from the offset on. */
typedef struct
{
  const char *code;
  const char *source;
  guint offset;
  const char *values;
  guint64 period;
  guint64 preperiod;
  const char *exceptions; /* NULL: the entry gives only the last */
} Published;

static const Published published[] = {
  { "0.77", "A002186 (Kayles)", 0,
    "0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1,4,6,7,4,1,2,8,5,4,7,2,1,8,"
    "6,7,4,1,2,3,1,4,7,2,1,8,2,7,4,1,2,8,1,4,7,2,1,4,2,7,4,1,2,8,1,4,7,2,"
    "1,8,6,7,4,1,2,8,1,4,7,2,1,8,2,7,4,1,2,8,1,4,7,2,1,8,2,7,4,1,2,8,1,4,"
    "7,2,1",
    12, 71, "0,3,6,9,11,15,18,21,22,28,34,39,57,70" },
  { "0.137", "A002187 (Dawson's chess)", 0,
    "0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3,0,1,1,3,0,2,1,1,0,4,5,2,7,4,"
    "0,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5,5,2,3,3,0,1,1,3,0,2,1,1,0,4,5,3,7,4,"
    "8,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5,5,9,3,3,0,1,1,3,0,2,1,1,0,4,5,3,7,4,"
    "8,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5,5,9,3,3,0,1,1,3,0,2,1,1,0,4",
    34, 52, "0,14,16,17,31,34,51" },
  { "0.127", "A071464", 1,
    "1,0,2,2,1,0,4,4,1,2,2,0,1,4,4,6,1,7,7,0,1,2,2,6,1,4,4,8,1,2,7,8,1,0,"
    "7,2,6,8,1,4,9,8,1,2,6,0,1,4,6,2,1,8,9,0,1,6,2,2,7,0,1,8,3,2,1,4,4,8,"
    "9,2,7,8,1,0,9,2,2,6,4,4,1,8,3,2,1,0,4",
    4, 46578, NULL },
  { "0.177", "A071435", 1,
    "1,1,2,2,3,1,1,4,4,3,2,2,1,1,4,2,2,6,4,4,1,1,2,2,7,1,1,4,4,3,2,2,1,1,"
    "4,8,2,7,4,4,1,1,2,2,7,8,1,4,4,7,2,2,1,1,4,4,2,7,7,4,1,1,2,2,7,7,1,1,"
    "4,7,2,2,1,1,4,4,6,2,7,4,1,1,2,2,8,8,5,1,4,7,2,2,1,1,8,8,6,7,7,4,1,1",
    20, 497, NULL },
  { "0.1377", "A071434", 1,
    "1,1,2,2,3,3,1,1,4,4,3,3,2,2,1,1,4,4,2,2,6,6,4,4,1,1,2,2,7,7,1,1,4,4,"
    "3,3,2,2,1,1,4,4,6,6,7,7,4,4,1,1,2,2,8,8,5,5,4,4,7,7,2,2,1,1,8,8,6,6,"
    "7,7,4,4,1,1,2,2,3,3,1,1,4,4,7,7,2,2,1,1,8,8,2,2,7,7,4,4,1,1,2,2,8,8",
    24, 141, NULL },
  { "0.11377", "A071452", 1,
    "1,1,1,2,2,2,3,3,1,1,1,4,4,4,3,3,2,2,2,1,1,1,4,4,2,2,2,6,6,4,4,4,1,1,"
    "1,2,2,2,7,7,1,1,1,4,4,4,3,3,2,2,2,1,1,1,4,4,8,6,2,7,7,4,4,4,1,1,1,2,"
    "2,2,8,8,8,5,1,4,4,4,7,7,2,2,2,1,1,1,8,8,8,6,2,7,7,4,4,4,1,1,1,2,2,2,"
    "3,8,1",
    32, 187, NULL },
  { "0.117", "A071453", 1,
    "1,1,1,0,2,2,1,3,4,0,1,1,1,3,2,2,2,3,4,0,1,5,4,3,2,2,2,3,1,0,1,0,4,3,"
    "2,2,2,0,1,0,1,0,4,3,2,5,4,0,1,0,1,0,2,3,2,3,4,0,1,0,1,3,2,3,2,3,4,0,"
    "1,0,4,3,2,3,2,3,1,0,1,0,4,3,2,3,2,0,1,0,1,0,4,3,2,3,4,0,1,0,1,0,2,3,"
    "2,3,4",
    48, 47, "2,6,7,12,16,22,26,36,46" },
  { "0.115", "A125829", 1,
    "1,1,1,0,1,1,1,2,2,2,1,2,2,2,1,1,1,0,1,1,1,2,2,2,1,2,2,2,1,1,1,0,1,1,"
    "1,2,2,2,1,2,2,2,1,1,1,0,1,1,1,2,2,2,1,2,2,2",
    14, 1, "" },
};

/* Every published value, period, pre-period and exception. */
static void
test_published (void)
{
  guint k;

  for (k = 0; k < G_N_ELEMENTS (published); k++)
    {
      const Published *pub = &published[k];
      g_auto (GStrv) values = g_strsplit (pub->values, ",", -1);
      g_autoptr (NimSequence) table = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (GString) exceptions = g_string_new (NULL);
      NimSequencePeriod period;
      guint i, n = g_strv_length (values);
      guint64 m;

      g_test_message ("%s, %s", pub->code, pub->source);
      table = nim_test_sequence_new (pub->code, NIM_SEQUENCE_SPARSE,
                                     n + pub->offset);
      for (i = 0; i < n; i++)
        g_assert_cmpuint (nim_sequence_get (table, i + pub->offset), ==,
                          g_ascii_strtoull (values[i], NULL, 10));
      g_assert_true (nim_sequence_prove (table, 200000, &period, &error));
      g_assert_no_error (error);
      g_assert_cmpint (period.kind, ==, NIM_SEQUENCE_PROVEN);
      g_assert_cmpuint (period.period, ==, pub->period);
      g_assert_cmpuint (period.preperiod, ==, pub->preperiod);
      g_assert_cmpuint (period.checked, >=, period.needed);
      for (m = pub->offset; m < period.preperiod; m++)
        if (nim_sequence_is_exception (table, &period, m))
          g_string_append_printf (exceptions, "%s%llu",
                                  exceptions->len ? "," : "",
                                  (unsigned long long) m);
      if (pub->exceptions != NULL)
        g_assert_cmpstr (exceptions->str, ==, pub->exceptions);
      else
        /* The last exception is the one before the pre-period. */
        g_assert_true (
            nim_sequence_is_exception (table, &period, period.preperiod - 1));
    }
}

/* Dawson's Kayles, 0.07, is Dawson's chess shifted by one heap. */
static void
test_dawson_kayles (void)
{
  g_autoptr (NimSequence) kayles
      = nim_test_sequence_new ("0.07", NIM_SEQUENCE_SPARSE, 300);
  g_autoptr (NimSequence) chess
      = nim_test_sequence_new ("0.137", NIM_SEQUENCE_SPARSE, 300);
  guint64 n;

  for (n = 1; n <= 300; n++)
    g_assert_cmpuint (nim_sequence_get (kayles, n), ==,
                      nim_sequence_get (chess, n - 1));
}

/* A code of digits 0 and 3 is a subtraction game, and its values are
   those of the same take rule in nim-grundy. */
static void
test_subtraction_codes (void)
{
  static const char *const codes[]
      = { "0.3", "0.333", "0.3033", "0.03", "0.0300003" };
  guint k;

  for (k = 0; k < G_N_ELEMENTS (codes); k++)
    {
      g_autoptr (NimSequence) values
          = nim_test_sequence_new (codes[k], NIM_SEQUENCE_SPARSE, 500);
      g_autoptr (NimGrundy) grundy = NULL;
      g_autofree char *back = NULL;
      NimOctal code, again;
      NimRules rules;
      guint64 n;

      g_assert_true (nim_octal_parse (&code, codes[k], "code", NULL));
      g_assert_true (nim_octal_to_rules (&code, &rules));
      back = nim_octal_to_string (&code);
      g_assert_cmpstr (back, ==, codes[k]);
      nim_octal_from_rules (&again, &rules);
      g_assert_cmpmem (&again, sizeof again, &code, sizeof code);
      grundy = nim_grundy_new (&rules);
      for (n = 0; n <= 500; n++)
        {
          guint v;

          g_assert_true (nim_grundy_value (grundy, n, &v, NULL));
          g_assert_cmpuint (nim_sequence_get (values, n), ==, v);
        }
    }
  {
    NimOctal kayles;
    NimRules rules;

    NimOctal back;

    /* Kayles is a code of its own kind, and comes back as it went in;
       splitting without taking is not played. */
    g_assert_true (nim_octal_parse (&kayles, "0.77", "code", NULL));
    g_assert_true (nim_octal_to_rules (&kayles, &rules));
    g_assert_cmpstr (rules.family->name, ==, "code");
    g_assert_true (nim_rules_splits (&rules));
    nim_octal_from_rules (&back, &rules);
    g_assert_cmpmem (&back, sizeof back, &kayles, sizeof kayles);
    g_assert_true (nim_octal_parse (&kayles, "4.07", "code", NULL));
    g_assert_false (nim_octal_to_rules (&kayles, &rules));
  }
}

/* Bad codes are refused with a message naming what was given. */
static void
test_parse_bad (void)
{
  static const char *const bad[] = { "",
                                     "0",
                                     "0.",
                                     "77",
                                     "0.8",
                                     "1.7",
                                     "0.7x",
                                     "0.0",
                                     ".000",
                                     "0..7",
                                     "0,77",
                                     " 0.7",
                                     "0.123456701234567012345670123456701" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      NimOctal code;

      g_assert_false (nim_octal_parse (&code, bad[i], "--rules", &error));
      g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
      nim_test_assert_contains (nim_test_error_message (error), "--rules");
    }
  {
    NimOctal code;
    g_autofree char *text = NULL;

    g_assert_true (nim_octal_parse (&code, ".77", "--rules", NULL));
    text = nim_octal_to_string (&code);
    g_assert_cmpstr (text, ==, "0.77");
    g_assert_true (nim_octal_parse (&code, "4.07", "--rules", NULL));
    g_assert_true (nim_octal_has_splits (&code));
  }
}

/* Until the values reach far enough the period is only apparent, and
   says how far the proof needs them; with no period, none is claimed. */
static void
test_apparent (void)
{
  g_autoptr (NimSequence) kayles
      = nim_test_sequence_new ("0.77", NIM_SEQUENCE_SPARSE, 120);
  g_autoptr (NimSequence) short_run
      = nim_test_sequence_new ("0.77", NIM_SEQUENCE_SPARSE, 60);
  NimSequencePeriod period;
  guint64 needed;

  nim_sequence_period (kayles, &period);
  g_assert_cmpint (period.kind, ==, NIM_SEQUENCE_APPARENT);
  g_assert_cmpuint (period.period, ==, 12);
  g_assert_cmpuint (period.preperiod, ==, 71);
  g_assert_cmpuint (period.needed, ==, 2 * 71 + 2 * 12 + 2 - 1);
  needed = period.needed;
  nim_sequence_period (short_run, &period);
  g_assert_cmpint (period.kind, ==, NIM_SEQUENCE_NO_PERIOD);
  g_assert_true (nim_sequence_extend (kayles, needed, NULL));
  nim_sequence_period (kayles, &period);
  g_assert_cmpint (period.kind, ==, NIM_SEQUENCE_PROVEN);
  g_assert_cmpuint (period.checked, ==, needed);
}

/* nim --grundy-sequence N --rules CODE: the values, the period proven or
   apparent with how far the proof needs them, in text and JSON. */
static void
test_cli_sequence (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) node = NULL;
  JsonObject *o;
  JsonArray *exceptions;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--grundy-sequence",
                                     "200", "--rules", "0.77", NULL),
                   ==, 0);
  nim_test_assert_contains (out, "take-and-break code 0.77");
  nim_test_assert_contains (out, "      70:  6  7  4  1  2  8  1  4  7  2\n");
  nim_test_assert_contains (out, "Period 12 from n = 71, proven");
  nim_test_assert_contains (out,
                            "give): 0 3 6 9 11 15 18 21 22 28 34 39 57 70\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Too short to prove: how far the proof needs the values, and
     --prove goes there. */
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--grundy-sequence",
                                     "120", "--rules", "0.77", NULL),
                   ==, 0);
  nim_test_assert_contains (out, "Apparent period 12 from n = 71, not yet "
                                 "proven at n = 120: the proof needs the "
                                 "values to n = 167");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--grundy-sequence",
                                     "20", "--rules", "0.77", "--prove",
                                     "--prove-limit", "150", NULL),
                   ==, 0);
  nim_test_assert_contains (out, "Apparent period 12 from n = 71, not yet "
                                 "proven at n = 150, where --prove stopped "
                                 "at its limit: the proof needs the values "
                                 "to n = 167");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--grundy-sequence",
                                     "20", "--rules", "0.77", "--prove",
                                     "--json", NULL),
                   ==, 0);
  node = nim_test_parse_json (out);
  o = json_node_get_object (node);
  g_assert_cmpuint (
      json_array_get_length (json_object_get_array_member (o, "values")), ==,
      21);
  g_assert_cmpint (json_object_get_int_member (o, "period"), ==, 12);
  g_assert_cmpint (json_object_get_int_member (o, "preperiod"), ==, 71);
  g_assert_true (json_object_get_boolean_member (o, "proven"));
  g_assert_cmpint (json_object_get_int_member (o, "checked"), ==, 167);
  exceptions = json_object_get_array_member (o, "exceptions");
  g_assert_cmpuint (json_array_get_length (exceptions), ==, 14);
  g_assert_cmpint (json_array_get_int_element (exceptions, 13), ==, 70);
  g_assert_cmpstr (json_object_get_string_member (
                       json_object_get_object_member (o, "rules"), "code"),
                   ==, "0.77");
}

/* A code of digits 0 and 3 plays as the take rule it is. */
static void
test_cli_plays_subtraction (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--solve", "--heaps",
                                     "5,6", "--rules", "0.333", NULL),
                   ==, 0);
  g_assert_cmpint (nim_test_run_nim (NULL, &out2, &err2, "--solve", "--heaps",
                                     "5,6", "--max-take", "3", NULL),
                   ==, 0);
  /* The same answer, whatever the time each took: everything up to the
     line that says how it was found. */
  g_assert_nonnull (strstr (out, "\nWinning moves: "));
  if (strstr (out, "\nSprague-Grundy") != NULL)
    *strstr (out, "\nSprague-Grundy") = '\0';
  if (strstr (out2, "\nSprague-Grundy") != NULL)
    *strstr (out2, "\nSprague-Grundy") = '\0';
  g_assert_cmpstr (out, ==, out2);
}

/* A long --grundy-sequence prints as it computes, and Ctrl-C keeps what
   it has: the values printed, what they show, exit status 130. */
static void
test_cli_interrupt (void)
{
  static const char *const args[]
      = { "--grundy-sequence", "100000000", "--rules", "0.6", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (
      nim_test_interrupt_at ("   65530:", FALSE, args, &out, &err), ==, 130);
  nim_test_assert_contains (out, "       0:  0  0  1  2  0  1  2  3  1  2\n");
  nim_test_assert_contains (out, "Interrupted: the values are computed to "
                                 "n = ");
  nim_test_assert_contains (out, "No period up to n = ");
}

/* --prove --certificate writes the proof; --check-certificate checks it
   by computing again, says what is wrong with a wrong one (exit 1), and
   refuses a file that is no certificate (exit 2). */
static void
test_cli_certificate (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-octal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "0.77.json", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.json", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (GString) bad = NULL;
  JsonObject *o;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--grundy-sequence",
                                     "20", "--rules", "0.77", "--prove",
                                     "--certificate", path, NULL),
                   ==, 0);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  node = nim_test_parse_json (text);
  o = json_node_get_object (node);
  g_assert_cmpstr (json_object_get_string_member (o, "code"), ==, "0.77");
  g_assert_cmpint (json_object_get_int_member (o, "period"), ==, 12);
  g_assert_cmpint (json_object_get_int_member (o, "preperiod"), ==, 71);
  g_assert_cmpint (json_object_get_int_member (o, "bound"), ==, 167);
  g_assert_cmpint (json_object_get_int_member (o, "checked"), ==, 167);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (
      nim_test_run_nim (NULL, &out, &err, "--check-certificate", path, NULL),
      ==, 0);
  nim_test_assert_contains (out, "valid.  0.77 has period 12 from n = 71");
  nim_test_assert_contains (out, "168 by the definition: the mex of every "
                                 "option");
  nim_test_assert_contains (out, "12 / q is no period for q = 2, 3");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* A period of 24 is one, but not the smallest. */
  bad = g_string_new (text);
  g_string_replace (bad, "\"period\" : 12", "\"period\" : 24", 1);
  g_string_replace (bad, "\"bound\" : 167", "\"bound\" : 191", 1);
  g_assert_true (g_file_set_contents (bad_path, bad->str, -1, NULL));
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--check-certificate",
                                     bad_path, "--json", NULL),
                   ==, 1);
  g_clear_pointer (&node, json_node_unref);
  node = nim_test_parse_json (out);
  o = json_node_get_object (node);
  g_assert_false (json_object_get_boolean_member (o, "valid"));
  nim_test_assert_contains (json_object_get_string_member (o, "error"),
                            "the proof needs them to n = 191");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_true (
      g_file_set_contents (bad_path, "{\"certificate\": 1}", -1, NULL));
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--check-certificate",
                                     bad_path, NULL),
                   ==, 2);
  nim_test_assert_contains (err, "not a certificate of a period");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* Not proven: no certificate, and a message saying why. */
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--grundy-sequence",
                                     "100", "--rules", "0.77", "--certificate",
                                     bad_path, NULL),
                   ==, 1);
  nim_test_assert_contains (err, "not written: the period is not proven");
  g_unlink (path);
  g_unlink (bad_path);
  g_rmdir (dir);
}

/* A certificate of @code claiming @period from @preperiod, with @t,
   @bound and @checked as given and the hash of the real G(0) ..
   G(@checked): JSON text for a file. */
static char *
forge (const char *code, guint64 preperiod, guint64 period, guint64 t,
       guint64 bound, guint64 checked)
{
  g_autoptr (NimSequence) values
      = nim_test_sequence_new (code, NIM_SEQUENCE_PLAIN, checked);
  g_autofree char *hash = nim_sequence_hash (values, checked);

  return g_strdup_printf (
      "{\"certificate\": \"octal-period\", \"version\": 1, \"code\": \"%s\", "
      "\"preperiod\": %llu, \"period\": %llu, \"t\": %llu, \"bound\": %llu, "
      "\"checked\": %llu, \"sha256\": \"%s\"}\n",
      code, (unsigned long long) preperiod, (unsigned long long) period,
      (unsigned long long) t, (unsigned long long) bound,
      (unsigned long long) checked, hash);
}

/* The forged certificates of issue 39, accepted before: periods near
   2^63 whose bound wrapped round to a few heaps ("valid ... for ever" on
   41 values, or an assertion of nim_sequence_get () before the verdict),
   and a "t" that was not read.  Each is refused with exit status 1,
   naming the field, before a value is computed. */
static void
test_cli_certificate_forged (void)
{
  static const struct
  {
    const char *code;
    guint64 preperiod, period, t, bound, checked;
    const char *why;
  } cases[] = {
    { "0.333", 30, G_GUINT64_CONSTANT (9223372036854775783), 3, 12, 40,
      "\"bound\" is 12, but for pre-period 30 and period "
      "9223372036854775783 the octal periodicity theorem's bound, 2 n0 + 2 "
      "p + t - 1, is past 2^64 - 1" },
    { "0.77", 30, G_GUINT64_CONSTANT (9223372036854775643), 2, 12, 40,
      "\"bound\" is 12, but for pre-period 30 and period "
      "9223372036854775643 the octal periodicity theorem needs the values "
      "to n = 18446744073709551347" },
    { "0.4", 30, G_GUINT64_CONSTANT (9223372036854775643), 1, 12, 40,
      "\"bound\" is 12" },
    { "0.07", 3, G_GUINT64_CONSTANT (9223372036854775806), 2, 12, 40,
      "\"bound\" is 12" },
    { "0.77", 0, G_GUINT64_CONSTANT (9223372036854775807), 2, 40, 40,
      "\"bound\" is 40" },
    { "0.16", 105351, 149459, 1, 509621, 509621,
      "\"t\" is 1, but the code's last non-zero digit is at place 2" },
    /* Fields that agree, and values past any memory: said so at once. */
    { "0.77", 1, G_GUINT64_CONSTANT (5000000000000), 2,
      G_GUINT64_CONSTANT (10000000000003), G_GUINT64_CONSTANT (10000000000003),
      "cannot check: the values G(0) to G(10000000000003) take 9536743 MiB, "
      "more than the " },
  };
  g_autofree char *dir = g_dir_make_tmp ("nim-octal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "forged.json", NULL);
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text
          = forge (cases[i].code, cases[i].preperiod, cases[i].period,
                   cases[i].t, cases[i].bound, MIN (cases[i].checked, 2000));
      g_autoptr (GString) file = g_string_new (text);
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      /* The hash is of the first 2,001 values, "checked" as given. */
      if (cases[i].checked > 2000)
        {
          g_autofree char *checked = g_strdup_printf (
              "\"checked\": %llu", (unsigned long long) cases[i].checked);

          g_string_replace (file, "\"checked\": 2000", checked, 1);
        }
      g_assert_true (g_file_set_contents (path, file->str, -1, NULL));
      g_assert_cmpint (nim_test_run_nim (NULL, &out, &err,
                                         "--check-certificate", path, NULL),
                       ==, 1);
      nim_test_assert_contains (err, cases[i].why);
      nim_test_assert_not_contains (err, "CRITICAL");
      nim_test_assert_not_contains (out, "valid");
    }
  g_unlink (path);
  g_rmdir (dir);
}

static void
waited (GObject *source, GAsyncResult *result, gpointer data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *(gboolean *) data = TRUE;
}

static gboolean
timed_out (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* The exit status of `nim --check-certificate @path` sent SIGINT after
   half a second; -1 if it had not ended 20 s later (then it is killed). */
static int
interrupt_check (const char *path)
{
  const char *nim = g_getenv ("NIM_BINARY");
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  gboolean done = FALSE, late = FALSE;
  guint timeout;

  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE
                                  | G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                              &error, nim, "--check-certificate", path, NULL);
  g_assert_no_error (error);
  g_usleep (G_USEC_PER_SEC / 2);
  g_subprocess_send_signal (process, SIGINT);
  g_subprocess_wait_async (process, NULL, waited, &done);
  timeout = g_timeout_add_seconds (20, timed_out, &late);
  while (!done && !late)
    g_main_context_iteration (NULL, TRUE);
  if (late)
    {
      g_subprocess_force_exit (process);
      while (!done)
        g_main_context_iteration (NULL, TRUE);
      return -1;
    }
  g_source_remove (timeout);
  g_assert_true (g_subprocess_get_if_exited (process));
  return g_subprocess_get_exit_status (process);
}

/* Ctrl-C reaches a check wherever it is: the first forged certificate
   above kept nim in its loop over the divisors of 2^63 - 25 for seconds,
   deaf to SIGINT, and then called it valid; now it is refused at once.
   A check that computes for seconds (0.376's 4.5 million values, under a
   hash that the end would find wrong) ends on Ctrl-C with status 130. */
static void
test_cli_certificate_interrupt (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-octal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "forged.json", NULL);
  g_autofree char *text = forge (
      "0.333", 30, G_GUINT64_CONSTANT (9223372036854775783), 3, 12, 40);
  g_autofree char *hash = g_strnfill (64, '0');
  g_autofree char *long_check = g_strdup_printf (
      "{\"certificate\": \"octal-period\", \"version\": 1, \"code\": "
      "\"0.376\", \"preperiod\": 2268248, \"period\": 4, \"t\": 3, "
      "\"bound\": 4536506, \"checked\": 4536506, \"sha256\": \"%s\"}\n",
      hash);

  if (!nim_test_have_nim ())
    return;
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_cmpint (interrupt_check (path), ==, 1);
  g_assert_true (g_file_set_contents (path, long_check, -1, NULL));
  g_assert_cmpint (interrupt_check (path), ==, 130);
  g_unlink (path);
  g_rmdir (dir);
}

/* A file that is no certificate, or not one certificate, is refused with
   status 2, naming the file and line: JSON nested 200,000 deep (which
   crashed json-glib's parser), two objects (the second was ignored), a
   member given twice (the last won), a member missing or past what a
   JSON reader keeps exact (each named), /dev/zero (read whole into
   memory before), an empty file. */
static void
test_cli_certificate_malformed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-octal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "c.json", NULL);
  g_autofree char *good = forge ("0.77", 71, 12, 2, 167, 167);
  g_autofree char *deep = NULL;
  g_autofree char *two = g_strconcat (good, good, NULL);
  g_autoptr (GString) twice = g_string_new (good);
  g_autoptr (GString) no_t = g_string_new (good);
  g_autoptr (GString) huge = g_string_new (good);
  GString *nest = g_string_new (NULL);
  guint i;
  const struct
  {
    const char *text; /* NULL: /dev/zero */
    const char *message;
  } cases[] = {
    { NULL, "nim: --check-certificate: /dev/zero is longer than 1 MiB, the "
            "most nim reads of it" },
    { "", "c.json:1: the file holds no JSON value" },
    { NULL, NULL },
  };

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < 200000; i++)
    g_string_append_c (nest, '[');
  g_string_prepend (nest, "\n");
  deep = g_string_free (nest, FALSE);
  g_string_replace (twice, "\"period\": 12,", "\"period\": 12, \"period\": 4,",
                    1);
  g_string_replace (no_t, " \"t\": 2,", "", 1);
  g_string_replace (huge, "\"checked\": 167",
                    "\"checked\": 18446744073709551615", 1);
  {
    const char *texts[] = { deep, two, twice->str, no_t->str, huge->str };
    const char *messages[] = {
      "c.json:2: arrays and objects nest more than 32 deep here",
      "c.json:2: a second JSON value begins here",
      "c.json:1: the member \"period\" is given twice in one object",
      ": \"t\" is missing",
      ": \"checked\" must be a whole number from 0 to 9223372036854775807",
    };

    for (i = 0; i < G_N_ELEMENTS (texts); i++)
      {
        g_autofree char *out = NULL;
        g_autofree char *err = NULL;

        g_assert_true (g_file_set_contents (path, texts[i], -1, NULL));
        g_assert_cmpint (nim_test_run_nim (NULL, &out, &err,
                                           "--check-certificate", path, NULL),
                         ==, 2);
        nim_test_assert_contains (err, messages[i]);
        /* The file is named once. */
        g_assert_true (g_str_has_prefix (err, "nim: --check-certificate"));
        g_assert_cmpstr (strstr (err, path), ==, g_strrstr (err, path));
      }
  }
  for (i = 0; cases[i].message != NULL; i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      if (cases[i].text != NULL)
        g_assert_true (g_file_set_contents (path, cases[i].text, -1, NULL));
      g_assert_cmpint (
          nim_test_run_nim (NULL, &out, &err, "--check-certificate",
                            cases[i].text != NULL ? path : "/dev/zero", NULL),
          ==, 2);
      nim_test_assert_contains (err, cases[i].message);
    }
  /* The certificate itself, once, is fine. */
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_true (g_file_set_contents (path, good, -1, NULL));
    g_assert_cmpint (
        nim_test_run_nim (NULL, &out, &err, "--check-certificate", path, NULL),
        ==, 0);
  }
  g_unlink (path);
  g_rmdir (dir);
}

/* --certificate writes to a device, a pipe or a symbolic link as it is
   and never replaces it (it renamed a file over it before, /dev/full and
   /dev/null included): a device node like /dev/full reports "No space
   left on device" (status 1) and stays a device; one like /dev/null
   takes the certificate; a symbolic link stays one and its target gets
   the certificate.  The nodes are made in the test's own folder, which
   takes root. */
static void
test_cli_certificate_devices (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-octal-XXXXXX", NULL);
  g_autofree char *full = g_build_filename (dir, "full", NULL);
  g_autofree char *null = g_build_filename (dir, "null", NULL);
  g_autofree char *link = g_build_filename (dir, "link.json", NULL);
  g_autofree char *target = g_build_filename (dir, "target.json", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  GStatBuf st;

  if (!nim_test_have_nim ())
    return;
  g_assert_true (g_file_set_contents (target, "old\n", -1, NULL));
  g_assert_cmpint (symlink ("target.json", link), ==, 0);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--grundy-sequence",
                                     "5", "--rules", "0.77", "--prove",
                                     "--certificate", link, NULL),
                   ==, 0);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_true (g_file_get_contents (target, &text, NULL, NULL));
  nim_test_assert_contains (text, "\"period\" : 12");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  if (mknod (full, S_IFCHR | 0666, makedev (1, 7)) != 0
      || mknod (null, S_IFCHR | 0666, makedev (1, 3)) != 0)
    {
      g_test_message ("mknod: %s", g_strerror (errno));
      g_test_skip ("making a device node takes root (mknod (2) refused): "
                   "the devices are not tried");
    }
  else
    {
      g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--grundy-sequence",
                                         "5", "--rules", "0.77", "--prove",
                                         "--certificate", full, NULL),
                       ==, 1);
      nim_test_assert_contains (err, "cannot write: No space left on device");
      g_assert_cmpint (g_lstat (full, &st), ==, 0);
      g_assert_true (S_ISCHR (st.st_mode));
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--grundy-sequence",
                                         "5", "--rules", "0.77", "--prove",
                                         "--certificate", null, NULL),
                       ==, 0);
      g_assert_cmpint (g_lstat (null, &st), ==, 0);
      g_assert_true (S_ISCHR (st.st_mode));
    }
  g_unlink (full);
  g_unlink (null);
  g_unlink (link);
  g_unlink (target);
  g_rmdir (dir);
}

/* --certificate into a folder nim may not write says "Permission
   denied" (it said "No such file or directory", the errno of a call made
   after the one that failed).  Root may write anywhere, so as root nim
   runs without the capabilities that let it (setpriv). */
static void
test_cli_certificate_read_only (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-octal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "c.json", NULL);
  g_autofree char *setpriv = g_find_program_in_path ("setpriv");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  if (geteuid () == 0 && setpriv == NULL)
    {
      g_test_skip ("root writes into a read-only folder, and setpriv, "
                   "which would take that from it, is not installed");
      g_rmdir (dir);
      return;
    }
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  if (geteuid () == 0)
    {
      g_ptr_array_add (argv, setpriv);
      g_ptr_array_add (
          argv, (gpointer) "--bounding-set=-dac_override,-dac_read_search");
    }
  g_ptr_array_add (argv, (gpointer) g_getenv ("NIM_BINARY"));
  g_ptr_array_add (argv, (gpointer) "--grundy-sequence");
  g_ptr_array_add (argv, (gpointer) "5");
  g_ptr_array_add (argv, (gpointer) "--rules");
  g_ptr_array_add (argv, (gpointer) "0.77");
  g_ptr_array_add (argv, (gpointer) "--certificate");
  g_ptr_array_add (argv, path);
  g_ptr_array_add (argv, NULL);
  process = g_subprocess_newv (
      (const char *const *) argv->pdata,
      G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_assert_true (
      g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 2);
  nim_test_assert_contains (err, "cannot write there: Permission denied");
  g_chmod (dir, 0755);
  g_rmdir (dir);
}

/* The Grundy values answer a position whose heaps could split past the
   board: --solve by theory takes it, a game does not. */
static void
test_cli_no_board_limit (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--solve", "--heaps",
                                     "30,31,33,35,37,39", "--rules", "0.77",
                                     NULL),
                   ==, 0);
  nim_test_assert_contains (out, "Solved by theory");
  /* Kayles's values, as the published table above has them. */
  nim_test_assert_contains (out, "Sprague-Grundy values: G(30) = 7, G(31) = "
                                 "2, G(33) = 8, G(35) = 7, G(37) = 1, "
                                 "G(39) = 3; position 8");
  nim_test_assert_contains (out, "Not verified by search: a game from here "
                                 "could split the heaps into more than the "
                                 "64 a board holds");
}

/* What --rules and --prove refuse, with exit status 2. */
static void
test_cli_bad (void)
{
  static const struct
  {
    const char *args[10];
    const char *message;
  } cases[] = {
    { { "--heaps", "3,4", "--rules", "4.07", "-1", "minimax", NULL },
      "--grundy-sequence N --rules 4.07" },
    { { "--heaps", "3,4", "--rules", "0.77", "-1", "xor", "-2", "xor", NULL },
      "xor plays only the take-any rule" },
    { { "--heaps", "43,43,43", "--rules", "0.77", NULL }, "at most 64" },
    { { "--heaps", "30,31,33,35,37,39", "--rules", "0.77", NULL },
      "(--solve answers these heaps by their Grundy values" },
    { { "--rules", "0.8", "--grundy-sequence", "10", NULL }, "octal digits" },
    { { "--rules", "0.77", "--moves", "1,2", "--solve", NULL },
      "give one of them" },
    { { "--rules", "0.77", "--grundy-sequence", "18446744073709551614", NULL },
      "memory available" },
    /* 2^64 - 1 values of two bytes: the size, not a number that wrapped
       or stopped at 2^64 bytes. */
    { { "--rules", "0.77", "--grundy-sequence", "18446744073709551614", NULL },
      "take 35184372088831 MiB at 2 bytes each" },
    { { "--rules", "0.77", "--grundy-sequence", "10", "--prove-limit", "20",
        NULL },
      "give --prove too" },
    { { "--moves", "1,2", "--grundy-sequence", "10", "--certificate", "x",
        NULL },
      "--certificate needs a take-and-break code" },
    { { "--rules", "0.77", "--grundy-sequence", "10", "--certificate",
        "/nonexistent-dir/c.json", NULL },
      "--certificate /nonexistent-dir/c.json: cannot write there" },
    { { "--solve", "--heaps", "3", "--certificate", "x", NULL },
      "--certificate (it needs --grundy-sequence and --rules)" },
    { { "--check-certificate", "x.json", "--rules", "0.77", NULL },
      "--check-certificate cannot be combined with --rules" },
    { { "--grundy-sequence", "10", "--prove", NULL }, "--rules" },
    { { "--solve", "--heaps", "3", "--prove", NULL },
      "--prove (it needs --grundy-sequence)" },
    { { "--rules", "0.77", "--grundy-sequence", "10", "--misere", NULL },
      "drop --misere" },
    { { "--rules", "0.77", "--grundy-sequence", "10", "--max-memory", "1X",
        NULL },
      "--max-memory: '1X' is not accepted; expected a size" },
    { { "--rules", "0.77", "--grundy-sequence", "10", "--max-memory", "512K",
        NULL },
      "from 1M to 1024T" },
    { { "--moves", "1,2", "--grundy-sequence", "10", "--max-memory", "1G",
        NULL },
      "--max-memory needs a take-and-break code" },
    { { "--solve", "--heaps", "3", "--max-memory", "1G", NULL },
      "--max-memory (it needs --grundy-sequence and --rules)" },
    { { "--moves", "1,2", "--grundy-sequence", "10", "--checkpoint", "ck",
        NULL },
      "--checkpoint needs a take-and-break code" },
    { { "--solve", "--heaps", "3", "--checkpoint", "ck", NULL },
      "--checkpoint (it needs --grundy-sequence and --rules)" },
    { { "--rules", "0.77", "--grundy-sequence", "10", "--checkpoint-every",
        "5", NULL },
      "give --checkpoint too" },
    { { "--rules", "0.77", "--grundy-sequence", "10", "--checkpoint", "ck",
        "--checkpoint-every", "-1", NULL },
      "--checkpoint-every" },
  };
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    nim_test_assert_refused (cases[i].args, 2, cases[i].message);
}

/* Runs nim with @args, its output thrown away, and returns the most
   memory it held (its peak resident set, in KiB), which wait4() reports
   for that one child. */
static glong
peak_kib (const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  struct rusage usage;
  GPid pid;
  int status;

  nim_test_add_nim_argv (argv, args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (
      g_spawn_async (NULL, (char **) argv->pdata, NULL,
                     G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                     NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  g_assert_cmpint (wait4 (pid, &status, 0, &usage), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  return usage.ru_maxrss;
}

/* --max-memory bounds what nim holds while the values outgrow it: six
   million values of 0.167, a byte each, in a bound of 1M, take no more
   than a run of a thousand values and the bound; without the bound they
   are all in memory. */
static void
test_cli_max_memory (void)
{
  const char *const few[] = { "--rules", "0.167",   "--grundy-sequence",
                              "0",       "--prove", "--prove-limit",
                              "1000",    NULL };
  const char *const bounded[]
      = { "--rules",       "0.167",   "--grundy-sequence", "0",  "--prove",
          "--prove-limit", "6000000", "--max-memory",      "1M", NULL };
  const char *const unbounded[]
      = { "--rules", "0.167",         "--grundy-sequence", "0",
          "--prove", "--prove-limit", "6000000",           NULL };
  glong base, with_bound, without;

  /* Under valgrind the peak is valgrind's. */
  if (!nim_test_have_nim () || nim_test_light ())
    return;
  base = peak_kib (few);
  with_bound = peak_kib (bounded);
  without = peak_kib (unbounded);
  g_test_message ("peaks: %ld KiB for 1,000 values, %ld under --max-memory "
                  "1M, %ld without",
                  base, with_bound, without);
  g_assert_cmpint (with_bound, <=, base + 2048);
  g_assert_cmpint (without, >=, base + 5000);
}

/* Removes @dir and what it holds, its folders too. */
static void
remove_tree (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        remove_tree (path);
      else
        g_unlink (path);
    }
  g_rmdir (dir);
}

/* --histogram DIR writes DIR/N for every power of two N the values
   reach, a line VALUE COUNT for each value among G(1) .. G(N) in
   increasing order, and --json holds the same counts: both equal the
   counts of the values printed.  A file in the folder's place is
   refused. */
static void
test_cli_histogram (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-octal-XXXXXX", NULL);
  g_autofree char *hist = g_build_filename (dir, "counts", "0.161", NULL);
  g_autofree char *file = g_build_filename (dir, "file", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) node = NULL;
  const char *const refused[]
      = { "--grundy-sequence", "10", "--rules", "0.161",
          "--histogram",       file, NULL };
  guint64 n = 70000, *count, power;
  JsonObject *o;
  JsonArray *values, *histograms;
  guint i, k, largest = 0;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--grundy-sequence",
                                     "70000", "--rules", "0.161", "--json",
                                     "--histogram", hist, NULL),
                   ==, 0);
  node = nim_test_parse_json (out);
  o = json_node_get_object (node);
  values = json_object_get_array_member (o, "values");
  histograms = json_object_get_array_member (o, "histograms");
  g_assert_cmpuint (json_array_get_length (values), ==, n + 1);
  for (i = 0; i <= n; i++)
    largest = MAX (largest, (guint) json_array_get_int_element (values, i));
  g_assert_cmpint (json_object_get_int_member (o, "largest"), ==, largest);
  /* 1, 2, 4, ..., 65536. */
  g_assert_cmpuint (json_array_get_length (histograms), ==, 17);
  count = g_new0 (guint64, largest + 1);
  for (i = 1, k = 0, power = 1; i <= 65536; i++)
    {
      count[json_array_get_int_element (values, i)]++;
      if (i == power)
        {
          JsonObject *h = json_array_get_object_element (histograms, k);
          JsonArray *counts = json_object_get_array_member (h, "counts");
          g_autofree char *name = g_strdup_printf ("%u", i);
          g_autofree char *path = g_build_filename (hist, name, NULL);
          g_autofree char *text = NULL;
          g_autoptr (GString) want = g_string_new (NULL);
          guint v, row = 0;

          g_assert_cmpint (json_object_get_int_member (h, "n"), ==, i);
          for (v = 0; v <= largest; v++)
            if (count[v] > 0)
              {
                JsonArray *pair = json_array_get_array_element (counts, row++);

                g_assert_cmpint (json_array_get_int_element (pair, 0), ==, v);
                g_assert_cmpint (json_array_get_int_element (pair, 1), ==,
                                 count[v]);
                g_string_append_printf (want, "%u %llu\n", v,
                                        (unsigned long long) count[v]);
              }
          g_assert_cmpuint (json_array_get_length (counts), ==, row);
          g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
          g_assert_cmpstr (text, ==, want->str);
          k++;
          power *= 2;
        }
    }
  g_free (count);

  g_assert_true (g_file_set_contents (file, "", -1, NULL));
  nim_test_assert_refused (refused, 2, "--histogram");
  remove_tree (dir);
}

/* The arguments of a checkpointed run of 0.161 to @n (a memory bound
   under which the values outgrow memory, and value counts), with
   @extra (up to three) at the end. */
static GPtrArray *
checkpoint_args (const char *n, const char *dir, const char *hist,
                 const char *const *extra)
{
  GPtrArray *args = g_ptr_array_new ();
  const char *const base[] = { "--grundy-sequence",
                               n,
                               "--rules",
                               "0.161",
                               "--max-memory",
                               "2M",
                               "--checkpoint",
                               dir,
                               "--histogram",
                               hist,
                               "--checkpoint-every",
                               "0" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (base); i++)
    g_ptr_array_add (args, (gpointer) base[i]);
  for (i = 0; extra != NULL && extra[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) extra[i]);
  g_ptr_array_add (args, NULL);
  return args;
}

/* Whether the files of folders @a and @b are the same. */
static void
assert_same_files (const char *a, const char *b)
{
  g_autoptr (GDir) d = g_dir_open (a, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *pa = g_build_filename (a, name, NULL);
      g_autofree char *pb = g_build_filename (b, name, NULL);
      g_autofree char *ta = NULL;
      g_autofree char *tb = NULL;

      g_assert_true (g_file_get_contents (pa, &ta, NULL, NULL));
      g_assert_true (g_file_get_contents (pb, &tb, NULL, NULL));
      g_assert_cmpstr (ta, ==, tb);
      n++;
    }
  g_assert_cmpuint (n, >, 10);
}

/* --checkpoint DIR: a run of 0.161 under a memory bound its values
   outgrow, saving as often as it can, is stopped by SIGTERM (sent by
   the test to the nim it started) at several points, each after a
   chunk of values is printed and so inside or between saves, and
   started again each time: the last run prints the values and summary
   of a run never stopped, and writes the same value counts.  The JSON
   of a run taken up from a finished save is the whole run's too. */
static void
test_cli_checkpoint (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-octal-XXXXXX", NULL);
  g_autofree char *ck = g_build_filename (dir, "ck", NULL);
  g_autofree char *hist_whole = g_build_filename (dir, "whole", NULL);
  g_autofree char *hist = g_build_filename (dir, "counts", NULL);
  g_autofree char *whole = NULL;
  g_autofree char *whole_json = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *n = nim_test_light () ? "70000" : "300000";
  const char *const markers[] = { "   65530:", "  131070:", "  196600:" };
  const char *const json[] = { "--json", NULL };
  guint i, stops = nim_test_light () ? 1 : G_N_ELEMENTS (markers);
  int status;

  if (!nim_test_have_nim ())
    return;
  /* The output names the folder of the counts: the same one, moved. */
  g_assert_cmpint (nim_test_run_nim (NULL, &whole, &err, "--grundy-sequence",
                                     n, "--rules", "0.161", "--histogram",
                                     hist, NULL),
                   ==, 0);
  g_assert_cmpint (g_rename (hist, hist_whole), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nim (NULL, &whole_json, &err,
                                     "--grundy-sequence", n, "--rules",
                                     "0.161", "--json", "--histogram", hist,
                                     NULL),
                   ==, 0);
  for (i = 0; i < stops; i++)
    {
      g_autoptr (GPtrArray) args = checkpoint_args (n, ck, hist, NULL);

      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      status
          = nim_test_signal_at (markers[i], FALSE, SIGTERM,
                                (const char *const *) args->pdata, &out, &err);
      /* Stopped, unless it ended first: then the save is the end's. */
      if (status != 0)
        {
          g_assert_cmpint (status, ==, 143);
          nim_test_assert_contains (out, "Interrupted");
        }
    }
  {
    g_autoptr (GPtrArray) args = checkpoint_args (n, ck, hist, NULL);

    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (nim_test_run_nimv (NULL, &out, &err,
                                        (const char *const *) args->pdata),
                     ==, 0);
    g_assert_cmpstr (out, ==, whole);
    assert_same_files (hist_whole, hist);
  }
  {
    g_autoptr (GPtrArray) args = checkpoint_args (n, ck, hist, json);

    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (nim_test_run_nimv (NULL, &out, &err,
                                        (const char *const *) args->pdata),
                     ==, 0);
    g_assert_cmpstr (out, ==, whole_json);
  }
  if (!nim_test_light ())
    {
      /* --prove: stopped as it starts to compute past N, it goes on to
         where it was going (from 200000 to 400000, then 800000, where
         0.16's period of 149459 is proven), not to where a run from
         there would go. */
      g_autofree char *ck16 = g_build_filename (dir, "ck16", NULL);
      const char *const prove[]
          = { "--grundy-sequence", "200000",       "--rules", "0.16",
              "--prove",           "--checkpoint", ck16,      NULL };
      const char *const plain[] = { "--grundy-sequence", "200000",
                                    "--rules",           "0.16",
                                    "--prove",           NULL };

      g_clear_pointer (&whole, g_free);
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (nim_test_run_nimv (NULL, &whole, &err, plain), ==, 0);
      nim_test_assert_contains (whole, "the values repeat to n = 800000");
      g_clear_pointer (&err, g_free);
      status = nim_test_signal_at ("  199990:", FALSE, SIGTERM, prove, &out,
                                   &err);
      g_assert_true (status == 143 || status == 0);
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (nim_test_run_nimv (NULL, &out, &err, prove), ==, 0);
      g_assert_cmpstr (out, ==, whole);
    }
  remove_tree (dir);
}

/* Writes @text over @path. */
static void
put (const char *dir, const char *name, const char *text, gssize len)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, len, NULL));
}

static char *
get_file (const char *dir, const char *name, gsize *len)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, len, NULL));
  return text;
}

/* What a save cut off part-way leaves, and damage, made by hand: a
   state torn in half or with one digit changed falls back to the save
   before (an older one, with fewer values: the run computes the rest);
   values appended past the state's (a save cut off before its state was
   written) are dropped; values that are not the ones saved leave no save
   to use (exit 1).  Each run that goes on prints the whole run's
   output.  A save of other rules or another N is refused, naming the
   difference, and so is a folder that is a file (exit 2). */
static void
test_cli_checkpoint_damaged (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-octal-XXXXXX", NULL);
  g_autofree char *ck = g_build_filename (dir, "ck", NULL);
  g_autofree char *hist = g_build_filename (dir, "counts", NULL);
  g_autofree char *file = g_build_filename (dir, "file", NULL);
  g_autofree char *whole = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *early = NULL;
  g_autofree char *state = NULL;
  g_autofree char *values = NULL;
  g_autoptr (GPtrArray) args = NULL;
  const char *n = nim_test_light () ? "100000" : "140000";
  g_autofree char *other_message
      = g_strdup_printf ("saved with --grundy-sequence %s, not 140001", n);
  gsize len, values_len;
  int status;

  if (!nim_test_have_nim ())
    return;
  args = checkpoint_args (n, ck, hist, NULL);
  g_assert_cmpint (nim_test_run_nim (NULL, &whole, &err, "--grundy-sequence",
                                     n, "--rules", "0.161", "--histogram",
                                     hist, NULL),
                   ==, 0);
#define RUN(want)                                                             \
  do                                                                          \
    {                                                                         \
      g_clear_pointer (&out, g_free);                                         \
      g_clear_pointer (&err, g_free);                                         \
      g_assert_cmpint (nim_test_run_nimv (NULL, &out, &err,                   \
                                          (const char *const *) args->pdata), \
                       ==, want);                                             \
    }                                                                         \
  while (0)
  /* An early save: stopped after the first chunk of values. */
  g_clear_pointer (&err, g_free);
  status = nim_test_signal_at ("   65530:", FALSE, SIGTERM,
                               (const char *const *) args->pdata, &out, &err);
  /* Unless it ended first: then the early save is the last one. */
  g_assert_true (status == 143 || status == 0);
  early = get_file (ck, "state", NULL);
  RUN (0);
  g_assert_cmpstr (out, ==, whole);

  /* The last save torn, the one before the early one. */
  state = get_file (ck, "state", &len);
  put (ck, "state.old", early, -1);
  put (ck, "state", state, (gssize) len / 2);
  RUN (0);
  g_assert_cmpstr (out, ==, whole);
  /* One digit of the count of values changed. */
  g_clear_pointer (&state, g_free);
  state = get_file (ck, "state", &len);
  *strstr (state, "values 1") = 'V';
  put (ck, "state", state, (gssize) len);
  RUN (0);
  g_assert_cmpstr (out, ==, whole);
  /* Values appended after the last save. */
  values = get_file (ck, "values", &values_len);
  {
    g_autofree char *longer = g_malloc (values_len + 4000);

    memcpy (longer, values, values_len);
    memset (longer + values_len, 0x55, 4000);
    put (ck, "values", longer, (gssize) values_len + 4000);
  }
  RUN (0);
  g_assert_cmpstr (out, ==, whole);
  /* A value changed under both saves. */
  values[4 * 1000] ^= 1;
  put (ck, "values", values, (gssize) values_len);
  RUN (1);
  nim_test_assert_contains (err, "no save there can be used");
  nim_test_assert_contains (err, "not the ones saved");
  values[4 * 1000] ^= 1;
  put (ck, "values", values, (gssize) values_len);
  RUN (0);
  g_assert_cmpstr (out, ==, whole);
#undef RUN

  {
    const char *const other_rules[] = {
      "--grundy-sequence", n, "--rules", "0.16", "--checkpoint", ck, NULL
    };
    const char *const other_n[]
        = { "--grundy-sequence", "140001", "--rules", "0.161",
            "--checkpoint",      ck,       NULL };
    const char *const proving[]
        = { "--grundy-sequence", n,  "--rules", "0.161", "--prove",
            "--checkpoint",      ck, NULL };
    const char *const on_file[]
        = { "--grundy-sequence", n,    "--rules", "0.161",
            "--checkpoint",      file, NULL };

    nim_test_assert_refused (other_rules, 2,
                             "saved with --rules 0.161, not 0.16");
    nim_test_assert_refused (other_n, 2, other_message);
    nim_test_assert_refused (proving, 2, "saved with --prove no, not yes");
    g_assert_true (g_file_set_contents (file, "", -1, NULL));
    nim_test_assert_refused (on_file, 2, "--checkpoint");
  }
  remove_tree (dir);
}

/* --quiet leaves the values out and keeps the summary as it is; it
   needs a code. */
static void
test_cli_quiet (void)
{
  g_autofree char *out = NULL;
  g_autofree char *quiet = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) node = NULL;
  JsonObject *o;
  const char *summary;
  const char *const refused[]
      = { "--grundy-sequence", "10", "--max-take", "3", "--quiet", NULL };

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--grundy-sequence",
                                     "3000", "--rules", "0.77", "--prove",
                                     NULL),
                   ==, 0);
  g_free (err);
  g_assert_cmpint (nim_test_run_nim (NULL, &quiet, &err, "--grundy-sequence",
                                     "3000", "--rules", "0.77", "--prove",
                                     "--quiet", NULL),
                   ==, 0);
  g_assert_cmpstr (err, ==, "");
  summary = strstr (out, "\nLargest value");
  g_assert_nonnull (summary);
  g_assert_true (g_str_has_suffix (quiet, summary + 1));
  g_assert_null (strstr (quiet, "    10:"));
  g_free (quiet);
  g_free (err);
  g_assert_cmpint (nim_test_run_nim (NULL, &quiet, &err, "--grundy-sequence",
                                     "3000", "--rules", "0.77", "--prove",
                                     "--quiet", "--json", NULL),
                   ==, 0);
  node = nim_test_parse_json (quiet);
  o = json_node_get_object (node);
  g_assert_cmpuint (
      json_array_get_length (json_object_get_array_member (o, "values")), ==,
      0);
  g_assert_cmpint (json_object_get_int_member (o, "period"), ==, 12);
  g_assert_cmpint (json_object_get_int_member (o, "largest"), ==, 8);
  g_assert_cmpint (json_object_get_int_member (o, "rare_heaps"), ==, 9);
  g_assert_cmpint (json_object_get_int_member (o, "last_rare"), ==, 70);
  nim_test_assert_refused (refused, 2, "--quiet");
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);
  g_test_add_func ("/octal/published", test_published);
  g_test_add_func ("/octal/dawson-kayles", test_dawson_kayles);
  g_test_add_func ("/octal/subtraction-codes", test_subtraction_codes);
  g_test_add_func ("/octal/parse-bad", test_parse_bad);
  g_test_add_func ("/octal/apparent", test_apparent);
  g_test_add_func ("/octal/cli-sequence", test_cli_sequence);
  g_test_add_func ("/octal/cli-plays-subtraction", test_cli_plays_subtraction);
  g_test_add_func ("/octal/cli-bad", test_cli_bad);
  g_test_add_func ("/octal/cli-interrupt", test_cli_interrupt);
  g_test_add_func ("/octal/cli-certificate", test_cli_certificate);
  g_test_add_func ("/octal/cli-certificate-forged",
                   test_cli_certificate_forged);
  g_test_add_func ("/octal/cli-certificate-interrupt",
                   test_cli_certificate_interrupt);
  g_test_add_func ("/octal/cli-certificate-malformed",
                   test_cli_certificate_malformed);
  g_test_add_func ("/octal/cli-certificate-devices",
                   test_cli_certificate_devices);
  g_test_add_func ("/octal/cli-certificate-read-only",
                   test_cli_certificate_read_only);
  g_test_add_func ("/octal/cli-no-board-limit", test_cli_no_board_limit);
  g_test_add_func ("/octal/cli-max-memory", test_cli_max_memory);
  g_test_add_func ("/octal/cli-histogram", test_cli_histogram);
  g_test_add_func ("/octal/cli-quiet", test_cli_quiet);
  g_test_add_func ("/octal/cli-checkpoint", test_cli_checkpoint);
  g_test_add_func ("/octal/cli-checkpoint-damaged",
                   test_cli_checkpoint_damaged);
  return g_test_run ();
}
