/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player.c -- the player interface (the course's PlayerBase), registry */

#include "config.h"

#include "nim-player.h"

#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-tt.h"
#include "nim-error.h"
#include "nim-parse.h"
#include "nim-strings.h"

#include <string.h>

/* The registry: adding a player is one row here, naming the class that
   its file lib/players/nim-player-NAME.c defines as
   nim_player_NAME_class (see HACKING).  The order is the order of
   `--list-players` and of the searchers' rows in `--compare`. */
#define NIM_PLAYER_REGISTRY(ROW)                                              \
  ROW (human)                                                                 \
  ROW (minimax)                                                               \
  ROW (negamax)                                                               \
  ROW (pns)                                                                   \
  ROW (mcts)                                                                  \
  ROW (xor)                                                                   \
  ROW (grundy)                                                                \
  ROW (random)

#define DECLARE_CLASS(name)                                                   \
  extern const NimPlayerClass nim_player_##name##_class;
#define LIST_CLASS(name) &nim_player_##name##_class,
NIM_PLAYER_REGISTRY (DECLARE_CLASS)

static const NimPlayerClass *const player_classes[] = {
  NIM_PLAYER_REGISTRY (LIST_CLASS) NULL,
};

/* The registry's rows, then the classes declared at run time (external
   engines), %NULL-terminated; %NULL until the first declaration.  The
   program declares before it plays, so the threads of a comparison run
   only read it. */
static GPtrArray *declared_classes;

G_DEFINE_QUARK (nim - forfeit - error - quark, nim_forfeit_error)

/**
 * nim_end_to_string:
 * @end: how a game ended
 *
 * Returns: the name records use: "normal", "illegal", "time",
 *   "disconnect", "startup" or "protocol"
 */
const char *
nim_end_to_string (NimEnd end)
{
  static const char *const names[NIM_END_N]
      = { "normal", "illegal", "time", "disconnect", "startup", "protocol" };

  g_return_val_if_fail (end < NIM_END_N, "normal");
  return names[end];
}

/**
 * nim_player_classes:
 *
 * Returns: (transfer none): every player class, %NULL-terminated: the
 *   registry's, then those declared with nim_player_declare_class()
 */
const NimPlayerClass *const *
nim_player_classes (void)
{
  if (declared_classes != NULL)
    return (const NimPlayerClass *const *) declared_classes->pdata;
  return player_classes;
}

/**
 * nim_player_declare_class:
 * @klass: (transfer none): a class that lives as long as the program,
 *   such as an external engine's
 * @error: return location for a #NIM_ERROR_USAGE error when a player of
 *   that name exists already
 *
 * Adds a player class at run time: from then on its name works in every
 * spec, and nim_player_classes() lists it after the registry's.  Declare
 * before any game starts: the registry is not locked.
 *
 * Returns: %TRUE if @klass was added
 */
gboolean
nim_player_declare_class (const NimPlayerClass *klass, GError **error)
{
  guint i;

  g_return_val_if_fail (klass != NULL && klass->name != NULL, FALSE);

  if (nim_player_class_lookup (klass->name) != NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("a player named '%s' exists already; give the engine "
                      "another name"),
                   klass->name);
      return FALSE;
    }
  if (declared_classes == NULL)
    {
      declared_classes = g_ptr_array_new ();
      for (i = 0; player_classes[i] != NULL; i++)
        g_ptr_array_add (declared_classes, (gpointer) player_classes[i]);
      g_ptr_array_add (declared_classes, NULL);
    }
  declared_classes->pdata[declared_classes->len - 1] = (gpointer) klass;
  g_ptr_array_add (declared_classes, NULL);
  return TRUE;
}

/**
 * nim_player_class_lookup:
 * @name: a player name such as "negamax"
 *
 * Returns: (nullable) (transfer none): the class, or %NULL
 */
const NimPlayerClass *
nim_player_class_lookup (const char *name)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  guint i;

  for (i = 0; classes[i] != NULL; i++)
    if (g_str_equal (classes[i]->name, name))
      return classes[i];
  return NULL;
}

static char *
class_names (void)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; classes[i] != NULL; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "", classes[i]->name);
  return g_string_free (s, FALSE);
}

static char *
option_names (const NimPlayerClass *klass)
{
  GString *s = g_string_new (NULL);
  const NimPlayerOption *o;

  for (o = klass->options; o != NULL && o->key != NULL; o++)
    g_string_append_printf (s, "%s%s", s->len ? ", " : "", o->key);
  return g_string_free (s, FALSE);
}

static gboolean
parse_bool (const char *value, gboolean *out)
{
  static const char *const yes[] = { "on", "yes", "true", "1", NULL };
  static const char *const no[] = { "off", "no", "false", "0", NULL };

  guint i;

  /* In any case, as ab=ON reads as well as ab=on. */
  for (i = 0; yes[i] != NULL; i++)
    if (g_ascii_strcasecmp (yes[i], value) == 0
        || g_ascii_strcasecmp (no[i], value) == 0)
      {
        *out = g_ascii_strcasecmp (yes[i], value) == 0;
        return TRUE;
      }
  return FALSE;
}

