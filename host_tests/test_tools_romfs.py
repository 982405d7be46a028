"""The ROMFS image deploy builds (tools/romfs.py, mpremote's writer), the order it is written in,
and the firmware check of the flash map (tools/firmware.py), on the host."""

import ast
import binascii
import hashlib
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from core import games
from tools import deploy, firmware, pico, romfs
from tools.vboard import find_micropython

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
    tools/romfs.py sends (erase sets 0xFF, program can only clear bits) and logs each step."""

    def __init__(self, size=64 * BLOCK, flip=None):
        self.mem = bytearray(b"\xff" * size)
        self.log = []  # ("erase", block) | ("program", offset, length)
        self.flip = flip  # an offset whose bit 0 a program leaves set: a bad write

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
        self.log.append(("erase", k))
        self.mem[k * BLOCK : (k + 1) * BLOCK] = b"\xff" * BLOCK

    def program(self, at, data):
        assert at % romfs.PAGE == 0 and len(data) % romfs.PAGE == 0, (at, len(data))
        self.log.append(("program", at, len(data)))
        for i, byte in enumerate(data):
            self.mem[at + i] &= byte | (1 if at + i == self.flip else 0)


def image_of(n_blocks, salt=b""):
    files = [("/firmware/m%02d.mpy" % i, salt + bytes([i]) * 1500) for i in range(n_blocks * 2)]
    return romfs.build(files)


def test_a_write_erases_the_header_first_and_programs_its_page_last():
    board, image = FakeFlash(), image_of(6)
    part = romfs.Partition(board)
    written = part.write(image)
    assert bytes(board.mem[: len(image)]) == image
    assert written == -(-len(image) // BLOCK)
    assert board.log[0] == ("erase", 0)  # no valid header from the first change on
    assert board.log[-1] == ("program", 0, romfs.PAGE)  # ... until the header's own page
    assert ("program", romfs.PAGE, BLOCK - romfs.PAGE) in board.log[-2:]


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


ELF = pico.ROOT.parent / "shared" / "rp2" / "RPI_PICO_ROMFS-v1.28.0.elf.gz"


@pytest.mark.skipif(not ELF.exists(), reason="no %s (../shared/rp2/)" % ELF.name)
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
