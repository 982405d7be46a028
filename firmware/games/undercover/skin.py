"""Time Bomb: Undercover on the device: roles, covers, the Doom token, Locations, Shadow's win.

The hub, the pass-around, the reveal and the end screen call these functions, which turn core
views and events into text. Public text comes only from view(None) and events; private text only
from view(seat). The cutting turn and the reveal are the wire table's (firmware/play/wires.py);
the turns Undercover adds are in screens.py, the table's words both use in table.py.
"""

from firmware import strings
from firmware.games.undercover import screens, table
from firmware.games.undercover.table import colour, doom_rule, location_lines
from firmware.play import wires
from firmware.ui import text

S = strings.of("undercover")
action_lines = wires.action_lines  # "<who> cuts a wire of <whom> #k": the same as Time Bomb
result_sound = wires.result_sound  # one sound per kind of wire, after the same build-up
result_word = wires.result_word  # and the big word of the wire's kind
status_lines = table.status_lines  # the cutting turn shows it
turn_screen = screens.turn_screen
kind_name = wires.kind_name


def team_of(role):
    # The end view names every role; the team of each is printed on its card.
    if role in ("mister_x", "operative"):
        return "organization"
    return "agency" if role in ("belleville", "agent") else "shadow"


def side_name(winner):
    # Short: it is the end screen's title ("Organization wins" would not fit 15 columns).
    return S("won." + winner)


def happy(winner):
    # The end tune: "defused" only for the Agency; Shadow may have won either way.
    return winner == "agency"


def choosing(view, seat):
    """True when `seat` is making its private cover choice now (not just looking)."""
    return view["step"] == "cover" and not view["reveals"] and view["turn"] == seat


# Private lines stay within 15 characters (the 240x135 screen's width; 128x64 has 16), so they
# never wrap there: every seat's screen then has the same number of lines at the same moment,
# and nobody needs to scroll more than anyone else.
_W = 15


def private_lines(session, view, seat):
    if choosing(view, seat):
        # Short, so the one or two choices below still fit the smallest screen.
        return [S("showq")]
    role = view["role"]
    lines = [S("you") + S(role), S("t." + view["team"])]
    if view["doom"] is not None:
        lines.append(S("doom") + colour(view["doom"]))  # no covers at this table
    elif role == "shadow" and view["cover"] is None:
        lines.append(S("cover") + S("red") + "/" + S("blue"))
    else:
        lines.append(S("cover") + colour(view["cover"]))
    hand = view["hand"]
    lines.append(wires.kind_count(hand["defuse"], "defuse"))
    lines.append(
        wires.kind_count(hand["bomb"], "bomb") + ", " + wires.kind_count(hand["safe"], "safe")
    )
    if view["right_cover"] is not None:
        tail = S("shows") + colour(view["right_cover"])
        lines.append(text.fit(session.name(view["right"]), _W - len(tail)) + tail)
    intel = view.get("intel")
    if intel is not None:
        tail = ": " + wires.kind_count(intel["count"], intel["wire"])
        lines.append(text.fit(session.name(intel["seat"]), _W - len(tail)) + tail)
    return lines


def private_choice(session, seat):
    """The cover step: every seat makes the same private choice; only Shadow has two options.

    The first seat's choice is offered by the round's Location screen instead (turn_screen),
    because the table reads round 1's Location between the deal and the covers."""
    view = session.game.view(None)
    if view["step"] != "cover" or view["turn"] == 0:
        return None
    return table.cover_choice(session)


def result_lines(session, events):
    lines = []
    for ev in events:
        if ev[0] == "cut":
            lines.append(kind_name(ev[4]).upper() + "!")
        elif ev[0] == "round":
            lines.append(S("w.newround") + str(ev[1]))
        elif ev[0] == "location":
            lines.append(S("location") + ev[2])
        elif ev[0] == "remind":
            lines.append(S("remind_short"))
        elif ev[0] == "win":
            lines.append(S(ev[1]) + " " + S("p.win"))
    view = session.game.view(None)
    if view["outcome"] is None and events[-1][0] == "cut":
        lines.append(wires.found_line(view))
    return lines


def log_line(session, ev):
    e = ev[0]
    if e == "win":
        return side_name(ev[1]) + ": " + strings.reason(S, ev[2])
    if e == "cut" or e == "round":
        return wires.log_line(session, ev)
    if e == "covers":
        return S("shown")
    if e == "pass":
        return session.name(ev[1]) + " > " + session.name(ev[2]) + S("pliers_log")
    if e == "location":
        return S("location") + ev[2]
    if e == "remind":
        return S("remind_short")
    return None  # ("cover", seat): who has shown is no news; what they showed is secret


def rules_lines(session, view):
    step = view["step"]
    if step == "cover":
        who = session.name(view["turn"])
    else:
        who = session.name(view["cutter"])
    lines = [S("w.r.now") + who + S("r." + step)]
    loc = view["location"]
    if step == "cut" and loc is not None and loc["effect"] == "no_return":
        lines.append(S("e.no_return"))
    lines.append(S("w.r.left") + str(view["quota"] - view["cuts"]))
    lines.append(S("w.r.found") + str(view["found"]) + "/" + str(view["defuse"]))
    lines.append(S("w.round") + str(view["round"]) + "/" + str(view["rounds"]))
    lines.extend(location_lines(session, view))
    lines.append(S("r.agency"))
    lines.append(S("r.organization"))
    lines.append(S("r.shadow"))
    if view["doom"] is not None:
        lines.append(S("doom") + doom_rule(view["doom"]))
    return lines


def end_lines(session, view):
    lines = []
    shown = view.get("shown") or []
    for seat, role in enumerate(view.get("roles") or []):
        line = session.name(seat) + ": " + S(role) + ", " + S(team_of(role))
        if seat < len(shown) and shown[seat]:
            line += S("showed") + colour(shown[seat])
        lines.append(line)
    if view.get("undealt"):
        lines.append(S("w.undealt") + S(view["undealt"]))
    if view["doom"] is not None:
        lines.append(S("doom") + colour(view["doom"]))
    return lines
