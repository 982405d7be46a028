"""`make bench` section "respond": from a button press to a finished frame, and the bytes each
frame sends to the display, on the real firmware and drivers over counting buses."""

import json
import subprocess
import tempfile
from pathlib import Path

from tools.runtimes import MICROPYTHON, ROOT, compiled

RULESETS = ROOT / "firmware" / "rulesets"

# -- responsiveness ------------------------------------------------------------------------------

# Runs on the unix port: the real Hardware (display driver included) on a machine module whose
# buses only count bytes, the real App, real time. A button is pressed through its Pin; the time
# runs from the loop step that turns the debounced press into an event to the end of show().
_FRAME = """import json, time, sys
class Pin:
    IN, OUT, PULL_UP = 0, 1, 2
    def __init__(self, id, mode=None, pull=None, value=None):
        self.v = 1 if pull == 2 else value or 0
    def init(self, mode=None, value=None): pass
    def value(self, v=None): return self.v
    __call__ = value
class Bus:
    n = 0
    def __init__(self, *a, **k): pass
    def scan(self): return [0x3C, 0x3D]
    def write(self, buf): Bus.n += len(buf)
    def writeto(self, addr, buf, stop=True): Bus.n += len(buf)
    def writevto(self, addr, parts): Bus.n += sum(len(p) for p in parts)
class Dev:
    def __init__(self, pin): pass
    def freq(self, f=None): pass
    def duty_u16(self, d=None): pass
    def read_u16(self): return 40000
class machine: Pin, I2C, SPI, PWM, ADC = Pin, Bus, Bus, Dev, Dev
from firmware import hardware
from firmware.app import App
prof = json.load(open(sys.argv[1]))
hw = hardware.build(prof, machine)
app = App(hw, prof["name"])
app.boot(hw.ticks_ms())
app.step()
pins = hw._buttons
idx = {b["name"]: i for i, b in enumerate(prof["buttons"])}
km = prof["keymap"]
keys = [k for want in ("down", "up", "ok", "back") for k in km if km[k] == [want]]
seq = [keys[0], keys[0], keys[1], keys[2], keys[0], keys[3], keys[1]] * 6
show = hw.display.show
stamp = [0, 0]
def timed_show():
    show()
    stamp[0] = time.ticks_us()
    stamp[1] += 1
hw.display.show = timed_show
for name in seq:
    pins[idx[name]].v = 0
    for _ in range(40):
        n, b = stamp[1], Bus.n
        t0 = time.ticks_us()
        app.step()
        if stamp[1] != n:
            print("FRAME", time.ticks_diff(stamp[0], t0), Bus.n - b)
            break
    pins[idx[name]].v = 1
    for _ in range(6):
        app.step()
"""


def responsiveness(row):
    """Rows (via row(section, what, figure, how)) for each display board."""
    build = compiled("core")
    compiled("firmware")
    for board in ("thumby", "pico-ssd1306", "pico-sh1106", "pico-display-pack"):
        prof = json.loads((ROOT / "boards" / (board + ".json")).read_text())
        disp = prof["display"]
        with tempfile.TemporaryDirectory(prefix="fusebox-bench-") as d:
            (Path(d) / "data").mkdir()
            (Path(d) / "rulesets").symlink_to(RULESETS)
            (Path(d) / "board.json").write_text(json.dumps(prof))
            res = subprocess.run(
                [str(MICROPYTHON), "-X", "heapsize=192k", "-c", _FRAME, "board.json"],
                capture_output=True,
                text=True,
                cwd=d,
                env={"MICROPYPATH": str(build), "PATH": "/usr/bin:/bin"},
                timeout=300,
            )
        got = [line.split()[1:] for line in res.stdout.splitlines() if line.startswith("FRAME")]
        label = "%dx%d %s" % (disp["width"], disp["height"], board)
        if not got:
            row("respond", label, "failed", (res.stderr.strip().splitlines() or ["?"])[-1][:60])
            continue
        us = sorted(int(a) for a, _ in got)
        sent = sorted(int(b) for _, b in got)
        figure = "median %.1f ms, worst %.1f ms" % (us[len(us) // 2] / 1000, us[-1] / 1000)
        row("respond", label, figure, "%d frames from menu presses, unix port" % len(us))
        row(
            "respond",
            label + " bytes/frame",
            "%d bytes" % sent[len(sent) // 2],
            "bus bytes per show()",
        )
