"""The bench's figures on the sim board (the unix port with the .mpy build): the smallest heap
each shipped game and the idle app run in (memory), 30 deals of each at a fixed heap (margins),
and the deployed bytes per folder (size). Heap figures are a 64-bit stand-in for the board's.
"""

import json
import tempfile
from pathlib import Path

from tools.bench import heapsearch
from tools.play import driver as playdriver
from tools.play.driver import GROUP_ROWS, games_with_screens
from tools.runtimes import ROOT, run_cpython, run_micropython
from tools.sim.flash import make_flash as _flash
from tools.sim.flash import populate as mpy_populate
from tools.sim.lines import echoed, errors, run

RULESETS = ROOT / "firmware" / "rulesets"


def bisect(works, lo=24, hi=512, step=4):
    """Smallest heap (KB) for works(kb), checked for a band above it (heapsearch.py)."""
    return heapsearch.smallest(works, lo, hi, step)


# -- memory --------------------------------------------------------------------------------------


def game_rulesets():
    """(game, entry index in its menu list, file, largest players) for every shipped game file."""
    from core import ruleset

    out = []
    for game in games_with_screens():
        files = []
        for p in sorted(RULESETS.glob("*.json")):
            obj = json.loads(p.read_text())
            if obj.get("game") == game:
                rs = ruleset.load(obj)
                files.append((rs["order"], p.name, p, rs["seats"]))
        # The menu lists a game's files by order, then file name (firmware/catalog.py).
        files.sort(key=lambda f: f[:2])
        for i, (_, _, p, seats) in enumerate(files):
            out.append((game, i, p, seats))
    return out


def record_game(game, entry, seats, flash, seed=8):
    """Input lines of one whole game at the largest table, played by what the screen says."""
    env = {"FUSEBOX_SEED": str(seed)}
    sp = playdriver.Recorder(
        board="pico-ssd1306", heap="1024k", flash=str(flash), env=env, populate=mpy_populate
    )
    with sp:
        playdriver.open_game(sp, GROUP_ROWS[game], entry, seats[1] - seats[0])
        playdriver.play_to_end(sp, lambda i: (i * 7 + i // 5) % 3)
    return sp.sent


def memory(row):
    with tempfile.TemporaryDirectory(prefix="fusebox-bench-") as d:
        flash = Path(d) / "flash"
        for game, entry, path, seats in game_rulesets():
            try:
                lines = record_game(game, entry, seats, flash)
            except Exception as e:  # noqa: BLE001 (a figure that cannot be had is reported)
                row("memory", path.name, "no game", type(e).__name__)
                continue
            ref = run(flash, lines, seed=8, heap="1024k")
            want = echoed(ref)

            def works(kb, lines=lines, want=want):
                for p in (flash / "data").iterdir():
                    p.unlink()
                out = run(flash, lines, seed=8, heap="%dk" % kb)
                return echoed(out) == want and not errors(out)

            kb = bisect(works)
            text = "> 512 KB" if kb is None else "%d KB" % kb
            row("memory", "%s, %d players" % (path.name, seats[1]), text, "whole game, UI")
        for p in (flash / "data").iterdir():
            p.unlink()
        idle = ["wait 200", "press DOWN", "wait 60", "release DOWN", "wait 10000"]

        def idle_works(kb):
            out = run(flash, idle, heap="%dk" % kb)
            return not errors(out) and any(line.startswith("log screen 1 ") for line in out)

        kb = bisect(idle_works, lo=8)
        row("memory", "idle app (boot, menu, 10 s)", "%s KB" % kb, "boot to menu, idle")


# -- margins -------------------------------------------------------------------------------------

# The heap every shipped game ruleset must play a whole game in at its largest table, on the sim
# with the .mpy build (64-bit unix port; about 0.68 of it on a 32-bit RP2040, make bench-32),
# and the heaps of the cross-runtime vectors (core alone, tools/play/transcript.py), whatever
# the deal: fragmentation makes the need differ from seed to seed.
# Measured 2026-12-04 (32 KB steps, then 8 KB): Undercover at 8 players needs 248k for seed 3,
# It's a Bomb! 240k; 256k left 8 KB, and a CI run under load once failed there, so 288k.
GAME_HEAP = "288k"
# One heap for every game's vector: the hungriest game's need (80k for seeds 1-3 in
# host_tests/test_vectors.py, which also holds the others to 68k) with a margin, since a deal
# that cuts the heap up more (seed 29 at 8 players) fails there at 80k.
VECTOR_HEAP = "88k"
PLAYTHROUGH = ROOT / "tools" / "play" / "transcript.py"


def game_fits(game, entry, seats, flash, seed, heap=GAME_HEAP):
    """True when the whole game of this seed (recorded in a roomy heap) plays the same in heap."""
    lines = record_game(game, entry, seats, flash, seed)
    want = echoed(run(flash, lines, seed=seed, heap="1024k"))
    for p in (flash / "data").iterdir():
        p.unlink()
    out = run(flash, lines, seed=seed, heap=heap)
    return echoed(out) == want and not errors(out)


def vector_fits(path, players, seed):
    """True when the cross-runtime vector of this seed at `players` runs on MicroPython in its
    heap with the transcript CPython prints."""
    args = (path, "players=%d" % players, "views=looks", seed)
    mp = run_micropython(PLAYTHROUGH, *args, heap=VECTOR_HEAP)
    return mp.returncode == 0 and mp.stdout == run_cpython(PLAYTHROUGH, *args).stdout


def margins(row, seeds=range(1, 31)):
    with tempfile.TemporaryDirectory(prefix="fusebox-bench-") as d:
        flash = Path(d) / "flash"
        for game, entry, path, seats in game_rulesets():
            what = "%s, %d players" % (path.name, seats[1])
            bad = [s for s in seeds if not game_fits(game, entry, seats, flash, s)]
            how = "whole game, UI" + (": fails " + " ".join(map(str, bad)) if bad else "")
            row(
                "margins",
                what,
                "%d/%d seeds at %s" % (len(seeds) - len(bad), len(seeds), GAME_HEAP),
                how,
            )
            bad = [s for s in seeds if not vector_fits(path, seats[1], s)]
            heap = VECTOR_HEAP
            how = "core vector" + (": fails " + " ".join(map(str, bad)) if bad else "")
            row(
                "margins",
                what,
                "%d/%d seeds at %s" % (len(seeds) - len(bad), len(seeds), heap),
                how,
            )


# -- size ----------------------------------------------------------------------------------------


def size(row):
    with tempfile.TemporaryDirectory(prefix="fusebox-bench-") as d:
        flash = _flash(Path(d) / "flash", board="pico-ssd1306")
        folders = {}
        for p in flash.rglob("*"):
            if p.is_file():
                rel = p.relative_to(flash)
                key = str(rel.parent) if rel.parent != Path(".") else "/ (main.py, board.json)"
                folders[key] = folders.get(key, 0) + p.stat().st_size
        for key in sorted(folders):
            row("size", key, "%d bytes" % folders[key], ".mpy + JSON, sim flash (+hal_sim)")
        row("size", "total", "%d bytes" % sum(folders.values()), "sum of the above")
