"""Time Bomb on the device: private roles and wire counts, the cutting turn, reveals, the end.

The hub, the pass-around, the reveal and the end screen call these functions, which turn core
views and events into text. Public text comes only from view(None) and events; private text only
from view(seat). The cutting turn and its words are the wire table's (firmware/play/wires.py).
"""

import sys

from firmware import strings
from firmware.play import wires
from firmware.play.skin import private_choice  # noqa: F401  the default: no private choice

action_lines = wires.action_lines  # the reveal's "<who> cuts a wire of <whom> #k"
result_sound = wires.result_sound  # and its sound, one per kind of wire
result_word = wires.result_word  # and its big word
SIDES = {"sherlock": "sherlock", "moriarty": "moriarty"}
S = strings.of("timebomb")


def role_name(role):
    return S(SIDES.get(role, role))


def side_name(winner):
    return role_name(winner) + " " + S("p.win")


def happy(winner):
    return winner == "sherlock"


def private_lines(session, view, seat):
    hand = view["hand"]
    return [
        S("you") + role_name(view["role"]),
        S("wires"),
        # Not indented: "2 Entschärfungen" fills the 16 characters every private line keeps to.
        wires.kind_count(hand["safe"], "safe"),
        wires.kind_count(hand["defuse"], "defuse"),
        wires.kind_count(hand["bomb"], "bomb"),
    ]


def status_lines(session, view):
    """The public table in a few short lines."""
    return [
        S("rnd")
        + str(view["round"])
        + "/"
        + str(view["rounds"])
        + " "
        + S("cuts")
        + str(view["cuts"])
        + "/"
        + str(view["seats"]),
        wires.found_line(view),
        S("cutters") + session.name(view["cutter"]),
    ]


def turn_screen(app, session):
    return wires.CutScreen(app, session, sys.modules[__name__])


def result_lines(session, events):
    lines = []
    for ev in events:
        if ev[0] == "cut":
            lines.append(wires.kind_name(ev[4]).upper() + "!")
        elif ev[0] == "round":
            lines.append(S("w.newround") + str(ev[1]))
        elif ev[0] == "win":
            lines.append(side_name(ev[1]))
    view = session.game.view(None)
    if view["outcome"] is None and events[-1][0] == "cut":
        lines.append(wires.found_line(view))
    return lines


def log_line(session, ev):
    if ev[0] == "win":
        return side_name(ev[1]) + ": " + strings.reason(S, ev[2])
    return wires.log_line(session, ev)


def rules_lines(session, view):
    n = view["seats"]
    return [
        S("w.r.now") + session.name(view["cutter"]) + S("r.cut"),
        S("w.r.left") + str(n - view["cuts"]),
        S("w.r.found") + str(view["found"]) + "/" + str(view["defuse"]),
        S("r.sherlock"),
        S("r.moriarty"),
        S("w.round") + str(view["round"]) + "/" + str(view["rounds"]),
    ]


def end_lines(session, view):
    lines = []
    for seat, role in enumerate(view.get("roles") or []):
        lines.append(session.name(seat) + ": " + role_name(role))
    if view.get("undealt"):
        lines.append(S("w.undealt") + role_name(view["undealt"]))
    return lines
