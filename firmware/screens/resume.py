"""The boot-time resume prompt: a saved timer (or game) is offered back before the menu."""

import os

from firmware import storage, strings
from firmware.ui.dialog import Confirm, Notice
from firmware.ui.stack import NONE, PUSH


def _exists(path):
    for p in (path, path + ".bak"):
        try:
            os.stat(p)
            return True
        except OSError:
            pass
    return False


def _bad(app, why):
    return Notice(app, strings.get("resume.title"), strings.get("resume.bad") + "\n" + why)


def timer_prompt(app, now):
    from firmware.app import TIMER_SAVE
    from firmware.screens import timer_saved

    try:
        state = storage.load(TIMER_SAVE)
        scr = timer_saved.from_saved(app, state, now)
    except (OSError, ValueError) as e:  # SaveError, or a state core refuses
        app.clear_timer()
        return _bad(app, str(e))
    if scr is None:  # the saved timer had already ended: nothing to resume
        app.clear_timer()
        return None

    def yes(now):
        return (PUSH, scr)

    def no(now):
        app.clear_timer()
        return NONE

    body = strings.get("resume.timer") + " " + scr.remaining_text(now)
    return Confirm(app, strings.get("resume.title"), body, yes, no)


def game_prompt(app, now):
    """Offer the saved game back; OK rebuilds it from the save and carries on at its last step."""
    from firmware.play import session as sessions
    from firmware.screens import catalog

    try:
        s = sessions.Session.resume(catalog.read)
    except OSError:
        return None  # nothing saved, or only a stray temp file
    except ValueError as e:  # SaveError, a ruleset that changed, or a state core refuses
        app.clear_game()
        return _bad(app, str(e))

    def yes(now):
        from firmware.play.hub import Hub

        return (PUSH, Hub(app, s))

    def no(now):
        app.clear_game()
        return NONE

    body = strings.get("resume.game") + " " + s.rs["name"] + ", " + str(s.players)
    return Confirm(app, strings.get("resume.title"), body + " " + strings.get("players"), yes, no)


def prompt(app, now):
    """The screen to push over the main menu at boot, or None when nothing was saved."""
    from firmware.app import GAME_SAVE, TIMER_SAVE

    if _exists(TIMER_SAVE):
        return timer_prompt(app, now)
    if _exists(GAME_SAVE):
        return game_prompt(app, now)
    return None
