#!/bin/sh
# test-manual.sh -- nim(1) says what the nim it ships with does
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The manual page is written by hand, so what it must agree with is
# checked here against the built nim: its version (the one NEWS
# describes, as --version prints it), every option --help lists as an
# entry of its own (a .TP heading, not words run into the option
# before), the bug address --help prints, every key of --solve --json,
# the examples' directory under the default prefix, and the name clash
# with Debian's nim (the Nim compiler).  It speaks TAP.

srcdir="${NIM_SRCDIR:-.}"
nim="${NIM_BINARY:-./nim}"
man="$srcdir/doc/nim.1"

work=$(mktemp -d "${TMPDIR:-/tmp}/nim-manual.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT HUP INT TERM
. "$srcdir/tests/classic-rules.sh"
nim=$(classic_rules_nim "$work" "$nim")

. "$srcdir/tests/tap.sh"

# 1. The version of .TH is --version's.
version=$(LC_ALL=C "$nim" --version | sed -n '1s/^nim //p')
if grep -q "^\.TH NIM 1 \"[^\"]*\" \"nim $version\"" "$man"; then
  ok "nim(1) is the manual of nim $version"
else
  not_ok "nim(1) is the manual of nim $version"
  grep '^\.TH' "$man" | sed 's/^/# /'
fi

# 2. Every long option of --help heads an entry: a .TP line, then the
# option in bold as the first thing of the next line (the short form may
# come first).  The man page writes each - as \-.
LC_ALL=C "$nim" --help \
  | sed -n 's/^  *\(-[A-Za-z0-9], \)\{0,1\}--\([a-z0-9-]*\).*/\2/p' \
  | sort -u > "$work/options"
awk '/^\.TP/ { getline; print }' "$man" | sed 's/\\-/-/g' > "$work/headings"
missing=""
while read -r option; do
  if ! grep -q -e "--$option\\\\fR" -e "--$option\\\\fR\[" \
       -e "--$option\\\\fR=" "$work/headings"; then
    missing="$missing --$option"
  fi
done < "$work/options"
if [ -z "$missing" ] && [ -s "$work/options" ]; then
  ok "every option of --help heads an entry of nim(1)"
else
  not_ok "every option of --help heads an entry of nim(1): missing$missing"
fi

# 3. The bug address of --help and --version.
address=$(LC_ALL=C "$nim" --help | sed -n 's/^Report bugs to <\(.*\)>\.$/\1/p')
if [ -n "$address" ] && grep -q -F "<$address>" "$man" \
   && LC_ALL=C "$nim" --version | grep -q -F "<$address>"; then
  ok "nim(1), --help and --version give the bug address <$address>"
else
  not_ok "nim(1), --help and --version give one bug address ('$address')"
fi

# 4. Every key of --solve --json is documented.
LC_ALL=C "$nim" --solve --heaps 3,4,5 --json \
  | tr ',{' '\n\n' | sed -n 's/^"\([a-z_]*\)":.*/\1/p' | sort -u \
  > "$work/keys"
undocumented=""
while read -r key; do
  grep -q "\"$key\"" "$man" || undocumented="$undocumented $key"
done < "$work/keys"
if [ -z "$undocumented" ] && grep -q -x 'method' "$work/keys"; then
  ok "every key of --solve --json is in nim(1)"
else
  not_ok "every key of --solve --json is in nim(1): missing$undocumented"
fi

# 5. The example engine where the default prefix puts it, and the other
# nim, Debian's Nim compiler, with how to run this one.
check "nim(1) gives the examples' directory of the default prefix" "$man" \
  "/usr/local/share/doc/nim/examples/nim\\-negamax.py"
check "nim(1) tells of Debian's nim and how to run this one" "$man" \
  "/usr/bin/nim" "/usr/local/bin/nim" "\\-\\-program\\-prefix"
check "README.md tells of Debian's nim and how to run this one" \
  "$srcdir/README.md" "/usr/bin/nim" "/usr/local/bin/nim"

echo "1..$n"
exit 0
