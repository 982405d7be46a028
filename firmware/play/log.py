"""The game log as text: the whole log (pause menu, end screen) and the last action's lines."""

from firmware import strings


def _text(session, skin, start):
    lines = []
    log = session.log
    for i in range(start, len(log)):
        line = skin.log_line(session, log[i])
        if line:
            lines.append(line)
    return "\n".join(lines)


def recap_text(session, skin):
    """The log lines of the last action (public, like the whole log), or '' if none."""
    return _text(session, skin, max(0, len(session.log) - session.last))


def log_text(session, skin):
    """Every line of the log, or the "nothing yet" text."""
    return _text(session, skin, 0) or strings.get("p.nolog")
