"""Type-check core/, firmware/ and the sim's HAL against MicroPython's stubs, not typeshed."""

# mypy normally checks `time.monotonic()` against CPython's standard library, where it exists.
# The board has no such function, so we hand mypy a typeshed made of MicroPython's stubs
# (micropython-stdlib-stubs plus the rp2 Pico port stubs, both pinned in pyproject.toml).
# The stub wheels install as loose top-level .pyi files, which mypy would never prefer over its
# bundled typeshed, so this script arranges them as a typeshed directory at check time.
#
#   python -m tools.dev.typecheck                 # core/ and firmware/, as `make typecheck` does
#   python -m tools.dev.typecheck [--mypy-option=VALUE ...] [FILE_OR_DIR ...]
# Extra mypy options must use the `--name=value` form: any other word is taken as a path.

import hashlib
import os
import shutil
import sys
import tempfile
from importlib.metadata import distribution
from pathlib import Path

from tools.runtimes import ROOT

CONFIG = ROOT / "mypy-micropython.ini"
# tools/sim/hal_sim.py runs on MicroPython too (the sim board's HAL): it is checked the same way.
DEFAULT_PATHS = ("core", "firmware", "tools/sim/hal_sim.py")
# firmware/circuitpy/ runs on CircuitPython: it is checked in a second pass against
# circuitpython-stubs (pinned in pyproject.toml; PEP 561 stub packages mypy finds by itself)
# with mypy's own typeshed for the standard library, and left out of the MicroPython pass.
CIRCUITPY = "firmware/circuitpy"
STDLIB_DIST = "micropython-stdlib-stubs"
PORT_DIST = "micropython-rp2-rpi-pico-stubs"
# Bump when the arrangement below changes, so an old cached typeshed is not reused.
LAYOUT = "3"

# The stub declares `def const(expr: Const_T, /) -> Const_T`. Our code's CPython fallback,
# `except ImportError: def const(x): return x`, differs from it, and mypy rejects conditional
# function variants that differ. Declaring `const` as a callable object with the same generic
# signature keeps `const(3)` typed as int and accepts any fallback that can stand in for it.
CONST_STUB = "def const(expr: Const_T, /) -> Const_T:"
CONST_PATCH = """
from typing import Protocol as _Protocol

class _Const(_Protocol):
    def __call__(self, expr: Const_T, /) -> Const_T: ...

const: _Const
"""

# The stubs make ticks_ms() return an opaque class so that `ticks_ms() - t0` is flagged. Our
# interfaces pass ticks around as ints (hw.ticks_ms() -> int, core/ticks.py), and ordinary code
# such as `self.last = 0` ... `self.last = time.ticks_ms()` would fail, so ticks are ints here;
# wrap-safe maths is core/ticks.py's job and its tests'. Replaced: the three classes + TypeVar.
TICKS_FIRST = "class _TicksMs:"
TICKS_LAST = '_Ticks = TypeVar("_Ticks", _TicksMs, _TicksUs, _TicksCPU)'
TICKS_PATCH = "_TicksMs = int\n_TicksUs = int\n_TicksCPU = int\n_Ticks = int"


def _stub_files(name):
    """(path inside the wheel, absolute source path) for every .pyi and VERSIONS of `name`."""
    dist = distribution(name)
    out = []
    for f in dist.files or ():
        rel = f.as_posix()
        if rel.endswith(".pyi") or rel.endswith("/VERSIONS"):
            out.append((rel, Path(str(dist.locate_file(f)))))
    if not out:
        raise SystemExit("typecheck: " + name + " has no stub files; is the venv installed?")
    return dist.version, out


def _top_name(rel):
    """`machine.pyi` -> machine, `rp2/asm_pio.pyi` -> rp2."""
    head = rel.split("/", 1)[0]
    return head[:-4] if head.endswith(".pyi") else head


def _arrange(dest, stdlib_files, port_files):
    """Write a typeshed tree (stdlib/ + stubs/) into `dest`."""
    stdlib = dest / "stdlib"
    for rel, src in stdlib_files:
        # The stdlib wheel already has typeshed's stdlib/ and stubs/ (mypy-extensions, which
        # mypy insists on); its private helper package _mpy_shed sits beside them.
        target = dest / rel if rel.startswith(("stdlib/", "stubs/")) else stdlib / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, target)
    ported = set()
    for rel, src in port_files:
        if rel == "__builtins__.pyi":
            continue  # a Pyright convention; mypy reads builtins.pyi only
        name = _top_name(rel)
        if name not in ported:
            ported.add(name)
            # The port's module replaces the generic one, whichever form (file or package).
            shutil.rmtree(stdlib / name, ignore_errors=True)
            (stdlib / (name + ".pyi")).unlink(missing_ok=True)
        target = stdlib / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, target)
    _list_versions(stdlib)
    _patch_const(stdlib / "micropython.pyi")
    _patch_ticks(stdlib / "_mpy_shed" / "time_mp.pyi")


