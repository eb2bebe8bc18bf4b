/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-locale.h -- the user's language, where nim finds its catalogues,
   and numbers that read the same in every locale */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void nim_locale_init (void);
void nim_locale_speak_english (gboolean english);

G_END_DECLS
