/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-runs.c -- what drives a comparison run: the SPRT, position
 * suites, tournaments, resuming, shards and progress */

#include "config.h"

#include "nim-sprt.h"
#include "nim-test.h"
#include "nim-util.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#define STATUS_OK 0
#define STATUS_USAGE 2

/* ------------------------------------------------------------------------ */
/* Helpers */

/* Runs nim with @args and --json, expecting success; the summary. */
static JsonNode *
run_summary (const char *const *args)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  int status;

  for (; *args != NULL; args++)
    g_ptr_array_add (argv, (gpointer) *args);
  g_ptr_array_add (argv, (gpointer) "--json");
  g_ptr_array_add (argv, NULL);
  status = nim_test_run_nimv (NULL, &out, &err,
                              (const char *const *) argv->pdata);
  if (status != STATUS_OK)
    g_test_message ("stderr: %s", err);
  g_assert_cmpint (status, ==, STATUS_OK);
  return nim_test_parse_json (out);
}

static JsonObject *
member (JsonNode *node, const char *name)
{
  return json_object_get_object_member (json_node_get_object (node), name);
}

/* ------------------------------------------------------------------------ */
/* SPRT */

/* The LLR of fixed pair counts against a hand computation: 30 pairs won
   2-0, 50 split, 20 lost.  Mean m = (30 + 25) / 100 = 0.55; variance
   v = (30 x 0.45^2 + 50 x 0.05^2 + 20 x 0.55^2) / 100 = 0.1225.
   Logistic, elo0 = 0, elo1 = 10: s0 = 0.5, s1 = 1 / (1 + 10^-0.025) =
   0.5143872; LLR = 100 (s1 - s0) (2m - s0 - s1) / 2v = 100 x 0.0143872 x
   0.0856128 / 0.245 = 0.502746.  Normalized: s = 0.5 + nelo sqrt (2v) /
   (800 / ln 10), s1 = 0.5142465, LLR = 0.498648. */
static void
test_sprt_llr (void)
{
  const guint64 counts[3] = { 30, 50, 20 };
  NimSprt sprt = { 0, 10, 0.05, 0.05, NIM_SPRT_LOGISTIC };
  double lower, upper;

  g_assert_true (nim_sprt_check (&sprt, NULL));
  g_assert_cmpfloat_with_epsilon (nim_sprt_llr (&sprt, counts), 0.502746,
                                  1e-5);
  sprt.model = NIM_SPRT_NORMALIZED;
  g_assert_cmpfloat_with_epsilon (nim_sprt_llr (&sprt, counts), 0.498648,
                                  1e-5);
  /* ln (0.05 / 0.95) and ln (0.95 / 0.05). */
  nim_sprt_bounds (&sprt, &lower, &upper);
  g_assert_cmpfloat_with_epsilon (lower, -2.944439, 1e-6);
  g_assert_cmpfloat_with_epsilon (upper, 2.944439, 1e-6);
  g_assert_cmpint (nim_sprt_decide (&sprt, 0.5), ==, NIM_SPRT_NONE);
  g_assert_cmpint (nim_sprt_decide (&sprt, 3.0), ==, NIM_SPRT_H1);
  g_assert_cmpint (nim_sprt_decide (&sprt, -3.0), ==, NIM_SPRT_H0);
}

/* Degenerate counts: no pair, every pair split (zero variance), every
   pair won; a zero count is taken as half a pair, so the LLR is finite
   and a sweep needs several pairs to decide (7 for elo1 = 50). */
