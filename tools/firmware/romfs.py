"""romfs: a ROMFS image, written with mpremote's own VfsRomWriter (what `mpremote romfs build`
uses). MicroPython mounts such an image read-only at /rom; Fusebox's firmware carries one of its
data (tools/firmware/image.py)."""

from mpremote.romfs import VfsRomWriter

HEADER = VfsRomWriter.ROMFS_HEADER  # b"\xd2\xcd\x31": the first bytes of a ROMFS image
MOUNT = "/rom"


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