/* "64M" -> 67108864.  Suffixes are binary, as memory sizes usually are. */
static gboolean
parse_size (const char *value, const NimPlayerOption *o, guint64 *out,
            GError **error)
{
  g_autofree char *digits = g_strdup (value);
  gsize len = strlen (digits);
  guint shift = 0;
  guint64 n;

  if (o->type == NIM_OPTION_SIZE && g_ascii_strcasecmp (value, "off") == 0)
    {
      *out = 0;
      return TRUE;
    }
  if (len > 0)
    switch (g_ascii_toupper (digits[len - 1]))
      {
      case 'K':
        shift = 10;
        break;
      case 'M':
        shift = 20;
        break;
      case 'G':
        shift = 30;
        break;
      default:
        break;
      }
  if (shift > 0)
    digits[len - 1] = '\0';
  if (!nim_parse_uint (digits, 0, o->max >> shift, o->key, &n, NULL)
      || ((n << shift != 0 || o->type == NIM_OPTION_SIZE_ON)
          && n << shift < o->min))
    {
      if (o->type == NIM_OPTION_SIZE_ON)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       /* TRANSLATORS: KEY=VALUE of a player option that
                          has no off, such as pns's table. */
                       _ ("%s=%s: expected a size such as 64M, 512K or 1G "
                          "(from %lluK to %lluG); this table cannot be off"),
                       o->key, value, (unsigned long long) (o->min >> 10),
                       (unsigned long long) (o->max >> 30));
          return FALSE;
        }
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: KEY=VALUE of a player option; off stays
                      English (it is typed). */
                   _ ("%s=%s: expected a size such as 64M, 512K or 1G (from "
                      "%lluK to %lluG), or off (also 0)"),
                   o->key, value, (unsigned long long) (o->min >> 10),
                   (unsigned long long) (o->max >> 30));
      return FALSE;
    }
  *out = n << shift;
  return TRUE;
}

static gboolean
set_option (NimPlayer *self, const NimPlayerOption *o, const char *value,
            GError **error)
{
  gpointer field = (char *) self + o->offset;

  switch (o->type)
    {
    case NIM_OPTION_UINT:
      {
        guint64 n;

        if (!nim_parse_uint (value, o->min, o->max, o->key, &n, error))
          return FALSE;
        *(guint64 *) field = n;
        return TRUE;
      }
    case NIM_OPTION_BOOL:
      if (!parse_bool (value, (gboolean *) field))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       /* TRANSLATORS: on and off are typed; they stay
                          English. */
                       _ ("%s=%s: expected on or off"), o->key, value);
          return FALSE;
        }
      return TRUE;
    case NIM_OPTION_SIZE:
    case NIM_OPTION_SIZE_ON:
      return parse_size (value, o, (guint64 *) field, error);
    case NIM_OPTION_SECONDS:
      return nim_parse_double (value, 0, (double) o->max, o->key,
                               (double *) field, error);
    case NIM_OPTION_NUMBER:
      return nim_parse_double (value, (double) o->min, (double) o->max, o->key,
                               (double *) field, error);
    case NIM_OPTION_CHOICE:
      {
        guint i;

        for (i = 0; o->choices[i] != NULL; i++)
          if (g_str_equal (o->choices[i], value))
            {
              *(guint *) field = i;
              return TRUE;
            }
        {
          g_autofree char *list
              = g_strjoinv (C_ ("list", " or "), (char **) o->choices);

          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       /* TRANSLATORS: the last %s lists the accepted
                          values, "win or distance". */
                       _ ("%s=%s: expected %s"), o->key, value, list);
        }
        return FALSE;
      }
    }
  g_assert_not_reached ();
}

/* Whether the option "KEY=VALUE" @pair sets @key, blanks around KEY
   dropped. */
static gboolean
same_key (const char *pair, const char *key)
{
  const char *eq = strchr (pair, '=');
  g_autofree char *k = g_strstrip (g_strndup (pair, eq ? eq - pair : -1));

  return eq != NULL && g_str_equal (k, key);
}

/* Whether @key, a word with no '=' after the option @previous, is the
   decimals of a number written with a comma, "time=0,5" as German and
   Turkish write it: @previous ends in "=DIGITS" and @key is all digits. */
