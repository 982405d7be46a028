"""The wire-cutting plan that the simple Time Bomb and Undercover players share."""

# Wires lie face down in a random order, so no seat can tell one slot from another: the only
# real choice is whose wire to cut, which also hands that seat the pliers. A naive player hands
# them to seats it trusts. Trust comes from the public log (a seat that has cut defusing wires
# looks like a defuser) and whatever else the game lets the seat know (trust() is the log's
# part; a game's player adds its own). Defusers cut at trusted seats; bombers at distrusted
# ones (keeping the pliers away from the seats that find defusing wires), and both prefer seats
# with more wires left as a tie-break.


def trust(view):
    """A trust score per seat from the public log: one point per defusing wire it cut."""
    out = [0.0] * view["seats"]
    for _round, by, _owner, _slot, kind in view["log"]:
        if kind == "defuse":
            out[by] += 1.0
    out[view["seat"]] = 0.0
    return out


def cut(view, actions, rnd, defuser, trust):
    """The cut of a seat that plays to defuse (`defuser`) or not, trusting seats by `trust`."""
    sign = 1.0 if defuser else -1.0
    wires = view["wires"]
    best, picks = None, []
    for a in actions:
        seat = a[1]
        score = (sign * trust[seat], wires[seat])
        if best is None or score > best:
            best, picks = score, [a]
        elif score == best:
            picks.append(a)
    # Ties (and every slot of the chosen seat, which all look alike) are broken at random.
    return picks[rnd.randrange(len(picks))]
