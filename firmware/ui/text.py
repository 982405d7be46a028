"""Text drawing on any framebuf: plain or doubled font, the accented letters the languages need,
a marquee for a line longer than its room, bytearray text, folding, wrapping, numbers."""

import framebuf

from core import const

_FIRST = const(32)
_LAST = const(126)
_ASCII = const(95)  # glyphs 32..126 come from framebuf's 8x8 font
# A line longer than its room scrolls one character per step, resting at both ends, once after
# each press or new screen (then it rests at its start: an idle screen draws nothing).
_MARQUEE_MS = const(250)
_REST = const(4)  # steps shown still at the start and at the end

# Letters French and German need beyond ASCII, drawn by hand in the font's 8x8 cell (their bits
# are in Text._runs). Any other character is folded to ASCII (firmware/ui/fold.py).
EXTRA = "éèêàçäöüßÉÈÊÀÇÄÖÜ"
_chars = None


def chars():
    """One-character strings for ASCII 32..126, made once: drawing a bytearray through this
    table needs no allocation (framebuf.text only takes str)."""
    global _chars
    if _chars is None:
        _chars = tuple(chr(i) for i in range(_FIRST, _LAST + 1))
    return _chars


def fold(s):
    """s with every character the font cannot draw folded to ASCII ("n" for an n with a tilde,
    "oe" for the ligature); s itself, unallocated, when it needs nothing (the usual case). The
    table is imported only when such a character turns up (a seat name from a names push, say):
    the shipped languages never need it."""
    for ch in s:
        if not (" " <= ch <= "~" or ch == "\n" or ch in EXTRA):
            break
    else:
        return s
    from firmware.ui import fold as table  # lazy: off the heap unless a character needs it

    out = []
    for ch in s:
        out.append(ch if " " <= ch <= "~" or ch == "\n" or ch in EXTRA else table.fold(ch))
    return "".join(out)


