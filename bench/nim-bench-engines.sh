#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# nim-bench-engines.sh -- what the referee costs: games per second of
# negamax against negamax built in, against the same negamax as an
# external UGI engine, and the external run with --jobs 2 against --jobs 1.
#
# usage: nim-bench-engines.sh NIM ENGINE [GAMES]
#   NIM     the nim binary
#   ENGINE  tests/nim-test-engine, which plays a nim player over UGI; when
#           NIM has --ugi, NIM --ugi is measured instead
# The targets: external >= 50% of built-in, jobs 2 >= 1.7x jobs 1.

nim=${1:?usage: $0 NIM ENGINE [GAMES]}
engine=${2:?usage: $0 NIM ENGINE [GAMES]}
games=${3:-2000}
spec='negamax:time=0'
if "$nim" --help 2>/dev/null | grep -q -- '--ugi'; then
  command="$nim --ugi --player1 $spec"
  what="nim --ugi"
else
  command="$engine good $spec"
  what="tests/nim-test-engine"
fi

# Games per second of one run: its games over its wall time, from --json.
rate () { # rate JOBS PLAYER2 [ENGINE-OPTIONS...]
  jobs=$1 p2=$2
  shift 2
  "$nim" "$@" --player1 "$spec" --player2 "$p2" --games "$games" \
    --jobs "$jobs" --random-heaps 3:7 --seed 1 --json |
    sed -n 's/.*"seconds":\([0-9.e+-]*\).*/\1/p' |
    awk -v g="$games" '{ if ($1 > 0) printf "%.1f", g / $1; else print "inf" }'
}

builtin1=$(rate 1 "$spec")
builtin2=$(rate 2 "$spec")
external1=$(rate 1 bot:time=0 --engine "bot=$command")
external2=$(rate 2 bot:time=0 --engine "bot=$command")
echo "# engines bench: $games games of $spec against itself, 3 random heaps of 1-7"
printf '%-40s %10s games/s\n' "built in, --jobs 1" "$builtin1"
printf '%-40s %10s games/s\n' "built in, --jobs 2" "$builtin2"
printf '%-40s %10s games/s\n' "external ($what), --jobs 1" "$external1"
printf '%-40s %10s games/s\n' "external ($what), --jobs 2" "$external2"
awk -v b="$builtin1" -v e1="$external1" -v e2="$external2" 'BEGIN {
  printf "external / built in (jobs 1): %.2f (target >= 0.50)\n", e1 / b
  printf "external jobs 2 / jobs 1:     %.2f (target >= 1.70)\n", e2 / e1 }'
