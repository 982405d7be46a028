"""The "simple" Undercover player of the balance tool: a cover, then the shared wire plan."""

from tools.play.policies import wires


def _defuser(view):
    """Whether this seat plays to defuse (Agency; Shadow unless Doom says explode)."""
    team = view["team"]
    if team == "shadow":
        return view["doom"] != "red"
    return team == "agency"


def _trust(view):
    """The log's trust (wires.py), plus the neighbour's cover and a Location's intel."""
    trust = wires.trust(view)
    right = view["right"]
    cover = view.get("right_cover")
    if cover is not None:
        # Agency shows blue and the Organization red, bar one double agent each.
        trust[right] += 1.0 if cover == "blue" else -1.0
    intel = view.get("intel")
    if intel and intel["count"]:
        # A seat known to hold the bomb is the one everybody watches.
        trust[intel["seat"]] += {"bomb": -3.0, "defuse": 1.5, "safe": 0.0}[intel["wire"]]
    trust[view["seat"]] = 0.0
    return trust


def choose(view, actions, rnd):
    if actions[0][0] == "cover":
        # Shadow picks a cover: the colour of the team it is playing along with.
        want = "blue" if _defuser(view) else "red"
        return ("cover", want) if ("cover", want) in actions else actions[0]
    return wires.cut(view, actions, rnd, _defuser(view), _trust(view))
