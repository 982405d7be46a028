"""Playing policies for the balance tool: each picks an action from the acting seat's view only.

A policy is `choose(name, view, actions, rnd)`: `view` is `game.view(seat)` of the seat that
must act, `actions` the legal actions the device offers that seat, `rnd` a `random.Random` of
the policy's own. Nothing else of the game is passed in, so a policy cannot peek at hidden state
(host_tests/test_tools_balance.py checks that swapping other seats' secrets changes nothing).

"random" picks uniformly among the legal actions. "simple" is a plausible naive player per
game, written from what its seat can know; it is meant as a second, less noisy opinion on a
variant's balance, not as a strong player. The games' own strategy is mostly table talk, which
the device does not model, so the simple players act on the public record and their secrets.
"""

from tools import policies_iab, policies_tb2

POLICIES = ("random", "simple")


def choose(name, view, actions, rnd):
    """The action `name` plays in this position (one of `actions`)."""
    if name == "random" or len(actions) == 1:
        return actions[rnd.randrange(len(actions))]
    game = view["game"]
    if game in ("timebomb", "undercover"):
        return _wires(view, actions, rnd)
    if game == "timebomb2":
        return policies_tb2.choose(view, actions, rnd)
    if game == "itsabomb":
        return policies_iab.choose(view, actions, rnd)
    raise ValueError("no simple policy for " + game)


# -- Time Bomb and Time Bomb: Undercover ---------------------------------------------------
#
# Wires lie face down in a random order, so no seat can tell one slot from another: the only
# real choice is whose wire to cut, which also hands that seat the pliers. A naive player hands
# them to seats it trusts. Trust comes from the public log (a seat that has cut defusing wires
# looks like a defuser) and, in Undercover, from the neighbour's cover and a Location's intel.
# Defusers cut at trusted seats; bombers at distrusted ones (keeping the pliers away from the
# seats that find defusing wires), and both prefer seats with more wires left as a tie-break.


def _defuser(view):
    """Whether this seat plays to defuse (Sherlock, Agency; Shadow unless Doom says explode)."""
    if view["game"] == "timebomb":
        return view["role"] == "sherlock"
    team = view["team"]
    if team == "shadow":
        return view["doom"] != "red"
    return team == "agency"


def _trust(view):
    """A trust score per seat, from the public log and this seat's own secrets."""
    n, me = view["seats"], view["seat"]
    trust = [0.0] * n
    for _round, by, _owner, _slot, kind in view["log"]:
        if kind == "defuse":
            trust[by] += 1.0
    if view["game"] == "undercover":
        right = view["right"]
        cover = view.get("right_cover")
        if cover is not None:
            # Agency shows blue and the Organization red, bar one double agent each.
            trust[right] += 1.0 if cover == "blue" else -1.0
        intel = view.get("intel")
        if intel and intel["count"]:
            # A seat known to hold the bomb is the one everybody watches.
            trust[intel["seat"]] += {"bomb": -3.0, "defuse": 1.5, "safe": 0.0}[intel["wire"]]
    trust[me] = 0.0
    return trust


def _wires(view, actions, rnd):
    kind = actions[0][0]
    if kind == "cover":
        # Shadow picks a cover: the colour of the team it is playing along with.
        want = "blue" if _defuser(view) else "red"
        return ("cover", want) if ("cover", want) in actions else actions[0]
    trust = _trust(view)
    sign = 1.0 if _defuser(view) else -1.0
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