static void
test_sprt_degenerate (void)
{
  const NimSprt sprt = { 0, 50, 0.05, 0.05, NIM_SPRT_LOGISTIC };
  const NimSprt norm = { 0, 5, 0.05, 0.05, NIM_SPRT_NORMALIZED };
  const guint64 none[3] = { 0, 0, 0 };
  guint64 split[3] = { 0, 40, 0 };
  guint64 sweep[3] = { 6, 0, 0 };
  double llr;

  g_assert_cmpfloat (nim_sprt_llr (&sprt, none), ==, 0);
  llr = nim_sprt_llr (&sprt, split);
  g_assert_true (isfinite (llr));
  g_assert_cmpfloat (llr, <, 0);
  split[1] = 1000;
  g_assert_cmpint (nim_sprt_decide (&sprt, nim_sprt_llr (&sprt, split)), ==,
                   NIM_SPRT_H0);
  g_assert_true (isfinite (nim_sprt_llr (&norm, split)));
  g_assert_cmpint (nim_sprt_decide (&sprt, nim_sprt_llr (&sprt, sweep)), ==,
                   NIM_SPRT_NONE);
  sweep[0] = 7;
  g_assert_cmpint (nim_sprt_decide (&sprt, nim_sprt_llr (&sprt, sweep)), ==,
                   NIM_SPRT_H1);
  sweep[2] = sweep[0];
  sweep[0] = 0;
  g_assert_cmpint (nim_sprt_decide (&sprt, nim_sprt_llr (&sprt, sweep)), ==,
                   NIM_SPRT_H0);
  g_assert_true (isfinite (nim_sprt_llr (&norm, sweep)));
}

/* A run stops once the test decides: negamax sweeps random long before
   the 400 games, and the summary says H1 with the LLR past its bound. */
static void
test_sprt_run (void)
{
  const char *args[]
      = { "--games",   "400",    "--player1",      "negamax",
          "--player2", "random", "--random-heaps", "3:7",
          "--seed",    "5",      "--sprt",         "elo0=0,elo1=50",
          NULL };
  g_autoptr (JsonNode) s = NULL;
  JsonObject *sprt;

  if (!nim_test_have_nim ())
    return;
  s = run_summary (args);
  sprt = member (s, "sprt");
  g_assert_cmpstr (json_object_get_string_member (sprt, "decision"), ==, "H1");
  g_assert_cmpfloat (json_object_get_double_member (sprt, "llr"), >=,
                     json_object_get_double_member (sprt, "upper"));
  g_assert_cmpint (
      json_object_get_int_member (json_node_get_object (s), "games"), <, 400);
  g_assert_false (json_object_get_boolean_member (json_node_get_object (s),
                                                  "interrupted"));
}

static void
test_sprt_bad (void)
{
  static const struct
  {
    const char *args[8];
    const char *message;
  } cases[] = {
    { { "--games", "4", "--sprt", "elo0=5,elo1=0", NULL }, "elo0 must be" },
    { { "--games", "4", "--sprt", "elo0=0", NULL }, "give both" },
    { { "--games", "4", "--sprt", "elo0=0,elo1=5,alpha=1", NULL },
      "between 0 and 1" },
    { { "--games", "4", "--sprt", "elo0=0,elo1=5,alpha=0.6,beta=0.5", NULL },
      "less than 1" },
    { { "--games", "4", "--sprt", "elo0=0,elo1=5,model=bayes", NULL },
      "logistic or normalized" },
    { { "--games", "4", "--sprt", "elo0=0,elo1=5,gamma=1", NULL },
      "unknown key" },
    { { "--games", "4", "--sprt", "elo0=x,elo1=5", NULL }, "--sprt elo0" },
    { { "--games", "4", "--sprt", "elo0", NULL }, "KEY=VALUE" },
    { { "--sprt", "elo0=0,elo1=5", "--player1", "xor", NULL }, "--games" },
  };
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    nim_test_assert_refused (cases[i].args, STATUS_USAGE, cases[i].message);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/runs/sprt-llr", test_sprt_llr);
  g_test_add_func ("/runs/sprt-degenerate", test_sprt_degenerate);
  g_test_add_func ("/runs/sprt-run", test_sprt_run);
  g_test_add_func ("/runs/sprt-bad", test_sprt_bad);
  return g_test_run ();
}
