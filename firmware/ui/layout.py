"""Layout metrics for one display size, from 72x40 (Thumby) up to 240x135 (Display Pack), and
one font cell (framebuf's 8x8, or the backend's own)."""

from core import const

# framebuf's built-in font is 8x8; larger screens draw it doubled so it stays readable.
_GLYPH = const(8)


class Layout:
    """Where things go on a w x h display; computed once at boot, read by every screen. `cell` is
    the backend's font cell (width, height) in pixels when the display draws text in its own
    font (terminalio's 6x12 on CircuitPython: firmware/circuitpy/canvas.py); None is framebuf's
    8x8 (MicroPython)."""

    # A glyph's height (rows add the leading) and where text starts after an 8x8 icon (a row's
    # mark: the first column clear of it). Framebuf's 8x8 at scale 1 keeps these class values,
    # so the MicroPython boards' instance holds no more attributes than before the cell was a
    # parameter (a 13th one grows its table to 17 slots, on a heap with little to spare).
    ch = 8
    mark = 8
    # Rows of a selected row's bar above its text: framebuf's capitals start on their cell's
    # top row, so the bar starts a (scaled) pixel higher, in the leading of the row above, and
    # ends with the cell, its descender row a pixel of bar under the capitals' foot (a capital
    # drawn inverted from the bar's first row merged with the black above it). A backend's font
    # (terminalio's 6x12) has that room inside its cell: 0.
    lift = 1

    def __init__(self, w, h, colour=False, cell=None):
        self.w = w
        self.h = h
        self.colour = colour
        gw, gh = cell or (_GLYPH, _GLYPH)
        # Double-size text only when the doubled grid still gives a usable menu (>= 7 rows), and
        # only framebuf's font (a backend's own font is drawn at its size).
        self.scale = 2 if (w >= 192 and h >= 120 and not cell) else 1
        s = self.scale
        self.cw = gw * s
        if cell or s > 1:
            self.ch = gh * s
            self.mark = (_GLYPH * s + self.cw - 1) // self.cw * self.cw
            self.lift = 0 if cell else s
        # One pixel of leading when it costs no row, none on the tiny screens; a font taller
        # than 8 (terminalio's 12) has its leading inside its cell already.
        gap = 1 if h >= 60 and gh <= _GLYPH else 0
        self.lh = (gh + gap) * s
        self.cols = w // self.cw
        self.rows = h // self.lh
        # Row 0 is the title / status bar; the body starts below it (and its rule line).
        self.bar = self.lh
        self.body = self.bar + (1 if h >= 60 else 0)
        self.body_rows = (h - self.body) // self.lh
        # Bar height for progress bars: thick enough to read from across a table.
        self.pbar = max(6, h // 8)

    def row_y(self, row):
        """Top pixel of body row `row` (0 = first row under the bar)."""
        return self.body + row * self.lh

    def text_w(self, n):
        return n * self.cw

    def centre_x(self, n):
        """Left pixel that centres n characters."""
        x = (self.w - n * self.cw) // 2
        return x if x > 0 else 0

    def digits_box(self, top, bottom):
        """(x, y, digit_w, digit_h, gap) for a centred MM:SS between rows top..bottom pixels."""
        avail_h = bottom - top
        # Digit aspect 3:5; the colon takes half a digit width; gaps are 1/5 of a digit.
        dh = avail_h
        dw = dh * 3 // 5
        total = 4 * dw + dw // 2 + 4 * (dw // 5)
        if total > self.w - 4:
            dw = (self.w - 4) * 10 // 53
            dh = dw * 5 // 3
            total = 4 * dw + dw // 2 + 4 * (dw // 5)
        x = (self.w - total) // 2
        y = top + (avail_h - dh) // 2
        return x, y, dw, dh, dw // 5
