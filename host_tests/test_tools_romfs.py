"""The ROMFS image deploy builds (tools/board/romfs.py, mpremote's writer), the order it is written
in,
and the firmware check of the flash map (tools/firmware/flashmap.py), on the host."""

import ast
import binascii
import gzip
import hashlib
import re
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from core import games
from tools import pico
from tools.board import deploy, romfs
from tools.firmware import flashmap as firmware
from tools.vboard.server import find_micropython

ROOT = Path(__file__).resolve().parents[1]
BLOCK = 4096


def compiled():
    """The app's modules as deploy would put them in /rom, compiled as plain bytecode (which any
    MicroPython loads, the unix port included)."""
    files = deploy.compile_all(deploy.sources(str(ROOT)), None, str(ROOT))
    return deploy.runtime_only(files)[0]


_MOUNT = """import vfs, sys
f = open(%r, 'rb')
vfs.mount(vfs.VfsRom(f.read()), '/rom')
f.close()
sys.path.insert(0, '/rom')
import os
print(sorted(os.listdir('/rom')), len(os.listdir('/rom/firmware/screens')))
from core import games
print(games.IDS)
print(games.module('timebomb').__file__)
"""


@pytest.mark.skipif(not find_micropython(), reason="no MicroPython unix port")
def test_the_image_mounts_on_micropython_and_the_app_imports_from_rom(tmp_path):
    rom = compiled()
    image = romfs.build(rom)
    assert romfs.size(image) == len(image)
    img = tmp_path / "app.romfs"
    img.write_bytes(image)
    out = subprocess.run(
        [find_micropython(), "-c", _MOUNT % str(img)],
        cwd=tmp_path,  # nothing of the app on this path: it can only come from /rom
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    listed, ids, where = out.stdout.splitlines()
    screens = len([p for p, _ in rom if p.startswith("/firmware/screens/")])
    assert listed == "%r %d" % (["core", "firmware"], screens)
    assert ids == repr(games.IDS)
    assert where == "/rom/core/timebomb/__init__.mpy"


def test_runtime_files_stay_on_littlefs_and_the_code_goes_to_rom():
    files = [("/main.py", b"m"), ("/board.json", b"{}"), ("/rulesets/a.json", b"{}")]
    files += [("/core/rng.mpy", b"M"), ("/firmware/app.mpy", b"M")]
    rom, rest = deploy.runtime_only(files)
    assert [p for p, _ in rom] == ["/core/rng.mpy", "/firmware/app.mpy"]
    assert [p for p, _ in rest] == ["/main.py", "/board.json", "/rulesets/a.json"]


def test_the_header_gives_the_images_length_and_anything_else_is_not_an_image():
    image = romfs.build([("/a/b.mpy", b"x" * 300), ("/c.mpy", b"y")])
    assert image.startswith(romfs.HEADER) and romfs.size(image) == len(image)
    assert romfs.size(b"\xff" * 16) is None and romfs.size(b"") is None


class FakeFlash:
    """A board session whose ROMFS partition is a NOR flash in host memory: it answers the execs
    tools/board/romfs.py sends (erase sets 0xFF, program only clears bits), logging each step."""

    def __init__(self, size=64 * BLOCK, flip=None):
        self.mem = bytearray(b"\xff" * size)
        self.log = []  # ("erase", block) | ("program", offset, length)
        self.flip = flip  # an offset whose bit 0 a program leaves set: a bad write
        self.cut = None  # (n, fraction): power lost during the n-th erase/program, that much done

    def _op(self, length):
        """How many bytes of the next operation happen; raises once a cut operation is done."""
        if self.cut is None or len(self.log) < self.cut[0]:
            return length
        if len(self.log) == self.cut[0]:
            return int(length * self.cut[1])
        raise ConnectionError("the board lost power")

    def run(self, code):
        if code.startswith("import hashlib"):  # the partition's size and erase block
            return "%d %d\n" % (len(self.mem), BLOCK)
        if code.startswith("try:\n    vfs.umount"):  # the writer's helpers; deflate here
            return "1\n"
        if code.startswith("print(_rom_hash("):
            n = int(code[len("print(_rom_hash(") : -2])
            return hashlib.sha256(self.mem[:n]).hexdigest() + "\n"
        if code.startswith("_rom_blocks("):
            n, bs = ast.literal_eval(code[len("_rom_blocks") :])
            spans = [self.mem[a : min(a + bs, n)] for a in range(0, n, bs)]
            return "".join(hashlib.sha256(s).hexdigest() + "\n" for s in spans)
        if code == "_rom.ioctl(6, 0)":
            self.erase(0)
            return ""
        if code.startswith("_rom_put("):
            k, z, at, erase = ast.literal_eval(code[len("_rom_put") :])
            if erase:
                self.erase(k)
            data = zlib.decompress(binascii.a2b_base64(z), wbits=-9)
            self.program(k * BLOCK + at, data)
            return ""
        raise AssertionError("unexpected exec: " + code[:60])

    def erase(self, k):
        n = self._op(BLOCK)
        self.log.append(("erase", k))
        self.mem[k * BLOCK : k * BLOCK + n] = b"\xff" * n
        self._after()

    def program(self, at, data):
        assert at % romfs.PAGE == 0 and len(data) % romfs.PAGE == 0, (at, len(data))
        n = self._op(len(data))
        self.log.append(("program", at, len(data)))
        for i, byte in enumerate(data[:n]):
            self.mem[at + i] &= byte | (1 if at + i == self.flip else 0)
        self._after()

    def _after(self):
        if self.cut is not None and len(self.log) > self.cut[0]:
            raise ConnectionError("the board lost power")


def image_of(n_blocks, salt=b""):
    files = [("/firmware/m%02d.mpy" % i, salt + bytes([i]) * 1500) for i in range(n_blocks * 2)]
    return romfs.build(files)


def test_a_write_erases_the_header_first_and_programs_its_page_last():
    board, image = FakeFlash(), image_of(6)
    part = romfs.Partition(board)
    written = part.write(image)
    assert bytes(board.mem[: len(image)]) == image
    assert written == -(-len(image) // BLOCK)
    assert board.log[0] == ("erase", 0)  # no valid header from the first change on ...
    assert board.log[-3:] == [
        ("program", romfs.PAGE, BLOCK - romfs.PAGE),
        ("program", 0, romfs.PAGE),  # the first page, its magic bytes left erased
        ("program", 0, romfs.PAGE),  # ... until the magic alone, last
    ]


@pytest.mark.parametrize("fraction", [0.0, 0.5, 0.99])
def test_a_cut_anywhere_in_a_write_leaves_one_image_whole_or_none_mountable(fraction):
    old = image_of(4)
    new = image_of(4, salt=b"!")  # every block differs
    steps = None
    for cut in range(10**6):
        board = FakeFlash()
        romfs.Partition(board).write(old)
        board.log.clear()
        board.cut = (cut, fraction)
        try:
            romfs.Partition(board).write(new)
        except ConnectionError:
            pass
        mountable = board.mem[:3] == romfs.HEADER  # what VfsRom checks before it mounts
        whole = bytes(board.mem[: len(new)]) == new or bytes(board.mem[: len(old)]) == old
        assert not mountable or whole, (cut, board.log[-1])
        if len(board.log) <= cut:  # the write ended before the cut: every moment was tried
            steps = cut
            break
    assert steps and steps > 2 * (len(new) // BLOCK)  # an erase and a program per block


def test_a_rewrite_keeps_the_blocks_that_already_hold_the_image():
    board = FakeFlash()
    part = romfs.Partition(board)
    old = image_of(6)
    part.write(old)
    new = bytearray(old)
    new[-10] ^= 0xFF  # a change in the last block only (the length stays)
    board.log.clear()
    written = part.write(bytes(new))
    assert bytes(board.mem[: len(new)]) == bytes(new)
    last = (len(new) - 1) // BLOCK
    assert written == 2 and [e for e in board.log if e[0] == "erase"] == [("erase", 0)] + [
        ("erase", last)
    ]
    assert part.holds(bytes(new)) and not part.holds(old)


def test_a_write_that_reads_back_different_fails_and_a_too_big_image_is_refused():
    image = image_of(3)
    bad = next(i for i in range(BLOCK, len(image)) if not image[i] & 1)  # a bit the image clears
    board = FakeFlash(flip=bad)
    part = romfs.Partition(board)
    with pytest.raises(OSError, match="reads back different"):
        part.write(image)
    small = FakeFlash(size=2 * BLOCK)
    with pytest.raises(OSError, match="partition holds 8192"):
        romfs.Partition(small).write(image_of(3))
    assert small.log == []  # refused before anything was erased


class NotABlockDevice(romfs.Partition):
    """A ROMFS partition as ports other than rp2 give it: a buffer, no block ioctls."""

    def __init__(self, board):
        super().__init__(board)
        self.size, self.block = 64 * BLOCK, 0


@pytest.mark.skipif(not find_micropython(), reason="no MicroPython unix port")
def test_a_partition_deploy_cannot_write_is_refused_before_the_board_changes(
    tmp_path, monkeypatch
):
    from tools.vboard.server import VBoard

    monkeypatch.setattr(romfs, "Partition", NotABlockDevice)
    with VBoard(tmp_path / "flash") as board:
        with pytest.raises(OSError, match="mpremote romfs deploy"):
            deploy.deploy(board.url, board="sim", say=lambda *a: None)
        assert list((tmp_path / "flash").iterdir()) == []  # no marker, no file, nothing removed


def _romfs_elf():
    """The ROMFS firmware's ELF beside its .bin: where the board tests find the firmware
    ($FUSEBOX_PICO_FIRMWARE's folder, else ../shared/rp2/), so a clean clone's CI finds it."""
    try:
        fw, _ = pico.firmware_files("romfs")
    except FileNotFoundError:
        return pico.ROOT.parent / "shared" / "rp2" / "RPI_PICO_ROMFS-v1.28.0.elf.gz"
    return fw.with_name(fw.name[: -len(".bin")] + ".elf.gz")


ELF = _romfs_elf()


@pytest.mark.skipif(not ELF.exists(), reason="no %s" % ELF)
def test_the_firmware_check_passes_the_romfs_build_and_fails_an_image_that_overlaps_rom():
    ok, line = firmware.check(str(ELF))
    assert ok and "bytes below the ROMFS at 0x10060000" in line, line
    ok, line = firmware.check(str(ELF), romfs_start=0x040000)  # as if ROMFS began at 256 KB
    assert not ok and "bytes into the ROMFS partition at 0x10040000" in line, line
    cli = ["-m", "tools", "firmware", "check", "--romfs-start", "0x40000", str(ELF)]
    out = subprocess.run([sys.executable, *cli], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 1 and "into the ROMFS partition" in out.stderr, out
    ok, line = firmware.check(str(ELF)[: -len(".elf.gz")] + ".bin")
    assert not ok and "give the firmware's .elf" in line


BOARD = ROOT / "boards" / "micropython" / "FUSEBOX_PICO"


@pytest.mark.skipif(not ELF.exists(), reason="no %s" % ELF)
@pytest.mark.skipif(not (shutil.which("cmake") and shutil.which("nm")), reason="no cmake or nm")
def test_the_boards_post_build_step_passes_the_romfs_build_and_drops_the_uf2_of_an_overlap(
    tmp_path,
):
    elf = tmp_path / "firmware.elf"
    elf.write_bytes(gzip.decompress(ELF.read_bytes()))
    uf2 = tmp_path / "firmware.uf2"
    uf2.write_bytes(b"UF2")

    def post_build(start):
        cmd = ["cmake", "-DNM=nm", "-DELF=%s" % elf, "-DROMFS_START=%d" % start]
        cmd += ["-P", str(BOARD / "check_romfs.cmake")]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60)

    ok = post_build(firmware.ROMFS[0])
    assert ok.returncode == 0 and "below the ROMFS at 0x60000" in ok.stdout, ok
    assert uf2.exists()
    over = post_build(0x040000)
    assert over.returncode != 0 and "bytes into the ROMFS partition" in over.stderr, over
    assert not uf2.exists()  # nothing flashable is left of a build that overlaps the ROMFS


def test_the_board_definition_sets_the_flash_map_the_tools_use():
    header = (BOARD / "mpconfigboard.h").read_text()
    cmake = (BOARD / "mpconfigboard.cmake").read_text()
    storage = int(re.search(r"set\(MICROPY_HW_FLASH_STORAGE_BYTES (\d+)\)", cmake).group(1))
    rom = int(re.search(r"set\(MICROPY_HW_ROMFS_BYTES (\d+)\)", cmake).group(1))
    in_header = re.search(r"#define MICROPY_HW_ROMFS_BYTES \((\d+) \* 1024\)", header).group(1)
    assert rom == int(in_header) * 1024 == 256 * 1024  # v1.28.0 reads the header, later CMake
    flash = 2 * 1024 * 1024  # the Pico's W25Q16
    assert firmware.LITTLEFS == (flash - storage, flash) == (0x0A0000, 0x200000)  # stock's
    assert firmware.ROMFS == (flash - storage - rom, flash - storage)
    assert firmware.FIRMWARE == (0, firmware.ROMFS[0])
    pins = (BOARD / "pins.csv").read_text().split()
    assert "LED,GPIO25" in pins and len(pins) == 28  # RPI_PICO's pins, unchanged
