"""The boot-time resume prompt: a saved prop (the timer) or game is offered back at boot."""

from core import games
from firmware import catalog, storage, strings
from firmware.games import package
from firmware.ui.dialog import Confirm, Notice
from firmware.ui.stack import NONE, PUSH


def bad(app, why):
    """The notice for a save that could not be used (it has been set aside)."""
    return Notice(app, strings.get("resume.title"), strings.get("resume.bad") + "\n" + why)


def game_prompt(app, now):
    """Offer the saved game back; OK rebuilds it from the save and carries on at its last step."""
    from firmware.play import session as sessions  # lazy: the play flow loads with a game

    try:
        s = sessions.Session.resume(catalog.read)
    except OSError:
        return None  # nothing saved, or only a stray temp file
    except ValueError as e:  # SaveError, a ruleset that changed, or a state core refuses
        sessions.clear()
        return bad(app, str(e))

    def yes(now):
        from firmware.play.hub import Hub  # lazy: the play flow loads with a game

        return (PUSH, Hub(app, s))

    def no(now):
        sessions.clear()
        return NONE

    # One sentence, its parts in the language's order: it wraps, and scrolls, on any display.
    body = strings.get("resume.game").format(s.rs["name"], s.players)
    return Confirm(app, strings.get("resume.title"), body, yes, no)


def prompt(app, now):
    """The screen to push over the main menu at boot, or None when nothing was saved. A running
    prop is offered first: it was counting down beside a physical game. Code is loaded only for
    a save that exists, so a boot with nothing saved holds no more than the menu."""
    for g in games.IDS:
        if games.is_prop(g) and storage.exists(storage.prop_save(g)):
            scr = package(g, "prop").resume_prompt(app, now)
            if scr is not None:
                return scr
    if storage.exists(storage.GAME_SAVE):
        return game_prompt(app, now)
    return None
