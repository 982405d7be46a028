"""The countdown loop of support/countdown_loop.py on CPython and MicroPython: same bytes, no
allocation in poll(), every beep mark sounding once."""

from host_tests.support import countdown_loop
from host_tests.support.countdown_loop import scenario
from tools.runtimes import run_micropython as run
from tools.runtimes import same_on_both

LOOP = countdown_loop.__file__


def run_micropython(mode, mpy=True):
    out = run(LOOP, mode, heap="64k", mpy=mpy)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


def test_transcript_is_byte_identical_on_micropython():
    # core/ as the board runs it (.mpy), then as plain source with MICROPYPATH=<repo>.
    text = same_on_both(LOOP, "transcript", heap="64k")
    assert run_micropython("transcript", mpy=False) == text
    parts = []
    scenario(parts.append)
    assert text == "".join(parts)
    assert text.count("boom ") == 2 and "cp " in text and "resume " in text


def test_poll_allocates_nothing_on_micropython():
    assert run_micropython("alloc") == "alloc 0\n"
    assert run_micropython("alloc", mpy=False) == "alloc 0\n"
    # The same loop with one snapshot per step does show up, so the zero above is real.
    control = run_micropython("control").split()
    assert control[0] == "alloc" and int(control[1]) > 50 * 100


def test_every_beep_mark_of_the_hour_sounds_once():
    lines = []
    scenario(lines.append)
    text = "".join(lines)
    # Counted by hand from SCHEDULE: 61..600 s left at 1 s (540), 10.5..60 s at 0.5 s (100),
    # 0.25..10 s at 0.25 s (40); both time changes happen before 10:00 left. The short run
    # beeps at 19.5 s and 19 s, then its penalty (at 18,989 ms left with seed 7) kills it.
    assert text.count("beep ") == 540 + 100 + 40 + 2
    fired = [x.split()[-1] for x in lines if x.startswith("cp ")]
    assert fired == ["300000", "60000", "30000", "10000"]
