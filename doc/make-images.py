#!/usr/bin/python3
# make-images.py -- the guide's pictures, made again from real runs of nim
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   make images            (in the build directory; see Makefile-doc.am)
#   doc/make-images.py --nim ./nim --out doc [NAME...]
#
# Each picture of doc/guide.md comes from a command the guide shows, run
# here as the guide runs it (./nim in a directory of its own):
#
# - the trees, from --dot rendered by Graphviz's `dot -Tsvg`;
# - the pages of --explore, opened in headless Chromium (chromium-driver
#   and python3-selenium drive it, as tests/nim_browser.py sets it up for
#   tests/test-explore.py too) at a chosen step and saved as a screenshot.
#
# doc/explore.png, the page as README.md shows it, is the screenshot the
# browser test takes (tests/explore-screenshot.png in the build
# directory); copy it from there.  With NAMEs, only those pictures are
# made.

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

# name: (command as the guide shows it, kind, what to do)
#   kind "dot": the command writes tree.dot, drawn with dot -Tsvg;
#   kind "page": the command writes the page named in it; the step to
#   show, or "quiz" for a question of the quiz after right answers.
PICTURES = {
    "guide-minimax-5.svg": (
        "./nim --solve --heaps 5 --max-take 3 --player1 minimax "
        "--dot tree.dot", "dot", None),
    "alpha-beta-1-2.svg": (
        "./nim --heaps 1,2 --player1 negamax:tt=off,order=off,id=off "
        "--player2 xor --dot tree.dot", "dot", None),
    "guide-table-7.svg": (
        "./nim --solve --heaps 7 --max-take 3 "
        "--player1 negamax:order=off,id=off --dot tree.dot", "dot", None),
    "guide-explore-tree.png": (
        "./nim --solve --tree '[[3,12,8],[2,4,6],[14,5,2]]' "
        "--player1 negamax --explore textbook.html", "page", 19),
    "guide-explore-minimax.png": (
        "./nim --solve --heaps 7 --max-take 3 --player1 minimax "
        "--explore minimax-7.html", "page", 157),
    "guide-explore-table.png": (
        "./nim --solve --heaps 7 --max-take 3 "
        "--player1 negamax:order=off,id=off --explore table-7.html",
        "page", 45),
    "guide-explore-deepening.png": (
        "./nim --solve --heaps 13 --max-take 3 --player1 negamax "
        "--explore deepening-13.html", "page", 52),
    "guide-explore-pns.png": (
        "./nim --solve --heaps 3,4,5 --player1 pns "
        "--explore pns-3-4-5.html", "page", 25),
    "guide-explore-mcts.png": (
        "./nim --heaps 1,2 --player1 mcts:iterations=12 --player2 xor "
        "--seed 4 --explore mcts-1-2.html", "page", 26),
    "guide-explore-quiz.png": (
        "./nim --solve --heaps 5 --max-take 3 "
        "--player1 negamax:tt=off,order=off,id=off --explore quiz-5.html",
        "page", "quiz"),
}


def run(cmd, cwd):
    done = subprocess.run(cmd, shell=True, cwd=cwd, stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, timeout=120)
    if done.returncode != 0:
        sys.exit("make-images: %s: exit %d\n%s" % (cmd, done.returncode,
                                                    done.stderr))


# Steps with the quiz on, answering every question right, up to the first
# question about a cutoff, which stays open for the picture.
QUIZ = """
var ex = window.NimExplore;
document.querySelector('button[aria-label="Quiz"]').click();
var fwd = document.querySelector('button[aria-label="Step forward"]');
for (var k = 0; k < 500; k++) {
  var q = document.getElementById('question');
  if (!q.hidden) {
    var e = ex.data.events[ex.state.step];
    if (e.pruned)
      return true;
    var fields = document.querySelectorAll('#question-fields input[type=text]');
    var answers = e.type === 'enter' ? [e.alpha, e.beta] : [e.value];
    fields.forEach(function (f, i) { f.value = String(answers[i]); });
    document.getElementById('check').click();
    continue;
  }
  fwd.click();
}
return false;
"""


def page(driver, path, step, out):
    driver.get("file://" + path)
    if step == "quiz":
        if not driver.execute_script(QUIZ):
            sys.exit("make-images: %s: the quiz asks about no cutoff" % path)
    else:
        driver.execute_script("window.NimExplore.goTo(%d);" % step)
    if not driver.save_screenshot(out):
        sys.exit("make-images: cannot save " + out)


def main():
    ap = argparse.ArgumentParser(description="Make the guide's pictures.")
    ap.add_argument("--nim", default="./nim", help="the nim to run")
    ap.add_argument("--out", default="doc", help="where the pictures go")
    ap.add_argument("names", nargs="*", help="only these pictures")
    args = ap.parse_args()
    unknown = [n for n in args.names if n not in PICTURES]
    if unknown:
        sys.exit("make-images: no picture %s; the pictures: %s"
                 % (", ".join(unknown), ", ".join(PICTURES)))
    names = args.names or list(PICTURES)
    nim = os.path.abspath(args.nim)
    out = os.path.abspath(args.out)
    work = tempfile.mkdtemp(prefix="nim-images-")
    driver = None
    try:
        # The reader's build directory: ./nim and nothing else.
        with open(os.path.join(work, "nim"), "w") as f:
            # As called (./nim), which the page shows as the command
            # that made it.
            f.write('#!/bin/bash\nexec -a "$0" "%s" "$@"\n' % nim)
        os.chmod(os.path.join(work, "nim"), 0o755)
        for name in names:
            cmd, kind, step = PICTURES[name]
            run(cmd, work)
            target = os.path.join(out, name)
            if kind == "dot":
                run("dot -Tsvg tree.dot -o tree.svg", work)
                shutil.copyfile(os.path.join(work, "tree.svg"), target)
            else:
                if driver is None:
                    # The browser of the tests (tests/nim_browser.py).
                    sys.path.insert(0, os.path.join(
                        os.path.dirname(os.path.abspath(__file__)), "..",
                        "tests"))
                    sys.dont_write_bytecode = True
                    from nim_browser import chromium
                    driver = chromium(os.path.join(work, "profile"))
                html = [w for w in cmd.split() if w.endswith(".html")][0]
                page(driver, os.path.join(work, html), step, target)
            print("made " + target)
    finally:
        if driver is not None:
            driver.quit()
        shutil.rmtree(work, ignore_errors=True)


main()
