#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# test-completion.bash -- the bash completion, in a real bash with
# bash-completion loaded
#
# Completes command lines the way bash does on <TAB> (COMP_WORDS and
# friends, then the function `complete -F` names) against the built nim,
# which answers from the declarations of its options (nim --complete):
# the options of the mode chosen so far, each once, and what an option's
# value may be.  Exits 77, which automake reports as SKIP, without
# bash-completion.

bash_completion=${BASH_COMPLETION_SCRIPT:-/usr/share/bash-completion/bash_completion}
if [[ ! -r $bash_completion ]]; then
  echo "SKIP: bash-completion is not installed ($bash_completion)"
  exit 77
fi
if [[ -z ${NIM_BINARY:-} || -z ${NIM_SRCDIR:-} ]]; then
  echo "SKIP: NIM_BINARY and NIM_SRCDIR are not set; run through make check"
  exit 77
fi

# bash_completion expects an interactive shell's settings, not nounset.
# shellcheck disable=SC1090
source "$bash_completion"
# shellcheck disable=SC1091
source "$NIM_SRCDIR/data/nim.bash-completion"

failures=0

# Completes the words given, the last one being completed, as nim<TAB>
# would with the cursor at the end of the line; the result is COMPREPLY.
complete_line ()
{
  local func
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMP_LINE="$*"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  func=$(complete -p nim | sed -n 's/.*-F \([^ ]*\) .*/\1/p')
  "$func" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
}

# expect DESCRIPTION WANT... -- WORDS...: every WANT is offered.
expect ()
{
  local what=$1 want=() got
  shift
  while [[ $1 != -- ]]; do
    want+=("$1")
    shift
  done
  shift
  complete_line "$@"
  got=" ${COMPREPLY[*]} "
  for w in "${want[@]}"; do
    if [[ $got != *" $w "* ]]; then
      echo "FAIL: $what: '$*<TAB>' offers [${COMPREPLY[*]}], not $w"
      failures=$((failures + 1))
      return
    fi
  done
  echo "ok: $what: '$*<TAB>' offers [${COMPREPLY[*]}]"
}

# expect_only DESCRIPTION WANT... -- WORDS...: exactly the WANTs.
expect_only ()
{
  local what=$1 want=()
  shift
  while [[ $1 != -- ]]; do
    want+=("$1")
    shift
  done
  shift
  complete_line "$@"
  if [[ "${COMPREPLY[*]}" != "${want[*]}" ]]; then
    echo "FAIL: $what: '$*<TAB>' offers [${COMPREPLY[*]}], not [${want[*]}]"
    failures=$((failures + 1))
    return
  fi
  echo "ok: $what: '$*<TAB>' offers [${COMPREPLY[*]}]"
}

nim=$NIM_BINARY
expect_only "long options" --player1= --player2= --player= -- "$nim" --pla
expect_only "players after --player2" negamax -- "$nim" --player2 neg
expect_only "players after -1" minimax -- "$nim" -1 mi
expect_only "players after --player1=" human -- "$nim" --player1=hu
expect "every player" human minimax negamax xor grundy random \
  -- "$nim" --player2 ""
expect "short options" -H -k -m -1 -2 -j -- "$nim" -
expect "options without an argument" --misere --list-players --json \
  -- "$nim" --heaps 3,4,5 --
expect_only "nothing for a number" -- "$nim" --heaps ""
expect_only "the choices of --tournament" round-robin gauntlet -- "$nim" --tournament ""
expect_only "the choices of --order" random -- "$nim" --order r
expect_only "players after --player" xor -- "$nim" --player xo
expect_only "the choices of --assignment" minimax alphabeta -- "$nim" --grade me --assignment ""
expect_only "the choices of --gradescope-visibility" after_due_date after_published -- "$nim" --grade me --gradescope-visibility a

# The options of the mode chosen (of every mode while none is): --sprt
# and --start go with --games, --stats with one game; and an option given
# is not offered again.
expect_only "an option of --games" --sprt= -- "$nim" --games 10 --sp
expect_only "no option --solve does not take" -- "$nim" --solve --st
expect_only "--games takes --start, not --stats" --start= \
  -- "$nim" --games 10 --st
expect_only "any mode's while none is chosen" --stats --start= \
  -- "$nim" --heaps 3 --st
expect_only "an option once" --heaps= -- "$nim" --hea
expect_only "not twice" -- "$nim" --heaps 3 --hea
expect "a repeatable option again" --engine= \
  -- "$nim" --engine a=b --eng
expect_only "--solve writes a page, not explanations" --explore= \
  -- "$nim" --solve --ex
expect_only "--solve draws random heaps or trees" --random-heaps= \
  --random-tree= -- "$nim" --solve --ra
expect_only "--games has no page" -- "$nim" --games 10 --exp
expect_only "an engine's time margin in a run" --timemargin= \
  -- "$nim" --games 10 --timem
expect_only "no time margin for --ugi" -- "$nim" --ugi --timem

# File and directory names where the option's value is one.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
touch "$tmp/game-1.jsonl" "$tmp/game-2.jsonl"
mkdir "$tmp/logs"
cd "$tmp" || exit 1
expect_only "file names after --results" game-1.jsonl game-2.jsonl \
  -- "$nim" --games 2 --results ga
expect_only "file names after -o" game-1.jsonl game-2.jsonl \
  -- "$nim" --games 2 -o ga
expect_only "file names after --positions=" game-1.jsonl game-2.jsonl \
  -- "$nim" --games 2 --positions=ga
expect_only "file names after --explore" game-1.jsonl game-2.jsonl \
  -- "$nim" --solve --explore ga
expect_only "directories after --engine-log" logs \
  -- "$nim" --engine-log lo

if ((failures > 0)); then
  echo "$failures completion checks failed"
  exit 1
fi
exit 0
