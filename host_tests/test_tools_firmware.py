"""The host side of Fusebox's own firmware (tools/firmware/): the UF2 writer and reader, the ROMFS
data image (mounted on the unix port, where the app's catalog lists the shipped rulesets beside a
pushed one), the flash-map check and the boards' post-build step, the board directories against
the flash map the tools use, and the build's errors. The builds themselves boot in
test_board_fusebox.py."""

import gzip
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools import pico
from tools.firmware import build, flashmap, image, romfs, uf2
from tools.vboard.server import find_micropython

ROOT = Path(__file__).resolve().parents[1]
BOARDS = ROOT / "boards" / "micropython"


# ---------------------------------------------------------------- UF2
def test_a_packed_uf2_reads_back_as_its_parts_numbered_as_one_file():
    fw, rom = bytes(range(256)) * 3 + b"\x01" * 10, b"\xd2\xcd\x31" + b"r" * 600
    data = uf2.pack([(0, fw), (0x98000, rom)])
    assert len(data) % 512 == 0
    n = len(data) // 512
    assert n == 4 + 3  # 778 bytes in 4 pages, 603 in 3
    numbers = [int.from_bytes(data[i * 512 + 20 : i * 512 + 24], "little") for i in range(n)]
    counts = {int.from_bytes(data[i * 512 + 24 : i * 512 + 28], "little") for i in range(n)}
    assert numbers == list(range(n)) and counts == {n}  # one file for the boot ROM
    flash = uf2.flash_image(data)
    assert flash[: len(fw)] == fw and flash[len(fw) : 1024] == b"\xff" * (1024 - len(fw))
    assert flash[0x98000 : 0x98000 + len(rom)] == rom
    assert flash[0x99000:] == b"\xff" * (len(flash) - 0x99000)


def test_uf2_refuses_overlaps_odd_starts_and_what_is_not_a_uf2():
    with pytest.raises(ValueError, match="overlap"):
        uf2.pack([(0, b"x" * 300), (256, b"y")])
    with pytest.raises(ValueError, match="256-byte page"):
        uf2.pack([(100, b"x")])
    with pytest.raises(ValueError, match="past the 2 MB"):
        uf2.pack([(uf2.FLASH_SIZE - 256, b"x" * 512)])
    with pytest.raises(ValueError, match="whole number"):
        uf2.blocks(b"UF2")
    good = uf2.pack([(0, b"a" * 256)])
    with pytest.raises(ValueError, match="no UF2 magic"):
        uf2.blocks(b"\0" * 4 + good[4:])


def test_blocks_for_another_chip_are_left_out_as_the_boot_rom_leaves_them():
    other = uf2.pack([(0, b"z" * 256)], family=0x12345678)
    assert uf2.blocks(other) == []
    assert uf2.blocks(uf2.pack([(0, b"z" * 256)])) == [(0, b"z" * 256)]


# ---------------------------------------------------------------- the ROMFS data image
def test_the_data_image_holds_the_profile_and_every_shipped_ruleset():
    files = dict(image.files("thumby"))
    assert files["/board.json"] == (ROOT / "boards" / "thumby.json").read_bytes()
    shipped = sorted(p.name for p in (ROOT / "firmware" / "rulesets").glob("*.json"))
    assert sorted(p.rsplit("/", 1)[1] for p in files if p.startswith("/rulesets/")) == shipped
    img = image.build("thumby")
    assert romfs.size(img) == len(img) <= flashmap.ROMFS[1] - flashmap.ROMFS[0]
    assert romfs.size(b"\xff" * 16) is None and romfs.size(b"") is None


_LIST = """import vfs, sys
f = open(%r, 'rb')
vfs.mount(vfs.VfsRom(f.read()), '/rom')
f.close()
sys.path.insert(0, %r)
from firmware import catalog, hardware
print(hardware.profile_path(), hardware.load_profile()['name'])
for e in catalog.scan():
    print(e.path, e.name)
"""


