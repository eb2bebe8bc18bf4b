#!/bin/sh
# test-guide.sh -- every command the guide and the README quote prints what
# they show
# SPDX-License-Identifier: GPL-3.0-or-later
#
# doc/guide.md illustrates each step with real output, in blocks
#
#   ```console
#   $ ./nim --heaps 3,4,5 --player1 xor --player2 xor --explain
#   ...the exact output...
#   ```
#
# A reader pastes the commands in the build directory, where a fresh
# build has ./nim and no nim on the PATH; so does this test.  It runs
# each `$ ` line with sh -c in a directory of its own, where ./nim runs
# the built binary ($NIM_BINARY, else ./nim), so a line may pipe
# (`printf 'hint\nq\n' | ./nim ...`, `./nim ... | head -n 20`) and write
# files (--explore page.html).  A line that runs a bare `nim` fails: it
# would not work as pasted.  The test compares standard output with the
# lines that follow, up to the next `$ ` line or the end of the block;
# standard error is shown only where a command sends it to standard
# output with 2>&1.  Times differ from run to run, so both sides read
# every "0.123 s" as "#.### s", "4567 nodes/s" as "# nodes/s", and
# JSON's "seconds" and "nps" numbers as "#".  Each command is one TAP
# test; the first difference is shown.  A guide without commands fails.
#
# The pictures the guide shows (![...](FILE)) must be in doc/ too: one
# test each (doc/make-images.py remakes them; see Makefile-doc.am).

guide="${NIM_SRCDIR:-.}/doc/guide.md"
# The README's course games show their dialogues the same way.
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
# The reader's build directory: ./nim and nothing else.
mkdir "$work/run"
printf '#!/bin/sh\nexec "%s" "$@"\n' "$nim" > "$work/run/nim"
chmod +x "$work/run/nim"

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
' "$guide" "$readme"

# The pictures: pic.N is the file named, picline.N where.  An image's
# text may run over lines; its end, "](FILE.png)", is on one.
awk -v dir="$work" '
  {
    line = $0
    while (match(line, /\]\([^)]*\.(png|svg|jpg|gif)\)/)) {
      ref = substr(line, RSTART + 2, RLENGTH - 3)
      line = substr(line, RSTART + RLENGTH)
      if (ref ~ /^[a-z]+:/) continue
      n++
      print ref > (dir "/pic." n); close(dir "/pic." n)
      print "guide.md line " FNR > (dir "/picline." n); close(dir "/picline." n)
    }
  }
  END { print n + 0 > (dir "/pics") }
' "$guide"

count=$(cat "$work/count")
pics=$(cat "$work/pics")
if [ "$count" -eq 0 ]; then
  echo "1..1"
  echo "not ok 1 - $guide quotes no \$ ./nim command in a \`\`\`console block"
  exit 0
fi

normalize () {
  sed -E -e 's/[0-9]+\.[0-9]+ s([^a-zA-Z0-9]|$)/#.### s\1/g' \
         -e 's/[0-9]+ nodes\/s/# nodes\/s/g' \
         -e 's/"seconds":[-+0-9.eE]+/"seconds":#/g' \
         -e 's/"nps":[0-9]+/"nps":#/g'
}

echo "1..$((count + pics))"
i=1
while [ "$i" -le "$count" ]; do
  cmd=$(cat "$work/cmd.$i")
  line=$(cat "$work/line.$i")
  # A nim that is not ./nim: the first word of the line or of a part of
  # a pipe or list, after any VAR=value.
  if printf '%s\n' "$cmd" \
       | grep -Eq '(^|[|;&(]|&&|\|\|)[[:space:]]*([A-Za-z_][A-Za-z0-9_]*=[^[:space:]]*[[:space:]]+)*nim([[:space:]]|$)'; then
    printf 'not ok %s - %s: $ %s\n' "$i" "$line" "$cmd"
    echo "# it runs nim from the PATH: write ./nim, as a fresh build has it"
    i=$((i + 1))
    continue
  fi
  (cd "$work/run" && LC_ALL=C sh -c "$cmd" 2>/dev/null) \
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
j=1
while [ "$j" -le "$pics" ]; do
  pic=$(cat "$work/pic.$j")
  where=$(cat "$work/picline.$j")
  if [ -s "${NIM_SRCDIR:-.}/doc/$pic" ]; then
    printf 'ok %s - %s: picture %s\n' "$i" "$where" "$pic"
  else
    printf 'not ok %s - %s: picture %s is not in doc/\n' "$i" "$where" "$pic"
  fi
  i=$((i + 1))
  j=$((j + 1))
done
exit 0
