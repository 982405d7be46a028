"""Golden playthroughs: write host_tests/golden/playthroughs/ from the shipped rulesets.

Usage: python -m tools.play.golden [RULESET_STEM ...]
Plays tools/play/transcript.py for every shipped game ruleset (or the ones named) on CPython and on
the MicroPython unix port, and writes the transcript to <stem>.txt only if both print the same
bytes; if they disagree it writes nothing for that ruleset, shows the first differing line and
exits 1. Golden files of rulesets no longer shipped are removed. host_tests/
test_golden_playthroughs.py compares both runtimes with these files; run this after a change
that is meant to alter the deal, the rules, the events or the views, and review the diff.
"""

import json
import sys

from core import games
from tools import runtimes

RULESETS = runtimes.ROOT / "firmware" / "rulesets"
GOLDEN = runtimes.ROOT / "host_tests" / "golden" / "playthroughs"
SCRIPT = runtimes.ROOT / "tools" / "play" / "transcript.py"
REGOLD = "python -m tools.play.golden"
# Room for the transcript's own bookkeeping; the board's heap budget is test_vectors.py's job.
HEAP = "256k"


def shipped():
    """{stem: path} of every shipped ruleset that is a game. A prop (the bomb timer; its registry
    row says PROP) has no seats, no actions and no outcome, so there is nothing to play."""
    out = {}
    for path in sorted(RULESETS.glob("*.json")):
        with open(path) as f:
            if not games.is_prop(json.load(f)["game"]):
                out[path.stem] = path
    return out


def golden_file(stem):
    return GOLDEN / (stem + ".txt")


def read_golden(stem):
    """The committed transcript exactly as stored (no newline translation), or None."""
    path = golden_file(stem)
    if not path.exists():
        return None
    with open(path, newline="") as f:
        return f.read()


def on_cpython(path):
    res = runtimes.run_cpython(SCRIPT, path)
    if res.returncode != 0:
        raise RuntimeError("CPython failed on %s:\n%s" % (path.name, res.stderr[-2000:]))
    return res.stdout


def on_micropython(path):
    res = runtimes.run_micropython(SCRIPT, path, heap=HEAP)
    if res.returncode != 0:
        raise RuntimeError(
            "MicroPython failed on %s:\n%s%s" % (path.name, res.stdout[-500:], res.stderr[-2000:])
        )
    return res.stdout


def first_difference(expected, got, names=("golden", "now")):
    """None if the texts are equal, else a message naming the first line where they differ."""
    if expected == got:
        return None
    a, b = expected.splitlines(), got.splitlines()
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else "(end of text)"
        y = b[i] if i < len(b) else "(end of text)"
        if x != y:
            width = max(len(n) for n in names) + 1
            return "line %d differs:\n%s %s\n%s %s" % (
                i + 1,
                (names[0] + ":").ljust(width),
                x,
                (names[1] + ":").ljust(width),
                y,
            )
    return "the texts differ in their line endings"


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    games = shipped()
    unknown = [s for s in argv if s not in games]
    if unknown:
        print("not a shipped game ruleset: " + ", ".join(unknown), file=sys.stderr)
        return 2
    GOLDEN.mkdir(parents=True, exist_ok=True)
    failed = 0
    for stem in argv or sorted(games):
        cp = on_cpython(games[stem])
        diff = first_difference(cp, on_micropython(games[stem]), ("CPython", "MicroPython"))
        if diff:
            print("%s: the runtimes disagree, not written; %s" % (stem, diff), file=sys.stderr)
            failed = 1
            continue
        dst = golden_file(stem)
        old = read_golden(stem)
        # newline="" keeps "\n" on every host, so the files compare byte for byte.
        with open(dst, "w", newline="") as f:
            f.write(cp)
        state = "new" if old is None else ("unchanged" if old == cp else "changed")
        print("%s: %s (%d bytes)" % (dst.relative_to(runtimes.ROOT), state, len(cp)))
    if not argv:
        for stale in sorted(GOLDEN.glob("*.txt")):
            if stale.stem not in games:
                stale.unlink()
                print("%s: removed (no such shipped ruleset)" % stale.relative_to(runtimes.ROOT))
    return failed


if __name__ == "__main__":
    sys.exit(main())
