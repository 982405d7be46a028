"""Power cuts replayed on the host: the emulated Pico's flash at any board moment, and the files
littlefs holds in it, so a cut at every millisecond of a window costs one run of the board.

After a power cut only the flash survives (the RP2040 restarts; board.js `hardReset`), and what
the flash holds at board time T is the image saved before the window plus every program and
erase the flash log (board.js `flash_log`, Pico.flash_log) shows: those that ended by T whole,
the one under way at T in part, as board.js's own cut does (`SpiFlash.cut`: the fraction of its
busy time that had passed; a program's first bytes, an erase's first bytes): `cut_at` and
`image_at`. Cuts at many moments leave few distinct images, each read once. `files_at` mounts
each distinct image's littlefs (MicroPython's own VfsLfs2 on the unix port, read-only, as the
rp2 port mounts it) and reads files there with the firmware's storage.load, which falls back to
the .bak copy as the board's resume would.
"""

import json
import subprocess
import tempfile
from pathlib import Path

from tools.firmware.flashmap import LITTLEFS
from tools.runtimes import MICROPYTHON, ROOT

BLOCK = 4096


def cut_at(ops, t_ns):
    """What a power cut at board time t_ns (ns) leaves of the ops (Pico.flash_log, in order):
    (how many ended whole, bytes done of the one under way or 0). Equal pairs: equal images."""
    done = 0
    for op in ops:
        start, end = op["start_ns"], op["end_ns"]
        if start > t_ns:
            break
        if t_ns >= end:
            done += 1
            continue
        f = max(0.0, min(1.0, (t_ns - start) / (end - start)))
        return done, int(op["len"] * f)  # Math.floor, as board.js
    return done, 0


def image_at(base, ops, cut):
    """The 2 MB flash a cut (cut_at's pair) leaves: `base` (bytes, the image saved before the
    first op) with the ops that ended applied, and the first bytes of the one under way."""
    done, part = cut
    img = bytearray(base)
    for i, op in enumerate(ops[: done + (1 if part else 0)]):
        n = op["len"] if i < done else part
        a = op["addr"]
        if op["kind"] == "erase":
            img[a : a + n] = b"\xff" * n
        else:
            data = bytes.fromhex(op["data"])
            for j in range(n):
                at = (a & ~0xFF) | ((a + j) & 0xFF)  # the page wraps, as the chip does
                img[at] &= data[j]
    return bytes(img)


# Run on the unix port: mount each littlefs image read-only and load the asked files with the
# firmware's storage.load; one JSON line an image: {path: data or {"error": text}}.
_READ = """
import json, sys, vfs
from firmware import storage

class Image:
    def __init__(self, path, blocks):
        self.f = open(path, "rb")
        self.blocks = blocks
    def readblocks(self, n, buf, off=0):
        self.f.seek(n * %(block)d + off)
        self.f.readinto(buf)
    def writeblocks(self, n, buf, off=None):
        raise OSError(30)
    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return %(block)d
        return 0

names = json.loads(sys.argv[2])
for path in sys.argv[3:]:
    out = {}
    try:
        vfs.mount(vfs.VfsLfs2(Image(path, int(sys.argv[1])), progsize=256), "/f", readonly=True)
    except OSError as e:
        print(json.dumps({"mount": str(e)}))
        continue
    for n in names:
        try:
            out[n] = storage.load("/f/" + n)
        except Exception as e:
            out[n] = {"error": type(e).__name__ + ": " + str(e)}
    vfs.umount("/f")
    print(json.dumps(out))
"""


def files_at(images, names):
    """For each flash image (bytes), {name: what storage.load reads, or {"error": ...}} for the
    file names given (paths in littlefs, e.g. "data/timebomb.json"), or {"mount": error}."""
    lo, hi = LITTLEFS
    with tempfile.TemporaryDirectory(prefix="fusebox-cuts-") as d:
        paths = []
        for i, img in enumerate(images):
            p = Path(d) / ("%d.lfs" % i)
            p.write_bytes(img[lo:hi])
            paths.append(str(p))
        script = _READ % {"block": BLOCK}
        res = subprocess.run(
            [str(MICROPYTHON), "-X", "heapsize=1m", "-c", script]
            + [str((hi - lo) // BLOCK), json.dumps(list(names))]
            + paths,
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={"MICROPYPATH": str(ROOT)},
            timeout=600,
        )
    if res.returncode:
        raise RuntimeError("reading the images failed: " + res.stderr[-2000:])
    return [json.loads(line) for line in res.stdout.splitlines()]


def sweep(base, ops, times_ms, names):
    """{board ms: files_at's answer} for a power cut at each of times_ms: one image and one
    read per distinct cut."""
    cuts = [cut_at(ops, t * 1e6) for t in times_ms]
    distinct = sorted(set(cuts))
    images = [image_at(base, ops, c) for c in distinct]
    read = dict(zip(distinct, files_at(images, names), strict=True))
    return {t: read[c] for t, c in zip(times_ms, cuts, strict=True)}, len(distinct)
