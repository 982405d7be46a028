"""Every string on every layout, in every language: the app is booted on the unix port at
72x40 (Thumby), 128x64 (pico-ssd1306) and 240x135 (the colour panel, doubled font) in
framebuf's 8x8 font, and at 128x64 in terminalio's 6x12 cell (the CircuitPython builds: the
MacroPad and pico-ssd1306-circuitpython; the display says `cell` and draws every character
itself, as firmware/circuitpy/canvas.py does), with seat
names of 8-10 letters (accents among them), walked through every list row, every setting,
every ruleset's setup at its most players, the resume prompt of every ruleset (and of a name
as long as core allows) and a stretch of play of every ruleset, and every text drawn is
watched: a '~' cut, a line drawn past the edge or below the bottom, a character the font would
draw as garbage, or a list row shown clipped that is never shown whole (selected, scrolling)
fails the test. The sentence of the resume prompt must keep every word, wrapped, with a
scrollbar when it is longer than the screen."""

import json
import subprocess

import pytest

from firmware import strings
from host_tests.support.unixport import micropython
from tools.sim import process as simproc

FRAMEBUF = None  # framebuf's 8x8 font, doubled on the big colour panel
TERMINALIO = (6, 12)  # CircuitPython's terminalio.FONT (Blinka's and the board's)
LAYOUTS = [
    (72, 40, False, FRAMEBUF),
    (128, 64, False, FRAMEBUF),
    (240, 135, True, FRAMEBUF),
    (128, 64, False, TERMINALIO),
]
# Longest fill-ins: names of 8 to 10 letters with accents, and a ruleset name of core's 32.
NAMES = ["Béatrice", "Françoise", "Jürgen", "Maximilian", "Alexandria", "Hélène", "Çelik", "Weiß"]
LONG_NAME = "Fusebox Countdown Desk Overtime!"

