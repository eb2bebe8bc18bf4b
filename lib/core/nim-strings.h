/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-strings.h -- text a message quotes, made safe to show, numbers
   written without printf, and text padded to columns */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *nim_text_escape (const char *text, gsize max_chars);
void nim_string_append_uint (GString *s, guint64 value);
void nim_string_append_int (GString *s, gint64 value);
gsize nim_text_width (const char *text);
void nim_string_append_padded (GString *s, const char *text, gsize width,
                               gboolean left);

G_END_DECLS
