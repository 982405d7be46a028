"""A scrolling list: cursor, wrap-around, scroll window and drawing; labels fitted once."""

from firmware.ui import icons, text, widgets


class Menu:
    """Labels (str) with optional icon marks; the window follows the cursor."""

    def __init__(self, lay, labels, marks=None):
        self.lay = lay
        self.cursor = 0
        self.top = 0
        self.visible = lay.body_rows if lay.body_rows > 0 else 1
        self.set(labels, marks)

    def set(self, labels, marks=None):
        lay = self.lay
        # Room for the scrollbar and an icon column; labels are cut here, never while drawing.
        cols = lay.cols - (1 if len(labels) > self.visible else 0)
        self.marks = marks
        if marks is not None:
            cols -= 1
        self.labels = [text.fit(s, cols) for s in labels]
        if self.cursor >= len(self.labels):
            self.cursor = len(self.labels) - 1 if self.labels else 0
        self._follow()

    def count(self):
        return len(self.labels)

    def move(self, delta):
        """Move the cursor by delta, wrapping at both ends; returns True if it moved."""
        n = len(self.labels)
        if n < 2:
            return False
        self.cursor = (self.cursor + delta) % n
        self._follow()
        return True

    def _follow(self):
        self.top = widgets.follow(self.cursor, self.top, self.visible)
        n = len(self.labels)
        if self.top > n - self.visible:
            self.top = max(0, n - self.visible)

    def draw(self, fb, txt):
        lay = self.lay
        marks = self.marks
        for r in range(self.visible):
            i = self.top + r
            if i >= len(self.labels):
                break
            mark = marks[i] if marks is not None else None
            if marks is not None and mark is None:
                # Keep labels aligned when only some rows carry an icon.
                mark = icons.EMPTY
            widgets.row(fb, lay, txt, r, self.labels[i], i == self.cursor, mark)
        widgets.scrollbar(fb, lay, self.top, len(self.labels), self.visible)
