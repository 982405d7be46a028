"""`framebuf` for CircuitPython, which has none: what the firmware draws with, pixel for pixel as
MicroPython's modframebuf.c (code.py puts it in sys.modules as `framebuf` before the app loads).

FrameBuffer here draws into a bytearray in pure Python (MONO_VLSB and MONO_HLSB): the UI kit
only uses it for its 8x8 scratch glyph. The display is a Canvas (canvas.py), the same methods on
a displayio.Bitmap with bitmaptools doing the work in C.
"""

from firmware.circuitpy.font8 import FONT

MONO_VLSB = MVLSB = 0  # MicroPython's format numbers
MONO_HLSB = 3


class FrameBuffer:
    def __init__(self, buf, width, height, fmt, stride=None):
        if fmt not in (MONO_VLSB, MONO_HLSB):
            raise ValueError("CircuitPython build: mono formats only")
        self.buf = buf
        self.width = width
        self.height = height
        self.fmt = fmt
        self.stride = width if stride is None else stride

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None if c is None else None
        if self.fmt == MONO_VLSB:
            i = (y >> 3) * self.stride + x
            bit = 1 << (y & 7)
        else:
            i = (y * self.stride + x) >> 3
            bit = 0x80 >> (x & 7)
        if c is None:
            return 1 if self.buf[i] & bit else 0
        if c & 1:
            self.buf[i] |= bit
        else:
            self.buf[i] &= ~bit & 0xFF
        return None

    def fill(self, c):
        v = 0xFF if c & 1 else 0
        b = self.buf
        for i in range(len(b)):
            b[i] = v

    def fill_rect(self, x, y, w, h, c):
        x0, y0 = max(x, 0), max(y, 0)
        x1, y1 = min(x + w, self.width), min(y + h, self.height)
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                self.pixel(xx, yy, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        if w < 1 or h < 1:
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        # modframebuf.c's Bresenham, step for step (its ties and its end point).
        dx = x2 - x1
        sx = 1
        if dx <= 0:
            dx = -dx
            sx = -1
        dy = y2 - y1
        sy = 1
        if dy <= 0:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                self.pixel(y1, x1, c)
            else:
                self.pixel(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        self.pixel(x2, y2, c)

    def text(self, s, x, y, c=1):
        for ch in s:
            o = ord(ch)
            if o < 32 or o > 127:
                o = 127
            base = (o - 32) * 8
            for j in range(8):
                col = FONT[base + j]
                xx = x + j
                if 0 <= xx < self.width:
                    yy = y
                    while col:
                        if col & 1 and 0 <= yy < self.height:
                            self.pixel(xx, yy, c)
                        col >>= 1
                        yy += 1
            x += 8
