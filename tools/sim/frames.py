"""A display frame as the sim sends it (`W H FMT HEX`): pixels, ASCII art and a PNG image; and
the same frame as an ST7789 panel shows it (RGB565), which the emulated Pico's frames are."""

import sys

from tools.runtimes import ROOT

if str(ROOT) not in sys.path:  # firmware/ is not an installed package; palette comes from it
    sys.path.insert(0, str(ROOT))

from firmware.drivers.palette import RGB, rgb565  # noqa: E402


class Frame:
    """One display frame as the sim sent it: size, format and raw framebuf bytes."""

    def __init__(self, width, height, fmt, data):
        self.width = width
        self.height = height
        self.fmt = fmt
        self.data = data

    def __bytes__(self):
        return self.data

    def __eq__(self, other):
        return isinstance(other, Frame) and self.data == other.data and self.fmt == other.fmt

    def __repr__(self):
        return "Frame(%d, %d, %s, %d bytes)" % (self.width, self.height, self.fmt, len(self.data))

    def pixel(self, x, y):
        """Palette index at (x, y): 0 or 1 on mono frames; the RGB565 value on an "rgb565"
        frame (an ST7789 panel's, big-endian, row by row), 0 for black."""
        if self.fmt == "mono_vlsb":
            return self.data[(y >> 3) * self.width + x] >> (y & 7) & 1
        if self.fmt == "rgb565":
            i = 2 * (y * self.width + x)
            return self.data[i] << 8 | self.data[i + 1]
        b = self.data[y * ((self.width + 1) // 2) + (x >> 1)]
        return b >> 4 if x & 1 == 0 else b & 15

    def lit(self):
        """How many pixels are not background."""
        return sum(1 for y in range(self.height) for x in range(self.width) if self.pixel(x, y))

    def text(self, on="#", off="."):
        """The frame as ASCII art, one line per pixel row (for asserts and terminals)."""
        return "\n".join(
            "".join(on if self.pixel(x, y) else off for x in range(self.width))
            for y in range(self.height)
        )


def parse_frame(words):
    """Frame from the words `W H FMT HEX` of a frame/snap line."""
    return Frame(int(words[0]), int(words[1]), words[2], bytes.fromhex(words[3]))


def frame_to_image(frame, scale=4, lit=(255, 255, 255)):
    """PIL image of a frame, each pixel a scale x scale block (mono lit pixels in `lit`)."""
    from PIL import Image

    img = Image.new("RGB", (frame.width, frame.height))
    px = img.load()
    for y in range(frame.height):
        for x in range(frame.width):
            i = frame.pixel(x, y)
            if frame.fmt == "mono_vlsb":
                px[x, y] = lit if i else (0, 0, 0)
            elif frame.fmt == "rgb565":
                px[x, y] = ((i >> 11) << 3, (i >> 5 & 63) << 2, (i & 31) << 3)
            else:
                px[x, y] = RGB[i]
    if scale != 1:
        img = img.resize((frame.width * scale, frame.height * scale), Image.NEAREST)
    return img


# Each palette index as the ST7789 driver sends it: RGB565, high byte first.
_WIRE = tuple(bytes((c >> 8, c & 255)) for c in (rgb565(*rgb) for rgb in RGB))


def as_panel(frame):
    """The bytes a display's panel shows for this frame, in the form the emulated Pico's panels
    report (tools/pico/board.js): a mono frame as it is; a palette (gs4_hmsb) frame converted
    through firmware/drivers/palette.py to RGB565 big-endian, pixel by pixel, as the ST7789
    driver converts it in strips."""
    if frame.fmt != "gs4_hmsb":
        return bytes(frame)
    return b"".join(
        _WIRE[frame.pixel(x, y)] for y in range(frame.height) for x in range(frame.width)
    )
