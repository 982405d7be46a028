"""Helpers to run the same script on CPython and on the MicroPython unix port."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MICROPYTHON = ROOT / ".venv" / "bin" / "micropython"


def run_cpython(script, *args, timeout=120):
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0")
    return subprocess.run(
        [sys.executable, str(script), *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        cwd=ROOT,
    )


def run_micropython(script, *args, heap="64k", timeout=120):
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    return subprocess.run(
        [str(MICROPYTHON), "-X", "heapsize=" + heap, str(script), *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        cwd=ROOT,
    )


def same_on_both(script, *args, heap="64k"):
    """Run on both runtimes; assert both succeed and print the same bytes; return the text."""
    cp = run_cpython(script, *args)
    assert cp.returncode == 0, cp.stderr[-2000:]
    mp = run_micropython(script, *args, heap=heap)
    assert mp.returncode == 0, (mp.stdout[-500:], mp.stderr[-2000:])
    if cp.stdout != mp.stdout:
        a, b = cp.stdout.splitlines(), mp.stdout.splitlines()
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                raise AssertionError(
                    "line %d differs:\nCPython:     %s\nMicroPython: %s" % (i, x, y)
                )
        raise AssertionError("lengths differ: %d vs %d lines" % (len(a), len(b)))
    return cp.stdout
