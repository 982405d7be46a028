"""The UI kit on MicroPython's framebuf: layouts for every display size, big digits, text
helpers, the scrolling menu and the screen stack's intents."""

import subprocess
from pathlib import Path

import pytest

from host_tests.support.unixport import micropython

ROOT = Path(__file__).resolve().parents[1]


def mpy(script):
    """Run a script on the unix port with the repo importable; return its stdout lines."""
    r = subprocess.run(
        [micropython(), "-X", "heapsize=256k", "-c", script],
        cwd=str(ROOT),
        capture_output=True,
        text=True,
        timeout=60,
        env={"MICROPYPATH": str(ROOT)},
    )
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout.split("\n")


LAYOUT = """
from firmware.ui.layout import Layout
for w, h in ((72, 40), (128, 32), (128, 64), (240, 135)):
    l = Layout(w, h)
    x, y, dw, dh, gap = l.digits_box(l.body + 1, h - l.lh - 2)
    right = x + 4 * dw + dw // 2 + 4 * gap
    end = l.row_y(l.body_rows - 1) + l.lh
    print(w, h, l.scale, l.cols, l.body_rows, end, x, right, y + dh, dw, dh)
"""


def test_layout_fits_text_rows_and_timer_digits_on_every_display():
    rows = [list(map(int, line.split())) for line in mpy(LAYOUT) if line]
    assert len(rows) == 4
    for w, h, scale, cols, body_rows, last_row_end, x, right, digits_end, dw, dh in rows:
        assert cols * 8 * scale <= w and (cols + 1) * 8 * scale > w
        assert body_rows >= 2 and last_row_end <= h
        assert 0 <= x and right <= w  # MM:SS never leaves the screen
        assert digits_end <= h - 8 * scale  # and leaves the bottom row for hints
        assert dh >= 12 and dw >= 7  # big enough to read across a table (128x32: 13 px)
    scales = {(w, h): scale for w, h, scale, *_ in rows}
    assert scales[(240, 135)] == 2 and scales[(128, 64)] == 1 and scales[(72, 40)] == 1


DIGITS = """
import framebuf
from firmware.ui import digits
buf = bytearray(64 * 8)
fb = framebuf.FrameBuffer(buf, 64, 64, framebuf.MONO_HLSB)
shapes = []
for d in range(10):
    fb.fill(0)
    digits.digit(fb, d, 2, 2, 20, 34)
    lit = 0
    for y in range(64):
        for x in range(64):
            lit += fb.pixel(x, y)
    inside = all(not fb.pixel(x, y) for y in range(64) for x in range(64)
                 if x < 2 or y < 2 or x >= 22 or y >= 36)
    shapes.append(bytes(buf))
    print("digit", d, lit, inside)
print("distinct", len(set(shapes)))
fb.fill(0)
digits.mmss(fb, 12, 34, (0, 0, 10, 17, 2))
print("colon", fb.pixel(2 * 12 + 2 + 2, 17 // 3))
"""


def test_big_digits_are_ten_distinct_shapes_inside_their_cell():
    out = [line.split() for line in mpy(DIGITS) if line]
    lit = {}
    for parts in out:
        if parts[0] == "digit":
            lit[int(parts[1])] = int(parts[2])
            assert parts[3] == "True"  # nothing drawn outside the digit's cell
    assert [p for p in out if p[0] == "distinct"][0][1] == "10"
    # Seven-segment sanity: 8 lights every segment, 1 the fewest.
    assert max(lit, key=lit.get) == 8 and min(lit, key=lit.get) == 1


TEXT = """
from firmware.ui import text
b = bytearray(8)
n = text.put_mmss(b, 0, 65001)
print(bytes(b[:n]).decode())
n = text.put_mmss(b, 0, 65000)
print(bytes(b[:n]).decode())
n = text.put_mmss(b, 0, 1)
print(bytes(b[:n]).decode())
n = text.put_int(b, 0, 7, 3)
print(repr(bytes(b[:n]).decode()))
print(text.fit("Time Bomb", 6), text.fit("Time", 6))
print("|".join(text.wrap("A bomb timer was running. It is paused.", 9)))
"""


def test_text_helpers_format_time_rounding_up_and_fit_and_wrap():
    out = [line for line in mpy(TEXT) if line]
    assert out[0] == "01:06"  # 65.001 s left shows 1:06: 0:00 only at the very end
    assert out[1] == "01:05"
    assert out[2] == "00:01"
    assert out[3] == "'  7'"
    assert out[4] == "Time Bomb Time"  # never cut with '~': a long line scrolls where drawn
    lines = out[5].split("|")
    assert all(len(x) <= 9 for x in lines) and " ".join(lines).split() == (
        "A bomb timer was running. It is paused.".split()
    )


