"""flashmap: the flash map of Fusebox's own firmware (boards/micropython/fusebox.cmake), and the
check that a built image stays below its ROMFS partition (`python -m tools firmware check`).

The RP2040's linker script gives the firmware the whole 2 MB FLASH region, so nothing at link
time stops a MicroPython build that grew from overlapping the ROMFS partition carved off below
the filesystem (MicroPython v1.28.0; later versions give ROMFS its own linker region). Such a
firmware boots, and every ROMFS write then erases the tail of its own code. The check reads
`__flash_binary_end` from the build's ELF symbols and compares it with the ROMFS start.
"""

import os
import sys

from tools.firmware.elf import elf_symbols

XIP_BASE = 0x10000000  # flash as the CPU sees it; the map below counts from the flash's start
# (start, end) offsets in flash, as boards/micropython/fusebox.cmake sets them.
FIRMWARE = (0x000000, 0x098000)  # 608 KB: MicroPython with core/ and firmware/ frozen in
ROMFS = (0x098000, 0x0A0000)  # 32 KB, mounted at /rom: the profile and rulesets (image.py)
LITTLEFS = (0x0A0000, 0x200000)  # 1408 KB: where stock MicroPython keeps it, so files survive
SYMBOL = "__flash_binary_end"


def elf_base(path):
    """The path without .elf/.elf.gz (tools.firmware.elf.elf_symbols looks for both beside it)."""
    for ext in (".elf.gz", ".elf"):
        if path.endswith(ext):
            return path[: -len(ext)]
    raise ValueError("%s: give the firmware's .elf or .elf.gz (the symbols are there)" % path)


def check(path, romfs_start=ROMFS[0]):
    """(ok, one line) for the firmware ELF at `path`: whether its image ends at or below the
    ROMFS partition's start (an offset in flash)."""
    if not os.path.isfile(path):
        return False, "%s: no such file" % path
    try:
        base = elf_base(path)
    except ValueError as e:
        return False, str(e)
    end = elf_symbols(base, names=(SYMBOL,)).get(SYMBOL)
    if end is None:
        return False, "%s: no %s symbol: not an rp2 MicroPython ELF" % (path, SYMBOL)
    limit = XIP_BASE + romfs_start
    used = end - XIP_BASE
    if end > limit:
        return False, (
            "%s: the firmware ends at 0x%08x, %d bytes into the ROMFS partition at 0x%08x: "
            "writing /rom would erase its code; make the ROMFS smaller (MICROPY_HW_ROMFS_BYTES) "
            "or leave features out" % (path, end, end - limit, limit)
        )
    return True, "%s: firmware 0x%08x-0x%08x (%d bytes), %d bytes below the ROMFS at 0x%08x" % (
        path,
        XIP_BASE,
        end,
        used,
        limit - end,
        limit,
    )


def main(args):
    ok_all = True
    for path in args.files:
        try:
            ok, line = check(path, args.romfs_start)
        except (OSError, ValueError) as e:
            ok, line = False, str(e)
        print(line, file=sys.stdout if ok else sys.stderr)
        ok_all = ok_all and ok
    return 0 if ok_all else 1
