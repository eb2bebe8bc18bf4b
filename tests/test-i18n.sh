#!/bin/sh
# test-i18n.sh -- nim speaks German and Simplified Chinese, and every message
# has its translation
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The catalogues po/de.po and po/zh_CN.po are compiled into a locale tree
# of our own, which NIM_LOCALEDIR points the built nim ($NIM_BINARY) at.
# LC_ALL=C.UTF-8 with LANGUAGE=de (or zh_CN) selects a catalogue on glibc
# without the de_DE locale generated; LANG=de_DE.UTF-8 is tried too when
# `locale -a` lists it.  A short scripted game, a bad entry, --help,
# --list-players and --json are checked for the words of the course
# material (the German transcript of the three-row game: Reihe,
# Streichhölzer, "Sie sind am Zug!"; the Chinese text on normal and misère
# play: 堆, 石子; the one-pile game's stones in the pile, Steine vom
# Haufen) and for what stays English (option names, JSON keys).
#
# Then the catalogues are compared with a POT made afresh from the
# sources (xgettext with po/Makevars' options over po/POTFILES.in): a
# message added without its translations fails here, named.  Without
# msgfmt or xgettext the test is skipped.  It speaks TAP.

srcdir="${NIM_SRCDIR:-.}"
nim="${NIM_BINARY:-./nim}"
case $nim in
  /*) ;;
  *) nim="$(pwd)/$nim" ;;
esac

for tool in msgfmt xgettext msgmerge msgattrib; do
  if ! command -v "$tool" > /dev/null 2>&1; then
    # The TAP way to skip a whole test script.
    echo "1..0 # SKIP $tool not found (gettext tools are needed)"
    exit 0
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/nim-i18n.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT HUP INT TERM
# The games below are played under the classic rule (see
# classic-rules.sh).
. "$srcdir/tests/classic-rules.sh"
nim=$(classic_rules_nim "$work" "$nim")

. "$srcdir/tests/tap.sh"

langs="de zh_CN"

# 1. The catalogues compile, formats checked.
for lang in $langs; do
  mkdir -p "$work/locale/$lang/LC_MESSAGES"
  if msgfmt --check -o "$work/locale/$lang/LC_MESSAGES/nim.mo" \
       "$srcdir/po/$lang.po" 2> "$work/msgfmt.err"; then
    ok "msgfmt --check po/$lang.po"
  else
    not_ok "msgfmt --check po/$lang.po"
    sed 's/^/# /' "$work/msgfmt.err"
  fi
done

# 2. Every message of the sources is translated, none fuzzy.  The POT is
# made as po/Makefile makes it: xgettext over POTFILES.in with the
# options of Makevars (its backslash-continued XGETTEXT_OPTIONS line).
options=$(sed -n '/^XGETTEXT_OPTIONS *=/,/[^\\]$/p' "$srcdir/po/Makevars" \
            | sed -e 's/^XGETTEXT_OPTIONS *= *//' -e 's/\\$//' | tr '\n' ' ')
sed -e 's/#.*//' -e '/^[ \t]*$/d' "$srcdir/po/POTFILES.in" > "$work/files"
# shellcheck disable=SC2086 # the options are words
if (cd "$srcdir" && xgettext $options --package-name=nim -f "$work/files" \
      -o "$work/nim.pot") 2> "$work/xgettext.err"; then
  ok "xgettext makes a POT from po/POTFILES.in"
else
  not_ok "xgettext makes a POT from po/POTFILES.in"
  sed 's/^/# /' "$work/xgettext.err"
fi
# A message that counts things has an English singular of its own: "1
# finished game", not "1 finished games".  (Many have one English form,
# "take %u", and a plural only for other languages: a count followed by
# a noun in the plural is what gives the mistake away.)
awk '
  function flush (  t) {
    t = id
    gsub(/of %l*[ud]/, "of N", t)
    if (plural != "" && id == plural \
        && t ~ /%l*[ud] (finished )?(games|jobs|matches|stones|heaps|moves|counts|positions|pairs|nodes|seconds|digits)([^a-z]|$)/)
      print "# the same when singular: " id
    id = ""; plural = ""; field = ""
  }
  /^msgid / { flush(); field = "id" }
  /^msgid_plural / { field = "plural" }
  /^msgstr/ { field = "" }
  /^"/ || /^msgid/ {
    text = $0; sub(/^[a-z_]* */, "", text); gsub(/^"|"$/, "", text)
    if (field == "id") id = id text
    else if (field == "plural") plural = plural text
  }
  END { flush() }' "$work/nim.pot" > "$work/plurals"
