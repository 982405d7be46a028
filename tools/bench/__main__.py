"""`make bench`: one table of the whole product's figures (no pass/fail; compare between commits).

Sections: memory (smallest -X heapsize per shipped game ruleset and the idle app), margins (30
seeds of every shipped game ruleset at its largest table at a fixed heap), size (deployed
bytes per folder), deploy (vs mpremote cp -r), responsiveness (button event to finished frame,
bytes to the display), prop (the bomb timer's drift over an hour, expiry latency), engine
(playouts/s), board (the emulated Pico: tools/bench_board.py), soak (the tests marked `soak`:
the long variants of board tests that `make test` runs short). Each line says how it was
measured. `--only memory,prop` runs some sections.
"""

import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from core import games
from tools import bench_board, bench_core, heapsearch, playdriver
from tools.bench_respond import responsiveness
from tools.flash import make_flash as _flash
from tools.flash import populate as mpy_populate
from tools.playdriver import GROUP_ROWS, games_with_screens
from tools.runtimes import ROOT, run_cpython, run_micropython
from tools.simrun import echoed, errors, run

RULESETS = ROOT / "firmware" / "rulesets"
ROWS = []  # (section, what, figure, how)


def row(section, what, figure, how):
    ROWS.append((section, what, figure, how))
    print("  %-8s %-34s %-22s %s" % (section, what, figure, how), file=sys.stderr, flush=True)


def bisect(works, lo=24, hi=512, step=4):
    """Smallest heap (KB) for works(kb), checked for a band above it (tools/heapsearch.py)."""
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


def memory():
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
# and the heaps of the cross-runtime vectors (core alone, tools/mpy/playthrough.py), whatever
# the deal: fragmentation makes the need differ from seed to seed.
GAME_HEAP = "256k"
# One heap for every game's vector: the hungriest game's need (80k for seeds 1-3 in
# host_tests/test_vectors.py, which also holds the others to 68k) with a margin, since a deal
# that cuts the heap up more (seed 29 at 8 players) fails there at 80k.
VECTOR_HEAP = "88k"
PLAYTHROUGH = ROOT / "tools" / "mpy" / "playthrough.py"


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
    args = (path, "players=%d" % players, seed)
    mp = run_micropython(PLAYTHROUGH, *args, heap=VECTOR_HEAP)
    return mp.returncode == 0 and mp.stdout == run_cpython(PLAYTHROUGH, *args).stdout


def margins(seeds=range(1, 31)):
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


def size():
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


# -- deploy --------------------------------------------------------------------------------------