SCRIPT = r"""
import framebuf, sys, json
from firmware import buttons, catalog, strings
from firmware.app import App
from firmware.screens import menu, resume
from firmware.ui import dialog
from firmware.ui.text import EXTRA, Text

W, H, COLOUR, LANG, CELL = %(w)d, %(h)d, %(colour)s, %(lang)r, %(cell)r
GW, GH = CELL or (8, 8)
NAMES = %(names)r
LONG_NAME = %(long)r
problems = []
seen = {}
whole = {}  # texts shown whole (fitting, or scrolling through)
clipped = {}  # list rows shown cut at the edge while another row was selected
cur = [""]


def note(kind, s):
    k = kind + " [" + cur[0] + "] " + repr(s)
    if k not in seen:
        seen[k] = 1
        problems.append(k)


class Display(framebuf.FrameBuffer):
    def __init__(self):
        self.width, self.height, self.colour = W, H, COLOUR
        if CELL:
            self.cell = CELL  # draws text in its own font: ASCII and EXTRA, GW x GH a glyph
        if COLOUR:
            self.buf = bytearray((W + 1) // 2 * H)
            super().__init__(self.buf, W, H, framebuf.GS4_HMSB)
        else:
            self.buf = bytearray(W * ((H + 7) // 8))
            super().__init__(self.buf, W, H, framebuf.MONO_VLSB)

    def text(self, s, x, y, c=1):
        # Anything the firmware hands the display's font: ASCII only for framebuf's (EXTRA too
        # for a font of the display's own), inside the display.
        for ch in s:
            if (ch < " " or ch > "~") and not (CELL and ch in EXTRA):
                note("garbage", s)
                break
        if x < 0 or x + GW * len(s) > W or y < 0 or y + GH > H:
            note("past the edge", s)
        for i in range(len(s)):  # framebuf's glyphs on the cell's grid (the picture matters not)
            if " " <= s[i] <= "~":
                super().text(s[i], x + i * GW, y, c)

    def show(self):
        pass

    def contrast(self, c):
        pass


_draw = Text.draw


def draw(self, fb, s, x, y, c=1, cols=0, scroll=True):
    if "~" in s:
        note("cut with ~", s)
    room = cols if cols > 0 else (self.width - x) // self.cw
    if s.strip() and room <= 0:
        note("no room", s)
    if y + GH * self.scale > H:
        note("below the bottom", s)
    if len(s) > room and not scroll:
        clipped[s] = cur[0]
    else:
        whole[s] = 1
    _draw(self, fb, s, x, y, c, cols, scroll)


Text.draw = draw


class Buzzer:
    def tone(self, f, d):
        pass

    def quiet(self):
        pass


class Board:
    def __init__(self):
        self.display = Display()
        self.buzzer = Buzzer()
        self.keymap = buttons.keymap_from(("UP", "DOWN", "OK", "BACK"),
            {"UP": ["up"], "DOWN": ["down"], "OK": ["ok"], "BACK": ["back"]})
        self.profile = {"name": "fit", "buzzer": {"resonance_hz": 2700}}
        self.name = "fit"
        self.now = 0
        self.raw = 0

    def read_buttons(self):
        return self.raw

    def read_wires(self):
        return None

    def battery(self):
        return 80

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return ((a - b + 0x20000000) & 0x3FFFFFFF) - 0x20000000

    def ticks_add(self, a, d):
        return (a + d) & 0x3FFFFFFF

    def sleep_ms(self, ms):
        self.now = (self.now + ms) & 0x3FFFFFFF

    def seed(self):
        return 12345

    def log(self, line):
        if line.startswith("screen "):
            cur[0] = line[7:]
        elif line.startswith("error"):
            note("error", line)


UP, DOWN, OK, BACK = 0, 1, 2, 3
hw = Board()
app = App(hw, "fit")
app.settings.lang = LANG
app.settings.names = list(NAMES)  # longer than the editor allows: what a names push may bring
app.boot(0)
strings.use(LANG)  # as Settings does: the language, then the main menu built in it
app.relabel()
app.stack.items[0].enter(0)


def run(ms):
    end = hw.now + ms
    while hw.now < end:
        app.step()


def press(b, ms=60):
    hw.raw = 1 << b
    run(ms)
    hw.raw = 0
    run(80)


def depth():
    return app.stack.depth()


def walk(n):
    # Every row of a list selected once (the cursor wraps back to the first).
    for _ in range(n):
        press(DOWN)


def count(scr):
    m = getattr(scr, "menu", None)
    return m.count() if m is not None else 0


def home():
    for _ in range(12):
        if depth() == 1:
            break
        walk(count(app.stack.top()))  # a menu on the way out (the pause menu) read row by row
        press(BACK)
    app.stack.home(hw.now)
    run(100)


def select(i):
    root = app.stack.items[0]
    root.menu.cursor = i
    root.menu._follow()
    root.dirty = True
    run(100)


def setup_screen():
    # Most players, then who starts (every choice), and back out.
    scr = app.stack.top()
    lo, hi = scr.lo, scr.hi
    for _ in range(hi - lo):
        press(UP)
    press(OK)
    for _ in range(hi + 1):
        press(DOWN)
    press(BACK)
    press(BACK)


root = app.stack.items[0]
walk(count(root))
for i in range(count(root)):
    home()
    select(i)
    press(OK)
    scr = app.stack.top()
    kind = type(scr).__name__
    if kind == "SettingsScreen":
        for r in range(count(scr)):
            if r == 5:
                press(OK)  # the seat list
                seats = app.stack.top()
                for _ in range(count(seats)):
                    press(OK)  # a name in the editor
                    run(300)
                    press(BACK)
                    press(DOWN)
                press(BACK)
            press(DOWN)
        continue
    if kind == "ListScreen":
        n = count(scr)
        for r in range(n):
            press(OK)
            inner = app.stack.top()
            if type(inner).__name__ == "SetupScreen":
                setup_screen()
            elif inner is not scr:
                run(200)
                for _ in range(12):
                    press(DOWN)
                if app.stack.top() is not scr:
                    press(BACK)
                if app.stack.top() is not scr:
                    # The timer preset: arm it, let it run, pause it and leave.
                    hw.raw = 1 << OK
                    run(3500)
                    hw.raw = 0
                    run(3000)
                    hw.raw = 1 << BACK
                    run(2500)
                    hw.raw = 0
                    run(500)
                    home()
                    select(i)
                    press(OK)
                    for _ in range(r):
                        press(DOWN)
            press(DOWN)
        continue
    for _ in range(12):
        press(DOWN)

# The resume prompt of every ruleset, at its most players, and of the longest name.
home()
prompts = []
app.entries = catalog.scan()
for g in ("timebomb", "undercover", "timebomb2", "itsabomb"):
    catalog.check(app.entries, g)
names = [e.name for e in app.entries if e.game != "timer" and not e.error] + [LONG_NAME]


class Game:  # what the resume screen asks of a saved game: its public view
    def view(self, seat):
        return {"round": 8}


class Saved:  # a session as Session.resume gives it, at 10 players in round 8
    def __init__(self, name):
        self.rs = {"name": name}
        self.players = 10
        self.game = Game()


for name in names:
    # The description firmware/screens/resume.py shows: the name, the players, the round.
    c = resume.ResumeScreen(app, Saved(name))
    body = name + " 10 " + strings.get("players") + " " + strings.get("w.round") + "8"
    app.stack.push(c, hw.now)
    cur[0] = "ResumeScreen " + name
    bar = 0
    shown = {}
    for k in range(2 * len(c.lines) + 2):  # it scrolls by itself: watch it step through
        run(500)
        for i in range(c.first, min(c.first + c.room, len(c.lines))):
            shown[i] = 1
        for y in range(app.lay.body, app.lay.row_y(c.room)):  # the description's rows only
            bar += app.fb.pixel(W - 1, y) != 0
    prompts.append([body, c.lines, c.room, bar, len(shown)])
    app.stack.pop(hw.now)

# A stretch of play of every ruleset: look when asked, take the first choice (or the next).
for e in [e for e in app.entries if e.game not in (None, "timer") and not e.error]:
    home()
    app.stack.push(menu.entry_notice(app, e), hw.now)
    for _ in range(4):
        press(OK)
    for k in range(%(turns)d):
        if depth() == 1:
            break
        top = app.stack.top()
        rows = getattr(top, "labels", None)
        if type(rows) is list and len(rows) > 1:
            walk(len(rows))  # every choice selected once, back at the first
        if k %% 5 == 4:
            press(DOWN)
        hw.raw = 1 << OK
        run(1100)
        hw.raw = 0
        run(1900)
    home()

missing = [s + " [" + where + "]" for s, where in clipped.items() if s not in whole]
out = {"problems": problems, "never_whole": missing, "prompts": prompts, "texts": len(whole)}
print(json.dumps(out))
"""