if [ -s "$work/plurals" ]; then
  not_ok "every message that counts things has an English singular"
  cat "$work/plurals"
else
  ok "every message that counts things has an English singular"
fi
for lang in $langs; do
  msgmerge --quiet --no-fuzzy-matching -o "$work/$lang.po" \
    "$srcdir/po/$lang.po" "$work/nim.pot" 2> /dev/null
  msgattrib --untranslated --no-obsolete --no-wrap "$work/$lang.po" \
    | grep '^msgid ' | grep -v '^msgid ""$' > "$work/$lang.untranslated"
  msgattrib --only-fuzzy --no-obsolete --no-wrap "$work/$lang.po" \
    | grep '^msgid ' | grep -v '^msgid ""$' > "$work/$lang.fuzzy"
  # A message longer than a line starts with msgid "": show its first line.
  msgattrib --untranslated --no-obsolete --no-wrap "$work/$lang.po" \
    | grep -A1 '^msgid ""$' | grep '^"' | grep -v '^"Project-Id' \
    >> "$work/$lang.untranslated"
  if [ -s "$work/$lang.untranslated" ] || [ -s "$work/$lang.fuzzy" ]; then
    not_ok "po/$lang.po translates every message of the sources"
    echo "# run 'make -C po update-po' and translate these in po/$lang.po:"
    sed 's/^/# untranslated: /' "$work/$lang.untranslated"
    sed 's/^/# fuzzy: /' "$work/$lang.fuzzy"
  else
    ok "po/$lang.po translates every message of the sources"
  fi
done

