# test-explore.py -- the pages of nim --explore, in a real browser
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Run by tests/test-explore.sh (which finds a python3 with selenium) with
# NIM_BINARY set.  Writes a page for each searcher and setting on each
# rule family, opens it in headless Chromium (chromium-driver and
# python3-selenium drive it), and checks, printing TAP:
#
# - the console has no errors and the controls are there by their
#   accessible names;
# - stepping forward through every event and then all the way back
#   with the buttons, the page after each step back is the page as it
#   was before that step forward;
# - the values drawn equal those of the same search's --trace, and
#   each proven one equals the exact value, which equals this script's
#   own solution of the position;
# - the arrow keys step;
# - the quiz marks a wrong answer wrong and right ones right, and keeps
#   the score;
# - pns's thresholds near infinity read as infinity less a number;
# - the page of a --trace-limit says what it left out;
# - on the pages of Monte-Carlo tree search, the visits and wins drawn at
#   the end are those of each position's last backup, and the quiz asks
#   which move selection takes and what the backup leaves.
#
# It saves a screenshot to tests/explore-screenshot.png in the build
# directory (doc/explore.png is a copy of one).
#
# With --bench, it times two pages instead (see Makefile-bench.am): the
# 2,000 nodes of minimax on 1,2,3,4, opened and stepped through, and its
# first 100,000 nodes, opened, stepped in the middle and unfolded.

import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
from nim_browser import chromium  # noqa: E402

NIM = os.environ.get("NIM_BINARY", "./nim")
BUILDDIR = os.environ.get("NIM_BUILDDIR", ".")

# (name, player spec, heaps, rule options, whether every step's state is
# compared): every searcher and setting, every rule family; between them
# the pages compared at every step have every kind of step.
CASES = [
    ("minimax", "minimax", "2,4", ["--moves", "any"], True),
    ("plain negamax", "negamax:ab=off,tt=off,order=off,id=off", "1,2",
     ["--moves", "any"], False),
    ("alpha-beta", "negamax:tt=off,order=off,id=off", "1,2,3",
     ["--moves", "any"], True),
    ("table", "negamax:order=off,id=off", "2,3", ["--moves", "any"], False),
    ("table and ordering", "negamax:id=off", "2,3,4", ["--moves", "any"],
     True),
    ("deepening", "negamax", "1,2,3", ["--moves", "any"], False),
    ("pns", "pns", "3,4,5", ["--moves", "any"], True),
    ("subtraction game", "negamax", "7", ["--moves", "1,3"], True),
    ("take 1 to 3, misere", "minimax", "6", ["--max-take", "3", "--misere"],
     False),
    ("misere nim", "negamax:tt=off,order=off,id=off", "1,2,2",
     ["--moves", "any", "--misere"], False),
    ("misere subtraction, solver", "pns", "2,3",
     ["--moves", "1,2", "--misere"], False),
    ("kayles", "negamax", "5", ["--rules", "0.77"], False),
    ("depth limit", "minimax:depth=2", "2,3", ["--moves", "any"], False),
    ("mcts", "mcts:iterations=12", "1,2", ["--moves", "any"], True),
    ("plain UCT, misere", "mcts:solver=off,iterations=15", "1,2,2",
     ["--moves", "any", "--misere"], False),
]

# ---------------------------------------------------------------------------
# An exact solution of its own, to check the page's exact values against.


def rules_of(options):
    r = {"take": "any", "misere": "--misere" in options, "code": None}
    for i, o in enumerate(options):
        if o == "--moves" and options[i + 1] != "any":
            r["take"] = [int(x) for x in options[i + 1].split(",")]
        if o == "--max-take":
            r["take"] = list(range(1, int(options[i + 1]) + 1))
        if o == "--rules":
            r["code"] = options[i + 1]
    return r


