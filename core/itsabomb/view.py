"""What the table sees of an It's a Bomb! game: built only from public state, never the grid."""

# Face-down tiles show as "?", places without a tile as ".", flipped tiles by kind. The answers
# are the latest token pile next to each row and column (IB-4), in the order they were laid out.
# The hidden grid is shown in full only once the game is over.

from core.errors import viewer
from core.itsabomb.tiles import EMPTY, KINDS, SETUP, timers


def time(g):
    """The time the deck shows: the highest Timer card still in it (0 when none is left)."""
    for t in g.rs["deck"][g.pos :]:
        if t > 0:
            return t
    return 0


def _grid(g, ok):
    # Face-down tiles as "?", no tile as "."; `ok` (the game is over) shows every tile.
    cols = g.rs["cols"]
    out = []
    for i in range(g.rs["rows"]):
        t = []
        for c in range(i * cols, (i + 1) * cols):
            k = g.grid[c]
            t.append("." if k == EMPTY else (KINDS[k] if g.up[c] or ok else "?"))
        out.append(t)
    return out


def _tiles(g, kind):
    # The latest answer next to each row or column, as token names.
    out = g.answers[: g.rs["rows"]] if kind == "row" else g.answers[g.rs["rows"] :]
    return [None if t is None else [KINDS[k] for k in t] for t in out]


def view(g, seat):
    viewer(seat, g.n)
    rs = g.rs
    ok = g.result is not None
    card = rs["deck"][g.pos]
    if card <= 0:
        card = rs["specials"][-card - 1]["card"] if card else "explosion"
    v = {
        "game": "itsabomb",
        "mode": rs["mode"],
        "seats": g.n,
        "reveals": [],
        "phase": "over" if ok else ("setup" if g.phase == SETUP else "play"),
        "speaker": g.current_player(),
        "round": g.turn + 1,
        "card": card,
        "time": time(g),
        "timers": timers(rs["deck"], g.pos),
        "cards": len(rs["deck"]) - g.pos,
        "colours": [KINDS[k] for k in rs["colours"]],
        "found": g.found,
        "consultants": list(g.used),
        "hold": g.hold,
        "no_ask": g.no_ask,
        "ordered": g.ordered == 1,
        "shield": g.shield == 1,
        "empties": g.empties,
        "scan": g.scan == 1,
        "outcome": list(g.result) if ok else None,
        "score": g.score,
    }
    if g.crisis:
        v["rows"] = rs["rows"]
        v["cols"] = rs["cols"]
        v["grid"] = _grid(g, False)
        v["cut"] = []
        for k in rs["colours"]:
            for c in range(len(g.grid)):
                if g.up[c] and g.grid[c] == k:
                    v["cut"].append(KINDS[k])
                    break
        v["answers"] = {"row": _tiles(g, "row"), "col": _tiles(g, "col")}
        if ok:
            v["solution"] = _grid(g, True)
    if seat is not None:
        # A cooperative game: no seat holds a secret, so a seat sees the public table.
        v["seat"] = seat
    return v
