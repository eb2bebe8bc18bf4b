#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# nim-negamax.py -- a Nim engine in plain Python that speaks UGI
#
# The smallest complete engine for nim's referee and for cutegames: the
# Board, the Move, the move generator and the negamax search of the
# course's MiniMax design, and a loop that reads the protocol's commands
# from standard input and answers on standard output (see doc/ugi.md).
# It plays every rule family nim has: take any number, a list of counts
# (a subtraction set), and take-and-break codes such as 0.77, whose moves
# may split a heap in two.  Standard library only.  Try it:
#
#   nim --check-engine 'python3 doc/examples/nim-negamax.py'
#   nim --engine py='python3 doc/examples/nim-negamax.py' --player2 py
#
# Positions are written "3,4,5 p1" (the heaps, then who moves) and
# moves "h2-1" (take 1 from heap 2; heaps are numbered from 1), or
# "h2-1=3+2" (take 1 from heap 2 and split the rest: heap 2 keeps 3, and
# a new heap of 2 goes at the end).

import sys
import time


class Move:
    """Take `count` matches from heap `heap` (counted from 0 inside); with
    a split, heap `heap` keeps `keep` and a new last heap gets `split`."""

    def __init__(self, heap, count, keep=0, split=0):
        self.heap = heap
        self.count = count
        self.keep = keep
        self.split = split

    def __str__(self):
        # The protocol numbers heaps from 1.
        text = "h%d-%d" % (self.heap + 1, self.count)
        if self.split:
            text += "=%d+%d" % (self.keep, self.split)
        return text

    @staticmethod
    def parse(text):
        """'h2-1' -> Move(1, 1), 'h1-1=3+3' -> Move(0, 1, 3, 3); raises
        ValueError on anything else."""
        if not text.startswith("h") or "-" not in text:
            raise ValueError("not a move: " + text)
        heap, rest = text[1:].split("-", 1)
        keep = split = "0"
        if "=" in rest:
            rest, parts = rest.split("=", 1)
            keep, split = parts.split("+", 1)
        numbers = [heap, rest, keep, split]
        if not all(n.isdigit() for n in numbers):
            raise ValueError("not a move: " + text)
        heap, count, keep, split = [int(n) for n in numbers]
        if heap < 1 or count < 1 or (split != 0) != (keep != 0):
            raise ValueError("not a move: " + text)
        return Move(heap - 1, count, keep, split)


class Board:
    """The heaps and whose turn it is.  The search changes the one board
    in place with make_move and puts it back with unmake_move."""

    def __init__(self, heaps, player=1):
        self.heaps = list(heaps)
        self.player = player  # 1 or 2: who moves now

    def make_move(self, move):
        self.heaps[move.heap] -= move.count
        if move.split:
            self.heaps[move.heap] = move.keep
            self.heaps.append(move.split)
        self.player = 3 - self.player

    def unmake_move(self, move):
        if move.split:
            self.heaps.pop()
            self.heaps[move.heap] = move.keep + move.split
        self.heaps[move.heap] += move.count
        self.player = 3 - self.player


class Rules:
    """What a move may take, and whether taking the last match loses
    (misère).  `counts` is None for any count from 1 to the heap's size,
    or a list such as [1, 2, 3].  `code` is a take-and-break code's digits
    after the point, 0.77 -> [7, 7]: digit j says what taking j matches
    may leave: 1 nothing (the whole heap), 2 one heap, 4 two heaps (a
    split), or a sum of these."""

    def __init__(self):
        self.counts = None
        self.code = None
        self.misere = False

    @staticmethod
    def parse(text):
        """'any', '1,2,3' or '0.77' -> (counts, code); ValueError else."""
        if text == "any":
            return None, None
        if text.startswith("0."):
            digits = [int(d) for d in text[2:] if d in "01234567"]
            if len(digits) != len(text) - 2 or not any(digits):
                raise ValueError("not a take-and-break code: " + text)
            return None, digits
        counts = [int(n) for n in text.split(",")]
        if not counts or min(counts) < 1:
            raise ValueError("not a list of counts: " + text)
        return sorted(set(counts)), None


