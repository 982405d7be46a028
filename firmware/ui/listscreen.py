"""A titled scrolling list screen of the UI kit: the main menu, a game's rulesets, the seats."""

from firmware import buttons as B
from firmware.ui import text
from firmware.ui.menu import Menu
from firmware.ui.stack import BACK, NONE, Screen


class ListScreen(Screen):
    """A titled scrolling list; OK runs the chosen row's action (a callable returning an intent).
    UP/DOWN move (with repeat), LEFT/RIGHT jump a page, BACK leaves (except at the root); a digit
    key n picks row n and runs it, when there is a row n."""

    def __init__(self, app, title, labels, actions, marks=None, root=False, shorts=None):
        super().__init__(app)
        self.title = text.fold(title)  # a title longer than the bar scrolls there
        self.menu = Menu(app.lay, labels, marks, shorts)
        self.actions = actions
        self.root = root

    def event(self, ev, now):
        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        k = B.kind_of(ev)
        m = self.menu
        if b == B.UP or b == B.DOWN:
            if m.move(-1 if b == B.UP else 1):
                self.dirty = True
        elif b == B.LEFT or b == B.RIGHT:
            if m.move(-m.visible if b == B.LEFT else m.visible):
                self.dirty = True
        elif k == B.PRESS and b == B.OK and m.count():
            return self.actions[m.cursor](now)
        elif k == B.PRESS and b == B.BACK and not self.root:
            return BACK
        elif k == B.PRESS and 0 < B.digit_of(b) <= m.count():
            # A digit key (the MacroPad's keypad): its row, then OK. Past the end: ignored.
            m.cursor = B.digit_of(b) - 1
            m.move(0)
            self.dirty = True
            return self.actions[m.cursor](now)
        return NONE

    def digit_keys(self):
        """One digit key a row, up to nine."""
        return (1 << min(self.menu.count(), B.DIGITS)) - 1

    def draw(self, fb, now):
        fb.fill(0)
        self.app.draw_bar(fb, self.title)
        self.menu.draw(fb, self.app.txt)
