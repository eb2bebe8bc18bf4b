/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-i18n.h -- messages in the user's language
 *
 * _("...") translates a message now, N_("...") marks one to translate
 * later (in a static table), C_("context", "...") one whose English word
 * needs telling apart.  Option names, JSON keys and player names stay
 * English: scripts and other tools read them. */
#pragma once

#include <glib/gi18n-lib.h>
