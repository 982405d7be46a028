"""`framebuf` for the firmware under CPython.

pygraphics (PyPI pydevices-pygraphics, MicroPython's modframebuf.c as a CPython extension) where
it has a wheel (Linux x86_64, Windows), with MicroPython's font and line stepping put back; else
pyframebuf, the pure-Python copy kept here. Both are checked against the unix port's framebuf
(host_tests/test_framebuf_standin*.py); pygraphics still refuses colours past a C int.
FUSEBOX_FRAMEBUF=py picks the pure one (tests use it to cover both).
"""

import os

IMPLEMENTATION = "pyframebuf"
if os.environ.get("FUSEBOX_FRAMEBUF") != "py":
    try:
        import pygraphics as _pg

        IMPLEMENTATION = "pygraphics"
    except ImportError:
        pass

if IMPLEMENTATION == "pygraphics":
    MONO_VLSB = MVLSB = _pg.MONO_VLSB
    MONO_HLSB = _pg.MONO_HLSB
    MONO_HMSB = _pg.MONO_HMSB
    GS2_HMSB = _pg.GS2_HMSB
    GS4_HMSB = _pg.GS4_HMSB
    GS8 = _pg.GS8
    RGB565 = _pg.RGB565

    from pyframebuf import line_points, text_points

    class FrameBuffer(_pg.FrameBuffer):
        """pygraphics' FrameBuffer made MicroPython's in three ways: pygraphics makes width,
        height and buffer read-only properties, which MicroPython's FrameBuffer does not have
        and the firmware's display classes set as their own attributes; its 8x8 font is not
        MicroPython's, so text() draws MicroPython's glyphs (pyframebuf's table); and its
        line() breaks ties the other way, so line() steps as modframebuf.c does."""

        width = None
        height = None
        buffer = None

        def text(self, s, x, y, c=1):
            if isinstance(s, str):
                s = s.encode("utf-8", "surrogatepass")
            px = self.pixel  # pygraphics clips, as framebuf does
            for x1, y1 in text_points(s, x, y):
                px(x1, y1, c)

        def line(self, x1, y1, x2, y2, c):
            px = self.pixel
            for x, y in line_points(x1, y1, x2, y2):
                px(x, y, c)

else:
    from pyframebuf import (  # noqa: F401
        GS4_HMSB,
        MONO_HLSB,
        MONO_HMSB,
        MONO_VLSB,
        MVLSB,
        RGB565,
        FrameBuffer,
    )