def children(heaps, r):
    out = []
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        if r["code"] == "0.77":  # Kayles: take 1 or 2, leave 0, 1 or 2 heaps
            for t in (1, 2):
                left = h - t
                if left < 0:
                    continue
                for a in range(0, left // 2 + 1):
                    out.append(tuple(sorted(rest + [a, left - a])))
            continue
        counts = range(1, h + 1) if r["take"] == "any" else r["take"]
        for t in counts:
            if t <= h:
                out.append(tuple(sorted(rest + [h - t])))
    return out


def wins(heaps, r):
    @functools.lru_cache(maxsize=None)
    def win(pos):
        kids = children(list(pos), r)
        if not kids:
            return r["misere"]
        return any(not win(k) for k in kids)
    return win(tuple(sorted(heaps)))


# ---------------------------------------------------------------------------
# TAP

count = 0
failed = 0


def result(good, what, detail=None):
    global count, failed
    count += 1
    print(("ok %d - %s" if good else "not ok %d - %s") % (count, what))
    if not good:
        failed += 1
        for line in str(detail or "").splitlines()[:40]:
            print("# " + line)
    sys.stdout.flush()


# ---------------------------------------------------------------------------
# The browser


def console_errors(driver):
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


# The page's state as a reader sees it: the step, the sentence, and every
# row of the tree with its attributes and text, in order.
SNAPSHOT = """
window.snap = function () {
  var rows = Array.prototype.map.call(document.querySelectorAll('#nodes > g'),
    function (g) {
      return [g.getAttribute('class'), g.getAttribute('data-node'),
              g.getAttribute('data-position'), g.getAttribute('data-value'),
              g.getAttribute('data-exact'), g.getAttribute('transform'),
              g.textContent];
    });
  var edges = Array.prototype.map.call(document.querySelectorAll('#edges > path'),
    function (p) { return p.getAttribute('class') + p.getAttribute('d'); }).sort();
  return JSON.stringify([document.getElementById('step').value,
    document.getElementById('sentence').textContent, rows, edges,
    document.getElementById('tree').getAttribute('height')]);
};
"""

# Every step forward, then every step back, by the buttons; returns the
# first step whose state differs, and the values drawn at the end.  With
# arguments[0] false only the first and the last state are compared (the
# pages of the CASES that add no kind of step to the others, to keep the
# test to a few seconds).
SWEEP = SNAPSHOT + """
var every = arguments[0];
var fwd = document.querySelector('button[aria-label="Step forward"]');
var bk = document.querySelector('button[aria-label="Step back"]');
document.querySelector('button[aria-label="Start"]').click();
var snaps = [snap()];
while (!fwd.disabled) {
  fwd.click();
  snaps.push(every || fwd.disabled ? snap() : null);
}
for (var k = snaps.length - 2; k >= 0; k--) {
  bk.click();
  if (snaps[k] === null)
    continue;
  var now = snap();
  if (now !== snaps[k])
    return {differs: k, before: snaps[k], after: now};
}
var disabled = bk.disabled;
/* The values at the end, every subtree unfolded. */
document.querySelector('button[aria-label="End"]').click();
document.getElementById('unfold').click();
var values = {};
document.querySelectorAll('#nodes > g[data-node]').forEach(function (g) {
  values[g.getAttribute('data-node')] = [g.getAttribute('data-position'),
    g.getAttribute('data-value'), g.getAttribute('data-exact'),
    g.getAttribute('data-visits'), g.getAttribute('data-wins')];
});
return {steps: snaps.length - 1, values: values, back_disabled: disabled};
"""


def trace_values(text):
    """The values of the first search's --trace, in the order its nodes
    returned; for Monte-Carlo tree search, its iterations' lines."""
    first = text.split("# trace:")[1]
    if re.search(r"^1: ", first, re.M):
        return re.findall(r"^\d+: .*$", first, re.M)
    return [m.group(1) for m in re.finditer(r"= (-?\d+|-?inf)\b", first)]


def check_mcts_counts(name, data, drawn, traced):
    """The visits and wins drawn at the end are each position's after its
    last backup, and the iterations are those of --trace, whose last line
    shows the same counts along its path."""
    want = {}
    for e in data["events"]:
        if e["type"] == "backup":
            for node, a in zip(e["path"], e["after"]):
                want[str(node)] = [str(a["visits"]), str(a["wins"])]
    got = {n: v[3:5] for n, v in drawn.items()}
    backups = [e for e in data["events"] if e["type"] == "backup"]
    last = backups[-1]
    line = traced[-1].split(" | ")[1].split() if traced else []
    along = ["%s/%s" % (want[str(n)][1], want[str(n)][0])
             for n in last["path"][1:]]
    result(got == want and len(traced) == len(backups)
           and [re.sub("[WL]$", "", x) for x in line] == along,
           name + ": visits and wins drawn are the backups' and the trace's",
           "drawn %s\nwant %s\ntrace %s, path %s" % (got, want, line, along))


def make_page(work, name, spec, heaps, rules, extra=()):
    path = os.path.join(work, re.sub(r"\W+", "-", name) + ".html")
    cmd = [NIM, "--heaps", heaps] + rules + [
        "--player1", spec, "--player2", "random", "--seed", "1",
        "--explore", path, "--trace=4096", "--json"] + list(extra)
    run = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
                         text=True, timeout=60)
    if run.returncode != 0 or not os.path.exists(path):
        raise RuntimeError("%s: exit %d\n%s" % (" ".join(cmd), run.returncode,
                                                run.stderr[-2000:]))
    return path, trace_values(run.stderr)


def page_data(driver):
    return driver.execute_script("return window.NimExplore.data;")


def check_page(driver, name, rules, every, path, traced):
    driver.get("file://" + path)
    errors = console_errors(driver)
    root = driver.find_elements(By.CSS_SELECTOR, '#nodes [data-node="0"]')
    result(not errors and root, name + ": opens without console errors, "
           "on the root", errors)
    labels = ["Step forward", "Step back", "Play", "Start", "End", "Quiz"]
    missing = [l for l in labels if not driver.find_elements(
        By.XPATH, "//button[@aria-label='%s']" % l)]
    result(not missing, name + ": controls by their names", missing)
    data = page_data(driver)
    out = driver.execute_script(SWEEP, every)
    if "differs" in out:
        result(False, name + ": every step back restores the page",
               "step %d:\nbefore %s\nafter  %s" % (out["differs"],
                                                   out["before"][:1500],
                                                   out["after"][:1500]))
        return
    result(out["steps"] == len(data["events"]) and out["back_disabled"],
           name + ": %d steps forward and back restore the page%s"
           % (out["steps"], " at every step" if every else ""))
    # The values drawn, in the order the nodes returned, are the trace's.
    order = [e["node"] for e in data["events"] if e["type"] == "leave"]
    drawn = [out["values"][str(n)][1] for n in order
             if str(n) in out["values"]]
    if data["kind"] != "mcts":
        result(drawn == traced, name + ": the values drawn are the search's",
               "drawn %s\ntrace %s" % (drawn[:40], traced[:40]))
    # Each exact value is the solution's; each proven value agrees.
    r = rules_of(rules)
    bad = []
    for n, (position, value, exact, _, _) in out["values"].items():
        heaps_ = [int(h) for h in position.split(",")]
        want = 1 if wins(heaps_, r) else -1
        if exact is None or int(exact) != want:
            bad.append("%s: exact %s, solved %d" % (position, exact, want))
            continue
        if value in (None, "0"):
            continue
        v = int(value) if value not in ("inf", "-inf") else 0
        ply = data["nodes"][int(n)]["ply"]
        mover = -v if data["kind"] == "minimax" and ply % 2 else v
        if (mover > 0) != (want > 0):
            bad.append("%s: value %s, exact %d" % (position, value, want))
    result(not bad, name + ": proven values agree with theory and solver",
           "\n".join(bad))
    if data["kind"] == "mcts":
        check_mcts_counts(name, data, out["values"], traced)
    errors = console_errors(driver)
    result(not errors, name + ": no console errors after stepping", errors)


# Every step's sentence and the tree's text, from the first step to the
# last.
SENTENCES = """
var x = window.NimExplore, out = [];
for (var k = 0; k <= x.data.events.length; k++) {
  x.goTo(k);
  out.push([document.getElementById('sentence').textContent,
            x.data.kind === 'mcts' ? document.getElementById('nodes')
              .textContent : '']);
}
x.goTo(0);
return out;
"""

# What a sentence cut short or run together looks like.
BROKEN = re.compile(r"undefined|NaN|null|\[object|\s\s|\s[,.;:)]|\(\s|"
                    r"and\s+(are|is) never|,\s*,")


