/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-checkpoint.c -- a long computation of Grundy values saved to a
   folder now and then, and taken up again from the last good save

   The folder holds every value saved so far in "values", four bytes
   each, little-endian, appended at each save; and the state of the
   last save in "state": what the computation is (the caller's names
   and values, such as the code), how many values it had, the SHA-256 of
   those, and a SHA-256 of the state's own text.  A save appends the new
   values and syncs them, writes the state beside the old one, syncs it,
   and renames it into place, keeping the one before as "state.old".  A
   save cut off part-way leaves a state that is missing, torn or names
   values that are not all there: it is found out by its checksums and
   the one before it is used.  The values past the save used are
   dropped, so the file is only ever appended to.

   Only the values are saved: the table is rebuilt from them
   (nim_sequence_append()), its split, its counts and, under a memory
   bound, the file the values beyond it are kept in, as the computation
   made them. */
#include "config.h"

#include "nim-checkpoint.h"

#include "nim-error.h"
#include "nim-i18n.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#define FORMAT "nim-checkpoint 1"
#define VALUES_FILE "values"
#define STATE_FILE "state"
#define OLD_FILE "state.old"
/* Values read or written at once. */
#define CHUNK 65536

struct _NimCheckpoint
{
  char *dir;
  char **identity; /* name, value, name, value, ... */
  int values_fd;
  guint64 saved;  /* the values a save names */
  GChecksum *sum; /* of those, as they are in the file */
};

/* A save's state, as read back. */
typedef struct
{
  guint64 len;
  NimSequenceResume resume;
  char *sha256;
  GPtrArray *identity; /* name, value, ... */
} State;

static void
state_clear (State *state)
{
  g_free (state->sha256);
  if (state->identity != NULL)
    g_ptr_array_unref (state->identity);
  memset (state, 0, sizeof *state);
}

static void
set_io_error (GError **error, const char *path, int errsv)
{
  g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
               /* TRANSLATORS: %s is a file or folder of a checkpoint,
                  then why it cannot be used, such as "No space left on
                  device". */
               _ ("checkpoint %s: %s"), path, g_strerror (errsv));
}

/**
 * nim_checkpoint_open:
 * @dir: the folder the saves go to; made if it is not there
 * @identity: (array zero-terminated=1): names and values, in pairs,
 *   that a save must have been made with to be taken up: the code and
 *   whatever else changes the values the computation gives
 * @error: return location for a #NIM_ERROR_FAILED error: @dir cannot
 *   hold the saves, or another computation saves there now
 *
 * Returns: (transfer full) (nullable): the checkpoint, or %NULL
 */
NimCheckpoint *
nim_checkpoint_open (const char *dir, const char *const *identity,
                     GError **error)
{
  g_autofree char *path = g_build_filename (dir, VALUES_FILE, NULL);
  NimCheckpoint *self;
  int fd;

  if (g_mkdir_with_parents (dir, 0777) != 0)
    {
      set_io_error (error, dir, errno);
      return NULL;
    }
  fd = open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      set_io_error (error, path, errno);
      return NULL;
    }
  /* Two computations saving to one folder would spoil each other's
     saves. */
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int errsv = errno;

      close (fd);
      if (errsv == EWOULDBLOCK)
        g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                     _ ("checkpoint %s: another computation is saving "
                        "there; wait for it to end or choose another "
                        "folder"),
                     dir);
      else
        set_io_error (error, path, errsv);
      return NULL;
    }
  self = g_new0 (NimCheckpoint, 1);
  self->dir = g_strdup (dir);
  self->identity = g_strdupv ((char **) identity);
  self->values_fd = fd;
  self->sum = g_checksum_new (G_CHECKSUM_SHA256);
  return self;
}

/**
 * nim_checkpoint_free:
 * @checkpoint: (nullable): a checkpoint
 *
 * Closes the checkpoint; its saves stay.
 */
void
nim_checkpoint_free (NimCheckpoint *checkpoint)
{
  if (checkpoint == NULL)
    return;
  close (checkpoint->values_fd);
  g_free (checkpoint->dir);
  g_strfreev (checkpoint->identity);
  g_checksum_free (checkpoint->sum);
  g_free (checkpoint);
}

/* The SHA-256 of @text in hexadecimal. */
static char *
text_sum (const char *text, gsize len)
{
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text,
                                      len);
}

static gboolean
parse_u64 (const char *text, guint64 *out)
{
  return g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, out, NULL);
}

