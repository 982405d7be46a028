"""TimeBomb II's storm check on screen: the shared reveal build-up, then a scrollable result.

The build-up is the framework's RevealScreen unchanged (same text, sound and length whatever
the cards). A check says more than a cut (the result, the building, the total, the four cards,
the hideouts moving, who returns to work, the Transceiver), more than the 4 rows of the smallest
display hold, so once the result shows UP/DOWN scroll it; OK or BACK go on.
"""

from firmware import buttons as B
from firmware.play.reveal import RevealScreen
from firmware.ui import widgets
from firmware.ui.stack import NONE


class CheckReveal(RevealScreen):
    """The reveal of one check; `skin` (the game's skin module) gives its lines and sound."""

    def __init__(self, app, session, skin, events, now):
        super().__init__(app, session, skin, events, now)
        # Once done, the build-up's lines stay on top: they say which building was checked.
        self.all = self.before + self.after
        self.first = 0

    def event(self, ev, now):
        b = B.press_or_repeat(ev)
        if self.done and (b == B.UP or b == B.DOWN):
            step = 1 if b == B.DOWN else -1
            f = widgets.scroll(self.first, step, len(self.all), self.app.lay.body_rows)
            if f != self.first:
                self.first = f
                self.dirty = True
            return NONE
        return super().event(ev, now)

    def draw(self, fb, now):
        if not self.done:
            super().draw(fb, now)
            return
        app = self.app
        lay = app.lay
        fb.fill(0)
        app.draw_bar(fb, self.title)
        widgets.lines(fb, lay, app.txt, self.all, self.first)
        widgets.scrollbar(fb, lay, self.first, len(self.all), lay.body_rows)
