/* explore.js -- the page of nim --explore: a search, step by step
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * nim puts the search into the page as JSON (the script element
 * "nim-data"), written by src/trace/nim-trace-explore.c:
 *
 *   command, spec, player, kind ("minimax", "negamax", "alpha-beta",
 *   "pns", "mcts"), rules, misere, root, tree (a textbook game tree),
 *   exact {method, solver}, depth, limit, counts {searched, shown, below,
 *   left_out}, result {move, value, proven}, nodes [{parent, ply,
 *   iteration, move, position, path, moves, exact, grundy, added, id,
 *   leaf, entered}], events [{type, node, ...}], and for Monte-Carlo tree
 *   search mcts {c, solver, max_ply}
 *
 * An event is one step.  Its type names a handler in KINDS below, which
 * applies it to the model (through set(), which remembers what it
 * changed, so that a step back undoes exactly that step), says in one
 * sentence what the search does and why, and may ask a quiz question.
 * A type the page does not know is shown as a step that changes
 * nothing, so that data from a newer nim still opens; a new kind of
 * search adds its handlers to KINDS (window.NimExplore.kinds).  What a
 * node shows beside its value comes from its "info" (name -> text),
 * which any handler may set (proof numbers).  Monte-Carlo tree search
 * reports iterations, not nodes: its steps (select, expand, playout,
 * backup) and their data are described at the top of
 * src/trace/nim-trace-explore.c; its positions carry visits and wins, and
 * a value once MCTS-Solver proves them.
 *
 * On a game tree (--tree, --random-tree) a position is named by its path
 * (the child numbers from the root, "2.1"), a move by the path of the
 * child it leads to, and a leaf has its value for MAX ("leaf"); when the
 * whole tree fits the page, its nodes the search never entered follow
 * the others ("entered": false), and the page draws them from the start.
 *
 * The page draws a small search as a node-link tree and a large one as
 * an outline, a row a position, of which only the rows on screen are
 * drawn; a button switches between the two.  The drawing is a function
 * of the model and of the reader's folds alone: stepping back and
 * forward again draws the same page. */

