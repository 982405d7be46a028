"""Text drawing on any framebuf: plain or doubled font, bytearray text, wrapping, numbers."""

import framebuf

from core import const

_FIRST = const(32)
_LAST = const(126)
_chars = None


def chars():
    """One-character strings for ASCII 32..126, made once: drawing a bytearray through this
    table needs no allocation (framebuf.text only takes str)."""
    global _chars
    if _chars is None:
        _chars = tuple(chr(i) for i in range(_FIRST, _LAST + 1))
    return _chars


class Text:
    """Draws text at the layout's scale; holds the one 8x8 scratch glyph used for doubling."""

    def __init__(self, scale):
        self.scale = scale
        self.cw = 8 * scale
        self._raw = bytearray(8)
        self._glyph = framebuf.FrameBuffer(self._raw, 8, 8, framebuf.MONO_HLSB)
        self._ch = chars()
        self._cache = [None] * (_LAST - _FIRST + 1)  # doubled glyphs' runs, made on first use

    def _runs(self, ch):
        """The glyph's horizontal runs of lit pixels as bytes (row, start, length, ...), worked
        out from the 8x8 font on first use and kept: later draws are only fill_rects."""
        i = ord(ch) - _FIRST
        if i < 0 or i > _LAST - _FIRST:
            i = ord("?") - _FIRST
        runs = self._cache[i]
        if runs is None:
            g = self._glyph
            g.fill(0)
            g.text(ch, 0, 0, 1)
            out = bytearray()
            for row in range(8):
                bits = self._raw[row]
                col = 0
                while col < 8:
                    if bits & (0x80 >> col):
                        start = col
                        while col < 8 and bits & (0x80 >> col):
                            col += 1
                        out.extend(bytes((row, start, col - start)))
                    else:
                        col += 1
            runs = bytes(out)
            self._cache[i] = runs  # type: ignore[call-overload]
        return runs

    def _big(self, fb, ch, x, y, c):
        s = self.scale
        runs = self._runs(ch)
        for i in range(0, len(runs), 3):
            fb.fill_rect(x + runs[i + 1] * s, y + runs[i] * s, runs[i + 2] * s, s, c)

    def draw(self, fb, s, x, y, c=1):
        """Draw str s with its top-left at (x, y)."""
        if self.scale == 1:
            fb.text(s, x, y, c)
            return
        for ch in s:
            if ch != " ":
                self._big(fb, ch, x, y, c)
            x += self.cw

    def draw_buf(self, fb, buf, n, x, y, c=1):
        """Draw the first n bytes of a bytearray as ASCII; allocation-free."""
        ch = self._ch
        for i in range(n):
            b = buf[i]
            if b > _FIRST and b <= _LAST:
                if self.scale == 1:
                    fb.text(ch[b - _FIRST], x, y, c)
                else:
                    self._big(fb, ch[b - _FIRST], x, y, c)
            x += self.cw


def fit(s, cols):
    """s cut to cols characters, marking the cut with '~' (called when a screen is built)."""
    if len(s) <= cols:
        return s
    if cols < 2:
        return s[:cols]
    return s[: cols - 1] + "~"


def wrap(s, cols):
    """Word-wrap s into a list of lines of at most cols characters."""
    lines = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > cols:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cols])
                word = word[cols:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= cols:
                line = line + " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def put_int(buf, pos, value, width=0, pad=0x20):
    """Write a non-negative int into buf at pos, right-aligned in width; return the end."""
    n = 1
    v = value
    while v >= 10:
        v //= 10
        n += 1
    while n < width:
        buf[pos] = pad
        pos += 1
        width -= 1
    end = pos + n
    i = end - 1
    v = value
    while i >= pos:
        buf[i] = 0x30 + v % 10
        v //= 10
        i -= 1
    return end


def mmss(ms):
    """(minutes, seconds) shown for ms remaining: rounded up, so 0:00 means really expired."""
    sec = (ms + 999) // 1000
    return sec // 60, sec % 60


def put_mmss(buf, pos, ms):
    m, s = mmss(ms)
    pos = put_int(buf, pos, m, 2, 0x30)
    buf[pos] = 0x3A
    return put_int(buf, pos + 1, s, 2, 0x30)
