"""deploy: compiled, hash-verified, incremental installs to a vboard over the real mpremote."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from host_tests.support.deployed import boot_on_vboard
from tools.board import deploy
from tools.sim import process as simproc
from tools.vboard.server import VBoard, find_micropython

pytestmark = pytest.mark.skipif(not find_micropython(), reason="no MicroPython unix port")
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def vboard(tmp_path):
    with VBoard(tmp_path / "flash") as board:
        yield board


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """A snapshot of the sources: the working tree may change under a running test."""
    root = tmp_path_factory.mktemp("tree")
    skip = shutil.ignore_patterns("__pycache__")
    for folder in ("core", "firmware", "boards"):
        shutil.copytree(ROOT / folder, root / folder, ignore=skip)
    (root / deploy.SIM_HAL).parent.mkdir(parents=True)
    shutil.copy(ROOT / deploy.SIM_HAL, root / deploy.SIM_HAL)
    return root


def quiet(*_):
    pass


@pytest.fixture
def run_deploy(tree):
    def run(board, **kw):
        return deploy.deploy(board.url, board="sim", say=quiet, root=str(tree), **kw)

    return run


def test_full_deploy_installs_the_board_layout(vboard, run_deploy, tree):
    summary = run_deploy(vboard)
    flash = Path(vboard.flash)
    assert (flash / "main.py").read_bytes() == (tree / "firmware" / "main.py").read_bytes()
    assert (flash / "board.json").read_bytes() == (tree / "boards" / "sim.json").read_bytes()
    for rs in (tree / "firmware" / "rulesets").glob("*.json"):
        assert (flash / "rulesets" / rs.name).read_bytes() == rs.read_bytes()
    for pkg in ("core", "firmware"):
        for src in (tree / pkg).rglob("*.py"):
            rel = src.relative_to(tree)
            if rel.as_posix() == "firmware/main.py":
                continue
            mpy = flash / rel.with_suffix(".mpy")
            if rel.as_posix().startswith(deploy.CIRCUITPY_LAYER + "/"):
                assert not mpy.exists() and not (flash / rel).exists(), rel  # MicroPython's not
                continue
            assert mpy.read_bytes()[:2] == b"M\x06", rel  # .mpy v6, as this board reads
            assert not (flash / rel).exists()
    assert not list(flash.rglob("*.new"))  # every temporary name was renamed
    assert summary["copied"] == summary["files"] > 20
    assert summary["bytes"] == sum(
        p.stat().st_size for p in flash.rglob("*") if p.is_file() and p.name[0] != "."
    )
    assert 150_000 < summary["free_heap"] <= 192 * 1024
    manifest = json.loads((flash / ".fusebox-manifest.json").read_text())
    files = {"/" + p.relative_to(flash).as_posix() for p in flash.rglob("*") if p.is_file()}
    assert set(manifest) == files - {"/.fusebox-manifest.json"}


def test_redeploy_with_nothing_changed_copies_nothing(vboard, run_deploy):
    run_deploy(vboard)
    flash = Path(vboard.flash)
    stamps = {p: p.stat().st_mtime_ns for p in flash.rglob("*") if p.is_file()}
    sent_before = vboard.rx_bytes
    again = run_deploy(vboard)
    assert again["copied"] == 0 and again["bytes"] == 0 and again["removed"] == 0
    assert {p: p.stat().st_mtime_ns for p in flash.rglob("*") if p.is_file()} == stamps
    # Only the hash check and the reset went over the wire, not the files.
    assert vboard.rx_bytes - sent_before < 8000


def test_a_file_changed_on_the_board_is_the_only_one_copied(vboard, run_deploy):
    run_deploy(vboard)
    broken = Path(vboard.flash) / "core" / "ruleset.mpy"
    good = broken.read_bytes()
    broken.write_bytes(good[:-10])  # truncated, as by a cut-off copy
    again = run_deploy(vboard)
    assert again["copied"] == 1
    assert broken.read_bytes() == good


def test_a_deploy_that_changes_code_drops_the_ruleset_cache_and_one_that_does_not_keeps_it(
    vboard, run_deploy
):
    run_deploy(vboard)
    flash = Path(vboard.flash)
    (flash / "data").mkdir()
    cache = flash / "data" / "rulesets.cache"
    cache.write_text("verdicts of the old validators")
    (flash / "data" / "timebomb.json").write_text("{}")  # a save: never touched
    assert run_deploy(vboard)["removed"] == 0 and cache.exists()
    code = flash / "core" / "ruleset.mpy"
    code.write_bytes(code.read_bytes()[:-10])  # the validator on the board is not this tree's
    again = run_deploy(vboard)
    assert again["copied"] == 1 and again["removed"] == 1 and not cache.exists()
    assert (flash / "data" / "timebomb.json").read_text() == "{}"


def test_retired_files_are_removed_and_data_survives_clean(vboard, run_deploy):
    run_deploy(vboard)
    flash = Path(vboard.flash)
    manifest = flash / ".fusebox-manifest.json"
    listed = json.loads(manifest.read_text())
    listed["/firmware/retired.mpy"] = "0" * 64
    manifest.write_text(json.dumps(listed))
    (flash / "firmware" / "retired.mpy").write_bytes(b"old")
    (flash / "firmware" / "stray.py").write_text("x = 1")  # not deploy's, not in the manifest
    (flash / "data").mkdir()
    (flash / "data" / "save.json").write_text("{}")
    again = run_deploy(vboard)
    assert again["removed"] == 1 and not (flash / "firmware" / "retired.mpy").exists()
    assert (flash / "firmware" / "stray.py").exists()
    clean = run_deploy(vboard, clean=True)
    assert clean["copied"] == clean["files"] - 1  # all but board.json, unchanged and kept
    assert not (flash / "firmware" / "stray.py").exists()
    assert (flash / "data" / "save.json").read_text() == "{}"


def test_deployed_firmware_boots_there_to_the_main_menu(vboard, monkeypatch, run_deploy, tree):
    run_deploy(vboard)
    out = boot_on_vboard(vboard, "wait 500", "snap menu")
    assert "ready" in out
    snap = [line.split(" ")[2:] for line in out if line.startswith("snap menu ")]
    menu = simproc.parse_frame(snap[0])
    # The same sources run as .py under the sim tool draw the same main menu.
    monkeypatch.setattr(simproc, "ROOT", tree)
    with simproc.SimProc(board="sim", heap="512k", env={"FUSEBOX_SEED": "1"}) as sim:
        sim.wait(500)
        expected = sim.snap("menu")
    assert menu.lit() > 100
    assert menu == expected, menu.text()


def test_target_reads_the_mpy_version_and_arch_of_the_board():
    major, minor = deploy.mpy_cross_version()
    assert deploy.target(major | minor << 8 | 2 << 10) == "x64"
    assert deploy.target(major | minor << 8 | 4 << 10) == "armv6m"  # RP2040
    assert deploy.target(major) is None  # bytecode only
    with pytest.raises(OSError, match="mpy-cross"):
        deploy.target(major - 1)
    with pytest.raises(OSError):
        deploy.target(None)


def cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "tools", *args], capture_output=True, text=True, cwd=ROOT
    )


def test_cli_exit_codes(vboard):
    res = cli("deploy", "--board", "no-such-board", "--port", vboard.url)
    assert res.returncode == 1 and "no board profile 'no-such-board'" in res.stderr
    res = cli("deploy", "--port", "socket://127.0.0.1:1")
    assert res.returncode == 1 and res.stderr.startswith("deploy: ")
    assert cli("deploy", "--bogus").returncode == 2
    assert cli().returncode == 2
    res = cli("deploy", "--board", "sim", "--port", vboard.url)
    assert res.returncode == 0 and "verified" in res.stdout and "free heap" in res.stdout


def test_the_sim_hal_goes_only_to_sim_boards(tree):
    def shipped(sim):
        return {remote for _, remote, _ in deploy.sources(str(tree), sim)}

    assert "/hal_sim.mpy" in shipped(True)
    assert shipped(True) - shipped(False) == {"/hal_sim.mpy"}
    layer = {r for _, r, _ in deploy.sources(str(tree), circuitpy=True)} - shipped(False)
    assert layer and all(r.startswith("/" + deploy.CIRCUITPY_LAYER + "/") for r in layer)


def test_package_json_lists_what_deploy_ships():
    # After adding or removing a file under core/ or firmware/:
    #   python -m tools deploy --package-json
    listed = json.loads((ROOT / "package.json").read_text())
    assert listed == json.loads(deploy.package_json()), "package.json is stale"
    for dest, src in listed["urls"]:
        assert (ROOT / src).is_file(), src
        assert not dest.startswith("/") and not dest.endswith(".mpy")
    dests = [d for d, _ in listed["urls"]]
    assert {"main.py", "board.json", "firmware/__init__.py", "core/__init__.py"} <= set(dests)
    assert not [d for d in dests if "hal_sim" in d]
    assert not [d for d in dests if d.startswith(deploy.CIRCUITPY_LAYER + "/")]


def test_mip_installs_a_package_json_of_this_shape(vboard, tmp_path):
    (tmp_path / "rs").mkdir()
    (tmp_path / "rs" / "t.json").write_text('{"format": 1}')
    (tmp_path / "m.py").write_text("print('hi')\n")
    urls = [["main.py", "m.py"], ["rulesets/t.json", "rs/t.json"]]
    (tmp_path / "package.json").write_text(json.dumps({"urls": urls, "version": "0.1.0"}))
    cmd = [sys.executable, "-m", "mpremote", "connect", vboard.url, "mip", "install"]
    res = subprocess.run(
        cmd + ["--target", "/", str(tmp_path / "package.json")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    flash = Path(vboard.flash)
    assert (flash / "main.py").read_text() == "print('hi')\n"
    assert (flash / "rulesets" / "t.json").read_text() == '{"format": 1}'


def test_port_auto_detection_takes_one_board_and_lists_several(monkeypatch):
    from serial.tools import list_ports

    from tools.__main__ import resolve_port

    class Port:
        def __init__(self, device, vid):
            self.device, self.vid, self.description = device, vid, "Board in FS mode"

    found = [Port("/dev/ttyS0", None)]  # a motherboard UART: no USB id, never a board
    monkeypatch.setattr(list_ports, "comports", lambda: found)
    with pytest.raises(OSError, match="no board attached"):
        resolve_port(None)
    found.append(Port("/dev/ttyACM0", 0x2E8A))
    assert resolve_port(None) == "/dev/ttyACM0"
    assert resolve_port("socket://127.0.0.1:9") == "socket://127.0.0.1:9"
    found.append(Port("/dev/ttyACM1", 0x2E8A))
    with pytest.raises(OSError, match="several boards.*ttyACM0.*ttyACM1"):
        resolve_port(None)
