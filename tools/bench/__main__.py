"""`make bench`: one table of the whole product's figures (no pass/fail; compare between commits).

Sections: memory (smallest -X heapsize per shipped game ruleset and the idle app), margins (30
seeds of every shipped game ruleset at its largest table at a fixed heap), size (deployed
bytes per folder), deploy (vs mpremote cp -r), responsiveness (button event to finished frame,
bytes to the display), prop (the bomb timer's drift over an hour, expiry latency), engine
(playouts/s), board (the emulated Pico: tools/bench/board.py), soak (the tests marked `soak`:
the long variants of board tests that `make test` runs short). Each line says how it was
measured. `--only memory,prop` runs some sections.
"""

import argparse
import subprocess
import sys
import time

from tools.bench import board, deploy, engine, prop, respond, sim
from tools.runtimes import ROOT

ROWS = []  # (section, what, figure, how)


def row(section, what, figure, how):
    ROWS.append((section, what, figure, how))
    print("  %-8s %-34s %-22s %s" % (section, what, figure, how), file=sys.stderr, flush=True)


def soak(row):
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
    "memory": sim.memory,
    "size": sim.size,
    "margins": sim.margins,
    "deploy": deploy.section,
    "respond": respond.responsiveness,
    "prop": prop.props,
    "engine": engine.section,
    "board": board.board,
    "soak": soak,
}


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__)
    ap.add_argument("--only", default=",".join(SECTIONS), help="sections, comma-separated")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    print("measuring (progress on stderr) ...", file=sys.stderr)
    for name in args.only.split(","):
        SECTIONS[name.strip()](row)
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
