#!/bin/sh
# nim-bench-audit-runs.sh -- the audit of shards on real runs: how often
# --summarize names a shard of a run whose shards all played alike
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: sh bench/nim-bench-audit-runs.sh [NIM [RUNS [SHARDS [GAMES [FIRST]]]]]
#
# Plays RUNS runs (default 300) of GAMES games (default 600) with the
# real nim, seeds FIRST (default 1) to FIRST + RUNS - 1, each cut into SHARDS shards (default 3)
# played one after the other, and merges each run's results files with
# nim --summarize --json: a run whose "suspect_shards" is not empty is a
# false alarm, since every shard played the same command.  The players
# (negamax:depth=1 against random on random heaps) make a game take
# microseconds, so the run's time is mostly the processes' start.
# bench/nim-bench-audit measures the same audit on simulated runs, a
# handicapped shard included.

nim="${1:-./nim}"
runs="${2:-300}"
shards="${3:-3}"
games="${4:-600}"
first="${5:-1}"

work=$(mktemp -d "${TMPDIR:-/tmp}/nim-bench-audit.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 1' HUP INT TERM

alarms=0
named=
seed=$first
while [ "$seed" -lt $((first + runs)) ]; do
  k=1
  while [ "$k" -le "$shards" ]; do
    "$nim" --games "$games" --random-heaps 3:12 --seed "$seed" \
      -1 negamax:depth=1 -2 random --shard "$k/$shards" --quiet \
      --results "$work/shard-$k.jsonl" > /dev/null 2> "$work/err" \
      || { echo "seed $seed, shard $k/$shards:" >&2; cat "$work/err" >&2; exit 1; }
    k=$((k + 1))
  done
  suspects=$("$nim" --summarize "$work"/shard-*.jsonl --json 2> "$work/err" \
    | python3 -c 'import json, sys
print(" ".join(json.load(sys.stdin)["suspect_shards"]))') \
    || { echo "seed $seed: --summarize:" >&2; cat "$work/err" >&2; exit 1; }
  if [ -n "$suspects" ]; then
    alarms=$((alarms + 1))
    named="$named seed $seed: $suspects;"
  fi
  # Each run as it ends, so that a measurement cut short still counts.
  echo "seed $seed: ${suspects:-no suspect}" >&2
  rm -f "$work"/shard-*.jsonl
  seed=$((seed + 1))
done

python3 - "$runs" "$alarms" "$shards" "$games" << 'PY'
import math, sys
runs, alarms, shards, games = map(int, sys.argv[1:])
# The exact (Clopper-Pearson) 95% upper bound of the rate, by bisection.
def upper(k, n):
    lo, hi = k / n, 1.0
    for _ in range(60):
        p = (lo + hi) / 2
        tail = sum(math.comb(n, i) * p**i * (1 - p)**(n - i) for i in range(k + 1))
        lo, hi = (p, hi) if tail > 0.025 else (lo, p)
    return hi
print("%d real runs of %d shards, %d games each: %d false alarms, %.2f%% "
      "(95%% upper bound %.2f%%)"
      % (runs, shards, games, alarms, 100.0 * alarms / runs,
         100.0 * upper(alarms, runs)))
PY
[ -z "$named" ] || echo "named:$named"
