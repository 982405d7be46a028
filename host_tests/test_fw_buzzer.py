"""Buzzer patterns: a non-blocking queue on a recording buzzer, volume, mute, the loud preset."""

import os
import subprocess
from pathlib import Path

import pytest

from core.ticks import MASK, add
from firmware import buzzer as Z
from host_tests.support.unixport import micropython

ROOT = Path(__file__).resolve().parents[1]


class Recorder:
    """The low-level buzzer interface, logging (t, freq, duty); quiet is (t, 0, 0)."""

    def __init__(self):
        self.t = 0
        self.log = []

    def tone(self, freq_hz, duty_u16):
        self.log.append((self.t, freq_hz, duty_u16))

    def quiet(self):
        if not self.log or self.log[-1][1]:
            self.log.append((self.t, 0, 0))


def run(sound, rec, until_ms, step=1, t0=0):
    t = t0
    for _ in range(until_ms // step):
        rec.t = t
        sound.service(t)
        t = add(t, step)


def test_a_pattern_plays_its_steps_on_time():
    rec = Recorder()
    s = Z.Sound(rec, resonance_hz=2700, volume=2)
    s.play("arm")
    assert s.busy() and rec.log == []  # play() only queues
    run(s, rec, 1000)
    d = Z.VOLUMES[2]
    assert rec.log == [
        (0, 1500, d),
        (90, 0, 0),
        (130, 2000, d),
        (220, 0, 0),
        (260, 2700, d),  # R: the board's resonance
        (510, 0, 0),
    ]
    assert not s.busy()


def test_queued_patterns_follow_without_a_gap():
    rec = Recorder()
    s = Z.Sound(rec)
    s.play("tick")
    s.play("tock")
    run(s, rec, 100)
    assert [(t, f) for t, f, _ in rec.log] == [(0, 3000), (15, 2200), (30, 0)]


def test_a_slow_loop_does_not_stretch_tones():
    rec = Recorder()
    s = Z.Sound(rec)
    s.play("defused")
    run(s, rec, 2000, step=7)
    starts = [t for t, f, _ in rec.log if f]
    assert starts == [0, 112, 224, 336]  # 110 ms steps, each seen at the next 7 ms poll
    assert rec.log[-1][1] == 0


def test_a_stall_skips_steps_instead_of_bunching_them():
    rec = Recorder()
    s = Z.Sound(rec)
    s.play("siren")
    rec.t = 0
    s.service(0)
    rec.t = 1000
    s.service(1000)  # 4.5 steps of 220 ms went by: step 4 (2000 Hz, 880..1100) plays
    rec.t = 5000
    s.service(5000)
    assert rec.log == [(0, 2000, Z.VOLUMES[2]), (1000, 2000, Z.VOLUMES[2]), (5000, 0, 0)]


def test_volume_zero_keeps_time_but_makes_no_sound():
    rec = Recorder()
    s = Z.Sound(rec, volume=0)
    s.play("confirm")
    run(s, rec, 50)
    assert s.busy()
    run(s, rec, 200, t0=50)
    assert not s.busy()
    assert all(f == 0 for _, f, _ in rec.log)


def test_mute_silences_and_ignores_play():
    rec = Recorder()
    s = Z.Sound(rec)
    s.play("boom")
    run(s, rec, 10)
    s.mute(True)
    assert rec.log[-1][1:] == (0, 0) and not s.busy()
    s.play("siren")
    assert not s.busy()
    s.mute(False)
    s.play("click")
    assert s.busy()


def test_urgent_cuts_what_is_playing():
    rec = Recorder()
    s = Z.Sound(rec)
    s.play("siren")
    s.play("siren")
    run(s, rec, 100)
    s.play("strike", urgent=True)
    run(s, rec, 100, t0=100)
    assert [f for _, f, _ in rec.log if f] == [2000, 900]


def test_loud_preset_moves_every_tone_next_to_resonance():
    for res in (2700, 4000):
        rec = Recorder()
        s = Z.Sound(rec, resonance_hz=res)
        s.set_volume(Z.LOUD)
        for name in Z.NAMES:
            s.play(name)
            run(s, rec, 4000)
        tones = [(f, d) for _, f, d in rec.log if f]
        assert tones and all(d == 32768 for _, d in tones)
        assert all(res * 3 // 4 <= f < res * 3 // 2 for f, _ in tones), res


def test_set_volume_clamps():
    s = Z.Sound(Recorder())
    s.set_volume(9)
    assert s.level == Z.LOUD
    s.set_volume(-1)
    assert s.level == 0


@pytest.mark.parametrize("name", Z.NAMES)
def test_every_named_pattern_ends_and_is_well_formed(name):
    pat = Z.PATTERNS[Z.NAMES.index(name)]
    assert len(pat) % 2 == 0 and all(ms > 0 for ms in pat[1::2])
    total = sum(pat[1::2])
    assert total <= 3000  # nothing blocks the table's attention for long
    rec = Recorder()
    s = Z.Sound(rec)
    s.play(name)
    run(s, rec, total + 2)
    assert not s.busy() and rec.log[-1][1] == 0


def test_unknown_name_is_an_error():
    with pytest.raises(ValueError):
        Z.Sound(Recorder()).play("fanfare")


def test_ticks_wrap_mid_pattern():
    rec = Recorder()
    s = Z.Sound(rec)
    s.play("defused")
    run(s, rec, 1000, t0=MASK - 200)
    assert [f for _, f, _ in rec.log] == [1047, 1319, 1568, 2093, 0]


def test_service_allocates_nothing_on_micropython():
    script = """
import micropython
from firmware import buzzer as Z
class Quiet:
    def __init__(self):
        self.n = 0
    def tone(self, f, d):
        self.n += 1
    def quiet(self):
        pass
bz = Quiet()
s = Z.Sound(bz, 2700, Z.LOUD)
def main():
    t = 0
    micropython.heap_lock()
    for name in Z.NAMES:
        s.play(name)
        while s.busy():
            s.service(t)
            t += 3
    micropython.heap_unlock()
    return t
print(main(), bz.n)
"""
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    res = subprocess.run(
        [micropython(), "-X", "heapsize=64k", "-c", script],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    t, tones = map(int, res.stdout.split())
    assert t >= sum(sum(p[1::2]) for p in Z.PATTERNS)
    assert tones == sum(1 for p in Z.PATTERNS for f in p[0::2] if f)
