"""Big seven-segment digits drawn with fill_rect: any size, no font data, no allocation."""

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
