"""Pure-Python stand-in for MicroPython's framebuf that draws byte for byte like modframebuf.c."""

from operator import index as _int

# font_petme128_8x8 as the unix port's framebuf draws it: the CircuitPython build's own table
# (test_framebuf_standin.py checks all 256 glyphs against the unix port).
from firmware.circuitpy.font8 import FONT as _FONT

MONO_VLSB = MVLSB = 0  # the format numbers of MicroPython's framebuf
RGB565, GS4_HMSB, MONO_HLSB, MONO_HMSB, GS2_HMSB, GS8 = 1, 2, 3, 4, 5, 6

_U32 = 0xFFFFFFFF  # colours reach the C pixel functions as uint32_t
_GET = object()  # pixel(x, y) reads; any third argument writes


# Pixel setters per format, (buf, stride, x, y, c) with x, y inside the frame; the getters
# (buf, stride, x, y) are the lambdas in _FORMATS.
def _vlsb_set(b, s, x, y, c):
    i = (y >> 3) * s + x
    b[i] = (b[i] | (1 << (y & 7))) if c else (b[i] & ~(1 << (y & 7)))


def _hlsb_set(b, s, x, y, c):
    i = (x + y * s) >> 3
    b[i] = (b[i] | (0x80 >> (x & 7))) if c else (b[i] & ~(0x80 >> (x & 7)))


def _hmsb_set(b, s, x, y, c):
    i = (x + y * s) >> 3
    b[i] = (b[i] | (1 << (x & 7))) if c else (b[i] & ~(1 << (x & 7)))


def _rgb_set(b, s, x, y, c):
    i = (x + y * s) << 1
    b[i] = c & 0xFF
    b[i + 1] = (c >> 8) & 0xFF


def _gs2_set(b, s, x, y, c):
    i = (x + y * s) >> 2
    sh = (x & 3) << 1
    b[i] = ((c & 3) << sh) | (b[i] & ~(3 << sh))


def _gs4_set(b, s, x, y, c):
    i = (x + y * s) >> 1
    b[i] = ((b[i] & 0xF0) | (c & 0x0F)) if x & 1 else (((c & 0x0F) << 4) | (b[i] & 0x0F))


def _gs8_set(b, s, x, y, c):
    b[x + y * s] = c & 0xFF


# Rectangle fills, (buf, stride, x, y, w, h, c) already clipped with w, h >= 1. Whole bytes go
# by slice assignment; bits outside the rectangle (padding included) are left as they were.
def _vlsb_fill(b, s, x, y, w, h, c):
    while h > 0:
        n = min(8 - (y & 7), h)  # rows of this 8-row page inside the rectangle
        m = ((1 << n) - 1) << (y & 7)
        i = (y >> 3) * s + x
        if m == 0xFF:
            b[i : i + w] = (b"\xff" if c else b"\x00") * w
        else:
            for j in range(i, i + w):
                b[j] = (b[j] | m) if c else (b[j] & ~m)
        y += n
        h -= n


def _rgb_fill(b, s, x, y, w, h, c):
    run = bytes((c & 0xFF, (c >> 8) & 0xFF)) * w
    for r in range(y, y + h):
        i = (x + r * s) << 1
        b[i : i + 2 * w] = run


def _gs4_fill(b, s, x, y, w, h, c):
    c &= 0x0F
    odd = x & 1
    pairs = (w - odd) >> 1
    run = bytes((c * 0x11,)) * pairs
    for r in range(y, y + h):
        i = (x + r * s) >> 1
        if odd:
            b[i] = (b[i] & 0xF0) | c
            i += 1
        b[i : i + pairs] = run
        if (w - odd) & 1:
            b[i + pairs] = (c << 4) | (b[i + pairs] & 0x0F)


def _gs8_fill(b, s, x, y, w, h, c):
    run = bytes((c & 0xFF,)) * w
    for r in range(y, y + h):
        b[x + r * s : x + r * s + w] = run


def _pixel_fill(set_):
    """A fill made of single pixels, for the formats only small buffers use here."""

    def fill(b, s, x, y, w, h, c):
        for r in range(y, y + h):
            for i in range(x, x + w):
                set_(b, s, i, r, c)

    return fill


