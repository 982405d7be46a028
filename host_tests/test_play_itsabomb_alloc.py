"""It's a Bomb!'s turn screen allocates nothing in its steady state, on MicroPython, at every
display size: waiting on the grid, and a real-time round with its clock redrawn every second
and the countdown's beeps."""

import json
import subprocess

import pytest

from host_tests.support.alloc_board import SCRIPT
from host_tests.support.unixport import micropython

# The stand-in board, the loop runner and measure() of the app's allocation test, then a game.
GAME = (
    SCRIPT.split("run(3000)")[0]
    + r"""
from firmware.play import session as sessions
from firmware.play.hub import Hub

def start(path, players):
    rs = catalog.read(path)
    s = sessions.Session.start(path, rs, ["P%%d" %% (i + 1) for i in range(players)], 5)
    app._apply((3, Hub(app, s)), hw.now)
    run(1000)
    print("top", type(app.stack.top()).__name__)
    return s

def settle():
    # A line longer than its room scrolls once after a new screen (the Thumby's 9 columns):
    # the screen is still once that is over.
    for _ in range(900):
        if app.txt.live < 0:
            break
        run(100)

start("rulesets/itsabomb.json", 8)
print("scrolling", *measure(2000))
settle()
print("waiting", *measure(5000))
s = start("rulesets/itsabomb-quiet.json", 3)
run(9000)  # every digit has been drawn once: the big font's first use of a glyph costs once
print("quiet", *measure(8000))
print("left", s.game.clock_ms(hw.now))
s = start("rulesets/itsabomb-realtime.json", 3)
print("round", *measure(8000))
"""
)


def run_case(w, h, colour, tmp_path):
    from tools.sim import process as simproc

    flash = tmp_path / "flash"
    simproc.populate_flash(flash, simproc.sim_profile("pico-ssd1306"))
    (flash / "alloc.py").write_text(GAME % {"w": w, "h": h, "colour": colour})
    # The real-time scenario without beeps or checkpoints: only the clock's redraws remain.
    rs = json.loads((flash / "rulesets" / "itsabomb-realtime.json").read_text())
    rs["realtime"]["beeps"] = rs["realtime"]["checkpoints"] = []
    (flash / "rulesets" / "itsabomb-quiet.json").write_text(json.dumps(rs))
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
        if parts and parts[0] in ("top", "scrolling", "waiting", "quiet", "round", "left"):
            out.setdefault(parts[0], []).append(parts[1:])
    return out


@pytest.mark.parametrize("w,h,colour", [(72, 40, False), (128, 64, False), (240, 135, True)])
def test_the_turn_screen_allocates_nothing_waiting_or_counting(w, h, colour, tmp_path):
    res = run_case(w, h, colour, tmp_path)
    assert res["top"] == [["TurnScreen"]] * 3
    alloc, shows, _tones = (int(x) for x in res["scrolling"][0])
    assert alloc == 0  # a marquee, where a line is longer than the display, allocates nothing
    alloc, shows, _tones = (int(x) for x in res["waiting"][0])
    assert alloc == 0 and shows == 0  # nothing changes: nothing is drawn
    alloc, shows, tones = (int(x) for x in res["quiet"][0])
    # Eight seconds of a 20 s round: the clock redrawn every second, and no allocation.
    assert shows >= 8 and alloc == 0
    assert 1000 <= int(res["left"][0][0]) <= 4000
    alloc, shows, tones = (int(x) for x in res["round"][0])
    # With beeps: one a second. The core's tick() returns a new event list for each beep
    # (core/itsabomb/clock.py), a small allocation per beep that the screen does not add to.
    assert shows >= 8 and tones >= 8
    assert alloc <= 80 * tones
