"""A display frame as the sim sends it (`W H FMT HEX`): pixels, ASCII art and a PNG image."""

import sys

from tools.runtimes import ROOT

if str(ROOT) not in sys.path:  # firmware/ is not an installed package; palette comes from it
    sys.path.insert(0, str(ROOT))

from firmware.drivers.palette import RGB  # noqa: E402


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
        """Palette index at (x, y): 0 or 1 on mono frames."""
        if self.fmt == "mono_vlsb":
            return self.data[(y >> 3) * self.width + x] >> (y & 7) & 1
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
            else:
                px[x, y] = RGB[i]
    if scale != 1:
        img = img.resize((frame.width * scale, frame.height * scale), Image.NEAREST)
    return img
