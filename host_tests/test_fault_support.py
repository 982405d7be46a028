"""Fault suite helpers: .mpy flash folders, raw sim runs, the games that have screens.

Every fault test runs the firmware as deployed (.mpy code, so boots are quick and the heap is the
board's) straight through the sim's line protocol: a list of input lines in, the output lines
back. A run can be cut at any moment (SIGKILL), which is what a power cut does to the board.
"""

import json
import shutil
import subprocess
from pathlib import Path

from core import games
from host_tests.runtimes import MICROPYTHON, ROOT, compiled
from tools import simproc

HEAP = "192k"  # what a Pico has free after boot (the vboard's default too)
GAME_HEAP = "320k"  # every game, mashed in one session: 256k runs out in Undercover (see report)
MENU = "ListScreen Fusebox"  # the main menu's `screen` log line ends with this
# A game's row in the main menu: the registry's games come first, in its order.
GROUP_ROWS = {g.id: i for i, g in enumerate(g for g in games.GAMES if not g.prop)}


def games_with_screens():
    """The registry's games (not props) whose screens exist now: the suite grows with the tree."""
    skin = ROOT / "firmware" / "games"
    return [g.id for g in games.GAMES if not g.prop and (skin / g.id / "skin.py").exists()]


def make_flash(flash, board="pico-ssd1306", keep_data=False):
    """A flash folder as deploy leaves it: .mpy firmware and core, rulesets, board.json, data/."""
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
    shutil.copy(ROOT / "firmware" / "main.py", flash / "main.py")
    prof = simproc.sim_profile(board)
    (flash / "board.json").write_text(json.dumps(prof))
    data.mkdir()
    for name, raw in (saved or {}).items():
        (data / name).write_bytes(raw)
    return flash


def popen(flash, seed=1, heap=HEAP):
    """The firmware on the sim board, reading protocol lines from a pipe."""
    env = {"FUSEBOX_SEED": str(seed), "PATH": "/usr/bin:/bin"}
    return subprocess.Popen(
        [str(MICROPYTHON), "-X", "heapsize=" + heap, "main.py"],
        cwd=str(flash),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )


def run(flash, lines, seed=1, heap=HEAP, timeout=120):
    """Feed lines (then quit) to a fresh boot; return its output lines."""
    proc = popen(flash, seed, heap)
    out, _ = proc.communicate("\n".join(list(lines) + ["quit"]) + "\n", timeout=timeout)
    return out.split("\n")


def logs(out):
    return [line[4:] for line in out if line.startswith("log ")]


def screens(out):
    """`screen DEPTH NAME TITLE` logs as (depth, name, title)."""
    got = []
    for text in logs(out):
        if text.startswith("screen "):
            w = text.split(" ", 3)
            got.append((int(w[1]), w[2], w[3] if len(w) > 3 else ""))
    return got


def errors(out):
    """Signs of a crash: the app's `error:` logs, tracebacks, MemoryError anywhere."""
    bad = [t for t in logs(out) if t.startswith("error")]
    bad += [line for line in out if "Traceback" in line or "MemoryError" in line]
    return bad


def echoed(out):
    """The game's public echo (`ev ...` actions and `seen N` looks), in order."""
    return [t for t in logs(out) if t.startswith("ev ") or t.startswith("seen ")]


def tap(name, ms=80, gap=40):
    return ["press " + name, "wait %d" % ms, "release " + name, "wait %d" % gap]
