"""It's a Bomb! scenario rulesets, part two: the Countdown deck and Consultants (IB-2, IB-7)."""

# Effect primitives a Consultant or a special Countdown card may carry (IB-7 leaves their
# meaning to the scenario): each is one small change of the engine's state (itsabomb_play.py).
# Kept apart from itsabomb_rules.py so that MicroPython compiles each half in less RAM; written
# tersely (few distinct names and texts) because every name costs RAM on the board for good.

from core import check
from core.itsabomb.effects import EXPLOSION, GREY


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
        # Special cards may hold, rush, order, shield or silence; Consultants may leave greys
        # out, hold, order, scan or shield. Four of the effects take an amount.
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
    # core.countdown's own check, loaded only here: a scenario without real-time rounds never
    # pays for the countdown's code.
    from core import countdown

    t = {"round_ms": n, "beeps": None, "checkpoints": None}
    if "beeps" in c:
        t["beeps"] = countdown.check_beeps(c["beeps"], "realtime.beeps", n, 50, 60000, True)
    if "checkpoints" in c:
        p = "realtime.checkpoints"
        t["checkpoints"] = countdown.check_checkpoints(c["checkpoints"], p, n, False, True)
    rs["realtime"] = t
