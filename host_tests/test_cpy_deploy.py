"""deploy --drive and ruleset push --drive: the CircuitPython build into a CIRCUITPY folder (a
temporary one here), incremental and hash-checked, and what lands there boots."""

import hashlib
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tools import runtimes
from tools.board import deploy
from tools.board import drive as deploy_drive

ROOT = Path(__file__).resolve().parents[1]


def quiet(*_):
    pass


def cp_mpy_cross_env():
    """Where CircuitPython's mpy-cross was given ($FUSEBOX_CP_MPY_CROSS: a clone outside the
    folder that holds ../shared/), passed on to the CLI's bare environment."""
    name = deploy_drive.CP_MPY_CROSS_ENV
    return {name: os.environ[name]} if name in os.environ else {}


def run_cli(*argv):
    return subprocess.run(
        [sys.executable, "-m", "tools", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", **cp_mpy_cross_env()},
    )


def test_deploy_drive_lays_out_the_circuitpython_build(tmp_path):
    out = run_cli("deploy", "--board", "macropad", "--drive", str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert "verified" in out.stdout
    code = (ROOT / "firmware" / "circuitpy" / "code.py").read_bytes()
    assert (tmp_path / "code.py").read_bytes() == code
    profile = (ROOT / "boards" / "macropad.json").read_bytes()
    assert (tmp_path / "board.json").read_bytes() == profile
    for pkg in ("core", "firmware"):
        for src in (ROOT / pkg).rglob("*.py"):
            rel = src.relative_to(ROOT).as_posix()
            mpy = tmp_path / (rel[:-3] + ".mpy")
            assert not (tmp_path / rel).exists(), rel  # compiled, never the source
            if rel in ("firmware/main.py", "firmware/circuitpy/code.py"):
                assert not mpy.exists()
                continue
            assert mpy.read_bytes() == cp_compiled(src, rel), rel
    assert not (tmp_path / "main.py").exists()  # MicroPython's entry point stays off the drive
    for rs in (ROOT / "firmware" / "rulesets").glob("*.json"):
        assert (tmp_path / "rulesets" / rs.name).read_bytes() == rs.read_bytes()
    # The Adafruit library is the pinned PyPI package's file, not a download, compiled here.
    origin = Path(importlib.util.find_spec("neopixel").origin)
    assert (tmp_path / "lib" / "neopixel.mpy").read_bytes() == cp_compiled(
        origin, "lib/neopixel.py"
    )
    assert not list(tmp_path.rglob("*.new"))
    manifest = json.loads((tmp_path / ".fusebox-manifest.json").read_text())
    files = {"/" + p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert set(manifest) == files - {"/.fusebox-manifest.json"}
    for p, digest in manifest.items():
        assert hashlib.sha256((tmp_path / p[1:]).read_bytes()).hexdigest() == digest


def cp_compiled(src, name):
    """What CircuitPython 10's mpy-cross makes of `src` under the drive name `name`."""
    mpy_cross = deploy_drive.cp_mpy_cross()
    out = Path(tempfile.mkdtemp()) / "out.mpy"
    subprocess.run([mpy_cross, "-o", str(out), "-s", name, str(src)], check=True)
    data = out.read_bytes()
    assert data[:2] == b"C\x06", data[:4]  # CircuitPython's mpy v6 header, which it alone reads
    return data


def test_deploy_drive_sources_copies_the_py_files_instead(tmp_path):
    out = run_cli("deploy", "--board", "macropad", "--drive", str(tmp_path), "--sources")
    assert out.returncode == 0, out.stderr
    for src in (ROOT / "core").rglob("*.py"):
        rel = src.relative_to(ROOT).as_posix()
        assert (tmp_path / rel).read_bytes() == src.read_bytes(), rel
    pypi = Path(importlib.util.find_spec("neopixel").origin).read_bytes()
    assert (tmp_path / "lib" / "neopixel.py").read_bytes() == pypi
    assert not list(tmp_path.rglob("*.mpy"))
    # Back to .mpy: the .py files go (the manifest names them), the compiled ones come.
    out = run_cli("deploy", "--board", "macropad", "--drive", str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert not [p for p in tmp_path.rglob("*.py") if p.name != "code.py"]
    assert (tmp_path / "core" / "rng.mpy").exists()


def test_only_circuitpythons_own_mpy_cross_is_taken_and_a_missing_one_says_where_to_get_it(
    tmp_path, monkeypatch
):
    micropythons = runtimes.MPY_CROSS  # writes "M" files, which CircuitPython refuses
    out = run_cli(
        "deploy", "--board", "macropad", "--drive", str(tmp_path), "--mpy-cross", str(micropythons)
    )
    assert out.returncode == 1 and "not CircuitPython 10's mpy-cross" in out.stderr, out.stderr
    assert not list(tmp_path.iterdir())
    nowhere = tmp_path / "checkout" / "main"  # a checkout with no ../shared/circuitpython/
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    monkeypatch.delenv(deploy_drive.CP_MPY_CROSS_ENV, raising=False)
    with pytest.raises(OSError, match="adafruit-circuit-python.s3.amazonaws.com"):
        deploy_drive.cp_mpy_cross(root=nowhere)
    monkeypatch.setenv(deploy_drive.CP_MPY_CROSS_ENV, str(tmp_path / "absent"))
    with pytest.raises(OSError, match="does not run"):
        deploy_drive.cp_mpy_cross()


def test_redeploy_copies_only_what_changed_and_keeps_the_users_files(tmp_path):
    first = deploy_drive.deploy_drive(str(tmp_path), "macropad", say=quiet, quiet=True)
    assert first["copied"] == first["files"] > 100
    again = deploy_drive.deploy_drive(str(tmp_path), "macropad", say=quiet, quiet=True)
    assert again["copied"] == 0 and again["bytes"] == 0
    (tmp_path / "core" / "rng.mpy").write_bytes(b"C\x06damaged")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "keep.json").write_text("{}")
    (tmp_path / "rulesets" / "mine.json").write_text("{}")
    manifest = json.loads((tmp_path / ".fusebox-manifest.json").read_text())
    manifest["/firmware/retired.py"] = "0" * 64  # a file an older version deployed
    (tmp_path / "firmware" / "retired.py").write_text("")
    (tmp_path / ".fusebox-manifest.json").write_text(json.dumps(manifest))
    third = deploy_drive.deploy_drive(str(tmp_path), "macropad", say=quiet, quiet=True)
    assert third["copied"] == 1 and third["removed"] == 1
    assert (tmp_path / "core" / "rng.mpy").read_bytes() == cp_compiled(
        ROOT / "core" / "rng.py", "core/rng.py"
    )
    assert not (tmp_path / "firmware" / "retired.py").exists()
    assert (tmp_path / "data" / "keep.json").exists()
    assert (tmp_path / "rulesets" / "mine.json").exists()


def test_a_micropython_profile_is_refused_on_a_drive(tmp_path):
    out = run_cli("deploy", "--board", "pico-ssd1306", "--drive", str(tmp_path))
    assert out.returncode == 1
    assert "not a CircuitPython profile" in out.stderr
    assert not list(tmp_path.iterdir())
    missing = run_cli("deploy", "--board", "macropad", "--drive", str(tmp_path / "nope"))
    assert missing.returncode == 1 and "mounted" in missing.stderr


def test_ruleset_push_to_the_drive_checks_then_copies(tmp_path):
    good = tmp_path / "quick.json"
    rs = json.loads((ROOT / "firmware" / "rulesets" / "timebomb.json").read_text())
    good.write_text(json.dumps(rs))
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "timebomb"}')
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    out = run_cli("ruleset", "push", str(bad), "--drive", str(drive))
    assert out.returncode == 1 and "nothing sent" in out.stdout
    assert not list(drive.iterdir())
    out = run_cli("ruleset", "push", str(good), "--drive", str(drive))
    assert out.returncode == 0, out.stdout + out.stderr
    assert (drive / "rulesets" / "quick.json").read_bytes() == good.read_bytes()


def test_the_drive_boots_to_the_main_menu_from_its_own_files(tmp_path):
    # As sources: CPython cannot import CircuitPython's .mpy (test_board_circuitpython.py boots
    # the compiled drive on CircuitPython itself).
    deploy_drive.deploy_drive(str(tmp_path), "macropad", say=quiet, quiet=True, sources=True)
    prog = """
import sys
sys.path[:0] = [%r, %r]
sys.path.append(%r)
from tools.sim import circuitpython as cpy_board
cpy_board.install()
from firmware.circuitpy.setup import setup
hw = setup("board.json")
import firmware, core
from firmware import app
a = app.App(hw, hw.name)
a.boot(hw.ticks_ms())
a.step()
print(firmware.__file__.startswith(%r), core.__file__.startswith(%r))
print(type(a.stack.top()).__name__, a.stack.top().title)
""" % (str(tmp_path), str(ROOT / "tools" / "sim" / "cpython"), str(ROOT), *[str(tmp_path)] * 2)
    out = subprocess.run(
        [sys.executable, "-c", prog], capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.splitlines()[-2:] == ["True True", "SavesList Fusebox"]


def test_the_drive_file_set_is_micropythons_plus_the_layer():
    mp = {r[:-4] for _, r, c in deploy.sources() if c}
    cp = {p[:-3] for p, _ in deploy_drive.drive_files("macropad") if p.endswith(".py")}
    libs = {"/lib/adafruit_display_text/__init__", "/lib/adafruit_display_text/bitmap_label"}
    libs |= {"/lib/adafruit_ticks"}  # bitmap_label imports it
    assert cp - mp == {"/code", "/lib/neopixel"} | libs | {
        "/" + deploy.CIRCUITPY_LAYER + "/" + n
        for n in ("__init__", "canvas", "font8", "framebuf", "hardware", "lights", "nvmsave")
        + ("setup",)
    }
    # The Pico + SSD1306 build: its display's driver instead of the MacroPad's pixels.
    pico = deploy_drive.drive_files("pico-ssd1306-circuitpython")
    pico = {p[:-3] for p, _ in pico if p.endswith(".py")}
    assert pico - mp - cp == {"/lib/adafruit_displayio_ssd1306"}
    assert cp - pico == {"/lib/neopixel"}
