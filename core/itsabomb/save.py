"""It's a Bomb! saves: the grid as the short text a save holds, and the checks of its fields.

Game.to_state() and Game.from_state() (core/itsabomb/__init__.py) call these for the fields that
need more than a range check: the grid, the answers and the outcome.

Every field is checked against the ruleset it is loaded with: the grid must hold exactly the
scenario's tiles (less the grey ones a Consultant left out), flipped tiles and found colours
must agree, and the deck position must lie inside the deck. Anything off raises SaveError.
Messages are short on purpose: this module stays in RAM once a game has been resumed.
"""

from core import saves
from core.itsabomb.tiles import EMPTY, EXPLOSION, GREY

REASONS = ("explosive", "explosion", "colours")
# Why old saves (before outcomes were codes) said the game ended, in the order of REASONS.
_OLD = ("an explosive was cut", "the countdown reached the explosion", "every colour is cut")


def grid_text(grid, up):
    """One letter a cell, "a".."k" face down and "A".."K" face up by tile code: a short text
    keeps saves (and the heap while saving) small on the board."""
    b = bytearray(len(grid))
    for c in range(len(b)):
        b[c] = grid[c] + (65 if up[c] else 97)
    return str(b, "ascii")


def grid(rs, text, used, empties, found):
    """The grid and its face-up flags from their text, checked against the scenario's tiles."""
    n = rs["rows"] * rs["cols"]
    saves.need(type(text) is str, "grid")
    grid = bytearray(text.encode())
    up = bytearray(len(grid))
    saves.need(len(grid) == n, "grid")
    t = [0] * 11
    seen = []
    for c in range(n):
        k = grid[c]
        saves.need(65 <= k <= 75 or 97 <= k <= 107, "grid")
        up[c] = 1 if k < 97 else 0
        k -= 65 if k < 97 else 97
        grid[c] = k
        t[k] += 1
        saves.need(k == EMPTY or c not in rs["holes"], "grid")  # a hole holds no tile
        saves.need(not up[c] or k != EMPTY, "grid")
        if up[c] and k in rs["colours"] and k not in seen:
            seen.append(k)
    out = t[EMPTY] - len(rs["holes"])  # grey cables left out by a Consultant
    t[GREY] += out
    t[EMPTY] = 0
    saves.need(t == list(rs["tiles"]), "tiles")
    for k in range(len(used)):
        if used[k] and rs["consultants"][k]["effect"] == "fewer_grey":
            out -= rs["consultants"][k]["amount"]
    saves.need(out + empties == 0 and len(seen) == found, "grid")
    return grid, up


def answers(v, n):
    """The latest answer of each of the n lines (None, or up to 8 token codes), as a copy."""
    saves.need(type(v) is list and len(v) == n, "answers")
    for a in v:
        if a is not None:
            saves.int_list(a, None, GREY, 10, "answers")
            saves.need(len(a) <= 8, "answers")
    return list(v)


def outcome(rs, v, score, pos, found):
    """The saved outcome as (side, reason code), or None for a game that must still be open."""
    result = saves.outcome(v)
    if result is None:
        saves.need(score is None and rs["deck"][pos] != EXPLOSION, "outcome")
        saves.need(found < len(rs["colours"]), "outcome")
        return None
    ok = result[0] == "players"
    saves.need(ok or result[0] == "bomb", "outcome")
    saves.need(ok == (type(score) is int), "score")
    why = result[1]
    if why in _OLD:
        why = REASONS[_OLD.index(why)]
    saves.need(why in REASONS, "outcome")
    return (result[0], why)
