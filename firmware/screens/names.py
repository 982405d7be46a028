"""Seat-name editor for four buttons: UP/DOWN change the letter, OK next, BACK previous."""

from firmware import buttons as B
from firmware import settings as prefs
from firmware import strings
from firmware.ui import text, widgets
from firmware.ui.stack import BACK, NONE, Screen


class NameEditor(Screen):
    """Edits seat i's name in place. OK on the last letter (or holding OK) saves; BACK on the
    first letter leaves without saving, so BACK always leads out."""

    def __init__(self, app, seat):
        super().__init__(app)
        self.seat = seat
        self.title = text.fit(
            strings.get("s.seat") + str(seat + 1), widgets.title_cols(app.lay, app.batt)
        )
        name = app.settings.names[seat]
        self.buf = bytearray(prefs.NAME_LEN)
        for i in range(prefs.NAME_LEN):
            self.buf[i] = ord(name[i]) if i < len(name) else 0x20
        self.pos = 0
        self.hint = text.wrap(strings.get("s.edit"), app.lay.cols)

    def _cycle(self, d):
        chars = prefs.NAME_CHARS
        c = chr(self.buf[self.pos])
        i = chars.find(c)
        i = (i + d) % len(chars) if i >= 0 else 0
        self.buf[self.pos] = ord(chars[i])
        self.dirty = True

    def _save(self):
        name = bytes(self.buf).decode().strip()
        if not prefs.valid_name(name):
            name = prefs.default_name(self.seat)
        settings = self.app.settings
        if settings.names[self.seat] != name:
            settings.names[self.seat] = name
            settings.save()
        return BACK

    def event(self, ev, now):
        if B.kind_of(ev) == B.LONG and B.button_of(ev) == B.OK:
            return self._save()
        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        k = B.kind_of(ev)
        if b == B.UP or b == B.DOWN:
            self._cycle(1 if b == B.UP else -1)
        elif k == B.PRESS and (b == B.OK or b == B.RIGHT):
            if self.pos >= prefs.NAME_LEN - 1:
                return self._save()
            self.pos += 1
            self.dirty = True
        elif k == B.PRESS and (b == B.BACK or b == B.LEFT):
            if self.pos == 0:
                return BACK
            self.pos -= 1
            self.dirty = True
        return NONE

    def draw(self, fb, now):
        app = self.app
        lay = app.lay
        fb.fill(0)
        app.draw_bar(fb, self.title)
        y = lay.row_y(0)
        x = lay.centre_x(prefs.NAME_LEN)
        app.txt.draw_buf(fb, self.buf, prefs.NAME_LEN, x, y, 1)
        # The cursor is an underline under the letter being edited (and a box on big screens).
        cx = x + self.pos * lay.cw
        fb.fill_rect(cx, y + lay.cw, lay.cw, lay.scale, 1)
        widgets.lines(fb, lay, app.txt, self.hint, 0, 2)
