"""deploy --drive: the CircuitPython build onto a mounted CIRCUITPY folder, only what changed,
each file written to a temporary name, read back and hash-checked, then renamed into place.

What goes on the drive (the layout firmware/circuitpy/code.py expects):
  /code.py                        firmware/circuitpy/code.py (CircuitPython runs it at start)
  /core/..., /firmware/...        the sources as .py, the CircuitPython layer included and
                                  MicroPython's main.py left out (CircuitPython compiles .py on
                                  import; MicroPython's mpy-cross writes .mpy it may not read)
  /board.json                     the board profile
  /rulesets/*.json                the shipped rulesets (ones the user added stay)
  /lib/<module>.py                the Adafruit libraries the profile needs, copied from the
                                  pinned PyPI packages installed here (pyproject.toml), offline:
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
import sys
import time

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


def deploy_drive(path, board="macropad", clean=False, say=print, root=deploy.ROOT, quiet=False):
    """Install the CircuitPython build on the drive at `path`; returns a summary dict."""
    started = time.monotonic()
    drive = Drive(path)
    files = drive_files(board, root)
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
        deploy_drive(args.drive, board=args.board, clean=args.clean)
    except OSError as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 1
    return 0
