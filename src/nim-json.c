/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-json.c -- JSON read with bounds: how deep it nests, how long a file
 * is, one value, each member once
 *
 * What nim reads as JSON (a results file's lines, a certificate) may
 * come from anyone.  json-glib's parser recurses once for each level of
 * nesting, so that [[[[...]]]] 200,000 deep overflows its stack; it reads
 * the first of two values and ignores the second; and of a member given
 * twice it keeps the last.  So the text is looked over before it is
 * parsed (strings skipped, brackets counted), and the parser is watched
 * as it adds each member.  Both readers of nim call nim_json_load(); a
 * certificate is read whole by nim_json_load_file(), which stops at a
 * bound, so that /dev/zero is refused and not read into memory. */

#include "config.h"

#include "nim-json.h"

#include "nim-error.h"
#include "nim-i18n.h"
#include "nim-interrupt.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/* Sets @error to @message, at line @line of @name (or without a place,
   for a text without a name). */
static gboolean
refuse (GError **error, const char *name, guint line, const char *message)
{
  if (name != NULL)
    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE, "%s:%u: %s", name, line,
                 message);
  else
    g_set_error_literal (error, NIM_ERROR, NIM_ERROR_USAGE, message);
  return FALSE;
}

/* Whether @text nests at most NIM_JSON_MAX_DEPTH deep, holds no NUL
   byte and at most one value, looking only at brackets and strings (the
   parser checks the rest). */
static gboolean
check_shape (const char *text, gsize length, const char *name, GError **error)
{
  enum
  {
    NOTHING, /* no value yet */
    SCALAR,  /* a number, true, false or null at the top, not ended */
    ENDED,   /* one value read: only blanks may follow */
  } top
      = NOTHING;
  gboolean in_string = FALSE, escaped = FALSE;
  guint depth = 0, line = 1;
  gsize i;

  for (i = 0; i < length; i++)
    {
      char ch = text[i];

      if (ch == '\0')
        return refuse (error, name, line, _ ("the text holds a NUL byte"));
      if (ch == '\n')
        line++;
      if (in_string)
        {
          if (escaped)
            escaped = FALSE;
          else if (ch == '\\')
            escaped = TRUE;
          else if (ch == '"')
            {
              in_string = FALSE;
              if (depth == 0)
                top = ENDED;
            }
          continue;
        }
      if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r')
        {
          if (depth == 0 && top == SCALAR)
            top = ENDED;
          continue;
        }
      if (depth == 0
          && (top == ENDED
              || (top == SCALAR && (ch == '"' || ch == '[' || ch == '{'))))
        return refuse (error, name, line,
                       _ ("a second JSON value begins here, after the "
                          "first; nim reads one"));
      switch (ch)
        {
        case '"':
          in_string = TRUE;
          break;
        case '[':
        case '{':
          if (++depth > NIM_JSON_MAX_DEPTH)
            {
              g_autofree char *message = g_strdup_printf (
                  _ ("arrays and objects nest more than %u deep here; nim "
                     "reads no deeper"),
                  (guint) NIM_JSON_MAX_DEPTH);

              return refuse (error, name, line, message);
            }
          break;
        case ']':
        case '}':
          /* A bracket closed too often is the parser's to report. */
          if (depth > 0 && --depth == 0)
            top = ENDED;
          break;
        default:
          if (depth == 0)
            top = SCALAR;
          break;
        }
    }
  return TRUE;
}

/* The first member given twice in one object, as the parser met it. */
typedef struct
{
  GHashTable *seen; /* JsonObject -> how many members it was given */
  char *twice;
  guint line;
} Members;

static void
on_member (JsonParser *parser, JsonObject *object, const char *name,
           gpointer data)
{
  Members *members = data;
  guint given = GPOINTER_TO_UINT (g_hash_table_lookup (members->seen, object));

  if (members->twice != NULL)
    return;
  /* A member given again replaces the first, so the object holds fewer
     members than it was given. */
  g_hash_table_insert (members->seen, object, GUINT_TO_POINTER (++given));
  if (given > json_object_get_size (object))
    {
      members->twice = g_strdup (name);
      members->line = json_parser_get_current_line (parser);
    }
}

/**
 * nim_json_load:
 * @parser: a parser
 * @text: the JSON text
 * @length: its length in bytes, or -1 if it ends with a NUL
 * @name: (nullable): the file @text comes from, to name in messages with
 *   the line; %NULL for none
 * @error: return location for a #NIM_ERROR_USAGE error: the text is not
 *   JSON, holds a NUL byte, nests deeper than %NIM_JSON_MAX_DEPTH, holds
 *   a second value after the first, or an object with a member given
 *   twice
 *
 * json_parser_load_from_data() with bounds, for text from anyone.
 *
 * Returns: %TRUE if @parser holds the one value of @text
 */