# format: (set, fill, stride rounding mask, bits per pixel)
_FORMATS = {
    MONO_VLSB: (_vlsb_set, _vlsb_fill, 0, 1),
    RGB565: (_rgb_set, _rgb_fill, 0, 16),
    GS4_HMSB: (_gs4_set, _gs4_fill, 1, 4),
    MONO_HLSB: (_hlsb_set, _pixel_fill(_hlsb_set), 7, 1),
    MONO_HMSB: (_hmsb_set, _pixel_fill(_hmsb_set), 7, 1),
    GS2_HMSB: (_gs2_set, _pixel_fill(_gs2_set), 3, 2),
    GS8: (_gs8_set, _gs8_fill, 0, 8),
}
# format: get. RGB565 is little-endian, as on every MicroPython target.
_GETTERS = {
    MONO_VLSB: lambda b, s, x, y: (b[(y >> 3) * s + x] >> (y & 7)) & 1,
    RGB565: lambda b, s, x, y: b[2 * (x + y * s)] | b[2 * (x + y * s) + 1] << 8,
    GS4_HMSB: lambda b, s, x, y: b[(x + y * s) >> 1] >> (0 if x & 1 else 4) & 15,
    MONO_HLSB: lambda b, s, x, y: (b[(x + y * s) >> 3] >> (7 - (x & 7))) & 1,
    MONO_HMSB: lambda b, s, x, y: (b[(x + y * s) >> 3] >> (x & 7)) & 1,
    GS2_HMSB: lambda b, s, x, y: (b[(x + y * s) >> 2] >> ((x & 3) << 1)) & 3,
    GS8: lambda b, s, x, y: b[x + y * s],
}