/* Reads the state in @path.  A missing file is a G_FILE_ERROR_NOENT
   error; a damaged one says what is wrong. */
static gboolean
read_state (const char *path, State *state, GError **error)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autofree char *sum = NULL;
  gsize length;
  char *check;
  guint i, found = 0;

  memset (state, 0, sizeof *state);
  if (!g_file_get_contents (path, &text, &length, error))
    return FALSE;
  /* The last line checks all before it. */
  check = g_strrstr (text, "check ");
  if (check == NULL || (check != text && check[-1] != '\n')
      || strlen (text) != length)
    goto damaged;
  sum = text_sum (text, (gsize) (check - text));
  if (!g_str_has_prefix (check + strlen ("check "), sum)
      || strcmp (check + strlen ("check ") + strlen (sum), "\n") != 0)
    goto damaged;
  *check = '\0';
  lines = g_strsplit (text, "\n", -1);
  if (lines[0] == NULL || strcmp (lines[0], FORMAT) != 0)
    goto damaged;
  state->identity = g_ptr_array_new_with_free_func (g_free);
  for (i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      char *value = strchr (lines[i], ' ');

      if (value == NULL)
        goto damaged;
      *value++ = '\0';
      if (strcmp (lines[i], "identity") == 0)
        {
          char *space = strchr (value, ' ');

          if (space == NULL)
            goto damaged;
          *space = '\0';
          g_ptr_array_add (state->identity, g_strcompress (value));
          g_ptr_array_add (state->identity, g_strcompress (space + 1));
        }
      else if (strcmp (lines[i], "values") == 0
               && parse_u64 (value, &state->len))
        found |= 1;
      else if (strcmp (lines[i], "goal") == 0
               && parse_u64 (value, &state->resume.goal))
        found |= 2;
      else if (strcmp (lines[i], "full-scans") == 0
               && parse_u64 (value, &state->resume.full_scans))
        found |= 4;
      else if (strcmp (lines[i], "sparse") == 0
               && parse_u64 (value, &state->resume.sparse))
        found |= 8;
      else if (strcmp (lines[i], "sha256") == 0 && strlen (value) == 64)
        {
          g_free (state->sha256);
          state->sha256 = g_strdup (value);
          found |= 16;
        }
      else
        goto damaged;
    }
  if (found == 31 && state->len <= G_MAXUINT64 / 4)
    return TRUE;
damaged:
  state_clear (state);
  g_set_error_literal (error, NIM_ERROR, NIM_ERROR_FAILED,
                       _ ("its checksum or its fields are wrong"));
  return FALSE;
}

/* Whether @state was saved by a computation of this identity; if not,
   an error naming the first difference. */
static gboolean
check_identity (NimCheckpoint *self, const State *state, GError **error)
{
  guint i, k;

  for (i = 0; self->identity[i] != NULL && self->identity[i + 1] != NULL;
       i += 2)
    {
      const char *name = self->identity[i], *value = self->identity[i + 1];
      const char *saved = NULL;

      for (k = 0; k + 1 < state->identity->len; k += 2)
        if (strcmp (g_ptr_array_index (state->identity, k), name) == 0)
          saved = g_ptr_array_index (state->identity, k + 1);
      if (saved != NULL && strcmp (saved, value) == 0)
        continue;
      if (saved == NULL)
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     /* TRANSLATORS: the first %s is a folder; then a
                        name such as "--rules" and its value. */
                     _ ("checkpoint %s: it was saved without %s, this "
                        "computation has %s %s; give the options it was "
                        "saved with, or another folder"),
                     self->dir, name, name, value);
      else
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     /* TRANSLATORS: the first %s is a folder; then a
                        name such as "--rules" and two values of it. */
                     _ ("checkpoint %s: it was saved with %s %s, not %s; "
                        "give the options it was saved with, or another "
                        "folder"),
                     self->dir, name, saved, value);
      return FALSE;
    }
  return TRUE;
}

/* Reads @count values from value @first of the values file into @out,
   their bytes into @sum too. */