@pytest.mark.skipif(not find_micropython(), reason="no MicroPython unix port")
def test_on_micropython_the_app_reads_the_image_and_a_pushed_file_replaces_a_shipped_one(
    tmp_path,
):
    img = tmp_path / "data.romfs"
    img.write_bytes(image.build("pico-sh1106"))
    board = tmp_path / "board"  # the flash's root: nothing deployed, one pushed ruleset
    (board / "rulesets").mkdir(parents=True)
    mine = (ROOT / "firmware" / "rulesets" / "timebomb.json").read_text()
    (board / "rulesets" / "timebomb.json").write_text(mine.replace('"Time Bomb"', '"House Bomb"'))

    def run():
        out = subprocess.run(
            [find_micropython(), "-c", _LIST % (str(img), str(ROOT))],
            cwd=board,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 0, out.stderr
        return out.stdout.splitlines()

    lines = run()
    assert lines[0] == "/rom/board.json pico-sh1106"  # no /board.json: the image's profile
    listed = {p.rsplit("/", 1)[1]: (p, name) for p, name in (x.split(" ", 1) for x in lines[1:])}
    shipped = sorted(p.name for p in (ROOT / "firmware" / "rulesets").glob("*.json"))
    assert sorted(listed) == shipped
    assert listed["timebomb.json"] == ("rulesets/timebomb.json", "House Bomb")
    assert listed["timebomb2.json"][0] == "/rom/rulesets/timebomb2.json"
    (board / "board.json").write_bytes((ROOT / "boards" / "thumby.json").read_bytes())
    assert run()[0] == "board.json thumby"  # a deployed profile comes first


# ---------------------------------------------------------------- the flash map and the boards
def _stock_romfs_elf():
    """An rp2 ELF to check (the shared ROMFS build: its image ends near 340 KB)."""
    try:
        fw, _ = pico.firmware_files()
    except FileNotFoundError:
        return ROOT.parent / "shared" / "rp2" / "RPI_PICO_ROMFS-v1.28.0.elf.gz"
    return fw.with_name("RPI_PICO_ROMFS-v1.28.0.elf.gz")


ELF = _stock_romfs_elf()


@pytest.mark.skipif(not ELF.exists(), reason="no %s" % ELF)
def test_the_firmware_check_passes_an_image_below_the_romfs_and_fails_one_that_overlaps():
    ok, line = flashmap.check(str(ELF))
    assert ok and "bytes below the ROMFS at 0x10098000" in line, line
    ok, line = flashmap.check(str(ELF), romfs_start=0x040000)  # as if ROMFS began at 256 KB
    assert not ok and "bytes into the ROMFS partition at 0x10040000" in line, line
    cli = ["-m", "tools", "firmware", "check", "--romfs-start", "0x40000", str(ELF)]
    out = subprocess.run([sys.executable, *cli], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 1 and "into the ROMFS partition" in out.stderr, out
    ok, line = flashmap.check(str(ELF)[: -len(".elf.gz")] + ".bin")
    assert not ok and "give the firmware's .elf" in line


@pytest.mark.skipif(not ELF.exists(), reason="no %s" % ELF)
@pytest.mark.skipif(not (shutil.which("cmake") and shutil.which("nm")), reason="no cmake or nm")
def test_the_boards_post_build_step_passes_an_image_and_drops_the_uf2_of_an_overlap(tmp_path):
    elf = tmp_path / "firmware.elf"
    elf.write_bytes(gzip.decompress(ELF.read_bytes()))
    out_uf2 = tmp_path / "firmware.uf2"
    out_uf2.write_bytes(b"UF2")

    def post_build(start):
        cmd = ["cmake", "-DNM=nm", "-DELF=%s" % elf, "-DROMFS_START=%d" % start]
        cmd += ["-P", str(BOARDS / "check_romfs.cmake")]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60)

    ok = post_build(flashmap.ROMFS[0])
    assert ok.returncode == 0 and "below the ROMFS at 0x98000" in ok.stdout, ok
    assert out_uf2.exists()
    over = post_build(0x040000)
    assert over.returncode != 0 and "bytes into the ROMFS partition" in over.stderr, over
    assert not out_uf2.exists()  # nothing flashable is left of a build that overlaps the ROMFS


def test_every_board_directory_sets_the_flash_map_the_tools_use():
    cmake = (BOARDS / "fusebox.cmake").read_text()
    storage = int(re.search(r"set\(MICROPY_HW_FLASH_STORAGE_BYTES (\d+)\)", cmake).group(1))
    rom = int(re.search(r"set\(MICROPY_HW_ROMFS_BYTES (\d+)\)", cmake).group(1))
    flash = 2 * 1024 * 1024  # the Pico's W25Q16 (the Thumby's flash is as big)
    assert flashmap.LITTLEFS == (flash - storage, flash) == (0x0A0000, 0x200000)  # stock's
    assert flashmap.ROMFS == (flash - storage - rom, flash - storage)
    assert flashmap.FIRMWARE == (0, flashmap.ROMFS[0])
    dirs = sorted(d.name for d in BOARDS.iterdir() if d.is_dir())
    assert dirs == sorted(build.DIRS.values())  # a directory a MicroPython profile, no other
    for profile, name in build.DIRS.items():
        header = (BOARDS / name / "mpconfigboard.h").read_text()
        board_cmake = (BOARDS / name / "mpconfigboard.cmake").read_text()
        # v1.28.0 reads the sizes from the header, later versions from CMake: the same.
        kb = re.search(r"#define MICROPY_HW_ROMFS_BYTES \((\d+) \* 1024\)", header).group(1)
        assert int(kb) * 1024 == rom, name
        kb = re.search(r"#define MICROPY_HW_FLASH_STORAGE_BYTES \((\d+) \* 1024\)", header)
        assert int(kb.group(1)) * 1024 == storage, name
        assert 'set(FUSEBOX_PROFILE "%s")' % profile in board_cmake
        assert (ROOT / "boards" / (profile + ".json")).exists()


def test_a_build_names_what_is_wrong_before_it_starts(tmp_path):
    with pytest.raises(build.BuildError, match="no MicroPython board directory; one of"):
        build.Builder(log=lambda s: None, cache=tmp_path).build("macropad")
    with pytest.raises(build.BuildError, match="not a MicroPython source tree"):
        build.Builder(source=tmp_path, log=lambda s: None, cache=tmp_path).tree()
    out = subprocess.run(
        [sys.executable, "-m", "tools", "firmware", "build", "--board", "nope"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 1 and "nope: no MicroPython board directory" in out.stderr


def test_the_build_key_changes_with_the_app_and_the_profile_and_not_otherwise(tmp_path):
    app = tmp_path / "app"
    for pkg in ("core", "firmware"):
        shutil.copytree(ROOT / pkg, app / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    key = build.inputs_key("pico-ssd1306", "src", app)
    assert build.inputs_key("pico-ssd1306", "src", app) == key
    assert build.inputs_key("thumby", "src", app) != key
    (app / "firmware" / "app.py").write_text((app / "firmware" / "app.py").read_text() + "\n")
    assert build.inputs_key("pico-ssd1306", "src", app) != key
