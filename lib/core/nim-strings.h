/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-strings.h -- text a message quotes, made safe to show, and numbers
   written without printf */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *nim_text_escape (const char *text, gsize max_chars);
void nim_string_append_uint (GString *s, guint64 value);
void nim_string_append_int (GString *s, gint64 value);

G_END_DECLS
