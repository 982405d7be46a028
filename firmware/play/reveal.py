"""The reveal: a fixed-length build-up, then the public result of an action.

The build-up (text, progress bar, ticks) is drawn from what the whole table already knows (who
cut which wire), lasts REVEAL_MS and sounds the same every time; only then does the result show,
with its own sound. So nobody learns the result a moment early from the device's timing. The
action's save is written before the build-up's first frame (other screens show a press's answer
first and save after it): a power cut at any moment resumes what the table saw, the build-up
included. The result is one big word (the skin's result_word, in the segment font of the
timer's digits, the same size for every word) above the details, which scroll.
"""

from core import const
from firmware import buttons as B
from firmware import strings
from firmware.ui import digits, icons, text, widgets
from firmware.ui.stack import BACK, NONE, Screen

REVEAL_MS = const(1600)
_TICK_MS = const(400)
_NUDGE_MS = const(400)  # how long the tick of an ignored press stays up (as passing.py's)
_BIG_COLS = const(8)  # the longest big word: its letters' size is set by it, for every word


class RevealScreen(Screen):
    def __init__(self, app, session, skin, events, now):
        super().__init__(app)
        # The action is on flash before the build-up's first frame (its save, waiting for the
        # frame elsewhere, is written now, inside the build-up's time: the result still comes
        # REVEAL_MS after the press): whatever of it the table sees, a reset resumes with it.
        session.flush()
        cols = app.lay.cols
        self.title = text.fit(strings.get("p.reveal"), widgets.title_cols(app.lay, app.batt))
        self.before = []
        for line in skin.action_lines(session, events):
            self.before.extend(text.wrap(line, cols))
        self.after = []
        for line in skin.result_lines(session, events):
            self.after.extend(text.wrap(line, cols))
        self.sound = skin.result_sound(events)
        word = skin.result_word(session, events)
        self.word = word[:_BIG_COLS] if word else None
        self.rows = 0
        if self.word:
            # The big word's band: about half the body, whole text rows, at least one row left
            # under it for the details.
            lay = app.lay
            self.rows = max(1, min(lay.body_rows - 1, (lay.body_rows + 1) // 2))
            top = lay.row_y(0) + 1
            bottom = lay.row_y(self.rows) - 2
            # Cells for _BIG_COLS letters across the width, 3:5, no taller than the band.
            dw = (lay.w - 4) * 5 // (_BIG_COLS * 6)
            dh = min(dw * 5 // 3, bottom - top)
            dw = min(dw, dh * 3 // 5 + 1)
            self.box = (2, top + (bottom - top - dh) // 2, dw, dh, dw // 5)
        self.start = now
        self.ticks = 0
        self.first = 0
        self.done = False
        self.pct = 0
        self.nudged = -1  # when a press during the build-up was ignored (its tick shows)
        app.play("tick")

    def keeps_awake(self):
        return not self.done  # the build-up runs to its result in front of the table

    def tick(self, now):
        if self.nudged >= 0 and self.app.hw.ticks_diff(now, self.nudged) >= _NUDGE_MS:
            self.nudged = -1
            self.dirty = True
        if self.done:
            return NONE
        t = self.app.hw.ticks_diff(now, self.start)
        if t >= REVEAL_MS:
            self.done = True
            self.app.log("result")
            self.app.play(self.sound)
            self.dirty = True
            return NONE
        n = t // _TICK_MS
        if n != self.ticks:
            self.ticks = n
            self.app.play("tick")
        pct = t * 100 // REVEAL_MS
        if pct // 5 != self.pct // 5:
            self.pct = pct
            self.dirty = True
        return NONE

    def event(self, ev, now):
        if not self.done:
            if B.kind_of(ev) == B.PRESS and B.button_of(ev) in (B.OK, B.BACK):
                # The build-up always runs to its end; the press is heard and said so.
                self.nudged = now
                self.app.play("nope")
                self.dirty = True
            return NONE
        b = B.button_of(ev)
        k = B.kind_of(ev)
        if k == B.PRESS and b in (B.OK, B.BACK):
            return BACK
        b = B.press_or_repeat(ev)
        if b == B.UP or b == B.DOWN:
            # A long result on a small screen scrolls.
            total = len(self.before) + len(self.after)
            step = 1 if b == B.DOWN else -1
            f = widgets.scroll(self.first, step, total, self.app.lay.body_rows - self.rows)
            if f != self.first:
                self.first = f
                self.dirty = True
        return NONE

    def draw(self, fb, now):
        app = self.app
        lay = app.lay
        fb.fill(0)
        app.draw_bar(fb, self.title)
        if not self.done:
            widgets.lines(fb, lay, app.txt, self.before, 0)
            y = lay.row_y(min(len(self.before), lay.body_rows - 1))
            widgets.progress(fb, 2, y + 1, lay.w - 4, lay.pbar, self.pct)
            if self.nudged >= 0:
                # The tick of a press heard but ignored on purpose: a check mark, inverted.
                s = lay.scale
                fb.fill_rect(lay.w - 10 * s, lay.h - 10 * s, 10 * s, 10 * s, 1)
                icons.draw(fb, icons.CHECK, lay.w - 9 * s, lay.h - 9 * s, 0, s)
            return
        if self.word:
            digits.word(fb, self.word, self.box, lay.w)
        # The details under it: build-up and result as one list, scrolled from self.first.
        nb = len(self.before)
        top = self.rows
        room = lay.body_rows - top
        r = 0
        i = self.first
        while r < room and i < nb + len(self.after):
            line = self.before[i] if i < nb else self.after[i - nb]
            app.txt.draw(fb, line, 0, lay.row_y(top + r), 1)
            r += 1
            i += 1
        widgets.scrollbar(fb, lay, self.first, nb + len(self.after), room)
