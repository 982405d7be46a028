"""It's a Bomb! scenario rulesets: the validator of the grid, tiles, deck and Consultants.

A scenario is data (IB-1): the grid shape, the tile mix (IB-4), the available time and the
special Countdown cards (IB-2), and the Consultants (IB-7), plus the mode (IB-5) and our
optional real-time rounds. Counts are capped at what the box holds, so every scenario can also
be laid out with the physical tiles and cards (countdown-only mode needs exactly that).
"""

# Written tersely (few distinct names and texts): every name costs RAM on the board for good.

from core import check
from core.itsabomb.tiles import EXPLOSION, FIRST_COLOUR, GREY, KINDS


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
    if "realtime" in obj:
        from core import schedule  # noqa: F401  (first: see realtime())

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
    deck(obj, rs)
    consultants(obj, rs)
    realtime(obj, rs)


def _items(obj, key, n, kind, rs):
    """Special cards (kind 0) or Consultants (kind 1): lists of small objects."""
    out = []
    for i, c in enumerate(check.list_of(obj, key, "", 0, n, False) or ()):
        p = key + "." + str(i)
        check.dict_at(c, p)
        if kind:
            check.no_extra(c, p, ("name", "text", "when", "effect", "amount"))
            v = {"name": check.text(c, "name", p, 24)}
            v["when"] = check.one_of(c, "when", p, ("setup", "round"))
        else:
            check.no_extra(c, p, ("card", "below", "text", "effect", "amount"))
            v = {"card": check.one_of(c, "card", p, ("call", "signal"))}
            v["below"] = check.int_in(c, "below", p, 10, rs["time"])
            if v["below"] % 10:
                check.fail(p + ".below", "must name a timer card (a multiple of 10)")
        v["text"] = check.text(c, "text", p, 120, kind == 1, "")
        # Effect primitives (IB-7 leaves their meaning to the scenario; each is one small change
        # of the game's state): special cards may hold, rush, order, shield or silence;
        # Consultants may leave greys out, hold, order, scan or shield. Four take an amount.
        t = ("hold", "rush", "ordered", "shield", "no_ask")
        if kind:
            t = ("fewer_grey", "hold", "ordered", "scan", "shield")
        e = v["effect"] = check.one_of(c, "effect", p, t, False, "")
        t = ("fewer_grey", "hold", "rush", "no_ask")
        v["amount"] = check.int_in(c, "amount", p, 1, 5, False, 1) if e in t else 0
        if "amount" in c and e not in t:
            check.fail(p + ".amount", "this effect takes no amount")
        out.append(v)
    return out


def deck(obj, rs):
    """The Countdown deck top to bottom (IB-2): timers from the available time down, each
    special card right below the timer it names, the Explosion card last."""
    t = rs["time"] = check.int_in(obj, "time", "", 10, 90)
    if t % 10:
        check.fail("time", "must be a multiple of 10 seconds")
    out = rs["specials"] = _items(obj, "specials", 4, 0, rs)
    if len([s for s in out if s["card"] == "signal"]) > 3:
        check.fail("specials", "the box has only 3 signal cards")
    if len([s for s in out if s["card"] == "call"]) > 1:
        check.fail("specials", "the box has only 1 call card")
    v = []
    while t > 0:
        v.append(t)
        for i in range(len(out)):
            if out[i]["below"] == t:
                v.append(-(i + 1))
        t -= 10
    v.append(EXPLOSION)
    rs["deck"] = tuple(v)


def consultants(obj, rs):
    out = rs["consultants"] = _items(obj, "consultants", 10, 1, rs)
    n = 0
    for i in range(len(out)):
        p = "consultants." + str(i)
        e = out[i]["effect"]
        if e == "fewer_grey":
            n += out[i]["amount"]
            if n > rs["tiles"][GREY]:
                check.fail(p + ".amount", "more grey cables left out than the grid holds")
        t = "round" if e == "scan" else "setup"
        if (e == "fewer_grey" or e == "scan") and out[i]["when"] != t:
            check.fail(p + ".when", e + " is used at " + t)


def realtime(obj, rs):
    """Our real-time rounds (a house option, not the rulebook's): each round has a clock."""
    c = rs["realtime"] = check.field(obj, "realtime", "", "dict", False, None)
    if c is None:
        return
    if not rs["house"]:
        check.fail("realtime", "is a house option: the ruleset must say house: true")
    check.no_extra(c, "realtime", ("round_seconds", "beeps", "checkpoints"))
    n = check.int_in(c, "round_seconds", "realtime", 5, 600) * 1000
    # The schedule's check loads only for scenarios with real-time rounds.
    from core import schedule

    t = {"round_ms": n, "beeps": None, "checkpoints": None}
    if "beeps" in c:
        t["beeps"] = schedule.check(c["beeps"], "realtime.beeps", n, 50, 60000, False, True)
    if "checkpoints" in c:
        p = "realtime.checkpoints"
        t["checkpoints"] = schedule.check(c["checkpoints"], p, n, 0, 0, False, True)
    rs["realtime"] = t
