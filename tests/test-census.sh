#!/bin/sh
# test-census.sh -- bench/nim-census.sh, the census of take-and-break codes
# that nim(1) and bench/README describe: a few codes run as one job (GNU
# parallel, two at a time, where it is installed), and the table gathered
# from their summaries equals what the full sequences say (largest value
# and where, the period of 0.77), with each code's value counts.  It
# speaks TAP.
# SPDX-License-Identifier: GPL-3.0-or-later

srcdir="${NIM_SRCDIR:-.}"
nim="${NIM_BINARY:-./nim}"
case $nim in
  /*) ;;
  *) nim="$(pwd)/$nim" ;;
esac

work=$(mktemp -d "${TMPDIR:-/tmp}/nim-census.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT HUP INT TERM
. "$srcdir/tests/tap.sh"

printf '0.77\n0.6\n0.137\n' > "$work/codes"
if sh "$srcdir/bench/nim-census.sh" run "$nim" "$work/codes" 3000 \
  "$work/census" 2 > "$work/table" 2> "$work/err"; then
  ok "the census runs"
else
  not_ok "the census runs"
  sed 's/^/# /' "$work/err"
fi

# The row nim-census.sh should print for CODE, from its full sequence to
# 3000, and its counts at the last power of two it reached.
for code in 0.77 0.6 0.137; do
  "$nim" --grundy-sequence 3000 --rules "$code" --json > "$work/$code.json"
  python3 - "$work/$code.json" "$work/census/$code" > "$work/$code.want" <<'PY'
import json, os, sys
s = json.load(open(sys.argv[1]))
# How far the task went: to 3000, or in its steps past where the proof
# needed.
done = json.load(open(os.path.join(sys.argv[2], "summary.json")))["checked"]
v = s["values"][: done + 1]
largest = max(v[1:])
print(s["rules"]["code"], done, largest, v.index(largest),
      s["period"] if s["proven"] else "null",
      s["preperiod"] if s["proven"] else "null",
      "proven" if s["proven"] else "computed")
power = 1 << (done.bit_length() - 1)
counts = {}
for g in v[1 : power + 1]:
    counts[g] = counts.get(g, 0) + 1
want = "".join("%d %d\n" % (g, counts[g]) for g in sorted(counts))
have = open(os.path.join(sys.argv[2], "counts", str(power))).read()
print("counts", "same" if have == want else "differ")
PY
  awk -v c="$code" '$1 == c { print $1, $2, $3, $4, $8, $9, $10 }' \
    "$work/table" > "$work/$code.row"
  echo "counts same" >> "$work/$code.row"
  if cmp -s "$work/$code.want" "$work/$code.row"; then
    ok "$code: the table's row and counts equal the full sequence's"
  else
    not_ok "$code: the table's row and counts equal the full sequence's"
    sed 's/^/# want: /' "$work/$code.want"
    sed 's/^/# got:  /' "$work/$code.row"
  fi
done
check "0.77's proof in the table" "$work/table" "12           71 proven"

if sh "$srcdir/bench/nim-census.sh" task "$nim" 0.9 100 "$work/census" \
  2> "$work/err"; then
  not_ok "a bad code fails its task"
else
  ok "a bad code fails its task"
fi
echo "1..$n"
