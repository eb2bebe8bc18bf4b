#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# ugi-cutegames-referee.py -- a referee that speaks UGI as cutegames does,
# for the tests of nim --ugi and of doc/examples/nim-negamax.py
#
# usage: ugi-cutegames-referee.py [--bad] [--movetime MS] -- ENGINE...
#
# Plays games between two instances of ENGINE in the order of cutegames'
# referee (src/match/play.cpp and src/main.cpp of kz04px/cutegames):
#   each engine: ugi -> ugiok, setoption for every option of the
#     settings (declared or not, as cutegames sends them), isready ->
#     readyok;
#   each game: isready -> readyok and uginewgame for both engines;
#   each move: position, query p1turn -> response (engine 1, whose
#     answer says whose move it is), then to that engine isready ->
#     readyok, position, position, query gameover -> response, go
#     movetime -> bestmove;
#   the end: for both engines isready, position, query gameover and
#     query result -> response.
# cutegames waits for each answer without a timeout, so an engine that
# leaves one unanswered stops the whole tournament: this script waits 10
# seconds, then fails (exit 1), naming the command.  With --bad it also
# sends what an engine must refuse and still answer after: openings that
# are not positions, moves that are not legal, and lines of garbage.
# It prints one line a game; exit 0 when every command got its answer
# and the two engines agreed on every result.

import queue
import subprocess
import sys
import threading

TIMEOUT = 10  # seconds for each answer


class Engine:
    def __init__(self, argv, name):
        self.name = name
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.lines = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for raw in self.process.stdout:
            self.lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        self.lines.put(None)

    def send(self, line):
        data = line if isinstance(line, bytes) else line.encode()
        self.process.stdin.write(data + b"\n")
        self.process.stdin.flush()

    def wait_for(self, test, what):
        """The first line `test` accepts; other lines are skipped, as
        cutegames skips them."""
        while True:
            try:
                line = self.lines.get(timeout=TIMEOUT)
            except queue.Empty:
                fail("%s: no %s within %d s" % (self.name, what, TIMEOUT))
            if line is None:
                fail("%s: the engine ended while the referee waited for %s"
                     % (self.name, what))
            if test(line.split()):
                return line

    def expect(self, word):
        self.wait_for(lambda w: w == [word], word)

    def ask(self, question):
        """query QUESTION -> the answer of its response line."""
        self.send("query " + question)
        line = self.wait_for(lambda w: len(w) == 2 and w[0] == "response",
                             "response to query " + question)
        return line.split()[1]

    def position(self, opening, moves):
        line = "position fen " + opening
        if moves:
            line += " moves " + " ".join(moves)
        self.send(line)

    def quit(self):
        self.send("quit")
        self.process.stdin.close()
        self.process.wait(timeout=TIMEOUT)


def fail(message):
    print("FAIL: " + message)
    sys.stdout.flush()
    # The engines die with us: their input closes.
    sys.exit(1)


def play(engines, opening, injected, movetime):
    """One game from `opening`, with `injected` moves played first."""
    for e in engines:
        e.send("isready")
        e.expect("readyok")
    for e in engines:
        e.send("uginewgame")
    moves = list(injected)
    while len(moves) < 200:
        # Whose turn: engine 1 is asked, after the position (askturn).
        engines[0].position(opening, moves)
        us = engines[0] if engines[0].ask("p1turn") == "true" else engines[1]
        us.send("isready")
        us.expect("readyok")
        us.position(opening, moves)
        us.position(opening, moves)
        if us.ask("gameover") == "true":
            break
        us.send("go movetime %d" % movetime)
        line = us.wait_for(lambda w: len(w) == 2 and w[0] == "bestmove",
                           "bestmove")
        moves.append(line.split()[1])
    results = []
    for e in engines:
        e.send("isready")
        e.expect("readyok")
        e.position(opening, moves)
        results.append((e.ask("gameover"), e.ask("result")))
    if results[0] != results[1]:
        fail("the engines disagree on %s: %s" % (opening, results))
    print("%s%s: %d moves, gameover %s, result %s"
          % (opening, " (moves %s)" % " ".join(injected) if injected else "",
             len(moves) - len(injected), results[0][0], results[0][1]))
    return results[0]


def main():
    args = sys.argv[1:]
    bad = "--bad" in args
    movetime = 50
    if "--movetime" in args:
        movetime = int(args[args.index("--movetime") + 1])
    argv = args[args.index("--") + 1:]
    engines = [Engine(argv, "engine 1"), Engine(argv, "engine 2")]
    # The settings' options, sent to every engine whatever it declared.
    options = {"hash": "16", "threads": "1", "debug": "false"}
    for e in engines:
        e.send("ugi")
        e.expect("ugiok")
        for name, value in options.items():
            e.send("setoption name %s value %s" % (name, value))
        e.send("isready")
        e.expect("readyok")
    openings = [("3,4,5 p1", []), ("1,2 p2", []), ("0,7,2 p1", ["h2-3"])]
    for opening, injected in openings:
        over, result = play(engines, opening, injected, movetime)
        if over != "true" or result not in ("p1win", "p2win"):
            fail("%s did not end in a win: %s %s" % (opening, over, result))
    if bad:
        # Garbage first: each engine ignores it and answers on.
        for e in engines:
            e.send("xyzzy")
            e.send(b"\x01\xff\xfe garbage")
            e.send("x" * 100000)
            e.send("")
            e.send("setoption name rules value banana")
            e.send("position fen 3,4 p1")
            e.send("go movetime x")
            e.wait_for(lambda w: len(w) == 2 and w[0] == "bestmove",
                       "bestmove to go movetime x")
        # Openings nim's notation cannot read, and moves that are not
        # legal: no position, so over at once, without a result.
        for opening, injected in [("3 4 5 p1", []), ("3,4,5 p3", []),
                                  ("3,4,5 p1", ["h9-9"]),
                                  ("3,4,5 p1", ["h1-2", "h1-2"])]:
            over, result = play(engines, opening, injected, movetime)
            if over != "true" or result != "none":
                fail("%s %s: expected gameover true and result none"
                     % (opening, injected))
        # ... and good games after them.
        for opening, injected in openings[:2]:
            play(engines, opening, injected, movetime)
    for e in engines:
        e.quit()
    print("every command answered")


if __name__ == "__main__":
    main()
