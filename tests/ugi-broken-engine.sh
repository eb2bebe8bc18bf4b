#!/bin/sh
# ugi-broken-engine.sh -- an engine that breaks the protocol, for the
# tests of nim --check-engine
# SPDX-License-Identifier: GPL-3.0-or-later
#
# It answers the handshake, isready and query as it should, and then:
#   illegal   answers every go at once with h9-9, a move on no heap
#   crash     exits with status 3 at the first go
#   noready   never answers isready
mode=$1
while read -r command rest; do
  case $command in
    ugi) printf 'id name broken-%s\nid author the tests\nugiok\n' "$mode" ;;
    isready) [ "$mode" = noready ] || echo readyok ;;
    query)
      case $rest in
        p1turn) echo 'response true' ;;
        gameover) echo 'response false' ;;
        *) echo 'response none' ;;
      esac ;;
    go)
      [ "$mode" = crash ] && exit 3
      echo 'bestmove h9-9' ;;
    quit) exit 0 ;;
  esac
done