MENU = """
from firmware.ui.layout import Layout
from firmware.ui.menu import Menu
m = Menu(Layout(128, 64), ["item %d" % i for i in range(10)])
seen = []
for i in range(12):
    seen.append((m.cursor, m.top))
    m.move(1)
print(seen)
m.move(-1)
print(m.cursor, m.top, m.visible)
one = Menu(Layout(128, 64), ["only"])
print(one.move(1), one.cursor)
"""


def test_menu_scrolls_with_the_cursor_and_wraps_around():
    out = [line for line in mpy(MENU) if line]
    seen = eval(out[0])  # noqa: S307 (our own script's repr of small ints)
    visible = int(out[1].split()[2])
    for cursor, top in seen:
        assert top <= cursor < top + visible  # the cursor is always on screen
    assert seen[10] == (0, 0)  # past the end it wraps to the top
    assert out[1].split()[:2] == ["1", "0"]
    assert out[2] == "False 0"


STACK = """
from firmware.ui.stack import Stack, Screen, BACK, HOME, PUSH, REPLACE, THEN
class S(Screen):
    def __init__(self, name):
        super().__init__(None)
        self.title = name
        self.left = False
    def leave(self):
        self.left = True
s = Stack(limit=4)
root = S("root")
s.push(root, 0)
a = S("a")
s.apply((PUSH, a), 0)
s.apply((PUSH, S("b")), 0)
print(s.depth(), s.top().title)
s.apply(BACK, 0)
print(s.depth(), s.top().title)
s.apply((REPLACE, S("c")), 0)
print(s.depth(), s.top().title, a.left)
s.apply((THEN, (PUSH, S("d"))), 0)
print(s.depth(), s.top().title)
s.apply(HOME, 0)
print(s.depth(), s.top().title, root.left)
s.apply(BACK, 0)
print(s.depth(), s.top().title)
for i in range(10):
    s.apply((PUSH, S("x%d" % i)), 0)
print(s.depth(), s.items[0].title, s.top().title)
"""


def test_stack_carries_out_intents_and_never_pops_the_root():
    out = [line for line in mpy(STACK) if line]
    assert out[0] == "3 b"
    assert out[1] == "2 a"
    assert out[2] == "2 c True"  # replaced screens are told they left
    assert out[3] == "2 d"  # THEN: the dialog pops, then its answer applies
    assert out[4] == "1 root False"
    assert out[5] == "1 root"  # BACK at the root does nothing
    assert out[6] == "4 root x9"  # a runaway push chain drops old screens, keeps the root


@pytest.mark.parametrize("w,h", [(72, 40), (128, 64), (240, 135)])
def test_scaled_text_matches_the_font_doubled(w, h):
    script = f"""
import framebuf
from firmware.ui.text import Text
from firmware.ui.layout import Layout
lay = Layout({w}, {h})
t = Text(lay.scale)
s = lay.scale
buf = bytearray(200 * 20)
fb = framebuf.FrameBuffer(buf, 200, 20, framebuf.MONO_HLSB)
ref = framebuf.FrameBuffer(bytearray(25 * 8), 200, 8, framebuf.MONO_HLSB)
ref.text("Ab9:", 0, 0, 1)
fb.fill(0)
t.draw(fb, "Ab9:", 0, 0, 1)
bad = 0
for y in range(8 * s):
    for x in range(32 * s):
        if fb.pixel(x, y) != ref.pixel(x // s, y // s):
            bad += 1
buf2 = bytearray(b"Ab9:")
fb.fill(0)
t.draw_buf(fb, buf2, 4, 0, 0, 1)
for y in range(8 * s):
    for x in range(32 * s):
        if fb.pixel(x, y) != ref.pixel(x // s, y // s):
            bad += 1
print(bad)
"""
    assert mpy(script)[0] == "0"


def test_the_scroll_window_follows_the_cursor_and_moves_no_more_than_it_must():
    from firmware.ui.widgets import follow

    assert follow(2, 0, 4) == 0  # in view: stays
    assert follow(4, 0, 4) == 1  # one below: the window moves one row
    assert follow(9, 0, 4) == 6  # wrapped to the end: the cursor on the last row
    assert follow(0, 6, 4) == 0  # wrapped to the start: the cursor on the first row
    assert follow(5, 3, 4) == 3


def test_scrolling_text_stops_at_the_first_line_and_at_the_window_that_shows_the_last():
    from firmware.ui.widgets import scroll

    assert scroll(0, -1, 10, 4) == 0  # already at the top
    assert scroll(0, 1, 10, 4) == 1
    assert scroll(6, 1, 10, 4) == 6  # lines 6..9 show the last one: no further
    assert scroll(6, -1, 10, 4) == 5
    assert scroll(0, 1, 3, 4) == 0  # everything fits: nothing scrolls
    assert scroll(9, 0, 10, 4) == 6  # a window left past the end comes back