def check_sentences(driver, name, path):
    """Every sentence of a page whole and true to the steps around it:
    none cut short; "Step N of M" first; a cutoff names what it prunes or
    says nothing is left, and at the root no one "would never allow"; a
    table entry found under the heaps in another order says that the
    key ignores their order; a move said to be tried first is the next
    one tried; a proof that selection skips says whose it is."""
    driver.get("file://" + path)
    data = page_data(driver)
    events = data["events"]
    nodes = data["nodes"]
    said = driver.execute_script(SENTENCES)
    bad = []
    for k, (sentence, tree) in enumerate(said):
        if not sentence.startswith("Step %d of %d. " % (k, len(events))):
            bad.append("step %d: %r" % (k, sentence[:80]))
        if BROKEN.search(sentence):
            bad.append("step %d: broken: %r" % (k, sentence))
        if re.search(r"skipped: proven to lose(?! for player)", tree):
            bad.append("step %d: a proof without its player: %r"
                       % (k, tree[:200]))
        if k == 0:
            continue
        e = events[k - 1]
        n = nodes[e["node"]] if e.get("node", -1) >= 0 else None
        if e["type"] == "leave" and "cut" in e.get("flags", []) and n \
                and n["parent"] < 0 and re.search(r"never (let|allow)",
                                                  sentence):
            bad.append("step %d: the root's cutoff: %r" % (k, sentence))
        if e["type"] == "probe" and e.get("found") and not e.get("losses"):
            key = sorted(n["position"].split(","), key=int)
            stored = [s_ for s_ in events[:k - 1] if s_["type"] == "store"
                      and sorted(nodes[s_["node"]]["position"].split(","),
                                 key=int) == key]
            if stored and nodes[stored[-1]["node"]]["position"] != \
                    n["position"] and "ignores the order of the heaps" \
                    not in sentence:
                bad.append("step %d: the entry of %s found for %s: %r"
                           % (k, nodes[stored[-1]["node"]]["position"],
                              n["position"], sentence))
            m = re.search(r"its best move then, (\S+), is tried first",
                          sentence)
            if m:
                tries = [t for t in events[k:] if t["type"] == "try"
                         and t["node"] == e["node"]]
                if not tries or tries[0]["move"] != m.group(1):
                    bad.append("step %d: %s said first, %s tried: %r"
                               % (k, m.group(1), tries[0]["move"]
                                  if tries else None, sentence))
            m = re.search(r"where it comes at step (\d+)", sentence)
            if m:
                t = events[int(m.group(1)) - 1]
                if t["type"] != "try" or t["node"] != e["node"]:
                    bad.append("step %d: step %s is %s" % (k, m.group(1), t))
    result(not bad, name + ": %d sentences whole and true to the steps"
           % len(said), "\n".join(bad[:20]))


def check_keys(driver, path):
    driver.get("file://" + path)
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    two = driver.find_element(By.ID, "step").get_attribute("value")
    body.send_keys(Keys.ARROW_LEFT)
    one = driver.find_element(By.ID, "step").get_attribute("value")
    body.send_keys(Keys.END)
    end = driver.find_element(By.ID, "step").get_attribute("value")
    body.send_keys(Keys.HOME)
    start = driver.find_element(By.ID, "step").get_attribute("value")
    n = len(page_data(driver)["events"])
    result((two, one, end, start) == ("2", "1", str(n), "0"),
           "arrow keys, Home and End step", (two, one, end, start))
    # A step number typed, then Go or the Enter key, jumps there.
    field = driver.find_element(By.ID, "step")
    field.clear()
    field.send_keys("5")
    driver.find_element(By.ID, "go").click()
    by_go = driver.execute_script("return window.NimExplore.state.step;")
    field.clear()
    field.send_keys("3" + Keys.ENTER)
    by_enter = driver.execute_script("return window.NimExplore.state.step;")
    result((by_go, by_enter) == (5, 3), "a step typed, then Go or Enter, "
           "jumps to it", (by_go, by_enter))
    # The space bar plays and pauses, from the keyboard alone.
    driver.execute_script("document.activeElement.blur();")
    body.send_keys(Keys.HOME)
    body.send_keys(Keys.SPACE)
    # Played: the first step at once, the second at the timer's first tick
    # (polled for, up to 10 s, rather than slept for).
    step = "return window.NimExplore.state.step;"
    deadline = time.monotonic() + 10
    while (driver.execute_script(step) < 2
           and time.monotonic() < deadline):
        time.sleep(0.02)
    body.send_keys(Keys.SPACE)
    played = driver.execute_script(step)
    pressed = driver.find_element(By.ID, "play").get_attribute("aria-pressed")
    # Paused: no step in two of the timer's periods (1000 / speed ms).
    speed = driver.execute_script(
        "return 0.5 * Math.pow(2, document.getElementById('speed').value"
        " / 12.5);")
    time.sleep(2.0 / speed)
    still = driver.execute_script(step)
    result(played > 0 and played == still and pressed == "false",
           "the space bar plays and pauses", (played, still, pressed))


def click(driver, label):
    driver.find_element(By.XPATH, "//button[@aria-label='%s']" % label).click()


def next_question(driver, limit=2000):
    """Steps until the quiz asks; returns the event it asks about."""
    for _ in range(limit):
        if driver.find_element(By.ID, "question").is_displayed():
            return driver.execute_script(
                "return window.NimExplore.data.events"
                "[window.NimExplore.state.step];")
        fwd = driver.find_element(By.XPATH,
                                  "//button[@aria-label='Step forward']")
        if not fwd.is_enabled():
            return None
        fwd.click()
    return None


def answer(driver, event, right):
    fields = driver.find_elements(By.CSS_SELECTOR,
                                  "#question-fields input[type=text]")
    asked = len(driver.find_elements(By.CSS_SELECTOR, "#question-fields > p"))
    if event["type"] == "enter":
        values = [event["alpha"], event["beta"]]
    elif event["type"] == "numbers":
        values = [event["pn"], event["dn"]]
    elif event["type"] == "backup":
        values = ["%d/%d" % (a["wins"], a["visits"])
                  for a in event["after"][1:]]
    else:
        values = [event.get("value")]
    for f, v in zip(fields, values):
        f.clear()
        f.send_keys(str(v) if right else "7")
    if event["type"] == "select":
        move = driver.execute_script(
            "return window.NimExplore.data.nodes[arguments[0]].move;",
            event["chosen"])
        for radio in driver.find_elements(
                By.CSS_SELECTOR, "#question-fields input[name=choice]"):
            if (radio.get_attribute("value") == move) == right:
                radio.click()
                break
    boxes = driver.find_elements(By.CSS_SELECTOR,
                                 "#question-fields input[name=cut]")
    for box in boxes:
        if (box.get_attribute("value") in event.get("pruned", [])) == right:
            box.click()
    driver.find_element(By.ID, "check").click()
    fb = driver.find_element(By.ID, "feedback")
    # Each field asked scores one.
    return fb.get_attribute("class"), fb.text, asked


