"""Dialog screens of the UI kit: a scrolling text notice and a yes/no confirmation."""

from firmware import buttons as B
from firmware import strings
from firmware.ui import text, widgets
from firmware.ui.stack import BACK, NONE, THEN, Screen


class Notice(Screen):
    """Title plus wrapped text; UP/DOWN scroll, OK or BACK closes it."""

    def __init__(self, app, title, body):
        super().__init__(app)
        lay = app.lay
        self.title = text.fit(title, widgets.title_cols(lay, app.batt))
        # body: a text, or lines already wrapped (a long log, built a line at a time)
        self.lines = body if type(body) is list else text.wrap(body, lay.cols)
        self.first = 0

    def _scroll(self, d):
        f = widgets.scroll(self.first, d, len(self.lines), self.app.lay.body_rows)
        if f != self.first:
            self.first = f
            self.dirty = True

    def event(self, ev, now):
        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        if b == B.UP:
            self._scroll(-1)
        elif b == B.DOWN:
            self._scroll(1)
        elif (b == B.OK or b == B.BACK) and B.kind_of(ev) == B.PRESS:
            return BACK
        return NONE

    def draw(self, fb, now):
        app = self.app
        fb.fill(0)
        app.draw_bar(fb, self.title)
        widgets.lines(fb, app.lay, app.txt, self.lines, self.first)
        widgets.scrollbar(fb, app.lay, self.first, len(self.lines), app.lay.body_rows)


class Confirm(Screen):
    """A question answered with OK (yes) or BACK (no). The callbacks return the intent to apply
    once the dialog is gone, so the asking screen decides what happens next."""

    def __init__(self, app, title, question, on_yes, on_no=None):
        super().__init__(app)
        lay = app.lay
        self.title = text.fit(title, widgets.title_cols(lay, app.batt))
        self.on_yes = on_yes
        self.on_no = on_no
        hint_rows = 2 if lay.body_rows >= 5 else 0
        self.lines = text.wrap(question, lay.cols)
        self.hints = (
            (text.fit(strings.get("yes"), lay.cols), text.fit(strings.get("no"), lay.cols))
            if hint_rows
            else ()
        )
        self.first = 0
        self.room = lay.body_rows - hint_rows

    def event(self, ev, now):
        b = B.button_of(ev)
        k = B.kind_of(ev)
        if k == B.PRESS and b == B.OK:
            return (THEN, self.on_yes(now))
        if k == B.PRESS and b == B.BACK:
            return (THEN, self.on_no(now)) if self.on_no is not None else BACK
        b = B.press_or_repeat(ev)
        if b == B.UP or b == B.DOWN:
            f = widgets.scroll(self.first, 1 if b == B.DOWN else -1, len(self.lines), self.room)
            if f != self.first:
                self.first = f
                self.dirty = True
        return NONE

    def draw(self, fb, now):
        app = self.app
        lay = app.lay
        fb.fill(0)
        app.draw_bar(fb, self.title)
        widgets.lines(fb, lay, app.txt, self.lines, self.first, 0, self.room)
        widgets.scrollbar(fb, lay, self.first, len(self.lines), self.room)
        if self.hints:
            r = lay.body_rows - 2
            for h in self.hints:
                app.txt.draw(fb, h, 0, lay.row_y(r), 1)
                r += 1
