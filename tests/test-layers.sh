#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# test-layers.sh -- the engine library stays an engine, and the layers stay apart
#
# lib/ is libnim: it never prints, never holds a FILE *, never names a
# command-line option; the program in src/ talks to people.  Includes run
# one way, program -> play -> players -> search -> core, and no header
# (nor module, a .c/.h pair) reaches itself through its includes.  In
# src/, the modes (src/modes/nim-mode-NAME.c) use the helpers, the helpers never
# call or name a mode, only the dispatcher (nim-cli.c) lists the modes,
# main.c only calls in, and no module calls itself through others: read
# from the compiled objects, what each one uses that another defines.
# No file of lib/ calls itself through others either (functions only: a
# table that lists its rows is data, and is above them), and no file of
# either exports what no other file uses.
# TAP output, one line a rule, with every offending line quoted.

srcdir="${NIM_SRCDIR:-.}"
cd "$srcdir" || exit 1
n=0
status=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); echo "not ok $n - $1"; status=1; }
report () { # report DESCRIPTION FILE: ok when FILE is empty
  if [ -s "$2" ]; then
    not_ok "$1"
    sed 's/^/# /' "$2"
  else
    ok "$1"
  fi
}
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

# Code only: comments (/* ... */ and //) are taken out first, so that a
# comment may speak of printf or of --heaps.
strip_comments () {
  sed -e 's,//.*$,,' "$1" | awk '
    { line = $0; out = "";
      while (line != "") {
        if (incomment) {
          i = index (line, "*/");
          if (i == 0) { line = ""; continue }
          line = substr (line, i + 2); incomment = 0
        } else {
          i = index (line, "/*");
          if (i == 0) { out = out line; line = ""; continue }
          out = out substr (line, 1, i - 1); line = substr (line, i + 2)
          incomment = 1
        }
      }
      print out }'
}

lib_files=$(find lib -name '*.[ch]' | grep -v "^lib/core/nim-defaults\.c$" | sort)
# src/ and its folders: the modes (src/modes), the comparison runs
# (src/runs) and the trace's renderers (src/trace).
src_files=$(find src -name '*.[ch]' | grep -v "/nim-explore-resources\.c$" | sort)
src_c_files=$(echo "$src_files" | grep '\.c$')
for f in $lib_files; do
  strip_comments "$f" | awk -v f="$f" '{ print f ":" NR ": " $0 }'
done > "$work/lib-code"

# write() and writev() too, except in the engine process, which writes
# commands into the pipe it made for the engine's standard input (a pipe
# of its own, never the user's terminal).
grep -E '(^|[^A-Za-z0-9_])(printf|fprintf|vprintf|vfprintf|dprintf|g_printf|g_fprintf|g_vprintf|g_vfprintf|fputs|puts|putchar|fputc|fwrite|perror|g_print|g_printerr|write|writev)[[:space:]]*\(' \
  "$work/lib-code" | grep -v '^lib/players/nim-engine-process\.c:[0-9]*: .*writev[[:space:]]*(' \
  > "$work/prints"
report "lib/ never prints" "$work/prints"

grep -E '(^|[^A-Za-z0-9_])FILE[[:space:]]*\*|stdio\.h' "$work/lib-code" > "$work/files"
report "lib/ holds no FILE * and includes no stdio.h" "$work/files"

# A message of the library speaks of the game, never of an option: no
# string literal holds "--name".
grep -E '"[^"]*--[a-z][a-z0-9-]*' "$work/lib-code" > "$work/options"
report "no message in lib/ names a command-line option" "$work/options"

