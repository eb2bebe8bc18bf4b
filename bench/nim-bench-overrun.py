#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# nim-bench-overrun.py -- how far past their time the searchers' moves
# end, on positions of millions of moves (issue 39, 5b).
#
# usage: nim-bench-overrun.py NIM [ROUNDS]
# For each searcher with time=0.05 against random, on each position and
# seed: each move's seconds (from --json) over 0.05, the median and the
# greatest of them, and of the first moves alone (a fresh table).  Then
# `nim --ugi`, each position given `go movetime 50` five times, each
# answer timed from the go to its bestmove: the first answer's median
# and the later answers' median, over 50 ms.  ROUNDS (default 3) runs
# of each; the machine is shared, so read medians.
import json
import statistics
import subprocess
import sys
import time

nim = sys.argv[1]
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
positions = ["1000000000,5", "3762949", "100000000,100000000"]
specs = ["negamax", "pns", "mcts"]
budget = 0.05


def game_ratios(spec, heaps, seed):
    out = subprocess.run(
        [nim, "--player1", "%s:time=%g" % (spec, budget), "--player2",
         "random", "--heaps", heaps, "--seed", str(seed), "--json"],
        capture_output=True, text=True, check=False).stdout
    record = json.loads(out.splitlines()[0])
    return [m["stats"]["seconds"] / budget for m in record["moves"]
            if m["player"] == 1 and "stats" in m
            and not m["stats"].get("proven")]


def ugi_times(heaps, n=5):
    p = subprocess.Popen([nim, "--ugi", "--player1", "negamax"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def wait(prefix):
        while True:
            line = p.stdout.readline()
            if not line or line.startswith(prefix):
                return
    send("ugi")
    wait("ugiok")
    send("isready")
    wait("readyok")
    times = []
    for _ in range(n):
        send("position fen %s p1" % heaps)
        t = time.monotonic()
        send("go movetime 50")
        wait("bestmove")
        times.append((time.monotonic() - t) / 0.050)
    send("quit")
    p.wait()
    return times


print("time=%g; ratios of a move's seconds to it: median, greatest; "
      "first moves' median" % budget)
for spec in specs:
    for heaps in positions:
        every, first = [], []
        for r in range(rounds):
            ratios = game_ratios(spec, heaps, r + 1)
            every += ratios
            first += ratios[:1]
        if not every:
            print("%-8s %-20s proven at once" % (spec, heaps))
            continue
        print("%-8s %-20s %5.2f %5.2f  first %5.2f" % (
            spec, heaps, statistics.median(every), max(every),
            statistics.median(first)))
print("nim --ugi, go movetime 50: first answer, later answers (median "
      "ratio to 50 ms)")
for heaps in positions:
    first, later = [], []
    for r in range(rounds):
        t = ugi_times(heaps)
        first.append(t[0])
        later += t[1:]
    print("negamax  %-20s first %5.2f later %5.2f" % (
        heaps, statistics.median(first), statistics.median(later)))
