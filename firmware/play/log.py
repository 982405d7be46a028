"""The game log as text: the whole log (pause menu, end screen) and the last action's lines."""

from firmware import strings
from firmware.ui import text


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


def log_lines(session, skin, cols, out):
    """Every line of the log (or the "nothing yet" text) wrapped to cols, appended to the list
    out. One entry at a time: the whole log as one text would be an allocation that grows with
    the game (1.3 KB at the end of a long Undercover game) just when the heap is most cut up."""
    n = len(out)
    for entry in session.log:
        line = skin.log_line(session, entry)
        if line:
            out.extend(text.wrap(line, cols))
    if len(out) == n:
        out.extend(text.wrap(strings.get("p.nolog"), cols))
    return out
