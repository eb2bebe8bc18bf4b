#!/bin/sh
# nim-census.sh -- a census of take-and-break codes as one job, a code a task
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   nim-census.sh task NIM CODE N DIR
#       computes CODE's values to n = N, or until its period is proven,
#       into DIR/CODE: summary.json (nim's --json summary) and counts/
#       (--histogram); the exit status is nim's
#   nim-census.sh table DIR
#       gathers every DIR/*/summary.json into one table, a line a code
#   nim-census.sh run NIM CODES N DIR [JOBS]
#       every code of the file CODES (one a line, # starts a comment),
#       JOBS at a time (GNU parallel if it is installed, else one after
#       the other), then the table
#
# A task is what one element of a job array runs: with Slurm,
#   sbatch --array=1-$(grep -c '^[0-9]' CODES) --wrap \
#     'nim-census.sh task nim "$(grep "^[0-9]" CODES |
#        sed -n ${SLURM_ARRAY_TASK_ID}p)" 4294967295 census'
# with GNU parallel,
#   grep '^[0-9]' CODES | parallel -j 2 nim-census.sh task nim {} 4294967295 census
# then nim-census.sh table census.  bench/README says more.

set -u

usage ()
{
  echo "usage: $0 task NIM CODE N DIR | table DIR | run NIM CODES N DIR [JOBS]" >&2
  exit 2
}

# The number after "NAME": in the one-line JSON object $1.
field ()
{
  printf '%s\n' "$1" | sed -n "s/.*\"$2\":\([0-9a-z.\"]*\).*/\1/p" | tr -d '"'
}

task ()
{
  nim=$1 code=$2 n=$3 dir=$4/$2
  mkdir -p "$dir" || exit 2
  # --prove stops at the proof or at --prove-limit, whichever comes first;
  # the summary of an interrupted run (Slurm's SIGTERM at the time limit)
  # is kept too, with "interrupted": true.
  LC_ALL=C "$nim" --grundy-sequence 0 --rules "$code" --prove \
    --prove-limit "$n" --quiet --json --histogram "$dir/counts" \
    > "$dir/summary.json.part"
  status=$?
  if test -s "$dir/summary.json.part"; then
    mv "$dir/summary.json.part" "$dir/summary.json"
  else
    rm -f "$dir/summary.json.part"
  fi
  return $status
}

table ()
{
  printf '%-8s %12s %8s %12s %8s %12s %8s %12s %12s %s\n' code 'to n' largest \
    'first at' rare 'last rare' mask period from state
  for f in "$1"/*/summary.json; do
    test -f "$f" || continue
    s=$(cat "$f")
    code=$(field "$s" code)
    mask=$(field "$s" mask)
    test "$mask" = null || mask=$(printf '%x' "$mask")
    state=computed
    test "$(field "$s" proven)" = true && state=proven
    test "$(field "$s" interrupted)" = true && state=interrupted
    printf '%-8s %12s %8s %12s %8s %12s %8s %12s %12s %s\n' "$code" \
      "$(field "$s" checked)" "$(field "$s" largest)" \
      "$(field "$s" largest_at)" "$(field "$s" rare_heaps)" \
      "$(field "$s" last_rare)" "$mask" "$(field "$s" period)" \
      "$(field "$s" preperiod)" "$state"
  done
}

run ()
{
  nim=$1 codes=$2 n=$3 dir=$4 jobs=${5:-1}
  self=$0
  case $self in /*) ;; *) self=$(pwd)/$self ;; esac
  mkdir -p "$dir" || exit 2
  if command -v parallel > /dev/null 2>&1; then
    grep '^[0-9]' "$codes" | parallel --will-cite -j "$jobs" \
      sh "$self" task "$nim" {} "$n" "$dir" || status=1
  else
    for code in $(grep '^[0-9]' "$codes"); do
      task "$nim" "$code" "$n" "$dir" || status=1
    done
  fi
  table "$dir"
  return ${status:-0}
}

test $# -ge 1 || usage
what=$1
shift
case $what in
  task) test $# -eq 4 || usage; task "$@" ;;
  table) test $# -eq 1 || usage; table "$@" ;;
  run) test $# -ge 4 && test $# -le 5 || usage; run "$@" ;;
  *) usage ;;
esac
