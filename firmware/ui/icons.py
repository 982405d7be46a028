"""A few 8x8 icons as constant bytes (one byte per row, MSB left), drawn at any scale."""

# Shapes carry the meaning; colour (on colour boards) only repeats it.
BOMB = b"\x04\x0a\x3c\x7e\x7e\x7e\x7e\x3c"
SPEAKER = b"\x08\x18\x78\x78\x78\x18\x08\x00"
MUTE = b"\x08\x19\x7a\x7c\x78\x1c\x0a\x01"
STRIKE = b"\x00\x42\x24\x18\x18\x24\x42\x00"
PAUSE = b"\x00\x66\x66\x66\x66\x66\x66\x00"
LOCK = b"\x18\x24\x24\x7e\x7e\x66\x7e\x7e"
CHECK = b"\x00\x01\x03\x06\x8c\xd8\x70\x20"
WARN = b"\x18\x18\x3c\x24\x66\x7e\xdb\xff"
ARROW = b"\x00\x10\x18\x1c\x1c\x18\x10\x00"
WIRE = b"\x00\x00\x3c\xc3\x00\x00\x00\x00"
EMPTY = b"\x00\x00\x00\x00\x00\x00\x00\x00"


def draw(fb, icon, x, y, c=1, scale=1, first=0):
    """Paint the lit pixels of an icon (the 8 bytes from `first`: a game may keep several icons
    in one bytes object); runs of pixels become one fill_rect each."""
    for row in range(8):
        bits = icon[first + row]
        col = 0
        while col < 8:
            if bits & (0x80 >> col):
                start = col
                while col < 8 and bits & (0x80 >> col):
                    col += 1
                fb.fill_rect(x + start * scale, y + row * scale, (col - start) * scale, scale, c)
            else:
                col += 1
