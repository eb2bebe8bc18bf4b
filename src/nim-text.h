/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-text.h -- columns of text on a terminal, for the program's tables:
   libnim's (nim-strings.h), which its explanations line up with too */
#pragma once

#include "nim-strings.h"