# 3. Every source file that marks a message is in POTFILES.in.
missing=
for f in "$srcdir"/src/*.[ch] "$srcdir"/src/*/*.[ch] "$srcdir"/lib/*/*.[ch]; do
  rel=${f#"$srcdir"/}
  [ "$rel" = lib/core/nim-i18n.h ] && continue
  if grep -q -E '(^|[^A-Za-z0-9_])(N?_|NP_|C_|g_dngettext) ?\(' "$f" \
     && ! grep -q -x -F "$rel" "$work/files"; then
    missing="$missing $rel"
  fi
done
if [ -n "$missing" ]; then
  not_ok "po/POTFILES.in lists every file with messages; add:$missing"
else
  ok "po/POTFILES.in lists every file with messages"
fi

# 4. German, the words of the three-row game's transcript.
run () {
  lang=$1
  shift
  NIM_LOCALEDIR="$work/locale" LC_ALL=C.UTF-8 LANGUAGE=$lang "$nim" "$@"
}
printf '1 2\nx\n3 1\n2 5\nquit\n' \
  | run de --heaps 3,4,5 --player2 xor > "$work/de.game" 2>&1
check "German game" "$work/de.game" "1. Reihe: |||" "Streichhölzer" \
  "Sie sind am Zug!" "Der Computer nimmt"
check "German message for a bad entry" "$work/de.game" \
  "'x' ist keine Reihennummer" "Die 2. Reihe hat nur 3 Streichhölzer"
# The one-pile game in German: Steine vom Haufen, the formal Sie.
printf '10\n2\n0\n3\nquit\n' \
  | run de --max-take 2 --misere --player2 grundy > "$work/de.pile" 2>&1
check "German one-pile game" "$work/de.pile" "Anzahl der Steine zu Beginn: " \
  "Wer zieht zuerst, 0 = der Computer (grundy) oder 1 = Sie? " \
  "'2' ist weder 0 noch 1" "Nehmen Sie 1 oder 2 Steine vom Haufen" \
  "Der Computer entfernt 1 Stein." \
  "Im Haufen liegen noch 9 Steine: |||||  ||||" "Sie sind am Zug!" \
  "Sie können nicht 3 Steine nehmen; nehmen Sie 1 oder 2."
# Its hint and explanations speak of stones too, never of matches or
# heaps, and `new` gives nothing up.
printf '10\n1\nhint\n1\nnew\nquit\n' \
  | run de --max-take 2 --misere --player2 grundy --explain \
  > "$work/de.pile-explain" 2>&1
check "German one-pile explanations" "$work/de.pile-explain" \
  "Tipp von grundy: Nehmen Sie 1 Stein." "Also 2 Steine zu nehmen (9 -> 7)" \
  "Neues Spiel."
check_not "German one-pile explanations name no match" \
  "$work/de.pile-explain" "Streichh"
check_not "German one-pile explanations name no heap" \
  "$work/de.pile-explain" "Reihe"
# Against the computer the explanations speak of "Sie" and "der
# Computer", as the game does, not of "Spieler 2".
printf 'hint\nquit\n' \
  | run de --heaps 2,3,4 --moves 1,2 --misere --player2 negamax --first 2 \
    --explain > "$work/de.versus" 2>&1
check "German explanations against the computer" "$work/de.versus" \
  "ein Gewinn für den Computer" "Reihe; Sie nehmen 2" \
  "dann kann der Computer nicht mehr ziehen und gewinnt."
check_not "German explanations against the computer name no player 1" \
  "$work/de.versus" "Spieler 1"
check_not "German explanations against the computer name no player 2" \
  "$work/de.versus" "Spieler 2"
run de --help > "$work/de.help" 2>&1
check "German --help" "$work/de.help" "Spielregeln:" \
  "--heaps=LIST" "Wer das letzte Streichholz nimmt, verliert" \
  "Diese Hilfe anzeigen und beenden" \
  "Versionsinformation ausgeben und beenden" \
  "Spieler: human oder ein Computer: minimax, negamax,"
run de --list-players > "$work/de.players" 2>&1
check "German --list-players" "$work/de.players" "negamax  " "Regeln:" \
  "tt=SIZE|off"
run de --heaps 3,x > "$work/de.error" 2>&1
check "German error message" "$work/de.error" \
  "--heaps: 'x' ist keine ganze Zahl" "»nim --help«"
run de --player1 xor --player2 xor --heaps 3,4,5 --json > "$work/de.json" 2>&1
check "--json stays English in German" "$work/de.json" '"rules":' \
  '"take":"any"' '"moves":' '"winner":'
run de --solve --heaps 3,4,5 --json > "$work/de.solve" 2>&1
check "--solve --json stays English in German" "$work/de.solve" \
  '"to_move":"win"' '"winning_moves":'

# 5. Simplified Chinese, the words of the text on misère play.
printf '1 2\n9 9\nquit\n' \
  | run zh_CN --heaps 3,4,5 --player2 xor > "$work/zh.game" 2>&1
check "Chinese game" "$work/zh.game" "第 1 堆：|||" "石子" "轮到您了" \
  "没有第 9 堆"
printf '10\n0\n3\nquit\n' \
  | run zh_CN --max-take 2 --misere --player2 grundy > "$work/zh.pile" 2>&1
check "Chinese one-pile game" "$work/zh.pile" "开始时的石子数" \
  "每步从这堆石子中取 1 或 2 颗" "这堆还剩 9 颗石子" "请取 1 或 2 颗"
# The hint in a lost position speaks the course's 安全状态 (a nim-sum of
# 0, safe for who leaves it), its sentences end in 。, and the nim-sum
# table's rows are as wide as each other, counted in display columns (a
# Chinese character takes two).
printf 'hint\nquit\n' \
  | run zh_CN --heaps 1,2,3 --player2 xor > "$work/zh.hint" 2>&1
check "Chinese hint: the course's 安全状态" "$work/zh.hint" "“安全状态”" \
  "指望对方失误。"
if python3 - "$work/zh.hint" << 'EOF' 2> /dev/null
import re, sys, unicodedata
def width (s):
    return sum (2 if unicodedata.east_asian_width (c) in "WF" else 1
                for c in s)
rows = [l for l in open (sys.argv[1], encoding = "utf-8")
        if re.match (r"  (第 [0-9]+ 堆|尼姆和) +[0-9]", l)]
ends = set (width (l.rstrip ("\n")) for l in rows)
sys.exit (0 if len (rows) == 4 and len (ends) == 1 else 1)
EOF
then
  ok "Chinese nim-sum table lines up by display width"
else
  not_ok "Chinese nim-sum table lines up by display width"
  sed 's/^/# /' "$work/zh.hint"
fi
run zh_CN --help > "$work/zh.help" 2>&1
check "Chinese --help" "$work/zh.help" "游戏规则：" "--heaps=LIST" \
  "取走最后一颗石子的一方输" "玩家：human 或电脑：minimax、negamax、"
run zh_CN --player1 xor --player2 xor --heaps 3,4,5 --json \
  > "$work/zh.json" 2>&1
check "--json stays English in Chinese" "$work/zh.json" '"rules":' \
  '"take":"any"' '"winner":'
check_not "--json has no Chinese" "$work/zh.json" "堆"

# 5b. nim --ugi answers in English in every language, the library's
# messages among its errors too (a referee reads them, as scripts read
# JSON keys), also from the thread that reads while a search runs; what
# it says on standard error follows the language.
for lang in $langs; do
  (printf 'setoption name rules value foo\nposition fen 3,x p1\n'
   printf 'position fen 3,4 p1 moves h9-1\n'
   printf 'position fen 300,301,302,303 p1\ngo infinite\n'
   sleep 0.3
   printf 'isready\nsetoption name depth value -3\nquit\n') \
    | run "$lang" --ugi > "$work/$lang.ugi" 2>&1
  check "nim --ugi answers in English in $lang" "$work/$lang.ugi" \
    "info string error: the rules: 'foo' is not a take rule" \
    "info string error: position: the position: 'x' is not a whole number" \
    "(h9-1): There is no heap 9" "readyok" \
    "info string error: player negamax: depth: '-3' is negative"
  if LC_ALL=C grep -q "$(printf '[\200-\377]')" "$work/$lang.ugi" \
     || grep -q -e 'ist keine' -e 'Reihe' "$work/$lang.ugi"; then
    not_ok "nim --ugi in $lang mixes in no other language"
    sed 's/^/# /' "$work/$lang.ugi" | head -n 40
  else
    ok "nim --ugi in $lang mixes in no other language"
  fi
done
run de --ugi <&- > "$work/de.ugi-closed" 2>&1
check "nim --ugi's standard error in German" "$work/de.ugi-closed" \
  "nim: Lesefehler auf der Standardeingabe"
run zh_CN --ugi <&- > "$work/zh.ugi-closed" 2>&1
check "nim --ugi's standard error in Chinese" "$work/zh.ugi-closed" \
  "nim：读取标准输入时出错"

# 6. The commands typed at the prompt stay English.
printf 'moves\nhelp\nhint\nq\n' \
  | run de --heaps 3,4,5 --player2 xor > "$work/de.commands" 2>&1
check "English commands at a German prompt" "$work/de.commands" \
  "Gültige Züge (Reihe Anzahl):" "Befehle: moves" "Tipp von xor" \
  "Spiel abgebrochen."

# 7. LANG=de_DE.UTF-8, as a German user's session sets it.  Where the
# system has not generated that locale, the test compiles it into a
# directory of its own from the locale sources of Debian's locales package
# (localedef, which needs no root) and points glibc at it with LOCPATH.
if find_locale de_DE "$work/locales"; then
  printf '1 2\nq\n' | (unset LC_ALL LC_MESSAGES LANGUAGE
    if [ -n "$locpath" ]; then LOCPATH="$locpath"; export LOCPATH; fi
    NIM_LOCALEDIR="$work/locale" LANG=de_DE.UTF-8 "$nim" --heaps 3,4,5 \
      --player2 xor) > "$work/lang.game" 2>&1
  check "LANG=de_DE.UTF-8" "$work/lang.game" "Sie sind am Zug!" "1. Reihe:"
else
  n=$((n + 1))
  echo "ok $n - LANG=de_DE.UTF-8 # SKIP the de_DE.UTF-8 locale is neither" \
       "generated nor can be made (install the locales package);" \
       "LANGUAGE=de was tested instead"
fi

# 8. English stays English.
printf 'x\nq\n' | LC_ALL=C NIM_LOCALEDIR="$work/locale" "$nim" --heaps 3,4,5 \
  --player2 xor > "$work/c.game" 2>&1
check "LC_ALL=C stays English" "$work/c.game" "Heap 1: |||" \
  "'x' is not a heap number" "Which heap do you take matches from? "

echo "1..$n"
exit 0