def heap_moves(heap, size, rules):
    """Every legal move on one heap of `size` matches (a split's two
    heaps in one order only: the other order is the same position)."""
    if rules.code is not None:
        for count, digit in enumerate(rules.code, start=1):
            rest = size - count
            if rest < 0:
                break
            if (rest == 0 and digit & 1) or (rest > 0 and digit & 2):
                yield Move(heap, count)
            if digit & 4:
                for keep in range(1, rest // 2 + 1):
                    yield Move(heap, count, keep, rest - keep)
        return
    counts = range(1, size + 1) if rules.counts is None else rules.counts
    for count in counts:
        if count <= size:
            yield Move(heap, count)


def generate_moves(board, rules):
    """The move generator: every legal move on the board."""
    return [move for heap, size in enumerate(board.heaps)
            for move in heap_moves(heap, size, rules)]


def is_legal(board, move, rules):
    """Whether `move` may be played on `board`, in either order of a
    split's heaps."""
    if move.heap >= len(board.heaps):
        return False
    size = board.heaps[move.heap]
    if move.split:
        rest = size - move.count
        if move.keep + move.split != rest or rules.code is None:
            return False
        digit = rules.code[move.count - 1] if move.count <= len(
            rules.code) else 0
        return bool(digit & 4)
    return any(m.count == move.count and not m.split
               for m in heap_moves(move.heap, size, rules))


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
    if len(words) >= 2 and words[1] == "startpos":
        board, rest = Board([3, 4, 5], 1), words[2:]
    elif len(words) >= 4 and words[1] == "fen":
        heaps = [int(n) for n in words[2].split(",")]
        if words[3] not in ("p1", "p2") or min(heaps) < 0:
            raise ValueError("bad position")
        board, rest = Board(heaps, int(words[3][1])), words[4:]
    else:
        raise ValueError("bad position")
    if rest and rest[0] == "moves":
        for text in rest[1:]:
            move = Move.parse(text)
            if not is_legal(board, move, rules):
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
    elif "p%dtime" % board.player in args:
        left = int(args["p%dtime" % board.player]) / 1000
        inc = int(args.get("p%dinc" % board.player, 0)) / 1000
        seconds = min(left / 20 + inc, left / 2)  # keep time for later
    if seconds is not None:
        # Keep some back, so that the answer reaches the referee in time
        # on a busy machine: a fifth, at most 50 ms.
        seconds -= min(seconds / 5, 0.05)
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


def answer_query(words, board, rules):
    """The response to 'query ...'.  Without a position (none was sent, or
    the last one was refused) the game counts as over, with no result."""
    question = words[1] if len(words) > 1 else ""
    over = board is None or not generate_moves(board, rules)
    if question == "gameover":
        return "response %s" % ("true" if over else "false")
    if question == "p1turn":
        return "response %s" % (
            "true" if board is None or board.player == 1 else "false")
    if question == "result" and over and board is not None:
        # Normal play: the player to move has lost.
        winner = board.player if rules.misere else 3 - board.player
        return "response p%dwin" % winner
    if question != "result":
        send("info string error: query: ask gameover, p1turn or result")
    return "response none"


def main():
    rules = Rules()
    board = None
    pending = None  # the answer to 'go infinite', held back until 'stop'
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        # Every question gets its answer, whatever went wrong before: a
        # referee waits for it.  A position that cannot be read or played
        # leaves none; an option that cannot be set keeps its value.
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
                name, value = words[2].lower(), words[4]
                if name == "rules":
                    rules.counts, rules.code = Rules.parse(value)
                elif name == "misere" and value in ("true", "false"):
                    rules.misere = value == "true"
                elif name == "misere":
                    raise ValueError("misere is true or false")
            elif command == "uginewgame":
                board = None
            elif command == "position":
                board = None
                board = parse_position(words, rules)
            elif command == "go":
                try:
                    answer = ("bestmove 0000" if board is None
                              else go(words, board, rules))
                except (ValueError, KeyError) as error:
                    send("info string error: %s" % error)
                    answer = "bestmove 0000"
                if "infinite" in words:
                    pending = answer  # UCI: bestmove waits for stop
                else:
                    send(answer)
            elif command == "stop" and pending is not None:
                send(pending)
                pending = None
            elif command == "query":
                send(answer_query(words, board, rules))
            elif command == "quit":
                break
            # Anything else is ignored, as UCI engines do.  This engine
            # reads the next command only when its search is over, so a
            # 'stop' during a timed search comes too late and is ignored.
        except (ValueError, IndexError, KeyError) as error:
            send("info string error: %s" % error)


if __name__ == "__main__":
    main()