static gboolean
decimal_comma (const char *previous, const char *key)
{
  const char *eq = strchr (previous, '=');
  const char *p;

  if (eq == NULL || *key == '\0')
    return FALSE;
  for (p = key; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  for (p = eq + 1; g_ascii_isspace (*p); p++)
    ;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    ;
  while (g_ascii_isspace (*p))
    p++;
  return *p == '\0';
}

/* Sets the option "KEY=VALUE" at @pair of @pairs, the options of @spec
   after its ':'; the options before @pair were set already. */
static gboolean
set_option_pair (NimPlayer *self, const char *spec, char **pairs, char **pair,
                 GError **error)
{
  const char *eq = strchr (*pair, '=');
  /* Blanks around a key or a value are dropped, as numbers everywhere
     drop them: "depth = 4" is depth=4. */
  g_autofree char *key
      = g_strstrip (eq ? g_strndup (*pair, eq - *pair) : g_strdup (*pair));
  g_autofree char *value = g_strstrip (g_strdup (eq ? eq + 1 : ""));
  const NimPlayerOption *o = self->klass->options;
  g_autofree char *known = option_names (self->klass);
  char **earlier;

  if (**pair == '\0')
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   self->klass->options
                       ? _ ("player %s: empty option in '%s'; write "
                            "options as KEY=VALUE separated by commas, "
                            "such as %s:depth=4")
                       : _ ("player %s: empty option in '%s'; write "
                            "options as KEY=VALUE separated by commas, "
                            "such as %s:(no options)"),
                   self->klass->name, spec, self->klass->name);
      return FALSE;
    }
  if (eq == NULL && pair > pairs && decimal_comma (pair[-1], key))
    {
      g_autofree char *before = g_strstrip (g_strdup (pair[-1]));

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("player %s: '%s,%s' has a decimal comma; options take "
                      "a decimal point, as in %s.%s"),
                   self->klass->name, before, key, before, key);
      return FALSE;
    }
  for (; o != NULL && o->key != NULL; o++)
    if (g_str_equal (o->key, key))
      break;
  if (o == NULL || o->key == NULL)
    {
      g_autofree char *shown_pair = nim_text_escape (*pair, 40);
      g_autofree char *shown_key = nim_text_escape (key, 40);

      if (*known == '\0')
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     _ ("player %s takes no options, but '%s' was given"),
                     self->klass->name, shown_pair);
      else
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     _ ("player %s has no option '%s'; its options are %s"),
                     self->klass->name, shown_key, known);
      return FALSE;
    }
  if (eq == NULL || *value == '\0')
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: the last %s is the option's help,
                      as --list-players shows it. */
                   _ ("player %s: option %s needs a value, as in "
                      "%s=VALUE (%s)"),
                   self->klass->name, key, key, _ (o->help));
      return FALSE;
    }
  for (earlier = pairs; earlier < pair; earlier++)
    if (same_key (*earlier, key))
      {
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     _ ("player %s: option %s is given twice"),
                     self->klass->name, key);
        return FALSE;
      }
  if (!set_option (self, o, value, error))
    {
      g_prefix_error (error, _ ("player %s: "), self->klass->name);
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_player_spec_option:
 * @spec: a player spec, `NAME[:KEY=VALUE,...]`
 * @key: an option's key, such as "moves"
 *
 * What @spec gives its option @key, for whoever is handed a spec and not
 * the player (an observer's begin, say); it is not checked.
 *
 * Returns: (transfer full) (nullable): the value, blanks around it
 *   dropped, or %NULL when @spec does not give @key
 */
char *
nim_player_spec_option (const char *spec, const char *key)
{
  const char *colon;
  g_auto (GStrv) pairs = NULL;
  guint i;

  g_return_val_if_fail (spec != NULL && key != NULL, NULL);

  colon = strchr (spec, ':');
  if (colon == NULL)
    return NULL;
  pairs = g_strsplit (colon + 1, ",", -1);
  for (i = 0; pairs[i] != NULL; i++)
    if (same_key (pairs[i], key))
      return g_strstrip (g_strdup (strchr (pairs[i], '=') + 1));
  return NULL;
}

/* The prompt of a player that was given none: no person to ask, and
   the words of a game between two players of many heaps. */
static const NimPrompt no_prompt = { NULL, NULL, FALSE, 0, NULL, FALSE };

/**
 * nim_player_new:
 * @spec: `NAME[:KEY=VALUE,...]`, such as "negamax:depth=4,ab=off"
 * @error: return location for a #NIM_ERROR_USAGE error naming what is
 *   wrong and what is accepted
 *
 * Returns: (transfer full) (nullable): the player, or %NULL
 */
NimPlayer *
nim_player_new (const char *spec, GError **error)
{
  return nim_player_new_budgeted (spec, NULL, error);
}

/**
 * nim_player_new_budgeted:
 * @spec: `NAME[:KEY=VALUE,...]`, such as "minimax:depth=2"
 * @budget: (nullable): the budget of its moves where @spec sets none:
 *   set as nim_player_set_budget() sets it before the options of @spec
 *   are read, so that a spec's own depth=, time= or nodes= wins
 * @error: return location for a #NIM_ERROR_USAGE error naming what is
 *   wrong and what is accepted
 *
 * A player whose budget a program gives as numbers, as `--compare` gives
 * every search the same: no spec text is written and read back.  A
 * player without a budget ignores @budget.
 *
 * Returns: (transfer full) (nullable): the player, or %NULL
 */
NimPlayer *
nim_player_new_budgeted (const char *spec, const NimBudget *budget,
                         GError **error)
{
  g_autofree char *name = NULL;
  const char *colon = strchr (spec, ':');
  const NimPlayerClass *klass;
  g_autoptr (NimPlayer) self = NULL;
  g_auto (GStrv) pairs = NULL;
  guint i;

  name = colon ? g_strndup (spec, colon - spec) : g_strdup (spec);
  klass = nim_player_class_lookup (name);
  if (klass == NULL)
    {
      g_autofree char *names = class_names ();
      g_autofree char *shown = nim_text_escape (name, 40);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("unknown player '%s'; the players are %s"), shown,
                   names);
      return NULL;
    }
  self = g_malloc0 (klass->instance_size);
  self->klass = klass;
  self->spec = g_strdup (spec);
  self->number = 1;
  self->prompt = &no_prompt;
  self->rand = g_rand_new ();
  if (klass->init != NULL)
    klass->init (self);
  if (budget != NULL)
    nim_player_set_budget (self, budget);

  if (colon == NULL)
    return g_steal_pointer (&self);
  if (colon[1] == '\0')
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("player %s: nothing after ':'; write options as "
                      "KEY=VALUE separated by commas, or leave out the ':'"),
                   klass->name);
      return NULL;
    }

  pairs = g_strsplit (colon + 1, ",", -1);
  for (i = 0; pairs[i] != NULL; i++)
    if (!set_option_pair (self, spec, pairs, &pairs[i], error))
      return NULL;
  return g_steal_pointer (&self);
}

