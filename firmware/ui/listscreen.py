"""A titled scrolling list screen of the UI kit: the main menu, a game's rulesets, the seats."""

from firmware import buttons as B
from firmware.ui import text
from firmware.ui.menu import Menu
from firmware.ui.stack import BACK, NONE, Screen


class ListScreen(Screen):
    """A titled scrolling list; OK runs the chosen row's action (a callable returning an intent).
    UP/DOWN move (with repeat), LEFT/RIGHT jump a page, BACK leaves (except at the root)."""

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
        return NONE

    def draw(self, fb, now):
        fb.fill(0)
        self.app.draw_bar(fb, self.title)
        self.menu.draw(fb, self.app.txt)