(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("nim-data").textContent);
  var $ = function (id) {
    return document.getElementById(id);
  };
  var SVG = "http://www.w3.org/2000/svg";
  var ROW = 24; /* pixels a row */
  var INDENT = 22; /* pixels a ply */
  /* The tree is drawn for type of 17 pixels (ROW, INDENT and the CSS's
     sizes in the SVG) and scaled to the page's type, which grows with the
     window (explore.css): the same tree reads from the back of a room
     on a projector of 1920 pixels as on a laptop. */
  var zoom = 1;

  /* ------------------------------------------------------------------
     Words */

  function plural(n, one, many) {
    return n + " " + (n === 1 ? one : many);
  }

  /* A value or a proof number; "inf-N", a threshold of proof-number
     search made from an infinite one, is infinity less N. */
  function num(v) {
    if (v === "inf") return "\u221e";
    if (v === "-inf") return "\u2212\u221e";
    var near = /^inf-(\d+)$/.exec(v);
    if (near) return "\u221e \u2212 " + near[1];
    return typeof v === "number" && v < 0 ? "\u2212" + -v : String(v);
  }

  /* A value as a number, the ends of a window as infinities. */
  function val(v) {
    if (v === "inf") return Infinity;
    if (v === "-inf") return -Infinity;
    return v;
  }

  var isTree = !!data.tree;

  /* "h2-1" -> "take 1 from heap 2"; a split names the heaps it leaves;
     on a game tree "2.1" -> "child 1". */
  function moveWords(m) {
    if (isTree) return "child " + String(m).split(".").pop();
    var r = /^h(\d+)-(\d+)(?:=(\d+)\+(\d+))?$/.exec(m || "");
    if (!r) return m;
    var s = "take " + r[2] + " from heap " + r[1];
    if (r[3] !== undefined)
      s += " and split what is left into " + r[3] + " and " + r[4];
    return s;
  }

  function list(items) {
    if (items.length <= 1) return items.join("");
    return items.slice(0, -1).join(", ") + " and " + items[items.length - 1];
  }

  var kind = data.kind || "negamax";
  var minimax = kind === "minimax";
  var alphaBeta = kind === "alpha-beta";
  var pns = kind === "pns";
  var mcts = kind === "mcts";
  var rootPlayer = data.player || 1;

  /* A position as the sentences name it: its heaps, or on a game tree
     its path ("the root" for the root's). */
  function posName(n) {
    if (isTree) return n.parent < 0 ? "the root" : n.position;
    return n.position;
  }

  /* The same at the start of a sentence. */
  function PosName(n) {
    var s = posName(n);
    return s.charAt(0).toUpperCase() + s.slice(1);
  }

  /* A node and how the search got there: "1,2, after h2-1 (take 1 from
     heap 2)", or on a game tree "1.2, child 2 of 1". */
  function arrival(n) {
    if (isTree)
      return posName(n) + ", " + moveWords(n.move) + " of " + posName(nodes[n.parent]);
    return n.position + ", after " + n.move + " (" + moveWords(n.move) + ")";
  }

  /* Who moves at a node, as the search sees it. */
  function who(n) {
    if (isTree) return n.ply % 2 === 0 ? "MAX" : "MIN";
    var p = n.ply % 2 === 0 ? rootPlayer : 3 - rootPlayer;
    if (minimax) return (n.ply % 2 === 0 ? "Max" : "Min") + " (player " + p + ")";
    return "player " + p;
  }

  /* The value the search returned, in words. */
  function valueWords(v, n) {
    var x = val(v);
    if (isTree) {
      if (minimax) return num(v) + " for MAX";
      return num(v) + " for " + (n && n.ply % 2 === 1 ? "MIN" : "MAX") + ", the player to move there";
    }
    if (minimax) {
      if (x > 0) return num(v) + ", a win for Max";
      if (x < 0) return num(v) + ", a loss for Max";
      return "0, unknown";
    }
    if (x > 0) return num(v) + ", a win for the player to move";
    if (x < 0) return num(v) + ", a loss for the player to move";
    return "0, unknown";
  }

  /* The exact value as the search writes its values: minimax for Max,
     the others for the player to move. */
  function exactAsSearch(n) {
    if (n.exact === undefined) return undefined;
    return minimax && n.ply % 2 === 1 ? -n.exact : n.exact;
  }

  /* Why theory gives the node its exact value. */
  function theoryWords(n) {
    var m = (data.exact || {}).method;
    if (n.exact === undefined)
      return "The exact solver ran out of budget on this position.";
    if (isTree) {
      if (n.leaf !== undefined)
        return posName(n) + " is a leaf: its value is " + num(n.leaf) + " for MAX.";
      return "A full search of the subtree of " + posName(n) + " (" +
        ((data.exact || {}).solver || "negamax") + ") gives " + num(n.exact) + " for " + who(n) +
        ", the player to move there (" + num(n.ply % 2 ? -n.exact : n.exact) + " for MAX).";
    }
    var heaps = n.position.split(",").map(Number);
    var wins = n.exact > 0;
    var verdict = wins ? "the player to move wins" : "the player to move loses";
    var xor = function (a) {
      return a.reduce(function (x, y) {
        return x ^ y;
      }, 0);
    };
    if (m === "nim-sum") {
      var s = xor(heaps);
      return "Nim-sum " + heaps.join(" \u2295 ") + " = " + s + (s ? " \u2260 0" : "") +
        ", so " + verdict + " (Bouton).";
    }
    if (m === "grundy" && n.grundy) {
      var g = xor(n.grundy);
      return "Grundy values " + heaps.map(function (h, i) {
        return "G(" + h + ")=" + n.grundy[i];
      }).join(", ") + "; " + n.grundy.join(" \u2295 ") + " = " + g +
        (g ? " \u2260 0" : "") + ", so " + verdict + " (Sprague-Grundy).";
    }
    if (m === "misere-nim") {
      var big = heaps.some(function (h) {
        return h >= 2;
      });
      if (big)
        return "Mis\u00e8re Nim with a heap of 2 or more plays as normal Nim: nim-sum " +
          xor(heaps) + ", so " + verdict + ".";
      var ones = heaps.filter(function (h) {
        return h === 1;
      }).length;
      return "Mis\u00e8re Nim with heaps of at most 1: " + plural(ones, "heap", "heaps") +
        " of 1, " + (ones % 2 ? "odd" : "even") + ", so " + verdict + ".";
    }
    if (m === "misere-one-heap")
      return "One heap under mis\u00e8re play: the table of its outcomes says " + verdict + ".";
    return "The exact solver (" + ((data.exact || {}).solver || "a full search") +
      ") proves that " + verdict + ".";
  }

  /* ------------------------------------------------------------------
     The model: nodes with what the steps so far revealed, and the
     undo records of the steps */

  var nodes = (data.nodes || []).map(function (d, i) {
    return {
      id: i,
      parent: d.parent,
      ply: d.ply,
      iteration: d.iteration || 0,
      move: d.move || null,
      position: d.position,
      path: d.path !== undefined ? d.path : null,
      moves: d.moves,
      exact: d.exact,
      grundy: d.grundy,
      leaf: d.leaf,
      entered: d.entered !== false,
      children: [],
      /* revealed by the steps */
      seen: false,
      alpha: undefined,
      beta: undefined,
      value: undefined,
      flags: null,
      pruned: null,
      prunedNumbers: null,
      prunedTotal: 0,
      cut: false,
      below: 0,
      hidden: 0,
      trying: null,
      table: null,
      info: {},
      /* Monte-Carlo tree search */
      added: d.added || 0,
      visits: 0,
      wins: 0,
      uct: undefined
    };
  });
  nodes.forEach(function (n) {
    if (n.parent >= 0) nodes[n.parent].children.push(n.id);
  });
  /* A game tree's children in their order, those never entered among
     them. */
  if (isTree)
    nodes.forEach(function (n) {
      n.children.sort(function (a, b) {
        return childNumber(nodes[a]) - childNumber(nodes[b]);
      });
    });
  var roots = nodes.filter(function (n) {
    return n.parent < 0;
  });
  /* The page opens on the root: the first search starts there. */
  if (roots.length) roots[0].seen = true;
  var events = data.events || [];
  var state = { step: 0, current: -1, iteration: 0, over: false, scored: [], playout: null,
    updated: null };
  var undo = []; /* per step: [object, key, old value, had key] */
  var recording = null;
  var dirty = new Set();

  function childNumber(n) {
    return n.path ? Number(n.path.split(".").pop()) : 0;
  }

  /* Changes a field of the model, remembered for the step back. */
  function set(obj, key, value) {
    recording.push([obj, key, obj[key], Object.prototype.hasOwnProperty.call(obj, key)]);
    obj[key] = value;
    if (obj.id !== undefined) dirty.add(obj.id);
  }

  function setInfo(n, key, text) {
    var info = Object.assign({}, n.info);
    if (text === undefined) delete info[key];
    else info[key] = text;
    set(n, "info", info);
  }

  /* The node's children searched so far, and what each returned. */
  function doneChildren(n) {
    return n.children.map(function (c) {
      return nodes[c];
    }).filter(function (c) {
      return c.seen && c.value !== undefined;
    });
  }

  /* The leave event of @i's node that follows event @i. */
  var leaveAfter = new Array(events.length);
  (function () {
    var pending = {};
    for (var i = events.length - 1; i >= 0; i--) {
      var e = events[i];
      if (e.node === undefined) continue;
      if (e.type === "leave") pending[e.node] = i;
      leaveAfter[i] = pending[e.node];
    }
  })();

  function flagged(e, name) {
    return !!(e.flags && e.flags.indexOf(name) >= 0);
  }

  function settledByTable(e) {
    return flagged(e, "tt-exact") || flagged(e, "tt-lower") || flagged(e, "tt-upper") ||
      flagged(e, "etc");
  }

  function boundWords(b, v) {
    if (b === "lower") return "at least " + num(v);
    if (b === "upper") return "at most " + num(v);
    return "exactly " + num(v);
  }

  function depthWords(d) {
    return d === "proven" ? "proven, so good at any depth" :
      "searched " + plural(d, "ply", "plies") + " deep";
  }

  /* What alpha-beta's value @v of @n says of the exact value: with the
     window it had, a value at or above beta is a lower bound (the
     search stopped early), one at or below alpha an upper bound, one
     inside the window exact. */
  function boundOf(n, v) {
    /* A leaf's value is its own whatever the window. */
    if (!alphaBeta || n.alpha === undefined || !n.children.length) return "exact";
    if (val(v) >= val(n.beta)) return "lower";
    if (val(v) <= val(n.alpha)) return "upper";
    return "exact";
  }

  /* Agreement with theory, after a node returned. */
  function agreement(n, v) {
    var e = exactAsSearch(n);
    if (e === undefined) return "";
    if (isTree) {
      var b = boundOf(n, v);
      var x = val(v);
      if (b === "exact")
        return x === e ? " The full search agrees: " + num(e) + "." :
          " The full search disagrees: " + theoryWords(n);
      if (x === e)
        return " A value " + (b === "lower" ? "at or above β is only a lower bound" :
          "at or below α is only an upper bound") + "; here it is the exact value too, as the full " +
          "search finds.";
      if (b === "lower")
        return x < e ? " A value at or above β is only a lower bound: the exact value is " +
          num(e) + ", more than " + num(v) + "." : " The full search disagrees: " + theoryWords(n);
      return x > e ? " A value at or below α is only an upper bound: the exact value is " + num(e) +
        ", less than " + num(v) + "." : " The full search disagrees: " + theoryWords(n);
    }
    if (val(v) === 0) return "";
    return Math.sign(val(v)) === Math.sign(e) ? " Theory agrees." :
      " Theory disagrees: " + theoryWords(n);
  }

  /* Whether the exact value of @n agrees with the value @v it returned
     (on a game tree, as the bound alpha-beta's value is). */
  function agrees(n, v) {
    var e = exactAsSearch(n);
    if (e === undefined || v === undefined) return true;
    var x = val(v);
    if (isTree) {
      var b = boundOf(n, v);
      return b === "exact" ? x === e : b === "lower" ? x <= e : x >= e;
    }
    return x === 0 || Math.sign(x) === Math.sign(e);
  }

  /* The store event, before event @i, of the entry a probe of @n found:
     the last store of the same heaps in any order (the table's key
     ignores their order). */
  function storeBefore(n, i) {
    var key = sortedHeaps(n.position);
    for (var k = i - 1; k >= 0; k--) {
      var e = events[k];
      if (e.type === "store" && sortedHeaps(nodes[e.node].position) === key) return k;
    }
    return -1;
  }

  function sortedHeaps(position) {
    return String(position).split(",").map(Number).sort(function (a, b) {
      return a - b;
    }).join(",");
  }

  /* ------------------------------------------------------------------
     What each kind of event does, says and asks */

  /* Why a node's move comes now, by the "why" of its try event. */
  function tryWords(e, n) {
    if (isTree)
      return e.why === "reversed" ?
        "the children are tried the other way round, the last first (moves=reversed)" :
        "the children are tried in the order given";
    return {
      generator: minimax ? "minimax tries every move, heap by heap, the smallest count first" :
        n.ply === 0 ? "the root tries its moves heap by heap, the smallest count first, so that of moves worth the same the first is played" :
        "next in the generator's order: heap by heap, the smallest count first",
      reversed: "next in the generator's order backwards (moves=reversed): the last heap first, the largest count first",
      ordered: "next in negamax's order below the root: heap by heap, the largest count first, which leaves little and ends games sooner",
      table: "the table's best move for this position goes first: it was the best when the position was searched before",
      killer: "a killer move: it refuted a sibling position at this depth, so it is tried early",
      deferred: "it was put off to the end, as the table proves that it loses",
      "most-proving": "it is the most-proving child: its disproof number is the smallest, " +
        "so it is the quickest way to prove this position won",
      "first-win": "the position is proven won, but by a later move; every player plays the first " +
        "winning move in heap order, the smallest count first, so the moves before it are searched " +
        "in that order until one wins"
    }[e.why] || e.why;
  }

  /* What becomes of the table's move @m at the probe event @i of @n: it
     is tried first, or put off (the table now proves that it loses), or
     not tried first because ordering is off. */
  function tableMoveWords(n, m, i) {
    var end = leaveAfter[i] !== undefined ? leaveAfter[i] : events.length;
    var first = null;
    var later = null;
    for (var k = i + 1; k < end; k++) {
      var e = events[k];
      if (e.type !== "try" || e.node !== n.id) continue;
      if (first === null) first = e;
      if (e.move === m) {
        later = e;
        break;
      }
    }
    if (first && first.move === m && first.why === "table")
      return "; its best move then, " + m + ", is tried first.";
    if (/(^|[:,])order=off(,|$)/.test(data.spec))
      return "; its best move then was " + m + ", but with order=off the moves come in their usual order.";
    var s = "; its best move then was " + m + ", but the table now proves that it loses (it leads to a " +
      "position won for the opponent), so it is put off to the end of the moves";
    if (later && later.why === "deferred")
      return s + ", where it comes at step " + (events.indexOf(later) + 1) + ".";
    return s + (later ? "." : ", and the search ends before it.");
  }

  var KINDS = {
    iteration: {
      apply: function (e) {
        set(state, "iteration", e.depth);
        set(state, "current", -1);
      },
      say: function (e) {
        return "Iterative deepening begins iteration " + e.depth +
          ": the search starts again at the root, " + plural(e.depth, "ply", "plies") +
          " deep this time; what the earlier iterations stored in the table orders its moves.";
      }
    },

    enter: {
      apply: function (e) {
        var n = nodes[e.node];
        set(n, "seen", true);
        if (e.alpha !== undefined) {
          set(n, "alpha", e.alpha);
          set(n, "beta", e.beta);
        }
        if (n.parent >= 0) set(nodes[n.parent], "trying", null);
        set(state, "current", n.id);
      },
      say: function (e) {
        var n = nodes[e.node];
        var s;
        if (n.parent < 0)
          s = "Start at the root" + (isTree ? "" : ", " + n.position) + ": " + who(n) + " is to move" +
            (n.iteration ? " (iteration " + n.iteration + ")" : "");
        else
          s = "Enter " + arrival(n) + ": " + who(n) + " is to move";
        if (e.alpha !== undefined) {
          s += ", with the window [\u03b1, \u03b2] = [" + num(e.alpha) + ", " + num(e.beta) + "]";
          if (n.parent >= 0)
            s += ": its parent's window is now [" + num(negate(e.beta)) + ", " +
              num(negate(e.alpha)) + "], and a child sees it from the other side, [\u2212\u03b2, \u2212\u03b1]";
          else
            s += ": values outside it no longer matter";
        }
        /* A tree's leaf has no move to choose from, whoever is to move. */
        if (minimax && isTree && n.leaf !== undefined)
          s += ", but it is a leaf: there is no move to choose";
        else if (minimax)
          s += n.ply % 2 === 0 ? "; " + (isTree ? "MAX" : "Max") + " will take the largest value of the moves" :
            "; " + (isTree ? "MIN" : "Min") + " will take the smallest value of the moves";
        else if (isTree && n.parent < 0)
          s += "; negamax returns each node's value for the player to move there (MAX's at MAX, " +
            "its negation at MIN), the largest of its children's values, each negated";
        return s + ".";
      },
      ask: function (e) {
        var n = nodes[e.node];
        if (e.alpha === undefined || n.parent < 0) return null;
        /* In Nim every window is from a loss to a win, [-1, 1], and says
           nothing; a tree's vary. */
        if (!isTree && val(e.alpha) === -1 && val(e.beta) === 1) return null;
        return {
          text: "Which window [\u03b1, \u03b2] does the search pass down to " + arrival(n) +
            "? Type inf for infinity.",
          fields: [
            { label: "\u03b1", answer: e.alpha },
            { label: "\u03b2", answer: e.beta }
          ]
        };
      }
    },

    "try": {
      apply: function (e) {
        set(nodes[e.node], "trying", e.move);
        set(state, "current", e.node);
      },
      say: function (e) {
        var n = nodes[e.node];
        return "At " + posName(n) + ", " + who(n) + " tries " + e.move + " (" +
          moveWords(e.move) + "): " + tryWords(e, n) + ".";
      }
    },

    probe: {
      apply: function (e) {
        var n = nodes[e.node];
        set(n, "table", e);
        set(state, "current", n.id);
      },
      say: function (e, i) {
        var n = nodes[e.node];
        if (!e.found)
          return "Ask the table about " + n.position +
            ": it does not know the position, so its moves are searched.";
        var leave = events[leaveAfter[i]];
        if (e.losses)
          return "The table's index of lost positions (the positions it has proven lost for the player " +
            "to move, kept apart so that a move to one is found in one look-up) knows that " + e.move + " (" +
            moveWords(e.move) + ") leaves a position lost for the opponent: " + n.position +
            " is won without searching a move (the enhanced transposition cutoff).";
        var s = "The table knows " + n.position + ": its value is " + boundWords(e.bound, e.value) +
          ", " + depthWords(e.depth) + ".";
        var from = storeBefore(n, i);
        if (from >= 0 && nodes[events[from].node].position !== n.position)
          s += " The table's key ignores the order of the heaps, so the entry stored for " +
            nodes[events[from].node].position + " at step " + (from + 1) +
            ", the same heaps in another order, answers for " + n.position +
            (e.move ? " (its move, " + e.move + ", is that move on these heaps)" : "") + ".";
        if (leave && settledByTable(leave))
          return s + " That settles it: none of its moves needs searching.";
        return s + " That is not enough to settle it (searched too shallow, or a bound " +
          "the window does not allow to stop on)" + (e.move ? tableMoveWords(n, e.move, i) : ".");
      }
    },

    store: {
      apply: function (e) {
        setInfo(nodes[e.node], "stored", "stored");
        set(state, "current", e.node);
      },
      say: function (e) {
        var n = nodes[e.node];
        return "Store " + n.position + " in the table: " + boundWords(e.bound, e.value) +
          ", " + depthWords(e.depth) + (e.move ? ", best move " + e.move : "") +
          ". A later visit to this position, by any order of moves, finds it there, and so does a " +
          "visit to the same heaps in another order: the table's key ignores the order of the heaps.";
      }
    },

    numbers: {
      apply: function (e) {
        var n = nodes[e.node];
        setInfo(n, "numbers", "pn " + num(e.pn) + " dn " + num(e.dn));
        set(state, "current", n.id);
      },
      say: function (e) {
        var n = nodes[e.node];
        var s = n.position + ": proof number " + num(e.pn) + ", disproof number " + num(e.dn);
        if (e.pn === 0) return s + ": proven, the player to move wins.";
        if (e.dn === 0) return s + ": disproven, the player to move loses.";
        return s + ". The proof number is the smallest disproof number of a child (one child " +
          "lost for the opponent is enough), the disproof number the sum of the children's " +
          "proof numbers (every child must be won for the opponent)" +
          (e.move ? "; the most-proving child is " + e.move : "") +
          ". The node is searched while pn < " + num(e.thpn) + " and dn < " + num(e.thdn) + ".";
      },
      ask: function (e) {
        var n = nodes[e.node];
        var kids = n.children.filter(function (c) {
          return nodes[c].seen && nodes[c].info.numbers;
        });
        if (!kids.length) return null;
        return {
          text: n.position + " has looked at its children; each row shows a child's numbers. What are " +
            "its proof number (the smallest disproof number of a child) and its disproof number (the sum " +
            "of the children's proof numbers)? Type inf for infinity.",
          fields: [
            { label: "pn", answer: e.pn },
            { label: "dn", answer: e.dn }
          ]
        };
      }
    },

    leave: {
      apply: function (e) {
        var n = nodes[e.node];
        set(n, "value", e.value);
        set(n, "flags", e.flags || []);
        set(n, "trying", null);
        if (e.pruned) {
          set(n, "pruned", e.pruned);
          set(n, "prunedNumbers", e.pruned_numbers || null);
          set(n, "prunedTotal", e.pruned_total || e.pruned.length);
          /* A game tree drawn whole: the children never entered are cut
             now, with all below them. */
          n.children.forEach(function (c) {
            if (!nodes[c].entered) cutBelow(nodes[c]);
          });
        }
        if (e.below) set(n, "below", e.below);
        if (e.hidden) set(n, "hidden", e.hidden);
        set(state, "current", n.id);
      },
      say: function (e) {
        var n = nodes[e.node];
        var v = e.value;
        var s;
        var pruned = e.pruned ? list(e.pruned) +
          (e.pruned_total > e.pruned.length ? " and " + (e.pruned_total - e.pruned.length) + " more" : "") : "";
        var kids = doneChildrenAt(e);
        if (flagged(e, "aborted"))
          return "The budget ran out inside " + posName(n) + ": the search stops without a value.";
        if (flagged(e, "end") && isTree)
          s = PosName(n) + " is a leaf: its value is " + num(n.leaf) + " for MAX" +
            (!minimax && n.ply % 2 === 1 ? ", so " + num(v) + " for MIN, the player to move there" : "") +
            ". It returns " + num(v) + ".";
        else if (flagged(e, "end"))
          s = n.position + " has no move left: the player to move has " +
            (data.misere ? "won, since under mis\u00e8re play whoever takes the last match loses" :
              "lost, since whoever takes the last match wins") + ". It returns " + valueWords(v) + ".";
        else if (flagged(e, "horizon"))
          s = n.position + " is at the depth limit: the search looks no deeper and returns " +
            (val(v) === 0 ? "0, unknown" : num(v) + ", the evaluation's estimate") + ".";
        else if (flagged(e, "etc"))
          s = n.position + " is won at once, by the table's index of lost positions: it returns " +
            valueWords(v) + ", and none of its moves is searched.";
        else if (settledByTable(e))
          s = "The table settled " + n.position + ": it returns " + valueWords(v) +
            ", and none of its " + plural(n.moves, "move", "moves") + " is searched.";
        else if (pns)
          s = n.position + " goes back to its parent with value " + valueWords(v) +
            (val(v) === 0 ? ": a threshold is reached, and the parent picks its most-proving child again" : "") + ".";
        else if (flagged(e, "cut"))
          s = cutWords(n, e, kids, pruned);
        else if (minimax)
          s = "Every move of " + posName(n) + " is searched: " + (n.ply % 2 === 0 ?
            (isTree ? "MAX" : "Max") + " takes the largest" : (isTree ? "MIN" : "Min") + " takes the smallest") +
            " of its children's values (" + kids.map(function (c) {
              return num(c.value);
            }).join(", ") + "), " + num(v) + ".";
        else
          s = "Every move of " + posName(n) + " is searched: it takes the largest of its children's values, " +
            "each negated, as a child's " + (isTree ? "value for the player to move there is the opposite here" :
              "win is a loss here") + ": max(" + kids.map(function (c) {
              return num(negate(c.value));
            }).join(", ") + ") = " + num(v) + ".";
        if (pruned && !flagged(e, "cut"))
          s += " Never searched: " + pruned + ".";
        if (e.below) s += " " + plural(e.below, "node was", "nodes were") +
          " searched below it, deeper than the page shows.";
        if (e.hidden) s += " " + plural(e.hidden, "child is", "children are") +
          " not shown: past the limit of " + data.limit + " nodes.";
        return s + agreement(n, v);
      },
      ask: function (e) {
        var n = nodes[e.node];
        if (flagged(e, "aborted")) return null;
        /* A tree's leaf shows its value: nothing to predict. */
        if (isTree && n.leaf !== undefined) return null;
        var q = {
          text: "What value does " + posName(n) + " return" +
            (minimax ? (isTree ? " (for MAX)?" : " (for Max)?") : " (for the player to move there)?"),
          fields: [{ label: "value", answer: e.value }]
        };
        if (flagged(e, "cut") && e.pruned) {
          var options = doneChildrenAt(e).map(function (c) {
            return c.move;
          }).concat(e.pruned);
          q.text = "The search of " + posName(n) + " stops here. What value does it return, " +
            "and which of its moves will never be searched?";
          q.fields.push({ label: "moves cut", moves: options, answer: e.pruned });
        }
        return q;
      }
    },

    end: {
      apply: function (e) {
        set(state, "over", true);
        set(state, "current", -1);
        if (mcts) {
          clearMarks(false);
          roots[0].children.forEach(function (id) {
            if (nodes[id].move === e.move) set(state, "current", id);
          });
        }
      },
      say: function (e) {
        if (mcts) return mctsEndWords(e);
        var v = val(e.value);
        if (isTree)
          return "The search is over after " + plural(e.nodes, "node", "nodes") + ": the root's value is " +
            (e.proven ? num(e.value) + " for MAX" : "not known (the budget ran out)") +
            (e.move ? ", and MAX plays " + e.move + " (" + moveWords(e.move) + ")" : "") + ".";
        return "The search is over after " + plural(e.nodes, "node", "nodes") + ": " +
          (!e.proven ? "its value is not proven" : v > 0 ? "a proven win" : "a proven loss") +
          (e.move ? ". Player " + rootPlayer + " plays " + e.move + " (" + moveWords(e.move) + ")." : ".");
      }
    }
  };

  /* Marks a game tree's node never entered, and its subtree, as cut. */
  function cutBelow(n) {
    set(n, "cut", true);
    n.children.forEach(function (c) {
      cutBelow(nodes[c]);
    });
  }

  /* The sentence of an alpha-beta cutoff at @n, whose last child searched
     is the last of @kids; @pruned names the moves left. */
  function cutWords(n, e, kids, pruned) {
    var last = kids[kids.length - 1];
    var worth = last ? num(negate(last.value)) : num(e.value);
    var none = e.pruned_total === undefined || e.pruned_total === 0;
    var rest = none ?
      (last ? last.move + " was " + posName(n) + "'s last move, so no move is left to prune" :
        "no move is left to prune") :
      pruned + (e.pruned_total === 1 ? " is" : " are") + " never searched";
    if (n.parent < 0)
      return "At the root, " + (last ? last.move + " is worth " + worth + ", which reaches " : "the value reaches ") +
        "\u03b2 = " + num(n.beta) + ", the top of the root's window: no other move can be better, so the search " +
        "stops" + (none ? "; " + rest : ", and " + rest) + ". The root returns " + num(e.value) + ".";
    var before = who(nodes[n.parent]);
    return "After " + (last ? last.move : "its moves") + ", worth " + worth + " here, which is at least \u03b2 = " +
      num(n.beta) + ": " + who(n) + " gets at least " + num(e.value) + " at " + posName(n) + ", so " + before +
      ", who moves before it, would get at most " + num(negate(e.value)) + " there, " +
      (val(e.value) === val(n.beta) ? "no more than" : "less than") + " the " + num(negate(n.beta)) +
      " it already has from an earlier move, so nothing at " + posName(n) + " can change " + before +
      "'s choice. The search cuts off" +
      (none ? "; " + rest : ", and " + rest) + ". It returns " + num(e.value) + ".";
  }

  function negate(v) {
    if (v === "inf") return "-inf";
    if (v === "-inf") return "inf";
    return -v;
  }

  /* The children of @e's node that returned before event @e. */
  function doneChildrenAt(e) {
    return doneChildren(nodes[e.node]);
  }
  /* ------------------------------------------------------------------
     Monte-Carlo tree search: an iteration is its steps, select (a ply
     each), expand, playout and backup; the tree's positions carry their
     visits and wins, and a value once MCTS-Solver proves them */

  var setup = data.mcts || { c: Math.SQRT2, solver: true };

  /* The number of the player to move at a node, and of the one who moved
     there. */
  function playerAt(n) {
    return n.ply % 2 === 0 ? rootPlayer : 3 - rootPlayer;
  }

  function moverOf(n) {
    return 3 - playerAt(n);
  }

  function fixed(x) {
    return typeof x === "number" ? x.toFixed(2) : num(x);
  }

  /* A UCT score: three decimals, as near scores are common. */
  function score(x) {
    return x === Infinity ? "\u221e" : x.toFixed(3);
  }

  /* "3/5 (0.60)": wins for the player who moved there, of the visits. */
  function statText(n) {
    if (n.parent < 0) return plural(n.visits, "visit", "visits");
    if (!n.visits) return "no visit yet";
    return n.wins + "/" + n.visits + " (" + fixed(n.wins / n.visits) + ")";
  }

  /* What selection saw of a child: its score, or its proof. */
  function uctText(u) {
    if (u.proven === undefined) return "UCT " + score(val(u.uct));
    var c = nodes[u.node];
    return u.proven > 0 ? "skipped: proven to lose for player " + moverOf(c) + ", who would make it" :
      "taken: proven to win for player " + moverOf(c) + ", who makes it";
  }

  /* The transient marks of the step before: the scores selection
     compared, the playout, the positions a backup changed. */
  function clearMarks(keepPlayout) {
    state.scored.forEach(function (id) {
      set(nodes[id], "uct", undefined);
    });
    if (state.scored.length) set(state, "scored", []);
    if (!keepPlayout && state.playout) set(state, "playout", null);
    if (state.updated) set(state, "updated", null);
    if (!roots[0].seen) set(roots[0], "seen", true);
  }

  function nodeWords(n) {
    return n.parent < 0 ? "the root, " + n.position : n.move + " \u2192 " + n.position;
  }

  function firstOfIteration(i) {
    return i === 0 || events[i - 1].iteration !== events[i].iteration;
  }

  /* The start of an iteration's first step. */
  function iterationStart(e, i) {
    if (!firstOfIteration(i)) return "";
    return "Iteration " + e.iteration + " begins at the root, " + roots[0].position +
      " (" + who(roots[0]) + " to move). ";
  }

  /* Who takes the last match of a playout of @plies moves from @n, and
     what that means. */
  function lastMatchWords(n, plies, winner) {
    var taker = plies % 2 === 1 ? playerAt(n) : moverOf(n);
    return data.misere ?
      "Player " + taker + " took the last match and so loses (mis\u00e8re play): player " + winner + " wins." :
      "Player " + taker + " took the last match and wins.";
  }

  /* Why selection skips or takes a child MCTS-Solver has proven. */
  function provenWords(u) {
    var n = nodes[u.node];
    return u.proven > 0 ?
      "MCTS-Solver has proven that " + n.move + " loses for player " + moverOf(n) + " (" + n.position +
        " is won for player " + playerAt(n) + "), so selection never takes it." :
      "MCTS-Solver has proven that " + n.move + " wins (" + n.position + " is lost for player " +
        playerAt(n) + "), so selection takes it at once.";
  }

  /* How one child scored: its mean plus the exploration bonus. */
  function scoreWords(p, u) {
    var n = nodes[u.node];
    if (val(u.uct) === Infinity) return n.move + " has no visit yet: its score is infinite";
    return n.move + " (" + n.wins + "/" + n.visits + ") " + fixed(n.wins / n.visits) + " + " +
      fixed(setup.c) + "\u00b7\u221a(ln " + p.visits + " / " + n.visits + ") = " + score(val(u.uct));
  }

  var MCTS_KINDS = {
    select: {
      apply: function (e) {
        clearMarks(false);
        e.children.forEach(function (u) {
          set(nodes[u.node], "uct", u);
        });
        set(state, "scored", e.children.map(function (u) {
          return u.node;
        }));
        set(state, "current", e.chosen);
      },
      say: function (e, i) {
        var p = nodes[e.node];
        var c = nodes[e.chosen];
        var scored = e.children.filter(function (u) {
          return u.proven === undefined;
        }).sort(function (a, b) {
          return val(b.uct) - val(a.uct);
        });
        var proven = e.children.filter(function (u) {
          return u.proven !== undefined;
        });
        var s = iterationStart(e, i) + (firstOfIteration(i) ? "Selection: " :
          "Selection goes on at " + nodeWords(p) + " (" + who(p) + " to move): ") +
          (p.moves === 1 ? "the only move" : "all " + p.moves + " moves") + " of " + p.position +
          (p.moves === 1 ? " is" : " are") + " in the tree, so selection takes the largest UCT score, " +
          "mean + c\u00b7\u221a(ln N / n) with c = " + fixed(setup.c) + " and N = " + p.visits +
          " visits here (the mean: the share of the move's iterations that player " + playerAt(p) +
          ", who makes it, won)";
        var shown = scored.slice(0, 4).map(function (u) {
          return scoreWords(p, u);
        });
        if (scored.length > 4)
          shown.push("the other " + (scored.length - 4) + " score less");
        if (shown.length) s += ": " + shown.join("; ");
        s += ".";
        proven.forEach(function (u) {
          s += " " + provenWords(u);
        });
        var mine = e.children.filter(function (u) {
          return u.node === e.chosen;
        })[0];
        if (mine && mine.proven === undefined) {
          var ties = scored.filter(function (u) {
            return u.node !== e.chosen && val(u.uct) === val(mine.uct);
          });
          if (ties.length)
            s += " " + list([c.move].concat(ties.map(function (u) {
              return nodes[u.node].move;
            }))) + " tie at " + score(val(mine.uct)) +
              "; of equal scores selection takes the move added to the tree last, " + c.move + ".";
        }
        return s + " Selection goes down " + c.move + " (" + moveWords(c.move) + ") to " + c.position + ".";
      },
      ask: function (e) {
        var p = nodes[e.node];
        var open = e.children.filter(function (u) {
          return u.proven === undefined;
        });
        if (open.length < 2) return null;
        return {
          text: "Selection at " + nodeWords(p) + ", " + p.visits + " visits: which move will it go down? " +
            "Each row shows wins/visits; the score is the mean plus " + fixed(setup.c) +
            "\u00b7\u221a(ln " + p.visits + " / visits).",
          fields: [{
            label: "move",
            /* In the order of the rows, the first added first. */
            choice: e.children.map(function (u) {
              return nodes[u.node].move;
            }).reverse(),
            answer: nodes[e.chosen].move
          }]
        };
      }
    },

    expand: {
      apply: function (e) {
        clearMarks(false);
        set(nodes[e.node], "seen", true);
        set(state, "current", e.node);
      },
      say: function (e, i) {
        var n = nodes[e.node];
        var p = nodes[n.parent];
        var before = p.children.filter(function (c) {
          return nodes[c].seen && c !== n.id;
        }).length;
        var s = iterationStart(e, i) + (firstOfIteration(i) ?
          "Not all of its moves are in the tree yet, so selection stops there at once. " :
          "Selection stops at " + p.position + ": it still has untried moves. ");
        s += "Expansion: " + (p.moves === 1 ? "the only move of " + p.position + " is not in the tree yet" :
          before === 0 ? "none of the " + p.moves + " moves of " + p.position + " is in the tree yet" :
            before + " of the " + p.moves + " moves of " + p.position + (before === 1 ? " is" : " are") +
            " in the tree") + "; the iteration adds " + n.move + " (" +
          moveWords(n.move) + "), which leads to " + n.position + ", " + who(n) + " to move, with no visit " +
          "yet (untried moves are added in a random order).";
        if (n.moves === 0)
          s += " " + n.position + " ends the game" + (setup.solver ?
            ", so MCTS-Solver marks it proven: " + valueWords(data.misere ? 1 : -1) + "." : ".");
        return s;
      }
    },

    playout: {
      apply: function (e) {
        clearMarks(false);
        set(state, "playout", e);
        set(state, "current", e.node);
      },
      say: function (e, i) {
        var n = nodes[e.node];
        var s = iterationStart(e, i);
        if (!(i > 0 && events[i - 1].type === "expand" && events[i - 1].iteration === e.iteration)) {
          s += "Selection stops at " + nodeWords(n) + ": ";
          if (e.why === "end") s += "it ends the game. ";
          else if (e.why === "proven") s += "MCTS-Solver has proven it. ";
          else if (e.stop === "depth")
            s += "the tree may grow only " + plural(setup.max_ply, "ply", "plies") + " deep (depth=), so " +
              "nothing is added. ";
          else s += "the tree is full (the budget allows no more positions), so nothing is added. ";
        }
        if (e.why === "end")
          return s + "No playout: at " + n.position + " player " + playerAt(n) + " cannot move and has " +
            (data.misere ? "won, since whoever takes the last match loses" :
              "lost, since whoever takes the last match wins") +
            ": player " + e.winner + " wins the iteration.";
        if (e.why === "proven")
          return s + "No playout: " + n.position + " is proven " + (e.result > 0 ? "won" : "lost") +
            " for player " + playerAt(n) + ", the player to move there, so the iteration counts a win for player " +
            e.winner + " without playing.";
        var moves = e.moves.map(function (m, k) {
          return m + " (player " + (k % 2 === 0 ? playerAt(n) : moverOf(n)) + ")";
        });
        if (e.plies > e.moves.length) moves.push("and " + (e.plies - e.moves.length) + " more");
        return s + "Playout from " + n.position + ": " + plural(e.plies, "random move", "random moves") +
          " to the end of the game, " + moves.join(", ") + ". " + lastMatchWords(n, e.plies, e.winner);
      }
    },

    backup: {
      apply: function (e) {
        clearMarks(true);
        /* What the sentence compares with: the same at every visit of
           the step, as the model before it is. */
        if (!e.before)
          e.before = e.path.map(function (id) {
            return { visits: nodes[id].visits, wins: nodes[id].wins, value: nodes[id].value };
          });
        e.path.forEach(function (id, k) {
          var n = nodes[id];
          var a = e.after[k];
          if (n.visits !== a.visits) set(n, "visits", a.visits);
          if (n.wins !== a.wins) set(n, "wins", a.wins);
          var v = a.proven !== 0 ? a.proven : undefined;
          if (n.value !== v) set(n, "value", v);
        });
        set(state, "updated", e.path.slice());
        set(state, "current", e.node);
      },
      say: function (e) {
        var rows = [];
        e.path.forEach(function (id, k) {
          var n = nodes[id];
          if (n.parent < 0) return;
          var won = e.after[k].wins > e.before[k].wins;
          rows.push(n.move + " \u2192 " + n.position + " " + e.after[k].wins + "/" + e.after[k].visits +
            (won ? " (a win for player " + moverOf(n) + ")" : ""));
        });
        var s = "Backup: player " + e.winner + " won this iteration. Each position on the path counts one " +
          "more visit, and a win where player " + e.winner + " made the move to it" +
          (rows.length ? ": " + rows.join(", ") : "") + "; the root has " +
          plural(e.after[0].visits, "visit", "visits") + ".";
        /* The proofs, from the end of the path up. */
        for (var k = e.path.length - 1; k >= 0; k--) {
          var n = nodes[e.path[k]];
          var v = e.after[k].proven;
          if (!v || e.before[k].value !== undefined) continue;
          if (n.moves === 0)
            s += " " + n.position + " ends the game: proven " + (v > 0 ? "won" : "lost") + " for player " +
              playerAt(n) + ".";
          else if (v > 0)
            s += " " + n.position + " is now proven won for player " + playerAt(n) + ": its move " +
              nodes[e.path[k + 1]].move + " leads to " + nodes[e.path[k + 1]].position +
              ", proven lost for player " + playerAt(nodes[e.path[k + 1]]) + ".";
          else
            s += " " + n.position + " is now proven lost for player " + playerAt(n) + ": all " +
              plural(n.moves, "move", "moves") + " are in the tree, and each leads to a position proven won " +
              "for player " + moverOf(n) + ".";
          s += agreement(n, v);
          if (n.parent < 0) s += " The root is proven, so the search stops.";
        }
        return s;
      },
      ask: function (e) {
        var fields = [];
        e.path.forEach(function (id, k) {
          var n = nodes[id];
          if (n.parent >= 0)
            fields.push({ label: n.move + " \u2192 " + n.position, fraction: true,
              answer: [e.after[k].wins, e.after[k].visits] });
        });
        if (!fields.length) return null;
        return {
          text: "Backup: player " + e.winner + " won this iteration. What are the wins/visits of each " +
            "position on the path after the backup? Type them as wins/visits, such as 2/3; each row " +
            "shows them before it.",
          fields: fields
        };
      }
    }
  };

  Object.keys(MCTS_KINDS).forEach(function (k) {
    KINDS[k] = MCTS_KINDS[k];
  });

  /* The end of a Monte-Carlo tree search: the move and the rule that
     chose it. */
  function mctsEndWords(e) {
    var c = data.counts || {};
    var chosen = roots[0].children.map(function (id) {
      return nodes[id];
    }).filter(function (n) {
      return n.move === e.move;
    })[0];
    var s = "The search is over after " + plural(c.searched, "iteration", "iterations") + " (" +
      plural(e.nodes, "node", "nodes") + ", the playouts' included)";
    if (c.left_out)
      s += "; the page shows the first " + c.shown + ", so the counts drawn are those after iteration " +
        c.shown;
    s += ". ";
    var play = e.move ? e.move + " (" + moveWords(e.move) + ")" : "nothing";
    if (!c.searched)
      s += "No iteration fit in the budget, so player " + rootPlayer + " plays the first move in heap order, " +
        play + ".";
    else if (e.proven && val(e.value) > 0)
      s += "MCTS-Solver has proven the root won, so player " + rootPlayer +
        " plays the first proven winning move in heap order, " + play + ".";
    else if (e.proven)
      s += "MCTS-Solver has proven the root lost: every move loses against best play. Player " + rootPlayer +
        " plays the move whose refutation took the most visits, " + play + ".";
    else
      s += "Nothing is proven" + (setup.solver ? "" : " (plain UCT proves nothing)") + ", so player " +
        rootPlayer + " plays the move with the most visits, " + play +
        (chosen && !c.left_out ? ", " + chosen.visits + " of " + roots[0].visits : "") +
        " (equal counts go to the first in heap order): an estimate from random games, not a proof.";
    if (chosen && chosen.exact !== undefined)
      s += chosen.exact < 0 ? " Theory agrees that the move wins: " + theoryWords(chosen) :
        " Theory says the move loses: " + theoryWords(chosen);
    return s;
  }

  var UNKNOWN = {
    apply: function () {},
    say: function (e) {
      return "The search reports a \u201c" + e.type + "\u201d, which this page does not show.";
    }
  };

  function handler(e) {
    return Object.prototype.hasOwnProperty.call(KINDS, e.type) ? KINDS[e.type] : UNKNOWN;
  }

  /* ------------------------------------------------------------------
     Stepping */

  function stepForward() {
    if (state.step >= events.length) return false;
    var e = events[state.step];
    recording = [];
    handler(e).apply(e);
    set(state, "step", state.step + 1);
    undo.push(recording);
    recording = null;
    return true;
  }

  function stepBack() {
    if (state.step <= 0) return false;
    var r = undo.pop();
    for (var i = r.length - 1; i >= 0; i--) {
      var obj = r[i][0];
      if (r[i][3]) obj[r[i][1]] = r[i][2];
      else delete obj[r[i][1]];
      if (obj.id !== undefined) dirty.add(obj.id);
    }
    return true;
  }

  function goTo(step) {
    step = Math.max(0, Math.min(events.length, step | 0));
    while (state.step < step) stepForward();
    while (state.step > step) stepBack();
  }


  /* ------------------------------------------------------------------
     Drawing: a small search as a node-link tree, a large one as an
     outline of which only the rows on screen are drawn */

  /* The most nodes drawn as a node-link tree: past it the tree would be
     wider than a projector shows, and the outline is the view. */
  var DRAW_MAX = 200;
  /* An outline of at most this many rows draws them all; a longer one
     only those on screen and a screenful either side, so that a page of
     100,000 nodes unfolds at once. */
  var FULL_ROWS = 400;
  /* The drawing's sizes, in the units of 17-pixel type (see zoom). */
  var LEVEL = 84; /* pixels a ply */
  var TOP = 34; /* the root's centre */

  var folded = new Set(); /* nodes the reader folded */
  var unfolded = new Set(); /* finished nodes the reader opened again */
  var selected = -1;
  var elements = new Map(); /* key -> its g element, in the view drawn */
  var edges = new Map();
  var charWidth = 9;
  var drawnNodes = 0; /* nodes the drawing would show at the end */
  var view = "outline";
  var outlineWidth = 400; /* the widest row drawn so far (outline) */

  function el(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  /* Sets an attribute (null: removes it) unless it already has that
     value: an unchanged page costs the browser nothing. */
  function attr(e, name, value) {
    var key = "nim-" + name;
    if (e[key] === value) return;
    e[key] = value;
    if (value === null) e.removeAttribute(name);
    else e.setAttribute(name, value);
  }

  function measure() {
    var t = el("text", { x: 0, y: -100 }, $("nodes"));
    t.textContent = "0123456789";
    var w = t.getComputedTextLength();
    if (w > 0) charWidth = w / 10;
    t.remove();
  }

  function isFolded(n) {
    if (folded.has(n.id)) return true;
    if (!$("auto-fold").checked || unfolded.has(n.id)) return false;
    /* Monte-Carlo tree search finishes nothing but what it proves: its
       subtrees off the path fold, and the root's moves stay in sight. */
    if (mcts) return n.children.length > 0 && !onLine(n);
    /* Finished, and not where the search is. */
    return n.value !== undefined && n.children.length > 0 && !onLine(n);
  }

  function onLine(n) {
    for (var c = state.current; c >= 0; c = nodes[c].parent)
      if (c === n.id) return true;
    return false;
  }

  function countUnder(n) {
    var k = 0;
    n.children.forEach(function (c) {
      if (nodes[c].seen) k += 1 + countUnder(nodes[c]);
    });
    return k;
  }

  /* A child the view shows: one the search entered; in the drawing of a
     game tree, every child. */
  function shows(c) {
    return c.seen || (isTree && view === "drawing");
  }

  /* A game tree's node alpha-beta never entered, once a cutoff pruned
     it, or the moves a node pruned: data-pruned. */
  function nodeClasses(n) {
    var c = ["node"];
    var v = n.value === undefined ? undefined : val(n.value);
    if (v !== undefined) c.push("done");
    if (v !== undefined && !isTree) {
      var mover = minimax && n.ply % 2 === 1 ? -v : v;
      if (mover > 0) c.push("win");
      else if (mover < 0) c.push("loss");
    }
    if (isTree && !n.seen) c.push(n.cut ? "cut" : "pending");
    if (n.flags && settledFlags(n)) c.push("settled");
    if (n.id === state.current) c.push("current");
    else if ((mcts || n.value === undefined) && n.seen && onLine(n)) c.push("path");
    if (n.uct !== undefined) c.push("scored");
    if (state.updated && state.updated.indexOf(n.id) >= 0) c.push("updated");
    if (n.id === selected) c.push("selected");
    return c.join(" ");
  }

  function settledFlags(n) {
    return (n.flags || []).some(function (f) {
      return f === "tt-exact" || f === "tt-lower" || f === "tt-upper" || f === "etc";
    });
  }

  /* The words a node shows for its value: "= 3", and under Monte-Carlo
     tree search whose value a proof is. */
  function valueText(n) {
    if (n.value === undefined) return null;
    if (mcts) return "= " + num(n.value) + " for P" + playerAt(n);
    return "= " + num(n.value);
  }

  /* What the row of a node says, as [class, text] pieces. */
  function pieces(n) {
    var p = [];
    var quiz = quizOn && n.value === undefined;
    var label = n.parent < 0 ? (n.iteration ? "iteration " + n.iteration + ": " : "root ") +
      (isTree ? "" : n.position) : isTree ? n.position : n.move + " \u2192 " + n.position;
    p.push(["label", label.trim()]);
    if (minimax || isTree) p.push(["side", n.ply % 2 === 0 ? "MAX" : "MIN"]);
    else if (mcts) p.push(["side", "P" + playerAt(n)]);
    else p.push(["side", n.ply % 2 === 0 ? "+" : "\u2212"]);
    if (isTree && n.leaf !== undefined) p.push(["leaf", "leaf " + num(n.leaf)]);
    if (n.alpha !== undefined) p.push(["window", "[" + num(n.alpha) + "," + num(n.beta) + "]"]);
    if (mcts) {
      p.push(["stats", statText(n)]);
      if (n.uct !== undefined) p.push(["uct", uctText(n.uct)]);
    }
    if (n.trying) p.push(["marks", "trying " + n.trying]);
    if (n.value !== undefined) {
      var v = val(n.value);
      p.push(["value " + (v > 0 ? "pos" : v < 0 ? "neg" : "zero"), valueText(n)]);
    }
    var e = exactAsSearch(n);
    if (e !== undefined && !quiz) {
      var dis = !agrees(n, n.value);
      /* Said in words too, not in red alone: colour-blind readers. */
      p.push(["exact" + (dis ? " disagree" : ""), "exact " + num(e) + (dis ? " (disagrees!)" : "")]);
    }
    var marks = [];
    (n.flags || []).forEach(function (f) {
      var w = { cut: "cut", "tt-exact": "table: exact", "tt-lower": "table: lower bound",
        "tt-upper": "table: upper bound", etc: "table: a child lost", "tt-hit": "table: not enough",
        end: isTree ? "leaf" : "end", horizon: "horizon", aborted: "budget spent" }[f];
      if (w && !(f === "tt-hit" && settledFlags(n))) marks.push(w);
    });
    for (var k in n.info) if (n.info[k]) marks.push(n.info[k]);
    if (mcts && n.moves === 0) marks.push("end");
    if (mcts && n.value !== undefined) marks.push("proven");
    if (n.below) marks.push("+" + n.below + " below");
    if (n.hidden) marks.push("+" + n.hidden + " not shown");
    if (isFolded(n)) {
      var under = countUnder(n);
      if (under) marks.push(under + " folded");
    }
    if (marks.length) p.push(["marks", marks.join(", ")]);
    return p;
  }

  /* The common attributes of a node's element, in either view. */
  function nodeAttributes(g, n) {
    attr(g, "class", nodeClasses(n));
    attr(g, "data-path", n.path !== null ? n.path : null);
    attr(g, "data-value", n.value !== undefined ? String(n.value) : null);
    attr(g, "data-exact", n.exact !== undefined && !(quizOn && n.value === undefined) ?
      String(n.exact) : null);
    attr(g, "data-pruned", isTree && n.cut ? "1" : null);
    attr(g, "aria-current", n.id === state.current ? "step" : null);
    if (mcts) {
      attr(g, "data-visits", String(n.visits));
      attr(g, "data-wins", String(n.wins));
    }
  }

  /* The shape of who moves: a triangle up where the player at the root
     (MAX) moves, down where the opponent (MIN) does; proof-number search
     a diamond, Monte-Carlo tree search a circle. */
  function marker(n, x, y, parent, size) {
    var s = size || 6;
    if (pns)
      return el("path", { "class": "marker", d: "M0," + -s + " L" + s + ",0 L0," + s + " L" + -s + ",0 Z",
        transform: "translate(" + x + "," + y + ")" }, parent);
    if (mcts)
      return el("circle", { "class": "marker", cx: x, cy: y, r: s }, parent);
    return el("path", { "class": "marker", d: n.ply % 2 === 0 ?
      "M" + -s + "," + s * 0.85 + " L" + s + "," + s * 0.85 + " L0," + -s + " Z" :
      "M" + -s + "," + -s * 0.85 + " L" + s + "," + -s * 0.85 + " L0," + s + " Z",
      transform: "translate(" + x + "," + y + ")" }, parent);
  }

  /* ---- The outline: a row a position, indented by its ply */

  /* The rows in order: each node shown, its children below it, then the
     moves it pruned; @at gets each node's row and @last each node's last
     child row (for the lines to rows off screen). */
  function rows(at, last) {
    var out = [];
    function walk(n) {
      var r = out.length;
      at[n.id] = r;
      if (n.parent >= 0 && at[n.parent] !== undefined) last[n.parent] = r;
      out.push({ node: n });
      if (state.playout && state.playout.node === n.id) {
        last[n.id] = out.length;
        out.push({ playout: n });
      }
      if (isFolded(n)) return;
      n.children.forEach(function (c) {
        if (nodes[c].seen) walk(nodes[c]);
      });
      if (n.pruned) {
        last[n.id] = out.length;
        out.push({ pruned: n });
      }
    }
    roots.forEach(function (r) {
      if (r.seen) walk(r);
    });
    return out;
  }

  function rowKey(r) {
    return r.node ? "n" + r.node.id : r.pruned ? "p" + r.pruned.id : "o";
  }

  function drawRow(r, y) {
    var key = rowKey(r);
    var g = elements.get(key);
    var n = r.node;
    if (n) {
      var x = 14 + n.ply * INDENT;
      if (!g) {
        g = el("g", { "data-node": n.id }, $("nodes"));
        g.nimBg = el("rect", { "class": "bg", x: 0, y: -ROW / 2, height: ROW, width: 10 }, g);
        el("text", { "class": "fold", x: x - 14, y: 5 }, g);
        marker(n, x, 0, g, 6);
        el("text", { "class": "row", x: x + 12, y: 5 }, g);
        g.setAttribute("data-position", n.position);
        elements.set(key, g);
      }
      attr(g, "transform", "translate(0," + y + ")");
      nodeAttributes(g, n);
      var fold = isFolded(n);
      /* The text only when the node or its folding changed. */
      if (dirty.has(n.id) || fold || g.nimFolded !== fold || g.nimLength === undefined) {
        var kids = n.children.some(function (c) {
          return nodes[c].seen;
        });
        g.querySelector(".fold").textContent = kids ? (fold ? "\u25b8" : "\u25be") : "";
        var t = g.querySelector("text.row");
        var ps = pieces(n);
        var sig = JSON.stringify(ps);
        if (g.nimSig !== sig) {
          while (t.firstChild) t.removeChild(t.firstChild);
          ps.forEach(function (piece, i) {
            var s = el("tspan", { "class": piece[0] }, t);
            s.textContent = (i ? "  " : "") + piece[1];
          });
          g.nimSig = sig;
        }
        g.nimFolded = fold;
        g.nimLength = ps.reduce(function (a, piece) {
          return a + piece[1].length + 2;
        }, 0);
      }
      return { g: g, right: x + 12 + g.nimLength * charWidth };
    }
    if (r.pruned) {
      var p = r.pruned;
      var px = 14 + (p.ply + 1) * INDENT;
      if (!g) {
        g = el("g", { "class": "pruned-row", "data-pruned-of": p.id, "data-pruned": "1" }, $("nodes"));
        var t2 = el("text", { x: px - 6, y: 5 }, g);
        el("tspan", {}, t2).textContent = "\u2702 never searched: ";
        p.pruned.forEach(function (m, i) {
          var s = el("tspan", { "class": "pruned-move", "data-move": m }, t2);
          s.textContent = m;
          if (i < p.pruned.length - 1) el("tspan", {}, t2).textContent = " ";
        });
        if (p.prunedTotal > p.pruned.length)
          el("tspan", {}, t2).textContent = " and " + (p.prunedTotal - p.pruned.length) + " more";
        elements.set(key, g);
      }
      attr(g, "transform", "translate(0," + y + ")");
      return { g: g, right: px + (20 + p.pruned.join(" ").length + 16) * charWidth };
    }
    /* The random playout of an iteration, in a row under the position it
       started from. */
    var q = r.playout;
    var e = state.playout;
    var ox = 14 + (q.ply + 1) * INDENT;
    if (!g) {
      g = el("g", { "class": "playout-row" }, $("nodes"));
      el("text", { x: 0, y: 5 }, g);
      elements.set(key, g);
    }
    var text;
    if (e.why === "playout")
      text = "~ playout: " + e.moves.join(" ") + (e.plies > e.moves.length ? " \u2026(+" +
        (e.plies - e.moves.length) + ")" : "") + " \u2192 player " + e.winner + " wins";
    else
      text = "~ no playout: " + (e.why === "end" ? "the game is over" : "proven") + " \u2192 player " +
        e.winner + " wins";
    var tt = g.querySelector("text");
    attr(tt, "x", String(ox - 6));
    if (tt.textContent !== text) tt.textContent = text;
    attr(g, "data-playout-of", String(q.id));
    attr(g, "transform", "translate(0," + y + ")");
    return { g: g, right: ox + (text.length + 4) * charWidth };
  }

  function drawEdge(key, x1, y1, x2, y2, cls, edgePath) {
    var p = edges.get(key);
    if (!p) {
      p = el("path", { "class": cls }, $("edges"));
      edges.set(key, p);
    }
    attr(p, "data-edge", edgePath);
    attr(p, "d", "M" + x1 + "," + (y1 + 6) + " V" + y2 + " H" + (x2 - 7));
    return p;
  }

  /* The path of a row's position, for its edge's data-edge. */
  function rowPath(r) {
    if (r.node) return r.node.path;
    return null;
  }

  function renderOutline(keep, keepEdges) {
    var at = {};
    var last = {};
    var rs = rows(at, last);
    var y0 = ROW;
    var lo = 0;
    var hi = rs.length;
    var box = $("tree-box");
    var height = y0 + rs.length * ROW;
    var group = $("nodes");
    var prev = null;
    var width = 400;
    /* Keeps the current row in view; with many rows, decides first where
       the box is scrolled, and draws the rows there. */
    var cur = state.current >= 0 ? at[state.current] : undefined;
    var top = scrolled / zoom;
    var shown = boxSize()[1] / zoom || 0.6 * window.innerHeight / zoom;
    if (cur !== undefined) {
      var cy = y0 + cur * ROW;
      if (cy < top + ROW || cy > top + shown - ROW) top = Math.max(0, cy - shown / 2);
    }
    if (rs.length > FULL_ROWS) {
      lo = Math.max(0, Math.floor(top / ROW) - 30);
      hi = Math.min(rs.length, Math.ceil((top + shown) / ROW) + 30);
    }
    /* The elements in the order of the rows, as a reader reads them. */
    function place(g) {
      var want = prev ? prev.nextSibling : group.firstChild;
      if (g !== want) group.insertBefore(g, want);
      prev = g;
    }
    function edgeTo(i) {
      var r = rs[i];
      var y = y0 + i * ROW;
      if (r.node) {
        var n = r.node;
        if (n.parent < 0 || at[n.parent] === undefined) return;
        var pn = nodes[n.parent];
        drawEdge("n" + n.id, 14 + pn.ply * INDENT, y0 + at[n.parent] * ROW, 14 + n.ply * INDENT, y, "edge",
          n.path);
        keepEdges.add("n" + n.id);
      } else {
        var q = r.pruned || r.playout;
        drawEdge((r.pruned ? "p" : "o") + q.id, 14 + q.ply * INDENT, y0 + at[q.id] * ROW,
          14 + (q.ply + 1) * INDENT, y, r.pruned ? "edge pruned-edge" : "edge playout-edge", null);
        keepEdges.add((r.pruned ? "p" : "o") + q.id);
      }
    }
    for (var i = lo; i < hi; i++) {
      var d = drawRow(rs[i], y0 + i * ROW);
      keep.add(rowKey(rs[i]));
      width = Math.max(width, d.right);
      place(d.g);
      edgeTo(i);
    }
    /* The lines from rows above the screen to rows below it. */
    if (lo < hi && (lo > 0 || hi < rs.length)) {
      for (var a = rs[lo].node || rs[lo].pruned || rs[lo].playout; a && a.parent >= 0; a = nodes[a.parent])
        if (last[a.parent] !== undefined && last[a.parent] >= hi) edgeTo(last[a.parent]);
    }
    if (rs.length > FULL_ROWS) width = outlineWidth = Math.max(outlineWidth, width);
    width += 40;
    return { width: width, height: height, scroll: cur !== undefined ? [null, top] : null,
      current: cur !== undefined ? [14 + nodes[state.current].ply * INDENT, y0 + cur * ROW] : null };
  }

  /* ---- The drawing: nodes and edges, the textbooks' figure */

  /* The layout: each leaf of the drawing a slot of its own from the
     left, each parent centred over its children, a ply a level down; a
     search of iterative deepening draws each iteration's tree beside
     the last. */
  function layout() {
    var items = [];
    var next = 0;
    function placeNode(n) {
      var it = { node: n, kids: [] };
      items.push(it);
      if (!isFolded(n)) {
        n.children.forEach(function (c) {
          if (shows(nodes[c])) it.kids.push(placeNode(nodes[c]));
        });
        if (n.pruned && !isTree)
          n.pruned.forEach(function (m, k) {
            var s = { stub: n, move: m, number: n.prunedNumbers ? n.prunedNumbers[k] : 0, kids: [],
              x: next++, ply: n.ply + 1 };
            items.push(s);
            it.kids.push(s);
          });
      }
      if (!it.kids.length) it.x = next++;
      else it.x = (it.kids[0].x + it.kids[it.kids.length - 1].x) / 2;
      return it;
    }
    roots.forEach(function (r) {
      if (r.seen) {
        placeNode(r);
        next += 0.5;
      }
    });
    return items;
  }

  /* How wide a slot is: the longest label of the drawing, in its
     type. */
  function slotWidth(items) {
    if (isTree) return treeSlot();
    var most = 3;
    items.forEach(function (it) {
      var n = it.node;
      if (!n) return;
      most = Math.max(most, n.position.length, (valueText(n) || "").length,
        n.alpha !== undefined ? ("[" + num(n.alpha) + "," + num(n.beta) + "]").length : 0);
      /* Monte-Carlo tree search's visits and wins, in the marks'
         smaller type: under a leaf, and beside an inner node, where they
         must end before the next node's shape. */
      if (mcts) most = Math.max(most, statText(n).length * 1.1);
    });
    return Math.max(40, Math.min(130, most * 7.6 + 14));
  }

  /* A tree's slot, from every label its search will show, so that the
     drawing keeps its size from the first step to the last.  Its leaves
     draw their windows on two rows, every other one raised (see
     drawTreeNode), and a position of two moves or more has its
     neighbours two slots away: either needs half of its window's width.
     A textbook's three plies of three moves then fit a window of 1280
     pixels. */
  var treeSlotWidth = 0;
  function treeSlot() {
    if (treeSlotWidth) return treeSlotWidth;
    var most = 3;
    events.forEach(function (e) {
      if (e.alpha === undefined || !nodes[e.node]) return;
      var n = nodes[e.node];
      var w = ("[" + num(e.alpha) + "," + num(e.beta) + "]").length;
      most = Math.max(most, n.leaf !== undefined || n.children.length > 1 ? w / 2 + 1 : w);
    });
    nodes.forEach(function (n) {
      if (n.leaf !== undefined) most = Math.max(most, ("= " + num(-Math.abs(n.leaf))).length);
    });
    treeSlotWidth = Math.max(40, Math.min(130, most * 7.6 + 8));
    return treeSlotWidth;
  }

  function drawTreeNode(n, x, y, keep, inner, raised) {
    var key = "n" + n.id;
    var g = elements.get(key);
    if (!g) {
      g = el("g", { "data-node": n.id }, $("nodes"));
      g.setAttribute("data-position", n.position);
      el("circle", { "class": "halo", cx: 0, cy: 0, r: 15 }, g);
      marker(n, 0, 0, g, 10);
      g.nimWindow = el("text", { "class": "window", x: 0, y: -17, "text-anchor": "middle" }, g);
      g.nimLabel = el("text", { "class": isTree ? "leaf-value" : "label", x: 0, y: 25, "text-anchor": "middle" }, g);
      g.nimValue = el("text", { "class": "value", x: 0, y: 41, "text-anchor": "middle" }, g);
      g.nimMarks = el("text", { "class": "marks", x: 0, y: 55, "text-anchor": "middle" }, g);
      elements.set(key, g);
    }
    keep.add(key);
    attr(g, "transform", "translate(" + x + "," + y + ")");
    nodeAttributes(g, n);
    var win = n.alpha !== undefined ? "[" + num(n.alpha) + "," + num(n.beta) + "]" : "";
    if (g.nimWindow.textContent !== win) g.nimWindow.textContent = win;
    attr(g.nimWindow, "y", raised ? "-31" : "-17");
    var label = isTree ? (n.leaf !== undefined ? num(n.leaf) : "") : n.parent < 0 && n.iteration ?
      "d" + n.iteration + ": " + n.position : n.position;
    if (g.nimLabel.textContent !== label) g.nimLabel.textContent = label;
    var v = valueText(n) || "";
    var vv = n.value === undefined ? 0 : val(n.value);
    attr(g.nimValue, "class", "value " + (vv > 0 ? "pos" : vv < 0 ? "neg" : "zero"));
    /* Beside an inner node, off its edges; under a leaf, below its
       label. */
    attr(g.nimValue, "x", inner ? "15" : "0");
    attr(g.nimValue, "y", inner ? (isTree ? "5" : "-4") : "41");
    attr(g.nimValue, "text-anchor", inner ? "start" : "middle");
    attr(g.nimMarks, "x", inner ? "15" : "0");
    attr(g.nimMarks, "y", inner ? (isTree ? "19" : "10") : "55");
    attr(g.nimMarks, "text-anchor", inner ? "start" : "middle");
    if (g.nimValue.textContent !== v) g.nimValue.textContent = v;
    var marks = [];
    if (mcts) marks.push(statText(n));
    if (n.flags && flaggedNode(n, "cut")) marks.push("cut");
    if (n.flags && settledFlags(n)) marks.push("table");
    if (isFolded(n) && countUnder(n)) marks.push("+" + countUnder(n) + " folded");
    if (n.below) marks.push("+" + n.below + " below");
    if (n.hidden) marks.push("+" + n.hidden + " not shown");
    var e = exactAsSearch(n);
    if (e !== undefined && n.value !== undefined && !agrees(n, n.value)) marks.push("exact " + num(e) + "!");
    var m = marks.join(", ");
    if (g.nimMarks.textContent !== m) g.nimMarks.textContent = m;
    return g;
  }

  function flaggedNode(n, f) {
    return !!(n.flags && n.flags.indexOf(f) >= 0);
  }

  /* A move a node pruned, drawn as a grey leaf under it. */
  function drawStub(s, x, y, keep) {
    var key = "s" + s.stub.id + ":" + s.move;
    var g = elements.get(key);
    if (!g) {
      g = el("g", { "class": "node cut stub", "data-pruned": "1", "data-pruned-of": s.stub.id }, $("nodes"));
      marker({ ply: s.ply }, 0, 0, g, 7);
      el("text", { "class": "label", x: 0, y: 22, "text-anchor": "middle" }, g).textContent = "\u2702";
      elements.set(key, g);
    }
    keep.add(key);
    attr(g, "data-path", s.number && s.stub.path !== null ?
      (s.stub.path ? s.stub.path + "." : "") + s.number : null);
    attr(g, "transform", "translate(" + x + "," + y + ")");
    return g;
  }

  function drawLink(key, x1, y1, x2, y2, cls, edgePath, label, keepEdges) {
    var g = edges.get(key);
    if (!g) {
      g = el("g", {}, $("edges"));
      el("path", {}, g);
      g.nimText = el("text", { "class": "move", "text-anchor": "middle" }, g);
      edges.set(key, g);
    }
    keepEdges.add(key);
    attr(g, "class", cls);
    attr(g, "data-edge", edgePath);
    attr(g.firstChild, "d", "M" + x1 + "," + (y1 + 11) + " L" + x2 + "," + (y2 - 12));
    attr(g.nimText, "x", String((x1 + x2) / 2 + (x2 < x1 ? -5 : x2 > x1 ? 5 : 4)));
    attr(g.nimText, "y", String((y1 + y2) / 2 + 2));
    attr(g.nimText, "text-anchor", x2 < x1 ? "end" : "start");
    if (g.nimText.textContent !== (label || "")) g.nimText.textContent = label || "";
  }

  function renderDrawing(keep, keepEdges) {
    var items = layout();
    var slot = slotWidth(items);
    var left = slot / 2 + 10;
    var width = 0;
    var height = TOP + LEVEL;
    var cur = null;
    var group = $("nodes");
    var prev = null;
    items.forEach(function (it) {
      it.px = left + it.x * slot;
      it.py = TOP + (it.node ? it.node.ply : it.ply) * LEVEL;
      width = Math.max(width, it.px + slot / 2 + 10);
      height = Math.max(height, it.py + 60);
    });
    items.forEach(function (it) {
      var g = it.node ? drawTreeNode(it.node, it.px, it.py, keep, it.kids.length > 0,
        isTree && it.node.leaf !== undefined && it.x % 2 === 1) :
        drawStub(it, it.px, it.py, keep);
      /* In the order of the layout, moved only when out of it: a move
         costs the browser a new style for the element. */
      var want = prev ? prev.nextSibling : group.firstChild;
      if (g !== want) group.insertBefore(g, want);
      prev = g;
      if (it.node && it.node.id === state.current) cur = [it.px, it.py];
      it.kids.forEach(function (k) {
        var n = k.node;
        var cls = n ? "link" + (isTree && !n.seen ? (n.cut ? " cut" : " pending") : "") : "link cut";
        var path = n ? n.path : k.number && it.node.path !== null ?
          (it.node.path ? it.node.path + "." : "") + k.number : null;
        drawLink(n ? "e" + n.id : "s" + it.node.id + ":" + k.move, it.px, it.py, k.px, k.py, cls, path,
          isTree ? "" : n ? n.move : k.move, keepEdges);
      });
    });
    return { width: width + 20, height: height, current: cur };
  }

  /* ---- Either view */

  /* The tree box's size, measured when the window changes and not at
     each step: asking the box after a step's changes would make the
     browser lay the page out again at every step. */
  var boxSizes = null;

  /* The box grows and shrinks with the sentence above it: measured
     again then, and the current node brought back into view. */
  if (window.ResizeObserver)
    new ResizeObserver(function () {
      var box = $("tree-box");
      if (boxSizes && boxSizes[0] === box.clientWidth && boxSizes[1] === box.clientHeight) return;
      boxSizes = null;
      /* Before the frame is painted: the node never shows out of view. */
      render();
      applyScroll();
    }).observe($("tree-box"));

  function boxSize() {
    if (boxSizes === null) {
      var box = $("tree-box");
      boxSizes = [box.clientWidth, box.clientHeight];
    }
    return boxSizes;
  }

  function render() {
    var keep = new Set();
    var keepEdges = new Set();
    var svg = $("tree");
    var box = $("tree-box");
    var d = view === "drawing" ? renderDrawing(keep, keepEdges) : renderOutline(keep, keepEdges);
    elements.forEach(function (g, key) {
      if (!keep.has(key)) {
        g.remove();
        elements.delete(key);
      }
    });
    edges.forEach(function (p, key) {
      if (!keepEdges.has(key)) {
        p.remove();
        edges.delete(key);
      }
    });
    /* A small drawing grows to fill the box, up to twice its size, as a
       textbook's figure fills its page; one a little too wide shrinks to
       the box's width, down to 0.7 of its size (the windows' type then
       is still 8 pixels at 1280), so that the whole tree is seen at
       once.  A wider one keeps its type and scrolls. */
    scale = zoom;
    var size = boxSize();
    if (view === "drawing" && size[0] > 0) {
      var across = (size[0] - 4) / (d.width * zoom);
      var grow = Math.min(2, across, (size[1] - 4) / (d.height * zoom));
      scale = zoom * (grow >= 1 ? grow : across < 1 && across >= 0.7 ? across : 1);
    }
    attr(svg, "class", view);
    attr(svg, "viewBox", "0 0 " + d.width + " " + d.height);
    attr(svg, "width", String(Math.ceil(d.width * scale)));
    attr(svg, "height", String(Math.ceil(d.height * scale)));
    if (view === "outline")
      elements.forEach(function (g) {
        if (g.nimBg) attr(g.nimBg, "width", String(d.width));
      });
    dirty.clear();
    renderStatus();
    scrollTo(d);
  }

  function measureZoom() {
    var z = parseFloat(getComputedStyle(document.documentElement).fontSize) / 17;
    zoom = z > 0 ? z : 1;
  }
  window.addEventListener("resize", function () {
    boxSizes = null;
    measureZoom();
    render();
  });

  /* Where the tree's box is scrolled to, kept from its scroll events, and
     set here: asking the box would make the browser lay the tree out
     again at every step. */
  var scrolled = 0;
  var scrolledX = 0;
  var scale = 1; /* the drawing's pixels a unit: zoom, or more */
  var ownScroll = false;
  var scrollPending = false;
  var scrollQueued = false;
  $("tree-box").addEventListener("scroll", function () {
    var box = $("tree-box");
    /* A scroll of ours still to come wins over one that is done. */
    if (scrollQueued) return;
    scrolled = box.scrollTop;
    scrolledX = box.scrollLeft;
    /* An outline of many rows draws the rows the reader scrolled to. */
    if (!ownScroll && view === "outline" && !scrollPending) {
      scrollPending = true;
      requestAnimationFrame(function () {
        scrollPending = false;
        render();
      });
    }
    ownScroll = false;
  }, { passive: true });

  /* Keeps the current node in the box's view, both ways. */
  function scrollTo(d) {
    var box = $("tree-box");
    if (!d.current) return;
    var size = boxSize();
    var w = size[0];
    var h = size[1];
    var x = d.current[0] * scale;
    var y = d.current[1] * scale;
    var margin = ROW * scale * (view === "drawing" ? 2.5 : 1);
    var top = scrolled;
    var left = scrolledX;
    if (y < top + margin || y > top + h - margin) top = Math.max(0, y - h / 2);
    if (view === "drawing" && (x < left + margin || x > left + w - margin)) left = Math.max(0, x - w / 2);
    if (top !== scrolled || left !== scrolledX) {
      scrolled = top;
      scrolledX = left;
      /* At the next frame: of several steps in one, only the last is
         seen, and scrolling lays the page out. */
      if (!scrollQueued) requestAnimationFrame(applyScroll);
      scrollQueued = true;
    }
  }

  function applyScroll() {
    var box = $("tree-box");
    if (!scrollQueued) return;
    scrollQueued = false;
    ownScroll = true;
    box.scrollTop = scrolled;
    box.scrollLeft = scrolledX;
    /* As the browser keeps it, within the tree. */
    scrolled = box.scrollTop;
    scrolledX = box.scrollLeft;
  }

  function sentence() {
    if (!events.length)
      return "No computer player searched in this game, so there is no search to show.";
    if (state.step === 0)
      return "Press Step forward (the right arrow, or a clicker's Page Down) to watch " + data.spec +
        " search " + (isTree ? data.root : data.root) + ", one step at a time.";
    var e = events[state.step - 1];
    return handler(e).say(e, state.step - 1);
  }

  function renderStatus() {
    $("sentence").textContent = "Step " + state.step + " of " + events.length + ". " + sentence();
    $("step").value = state.step;
    $("back").disabled = $("start").disabled = state.step === 0;
    $("forward").disabled = $("end").disabled = state.step === events.length;
    $("play").setAttribute("aria-pressed", String(playing !== null));
    $("quiz").setAttribute("aria-pressed", String(quizOn));
    $("score").textContent = quizOn || asked ? "Score: " + right + " of " + asked : "";
    $("view").setAttribute("aria-pressed", String(view === "drawing"));
    $("view").textContent = view === "drawing" ? "Show the outline" : "Show the drawing";
    showDetails();
  }

  function showDetails() {
    var box = $("details-text");
    if (selected < 0) {
      box.textContent = "Click a position in the tree to see all about it.";
      return;
    }
    var n = nodes[selected];
    var dl = document.createElement("dl");
    function item(t, d) {
      var dt = document.createElement("dt");
      dt.textContent = t;
      var dd = document.createElement("dd");
      dd.textContent = d;
      dl.appendChild(dt);
      dl.appendChild(dd);
    }
    if (isTree)
      item("Position", n.parent < 0 ? "the root" : n.path + " (" + moveWords(n.move) + " of " +
        posName(nodes[n.parent]) + ")");
    else
      item("Position", n.position + (n.move ? " (after " + n.move + ": " + moveWords(n.move) + ")" : " (the root)"));
    item("To move", who(n) + ", " + plural(n.moves, isTree ? "child" : "move", isTree ? "children" : "moves"));
    if (isTree && n.leaf !== undefined) item("Leaf", "its value is " + num(n.leaf) + " for MAX");
    if (isTree && !n.seen)
      item("Searched", n.cut ? "never: a cutoff pruned it" : "not yet");
    if (n.alpha !== undefined) item("Window on entry", "[" + num(n.alpha) + ", " + num(n.beta) + "]");
    if (mcts) {
      var inTree = n.children.filter(function (c) {
        return nodes[c].seen;
      }).length;
      item("Visits", n.parent < 0 ? plural(n.visits, "iteration", "iterations") + " so far" :
        plural(n.visits, "iteration", "iterations") + " went through it; player " + moverOf(n) +
        ", who moved here, won " + n.wins + (n.visits ? ": mean " + fixed(n.wins / n.visits) : ""));
      item("In the tree", (n.parent < 0 ? "from the start" : "added in iteration " + n.added) + "; " +
        inTree + " of its " + plural(n.moves, "move", "moves") + " in the tree");
      if (n.uct !== undefined) item("Selection", uctText(n.uct));
      item("Proven", n.value === undefined ? (setup.solver ? "not yet" : "never: the solver is off") :
        valueWords(n.value) + " (player " + playerAt(n) + " is to move there)");
    } else
      item("Value returned", n.value === undefined ? "not yet" : valueWords(n.value, n) +
        (isTree && boundOf(n, n.value) !== "exact" ? " (" + (boundOf(n, n.value) === "lower" ?
          "a lower bound" : "an upper bound") + ")" : ""));
    if (n.exact !== undefined && !(quizOn && n.value === undefined)) {
      if (isTree) item("Exact value", theoryWords(n));
      else item("Exact value", (n.exact > 0 ? "a win" : "a loss") + " for the player to move. " + theoryWords(n));
    }
    if (n.table) item("The table said", n.table.found ? boundWords(n.table.bound, n.table.value) +
      ", " + depthWords(n.table.depth) : "nothing: the position was not there");
    for (var k in n.info) item(k, n.info[k]);
    if (n.pruned) item("Never searched", n.pruned.join(", "));
    box.textContent = "";
    box.appendChild(dl);
  }
  /* ------------------------------------------------------------------
     The quiz: at a step with a question, predict before it is shown */

  var quizOn = false;
  var answered = {}; /* event index -> true once asked */
  var asked = 0;
  var right = 0;
  var question = null;

  function questionFor(i) {
    var e = events[i];
    var h = handler(e);
    return h.ask && !answered[i] ? h.ask(e) : null;
  }

  /* A question's moves, each a box to tick (@type "checkbox") or one of
     them to pick ("radio"). */
  function moveInputs(p, lead, moves, type, name) {
    p.className = "moves";
    p.appendChild(document.createTextNode(lead));
    moves.forEach(function (m) {
      var l = document.createElement("label");
      var c = document.createElement("input");
      c.type = type;
      c.value = m;
      c.name = name;
      l.appendChild(c);
      l.appendChild(document.createTextNode(" " + m));
      p.appendChild(l);
    });
  }

  function openQuestion(q) {
    question = q;
    $("question-text").textContent = q.text;
    var box = $("question-fields");
    box.textContent = "";
    q.fields.forEach(function (f, i) {
      var p = document.createElement("p");
      if (f.moves)
        moveInputs(p, "Tick the moves that are cut: ", f.moves, "checkbox", "cut");
      else if (f.choice)
        moveInputs(p, "Pick the " + f.label + ": ", f.choice, "radio", "choice");
      else {
        var l = document.createElement("label");
        l.textContent = f.label + " ";
        var input = document.createElement("input");
        input.type = "text";
        input.id = "answer-" + i;
        input.setAttribute("aria-label", f.label);
        input.autocomplete = "off";
        if (f.fraction) input.placeholder = "wins/visits";
        l.appendChild(input);
        p.appendChild(l);
      }
      box.appendChild(p);
    });
    $("question").hidden = false;
    $("feedback").hidden = true;
    var first = box.querySelector("input");
    if (first) first.focus();
  }

  /* What a typed value means: numbers, and inf or the infinity sign. */
  function parseAnswer(text) {
    var t = text.trim().replace(/\u2212/g, "-").replace(/^\+/, "").toLowerCase();
    if (t === "inf" || t === "\u221e" || t === "infinity") return Infinity;
    if (t === "-inf" || t === "-\u221e" || t === "-infinity") return -Infinity;
    return t === "" || isNaN(Number(t)) ? NaN : Number(t);
  }

  /* "2/3" -> [2, 3]; anything else -> null. */
  function parseFraction(text) {
    var r = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
    return r ? [Number(r[1]), Number(r[2])] : null;
  }

  function sameMoves(a, b) {
    return a.length === b.length && a.every(function (m) {
      return b.indexOf(m) >= 0;
    });
  }

  function grade(reveal) {
    var q = question;
    var i = state.step;
    var wrong = [];
    var good = 0;
    q.fields.forEach(function (f, k) {
      var ok;
      var said;
      if (f.moves) {
        said = Array.prototype.slice.call(document.querySelectorAll("#question-fields input[name=cut]:checked"))
          .map(function (c) {
            return c.value;
          });
        ok = sameMoves(said, f.answer);
        if (!ok) wrong.push("the moves cut are " + (f.answer.length ? list(f.answer) : "none") +
          (said.length ? ", not " + list(said) : ""));
      } else if (f.choice) {
        var picked = document.querySelector("#question-fields input[name=choice]:checked");
        said = picked ? picked.value : "";
        ok = said === f.answer;
        if (!ok) wrong.push("the " + f.label + " is " + f.answer + (said ? ", not " + said : ""));
      } else if (f.fraction) {
        said = $("answer-" + k).value;
        var w = parseFraction(said);
        ok = w !== null && w[0] === f.answer[0] && w[1] === f.answer[1];
        if (!ok) wrong.push(f.label + " is " + f.answer.join("/") + (said.trim() ? ", not " + said.trim() : ""));
      } else {
        said = $("answer-" + k).value;
        ok = parseAnswer(said) === val(f.answer);
        if (!ok) wrong.push(f.label + " is " + num(f.answer) + (said.trim() ? ", not " + said.trim() : ""));
      }
      if (ok) good++;
    });
    answered[i] = true;
    question = null;
    $("question").hidden = true;
    stepForward();
    render();
    var fb = $("feedback");
    var why = sentence();
    if (reveal) {
      fb.className = "";
      fb.textContent = "The answer: " + why;
    } else {
      asked += q.fields.length;
      right += good;
      fb.className = wrong.length ? "wrong" : "right";
      fb.textContent = (wrong.length ? "Not quite: " + wrong.join("; ") + ". " : "Right! ") + why;
    }
    fb.hidden = false;
    renderStatus();
  }


  /* ------------------------------------------------------------------
     Controls */

  var playing = null;

  function forward() {
    if (question) return;
    if (quizOn && state.step < events.length) {
      var q = questionFor(state.step);
      if (q) {
        stop();
        openQuestion(q);
        return;
      }
    }
    $("feedback").hidden = true;
    if (stepForward()) render();
  }

  function back() {
    closeQuestion();
    if (stepBack()) render();
  }

  function closeQuestion() {
    question = null;
    $("question").hidden = true;
    $("feedback").hidden = true;
  }

  function jump(step) {
    closeQuestion();
    goTo(step);
    render();
  }

  function speed() {
    var v = Number($("speed").value);
    return 0.5 * Math.pow(2, v / 12.5); /* 0.5 to 128 steps a second */
  }

  function showSpeed() {
    var s = speed();
    $("speed-text").textContent = (s < 10 ? s.toFixed(1) : Math.round(s)) + " steps/s";
  }

  function tick() {
    playing = null;
    if (state.step >= events.length) {
      renderStatus();
      return;
    }
    forward();
    if (!question && state.step < events.length) playing = setTimeout(tick, 1000 / speed());
    renderStatus();
  }

  function play() {
    if (playing !== null) {
      stop();
      return;
    }
    if (state.step >= events.length) jump(0);
    playing = setTimeout(tick, 0);
    renderStatus();
  }

  function stop() {
    if (playing !== null) clearTimeout(playing);
    playing = null;
    renderStatus();
  }

  /* The drawing for a search small enough to draw, else the outline. */
  function setView(v) {
    view = v;
    elements.forEach(function (g) {
      g.remove();
    });
    elements.clear();
    edges.forEach(function (p) {
      p.remove();
    });
    edges.clear();
    document.querySelectorAll("#legend li").forEach(function (li) {
      li.hidden = !legendFits(li);
    });
    dirtyAll();
    render();
  }

  $("start").addEventListener("click", function () {
    stop();
    jump(0);
  });
  $("back").addEventListener("click", function () {
    stop();
    back();
  });
  $("play").addEventListener("click", play);
  $("forward").addEventListener("click", function () {
    stop();
    forward();
  });
  $("end").addEventListener("click", function () {
    stop();
    jump(events.length);
  });
  /* The step typed, read before stop () writes the current one back. */
  function goToTyped() {
    var step = Number($("step").value);
    stop();
    jump(step);
  }
  $("go").addEventListener("click", goToTyped);
  $("step").addEventListener("keydown", function (ev) {
    if (ev.key === "Enter") {
      ev.preventDefault();
      goToTyped();
    }
  });
  $("speed").addEventListener("input", showSpeed);
  /* A slider or a box clicked with the mouse gives the keys back to the
     page, so that the arrow keys and a clicker go on stepping; from the
     keyboard (Tab) they keep them, as a slider's arrows move it. */
  ["speed", "auto-fold"].forEach(function (id) {
    $(id).addEventListener("pointerup", function () {
      var input = this;
      /* At once, so that a key pressed right after the click steps; and
         once more after the click, which some browsers end by focusing. */
      input.blur();
      setTimeout(function () {
        input.blur();
      }, 0);
    });
  });
  $("quiz").addEventListener("click", function () {
    quizOn = !quizOn;
    closeQuestion();
    dirtyAll();
    render();
  });
  $("question").addEventListener("submit", function (ev) {
    ev.preventDefault();
    if (question) grade(false);
  });
  $("reveal").addEventListener("click", function () {
    if (question) grade(true);
  });
  $("auto-fold").addEventListener("change", function () {
    dirtyAll();
    render();
  });
  $("unfold").addEventListener("click", function () {
    folded.clear();
    nodes.forEach(function (n) {
      unfolded.add(n.id);
    });
    dirtyAll();
    render();
  });
  $("view").addEventListener("click", function () {
    if (view === "outline" && drawnNodes > DRAW_MAX) return;
    setView(view === "drawing" ? "outline" : "drawing");
  });
  $("nodes").addEventListener("click", function (ev) {
    var g = ev.target.closest("g[data-node]");
    if (!g) return;
    var id = Number(g.getAttribute("data-node"));
    if (ev.target.classList.contains("fold") || ev.target.classList.contains("marker")) {
      var n = nodes[id];
      if (isFolded(n)) {
        folded.delete(id);
        unfolded.add(id);
      } else {
        folded.add(id);
        unfolded.delete(id);
      }
    } else selected = selected === id ? -1 : id;
    render();
  });
  document.addEventListener("keydown", function (ev) {
    var t = ev.target;
    var tag = t && t.tagName;
    /* Typing a value or a step keeps its keys; a box or a slider reached
       with the mouse has given them back (above). */
    if (tag === "TEXTAREA" || tag === "SELECT" || (tag === "INPUT" && t.type !== "checkbox") ||
      ev.altKey || ev.ctrlKey || ev.metaKey)
      return;
    var k = ev.key;
    /* A presenter's clicker sends Page Down and Page Up. */
    if (k === "ArrowRight" || k === "PageDown") {
      stop();
      forward();
    } else if (k === "ArrowLeft" || k === "PageUp") {
      stop();
      back();
    } else if (k === "Home") {
      stop();
      jump(0);
    } else if (k === "End") {
      stop();
      jump(events.length);
    } else if (k === " " && tag !== "BUTTON" && tag !== "INPUT") play();
    else if (k === "q") $("quiz").click();
    else return;
    ev.preventDefault();
  });

  function dirtyAll() {
    nodes.forEach(function (n) {
      dirty.add(n.id);
    });
  }

  /* ------------------------------------------------------------------
     The page's head */

  /* What was searched, and how much of it the page shows. */
  function summary(name) {
    var c = data.counts;
    /* The spec where it says more than the name: "negamax (negamax:tt=off)". */
    var spec = data.spec !== name ? data.spec : "";
    var s = data.rules + " " + name;
    if (mcts) {
      var last = events[events.length - 1];
      s += " (" + (spec ? spec + ": " : "") + "UCT with c = " + fixed(setup.c) +
        (setup.solver ? ", MCTS-Solver on" : ", MCTS-Solver off") +
        "), player " + rootPlayer + " to move. " + plural(c.searched, "iteration", "iterations") +
        (last.nodes !== undefined ? " (" + plural(last.nodes, "node", "nodes") + ")" : "") + ", " +
        c.shown + " shown";
      if (c.left_out) s += ", " + c.left_out + " left out past the limit of " + data.limit +
        " iterations (--trace-limit)";
      return s + "; a tree of " + plural(nodes.length, "position", "positions") + ".";
    }
    s += (spec ? " (" + spec + ")" : "") + (isTree ? ", MAX to move at the root. " :
      ", player " + rootPlayer + " to move. ") + plural(c.searched, "node", "nodes") + " searched, " +
      c.shown + " shown";
    if (isTree && nodes.length > c.shown)
      s += ", " + (nodes.length - c.shown) + " never entered (drawn greyed once pruned)";
    if (c.below) s += ", " + c.below + " counted below the depth shown (" + data.depth + ")";
    if (c.left_out) s += ", " + c.left_out + " left out past the limit of " + data.limit +
      " (--trace-limit)";
    return s + ".";
  }

  /* The legend's items for this page: those of its kind of search, and
     of Nim or of a game tree. */
  function legendFits(li) {
    var k = li.getAttribute("data-kind");
    var game = li.getAttribute("data-game");
    var v = li.getAttribute("data-view");
    if (k && k !== (mcts ? "mcts" : "search")) return false;
    if (game && game !== (isTree ? "tree" : "nim")) return false;
    if (v && v !== view) return false;
    return true;
  }

  function heading() {
    var names = { minimax: "minimax", negamax: "negamax", "alpha-beta": "negamax with alpha-beta",
      pns: "proof-number search", mcts: "Monte-Carlo tree search" };
    if (!events.length) {
      $("title").textContent = "nim explorer: no search";
      $("command").textContent = data.command || "nim";
      $("summary").textContent = "No computer player searched in this game.";
      return;
    }
    $("title").textContent = "nim explorer: " + data.spec + " searches " + data.root;
    document.title = data.spec + " searches " + data.root + " \u2014 nim explorer";
    $("command").textContent = data.command;
    $("summary").textContent = summary(names[kind]);
    $("legend-side").textContent = mcts ?
      "P1 and P2: the player to move there. 3/5 (0.60): 5 iterations went through the position, and " +
      "the player who moved there won 3 of them; 0.60 is that share, the mean that selection's first " +
      "term uses. The root shows its visits." : isTree ?
      "\u25b2 MAX and \u25bc MIN: who moves there; MAX moves at the root. " + (minimax ?
        "Minimax's values are MAX's: MAX takes the largest value of the children, MIN the smallest." :
        "Negamax's values are for the player to move there: MAX's value at MAX, its negation at MIN; " +
        "each node takes the largest of its children's values, each negated.") : minimax ?
      "\u25b2 MAX and \u25bc MIN: who moves. Minimax's values are Max's (player " + rootPlayer +
      "'s): Max takes the largest value of the moves, Min the smallest." :
      "\u25b2 and \u25bc: the plies of player " + rootPlayer + " (who searches) and of the opponent (+ and " +
      "\u2212 in the outline); negamax's values are for the player to move there, so the opponent's are " +
      "the negation of player " + rootPlayer + "'s.";
    $("auto-fold").checked = nodes.length > 200;
    if (mcts) $("auto-fold-text").textContent = "Fold the subtrees off the path";
    $("steps").textContent = events.length;
    $("step").max = events.length;
  }

  /* The nodes the drawing shows once the search is over: every node, and
     the moves named as pruned. */
  drawnNodes = nodes.length + (isTree ? 0 : events.reduce(function (a, e) {
    return a + (e.type === "leave" && e.pruned ? e.pruned.length : 0);
  }, 0));
  view = events.length && drawnNodes <= DRAW_MAX ? "drawing" : "outline";
  if (drawnNodes > DRAW_MAX) {
    $("view").disabled = true;
    $("view").title = "The drawing shows searches of at most " + DRAW_MAX + " nodes; this one has " +
      drawnNodes + ".";
  }
  heading();
  document.querySelectorAll("#legend li").forEach(function (li) {
    li.hidden = !legendFits(li);
  });
  measure();
  measureZoom();
  showSpeed();
  render();

  /* For extensions and tests: the model and the handlers. */
  window.NimExplore = {
    data: data,
    kinds: KINDS,
    nodes: nodes,
    state: state,
    set: set,
    setInfo: setInfo,
    render: render,
    view: function () {
      return view;
    },
    setView: setView,
    goTo: function (step) {
      jump(step);
    }
  };
})();
