"""It's a Bomb! scenario rulesets: the validator of the header, grid and tiles (IB-1, IB-4)."""

# A scenario is data (IB-1): the grid shape, the tile mix, the available time, the special
# Countdown cards and the Consultants, plus the mode (IB-5) and our optional real-time rounds.
# Counts are capped at what the box holds, so every scenario can also be laid out with the
# physical tiles and cards (countdown-only mode needs exactly that). The deck and the
# Consultants are checked in itsabomb_cards.py.

from core import check
from core.itsabomb import cards as itsabomb_cards
from core.itsabomb.effects import FIRST_COLOUR, KINDS


def _grid(obj, rs):
    g = check.field(obj, "grid", "", "dict")
    check.no_extra(g, "grid", ("rows", "cols", "holes"))
    rows = rs["rows"] = check.int_in(g, "rows", "grid", 1, 8)
    cols = rs["cols"] = check.int_in(g, "cols", "grid", 1, 8)
    out = []
    for i, v in enumerate(check.list_of(g, "holes", "grid", 0, rows * cols, False) or ()):
        p = "grid.holes." + str(i)
        if type(v) is not list or len(v) != 2 or not check.is_int(v[0]) or not check.is_int(v[1]):
            check.fail(p, "must be [row, col]")
        if not (0 <= v[0] < rows and 0 <= v[1] < cols):
            check.fail(p, "outside the grid")
        if v[0] * cols + v[1] in out:
            check.fail(p, "listed twice")
        out.append(v[0] * cols + v[1])
    rs["holes"] = tuple(sorted(out))


def _tiles(obj, rs):
    t = check.field(obj, "tiles", "", "dict")
    check.no_extra(t, "tiles", KINDS[1:])
    # At most what the box holds of each kind (indexed like KINDS; 3 cables per colour).
    n = (0, 16, 4, 1, 1, 5, 3, 3, 3, 3, 3)
    out = [0] + [check.int_in(t, KINDS[k], "tiles", 0, n[k], False, 0) for k in range(1, 11)]
    n = rs["rows"] * rs["cols"] - len(rs["holes"])
    if sum(out) != n:
        check.fail("tiles", str(sum(out)) + " tiles for " + str(n) + " places in the grid")
    rs["tiles"] = tuple(out)
    rs["colours"] = tuple(k for k in range(FIRST_COLOUR, 11) if out[k])
    if not rs["colours"]:
        check.fail("tiles", "needs at least one coloured cable")
    # IB-4: grey cables and auxiliary detonators give no token unless the scenario says so.
    out = [0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
    for i, k in enumerate(check.list_of(obj, "tokens", "", 0, 2, False) or ()):
        if k not in KINDS[1:3]:
            check.fail("tokens." + str(i), "must be grey or detonator")
        out[KINDS.index(k)] = 1
    rs["loud"] = tuple(out)


def validate(obj, rs):
    """Check an itsabomb scenario (called by core.ruleset.load)."""

    keys = ("mode", "players", "level", "grid", "tiles", "tokens", "time", "specials")
    check.no_extra(obj, "", check.HEADER + keys + ("consultants", "realtime"))
    rs["mode"] = check.one_of(obj, "mode", "", ("crisis", "countdown"), False, "crisis")
    seats = check.list_of(obj, "players", "", 2, 2)
    lo = 2 if rs["mode"] == "countdown" else 1  # a human Crisis Unit and at least one employee
    for i in range(2):
        if not check.is_int(seats[i]) or not lo <= seats[i] <= 10:
            check.fail("players." + str(i), "must be " + str(lo) + "..10")
    if seats[0] > seats[1]:
        check.fail("players", "must be [fewest, most]")
    rs["seats"] = (seats[0], seats[1])
    t = ("standard", "advanced", "special")
    rs["level"] = t.index(check.one_of(obj, "level", "", t)) + 1
    _grid(obj, rs)
    _tiles(obj, rs)
    itsabomb_cards.deck(obj, rs)
    itsabomb_cards.consultants(obj, rs)
    itsabomb_cards.realtime(obj, rs)