def asks(event):
    """What a question tests: a cutoff's moves, else the kind of step."""
    return "cut" if event.get("pruned") else event["type"]


def check_quiz(driver, path, name="quiz", wanted=("cut",)):
    """The quiz of a page marks a wrong answer wrong and right ones right,
    until it has asked each of the @wanted kinds of question."""
    driver.get("file://" + path)
    click(driver, "Quiz")
    pressed = driver.find_element(
        By.XPATH, "//button[@aria-label='Quiz']").get_attribute("aria-pressed")
    # A node not yet returned shows no exact value: it would give the
    # answer away.
    hidden = driver.execute_script(
        "document.querySelector('button[aria-label=\"Step forward\"]')"
        ".click(); var g = document.querySelector('#nodes > g');"
        "return g.hasAttribute('data-exact');")
    result(pressed == "true" and not hidden,
           name + ": on, and hides the exact values not yet revealed")
    event = next_question(driver)
    if event is None:
        result(False, name + ": asks a question")
        return
    cls, text, missed = answer(driver, event, False)
    score = driver.find_element(By.ID, "score").text
    result(cls == "wrong" and "Not quite" in text
           and score == "Score: 0 of %d" % missed,
           name + ": a wrong answer is marked wrong and explained",
           "%s / %s / %s" % (cls, text, score))
    marks = []
    seen = set()
    for _ in range(30):
        event = next_question(driver)
        if event is None:
            break
        seen.add(asks(event))
        marks.append(answer(driver, event, True)[0])
        if seen.issuperset(wanted) and len(marks) >= 3:
            break
    score = driver.find_element(By.ID, "score").text
    m = re.match(r"Score: (\d+) of (\d+)", score)
    result(marks and all(c == "right" for c in marks)
           and seen.issuperset(wanted) and m
           and int(m.group(2)) - int(m.group(1)) == missed,
           name + ": right answers (%s included) are marked right and scored"
           % ", ".join(wanted), "%s / %s / %s" % (marks, sorted(seen), score))
    errors = console_errors(driver)
    result(not errors, name + ": no console errors", errors)


def check_pns_numbers(driver, path):
    """pns's page: a threshold made from an infinite one reads as
    "\u221e \u2212 N", never as the search's own infinity less N (a number
    of ten digits); the moves searched after the proof for the first
    winning move say why."""
    driver.get("file://" + path)
    events = page_data(driver)["events"]
    near = []
    long_numbers = []
    first_win = []
    for k, e in enumerate(events, 1):
        driver.execute_script("window.NimExplore.goTo(%d);" % k)
        sentence = driver.find_element(By.ID, "sentence").text
        tree = driver.find_element(By.ID, "tree").text
        if re.search(r"\d{7,}", sentence + tree):
            long_numbers.append("step %d: %s" % (k, sentence))
        # A proven node's sentence says so, not its thresholds.
        if e["type"] == "numbers" and e["pn"] != 0 and e["dn"] != 0:
            for key, name in (("thpn", "pn"), ("thdn", "dn")):
                m = re.match(r"^inf-(\d+)$", str(e[key]))
                if m:
                    want = "%s < \u221e \u2212 %s" % (name, m.group(1))
                    if want not in sentence:
                        near.append("step %d: no '%s' in %s"
                                    % (k, want, sentence))
                    else:
                        near.append(None)
        if e["type"] == "try" and e["why"] == "first-win":
            first_win.append("first winning move in heap order" in sentence)
    shown = [n for n in near if n is not None]
    result(near and not shown and not long_numbers,
           "pns: thresholds near infinity read as \u221e \u2212 N (%d)"
           % len(near), "\n".join(shown + long_numbers))
    result(first_win and all(first_win),
           "pns: the moves before the proven one say why they are searched",
           first_win)


def limited_page(driver, work, name, spec, heaps, limit):
    """Opens the page of a search with --trace-limit at its end; returns
    its summary."""
    path, _ = make_page(work, name, spec, heaps, ["--moves", "any"],
                        ["--trace-limit", limit])
    driver.get("file://" + path)
    summary = driver.find_element(By.ID, "summary").text
    click(driver, "End")
    return summary


def check_limit(driver, work):
    summary = limited_page(driver, work, "limit", "minimax", "1,2,3,4", "150")
    root = driver.find_element(By.CSS_SELECTOR, "#nodes > g[data-node='0']")
    result("left out past the limit of 150" in summary
           and "not shown" in root.text and root.get_attribute("data-value")
           == "1", "a --trace-limit page says what it left out",
           summary + "\n" + root.text)
    result("minimax, player 1 to move" in summary
           and "minimax (minimax" not in summary,
           "the summary names a player whose spec is its name once",
           summary)


def check_limit_mcts(driver, work):
    summary = limited_page(driver, work, "limit mcts", "mcts:iterations=40",
                           "2,3", "5")
    sentence = driver.find_element(By.ID, "sentence").text
    result(re.search(r"\d+ iterations .*5 shown, \d+ left out past the limit"
                     r" of 5 iterations", summary) is not None
           and "the page shows the first 5" in sentence,
           "an mcts page with --trace-limit says what it left out",
           summary + "\n" + sentence)


