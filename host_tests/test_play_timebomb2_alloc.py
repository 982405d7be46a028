"""TimeBomb II's screens allocate nothing while they stand or animate, on MicroPython, at every
display size: the placement list and its confirmation redrawn, the storm check's build-up
running (ticks and progress) and its result redrawn."""

import subprocess
from pathlib import Path

import pytest

from host_tests.support.alloc_board import SCRIPT as APP_SCRIPT
from host_tests.support.unixport import micropython

ROOT = Path(__file__).resolve().parents[1]

# The stand-in board and app of support/alloc_board.py, up to its measurements, then TimeBomb II.
_BOARD = APP_SCRIPT[: APP_SCRIPT.index("run(3000)")]
SCRIPT = (
    _BOARD
    + r"""
from firmware.play.session import Session
from firmware.games.timebomb2 import skin
from firmware.games.timebomb2.place import PlaceScreen
from firmware.games.timebomb2.check import CheckReveal

def redraws(scr, n):
    # draw() on its own, n times: what a redraw costs once the screen is built
    fb = hw.display
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    for _ in range(n):
        scr.draw(fb, hw.now)
    d = gc.mem_alloc() - a
    gc.enable()
    return d

rs = catalog.read("rulesets/timebomb2.json")
s = Session.start("rulesets/timebomb2.json", rs, ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"], 7, 0)
for seat in range(6):
    s.seen(seat)
for turn in range(3):
    s.act(("place", "swat", 6))
s.card = (3, "swat")
scr = PlaceScreen(app, s, skin)
app._apply((3, scr), hw.now)
run(500)
print("list", redraws(scr, 20), *measure(2000))
hw.raw = 2  # DOWN: the cursor moves (a press may allocate), then the list stands again
run(100)
hw.raw = 0
run(500)
assert scr.cursor == 1
print("moved", redraws(scr, 20), *measure(2000))
for _ in range(5):
    hw.raw = 2
    run(100)
    hw.raw = 0
    run(100)
hw.raw = 4  # OK: the confirmation with the building's picture
run(100)
hw.raw = 0
run(500)
assert scr.phase == 1 and scr.places[scr.cursor] == 6, (scr.phase, scr.cursor)
print("sure", redraws(scr, 20), *measure(2000))
s.card = None
events = s.act(("place", "swat", 6))
rev = CheckReveal(app, s, skin, events, hw.now)
app._apply((4, rev), hw.now)
run(100)
print("buildup", redraws(rev, 20), *measure(1000))
run(1000)
assert rev.done
print("result", redraws(rev, 20), *measure(2000))
"""
)


def run_case(w, h, colour, tmp_path):
    from tools.sim import process as simproc

    flash = tmp_path / "flash"
    simproc.populate_flash(flash, simproc.sim_profile("pico-ssd1306"))
    (flash / "alloc.py").write_text(SCRIPT % {"w": w, "h": h, "colour": colour})
    r = subprocess.run(
        [micropython(), "-X", "heapsize=512k", "alloc.py"],
        cwd=flash,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    out = {}
    for line in r.stdout.split("\n"):
        parts = line.split()
        if parts and parts[0] in ("list", "moved", "sure", "buildup", "result"):
            out[parts[0]] = tuple(int(x) for x in parts[1:])
    return out


@pytest.mark.parametrize("w,h,colour", [(72, 40, False), (128, 64, False), (240, 135, True)])
def test_placement_and_check_screens_allocate_nothing_while_shown(w, h, colour, tmp_path):
    res = run_case(w, h, colour, tmp_path)
    assert sorted(res) == ["buildup", "list", "moved", "result", "sure"]
    for phase in ("list", "moved", "sure", "result"):
        drawn, alloc, _shows, _tones = res[phase]
        assert (phase, drawn, alloc) == (phase, 0, 0)
    drawn, alloc, shows, tones = res["buildup"]
    # A second of the build-up: progress redrawn and ticks played, not one byte allocated.
    assert drawn == 0 and alloc == 0
    assert shows >= 5 and tones >= 2
