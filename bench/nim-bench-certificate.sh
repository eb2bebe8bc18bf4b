#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# nim-bench-certificate.sh -- what checking a certificate costs against
# the run that made it: `nim --grundy-sequence --prove --certificate`,
# then `nim --check-certificate` of what it wrote, one after the other.
#
# usage: nim-bench-certificate.sh NIM [CODE [LIMIT]]
#   NIM    the nim binary
#   CODE   the take-and-break code (default 0.376: period 4 from
#          2,268,248, some seconds); `make bench-certificate` runs 0.1777,
#          period 60,620,715 from 160,949,018, whose proof needs the
#          values to 443,139,469 (minutes, 440 MB)
#   LIMIT  --prove-limit (default 500000000)
# Each line gives the processor time (user and system, every thread) and
# the wall time.  The check computes the first n0 + p values one after
# the other and checks the rest on every processor, so its wall time is
# below its processor time where processors are idle: the wall times are
# the figures the target compares (the check in less time than the run),
# the processor times what the two cost on a busy machine.  The check's
# report says which method checked which values.

nim=${1:?usage: $0 NIM [CODE [LIMIT]]}
code=${2:-0.376}
limit=${3:-500000000}
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
load0=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)

# The processor time this shell's children used so far, in seconds, as
# `times` wrote it to $dir/times: `times` must run in this shell (in a
# command substitution it would count the subshell's children only).
cpu () {
  awk 'NR == 2 { split ($1, u, "m"); split ($2, s, "m");
                 printf "%.3f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' \
    "$dir/times"
}
now () { date +%s.%N; }
# The peak resident memory of a command, in KiB, into a file, where GNU
# time is installed.
if /usr/bin/time -f %M -o /dev/null true 2> /dev/null; then
  peak='/usr/bin/time -f %M -o'
else
  peak=:
  echo 0 > "$dir/run.peak"
  echo 0 > "$dir/check.peak"
fi

times > "$dir/times"; c0=$(cpu) w0=$(now)
$peak "$dir/run.peak" "$nim" --grundy-sequence 100 --rules "$code" --prove \
  --prove-limit "$limit" --certificate "$dir/certificate.json" > "$dir/run" || {
  echo "nim-bench-certificate: the run of $code failed" >&2
  exit 1
}
times > "$dir/times"; c1=$(cpu) w1=$(now)
$peak "$dir/check.peak" "$nim" --check-certificate "$dir/certificate.json" \
  > "$dir/check" || {
  echo "nim-bench-certificate: the certificate of $code did not check" >&2
  cat "$dir/check" >&2
  exit 1
}
times > "$dir/times"; c2=$(cpu) w2=$(now)
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)

echo "# certificate bench: $code, proven from no values, then its certificate"
echo "# checked; load average before: $load0, after: $load"
grep '^Period' "$dir/run"
sed -n '2,5p' "$dir/check"
awk -v c0="$c0" -v c1="$c1" -v c2="$c2" -v w0="$w0" -v w1="$w1" \
  -v w2="$w2" -v m1="$(tail -n 1 "$dir/run.peak")" \
  -v m2="$(tail -n 1 "$dir/check.peak")" 'BEGIN {
  printf "%-30s %9.2f s CPU %9.2f s wall %8.1f MB peak\n",
    "run (--prove --certificate)", c1 - c0, w1 - w0, m1 / 1024
  printf "%-30s %9.2f s CPU %9.2f s wall %8.1f MB peak\n",
    "check (--check-certificate)", c2 - c1, w2 - w1, m2 / 1024
  printf "check / run: %.2f of the wall time (target < 1), %.2f of the CPU time\n",
    (w2 - w1) / (w1 - w0), (c2 - c1) / (c1 - c0) }'
