"""TimeBomb II's storm check and what follows it, as functions of values (T2-2, T2-3, T2-4).

The Game (core/timebomb2/__init__.py) calls them when a placed card completes a group and
applies what they return: the group's result (T2-2), the hideouts' new places after a building
turned face up (T2-3), and the seats that get a SWAT card back to work (T2-4).
"""

from core import const

STORM = const(0)  # results, indexes into rules.RESULTS
FAILED = const(1)
EXPLOSION = const(2)


def check(group, bombs, thresholds):
    """Ruling T2-2 for a complete group of [seat, kind] cards: (counts per kind, total, result).
    A total at or below the first threshold storms in, at or above the second blows up."""
    counts = [0, 0, 0, 0]
    for card in group:
        counts[card[1]] += 1
    total = 0
    for k in range(4):
        total += counts[k] * bombs[k]
    lo, hi = thresholds
    return counts, total, STORM if total <= lo else (FAILED if total < hi else EXPLOSION)


def move(cards, up, rng):
    """Ruling T2-3: the face-down building cards reshuffled among the face-down places; returns
    the new list of building cards and the number of places that took part."""
    places = [p for p in range(len(cards)) if not up[p]]
    deck = [cards[p] for p in places]
    rng.shuffle(deck)
    out = list(cards)
    for i in range(len(places)):
        out[places[i]] = deck[i]
    return out, len(places)


def back_to_work(radio, n, count):
    """Ruling T2-4: the seats that take one SWAT card each, from the Transceiver holder
    leftwards, and the seat that holds the Transceiver after them."""
    seats = []
    for _ in range(count):
        seats.append(radio)
        radio = (radio + 1) % n
    return seats, radio