def deploy():
    res = subprocess.run(
        [sys.executable, "-m", "tools.bench_deploy"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    text = res.stdout
    how = "tools/bench_deploy, fresh vboards, same run"
    for label, key in (
        ("deploy (full, cold mpy-cross)", "full deploy"),
        ("mpremote cp -r of the sources", "mpremote cp -r (sources)"),
        ("deploy again, nothing changed", "no-change redeploy"),
    ):
        m = re.search(re.escape(label) + r"\s+([\d.]+)\s+(\S+)\s+(\d+)", text)
        if m:
            row("deploy", key, "%s s, %s sent" % (m.group(1), m.group(3)), how)
    m = re.search(r"ratio deploy / cp -r: time ([\d.]+), flash bytes ([\d.]+)", text)
    if m:
        row("deploy", "ratio deploy / cp -r", "time %s, flash %s" % m.groups(), how)
    if not m:
        row("deploy", "deploy", "failed", (res.stderr.strip().splitlines() or ["?"])[-1])


# -- props and engine ----------------------------------------------------------------------------


def prop_rulesets():
    """(core package, file) of every shipped ruleset of a prop (a registry row with PROP)."""
    props = [g for g in games.IDS if games.is_prop(g)]
    for path in sorted(RULESETS.glob("*.json")):
        game = json.loads(path.read_text())["game"]
        if game in props:
            yield games.module(game), path


def props(runs=5):
    """For each prop ruleset, an hour's countdown on core's Prop, time fed in jittery loop steps
    (5-45 ms, a 250 ms stall now and then) from just before the ticks wrap: how far the remaining
    time ever is from the true one, and how late the boom comes after the deadline."""
    for prop_mod, path in prop_rulesets():
        _drift(prop_mod, path, runs)


def _drift(prop_mod, path, runs):
    from core import ruleset, ticks

    rs = ruleset.load(json.loads(path.read_text()))
    i = next(i for i, p in enumerate(rs["presets"]) if p["defuse"] == "hold")
    drift, late = 0, []
    for seed in range(runs):
        rnd = random.Random(seed)
        now = ticks.add(0, -200_000)  # wraps during the run
        prop = prop_mod.Prop(rs, i, now)
        prop.set_seconds(3600)
        prop.hold(prop_mod.ARM, now)
        now = ticks.add(now, rs["arm_ms"] + 5)
        events = prop.release(now) + [prop.poll(now)]
        deadline = ticks.add(now, 3600 * 1000)
        boom = None
        while boom is None:
            step = rnd.randint(5, 45) if rnd.random() > 0.002 else 250
            now = ticks.add(now, step)
            ev = prop.poll(now)
            while ev is not None:
                if ev[0] == "boom":
                    boom = now
                ev = prop.poll(now)
            if boom is None:
                drift = max(drift, abs(prop.remaining(now) - max(0, ticks.diff(deadline, now))))
        assert events, "the prop did not arm"
        late.append(ticks.diff(boom, deadline))
    what = "%s: drift over 1 h (%d runs)" % (path.name, runs)
    row("prop", what, "%d ms" % drift, "max |shown - true| left")
    row(
        "prop",
        "%s: expiry latency" % path.name,
        "mean %.0f ms, worst %d ms" % (sum(late) / runs, max(late)),
        "boom step - deadline, 5-45 ms steps",
    )


def engine(ms=1500):
    for path in bench_core.game_rulesets():
        n = bench_core.largest(path)
        cp = bench_core.rate(run_cpython(bench_core.MPY / "playouts.py", path, n, ms))
        mp = bench_core.rate(run_micropython(bench_core.MPY / "playouts.py", path, n, ms))
        row(
            "engine",
            "%s, %d players" % (path.name, n),
            "CPy %s/s, MPy %s/s" % (cp, mp),
            "random playouts, %.1f s each" % (ms / 1000),
        )


def soak():
    """The tests marked `soak` (pytest -m soak): more hard resets in one game, the 8-player game
    on the emulated Pico. `make test` deselects them and runs their short variants."""
    t = time.monotonic()
    cmd = [sys.executable, "-m", "pytest", "-m", "soak", "-n", "2", "--dist", "loadscope", "-q"]
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    tail = (r.stdout.strip().splitlines() or ["no output"])[-1]
    if r.returncode:
        print(r.stdout[-4000:], r.stderr[-2000:], file=sys.stderr)
    row("soak", "tests marked soak", tail, "pytest -m soak, %.0f s host" % (time.monotonic() - t))


SECTIONS = {
    "memory": memory,
    "size": size,
    "margins": margins,
    "deploy": deploy,
    "respond": lambda: responsiveness(row),
    "prop": props,
    "engine": engine,
    "board": lambda: bench_board.board(row),
    "soak": soak,
}


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__)
    ap.add_argument("--only", default=",".join(SECTIONS), help="sections, comma-separated")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    print("measuring (progress on stderr) ...", file=sys.stderr)
    for name in args.only.split(","):
        SECTIONS[name.strip()]()
    head = "%-8s %-40s %-30s %s" % ("section", "what", "figure", "how")
    print("Fusebox bench (%s, %.0f s)" % (time.strftime("%Y-%m-%d"), time.monotonic() - t0))
    print(head)
    print("-" * len(head))
    for r in ROWS:
        print("%-8s %-40s %-30s %s" % r)
    print()
    print("Heap figures outside the board section come from the 64-bit unix port (a stand-in;")
    print("the board section is the real rp2 firmware on the emulated Pico, in board time).")
    print("Other times are a PC's: compare them between commits on the same machine.")
    print("Sizes and bytes are exact.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
