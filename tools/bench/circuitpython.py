"""`python -m tools.bench.circuitpython`: the CircuitPython build on CircuitPython 10.2.1 on the
emulated Pico (pico-ssd1306-circuitpython), the drive as .py sources and as CircuitPython's .mpy
side by side in one run, in board time:

  power-on to menu   board ms from the reset to the app's first screen on the console
  free at the menu   gc.mem_free() after a collection, with the main menu drawn
  lowest in a game   the lowest gc.mem_free() after a collection, frame by frame, through a
                     whole Time Bomb game at 8 seats (seed 8, the board bench's presses)

The heap is printed by a hook on the display's show() (CircuitPython's firmware has no ELF for
tools.pico's GC hook to read), so the app is started from the raw REPL for the heap figures, as
host_tests/test_board_circuitpython.py does. Goals (issue #25, for the .mpy build): power-on to
menu <= 3 s, >= 100 KB free at the menu, >= 60 KB at the lowest point of an 8-seat game.
"""

import shutil
import sys
import tempfile
import time
from pathlib import Path

from core import games
from tools import pico
from tools.board import drive
from tools.pico import circuitpy

BOARD = "pico-ssd1306-circuitpython"
SEED = 8
GAME = games.IDS[0]  # the registry's first game: Time Bomb
SEATS = 8  # its largest table
GOALS = {"boot_ms": 3000, "menu": 100 * 1024, "game_min": 60 * 1024}


def image(folder, sources):
    """A CIRCUITPY flash image in `folder`: deploy --drive's files (.py or .mpy), seeded."""
    files = Path(folder) / ("drive-py" if sources else "drive-mpy")
    shutil.rmtree(files, ignore_errors=True)
    files.mkdir(parents=True)
    drive.deploy_drive(str(files), BOARD, say=lambda *a: None, quiet=True, sources=sources)
    (files / "seed.txt").write_text(str(SEED))
    return circuitpy.write_flash(
        Path(folder) / ("flash-%s.bin" % ("py" if sources else "mpy")), files
    )


class Stopped(Exception):
    """The app said an error on the console during the game."""


def heaps(p, since=0):
    return [int(t.split()[1]) for _, t in p.lines[since:] if t.startswith("heap ")]


def figures(flash, say=print):
    """{"boot_ms", "menu", "game_min", "ended"} for one drive image."""
    from tools.pico.driver import PicoPlayer
    from tools.play.driver import GROUP_ROWS, open_game, play_to_end

    p = pico.Pico(flash=str(flash), firmware="circuitpython")
    try:
        p.pause()
        circuitpy.until_screen(p)
        first = [ms for ms, t in p.lines if "screen 1 " in t]
        out = {"boot_ms": first[0] if first else None}
        say("  first screen at %s board ms" % out["boot_ms"])
        circuitpy.start(p, circuitpy.HEAP_APP)
        out["menu"] = heaps(p)[-1]
        n = len(p.lines)

        class Watched(PicoPlayer):  # a step at a time on the console; stops at an error
            def _settle(self):
                super()._settle()
                said = [t for t in self.logs[-4:] if "Error" in t or t.startswith("error")]
                if said:
                    raise Stopped(said[0])
                if len(self.rests) % 20 == 0:
                    got = heaps(p, n)
                    say("  %d steps, %s, lowest %s B" % (len(self.rests), self.top(), min(got)))

        pp = Watched(p)
        open_game(pp, GROUP_ROWS[GAME], 0, SEATS - 4)
        try:
            out["steps"] = play_to_end(pp, lambda i: (i * 7 + i // 5) % 3, limit=200)
            out["ended"] = pp.top() == "EndScreen"
        except (Stopped, AssertionError) as e:
            out["ended"], out["why"] = False, str(e)[:200]
            say("  stopped: %s" % out["why"])
        out["game_min"] = min(heaps(p, n))
        say("  menu %d B, game lowest %d B" % (out["menu"], out["game_min"]))
        return out
    finally:
        p.close()


def main():
    why = pico.missing("circuitpython")
    if why:
        print("circuitpython bench: " + why, file=sys.stderr)
        return 1
    t0 = time.monotonic()
    rows = {}
    with tempfile.TemporaryDirectory(prefix="fusebox-cpbench-") as d:
        for kind, sources in ((".py", True), (".mpy", False)):
            print("%s drive:" % kind)
            rows[kind] = figures(image(d, sources))
    print()
    print("| figure | .py (sources) | .mpy | goal (.mpy) | met? |")
    print("|---|---|---|---|---|")
    for key, label, unit in (
        ("boot_ms", "power-on to menu", "ms"),
        ("menu", "free at the menu", "B"),
        ("game_min", "lowest in an 8-seat Time Bomb game", "B"),
    ):
        a, b = rows[".py"][key], rows[".mpy"][key]
        goal = GOALS[key]
        met = b <= goal if key == "boot_ms" else b >= goal
        sign = "<=" if key == "boot_ms" else ">="
        print(
            "| %s | {:,.0f} %s | {:,.0f} %s | %s {:,} %s | %s |".format(a, b, goal)
            % (label, unit, unit, sign, unit, "yes" if met else "no")
        )
    ended = all(r["ended"] for r in rows.values())
    for kind, r in rows.items():
        print("%s: the game %s" % (kind, "ended" if r["ended"] else "stopped: " + r["why"]))
    print("(%.0f s host)" % (time.monotonic() - t0))
    return 0 if ended else 1


if __name__ == "__main__":
    sys.exit(main())
