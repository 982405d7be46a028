"""deploy --drive: the CircuitPython build onto a mounted CIRCUITPY folder, only what changed,
each file written to a temporary name, read back and hash-checked, then renamed into place.

What goes on the drive (the layout firmware/circuitpy/code.py expects):
  /code.py                        firmware/circuitpy/code.py (CircuitPython runs it at start)
  /core/..., /firmware/...        the app as .mpy, compiled by CircuitPython 10.2.1's own
                                  mpy-cross (cp_mpy_cross: MicroPython's writes .mpy files that
                                  CircuitPython refuses), the CircuitPython layer included and
                                  MicroPython's main.py left out; --sources copies the .py files
                                  instead (the board compiles them at every boot)
  /board.json                     the board profile
  /rulesets/*.json                the shipped rulesets (ones the user added stay)
  /lib/<module>.mpy               the Adafruit libraries the profile needs (.mpy as the app,
                                  .py with --sources), from the pinned PyPI packages installed
                                  here (pyproject.toml), offline:
                                  adafruit_display_text (its bitmap_label renders terminalio's
                                  font once at boot: firmware/circuitpy/canvas.py) and the
                                  adafruit_ticks it imports, the display's driver unless built in,
                                  neopixel for the MacroPad's pixels
  /.fusebox-manifest.json         drive path -> sha256 of what deploy wrote, to remove retired
                                  files next time (never data/ or anything else of the user's)
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.board import deploy

MANIFEST = "/.fusebox-manifest.json"
# Of a library package, only the modules the layer imports (the others stay off the drive).
_PARTS = {"adafruit_display_text": ("__init__.py", "bitmap_label.py")}


def libraries(profile):
    """The Adafruit library modules firmware/circuitpy/hardware.py imports for a profile."""
    names = ["adafruit_display_text", "adafruit_ticks"]  # every build draws its text with them
    disp = profile["display"]
    if not disp.get("builtin"):  # the MacroPad's board.DISPLAY is built into CircuitPython
        names.append("adafruit_displayio_" + disp["driver"])
    if profile.get("pixels"):
        names.append("neopixel")  # adafruit_pixelbuf, which it uses, is built in
    return names


def library_files(names):
    """(local path, drive path) of each library, from the installed PyPI package."""
    out = []
    for name in names:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.origin or not spec.origin.endswith(".py"):
            raise OSError(
                "library %s is not installed: pip install the pinned version "
                "(pyproject.toml's dev list)" % name
            )
        if os.path.basename(spec.origin) == "__init__.py":  # a package: copy it whole
            base = os.path.dirname(spec.origin)
            for f in sorted(os.listdir(base)):
                if f.endswith((".py", ".mpy")) and f in _PARTS.get(name, (f,)):
                    out.append((os.path.join(base, f), "/lib/%s/%s" % (name, f)))
        else:
            out.append((spec.origin, "/lib/%s.py" % name))
    return out


def drive_files(board, root=deploy.ROOT):
    """(drive path, bytes) of everything deploy --drive installs for `board`, sorted."""
    raw = deploy.board_file(board, root)
    profile = json.loads(raw)
    if profile.get("runtime") != "circuitpython":
        raise OSError(
            "board %r is not a CircuitPython profile (its JSON lacks "
            '"runtime": "circuitpython"); deploy it with --port' % board
        )
    items = []
    code = os.path.join(root, deploy.CIRCUITPY_LAYER, "code.py")
    for local, remote, compiled in deploy.sources(root, circuitpy=True):
        if remote == "/main.py" or local == code:
            continue  # MicroPython's entry point; CircuitPython's goes to /code.py
        items.append((local, remote[:-4] + ".py" if compiled else remote))
    items.append((code, "/code.py"))
    items += library_files(libraries(profile))
    files = []
    for local, remote in items:
        with open(local, "rb") as f:
            files.append((remote, f.read()))
    files.append(("/board.json", raw))
    return sorted(files)


# -- CircuitPython's mpy-cross -------------------------------------------------------------------
CP_VERSION = "CircuitPython 10."  # what `mpy-cross --version` starts with: mpy v6.3, "C" files
CP_MPY_CROSS_ENV = "FUSEBOX_CP_MPY_CROSS"
CP_MPY_CROSS_SHARED = "mpy-cross-10.2.1-linux-x86_64"  # in ../shared/circuitpython/
CP_MPY_CROSS_NAMES = ("mpy-cross-circuitpython", "mpy-cross")  # on PATH, if it is CircuitPython's
CP_MPY_CROSS_URL = (
    "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/"
)
NOT_COMPILED = ("/code.py", "/boot.py")  # CircuitPython runs these by name, as .py only


def _cp_version(exe):
    """`exe --version`'s line, or None when it cannot run."""
    try:
        res = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=30)
    except OSError:
        return None
    return res.stdout.strip() if res.returncode == 0 else None


def cp_mpy_cross(explicit=None, root=deploy.ROOT):
    """CircuitPython 10's mpy-cross: `explicit` (--mpy-cross), else $FUSEBOX_CP_MPY_CROSS, else
    one on PATH that says it is CircuitPython's, else ../shared/circuitpython/ beside the
    checkout. OSError, saying where to get one, when none is found or one named is another."""
    named = explicit or os.environ.get(CP_MPY_CROSS_ENV)
    if named:
        line = _cp_version(named)
        if line is None:
            raise OSError(
                "mpy-cross %s does not run (%s or --mpy-cross)" % (named, CP_MPY_CROSS_ENV)
            )
        if not line.startswith(CP_VERSION):
            raise OSError(
                "%s is not CircuitPython 10's mpy-cross (it says %r); CircuitPython refuses "
                "other .mpy files. Adafruit publishes it: %s" % (named, line, CP_MPY_CROSS_URL)
            )
        return str(named)
    for name in CP_MPY_CROSS_NAMES:
        found = shutil.which(name)
        if found and (_cp_version(found) or "").startswith(CP_VERSION):
            return found
    shared = Path(root).resolve().parent / "shared" / "circuitpython" / CP_MPY_CROSS_SHARED
    if shared.exists() and (_cp_version(shared) or "").startswith(CP_VERSION):
        return str(shared)
    raise OSError(
        "no CircuitPython 10 mpy-cross: download the one for your machine from Adafruit (%s), "
        "then give it with --mpy-cross PATH, put it on PATH as mpy-cross-circuitpython, or set "
        "%s; or copy the .py sources with --sources" % (CP_MPY_CROSS_URL, CP_MPY_CROSS_ENV)
    )


