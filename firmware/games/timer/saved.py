"""The bomb-timer prop's save across a reset: its file, what goes in it, and how it comes back."""

from core import const
from firmware import storage, strings
from firmware.ui import text

S = strings.of("timer")

SAVE = storage.prop_save("timer")
VERSION = const(1)


def save(app, path, prop, now):
    """Save the prop (and the ruleset file it came from) atomically; a failing flash is logged,
    never fatal."""
    try:
        storage.save(SAVE, {"v": VERSION, "ruleset": path, "prop": prop.to_state(now)})
        return True
    except (OSError, ValueError) as e:
        app.log("save failed: " + str(e))
        return False


def clear(app):
    try:
        storage.remove(SAVE)
    except OSError as e:
        app.log("remove failed: " + str(e))


def exists():
    return storage.exists(SAVE)


def load(now):
    """(ruleset, its path, the prop) of the saved timer, paused by the reset; None if it had
    ended (or never started). Raises OSError, or ValueError (SaveError/RulesetError) when the
    save or its ruleset is unusable."""
    # Loaded here, not at import: prop.py asks exists() at every boot, timer or not.
    from core import timer
    from firmware import catalog

    data = storage.load(SAVE)
    if type(data) is not dict or data.get("v") != VERSION:
        raise ValueError("save: not a timer save of this version")
    path = data.get("ruleset")
    if type(path) is not str or not path:
        raise ValueError("save: no ruleset named")
    rs = catalog.read(path)
    prop = timer.Prop.from_state(rs, data.get("prop"), now)
    if prop.phase == timer.DEFUSED or prop.phase == timer.BOOM or prop.phase == timer.SET:
        return None
    return rs, path, prop


def remaining_text(ms):
    """'04:32 left', for the resume prompt."""
    buf = bytearray(5)
    text.put_mmss(buf, 0, ms)
    return buf.decode() + " " + S("left")
