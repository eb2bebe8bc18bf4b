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
load0=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
spec='negamax:time=0'
if "$nim" --help 2>/dev/null | grep -q -- '--ugi'; then
  command="$nim --ugi --player1 $spec"
  what="nim --ugi"
else
  command="$engine good $spec"
  what="tests/nim-test-engine"
fi

tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp"' EXIT

# Games per second of one run: its games over its wall time, from --json.
rate () { # rate JOBS PLAYER2 [ENGINE-OPTIONS...]
  jobs=$1 p2=$2
  shift 2
  "$nim" "$@" --player1 "$spec" --player2 "$p2" --games "$games" \
    --jobs "$jobs" --random-heaps 3:7 --seed 1 --json |
    sed -n 's/.*"seconds":\([0-9.e+-]*\).*/\1/p' |
    awk -v g="$games" '{ if ($1 > 0) printf "%.1f", g / $1; else print "inf" }'
}

# The processor time (user and system) this shell's children used so
# far, in seconds: nim and the engines it ran and reaped.  `times` runs in
# this shell (in a subshell it would count the subshell's children only).
cpu_file () {
  awk 'NR == 2 { split ($1, u, "m"); split ($2, s, "m");
                 printf "%.6f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$tmp"
}

times > "$tmp"; c0=$(cpu_file)
builtin1=$(rate 1 "$spec")
times > "$tmp"; c1=$(cpu_file)
builtin2=$(rate 2 "$spec")
times > "$tmp"; c2=$(cpu_file)
external1=$(rate 1 bot:time=0 --engine "bot=$command")
times > "$tmp"; c3=$(cpu_file)
external2=$(rate 2 bot:time=0 --engine "bot=$command")
times > "$tmp"; c4=$(cpu_file)
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
echo "# engines bench: $games games of $spec against itself, 3 random heaps of 1-7"
echo "# load average before: $load0, after: $load (the ratios are taken in one run)"
row () { # row LABEL GAMES/S CPU-BEFORE CPU-AFTER
  awk -v l="$1" -v r="$2" -v a="$3" -v b="$4" -v g="$games" 'BEGIN {
    printf "%-36s %10s games/s %8.3f ms CPU/game\n", l, r, (b - a) * 1000 / g }'
}
row "built in, --jobs 1" "$builtin1" "$c0" "$c1"
row "built in, --jobs 2" "$builtin2" "$c1" "$c2"
row "external ($what), --jobs 1" "$external1" "$c2" "$c3"
row "external ($what), --jobs 2" "$external2" "$c3" "$c4"
awk -v b="$builtin1" -v e1="$external1" -v e2="$external2" \
    -v c0="$c0" -v c1="$c1" -v c2="$c2" -v c3="$c3" 'BEGIN {
  printf "external / built in (jobs 1): %.2f (target >= 0.50)\n", e1 / b
  printf "external jobs 2 / jobs 1:     %.2f (target >= 1.70, on two idle cores)\n", e2 / e1
  printf "CPU a game, built in / external (jobs 1, both processes): %.2f\n",
         (c1 - c0) / (c3 - c2) }'
