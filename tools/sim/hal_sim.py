"""Simulated board for the MicroPython unix port: a real framebuf display, buttons, wires and
buzzer driven by a line protocol on stdin/stdout, with a virtual clock.

Host-only: it runs on the sim's MicroPython (or CPython with tools/sim/cpython), never on a
board, so it lives in tools/. The sim's flash gets it at its root as hal_sim.py (sim/process.py's
populate_flash, sim/flash.py's make_flash, and deploy to a board whose profile names the "sim"
driver), and firmware/hardware.py imports it only when board.json names driver "sim". The web
page's board (tools/web/webboard.py) is built from its parts: HostBoard, the display, the buzzer.

Input lines (one command each; blank lines and '#' comments are ignored):
  press NAME | release NAME   physical button of the profile (buttons[i].name -> bit i)
  wait MS                     let MS ms of virtual time pass while the app loop runs
  wire N cut | wire N join    physical wire N (0-based, bit N of read_wires())
  snap LABEL                  emit the current frame now
  sync TOKEN                  answer `synced TOKEN` (lets the host know all before it is done)
  battery PCT | battery none  set what battery() returns
  quit                        print `bye` and exit (end of input does the same)
Output lines:
  ready                       once, when the loop first waits for input
  frame W H FMT HEX           on show() when the buffer changed (FMT mono_vlsb or gs4_hmsb)
  snap LABEL W H FMT HEX      answer to snap
  tone T_MS FREQ DUTY | quiet T_MS    buzzer changes, stamped with virtual time
  log TEXT                    from hw.log(); `log sim: ...` for protocol mistakes
  synced TOKEN | bye
Virtual clock: sleep_ms() spends the wait budget; with none left it blocks on the next input
line, so a script gives the same output every run. FUSEBOX_REALTIME=1 uses the real clock and
polls stdin without blocking (interactive sim). FUSEBOX_T0 sets the virtual start time (test
wrap-around), FUSEBOX_SEED fixes seed().

In real time, button and wire changes are queued and land one at a time: the next one only
once the app has seen the last (a button change read by the loop for the buttons' debounce time,
a wire change read once). A press and its release sent together, or twenty presses typed
faster than the loop runs, therefore each reach the app as a press it debounces, whatever the
machine's load; the hold lasts until the release line comes.
"""

import binascii
import os
import sys
import time

import framebuf

from core.ticks import MASK, add, diff
from firmware import buttons as _buttons

# What a queued change waits for in real time (see the module docstring).
_SEEN = 0  # nothing: the next change may land
_BUTTON = 1  # a button change, until the loop has read it for the debounce time
_WIRE = 2  # a wire change, until the loop has read the wires once


def _env(name, default=None):
    v = os.getenv(name)
    return default if v is None or v == "" else v


def _out(*parts):
    print(*parts)


