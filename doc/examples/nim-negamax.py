#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# nim-negamax.py -- a Nim engine in plain Python that speaks UGI
#
# The smallest complete engine for nim's referee: the Board, the Move,
# the move generator and the negamax search of the course's MiniMax
# design, and a loop that reads the protocol's commands from standard
# input and answers on standard output (see doc/ugi.md).  Standard
# library only.  Try it:
#
#   nim --check-engine 'python3 doc/examples/nim-negamax.py'
#   nim --engine py='python3 doc/examples/nim-negamax.py' --player2 py
#
# Positions are written "3,4,5 p1" (the heaps, then who moves) and
# moves "h2-1" (take 1 from heap 2; heaps are numbered from 1).

import sys
import time


class Move:
    """Take `count` matches from heap `heap` (counted from 0 inside)."""

    def __init__(self, heap, count):
        self.heap = heap
        self.count = count

    def __str__(self):
        # The protocol numbers heaps from 1.
        return "h%d-%d" % (self.heap + 1, self.count)

    @staticmethod
    def parse(text):
        """'h2-1' -> Move(1, 1); raises ValueError on anything else."""
        if not text.startswith("h") or "-" not in text:
            raise ValueError("not a move: " + text)
        heap, count = text[1:].split("-", 1)
        return Move(int(heap) - 1, int(count))


class Board:
    """The heaps and whose turn it is.  The search changes the one board
    in place with make_move and puts it back with unmake_move."""

    def __init__(self, heaps, player=1):
        self.heaps = list(heaps)
        self.player = player  # 1 or 2: who moves now

    def make_move(self, move):
        self.heaps[move.heap] -= move.count
        self.player = 3 - self.player

    def unmake_move(self, move):
        self.heaps[move.heap] += move.count
        self.player = 3 - self.player


class Rules:
    """Which counts a move may take ('any', or a list such as [1, 2, 3])
    and whether taking the last match loses (misère)."""

    def __init__(self):
        self.counts = None  # None: any count from 1 to the heap's size
        self.misere = False


def generate_moves(board, rules):
    """The move generator: every legal move on the board."""
    moves = []
    for heap, size in enumerate(board.heaps):
        counts = range(1, size + 1) if rules.counts is None else rules.counts
        for count in counts:
            if 1 <= count <= size:
                moves.append(Move(heap, count))
    return moves


class OutOfTime(Exception):
    """Raised inside the search when its time or node budget is spent."""


class Search:
    """Negamax: a position's value is the best of its children's values,
    negated, because what is good for the opponent is bad for us.
    WIN = the player to move wins, -WIN loses, 0 = not seen to the end."""

    WIN = 1

    def __init__(self, rules, depth, nodes, deadline):
        self.rules = rules
        self.max_depth = depth  # None: search to the end of the game
        self.max_nodes = nodes  # None: no node budget
        self.deadline = deadline  # None: no time limit
        self.nodes = 0

    def negamax(self, board, depth):
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfTime()
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfTime()
        moves = generate_moves(board, self.rules)
        if not moves:
            # The game is over: the player to move took nothing last.
            # Normal play: the opponent took the last match and won.
            return self.WIN if self.rules.misere else -self.WIN
        if depth == 0:
            return 0  # the depth limit: no idea who wins
        best = -self.WIN - 1
        for move in moves:
            board.make_move(move)
            value = -self.negamax(board, depth - 1)
            board.unmake_move(move)
            if value > best:
                best = value
            if best == self.WIN:
                break  # nothing beats a win: no need to look further
        return best

    def root(self, board):
        """The best move and its value.  When the budget runs out, the best
        move found so far, worth WIN if it was proven to win, else 0: the
        moves not searched may be better than those that lose."""
        board = Board(board.heaps, board.player)  # ours to leave in pieces
        moves = generate_moves(board, self.rules)
        best_move, best = moves[0], -self.WIN - 1
        depth = self.max_depth if self.max_depth is not None else 10**9
        try:
            for move in moves:
                board.make_move(move)
                value = -self.negamax(board, depth - 1)
                board.unmake_move(move)
                if value > best:
                    best_move, best = move, value
                if best == self.WIN:
                    break
        except OutOfTime:
            if best < self.WIN:
                best = 0
        return best_move, max(best, -self.WIN)


