#!/bin/sh
# test-transcript.sh -- the German three-row game holds the conversation
# of its course text's transcript, line by line
# SPDX-License-Identifier: GPL-3.0-or-later
#
# tests/golden/transcript-000-de.txt is the transcript of the course's
# three-row game (heaps 3, 4 and 9; the person moves first; the computer
# plays the nim-sum strategy), with the lines nim adds marked "+ ".  This
# test plays the transcript's moves against `nim --player2 xor` in German
# (po/de.po compiled into a locale tree of its own, as test-i18n.sh does),
# folds ä, ö, ü and ß to ae, oe, ue and ss as the transcript writes them,
# and compares the output with the golden file line by line, trailing
# blanks ignored; the first difference is shown.  The same game in English
# and in Chinese must speak of "you" and "the computer" too, never of
# "Player 2 (xor)".  Without msgfmt the test is skipped.  It speaks TAP.

srcdir="${NIM_SRCDIR:-.}"
nim="${NIM_BINARY:-./nim}"
case $nim in
  /*) ;;
  *) nim="$(pwd)/$nim" ;;
esac
golden="$srcdir/tests/golden/transcript-000-de.txt"

if ! command -v msgfmt > /dev/null 2>&1; then
  echo "1..0 # SKIP msgfmt not found (gettext tools are needed)"
  exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/nim-transcript.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT HUP INT TERM
# The transcript's game is the classic rule (see classic-rules.sh).
. "$srcdir/tests/classic-rules.sh"
nim=$(classic_rules_nim "$work" "$nim")

. "$srcdir/tests/tap.sh"

for lang in de zh_CN; do
  mkdir -p "$work/locale/$lang/LC_MESSAGES"
  msgfmt -o "$work/locale/$lang/LC_MESSAGES/nim.mo" "$srcdir/po/$lang.po"
done

# The transcript's answers: the three rows, then heap and count, asked
# one after the other, for each of the person's six moves.
printf '3\n4\n9\n3\n2\n3\n1\n1\n1\n2\n1\n3\n2\n3\n1\n' > "$work/moves"

# LANG=de_DE.UTF-8 where that locale is generated, as the course text's
# students would run it; else LANGUAGE=de in C.UTF-8.
if locale -a 2> /dev/null | grep -q -i -x 'de_DE\.utf-\{0,1\}8'; then
  (unset LC_ALL LC_MESSAGES LANGUAGE
    NIM_LOCALEDIR="$work/locale" LANG=de_DE.UTF-8 "$nim" --player2 xor) \
    < "$work/moves" > "$work/de.out" 2> "$work/de.err"
else
  NIM_LOCALEDIR="$work/locale" LC_ALL=C.UTF-8 LANGUAGE=de "$nim" \
    --player2 xor < "$work/moves" > "$work/de.out" 2> "$work/de.err"
fi
status=$?
if [ "$status" -eq 0 ] && [ ! -s "$work/de.err" ]; then
  ok "the German game ends with status 0 and nothing on stderr"
else
  not_ok "the German game ends with status 0 (got $status) and nothing on stderr"
  sed 's/^/# /' "$work/de.err"
fi

# The golden file without its comments and its "+ " marks; the output
# folded as the transcript writes German.
grep -v '^#' "$golden" | sed 's/^+ //' | sed 's/[ \t]*$//' > "$work/want"
sed -e 's/ä/ae/g' -e 's/ö/oe/g' -e 's/ü/ue/g' -e 's/Ä/Ae/g' -e 's/Ö/Oe/g' \
    -e 's/Ü/Ue/g' -e 's/ß/ss/g' -e 's/[ \t]*$//' "$work/de.out" > "$work/got"
if cmp -s "$work/want" "$work/got"; then
  ok "the German game is the transcript's, line by line"
else
  not_ok "the German game is the transcript's, line by line"
  awk 'NR == FNR { want[FNR] = $0; nw = FNR; next }
       { got[FNR] = $0; ng = FNR }
       END {
         for (i = 1; i <= (nw > ng ? nw : ng); i++)
           if (want[i] != got[i]) {
             printf "# line %d of the golden game:\n#   want: %s\n#   got:  %s\n",
                    i, want[i], got[i]
             exit
           }
       }' "$work/want" "$work/got"
fi

# Every line the transcript has is there, in order, with nothing but the
# marked lines between: the marks are all that nim adds.
grep -v '^#' "$golden" | grep -v '^+ ' > "$work/transcript"
grep -v '^#' "$golden" | grep -c '^+ ' > "$work/n-added"
if [ "$(wc -l < "$work/transcript")" -ge 90 ] \
   && [ "$(cat "$work/n-added")" -le 8 ]; then
  ok "the golden game is the transcript with only nim's $(cat "$work/n-added") lines added"
else
  not_ok "the golden game is the transcript with only nim's lines added"
fi

# The same game in English and in Chinese speaks to "you" of "the
# computer".
LC_ALL=C "$nim" --player2 xor < "$work/moves" > "$work/en.out" 2>&1
check "the English game speaks of you and the computer" "$work/en.out" \
  "NIM game" "You play against the computer (xor)." \
  "Which heap do you take matches from? 3" "How many matches do you take? 2" \
  "Your move!" "The computer's move!" \
  "The computer takes 1 match from heap 1." "Current position:" \
  "The computer has won this game!"
NIM_LOCALEDIR="$work/locale" LC_ALL=C.UTF-8 LANGUAGE=zh_CN "$nim" \
  --player2 xor < "$work/moves" > "$work/zh.out" 2>&1
check "the Chinese game speaks of you and the computer" "$work/zh.out" \
  "尼姆游戏" "您与电脑（xor）对弈。" "轮到您了！" "轮到电脑了！" \
  "电脑从第 1 堆取 1 颗石子。" "当前局面：" "电脑赢了这一局！"
for lang in en de zh; do
  if grep -q -E 'Player 2|Spieler 2|玩家 2|\(xor\) (takes|nimmt)' \
       "$work/$lang.out"; then
    not_ok "the $lang game never says 'Player 2 (xor)'"
  else
    ok "the $lang game never says 'Player 2 (xor)'"
  fi
done

echo "1..$n"
exit 0