class SimDisplay(framebuf.FrameBuffer):
    """128x64 mono (MONO_VLSB, like SSD1306 RAM) or colour (GS4_HMSB palette indices). The web
    board's display is this one with its own show(): the page draws the sim's pixels."""

    def __init__(self, width, height, colour):
        self.width = width
        self.height = height
        self.colour = colour
        if colour:
            self.fmt = "gs4_hmsb"
            self.buffer = bytearray((width + 1) // 2 * height)
            mode = framebuf.GS4_HMSB
        else:
            self.fmt = "mono_vlsb"
            self.buffer = bytearray(width * ((height + 7) // 8))
            mode = framebuf.MONO_VLSB
        # CRC-32 of the last frame sent, so an unchanged frame is not sent again. Not a copy
        # of the frame: a second 16 KB colour buffer would make the sim's heap figures a board's
        # plus 16 KB. (A 32-bit CRC is a small int on the unix port, which is 64-bit.)
        self._crc = -1
        self.level = 255
        super().__init__(self.buffer, width, height, mode)

    def header(self):
        return "%d %d %s" % (self.width, self.height, self.fmt)

    def send(self, head):
        """Write `head W H FMT HEX` in small hex pieces: a 16 KB colour frame must not need
        a 32 KB string on a heap sized like the board's."""
        w = sys.stdout.write
        w(head + " " + self.header() + " ")
        mv = memoryview(self.buffer)
        for i in range(0, len(self.buffer), 256):
            w(binascii.hexlify(mv[i : i + 256]).decode())
        w("\n")

    def show(self):
        crc = binascii.crc32(self.buffer)
        if crc == self._crc:
            return
        self._crc = crc
        self.send("frame")

    def contrast(self, level):
        self.level = level

    def power(self, on):
        pass


class SimBuzzer:
    """The low-level buzzer: only its changes go out (sound()), stamped with the board's clock."""

    def __init__(self, board):
        self._board = board
        self.freq = 0
        self.duty = 0

    def tone(self, freq_hz, duty_u16):
        if freq_hz <= 0 or duty_u16 <= 0:
            self.quiet()
            return
        if freq_hz != self.freq or duty_u16 != self.duty:
            self.freq = freq_hz
            self.duty = duty_u16
            self.sound(freq_hz, duty_u16)

    def quiet(self):
        if self.duty:
            self.freq = 0
            self.duty = 0
            self.sound(0, 0)

    def sound(self, freq_hz, duty_u16):
        """What the host does with a change (0, 0: silence); the web board's plays it."""
        if duty_u16:
            _out("tone", self._board.ticks_ms(), freq_hz, duty_u16)
        else:
            _out("quiet", self._board.ticks_ms())


class HostBoard:
    """What every host board keeps the same way (this sim board and the web page's,
    tools/web/webboard.py): the profile's buttons, keymap and wires, the display and buzzer it
    is given, the clock helpers; the same attributes as hardware.Hardware (firmware/hardware.py
    says what they mean)."""

    def __init__(self, profile, display, buzzer):
        self.profile = profile
        self.name = profile["name"]
        self.button_names = tuple(b["name"] for b in profile["buttons"])
        self.keymap = _buttons.keymap_from(self.button_names, profile["keymap"])
        self.wires = len(profile.get("wires", ()))
        self.display = display
        self.buzzer = buzzer
        self._battery = None

    def battery(self):
        return self._battery

    def led(self, r, g, b):
        pass

    def ticks_diff(self, a, b):
        return diff(a, b)

    def ticks_add(self, t, delta):
        return add(t, delta)

    def wait_ms(self, ms):
        """The loop's wait (firmware/hardware.py's wait_ms ends early at a button change): on a
        host board the same as sleep_ms, where input lands the way it always did."""
        self.sleep_ms(ms)

    def sleep_ms(self, ms):
        raise NotImplementedError  # each host board waits its own way


class SimBoard(HostBoard):
    """The sim board: input lines in, frames, tones and logs out (the module docstring)."""

    def __init__(self, profile):
        disp = profile["display"]
        display = SimDisplay(disp["width"], disp["height"], disp["colour"])
        super().__init__(profile, display, SimBuzzer(self))
        self.realtime = _env("FUSEBOX_REALTIME") == "1"
        self._now = int(_env("FUSEBOX_T0", "0")) & MASK
        self._budget = 0
        self._raw = 0
        self._cut = 0
        self._ready = False
        self._poll = None
        # Real time only: changes waiting to land, what the last one waits for, and when it
        # landed (the clock value the app read just before that read_buttons()).
        self._queue = []
        self._waits = _SEEN
        self._seen_at = 0
        self._tick = 0
        self._debounce = _buttons.Buttons(()).debounce_ms  # what the app's Buttons use
        if self.realtime:
            import select

            self._poll = select.poll()
            self._poll.register(sys.stdin, select.POLLIN)

    # -- the Hardware interface -------------------------------------------------------------
    def read_buttons(self):
        # Queued changes land here, at the loop's read, not in sleep_ms: the app polls its
        # Buttons with the clock it read just before this call, so a change counts from the
        # read that returns it, and is debounced by a read debounce_ms later (which still
        # returns it; the next change lands at the read after).
        if self._waits == _BUTTON:
            if diff(self._tick, self._seen_at) >= self._debounce:
                self._waits = _SEEN
        else:
            while self._waits == _SEEN and self._queue:
                self._land(self._queue.pop(0))
        return self._raw

    def read_wires(self):
        if self._waits == _WIRE:
            self._waits = _SEEN
        return self._cut if self.wires else None

    def ticks_ms(self):
        if self.realtime:
            self._tick = time.ticks_ms() & MASK
            return self._tick
        return self._now

    def seed(self):
        s = _env("FUSEBOX_SEED")
        if s is not None:
            return int(s) & MASK
        b = os.urandom(4)
        return (b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24) & MASK

    def log(self, text):
        _out("log", text)

    def sleep_ms(self, ms):
        if self.realtime:
            self._ready_once()
            self._sleep_real(ms)
            return
        while self._budget <= 0:
            self._ready_once()
            if self._command(sys.stdin.readline()):
                return  # a press/release/wire lands now: the loop polls it with no time passed
        step = ms if ms < self._budget else self._budget
        if step <= 0:
            step = 1  # a zero sleep still lets virtual time move, so no loop can spin forever
        self._budget -= step
        self._now = add(self._now, step)

    def _sleep_real(self, ms):
        """Wait at most ms of real time for input, queueing what comes; return as soon as the
        loop's next read would land a queued change or debounce the last one."""
        end = add(time.ticks_ms() & MASK, ms if ms > 0 else 0)
        while True:
            left = diff(end, time.ticks_ms() & MASK)
            if self._queue:
                if self._waits != _BUTTON:
                    return  # the next change lands at the loop's next read
                due = diff(add(self._seen_at, self._debounce), time.ticks_ms() & MASK)
                if due < left:
                    left = due  # wake for the read that debounces the last change
            if left <= 0:
                return
            if self._poll.poll(left):
                self._command(sys.stdin.readline())

    def _change(self, kind, bit, on):
        """A press/release (kind _BUTTON) or cut/join (_WIRE): at once on the virtual clock,
        queued in real time. True: the app may read something new."""
        if self.realtime:
            self._queue.append((kind, bit, on))
        else:
            self._set(kind, bit, on)
        return True

    def _land(self, change):
        kind, bit, on = change
        if self._set(kind, bit, on):
            self._waits = kind
            self._seen_at = self._tick

    def _set(self, kind, bit, on):
        """Apply one change; True when it changed what the app reads."""
        if kind == _BUTTON:
            old = self._raw
            self._raw = old | bit if on else old & ~bit
            return self._raw != old
        old = self._cut
        self._cut = old | bit if on else old & ~bit
        return self._cut != old

    # -- the protocol ------------------------------------------------------------------------
    def _ready_once(self):
        if not self._ready:
            self._ready = True
            _out("ready")

    def _command(self, line):
        """Carry out one input line; True when it changed what the app can read."""
        if not line:  # end of input: nobody is left to drive the board
            self._command("quit")
        words = line.split()
        if not words or words[0].startswith("#"):
            return
        cmd = words[0]
        arg = words[1] if len(words) > 1 else ""
        if cmd == "quit":
            _out("bye")
            sys.exit(0)
        elif cmd in ("press", "release") and arg in self.button_names:
            return self._change(_BUTTON, 1 << self.button_names.index(arg), cmd == "press")
        elif cmd == "wait" and arg.isdigit():
            if not self.realtime:
                self._budget += int(arg)
        elif cmd == "wire" and arg.isdigit() and int(arg) < self.wires and len(words) == 3:
            if words[2] == "cut" or words[2] == "join":
                return self._change(_WIRE, 1 << int(arg), words[2] == "cut")
            _out("log sim: wire N cut|join, got", line.strip())
        elif cmd == "snap" and arg:
            self.display.send("snap " + arg)
        elif cmd == "sync":
            _out("synced", arg)
        elif cmd == "battery" and (arg.isdigit() or arg == "none"):
            self._battery = None if arg == "none" else int(arg)
            return True
        else:
            _out("log sim: bad command:", line.strip())
        return False