# The layer of a header: where it is found on the include path.
layer_of () {
  case "$1" in
    lib/core/*) echo 0 ;;
    lib/search/*) echo 1 ;;
    lib/players/*) echo 2 ;;
    lib/play/*) echo 3 ;;
    src/*) echo 4 ;;
    *) echo - ;;
  esac
}
find_header () {
  for d in lib/core lib/search lib/players lib/play src src/modes src/runs src/trace; do
    [ -f "$d/$1" ] && { echo "$d/$1"; return; }
  done
}

# Every include of a project header, as "FROM TO" lines; the generated
# lib/core/nim-defaults.c is not in git, and config.h is configure's.  A
# header is named by its bare name in quotes: a path ("../src/x.h") or
# angle brackets around one of ours would slip past the layers.
: > "$work/edges"
: > "$work/upward"
for f in $lib_files $src_files; do
  grep -nE '^#[[:space:]]*include[[:space:]]*("[^"]*/|<nim-)' "$f" |
    sed "s|^|$f: not a bare project header: |" >> "$work/upward"
  sed -n 's/^#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
  while read -r h; do
    [ "$h" = config.h ] && continue
    to=$(find_header "$h")
    if [ -z "$to" ]; then
      echo "$f: includes \"$h\", which is in no layer" >> "$work/upward"
      continue
    fi
    echo "$f $to" >> "$work/edges"
    if [ "$(layer_of "$to")" -gt "$(layer_of "$f")" ]; then
      echo "$f includes $to, a layer above it" >> "$work/upward"
    fi
  done
done
report "includes run down the layers: src -> play -> players -> search -> core" \
  "$work/upward"

# Cycles, among headers and among modules (a module is a .c/.h pair: a
# .c that includes b.h makes module a depend on module b).
find_cycles () { # reads "FROM TO" edges, prints one line per cycle found
  awk '
    { if (!($1 in seen)) { seen[$1] = 1; nodes[++n] = $1 }
      if (!($2 in seen)) { seen[$2] = 1; nodes[++n] = $2 }
      if ($1 != $2) { adj[$1] = adj[$1] " " $2 } }
    function visit (v,   k, m, list, w, i) {
      state[v] = 1; stack[++depth] = v
      m = split (adj[v], list, " ")
      for (k = 1; k <= m; k++) {
        w = list[k]
        if (state[w] == 1) {
          line = w
          for (i = depth; i >= 1 && stack[i] != w; i--) line = stack[i] " -> " line
          print w " -> " line
        } else if (state[w] == 0) visit(w)
      }
      depth--; state[v] = 2
    }
    END { for (i = 1; i <= n; i++) if (state[nodes[i]] == 0) visit(nodes[i]) }'
}
grep '\.h$' "$work/edges" | grep -E '^[^ ]*\.h ' | find_cycles > "$work/hcycles"
report "no header includes itself through other headers" "$work/hcycles"
sed -e 's/\.[ch] / /' -e 's/\.h$//' "$work/edges" | find_cycles > "$work/mcycles"
report "no module depends on itself through other modules" "$work/mcycles"

# ------------------------------------------------------------------------
# src/: modes, helpers, the dispatcher and main.c

# What a src/ file is: main, the dispatcher, a mode or a helper.
src_role () {
  case "$1" in
    src/main) echo main ;;
    src/nim-cli) echo dispatcher ;;
    src/modes/nim-mode-*) echo mode ;;
    *) echo helper ;;
  esac
}

# The dispatcher's header is main.c's way in, and no one else's.
grep -lE '^#[[:space:]]*include[[:space:]]*"nim-cli\.h"' $src_files |
  grep -vxE 'src/(main|nim-cli)\.c' |
  sed 's/$/: includes nim-cli.h, the dispatcher'"'"'s header (main.c'"'"'s alone)/' \
  > "$work/cli-includes"
report "only main.c and the dispatcher include nim-cli.h" "$work/cli-includes"

