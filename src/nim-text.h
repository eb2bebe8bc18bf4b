/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-text.h -- columns of text on a terminal, for the program's tables */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gsize nim_text_width (const char *text);
void nim_string_append_padded (GString *s, const char *text, gsize width,
                               gboolean left);

G_END_DECLS
