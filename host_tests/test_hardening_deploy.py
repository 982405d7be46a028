"""An interrupted deploy is never half an app: the board keeps its previous version (the new
files are staged as *.new), or, once installed files change, boots to "update incomplete:
deploy again" until a deploy finishes; the vboard reports its own folder as flash."""

import json
import runpy
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

import firmware
from host_tests.support.deployed import boot_on_vboard
from tools.board import deploy
from tools.vboard.server import DEFAULT_FLASH, VBoard, find_micropython

pytestmark = pytest.mark.skipif(not find_micropython(), reason="no MicroPython unix port")
ROOT = Path(__file__).resolve().parents[1]
NOTICE = "update incomplete: deploy again"


@pytest.fixture
def tree(tmp_path):
    """A snapshot of the sources, to change between deploys."""
    root = tmp_path / "tree"
    skip = shutil.ignore_patterns("__pycache__")
    for folder in ("core", "firmware", "boards"):
        shutil.copytree(ROOT / folder, root / folder, ignore=skip)
    (root / deploy.SIM_HAL).parent.mkdir(parents=True)
    shutil.copy(ROOT / deploy.SIM_HAL, root / deploy.SIM_HAL)
    return root


@pytest.fixture
def vboard(tmp_path):
    with VBoard(tmp_path / "flash") as board:
        yield board


def run_deploy(board, tree, **kw):
    return deploy.deploy(board.url, board="sim", say=lambda *_: None, root=str(tree), **kw)


class Cut(Exception):
    """The cable pulled: raised from inside a deploy."""


def cut_after(monkeypatch, method, n):
    """Make Board.<method> ('stage' or 'commit') stop after n of its board commands."""
    real_run, real = deploy.Board.run, getattr(deploy.Board, method)
    left = [n]

    def run(self, code):
        if self.cutting:
            left[0] -= 1
            if left[0] < 0:
                raise Cut()
        return real_run(self, code)

    def wrapped(self, files, *a, **kw):
        self.cutting = bool(files)
        try:
            return real(self, files, *a, **kw)
        finally:
            self.cutting = False

    monkeypatch.setattr(deploy.Board, "cutting", False, raising=False)
    monkeypatch.setattr(deploy.Board, "run", run)
    monkeypatch.setattr(deploy.Board, method, wrapped)


def boot_text(board):
    """What the deployed main.py prints when it finds the update marker."""
    with deploy.Board(board.url) as b:
        return b.run("import main").splitlines()


def test_a_deploy_cut_off_while_copying_leaves_the_previous_version(vboard, tree, monkeypatch):
    run_deploy(vboard, tree)
    flash = Path(vboard.flash)
    before = {p: p.read_bytes() for p in flash.rglob("*.mpy")}
    for src in (tree / "core").rglob("*.py"):  # a new version of every core module
        src.write_text(src.read_text() + "\n_NEW = 1\n")
    cut_after(monkeypatch, "stage", 3)
    with pytest.raises(Cut):
        run_deploy(vboard, tree)
    monkeypatch.undo()
    assert {p: p.read_bytes() for p in flash.rglob("*.mpy")} == before
    assert not (flash / "update-incomplete").exists()
    out = boot_on_vboard(vboard, "wait 500")
    assert "ready" in out and NOTICE not in out


@pytest.mark.parametrize("clean", [True, False])
def test_a_deploy_cut_off_after_it_changed_the_app_boots_to_a_notice(
    vboard, tree, monkeypatch, clean
):
    run_deploy(vboard, tree)
    for src in (tree / "firmware").rglob("*.py"):
        src.write_text(src.read_text() + "\n_NEW = 1\n")
    # --clean removes the app first and is cut while copying; without it, while renaming.
    cut_after(monkeypatch, "stage" if clean else "commit", 0 if not clean else 5)
    with pytest.raises(Cut):
        run_deploy(vboard, tree, clean=clean)
    monkeypatch.undo()
    flash = Path(vboard.flash)
    assert (flash / "update-incomplete").exists()
    assert boot_text(vboard)[0] == NOTICE
    again = run_deploy(vboard, tree)
    assert again["copied"] > 0 and not (flash / "update-incomplete").exists()
    out = boot_on_vboard(vboard, "wait 500")
    assert "ready" in out and NOTICE not in out


def test_the_vboard_reports_its_own_folder_as_flash(tmp_path):
    with VBoard(tmp_path / "flash", size=200 * 4096) as board:
        with deploy.Board(board.url) as b:
            empty = b.free_after_reset()[1]
            assert empty == (200 - 1) * 4096  # the root folder's block
            (Path(board.flash) / "big.bin").write_bytes(b"x" * (10 * 4096 + 1))
            assert b.free_after_reset()[1] == empty - 11 * 4096
            (Path(board.flash) / "huge.bin").write_bytes(b"x" * (300 * 4096))
            assert b.free_after_reset()[1] == 0
    assert DEFAULT_FLASH == 352 * 4096  # a Pico's MicroPython filesystem (1.4 MB)


def test_the_vboard_cli_takes_a_flash_size():
    res = subprocess.run(
        [sys.executable, "-m", "tools", "vboard", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert "--flash-size" in res.stdout


MICROPYTHON_BOARDS = [
    p.stem
    for p in sorted((ROOT / "boards").glob("*.json"))
    if json.loads(p.read_text()).get("runtime", "micropython") == "micropython"
]


@pytest.mark.parametrize("board", MICROPYTHON_BOARDS)
def test_the_notice_fits_on_every_boards_screen(board, tmp_path, monkeypatch):
    """main.py's notice drawn on a display of the board's size: every line whole on screen."""
    disp = json.loads((ROOT / "boards" / (board + ".json")).read_text())["display"]
    drawn = []

    class Display:  # what the notice calls: fill, text (8x8 letters), show
        width, height = disp["width"], disp["height"]

        def fill(self, c):
            drawn.clear()

        def text(self, s, x, y, c):
            drawn.append((s, x, y))

        def show(self):
            drawn.append("shown")

    class Hardware:
        display = Display()

    fake = types.ModuleType("firmware.hardware")
    fake.build = lambda: Hardware()
    monkeypatch.setitem(sys.modules, "firmware.hardware", fake)
    # `from firmware import hardware` takes the package's attribute first, when an earlier test
    # in this process imported the real module.
    monkeypatch.setattr(firmware, "hardware", fake, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "update-incomplete").write_text("")
    runpy.run_path(str(ROOT / "firmware" / "main.py"), run_name="main")
    assert drawn[-1] == "shown" and len(drawn) > 3, drawn
    for s, x, y in drawn[:-1]:
        assert x >= 0 and x + 8 * len(s) <= Display.width, (board, s, Display.width)
        assert y >= 0 and y + 8 <= Display.height, (board, s, Display.height)
    words = " ".join(s for s, _, _ in drawn[:-1])
    assert words.startswith("update ") and words.endswith(" deploy again"), words
