"""An SH1106 OLED at the far end of a display bus, for Blinka's displayio under CPython: what the
compositor sends (commands and page data) lands in a 132x8-page RAM model, read back as pixels.

PanelBus is a fourwire.FourWire to displayio (it checks the type) that writes to the model, not
to SPI; the MacroPad's board.DISPLAY in tools/cpy_board is adafruit_displayio_sh1106.SH1106 on
it, so a frame goes the whole way a real one does: Group -> TileGrid -> Palette -> compositor ->
bus bytes -> controller RAM. The model keeps what the picture depends on: page and column
addresses (the SH1107-style commands the driver uses), data bytes written down a page (bit 0 on
top) with the column counting up, display on/off and inverse. The driver's segment remap and
scan direction (A1, C8) are taken as the panel's mounting: RAM column colstart + x is picture
column x, page p bit b is picture row 8p + b.
"""

import fourwire
from displayio._constants import DISPLAY_COMMAND

_COLUMNS = 132
_PAGES = 8
# Commands followed by one parameter byte (SH1106 datasheet; 0x20 the SSD1306 addressing mode
# the Adafruit init sends, a no-op on an SH1106).
_TWO_BYTE = frozenset((0x81, 0xA8, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB, 0xAD, 0x20))


class PanelBus(fourwire.FourWire):
    def __init__(self, width=128, colstart=2):  # no SPI: FourWire's own __init__ is skipped
        self.ram = bytearray(_COLUMNS * _PAGES)
        self.width = width
        self.colstart = colstart
        self.on = False
        self.inverse = False
        self.page = 0
        self.column = 0
        self._locked = False
        self._param = 0  # parameter bytes still owed to the last command
        self.data_bytes = 0  # every pixel byte the compositor sent, to see partial refreshes

    def reset(self):
        self.ram[:] = bytes(len(self.ram))

    # A transaction holds the bus as FourWire's SPI lock does: a second begin fails until the end
    # (Blinka's BusDisplay init loops `while begin_transaction()`, leaving it held).
    def _free(self):
        return not self._locked

    def _begin_transaction(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def _end_transaction(self):
        self._locked = False

    def send(self, command, data):
        self._command(bytes([command]) + bytes(data))

    def deinit(self):
        pass

    def _send(self, data_type, chip_select, data):
        if data_type == DISPLAY_COMMAND:
            self._command(bytes(data))
            return
        for b in bytes(data):
            if self.column < _COLUMNS:
                self.ram[self.page * _COLUMNS + self.column] = b
            self.column += 1
            self.data_bytes += 1

    def _command(self, data):
        for b in data:
            if self._param:
                self._param -= 1
            elif b in _TWO_BYTE:
                self._param = 1
            elif b <= 0x0F:
                self.column = (self.column & 0xF0) | b
            elif b <= 0x17:
                self.column = ((b & 0x0F) << 4) | (self.column & 0x0F)
            elif 0xB0 <= b <= 0xB7:
                self.page = b & 0x07
            elif b in (0xAE, 0xAF):
                self.on = b == 0xAF
            elif b in (0xA6, 0xA7):
                self.inverse = b == 0xA7

    def pixels(self, height=64):
        """The picture as rows of 0/1 (what a lit pixel is), `height` rows of `width`."""
        out = []
        for y in range(height):
            page, bit = divmod(y, 8)
            base = page * _COLUMNS + self.colstart
            row = []
            for x in range(self.width):
                lit = (self.ram[base + x] >> bit & 1) ^ self.inverse
                row.append(lit if self.on else 0)
            out.append(row)
        return out
