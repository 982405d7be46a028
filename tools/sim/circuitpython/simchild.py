"""The sim board for a CircuitPython profile (boards/macropad.json, pico-ssd1306-circuitpython):
the firmware on the CircuitPython layer (firmware/circuitpy/, the real one, as code.py starts it)
under CPython with Blinka's displayio and the stand-ins of tools/sim/circuitpython, speaking
tools/sim/hal_sim.py's line protocol on stdin/stdout, so tools/simproc.SimProc and `python -m tools
sim` drive it unchanged.

Run with the flash folder as the working directory (board.json, rulesets/, data/). What differs
from hal_sim: a frame is the panel model's RAM (SH1106 or SSD1306: what displayio's compositor
sent over the display bus), read out as MONO_VLSB; keys reach the app through keypad's event
queue and the encoder's UP/DOWN as detents of rotaryio (a press is one detent, its release
nothing); saves go to microcontroller.nvm, kept in the flash folder as nvm.bin between runs. One
more output line: `pixels HEX`, the NeoPixels' colours (r, g, b each) whenever they change.
"""

import json
import os
import select
import sys
import time

ROOT = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
)
sys.path.insert(0, ROOT)
sys.path.insert(1, os.path.join(ROOT, "tools", "sim", "cpython"))  # `micropython`

from tools.sim import circuitpython as cpy_board  # noqa: E402

_NVM = "nvm.bin"


def _out(*parts):
    print(*parts, flush=True)


class Child:
    def __init__(self):
        with open("board.json") as f:
            builtin = json.load(f)["display"].get("builtin", False)
        self.pins = cpy_board.install(builtin_display=builtin)
        self.realtime = os.getenv("FUSEBOX_REALTIME") == "1"
        self.pins.now = int(os.getenv("FUSEBOX_T0") or 0)
        self._t0 = time.monotonic()
        self.nvm = bytearray(b"\xff" * 4096)
        if os.path.exists(_NVM):
            with open(_NVM, "rb") as f:
                self.nvm[:] = f.read()[: len(self.nvm)]
        self._saved = bytes(self.nvm)
        from firmware.circuitpy.setup import setup

        hw = self.hw = setup("board.json", self.nvm)
        self.enc = hw.profile.get("encoder") or {}
        self.budget = 0
        self.ready = False
        self.last = b""
        hw.sleep_ms = self.sleep_ms
        hw.log = lambda text: _out("log", text)
        seed = os.getenv("FUSEBOX_SEED")
        if seed:
            hw.seed = lambda: int(seed) & 0x3FFFFFFF
        show = hw.display.show

        def shown():
            show()
            frame = self.frame()
            if frame != self.last:
                self.last = frame
                self.send("frame", frame)

        hw.display.show = shown
        tone, quiet = hw.buzzer.tone, hw.buzzer.quiet
        self.sound = (0, 0)

        def tone_(freq, duty):
            tone(freq, duty)
            if freq > 0 and duty > 0 and (freq, duty) != self.sound:
                self.sound = (freq, duty)
                _out("tone", hw.ticks_ms(), freq, duty)
            elif (freq <= 0 or duty <= 0) and self.sound[1]:
                quiet_()

        def quiet_():
            quiet()
            if self.sound[1]:
                self.sound = (0, 0)
                _out("quiet", hw.ticks_ms())

        hw.buzzer.tone, hw.buzzer.quiet = tone_, quiet_
        strip = self.pins.pixels
        if strip is not None:  # `pixels HEX` (r, g, b per NeoPixel) on each show(), if changed
            shown_px = strip.show
            self.px = b""

            def show_px():
                shown_px()
                now = bytes(c for rgb in strip._px for c in rgb)
                if now != self.px:
                    self.px = now
                    _out("pixels", now.hex())

            strip.show = show_px

    def frame(self):
        return cpy_board.panel_model(self.hw.display).frame()

    def send(self, head, frame):
        _out(head, "128 64 mono_vlsb", frame.hex())

    def keep_nvm(self):
        if bytes(self.nvm) != self._saved:
            self._saved = bytes(self.nvm)
            with open(_NVM + ".tmp", "wb") as f:
                f.write(self._saved)
            os.replace(_NVM + ".tmp", _NVM)

    def sleep_ms(self, ms):
        if not self.ready:
            self.ready = True
            _out("ready")
        if self.realtime:
            end = time.monotonic() + max(ms, 0) / 1000
            while True:
                left = end - time.monotonic()
                if left <= 0 or not select.select([sys.stdin], [], [], left)[0]:
                    break
                self.command(sys.stdin.readline())
            self.pins.now = int((time.monotonic() - self._t0) * 1000)
            return
        while self.budget <= 0:
            if self.command(sys.stdin.readline()):
                return
        step = min(max(ms, 1), self.budget)
        self.budget -= step
        self.pins.now += step

    def command(self, line):
        """One protocol line (tools/sim/hal_sim.py); True when the app may read something new."""
        if not line:
            line = "quit"
        words = line.split()
        if not words or words[0].startswith("#"):
            return False
        cmd, arg = words[0], (words[1] if len(words) > 1 else "")
        names = self.hw.button_names
        if cmd == "quit":
            self.keep_nvm()
            _out("bye")
            sys.exit(0)
        elif cmd in ("press", "release") and arg in names:
            if arg in (self.enc.get("cw"), self.enc.get("ccw")):
                if cmd == "press":  # one detent; the layer plays it out as a tap
                    self.pins.turn(1 if arg == self.enc["cw"] else -1)
            else:
                pin = self.hw.profile["buttons"][names.index(arg)]["pin"]
                self.pins.pressed(pin, cmd == "press")
            return True
        elif cmd == "wait" and arg.isdigit():
            if not self.realtime:
                self.budget += int(arg)
        elif cmd == "snap" and arg:
            self.send("snap " + arg, self.frame())
        elif cmd == "sync":
            self.keep_nvm()
            _out("synced", arg)
        else:
            _out("log sim: bad command:", line.strip())
        return False


def main():
    child = Child()
    from firmware import app

    app.run(child.hw, child.hw.name)


if __name__ == "__main__":
    main()
