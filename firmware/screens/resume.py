"""Saved games offered back: the boot prompt, the resume screen (resume or discard), and the
move of an older firmware's single save to its game's own file.

Imported only when a save exists (the app at boot, a menu's saved-game row): the board does not
hold this code while nothing is saved, and drops it again at the main menu.
"""

import os

from core import const, games
from firmware import buttons as B
from firmware import catalog, storage, strings
from firmware.games import package
from firmware.ui import text, widgets
from firmware.ui.dialog import Confirm, Notice
from firmware.ui.stack import BACK, NONE, PUSH, REPLACE, Screen

_STEP_MS = const(900)  # a long description moves on a line this often
_REST_MS = const(2000)  # and rests this long at its start and at its end


def set_aside(path):
    """Keep an unusable save as data/<name>.bad.json (its last copy: the file, else its .bak),
    for a bug report, never deleting it; the save itself is gone, so the next boot is a plain
    one. Returns the name it is kept as."""
    bad = (path[:-5] if path.endswith(".json") else path) + ".bad.json"
    for suffix in ("", ".bak"):
        try:
            os.stat(path + suffix)
        except OSError:
            continue
        try:
            os.remove(bad)
        except OSError:
            pass
        try:
            os.rename(path + suffix, bad)
        except OSError:
            pass
        break
    storage.remove(path)
    return bad


def _move(src, dst):
    # An older firmware's save (and its .bak) to today's name.
    for suffix in ("", ".bak"):
        try:
            os.stat(src + suffix)
        except OSError:
            continue
        storage.remove(dst + suffix)
        os.rename(src + suffix, dst + suffix)
    storage.remove(src + ".tmp")


def bad(app, why, kept=None):
    """The notice for a save that could not be used; `kept` names the file it is kept as."""
    body = strings.get("resume.bad") + "\n" + why
    if kept:
        body += "\n" + strings.get("resume.kept") + " " + kept
    return Notice(app, strings.get("resume.title"), body)


def migrate(app):
    """At boot: move a save of the firmware that kept one data/game.json to its game's own file
    (data/<id>.json, with its .bak), so it loads as before. Returns None, or the notice for a
    save that cannot be placed (kept as data/game.bad.json)."""
    old = storage.GAME_SAVE
    if not storage.exists(old):
        storage.remove(old)  # a stray temp file
        return None
    try:
        obj = storage.load(old)
        path = obj.get("ruleset") if type(obj) is dict else None
        game = None
        for e in app.entries:
            if e.path == path and not e.error:
                game = e.game
        if game is None or games.is_prop(game):
            raise ValueError("save: its ruleset " + str(path) + " is not on the device")
    except OSError:
        return None
    except ValueError as e:  # SaveError too
        return bad(app, str(e), set_aside(old))
    new = storage.game_save(game)
    if storage.exists(new):  # cannot happen with one firmware; never lose either
        set_aside(new)
    _move(old, new)
    storage.played(game)
    return None


class ResumeScreen(Screen):
    """A saved game: what it is (ruleset, players, round), then Resume or Discard. BACK leaves
    and keeps the save; Discard asks first."""

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        lay = app.lay
        self.title = text.fit(strings.get("resume.title"), widgets.title_cols(lay, app.batt))
        s = session
        # The count on a line of its own: on 72x40 "4 Players" is one line, never cut between
        # the number and its word ("1 Player": strings.count). A description longer than the
        # room scrolls (tick).
        body = s.rs["name"] + "\n" + strings.count(s.players, "n.player", "n.players")
        view = s.game.view(None)
        r = view.get("round") if type(view) is dict else None
        if type(r) is int:
            body += "\n" + strings.get("w.round") + str(r)
        self.lines = text.wrap(body, lay.cols)
        self.room = lay.body_rows - 2
        self.first = 0  # the description's first line shown: it steps by itself when long
        self.step_at = None
        self.rows = (
            text.fit(strings.get("p.continue"), lay.cols),
            text.fit(strings.get("resume.drop"), lay.cols),
        )
        self.cursor = 0

    def event(self, ev, now):
        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        if b == B.UP or b == B.DOWN:
            self.cursor = 1 - self.cursor
            self.dirty = True
            return NONE
        if B.kind_of(ev) != B.PRESS:
            return NONE
        if b == B.BACK:
            return BACK  # the save stays: only Discard, confirmed, throws it away
        if b != B.OK:
            return NONE
        app = self.app
        s = self.session
        if self.cursor == 0:
            from firmware.play.hub import Hub  # lazy: the play flow loads with a game

            storage.played(s.rs["game"])
            return (REPLACE, Hub(app, s))

        def drop(now):
            s.forget()
            return BACK

        return (PUSH, Confirm(app, strings.get("resume.drop"), strings.get("resume.sure"), drop))

    def tick(self, now):
        # A description longer than its room (a long name on 72x40) scrolls a line at a time,
        # rests at its end, then starts again: every word is shown, none is cut.
        over = len(self.lines) - self.room
        if over <= 0:
            return NONE
        hw = self.app.hw
        if self.step_at is None:
            self.step_at = hw.ticks_add(now, _REST_MS)
        elif hw.ticks_diff(now, self.step_at) >= 0:
            self.first = 0 if self.first >= over else self.first + 1
            rest = self.first == 0 or self.first >= over
            self.step_at = hw.ticks_add(now, _REST_MS if rest else _STEP_MS)
            self.dirty = True
        return NONE

    def draw(self, fb, now):
        app = self.app
        lay = app.lay
        fb.fill(0)
        app.draw_bar(fb, self.title)
        widgets.lines(fb, lay, app.txt, self.lines, self.first, 0, self.room)
        widgets.scrollbar(fb, lay, self.first, len(self.lines), self.room)
        for k in range(2):
            widgets.row(fb, lay, app.txt, lay.body_rows - 2 + k, self.rows[k], k == self.cursor)


def game_prompt(app, game, now):
    """The resume screen of `game`'s save; a notice when the save cannot be used (kept as
    data/<id>.bad.json); None when there is none."""
    from firmware.play import session as sessions  # lazy: the play flow loads with a game

    path = storage.game_save(game)
    try:
        s = sessions.Session.resume(catalog.read, path)
    except OSError:
        storage.remove(path)  # nothing saved, or only a stray temp file
        return None
    except ValueError as e:  # SaveError, a ruleset that changed, or a state core refuses
        kept = set_aside(path)
        storage.played(game, False)
        return bad(app, str(e), kept)
    return ResumeScreen(app, s)


def opener(app, game):
    """The menu action that offers `game`'s save."""

    def open(now):
        scr = game_prompt(app, game, now)
        if scr is None:
            scr = Notice(app, strings.get("resume.title"), strings.get("resume.none"))
        return (PUSH, scr)

    return open


def prompt(app, now):
    """The screen to push over the main menu at boot, or None when nothing was saved. A running
    prop is offered first: it was counting down beside a physical game; then the game played
    last. Code is loaded only for a save that exists, so a boot with nothing saved holds no more
    than the menu."""
    for g in games.IDS:
        if games.is_prop(g) and storage.exists(storage.prop_save(g)):
            scr = package(g, "prop").resume_prompt(app, now)
            if scr is not None:
                return scr
    ids = storage.saved_games()
    if ids:
        return game_prompt(app, ids[0], now)
    return None
