"""The bomb-timer prop's entry points: its presets menu, and its offer after a reset.

The prop is not a pass-around game: core.timer.Prop is a clock-driven state machine (see its
docstring) with no seats, views or deal, so it has no skin. The app reaches it through the two
functions below, which every prop's package (core.games.is_prop) provides: open() for its main
menu row and resume_prompt() at boot, which the boot prompt calls only when the prop's save
(firmware.storage.prop_save, data/<id>.json) exists. Its save lives in saved.py.
"""

from firmware.games.timer import saved


def open(app):
    """The screen the main menu's row opens: every preset of every valid timer ruleset."""
    from firmware.games.timer import menu

    return menu.presets_screen(app)


def resume_prompt(app, now):
    """At boot: offer a timer that was running back (paused), or None when none was saved."""
    if not saved.exists():
        return None
    from firmware import strings
    from firmware.games.timer.run import TimerScreen
    from firmware.screens import resume
    from firmware.ui.dialog import Confirm
    from firmware.ui.stack import NONE, PUSH

    try:
        back = saved.load(now)
    except (OSError, ValueError) as e:  # SaveError, or a state core refuses: kept for a report
        return resume.bad(app, str(e), resume.set_aside(saved.SAVE))
    if back is None:  # the saved timer had already ended: nothing to resume
        saved.clear(app)
        return None
    rs, path, prop = back
    scr = TimerScreen(app, rs, prop.index, now, path, prop)

    def yes(now):
        return (PUSH, scr)

    def no(now):
        saved.clear(app)
        return NONE

    body = strings.get("resume.timer") + " " + saved.remaining_text(prop.remaining(now))
    return Confirm(app, strings.get("resume.title"), body, yes, no)
