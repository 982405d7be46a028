"""Benchmark the firmware app: the smallest heap it runs in, and frame draw time per display size.

    python -m tools.bench.app            # both, as tables
    python -m tools.bench.app --heap     # only the heap bisection
    python -m tools.bench.app --draw     # only the draw times

The heap run deploys .mpy code (as `deploy` does) into a temporary flash folder and drives the
real firmware on the sim board through a scenario (boot, every menu, the timer armed and running,
idle); a heap "works" when the scenario reaches its end with no MemoryError. Draw times are
measured on the MicroPython unix port with time.ticks_us around each screen's draw(), so they
compare sizes and screens; a 125 MHz RP2040 is many times slower than a PC.
"""

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from tools import runtimes
from tools.runtimes import MICROPYTHON, ROOT

MPY = str(MICROPYTHON)
# How the heap runs start the app: `-c "import main"`, with sys.path[0] "" as on a board.
# `micropython main.py` puts the flash folder's absolute path first on sys.path, so every
# module's __file__ (a name kept on the heap) carried the host's path: the same scenario needed
# 190 KB from a 19-character folder, 194 from an 82-character one.
BOOT = ("-c", "import main")
MPY_CROSS = str(runtimes.MPY_CROSS)


def _mpy_cross():
    """The compiler binary itself, as every tool finds it (tools.runtimes.MPY_CROSS)."""
    return MPY_CROSS


SIZES = (
    ("thumby", 72, 40, False),
    ("pico-ssd1306", 128, 64, False),
    ("pico-display-pack", 240, 135, True),
)


def compile_flash(flash):
    """Replace firmware/ and core/ sources in a flash folder by .mpy, as deploy does: each
    named by its path in the flash (-s firmware/app.py), not the host's, whose length would
    otherwise be in every module's name on the heap (a longer $TMPDIR needed more heap)."""
    exe = _mpy_cross()
    for pkg in ("firmware", "core"):
        for py in Path(flash, pkg).rglob("*.py"):
            name = py.relative_to(flash).as_posix()
            subprocess.run(
                [exe, "-o", str(py.with_suffix(".mpy")), "-s", name, str(py)], check=True
            )
            py.unlink()


def scenario(names=None):
    """Input lines for the default board (UP DOWN OK BACK): idle, open every list of the main
    menu (each game's rulesets, Settings with a seat name, About), then the Bomb timer: arm
    Classic 5:00, let it count and beep, pause it with a hold and leave."""
    lines = ["wait 10000"]

    def tap(name, ms=60):
        name = names.get(name, name) if names else name
        lines.extend(["press " + name, "wait %d" % ms, "release " + name, "wait 60"])

    for _ in range(4):  # the four game groups: open the ruleset list, scroll it, close it
        tap("OK")
        tap("DOWN")
        tap("DOWN")
        tap("BACK")
        tap("DOWN")
    tap("DOWN")  # skip the Bomb timer for now: Settings
    tap("OK")
    for _ in range(4):
        tap("OK")  # sound, volume, brightness, auto-hide: each changes
        tap("DOWN")
    tap("DOWN")  # the language stays
    tap("OK")  # seat names
    tap("OK")  # seat 1: the name picker
    tap("OK")  # Type A-Z: the letter editor
    tap("UP")
    for _ in range(8):
        tap("OK")  # through the name: saved
    tap("BACK")
    tap("BACK")  # settings saved on the way out
    tap("DOWN")
    tap("OK")  # About
    lines.append("wait 1000")
    tap("BACK")
    tap("UP")
    tap("UP")  # Bomb timer
    tap("OK")
    tap("OK")  # Classic 5:00
    tap("OK", 3300)  # hold to arm
    lines.append("wait 30000")
    tap("BACK", 2300)  # hold to pause
    lines.append("wait 2000")
    tap("BACK")  # leave the paused timer
    tap("BACK")
    for _ in range(4):
        tap("UP")  # the cursor back at the top, so the scenario can run again
    lines.append("wait 5000")
    return lines


def physical_names(prof):
    """{"UP": physical name, ...} for a profile's direct buttons (e.g. A for OK on a Thumby)."""
    out = {}
    for phys, logical in prof["keymap"].items():
        if len(logical) == 1:
            out[logical[0].upper()] = phys
    return out


def prepare(flash, board):
    """A flash folder with the board's profile and .mpy code."""
    sys.path.insert(0, str(ROOT))
    from tools.sim import process as simproc

    simproc.populate_flash(flash, simproc.sim_profile(board))
    compile_flash(flash)


