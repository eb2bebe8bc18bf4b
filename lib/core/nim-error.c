/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-error.c -- the error domain of libnim */

#include "config.h"

#include "nim-error.h"

G_DEFINE_QUARK (nim - error - quark, nim_error)
