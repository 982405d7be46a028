"""TimeBomb II views and saves: what each seat may see, and the game as a JSON-safe dict.

A view holds only what its seat may know: the public table, plus the seat's own role, hand,
building and placed cards. A save comes from flash that a power cut or a user may have damaged,
so loading checks each field against the ruleset: the troop cards and buildings must add up to
the ruleset's, and an unfinished game must not be in a position that ends it. Anything off
raises SaveError.
"""

from core import saves
from core.rng import Rng
from core.timebomb2.rules import (
    BOOM,
    BUILDINGS,
    HIDEOUT,
    MAX_SEATS,
    MAX_TOTAL,
    RESULTS,
    ROLES,
    TROOPS,
    WINNERS,
)

# The game's attributes that are saved as they are (lists of ints, nested at most twice).
_FIELDS = ("roles", "cards", "up", "pending", "removed", "hands", "troops")


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


def dump(g):
    """The game g as a JSON-safe dict, random generator state included."""
    s = {"game": "timebomb2", "v": 1, "n": g.n, "rng": g.rng.state()}
    for k in _FIELDS:
        s[k] = _copy(getattr(g, k))
    s["turn"], s["radio"], s["found"] = g.turn, g.radio, g.found
    s["last"] = _copy(g.last)
    s["outcome"] = list(g.result) if g.result else None
    return s


def load(g, ruleset, s):
    """Fill the blank game g from the saved dict s; anything off raises SaveError."""
    saves.header(s, "timebomb2", 1)
    n = s.get("n")
    saves.need(type(n) is int and n in ruleset["sets"], "no table for this player count")
    g.rs, g.n = ruleset, n
    try:
        g.rng = Rng.from_state(s.get("rng"))
    except ValueError:
        saves.need(False, "random generator state")
    sets, want = ruleset["sets"][n], ruleset["buildings"][n]
    g.roles = _ints(s.get("roles"), n, 1, "roles")
    g.cards = _ints(s.get("cards"), n + 1, 2, "cards")
    g.up = _ints(s.get("up"), n + 1, 1, "up")
    g.pending = _ints(s.get("pending"), n, 1, "pending")
    g.removed = _ints(s.get("removed"), 4, MAX_TOTAL, "removed")
    g.hands = _lists(s.get("hands"), n, 4, MAX_TOTAL, "hands")
    g.last = s.get("last")
    if g.last is not None:
        g.last = _ints(g.last, 6, MAX_TOTAL, "last")
        saves.need(g.last[0] <= n and g.last[5] < 3, "last check")
    troops = s.get("troops")
    saves.need(type(troops) is list and len(troops) == n + 1, "troops")
    g.troops = []
    have = list(g.removed)
    for p in range(n + 1):
        t = _lists(troops[p], None, 2, MAX_SEATS, "troops")
        saves.need(len(t) < ruleset["storm"] and not (t and g.up[p]), "troops at " + str(p))
        for c in t:
            saves.need(c[0] < n and c[1] < 4, "troop card")
            have[c[1]] += 1
        g.troops.append(t)
    for k in range(4):
        for h in g.hands:
            have[k] += h[k]
        for one in sets:
            have[k] -= one[1][k]
    saves.need(have == [0, 0, 0, 0], "troop cards do not add up to the ruleset")
    saves.need(sorted(g.roles) == sorted(one[0] for one in sets), "roles do not match")
    saves.need([g.cards.count(k) for k in range(3)] == want, "buildings do not match")
    g.turn, g.radio = saves.int_at(s, "turn", 0, n - 1), saves.int_at(s, "radio", 0, n - 1)
    g.found = saves.int_at(s, "found", 0, want[HIDEOUT])
    saves.need(g.found == _face_up(g, HIDEOUT), "found does not match the buildings")
    g.result = saves.outcome(s.get("outcome"))
    if g.result is None:
        saves.need(not _face_up(g, BOOM) and g.found < want[HIDEOUT], "the game is over")
    else:
        saves.need(g.result[0] in WINNERS, "bad outcome")
    return g


def _copy(x):
    return [_copy(y) for y in x] if type(x) is list else x


def _ints(v, length, hi, what):
    return list(saves.int_list(v, length, 0, hi, what))


def _lists(v, length, width, hi, what):
    """A list (of `length` items, or any number) of int lists of `width` items 0..hi."""
    saves.need(type(v) is list and (length is None or len(v) == length), what)
    out = []
    for x in v:
        out.append(_ints(x, width, hi, what))
    return out


def _face_up(g, kind):
    count = 0
    for p in range(g.n + 1):
        if g.up[p] and g.cards[p] == kind:
            count += 1
    return count


def _named(counts):
    return {TROOPS[k]: counts[k] for k in range(4)}
