"""What a TimeBomb II seat may see: the public table, plus that seat's own secrets.

A view holds only what its seat may know: the public table, plus the seat's own role, hand,
building and placed cards; other roles and buildings show only once the game is over.
"""

from core.timebomb2.rules import BUILDINGS, RESULTS, ROLES, TROOPS


def view(g, seat):
    """What seat may know now (None: the public table); other roles only after the end."""
    n, up = g.n, g.up
    v = {"game": "timebomb2", "seats": n, "centre": n, "reveals": g.reveals()}
    v["turn"], v["transceiver"] = g.turn, g.radio
    v["hands"] = [sum(h) for h in g.hands]
    v["troops"] = [len(t) for t in g.troops]
    v["buildings"] = [BUILDINGS[g.cards[p]] if up[p] else None for p in range(n + 1)]
    v["found"], v["hideouts"] = g.found, g.hideouts()
    v["removed"] = _named(g.removed)
    v["last"] = None if g.last is None else g.last[:5] + [RESULTS[g.last[5]]]
    v["outcome"] = list(g.result) if g.result else None
    if g.result is not None:
        v["roles"] = [ROLES[r] for r in g.roles]
        v["cards"] = [BUILDINGS[c] for c in g.cards]
    if seat is not None:
        v["seat"], v["role"] = seat, ROLES[g.roles[seat]]
        v["hand"] = _named(g.hands[seat])
        v["building"] = BUILDINGS[g.cards[seat]]
        # the troop cards this seat placed face down, which its player remembers
        v["placed"] = [[TROOPS[c[1]] for c in t if c[0] == seat] for t in g.troops]
    return v


def _named(counts):
    return {TROOPS[k]: counts[k] for k in range(4)}
