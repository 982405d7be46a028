"""The app's steady-state loop allocates nothing, on MicroPython, at every display size:
idling on the menu, and a countdown running with beeps, redraws and the buzzer."""

import subprocess

import pytest

from host_tests.support.alloc_board import SCRIPT
from host_tests.support.unixport import micropython


def run_case(w, h, colour, tmp_path):
    flash = tmp_path / "flash"
    from tools.sim import process as simproc

    simproc.populate_flash(flash, simproc.sim_profile("pico-ssd1306"))
    script = SCRIPT % {"w": w, "h": h, "colour": colour}
    (flash / "alloc.py").write_text(script)
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
        if parts and parts[0] in ("idle", "running"):
            out[parts[0]] = tuple(int(x) for x in parts[1:])
    return out


@pytest.mark.parametrize("w,h,colour", [(72, 40, False), (128, 64, False), (240, 135, True)])
def test_idle_and_a_running_countdown_allocate_nothing(w, h, colour, tmp_path):
    res = run_case(w, h, colour, tmp_path)
    alloc, shows, _tones = res["idle"]
    assert alloc == 0
    assert shows == 0  # nothing changes on an idle menu: nothing is drawn
    alloc, shows, tones = res["running"]
    # Eight seconds of countdown: a redraw and a beep every second, and not one byte allocated.
    assert shows >= 8
    assert tones >= 8
    assert alloc == 0
