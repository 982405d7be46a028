"""The firmware on the CircuitPython layer under CPython, in this process: firmware/circuitpy/
with Blinka's displayio and the stand-ins of tools/sim/circuitpython, on a virtual clock.

    run = CpyApp(profile_dict, flash_dir)   # flash_dir holds rulesets/ (the drive's layout)
    run.wait(500); run.tap("down"); img = run.snap()   # a PIL image of the display
Logical names (up, down, ok, back, left, right) press the first physical button mapped to them;
an encoder direction is a detent of the knob.
"""

import json
import os
import shutil
import sys

from tools.runtimes import ROOT as TOOLS_ROOT
from tools.sim import circuitpython as cpy_board

ROOT = str(TOOLS_ROOT)
_STEP_MS = 10


def flash(dest):
    """A CIRCUITPY-like folder with the shipped rulesets (the app reads rulesets/ and data/)."""
    os.makedirs(dest, exist_ok=True)
    rs = os.path.join(dest, "rulesets")
    if not os.path.isdir(rs):
        shutil.copytree(os.path.join(ROOT, "firmware", "rulesets"), rs)
    return dest


class CpyApp:
    def __init__(self, profile, flash_dir, t0=0):
        sys.path.insert(0, os.path.join(ROOT, "tools", "sim", "cpython"))  # `micropython`
        if isinstance(profile, str):
            with open(profile) as f:
                profile = json.load(f)
        self.pins = cpy_board.install(builtin_display=profile["display"].get("builtin", False))
        self.pins.now = t0
        os.chdir(flash(flash_dir))
        from firmware.circuitpy.setup import setup

        self.nvm = bytearray(b"\xff" * 4096)
        self.hw = setup(profile, self.nvm)
        self.hw.sleep_ms = self._sleep
        from firmware import app

        self.app = app.App(self.hw, self.hw.name)
        self.log = []
        self.hw.log = self.log.append
        self.app.log = self.log.append
        self.app.boot(self.hw.ticks_ms())
        self.profile = self.hw.profile

    def _sleep(self, ms):
        self.pins.now += max(ms, 1)

    def wait(self, ms):
        end = self.pins.now + ms
        while self.pins.now < end:
            self.app.step()

    def _physical(self, logical):
        from firmware import buttons

        want = buttons.id_of(logical)
        for i, (short, _long) in enumerate(self.hw.keymap):
            if short == want:
                return i
        raise KeyError(logical)

    def press(self, logical, down=True):
        i = self._physical(logical)
        name = self.hw.button_names[i]
        enc = self.profile.get("encoder") or {}
        if name in (enc.get("cw"), enc.get("ccw")):
            if down:
                self.pins.turn(1 if name == enc["cw"] else -1)
            return
        self.pins.pressed(self.profile["buttons"][i]["pin"], down)

    def tap(self, logical, hold=60, gap=60):
        self.press(logical, True)
        self.wait(hold)
        self.press(logical, False)
        self.wait(gap)

    def screen(self):
        top = self.app.stack.top()
        return type(top).__name__, top.title

    def snap(self):
        from PIL import Image

        rgb = cpy_board.frame_rgb(self.hw.display)
        img = Image.new("RGB", (len(rgb[0]), len(rgb)))
        img.putdata([c for row in rgb for c in row])
        return img
