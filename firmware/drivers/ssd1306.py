"""SSD1306 OLED driver (I2C and SPI): the display is a MONO_VLSB FrameBuffer; show() sends it.

The controller's RAM matches MONO_VLSB byte for byte (one byte = 8 vertical pixels of a page), so
show() sets the column/page window and streams the buffer in one data write: only the pages from
the first to the last that changed since the last show() (a menu move changes two or three of
eight, so a frame costs a third of the bus time), and nothing at all when no byte changed. It
knows what changed by comparing each page with a copy of what it last sent, made once in
__init__ (a per-page CRC would be smaller, but binascii.crc32 returns a heap int on a 31-bit
small-int port, on every page of every frame). Buffers and command scratch are made once;
show() allocates nothing. Small panels (72x40 on the Thumby, 64x48, 64x32) sit in the middle
of the 128-column RAM: pass their col_offset.

The two buses (I2CBus, SPIBus) send command and data runs the way every SSD1306-family
controller takes them; the SH1106 driver (sh1106.py) uses them too.
"""

import time

import framebuf

from core import const

_CONTRAST = const(0x81)
_ENTIRE_ON = const(0xA4)  # A4: show RAM
_NORMAL = const(0xA6)
_DISP_OFF = const(0xAE)
_DISP_ON = const(0xAF)
_ADDR_MODE = const(0x20)
_COL_ADDR = const(0x21)
_PAGE_ADDR = const(0x22)
_START_LINE = const(0x40)
_SEG_REMAP = const(0xA1)  # column 127 is SEG0: the usual module orientation
_MUX = const(0xA8)
_COM_SCAN_DEC = const(0xC8)
_DISP_OFFSET = const(0xD3)
_COM_PINS = const(0xDA)
_CLOCK_DIV = const(0xD5)
_PRECHARGE = const(0xD9)
_VCOM_DESEL = const(0xDB)
_CHARGE_PUMP = const(0x8D)
_IREF = const(0xAD)


class I2CBus:
    """Control byte 0x00 starts a command run, 0x40 a data run; each is one I2C transaction."""

    def __init__(self, i2c, addr=0x3C):
        self.i2c = i2c
        self.addr = addr
        # [control byte, payload] lists reused by every write: show() makes no list per frame.
        self._cmd_parts = [b"\x00", None]
        self._data_parts = [b"\x40", None]
        self._runs = [b"\x40"] + [b""] * 8  # write_runs: the control byte and up to 8 pages

    def write_cmd(self, cmds):
        self._cmd_parts[1] = cmds
        self.i2c.writevto(self.addr, self._cmd_parts)

    def write_data(self, buf):
        self._data_parts[1] = buf
        self.i2c.writevto(self.addr, self._data_parts)

    def write_runs(self, parts):
        """One data run of several buffers (b"" where there is nothing), one transaction."""
        self._runs[0] = b"\x40"
        runs = self._runs
        for i in range(len(parts)):
            runs[i + 1] = parts[i]
        self.i2c.writevto(self.addr, runs)


class SPIBus:
    """D/C low for commands, high for data; CS (if wired) frames each run. A reset pin, if
    wired, is pulsed once here, before the controller is set up."""

    def __init__(self, spi, dc, rst=None, cs=None):
        self.spi = spi
        self.dc = dc
        self.rst = rst
        self.cs = cs
        dc.init(dc.OUT, value=0)
        if cs is not None:
            cs.init(cs.OUT, value=1)
        if rst is not None:
            rst.init(rst.OUT, value=1)
            time.sleep_ms(1)
            rst(0)  # a reset pulse: the controller needs >= 3 us low
            time.sleep_ms(10)
            rst(1)

    def _write(self, dc, buf):
        cs = self.cs
        if cs is not None:
            cs(1)
        self.dc(dc)
        if cs is not None:
            cs(0)
        self.spi.write(buf)
        if cs is not None:
            cs(1)

    def write_cmd(self, cmds):
        self._write(0, cmds)

    def write_data(self, buf):
        self._write(1, buf)

    def write_runs(self, parts):
        """One data run of several buffers, inside one CS frame (empty ones skipped)."""
        cs = self.cs
        if cs is not None:
            cs(1)
        self.dc(1)
        if cs is not None:
            cs(0)
        for i in range(len(parts)):
            if len(parts[i]):
                self.spi.write(parts[i])
        if cs is not None:
            cs(1)