def send(line):
    """Every answer is one line, flushed at once: the referee waits."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def parse_position(words, rules):
    """'position fen 3,4,5 p1 moves h1-1 ...' -> a Board (or ValueError)."""
    if words[1] == "startpos":
        board, rest = Board([3, 4, 5], 1), words[2:]
    elif words[1] == "fen" and len(words) >= 4:
        heaps = [int(n) for n in words[2].split(",")]
        if words[3] not in ("p1", "p2") or min(heaps) < 0:
            raise ValueError("bad position")
        board, rest = Board(heaps, int(words[3][1])), words[4:]
    else:
        raise ValueError("bad position")
    if rest and rest[0] == "moves":
        for text in rest[1:]:
            move = Move.parse(text)
            legal = [str(m) for m in generate_moves(board, rules)]
            if text not in legal:
                raise ValueError("illegal move " + text)
            board.make_move(move)
    return board


def go(words, board, rules):
    """Searches with the budget of 'go ...'; returns the bestmove line."""
    words = [w for w in words if w != "infinite"]  # the only word alone
    args = dict(zip(words[1::2], words[2::2]))  # 'depth 4' -> {'depth': '4'}
    depth = int(args["depth"]) if "depth" in args else None
    nodes = int(args["nodes"]) if "nodes" in args else None
    seconds = None
    if "movetime" in args:
        seconds = int(args["movetime"]) / 1000
    elif "p1time" in args:
        left = int(args["p%dtime" % board.player]) / 1000
        inc = int(args.get("p%dinc" % board.player, 0)) / 1000
        seconds = min(left / 20 + inc, left / 2)  # keep time for later
    if not generate_moves(board, rules):
        return "bestmove 0000"  # the game is over: there is no move
    start = time.monotonic()
    deadline = start + seconds if seconds is not None else None
    search = Search(rules, depth, nodes, deadline)
    move, value = search.root(board)
    ms = int((time.monotonic() - start) * 1000)
    # What the search found, for the referee's statistics: a proven win
    # is worth 1000, a proven loss -1000, the unknown 0.
    send("info nodes %d time %d score cp %d pv %s"
         % (search.nodes, ms, value * 1000, move))
    return "bestmove %s" % move


def main():
    rules = Rules()
    board = None
    pending = None  # the answer to 'go infinite', held back until 'stop'
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        try:
            if command == "ugi":
                send("id name nim-negamax.py")
                send("id author a student")
                send("option name rules type string default any")
                send("option name misere type check default false")
                send("ugiok")
            elif command == "isready":
                send("readyok")
            elif command == "setoption" and len(words) >= 5:
                name, value = words[2], words[4]
                if name == "rules":
                    rules.counts = (None if value == "any" else
                                    [int(n) for n in value.split(",")])
                elif name == "misere":
                    rules.misere = value == "true"
            elif command == "uginewgame":
                board = None
            elif command == "position":
                board = parse_position(words, rules)
            elif command == "go" and board is not None:
                answer = go(words, board, rules)
                if "infinite" in words:
                    pending = answer  # UCI: bestmove waits for stop
                else:
                    send(answer)
            elif command == "stop" and pending is not None:
                send(pending)
                pending = None
            elif command == "query" and board is not None:
                over = not generate_moves(board, rules)
                if words[1] == "gameover":
                    send("response %s" % ("true" if over else "false"))
                elif words[1] == "p1turn":
                    send("response %s"
                         % ("true" if board.player == 1 else "false"))
                elif words[1] == "result":
                    if not over:
                        send("response none")
                    else:
                        # Normal play: the player to move has lost.
                        winner = (board.player if rules.misere
                                  else 3 - board.player)
                        send("response p%dwin" % winner)
            elif command == "quit":
                break
            # Anything else is ignored, as UCI engines do.  This engine
            # reads the next command only when its search is over, so a
            # 'stop' during a timed search comes too late and is ignored.
        except (ValueError, IndexError, KeyError) as error:
            board = None
            send("info string error: %s" % error)


if __name__ == "__main__":
    main()
