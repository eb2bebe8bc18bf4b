/* explore.js -- the page of nim --explore: a search, step by step
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * nim puts the search into the page as JSON (the script element
 * "nim-data"), written by src/nim-trace-explore.c:
 *
 *   command, spec, player, kind ("minimax", "negamax", "alpha-beta",
 *   "pns", "mcts"), rules, misere, root, exact {method, solver}, depth,
 *   limit, counts {searched, shown, below, left_out}, result {move,
 *   value, proven}, nodes [{parent, ply, iteration, move, position,
 *   moves, exact, grundy, added}], events [{type, node, ...}], and for
 *   Monte-Carlo tree search mcts {c, solver, max_ply}
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
 * src/nim-trace-explore.c; its positions carry visits and wins, and a
 * value once MCTS-Solver proves them.
 *
 * The drawing is a function of the model and of the reader's folds
 * alone: stepping back and forward again draws the same page. */

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

  /* "h2-1" -> "take 1 from heap 2"; a split names the heaps it leaves. */
  function moveWords(m) {
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

  /* Who moves at a node, as the search sees it. */
  function who(n) {
    var p = n.ply % 2 === 0 ? rootPlayer : 3 - rootPlayer;
    if (minimax) return (n.ply % 2 === 0 ? "Max" : "Min") + " (player " + p + ")";
    return "player " + p;
  }

  /* The value the search returned, in words. */
  function valueWords(v) {
    var x = val(v);
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
    var heaps = n.position.split(",").map(Number);
    var wins = n.exact > 0;
    var verdict = wins ? "the player to move wins" : "the player to move loses";
    var xor = function (a) {
      return a.reduce(function (x, y) {
        return x ^ y;
      }, 0);
    };
    if (n.exact === undefined)
      return "The exact solver ran out of budget on this position.";
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
      moves: d.moves,
      exact: d.exact,
      grundy: d.grundy,
      children: [],
      /* revealed by the steps */
      seen: false,
      alpha: undefined,
      beta: undefined,
      value: undefined,
      flags: null,
      pruned: null,
      prunedTotal: 0,
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
  var roots = nodes.filter(function (n) {
    return n.parent < 0;
  });
  var events = data.events || [];
  var state = { step: 0, current: -1, iteration: 0, over: false, scored: [], playout: null,
    updated: null };
  var undo = []; /* per step: [object, key, old value, had key] */
  var recording = null;
  var dirty = new Set();

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

  /* Agreement with theory, after a node returned. */
  function agreement(n, v) {
    var e = exactAsSearch(n);
    if (e === undefined || val(v) === 0) return "";
    return Math.sign(val(v)) === Math.sign(e) ? " Theory agrees." :
      " Theory disagrees: " + theoryWords(n);
  }

  /* ------------------------------------------------------------------
     What each kind of event does, says and asks */

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
          s = "Start at the root, " + n.position + ": " + who(n) + " is to move" +
            (n.iteration ? " (iteration " + n.iteration + ")" : "");
        else
          s = "Enter " + n.position + ", after " + n.move + " (" + moveWords(n.move) +
            "): " + who(n) + " is to move";
        if (e.alpha !== undefined) {
          s += ", with the window [\u03b1, \u03b2] = [" + num(e.alpha) + ", " + num(e.beta) + "]";
          if (n.parent >= 0)
            s += ": its parent's window is now [" + num(negate(e.beta)) + ", " +
              num(negate(e.alpha)) + "], and a child sees it from the other side, [\u2212\u03b2, \u2212\u03b1]";
          else
            s += ": values outside it no longer matter";
        }
        if (minimax)
          s += n.ply % 2 === 0 ? "; Max will take the largest value of the moves" :
            "; Min will take the smallest value of the moves";
        return s + ".";
      },
      ask: function (e) {
        var n = nodes[e.node];
        if (e.alpha === undefined || n.parent < 0) return null;
        return {
          text: "Which window [\u03b1, \u03b2] does the search pass down to " + n.position +
            " (after " + n.move + ")?",
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
        var why = {
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
        return "At " + n.position + ", " + who(n) + " tries " + e.move + " (" +
          moveWords(e.move) + "): " + why + ".";
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
          return "The table's index of lost positions knows that " + e.move + " (" +
            moveWords(e.move) + ") leaves a position lost for the opponent: " + n.position +
            " is won without searching a move (the enhanced transposition cutoff).";
        var s = "The table knows " + n.position + ": its value is " + boundWords(e.bound, e.value) +
          ", " + depthWords(e.depth) + ".";
        if (leave && settledByTable(leave))
          return s + " That settles it: none of its moves needs searching.";
        return s + " That is not enough to settle it (searched too shallow, or a bound " +
          "the window does not allow to stop on)" +
          (e.move ? "; its best move then, " + e.move + ", is tried first when ordering is on." : ".");
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
          ". A later visit to this position, by any order of moves, finds it there.";
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
          set(n, "prunedTotal", e.pruned_total || e.pruned.length);
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
          return "The budget ran out inside " + n.position + ": the search stops without a value.";
        if (flagged(e, "end"))
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
        else if (flagged(e, "cut")) {
          var last = kids[kids.length - 1];
          s = "After " + last.move + ", worth " + num(negate(last.value)) + " here, which is at least \u03b2 = " +
            num(n.beta) + ", the opponent would never allow " + n.position + ": the search cuts off, and " +
            pruned + (e.pruned_total === 1 ? " is" : " are") + " never searched. It returns " + num(v) + ".";
        } else if (minimax)
          s = "Every move of " + n.position + " is searched: " + (n.ply % 2 === 0 ? "Max takes the largest" :
            "Min takes the smallest") + " of its children's values (" + kids.map(function (c) {
            return num(c.value);
          }).join(", ") + "), " + num(v) + ".";
        else
          s = "Every move of " + n.position + " is searched: it takes the largest of its children's values, " +
            "each negated, as a child's win is a loss here: max(" + kids.map(function (c) {
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
        var q = {
          text: "What value does " + n.position + " return" +
            (minimax ? " (for Max)?" : " (for the player to move)?"),
          fields: [{ label: "value", answer: e.value }]
        };
        if (flagged(e, "cut") && e.pruned) {
          var options = doneChildrenAt(e).map(function (c) {
            return c.move;
          }).concat(e.pruned);
          q.text = "The search of " + n.position + " stops here. What value does it return, " +
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
        return "The search is over after " + plural(e.nodes, "node", "nodes") + ": " +
          (!e.proven ? "its value is not proven" : v > 0 ? "a proven win" : "a proven loss") +
          (e.move ? ". Player " + rootPlayer + " plays " + e.move + " (" + moveWords(e.move) + ")." : ".");
      }
    }
  };

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
    return u.proven > 0 ? "skipped: proven to lose" : "taken: proven to win";
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
     Drawing */

  var folded = new Set(); /* nodes the reader folded */
  var unfolded = new Set(); /* finished nodes the reader opened again */
  var selected = -1;
  var elements = new Map(); /* node id -> its g element */
  var edges = new Map();
  var prunedRows = new Map();
  var charWidth = 9;

  function el(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
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

  /* The rows in order: each seen node, its seen children below it, then
     the moves it pruned. */
  function rows() {
    var out = [];
    function walk(n) {
      out.push({ node: n });
      if (state.playout && state.playout.node === n.id) out.push({ playout: n });
      if (isFolded(n)) return;
      n.children.forEach(function (c) {
        if (nodes[c].seen) walk(nodes[c]);
      });
      if (n.pruned) out.push({ pruned: n });
    }
    roots.forEach(function (r) {
      if (r.seen) walk(r);
    });
    return out;
  }

  function nodeClasses(n) {
    var c = ["node"];
    var v = n.value === undefined ? undefined : val(n.value);
    if (v !== undefined) c.push("done");
    if (v !== undefined) {
      var mover = minimax && n.ply % 2 === 1 ? -v : v;
      if (mover > 0) c.push("win");
      else if (mover < 0) c.push("loss");
    }
    if (n.flags && n.flags.some(function (f) {
      return f === "tt-exact" || f === "tt-lower" || f === "tt-upper" || f === "etc";
    })) c.push("settled");
    if (n.id === state.current) c.push("current");
    else if ((mcts || n.value === undefined) && onLine(n)) c.push("path");
    if (n.uct !== undefined) c.push("scored");
    if (state.updated && state.updated.indexOf(n.id) >= 0) c.push("updated");
    if (n.id === selected) c.push("selected");
    return c.join(" ");
  }

  /* What the row of a node says, as [class, text] pieces. */
  function pieces(n) {
    var p = [];
    var quiz = quizOn && n.value === undefined;
    var label = n.parent < 0 ? (n.iteration ? "iteration " + n.iteration + ": " : "root ") + n.position :
      n.move + " \u2192 " + n.position;
    p.push(["label", label]);
    if (minimax) p.push(["side", n.ply % 2 === 0 ? "MAX" : "MIN"]);
    else if (mcts) p.push(["side", "P" + playerAt(n)]);
    else p.push(["side", n.ply % 2 === 0 ? "+" : "\u2212"]);
    if (n.alpha !== undefined) p.push(["window", "[" + num(n.alpha) + "," + num(n.beta) + "]"]);
    if (mcts) {
      p.push(["stats", statText(n)]);
      if (n.uct !== undefined) p.push(["uct", uctText(n.uct)]);
    }
    if (n.trying) p.push(["marks", "trying " + n.trying]);
    if (n.value !== undefined) {
      var v = val(n.value);
      p.push(["value " + (v > 0 ? "pos" : v < 0 ? "neg" : "zero"), "= " + num(n.value)]);
    }
    var e = exactAsSearch(n);
    if (e !== undefined && !quiz) {
      var dis = n.value !== undefined && val(n.value) !== 0 && Math.sign(val(n.value)) !== Math.sign(e);
      /* Said in words too, not in red alone: colour-blind readers. */
      p.push(["exact" + (dis ? " disagree" : ""), "exact " + num(e) + (dis ? " (disagrees!)" : "")]);
    }
    var marks = [];
    (n.flags || []).forEach(function (f) {
      var w = { cut: "cut", "tt-exact": "table: exact", "tt-lower": "table: lower bound",
        "tt-upper": "table: upper bound", etc: "table: a child lost", "tt-hit": "table: not enough",
        end: "end", horizon: "horizon", aborted: "budget spent" }[f];
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

  function settledFlags(n) {
    return n.flags.some(function (f) {
      return f === "tt-exact" || f === "tt-lower" || f === "tt-upper" || f === "etc";
    });
  }

  function countUnder(n) {
    var k = 0;
    n.children.forEach(function (c) {
      if (nodes[c].seen) k += 1 + countUnder(nodes[c]);
    });
    return k;
  }

  function drawNode(n, y) {
    var g = elements.get(n.id);
    var x = 14 + n.ply * INDENT;
    if (!g) {
      g = el("g", { "data-node": n.id }, $("nodes"));
      g.nimBg = el("rect", { "class": "bg", x: 0, y: -ROW / 2, height: ROW, width: 10 }, g);
      el("text", { "class": "fold", x: x - 14, y: 5 }, g);
      if (minimax)
        el("path", { "class": "marker", d: n.ply % 2 === 0 ? "M-6,5 L6,5 L0,-6 Z" : "M-6,-5 L6,-5 L0,6 Z",
          transform: "translate(" + x + ",0)" }, g);
      else if (pns)
        el("path", { "class": "marker", d: "M0,-6 L6,0 L0,6 L-6,0 Z", transform: "translate(" + x + ",0)" }, g);
      else
        el("circle", { "class": "marker", cx: x, cy: 0, r: 6 }, g);
      el("text", { "class": "row", x: x + 12, y: 5 }, g);
      g.setAttribute("data-position", n.position);
      elements.set(n.id, g);
    }
    attr(g, "transform", "translate(0," + y + ")");
    attr(g, "class", nodeClasses(n));
    attr(g, "data-value", n.value !== undefined ? String(n.value) : null);
    attr(g, "data-exact", n.exact !== undefined && !(quizOn && n.value === undefined) ?
      String(n.exact) : null);
    if (mcts) {
      attr(g, "data-visits", String(n.visits));
      attr(g, "data-wins", String(n.wins));
    }
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
    return x + 12 + g.nimLength * charWidth;
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

  function drawPruned(n, y) {
    var g = prunedRows.get(n.id);
    var x = 14 + (n.ply + 1) * INDENT;
    if (!g) {
      g = el("g", { "class": "pruned-row", "data-pruned-of": n.id }, $("nodes"));
      el("text", { x: x - 6, y: 5 }, g);
      var t = g.querySelector("text");
      var head = el("tspan", {}, t);
      head.textContent = "\u2702 never searched: ";
      n.pruned.forEach(function (m, i) {
        var s = el("tspan", { "class": "pruned-move", "data-move": m }, t);
        s.textContent = m;
        if (i < n.pruned.length - 1) el("tspan", {}, t).textContent = " ";
      });
      if (n.prunedTotal > n.pruned.length)
        el("tspan", {}, t).textContent = " and " + (n.prunedTotal - n.pruned.length) + " more";
      prunedRows.set(n.id, g);
    }
    attr(g, "transform", "translate(0," + y + ")");
    return x + (20 + n.pruned.join(" ").length + 16) * charWidth;
  }

  /* The random playout of an iteration, in a row under the position it
     started from. */
  var playoutRow = null;

  function drawPlayout(n, y) {
    var e = state.playout;
    var x = 14 + (n.ply + 1) * INDENT;
    if (!playoutRow) {
      playoutRow = el("g", { "class": "playout-row" }, $("nodes"));
      el("text", { x: 0, y: 5 }, playoutRow);
    }
    var text;
    if (e.why === "playout")
      text = "~ playout: " + e.moves.join(" ") + (e.plies > e.moves.length ? " \u2026(+" +
        (e.plies - e.moves.length) + ")" : "") + " \u2192 player " + e.winner + " wins";
    else
      text = "~ no playout: " + (e.why === "end" ? "the game is over" : "proven") + " \u2192 player " +
        e.winner + " wins";
    var t = playoutRow.querySelector("text");
    attr(t, "x", String(x - 6));
    if (t.textContent !== text) t.textContent = text;
    attr(playoutRow, "data-playout-of", String(n.id));
    attr(playoutRow, "transform", "translate(0," + y + ")");
    return x + (text.length + 4) * charWidth;
  }

  function drawEdge(key, x1, y1, x2, y2, cls) {
    var p = edges.get(key);
    if (!p) {
      p = el("path", { "class": cls }, $("edges"));
      edges.set(key, p);
    }
    attr(p, "d", "M" + x1 + "," + (y1 + 6) + " V" + y2 + " H" + (x2 - 7));
  }

  function render() {
    var rs = rows();
    var y0 = ROW;
    var width = 400;
    var keep = new Set();
    var keepPruned = new Set();
    var keepEdges = new Set();
    var keepPlayout = false;
    var ys = {};
    var group = $("nodes");
    var prev = null;
    /* The elements in the order of the rows, as a reader reads them. */
    function place(g) {
      var want = prev ? prev.nextSibling : group.firstChild;
      if (g !== want) group.insertBefore(g, want);
      prev = g;
    }
    rs.forEach(function (r, i) {
      var y = y0 + i * ROW;
      if (r.node) {
        var n = r.node;
        keep.add(n.id);
        ys[n.id] = y;
        width = Math.max(width, drawNode(n, y));
        place(elements.get(n.id));
        if (n.parent >= 0 && ys[n.parent] !== undefined) {
          var px = 14 + nodes[n.parent].ply * INDENT;
          drawEdge("n" + n.id, px, ys[n.parent], 14 + n.ply * INDENT, y, "edge");
          keepEdges.add("n" + n.id);
        }
      } else if (r.playout) {
        keepPlayout = true;
        width = Math.max(width, drawPlayout(r.playout, y));
        place(playoutRow);
        var q = r.playout;
        drawEdge("o" + q.id, 14 + q.ply * INDENT, ys[q.id], 14 + (q.ply + 1) * INDENT, y,
          "edge playout-edge");
        keepEdges.add("o" + q.id);
      } else {
        keepPruned.add(r.pruned.id);
        width = Math.max(width, drawPruned(r.pruned, y));
        place(prunedRows.get(r.pruned.id));
        var p = r.pruned;
        drawEdge("p" + p.id, 14 + p.ply * INDENT, ys[p.id], 14 + (p.ply + 1) * INDENT, y, "edge pruned-edge");
        keepEdges.add("p" + p.id);
      }
    });
    elements.forEach(function (g, id) {
      if (!keep.has(id)) {
        g.remove();
        elements.delete(id);
      }
    });
    if (!keepPlayout && playoutRow) {
      playoutRow.remove();
      playoutRow = null;
    }
    prunedRows.forEach(function (g, id) {
      if (!keepPruned.has(id) || !nodes[id].pruned) {
        g.remove();
        prunedRows.delete(id);
      }
    });
    edges.forEach(function (p, k) {
      if (!keepEdges.has(k)) {
        p.remove();
        edges.delete(k);
      }
    });
    width += 40;
    var svg = $("tree");
    var height = y0 + rs.length * ROW;
    attr(svg, "viewBox", "0 0 " + width + " " + height);
    attr(svg, "width", String(Math.ceil(width * zoom)));
    attr(svg, "height", String(Math.ceil(height * zoom)));
    elements.forEach(function (g) {
      attr(g.nimBg, "width", String(width));
    });
    dirty.clear();
    renderStatus();
    scrollToCurrent(ys, height);
  }

  function measureZoom() {
    var z = parseFloat(getComputedStyle(document.documentElement).fontSize) / 17;
    zoom = z > 0 ? z : 1;
  }
  window.addEventListener("resize", function () {
    var before = zoom;
    measureZoom();
    if (zoom !== before) render();
  });

  /* Where the tree's box is scrolled to, kept from its scroll events:
     asking the box would make the browser lay the whole tree out again at
     every step, which costs more than all the rest of a step. */
  var scrolled = 0;
  var scrollPending = false;
  $("tree-box").addEventListener("scroll", function () {
    scrolled = $("tree-box").scrollTop;
  }, { passive: true });

  function scrollToCurrent(ys, height) {
    if (state.current < 0 || ys[state.current] === undefined) return;
    /* The box is as high as the tree, up to 65 % of the window (CSS). */
    var shown = Math.min(height * zoom, 0.65 * window.innerHeight);
    var y = ys[state.current] * zoom;
    if (y < scrolled + ROW * zoom || y > scrolled + shown - ROW * zoom) {
      scrolled = Math.max(0, y - shown / 2);
      /* At the next frame: of several steps in one, only the last is
         seen, and scrolling lays the tree out. */
      if (!scrollPending)
        requestAnimationFrame(function () {
          scrollPending = false;
          $("tree-box").scrollTop = scrolled;
        });
      scrollPending = true;
    }
  }

  function sentence() {
    if (!events.length)
      return "No computer player searched in this game, so there is no search to show.";
    if (state.step === 0)
      return "Press Step forward (or the right arrow) to watch " + data.spec + " search " +
        data.root + ", one step at a time.";
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
    item("Position", n.position + (n.move ? " (after " + n.move + ": " + moveWords(n.move) + ")" : " (the root)"));
    item("To move", who(n) + ", " + plural(n.moves, "move", "moves"));
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
        valueWords(n.value));
    } else
      item("Value returned", n.value === undefined ? "not yet" : valueWords(n.value));
    if (n.exact !== undefined && !(quizOn && n.value === undefined))
      item("Exact value", (n.exact > 0 ? "a win" : "a loss") + " for the player to move. " + theoryWords(n));
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
    var tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || ev.altKey ||
      ev.ctrlKey || ev.metaKey)
      return;
    var k = ev.key;
    if (k === "ArrowRight") {
      stop();
      forward();
    } else if (k === "ArrowLeft") {
      stop();
      back();
    } else if (k === "Home") {
      stop();
      jump(0);
    } else if (k === "End") {
      stop();
      jump(events.length);
    } else if (k === " " && tag !== "BUTTON") play();
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
    s += (spec ? " (" + spec + ")" : "") + ", player " + rootPlayer + " to move. " +
      plural(c.searched, "node", "nodes") + " searched, " +
      c.shown + " shown";
    if (c.below) s += ", " + c.below + " counted below the depth shown (" + data.depth + ")";
    if (c.left_out) s += ", " + c.left_out + " left out past the limit of " + data.limit +
      " (--trace-limit)";
    return s + ".";
  }

  function heading() {
    var names = { minimax: "minimax", negamax: "negamax", "alpha-beta": "negamax with alpha-beta",
      pns: "proof-number search", mcts: "Monte-Carlo tree search" };
    document.querySelectorAll("#legend li[data-kind]").forEach(function (li) {
      li.hidden = li.getAttribute("data-kind") !== (mcts ? "mcts" : "search");
    });
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
      "term uses. The root shows its visits." : minimax ?
      "MAX and MIN: who moves. Minimax's values are Max's (player " + rootPlayer +
      "'s): Max takes the largest value of the moves, Min the smallest. A triangle up is Max, down is Min." :
      "+ and \u2212: negamax's values are for the player to move there; + marks the plies of player " +
      rootPlayer + " (who searches), \u2212 those of the opponent, whose values are the negation.";
    $("auto-fold").checked = nodes.length > 200;
    if (mcts) $("auto-fold-text").textContent = "Fold the subtrees off the path";
    $("steps").textContent = events.length;
    $("step").max = events.length;
  }

  heading();
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
    goTo: function (step) {
      jump(step);
    }
  };
})();