def run_layout(tmp_path, w, h, colour, lang, turns=24, cell=FRAMEBUF):
    flash = simproc.populate_flash(tmp_path / "flash", simproc.sim_profile("pico-ssd1306"))
    script = SCRIPT % {
        "w": w,
        "h": h,
        "colour": colour,
        "lang": lang,
        "names": NAMES,
        "long": LONG_NAME,
        "turns": turns,
        "cell": cell,
    }
    (flash / "fit.py").write_text(script)
    r = subprocess.run(
        [micropython(), "-X", "heapsize=4m", "fit.py"],
        cwd=flash,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return json.loads(r.stdout.strip().split("\n")[-1])


def _id(layout):
    w, h, _colour, cell = layout
    return "%dx%d-%s" % (w, h, "%dx%d" % cell if cell else "framebuf")


@pytest.mark.parametrize("w,h,colour,cell", LAYOUTS, ids=[_id(x) for x in LAYOUTS])
@pytest.mark.parametrize("lang", strings.LANGS)
def test_every_string_fits_or_wraps_or_scrolls_and_no_word_is_cut(
    tmp_path, w, h, colour, cell, lang
):
    out = run_layout(tmp_path, w, h, colour, lang, cell=cell)
    assert out["problems"] == []
    assert out["never_whole"] == []
    # The walk reached the screens (menus, settings, setups, play): 290-400 distinct texts.
    assert out["texts"] > 250
    assert len(out["prompts"]) >= 11  # every table game's ruleset and the longest name
    cols = w // (cell[0] if cell else 16 if w >= 192 and h >= 120 else 8)
    for body, lines, room, bar, shown in out["prompts"]:
        assert shown == len(lines), ("a line of the description was never shown", lines)
        # Every word of the sentence is on a line (a word longer than a line broken with '-'):
        # "players" is never dropped, whatever the name.
        assert all(len(x) <= cols for x in lines), lines
        assert "".join(lines).replace("-", "").replace(" ", "") == body.replace("-", "").replace(
            " ", ""
        ), (lines, body)
        for word in body.split(" "):
            if len(word) <= cols:
                assert any(word in x.split(" ") for x in lines), (word, lines)
        if len(lines) > room:
            assert bar > 0, ("no scrollbar for a prompt longer than the screen", body)
