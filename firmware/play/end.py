"""The end of a game: who won and why, every role, the log, and the seed as a receipt."""

from firmware import buttons as B
from firmware import strings
from firmware.play.log import log_lines
from firmware.ui import text, widgets
from firmware.ui.stack import HOME, NONE, Screen


class EndScreen(Screen):
    """Scrolls with UP/DOWN; OK or BACK returns to the menu and forgets the save."""

    def __init__(self, app, session, skin):
        super().__init__(app)
        lay = app.lay
        view = session.game.view(None)
        winner, reason = session.game.outcome()
        self.title = text.fit(skin.side_name(winner), widgets.title_cols(lay, app.batt))
        body = [strings.of(session.rs["game"])("why." + reason), ""]
        body.extend(skin.end_lines(session, view))
        body.append("")
        body.append(strings.get("p.receipt") + str(session.seed))
        body.append("")
        body.append(strings.get("p.log") + ":")
        self.lines = []  # wrapped a part at a time (see log_lines)
        for part in body:
            self.lines.extend(text.wrap(part, lay.cols))
        log_lines(session, skin, lay.cols, self.lines)
        self.first = 0
        session.forget()
        app.play("defused" if skin.happy(winner) else "boom")

    def event(self, ev, now):
        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        if b == B.UP or b == B.DOWN:
            step = 1 if b == B.DOWN else -1
            f = widgets.scroll(self.first, step, len(self.lines), self.app.lay.body_rows)
            if f != self.first:
                self.first = f
                self.dirty = True
        elif B.kind_of(ev) == B.PRESS and (b == B.OK or b == B.BACK):
            return HOME
        return NONE

    def draw(self, fb, now):
        app = self.app
        fb.fill(0)
        app.draw_bar(fb, self.title)
        widgets.lines(fb, app.lay, app.txt, self.lines, self.first)
        widgets.scrollbar(fb, app.lay, self.first, len(self.lines), app.lay.body_rows)
