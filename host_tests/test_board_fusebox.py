"""Fusebox's own firmware (tools/firmware/build.py) on the emulated Pico (tools/pico/): the
pico-ssd1306 UF2 alone, its blocks written into a blank flash as the boot ROM writes them, boots
to the main menu the sim shows, with no mpremote step; a board's files (a game saved, settings and
a seat name changed, a ruleset pushed) stay when the same UF2, and a changed app's, is flashed
over it, and the game resumes; a development deploy over it runs instead of the frozen app until
`deploy --remove`; every MicroPython profile's image ends below littlefs."""

import shutil
from pathlib import Path

import pytest

from host_tests.support.board import SETTLE, board_run, patient_mpremote, require
from tools import pico
from tools.firmware import build, flashmap, image, uf2
from tools.pico.driver import PicoPlayer, SettledSim
from tools.play.driver import open_game, step

pytestmark = pytest.mark.board

ROOT = Path(__file__).resolve().parents[1]
CHANGED = "0.5.0+changed"  # the changed app's version (its firmware/version.py)


@pytest.fixture(scope="module")
def uf2_path():
    require(pico.FUSEBOX)
    return pico.fusebox_uf2()


def boot(flash, fw):
    """A Pico on `flash` (a file; none yet: a blank chip) with the UF2 `fw` flashed over it,
    settled where the app waits."""
    p = pico.Pico(flash=str(flash), firmware=(fw, pico.firmware_files()[1]))
    try:
        p.pause()
        p.settle(**SETTLE)
    except BaseException:
        p.close()
        raise
    return p


@pytest.mark.timeout(300)
def test_the_uf2_alone_boots_a_blank_board_to_the_menu_the_sim_shows(uf2_path, tmp_path):
    flash = tmp_path / "flash.bin"
    assert not flash.exists()  # a blank chip: nothing but the UF2's blocks
    p = boot(flash, uf2_path)
    try:
        said = [t for _, t in p.lines]
        assert any(t.startswith("screen 1 SavesList") for t in said), said[-5:]
        assert not any("Error" in t or "error: " in t for t in said), said
        frame = bytes(p.frame())
    finally:
        p.close()
    with SettledSim(board="pico-ssd1306", heap="512k") as sp:
        sp.battery(100)  # the Pico's VSYS is 5 V (USB): a full battery in the status bar
        sp.wait(10100)  # the app reads the battery every 10 s
        assert frame == sp.rests[-1], "the menu differs from the sim's"


def changed_app(tmp_path):
    """A copy of core/ and firmware/ with another version: a changed app to build and flash."""
    app = tmp_path / "app"
    for pkg in ("core", "firmware"):
        shutil.copytree(ROOT / pkg, app / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    v = app / "firmware" / "version.py"
    v.write_text(
        v.read_text().replace('VERSION = "%s"' % build.version(), 'VERSION = "%s"' % CHANGED)
    )
    assert CHANGED in v.read_text()
    return app


_FILES = """import os
for d in ('data', 'rulesets'):
    try:
        print(d, sorted(os.listdir(d)))
    except OSError:
        print(d, [])
from firmware.settings import Settings
from firmware.version import VERSION
s = Settings()
s.load()
print('settings', s.volume, s.names[0], VERSION)
"""


@pytest.mark.timeout(900)
def test_flashing_the_same_or_a_changed_app_keeps_the_boards_files_and_the_game(
    uf2_path, tmp_path
):
    from tools.board import rulesets

    flash = tmp_path / "flash.bin"
    p = boot(flash, uf2_path)
    try:
        pp = PicoPlayer(p)
        open_game(pp, 0, 0, 1)  # Time Bomb, 5 players: dealt, and saved
        for _ in range(3):
            step(pp)
        with patient_mpremote():
            board_run(
                p,
                "from firmware.settings import Settings\ns = Settings()\ns.load()\n"
                "s.volume = 3\ns.names[0] = 'Ada'\ns.save()",
            )
            mine = tmp_path / "mine.json"
            mine.write_text((ROOT / "firmware" / "rulesets" / "timebomb.json").read_text())
            text = mine.read_text().replace('"name": "Time Bomb"', '"name": "House Bomb"')
            mine.write_text(text)
            assert rulesets.push([str(mine)], p.url, out=lambda *a: None) == 0
            before = board_run(p, _FILES)
        p.save()
    finally:
        p.close()
    assert (
        "'timebomb.json'" in before and "'mine.json'" in before and "settings 3 Ada" in before
    ), before
    new = build.Builder(log=lambda line: None, app=changed_app(tmp_path)).build("pico-ssd1306")
    for fw, version in ((uf2_path, build.version()), (new, CHANGED)):
        p = boot(flash, fw)
        try:
            said = [t for _, t in p.lines]
            with patient_mpremote():
                after = board_run(p, _FILES)
        finally:
            p.close()
        assert after.replace(version, build.version()) == before  # every file kept
        assert "settings 3 Ada %s" % version in after, after
        # The board boots into the saved game's resume question.
        assert said and said[-1].startswith("screen 2 ResumeScreen"), said[-5:]
    p = boot(flash, new)
    try:
        pp = PicoPlayer(p)
        pp.tap("OK")  # resume: the game goes on where it was saved
        assert pp.logs and pp.top() not in ("ResumeScreen", "SavesList"), pp.logs
    finally:
        p.close()


@pytest.mark.timeout(600)
def test_a_deploy_over_it_runs_and_remove_brings_the_frozen_app_back(uf2_path, tmp_path):
    from tools.board import deploy

    flash = tmp_path / "flash.bin"
    p = boot(flash, uf2_path)
    try:
        with patient_mpremote():
            p.go()  # free-running while mpremote talks to it
            deploy.deploy(p.url, say=lambda *a: None)
            where = "import firmware.app as a\nprint(a.__file__)"
            p.reset()
            p.settle(**SETTLE)
            assert board_run(p, where).strip() == "firmware/app.mpy"  # littlefs's copy
            p.go()
            gone = deploy.remove_app(p.url, say=lambda *a: None)
            assert "/main.py" in gone and "/firmware/app.mpy" in gone
            n = len(p.lines)
            p.reset()
            p.settle(**SETTLE)
            said = [t for _, t in p.lines[n:]]
            assert said and said[-1].lstrip("> ").startswith("screen 1 SavesList"), said
            assert board_run(p, where).strip() == "firmware/app.py"  # frozen again (.py)
    finally:
        p.close()


@pytest.mark.timeout(900)
def test_every_profiles_image_ends_below_littlefs(uf2_path):
    b = build.Builder(log=lambda line: None)
    for board in sorted(build.DIRS):
        path = b.build(board)
        ok, line = flashmap.check(str(path.with_suffix(".elf")))
        assert ok, line
        parts = uf2.blocks(path.read_bytes())
        assert parts and max(off + len(d) for off, d in parts) <= flashmap.LITTLEFS[0], board
        rom = uf2.flash_image(path.read_bytes())[flashmap.ROMFS[0] : flashmap.ROMFS[1]]
        assert rom.startswith(image.romfs.HEADER), board  # its data, where /rom mounts
