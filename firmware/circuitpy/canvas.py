"""The display on CircuitPython: framebuf's drawing methods on a displayio.Bitmap shown by a
TileGrid, so every screen draws as on MicroPython and displayio sends only the changed area; its
text is terminalio.FONT (6x12), laid out by adafruit_display_text, and the UI kit lays screens
out from that cell (`cell`, read by firmware/app.py).

Why glyphs blitted into the bitmap and not a label per text run: the UI kit draws in immediate
mode (fill_rect, text, line at pixel positions, an inverted row is a filled rect with text in
colour 0, a partial redraw clears a rect and draws over it), so a Group of labels would have to
be found and moved, hidden or rebuilt whenever a rect covers one; and adafruit_display_text
makes a new Bitmap for each text change (a Label is a Group + Palette + TileGrid + Bitmap). So
one bitmap_label.Label renders the whole font once at boot, and its bitmap becomes two glyph
strips (ink 1 on 0 and 0 on 1); text() blits cells from them with bitmaptools in C: no
allocation per draw. tools/bench/circuitpython_text.py measures both ways (RAM and time).

The accented letters the languages need (firmware/ui/text.py EXTRA) are composed here from the
font's own base letter and a mark (or, for the sharp s, drawn): CircuitPython builds
terminalio.FONT from ASCII and the characters of the firmware's translation only
(tools/gen_display_resources.py), so an English build may lack them, while Blinka's has the whole
Terminus font; composing them draws the same letter on both.
"""

import sys

import bitmaptools
import displayio
import terminalio

from firmware.circuitpy import framebuf

# firmware/ui/text.py does `import framebuf` (setup.py installs this one first, as here).
sys.modules.setdefault("framebuf", framebuf)
from firmware.ui.text import EXTRA  # noqa: E402

_ASCII = 95  # glyphs 32..126, cell 0 the space
# EXTRA's letters: the base letter and its mark, in EXTRA's order ("*" the sharp s, drawn).
_BASE = "eeeacaou*EEEACAOU"
_MARK = "agcg,ddd*agcg,ddd"  # a acute, g grave, c circumflex, d diaeresis, "," cedilla
# Marks as (column, row) pixels on the top two rows of a 6x12 cell; a lower-case letter's sits
# two rows lower (terminalio's x-height starts at row 4, a capital's top at row 2).
_MARKS = {
    "a": b"\x03\x00\x02\x01",
    "g": b"\x01\x00\x02\x01",
    "c": b"\x02\x00\x01\x01\x03\x01",
    "d": b"\x01\x00\x03\x00\x01\x01\x03\x01",
    ",": b"\x02\x0a\x01\x0b",  # under the letter, rows 10-11, whatever its case
}
# The sharp s, 6 bits a row (bit 5 the left pixel), rows 0..11.
_SZ = b"\x00\x00\x18\x24\x24\x28\x24\x22\x22\x2c\x20\x00"


def _strips(font):
    """(paper, ink): the font's glyph cells for ASCII and EXTRA side by side, ink 1 on 0 and its
    inverse, each a 1-bit Bitmap; `font` rendered once by adafruit_display_text. The marks are
    drawn for terminalio's 6x12 cell; in another one an accented letter is its base letter."""
    cw, ch = font.get_bounding_box()[:2]
    n = _ASCII + len(EXTRA)
    # The strips first, then the library and its label: what is freed after sits above them.
    ink = displayio.Bitmap(n * cw, ch, 2)
    paper = displayio.Bitmap(n * cw, ch, 2)
    from adafruit_display_text import bitmap_label  # type: ignore[import-untyped]

    marked = (cw, ch) == (6, 12)
    label = bitmap_label.Label(font, text="".join(chr(i) for i in range(33, 127)), save_text=False)
    glyphs = label.bitmap  # the glyphs of "!".."~" in a row, each in its cell
    # Copied pixel by pixel, once: the label's bitmap has a value for each of its palette's 3
    # colours (2 bits a pixel), and bitmaptools.blit refuses a 1-bit destination for it.
    for y in range(ch):
        for x in range(glyphs.width):
            if glyphs[x, y]:
                ink[cw + x, y] = 1
    del label, glyphs
    for k in range(len(EXTRA)):
        x = (_ASCII + k) * cw
        if _BASE[k] == "*" and marked:
            for row in range(12):
                bits = _SZ[row]
                for col in range(6):
                    if bits & (0x20 >> col):
                        ink[x + col, row] = 1
            continue
        base = (ord("s" if _BASE[k] == "*" else _BASE[k]) - 32) * cw
        bitmaptools.blit(paper, ink, x, 0, x1=base, y1=0, x2=base + cw, y2=ch)  # paper: scratch
        bitmaptools.blit(ink, paper, x, 0, x1=x, y1=0, x2=x + cw, y2=ch)
        if not marked:
            continue
        low = 2 if _BASE[k] > "Z" and _MARK[k] != "," else 0
        marks = _MARKS[_MARK[k]]
        for i in range(0, len(marks), 2):
            ink[x + marks[i], marks[i + 1] + low] = 1
    paper.fill(0)
    for y in range(ch):
        for x in range(n * cw):
            if not ink[x, y]:
                paper[x, y] = 1
    return paper, ink


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
        font = terminalio.FONT
        self._ink = _strips(font)
        self.cell = font.get_bounding_box()[:2]
        _drop_display_text()
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
        """s in terminalio's font, its cell's top-left at (x, y): ASCII and EXTRA, any other
        character as '?' (firmware/ui/text.py folds them before they get here)."""
        w = self.width
        cw, ch = self.cell
        if y <= -ch or y >= self.height:
            return
        src = self._ink[c & 1]
        skip = 0 if c & 1 else 1
        top = 0 if y >= 0 else -y  # rows of the glyph above or below the screen are not drawn
        bottom = ch if y + ch <= self.height else self.height - y
        for g in s:
            if x >= w:
                return
            if x > -cw:
                o = ord(g) - 32
                if o < 0 or o >= _ASCII:
                    o = EXTRA.find(g)
                    o = _ASCII + o if o >= 0 else 31  # "?"
                if o:  # cell 0 is the space: nothing to draw
                    sx = o * cw
                    lo = 0 if x >= 0 else -x  # clip what falls off the left or right edge
                    hi = cw if x + cw <= w else w - x
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
            x += cw

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


def _drop_display_text():
    """Forget adafruit_display_text (and the adafruit_ticks it imports) once the strips are
    made: its bytecode (compiled from .py on the board) goes back to the heap; nothing draws
    with it after boot. The names it interned stay (qstrs are never freed)."""
    for name in ("adafruit_display_text.bitmap_label", "adafruit_display_text", "adafruit_ticks"):
        sys.modules.pop(name, None)
