#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# grade-student.py -- students' engines for nim --grade: the complete
# solutions, and each mistake a grader must name
#
#   grade-student.py SEARCH MISTAKE
#
# The starter code (doc/examples/nim-search-starter.py) with its search
# written, as a student would: SEARCH is the function the engine runs,
# minimax or alphabeta; MISTAKE is "none" for a complete solution, or one
# of the mistakes below.  tests/test-grade.c runs each under nim --grade
# and checks the label it gets.  The solutions are here, not in doc/.

import importlib.util
import os
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "starter", os.path.join(here, "..", "doc", "examples",
                            "nim-search-starter.py"))
starter = importlib.util.module_from_spec(spec)
spec.loader.exec_module(starter)

moves, play, visit, INFINITY = (starter.moves, starter.play, starter.visit,
                                starter.INFINITY)
mistake = sys.argv[2] if len(sys.argv) > 2 else "none"

# The process id, for a test that checks nim ended the engine.
if os.environ.get("NIM_TEST_PIDFILE"):
    with open(os.environ["NIM_TEST_PIDFILE"], "a") as pidfile:
        pidfile.write("%d\n" % os.getpid())


def ordered(heaps):
    """The moves in the order this student tries them."""
    legal = list(moves(heaps))
    if mistake == "reversed":
        return legal[::-1]
    if mistake == "counts-reversed":
        return sorted(legal, key=lambda m: (m[0], -m[1]))
    return legal


def minimax(heaps, depth):
    """Negamax without pruning: the value for the player to move and the
    first best move."""
    visit(heaps)
    if not any(heaps):
        return -1, None
    if depth == 0:
        return 0, None
    best, best_move = -INFINITY, None
    for move in ordered(heaps):
        value = -minimax(play(heaps, move), depth - 1)[0]
        if value > best:
            best, best_move = value, move
    return best, best_move


def alphabeta(heaps, depth, alpha, beta):
    """Alpha-beta, fail-soft (fail-hard with the mistake "fail-hard", which
    is no mistake: it visits the same positions)."""
    visit(heaps)
    if mistake == "crash" and depth != INFINITY:
        raise RuntimeError("a bug in the student's search")
    if not any(heaps):
        return -1, None
    if depth == 0:
        return 0, None
    best, best_move = -INFINITY, None
    for move in ordered(heaps):
        if mistake == "window":
            # The window passed on as it is, not negated and swapped.
            value = -alphabeta(play(heaps, move), depth - 1, alpha, beta)[0]
        elif mistake == "window-unswapped":
            # Negated, but not swapped.
            value = -alphabeta(play(heaps, move), depth - 1, -alpha,
                               -beta)[0]
        else:
            value = -alphabeta(play(heaps, move), depth - 1, -beta,
                               -alpha)[0]
        if value > best:
            best, best_move = value, move
        if value > alpha:
            alpha = value
        if value >= beta:
            if mistake == "fail-hard":
                return beta, best_move
            break
    return best, best_move


def root(kind, heaps, depth, alpha, beta):
    """The search the engine runs at the root, minimax or alphabeta, with
    the mistake."""
    if mistake == "deeper":
        depth += 1
    if mistake == "shallower":
        depth -= 1
    if mistake == "narrow":
        alpha, beta = -1, 1
    # Only in the tests with a depth, which are fewer: a grading waits out
    # each hang.
    if mistake == "hang" and depth != INFINITY:
        time.sleep(3600)
    if mistake == "flood" and depth != INFINITY:
        while True:
            visit(heaps)
    if mistake == "bad-visit":
        sys.stdout.write("info string visit %s\n" % " ".join(map(str, heaps)))
    if kind == "alphabeta":
        value, move = alphabeta(heaps, depth, alpha, beta)
    else:
        value, move = minimax(heaps, depth)
    if mistake == "first-move":
        # Throws a win away: plays the first move, whatever it is worth.
        move = next(moves(heaps))
    if mistake == "illegal":
        move = (len(heaps) + 3, 1)
    if mistake == "wrong-value" and value == 0:
        value = 1
    return value, move


# The minimax mistake hands minimax in for alpha-beta.
starter.minimax = lambda heaps, depth: root(
    "minimax", heaps, depth, -INFINITY, INFINITY)
starter.alphabeta = lambda heaps, depth, alpha, beta: root(
    "minimax" if mistake == "minimax" else "alphabeta", heaps, depth, alpha,
    beta)
sys.argv = sys.argv[:2]
starter.main()
