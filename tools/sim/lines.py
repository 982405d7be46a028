"""Raw runs of the firmware on the sim board: input lines in, output lines out, and what they say.

The fault suite and the benches run the firmware as deployed (a sim/flash.py folder: .mpy code,
so boots are quick and the heap is the board's) straight through the sim's line protocol. A run
can be cut at any moment (SIGKILL), which is what a power cut does to the board.
"""

import subprocess

from tools.runtimes import MICROPYTHON

HEAP = "192k"  # what a Pico has free after boot (the vboard's default too)


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
