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
#   NIM_BENCH_ROUNDS  how many times each run is measured (default 3);
#                     the median of each is kept
# Each line gives games per second and the processor time a game took
# (nim and the engines it ran).
# The issue's targets: external >= 50% of built-in, jobs 2 >= 1.7x jobs 1.
# The last line says how many processors each external run kept busy:
# with one job on idle processors the referee and the engine look for
# each other's answers on two of them (see bench/README).

nim=${1:?usage: $0 NIM ENGINE [GAMES]}
engine=${2:?usage: $0 NIM ENGINE [GAMES]}
games=${3:-8000}
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

# One measure of the four runs: "GAMES/S CPU-SECONDS" of each, in turn,
# so that a change in the load of the machine falls on all four alike.
measure () { # measure JOBS PLAYER2 [ENGINE-OPTIONS...]
  times > "$tmp"; before=$(cpu_file)
  r=$(rate "$@")
  times > "$tmp"; after=$(cpu_file)
  echo "$r $(awk -v a="$before" -v b="$after" 'BEGIN { printf "%.6f", b - a }')"
}

# Each run is measured $rounds times, the rounds interleaved, and the
# median of each is kept (of the games per second and of the processor
# time, each on its own).
rounds=${NIM_BENCH_ROUNDS:-3}
median () { # median FILE: "GAMES/S CPU", the median of each column
  for col in 1 2; do
    cut -d' ' -f"$col" "$1" | sort -g |
      awk '{ v[NR] = $1 } END { printf "%s ", v[int ((NR + 1) / 2)] }'
  done
}
runs=$(mktemp -d) || exit 1
trap 'rm -f "$tmp"; rm -rf "$runs"' EXIT
i=0
while [ "$i" -lt "$rounds" ]; do
  measure 1 "$spec" >> "$runs/b1"
  measure 2 "$spec" >> "$runs/b2"
  measure 1 bot:time=0 --engine "bot=$command" >> "$runs/e1"
  measure 2 bot:time=0 --engine "bot=$command" >> "$runs/e2"
  measure 1 "$spec" --affinity >> "$runs/b1a"
  measure 1 bot:time=0 --engine "bot=$command" --affinity >> "$runs/e1a"
  i=$((i + 1))
done
b1=$(median "$runs/b1") b2=$(median "$runs/b2")
e1=$(median "$runs/e1") e2=$(median "$runs/e2")
b1a=$(median "$runs/b1a") e1a=$(median "$runs/e1a")
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
echo "# engines bench: $games games of $spec against itself, 3 random heaps of 1-7,"
echo "# the median of $rounds rounds; load average before: $load0, after: $load"
row () { # row LABEL "GAMES/S CPU"
  echo "$2" | awk -v l="$1" -v g="$games" '{
    printf "%-36s %10s games/s %8.3f ms CPU/game\n", l, $1, $2 * 1000 / g }'
}
row "built in, --jobs 1" "$b1"
row "built in, --jobs 2" "$b2"
row "external ($what), --jobs 1" "$e1"
row "external ($what), --jobs 2" "$e2"
row "built in, --jobs 1 --affinity" "$b1a"
row "external ($what), --jobs 1 --affinity" "$e1a"
echo "$b1 $e1 $e2 $b1a $e1a" | awk -v g="$games" '{
  printf "external / built in (jobs 1): %.2f (target >= 0.50)\n", $3 / $1
  printf "external / built in (jobs 1, both --affinity): %.2f\n", $9 / $7
  printf "external jobs 2 / jobs 1:     %.2f (target >= 1.70, on two idle cores)\n", $5 / $3
  printf "CPU a game, built in / external (jobs 1, both processes): %.2f\n", $2 / $4
  # Games a second times processor seconds a game: how many processors
  # a run kept busy.  Unpinned on idle processors the referee and its
  # engine look for each other on two of them with one job already.
  printf "processors busy, external jobs 1 / jobs 2: %.2f / %.2f\n", $3 * $4 / g, $5 * $6 / g }'
