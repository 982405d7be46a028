"""Wrap-safe millisecond tick arithmetic on a 2**30 period, as MicroPython's ticks_ms uses.

The board's `time.ticks_ms()` counts up to 2**30 - 1 and wraps to 0 (about every 12.4 days), so
two tick values can only be compared through their difference modulo the period. These helpers
give the same results as `time.ticks_diff` / `time.ticks_add` on the RP2040, but every
intermediate value stays inside the signed 31-bit small-int range (-2**30 .. 2**30 - 1), so on
the board they never touch the heap. (The unix port has a 2**62 period, so host code and the
simulator must feed core ticks that are already masked to 30 bits, as the board does.)
"""

from core import const

# The largest tick value, and the mask that folds any int onto the tick circle.
MASK = const(0x3FFFFFFF)
# Half the period: the largest distance diff() can report (the sign tells the direction).
HALF = const(0x20000000)
# The period itself is 2**30, one past the small-int range: it is here for host code and tests
# only; nothing below computes with it.
PERIOD = MASK + 1


def diff(a, b):
    """Signed ticks from b to a (a - b), in -2**29 .. 2**29 - 1: time.ticks_diff(a, b)."""
    # a - b fits a small int for a, b in 0..MASK; adding HALF first (as the C code does) would not.
    d = (a - b) & MASK
    if d >= HALF:
        # d - PERIOD, written so that no intermediate leaves the small-int range.
        d = d - MASK - 1
    return d


def add(t, delta):
    """The tick value `delta` ms after t (before it if negative): time.ticks_add(t, delta).

    delta must lie in -2**29 .. 2**29 - 1, like MicroPython's (which raises OverflowError).
    """
    t &= MASK
    if delta < 0:
        # t + delta >= -HALF: a small int; & folds it back onto the circle.
        return (t + delta) & MASK
    # t + delta may exceed MASK; r = t + delta - MASK is always a small int.
    r = t - (MASK - delta)
    if r > 0:
        return r - 1
    return t + delta