def compiled(files, mpy_cross):
    """drive_files' (drive path, bytes) with every .py but code.py and boot.py compiled to .mpy
    by CircuitPython's mpy-cross, sorted. Errors name the file."""
    out = []
    with tempfile.TemporaryDirectory(prefix="fusebox-cpmpy-") as tmp:
        for remote, data in files:
            if not remote.endswith(".py") or remote in NOT_COMPILED:
                out.append((remote, data))
                continue
            src = os.path.join(tmp, "src.py")
            dst = os.path.join(tmp, "out.mpy")
            with open(src, "wb") as f:
                f.write(data)
            cmd = [mpy_cross, "-o", dst, "-s", remote.lstrip("/"), src]
            res = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
            if res.returncode != 0:
                raise OSError("mpy-cross %s: %s" % (remote, (res.stderr or res.stdout).strip()))
            with open(dst, "rb") as f:
                out.append((remote[:-3] + ".mpy", f.read()))
    return sorted(out)


def release_files(board, mpy_cross=None, root=deploy.ROOT, sources=False):
    """(drive path, bytes) of a CircuitPython profile's CIRCUITPY drive, as deploy --drive writes
    it and the release zip carries it: the app and libraries as .mpy (unless `sources`)."""
    files = drive_files(board, root)
    if sources:
        return files
    return compiled(files, cp_mpy_cross(mpy_cross, root))


class Drive:
    """A mounted CIRCUITPY folder (or any folder standing in for one)."""

    def __init__(self, path):
        if not os.path.isdir(path):
            raise OSError("no folder %s: is the CIRCUITPY drive mounted there?" % path)
        self.path = path

    def local(self, p):
        return os.path.join(self.path, *p.lstrip("/").split("/"))

    def read(self, p):
        try:
            with open(self.local(p), "rb") as f:
                return f.read()
        except OSError:
            return None

    def hashes(self, paths):
        out = {}
        for p in paths:
            data = self.read(p)
            out[p] = None if data is None else deploy.sha(data)
        return out

    def remove(self, paths):
        gone = []
        for p in paths:
            try:
                os.remove(self.local(p))
                gone.append(p)
            except FileNotFoundError:
                pass
        return gone

    def put_many(self, files, quiet=False):
        """Write each (path, bytes) to path.new, flushed to the drive, read back and checked,
        then renamed over path: a pulled cable leaves the old file whole (and a *.new)."""
        total = sum(len(d) for _, d in files)
        with deploy._progress(quiet) as bar:
            task = bar.add_task("copy", total=total)
            for p, data in files:
                bar.update(task, description=p)
                dest = self.local(p)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(dest + ".new", "wb") as f:
                    f.write(data)
                    f.flush()
                    os.fsync(f.fileno())
                if self.read(p + ".new") != data:
                    os.remove(dest + ".new")
                    raise OSError("verification failed on the drive for " + p)
                os.replace(dest + ".new", dest)
                bar.advance(task, len(data))
        return total


_SUMMARY = "deploy: %(files)d files, %(copied)d copied (%(bytes)d bytes), %(removed)d removed, \
verified, %(seconds).1fs"


def deploy_drive(
    path,
    board="macropad",
    clean=False,
    say=print,
    root=deploy.ROOT,
    quiet=False,
    mpy_cross=None,
    sources=False,
):
    """Install the CircuitPython build on the drive at `path`; returns a summary dict."""
    started = time.monotonic()
    drive = Drive(path)
    files = release_files(board, mpy_cross, root, sources)
    wanted = dict(files)
    try:
        old = json.loads(drive.read(MANIFEST) or b"{}")
    except ValueError:
        old = {}  # a damaged manifest: the files on the drive still decide what to copy
    removed = []
    if clean:
        removed = drive.remove(sorted(old))
        old = {}
    stale = sorted(p for p in old if p not in wanted)
    removed += drive.remove(stale)
    on_drive = drive.hashes(sorted(wanted))
    todo = [(p, d) for p, d in files if on_drive.get(p) != deploy.sha(d)]
    sent = drive.put_many(todo, quiet)
    manifest = {p: deploy.sha(d) for p, d in files}
    if todo or stale or manifest != old:
        drive.put_many([(MANIFEST, json.dumps(manifest, sort_keys=True).encode())], quiet=True)
    if not os.path.exists(os.path.join(path, "boot_out.txt")):
        say("deploy: note: %s has no boot_out.txt; is it really a CIRCUITPY drive?" % path)
    summary = dict(files=len(files), copied=len(todo), bytes=sent, removed=len(removed))
    summary.update(seconds=time.monotonic() - started)
    say(_SUMMARY % summary)
    return summary


def main(args):
    try:
        deploy_drive(
            args.drive,
            board=args.board,
            clean=args.clean,
            mpy_cross=getattr(args, "mpy_cross", None),
            sources=getattr(args, "sources", False),
        )
    except OSError as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 1
    return 0
