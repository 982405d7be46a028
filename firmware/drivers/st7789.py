"""ST7789 colour LCD driver (Pico Display Pack 240x135, SPI): a 16-colour palette FrameBuffer
converted to RGB565 in strips on show().

A full RGB565 frame would be 240*135*2 = 64,800 bytes, a third of the Pico's heap. Screens draw
palette indices into a GS4_HMSB buffer (16,200 bytes); show() converts `rows` rows at a time
into one small RGB565 strip (240*8*2 = 3,840 bytes) with framebuf's palette blit (in C), and
sends each strip as it is ready. The palette is 16 RGB565 colours stored byte-swapped in a 16x1
RGB565 FrameBuffer, because framebuf keeps RGB565 little-endian and the panel takes big-endian.
Panel offsets are Pimoroni's for the 1.14in 240x135 glass: columns from 40 and rows from 53
(52 when turned 180 degrees) in landscape, 52/40 in portrait (135x240).
"""

import time

import framebuf

from core import const
from firmware.drivers import palette

_SWRESET = const(0x01)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_INVON = const(0x21)
_DISPOFF = const(0x28)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)

# MADCTL bits: row order (MY), column order (MX), swap x/y (MV), scan order (ML).
_MY = const(0x80)
_MX = const(0x40)
_MV = const(0x20)
_ML = const(0x10)

# (width, height, rotate) -> (x offset, y offset, MADCTL)
_GEOMETRY = {
    (240, 135, 0): (40, 53, _MX | _MV | _ML),
    (240, 135, 180): (40, 52, _MY | _MV | _ML),
    (135, 240, 0): (52, 40, 0),
    (240, 240, 0): (0, 0, 0),
}

# Power and gamma settings for the 1.14in panel (init_sequence() adds them for 240x135).
_PANEL_135 = (
    (0xC3, 0x00),  # VRH voltage
    (0xB7, 0x75),  # VGH / VGL
    (0xBB, 0x3D),  # VCOM
    (0xD6, 0xA1),
    (0xE0, 0x70, 0x04, 0x08, 0x09, 0x09, 0x05, 0x2A, 0x33, 0x41, 0x07, 0x13, 0x13, 0x29, 0x2F),
    (0xE1, 0x70, 0x03, 0x09, 0x0A, 0x09, 0x06, 0x2B, 0x34, 0x41, 0x07, 0x12, 0x14, 0x28, 0x2E),
)


class ST7789(framebuf.FrameBuffer):
    def __init__(self, width, height, spi, dc, cs=None, rst=None, bl=None, rotate=0, rows=8):
        if (width, height, rotate) not in _GEOMETRY:
            raise ValueError(
                "ST7789: no panel geometry for %dx%d rotate %d" % (width, height, rotate)
            )
        self.width = width
        self.height = height
        self.colour = True
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.bl = bl
        self.rows = rows
        self.x0, self.y0, self.madctl = _GEOMETRY[(width, height, rotate)]
        self.buffer = bytearray(width * height // 2)
        super().__init__(self.buffer, width, height, framebuf.GS4_HMSB)
        self.palette = bytearray(2 * palette.COLOURS)
        self._pal_fb = framebuf.FrameBuffer(self.palette, palette.COLOURS, 1, framebuf.RGB565)
        self.set_palette(palette.RGB)
        self.strip = bytearray(width * rows * 2)
        self._strip_fb = framebuf.FrameBuffer(self.strip, width, rows, framebuf.RGB565)
        tail = height % rows
        self._tail = memoryview(self.strip)[: width * 2 * tail] if tail else None
        x1, y1 = self.x0 + width - 1, self.y0 + height - 1
        self._cols = bytes((self.x0 >> 8, self.x0 & 255, x1 >> 8, x1 & 255))
        self._rows = bytes((self.y0 >> 8, self.y0 & 255, y1 >> 8, y1 & 255))
        self._c = bytearray(1)
        dc.init(dc.OUT, value=0)
        if cs is not None:
            cs.init(cs.OUT, value=1)
        if rst is not None:
            rst.init(rst.OUT, value=1)
            time.sleep_ms(1)
            rst(0)
            time.sleep_ms(10)
            rst(1)
        self.init_display()

    def set_palette(self, rgb):
        """16 (r, g, b) colours; index 0 is the background, 1 the foreground."""
        for i in range(palette.COLOURS):
            c = palette.rgb565(*rgb[i])
            self._pal_fb.pixel(i, 0, (c & 255) << 8 | c >> 8)  # stored byte-swapped, see above

    def init_sequence(self):
        """The power-up commands as (command, data...) tuples; (0, ms) is a pause."""
        seq = [
            (_SWRESET,),
            (0, 150),
            (_SLPOUT,),
            (0, 120),
            (_COLMOD, 0x05),
            (_MADCTL, self.madctl),
        ]
        if self.width * self.height == 240 * 135:
            seq.extend(_PANEL_135)
        seq.extend(((_INVON,), (_NORON,), (_DISPON,), (0, 20)))
        return seq

    def init_display(self):
        for item in self.init_sequence():
            if item[0] == 0:
                time.sleep_ms(item[1])
            else:
                self.write_cmd(item[0], bytes(item[1:]))
        self.fill(0)
        self.show()
        self.contrast(255)

    def _select(self, on):
        if self.cs is not None:
            self.cs(0 if on else 1)

    def _cmd(self, c):
        self._c[0] = c
        self.dc(0)
        self.spi.write(self._c)
        self.dc(1)

    def write_cmd(self, c, data=b""):
        self._select(True)
        self._cmd(c)
        if data:
            self.spi.write(data)
        self._select(False)

    def power(self, on):
        self.write_cmd(_DISPON if on else _DISPOFF)
        if self.bl is not None:
            self.contrast(255 if on else 0)

    def contrast(self, level):
        """Backlight brightness 0..255 (a PWM on the backlight pin; a plain Pin is on/off)."""
        bl = self.bl
        if bl is None:
            return
        if hasattr(bl, "duty_u16"):
            bl.duty_u16(level * 257)
        else:
            bl(1 if level else 0)

    def show(self):
        spi = self.spi
        strip_fb = self._strip_fb
        self._select(True)
        self._cmd(_CASET)
        spi.write(self._cols)
        self._cmd(_RASET)
        spi.write(self._rows)
        self._cmd(_RAMWR)
        full = self.height - self.height % self.rows
        y = 0
        while y < full:
            # Blit the palette frame at -y: rows y..y+rows land in the strip, indices -> RGB565.
            strip_fb.blit(self, 0, -y, -1, self._pal_fb)
            spi.write(self.strip)
            y += self.rows
        if self._tail is not None:
            strip_fb.blit(self, 0, -y, -1, self._pal_fb)
            spi.write(self._tail)
        self._select(False)
