"""TimeBomb II saves: the game's fields as a JSON-safe dict, and a checked rebuild of them.

A save comes from flash that a power cut or a user may have damaged, so loading checks each
field against the ruleset: the troop cards and buildings must add up to the ruleset's, and an
unfinished game must not be in a position that ends it. Anything off raises SaveError.
"""

from core import saves
from core.rng import Rng
from core.timebomb2.cards import BOOM, HIDEOUT, MAX_SEATS, MAX_TOTAL, WINNERS

# Everything a game holds besides its ruleset, by attribute name, in the save's order. The
# random generator is saved as its state and `result` under "outcome"; the lists of ints (nested
# at most twice) are saved as they are.
FIELDS = (
    "n",
    "rng",
    "roles",
    "cards",
    "up",
    "pending",
    "removed",
    "hands",
    "troops",
    "turn",
    "radio",
    "found",
    "last",
    "result",
)
# Old saves (before outcomes were codes) said why the game ended in English.
_OLD_REASONS = {
    "the Boom building went up": "boom",
    "every hideout was found": "hideouts",
    "the next player has no troop card": "no_cards",
}
REASONS = ("boom", "hideouts", "no_cards")


def dump(fields):
    """The game's fields (a dict by FIELDS) as a JSON-safe dict, random generator included."""
    s = {"game": "timebomb2", "v": 1}
    for k in FIELDS:
        v = fields[k]
        if k == "rng":
            v = v.state()
        elif k == "result":
            k, v = "outcome", list(v) if v else None
        s[k] = _copy(v)
    return s


def load(ruleset, s):
    """The game's fields (a dict by FIELDS) from the saved dict s; anything off: SaveError."""
    saves.header(s, "timebomb2", 1)
    n = s.get("n")
    saves.need(type(n) is int and n in ruleset["sets"], "no table for this player count")
    try:
        rng = Rng.from_state(s.get("rng"))
    except ValueError:
        saves.need(False, "random generator state")
    sets, want = ruleset["sets"][n], ruleset["buildings"][n]
    f = {"n": n, "rng": rng}
    f["roles"] = roles = _ints(s.get("roles"), n, 1, "roles")
    f["cards"] = cards = _ints(s.get("cards"), n + 1, 2, "cards")
    f["up"] = up = _ints(s.get("up"), n + 1, 1, "up")
    f["pending"] = _ints(s.get("pending"), n, 1, "pending")
    f["removed"] = removed = _ints(s.get("removed"), 4, MAX_TOTAL, "removed")
    f["hands"] = hands = _lists(s.get("hands"), n, 4, MAX_TOTAL, "hands")
    last = s.get("last")
    if last is not None:
        last = _ints(last, 6, MAX_TOTAL, "last")
        saves.need(last[0] <= n and last[5] < 3, "last check")
    f["last"] = last
    troops = s.get("troops")
    saves.need(type(troops) is list and len(troops) == n + 1, "troops")
    f["troops"] = []
    have = list(removed)
    for p in range(n + 1):
        t = _lists(troops[p], None, 2, MAX_SEATS, "troops")
        saves.need(len(t) < ruleset["storm"] and not (t and up[p]), "troops at " + str(p))
        for c in t:
            saves.need(c[0] < n and c[1] < 4, "troop card")
            have[c[1]] += 1
        f["troops"].append(t)
    for k in range(4):
        for h in hands:
            have[k] += h[k]
        for one in sets:
            have[k] -= one[1][k]
    saves.need(have == [0, 0, 0, 0], "troop cards do not add up to the ruleset")
    saves.need(sorted(roles) == sorted(one[0] for one in sets), "roles do not match")
    saves.need([cards.count(k) for k in range(3)] == want, "buildings do not match")
    f["turn"], f["radio"] = saves.int_at(s, "turn", 0, n - 1), saves.int_at(s, "radio", 0, n - 1)
    f["found"] = found = saves.int_at(s, "found", 0, want[HIDEOUT])
    saves.need(found == _face_up(cards, up, HIDEOUT), "found does not match the buildings")
    result = saves.outcome(s.get("outcome"))
    if result is None:
        saves.need(not _face_up(cards, up, BOOM) and found < want[HIDEOUT], "the game is over")
    else:
        why = _OLD_REASONS.get(result[1], result[1])
        saves.need(result[0] in WINNERS and why in REASONS, "bad outcome")
        result = (result[0], why)
    f["result"] = result
    return f


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


def _face_up(cards, up, kind):
    count = 0
    for p in range(len(cards)):
        if up[p] and cards[p] == kind:
            count += 1
    return count
