"""The game hub: decides what the table does next, and the in-game pause menu.

The hub is never drawn for long: whenever it is on top it pushes the next step (a pass-around,
a private choice, a public turn) or, at the end, replaces itself with the end screen. Game
specifics come from the game's package (firmware/games/<id>/).
"""

from firmware import strings
from firmware.games import package
from firmware.play import session as sessions
from firmware.ui import text, widgets
from firmware.ui.dialog import Confirm, Notice
from firmware.ui.stack import BACK, HOME, NONE, PUSH, REPLACE, Screen


def skin_for(game):
    """The screens of a game (firmware/games/<id>/skin.py), imported when a game of it starts."""
    return package(game, "skin")


class Hub(Screen):
    """Root screen of a game: pushes whatever comes next."""

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        session.echo = app.log
        self.skin = skin_for(session.rs["game"])
        self.title = text.fit(session.rs["name"], widgets.title_cols(app.lay, app.batt))
        self.recap = session.resumed  # once, after a reset: what the last action did

    def tick(self, now):
        from firmware.play.passing import PassScreen

        s = self.session
        g = s.game
        if g.outcome() is not None:
            from firmware.play.end import EndScreen

            return (REPLACE, EndScreen(self.app, s, self.skin))
        if self.recap:
            self.recap = False
            body = recap_text(s, self.skin)
            if body:
                return (PUSH, Notice(self.app, strings.get("p.last"), body))
        pending = g.reveals()
        if pending:
            return (PUSH, PassScreen(self.app, s, self.skin, pending[0]))
        seat = g.current_player()
        choice = self.skin.private_choice(s, seat)
        if choice is not None:
            return (PUSH, PassScreen(self.app, s, self.skin, seat, choice[0], choice[1]))
        return (PUSH, self.skin.turn_screen(self.app, s))

    def draw(self, fb, now):
        fb.fill(0)
        self.app.draw_bar(fb, self.title)


class PauseMenu(Screen):
    """BACK during a game: the rules for this moment, the log, or leave (the game stays saved)."""

    def __init__(self, app, session, skin):
        from firmware.ui.menu import Menu

        super().__init__(app)
        self.session = session
        self.skin = skin
        self.title = text.fit(strings.get("p.paused"), widgets.title_cols(app.lay, app.batt))
        self.menu = Menu(
            app.lay,
            [
                strings.get("p.continue"),
                strings.get("p.rules"),
                strings.get("p.log"),
                strings.get("p.leave"),
                strings.get("p.abandon"),
            ],
        )

    def event(self, ev, now):
        from firmware import buttons as B

        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        k = B.kind_of(ev)
        if b == B.UP or b == B.DOWN:
            self.menu.move(-1 if b == B.UP else 1)
            self.dirty = True
            return NONE
        if k != B.PRESS:
            return NONE
        if b == B.BACK:
            # BACK again leaves: the game is saved, and the main menu's "Saved game" offers it.
            return HOME
        if b != B.OK:
            return NONE
        c = self.menu.cursor
        app = self.app
        if c == 0:
            return BACK
        if c == 1:
            view = self.session.game.view(None)
            body = "\n".join(self.skin.rules_lines(self.session, view))
            return (PUSH, Notice(app, strings.get("p.rules"), body))
        if c == 2:
            return (PUSH, Notice(app, strings.get("p.log"), log_text(self.session, self.skin)))
        if c == 3:
            return HOME  # saved after every action: the boot prompt offers it back
        return (PUSH, Confirm(app, strings.get("p.abandon"), strings.get("p.sure"), _abandon))

    def draw(self, fb, now):
        fb.fill(0)
        self.app.draw_bar(fb, self.title)
        self.menu.draw(fb, self.app.txt)


def _abandon(now):
    sessions.clear()
    return HOME


def recap_text(session, skin):
    """The log lines of the last action (public, like the whole log), or '' if none."""
    lines = []
    for ev in session.log[len(session.log) - session.last :]:
        line = skin.log_line(session, ev)
        if line:
            lines.append(line)
    return "\n".join(lines)


def log_text(session, skin):
    lines = []
    for ev in session.log:
        line = skin.log_line(session, ev)
        if line:
            lines.append(line)
    return "\n".join(lines) if lines else strings.get("p.nolog")
