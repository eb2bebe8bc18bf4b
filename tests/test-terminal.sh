#!/bin/sh
# test-terminal.sh -- what nim says only at a terminal, and what it reads
# from input that is not one
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run under a pseudo-terminal (python3's pty module): a computer that
# searches for more than half a second says that it thinks and for how
# long it may, and the line goes when it moves; the same game piped has
# no such line, so that transcripts stay as they are.  LANG naming a
# locale the system lacks, for a language nim speaks, is told once at a
# terminal, with what to do; piped, standard error stays clean.  The nim
# of the build tree speaks German under LANG=de_DE.UTF-8 from the
# catalogues `make` put in po/locale.  Endless input without a line end
# (/dev/zero) is given up on with a word, not read for ever.  Without
# python3 the terminal checks are skipped.  It speaks TAP.

srcdir="${NIM_SRCDIR:-.}"
nim="${NIM_BINARY:-./nim}"
case $nim in
  /*) ;;
  *) nim="$(pwd)/$nim" ;;
esac

work=$(mktemp -d "${TMPDIR:-/tmp}/nim-terminal.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT HUP INT TERM
. "$srcdir/tests/classic-rules.sh"
nim=$(classic_rules_nim "$work" "$nim")

. "$srcdir/tests/tap.sh"

# pty_run INPUT OUT COMMAND...: runs COMMAND on a pseudo-terminal (its
# standard input, output and error), types INPUT, and writes all it
# printed to OUT, the terminal's line ends made plain.
cat > "$work/on-terminal.py" << 'EOF'
import os, pty, select, signal, sys, time
data, out, argv = sys.argv[1].encode (), sys.argv[2], sys.argv[3:]
pid, fd = pty.fork ()
if pid == 0:
    os.execvp (argv[0], argv)
# The lines typed, then Ctrl-D: the end of the input.
os.write (fd, data + b"\x04")
got = b""
deadline = time.time () + 60
while time.time () < deadline:
    ready, _, _ = select.select ([fd], [], [], 1)
    if not ready:
        continue
    try:
        chunk = os.read (fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    got += chunk
if time.time () >= deadline:
    os.kill (pid, signal.SIGKILL)
os.waitpid (pid, 0)
open (out, "wb").write (got.replace (b"\r\n", b"\n"))
EOF
have_pty=no
if command -v python3 > /dev/null 2>&1; then
  have_pty=yes
fi
pty_run () {
  input=$1 out=$2
  shift 2
  python3 "$work/on-terminal.py" "$input" "$out" "$@"
}

# 1. The thinking line: minimax given a second on heaps it cannot finish
# in one thinks for a second, the line shows after half of it and is
# erased (carriage return, clear to the end of the line) by the move.
if [ $have_pty = yes ]; then
  pty_run '1 1
q
' "$work/think" env LC_ALL=C "$nim" --heaps 6,7,8,9 --player2 minimax:time=1
  check "at a terminal a computer thinking longer than half a second says so" \
    "$work/think" "The computer is thinking, for at most 1 s..."
  if grep -q "thinking, for at most 1 s...$(printf '\r')" "$work/think"; then
    ok "the thinking line is erased when the computer moves"
  else
    not_ok "the thinking line is erased when the computer moves"
  fi
else
  n=$((n + 2))
  echo "ok $((n - 1)) # SKIP python3 is needed for a pseudo-terminal"
  echo "ok $n # SKIP python3 is needed for a pseudo-terminal"
fi
printf '1 1\nq\n' | LC_ALL=C "$nim" --heaps 6,7,8,9 \
  --player2 minimax:time=1 > "$work/piped" 2>&1
check "piped, the game goes on" "$work/piped" "The computer takes "
check_not "piped, no thinking line" "$work/piped" "thinking"

# 2. A locale the system lacks, for a language nim speaks: said once, at
# a terminal, with what to do; piped, nothing.
missing=de_DE.NOSUCH
if [ $have_pty = yes ]; then
  pty_run 'q
' "$work/locale" env -u LC_ALL -u LANGUAGE -u LC_MESSAGES LANG=$missing \
    "$nim" --player2 xor
  check "at a terminal, a missing locale is told" "$work/locale" \
    "nim: the locale $missing is not installed on this system, so nim speaks English;" \
    "LC_ALL=C.UTF-8 LANGUAGE=de nim"
  if [ "$(grep -c 'is not installed' "$work/locale")" = 1 ]; then
    ok "the missing locale is told once"
  else
    not_ok "the missing locale is told once"
  fi
else
  n=$((n + 2))
  echo "ok $((n - 1)) # SKIP python3 is needed for a pseudo-terminal"
  echo "ok $n # SKIP python3 is needed for a pseudo-terminal"
fi
printf 'q\n' | env -u LC_ALL -u LANGUAGE -u LC_MESSAGES LANG=$missing \
  "$nim" --player2 xor > /dev/null 2> "$work/locale.err"
check_not "piped, a missing locale leaves standard error alone" \
  "$work/locale.err" "not installed"

# 3. The nim of the build tree speaks German from its po/locale, without
# NIM_LOCALEDIR, under LANGUAGE=de (no de_DE locale needed) and, where
# that locale is generated or can be made, LANG=de_DE.UTF-8.
builddir=${NIM_BUILDDIR:-}
if [ -n "$builddir" ] && [ -f "$builddir/po/locale/de/LC_MESSAGES/nim.mo" ] \
   && [ "${NIM_BINARY:-}" = "$builddir/nim" ]; then
  printf '3\n4\n5\nq\n' | env -u NIM_LOCALEDIR LC_ALL=C.UTF-8 LANGUAGE=de \
    "$builddir/nim" --player2 xor --moves any > "$work/de" 2>&1
  check "the build tree's nim speaks German (LANGUAGE=de)" "$work/de" \
    "NIM-Spiel" "Streichhölzeranzahl der 1. Reihe: 3"
  if find_locale de_DE "$work/locales"; then
    printf '3\n4\n5\nq\n' | (unset NIM_LOCALEDIR LC_ALL LANGUAGE LC_MESSAGES
      if [ -n "$locpath" ]; then LOCPATH=$locpath; export LOCPATH; fi
      LANG=de_DE.UTF-8 "$builddir/nim" --player2 xor --moves any) \
      > "$work/lang" 2>&1
    check "the build tree's nim speaks German (LANG=de_DE.UTF-8)" \
      "$work/lang" "NIM-Spiel" "Aktueller Spielstand:"
  else
    n=$((n + 1))
    echo "ok $n # SKIP the de_DE.UTF-8 locale can be neither found nor made"
  fi
else
  n=$((n + 2))
  echo "ok $((n - 1)) # SKIP not the nim of a build tree (run through make check)"
  echo "ok $n # SKIP not the nim of a build tree (run through make check)"
fi

# 4. Endless input without a line end: 64 MiB, then given up with a word.
LC_ALL=C "$nim" --heaps 3,4,5 --player2 xor < /dev/zero > "$work/zero.out" \
  2> "$work/zero.err"
status=$?
if [ $status = 3 ]; then
  ok "/dev/zero at the prompt gives the game up (status 3)"
else
  not_ok "/dev/zero at the prompt gives the game up (status $status, not 3)"
fi
check "/dev/zero at the prompt is named" "$work/zero.err" \
  "you gave up: a line of more than 64 MiB did not end"

echo "1..$n"
exit 0
