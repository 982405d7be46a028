"""uf2: the USB Flashing Format files an RP2040's boot ROM takes, written and read.

A UF2 file is 512-byte blocks, each carrying 256 bytes for one flash address. Fusebox's image is
two parts, the MicroPython firmware and the ROMFS data image below littlefs, in one file: the
boot ROM counts a file's blocks by the numbers they carry, so two UF2 files pasted together
would not flash as one; pack() numbers every block of every part as one file. (picotool writes a
UF2 from one binary; nothing here joins two, so this module does: the format is a fixed header.)
"""

import struct

MAGIC_START0 = 0x0A324655  # "UF2\n"
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x00000001
FLAG_FAMILY_ID = 0x00002000
RP2040 = 0xE48BFF56  # the RP2040's family ID: its boot ROM refuses blocks for other chips
XIP_BASE = 0x10000000  # flash as the CPU sees it: the addresses blocks carry
FLASH_SIZE = 2 * 1024 * 1024
BLOCK = 512
PAYLOAD = 256
_HEADER = struct.Struct("<8I")


def pack(parts, family=RP2040):
    """The UF2 bytes of [(flash offset, bytes)]: 256 bytes a block (the last of each part padded
    with 0xFF, erased flash), numbered as one file. Parts may not overlap."""
    pages = []
    for offset, data in sorted(parts):
        if offset % PAYLOAD:
            raise ValueError("a part must start on a 256-byte page: 0x%x" % offset)
        if offset + len(data) > FLASH_SIZE:
            raise ValueError("a part ends past the 2 MB flash: 0x%x" % (offset + len(data)))
        if pages and XIP_BASE + offset < pages[-1][0] + PAYLOAD:
            raise ValueError("parts overlap at 0x%x" % offset)
        for at in range(0, len(data), PAYLOAD):
            chunk = data[at : at + PAYLOAD]
            pages.append((XIP_BASE + offset + at, chunk + b"\xff" * (PAYLOAD - len(chunk))))
    out = bytearray()
    for n, (addr, chunk) in enumerate(pages):
        out += _HEADER.pack(
            MAGIC_START0, MAGIC_START1, FLAG_FAMILY_ID, addr, PAYLOAD, n, len(pages), family
        )
        out += chunk + b"\0" * (476 - PAYLOAD) + struct.pack("<I", MAGIC_END)
    return bytes(out)


def blocks(data, family=RP2040):
    """[(flash offset, bytes)] of every block in a UF2 file meant for this chip's flash, in file
    order, or ValueError saying what is wrong with the file. Blocks for other families, or
    flagged as not for the main flash, are left out, as the boot ROM leaves them."""
    if len(data) % BLOCK or not data:
        raise ValueError(
            "not a UF2 file: %d bytes is not a whole number of 512-byte blocks" % len(data)
        )
    out = []
    total = None
    for at in range(0, len(data), BLOCK):
        m0, m1, flags, addr, size, n, count, fam = _HEADER.unpack_from(data, at)
        (end,) = struct.unpack_from("<I", data, at + BLOCK - 4)
        if m0 != MAGIC_START0 or m1 != MAGIC_START1 or end != MAGIC_END:
            raise ValueError("not a UF2 file: block %d has no UF2 magic" % (at // BLOCK))
        if total is None:
            total = count
        elif count != total:
            raise ValueError("block %d says %d blocks, the first said %d" % (n, count, total))
        if flags & FLAG_NOT_MAIN_FLASH or (flags & FLAG_FAMILY_ID and fam != family):
            continue
        if size > 476 or not XIP_BASE <= addr <= XIP_BASE + FLASH_SIZE - size:
            raise ValueError("block %d: %d bytes at 0x%08x is not in the flash" % (n, size, addr))
        out.append((addr - XIP_BASE, data[at + 32 : at + 32 + size]))
    return out


def flash_image(data, size=FLASH_SIZE):
    """A blank (0xFF) flash of `size` bytes with a UF2 file's blocks written into it."""
    flash = bytearray(b"\xff" * size)
    for offset, chunk in blocks(data):
        flash[offset : offset + len(chunk)] = chunk
    return flash
