"""It's a Bomb! on the device: the skin (texts for the hub, reveals, rules, log and end screen).

A cooperative game: nobody holds a secret (core's reveals() is always empty), so there is no
pass-around; the device is the Crisis Unit (or, in countdown-only mode, the Countdown deck beside
a human Crisis Unit) and the table shares one public screen (turn.py). Every text here comes
from view(None), the ruleset and events; the words are in names.py, the reveal's lines in
results.py, the news of special cards and Consultants in news.py.
"""

from firmware.games.itsabomb import news
from firmware.games.itsabomb.names import (  # noqa: F401  (side_name: the end screen's)
    S,
    cell_name,
    code,
    countdown_line,
    found,
    line_name,
    mmss,
    side_name,
    tokens_text,
)
from firmware.games.itsabomb.results import (  # noqa: F401  (the reveal's part of the skin)
    action_lines,
    result_lines,
    result_sound,
)
from firmware.play.skin import private_choice  # noqa: F401  the default: no private choice


def happy(winner):
    return winner == "players"


def private_lines(session, view, seat):
    # Never asked for (no seat has a secret); the public table if a framework change ever does.
    return status_lines(session, view)


def status_lines(session, view):
    lines = [S("itsabomb.time") + mmss(view["time"]), S("itsabomb.found") + found(view)]
    if view["phase"] == "play":
        lines.append(
            S("itsabomb.round") + str(view["round"]) + ": " + session.name(view["speaker"])
        )
    return lines


def turn_screen(app, session):
    # The screens are imported here: the skin's texts load without them and the display kit.
    told = news.take(session)
    if told:
        from firmware.ui.dialog import Notice

        return Notice(app, told[0], "\n".join(told[1:]))
    from firmware.games.itsabomb.turn import TurnScreen

    return TurnScreen(app, session)


def log_line(session, ev):
    e = ev[0]
    if e == "ask":
        if ev[1] is None:
            return S("itsabomb.asked")
        return (
            S("itsabomb.o.ask" + ev[1]) + " " + line_name(ev[1], ev[2]) + ": " + tokens_text(ev[3])
        )
    if e == "cut_tile":
        if ev[1] is None:
            return S("itsabomb.reported") + ": " + S("itsabomb.v." + ev[4])
        where = S("itsabomb.cut") + cell_name(ev[1], ev[2]) + " " + code(ev[3])
        return where + ": " + S("itsabomb.v." + ev[4])
    if e == "countdown":
        return countdown_line(ev)
    if e == "card":
        return S("itsabomb.c." + ev[1]) + ": " + session.rs["specials"][ev[2]]["text"]
    if e == "consult":
        return S("itsabomb.o.use") + session.rs["consultants"][ev[1]]["name"]
    if e == "scan":
        return S("itsabomb.scan") + cell_name(ev[1], ev[2]) + ": " + tokens_text(ev[3])
    if e == "empty":
        return S("itsabomb.empty") + cell_name(ev[1], ev[2])
    if e in ("start", "hold", "timeout"):
        return S("itsabomb.log." + e)
    if e == "score":
        return S("itsabomb.score") + str(ev[1])
    if e == "win":
        return side_name(ev[1]) + " " + S("itsabomb.why." + ev[2])
    return None


def rules_lines(session, view):
    """What the team may do now, what is left, what wins: from the ruleset and the view."""
    rs = session.rs
    crisis = view["mode"] == "crisis"
    if view["empties"]:
        now = S("itsabomb.r.empty") + str(view["empties"])
    elif view["scan"]:
        now = S("itsabomb.r.scan")
    elif view["phase"] == "setup":
        now = S("itsabomb.r.setup")
    elif view["no_ask"]:
        now = S("itsabomb.r.noask")
    else:
        now = S("itsabomb.r.crisis" if crisis else "itsabomb.r.desk")
    lines = [session.name(view["speaker"]) + ": " + now]
    lines.append(
        S("itsabomb.time")
        + mmss(view["time"])
        + ", "
        + str(view["timers"])
        + S("itsabomb.r.timers")
    )
    if crisis:
        cut = " ".join(code(k) for k in view["cut"])
        left = " ".join(code(k) for k in view["colours"] if k not in view["cut"])
        lines.append(S("itsabomb.r.cutc") + (cut or "-") + S("itsabomb.r.left") + left)
    else:
        lines.append(S("itsabomb.r.colours") + found(view))
    out = [c["name"] for k, c in enumerate(rs["consultants"]) if not view["consultants"][k]]
    if out:
        lines.append(S("itsabomb.r.consult") + ", ".join(out))
    for key in ("hold", "no_ask", "ordered", "shield"):
        n = view[key]
        if n:
            lines.append(S("itsabomb.rf." + key) + ("" if n is True else str(n)))
    if rs["realtime"]:
        lines.append(S("itsabomb.r.rt") + str(rs["realtime"]["round_ms"] // 1000) + "s")
    lines.append(S("itsabomb.r.step"))
    lines.append(S("itsabomb.r.win") + str(len(view["colours"])))
    lines.append(S("itsabomb.r.lose"))
    lines.append(S("itsabomb.r.score") + str(rs["level"]) + S("itsabomb.r.score2"))
    return lines


def end_lines(session, view):
    lines = []
    if view["score"] is not None:
        n = len(session.rs["consultants"]) - sum(view["consultants"])
        lines.append(S("itsabomb.score") + str(view["score"]))
        lines.append(" +3x" + str(view["timers"]) + S("itsabomb.r.timers"))
        lines.append(" +2x" + str(n) + S("itsabomb.e.unused"))
        lines.append(" +" + str(session.rs["level"]) + S("itsabomb.e.level"))
        lines.append(" -" + str(view["seats"]) + S("itsabomb.e.players"))
    lines.append(S("itsabomb.found") + found(view))
    for r, row in enumerate(view.get("solution") or ()):
        lines.append(chr(65 + r) + " " + "".join("." if k == "." else code(k) for k in row))
    return lines
