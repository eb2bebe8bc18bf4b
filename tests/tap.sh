# tap.sh -- TAP results for the shell tests, sourced by them
# SPDX-License-Identifier: GPL-3.0-or-later
#
# ok DESCRIPTION and not_ok DESCRIPTION print a numbered result;
# check DESCRIPTION FILE STRING... is ok when each fixed STRING is in
# FILE, and check_not DESCRIPTION FILE STRING when it is not; a failed
# check shows FILE's first 40 lines as TAP comments.

n=0
ok () {
  n=$((n + 1))
  echo "ok $n - $1"
}
not_ok () {
  n=$((n + 1))
  echo "not ok $n - $1"
}
check () {
  what=$1 file=$2
  shift 2
  for want in "$@"; do
    if ! grep -F -q -e "$want" "$file"; then
      not_ok "$what: '$want' missing"
      sed 's/^/# /' "$file" | head -n 40
      return
    fi
  done
  ok "$what"
}
check_not () {
  if grep -F -q -e "$3" "$2"; then
    not_ok "$1: '$3' found"
    sed 's/^/# /' "$2" | head -n 40
  else
    ok "$1"
  fi
}

# find_locale LOCALE DIR succeeds when LOCALE.UTF-8 can be used: the
# system's, with locpath empty, or one localedef (which needs no root)
# compiles into DIR, with locpath=DIR.  Set LOCPATH only when locpath is
# not empty: glibc then reads only that directory, not the system's.
find_locale () {
  locpath=
  if locale -a 2> /dev/null | grep -q -i -x "$1\\.utf-\\{0,1\\}8"; then
    return 0
  fi
  mkdir -p "$2" \
    && localedef -i "$1" -f UTF-8 "$2/$1.UTF-8" > /dev/null 2>&1 \
    && locpath=$2
}
