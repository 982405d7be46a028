"""TimeBomb II's storm check in words: the reveal's build-up and result lines, sound, cards.

What the table learns from a check, as text: the shared reveal (check.py) shows these lines, the
log names the cards with card_lines(); nothing here draws.
"""

from core.timebomb2 import TROOPS
from firmware.games.timebomb2.names import (
    S,
    building_name,
    found_line,
    side_name,
    troop_name,
    where,
)

# The storm check's result names, as core's events spell them, and how the table hears them.
RESULTS = {
    "storm": "timebomb2.x.storm",
    "failed": "timebomb2.x.failed",
    "explosion": "timebomb2.x.explosion",
}


def action_lines(session, events):
    """The build-up: which building is checked, known to all once its group is complete."""
    return [S("timebomb2.check"), S("timebomb2.at") + where(session, events[0][2])]


def card_lines(ev):
    """The four cards of a check event ("check", place, result, total, swat, expert, b1, b2)."""
    return [str(ev[4 + i]) + " " + troop_name(TROOPS[i]) for i in range(4) if ev[4 + i]]


def result_lines(session, events):
    lines = []
    back = ""
    for ev in events:
        e = ev[0]
        if e == "check":
            lines.append(S(RESULTS[ev[2]]))
            lines.append(S("timebomb2.total") + str(ev[3]))
            lines.extend(card_lines(ev))
        elif e == "building":
            lines.insert(1, where(session, ev[1]) + ": " + building_name(ev[2]))
            if ev[2] != "boom":
                lines.insert(2, found_line(ev[3], session.game.hideouts()))
        elif e == "move":
            lines.append(S("timebomb2.move"))
        elif e == "return":
            back += (", " if back else "") + session.name(ev[1])
        elif e == "transceiver":
            lines.append(S("timebomb2.back") + back)
            lines.append(S("timebomb2.radio") + session.name(ev[1]))
        elif e == "win":
            lines.append(side_name(ev[1]))
    return lines


def result_sound(events):
    for ev in events:
        if ev[0] == "building":
            return "boom" if ev[2] == "boom" else ("confirm" if ev[2] == "hideout" else "chirp")
    for ev in events:
        if ev[0] == "check":
            return "boom" if ev[2] == "explosion" else "strike"
    return "chirp"
