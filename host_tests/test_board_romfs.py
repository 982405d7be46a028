"""Deploy on the ROMFS firmware (../shared/rp2/RPI_PICO_ROMFS-v1.28.0, emulated, tools/pico/): the
code in /rom as one image and only runtime files on littlefs, the same main menu as the stock
firmware's, a redeploy that writes nothing, a cut during the image's write that still boots to a
REPL, a changed source that rewrites the image, and a board moved from a littlefs deploy."""

import shutil
from pathlib import Path

import pytest

from host_tests.support.board import (
    SETTLE,
    board_run,
    boot_to_menu,
    booted,
    image,
    patient_mpremote,
)
from host_tests.support.frametext import has_text
from tools import pico
from tools.board import deploy, romfs
from tools.firmware import flashmap as firmware

pytestmark = pytest.mark.board

ROOT = Path(__file__).resolve().parents[1]
LIST = "import os\nprint(sorted(os.listdir('/')))\ntry:\n print(sorted(os.listdir('/rom')))\n"
LIST += "except OSError:\n print('no /rom')"


def quiet(*_):
    pass


def listing(p):
    """(the names at littlefs's root, the names at /rom or None when nothing is mounted)."""
    root, rom = board_run(p, LIST).strip().split("\n")
    return eval(root), None if rom.strip() == "no /rom" else eval(rom)


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    with patient_mpremote():
        p = booted(tmp_path_factory, "pico-romfs", firmware="romfs")
        yield p, image(tmp_path_factory, firmware="romfs")[1]
        p.close()


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """A snapshot of the sources with one change: the app's title (on the main menu)."""
    root = tmp_path_factory.mktemp("romfs-tree")
    skip = shutil.ignore_patterns("__pycache__")
    for folder in ("core", "firmware", "boards"):
        shutil.copytree(ROOT / folder, root / folder, ignore=skip)
    text = root / "firmware" / "text_en.py"
    before = text.read_text()
    text.write_text(before.replace('"app": "Fusebox"', '"app": "Fuseb0x"'))
    assert text.read_text() != before
    return root


@pytest.mark.timeout(240)
def test_a_blank_board_gets_its_code_in_rom_and_boots_to_the_stock_firmwares_menu(
    board, tmp_path_factory
):
    p, summary = board
    rom = summary["romfs"]
    assert rom["written"] and rom["rom_files"] > 100 and rom["image"] <= rom["partition"]
    rulesets = len(list((ROOT / "firmware" / "rulesets").glob("*.json")))
    # Everything else went to littlefs: main.py and board.json beside the rulesets.
    assert summary["copied"] == summary["files"] - rom["rom_files"] == 2 + rulesets, summary
    root, in_rom = listing(p)
    assert "core" not in root and "firmware" not in root, root
    assert {"main.py", "board.json", "rulesets"} <= set(root), root
    assert in_rom == ["core", "firmware"]
    boot_to_menu(p)
    assert any(t.endswith("screen 1 SavesList Fusebox") for _, t in p.lines), p.lines[-5:]
    frame = p.frame()
    with patient_mpremote():
        stock = booted(tmp_path_factory, "pico-romfs-stock-menu")
    try:
        assert frame == stock.frame()
    finally:
        stock.close()
    assert has_text(frame, "Time Bomb") and has_text(frame, "Bomb timer")


@pytest.mark.timeout(120)
def test_a_redeploy_with_nothing_changed_writes_nothing(board):
    p, _ = board
    p.go()
    with patient_mpremote():
        again = deploy.deploy(p.url, say=quiet)
    assert again["copied"] == 0 and again["removed"] == 0 and again["bytes"] == 0, again
    assert again["romfs"]["written"] is False


