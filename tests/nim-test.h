/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-test.h -- helpers the test programs share */
#pragma once

#include <stdio.h>
#include <glib.h>
#include <json-glib/json-glib.h>

#include "nim-board.h"
#include "nim-sequence.h"

G_BEGIN_DECLS

void nim_test_init (int *argc, char ***argv);
const char *nim_test_error_message (const GError *error);
void nim_test_fail (const char *format, ...) G_GNUC_PRINTF (1, 2);
void nim_test_assert_contains (const char *text, const char *part);
void nim_test_assert_not_contains (const char *text, const char *part);
void nim_test_rules (NimRules *rules, const char *take, gboolean misere);
void nim_test_board (NimBoard *board, const char *heaps);
char *nim_test_rules_name (const NimRuleFamily *family, const char *example);
GPtrArray *nim_test_perfect_specs (void);

gboolean nim_test_have_nim (void);
void nim_test_add_nim_argv (GPtrArray *argv, const char *const *args);
char *nim_test_nim_command (void);
int nim_test_run_nim_to (const char *stdout_path, const char *input,
                         char **out, char **err, const char *const *args);
int nim_test_run_nim_redirected (const char *redirect, const char *input,
                                 char **out, char **err,
                                 const char *const *args);
int nim_test_run_nimv (const char *input, char **out, char **err,
                       const char *const *args);
int nim_test_run_nim (const char *input, char **out, char **err,
                      const char *first_arg, ...) G_GNUC_NULL_TERMINATED;
JsonNode *nim_test_parse_json (const char *text);
int nim_test_signal_at (const char *marker, gboolean on_stderr, int signum,
                        const char *const *args, char **out, char **err);
int nim_test_interrupt_at (const char *marker, gboolean on_stderr,
                           const char *const *args, char **out, char **err);
void nim_test_assert_refused (const char *const *args, int status,
                              const char *message);

char *nim_test_engine_command (const char *mode, const char *spec);
guint nim_test_count_fds (void);
gboolean nim_test_light (void);
guint nim_test_count_children (void);
void nim_test_assert_pids_gone (const char *path, guint least);

typedef struct _NimTestSolver NimTestSolver;
NimTestSolver *nim_test_solver_new (const NimRules *rules);
void nim_test_solver_free (NimTestSolver *solver);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimTestSolver, nim_test_solver_free)
gboolean nim_test_solver_wins (NimTestSolver *solver, const NimBoard *board);
void nim_test_solver_move (NimTestSolver *solver, const NimBoard *board,
                           NimMove *move);

char *nim_test_strip_valgrind (const char *err);
JsonNode *nim_test_run_json (const char *const *args);

NimSequence *nim_test_sequence_new (const char *code, NimSequenceMethod method,
                                    guint64 n);

G_END_DECLS