gboolean
nim_json_load (JsonParser *parser, const char *text, gssize length,
               const char *name, GError **error)
{
  g_autoptr (GError) local = NULL;
  Members members = { NULL, NULL, 0 };
  gsize size = length < 0 ? strlen (text) : (gsize) length;
  gulong handler;
  gboolean loaded;

  if (!check_shape (text, size, name, error))
    return FALSE;
  members.seen = g_hash_table_new (NULL, NULL);
  handler = g_signal_connect (parser, "object-member", G_CALLBACK (on_member),
                              &members);
  loaded = json_parser_load_from_data (parser, text, (gssize) size, &local);
  g_signal_handler_disconnect (parser, handler);
  g_hash_table_unref (members.seen);
  if (!loaded)
    {
      const char *message = local->message;

      /* json-glib names a text it was given as "<data>". */
      if (g_str_has_prefix (message, "<data>:"))
        message += strlen ("<data>:");
      if (name != NULL)
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE, "%s:%s", name,
                     message);
      else
        g_set_error_literal (error, NIM_ERROR, NIM_ERROR_USAGE, message);
      g_free (members.twice);
      return FALSE;
    }
  if (members.twice != NULL)
    {
      g_autofree char *twice = g_steal_pointer (&members.twice);
      g_autofree char *message = g_strdup_printf (
          /* TRANSLATORS: %s is the name of a member of a JSON object, such
             as "period". */
          _ ("the member \"%s\" is given twice in one object; nim reads a "
             "member once"),
          twice);

      return refuse (error, name, members.line, message);
    }
  return TRUE;
}

/* @bytes as people write it: "64 KiB", "1 MiB". */
static char *
size_text (gsize bytes)
{
  if (bytes % (1024 * 1024) == 0)
    return g_strdup_printf ("%llu MiB", (unsigned long long) (bytes >> 20));
  if (bytes % 1024 == 0)
    return g_strdup_printf ("%llu KiB", (unsigned long long) (bytes >> 10));
  return g_strdup_printf ("%llu B", (unsigned long long) bytes);
}

/* The whole of @path, at most @max_bytes of it, into @contents. */
static gboolean
read_bounded (const char *path, gsize max_bytes, GByteArray *contents,
              GError **error)
{
  guint8 buffer[65536];
  int fd;

  do
    fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
  while (fd < 0 && errno == EINTR && !nim_interrupted ());
  if (fd < 0)
    {
      int saved = errno;

      g_set_error_literal (error, G_FILE_ERROR,
                           g_file_error_from_errno (saved),
                           g_strerror (saved));
      return FALSE;
    }
  for (;;)
    {
      /* One byte past the bound tells a file of exactly that size from a
         longer one. */
      gsize want = MIN (sizeof buffer, max_bytes + 1 - contents->len);
      ssize_t n = read (fd, buffer, want);

      if (n < 0 && errno == EINTR && !nim_interrupted ())
        continue;
      if (n < 0)
        {
          int saved = errno;

          close (fd);
          g_set_error_literal (error, G_FILE_ERROR,
                               g_file_error_from_errno (saved),
                               g_strerror (saved));
          return FALSE;
        }
      if (n == 0)
        break;
      g_byte_array_append (contents, buffer, (guint) n);
      if (contents->len > max_bytes)
        {
          g_autofree char *size = size_text (max_bytes);

          close (fd);
          g_set_error (
              error, NIM_ERROR, NIM_ERROR_USAGE,
              /* TRANSLATORS: a file, then a size such as "64
                 MiB". */
              _ ("%1$s is longer than %2$s, the most nim reads of it"), path,
              size);
          return FALSE;
        }
    }
  close (fd);
  return TRUE;
}

/**
 * nim_json_load_file:
 * @path: a file
 * @max_bytes: the most bytes of it to read
 * @error: return location for a #G_FILE_ERROR (@path cannot be opened or
 *   read; the message is the system's alone) or a #NIM_ERROR_USAGE error
 *   naming @path (longer than @max_bytes, or an error of nim_json_load())
 *
 * Returns: (transfer full) (nullable): the one JSON value @path holds
 */
JsonNode *
nim_json_load_file (const char *path, gsize max_bytes, GError **error)
{
  g_autoptr (GByteArray) contents = g_byte_array_new ();
  g_autoptr (JsonParser) parser = json_parser_new ();

  if (!read_bounded (path, max_bytes, contents, error)
      || !nim_json_load (
          parser, contents->len > 0 ? (const char *) contents->data : "",
          (gssize) contents->len, path, error))
    return NULL;
  /* An empty file, or one of blanks, holds no value at all. */
  if (json_parser_get_root (parser) == NULL)
    {
      refuse (error, path, 1, _ ("the file holds no JSON value"));
      return NULL;
    }
  return json_node_copy (json_parser_get_root (parser));
}
