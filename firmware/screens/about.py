"""About: version, board, free RAM and flash, ruleset count (measured when the page opens)."""

import gc
import os

from firmware import buttons as B
from firmware import strings
from firmware.ui import text, widgets
from firmware.ui.stack import BACK, NONE, Screen
from firmware.version import VERSION


def flash_free(path="/"):
    """Free bytes on the filesystem, or -1 where statvfs is missing."""
    try:
        st = os.statvfs(path)
        return st[0] * st[4]
    except (AttributeError, OSError):
        return -1


def kb(n):
    return str(n // 1024) + strings.get("a.kb") if n >= 0 else strings.get("a.unknown")


class AboutScreen(Screen):
    """A read-only page; UP/DOWN scroll on small displays, OK or BACK leave."""

    def __init__(self, app, now):
        super().__init__(app)
        self.title = text.fit(strings.get("about"), widgets.title_cols(app.lay, app.batt))
        self.first = 0
        self.lines = []
        self._fill()

    def _fill(self):
        app = self.app
        ok = 0
        bad = 0
        for e in app.entries:
            if e.error:
                bad += 1
            else:
                ok += 1
        gc.collect()
        rows = (
            (strings.get("app"), VERSION),
            (strings.get("a.board"), app.board or strings.get("a.unknown")),
            (strings.get("a.ram"), kb(gc.mem_free())),
            (strings.get("a.flash"), kb(flash_free())),
            (strings.get("a.rulesets"), str(ok) + (" +" + str(bad) + "!" if bad else "")),
        )
        # One column stays free for the scrollbar.
        cols = app.lay.cols - 1
        lines = []
        for label, value in rows:
            if len(label) + 1 + len(value) <= cols:
                lines.append(label + " " * (cols - len(label) - len(value)) + value)
            else:
                # Narrow screens: the value goes on its own line, right-aligned.
                lines.append(text.fit(label, cols))
                v = text.fit(value, cols)
                lines.append(" " * (cols - len(v)) + v)
        self.lines = lines

    def event(self, ev, now):
        b = B.button_of(ev)
        k = B.kind_of(ev)
        if k == B.PRESS and (b == B.BACK or b == B.OK):
            return BACK
        b = B.press_or_repeat(ev)
        if b == B.UP or b == B.DOWN:
            step = 1 if b == B.DOWN else -1
            f = widgets.scroll(self.first, step, len(self.lines), self.app.lay.body_rows)
            if f != self.first:
                self.first = f
                self.dirty = True
        return NONE

    def draw(self, fb, now):
        app = self.app
        fb.fill(0)
        app.draw_bar(fb, self.title)
        widgets.lines(fb, app.lay, app.txt, self.lines, self.first)
        widgets.scrollbar(fb, app.lay, self.first, len(self.lines), app.lay.body_rows)
