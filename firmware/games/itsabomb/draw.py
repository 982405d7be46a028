"""It's a Bomb! pictures: the tile grid with its cut tiles, and the Countdown card's time.

Drawn straight onto the framebuf from a bytearray made once per screen: nothing here allocates,
so a screen may redraw every second (the real-time clock) without feeding the garbage collector.
Shapes and letters carry every meaning; nothing is told by colour alone.
"""

from core import const
from firmware.ui import digits
from firmware.ui.text import chars

# The side panel's icons, 8 bytes each (icons.draw(..., first=)): time left (at 0), colours cut (a
# wire cut in two, 8), whose turn (16), and the arrows by the title (24: UP/DOWN change it).
# One bytes object: a module global each would cost the board more than their 32 bytes.
ICONS = (
    b"\x3c\x42\x91\x91\x9d\x81\x42\x3c\x00\x00\xe7\xe7\x00\x24\x42\x00"
    b"\x18\x3c\x3c\x18\x00\x7e\xff\xff\x10\x38\x7c\x00\x00\x7c\x38\x10"
)
# Cell codes of the picture: no tile, a face-down tile, else the ASCII letter of a face-up one.
HOLE = const(0)
DOWN = const(1)
# Room kept left of and above the grid for the marks of the chosen row and column, on a screen
# too small for the rows' letters and the columns' numbers (72x40: the title names the line).
MARGIN = const(3)


def cells(view, code):
    """The picture's bytearray from view(None)["grid"] (face down "?", no tile "."); code(kind)
    is the skin's letter of a face-up tile."""
    out = bytearray(view["rows"] * view["cols"])
    i = 0
    for row in view["grid"]:
        for k in row:
            out[i] = HOLE if k == "." else (DOWN if k == "?" else ord(code(k)))
            i += 1
    return out


class GridBox:
    """Where the grid goes on this display: cell size and origin; the text panel's column."""

    def __init__(self, lay, rows, cols):
        self.rows = rows
        self.cols = cols
        # Rows are lettered A.. and columns numbered 1.. beside the grid where a letter fits a
        # cell (a chosen line's label is drawn inverted); else thin marks show the choice.
        self.labels = lay.h >= 60
        # m: the margin left of the grid (a letter's width), top: the one above it (a digit's
        # height; the same on framebuf's square cell).
        m = lay.cw + 1 if self.labels else MARGIN * lay.scale
        top = lay.ch + 1 if self.labels else m
        side = 4 * lay.cw + lay.mark + 2  # the text panel beside the grid: an icon, 4 columns
        h = lay.h - lay.body - top
        self.cell = max(3, min(h // rows, (lay.w - m - side) // cols))
        if self.labels and self.cell < max(lay.cw, lay.ch):
            self.labels = False
            m = top = MARGIN * lay.scale
            h = lay.h - lay.body - m
            self.cell = max(3, min(h // rows, (lay.w - m - side) // cols))
        self.x = m
        self.y = lay.body + top
        self.m = m
        self.top = top
        self.panel = self.x + self.cell * cols + 2 * lay.scale
        self.panel_cols = (lay.w - self.panel) // lay.cw


def grid(fb, lay, txt, box, pic, row=-1, col=-1, sure=False):
    """The grid; row/col >= 0 mark a chosen line (both: a chosen tile), `sure` fills them."""
    s = box.cell
    ch = chars()
    big = s - 1 >= lay.cw and s - 1 >= lay.ch
    for r in range(box.rows):
        for c in range(box.cols):
            k = pic[r * box.cols + c]
            if k == HOLE:
                continue
            x = box.x + c * s
            y = box.y + r * s
            chosen = (row < 0 or r == row) and (col < 0 or c == col) and (row >= 0 or col >= 0)
            if k == DOWN:
                if chosen and (sure or (row >= 0 and col >= 0)):
                    fb.fill_rect(x, y, s - 1, s - 1, 1)
                else:
                    fb.rect(x, y, s - 1, s - 1, 1)
                    if chosen and s >= 5:
                        fb.rect(x + 1, y + 1, s - 3, s - 3, 1)
            elif big:
                fb.fill_rect(x, y, s - 1, s - 1, 1)
                txt.draw(fb, ch[k - 32], x + (s - 1 - lay.cw) // 2, y + (s - 1 - lay.ch) // 2, 0)
            else:
                _small(fb, x, y, s - 1, k)
    m = box.m
    top = box.top
    if box.labels:
        # A letter left of each row, a number above each column; the chosen ones inverted.
        for r in range(box.rows):
            y = box.y + r * s + (s - 1 - lay.ch) // 2
            if r == row:
                fb.fill_rect(0, box.y + r * s, m - 1, s - 1, 1)
            txt.draw(fb, ch[33 + r], 0, y, 0 if r == row else 1)
        for c in range(box.cols):
            x = box.x + c * s + (s - 1 - lay.cw) // 2
            if c == col:
                fb.fill_rect(box.x + c * s, box.y - top, s - 1, top - 1, 1)
            txt.draw(fb, ch[17 + c], x, box.y - top, 0 if c == col else 1)
        return
    # The marks: a bar left of the chosen row, one above the chosen column.
    if row >= 0:
        fb.fill_rect(0, box.y + row * s, m - 1, s - 1, 1)
    if col >= 0:
        fb.fill_rect(box.x + col * s, box.y - top, s - 1, top - 1, 1)


def _small(fb, x, y, w, k):
    # A face-up tile too small for its letter: a pattern by family. Cables (a colour) are a
    # band across the tile, the explosive a cross, grey an empty frame, the rest a dot.
    fb.rect(x, y, w, w, 1)
    if k == 88:  # "X": the explosive
        fb.line(x, y, x + w - 1, y + w - 1, 1)
        fb.line(x, y + w - 1, x + w - 1, y, 1)
    elif k == 82 or k == 89 or k == 71 or k == 66 or k == 80:  # R Y G B P: a cable
        fb.fill_rect(x, y + w // 3, w, w - 2 * (w // 3), 1)
    elif k != 45:  # not grey: detonator, receiver, battery
        fb.fill_rect(x + w // 2, y + w // 2, 1, 1, 1)


def card(fb, lay, top, bottom, seconds, right=0):
    """The Countdown card's time as big digits between two pixel rows, centred in the width
    less `right` pixels (kept for the round clock)."""
    dh = bottom - top
    dw = dh * 3 // 5
    w = lay.w - right - 4
    if 4 * dw + dw // 2 + 4 * (dw // 5) > w:
        dw = w * 10 // 53
        dh = dw * 5 // 3
    total = 4 * dw + dw // 2 + 4 * (dw // 5)
    box = ((lay.w - right - total) // 2, top + (bottom - top - dh) // 2, dw, dh, dw // 5)
    digits.mmss(fb, seconds // 60, seconds % 60, box)
