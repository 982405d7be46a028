"""The emulated Pico's flash under CircuitPython: a CIRCUITPY drive built on the host from a
folder, and the drive's files and microcontroller.nvm read back from a saved flash image.

CircuitPython 10.2.1 for the Pico keeps (../shared/rp2/README.md) its firmware from the start of
flash, microcontroller.nvm in the 4 KB below 1 MB, and the CIRCUITPY drive, a FAT filesystem on
512-byte sectors, from 0x100000 to the end of the 2 MB chip. The image is made with fatfs-ng
(ChaN's FatFs, the code CircuitPython formats and mounts the drive with), so the host writes the
drive as the board itself would, and the board mounts it as its own at boot.
"""

import os
import socket
import time

from tools.pico import PicoError

FLASH_SIZE = 2 * 1024 * 1024
DRIVE_AT = 0x100000  # CIRCUITPY: 1 MB of FAT
DRIVE_SIZE = FLASH_SIZE - DRIVE_AT
NVM_SIZE = 4096
NVM_AT = DRIVE_AT - NVM_SIZE  # microcontroller.nvm
SECTOR = 512
SETTLE = dict(quiet=60, frame_quiet=300, max_ms=10000)  # host_tests/support/board.py's
# code.py's app with a hook on the display's show(): it prints the live heap after every frame
# ("heap N": gc.mem_free() after a collection), for start() (CircuitPython's firmware has no ELF
# for tools.pico's GC hook to read).
HEAP_APP = """import gc
from firmware.circuitpy.setup import setup
hw = setup("board.json")
_show = hw.display.show
def _shown():
    _show()
    gc.collect()
    print("heap", gc.mem_free())
hw.display.show = _shown
from firmware import app
app.run(hw, hw.name)
"""


def _partition(storage):
    from fatfs import RamDisk, create_extended_partition

    return create_extended_partition(RamDisk(storage, sector_size=SECTOR))


def drive_image(folder):
    """A 1 MB FAT image holding every file under `folder` (its tree, as CIRCUITPY's root)."""
    storage = bytearray(DRIVE_SIZE)
    part = _partition(storage)
    part.mkfs()
    part.mount()
    try:
        for top, dirs, files in os.walk(folder):
            dirs.sort()
            rel = os.path.relpath(top, folder)
            base = "" if rel == "." else "/" + rel.replace(os.sep, "/")
            for d in dirs:
                part.makedirs(base + "/" + d, exist_ok=True)
            for name in sorted(files):
                with open(os.path.join(top, name), "rb") as f:
                    part.write_file(base + "/" + name, f.read())
    finally:
        part.unmount()
    return bytes(storage)


def write_flash(path, folder):
    """Write a 2 MB flash file for tools.pico.Pico(flash=path, firmware="circuitpython"): erased
    (0xFF, so nvm reads as never written), with CIRCUITPY made from `folder`. The firmware itself
    is put in by the emulator at boot."""
    flash = bytearray(b"\xff") * FLASH_SIZE
    flash[DRIVE_AT:] = drive_image(folder)
    with open(str(path) + ".tmp", "wb") as f:
        f.write(flash)
    os.replace(str(path) + ".tmp", path)
    return path


def _flash(path):
    with open(path, "rb") as f:
        data = f.read()
    if len(data) != FLASH_SIZE:
        raise ValueError("%s: %d bytes, not a 2 MB flash image" % (path, len(data)))
    return data


def drive_files(path):
    """{drive path: bytes} of every file on CIRCUITPY in a saved flash image (Pico.save())."""
    part = _partition(bytearray(_flash(path)[DRIVE_AT:]))
    part.mount()
    try:
        out = {}
        for top, _dirs, files in part.walk("/"):
            for name in files:
                p = top.rstrip("/") + "/" + name
                out[p] = part.read_file(p)
        return out
    finally:
        part.unmount()


def nvm(path):
    """The 4 KB of microcontroller.nvm in a saved flash image."""
    return _flash(path)[NVM_AT:DRIVE_AT]


# -- the app on a running board ------------------------------------------------------------
def until_screen(p, since=0, max_ms=30000, settle=None):
    """Run until the app names its first screen on the console (after line `since` of p.lines),
    then settle. CircuitPython idles for a while after a reset before it runs code.py, and the
    app then loads its modules (compiling them from .py with --sources): a settle alone would
    stop in either wait."""
    end = p.now() + max_ms
    while not any("screen " in t for _, t in p.lines[since:]):  # raw REPL: ">OKscreen 1 …"
        if p.now() >= end:
            raise PicoError("no screen from the app in %d ms: %r" % (max_ms, p.lines[-5:]))
        p.run(100)
    return p.settle(**(settle or SETTLE))


def start(p, code, timeout=60, settle=None):
    """Stop code.py (Ctrl-C), start `code` (an app) on CircuitPython's raw REPL and leave it
    running, its output arriving in p.lines; return when it names its first screen. Step by step,
    each prompt awaited: the app takes board time to stop, and keys sent before "Press any key to
    enter the REPL" are lost (mpremote's enter_raw_repl sends them at once; its `fs` verbs need
    os.ilistdir, which CircuitPython lacks)."""
    since = len(p.lines)
    p.go()
    s = socket.create_connection(("127.0.0.1", p.port), timeout=timeout)
    got = b""

    def until(*marks):
        nonlocal got
        end = time.monotonic() + timeout
        while not any(m in got for m in marks):
            s.settimeout(max(0.1, end - time.monotonic()))
            try:
                chunk = s.recv(4096)
            except socket.timeout:
                chunk = None
            if chunk == b"" or (chunk is None and time.monotonic() >= end):
                raise PicoError("no %r from CircuitPython; it said %r" % (marks, got[-300:]))
            got += chunk or b""
        found = got
        got = b""
        return found

    try:
        s.sendall(b"\x03")
        if b"Press any key" in until(b"Press any key to enter the REPL", b">>> "):
            s.sendall(b"\r")
            until(b">>> ")
        s.sendall(b"\x01")
        until(b"raw REPL; CTRL-B to exit\r\n>")
        s.sendall(code.encode() + b"\x04")
        until(b"OK")
    finally:
        s.close()
    p.pause()
    until_screen(p, since, settle=settle)
