#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# test-completion.bash -- the bash completion, in a real bash with
# bash-completion loaded
#
# Completes command lines the way bash does on <TAB> (COMP_WORDS and
# friends, then the function `complete -F` names) against the built nim,
# and against a stand-in whose --help-all has an option taking a FILE, to
# show that options are read from the help, not listed in the completion.
# Exits 77, which automake reports as SKIP, without bash-completion.

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

# A stand-in nim with an option that takes a FILE: file names complete.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/fake-nim" <<'FAKE'
#!/bin/sh
case $1 in
  --help-all)
    printf 'Usage:\n  nim [OPTION...]\n\nApplication Options:\n'
    printf '  -o, --record=FILE      Write the game here\n'
    printf '  --load=FILE            Read a game\n  --quiet   Say less\n'
    printf '  -1, --player1=SPEC     Player 1\n' ;;
  --list-players)
    printf 'alpha    the first\n         rules: every rule\nbeta     the second\n' ;;
esac
FAKE
chmod +x "$tmp/fake-nim"
touch "$tmp/game-1.json" "$tmp/game-2.json"
cd "$tmp" || exit 1
expect_only "an option read from --help-all" --record= -- "$tmp/fake-nim" --rec
expect_only "file names after FILE" game-1.json game-2.json \
  -- "$tmp/fake-nim" --record ga
expect_only "file names after -o" game-1.json game-2.json \
  -- "$tmp/fake-nim" -o ga
expect_only "file names after --load=" game-1.json game-2.json \
  -- "$tmp/fake-nim" --load=ga
expect_only "players read from --list-players" alpha beta -- \
  "$tmp/fake-nim" --player1 ""

if ((failures > 0)); then
  echo "$failures completion checks failed"
  exit 1
fi
exit 0
