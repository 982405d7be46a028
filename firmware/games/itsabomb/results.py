"""What an It's a Bomb! ask or cut shows in the reveal: the build-up, the result, its sound.

The shared reveal (firmware/play/reveal.py) calls these three through the skin, or straight from
the turn screen. The build-up names the question or the cut only, never what is under the tile.
In countdown-only mode the device knows neither the line asked nor the tile cut (None).
"""

from firmware.games.itsabomb.names import (
    S,
    cell_name,
    code,
    countdown_line,
    kind_name,
    line_name,
    tokens_text,
)


def action_lines(session, events):
    ev = events[0]
    if ev[0] == "ask":
        if ev[1] is None:
            return [S("itsabomb.asked")]
        return [S("itsabomb.o.ask" + ev[1]) + " " + line_name(ev[1], ev[2])]
    if ev[1] is None:  # ("cut_tile", None, None, None, verdict): a reported cut
        return [S("itsabomb.reported")]
    return [S("itsabomb.cut") + cell_name(ev[1], ev[2])]


def result_lines(session, events):
    lines = []
    for ev in events:
        e = ev[0]
        if e == "ask" and ev[1] is not None:
            lines.append(tokens_text(ev[3]))
        elif e == "cut_tile":
            if ev[3] is not None:
                lines.append(code(ev[3]) + " " + kind_name(ev[3]))
            lines.append(S("itsabomb.v." + ev[4]))
        elif e == "hold":
            lines.append(S("itsabomb.held"))
        elif e == "countdown":
            lines.append(countdown_line(ev))
        elif e == "card":
            lines.append(S("itsabomb.c." + ev[1]) + "!")
        elif e == "score":
            lines.append(S("itsabomb.score") + str(ev[1]))
    return lines


def result_sound(events):
    sound = "chirp"
    for ev in events:
        if ev[0] == "win" and ev[1] == "bomb":
            return "boom"
        if ev[0] == "cut_tile":
            v = ev[4]
            sound = "confirm" if v == "new" else ("strike" if v == "shielded" else sound)
        elif ev[0] == "card":
            sound = "strike"
    return sound
