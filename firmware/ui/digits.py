"""Big segment digits and letters drawn with fill_rect: any size, no font data, no allocation.

The timer's MM:SS uses the seven segments a..g; words (a reveal's SAFE!, STORM IN, BOOM!) add two
half-height strokes in the middle of the cell (h above the centre line, i below) and a dot, which
is enough for M, W, T, I, R and the rest of A..Z to read from across a table.
"""

from core import const

# Segment bits a..g (bit 0 = a, top; then clockwise b c d e f; g = middle) for 0..9.
_SEGS = b"\x3f\x06\x5b\x4f\x66\x6d\x7d\x07\x7f\x6f"
# Letters A..Z: their low bits (a..g, and h as 0x80), then their high bits (i 0x01, dot 0x02).
_LO = (
    b"\x77\x7c\x39\x5e\x79\x71\x3d\x76\x89\x1e\xf4\x38\xb7"
    b"\x37\x3f\x73\x3f\x73\x6d\x81\x3e\x22\x3e\x76\x62\x5b"
)
_HI = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00"
    b"\x00\x00\x00\x01\x01\x00\x01\x00\x01\x01\x00\x01\x00"
)
_H = const(0x80)
_I = const(0x100)
_DOT = const(0x200)
# Accented capitals fold to their letter (the big font draws shapes, not every glyph).
_ACCENTED = "ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜ"
_PLAIN = "AAACEEEEIIOOUUU"


def thickness(dw):
    return max(2, dw // 5)


def seg_digit(fb, bits, x, y, dw, dh, c):
    """Draw the segments in `bits` in a dw x dh cell at (x, y)."""
    t = thickness(dw)
    half = dh // 2
    inner = dw - 2 * t
    up = half - t + t // 2
    if bits & 0x01:
        fb.fill_rect(x + t, y, inner, t, c)
    if bits & 0x02:
        fb.fill_rect(x + dw - t, y + t, t, up - t // 2, c)
    if bits & 0x04:
        fb.fill_rect(x + dw - t, y + half + t // 2, t, dh - half - t - t // 2, c)
    if bits & 0x08:
        fb.fill_rect(x + t, y + dh - t, inner, t, c)
    if bits & 0x10:
        fb.fill_rect(x, y + half + t // 2, t, dh - half - t - t // 2, c)
    if bits & 0x20:
        fb.fill_rect(x, y + t, t, up - t // 2, c)
    if bits & 0x40:
        fb.fill_rect(x + t, y + half - t // 2, inner, t, c)


def _strokes(fb, bits, x, y, dw, dh, c):
    """The middle strokes and the dot of a letter cell (beside seg_digit's seven)."""
    t = thickness(dw)
    half = dh // 2
    cx = x + (dw - t) // 2
    if bits & _H:
        # From the top (the a bar covers its end); an exclamation mark's runs on to its dot.
        down = dh - 2 * t if bits & _DOT else half - t // 2
        fb.fill_rect(cx, y, t, down - t // 2, c)
    if bits & _I:
        fb.fill_rect(cx, y + half + t // 2, t, dh - half - t - t // 2, c)
    if bits & _DOT:
        fb.fill_rect(cx, y + dh - t, t, t, c)


def glyph_bits(ch):
    """The strokes of one character of a big word (upper-cased; 0 for a blank)."""
    o = ord(ch)
    if 97 <= o <= 122:
        o -= 32
    elif o > 127:
        i = _ACCENTED.find(ch.upper())
        o = ord(_PLAIN[i]) if i >= 0 else 32
    if 65 <= o <= 90:
        return _LO[o - 65] | (_HI[o - 65] << 8)
    if 48 <= o <= 57:
        return _SEGS[o - 48]
    if o == 33:  # !
        return _H | _DOT
    if o == 45:  # -
        return 0x40
    if o == 46:  # .
        return _DOT
    if o == 39:  # '
        return _H
    return 0


def word_box(w, top, bottom, cols):
    """(x0, y, dw, dh, gap) for words of up to `cols` letters across a w-pixel screen between
    rows top..bottom: the same size for every word, so the result's length tells nothing."""
    dw = (w - 4) * 5 // (cols * 6)
    dh = dw * 5 // 3
    if dh > bottom - top:
        dh = bottom - top
        dw = dh * 3 // 5
    return 2, top + (bottom - top - dh) // 2, dw, dh, dw // 5


def word(fb, s, box, w, c=1):
    """Draw the word s centred across w pixels in box (from word_box)."""
    x0, y, dw, dh, gap = box
    n = len(s)
    x = (w - n * dw - (n - 1) * gap) // 2
    if x < 0:
        x = 0
    for ch in s:
        bits = glyph_bits(ch)
        if bits:
            seg_digit(fb, bits & 0x7F, x, y, dw, dh, c)
            _strokes(fb, bits, x, y, dw, dh, c)
        x += dw + gap


def digit(fb, d, x, y, dw, dh, c=1):
    seg_digit(fb, _SEGS[d], x, y, dw, dh, c)


def mmss(fb, minutes, seconds, box, c=1, colon=True):
    """Draw MM:SS in box = (x, y, dw, dh, gap) from Layout.digits_box; minutes clamp to 99."""
    x, y, dw, dh, gap = box
    if minutes > 99:
        minutes = 99
    digit(fb, minutes // 10, x, y, dw, dh, c)
    x += dw + gap
    digit(fb, minutes % 10, x, y, dw, dh, c)
    x += dw + gap
    cw = dw // 2
    if colon:
        t = thickness(dw)
        cx = x + (cw - t) // 2
        fb.fill_rect(cx, y + dh // 3 - t // 2, t, t, c)
        fb.fill_rect(cx, y + 2 * dh // 3 - t // 2, t, t, c)
    x += cw + gap
    digit(fb, seconds // 10, x, y, dw, dh, c)
    x += dw + gap
    digit(fb, seconds % 10, x, y, dw, dh, c)
    return x + dw
