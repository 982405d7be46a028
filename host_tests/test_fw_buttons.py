"""Buttons: debounce, press/release/long/repeat, the 2-/3-button keymaps; scripted input."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.ticks import MASK, add
from firmware import buttons as B
from host_tests.support.unixport import micropython

ROOT = Path(__file__).resolve().parents[1]

DIRECT4 = B.keymap_from(
    ["UP", "DOWN", "OK", "BACK"], {"UP": ["up"], "DOWN": ["down"], "OK": ["ok"], "BACK": ["back"]}
)
# The minimal builds' keymaps (physical names A, B, C), as a board profile writes them.
KEYMAP_2 = {"A": ["down", "up"], "B": ["ok", "back"]}
KEYMAP_3 = {"A": ["up"], "B": ["down"], "C": ["ok", "back"]}
TWO = B.keymap_from(["A", "B"], KEYMAP_2)
THREE = B.keymap_from(["A", "B", "C"], KEYMAP_3)


def drain(b):
    out = []
    ev = b.get()
    while ev >= 0:
        out.append((B.NAMES[B.button_of(ev)], B.KIND_NAMES[B.kind_of(ev)]))
        ev = b.get()
    return out


def run(keymap, script, step=5, t0=0, leading=False):
    """script: [(ms, raw)] held for ms each; poll every `step` ms; returns [(t, name, kind)]."""
    b = B.Buttons(keymap, leading=leading)
    t = t0
    out = []
    for ms, raw in script:
        for _ in range(ms // step):
            b.poll(t, raw)
            out.extend((t - t0 if t >= t0 else t + MASK + 1 - t0, n, k) for n, k in drain(b))
            t = add(t, step)
    return out


def test_keymap_from_profile_names():
    assert DIRECT4 == ((B.UP, -1), (B.DOWN, -1), (B.OK, -1), (B.BACK, -1))
    assert TWO == ((B.DOWN, B.UP), (B.OK, B.BACK))
    assert B.keymap_from(["X"], {}) == ((-1, -1),)


def test_digit_keys_have_their_own_ids_after_the_six_and_pack_as_the_others():
    km = B.keymap_from(["OK", "K4", "K12"], {"OK": ["ok"], "K4": ["1"], "K12": ["9"]})
    assert km == ((B.OK, -1), (B.DIGIT, -1), (B.DIGIT + 8, -1))
    assert [B.digit_of(b) for b in (B.UP, B.BACK, -1, B.DIGIT, B.DIGIT + 8)] == [0, 0, 0, 1, 9]
    b = B.Buttons(km, debounce_ms=0)
    b.poll(0, 0b100)  # the "9" key
    ev = b.get()
    assert B.button_of(ev) == B.DIGIT + 8 and B.kind_of(ev) == B.PRESS
    assert ev < 256  # still fits the byte ring
    assert b.is_down(B.DIGIT + 8) and not b.is_down(B.DIGIT)
    b.poll(5, 0)
    assert B.kind_of(b.get()) == B.RELEASE and not b.is_down(B.DIGIT + 8)


def test_a_board_without_digit_keys_keeps_six_logical_slots_and_reads_digits_as_up():
    # The MicroPython boards' cost: the per-logical tables stay as they were.
    b = B.Buttons(DIRECT4)
    assert len(b._down) == 6 and len(b._down_at) == 6
    assert not b.is_down(B.DIGIT) and b.held_ms(B.DIGIT + 8, 0) == -1


def test_the_macropad_fits_sixteen_physical_buttons_and_seventeen_do_not():
    B.Buttons(((B.OK, -1),) * 16)
    with pytest.raises(ValueError):
        B.Buttons(((B.OK, -1),) * 17)


def test_press_or_repeat_gives_the_button_of_a_press_or_a_repeat_and_minus_one_otherwise():
    for b in range(6):
        assert B.press_or_repeat(b << 4 | B.PRESS) == b
        assert B.press_or_repeat(b << 4 | B.REPEAT) == b
        assert B.press_or_repeat(b << 4 | B.RELEASE) == -1
        assert B.press_or_repeat(b << 4 | B.LONG) == -1


def test_a_clean_press_and_release():
    ev = run(DIRECT4, [(50, 0), (100, 0b100), (100, 0)])
    assert ev == [(70, "ok", "press"), (170, "ok", "release")]


def test_contact_bounce_gives_one_press():
    bounce = [(5, 1), (5, 0), (5, 1), (5, 0), (5, 1)]
    ev = run(DIRECT4, [(20, 0)] + bounce + [(200, 1), (5, 0), (5, 1), (100, 0)])
    assert [k for _, _, k in ev] == ["press", "release"]


def test_a_glitch_shorter_than_debounce_is_ignored():
    ev = run(DIRECT4, [(20, 0), (15, 0b10), (100, 0)])
    assert ev == []


def test_leading_edge_a_press_lands_at_the_first_poll_that_sees_it():
    ev = run(DIRECT4, [(50, 0), (100, 0b100), (100, 0)], leading=True)
    assert ev == [(50, "ok", "press"), (150, "ok", "release")]


def test_leading_edge_contact_bounce_gives_one_press_and_one_release():
    bounce = [(5, 1), (5, 0), (5, 1), (5, 0), (5, 1)]
    ev = run(DIRECT4, [(20, 0)] + bounce + [(200, 1), (5, 0), (5, 1), (100, 0)], leading=True)
    assert ev == [(20, "up", "press"), (245, "up", "release")]


def test_leading_edge_a_tap_of_one_poll_is_seen_and_released_after_the_lockout():
    ev = run(DIRECT4, [(20, 0), (5, 0b10), (100, 0)], leading=True)
    assert ev == [(20, "down", "press"), (40, "down", "release")]


def test_leading_edge_long_press_repeats_and_a_dual_button_short_press():
    ev = run(DIRECT4, [(20, 0), (1100, 1), (50, 0)], leading=True)
    assert ev[0] == (20, "up", "press")
    assert ev[1] == (620, "up", "long")  # long_ms after the press
    assert [t for t, _, k in ev if k == "repeat"] == [770, 920, 1070]
    assert ev[-1] == (1120, "up", "release")
    ev = run(TWO, [(20, 0), (30, 0b01), (100, 0)], leading=True)
    assert ev == [(50, "down", "press"), (50, "down", "release")]


def test_long_press_then_repeats_then_release():
    ev = run(DIRECT4, [(20, 0), (1100, 1), (50, 0)])
    assert ev[0] == (40, "up", "press")  # stable for debounce_ms
    assert ev[1] == (620, "up", "long")  # long_ms after the press began
    repeats = [t for t, _, k in ev if k == "repeat"]
    assert repeats == [770, 920, 1070]
    assert ev[-1] == (1140, "up", "release")


def test_a_late_poll_fires_one_repeat_not_a_burst():
    b = B.Buttons(DIRECT4)
    b.poll(0, 1)
    b.poll(20, 1)
    b.poll(700, 1)
    assert drain(b) == [("up", "press"), ("up", "long")]
    b.poll(5000, 1)  # the loop stalled for seconds
    assert drain(b) == [("up", "repeat")]
    b.poll(5100, 1)
    assert drain(b) == []
    b.poll(5150, 1)
    assert drain(b) == [("up", "repeat")]


def test_is_down_and_held_ms():
    b = B.Buttons(DIRECT4)
    b.poll(0, 0b100)
    assert not b.is_down(B.OK) and b.held_ms(B.OK, 0) == -1
    b.poll(20, 0b100)
    assert b.is_down(B.OK) and b.held_ms(B.OK, 2020) == 2020
    b.poll(2100, 0)
    b.poll(2120, 0)
    assert not b.is_down(B.OK)


def test_two_buttons_short_presses():
    ev = run(TWO, [(20, 0), (100, 0b01), (50, 0), (100, 0b10), (50, 0)])
    # A short is down (next), B short is ok; both land on release, as press then release
    assert [(n, k) for _, n, k in ev] == [
        ("down", "press"),
        ("down", "release"),
        ("ok", "press"),
        ("ok", "release"),
    ]
    assert ev[0][0] == ev[1][0] == 140


def test_two_buttons_long_presses():
    ev = run(TWO, [(20, 0), (900, 0b01), (50, 0), (700, 0b10), (50, 0)])
    names = [(n, k) for _, n, k in ev]
    # A held is up, repeating while held (scroll back); B held is back
    assert names == [
        ("up", "press"),
        ("up", "repeat"),
        ("up", "release"),
        ("back", "press"),
        ("back", "release"),
    ]
    assert ev[0][0] == 620
    b = B.Buttons(TWO)
    b.poll(0, 0b10)
    b.poll(20, 0b10)
    b.poll(600, 0b10)
    assert b.is_down(B.BACK) and not b.is_down(B.OK)


def test_three_buttons():
    ev = run(THREE, [(20, 0), (60, 0b001), (40, 0), (60, 0b010), (40, 0)])
    ev += run(THREE, [(20, 0), (60, 0b100), (40, 0), (700, 0b100), (40, 0)])
    names = [(n, k) for _, n, k in ev]
    assert names == [
        ("up", "press"),
        ("up", "release"),
        ("down", "press"),
        ("down", "release"),
        ("ok", "press"),
        ("ok", "release"),
        ("back", "press"),
        ("back", "release"),
    ]


def test_two_physical_buttons_on_one_logical():
    km = B.keymap_from(["A", "B"], {"A": ["ok"], "B": ["ok"]})
    b = B.Buttons(km)
    b.poll(0, 0b11)
    b.poll(20, 0b11)
    b.poll(40, 0b10)
    b.poll(60, 0b10)
    assert b.is_down(B.OK)  # B still holds it
    b.poll(80, 0)
    b.poll(100, 0)
    assert not b.is_down(B.OK)


def test_the_ring_keeps_the_oldest_events_when_full():
    b = B.Buttons(DIRECT4)
    t = 0
    for _ in range(20):  # 40 events, nobody draining
        for raw in (1, 0):
            b.poll(t, raw)
            b.poll(t + 20, raw)
            t += 40
    assert b.dropped == 8
    ev = drain(b)
    assert len(ev) == 32 and ev[:2] == [("up", "press"), ("up", "release")]
    assert b.get() == -1


def test_ticks_wrap_during_a_long_press():
    ev = run(DIRECT4, [(20, 0), (900, 1), (40, 0)], t0=MASK - 300)
    assert [(t, k) for t, _, k in ev][:2] == [(40, "press"), (620, "long")]
    assert ev[-1][2] == "release"


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 400), st.integers(0, 3)), min_size=1, max_size=40),
    st.sampled_from([DIRECT4[:2], TWO]),
    st.booleans(),
)
def test_random_input_keeps_press_release_paired(script, keymap, leading):
    ev = run(keymap, [(ms, raw) for ms, raw in script] + [(100, 0)], step=5, leading=leading)
    down = {}
    for _, name, kind in ev:
        if kind == "press":
            assert not down.get(name)
            down[name] = True
        elif kind == "release":
            assert down.get(name)
            down[name] = False
        else:
            assert down.get(name), (name, kind)  # long/repeat only while held
    assert not any(down.values())  # all released after 100 ms of no input


LOCKED = """
import sys
if sys.implementation.name == "micropython":
    import micropython
    lock, unlock = micropython.heap_lock, micropython.heap_unlock