@pytest.mark.timeout(240)
def test_a_cut_while_the_image_is_written_boots_to_the_notice_with_a_repl(board, tree):
    p, _ = board
    lines = len(p.lines)
    p.go()
    written, err = [], None
    with patient_mpremote():
        b = deploy.Board(p.url).__enter__()
        try:
            march = deploy.target(b.t.eval("__import__('sys').implementation._mpy"))
            changed = deploy.compile_all(deploy.sources(str(tree)), march, str(tree))
            new = romfs.build(deploy.runtime_only(changed)[0])
            b.mark(True)  # as deploy does before it changes the installed code
            part = romfs.Partition(b)

            def cut_after_some_blocks(n):
                written.append(n)
                if len(written) == 8:
                    p.arm_cut()  # a hard reset as the next flash erase or program begins

            part.write(new, progress=cut_after_some_blocks, every=True)
        except Exception as e:  # the board went away mid-exec: mpremote raises what it meets
            err = e
        finally:
            try:
                b.t.close()
            except Exception:
                pass
    assert err is not None and 8 <= len(written) < len(new) // part.block, (err, written)
    p.pause()
    p.settle(**SETTLE)
    # main.py saw the marker and started no app (the display's code is in the half-written
    # image, so its notice can only go to the console); the REPL answers, nothing is mounted.
    assert not any(t.startswith("screen ") for _, t in p.lines[lines:]), p.lines[lines:]
    root, in_rom = listing(p)
    assert in_rom is None and {"main.py", "update-incomplete"} <= set(root), root


@pytest.mark.timeout(240)
def test_a_redeploy_after_one_source_change_rewrites_the_image_and_runs_it(board, tree):
    p, _ = board
    p.go()
    with patient_mpremote():
        again = deploy.deploy(p.url, say=quiet, root=str(tree))
    rom = again["romfs"]
    # Only the blocks that differ are written: the header's, and the one or two that hold the
    # changed module (the title keeps its length, so nothing after it moves).
    assert rom["written"] and 1 <= rom["blocks"] <= 4, again
    boot_to_menu(p)
    assert any(t.endswith("screen 1 SavesList Fuseb0x") for _, t in p.lines), p.lines[-5:]
    assert has_text(p.frame(), "Fuseb0x")


@pytest.mark.timeout(240)
def test_a_board_moved_from_a_littlefs_deploy_loses_the_code_that_would_shadow_rom(
    tmp_path_factory, tree
):
    # A littlefs deploy's flash (littlefs sits where both firmware files keep it) whose ROMFS
    # region holds an image of the changed tree, as an earlier ROMFS deploy would leave it:
    # while the littlefs code is there it wins, and the menu does not show the changed title.
    stock_img, _ = image(tmp_path_factory)
    flash = tmp_path_factory.mktemp("pico-romfs-moved") / "flash.bin"
    data = bytearray(stock_img.read_bytes())
    old = romfs.build(deploy.runtime_only(_compiled(tree))[0])
    start, end = firmware.ROMFS
    data[start : start + len(old)] = old
    data[start + len(old) : end] = b"\xff" * (end - start - len(old))
    flash.write_bytes(bytes(data))
    with patient_mpremote(), pico.Pico(flash=str(flash), firmware="romfs") as p:
        p.pause()
        p.settle(**SETTLE)
        assert any(t.endswith("screen 1 SavesList Fusebox") for _, t in p.lines), p.lines[-5:]
        root, in_rom = listing(p)
        assert {"core", "firmware"} <= set(root) and in_rom == ["core", "firmware"], root
        p.go()
        moved = deploy.deploy(p.url, say=quiet)
        rom = moved["romfs"]
        assert rom["written"] and 1 <= rom["blocks"] <= 4, moved  # the title's block, the header's
        assert moved["removed"] >= rom["rom_files"], moved  # every module littlefs held
        root, in_rom = listing(p)
        assert "core" not in root and "firmware" not in root and in_rom == ["core", "firmware"]
        boot_to_menu(p)  # the code now comes from /rom: littlefs has none
        assert any(t.endswith("screen 1 SavesList Fusebox") for _, t in p.lines), p.lines[-5:]


def _compiled(tree):
    """The changed tree's (board path, bytes), compiled for the RP2040's Cortex-M0+."""
    return deploy.compile_all(deploy.sources(str(tree)), "armv6m", str(tree))
