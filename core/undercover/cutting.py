"""Cutting in Time Bomb: Undercover: who wins, when a round ends, and the next round's deal."""

# Shadow wins only by cutting the game-ending wire himself, and at 4 players only the way the
# Doom token says (ruling UC-3); otherwise the bomb is the Organization's win and the last
# defusing wire the Agency's. A round ends after its quota of cuts, or as soon as every uncut
# wire lies in front of the new cutter (only possible when a Location changed the round's
# length); the Organization wins when the last round ends.

from core import wires
from core.undercover.locations import turn_up
from core.undercover.rules import SHADOW


def cut(g, owner, slot):
    """Cut a wire (a legal action, already checked); the public events."""
    t = g.table
    by = t.cutter
    kind = t.cut(owner, slot)
    events = [("cut", by, owner, slot, wires.KINDS[kind])]
    shadow = g.roles[by] == SHADOW
    if kind == wires.BOMB:
        if shadow and g.doom != 1:  # ruling UC-3; a red Doom token: explode
            g.result = ("shadow", "Shadow cut the bomb")
        else:
            g.result = ("organization", "the bomb went off")
    elif kind == wires.DEFUSE and t.found == t.defuse_total:
        if shadow and g.doom != 0:  # a blue Doom token: defuse
            g.result = ("shadow", "Shadow cut the last defusing wire")
        else:
            g.result = ("agency", "every defusing wire was cut")
    elif t.cuts < g.quota and sum(map(len, t.hands)) > len(t.hands[owner]):
        if g.kind == "pass":
            t.cutter, g.step = by, "pass"  # the cutter keeps the pliers to hand them on
        g.prev = by
        return events
    elif t.round == t.rounds:
        g.result = ("organization", "time ran out after the last round")
    else:
        # The round is over (its cuts made, or only the new cutter holds wires): reshuffle,
        # deal (a remainder from the new cutter on), turn up the next Location.
        t.round += 1
        t.cuts = 0
        t.reshuffle(g.rng, t.cutter)
        g.all_look()
        turn_up(g, t.round)
        g.step = "cut"
        f = g.face
        events += [
            ("round", t.round),
            ("remind", t.round) if f is None else ("location", t.round, f[0]),
        ]
    if g.result is not None:
        events.append(("win",) + g.result)
    return events
