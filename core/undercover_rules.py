"""Checking an Undercover ruleset: cover table, wires, Doom token and Location decks."""

# Per player count, the ruleset lists the cover colour of every prepared Organization and Agency
# card and says that Shadow is there (always exactly one, ruling UC-1); a team's leader needs a
# card of its own colour. "locations" is "physical" or one deck per round (ruling UC-4); a card
# is {"name", "text", "effect"?, "variants"?}, variants mapping a player count to its own
# {"text", "effect"?}; an effect is a short text such as "pass" or "cuts -1" (see
# core/locations.py). Cards are stored as tuples (name, text, effect, variants), small on the
# board's heap. Loaded only while a ruleset is checked.

from core import check
from core.locations import MAX_SHIFT
from core.undercover_play import COLOURS, role_deck
from core.wires import KINDS

MAX_SEATS = 10
MAX_HAND = 8
MAX_CARDS = 8
EFFECTS = ("cuts", "pass", "no_return", "announce", "intel")


def _covers(t, p, team, leader):
    """(leader's colour count, other colour count) of a team's list of covers."""
    q = check.join(p, team)
    v = check.list_of(t, team, p, 1, MAX_SEATS)
    for i in range(len(v)):
        if v[i] not in COLOURS:
            check.fail(check.join(q, i), "must be red or blue")
    if leader not in v:
        check.fail(q, "needs a " + leader + " cover for its leader")
    return v.count(leader), len(v) - v.count(leader)


def _effect(v, path):
    """(kind, arg) from "pass", "cuts -1", "intel defuse"...: arg is the shift or wire kind."""
    words = v.split(" ") if type(v) is str else ()
    kind = words[0] if words else None
    arg = words[1] if len(words) == 2 else None
    if kind == "intel" and arg in KINDS:
        return (kind, arg)
    if kind == "cuts" and arg is not None:
        for shift in range(-MAX_SHIFT, MAX_SHIFT + 1):
            if shift and arg == ("+" if shift > 0 else "") + str(shift):
                return (kind, shift)
    elif kind in EFFECTS and kind != "intel" and len(words) == 1:
        return (kind, None)
    check.fail(path, "must be pass, no_return, announce, cuts -2..+2 or intel safe|defuse|bomb")


def _face(obj, path, keys):
    check.no_extra(obj, path, keys)
    text = check.text(obj, "text", path, 160)
    if "effect" in obj:
        return text, _effect(obj["effect"], check.join(path, "effect"))
    return text, None


def _card(obj, path, lo, hi):
    c = check.dict_at(obj, path)
    name = check.text(c, "name", path, 24)
    text, effect = _face(c, path, ("name", "text", "effect", "variants"))
    variants = None
    if "variants" in c:
        table = check.seat_table(c, "variants", path, lo, hi)
        variants = {}
        for n in table:
            p = check.join(check.join(path, "variants"), n)
            variants[n] = _face(check.dict_at(table[n], p), p, ("text", "effect"))
    return (name, text, effect, variants)


def _decks(v, rounds, lo, hi):
    if v == "physical":
        return None
    if type(v) is not list or len(v) != rounds:
        check.fail("locations", 'must be "physical" or one deck per round')
    decks = []
    for r in range(rounds):
        p = check.join("locations", r)
        deck = v[r]
        if type(deck) is not list or not 1 <= len(deck) <= MAX_CARDS:
            check.fail(p, "must be a list of 1.." + str(MAX_CARDS) + " cards")
        decks.append([_card(deck[i], check.join(p, i), lo, hi) for i in range(len(deck))])
    return decks


def validate(obj, rs):
    """Check an undercover ruleset's tables (called by core.ruleset.load)."""
    from core.ruleset import HEADER

    keys = ("roles", "wires", "hand", "rounds", "doom", "locations")
    check.no_extra(obj, "", HEADER + keys)
    hand = rs["hand"] = check.int_in(obj, "hand", "", 1, MAX_HAND)
    rounds = rs["rounds"] = check.int_in(obj, "rounds", "", 1, hand)
    roles = check.seat_table(obj, "roles", "", 3, MAX_SEATS)
    wires = check.seat_table(obj, "wires", "", 3, MAX_SEATS)
    rs["roles"], rs["wires"] = {}, {}
    for n in roles:
        p = "roles." + str(n)
        t = check.dict_at(roles[n], p)
        check.no_extra(t, p, ("organization", "agency", "shadow"))
        row = _covers(t, p, "organization", "red") + _covers(t, p, "agency", "blue")
        check.int_in(t, "shadow", p, 1, 1)  # Shadow is always prepared (UC-1)
        total = len(role_deck(row))
        if total < n or total > n + 1:
            check.fail(p, str(total) + " roles for " + str(n) + " seats")
        rs["roles"][n] = row
    for n in wires:
        p = "wires." + str(n)
        t = check.dict_at(wires[n], p)
        check.no_extra(t, p, KINDS)
        counts = {k: check.int_in(t, k, p, 0, MAX_SEATS * MAX_HAND) for k in KINDS}
        if counts["safe"] + counts["defuse"] + counts["bomb"] != n * hand:
            check.fail(p, "needs " + str(n * hand) + " wires for " + str(n) + " seats")
        if counts["defuse"] < 1 or counts["bomb"] < 1:
            check.fail(p, "needs at least one defusing wire and one bomb")
        if n not in roles:
            check.fail(p, "no role table for " + str(n) + " seats")
        rs["wires"][n] = counts
    for n in roles:
        if n not in wires:
            check.fail("roles." + str(n), "no wire table for " + str(n) + " seats")
    doom = check.list_of(obj, "doom", "", 0, MAX_SEATS)
    for i in range(len(doom)):
        if not check.is_int(doom[i]) or doom[i] not in roles:
            check.fail("doom." + str(i), "must be a player count of the role table")
    rs["doom"] = list(doom)
    counts = sorted(roles)
    rs["seats"] = (counts[0], counts[-1])
    if "locations" not in obj:
        check.fail("locations", "missing")
    rs["locations"] = _decks(obj["locations"], rounds, counts[0], counts[-1])