class SSD1306(framebuf.FrameBuffer):
    """The controller, on a bus (I2CBus or SPIBus) that sends its command and data runs."""

    def __init__(self, width, height, bus, col_offset=0, external_vcc=False):
        self.bus = bus
        self.width = width
        self.height = height
        self.colour = False
        self.pages = height // 8
        self.col_offset = col_offset
        self.external_vcc = external_vcc
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        # What the panel holds (the last frame sent), page by page beside the buffer's pages;
        # the pages of one data run (b"" for a page outside it). All made once, here.
        self._sent = bytearray(len(self.buffer))
        new, old = memoryview(self.buffer), memoryview(self._sent)
        self._new = tuple(new[p * width : (p + 1) * width] for p in range(self.pages))
        self._old = tuple(old[p * width : (p + 1) * width] for p in range(self.pages))
        self._parts = [b""] * self.pages  # type: list
        self._all = True  # the panel's RAM is unknown (power-up): the next show() sends all
        # The window command for show(): columns x0..x1, pages first..last (set per frame).
        self._window = bytearray(
            (_COL_ADDR, col_offset, col_offset + width - 1, _PAGE_ADDR, 0, self.pages - 1)
        )
        self.init_display()

    def init_sequence(self):
        """The power-up commands for this geometry (a tuple of ints, sent as one command run)."""
        ext = self.external_vcc
        seq = (
            _DISP_OFF,
            _ADDR_MODE, 0x00,  # horizontal: the RAM pointer wraps page to page like the buffer
            _START_LINE | 0,
            _SEG_REMAP,
            _MUX, self.height - 1,
            _COM_SCAN_DEC,
            _DISP_OFFSET, 0,
            # wide panels (128x32) use sequential COM pins; 64-row and small ones alternate
            _COM_PINS, 0x02 if self.width > 2 * self.height else 0x12,
            _CLOCK_DIV, 0x80,
            _PRECHARGE, 0x22 if ext else 0xF1,
            _VCOM_DESEL, 0x30,
            _CONTRAST, 0xFF,
            _ENTIRE_ON,
            _NORMAL,
            _CHARGE_PUMP, 0x10 if ext else 0x14,
        )  # fmt: skip
        if self.width == 72 and self.height == 40:  # 0.42in panels need the internal IREF
            seq += (_IREF, 0x30)
        return seq + (_DISP_ON,)

    def write_cmd(self, cmds):
        self.bus.write_cmd(cmds)

    def write_data(self, buf):
        self.bus.write_data(buf)

    def init_display(self):
        self.write_cmd(bytes(self.init_sequence()))
        self.fill(0)
        self.show()

    def power(self, on):
        self.write_cmd(bytes((_DISP_ON if on else _DISP_OFF,)))

    def contrast(self, level):
        self.write_cmd(bytes((_CONTRAST, level & 0xFF)))

    def invert(self, on):
        self.write_cmd(bytes((0xA7 if on else _NORMAL,)))

    def show(self):
        new, old, parts = self._new, self._old, self._parts
        first = last = -1
        for p in range(self.pages):
            if self._all or new[p] != old[p]:
                if first < 0:
                    first = p
                last = p
        if first < 0:
            return  # the panel shows this frame already
        self._all = False
        for p in range(self.pages):
            if first <= p <= last:
                parts[p] = new[p]
                old[p][:] = new[p]
            else:
                parts[p] = b""
        w = self._window
        w[4] = first
        w[5] = last
        self.write_cmd(w)
        self.bus.write_runs(parts)


class SSD1306_I2C(SSD1306):
    def __init__(self, width, height, i2c, addr=0x3C, col_offset=0, external_vcc=False):
        super().__init__(width, height, I2CBus(i2c, addr), col_offset, external_vcc)


class SSD1306_SPI(SSD1306):
    def __init__(
        self, width, height, spi, dc, rst=None, cs=None, col_offset=0, external_vcc=False
    ):
        super().__init__(width, height, SPIBus(spi, dc, rst, cs), col_offset, external_vcc)