class FrameBuffer:
    """framebuf.FrameBuffer drawing into the caller's buffer. State lives in _fb_* attributes so
    subclasses may set their own width, height and buffer before calling __init__."""

    def __init__(self, buffer, width, height, format, stride=None):
        format, width, height = _int(format), _int(width), _int(height)
        if format not in _FORMATS:
            raise ValueError("invalid format")
        stride = width if stride is None else _int(stride)
        set_, fill, rnd, bpp = _FORMATS[format]
        stride = (stride + rnd) & ~rnd
        buf = buffer if isinstance(buffer, bytearray) else memoryview(buffer).cast("B")
        if isinstance(buf, memoryview) and buf.readonly:
            raise TypeError("object with buffer protocol required")
        rows = (height + 7) & ~7 if format == MONO_VLSB else height
        if width < 1 or height < 1 or rows * stride * bpp // 8 > len(buf):
            raise ValueError()
        self._fb_buf, self._fb_w, self._fb_h, self._fb_s = buf, width, height, stride
        self._fb_get, self._fb_set, self._fb_fill = _GETTERS[format], set_, fill

    def fill(self, c):
        self._fb_fill(self._fb_buf, self._fb_s, 0, 0, self._fb_w, self._fb_h, _int(c) & _U32)

    def fill_rect(self, x, y, w, h, c):
        x, y, w, h, c = _int(x), _int(y), _int(w), _int(h), _int(c) & _U32
        fw, fh = self._fb_w, self._fb_h
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= fh or x >= fw:
            return
        xe, ye = min(fw, x + w), min(fh, y + h)
        x, y = max(x, 0), max(y, 0)
        self._fb_fill(self._fb_buf, self._fb_s, x, y, xe - x, ye - y, c)

    def pixel(self, x, y, c=_GET):
        x, y = _int(x), _int(y)
        if 0 <= x < self._fb_w and 0 <= y < self._fb_h:
            if c is _GET:
                return self._fb_get(self._fb_buf, self._fb_s, x, y)
            self._fb_set(self._fb_buf, self._fb_s, x, y, _int(c) & _U32)
        return None  # off the frame: MicroPython neither draws nor looks at the colour

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, fill=False):
        if fill:
            self.fill_rect(x, y, w, h, c)
            return
        x, y, w, h = _int(x), _int(y), _int(w), _int(h)
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        x1, y1, x2, y2, c = _int(x1), _int(y1), _int(x2), _int(y2), _int(c) & _U32
        b, s, set_, fw, fh = self._fb_buf, self._fb_s, self._fb_set, self._fb_w, self._fb_h
        for px, py in line_points(x1, y1, x2, y2):
            if 0 <= px < fw and 0 <= py < fh:
                set_(b, s, px, py, c)

    def text(self, s, x, y, c=1):
        if isinstance(s, str):
            s = s.encode("utf-8", "surrogatepass")
        elif not isinstance(s, bytes):
            raise TypeError("can't convert '%s' object to str implicitly" % type(s).__name__)
        c = _int(c) & _U32
        b, st, set_, fw, fh = self._fb_buf, self._fb_s, self._fb_set, self._fb_w, self._fb_h
        for px, py in text_points(s, _int(x), _int(y)):
            if 0 <= px < fw and 0 <= py < fh:
                set_(b, st, px, py, c)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        """Copy fbuf (a FrameBuffer or a (buffer, w, h, format[, stride]) tuple) to x, y. Pixels
        equal to key (after the palette) are skipped; palette maps source colour n to its
        pixel (n, 0), unchecked as in C."""
        if isinstance(fbuf, tuple):
            fbuf = FrameBuffer(*fbuf)
        elif not isinstance(fbuf, FrameBuffer):
            raise TypeError()
        if isinstance(palette, tuple):
            palette = FrameBuffer(*palette)
        x, y, key = _int(x), _int(y), _int(key) & _U32
        fw, fh, sw, sh = self._fb_w, self._fb_h, fbuf._fb_w, fbuf._fb_h
        if x >= fw or y >= fh or -x >= sw or -y >= sh:
            return
        b, s, set_ = self._fb_buf, self._fb_s, self._fb_set
        sb, ss, get = fbuf._fb_buf, fbuf._fb_s, fbuf._fb_get
        if palette is not None:
            pb, ps, pget = palette._fb_buf, palette._fb_s, palette._fb_get
        x0, x0end = max(0, x), min(fw, x + sw)
        y1 = max(0, -y)
        for y0 in range(max(0, y), min(fh, y + sh)):
            x1 = max(0, -x)
            for cx in range(x0, x0end):
                c = get(sb, ss, x1, y1)
                if palette is not None:
                    c = pget(pb, ps, c, 0)
                if c != key:
                    set_(b, s, cx, y0, c)
                x1 += 1
            y1 += 1

    def scroll(self, xstep, ystep):
        """Shift the picture by (xstep, ystep); the uncovered edge keeps its old pixels."""
        xstep, ystep = _int(xstep), _int(ystep)
        fw, fh = self._fb_w, self._fb_h
        if xstep <= -fw or xstep >= fw or ystep <= -fh or ystep >= fh:
            return
        xs = range(0, fw + xstep) if xstep < 0 else range(fw - 1, xstep - 1, -1)
        ys = range(0, fh + ystep) if ystep < 0 else range(fh - 1, ystep - 1, -1)
        b, s, get, set_ = self._fb_buf, self._fb_s, self._fb_get, self._fb_set
        for y in ys:
            for x in xs:
                set_(b, s, x, y, get(b, s, x - xstep, y - ystep))


def line_points(x1, y1, x2, y2):
    """The pixels line() sets, before clipping: Bresenham exactly as modframebuf.c steps it."""
    dx, sx = (x2 - x1, 1) if x2 - x1 > 0 else (x1 - x2, -1)
    dy, sy = (y2 - y1, 1) if y2 - y1 > 0 else (y1 - y2, -1)
    steep = dy > dx
    if steep:
        x1, y1, dx, dy, sx, sy = y1, x1, dy, dx, sy, sx
    e = 2 * dy - dx
    for _ in range(dx):
        yield (y1, x1) if steep else (x1, y1)
        while e >= 0:
            y1 += sy
            e -= 2 * dx
        x1 += sx
        e += 2 * dy
    yield x2, y2


def text_points(s, x, y):
    """The pixels text() sets for the bytes s, before clipping: the 8x8 font up to the first NUL;
    each byte outside 32..127 (so each byte of a non-ASCII character) draws glyph 127."""
    for ch in s.split(b"\x00", 1)[0]:
        base = ((ch if 32 <= ch <= 127 else 127) - 32) * 8
        for j in range(8):
            bits, py = _FONT[base + j], y
            while bits:
                if bits & 1:
                    yield x, py
                bits >>= 1
                py += 1
            x += 1
