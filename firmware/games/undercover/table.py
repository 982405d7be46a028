"""What Undercover shows the whole table: cover colours, the Doom token, the round's Location.

The skin (private and log text) and the turn screens both word these; each imports this module,
neither the other's.
"""

from firmware import strings
from firmware.play import wires

S = strings.of("undercover")


def colour(c):
    return S(c) if c else "?"


def doom_rule(doom):
    return colour(doom) + ": " + S("doom." + doom)


def cover_choice(session):
    """The cover step's choices (one per legal cover, only Shadow has two) and what picks one."""
    return [(colour(a[1]), a) for a in session.game.actions()], session.act


def status_lines(session, view):
    """The public table in a few short lines (the first two fit 15 columns)."""
    r = S("st.r") + str(view["round"]) + "/" + str(view["rounds"])
    lines = [
        r + S("st.cut") + str(view["cuts"]) + "/" + str(view["quota"]),
        wires.found_line(view),
        S("pliers") + session.name(view["cutter"]),
    ]
    loc = view["location"]
    if loc is not None:
        lines.append(loc["name"])
    if view["doom"] is not None:
        lines.append(S("doom") + colour(view["doom"]))
    return lines


def effect_text(session, view):
    """What the device applies for this round's Location, in words."""
    loc = view["location"]
    kind = loc["effect"] if loc else None
    if kind is None:
        return S("e.none")
    if kind == "cuts":
        return S("e.cuts") + str(view["quota"])
    if kind == "intel":
        # The kind of wire is the card's own data; the core tells each seat privately.
        return S("e.intel")
    return S("e." + kind)


def location_lines(session, view):
    """The round's Location card as the table reads it (house cards always say so)."""
    loc = view["location"]
    if loc is None:
        return [S("remind")]
    return [
        loc["name"],
        S("house"),
        loc["text"],
        S("effect") + effect_text(session, view),
    ]