static gboolean
read_chunk (NimCheckpoint *self, guint64 first, guint64 count, guint32 *out,
            GChecksum *sum, GError **error)
{
  guint64 bytes = count * 4, done = 0, k;
  guint8 *raw = (guint8 *) out;

  while (done < bytes)
    {
      ssize_t n = pread (self->values_fd, raw + done, bytes - done,
                         (off_t) (first * 4 + done));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          g_autofree char *path
              = g_build_filename (self->dir, VALUES_FILE, NULL);

          if (n == 0)
            g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                         _ ("the values it names are not all in %s"), path);
          else
            set_io_error (error, path, errno);
          return FALSE;
        }
      done += (guint64) n;
    }
  if (sum != NULL)
    g_checksum_update (sum, raw, bytes);
  for (k = 0; k < count; k++)
    out[k] = GUINT32_FROM_LE (out[k]);
  return TRUE;
}

/* Whether the values file holds the @state's values: a checksum of them,
   to go on from, or %NULL. */
static GChecksum *
check_values (NimCheckpoint *self, const State *state, guint32 *buf,
              GError **error)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr (GChecksum) copy = NULL;
  guint64 i;

  for (i = 0; i < state->len; i += CHUNK)
    if (!read_chunk (self, i, MIN (CHUNK, state->len - i), buf, sum, error))
      return NULL;
  copy = g_checksum_copy (sum);
  if (strcmp (g_checksum_get_string (copy), state->sha256) != 0)
    {
      g_set_error_literal (error, NIM_ERROR, NIM_ERROR_FAILED,
                           _ ("the values it names are not the ones saved"));
      return NULL;
    }
  return g_steal_pointer (&sum);
}

/**
 * nim_checkpoint_restore:
 * @checkpoint: a checkpoint
 * @sequence: an empty table of the code the checkpoint is of
 * @error: return location for a #NIM_ERROR_USAGE error (the save is of
 *   another computation: the message names the difference) or a
 *   #NIM_ERROR_FAILED one (no save there can be used, or the values do
 *   not fit: the errors of nim_sequence_append())
 *
 * Takes up the last good save in the folder, if there is one: its values
 * go into @sequence, which then goes on as the computation that saved
 * them would have.  A save that is cut off or damaged is passed over for
 * the one before it.  Nothing is restored from a folder without saves.
 *
 * Returns: %TRUE unless there was an error
 */
gboolean
nim_checkpoint_restore (NimCheckpoint *checkpoint, NimSequence *sequence,
                        GError **error)
{
  NimCheckpoint *self = checkpoint;
  const char *names[] = { STATE_FILE, OLD_FILE };
  g_autofree guint32 *buf = g_new (guint32, CHUNK);
  g_autoptr (GError) why = NULL;
  GChecksum *sum = NULL;
  State state = { 0 };
  guint i, missing = 0;
  guint64 k;

  for (i = 0; i < G_N_ELEMENTS (names) && sum == NULL; i++)
    {
      g_autofree char *path = g_build_filename (self->dir, names[i], NULL);
      g_autoptr (GError) local = NULL;

      if (!read_state (path, &state, &local))
        {
          if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
            missing++;
          else if (why == NULL)
            g_set_error (&why, NIM_ERROR, NIM_ERROR_FAILED, "%s: %s", path,
                         local->message);
          continue;
        }
      if (!check_identity (self, &state, error))
        {
          state_clear (&state);
          return FALSE;
        }
      sum = check_values (self, &state, buf, &local);
      if (sum == NULL)
        {
          if (why == NULL)
            g_set_error (&why, NIM_ERROR, NIM_ERROR_FAILED, "%s: %s", path,
                         local->message);
          state_clear (&state);
          continue;
        }
      /* A damaged last save must not become the one before the next. */
      if (i > 0)
        {
          g_autofree char *last
              = g_build_filename (self->dir, STATE_FILE, NULL);

          unlink (last);
        }
    }
  if (sum == NULL)
    {
      if (missing < G_N_ELEMENTS (names))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                       /* TRANSLATORS: %s is a folder, then why its saves
                          cannot be used. */
                       _ ("checkpoint %s: no save there can be used (%s); "
                          "remove its files to start again"),
                       self->dir, why->message);
          return FALSE;
        }
      /* No save yet: the values file starts empty. */
      if (ftruncate (self->values_fd, 0) != 0)
        {
          g_autofree char *path
              = g_build_filename (self->dir, VALUES_FILE, NULL);

          set_io_error (error, path, errno);
          return FALSE;
        }
      return TRUE;
    }
  g_checksum_free (self->sum);
  self->sum = sum;
  self->saved = state.len;
  /* What a later save that was cut off appended goes. */
  if (ftruncate (self->values_fd, (off_t) (state.len * 4)) != 0)
    {
      g_autofree char *path = g_build_filename (self->dir, VALUES_FILE, NULL);

      set_io_error (error, path, errno);
      state_clear (&state);
      return FALSE;
    }
  for (k = 0; k < state.len; k += CHUNK)
    {
      guint64 n = MIN (CHUNK, state.len - k);

      if (!read_chunk (self, k, n, buf, NULL, error)
          || !nim_sequence_append (sequence, buf, n, error))
        {
          state_clear (&state);
          return FALSE;
        }
    }
  nim_sequence_set_resume (sequence, &state.resume);
  state_clear (&state);
  return TRUE;
}

