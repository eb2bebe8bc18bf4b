#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# nim-search-starter.py -- starter code for the minimax and alpha-beta
# assignments (doc/assignments/minimax.md and alphabeta.md)
#
# A Nim engine that speaks UGI, the protocol nim talks to engines in
# (doc/ugi.md).  The protocol is written: this file reads nim's commands
# and answers them.  The search is yours to write: minimax() for the
# minimax assignment, alphabeta() for the alpha-beta one.  Until you do,
# the engine plays the first legal move and visits nothing.
#
# Grade it (the word after the file says which search the engine runs):
#
#   nim --engine me='python3 nim-search-starter.py minimax' \
#       --grade me --assignment minimax
#   nim --engine me='python3 nim-search-starter.py alphabeta' \
#       --grade me --assignment alphabeta
#
# The game: a position is a list of heaps, such as [1, 2, 3]; a move takes
# any number of matches, 1 or more, from one heap; the player who takes
# the last match wins (a player who cannot move has lost).

import math
import sys

INFINITY = math.inf


# ---- the game: written for you ------------------------------------------


def moves(heaps):
    """The legal moves of a position, in the canonical order the grader
    expects: heap 1 first, and within a heap take 1 first, then 2, ...
    A move is (heap, count), the heap counted from 0."""
    for heap, size in enumerate(heaps):
        for count in range(1, size + 1):
            yield heap, count


def play(heaps, move):
    """The position after a move, as a new list."""
    heap, count = move
    after = list(heaps)
    after[heap] -= count
    return after


def visit(heaps):
    """Tells the grader that the search function was entered on `heaps`.
    Call it first thing in minimax() and alphabeta(), every time they are
    called: on the root, on the positions where the game is over, and on
    those at the depth limit too."""
    sys.stdout.write("info string visit %s\n" % ",".join(map(str, heaps)))


# ---- the search: yours to write -----------------------------------------


def minimax(heaps, depth):
    """The minimax value of `heaps` for the player to move, searched
    `depth` plies deep (INFINITY: to the end of the game), and the first
    of the best moves (None where there is no move).

    The value is -1 when the player to move has no move (it has lost),
    0 when `depth` is 0 (the search stops there, and knows nothing), and
    otherwise the best, for the player to move, of the values of the
    positions its moves lead to, seen from the other side: the largest
    -value(child).  Try the moves in the order moves() yields them, and
    keep the first move whose value is the largest.

    Write it (start with visit(heaps)); see doc/assignments/minimax.md."""
    return 0, None


def alphabeta(heaps, depth, alpha, beta):
    """As minimax(), with alpha-beta pruning: `alpha` is what the player to
    move is already sure of, `beta` what the opponent allows; a child's
    window is (-beta, -alpha); stop trying moves as soon as a child's
    value reaches `beta` (value >= beta).  The root is called with
    (-INFINITY, INFINITY).

    Write it (start with visit(heaps)); see doc/assignments/alphabeta.md."""
    return 0, None


# ---- the protocol: written for you ---------------------------------------


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def parse_position(words):
    """`position fen 1,2,3 p1 [moves h1-1 ...]` or `position startpos
    [moves ...]`: the heaps and the player to move, or None."""
    try:
        if len(words) >= 2 and words[1] == "startpos":
            heaps, player, rest = [3, 4, 5], 1, words[2:]
        elif len(words) >= 4 and words[1] == "fen":
            heaps = [int(h) for h in words[2].split(",")]
            player = {"p1": 1, "p2": 2}[words[3]]
            rest = words[4:]
        else:
            return None
        for text in rest[1:] if rest and rest[0] == "moves" else []:
            heap, count = text[1:].split("-")
            heap, count = int(heap) - 1, int(count)
            if not 0 <= heap < len(heaps) or not 1 <= count <= heaps[heap]:
                return None
            heaps = play(heaps, (heap, count))
            player = 3 - player
        return heaps, player
    except (ValueError, KeyError):
        return None


def go(words, position, search):
    """Searches for `go` and returns the answer's lines: `go depth D`
    searches D plies, any other go to the end of the game."""
    depth = INFINITY
    if "depth" in words[:-1]:
        depth = int(words[words.index("depth") + 1])
    heaps = position[0] if position else []
    legal = list(moves(heaps))
    if not legal:
        return ["bestmove 0000"]
    if search == "alphabeta":
        value, move = alphabeta(heaps, depth, -INFINITY, INFINITY)
    else:
        value, move = minimax(heaps, depth)
    if move is None:
        move = legal[0]
    return ["info score cp %d" % value,
            "bestmove h%d-%d" % (move[0] + 1, move[1])]


def answer_query(question, position):
    """`query gameover`, `query p1turn` and `query result`."""
    over = position is None or not any(position[0])
    p1 = position is None or position[1] == 1
    if question == "gameover":
        send("response " + ("true" if over else "false"))
    elif question == "p1turn":
        send("response " + ("true" if p1 else "false"))
    elif question == "result":
        # The player to move with nothing left has lost.
        if position is None or not over:
            send("response none")
        else:
            send("response " + ("p2win" if p1 else "p1win"))


def main():
    search = sys.argv[1] if len(sys.argv) > 1 else "minimax"
    if search not in ("minimax", "alphabeta"):
        sys.exit("usage: nim-search-starter.py [minimax|alphabeta]")
    position = None
    held = None  # the answer to `go infinite`, given at `stop`
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "ugi":
            send("id name nim-search-starter.py " + search)
            send("id author a student")
            send("ugiok")
        elif command == "isready":
            send("readyok")
        elif command == "uginewgame":
            position = None
        elif command == "position":
            position = parse_position(words)
        elif command == "go":
            answer = go(words, position, search)
            if "infinite" in words:
                held = answer
            else:
                for reply in answer:
                    send(reply)
        elif command == "stop" and held is not None:
            for reply in held:
                send(reply)
            held = None
        elif command == "query" and len(words) == 2:
            answer_query(words[1], position)
        elif command == "quit":
            break


if __name__ == "__main__":
    main()
