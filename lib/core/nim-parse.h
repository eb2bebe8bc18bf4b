/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-parse.h -- strict parsing of the numbers people type */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What nim_scan_uint() found. */
typedef enum
{
  NIM_NUMBER_OK,
  NIM_NUMBER_EMPTY,
  NIM_NUMBER_NEGATIVE,
  NIM_NUMBER_TOO_LARGE,
  NIM_NUMBER_NOT_A_NUMBER,
} NimNumberKind;

NimNumberKind nim_scan_uint (const char *text, guint64 *value);
gboolean nim_parse_uint (const char *text, guint64 min, guint64 max,
                         const char *what, guint64 *out, GError **error);
gboolean nim_parse_uint_list (const char *text, guint64 min, guint64 max,
                              guint max_items, const char *what, GArray **out,
                              GError **error);
gboolean nim_parse_double (const char *text, double min, double max,
                           const char *what, double *out, GError **error);
gboolean nim_parse_size (const char *text, guint64 min, guint64 max,
                         const char *what, guint64 *out, GError **error);

G_END_DECLS
