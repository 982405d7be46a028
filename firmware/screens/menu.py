"""Menu screens: the main menu and a game's ruleset list (both ListScreens of the UI kit)."""

from core import games
from firmware import catalog, strings
from firmware.games import package
from firmware.screens import resume
from firmware.ui import icons
from firmware.ui.dialog import Notice
from firmware.ui.listscreen import ListScreen
from firmware.ui.stack import NONE, PUSH


def entry_notice(app, e):
    """What selecting a ruleset opens: the game's setup, or the reason it is broken."""
    if e.error:
        return Notice(app, strings.get("broken.title"), e.error)
    from firmware.play.setup import SetupScreen  # lazy: the play flow loads with a game

    try:
        rs = catalog.read(e.path)
    except ValueError as err:  # changed on flash since the scan
        return Notice(app, strings.get("broken.title"), str(err))
    return SetupScreen(app, e.path, rs)


def _show(app, e):
    return lambda now: (PUSH, entry_notice(app, e))


def entry_rows(app, entries, shorts=None):
    """Labels, marks and actions for a list of catalog entries (broken ones marked '!'); each
    entry's short title goes into `shorts` when a list is given."""
    labels = []
    marks = []
    actions = []
    for e in entries:
        labels.append((strings.get("broken") + e.name) if e.error else e.name)
        marks.append(icons.WARN if e.error else None)
        actions.append(_show(app, e))
        if shorts is not None:
            shorts.append("" if e.error else e.short)
    return labels, marks, actions


def group_screen(app, game):
    entries = catalog.check(app.entries, game)
    shorts = []
    labels, marks, actions = entry_rows(app, entries, shorts)
    if not labels:
        labels.append(strings.get("none"))
        marks.append(None)
        actions.append(lambda now: NONE)
        shorts.append("")
    return ListScreen(app, strings.title(game), labels, actions, marks, shorts=shorts)


def _group(app, game):
    return lambda now: (PUSH, group_screen(app, game))


def _open_prop(app, game):
    return lambda now: (PUSH, package(game, "prop").open(app))


def _settings(app):
    from firmware.screens import settings  # lazy: off the heap until Settings is opened

    return settings.SettingsScreen(app)


def _about(app, now):
    from firmware.screens import about  # lazy: off the heap until About is opened

    return about.AboutScreen(app, now)


def _saved_game(app, now):
    """The game left through the pause menu (or found at boot), offered back."""
    scr = resume.game_prompt(app, now)
    if scr is None:
        return Notice(app, strings.get("resume.title"), strings.get("resume.none"))
    return scr


def main_menu(app):
    """The root: the games (core's registry order), the props, Settings, About, then any
    unplaceable broken file. Each screen's module is imported when it is first opened."""
    labels = []
    marks = []
    actions = []
    for g in games.IDS:
        if games.is_prop(g):
            continue
        n_bad = 0
        for e in catalog.in_group(app.entries, g):
            if e.error:
                n_bad += 1
        labels.append(games.title(g))
        marks.append(icons.WARN if n_bad else None)
        actions.append(_group(app, g))
    for g in games.IDS:
        if games.is_prop(g):
            labels.append(games.title(g))
            marks.append(icons.BOMB)
            actions.append(_open_prop(app, g))
    labels.append(strings.get("settings"))
    marks.append(None)
    actions.append(lambda now: (PUSH, _settings(app)))
    labels.append(strings.get("about"))
    marks.append(None)
    actions.append(lambda now: (PUSH, _about(app, now)))
    labels.append(strings.get("resume.row"))
    marks.append(None)
    actions.append(lambda now: (PUSH, _saved_game(app, now)))
    bl, bm, ba = entry_rows(app, catalog.orphans(app.entries))
    return ListScreen(app, strings.get("app"), labels + bl, actions + ba, marks + bm, root=True)
