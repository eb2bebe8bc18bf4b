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
