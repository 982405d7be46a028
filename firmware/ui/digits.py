"""Big seven-segment digits drawn with fill_rect: any size, no font data, no allocation; and
words in the same segments (a reveal's SAFE!, STORM IN, BOOM!).

Letters add two half-height strokes in the middle of the cell (h above the centre line, i
below) and a dot to the seven segments a..g, which is enough for M, W, T, I, R and the rest of
A..Z to read from across a table. The word code is one function whose tables are its own
constants: every module-level name is an interned string on the board for good.
"""

# Segment bits a..g (bit 0 = a, top; then clockwise b c d e f; g = middle) for 0..9.
_SEGS = b"\x3f\x06\x5b\x4f\x66\x6d\x7d\x07\x7f\x6f"


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


def word(fb, s, box, w, c=1):
    """Draw the word s (upper-cased; accented capitals as their letter) centred across w
    pixels, its cells (x, y, dw, dh, gap) = box as Layout.digits_box gives: the same size for
    every word, so the result's length tells nothing."""
    # A..Z: segments a..g and h (0x80) in the first table, i (1) and the dot (2) in the second.
    lo = (
        b"\x77\x7c\x39\x5e\x79\x71\x3d\x76\x89\x1e\xf4\x38\xb7"
        b"\x37\x3f\x73\x3f\x73\x6d\x81\x3e\x22\x3e\x76\x62\x5b"
    )
    hi = (
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00"
        b"\x00\x00\x00\x01\x01\x00\x01\x00\x01\x01\x00\x01\x00"
    )
    _, y, dw, dh, gap = box
    n = len(s)
    x = (w - n * dw - (n - 1) * gap) // 2
    if x < 0:
        x = 0
    t = thickness(dw)
    half = dh // 2
    cx = (dw - t) // 2
    for ch in s:
        o = ord(ch)
        if o > 127:
            i = "ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜàâäçéèêëîïôöùûü".find(ch)
            o = ord("AAACEEEEIIOOUUU"[i % 15]) if i >= 0 else 32
        if 97 <= o <= 122:
            o -= 32
        if 65 <= o <= 90:
            bits = lo[o - 65] | hi[o - 65] << 8
        elif 48 <= o <= 57:
            bits = _SEGS[o - 48]
        elif o == 33:  # ! : h running on to the dot
            bits = 0x280
        elif o == 45:  # -
            bits = 0x40
        elif o == 46:  # .
            bits = 0x200
        else:
            bits = 0
        if bits:
            seg_digit(fb, bits & 0x7F, x, y, dw, dh, c)
            if bits & 0x80:  # h, from the top (an exclamation mark's runs on to its dot)
                down = dh - 2 * t if bits & 0x200 else half - t // 2
                fb.fill_rect(x + cx, y, t, down - t // 2, c)
            if bits & 0x100:  # i
                fb.fill_rect(x + cx, y + half + t // 2, t, dh - half - t - t // 2, c)
            if bits & 0x200:  # the dot
                fb.fill_rect(x + cx, y + dh - t, t, t, c)
        x += dw + gap
