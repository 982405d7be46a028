"""Text read off a frame with the board's own 8x8 font (dumped from MicroPython's framebuf)."""

import subprocess
from functools import lru_cache
from pathlib import Path

from host_tests.support.unixport import micropython

ROOT = Path(__file__).resolve().parents[2]

_FONT_DUMP = """
import framebuf
b = bytearray(8)
g = framebuf.FrameBuffer(b, 8, 8, framebuf.MONO_HLSB)
for c in range(32, 127):
    g.fill(0)
    g.text(chr(c), 0, 0, 1)
    print(c, bytes(b).hex())
"""


@lru_cache(maxsize=1)
def font():
    """{char: 8 row strings of '0'/'1'} from the unix port's framebuf font."""
    out = subprocess.run(
        [micropython(), "-c", _FONT_DUMP], capture_output=True, text=True, check=True
    )
    table = {}
    for line in out.stdout.split("\n"):
        if line:
            code, hx = line.split()
            rows = bytes.fromhex(hx)
            table[chr(int(code))] = [format(r, "08b") for r in rows]
    return table


def rows_of(frame):
    """The frame as a list of '0'/'1' strings, one per pixel row."""
    return [
        "".join("1" if frame.pixel(x, y) else "0" for x in range(frame.width))
        for y in range(frame.height)
    ]


def pattern(s, scale=1):
    f = font()
    rows = []
    for r in range(8):
        row = "".join(f[ch][r] for ch in s)
        row = "".join(c * scale for c in row)
        rows.extend([row] * scale)
    return rows


def find_text(frame, s):
    """(x, y) where s is drawn (normal or inverted, 1x or 2x font), or None. The font's empty
    rows under text without descenders are not looked at: on the Thumby (rows of 8, no leading)
    they are where the selected row's bar below starts."""
    if frame is None:
        return None
    grid = rows_of(frame)
    for scale in (1, 2):
        pat = pattern(s, scale)
        while len(pat) > 1 and "1" not in pat[-1]:
            pat.pop()
        for inv in (False, True):
            p = [r.translate(str.maketrans("01", "10")) for r in pat] if inv else pat
            for y in range(0, frame.height - len(p) + 1):
                x = grid[y].find(p[0])
                while x >= 0:
                    if all(grid[y + i][x : x + len(p[i])] == p[i] for i in range(1, len(p))):
                        return (x, y)
                    x = grid[y].find(p[0], x + 1)
    return None


def has_text(frame, s):
    return find_text(frame, s) is not None


def whole_or_cut(size, whole, cut):
    """What a screen tour of that size (the screen tests' "thumby", "ssd1306", "colour") must
    show of a text the Thumby's 72 px rows cannot hold: the whole of it where it fits (16 and
    15 columns), its start only on the Thumby, where a long line scrolls. A check that took
    either everywhere would pass with a cut-off text on a screen wide enough for all of it."""
    return cut if size == "thumby" else whole
