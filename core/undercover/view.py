"""What each seat of a Time Bomb: Undercover game may see: the public table and its secrets."""

# A seat sees its role, team, own cover, its wires as counts by kind (never their order), its
# right-hand neighbour's shown cover after the cover step and the round's intel. Nothing in the
# public part depends on a secret; other seats' roles and covers show only once the game is over.

from core.errors import viewer
from core.undercover.rules import COLOURS, COVER, NAMES, SHADOW, TEAMS


def view(g, seat):
    """What `seat` may know now (None: the public table); others' roles only after the end."""
    n, t, f = g.n, g.table, g.face
    viewer(seat, n)
    v = {"game": "undercover", "seats": n, "reveals": g.reveals(), "step": g.step}
    t.public(v)
    v["turn"] = g.turn if g.step == "cover" else None
    v["doom"] = None if g.doom is None else COLOURS[g.doom]
    v["location"] = None if f is None else {"name": f[0], "text": f[1], "effect": g.kind}
    v["quota"] = g.quota
    v["outcome"] = list(g.result) if g.result else None
    if g.result is not None:
        v["roles"] = [NAMES[r] for r in g.roles]
        v["undealt"] = None if g.undealt is None else NAMES[g.undealt]
        v["shown"] = [COLOURS[c] if c >= 0 else None for c in g.covers]
    if seat is not None:
        r = g.roles[seat]
        v["seat"], v["role"], v["team"] = seat, NAMES[r], TEAMS[r]
        v["hand"] = t.hand_counts(seat)
        c = COVER[r] if r != SHADOW else (g.covers[seat] if g.covers else -1)
        v["cover"] = COLOURS[c] if c >= 0 else None  # Shadow's, once chosen
        right = (seat - 1) % n
        v["right"], v["right_cover"] = right, None
        if g.covers and g.step != "cover":
            v["right_cover"] = COLOURS[g.covers[right]]
        if g.intel:
            v["intel"] = {"seat": right, "wire": f[2][1], "count": g.intel[seat]}
    return v
