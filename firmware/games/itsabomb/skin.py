"""It's a Bomb! on the device: the skin (texts for the hub, reveals, rules, log and end screen).

A cooperative game: nobody holds a secret (core's reveals() is always empty), so there is no
pass-around; the device is the Crisis Unit (or, in countdown-only mode, the Countdown deck beside
a human Crisis Unit) and the table shares one public screen (turn.py), which is handed this
module for its words, its news and its reveal lines. Every text here comes from view(None), the
ruleset and events.

Tiles and tokens are always named by a letter as well as drawn (most builds are monochrome):
R Y G B P the colours, X explosive, D detonator, V receiver, + battery, - grey.
"""

import sys

from core.itsabomb.tiles import KINDS
from firmware import strings
from firmware.play.skin import private_choice  # noqa: F401  the default: no private choice

# -- the words the screens share: tile and token letters, cells, lines, times, sides ----------


S = strings.of("itsabomb")


def code(kind):
    """One letter for a tile or token kind (by name), from the strings table."""
    return S("codes")[KINDS.index(kind)]


def kind_name(kind):
    return S("k." + kind)


def cell_name(r, c):
    """Rows are letters, columns numbers: B3 is the second row, third column."""
    return chr(65 + r) + str(c + 1)


def line_name(kind, i):
    return chr(65 + i) if kind == "row" else str(i + 1)


def tokens_text(tokens):
    return " ".join(code(t) for t in tokens) if tokens else S("notokens")