def check_projector(driver, path):
    """On a projector of 1920 x 1080 the page's type and the tree grow
    (at 1280 the tree's type is 15 pixels), and the tree's box fits the
    window."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 1920, "height": 1080, "deviceScaleFactor": 1,
        "mobile": False})
    try:
        driver.get("file://" + path)
        driver.execute_script("window.NimExplore.setView('outline');")
        click(driver, "Step forward")
        got = driver.execute_script(
            "var t = document.querySelector('#nodes text.row');"
            "var box = document.getElementById('tree-box')"
            ".getBoundingClientRect();"
            "return [parseFloat(getComputedStyle(document.getElementById("
            "'sentence')).fontSize), t.getBoundingClientRect().height,"
            "box.bottom <= window.innerHeight];")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    result(got[0] >= 28 and got[1] >= 20 and got[2],
           "at 1920 x 1080 the sentence and the tree's type grow and the "
           "tree fits", got)


def check_bad_input(work):
    """A page nim cannot write, or an empty name, is a usage error: a
    message naming --explore and exit status 2, before any search."""
    bad = []
    for path, said in ((os.path.join(work, "no-such-dir", "x.html"),
                        "cannot write"),
                       (work, "cannot write"),
                       ("", "empty")):
        run = subprocess.run([NIM, "--solve", "--heaps", "3", "--player1",
                              "minimax", "--explore", path],
                             stdin=subprocess.DEVNULL, capture_output=True,
                             text=True, timeout=60)
        if (run.returncode != 2 or "--explore" not in run.stderr
                or said not in run.stderr or run.stdout):
            bad.append("%r: exit %d, %s%s" % (path, run.returncode,
                                               run.stderr, run.stdout))
    result(not bad, "a page nim cannot write: a message and exit 2",
           "\n".join(bad))


def screenshot(driver, work):
    """The page of the README's command at step 40, as doc/explore.png
    shows it."""
    # As the README types it: ./nim, which the page shows.
    link = os.path.join(work, "nim")
    if not os.path.exists(link):
        os.symlink(os.path.abspath(NIM), link)
    cmd = ["./nim", "--heaps", "1,2,3", "--player1",
           "negamax:tt=off,order=off,id=off", "--player2", "xor",
           "--explore", "tree.html"]
    run = subprocess.run(cmd, cwd=work, stdin=subprocess.DEVNULL,
                         capture_output=True, timeout=60)
    if run.returncode != 0:  # a build whose default rule is not take-any
        run = subprocess.run(cmd + ["--moves", "any"], cwd=work,
                             stdin=subprocess.DEVNULL, capture_output=True,
                             timeout=60)
    driver.get("file://" + os.path.join(work, "tree.html"))
    driver.execute_script("window.NimExplore.goTo(40);")
    shot = os.path.join(BUILDDIR, "tests", "explore-screenshot.png")
    os.makedirs(os.path.dirname(shot), exist_ok=True)
    result(driver.save_screenshot(shot), "screenshot saved to " + shot)


def bench(driver, work):
    """The bench lines: the pages of minimax's first 2,000 and 100,000
    nodes on 1,2,3,4."""
    path, _ = make_page(work, "bench", "minimax", "1,2,3,4",
                        ["--moves", "any"])
    size = os.path.getsize(path)
    times = []
    for _ in range(5):
        t0 = time.monotonic()
        driver.get("file://" + path)
        opened = time.monotonic() - t0
        t1 = time.monotonic()
        steps = driver.execute_script(
            "var f = document.querySelector("
            "'button[aria-label=\"Step forward\"]'), n = 0;"
            "while (!f.disabled) { f.click(); n++; } return n;")
        stepped = time.monotonic() - t1
        times.append((opened, stepped))
    opened = sorted(t[0] for t in times)[2]
    stepped = sorted(t[1] for t in times)[2]
    nodes = len(page_data(driver)["nodes"])
    print("explore/minimax/1,2,3,4: page %d KiB, %d nodes, %d steps; "
          "open %.0f ms, step through %.0f ms (median of 5)"
          % (size // 1024, nodes, steps, opened * 1000, stepped * 1000))
    # The page of 100,000 nodes (--trace-limit 100000): open, a step in
    # the middle of the search, and "Unfold all" at its end.
    path, _ = make_page(work, "bench big", "minimax", "1,2,3,4",
                        ["--moves", "any"], ["--trace-limit", "100000"])
    size = os.path.getsize(path)
    driver.set_script_timeout(600)
    times = []
    for _ in range(3):
        t0 = time.monotonic()
        driver.get("file://" + path)
        opened = time.monotonic() - t0
        got = driver.execute_script(
            "var x = window.NimExplore, n = x.data.events.length;"
            "x.goTo(Math.floor(n / 2));"
            "var f = document.querySelector("
            "'button[aria-label=\"Step forward\"]');"
            "var t = performance.now();"
            "for (var k = 0; k < 200; k++) f.click();"
            "var step = (performance.now() - t) / 200;"
            "document.querySelector('button[aria-label=\"End\"]').click();"
            "t = performance.now();"
            "document.getElementById('unfold').click();"
            "document.getElementById('tree-box').getBoundingClientRect();"
            "return [step, performance.now() - t, n, x.data.nodes.length];")
        times.append((opened, got[0], got[1]))
    med = [sorted(t[i] for t in times)[1] for i in range(3)]
    print("explore/minimax/1,2,3,4 --trace-limit 100000: page %d KiB, "
          "%d nodes, %d steps; open %.0f ms, a step %.2f ms, Unfold all at "
          "the end %.0f ms (median of 3)"
          % (size // 1024, got[3], got[2], med[0] * 1000, med[1],
             med[2]))


# ---------------------------------------------------------------------------
# Game trees (--tree, --random-tree), against Russell and Norvig's
# ALPHA-BETA-SEARCH written here.

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
INF = float("inf")


def tree_reference(tree, alpha_beta=True, reverse=False):
    """The search of @tree by MAX-VALUE and MIN-VALUE: the root's value
    for MAX, the move it plays (the first best in the order searched),
    every child's exact value, and for each path entered the value it
    returned for MAX and its window (alpha, beta) in MAX's terms."""
    entered = {}

    def search(node, path, maximize, a, b):
        entered[path] = [None, (a, b)]
        if isinstance(node, int):
            entered[path][0] = node
            return node
        v = -INF if maximize else INF
        kids = list(enumerate(node, 1))
        if reverse:
            kids.reverse()
        for k, child in kids:
            w = search(child, path + ("." if path else "") + str(k),
                       not maximize, a, b)
            if maximize:
                v = max(v, w)
                if alpha_beta and v >= b:
                    break
                a = max(a, v)
            else:
                v = min(v, w)
                if alpha_beta and v <= a:
                    break
                b = min(b, v)
        entered[path][0] = v
        return v

    def exact(node, maximize):
        if isinstance(node, int):
            return node
        vals = [exact(c, not maximize) for c in node]
        return max(vals) if maximize else min(vals)

    value = search(tree, "", True, -INF, INF)
    children = [exact(c, False) for c in tree]
    order = list(range(1, len(tree) + 1))
    if reverse:
        order.reverse()
    best = next(k for k in order if children[k - 1] == value)
    return {"value": value, "best": str(best), "children": children,
            "entered": entered}


