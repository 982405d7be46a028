"""The bomb-timer prop's entry points: its presets menu, its save, and its offer after a reset.

The prop is not a pass-around game: core.timer.Prop is a clock-driven state machine (see its
docstring) with no seats, views or deal, so it has no skin. The app reaches it through the
functions below, which every prop's package provides (a prop: a registry row with PROP set, in
core/games.py): open() for its main menu row, resume_prompt() at boot; save() and clear() keep
the state the running screen and the prompt share.
"""

from firmware import storage

SAVE = "data/timer.json"


def open(app):
    """The screen the main menu's row opens: every preset of every valid timer ruleset."""
    from firmware.games.timer import menu

    return menu.presets_screen(app)


def save(app, state):
    """Save the prop's state atomically; a failing flash is logged, never fatal."""
    try:
        storage.save(SAVE, state)
        return True
    except (OSError, ValueError) as e:
        app.log("save failed: " + str(e))
        return False


def clear(app):
    try:
        storage.remove(SAVE)
    except OSError as e:
        app.log("remove failed: " + str(e))


def resume_prompt(app, now):
    """At boot: offer a timer that was running back (paused), or None when none was saved."""
    if not storage.exists(SAVE):
        return None
    from firmware import strings
    from firmware.games.timer import saved
    from firmware.screens import resume
    from firmware.ui.dialog import Confirm
    from firmware.ui.stack import NONE, PUSH

    try:
        scr = saved.from_saved(app, storage.load(SAVE), now)
    except (OSError, ValueError) as e:  # SaveError, or a state core refuses
        clear(app)
        return resume.bad(app, str(e))
    if scr is None:  # the saved timer had already ended: nothing to resume
        clear(app)
        return None

    def yes(now):
        return (PUSH, scr)

    def no(now):
        clear(app)
        return NONE

    body = strings.get("resume.timer") + " " + scr.remaining_text(now)
    return Confirm(app, strings.get("resume.title"), body, yes, no)