def mmss(sec):
    return str(sec // 60) + ":" + ("0" if sec % 60 < 10 else "") + str(sec % 60)


def found(view):
    """'2/4': the colours cut of those in play."""
    return str(view["found"]) + "/" + str(len(view["colours"]))


def side_name(winner):
    return S("won." + winner)


def countdown_line(ev):
    """A ("countdown", seconds | "explosion") event: the card that now shows."""
    return S("boom") if ev[1] == "explosion" else S("time") + mmss(ev[1])


# -- the news: special cards, Consultants, scans and timeouts, told in a Notice ----------------
# What an action or the round clock sets off is kept on the session here and shown once, in a
# Notice after the current screen (turn_screen() takes it).

_NEWS = "itsabomb_news"  # the attribute this game keeps on the session: news not yet shown


def tell(session, events):
    """Keep the news of these events for a Notice after the current screen."""
    lines = []
    for ev in events:
        e = ev[0]
        if e == "card":
            s = session.rs["specials"][ev[2]]
            lines.append(S("c." + ev[1]) + "!")
            if s["text"]:
                lines.append(s["text"])
        elif e == "consult":
            c = session.rs["consultants"][ev[1]]
            lines.append(c["name"])
            if c["text"]:
                lines.append(c["text"])
        elif e == "scan":
            lines.append(cell_name(ev[1], ev[2]) + ": " + tokens_text(ev[3]))
        elif e == "timeout":
            lines.append(S("timeout"))
        elif e == "countdown" and lines:
            lines.append(countdown_line(ev))
        elif e == "hold" and lines:
            lines.append(S("held"))
    if lines:
        setattr(session, _NEWS, [S("news")] + lines)


def take(session):
    """The news kept so far as [title, line, ...], once; None when there is none."""
    news = getattr(session, _NEWS, None)
    if news:
        setattr(session, _NEWS, None)
    return news or None


# -- what an ask or cut shows in the reveal: the build-up, the result, its sound ---------------
# The shared reveal (firmware/play/reveal.py) calls these three. The build-up names the question
# or the cut only, never what is under the tile. In countdown-only mode the device knows neither
# the line asked nor the tile cut (None).


def action_lines(session, events):
    ev = events[0]
    if ev[0] == "ask":
        if ev[1] is None:
            return [S("asked")]
        return [S("o.ask" + ev[1]) + " " + line_name(ev[1], ev[2])]
    if ev[1] is None:  # ("cut_tile", None, None, None, verdict): a reported cut
        return [S("reported")]
    return [S("cut") + cell_name(ev[1], ev[2])]


def result_lines(session, events):
    lines = []
    for ev in events:
        e = ev[0]
        if e == "ask" and ev[1] is not None:
            lines.append(tokens_text(ev[3]))
        elif e == "cut_tile":
            if ev[3] is not None:
                lines.append(code(ev[3]) + " " + kind_name(ev[3]))
            lines.append(S("v." + ev[4]))
        elif e == "hold":
            lines.append(S("held"))
        elif e == "countdown":
            lines.append(countdown_line(ev))
        elif e == "card":
            lines.append(S("c." + ev[1]) + "!")
        elif e == "score":
            lines.append(S("score") + str(ev[1]))
    return lines


def result_word(session, events):
    """A reveal's result in big letters, from the words the game already has (its table is
    loaded with the game: no keys of its own): the colour a cut found (GREEN!, or NEW! reported
    at the desk), NOTHING., the
    explosive's BOOM! (SHIELD when smothered), the answer's tokens (- for none), or the end
    (DEFUSED!, BOOM!)."""
    word = None
    for ev in events:
        e = ev[0]
        if e == "win":
            return S("won." + ev[1]).upper()
        if e == "cut_tile":
            v = ev[4]
            if v == "new" and ev[3] is not None:
                word = kind_name(ev[3]).upper() + "!"
            elif v == "new":  # reported at the desk: the colour is on the table, not here
                word = S("v.new").split(" ")[0].upper() + "!"
            elif v == "nothing":
                word = S("v.nothing").upper()
            elif v == "explosive":
                word = S("won.bomb").upper()
            else:
                word = S("f.shield").upper()
        elif e == "ask" and ev[1] is not None and word is None:
            word = "".join(code(t) for t in ev[3]) if ev[3] else "-"
    return word


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


# -- the hub's calls ---------------------------------------------------------------------------


def happy(winner):
    return winner == "players"


def private_lines(session, view, seat):
    # Never asked for (no seat has a secret); the public table if a framework change ever does.
    return status_lines(session, view)


def status_lines(session, view):
    lines = [S("time") + mmss(view["time"]), S("found") + found(view)]
    if view["phase"] == "play":
        lines.append(S("round") + str(view["round"]) + ": " + session.name(view["speaker"]))
    return lines


def turn_screen(app, session):
    # The screens are imported here: the skin's texts load without them and the display kit.
    told = take(session)
    if told:
        from firmware.ui.dialog import Notice

        return Notice(app, told[0], "\n".join(told[1:]))
    from firmware.games.itsabomb.turn import TurnScreen

    # The screen is handed this module: its words, the news and the reveal's lines are here.
    return TurnScreen(app, session, sys.modules[__name__])


def log_line(session, ev):
    e = ev[0]
    if e == "ask":
        if len(ev) == 1 or ev[1] is None:  # ("ask",): a countdown round in an older save
            return S("asked")
        return S("o.ask" + ev[1]) + " " + line_name(ev[1], ev[2]) + ": " + tokens_text(ev[3])
    if e == "cut_tile" or e == "cut":  # "cut": the same fields, in an older save
        if len(ev) == 2:  # ("cut", verdict): a countdown round in an older save
            return S("reported") + ": " + S("v." + ev[1])
        if ev[1] is None:
            return S("reported") + ": " + S("v." + ev[4])
        where = S("cut") + cell_name(ev[1], ev[2]) + " " + code(ev[3])
        return where + ": " + S("v." + ev[4])
    if e == "countdown":
        return countdown_line(ev)
    if e == "card":
        return S("c." + ev[1]) + ": " + session.rs["specials"][ev[2]]["text"]
    if e == "consult":
        return S("o.use") + session.rs["consultants"][ev[1]]["name"]
    if e == "scan":
        return S("scan") + cell_name(ev[1], ev[2]) + ": " + tokens_text(ev[3])
    if e == "empty":
        return S("empty") + cell_name(ev[1], ev[2])
    if e in ("start", "hold", "timeout"):
        return S("log." + e)
    if e == "score":
        return S("score") + str(ev[1])
    if e == "win":
        return side_name(ev[1]) + " " + strings.reason(S, ev[2])
    return None


def rules_lines(session, view):
    """What the team may do now, what is left, what wins: from the ruleset and the view."""
    rs = session.rs
    crisis = view["mode"] == "crisis"
    if view["empties"]:
        now = S("r.empty") + str(view["empties"])
    elif view["scan"]:
        now = S("r.scan")
    elif view["phase"] == "setup":
        now = S("r.setup")
    elif view["no_ask"]:
        now = S("r.noask")
    else:
        now = S("r.crisis" if crisis else "r.desk")
    lines = [session.name(view["speaker"]) + ": " + now]
    timers = strings.count(view["timers"], "n.timer", "n.timers", S)
    lines.append(S("time") + mmss(view["time"]) + ", " + timers)
    if crisis:
        cut = " ".join(code(k) for k in view["cut"])
        left = " ".join(code(k) for k in view["colours"] if k not in view["cut"])
        lines.append(S("r.cutc") + (cut or "-") + S("r.left") + left)
    else:
        lines.append(S("r.colours") + found(view))
    out = [c["name"] for k, c in enumerate(rs["consultants"]) if not view["consultants"][k]]
    if out:
        lines.append(S("r.consult") + ", ".join(out))
    for key in ("hold", "no_ask", "ordered", "shield"):
        n = view[key]
        if n:
            lines.append(S("rf." + key) + ("" if n is True else str(n)))
    if rs["realtime"]:
        lines.append(S("r.rt") + str(rs["realtime"]["round_ms"] // 1000) + "s")
    lines.append(S("r.step"))
    lines.append(S("r.win") + str(len(view["colours"])))
    lines.append(S("r.lose"))
    lines.append(S("r.score") + str(rs["level"]) + S("r.score2"))
    return lines


def end_lines(session, view):
    lines = []
    if view["score"] is not None:
        n = len(session.rs["consultants"]) - sum(view["consultants"])
        lines.append(S("score") + str(view["score"]))
        lines.append(" +3x" + strings.count(view["timers"], "n.timer", "n.timers", S))
        lines.append(" +2x" + strings.count(n, "e.consultant", "e.consultants", S))
        lines.append(" +" + str(session.rs["level"]) + S("e.level"))
        lines.append(" -" + strings.count(view["seats"], "e.player", "e.players", S))
    lines.append(S("found") + found(view))
    for r, row in enumerate(view.get("solution") or ()):
        lines.append(chr(65 + r) + " " + "".join("." if k == "." else code(k) for k in row))
    return lines
