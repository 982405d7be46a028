"""Rebuilding an It's a Bomb! game from a save, refusing anything the scenario cannot reach."""

# Every field is checked against the ruleset it is loaded with: the grid must hold exactly the
# scenario's tiles (less the grey ones a Consultant left out), flipped tiles and found colours
# must agree, and the deck position must lie inside the deck. Anything off raises SaveError.
# Messages are short on purpose: this module stays in RAM once a game has been resumed.

from core import saves
from core.itsabomb.effects import EMPTY, EXPLOSION, GREY, PLAY, SETUP
from core.rng import Rng


def _grid(g, text):
    rs = g.rs
    n = rs["rows"] * rs["cols"]
    saves.need(type(text) is str, "grid")
    grid = bytearray(text.encode())
    up = bytearray(len(grid))
    saves.need(len(grid) == n, "grid")
    t = [0] * 11
    found = []
    for c in range(n):
        k = grid[c]
        saves.need(65 <= k <= 75 or 97 <= k <= 107, "grid")
        up[c] = 1 if k < 97 else 0
        k -= 65 if k < 97 else 97
        grid[c] = k
        t[k] += 1
        saves.need(k == EMPTY or c not in rs["holes"], "grid")  # a hole holds no tile
        saves.need(not up[c] or k != EMPTY, "grid")
        if up[c] and k in rs["colours"] and k not in found:
            found.append(k)
    out = t[EMPTY] - len(rs["holes"])  # grey cables left out by a Consultant
    t[GREY] += out
    t[EMPTY] = 0
    saves.need(t == list(rs["tiles"]), "tiles")
    for k in range(len(g.used)):
        if g.used[k] and rs["consultants"][k]["effect"] == "fewer_grey":
            out -= rs["consultants"][k]["amount"]
    saves.need(out + g.empties == 0 and len(found) == g.found, "grid")
    g.grid = grid
    g.up = up


def load(g, state):
    """Fill game g (made with object.__new__, rs set) from a saved state."""
    rs = g.rs
    saves.header(state, "itsabomb", 1)
    g.n = saves.int_at(state, "n", rs["seats"][0], rs["seats"][1])
    saves.need(state.get("mode") == rs["mode"], "mode")
    g.crisis = rs["mode"] == "crisis"
    try:
        g.rng = Rng.from_state(state.get("rng"))
    except ValueError:
        saves.need(False, "rng")
    g.phase = saves.int_at(state, "phase", SETUP, PLAY)
    g.pos = saves.int_at(state, "pos", 0, len(rs["deck"]) - 1)
    g.found = saves.int_at(state, "found", 0, len(rs["colours"]))
    # The plain counters and flags of a save, with their highest values.
    for key, hi in (("hold", 99), ("no_ask", 99), ("empties", 16), ("turn", 9999)):
        setattr(g, key, saves.int_at(state, key, 0, hi))
    for key in ("ordered", "shield", "scan"):
        setattr(g, key, saves.int_at(state, key, 0, 1))
    # Copies: the game must not change the caller's parsed save as it plays on.
    g.used = list(saves.int_list(state.get("used"), len(rs["consultants"]), 0, 1, "used"))
    answers = state.get("answers")
    n = rs["rows"] + rs["cols"] if g.crisis else 0
    saves.need(type(answers) is list and len(answers) == n, "answers")
    for a in answers:
        if a is not None:
            saves.int_list(a, None, GREY, 10, "answers")
            saves.need(len(a) <= 8, "answers")
    g.answers = list(answers)
    if g.crisis:
        _grid(g, state.get("grid"))
    else:
        saves.need(state.get("grid") == "", "grid")
        saves.need(not (g.empties or g.scan or g.ordered), "grid")
        g.grid = g.up = bytearray(0)
    saves.need(not (g.empties and g.scan), "choices")
    g.result = saves.outcome(state.get("outcome"))
    g.score = state.get("score")
    if g.result is None:
        saves.need(g.score is None and rs["deck"][g.pos] != EXPLOSION, "outcome")
        saves.need(g.found < len(rs["colours"]), "outcome")
    else:
        ok = g.result[0] == "players"
        saves.need(ok or g.result[0] == "bomb", "outcome")
        saves.need(ok == (type(g.score) is int), "score")
    if g.phase == SETUP:
        saves.need(g.turn == 0 and g.pos == 0, "phase")
    g.left = state.get("clock")
    if g.left is not None:
        t = rs["realtime"]
        saves.need(t is not None and type(g.left) is int, "clock")
        saves.need(1 <= g.left <= t["round_ms"], "clock")
    g.clock = None
