#!/bin/sh
# test-guide.sh -- every command the guide and the README quote prints what
# they show
# SPDX-License-Identifier: GPL-3.0-or-later
#
# doc/guide.md illustrates each step with real output, in blocks
#
#   ```console
#   $ nim --heaps 3,4,5 --player1 xor --player2 xor --explain
#   ...the exact output...
#   ```
#
# This test runs each `$ ` line with sh -c, a `nim` on the PATH standing
# for the built binary ($NIM_BINARY, else ./nim), so a line may pipe
# (`printf 'hint\nq\n' | nim ...`, `nim ... | head -n 20`).  It compares
# standard output with the lines that follow, up to the next `$ ` line or
# the end of the block; standard error is shown only where a command sends
# it to standard output with 2>&1.  Times differ from run to run, so both
# sides read every "0.123 s" as "#.### s", "4567 nodes/s" as "# nodes/s",
# and JSON's "seconds" and "nps" numbers as "#".  Each command is one TAP
# test; the first difference is shown.  A guide without commands fails.

guide="${NIM_SRCDIR:-.}/doc/guide.md"
# The guide's section on Monte-Carlo tree search, a file of its own for
# now, and the README's course games show their dialogues the same way.
guide_mcts="${NIM_SRCDIR:-.}/doc/guide-mcts.md"
readme="${NIM_SRCDIR:-.}/README.md"
nim="${NIM_BINARY:-./nim}"

case $nim in
  /*) ;;
  *) nim="$(pwd)/$nim" ;;
esac
if [ ! -r "$guide" ]; then
  echo "1..1"
  echo "not ok 1 - cannot read $guide"
  exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/nim-guide.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT HUP INT TERM
# The guide is written for the classic rule (see classic-rules.sh).
. "${NIM_SRCDIR:-.}/tests/classic-rules.sh"
nim=$(classic_rules_nim "$work" "$nim")
mkdir "$work/bin"
printf '#!/bin/sh\nexec "%s" "$@"\n' "$nim" > "$work/bin/nim"
chmod +x "$work/bin/nim"

# Split the guide: command N goes to cmd.N, its output to exp.N, the
# guide's line number to line.N.
awk -v dir="$work" '
  /^```console[ \t]*$/ { inblock = 1; cur = 0; next }
  inblock && /^```[ \t]*$/ { inblock = 0; next }
  inblock && /^\$ / {
    n++; cur = n
    print substr($0, 3) > (dir "/cmd." n); close(dir "/cmd." n)
    name = FILENAME; sub(/.*\//, "", name)
    print name " line " FNR > (dir "/line." n); close(dir "/line." n)
    printf "" > (dir "/exp." n)
    next
  }
  inblock && cur > 0 { print >> (dir "/exp." cur); close(dir "/exp." cur) }
  END { print n + 0 > (dir "/count") }
' "$guide" "$guide_mcts" "$readme"

count=$(cat "$work/count")
if [ "$count" -eq 0 ]; then
  echo "1..1"
  echo "not ok 1 - $guide quotes no \$ nim command in a \`\`\`console block"
  exit 0
fi

normalize () {
  sed -E -e 's/[0-9]+\.[0-9]+ s([^a-zA-Z0-9]|$)/#.### s\1/g' \
         -e 's/[0-9]+ nodes\/s/# nodes\/s/g' \
         -e 's/"seconds":[-+0-9.eE]+/"seconds":#/g' \
         -e 's/"nps":[0-9]+/"nps":#/g'
}

echo "1..$count"
i=1
while [ "$i" -le "$count" ]; do
  cmd=$(cat "$work/cmd.$i")
  line=$(cat "$work/line.$i")
  (cd "$work" && PATH="$work/bin:$PATH" LC_ALL=C sh -c "$cmd" 2>/dev/null) \
    | normalize > "$work/got.$i"
  normalize < "$work/exp.$i" > "$work/want.$i"
  if cmp -s "$work/want.$i" "$work/got.$i"; then
    printf 'ok %s - %s: $ %s\n' "$i" "$line" "$cmd"
  else
    printf 'not ok %s - %s: $ %s\n' "$i" "$line" "$cmd"
    echo "# the guide shows (-), nim prints (+); first difference:"
    diff -u "$work/want.$i" "$work/got.$i" | sed -n '3,$p' \
      | awk '/^[-+]/ { shown++ } { print "# " $0 } shown >= 6 { exit }'
  fi
  i=$((i + 1))
done
exit 0
