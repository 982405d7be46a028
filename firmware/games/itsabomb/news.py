"""It's a Bomb!'s news: special cards, Consultants, scans and timeouts, told in a Notice.

What an action or the round clock sets off is kept on the session here and shown once, in a
Notice after the current screen (the skin's turn_screen() takes it).
"""

from firmware.games.itsabomb.names import S, cell_name, countdown_line, tokens_text

_NEWS = "iab_news"  # the session attribute that holds the news until it is shown


def tell(session, events):
    """Keep the news of these events for a Notice after the current screen."""
    lines = []
    for ev in events:
        e = ev[0]
        if e == "card":
            s = session.rs["specials"][ev[2]]
            lines.append(S("itsabomb.c." + ev[1]) + "!")
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
            lines.append(S("itsabomb.timeout"))
        elif e == "countdown" and lines:
            lines.append(countdown_line(ev))
        elif e == "hold" and lines:
            lines.append(S("itsabomb.held"))
    if lines:
        setattr(session, _NEWS, [S("itsabomb.news")] + lines)


def take(session):
    """The news kept so far as [title, line, ...], once; None when there is none."""
    news = getattr(session, _NEWS, None)
    if news:
        setattr(session, _NEWS, None)
    return news or None