/**
 * nim_player_free:
 * @player: (nullable): a player
 */
void
nim_player_free (NimPlayer *player)
{
  if (player == NULL)
    return;
  if (player->klass->finalize != NULL)
    player->klass->finalize (player);
  if (player->explain != NULL)
    g_string_free (player->explain, TRUE);
  g_clear_error (&player->forfeit);
  g_rand_free (player->rand);
  g_free (player->spec);
  g_free (player);
}

/**
 * nim_player_set_number:
 * @player: a player
 * @number: 1 or 2
 */
void
nim_player_set_number (NimPlayer *player, guint number)
{
  player->number = number;
}

/**
 * nim_player_set_prompt:
 * @player: a player
 * @prompt: (nullable): how the game talks with the people at it; %NULL
 *   for none; it must outlive the player's moves (not owned)
 *
 * A person player (see nim_player_is_interactive()) reads its moves
 * through @prompt->ask, and shows its help, the legal moves and a hint
 * through it too: the library never reads or writes a terminal itself.
 * Without it, a person player's move fails with an error.  Every player
 * chooses the words of its messages and explanations by @prompt: stones
 * in the pile in the one-pile game, "you" and "the computer" when one
 * person plays one computer.  Give both players of a game the same.
 */
void
nim_player_set_prompt (NimPlayer *player, const NimPrompt *prompt)
{
  player->prompt = prompt != NULL ? prompt : &no_prompt;
}

/**
 * nim_player_set_seed:
 * @player: a player
 * @seed: seeds the player's random numbers, for reproducible games
 *
 * The numbers are seeded when first read (nim_player_get_rand()): a
 * comparison run seeds both players before every game, and seeding
 * GLib's generator (624 words) was 4 % of the processor time of a run
 * against an external engine, for players that never draw a number.
 */
void
nim_player_set_seed (NimPlayer *player, guint32 seed)
{
  player->seed = seed;
  player->seed_pending = TRUE;
}

/**
 * nim_player_get_rand:
 * @player: a player
 *
 * Returns: (transfer none): the player's random numbers, seeded with what
 *   nim_player_set_seed() was last given (if it was called)
 */
GRand *
nim_player_get_rand (NimPlayer *player)
{
  if (player->seed_pending)
    {
      g_rand_set_seed (player->rand, player->seed);
      player->seed_pending = FALSE;
    }
  return player->rand;
}

/**
 * nim_player_set_explain:
 * @player: a player
 * @explain: whether the player says why it moves (`--explain`)
 *
 * A computer player then explains each move it chooses, in lines of
 * text: nim_player_get_explanation() returns them until the next move.
 * A person explains nothing.
 */
void
nim_player_set_explain (NimPlayer *player, gboolean explain)
{
  if (explain && player->explain == NULL)
    player->explain = g_string_new (NULL);
  else if (!explain && player->explain != NULL)
    {
      g_string_free (player->explain, TRUE);
      player->explain = NULL;
    }
}

/**
 * nim_player_get_explanation:
 * @player: a player
 *
 * Returns: (nullable) (transfer none): why the player chose its last move,
 *   lines each ending in a newline; %NULL when it was not asked to explain
 *   (see nim_player_set_explain()) or has nothing to say
 */
const char *
nim_player_get_explanation (const NimPlayer *player)
{
  if (player->explain == NULL || player->explain->len == 0)
    return NULL;
  return player->explain->str;
}

/**
 * nim_player_set_trace:
 * @player: a player
 * @trace: (nullable) (transfer none): the observer a searcher reports the
 *   trees it explores to, from its next move on; it must outlive the
 *   player's moves.  Players that do not search ignore it.
 */
void
nim_player_set_trace (NimPlayer *player, NimObserver *trace)
{
  player->trace = trace;
}

/**
 * nim_player_get_name:
 * @player: a player
 *
 * Returns: the class name, "negamax"
 */
const char *
nim_player_get_name (const NimPlayer *player)
{
  return player->klass->name;
}

/**
 * nim_player_get_spec:
 * @player: a player
 *
 * Returns: the spec it was made from, "negamax:depth=4"
 */
const char *
nim_player_get_spec (const NimPlayer *player)
{
  return player->spec;
}

/**
 * nim_player_is_interactive:
 * @player: a player
 *
 * Returns: %TRUE for a person at the keyboard
 */
gboolean
nim_player_is_interactive (const NimPlayer *player)
{
  return player->klass->kind == NIM_PLAYER_PERSON;
}

/**
 * nim_player_get_stats:
 * @player: a player
 *
 * Returns: (transfer none): statistics of its last move
 */
const NimSearchStats *
nim_player_get_stats (const NimPlayer *player)
{
  return &player->stats;
}

/**
 * nim_player_supports:
 * @klass: a player class
 * @rules: the rules of a game
 * @start: its starting position
 * @error: return location for a #NIM_ERROR_UNSUPPORTED error
 *
 * Returns: %TRUE if @klass has a theory for (or can search) @rules
 */
