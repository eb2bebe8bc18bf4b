/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-test.h -- helpers the test programs share */
#pragma once

#include <glib.h>

#include "nim-board.h"

G_BEGIN_DECLS

void nim_test_assert_contains (const char *text, const char *part);
void nim_test_assert_not_contains (const char *text, const char *part);
void nim_test_rules (NimRules *rules, const char *take, gboolean misere);
void nim_test_board (NimBoard *board, const char *heaps);

G_END_DECLS
