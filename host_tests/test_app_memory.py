"""Memory: the deployed (.mpy) app idles, opens every menu and runs the timer within a fixed
heap budget on the sim board, and the heap after a session is back where it started."""

import re
import subprocess
import tempfile
from pathlib import Path

import pytest

from tools.bench import app as bench_app
from tools.sim import process as simproc

# The budget the app must fit, with a margin over what the scenario needs; an RP2040 running
# MicroPython has about 190 KB of heap for the app, part of it for a game's own code. The
# scenario's need no longer depends on where the flash folder is (bench_app.BOOT: the app starts
# with sys.path[0] "" as on a board; before, every module's name carried the folder's absolute
# path, and a longer $TMPDIR needed more: pico-ssd1306 194 KB from /tmp, 200 KB from a
# 94-character folder, which failed the budget of 194 that was its need). Scanned in 2 KB steps
# from flash folders of 19, 34 and 82 characters, the same on all three: pico-ssd1306 runs from
# 190 KB up, thumby from 184 (the mono boards without gaps), so 194 leaves 4 KB (10 for thumby).
MONO_K = 194
# The colour board's palette frame is 16 KB where a mono one is 1 KB, and its need has gaps:
# whether a 1.3 KB import (the settings screen) finds a gap among what earlier screens left
# behind depends on the layout; the packed boot (main.py's gc.threshold until the menu) is
# where they come from, and it stays (on the Pico it keeps the menu's largest free block at
# ~156 KB instead of ~102 KB). The same three scans ran at 206, 214-218, 222, 226-228 and from
# 240 up (to 280), and failed at every other heap from 200 to 238: 252 leaves 12 KB over the
# first heap above which all ran.
COLOUR_K = 252


@pytest.mark.parametrize(
    "board,budget", [("pico-ssd1306", MONO_K), ("thumby", MONO_K), ("pico-display-pack", COLOUR_K)]
)
def test_menus_and_a_running_timer_fit_the_heap_budget(board, budget):
    with tempfile.TemporaryDirectory(prefix="fusebox-mem-") as d:
        assert bench_app.run_heap(budget, Path(d) / "flash", board)


def test_a_heap_far_too_small_is_detected():
    # The check can fail: with 48 KB the app cannot even boot.
    with tempfile.TemporaryDirectory(prefix="fusebox-mem-") as d:
        assert not bench_app.run_heap(48, Path(d) / "flash")


def test_a_second_session_keeps_no_more_heap_than_the_first(tmp_path):
    """About's free-RAM figure after one whole scenario and after a second one (back at the
    menu each time, every screen's module dropped again) differs by little: nothing piles up.
    (The first visit to each game's list keeps that game's interned names for good, which is
    why the first reading is taken after a full session, not at boot.)"""
    flash = tmp_path / "flash"
    prof = simproc.sim_profile("pico-ssd1306")
    simproc.populate_flash(flash, prof)
    bench_app.compile_flash(flash)
    names = bench_app.physical_names(prof)
    # From the top of the menu, About is the last entry: UP wraps to it; snap, then leave.
    up = ["press UP", "wait 60", "release UP", "wait 60"]
    script = up + ["press OK", "wait 60"]
    script += ["release OK", "wait 300", "snap ram", "press BACK", "wait 60", "release BACK"]
    down = ["press DOWN", "wait 60", "release DOWN", "wait 60"]
    script += down + ["wait 140"]  # back to the top
    body = bench_app.scenario(names)
    lines = ["wait 3000"] + body + ["wait 3000"] + script + body + ["wait 3000"] + script
    lines += ["sync end", "quit"]
    r = subprocess.run(
        # A roomy heap: this is about growth, not the budget (tested above at its edge).
        [bench_app.MPY, "-X", "heapsize=256k", *bench_app.BOOT],
        cwd=str(flash),
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "synced end" in r.stdout, r.stdout[-3000:] + r.stderr
    assert "Traceback" not in r.stdout
    from host_tests.support.frametext import find_text

    frames = [
        simproc.parse_frame(line.split(" ")[2:])
        for line in r.stdout.split("\n")
        if line.startswith("snap ram ")
    ]
    assert len(frames) == 2
    values = []
    for f in frames:
        # "RAM free" then the value right-aligned on the same row: read the digits back.
        pos = find_text(f, "RAM free")
        assert pos is not None
        row = pos[1]
        digits = ""
        for ch_x in range(0, f.width - 8, 8):
            for ch in "0123456789k":
                if _cell_is(f, ch_x, row, ch):
                    digits += ch
                    break
        m = re.search(r"(\d+)k", digits)
        assert m, digits
        values.append(int(m.group(1)))
    before, after = values
    assert before > 20
    assert abs(before - after) <= 6, "free RAM after one session %dk, after two %dk" % (
        before,
        after,
    )


def _cell_is(frame, x, y, ch):
    from host_tests.support.frametext import font

    rows = font()[ch]
    for r in range(8):
        for c in range(8):
            if (rows[r][c] == "1") != bool(frame.pixel(x + c, y + r)):
                return False
    return True
