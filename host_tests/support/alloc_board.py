"""A stand-in board and the app on it, for allocation tests on the unix port (SCRIPT).

SCRIPT boots the app on a virtual clock and a plain framebuf display, runs it in-process with
gc.mem_alloc() watching, and prints what the idle menu and a running countdown allocated; the
game alloc tests reuse it up to its measurements (`run(3000)`).
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A stand-in board (the app reads only these attributes): a virtual clock and a plain
# framebuf display, so the loop can run in-process with gc.mem_alloc() watching it.
SCRIPT = r"""
import framebuf, gc, sys
from firmware import buttons
from firmware.app import App
from firmware import catalog
from firmware.games.timer.run import TimerScreen
from core import timer

W, H, COLOUR = %(w)d, %(h)d, %(colour)s

class Display(framebuf.FrameBuffer):
    def __init__(self):
        self.width, self.height, self.colour = W, H, COLOUR
        if COLOUR:
            self.buf = bytearray((W + 1) // 2 * H)
            super().__init__(self.buf, W, H, framebuf.GS4_HMSB)
        else:
            self.buf = bytearray(W * ((H + 7) // 8))
            super().__init__(self.buf, W, H, framebuf.MONO_VLSB)
        self.shows = 0
    def show(self):
        self.shows += 1
    def contrast(self, c):
        pass

class Buzzer:
    def __init__(self):
        self.tones = 0
    def tone(self, f, d):
        self.tones += 1
    def quiet(self):
        pass

class Board:
    def __init__(self):
        self.display = Display()
        self.buzzer = Buzzer()
        self.keymap = buttons.keymap_from(("UP", "DOWN", "OK", "BACK"),
            {"UP": ["up"], "DOWN": ["down"], "OK": ["ok"], "BACK": ["back"]})
        self.profile = {"name": "alloc", "buzzer": {"resonance_hz": 2700}}
        self.name = "alloc"
        self.wires = 0
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
    def log(self, text):
        pass

hw = Board()
app = App(hw, "alloc")
app.boot(0)

def run(ms):
    end = hw.now + ms
    while hw.now < end:
        app.step()

def measure(ms):
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    shows = hw.display.shows
    tones = hw.buzzer.tones
    run(ms)
    d = gc.mem_alloc() - a
    gc.enable()
    return d, hw.display.shows - shows, hw.buzzer.tones - tones

run(3000)
print("idle", *measure(5000))

rs = catalog.read("rulesets/timer.json")
scr = TimerScreen(app, rs, 0, hw.now, "rulesets/timer.json")
app._apply((3, scr), hw.now)
hw.raw = 4  # hold OK: arm
run(3500)
hw.raw = 0
run(600)
assert scr.prop.phase == timer.RUNNING, scr.prop.phase
print("running", *measure(8000))
"""
