#!/bin/sh
# test-decimal-comma.sh -- what nim writes to read back again does not
# depend on the locale
# SPDX-License-Identifier: GPL-3.0-or-later
#
# German and Turkish write 0.25 as 0,25, and a comma separates the options
# of a player spec: a spec, a UGI command or a results file that nim
# writes with printf's %g under LANG=de_DE.UTF-8 is read back wrong
# ("negamax:time=0,25" has an option '25').  Under both locales this test
# runs what writes a number nim or another program reads again: --solve
# (whose checking search nim names by a spec), a game, a comparison and a
# run with its results file as JSON (parsed by python3), --resume of that
# run, nim refereeing nim over UGI with a budget in seconds, and a UGI
# engine given one.  Output meant for people is written with a point
# too ("0.003 s", "LLR 1.20, between its bounds -2.94 and 2.94"): a comma
# would be ambiguous in nim's lists, and its input takes a point.  Where
# the system has not generated a locale, it is
# compiled into a directory of the test's own from Debian's locale sources
# (localedef, as tests/test-i18n.sh does).  It speaks TAP.

srcdir="${NIM_SRCDIR:-.}"
nim="${NIM_BINARY:-./nim}"
case $nim in
  /*) ;;
  *) nim="$(pwd)/$nim" ;;
esac

work=$(mktemp -d "${TMPDIR:-/tmp}/nim-comma.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT HUP INT TERM
. "$srcdir/tests/classic-rules.sh"
nim=$(classic_rules_nim "$work" "$nim")

. "$srcdir/tests/tap.sh"

# check_json DESCRIPTION -d|-l FILE: ok when the JSON in FILE (one
# document, or with -l one a line) parses.
check_json () {
  if python3 -c '
import json, sys
text = open(sys.argv[2]).read()
docs = text.splitlines() if sys.argv[1] == "-l" else [text]
for d in docs:
    json.loads(d)
' "$2" "$3" 2> "$work/json.err"; then
    ok "$1"
  else
    not_ok "$1"
    sed 's/^/# /' "$work/json.err" "$3" | head -n 20
  fi
}

unset LC_ALL LC_NUMERIC LC_MESSAGES LANGUAGE
mkdir -p "$work/locales"
for loc in de_DE tr_TR; do
  if ! find_locale "$loc" "$work/locales"; then
    n=$((n + 1))
    echo "ok $n - $loc.UTF-8 # SKIP the locale is neither generated nor" \
         "can be made (install the locales package)"
    continue
  fi
  # The messages stay English (no catalogues), so that the checks read
  # them; the numbers are what is tested.
  mkdir -p "$work/no-catalogues"
  in_locale () {
    (if [ -n "$locpath" ]; then LOCPATH=$locpath; export LOCPATH; fi
     LANG=$loc.UTF-8 NIM_LOCALEDIR="$work/no-catalogues" "$@")
  }
  run () {
    in_locale "$nim" "$@"
  }
  # The locale is real: printf writes its comma.
  if [ "$(in_locale env printf '%.1f' 0.5 2> /dev/null)" = "0,5" ]; then
    ok "$loc: the locale writes 0,5"
  else
    not_ok "$loc: the locale writes 0,5"
  fi
  # People's output has the point: the statistics of a move, and the
  # LLR and its bounds, which a comma would run into one list.
  run --heaps 3,4,5 --player1 negamax --player2 xor --stats \
    > "$work/stats" 2>&1
  check "$loc: --stats writes 0.0... s" "$work/stats" " 0.0"
  check_not "$loc: --stats writes no 0,0... s" "$work/stats" " 0,0"
  run --games 4 --heaps 3,4 --player1 negamax:time=0.05 --player2 random \
    --seed 1 --sprt elo0=0,elo1=10.5 > "$work/sprt" 2>&1
  check "$loc: the LLR and its bounds have points" "$work/sprt" \
    "between its bounds -2.94 and 2.94" "elo1 10.5"

  # 1. --solve names its checking search by a spec: time=0.25.
  if run --solve --heaps 3,4,5 > "$work/solve" 2>&1; then
    check "$loc: --solve --heaps 3,4,5" "$work/solve" "time=0.25"
  else
    not_ok "$loc: --solve --heaps 3,4,5 exits 0"
    sed 's/^/# /' "$work/solve"
  fi
  run --solve --heaps 3,4,5 --json > "$work/solve.json" 2>&1
  check_json "$loc: --solve --json is JSON" -d "$work/solve.json"

  # 2. A game and a comparison as JSON, with seconds in them.
  run --heaps 3,4,5 --player1 negamax:time=0.5 --player2 xor --json \
    > "$work/game.json" 2>&1
  check_json "$loc: a game's --json is JSON" -d "$work/game.json"
  run --compare --heaps 3,4,5 --json > "$work/compare.json" 2>&1
  check_json "$loc: --compare --json is JSON" -d "$work/compare.json"

  # 3. A run with fractions in its clock and its SPRT: the results file
  # is JSON a line, and --resume reads its header back.
  set -- --games 4 --heaps 3,4 --player1 negamax:time=0.05 \
    --player2 random --seed 1 --tc 1.5+0.01 \
    --sprt elo0=0,elo1=10.5,alpha=0.05,beta=0.05 \
    --results "$work/$loc.jsonl" -q
  run "$@" > "$work/run" 2>&1
  check_json "$loc: a results file is JSON a line" -l "$work/$loc.jsonl"
  if run "$@" --resume > "$work/resume" 2>&1; then
    ok "$loc: --resume reads the results file back"
  else
    not_ok "$loc: --resume reads the results file back"
    sed 's/^/# /' "$work/run" "$work/resume" | head -n 20
  fi

  # 4. nim referees nim over UGI with a budget in seconds (go movetime),
  # and a UGI engine takes one in setoption.
  if run --engine me="$nim --ugi" --player1 me:time=0.25 --player2 random \
       --seed 1 --heaps 3,4 > "$work/referee" 2>&1; then
    check "$loc: nim referees nim over UGI with time=0.25" "$work/referee" \
      "wins"
  else
    not_ok "$loc: nim referees nim over UGI with time=0.25"
    sed 's/^/# /' "$work/referee" | head -n 20
  fi
  # quit ends a search at once, without bestmove: it comes once the
  # search's 0.25 s are over, even on a loaded machine.
  { printf 'ugi\nsetoption name time value 0.25\nposition fen 3,4,5 p1\n'
    printf 'go\n'
    sleep 2
    printf 'quit\n'; } | run --ugi > "$work/ugi" 2>&1
  check "$loc: setoption name time value 0.25, then go" "$work/ugi" \
    "bestmove h1-2"
  check_not "$loc: setoption name time value 0.25 is no error" "$work/ugi" \
    "error"
done

echo "1..$n"
exit 0
