"""The in-game pause menu (BACK during a game): continue, the rules, the log, leave, abandon."""

from firmware import buttons as B
from firmware import strings
from firmware.play.log import log_lines
from firmware.ui import text, widgets
from firmware.ui.dialog import Confirm, Notice
from firmware.ui.menu import Menu
from firmware.ui.stack import BACK, HOME, NONE, PUSH, Screen


class PauseMenu(Screen):
    """BACK during a game: the rules for this moment, the log, or leave (the game stays saved)."""

    def __init__(self, app, session, skin):
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
        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        if b == B.UP or b == B.DOWN:
            self.menu.move(-1 if b == B.UP else 1)
            self.dirty = True
            return NONE
        d = B.digit_of(b) if B.kind_of(ev) == B.PRESS else 0
        if d:
            # A digit key (the MacroPad's keypad): row d, then OK; past the end: ignored.
            if d > self.menu.count():
                return NONE
            self.menu.cursor = d - 1
            self.menu.move(0)
            self.dirty = True
            b = B.OK
        if B.kind_of(ev) != B.PRESS:
            return NONE
        if b == B.BACK:
            # BACK again leaves: the game is saved, and the main menu offers it at its top.
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
            lines = log_lines(self.session, self.skin, app.lay.cols, [])
            return (PUSH, Notice(app, strings.get("p.log"), lines))
        if c == 3:
            return HOME  # saved after every action: the boot prompt offers it back
        session = self.session

        def abandon(now):
            session.forget()
            return HOME

        return (PUSH, Confirm(app, strings.get("p.abandon"), strings.get("p.sure"), abandon))

    def digit_keys(self):
        return (1 << min(self.menu.count(), B.DIGITS)) - 1

    def draw(self, fb, now):
        fb.fill(0)
        self.app.draw_bar(fb, self.title)
        self.menu.draw(fb, self.app.txt)