else:  # CPython (where Blinka's `micropython` has no heap lock): the reference events
    lock = unlock = lambda: None
from firmware import buttons as B
keymap = B.keymap_from(["A", "B"], {"A": ["down", "up"], "B": ["ok", "back"]})
b = B.Buttons(keymap, leading=LEADING)
# (raw, polls of 50 ms): A held 3 s, B held 3 s, then a short A and a short B
script = ((0, 4), (1, 60), (0, 4), (2, 60), (0, 4), (1, 5), (0, 4), (2, 5), (0, 4))
log = bytearray(512)


def main():  # locals, not globals: a new global would grow the module dict under the lock
    n = 0
    t = 0x3FFFFFFF - 4000  # wraps mid-script
    lock()
    for i in range(len(script)):
        raw, polls = script[i]
        for k in range(polls):
            b.poll(t, raw)
            t = (t + 50) & 0x3FFFFFFF
            ev = b.get()
            while ev >= 0:
                log[n] = ev
                n += 1
                ev = b.get()
    unlock()
    return n


print(list(log[: main()]))
"""


@pytest.mark.parametrize("leading", [False, True])
def test_poll_and_get_allocate_nothing_and_match_cpython(leading):
    env = dict(os.environ, MICROPYPATH=str(ROOT), PYTHONPATH=str(ROOT))
    runs = []
    code = LOCKED.replace("LEADING", str(leading))
    for exe in (micropython(), sys.executable):
        res = subprocess.run(
            [str(exe), "-c", code], capture_output=True, text=True, env=env, timeout=60
        )
        assert res.returncode == 0, res.stdout + res.stderr
        runs.append(res.stdout)
    assert runs[0] == runs[1]
    events = [(B.NAMES[e >> 4], B.KIND_NAMES[e & 15]) for e in eval(runs[0])]
    assert events[0] == ("up", "press") and events[-1] == ("ok", "release")
    assert ("back", "press") in events and ("down", "press") in events
