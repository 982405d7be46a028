"""core.ticks: the same answers as MicroPython's ticks_diff/ticks_add, in small-int range."""

from hypothesis import given, settings
from hypothesis import strategies as st

from core import ticks

PERIOD = 1 << 30
tick = st.integers(0, PERIOD - 1)
delta = st.integers(-(PERIOD // 2), PERIOD // 2 - 1)


def reference_diff(a, b):
    # MicroPython's C formula, on unbounded ints.
    return ((a - b + PERIOD // 2) & (PERIOD - 1)) - PERIOD // 2


class Small(int):
    """An int that fails as soon as any arithmetic on it leaves the RP2040's small-int range."""

    def _wrap(self, v):
        assert -(1 << 30) <= v < (1 << 30), "left the small-int range: " + str(v)
        return Small(v)

    def __add__(self, o):
        return self._wrap(int(self) + int(o))

    def __radd__(self, o):
        return self._wrap(int(o) + int(self))

    def __sub__(self, o):
        return self._wrap(int(self) - int(o))

    def __rsub__(self, o):
        return self._wrap(int(o) - int(self))

    def __and__(self, o):
        return self._wrap(int(self) & int(o))

    def __rand__(self, o):
        return self._wrap(int(o) & int(self))


def test_constants():
    assert ticks.PERIOD == PERIOD
    assert ticks.MASK == PERIOD - 1
    assert ticks.HALF == PERIOD // 2


@settings(max_examples=300, deadline=None)
@given(tick, tick)
def test_diff_matches_micropython(a, b):
    assert ticks.diff(a, b) == reference_diff(a, b)
    assert -(PERIOD // 2) <= ticks.diff(a, b) < PERIOD // 2


@settings(max_examples=300, deadline=None)
@given(tick, delta)
def test_add_matches_micropython(t, d):
    got = ticks.add(t, d)
    assert got == (t + d) % PERIOD
    assert ticks.diff(got, t) == d


@settings(max_examples=300, deadline=None)
@given(tick, tick, delta)
def test_tick_maths_never_leaves_small_int_range(a, b, d):
    assert ticks.diff(Small(a), Small(b)) == reference_diff(a, b)
    assert ticks.add(Small(a), Small(d)) == (a + d) % PERIOD


def test_the_small_int_probe_does_catch_an_overflow():
    # The C formula adds half a period first: with these ticks it overflows, and Small says so.
    try:
        Small(PERIOD - 1) - 0 + PERIOD // 2
    except AssertionError:
        return
    raise AssertionError("Small let a 2**30 intermediate through")


def test_wrap_edges():
    assert ticks.add(ticks.MASK, 1) == 0
    assert ticks.add(0, -1) == ticks.MASK
    assert ticks.diff(0, ticks.MASK) == 1
    assert ticks.diff(ticks.MASK, 0) == -1
    assert ticks.add(ticks.MASK, ticks.HALF - 1) == ticks.HALF - 2
    assert ticks.diff(ticks.HALF, 0) == -ticks.HALF
