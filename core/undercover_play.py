"""The steps of Time Bomb: Undercover: covers, claims, cuts, handing on the pliers, new rounds."""

# Each step function takes the game and an action already checked against Game.actions(),
# changes the game and returns the public events. Events never carry a secret: a cover choice
# is announced as ("cover", seat) without its colour.
#
# Role cards by code, with name, team and cover colour (UC-1, UC-2): each team hides a double
# agent who shows the other team's colour, and Shadow's card carries both covers. Mister X's
# cover is red: the 4-player table prepares a single red Organization card and Mister X must be
# among them; Belleville, his counterpart, shows blue.

from core.wires import BOMB, DEFUSE, KINDS

WINNERS = ("agency", "organization", "shadow")
COLOURS = ("red", "blue")
NAMES = ("mister_x", "operative", "operative", "belleville", "agent", "agent", "shadow")
TEAMS = ("organization",) * 3 + ("agency",) * 3 + ("shadow",)
COVER = (0, 0, 1, 1, 1, 0, -1)  # index in COLOURS; Shadow chooses
SHADOW = 6
# The steps of play: everyone shows a cover, everyone claims (announce), cut, hand on the pliers.
COVER_STEP, CLAIM, CUT, PASS = "cover", "claim", "cut", "pass"
STEPS = (COVER_STEP, CLAIM, CUT, PASS)


def role_deck(row):
    """The prepared role codes, sorted, from (org red, org blue, agency blue, agency red)."""
    org_red, org_blue, ag_blue, ag_red = row
    deck = [0] + [1] * (org_red - 1) + [2] * org_blue + [3] + [4] * (ag_blue - 1)
    return deck + [5] * ag_red + [SHADOW]


def right_of(seat, n):
    """Seats are numbered clockwise: a seat's right-hand neighbour is the seat before it."""
    return (seat - 1) % n


def can_cut(g, seat):
    """Whether `seat`, holding the pliers, would have a wire of another seat to cut."""
    hands = g.table.hands
    return any(hands[s] for s in range(g.n) if s != seat)


def begin_cutting(g):
    """After the private looks: claims first if the Location asks for them, then cutting."""
    if g.here.claims:
        g.step, g.turn = CLAIM, g.table.cutter
    else:
        g.step, g.turn = CUT, 0


def apply(g, a):
    if a[0] == "cover":
        p = g.turn
        g.covers[p] = COLOURS.index(a[1])
        g.turn += 1
        if g.turn < g.n:
            return [("cover", p)]
        g.pending = [True] * g.n  # every seat now looks at its neighbour's cover
        begin_cutting(g)
        return [("cover", p), ("covers",)]
    if a[0] == "claim":
        p = g.turn
        g.here.claims[p] = a[1]
        g.turn = (p + 1) % g.n
        if g.turn == g.table.cutter:  # everyone has claimed, from the pliers holder round
            g.step, g.turn = CUT, 0
        return [("claim", p, a[1])]
    if a[0] == "pass":
        events = [("pass", g.table.cutter, a[1])]
        g.table.cutter = a[1]
        g.step = CUT
        return events
    return cut(g, a[1], a[2])


def cut(g, owner, slot):
    t = g.table
    by = t.cutter
    kind = t.cut(owner, slot)
    events = [("cut", by, owner, slot, KINDS[kind])]
    shadow = g.roles[by] == SHADOW
    if kind == BOMB:
        if shadow and g.doom in (None, 0):  # ruling UC-3; a red Doom token: explode
            g.result = ("shadow", "Shadow cut the bomb")
        else:
            g.result = ("organization", "the bomb went off")
    elif kind == DEFUSE and t.found == t.defuse_total:
        if shadow and g.doom in (None, 1):  # a blue Doom token: defuse
            g.result = ("shadow", "Shadow cut the last defusing wire")
        else:
            g.result = ("agency", "every defusing wire was cut")
    elif t.cuts >= g.here.quota():
        events.extend(end_round(g))
    elif g.here.kind == "pass":
        t.cutter = by  # the cutter keeps the pliers until handing them on
        g.step = PASS
    elif not can_cut(g, t.cutter):
        events.extend(end_round(g))  # only the new cutter holds wires: the round is over
    else:
        g.here.prev = by
    return events


def end_round(g):
    """Reshuffle and deal (the remainder from the new cutter on), turn up the next Location."""
    t = g.table
    if t.round == t.rounds:
        g.result = ("organization", "time ran out after the last round")
        return []
    t.round += 1
    t.cuts = 0
    t.reshuffle(g.rng, t.cutter)
    g.pending = [True] * g.n
    g.here.draw(t.round, g.rng, t.hands)
    begin_cutting(g)
    f = g.here.face
    if f is None:
        return [("round", t.round), ("remind", t.round)]
    return [("round", t.round), ("location", t.round, f[0])]
