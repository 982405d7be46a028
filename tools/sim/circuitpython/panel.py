"""An SH1106 (SPI) or SSD1306 (I2C) OLED at the far end of a display bus, for Blinka's displayio
under CPython: what the compositor sends (commands and page data) lands in a RAM model of the
controller, read back as pixels.

PanelBus (the SH1106, 132x8 pages) is a fourwire.FourWire to displayio (it checks the type) that
writes to the model, not to SPI; the MacroPad's board.DISPLAY in tools/sim/circuitpython is
adafruit_displayio_sh1106.SH1106 on it, so a frame goes the whole way a real one does: Group ->
TileGrid -> Palette -> compositor -> bus bytes -> controller RAM. The model keeps what the
picture depends on: page and column addresses (the SH1107-style commands the driver uses), data
bytes written down a page (bit 0 on top) with the column counting up, display on/off and
inverse. The driver's segment remap and scan direction (A1, C8) are taken as the panel's
mounting: RAM column colstart + x is picture column x, page p bit b is picture row 8p + b.
SSD1306I2C is the Pico build's panel, on busio.I2C (see the class).
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

    def frame(self):
        """The picture as MONO_VLSB bytes (page by page, bit 0 on top), dark when off."""
        if not self.on:
            return bytes(self.width * _PAGES)
        c, w = self.colstart, self.width
        return b"".join(bytes(self.ram[p * _COLUMNS + c : p * _COLUMNS + c + w]) for p in range(8))

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


# SSD1306 commands and the parameter bytes each takes (datasheet, section 10); the rest take none.
_SSD_PARAMS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1}
_SSD_PARAMS.update({0xDA: 1, 0xDB: 1, 0xAD: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2})


class SSD1306I2C:
    """An SSD1306 on an I2C bus, for Blinka's i2cdisplaybus.I2CDisplayBus: it is the busio.I2C
    the bus writes to (this package's busio stand-in makes one per bus), and what arrives at
    the display's address lands in a 128x8-page RAM model. I2C framing (datasheet 8.1.5.2): a
    control byte 0x80 before each command byte, 0x00 before a run of them, 0x40 before data.
    The model keeps horizontal addressing (0x20 0x00, what adafruit_displayio_ssd1306 sets) in
    the 0x21/0x22 column and page window, display on/off and inverse; A1/C8 are the mounting."""

    def __init__(self, addr=0x3C, width=128):
        self.addr = addr
        self.ram = bytearray(128 * _PAGES)
        self.width = width
        self.colstart = 0
        self.on = False
        self.inverse = False
        self.col = self.page = 0
        self.window = [0, 127, 0, 7]  # column start, end, page start, end
        self._cmd = []  # the command being received with its parameters so far
        self._locked = False
        self.data_bytes = 0
        self.writes = 0

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def deinit(self):
        pass

    def writeto(self, address, buffer, *, start=0, end=None):
        if address != self.addr:
            raise OSError(19, "no I2C device at 0x%02x" % address)  # ENODEV, as busio says
        buf = bytes(buffer)[start:end]
        self.writes += 1
        if buf[:1] == b"\x40":
            self._data(buf[1:])
        elif buf[:1] == b"\x00":
            self._commands(buf[1:])
        else:  # 0x80 c 0x80 c ...: one command byte after each control byte
            for i in range(1, len(buf), 2):
                self._commands(buf[i : i + 1])

    def _commands(self, data):
        for b in data:
            self._cmd.append(b)
            if len(self._cmd) <= _SSD_PARAMS.get(self._cmd[0], 0):
                continue
            self._command(self._cmd)
            self._cmd = []

    def _command(self, c):
        op = c[0]
        if op == 0x21:
            self.window[0:2] = c[1] & 0x7F, c[2] & 0x7F
            self.col = self.window[0]
        elif op == 0x22:
            self.window[2:4] = c[1] & 7, c[2] & 7
            self.page = self.window[2]
        elif op in (0xAE, 0xAF):
            self.on = op == 0xAF
        elif op in (0xA6, 0xA7):
            self.inverse = op == 0xA7

    def _data(self, data):
        c0, c1, p0, p1 = self.window
        for b in data:
            self.ram[self.page * 128 + self.col] = b
            self.data_bytes += 1
            if self.col < c1:
                self.col += 1
            else:
                self.col = c0
                self.page = p0 if self.page >= p1 else self.page + 1

    def pixels(self, height=64):
        """The picture as rows of 0/1 (what a lit pixel is), `height` rows of `width`."""
        out = []
        for y in range(height):
            page, bit = divmod(y, 8)
            row = [
                ((self.ram[page * 128 + x] >> bit & 1) ^ self.inverse) if self.on else 0
                for x in range(self.width)
            ]
            out.append(row)
        return out

    def frame(self):
        """The picture as MONO_VLSB bytes (page by page, bit 0 on top), dark when off."""
        if not self.on:
            return bytes(len(self.ram))
        if self.inverse:
            return bytes(b ^ 0xFF for b in self.ram)
        return bytes(self.ram)