def all_paths(tree, path=""):
    out = [path]
    if not isinstance(tree, int):
        for k, c in enumerate(tree, 1):
            out += all_paths(c, path + ("." if path else "") + str(k))
    return out


def bound(x):
    return "\u221e" if x == INF else "\u2212\u221e" if x == -INF else (
        str(x) if x >= 0 else "\u2212" + str(-x))


def tree_page(work, name, spec, tree_args):
    """Writes the page of a --solve of a tree; returns its path and the
    tree searched (--solve --json's "tree")."""
    path = os.path.join(work, re.sub(r"\W+", "-", name) + ".html")
    cmd = [NIM, "--solve"] + tree_args + ["--player1", spec, "--json",
                                          "--explore", path]
    run = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
                         text=True, timeout=60)
    if run.returncode != 0:
        raise RuntimeError("%s: exit %d\n%s" % (" ".join(cmd), run.returncode,
                                                run.stderr[-2000:]))
    return path, json.loads(run.stdout)


# Every element of a path in the view at the end: its value, whether it is
# pruned, its window's text, and the edges.
TREE_END = """
window.NimExplore.goTo(window.NimExplore.data.events.length);
var out = {nodes: {}, edges: []};
document.querySelectorAll('#nodes [data-path]').forEach(function (g) {
  var w = g.querySelector('.window');
  out.nodes[g.getAttribute('data-path')] = [g.getAttribute('data-value'),
    g.getAttribute('data-pruned'), w ? w.textContent : null];
});
document.querySelectorAll('#edges [data-edge]').forEach(function (g) {
  out.edges.push(g.getAttribute('data-edge'));
});
out.sentence = document.getElementById('sentence').textContent;
out.view = window.NimExplore.view();
return out;
"""


# The sentence of each step that enters a leaf.
LEAF_ENTRIES = """
var d = window.NimExplore.data, out = [];
d.events.forEach(function (e, i) {
  if (e.type === 'enter' && d.nodes[e.node].leaf !== undefined) {
    window.NimExplore.goTo(i + 1);
    out.push(document.getElementById('sentence').textContent);
  }
});
return out;
"""


def check_tree(driver, work, name, spec, tree_args, alpha_beta, reverse,
               sweep=False):
    """The page of a tree's search: every node drawn with its path, the
    values, windows and pruned set of the reference, the edges, the
    move played; with @sweep, every step back restores the page."""
    try:
        path, solved = tree_page(work, name, spec, tree_args)
    except Exception as e:
        result(False, name + ": nim writes the page", e)
        return None
    tree = solved["tree"]
    ref = tree_reference(tree, alpha_beta, reverse)
    driver.get("file://" + path)
    errors = console_errors(driver)
    start = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll("
        "'#nodes [data-path]'), function (g) {"
        "return g.getAttribute('data-path'); });")
    result(not errors and "" in start,
           name + ": opens without errors, the root drawn at step 0",
           "%s %s" % (errors, start))
    if sweep:
        out = driver.execute_script(SWEEP, True)
        result("differs" not in out, name + ": every step back restores "
               "the page", str(out)[:1500])
    end = driver.execute_script(TREE_END)
    minimax = spec.startswith("minimax")
    bad = []
    paths = all_paths(tree)
    if sorted(end["nodes"]) != sorted(paths):
        bad.append("paths drawn %s, the tree's %s" % (sorted(end["nodes"]),
                                                      sorted(paths)))
    if sorted(end["edges"]) != sorted(p for p in paths if p):
        bad.append("edges %s" % sorted(end["edges"]))
    for p in paths:
        value, pruned, window = end["nodes"].get(p, (None, None, None))
        if p not in ref["entered"]:
            if pruned != "1" or value is not None:
                bad.append("%s: never entered, drawn %s, value %s"
                           % (p, pruned, value))
            continue
        v, (a, b) = ref["entered"][p]
        ply = p.count(".") + 1 if p else 0
        # negamax's values and windows are for the player to move there.
        if not minimax and ply % 2:
            v, a, b = -v, -b, -a
        if pruned is not None or value != str(v):
            bad.append("%s: value %s (pruned %s), the reference's %s"
                       % (p, value, pruned, v))
        if alpha_beta and window != "[%s,%s]" % (bound(a), bound(b)):
            bad.append("%s: window %s, the reference's [%s,%s]"
                       % (p, window, bound(a), bound(b)))
    if minimax:
        # Entering a leaf, minimax has no move to choose from.
        for said in driver.execute_script(LEAF_ENTRIES):
            if "will take" in said or "a leaf" not in said:
                bad.append("a leaf entered: %r" % said)
    plays = "plays %s (child %s)" % (ref["best"], ref["best"])
    if plays not in end["sentence"]:
        bad.append("the end says %r, not %r" % (end["sentence"], plays))
    if solved["value"] != ref["value"] or solved["child_values"] != \
            ref["children"] or ref["best"] and int(ref["best"]) not in \
            solved["best_moves"]:
        bad.append("--json %s, the reference %s" % (solved, ref))
    result(not bad and end["view"] == "drawing",
           name + ": value %s, move %s, pruned %s as the reference's"
           % (ref["value"], ref["best"],
              ",".join(p for p in paths if p not in ref["entered"])
              or "none"), "\n".join(bad[:30]))
    return path


def check_tree_quiz(driver, path, name):
    """The quiz of a tree's alpha-beta asks windows, and they differ."""
    driver.get("file://" + path)
    click(driver, "Quiz")
    windows = set()
    marks = []
    for _ in range(40):
        event = next_question(driver)
        if event is None:
            break
        if event["type"] == "enter":
            windows.add((str(event["alpha"]), str(event["beta"])))
            # A window may be infinite: the question says how to type it.
            asked = driver.find_element(By.ID, "question").text
            if "Type inf for infinity" not in asked:
                marks.append("not said how to type infinity: " + asked)
        marks.append(answer(driver, event, True)[0])
    result(len(windows) >= 3 and marks and all(c == "right" for c in marks),
           name + ": asks %d different windows, right answers marked right"
           % len(windows), "%s %s" % (sorted(windows), marks))


