"""romfs: the ROMFS image of the compiled app (mpremote's own writer) and writing it to a board.

MicroPython 1.25+ firmware built with a ROMFS partition mounts it read-only at /rom and imports
.mpy files from it in place: their bytecode and constants stay in flash instead of the heap. The
image is built with mpremote's VfsRomWriter (what `mpremote romfs build` uses) from the same
.mpy files deploy copies to littlefs on stock firmware, and written through `vfs.rom_ioctl` the
way `mpremote romfs deploy` writes it, with two differences: only the 4 KB erase blocks whose
contents differ (sha256 of each, computed on the board: nothing when nothing changed), and in an
order that never leaves a half-written image mountable (the first block is erased first and the
header's magic bytes are programmed last, alone), so a cut during the write boots to the REPL and a
redeploy mends it.
"""

import binascii
import hashlib
import zlib

from mpremote.romfs import VfsRomWriter

HEADER = VfsRomWriter.ROMFS_HEADER  # b"\xd2\xcd\x31": the first bytes of a ROMFS image
MOUNT = "/rom"
PAGE = 256  # the flash's program page: the header's page is written alone, last

# Runs on the board once per session: the partition (an rp2.Flash with block ioctls on rp2,
# or a plain buffer elsewhere), and the helpers the write execs call. -1 when there is none.
_OPEN = """import hashlib, binascii
try:
    import vfs
    _rom_n = vfs.rom_ioctl(1)
except (ImportError, AttributeError):
    _rom_n = 0
_rom = vfs.rom_ioctl(2, 0) if _rom_n > 0 else None
def _rom_hash(n):
    return binascii.hexlify(hashlib.sha256(memoryview(_rom)[:n]).digest()).decode()
def _rom_blocks(n, bs):
    m = memoryview(_rom)
    for a in range(0, n, bs):
        print(binascii.hexlify(hashlib.sha256(m[a:min(a + bs, n)]).digest()).decode())
if _rom is None:
    print(-1, 0)
elif hasattr(_rom, 'ioctl'):
    print(_rom.ioctl(4, 0) * _rom.ioctl(5, 0), _rom.ioctl(5, 0))
else:
    print(len(_rom), 0)
"""

# Erase-and-program helpers, defined once (the partition has block ioctls: rp2's Flash object).
# A chunk comes as base64 of raw deflate when the firmware has `deflate` (as mpremote sends it).
_WRITER = """try:
    vfs.umount('/rom')
except OSError:
    pass
try:
    from deflate import DeflateIO as _DI, RAW as _RAW
    from io import BytesIO as _BI
    def _rom_un(z):
        return _DI(_BI(binascii.a2b_base64(z)), _RAW, 9).read()
    print(1)
except ImportError:
    def _rom_un(z):
        return binascii.a2b_base64(z)
    print(0)
def _rom_put(k, z, at=0, erase=1):
    if erase:
        _rom.ioctl(6, k)
    _rom.writeblocks(k, _rom_un(z), at)
"""


def build(files):
    """The ROMFS image (bytes) of [(board path, bytes)] with mpremote's VfsRomWriter; the paths
    are absolute ("/firmware/app.mpy") and land under /rom at the same relative place."""
    writer, where = VfsRomWriter(), []
    for path, data in sorted(files):
        *dirs, name = path.strip("/").split("/")
        while where and where != dirs[: len(where)]:
            writer.closedir()
            where.pop()
        for d in dirs[len(where) :]:
            writer.opendir(d)
            where.append(d)
        writer.mkfile(name, data)
    for _ in where:
        writer.closedir()
    return writer.finalise()


def size(image):
    """The length an image's header says the image has (header and length field included),
    or None when `image` does not start with a ROMFS header."""
    if not image.startswith(HEADER):
        return None
    n, at = 0, len(HEADER)
    for at in range(len(HEADER), min(len(image), len(HEADER) + 5)):
        n = (n << 7) | (image[at] & 0x7F)
        if not image[at] & 0x80:
            return at + 1 + n
    return None


def sha(data):
    return hashlib.sha256(data).hexdigest()