gboolean
nim_player_supports (const NimPlayerClass *klass, const NimRules *rules,
                     const NimBoard *start, GError **error)
{
  if (nim_rules_is_tree (rules) && !klass->trees)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED,
                   /* TRANSLATORS: %s is a player's name. */
                   _ ("%s plays Nim's heaps, not a game tree whose leaves "
                      "hold values"),
                   klass->name);
      return FALSE;
    }
  return klass->supports == NULL || klass->supports (rules, start, error);
}

/**
 * nim_player_start:
 * @player: a player
 * @rules: the rules of the game about to start
 * @start: its starting position
 * @error: return location for an error; a player that cannot play @rules
 *   says so and names the players that can
 *
 * Returns: %TRUE if @player is ready to play
 */
gboolean
nim_player_start (NimPlayer *player, const NimRules *rules,
                  const NimBoard *start, GError **error)
{
  g_autoptr (GError) local = NULL;

  if (!nim_player_can_play (player, rules, start, error))
    return FALSE;
  player->rules = *rules;
  player->start = *start;
  g_clear_error (&player->forfeit);
  if (player->klass->start != NULL && !player->klass->start (player, &local))
    {
      /* An engine that fails to start loses the game it was started for,
         and the game says so: it is not a failure of the program. */
      if (local->domain == NIM_FORFEIT_ERROR)
        {
          player->forfeit = g_steal_pointer (&local);
          return TRUE;
        }
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_player_get_forfeit:
 * @player: a started player
 *
 * Returns: (nullable) (transfer none): why @player cannot play the game
 *   nim_player_start() started it for, a #NIM_FORFEIT_ERROR; %NULL when
 *   it can
 */
const GError *
nim_player_get_forfeit (const NimPlayer *player)
{
  return player->forfeit;
}

/**
 * nim_player_set_clock:
 * @player: a player
 * @clock: (nullable) (transfer none): the game's clock, which must
 *   outlive the player's next move, or %NULL for none
 *
 * The game shows its clock to the player about to move.  An external
 * engine sends it in `go`; a player with a time= option thinks for
 * nim_player_clock_budget() seconds instead.
 */
void
nim_player_set_clock (NimPlayer *player, const NimClock *clock)
{
  player->clock = clock;
}

/**
 * nim_player_ready:
 * @player: a started player, about to move under a clock
 * @error: return location for an error: a #NIM_FORFEIT_ERROR when an
 *   engine did not answer within its start-up timeout
 *
 * Lets @player finish setting up for the game before the game's clock
 * runs for its move: an engine's readyok at a game's start is bounded by
 * its start-up timeout, not charged to its clock.  A player with nothing
 * to set up is ready at once.
 *
 * Returns: %TRUE if @player is ready to move
 */
gboolean
nim_player_ready (NimPlayer *player, GError **error)
{
  return player->klass->ready == NULL || player->klass->ready (player, error);
}

/**
 * nim_player_clock_budget:
 * @clock: a game's clock
 * @number: the player to move, 1 or 2
 *
 * What a player under a clock gives one move, as engines do: a twentieth
 * of what it has left plus three quarters of its increment, never more
 * than half of what it has left, and at least a millisecond.
 *
 * Returns: seconds
 */
double
nim_player_clock_budget (const NimClock *clock, guint number)
{
  gint64 left = clock->remaining[number - 1];
  gint64 inc = clock->increment[number - 1];
  /* Three quarters of the increment without overflow: an engine may be
     sent one of nearly G_MAXINT64 microseconds. */
  gint64 budget = MIN (left / 20 + inc / 4 * 3 + inc % 4 * 3 / 4, left / 2);

  return MAX (budget, G_TIME_SPAN_MILLISECOND) / 1e6;
}

/**
 * nim_player_get_time_budget:
 * @player: a computer player
 * @clock: (nullable): the game's clock, %NULL for none
 *
 * How long @player may think for its next move, as a person waiting for
 * it would like to know: what @clock allows it (see
 * nim_player_clock_budget()) when it has a time budget, else its time=
 * option.
 *
 * Returns: seconds; 0 when nothing but its depth or node budget (or
 *   nothing at all) bounds it
 */
double
nim_player_get_time_budget (const NimPlayer *player, const NimClock *clock)
{
  const NimPlayerOption *o;

  for (o = player->klass->options; o != NULL && o->key != NULL; o++)
    if (g_str_equal (o->key, "time") && o->type == NIM_OPTION_SECONDS)
      {
        double t = *(const double *) ((const char *) player + o->offset);

        if (clock != NULL)
          return nim_player_clock_budget (clock, player->number);
        /* An engine's time= not given: it gets the searchers' default. */
        return t < 0 ? NIM_SEARCH_DEFAULT_TIME : t;
      }
  return 0;
}

/**
 * nim_player_can_play:
 * @player: a player
 * @rules: the rules of a game
 * @start: its starting position, or one like it
 * @error: return location for a #NIM_ERROR_UNSUPPORTED error that names
 *   @player, says why, and names the players that can
 *
 * The check nim_player_start() makes, for a program that wants to refuse
 * a game before it asks anything about it.
 *
 * Returns: %TRUE if @player can play @rules from @start
 */
gboolean
nim_player_can_play (const NimPlayer *player, const NimRules *rules,
                     const NimBoard *start, GError **error)
{
  g_autoptr (GError) local = NULL;

  /* Heaps that split need room on the board for every game from here. */
  if (!nim_board_check_room (start, rules, error))
    return FALSE;
  if (!nim_player_supports (player->klass, rules, start, &local))
    {
      GString *can = g_string_new (NULL);
      guint i;

      /* A computer player's stand-ins are the other computer players:
         "human" is no answer in a comparison run or an analysis. */
      for (i = 0; player_classes[i] != NULL; i++)
        if ((player_classes[i]->kind == NIM_PLAYER_PERSON)
                == (player->klass->kind == NIM_PLAYER_PERSON)
            && nim_player_supports (player_classes[i], rules, start, NULL))
          g_string_append_printf (can, "%s%s", can->len ? ", " : "",
                                  player_classes[i]->name);
      g_set_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED,
                   _ ("player %u (%s) cannot play this game: %s; players "
                      "that can: %s"),
                   player->number, player->klass->name, local->message,
                   can->str);
      g_string_free (can, TRUE);
      return FALSE;
    }
  return TRUE;
}

/* A turn of @player: with @requests, a person's (which may be a request
   for the game, #NimTurn), else a move. */
static gboolean
play_turn (NimPlayer *player, const NimBoard *board, NimTurn *turn,
           gboolean requests, GError **error)
{
  gint64 t0 = g_get_monotonic_time ();
  const NimPlayerOption *time_option = NULL;
  double saved_time = 0;
  gboolean chose;

  g_return_val_if_fail (nim_board_has_move (board, &player->rules), FALSE);

  memset (&player->stats, 0, sizeof player->stats);
  if (player->explain != NULL)
    g_string_truncate (player->explain, 0);
  /* A position given from outside (a UGI position) may not fit the
     splits of a search. */
  if (!nim_board_check_room (board, &player->rules, error))
    return FALSE;
  /* Under a clock, a player with a time budget thinks for what the clock
     allows, whatever its spec said: built-in searchers and engines then
     play on equal terms.  The spec's budget comes back after the move. */
  if (player->clock != NULL)
    for (time_option = player->klass->options;
         time_option != NULL && time_option->key != NULL; time_option++)
      if (g_str_equal (time_option->key, "time")
          && time_option->type == NIM_OPTION_SECONDS)
        {
          double *field = (double *) ((char *) player + time_option->offset);

          saved_time = *field;
          *field = nim_player_clock_budget (player->clock, player->number);
          break;
        }
  turn->kind = NIM_TURN_MOVE;
  if (requests && player->klass->take_turn != NULL)
    chose = player->klass->take_turn (player, board, turn, error);
  else
    chose = player->klass->choose_move (player, board, &turn->move, error);
  if (time_option != NULL && time_option->key != NULL)
    *(double *) ((char *) player + time_option->offset) = saved_time;
  if (!chose)
    return FALSE;
  if (turn->kind != NIM_TURN_MOVE)
    return TRUE;
  player->stats.seconds = (g_get_monotonic_time () - t0) / 1e6;
  g_assert (nim_board_check_move (board, &player->rules, &turn->move, NULL));
  /* After the clock stopped: explaining is not part of the move's cost. */
  if (player->explain != NULL && player->klass->explain_move != NULL)
    player->klass->explain_move (player, board, &turn->move);
  return TRUE;
}

/**
 * nim_player_choose_move:
 * @player: a started player
 * @board: the position, with the player to move; it has a legal move
 * @move: (out): the move chosen, always legal
 * @error: return location for an error (a person may give up)
 *
 * A move, where no game is there to answer a person's requests (see
 * nim_player_take_turn()).
 *
 * Returns: %TRUE if a move was chosen
 */
gboolean
nim_player_choose_move (NimPlayer *player, const NimBoard *board,
                        NimMove *move, GError **error)
{
  NimTurn turn;

  if (!play_turn (player, board, &turn, FALSE, error))
    return FALSE;
  *move = turn.move;
  return TRUE;
}

/**
 * nim_player_take_turn:
 * @player: a started player
 * @board: the position, with the player to move; it has a legal move
 * @turn: (out): what the player does: a legal move, or a person's
 *   request for the game (to show the board, take moves back, start a
 *   new game, give up)
 * @error: return location for an error: the player failed (a person's
 *   input ended, Ctrl-C, an engine that broke the protocol)
 *
 * The turn of @player in a game, which answers the requests.
 *
 * Returns: %TRUE if the player moved or asked for something
 */
gboolean
nim_player_take_turn (NimPlayer *player, const NimBoard *board, NimTurn *turn,
                      GError **error)
{
  return play_turn (player, board, turn, TRUE, error);
}

/**
 * nim_player_evaluate:
 * @player: a started player
 * @board: a position, with the player to move
 * @value: (out): 1 if the player to move wins, -1 if it loses, 0 if
 *   @player could not tell (a budget ran out, or it does not know)
 * @move: (out) (optional): @player's move, when @board has one
 * @error: return location for an error of nim_player_choose_move()
 *
 * What @board is worth, as @player sees it: the proven value its move
 * choice reports (a searcher's, or a closed form's theory).  A position
 * without a move is decided by the rules instead, and the player's
 * statistics then show no search.
 *
 * Returns: %TRUE on success
 */
gboolean
nim_player_evaluate (NimPlayer *player, const NimBoard *board, int *value,
                     NimMove *move, GError **error)
{
  NimMove m;

  if (!nim_board_has_move (board, &player->rules))
    {
      memset (&player->stats, 0, sizeof player->stats);
      *value = player->rules.misere ? 1 : -1;
      return TRUE;
    }
  if (!nim_player_choose_move (player, board, move ? move : &m, error))
    return FALSE;
  *value = !player->stats.proven ? 0 : player->stats.value > 0 ? 1 : -1;
  return TRUE;
}

/**
 * nim_player_class_strongest:
 *
 * The computer player of a game when none is named, and the engine that
 * solves positions: the searcher with the largest strength.
 *
 * Returns: (transfer none): the class
 */
const NimPlayerClass *
nim_player_class_strongest (void)
{
  const NimPlayerClass *strongest = NULL;
  guint i;

  for (i = 0; player_classes[i] != NULL; i++)
    if (player_classes[i]->kind == NIM_PLAYER_SEARCHER
        && player_classes[i]->perfect
        && (strongest == NULL
            || player_classes[i]->strength > strongest->strength))
      strongest = player_classes[i];
  g_assert (strongest != NULL);
  return strongest;
}

/**
 * nim_player_exact_specs:
 * @search_options: (nullable): options for the searcher, such as
 *   "time=0,nodes=20000000", or %NULL for its defaults
 *
 * The exact solvers in the order they are tried: every closed form that
 * claims perfect play, in registry order, then the strongest searcher
 * with @search_options.  The first that supports a game's rules and
 * position is its exact solver.
 *
 * Returns: (transfer full): the specs, %NULL-terminated; free with
 *   g_strfreev()
 */
char **
nim_player_exact_specs (const char *search_options)
{
  GPtrArray *specs = g_ptr_array_new ();
  const NimPlayerClass *strongest = nim_player_class_strongest ();
  guint i;

  for (i = 0; player_classes[i] != NULL; i++)
    if (player_classes[i]->kind == NIM_PLAYER_CLOSED_FORM
        && player_classes[i]->perfect)
      g_ptr_array_add (specs, g_strdup (player_classes[i]->name));
  if (search_options != NULL && *search_options != '\0')
    g_ptr_array_add (
        specs, g_strdup_printf ("%s:%s", strongest->name, search_options));
  else
    g_ptr_array_add (specs, g_strdup (strongest->name));
  g_ptr_array_add (specs, NULL);
  return (char **) g_ptr_array_free (specs, FALSE);
}

/**
 * nim_player_new_exact:
 * @rules: the rules of a game
 * @start: its starting position
 * @search_options: (nullable): as for nim_player_exact_specs()
 * @error: return location for a #NIM_ERROR_FAILED error when no exact
 *   solver plays @rules
 *
 * The exact solver of a game: the first of nim_player_exact_specs() that
 * supports it, a closed form when one knows the rules (instant and
 * exact), otherwise the strongest searcher.
 *
 * Returns: (transfer full) (nullable): a started player, or %NULL
 */
NimPlayer *
nim_player_new_exact (const NimRules *rules, const NimBoard *start,
                      const char *search_options, GError **error)
{
  g_auto (GStrv) specs = nim_player_exact_specs (search_options);
  guint i;

  for (i = 0; specs[i] != NULL; i++)
    {
      g_autoptr (NimPlayer) p = nim_player_new (specs[i], NULL);

      if (p != NULL && nim_player_start (p, rules, start, NULL))
        return g_steal_pointer (&p);
    }
  g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
               _ ("no exact solver plays these rules"));
  return NULL;
}

