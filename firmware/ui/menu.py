"""A scrolling list: cursor, wrap-around, scroll window and drawing; a long label scrolls when
selected (a marquee)."""

from firmware.ui import icons, text, widgets


def label_cols(lay, count, marked):
    """The columns a list's labels get: the display's, less one for the scrollbar when its
    `count` rows do not all fit, and one for the icon column when a row has an icon."""
    visible = lay.body_rows if lay.body_rows > 0 else 1
    return lay.cols - (1 if count > visible else 0) - (1 if marked else 0)


class Menu:
    """Labels (str) with optional icon marks and short titles (shown instead of a label too long
    for its row while another row is selected); the window follows the cursor."""

    def __init__(self, lay, labels, marks=None, shorts=None):
        self.lay = lay
        self.cursor = 0
        self.top = 0
        self.visible = lay.body_rows if lay.body_rows > 0 else 1
        self.set(labels, marks, shorts)

    def set(self, labels, marks=None, shorts=None):
        lay = self.lay
        # Room for the scrollbar and an icon column (when a row has an icon); a longer label
        # shows its start, and all of it scrolls by when the row is selected.
        if marks is not None and not any(m is not None for m in marks):
            marks = None
        self.marks = marks
        self.cols = label_cols(lay, len(labels), marks is not None)
        self.labels = [text.fold(s) for s in labels]
        self.shorts = [text.fold(s) if s else "" for s in shorts] if shorts else None
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
            label = self.labels[i]
            sel = i == self.cursor
            if not sel and len(label) > self.cols and self.shorts and self.shorts[i]:
                label = self.shorts[i]
            widgets.row(fb, lay, txt, r, label, sel, mark, self.cols)
        widgets.scrollbar(fb, lay, self.top, len(self.labels), self.visible)
