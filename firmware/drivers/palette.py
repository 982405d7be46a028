"""Colour palette: the 16 indices every display draws with, and their RGB/RGB565 values.

Screens draw palette indices, never RGB: 0 background (black), 1 foreground (white), then red,
blue, green, yellow, grey, purple. Mono drivers light any non-zero index, so meaning must never
rest on colour alone. The ST7789 driver converts indices with rgb565() into its own palette
frame (see st7789.py); the host sim renders PNGs through RGB.
"""

from core import const

BLACK = const(0)
WHITE = const(1)
RED = const(2)
BLUE = const(3)
GREEN = const(4)
YELLOW = const(5)
GREY = const(6)
PURPLE = const(7)
ORANGE = const(8)
CYAN = const(9)
DARK_GREY = const(10)
COLOURS = const(16)

# (r, g, b) per index; 11..15 are spare and show as white until someone needs them.
RGB = (
    (0, 0, 0),
    (255, 255, 255),
    (230, 40, 40),
    (50, 100, 240),
    (40, 200, 70),
    (250, 220, 40),
    (140, 140, 140),
    (170, 70, 210),
    (250, 140, 20),
    (40, 210, 220),
    (60, 60, 60),
    (255, 255, 255),
    (255, 255, 255),
    (255, 255, 255),
    (255, 255, 255),
    (255, 255, 255),
)


def rgb565(r, g, b):
    return (r & 0xF8) << 8 | (g & 0xFC) << 3 | b >> 3