def run_heap(heap_k, flash, board="pico-ssd1306", prepared=False):
    """True when the scenario completes within a heap of heap_k KB."""
    sys.path.insert(0, str(ROOT))
    from tools.sim import process as simproc

    prof = simproc.sim_profile(board)
    script = "\n".join(scenario(physical_names(prof)) + ["sync end", "quit"]) + "\n"
    if not prepared:
        prepare(flash, board)
    for p in Path(flash, "data").glob("*"):
        p.unlink()
    r = subprocess.run(
        [MPY, "-X", "heapsize=%dk" % heap_k, *BOOT],
        cwd=str(flash),
        input=script,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = r.stdout
    ok = r.returncode == 0 and "synced end" in out and "Traceback" not in out + r.stderr
    return ok and "log error" not in out and "screen 3 TimerScreen Classic 5:00" in out


def smallest_heap(board="pico-ssd1306", lo=32, hi=512, step=4):
    """The smallest heap (KB) in which the scenario completes, checked for a band above it
    (tools/bench/heapsearch.py)."""
    from tools.bench import heapsearch

    with tempfile.TemporaryDirectory(prefix="fusebox-bench-") as d:
        flash = Path(d) / "flash"
        prepare(flash, board)
        return heapsearch.smallest(lambda kb: run_heap(kb, flash, board, True), lo, hi, step)


_DRAW = r"""
import gc, time, json
from firmware import hardware
from firmware.app import App
prof = json.load(open("board.json"))
hw = hardware.build(prof)
app = App(hw, prof["name"])
now = hw.ticks_ms()
app.boot(now)
from firmware.screens import menu, settings, about
from firmware.games.timer import menu as timer_menu
shots = [("menu", menu.main_menu(app)), ("settings", settings.SettingsScreen(app)),
         ("about", about.AboutScreen(app, now))]
try:
    from firmware.games.timer import run as timer_run
    tm = timer_menu.presets_screen(app)
    intent = tm.actions[0](now)
    if type(intent) is tuple and hasattr(intent[1], "prop"):
        shots.append(("timer", intent[1]))
except Exception as e:
    print("skip timer", repr(e))
fb = app.fb
for name, scr in shots:
    scr.draw(fb, now)
    best = None
    for rep in range(200):  # the fastest of many single draws: a busy host only adds time
        t0 = time.ticks_us()
        scr.draw(fb, now + rep * 1000)
        us = time.ticks_diff(time.ticks_us(), t0)
        best = us if best is None or us < best else best
    print("RESULT", name, best)
"""


def draw_times():
    """{(board, w, h): {screen: draw_us}} on the unix port."""
    sys.path.insert(0, str(ROOT))
    from tools.sim import process as simproc

    out = {}
    for board, w, h, _colour in SIZES:
        with tempfile.TemporaryDirectory(prefix="fusebox-bench-") as d:
            prof = simproc.sim_profile(board)
            simproc.populate_flash(d, prof)
            compile_flash(d)
            r = subprocess.run(
                [MPY, "-X", "heapsize=256k", "-c", _DRAW],
                cwd=d,
                capture_output=True,
                text=True,
                timeout=120,
                input="quit\n",
            )
            res = {}
            for line in r.stdout.split("\n"):
                if line.startswith("RESULT"):
                    _, name, us = line.split()
                    res[name] = int(us)
            if not res:
                raise RuntimeError("draw bench failed:\n" + r.stdout[-2000:] + r.stderr[-2000:])
            out[(board, w, h)] = res
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.app", description=__doc__)
    ap.add_argument("--heap", action="store_true", help="only bisect the smallest heap")
    ap.add_argument("--draw", action="store_true", help="only time frame draws")
    args = ap.parse_args(argv)
    both = not args.heap and not args.draw
    if args.heap or both:
        print("smallest heap (KB, .mpy code, sim board, menus + timer scenario):")
        print("  board            heap")
        for board, _w, _h, _c in SIZES:
            k = smallest_heap(board)
            print("  %-16s %s" % (board, "%dk" % k if k else "fails at 512k"))
    if args.draw or both:
        times = draw_times()
        names = []
        for res in times.values():
            for n in res:
                if n not in names:
                    names.append(n)
        print("frame draw time, us per draw() on the unix port (not the RP2040):")
        print("  %-22s" % "display" + "".join("%10s" % n for n in names))
        for (board, w, h), res in times.items():
            label = "%dx%d %s" % (w, h, board)
            print("  %-22s" % label + "".join("%10s" % res.get(n, "-") for n in names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
