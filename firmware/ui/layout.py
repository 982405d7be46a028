"""Layout metrics for one display size, from 72x40 (Thumby) up to 240x135 (Display Pack)."""

from core import const

# framebuf's built-in font is 8x8; larger screens draw it doubled so it stays readable.
_GLYPH = const(8)


class Layout:
    """Where things go on a w x h display; computed once at boot, read by every screen."""

    def __init__(self, w, h, colour=False):
        self.w = w
        self.h = h
        self.colour = colour
        # Double-size text only when the doubled grid still gives a usable menu (>= 7 rows).
        self.scale = 2 if (w >= 192 and h >= 120) else 1
        s = self.scale
        self.cw = _GLYPH * s
        # One pixel of leading when it costs no row, none on the tiny screens.
        gap = 1 if h >= 60 else 0
        self.lh = (_GLYPH + gap) * s
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
