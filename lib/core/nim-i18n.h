/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-i18n.h -- messages in the user's language
 *
 * _("...") translates a message now, N_("...") marks one to translate
 * later (in a static table), NP_("...", "...") one with a plural to
 * choose later with g_dngettext() (the pair of forms, in a table),
 * C_("context", "...") one whose English word needs telling apart.  Option
 * names, JSON keys and player names stay English: scripts and other tools read
 * them. */
#pragma once

#include <glib/gi18n-lib.h>

/* The singular and plural of a message in a static table, marked for
   xgettext (po/Makevars: --keyword=NP_:1,2). */
#define NP_(singular, plural)                                                 \
  {                                                                           \
    singular, plural                                                          \
  }
