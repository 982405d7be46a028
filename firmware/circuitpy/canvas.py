"""The display on CircuitPython: framebuf's drawing methods on a displayio.Bitmap shown by a
TileGrid, so every screen draws as on MicroPython and displayio sends only the changed area.

Why a bitmap and not adafruit_display_text labels: the UI kit draws with fill_rect/text/line at
pixel positions and redraws a whole screen at once; a label per text run would mean a Group of
objects rebuilt on every screen change (heap churn the MicroPython build does not have) and a
different font (terminalio's 6x12), so the screens would no longer be the ones the golden tests
check. The bitmap costs 128*64/8 = 1 KB, like the MicroPython frame buffer; text is blitted from
one font bitmap per colour (768 px x 8 each, 1.5 KB together) by bitmaptools in C.
"""

import bitmaptools
import displayio

from firmware.circuitpy import framebuf
from firmware.circuitpy.font8 import FONT

_GLYPHS = 96  # ASCII 32..127


def _font_bitmap(ink, paper):
    bm = displayio.Bitmap(_GLYPHS * 8, 8, 2)
    bm.fill(paper)
    for i in range(_GLYPHS * 8):
        col = FONT[i]
        y = 0
        while col:
            if col & 1:
                bm[i, y] = ink
            col >>= 1
            y += 1
    return bm


class Canvas(framebuf.FrameBuffer):
    """display.width .height .colour (False) .show() .contrast(v) .power(on), as the
    MicroPython drivers; `bitmap` and `group` are what displayio shows."""

    def __init__(self, display, width, height):
        self.width = width
        self.height = height
        self.colour = False
        self.display = display
        self.bitmap = displayio.Bitmap(width, height, 2)
        pal = displayio.Palette(2)
        pal[0] = 0x000000
        pal[1] = 0xFFFFFF
        self.group = displayio.Group()
        self.group.append(displayio.TileGrid(self.bitmap, pixel_shader=pal))
        # Glyph pixels 1 on 0 (drawn with colour 1, skipping 0) and 0 on 1 (colour 0).
        self._ink = (_font_bitmap(0, 1), _font_bitmap(1, 0))
        if display is not None:
            display.auto_refresh = False  # show() decides when a frame goes out
            display.root_group = self.group

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        if c is None:
            return self.bitmap[x, y]
        self.bitmap[x, y] = c & 1
        return None

    def fill(self, c):
        self.bitmap.fill(c & 1)

    def fill_rect(self, x, y, w, h, c):
        x0 = x if x > 0 else 0
        y0 = y if y > 0 else 0
        x1 = x + w if x + w < self.width else self.width
        y1 = y + h if y + h < self.height else self.height
        if x0 < x1 and y0 < y1:
            bitmaptools.fill_region(self.bitmap, x0, y0, x1, y1, c & 1)

    def text(self, s, x, y, c=1):
        w = self.width
        if y <= -8 or y >= self.height:
            return
        src = self._ink[c & 1]
        skip = 0 if c & 1 else 1
        top = 0 if y >= 0 else -y  # rows of the glyph above or below the screen are not drawn
        bottom = 8 if y + 8 <= self.height else self.height - y
        for ch in s:
            if x >= w:
                return
            if x > -8:
                o = ord(ch)
                if o < 32 or o > 127:
                    o = 127
                sx = (o - 32) * 8
                lo = 0 if x >= 0 else -x  # clip what falls off the left or right edge
                hi = 8 if x + 8 <= w else w - x
                bitmaptools.blit(
                    self.bitmap,
                    src,
                    x + lo,
                    y + top,
                    x1=sx + lo,
                    y1=top,
                    x2=sx + hi,
                    y2=bottom,
                    skip_source_index=skip,
                )
            x += 8

    def show(self):
        if self.display is not None:
            self.display.refresh()

    def contrast(self, value):
        if self.display is not None and hasattr(self.display, "brightness"):
            try:
                self.display.brightness = value / 255
            except (AttributeError, NotImplementedError, RuntimeError):
                pass  # a display without a brightness command keeps its level

    def power(self, on):
        d = self.display
        if d is None:
            return
        if on and hasattr(d, "wake"):
            d.wake()
        elif not on and hasattr(d, "sleep"):
            d.sleep()
