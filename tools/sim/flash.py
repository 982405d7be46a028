"""A sim board's flash folder as deploy leaves it: .mpy firmware and core, the sim's HAL,
rulesets, board.json."""

import json
import shutil
from pathlib import Path

from tools.runtimes import ROOT, compiled, compiled_sim_hal
from tools.sim import process as simproc


def make_flash(flash, board="pico-ssd1306", keep_data=False):
    """A flash folder as deploy leaves it: .mpy firmware, core and hal_sim, rulesets, board.json,
    data/."""
    flash = Path(flash)
    build = compiled("core")
    compiled("firmware")
    data = flash / "data"
    saved = None
    if keep_data and data.exists():
        saved = {p.name: p.read_bytes() for p in data.iterdir()}
    if flash.exists():
        shutil.rmtree(flash)
    flash.mkdir(parents=True)
    for pkg in ("core", "firmware"):
        shutil.copytree(build / pkg, flash / pkg, ignore=shutil.ignore_patterns("*.tmp*"))
    shutil.copytree(ROOT / "firmware" / "rulesets", flash / "rulesets")
    shutil.copy(compiled_sim_hal(), flash / "hal_sim.mpy")  # the sim's HAL, host-only (tools/)
    shutil.copy(ROOT / "firmware" / "main.py", flash / "main.py")
    prof = simproc.sim_profile(board)
    (flash / "board.json").write_text(json.dumps(prof))
    data.mkdir()
    for name, raw in (saved or {}).items():
        (data / name).write_bytes(raw)
    return flash


def populate(flash, profile, main=None):
    """make_flash as SimProc's `populate`, for a SimProc that boots the .mpy build.

    It builds the default board's flash and empties data/, whatever the profile and main."""
    return make_flash(flash)