/**
 * nim_player_new_advisor:
 * @rules: the rules of a game
 * @start: its starting position
 *
 * The player behind `hint`: the exact solver of the game, a searcher
 * with two seconds a move when no closed form knows the rules.
 *
 * Returns: (transfer full): a started player
 */
NimPlayer *
nim_player_new_advisor (const NimRules *rules, const NimBoard *start)
{
  NimPlayer *p = nim_player_new_exact (rules, start, "time=2", NULL);

  /* A searcher plays every rule. */
  g_assert (p != NULL);
  return p;
}

/* The option @key of @klass, or %NULL. */
static const NimPlayerOption *
find_option (const NimPlayerClass *klass, const char *key)
{
  const NimPlayerOption *o;

  for (o = klass->options; o != NULL && o->key != NULL; o++)
    if (g_str_equal (o->key, key))
      return o;
  return NULL;
}

/**
 * nim_player_set_option:
 * @player: a player
 * @key: one of its options, "depth"
 * @value: the value, as a spec writes it: "4", "on", "64M", "0.5"
 * @error: return location for a #NIM_ERROR_USAGE error naming what is
 *   wrong and what is accepted
 *
 * Sets one option after the player was made, as "KEY=VALUE" in its spec
 * would have: how a UGI engine's `setoption` and `go depth 4` reach the
 * player.  An option that sizes what nim_player_start() allocates (the
 * table) takes effect at the next start.
 *
 * Returns: %TRUE if the option was set
 */