# Who uses what, from the objects the build made (those of the sources
# now, not files left over from older names): calls NAME SYMBOLS FILES
# writes $work/NAME-defined ("SYMBOL FILE") and $work/NAME ("FROM TO
# SYMBOL" for each symbol FROM uses that TO defines), of every global
# symbol, or with SYMBOLS "functions" of the functions alone.
builddir="${NIM_BUILDDIR:-.}"
missing=
calls () {
  name=$1
  kinds=$2
  shift 2
  : > "$work/$name-defined"
  : > "$work/$name-used"
  for c in "$@"; do
    m=${c%.c}
    o="$builddir/$m.o"
    if [ ! -f "$o" ]; then
      missing="$missing $o"
      continue
    fi
    # Names that start with __ are the compiler's and the sanitizers'
    # (__odr_asan.NAME beside each global), never ours.
    nm -g --defined-only "$o" |
      awk -v m="$m" -v kinds="$kinds" \
        'NF >= 3 && $3 !~ /^__/ && (kinds != "functions" || $2 == "T") { print $3, m }' \
      >> "$work/$name-defined"
    nm -u "$o" | awk -v m="$m" '{ print m, $NF }' >> "$work/$name-used"
  done
  awk 'NR == FNR { def[$1] = $2; next }
       ($2 in def) && def[$2] != $1 { print $1, def[$2], $2 }' \
    "$work/$name-defined" "$work/$name-used" > "$work/$name"
}
calls calls all $src_c_files
lib_c_files=$(echo "$lib_files" | grep '\.c$')
calls lib-calls functions $lib_c_files
if [ -n "$missing" ]; then
  echo "not built:$missing" > "$work/missing"
  report "lib/ and src/ are built (their objects are read for what calls what)" "$work/missing"
fi

: > "$work/src-calls"
while read -r from to symbol; do
  rf=$(src_role "$from")
  rt=$(src_role "$to")
  case "$rf:$rt" in
    helper:mode) echo "$from uses $symbol of the mode $to: a helper never calls or names a mode" ;;
    mode:mode) echo "$from uses $symbol of the mode $to: a mode uses helpers, not other modes" ;;
    *:dispatcher) [ "$rf" = main ] || echo "$from uses $symbol of the dispatcher: only main.c calls in" ;;
    main:*) echo "$from uses $symbol of $to: main.c only calls the dispatcher" ;;
  esac
done < "$work/calls" > "$work/src-calls"
report "modes use helpers; helpers never call or name a mode; main.c only calls in" \
  "$work/src-calls"

# A mode is its NimMode, and nothing else another file could call.
for c in src/modes/nim-mode-*.c; do
  m=${c%.c}
  awk -v m="$m" '$2 == m && $1 !~ /^nim_mode_/ { print m ".c defines " $1 ", which is not its NimMode: make it static or a helper'"'"'s" }' \
    "$work/calls-defined"
done > "$work/mode-symbols"
report "a mode file defines its NimMode and nothing else" "$work/mode-symbols"

awk '{ print $1, $2 }' "$work/calls" | sort -u | find_cycles > "$work/call-cycles"
report "no src/ module calls itself through other modules" "$work/call-cycles"

# ------------------------------------------------------------------------
# lib/: no file calls itself through others.  A table that lists rows
# (the rule table its families, the registry its players) is data, not a
# call: the rows below it call helpers below them, never the table.
awk '{ print $1, $2 }' "$work/lib-calls" | sort -u | find_cycles > "$work/lib-cycles"
report "no lib/ file calls itself through other files" "$work/lib-cycles"

# Nothing is exported for no one: every global symbol of lib/ and src/ is
# used by another file (of libnim, the program, the tests, the benchmarks
# or the tools); one used only in its own file is static, and one used
# nowhere is gone.  The tests' objects must be there (make check builds
# them before it runs this).
calls exports all $lib_c_files $src_c_files
if [ -f "$builddir/tests/nim-test.o" ]; then
  find "$builddir/tests" "$builddir/bench" "$builddir/tools" -name '*.o' |
  while read -r o; do
    nm -u "$o" | awk -v o="$o" '{ print o, $NF }'
  done >> "$work/exports-used"
  awk 'NR == FNR { def[$1] = $2; next }
       ($2 in def) && def[$2] != $1 { used[$2] = 1 }
       END { for (s in def)
               if (!(s in used) && s != "main")
                 print def[s] ".c exports " s ", which no other file uses: make it static, or delete it" }' \
    "$work/exports-defined" "$work/exports-used" | sort > "$work/unused"
  report "every function lib/ and src/ export is used by another file" "$work/unused"
else
  n=$((n + 1))
  echo "ok $n - every function lib/ and src/ export is used by another file # SKIP the tests are not built"
fi

echo "1..$n"
exit $status