class Text:
    """Draws text at the layout's scale; holds the one 8x8 scratch glyph used for doubling.
    `cw` is the font cell's width; `native`: the display's text() draws every character fold()
    leaves (ASCII and EXTRA) in its own font at scale 1 (the CircuitPython canvas), else only
    ASCII is framebuf's and EXTRA is drawn here in 8x8.
    A line longer than its room (to the display's right edge, or `cols`) scrolls as a marquee
    by the clock the app sets in `now` before it draws (ms since the last press or new screen):
    it rests at its start, steps along one character at a time, rests at its end, then shows
    its start again for good. `live` is the marquee step of the frame drawn last while a line
    in it moves (-1 when none does), so that tick() tells the app when to draw again."""

    native = False  # a class value unless the display draws its own font (no instance slot)

    def __init__(self, scale, width=32767, cw=8, native=False):
        self.scale = scale
        self.cw = cw * scale
        if native:
            self.native = True
        self.width = width
        self.now = 0
        self.live = -1
        self._raw = bytearray(8)
        self._glyph = framebuf.FrameBuffer(self._raw, 8, 8, framebuf.MONO_HLSB)
        self._ch = chars()
        # Glyph runs (the doubled font's, and every accented letter's), made on first use.
        self._cache = [None] * (_ASCII + len(EXTRA))

    def _runs(self, ch):
        """The glyph's horizontal runs of lit pixels as bytes (row, start, length, ...), worked
        out from the 8x8 font (or EXTRA's bits) on first use and kept: later draws are only
        fill_rects."""
        i = ord(ch) - _FIRST
        if i < 0 or i > _LAST - _FIRST:
            i = EXTRA.find(ch)
            i = _ASCII + i if i >= 0 else ord("?") - _FIRST
        runs = self._cache[i]
        if runs is None:
            g = self._raw
            if i >= _ASCII:
                # EXTRA's letters, 8 bytes each (MONO_HLSB: a byte a row, the top row first,
                # bit 7 the left pixel): lower case keeps the font's own letter under its
                # accent; a capital sits one row lower to make room for one.
                bits = (
                    b"\x0c\x18\x3c\x66\x7e\x60\x3e\x00"  # e acute
                    b"\x30\x18\x3c\x66\x7e\x60\x3e\x00"  # e grave
                    b"\x18\x66\x3c\x66\x7e\x60\x3e\x00"  # e circumflex
                    b"\x30\x18\x3c\x06\x3e\x66\x3e\x00"  # a grave
                    b"\x00\x00\x3c\x66\x60\x66\x3c\x18"  # c cedilla
                    b"\x66\x00\x3c\x06\x3e\x66\x3e\x00"  # a diaeresis
                    b"\x66\x00\x3c\x66\x66\x66\x3c\x00"  # o diaeresis
                    b"\x66\x00\x66\x66\x66\x66\x3c\x00"  # u diaeresis
                    b"\x3c\x66\x66\x6c\x66\x66\x6c\x60"  # sharp s
                    b"\x0c\x00\x7e\x60\x7c\x60\x60\x7e"  # E acute
                    b"\x30\x00\x7e\x60\x7c\x60\x60\x7e"  # E grave
                    b"\x18\x24\x7e\x60\x7c\x60\x60\x7e"  # E circumflex
                    b"\x30\x00\x3c\x66\x66\x7e\x66\x66"  # A grave
                    b"\x3c\x66\x60\x60\x60\x66\x3c\x18"  # C cedilla
                    b"\x66\x00\x3c\x66\x66\x7e\x66\x66"  # A diaeresis
                    b"\x66\x00\x3c\x66\x66\x66\x66\x3c"  # O diaeresis
                    b"\x66\x00\x66\x66\x66\x66\x66\x3c"  # U diaeresis
                )
                o = (i - _ASCII) * 8
                for row in range(8):
                    g[row] = bits[o + row]
            else:
                self._glyph.fill(0)
                self._glyph.text(ch, 0, 0, 1)
            out = bytearray()
            for row in range(8):
                bits = g[row]
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

    def draw(self, fb, s, x, y, c=1, cols=0, scroll=True):
        """Draw str s with its top-left at (x, y), in at most `cols` characters (0: up to the
        display's right edge). A longer line scrolls (a marquee) unless scroll is False: then
        it shows its start (a list's rows that are not selected). Allocation-free."""
        room = cols if cols > 0 else (self.width - x) // self.cw
        n = len(s)
        skip = 0
        if n > room:
            t = self.now // _MARQUEE_MS
            if scroll and room > 0 and t < n - room + 2 * _REST:
                skip = t - _REST if t > _REST else 0
                if skip > n - room:
                    skip = n - room
                self.live = t
            n = room
        elif self.scale == 1:
            if self.native:
                fb.text(s, x, y, c)
                return
            for ch in s:
                if ch > "~":
                    break
            else:
                fb.text(s, x, y, c)
                return
        end = skip + n
        i = 0
        cw = self.cw
        for ch in s:
            if i >= end:
                break
            if i >= skip:
                if self.native and ch != " ":
                    fb.text(ch, x, y, c)
                elif " " < ch <= "~":
                    if self.scale == 1:
                        fb.text(ch, x, y, c)
                    else:
                        self._big(fb, ch, x, y, c)
                elif ch != " ":
                    if ch not in EXTRA:
                        # Folded when its screen was built, unless it reached a draw without:
                        # then the first letter of its fold (imported on first need).
                        from firmware.ui import fold as table

                        ch = table.fold(ch)[0]
                    if ch != " ":
                        self._big(fb, ch, x, y, c)
                x += cw
            i += 1

    def tick(self, now):
        """True when a line of the frame drawn last has scrolled on by `now` (ms since the last
        press or new screen): the app draws the screen again."""
        return self.live >= 0 and now // _MARQUEE_MS != self.live

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
    """s as it is drawn in `cols` columns, folded to the font (called when a screen is built).
    Never cut: a line longer than its room scrolls where it is drawn (Text.draw), so no word
    is lost to a '~'."""
    return fold(s)


def wrap(s, cols):
    """Word-wrap s into a list of lines of at most cols characters, folded to the font; a word
    longer than a line is broken with a '-' at the end of each piece but the last."""
    s = fold(s)
    lines = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > cols:
                if line:
                    lines.append(line)
                    line = ""
                if cols < 2:
                    lines.append(word[:cols])
                    word = word[cols:]
                else:
                    lines.append(word[: cols - 1] + "-")
                    word = word[cols - 1 :]
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