gboolean
nim_player_set_option (NimPlayer *player, const char *key, const char *value,
                       GError **error)
{
  const NimPlayerOption *o = find_option (player->klass, key);

  g_return_val_if_fail (value != NULL, FALSE);
  if (o == NULL)
    {
      g_autofree char *known = option_names (player->klass);
      /* A UGI setoption's name may be megabytes long. */
      g_autofree char *shown = nim_text_escape (key, 40);

      if (*known == '\0')
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     _ ("player %s takes no options, but '%s' was given"),
                     player->klass->name, shown);
      else
        g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                     _ ("player %s has no option '%s'; its options are %s"),
                     player->klass->name, shown, known);
      return FALSE;
    }
  if (!set_option (player, o, value, error))
    {
      g_prefix_error (error, _ ("player %s: "), player->klass->name);
      return FALSE;
    }
  return TRUE;
}

/* The budget options of @player's class, depth=, time= and nodes=, each
   %NULL where the class has none of that name and type; whether it has
   one. */
static gboolean
budget_options (const NimPlayer *player, const NimPlayerOption *o[3])
{
  static const char *const keys[] = { "depth", "time", "nodes" };
  static const NimOptionType types[]
      = { NIM_OPTION_UINT, NIM_OPTION_SECONDS, NIM_OPTION_UINT };
  guint i;

  for (i = 0; i < 3; i++)
    {
      o[i] = find_option (player->klass, keys[i]);
      if (o[i] != NULL && o[i]->type != types[i])
        o[i] = NULL;
    }
  return o[0] != NULL || o[1] != NULL || o[2] != NULL;
}

