"""`make bench-core`: the rules engine's speed and memory on CPython and MicroPython.

For every shipped game ruleset at its largest player count it prints random playouts per second
on both runtimes (engine only, 3 s each), and the smallest `-X heapsize` (bisected to 1 KB) in
which one whole game runs on the unix port with core/ as .mpy, saving after every action as the
device does. It also prints the heap allocated per RNG draw on MicroPython.
Figures, not pass/fail: compare them between commits on the same machine.
"""

import json
import sys
import tempfile
from pathlib import Path

from core import games
from tools.runtimes import ROOT, run_cpython, run_micropython

RULESETS = ROOT / "firmware" / "rulesets"
MPY = ROOT / "tools" / "bench"


def game_rulesets():
    """Every shipped ruleset of a game (a prop, such as the bomb timer, has no playouts)."""
    for path in sorted(RULESETS.glob("*.json")):
        rs = json.loads(path.read_text())
        if not games.is_prop(rs["game"]):
            yield path


def largest(path):
    from core import ruleset

    return ruleset.load(json.loads(path.read_text()))["seats"][1]


def rate(res):
    if res.returncode != 0:
        return "error: " + (res.stderr.strip().splitlines() or ["?"])[-1]
    words = res.stdout.split()
    games, ms = int(words[1]), int(words[3])
    return "%.0f" % (games * 1000.0 / max(ms, 1))


def smallest_heap(path, players, lo=4, hi=512):
    """Bisect the smallest heap (KB) in which playonce.py finishes."""

    def runs(kb):
        res = run_micropython(MPY / "playonce.py", path, players, 7, heap="%dk" % kb)
        return res.returncode == 0 and res.stdout.startswith("ok")

    if not runs(hi):
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if runs(mid):
            hi = mid
        else:
            lo = mid + 1
    return hi


RNG_ALLOC = """
import gc
from core.rng import Rng
def measure():
    r = Rng(5)
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    i = 0
    while i < 10000:
        r.below(37)
        i += 1
    return gc.mem_alloc() - before
print(measure())
"""


def section(row, ms=1500):
    """`make bench`'s engine rows: random playouts per second on both runtimes."""
    for path in game_rulesets():
        n = largest(path)
        cp = rate(run_cpython(MPY / "playouts.py", path, n, ms))
        mp = rate(run_micropython(MPY / "playouts.py", path, n, ms))
        row(
            "engine",
            "%s, %d players" % (path.name, n),
            "CPy %s/s, MPy %s/s" % (cp, mp),
            "random playouts, %.1f s each" % (ms / 1000),
        )


def main():
    print("Fusebox core benchmark (engine only; MicroPython = unix port, core as .mpy)")
    print()
    head = "%-24s %7s %14s %14s %12s" % (
        "ruleset",
        "players",
        "CPython/s",
        "MicroPy/s",
        "min heap",
    )
    print(head)
    print("-" * len(head))
    for path in game_rulesets():
        n = largest(path)
        cp = rate(run_cpython(MPY / "playouts.py", path, n, 3000))
        # A speed figure: the heap is generous, the smallest one is the next column.
        mp = rate(run_micropython(MPY / "playouts.py", path, n, 3000, heap="256k"))
        heap = smallest_heap(path, n)
        heap_text = "> 512 KB" if heap is None else "%d KB" % heap
        print("%-24s %7d %14s %14s %12s" % (path.name, n, cp, mp, heap_text))
        sys.stdout.flush()
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "rng_alloc.py"
        script.write_text(RNG_ALLOC)
        res = run_micropython(script, heap="16k")
    print()
    print(
        "RNG: %s bytes allocated over 10,000 draws of below(37) on MicroPython"
        % res.stdout.strip()
    )
    print("playouts/s: random legal actions to the end, 3 s per runtime; min heap: smallest")
    print(
        "-X heapsize in which tools/bench/playonce.py finishes one seeded game (bisected, 1 KB)."
    )


if __name__ == "__main__":
    main()