# The drawing's width in the box at the first step and the last, and
# the windows whose boxes overlap another's.
TREE_FITS = """
var svg = document.getElementById('tree');
var box = document.getElementById('tree-box');
var out = {box: box.clientWidth, first: svg.getBoundingClientRect().width};
window.NimExplore.goTo(window.NimExplore.data.events.length);
out.last = svg.getBoundingClientRect().width;
var r = Array.prototype.map.call(document.querySelectorAll('#nodes .window'),
  function (t) { return t.textContent ? t.getBoundingClientRect() : null; })
  .filter(function (b) { return b; });
out.overlaps = 0;
for (var i = 0; i < r.length; i++)
  for (var j = i + 1; j < r.length; j++)
    if (r[i].left < r[j].right && r[j].left < r[i].right &&
        r[i].top < r[j].bottom && r[j].top < r[i].bottom) out.overlaps++;
return out;
"""


def check_tree_fits(driver, work):
    """A textbook's tree of three plies and three moves, searched by
    alpha-beta, is drawn whole in a window of 1280 x 720, its windows
    apart, and keeps its size from the first step to the last."""
    path = tree_page(work, "tree that fits", "negamax",
                     ["--random-tree", "3:3", "--seed", "5"])[0]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 1280, "height": 720, "deviceScaleFactor": 1,
        "mobile": False})
    try:
        driver.get("file://" + path)
        got = driver.execute_script(TREE_FITS)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    result(got["first"] <= got["box"] and got["last"] == got["first"]
           and got["overlaps"] == 0, "a tree of 3 plies and 3 moves is "
           "drawn whole at 1280 x 720, its windows apart", got)


# The pairs of words drawn at the step given whose boxes overlap.
TEXT_OVERLAPS = """
window.NimExplore.goTo(arguments[0]);
var t = Array.prototype.filter.call(
  document.querySelectorAll('#nodes text, #edges text'),
  function (e) { return e.textContent; });
var r = t.map(function (e) { return e.getBoundingClientRect(); });
var out = [];
for (var i = 0; i < r.length; i++)
  for (var j = i + 1; j < r.length; j++)
    if (r[i].left < r[j].right - 1 && r[j].left < r[i].right - 1 &&
        r[i].top < r[j].bottom - 1 && r[j].top < r[i].bottom - 1)
      out.push([t[i].textContent, t[j].textContent]);
return out;
"""


def check_mcts_drawing(driver, work):
    """The drawing of a Monte-Carlo tree search: no two words drawn over
    each other (each child's visits and wins under it, the root's six
    moves on its edges)."""
    link = os.path.join(work, "nim")
    if not os.path.exists(link):
        os.symlink(os.path.abspath(NIM), link)
    path = os.path.join(work, "mcts-drawing.html")
    subprocess.run(["./nim", "--heaps", "1,2,3", "--moves", "any",
                    "--player1", "mcts:iterations=30", "--player2", "xor",
                    "--seed", "4", "--explore", path], cwd=work,
                   stdin=subprocess.DEVNULL, capture_output=True,
                   timeout=60, check=True)
    driver.get("file://" + path)
    n = len(page_data(driver)["events"])
    bad = {}
    for step in (20, 60, n):
        got = driver.execute_script(TEXT_OVERLAPS, step)
        if got:
            bad[step] = got[:5]
    result(not bad, "mcts: no two words of the drawing overlap", bad)


def check_trees(driver, work):
    tb = json.dumps(TEXTBOOK, separators=(",", ":"))
    ab = check_tree(driver, work, "textbook tree, alpha-beta", "negamax",
                    ["--tree", tb], True, False, sweep=True)
    check_tree(driver, work, "textbook tree, minimax", "minimax",
               ["--tree", tb], False, False, sweep=True)
    check_tree(driver, work, "textbook tree, negamax without alpha-beta",
               "negamax:ab=off", ["--tree", tb], False, False)
    check_tree(driver, work, "textbook tree, alpha-beta backwards",
               "negamax:moves=reversed", ["--tree", tb], True, True)
    for seed in range(1, 7):
        shape = ("3:3", "2:4", "4:2")[seed % 3]
        check_tree(driver, work, "random tree %s, seed %d" % (shape, seed),
                   "negamax" if seed % 2 else "minimax",
                   ["--random-tree", shape, "--seed", str(seed)],
                   seed % 2 == 1, False)
    check_tree_fits(driver, work)
    check_mcts_drawing(driver, work)
    if ab:
        check_tree_quiz(driver, ab, "textbook tree quiz")
        rnd = tree_page(work, "quiz tree", "negamax",
                        ["--random-tree", "3:3", "--seed", "5"])[0]
        check_quiz(driver, rnd, "random tree quiz", ("cut", "enter"))


def check_clicker(driver, path):
    """A presenter's clicker (Page Down, Page Up) steps; after a click on
    the fold box or the speed slider the arrow keys still step; the
    sentence, in a live region, starts "Step N of M"."""
    driver.get("file://" + path)
    body = driver.find_element(By.TAG_NAME, "body")
    step = lambda: driver.execute_script(
        "return window.NimExplore.state.step;")
    body.send_keys(Keys.PAGE_DOWN)
    body.send_keys(Keys.PAGE_DOWN)
    got = [step()]
    body.send_keys(Keys.PAGE_UP)
    got.append(step())
    # The keys go where the focus is, as a reader's do.
    driver.find_element(By.ID, "auto-fold").click()
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    got.append(step())
    driver.find_element(By.ID, "speed").click()
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    got.append(step())
    n = len(page_data(driver)["events"])
    sentence = driver.find_element(By.ID, "sentence").text
    live = driver.execute_script(
        "return document.getElementById('sentence').closest('[aria-live]')"
        " !== null;")
    result(got == [2, 1, 2, 3] and sentence.startswith("Step 3 of %d. " % n)
           and live, "Page Down and Up step, and the arrows after a click on "
           "the fold box and the slider; \"Step N of M\" in a live region",
           "%s %r %s" % (got, sentence, live))


