"""Shared helpers for the It's a Bomb! tests: scenarios, saves, grids (no tests in here)."""

import copy
import json

from core import ruleset
from core.itsabomb import Game
from core.itsabomb.tiles import KINDS
from host_tests.support.rulesets import RULESETS

SHIPPED = sorted(p.name for p in RULESETS.glob("itsabomb*.json"))
COLOURS = KINDS[6:]


def raw(name):
    with open(RULESETS / name) as f:
        return json.load(f)


def load(obj):
    return ruleset.load(copy.deepcopy(obj))


def scenario(**changes):
    """A small crisis scenario to build rulings on; keyword arguments replace its fields."""
    obj = {
        "format": 1,
        "game": "itsabomb",
        "name": "Test grid",
        "house": True,
        "players": [1, 6],
        "level": "standard",
        "grid": {"rows": 2, "cols": 3},
        "tiles": {"red": 1, "blue": 1, "grey": 2, "battery": 1, "explosive": 1},
        "time": 30,
    }
    for k, v in changes.items():
        if v is None:
            obj.pop(k, None)
        else:
            obj[k] = v
    return load(obj)


def resume(rs, g):
    """The game rebuilt from its save after a trip through JSON, as after a power cut."""
    return Game.from_state(rs, json.loads(json.dumps(g.to_state())))


def state(g):
    return json.loads(json.dumps(g.to_state()))


def tiles(g):
    """The grid as kind names, row-major (the hidden truth, for tests only)."""
    return [KINDS[k] for k in g.grid]


def place(rs, g, layout):
    """The same game with its grid replaced by `layout` (kind names, row-major, all face down).

    The layout must hold the scenario's tiles; from_state checks that, so tests cannot set up a
    grid the rules could not deal.
    """
    s = state(g)
    s["grid"] = "".join(chr(97 + KINDS.index(k)) for k in layout)
    return Game.from_state(rs, s)


def cell(rs, kind, g):
    """(row, col) of the first face-down tile of `kind`."""
    for c, k in enumerate(g.grid):
        if KINDS[k] == kind and not g.up[c]:
            return c // rs["cols"], c % rs["cols"]
    raise AssertionError("no face-down " + kind)


def play_round(g):
    """Start the game if it is in setup (using no Consultant)."""
    if ("start",) in g.actions():
        g.act(("start",))
    return g