def _list_versions(stdlib):
    """mypy only looks in a typeshed for modules named in VERSIONS; add the port's modules."""
    versions = stdlib / "VERSIONS"
    known = set()
    for line in versions.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            known.add(line.split(":", 1)[0].strip())
    extra = []
    for entry in sorted(stdlib.iterdir()):
        name = _top_name(entry.name)
        if entry.name != "VERSIONS" and name not in known:
            known.add(name)
            extra.append(name + ": 3.0-\n")
    with versions.open("a") as f:
        f.write("# MicroPython port modules, added by tools/dev/typecheck.py\n")
        f.writelines(extra)


def _patch_ticks(path):
    """Make tick values plain ints, as they are on the board (see TICKS_PATCH)."""
    text = path.read_text()
    start, end = text.find(TICKS_FIRST), text.find(TICKS_LAST)
    if start < 0 or end < start:
        raise SystemExit("typecheck: " + str(path) + " changed; update TICKS_* in " + __file__)
    path.write_text(text[:start] + TICKS_PATCH + text[end + len(TICKS_LAST) :])


def _patch_const(path):
    text = path.read_text()
    if CONST_STUB not in text:
        raise SystemExit("typecheck: " + str(path) + " changed; update CONST_STUB in " + __file__)
    text = text.replace(CONST_STUB, "def _const_as_documented(expr: Const_T, /) -> Const_T:")
    path.write_text(text + CONST_PATCH)


def typeshed_dir(cache=None):
    """The MicroPython typeshed for the installed stub versions, built once and then reused."""
    stdlib_version, stdlib_files = _stub_files(STDLIB_DIST)
    port_version, port_files = _stub_files(PORT_DIST)
    key = "-".join((LAYOUT, stdlib_version, port_version, sys.version.split()[0]))
    cache = Path(cache or ROOT / ".mypy_cache")
    final = cache / ("micropython-typeshed-" + hashlib.sha1(key.encode()).hexdigest()[:12])
    if final.is_dir():
        return final
    cache.mkdir(parents=True, exist_ok=True)
    # Build beside the final place and rename: parallel runs (make -j, pytest -n) never see a
    # half-written tree, and the loser of a race simply discards its copy.
    tmp = Path(tempfile.mkdtemp(prefix=".typeshed-", dir=cache))
    try:
        _arrange(tmp, stdlib_files, port_files)
        os.rename(tmp, final)
    except OSError:
        if not final.is_dir():
            raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for old in cache.glob("micropython-typeshed-*"):
        if old != final:
            shutil.rmtree(old, ignore_errors=True)  # built for other stub versions
    return final


def mypy_args(argv):
    """The full mypy command line for `argv` (paths and extra options; none: the defaults)."""
    paths = [a for a in argv if not a.startswith("-")]
    if not paths:
        # firmware/ may not exist yet early in the project; check what is there.
        argv = list(argv) + [
            os.path.relpath(ROOT / p) for p in DEFAULT_PATHS if (ROOT / p).exists()
        ]
    # No incremental cache: with files appearing and moving under core/, a stale cache once
    # reported a module missing that was there. A full check takes seconds.
    if not any(a.startswith("--cache-dir") for a in argv):
        argv = ["--cache-dir=" + os.devnull] + list(argv)
    if not paths:
        argv = ["--exclude=^" + CIRCUITPY + "/"] + list(argv)
    return ["--config-file", str(CONFIG), "--custom-typeshed-dir", str(typeshed_dir())] + list(
        argv
    )


def main(argv=None):
    from mypy import api

    argv = sys.argv[1:] if argv is None else argv
    out, err, status = api.run(mypy_args(argv))
    sys.stdout.write(out)
    sys.stderr.write(err)
    if not [a for a in argv if not a.startswith("-")] and (ROOT / CIRCUITPY).exists():
        cp = ["--cache-dir=" + os.devnull, "--follow-imports=silent", "--check-untyped-defs"]
        out, err, cp_status = api.run(cp + [os.path.relpath(ROOT / CIRCUITPY)])
        sys.stdout.write("circuitpython-stubs: " + out)
        sys.stderr.write(err)
        status = status or cp_status
    return status


if __name__ == "__main__":
    sys.exit(main())
