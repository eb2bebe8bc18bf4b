/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-json.h -- JSON read with bounds: how deep it nests, how long a file
   is, one value, each member once */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* How deep an array or object may nest in what nim reads: its results
   lines and certificates nest a few levels, and json-glib's parser
   recurses once a level, so that 200,000 levels overflow its stack. */
#define NIM_JSON_MAX_DEPTH 32

gboolean nim_json_load (JsonParser *parser, const char *text, gssize length,
                        const char *name, GError **error);
JsonNode *nim_json_load_file (const char *path, gsize max_bytes,
                              GError **error);

G_END_DECLS
