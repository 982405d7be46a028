"""The tables of Time Bomb: Undercover: role cards, and checks of a ruleset's tables and decks."""

# Role cards by code, with name, team and cover colour (UC-1, UC-2): each team hides a double
# agent who shows the other team's colour, and Shadow's card carries both covers. Mister X's
# cover is red: the 4-player table prepares a single red Organization card and Mister X must be
# among them; Belleville, his counterpart, shows blue.
#
# Per player count, "organization" and "agency" give the cover colour of each prepared card of
# that team as letters, r (red) or b (blue): "bbr" is two blue covers and the red double agent.
# A team's leader needs a card of its own colour, and "shadow" must say 1: Shadow is always
# prepared (ruling UC-1). "locations" is "physical" or one deck per round (ruling UC-4); a card
# is [name, text] or [name, text, effect], an effect one of "pass", "no_return", "cuts -2" ..
# "cuts +2", "intel safe|defuse|bomb" (see core/undercover/locations.py). A card is kept as the
# tuple (name, text, effect) with effect (kind, arg) or None.

from core import check, wires
from core.wires import MAX_SEATS

WINNERS = ("agency", "organization", "shadow")
# Outcome reasons (their text is "undercover.why.<reason>"): Shadow's own two, else Time Bomb's.
WHY = ("defused", "bomb", "rounds", "shadow_bomb", "shadow_defused")
COLOURS = ("red", "blue")
NAMES = ("mister_x", "operative", "operative", "belleville", "agent", "agent", "shadow")
TEAMS = ("organization",) * 3 + ("agency",) * 3 + ("shadow",)
COVER = (0, 0, 1, 1, 1, 0, -1)  # index in COLOURS; Shadow chooses
SHADOW = 6
STEPS = ("cover", "cut", "pass")  # everyone shows a cover; cut; hand the pliers on


def role_deck(row):
    """The prepared role codes, sorted, from (org red, org blue, agency blue, agency red)."""
    org_red, org_blue, ag_blue, ag_red = row
    deck = [0] + [1] * (org_red - 1) + [2] * org_blue + [3] + [4] * (ag_blue - 1)
    return deck + [5] * ag_red + [SHADOW]


MAX_CARDS = 8
MAX_SHIFT = 2  # the most a "cuts" effect adds to a round; saves allow n + MAX_SHIFT cuts
EFFECTS = {
    "pass": None,
    "no_return": None,
    "cuts -2": -2,
    "cuts -1": -1,
    "cuts +1": 1,
    "cuts +2": 2,
    "intel safe": "safe",
    "intel defuse": "defuse",
    "intel bomb": "bomb",
}


def _covers(table, team, n, leader):
    """(leader's colour count, other colour count) of a team's covers at n players."""
    p = team + "." + str(n)
    v = table.get(n)
    if type(v) is not str or not 1 <= len(v) <= MAX_SEATS or v.strip("rb"):
        check.fail(p, "must be 1.." + str(MAX_SEATS) + " cover letters, r or b")
    if leader not in v:
        check.fail(p, "needs a " + leader + " cover for its leader")
    return v.count(leader), len(v) - v.count(leader)


def _decks(v, rounds):
    if v == "physical":
        return None
    if type(v) is not list or len(v) != rounds:
        check.fail("locations", 'must be "physical" or one deck per round')
    decks = []
    for r in range(rounds):
        p = "locations." + str(r)
        if type(v[r]) is not list or not 1 <= len(v[r]) <= MAX_CARDS:
            check.fail(p, "must be a list of 1.." + str(MAX_CARDS) + " cards")
        deck = []
        for i in range(len(v[r])):
            c, q = v[r][i], p + "." + str(i)
            if type(c) is not list or not 2 <= len(c) <= 3:
                check.fail(q, "must be [name, text] or [name, text, effect]")
            for k in range(len(c)):
                if type(c[k]) is not str or not 1 <= len(c[k]) <= (24, 160, 12)[k]:
                    check.fail(q + "." + str(k), "must be a text of 1.." + str((24, 160, 12)[k]))
            effect = None
            if len(c) == 3:
                if c[2] not in EFFECTS:
                    check.fail(q + ".2", "must be pass, no_return, cuts -2..+2 or intel KIND")
                effect = (c[2].split(" ")[0], EFFECTS[c[2]])
            deck.append((c[0], c[1], effect))
        decks.append(deck)
    return decks


def validate(obj, rs):
    """Check an undercover ruleset's tables (called by core.ruleset.load)."""

    keys = ("organization", "agency", "shadow", "wires", "hand", "rounds", "doom", "locations")
    check.no_extra(obj, "", check.HEADER + keys)
    hand = wires.size(obj, rs)
    org = check.seat_table(obj, "organization", "", 3, MAX_SEATS)
    ag = check.seat_table(obj, "agency", "", 3, MAX_SEATS)
    check.int_in(obj, "shadow", "", 1, 1)  # Shadow is always prepared (UC-1)
    rows = wires.table_rows(obj)
    rs["roles"] = {}
    for n in ag:
        _covers(org, "organization", n, "r")
    for n in org:
        row = _covers(org, "organization", n, "r") + _covers(ag, "agency", n, "b")
        total = len(role_deck(row))
        if total < n or total > n + 1:
            check.fail("organization." + str(n), str(total) + " roles for " + str(n) + " seats")
        if n not in rows:
            check.fail("organization." + str(n), "no wire table for " + str(n) + " seats")
        rs["roles"][n] = row
    rs["wires"] = wires.check_rows(rows, hand, org, "no covers for ", True)
    doom = check.list_of(obj, "doom", "", 0, MAX_SEATS)
    for i in range(len(doom)):
        if not check.is_int(doom[i]) or doom[i] not in org:
            check.fail("doom." + str(i), "must be a player count of the cover table")
    rs["doom"] = list(doom)
    counts = sorted(org)
    rs["seats"] = (counts[0], counts[-1])
    if "locations" not in obj:
        check.fail("locations", "missing")
    rs["locations"] = _decks(obj["locations"], rs["rounds"])
