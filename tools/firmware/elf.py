"""elf: symbol addresses from a firmware's ELF file (the emulated Pico's heap hook, the flash-map
check), read with the standard library: the symbol table is a fixed layout of 16-byte rows."""

import gzip
import os
import struct


def elf_symbols(bin_path, names=("gc_collect_end",)):
    """{name: address} from the firmware's ELF (same name, .elf or .elf.gz), {} without one."""
    base = str(bin_path)
    for ext in (".bin", ".uf2"):
        if base.endswith(ext):
            base = base[: -len(ext)]
    for path, opener in ((base + ".elf", open), (base + ".elf.gz", gzip.open)):
        if os.path.exists(path):
            with opener(path, "rb") as f:
                elf = f.read()
            break
    else:
        return {}
    (shoff,) = struct.unpack_from("<I", elf, 0x20)
    shentsize, shnum = struct.unpack_from("<HH", elf, 0x2E)
    at = [shoff + i * shentsize for i in range(shnum)]
    sections = [struct.unpack_from("<IIIIIIIIII", elf, a) for a in at]
    want, found = set(names), {}
    for sh in sections:
        if sh[1] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[sh[6]]
        for off in range(sh[4], sh[4] + sh[5], 16):
            name_off, value = struct.unpack_from("<II", elf, off)
            start = strtab[4] + name_off
            name = elf[start : elf.index(b"\0", start)].decode()
            if name in want:
                found[name] = value & ~1  # a Thumb function's address has bit 0 set
    return found
