"""What the team may do now in It's a Bomb!: the sorted list of actions, and a legality test."""

# `legal(g, action)` answers "is action in actions(g)?" without building that list: act() runs
# on the board, where a 42-tile grid's list of actions is a few KB of garbage per move. The tests
# check that the two agree on random actions.

from core.itsabomb.tiles import SETUP, hidden, line


def _ok(g, k):
    # A Consultant is used at most once, and only in its moment: setup or a round.
    return not g.used[k] and (g.rs["consultants"][k]["when"] == "setup") == (g.phase == SETUP)


def _fill(g, out, n, kind):
    # (kind, row, col) for every face-down tile, into out from index n on.
    cols = g.rs["cols"]
    for c in range(len(g.grid)):
        if hidden(g.grid, g.up, c):
            out[n] = (kind, c // cols, c % cols)
            n += 1
    return out


def actions(g):
    # Made in sorted order (ask < consult < cut < empty, scan < start) and, for the grid, as a
    # list of the exact size: a growing list would ask the heap for a larger block.
    if g.result is not None:
        return []
    n = 0
    for c in range(len(g.grid)):
        if hidden(g.grid, g.up, c):
            n += 1
    if g.empties or g.scan:
        return _fill(g, [None] * n, 0, "empty" if g.empties else "scan")
    out = [("consult", k) for k in range(len(g.used)) if _ok(g, k)]
    if g.phase == SETUP:
        return out + [("start",)]
    if not g.crisis:
        out = out + [("cut", "explosive"), ("cut", "new"), ("cut", "nothing")]
        return out if g.no_ask else [("ask",)] + out
    # Counted first, then made into one list: a 6x7 grid's actions are a block of about 400
    # bytes, which a fragmented heap finds more easily once than three times.
    asks = _asks(g, None)
    res = [None] * (asks + len(out) + n)
    _asks(g, res)
    for a in out:
        res[asks] = a
        asks += 1
    return _fill(g, res, asks, "cut")


def _asks(g, out):
    # The number of lines that may be asked about; with `out`, their actions into it from 0 on.
    n = 0
    for kind in () if g.no_ask else ("col", "row"):
        for i in range(g.rs["cols" if kind == "col" else "rows"]):
            for c in line(g.rs["rows"], g.rs["cols"], kind, i):
                if hidden(g.grid, g.up, c):
                    if out is not None:
                        out[n] = ("ask", kind, i)
                    n += 1
                    break
    return n


def _grid(g, action):
    rows, cols = g.rs["rows"], g.rs["cols"]
    if len(action) != 3 or type(action[1]) is not int or type(action[2]) is not int:
        return False
    if not (0 <= action[1] < rows and 0 <= action[2] < cols):
        return False
    return hidden(g.grid, g.up, action[1] * cols + action[2])


def legal(g, action):
    """Whether the tuple `action` (of ints and texts, not empty) is one of actions(g)."""
    if g.result is not None:
        return False
    if g.empties or g.scan:
        return action[0] == ("empty" if g.empties else "scan") and _grid(g, action)
    if action[0] == "consult":
        ok = len(action) == 2 and type(action[1]) is int and 0 <= action[1] < len(g.used)
        return ok and _ok(g, action[1])
    if g.phase == SETUP:
        return action == ("start",)
    if action[0] == "cut":
        if g.crisis:
            return _grid(g, action)
        return len(action) == 2 and action[1] in ("explosive", "new", "nothing")
    if action[0] != "ask" or g.no_ask:
        return False
    if not g.crisis:
        return len(action) == 1
    if len(action) != 3 or action[1] not in ("col", "row") or type(action[2]) is not int:
        return False
    if not 0 <= action[2] < g.rs["cols" if action[1] == "col" else "rows"]:
        return False
    for c in line(g.rs["rows"], g.rs["cols"], action[1], action[2]):
        if hidden(g.grid, g.up, c):
            return True
    return False
