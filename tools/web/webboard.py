"""The web simulator's board: tools/sim/hal_sim.py's hardware interface, in a browser tab.

Host-only, like hal_sim: it runs on MicroPython WebAssembly inside the page (tools/web/page/
fusebox.js), never on a board. The build puts it at the flash root as webboard.mpy, beside
hal_sim.mpy (whose board bookkeeping, display and buzzer it builds on) and the unmodified
firmware. A browser tab cannot block, so the page drives the loop instead of
app.run(): JavaScript calls step(buttons, wires, now) once per pass of the loop, and the board's
sleep_ms(ms) only records how long the firmware wants to sleep; step returns it and the page
calls again that much later. What the board shows and sounds goes out through the JS module
`fusebox_js` the page registers: frame(address, length) with the framebuf's bytes (read straight
from wasm memory), tone(freq_hz, duty_u16), contrast(level), log(text).

The firmware never sees a difference: the same App, screens, saves (the tab's in-memory FS,
which the page mirrors to localStorage after each step) and ruleset catalog as on a board.
"""

import sys

import fusebox_js  # type: ignore[import-not-found]  # the page's JS side
import uctypes
from hal_sim import HostBoard, SimBuzzer, SimDisplay

from core.ticks import MASK

_MAX_ERROR_STREAK = 5  # as firmware/app.py's run(): a menu that keeps failing stops the board


class WebDisplay(SimDisplay):
    """The sim's display (MONO_VLSB like SSD1306 RAM, or GS4_HMSB palette indices), so the page
    draws the pixels the sim's PNGs have; show() hands the page the buffer's address."""

    def __init__(self, width, height, colour):
        super().__init__(width, height, colour)
        # MicroPython's GC never moves an object: the page reads the pixels at this address.
        self._addr = uctypes.addressof(self.buffer)

    def show(self):
        fusebox_js.frame(self._addr, len(self.buffer))

    def contrast(self, level):
        self.level = level
        fusebox_js.contrast(level)

    def power(self, on):
        fusebox_js.contrast(self.level if on else 0)


class WebBuzzer(SimBuzzer):
    """The sim's buzzer, its changes played by the page: a square wave at freq_hz, its loudness
    from the PWM duty (50 % the loudest, as on a piezo)."""

    def sound(self, freq_hz, duty_u16):
        fusebox_js.tone(freq_hz, duty_u16)


class WebBoard(HostBoard):
    """The host board with the page's display, buzzer and clock (see firmware/hardware.py).

    Buttons, wires and the clock are what the page last handed to step(): the time stands
    still during one pass of the loop, as on the sim's virtual clock. The page is always on
    mains (no battery)."""

    def __init__(self, profile, seed, now):
        disp = profile["display"]
        display = WebDisplay(disp["width"], disp["height"], disp["colour"])
        super().__init__(profile, display, WebBuzzer(self))
        self._seed = seed & MASK
        self._now = now & MASK
        self._raw = 0
        self._cut = 0
        self.wait = 0

    def read_buttons(self):
        return self._raw

    def read_wires(self):
        return self._cut if self.wires else None

    def ticks_ms(self):
        return self._now

    def seed(self):
        return self._seed

    def log(self, text):
        fusebox_js.log(text)

    def sleep_ms(self, ms):
        self.wait = ms if ms > 0 else 1


_hw = None
_app = None
_streak = [0]


def boot(seed, now):
    """Power on: build the board from /flash/board.json and boot the app as main.py would;
    returns the ms to wait before the first step."""
    global _hw, _app
    from firmware import hardware

    # load_profile validates the profile exactly as a board's boot does; its driver is "sim",
    # which hardware.build would hand to hal_sim, so the web board is made here instead.
    profile = hardware.load_profile("board.json")
    _hw = WebBoard(profile, seed, now)
    from firmware import app

    _app = app.App(_hw, _hw.name)
    _app.boot(now & MASK)
    return 1


def step(raw, wires, now):
    """One pass of the loop with these buttons (bit i: profile button i held), wires (bit i:
    wire i cut) and time; returns the ms the firmware asked to sleep, or -1 once it stopped."""
    hw = _hw
    hw._raw = raw
    hw._cut = wires
    hw._now = now & MASK
    hw.wait = 0
    try:
        _app.step()
        _streak[0] = 0
    except Exception as e:  # noqa: BLE001 (as app.run: log it, go back to the menu)
        _streak[0] += 1
        if _streak[0] > _MAX_ERROR_STREAK:
            sys.print_exception(e)
            hw.log("stopped: the menu keeps failing")
            return -1
        _app.recover(e)
    return hw.wait