/**
 * nim_checkpoint_save:
 * @checkpoint: a checkpoint
 * @sequence: the table it saves
 * @error: return location for a #NIM_ERROR_FAILED error: the folder
 *   cannot be written, or the values cannot be read back
 *
 * Saves the values computed since the last save and the table's state.
 * The save before stays good until this one is whole on the disk.
 *
 * Returns: %TRUE if saved
 */
gboolean
nim_checkpoint_save (NimCheckpoint *checkpoint, const NimSequence *sequence,
                     GError **error)
{
  NimCheckpoint *self = checkpoint;
  guint64 len = nim_sequence_len (sequence), i;
  g_autofree guint32 *buf = g_new (guint32, CHUNK);
  g_autofree char *values = g_build_filename (self->dir, VALUES_FILE, NULL);
  g_autofree char *state = g_build_filename (self->dir, STATE_FILE, NULL);
  g_autofree char *old = g_build_filename (self->dir, OLD_FILE, NULL);
  g_autoptr (GError) local = NULL;
  g_autoptr (GString) text = g_string_new (FORMAT "\n");
  g_autoptr (GChecksum) sum = NULL;
  g_autofree char *check = NULL;
  NimSequenceResume resume;
  int dir_fd;

  for (i = self->saved; i < len; i += CHUNK)
    {
      guint64 n = MIN (CHUNK, len - i), k, done = 0;
      const guint8 *raw = (const guint8 *) buf;

      if (!nim_sequence_read (sequence, i, n, buf, error))
        return FALSE;
      for (k = 0; k < n; k++)
        buf[k] = GUINT32_TO_LE (buf[k]);
      while (done < n * 4)
        {
          ssize_t w = pwrite (self->values_fd, raw + done, n * 4 - done,
                              (off_t) (i * 4 + done));

          if (w < 0 && errno == EINTR)
            continue;
          if (w <= 0)
            {
              set_io_error (error, values, w < 0 ? errno : ENOSPC);
              return FALSE;
            }
          done += (guint64) w;
        }
      g_checksum_update (self->sum, raw, n * 4);
      self->saved = i + n;
    }
  if (fdatasync (self->values_fd) != 0)
    {
      set_io_error (error, values, errno);
      return FALSE;
    }
  for (i = 0; self->identity[i] != NULL && self->identity[i + 1] != NULL;
       i += 2)
    {
      g_autofree char *name = g_strescape (self->identity[i], NULL);
      g_autofree char *value = g_strescape (self->identity[i + 1], NULL);

      g_string_append_printf (text, "identity %s %s\n", name, value);
    }
  nim_sequence_get_resume (sequence, &resume);
  sum = g_checksum_copy (self->sum);
  g_string_append_printf (
      text,
      "values %llu\ngoal %llu\nfull-scans %llu\nsparse %llu\nsha256 %s\n",
      (unsigned long long) len, (unsigned long long) resume.goal,
      (unsigned long long) resume.full_scans,
      (unsigned long long) resume.sparse, g_checksum_get_string (sum));
  check = text_sum (text->str, text->len);
  g_string_append_printf (text, "check %s\n", check);
  /* The save before becomes the old one (a second name for it), then
     the new one takes its name at once, synced first. */
  if ((unlink (old) != 0 && errno != ENOENT)
      || (link (state, old) != 0 && errno != ENOENT))
    {
      set_io_error (error, old, errno);
      return FALSE;
    }
  if (!g_file_set_contents_full (state, text->str, -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT
                                     | G_FILE_SET_CONTENTS_DURABLE,
                                 0666, &local))
    {
      g_set_error_literal (error, NIM_ERROR, NIM_ERROR_FAILED, local->message);
      return FALSE;
    }
  /* The rename lasts only once the folder is on the disk too. */
  dir_fd = open (self->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0)
    {
      fsync (dir_fd);
      close (dir_fd);
    }
  return TRUE;
}
