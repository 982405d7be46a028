"""release: every profile's one file to flash or copy, named by the version, with SHA256SUMS.

`python -m tools release [--out DIR]` writes into DIR (default release/):

  fusebox-<version>-<board>.uf2                  a MicroPython profile: Fusebox's own firmware
                                                 (tools/firmware/build.py), the app frozen in
  fusebox-<version>-<board>-circuitpython.zip    a CircuitPython profile: the contents of its
                                                 CIRCUITPY drive (tools/board/drive.py), the app
                                                 and the Adafruit libraries as .mpy files
                                                 compiled by CircuitPython's own mpy-cross, as
                                                 Adafruit's project bundles are
  SHA256SUMS                                     `sha256sum -c SHA256SUMS` checks the others

Flashing a newer UF2 is the update: it writes the firmware and its ROMFS data only, below
littlefs, so saves, settings, seat names and pushed rulesets stay (test_board_fusebox.py).
"""

import hashlib
import json
import sys
import time
import zipfile
from pathlib import Path

from tools import boards
from tools.firmware import build
from tools.runtimes import ROOT

ZIP_TIME = (2026, 1, 1, 0, 0, 0)  # every entry's date: the same inputs give the same zip


def circuitpython_zip(board, path, mpy_cross=None):
    """Write the CIRCUITPY contents of a CircuitPython profile as a zip at `path`."""
    from tools.board import drive

    files = drive.release_files(board, mpy_cross)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            z.writestr(zipfile.ZipInfo(name.lstrip("/"), ZIP_TIME), data)
    return len(files)


def profiles():
    """(MicroPython profiles with a board directory, CircuitPython profiles), sorted."""
    mp, cp = [], []
    for name in boards.names(str(ROOT)):
        runtime = json.loads(boards.profile(name, str(ROOT))).get("runtime", "micropython")
        if runtime == "circuitpython":
            cp.append(name)
        elif name in build.DIRS:
            mp.append(name)
    return mp, cp


def release(out, source=None, mpy_cross=None, say=print):
    """Build every profile's file into `out`; returns [(file name, bytes, sha256)]."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    version = build.version()
    mp, cp = profiles()
    b = build.Builder(source=source, log=lambda line: say("  " + line))
    written = []
    for board in mp:
        t = time.monotonic()
        uf2 = b.build(board)
        name = "fusebox-%s-%s.uf2" % (version, board)
        (out / name).write_bytes(uf2.read_bytes())
        written.append(name)
        say("%s (%.0f s)" % (name, time.monotonic() - t))
    for board in cp:
        name = "fusebox-%s-%s-circuitpython.zip" % (version, board)
        n = circuitpython_zip(board, out / name, mpy_cross)
        written.append(name)
        say("%s (%d files)" % (name, n))
    rows = []
    for name in written:
        data = (out / name).read_bytes()
        rows.append((name, len(data), hashlib.sha256(data).hexdigest()))
    sums = "".join("%s  %s\n" % (digest, name) for name, _, digest in rows)
    (out / "SHA256SUMS").write_text(sums)
    return rows


def main(args):
    try:
        rows = release(args.out, args.source, args.mpy_cross)
    except (build.BuildError, OSError, ValueError) as e:
        print("release: %s" % e, file=sys.stderr)
        return 1
    for name, size, _ in rows:
        print("%-52s %9d bytes" % (name, size))
    print("SHA256SUMS: sha256sum -c SHA256SUMS in %s" % args.out)
    return 0