class Partition:
    """The board's first ROMFS partition, through an open tools.board.deploy.Board session."""

    def __init__(self, board):
        self.b = board
        total, block = (int(x) for x in board.run(_OPEN).split())
        self.size = total if total > 0 else 0  # bytes; 0: the firmware has no ROMFS
        self.block = block  # erase block bytes; 0: no block ioctls (not a port we write to)

    def __bool__(self):
        return self.size > 0

    def hash(self, n):
        """sha256 hex of the partition's first n bytes, read on the board."""
        return self.b.run("print(_rom_hash(%d))" % n).strip()

    def check(self, image):
        """Raise OSError, saying why, when this image cannot be written here: not a ROMFS
        image, larger than the partition, or a partition that is not a block device (rp2's
        is; other ports take `mpremote romfs deploy`). Deploy asks before it changes anything."""
        if not image.startswith(HEADER):
            raise OSError("not a ROMFS image")
        if len(image) > self.size:
            raise OSError(
                "the ROMFS image is %d bytes but the board's ROMFS partition holds %d: "
                "the app has outgrown it" % (len(image), self.size)
            )
        if not self.block:
            raise OSError(
                "this board's ROMFS partition is not a block device (deploy writes rp2's); "
                "put the image there with `mpremote romfs deploy`"
            )

    def holds(self, image):
        """Whether the partition already starts with exactly this image."""
        return len(image) <= self.size and self.hash(len(image)) == sha(image)

    def block_hashes(self, n):
        """sha256 hex of each erase block of the partition's first n bytes (the last one
        shorter when n is not a whole number of blocks), read on the board."""
        return self.b.run("_rom_blocks(%d, %d)" % (n, self.block)).split()

    def write(self, image, progress=None, every=False):
        """Program the image, header last, then verify it; returns the blocks written. Blocks
        that already hold their part of the image are kept unless `every`; block 0, which holds
        the header, is always erased first and written last, its 3 magic bytes alone at the
        very end, so from the first change until then the partition holds no valid image and
        the firmware mounts nothing at /rom. `progress(bytes)` after each step. Raises OSError
        as check() does, or when the partition reads back different."""
        self.check(image)
        bs = self.block
        blocks = [image[i : i + bs] for i in range(0, len(image), bs)]
        blocks[-1] += bytes(-len(blocks[-1]) % PAGE)  # flash programs whole pages
        keep = set()
        if not every:
            have = self.block_hashes(sum(len(b) for b in blocks))
            keep = {k for k in range(1, len(blocks)) if have[k] == sha(blocks[k])}
        deflate = self.b.run(_WRITER).strip() == "1"
        self.b.run("_rom.ioctl(6, 0)")
        # (block, data, offset in it, erase first?, bytes of progress it makes)
        steps = [(k, blocks[k], 0, 1, len(blocks[k])) for k in range(1, len(blocks))]
        # Then block 0 after its first page, that page but its 3 magic bytes (left erased), and
        # the magic alone (0xFF programs nothing on NOR flash): a program cut halfway leaves
        # the magic incomplete, so the firmware sees no ROMFS until everything else is there.
        n = len(HEADER)
        steps.append((0, blocks[0][PAGE:], PAGE, 0, len(blocks[0]) - PAGE))
        steps.append((0, b"\xff" * n + blocks[0][n:PAGE], 0, 0, PAGE))
        steps.append((0, HEADER + b"\xff" * (PAGE - n), 0, 0, 0))
        for k, data, at, erase, done in steps:
            if data and k not in keep:
                self.b.run("_rom_put(%d, %r, %d, %d)" % (k, _pack(data, deflate), at, erase))
            if progress:
                progress(done)
        if self.hash(len(image)) != sha(image):
            raise OSError("the ROMFS partition reads back different from the image written")
        return len(blocks) - len(keep)


def _pack(data, deflate):
    """The bytes literal a write exec carries: base64, of raw deflate when the board has it."""
    if deflate:
        z = zlib.compressobj(wbits=-9)  # a 512-byte window: what DeflateIO(..., 9) decodes
        data = z.compress(data) + z.flush()
    return binascii.b2a_base64(data, newline=False)
