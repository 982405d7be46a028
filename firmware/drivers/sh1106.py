"""SH1106 OLED driver (1.3in 128x64 modules; I2C and SPI): a MONO_VLSB FrameBuffer sent page by
page.

The SH1106 has 132 columns of RAM with the 128 visible ones starting at column 2 (col_offset)
and no horizontal addressing mode, so show() writes each 8-row page separately: set page, set
column (low and high nibble), then the page's 128 bytes. The per-page memoryviews and command
scratch are made once in __init__; show() allocates nothing. The buses are the SSD1306's
(ssd1306.I2CBus, ssd1306.SPIBus): the two controllers take commands and data the same way.
"""

import framebuf

from core import const
from firmware.drivers.ssd1306 import I2CBus, SPIBus

_CONTRAST = const(0x81)
_NORMAL = const(0xA6)
_DISP_OFF = const(0xAE)
_DISP_ON = const(0xAF)
_PAGE = const(0xB0)  # | page number
_COL_LO = const(0x00)  # | low nibble of the column
_COL_HI = const(0x10)  # | high nibble


class SH1106(framebuf.FrameBuffer):
    """The controller, on a bus (ssd1306.I2CBus or SPIBus) that sends its command and data runs."""

    def __init__(self, width, height, bus, col_offset=2):
        self.bus = bus
        self.width = width
        self.height = height
        self.colour = False
        self.pages = height // 8
        self.col_offset = col_offset
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        mv = memoryview(self.buffer)
        self._page_views = [mv[p * width : (p + 1) * width] for p in range(self.pages)]
        self._page_cmd = bytearray(3)  # page, column low, column high: rewritten per page
        self.init_display()

    def init_sequence(self):
        seq = (
            _DISP_OFF,
            0xD5, 0x80,  # clock divide / oscillator
            0xA8, self.height - 1,  # multiplex ratio
            0xD3, 0x00,  # display offset
            0x40,  # start line 0
            0xAD, 0x8B,  # DC-DC converter on
            0xA1,  # segment remap: column 131 is SEG0, the modules' orientation
            0xC8,  # COM scan from the bottom
            0xDA, 0x12,  # alternate COM pins
            _CONTRAST, 0xFF,
            0xD9, 0x22,  # pre-charge
            0xDB, 0x35,  # VCOM deselect level
            0xA4,  # show RAM
            _NORMAL,
            _DISP_ON,
        )  # fmt: skip
        return seq

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
        col = self.col_offset
        cmd = self._page_cmd
        cmd[1] = _COL_LO | (col & 15)
        cmd[2] = _COL_HI | (col >> 4)
        for page in range(self.pages):
            cmd[0] = _PAGE | page
            self.write_cmd(cmd)
            self.write_data(self._page_views[page])


class SH1106_I2C(SH1106):
    def __init__(self, width, height, i2c, addr=0x3C, col_offset=2):
        super().__init__(width, height, I2CBus(i2c, addr), col_offset)


class SH1106_SPI(SH1106):
    def __init__(self, width, height, spi, dc, rst=None, cs=None, col_offset=2):
        super().__init__(width, height, SPIBus(spi, dc, rst, cs), col_offset)
