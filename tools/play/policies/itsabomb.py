"""The "simple" It's a Bomb! team of the balance tool: ask about lines, then cut likely colours."""

# The team sees the public table: face-down tiles as "?", the colours already cut, and the
# latest token answer next to each row and column. From each answer it estimates, for every
# face-down tile of that line, the chance of a new colour (tokens of colours not yet cut, over
# the line's face-down tiles) and of an explosive; a tile crossed by two answers takes the lower
# estimate of each (both are upper bounds). Tokens only ever leave a line, so an answer without
# an explosive token stays a proof that the line has none.
# The plan: cut a tile proven free of explosives that is at least even odds to be a new colour;
# otherwise ask about the unasked line with the most face-down tiles; with nothing left to ask,
# asking blocked, or no more Countdown cards left than colours to find, cut the tile with the
# best odds. Consultants are not used, except that a
# setup or a Consultant effect that asks for a tile gets the best-looking one.

# Before any answer: at least one tile of each uncut colour is somewhere face down; the explosive
# estimate is a prior for an unknown line.
_PRIOR_EXPLOSIVE = 0.15


def _cells(view):
    out = []
    for r, row in enumerate(view["grid"]):
        for c, t in enumerate(row):
            if t == "?":
                out.append((r, c))
    return out


def _line_odds(view, kind, i, answer, uncut):
    """(new colour, explosive) estimates for a face-down tile of one answered line."""
    if kind == "row":
        hidden = view["grid"][i].count("?")
    else:
        hidden = sum(1 for row in view["grid"] if row[i] == "?")
    if hidden == 0:
        return 0.0, 0.0
    new = sum(1 for t in answer if t in uncut)
    bad = answer.count("explosive")
    return min(1.0, new / hidden), min(1.0, bad / hidden)


def odds(view):
    """{(row, col): (p_new, p_explosive)} for every face-down tile."""
    cells = _cells(view)
    uncut = set(view["colours"]) - set(view["cut"])
    prior = min(1.0, len(uncut) / max(1, len(cells)))
    lines = {}
    for kind in ("row", "col"):
        for i, answer in enumerate(view["answers"][kind]):
            if answer is not None:
                lines[kind, i] = _line_odds(view, kind, i, answer, uncut)
    out = {}
    for r, c in cells:
        known = [lines[k] for k in (("row", r), ("col", c)) if k in lines]
        if known:
            out[r, c] = (min(k[0] for k in known), min(k[1] for k in known))
        else:
            out[r, c] = (prior, _PRIOR_EXPLOSIVE)
    return out


def _best_tile(view, actions, kind, rnd):
    est = odds(view)
    best, picks = None, []
    for a in actions:
        if a[0] != kind:
            continue
        p_new, p_bad = est[a[1], a[2]]
        score = p_new - 2.0 * p_bad
        if best is None or score > best:
            best, picks = score, [a]
        elif score == best:
            picks.append(a)
    return picks[rnd.randrange(len(picks))], best


def _unasked(view, actions):
    """The ask actions about lines with no answer yet, most face-down tiles first."""
    grid = view["grid"]
    out = []
    for a in actions:
        if a[0] == "ask" and len(a) == 3 and view["answers"][a[1]][a[2]] is None:
            if a[1] == "row":
                hidden = grid[a[2]].count("?")
            else:
                hidden = sum(1 for row in grid if row[a[2]] == "?")
            out.append((-hidden, a))
    out.sort()
    return [a for _h, a in out]


def unplayable(rs):
    """Countdown mode has no game on the device to simulate: the table holds the tiles."""
    if rs["mode"] != "crisis":
        msg = "mode: in %s mode the table holds the tiles, so there is no game to simulate"
        return msg % rs["mode"]
    return None


def choose(view, actions, rnd):
    first = actions[0][0]
    if first in ("empty", "scan"):  # an effect wants a tile: the best-looking one
        return _best_tile(view, actions, first, rnd)[0]
    if ("start",) in actions:
        return ("start",)
    if view["mode"] != "crisis":
        raise ValueError("the simple policy needs the device to hold the grid (crisis mode)")
    cut, _score = _best_tile(view, actions, "cut", rnd)
    p_new, p_bad = odds(view)[cut[1], cut[2]]
    if p_bad == 0.0 and p_new >= 0.5:
        return cut
    # Running out of time: with no more Countdown cards than colours to find, stop asking.
    uncut = len(set(view["colours"]) - set(view["cut"]))
    asks = _unasked(view, actions) if view["cards"] - 1 > uncut else []
    if asks:
        return asks[0]
    return cut