# At each step, once the page has scrolled (at the next frame), whether
# the current node is marked aria-current and inside the tree's box and
# the window.
IN_VIEW = """
var done = arguments[arguments.length - 1];
window.NimExplore.goTo(arguments[0]);
requestAnimationFrame(function () { requestAnimationFrame(function () {
  var cur = document.querySelectorAll('[aria-current="step"]');
  if (window.NimExplore.state.current < 0) { done(cur.length === 0); return; }
  if (cur.length !== 1) { done(false); return; }
  var r = cur[0].getBoundingClientRect();
  var b = document.getElementById('tree-box').getBoundingClientRect();
  done(r.top >= b.top && r.bottom <= b.bottom && r.left >= b.left &&
       r.right <= b.right && b.bottom <= window.innerHeight);
}); });
"""


def check_current_in_view(driver, work):
    """In a window of 1280 x 720 the current node is in view, and marked
    aria-current, at every step of the deepening page of 2,3 (in the
    outline and in the drawing)."""
    path, _ = make_page(work, "in view", "negamax", "2,3",
                        ["--moves", "any"])
    check_sentences(driver, "deepening on 2,3", path)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 1280, "height": 720, "deviceScaleFactor": 1,
        "mobile": False})
    try:
        driver.get("file://" + path)
        n = len(page_data(driver)["events"])
        for view in ("outline", "drawing"):
            driver.execute_script("window.NimExplore.setView(arguments[0]);"
                                  "window.NimExplore.goTo(0);", view)
            out = [k for k in range(1, n + 1)
                   if not driver.execute_async_script(IN_VIEW, k)]
            result(not out, "1280 x 720, %s: the current node is in view at "
                   "each of %d steps" % (view, n), "out of view at steps %s"
                   % out[:40])
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def check_counts_and_command(driver, work):
    """The page's node count is the one --solve says for the position, and
    "Made by" is the command as it was run, which runs as pasted."""
    path = os.path.join(work, "count.html")
    run = subprocess.run([NIM, "--solve", "--heaps", "2,1,2", "--player1",
                          "negamax:id=off", "--moves", "any", "--explore",
                          path], cwd=work, stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=60)
    driver.get("file://" + path)
    summary = driver.find_element(By.ID, "summary").text
    click(driver, "End")
    sentence = driver.find_element(By.ID, "sentence").text
    said = re.search(r"(\d+) nodes for the position", run.stdout)
    page = re.search(r"(\d+) nodes searched", summary)
    end = re.search(r"over after (\d+) nodes", sentence)
    result(said and page and end and said.group(1) == page.group(1)
           == end.group(1), "the page's node count is --solve's for the "
           "position", "%s\n%s\n%s" % (run.stdout, summary, sentence))
    command = driver.find_element(By.ID, "command").text
    again = subprocess.run(command.replace("count.html", "again.html"),
                           shell=True, cwd=work, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=60)
    result(command.startswith(NIM + " --solve") and again.returncode == 0
           and os.path.exists(os.path.join(work, "again.html")),
           "\"Made by\" is the command as it was run, and it runs as pasted",
           "%s: exit %d %s" % (command, again.returncode, again.stderr))


def check_legend(driver, path, words):
    """The legend shown on a page explains the shapes and both colours
    of a node: the fill's and the number's."""
    driver.get("file://" + path)
    text = driver.execute_script(
        "return Array.prototype.filter.call(document.querySelectorAll("
        "'#legend li'), function (li) { return !li.hidden; })"
        ".map(function (li) { return li.textContent; }).join(' ');")
    missing = [w for w in words if w not in text]
    result(not missing, "the legend of %s explains %s"
           % (os.path.basename(path), ", ".join(words)), missing)


def check_big_page(driver, work):
    """A search of 2,000 nodes is an outline (the drawing is refused, and
    says why), and "Unfold all" draws the rows on screen, not all 2,000."""
    path, _ = make_page(work, "big", "minimax", "1,2,3,4", ["--moves", "any"])
    driver.get("file://" + path)
    click(driver, "End")
    driver.find_element(By.ID, "unfold").click()
    got = driver.execute_script(
        "return [window.NimExplore.view(), document.getElementById('view')"
        ".disabled, document.querySelectorAll('#nodes > g').length,"
        "window.NimExplore.data.nodes.length];")
    result(got[0] == "outline" and got[1] and got[2] < 400
           and got[3] >= 2000, "a page of %d nodes: an outline, and Unfold "
           "all draws %d rows" % (got[3], got[2]), got)


def main():
    work = tempfile.mkdtemp(prefix="nim-explore-")
    profile = os.path.join(work, "profile")
    try:
        driver = chromium(profile)
    except Exception as e:  # the browser is a requirement: fail, do not skip
        print("1..1")
        print("not ok 1 - headless Chromium does not start: %s" % e)
        print("# install chromium chromium-driver python3-selenium "
              "(the README's first line)")
        shutil.rmtree(work, ignore_errors=True)
        return 1
    try:
        if sys.argv[1:2] == ["--bench"]:
            bench(driver, work)
            return 0
        pages = {}
        for name, spec, heaps, rules, every in CASES:
            try:
                pages[name] = make_page(work, name, spec, heaps, rules)
            except Exception as e:
                result(False, name + ": nim writes the page", e)
                continue
            check_page(driver, name, rules, every, pages[name][0],
                       pages[name][1])
            check_sentences(driver, name, pages[name][0])
        if "alpha-beta" in pages:
            check_keys(driver, pages["alpha-beta"][0])
            check_clicker(driver, pages["alpha-beta"][0])
            check_quiz(driver, pages["alpha-beta"][0], "quiz", ("cut",))
        if "pns" in pages:
            check_pns_numbers(driver, pages["pns"][0])
            check_quiz(driver, pages["pns"][0], "pns quiz", ("numbers",))
        if "mcts" in pages:
            check_quiz(driver, pages["mcts"][0], "mcts quiz",
                       ("select", "backup"))
        if "alpha-beta" in pages:
            check_projector(driver, pages["alpha-beta"][0])
        check_trees(driver, work)
        check_current_in_view(driver, work)
        check_counts_and_command(driver, work)
        check_big_page(driver, work)
        if "alpha-beta" in pages:
            check_legend(driver, pages["alpha-beta"][0],
                         ("Two colours", "The fill of a", "= v", "\u25b2"))
        check_bad_input(work)
        screenshot(driver, work)
        check_limit(driver, work)
        check_limit_mcts(driver, work)
        print("1..%d" % count)
        return 1 if failed else 0
    finally:
        driver.quit()
        shutil.rmtree(work, ignore_errors=True)


sys.exit(main())
