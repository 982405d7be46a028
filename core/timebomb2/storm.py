"""TimeBomb II storm check: what happens when a building's troop group is complete.

The group's bomb counts decide (ruling T2-2); a storm in or a huge explosion turns the building
face up (T2-3); unless that ends the game the hideouts move, and plain SWAT return to work
(T2-4). Called by core.timebomb2 when a placed card completes a group.
"""

from core import const
from core.timebomb2.rules import BOOM, BUILDINGS, HIDEOUT, RESULTS

_SWAT = const(0)
_STORM = const(0)
_FAILED = const(1)
_EXPLOSION = const(2)


def storm(g, place, events):
    """The storm check (ruling T2-2) and what follows from it (T2-3, T2-4)."""
    counts = [0, 0, 0, 0]
    for card in g.troops[place]:
        counts[card[1]] += 1
    g.troops[place] = []
    total = sum(counts[k] * g.rs["bombs"][k] for k in range(4))
    lo, hi = g.rs["thresholds"]
    result = _STORM if total <= lo else (_FAILED if total < hi else _EXPLOSION)
    g.last = [place] + counts + [result]
    events.append(("check", place, RESULTS[result], total) + tuple(counts))
    if result != _FAILED:  # ruling T2-3: storm in or huge explosion
        kind = g.cards[place]
        g.up[place] = 1
        if kind == HIDEOUT:
            g.found += 1
        events.append(("building", place, BUILDINGS[kind], g.found))
        if kind == BOOM:
            g.result = ("terrorists", "the Boom building went up")
        elif g.found == g.hideouts():
            g.result = ("swat", "every hideout was found")
        else:
            _move(g, events)
    if result == _STORM and counts[_SWAT] == g.rs["storm"] and g.result is None:
        # ruling T2-4: one card each, from the Transceiver holder leftwards
        for _ in range(counts[_SWAT]):
            g.hands[g.radio][_SWAT] += 1
            events.append(("return", g.radio))
            g.radio = (g.radio + 1) % g.n
        events.append(("transceiver", g.radio))
    else:
        for k in range(4):
            g.removed[k] += counts[k]


def _move(g, events):
    """The face-down building cards are reshuffled among the face-down places (T2-3).

    Every seat whose building is face down looks again, changed or not: asking only those
    whose card changed would tell the whole table which cards moved.
    """
    places = [p for p in range(g.n + 1) if not g.up[p]]
    deck = [g.cards[p] for p in places]
    g.rng.shuffle(deck)
    for i in range(len(places)):
        g.cards[places[i]] = deck[i]
    g.pending = [1 - g.up[s] for s in range(g.n)]
    events.append(("move", len(places)))
