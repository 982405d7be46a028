"""The figures a user checks on a real board (`python -m tools figures`): reset -> menu, the heap
at the menu, press -> frame; recorded by the firmware itself only while /figures.on exists.

The emulated Pico does not model the RP2040's XIP flash cache, so code run from flash (ROMFS) may
be slower on a board than measured there: these are the board's own ticks_ms stamps, printed on
the USB console as `figures ...` lines. Recording allocates (it is off on a normal boot: the app
does not even import this module then).
"""

import gc
import time

FLAG = (
    "figures.on"  # on the flash's root (firmware/app.py looks): tools/board/figures.py writes it
)


def largest_block():
    """The largest bytearray the heap can give now (a binary search of allocations)."""
    gc.collect()
    lo, hi = 0, gc.mem_free()
    while hi - lo > 16:
        mid = (lo + hi) // 2
        try:
            bytearray(mid)  # freed at once: only whether it fits counts
            lo = mid
        except MemoryError:
            hi = mid
    gc.collect()
    return lo


class Recorder:
    """Wraps the buttons' poll: the first press edge since the last frame is the press that
    frame answers; shown() prints the board ms between the two."""

    def __init__(self, poll):
        self._poll = poll
        self._raw = 0
        self._edge = -1
        self._drawn = False  # the menu's first frame is printed once, and its heap once
        self.menu = False

    def poll(self, t, raw):
        if raw & ~self._raw and self._edge < 0:
            self._edge = t
        self._raw = raw
        self._poll(t, raw)

    def shown(self, depth):
        now = time.ticks_ms()
        if not self._drawn and depth == 1:
            self._drawn = True
            print("figures menu_ms %d" % now)  # ticks_ms counts from the reset
        if self._edge >= 0:
            print("figures press %d" % time.ticks_diff(now, self._edge))
            self._edge = -1

    def idle(self, depth):
        if depth != 1 or self.menu:
            return
        self.menu = True
        gc.collect()
        free = gc.mem_free()
        print("figures heap %d %d" % (free, largest_block()))