/**
 * nim_player_get_budget:
 * @player: a player
 * @budget: (out): its depth=, time= and nodes= now (0 for those it does
 *   not have, or that set no limit)
 *
 * Returns: %TRUE if @player has a budget (a searcher, an engine)
 */
gboolean
nim_player_get_budget (const NimPlayer *player, NimBudget *budget)
{
  const NimPlayerOption *o[3];
  const char *base = (const char *) player;
  gboolean has = budget_options (player, o);

  memset (budget, 0, sizeof *budget);
  if (o[0] != NULL)
    budget->depth = *(const guint64 *) (base + o[0]->offset);
  if (o[1] != NULL)
    budget->time = *(const double *) (base + o[1]->offset);
  if (o[2] != NULL)
    budget->nodes = *(const guint64 *) (base + o[2]->offset);
  return has;
}

/**
 * nim_player_set_budget:
 * @player: a player
 * @budget: the budget of its next moves: plies, seconds and nodes, each 0
 *   for no limit
 *
 * Sets the player's depth=, time= and nodes= as numbers, as a UGI `go`
 * gives them: a value beyond what the option takes is taken as its
 * largest (a depth of a million as the deepest a search goes, a year as
 * the longest time), so that every number means something.  A player
 * without one of the options ignores that part of @budget.
 *
 * Returns: %TRUE if @player has a budget (a searcher, an engine)
 */
gboolean
nim_player_set_budget (NimPlayer *player, const NimBudget *budget)
{
  const NimPlayerOption *o[3];
  char *base = (char *) player;
  gboolean has;

  g_return_val_if_fail (budget != NULL && budget->time >= 0, FALSE);

  has = budget_options (player, o);
  if (o[0] != NULL)
    *(guint64 *) (base + o[0]->offset)
        = CLAMP (budget->depth, o[0]->min, o[0]->max);
  if (o[1] != NULL)
    *(double *) (base + o[1]->offset) = MIN (budget->time, (double) o[1]->max);
  if (o[2] != NULL)
    *(guint64 *) (base + o[2]->offset)
        = CLAMP (budget->nodes, o[2]->min, o[2]->max);
  return has;
}

/**
 * nim_player_get_memory:
 * @player: a player
 *
 * The most memory the player's tables take: each of its size options
 * (%NIM_OPTION_SIZE, %NIM_OPTION_SIZE_ON) sizes a table the player makes
 * once and keeps (nim_tt_footprint()).  A program that runs many players
 * at once (a comparison run's jobs) adds them up before it starts any.
 *
 * Returns: bytes; 0 for a player without a table
 */
guint64
nim_player_get_memory (const NimPlayer *player)
{
  const NimPlayerOption *o;
  guint64 bytes = 0;

  for (o = player->klass->options; o != NULL && o->key != NULL; o++)
    if (o->type == NIM_OPTION_SIZE || o->type == NIM_OPTION_SIZE_ON)
      {
        guint64 size = *(const guint64 *) ((const char *) player + o->offset);

        if (size > 0)
          bytes += nim_tt_footprint (MAX (size, o->min));
      }
  return bytes;
}

/**
 * nim_player_set_stop:
 * @player: a player
 * @stop: (nullable): an integer that another thread sets to non-zero
 *   (with g_atomic_int_set()) to stop the search under way, or %NULL
 *
 * Gives a searcher a stop flag of its own, which it reads where it reads
 * its clock: unlike Ctrl-C's nim_interrupt_request(), it stops this
 * player's search and no other.  The searcher then returns the best move
 * it has, as when its time runs out.  A player that does not search
 * answers at once and has no use for the flag; it is ignored.  @stop must
 * outlive the searches it is given for.
 */
void
nim_player_set_stop (NimPlayer *player, const gint *stop)
{
  if (player->klass->kind != NIM_PLAYER_SEARCHER)
    return;
  /* Every searcher's instance is a NimSearchPlayer, whose config every
     search starts from (nim_search_init()): the flag's home. */
  g_assert (player->klass->instance_size >= sizeof (NimSearchPlayer));
  ((NimSearchPlayer *) player)->config.stop = stop;
}
