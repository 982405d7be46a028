"""The web simulator's board: tools/hal_sim.py's hardware interface, in a browser tab.

Host-only, like hal_sim: it runs on MicroPython WebAssembly inside the page (tools/web/page/
fusebox.js), never on a board. The build puts it at the flash root as webboard.mpy next to the
unmodified firmware. A browser tab cannot block, so the page drives the loop instead of
app.run(): JavaScript calls step(buttons, wires, now) once per pass of the loop, and the board's
sleep_ms(ms) only records how long the firmware wants to sleep; step returns it and the page
calls again that much later. What the board shows and sounds goes out through the JS module
`fusebox_js` the page registers: frame(address, length) with the framebuf's bytes (read straight
from wasm memory), tone(freq_hz, duty_u16), contrast(level), log(text).

The firmware never sees a difference: the same App, screens, saves (the tab's in-memory FS,
which the page mirrors to localStorage after each step) and ruleset catalog as on a board.
"""

import sys

import framebuf
import fusebox_js  # type: ignore[import-not-found]  # the page's JS side
import uctypes

from core.ticks import MASK, add, diff
from firmware import buttons as _buttons

_MAX_ERROR_STREAK = 5  # as firmware/app.py's run(): a menu that keeps failing stops the board


class WebDisplay(framebuf.FrameBuffer):
    """The display: MONO_VLSB like SSD1306 RAM, or GS4_HMSB palette indices (colour panels),
    exactly as hal_sim's SimDisplay, so the page draws the same pixels the sim's PNGs have."""

    def __init__(self, width, height, colour):
        self.width = width
        self.height = height
        self.colour = colour
        if colour:
            self.buffer = bytearray((width + 1) // 2 * height)
            mode = framebuf.GS4_HMSB
        else:
            self.buffer = bytearray(width * ((height + 7) // 8))
            mode = framebuf.MONO_VLSB
        # MicroPython's GC never moves an object: the page reads the pixels at this address.
        self._addr = uctypes.addressof(self.buffer)
        self.level = 255
        super().__init__(self.buffer, width, height, mode)

    def show(self):
        fusebox_js.frame(self._addr, len(self.buffer))

    def contrast(self, level):
        self.level = level
        fusebox_js.contrast(level)

    def power(self, on):
        fusebox_js.contrast(self.level if on else 0)


class WebBuzzer:
    """The low-level buzzer: the page plays a square wave at freq_hz, its loudness from the
    PWM duty (50 % the loudest, as on a piezo)."""

    def __init__(self):
        self.freq = 0
        self.duty = 0

    def tone(self, freq_hz, duty_u16):
        if freq_hz <= 0 or duty_u16 <= 0:
            self.quiet()
            return
        if freq_hz != self.freq or duty_u16 != self.duty:
            self.freq = freq_hz
            self.duty = duty_u16
            fusebox_js.tone(freq_hz, duty_u16)

    def quiet(self):
        if self.duty:
            self.freq = 0
            self.duty = 0
            fusebox_js.tone(0, 0)


class WebBoard:
    """Same attributes as hardware.Hardware and hal_sim.SimBoard; see firmware/hardware.py.

    Buttons, wires and the clock are what the page last handed to step(): the time stands
    still during one pass of the loop, as on the sim's virtual clock."""

    def __init__(self, profile, seed, now):
        disp = profile["display"]
        self.profile = profile
        self.name = profile["name"]
        self.button_names = tuple(b["name"] for b in profile["buttons"])
        self.keymap = _buttons.keymap_from(self.button_names, profile["keymap"])
        self.wires = len(profile.get("wires", ()))
        self.display = WebDisplay(disp["width"], disp["height"], disp["colour"])
        self.buzzer = WebBuzzer()
        self._seed = seed & MASK
        self._now = now & MASK
        self._raw = 0
        self._cut = 0
        self.wait = 0

    def read_buttons(self):
        return self._raw

    def read_wires(self):
        return self._cut if self.wires else None

    def battery(self):
        return None  # the page is always on mains

    def led(self, r, g, b):
        pass

    def ticks_ms(self):
        return self._now

    def ticks_diff(self, a, b):
        return diff(a, b)

    def ticks_add(self, t, delta):
        return add(t, delta)

    def seed(self):
        return self._seed

    def log(self, text):
        fusebox_js.log(text)

    def wait_ms(self, ms):
        """The loop's wait (firmware/hardware.py's wait_ms ends early at a button change): here
        the same as sleep_ms, where input lands the way it always did."""
        self.sleep_ms(ms)

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
