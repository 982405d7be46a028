"""The bomb-timer screen across a reset: what is saved, how it comes back, and the board's keys."""

from core import const, timer
from firmware import strings
from firmware.ui import text

VERSION = const(1)


def state(scr, now):
    """The save of a timer screen: its ruleset file and core's snapshot of the prop."""
    return {"v": VERSION, "ruleset": scr.path, "prop": scr.prop.to_state(now)}


def from_saved(app, saved, now):
    """The timer screen for a saved state (paused after the reset), or None if it had ended.
    Raises ValueError (SaveError/RulesetError) when the save or its ruleset is unusable."""
    from firmware import catalog
    from firmware.games.timer.run import TimerScreen

    if type(saved) is not dict or saved.get("v") != VERSION:
        raise ValueError("save: not a timer save of this version")
    path = saved.get("ruleset")
    if type(path) is not str or not path:
        raise ValueError("save: no ruleset named")
    rs = catalog.read(path)
    prop = timer.Prop.from_state(rs, saved.get("prop"), now)
    if prop.phase == timer.DEFUSED or prop.phase == timer.BOOM or prop.phase == timer.SET:
        return None  # it had ended (or never started): nothing to resume
    return TimerScreen(app, rs, prop.index, now, path, prop)


def has_all_buttons(keymap):
    """True when the board can press every logical button directly (codes typed as is);
    otherwise codes are picked with UP/DOWN and entered with OK."""
    seen = 0
    for short, long in keymap:
        if short >= 0:
            seen |= 1 << short
        if long >= 0:
            seen |= 1 << long
    return seen == 0x3F


def remaining_text(ms):
    """'04:32 left', for the resume prompt."""
    buf = bytearray(5)
    text.put_mmss(buf, 0, ms)
    return buf.decode() + " " + strings.get("timer.left")
