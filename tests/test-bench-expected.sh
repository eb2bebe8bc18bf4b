#!/bin/sh
# test-bench-expected.sh -- the bench suite's node counts match bench/expected
# SPDX-License-Identifier: GPL-3.0-or-later
#
# A node count changes only when a search does; this test makes such a
# change visible.  It runs `nim-bench --check`, which searches each line
# once (slow lines excluded), and speaks TAP for the project's driver.

bench="${NIM_BUILDDIR:-.}/bench/nim-bench"
expected="${NIM_SRCDIR:-.}/bench/expected"

echo "1..1"
if [ ! -x "$bench" ]; then
  echo "not ok 1 - bench node counts # $bench is not built"
  exit 0
fi
out=$("$bench" --check "$expected" 2>&1)
status=$?
printf '%s\n' "$out" | sed 's/^/# /'
if [ "$status" -eq 0 ]; then
  echo "ok 1 - bench node counts match $expected"
else
  echo "not ok 1 - bench node counts differ from $expected (exit status $status)"
fi
