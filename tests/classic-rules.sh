# classic-rules.sh -- sourced by the shell tests: nim with the classic rule
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The tests are written for nim's default rule, take any number.  A nim
# built with `make MOVES=...` has another default, so there
# classic_rules_nim DIR NIM writes DIR/nim, which runs NIM with
# `--moves any` first unless its arguments name a take rule, and prints
# that wrapper's path; elsewhere it prints NIM.  Every test thus says the
# rules it assumes, and the same suite passes on both builds.

classic_rules_nim () {
  if "$2" --solve --heaps 1 --json 2> /dev/null | grep -q '"take":"any"'; then
    printf '%s\n' "$2"
    return
  fi
  cat > "$1/nim" << WRAPPER
#!/bin/sh
for arg in "\$@"; do
  case \$arg in
    -m*|-k*|--moves|--moves=*|--max-take|--max-take=*|--rules|--rules=*|\
    --ugi|--check-engine|--check-engine=*|--summarize|--grade|--grade=*|\
    --tree|--tree=*|--random-tree|--random-tree=*)
      exec "$2" "\$@" ;;
  esac
done
exec "$2" --moves any "\$@"
WRAPPER
  chmod +x "$1/nim"
  printf '%s\n' "$1/nim"
}
