"""deploy: compile core/ and firmware/ with mpy-cross and copy them to a board, incrementally."""

import binascii
import hashlib
import json
import os
import subprocess
import sys
import time

from mpremote.transport import TransportError, TransportExecError
from mpremote.transport_serial import SerialTransport

from tools import boards
from tools.runtimes import MPY_CROSS, SIM_HAL
from tools.runtimes import ROOT as TOOLS_ROOT

ROOT = str(TOOLS_ROOT)
PACKAGES = ("core", "firmware")
CHUNK = 3072  # bytes of file data per exec: ~4 KB of base64 source, small for a Pico's heap
# Files per hash or rename exec: a board answers each within mpremote's fixed 10 s wait (116
# renames took 3.2 s of a Pico's time, 9 s of the emulated Pico's under load: tools/pico/).
BATCH = 24
MANIFEST = "/.fusebox-manifest.json"  # what deploy put on the board, path -> sha256
# Present while a deploy changes the installed files; firmware/main.py then starts no app.
UPDATING = "/update-incomplete"
# The sim board's HAL (runtimes.SIM_HAL) ships to the flash root of a "sim" board only.
# The CircuitPython hardware layer: only `deploy --drive` (tools/board/drive.py) ships it.
CIRCUITPY_LAYER = "firmware/circuitpy"
# Codes of sys.implementation._mpy >> 10, in MicroPython's order (py/persistentcode.h).
ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp")
ARCHS += ("xtensa", "xtensawin", "rv32imc", "rv64imc")


def mpy_cross():
    """The mpy-cross binary, as every tool finds it (tools.runtimes.MPY_CROSS)."""
    return str(MPY_CROSS)


def mpy_cross_version():
    """(major, minor) of the .mpy files this mpy-cross writes, e.g. (6, 3)."""
    out = subprocess.run([mpy_cross(), "--version"], capture_output=True, text=True).stdout
    major, minor = out.rsplit("mpy v", 1)[1].split()[0].split(".")
    return int(major), int(minor)


def target(mpy):
    """Check a board's sys.implementation._mpy against mpy-cross; return the -march name."""
    if mpy is None:
        raise OSError("the board does not say which .mpy it reads (MicroPython before 1.19?)")
    major = mpy & 0xFF
    have = mpy_cross_version()
    if major != have[0]:
        raise OSError(
            "the board reads .mpy v%d but mpy-cross writes v%d.%d: install the mpy-cross "
            "that matches the board's MicroPython" % (major, have[0], have[1])
        )
    arch = mpy >> 10
    return ARCHS[arch] if arch < len(ARCHS) else None


def sources(root=ROOT, sim=False, circuitpy=False):
    """(local path, board path, compile?) for everything deploy installs, board paths sorted.
    The sim board's HAL is host-only: it goes only where board.json asks for the sim; the
    CircuitPython layer (firmware/circuitpy/) only where circuitpy is asked for."""
    # root holds core/, firmware/ and (for a sim board) tools/sim/hal_sim.py: a snapshot will do.
    items = []
    for pkg in PACKAGES:
        for folder, dirs, files in os.walk(os.path.join(root, pkg)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and d != "rulesets")
            for name in sorted(files):
                local = os.path.join(folder, name)
                rel = os.path.relpath(local, root).replace(os.sep, "/")
                if rel.startswith(CIRCUITPY_LAYER + "/") and not circuitpy:
                    continue
                if name.endswith(".py") and rel != "firmware/main.py":
                    items.append((local, "/" + rel[:-3] + ".mpy", True))
    if sim:
        items.append((os.path.join(root, SIM_HAL), "/hal_sim.mpy", True))
    main_py = os.path.join(root, "firmware", "main.py")
    if os.path.exists(main_py):  # absent only while the app is being written
        items.append((main_py, "/main.py", False))
    rules = os.path.join(root, "firmware", "rulesets")
    for name in sorted(os.listdir(rules)):
        if name.endswith(".json"):
            items.append((os.path.join(rules, name), "/rulesets/" + name, False))
    return items


def compile_all(items, march, root=ROOT):
    """Compile what changed since the last build into build/mpy/<arch>/; return board files."""
    out_root = os.path.join(root, "build", "mpy", march or "bytecode")
    files = []
    for local, remote, needs_compile in items:
        if needs_compile:
            out = os.path.join(out_root, remote.lstrip("/"))
            if not os.path.exists(out) or os.path.getmtime(out) < os.path.getmtime(local):
                os.makedirs(os.path.dirname(out), exist_ok=True)
                # Compile to a private name, then rename: parallel deploys share build/.
                tmp = "%s.%d.tmp" % (out, os.getpid())
                cmd = [mpy_cross(), "-o", tmp, "-s", remote[1:-4] + ".py"]
                cmd += ["-march=" + march] if march else []
                res = subprocess.run(cmd + [local], capture_output=True, text=True)
                if res.returncode:
                    raise OSError("mpy-cross %s: %s" % (local, res.stderr.strip()))
                os.replace(tmp, out)
            local = out
        with open(local, "rb") as f:
            files.append((remote, f.read()))
    return files


def board_file(name, root=ROOT):
    return boards.profile(name, root)


def sha(data):
    return hashlib.sha256(data).hexdigest()


# Runs on the board: sha256 of each file, None where missing, through one 512-byte buffer; one
# line a file (a repr of the whole dict needs one ~13 KB string, which a Pico's fragmented heap
# refused: MemoryError on the emulated Pico, tools/pico/).
_HASH = """import hashlib, binascii
def _h(p, b=bytearray(512)):
    try:
        f = open(p, 'rb')
    except OSError:
        return None
    h, m, n = hashlib.sha256(), memoryview(b), 1
    while n:
        n = f.readinto(b)
        h.update(m[:n])
    f.close()
    return binascii.hexlify(h.digest()).decode()
for p in %r:
    print(p, _h(p))
"""


class Board:
    """An open raw-REPL session with a board (real or vboard), through mpremote's transport."""

    def __init__(self, port):
        self.port = port

    def __enter__(self):
        self.t = SerialTransport(self.port, baudrate=115200)
        self.t.enter_raw_repl(soft_reset=True)  # as mpremote does: a clean interpreter
        return self

    def __exit__(self, *exc):
        try:
            self.t.exit_raw_repl()
        finally:
            self.t.close()

    def run(self, code):
        try:
            return self.t.exec(code).decode()
        except TransportExecError as e:
            raise OSError("on the board: " + e.error_output.strip().splitlines()[-1]) from None

    def hashes(self, paths):
        """{path: sha256 hex or None} of files on the board, asked BATCH at a time, a line a
        file: the reply for every file at once is one string the board must hold whole, and a
        board's heap is small and fragmented."""
        paths, got = list(paths), {}
        for i in range(0, len(paths), BATCH):
            lines = self.run(_HASH % (paths[i : i + BATCH],)).split("\n")
            got.update(line.rstrip("\r").rsplit(" ", 1) for line in lines if line.strip())
        return {p: None if h == "None" else h for p, h in got.items()}

    def read(self, path):
        """File bytes, or None when the board has no such file (one exec, base64 lines)."""
        out = self.run(
            "from binascii import b2a_base64 as _e\ntry:\n _f = open(%r, 'rb')\n"
            "except OSError:\n _f = None\nwhile _f:\n _c = _f.read(768)\n if not _c:\n"
            "  break\n print(_e(_c).decode(), end='')\nprint('-' if _f is None else '.')" % path
        )
        lines = out.split()
        return None if lines[-1] == "-" else b"".join(binascii.a2b_base64(x) for x in lines[:-1])

    def remove(self, paths):
        """Remove files and folders (recursively); returns the files that were there."""
        code = (
            "import os\ndef _rm(p):\n try: m = os.stat(p)[0]\n except OSError: return\n"
            " if m & 0x4000:\n  for c in os.listdir(p): _rm(p + '/' + c)\n  os.rmdir(p)\n"
            " else:\n  os.remove(p)\n  print(p)\nfor p in %r: _rm(p)" % (list(paths),)
        )
        return self.run(code).split()

    def put_many(self, files, quiet=False):
        """Copy (path, bytes) pairs: each to path.new, verify hashes on the board, then rename.

        An interrupted copy leaves only *.new files; the old version stays whole. Small files
        share one exec and big ones are split, each exec carrying about CHUNK bytes."""
        sent = self.stage(files, quiet)
        self.commit(files)
        return sent

    def stage(self, files, quiet=False):
        """Write each (path, bytes) to path.new and verify it; the files in use stay as they
        are. Returns the bytes sent."""
        if not files:
            return 0
        dirs = {p[:i] for p, _ in files for i in range(1, len(p)) if p[i] == "/"}
        self.run(
            "import os\nfrom binascii import a2b_base64 as _d\nfor d in %r:\n try: os.mkdir(d)\n"
            " except OSError: pass" % sorted(dirs)
        )
        total = sum(len(d) for _, d in files)
        with _progress(quiet) as bar:
            task = bar.add_task("copy", total=total)
            code, size = [], 0
            for n, (path, data) in enumerate(files):
                for i in range(0, max(len(data), 1), CHUNK):
                    piece = data[i : i + CHUNK]
                    if i == 0:
                        code.append("_f = open(%r, 'wb')" % (path + ".new"))
                    code.append("_f.write(_d(%r))" % binascii.b2a_base64(piece).decode())
                    if i + CHUNK >= len(data):
                        code.append("_f.close()")
                    size += len(piece)
                    if size >= CHUNK or (n == len(files) - 1 and i + CHUNK >= len(data)):
                        bar.update(task, description=path)
                        self.run("\n".join(code))
                        bar.advance(task, size)
                        code, size = [], 0
        got = self.hashes([p + ".new" for p, _ in files])  # verify what the board has written
        bad = [p for p, d in files if got[p + ".new"] != sha(d)]
        if bad:
            self.remove([p + ".new" for p, _ in files])
            raise OSError("verification failed on the board for " + ", ".join(bad))
        return total

    def commit(self, files):
        """Rename each staged path.new over its path."""
        if not files:
            return
        # littlefs and POSIX replace the target atomically; FAT refuses, so remove it there first.
        pairs = [(p + ".new", p) for p, _ in files]
        for i in range(0, len(pairs), BATCH):
            self.run(
                "import os\nfor a, b in %r:\n try: os.rename(a, b)\n except OSError:\n"
                "  os.remove(b)\n  os.rename(a, b)" % (pairs[i : i + BATCH],)
            )

    def existing(self, paths):
        """The paths of `paths` that exist on the board (files or folders)."""
        code = "import os\nfor p in %r:\n try:\n  os.stat(p)\n  print(p)\n except OSError:\n  pass"
        return self.run(code % (list(paths),)).split()

    def mark(self, on):
        """Write (or remove) the update marker that firmware/main.py checks before the app."""
        if on:
            self.run("with open(%r, 'w') as _f:\n _f.write('deploy again')" % UPDATING)
        else:
            self.remove([UPDATING])

    def free_after_reset(self):
        """(free heap, free flash) in bytes after a soft reset, as the firmware will see them."""
        self.t.enter_raw_repl(soft_reset=True)
        out = self.run(
            "import gc, os\ns = os.statvfs('/')\ngc.collect()\nprint(gc.mem_free(), s[0] * s[3])"
        )
        return tuple(int(n) for n in out.split())


def _progress(quiet):
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn

    cols = (TextColumn("{task.description:<28}"), BarColumn(), DownloadColumn())
    return Progress(*cols, console=Console(stderr=True), disable=quiet, transient=True)


_SUMMARY = """deploy: %(files)d files, %(copied)d copied (%(bytes)d bytes), %(removed)d removed, \
verified, %(seconds).1fs"""
_AFTER = "after soft reset: free flash %(free_flash)d, free heap %(free_heap)d bytes"
# What the firmware's validators found of each ruleset file (firmware/rulecache.py): it vouches
# for unchanged files by size and CRC alone, so a deploy that changes the code removes it and
# the next scan validates every file again with the new validators.
RULESET_CACHE = "/data/rulesets.cache"
CODE = ("/core/", "/firmware/", "/main.py")  # what the validators' verdicts depend on


def deploy(port, board="pico-ssd1306", clean=False, say=print, root=ROOT):
    """Install the firmware on the board at `port` (its littlefs); returns a summary dict (also
    for benches). On Fusebox's own firmware the copy runs instead of the frozen app (its frozen
    main.py runs a /main.py when there is one) until remove_app() takes it away."""
    started = time.monotonic()
    profile = board_file(board, root)
    with Board(port) as b:
        march = target(b.t.eval("getattr(__import__('sys').implementation, '_mpy', None)"))
        sim = json.loads(profile)["display"]["driver"] == "sim"
        files = compile_all(sources(root, sim), march, root) + [("/board.json", profile)]
        wanted = dict(files)
        try:
            old = json.loads(b.read(MANIFEST) or "{}")
        except ValueError:
            old = {}  # a damaged manifest: the hashes on the board still decide what to copy
        # The marker goes on before the first change to the installed files and comes off after
        # the last: an interrupted deploy boots to "update incomplete", never to half an app.
        # Without --clean the new files are staged (*.new) first, so an interruption while
        # copying (the long part) leaves the previous version whole and bootable.
        removed, first, sent = [], [], 0
        if clean:
            # main.py first (the one that checks the marker), then the rest goes; main.py and
            # board.json are replaced in place, never removed, so the notice can show.
            b.mark(True)
            first = [(p, d) for p, d in files if p == "/main.py"]
            sent = b.put_many(first, quiet=True)
            keep = ("/main.py", "/board.json")
            removed = b.remove(["/core", "/firmware"] + [p for p in sorted(old) if p not in keep])
            old = {}
        on_board = b.hashes(sorted(wanted))
        stale = sorted(p for p in old if p not in wanted)
        todo = [(p, d) for p, d in files if on_board.get(p) != sha(d)]
        sent += b.stage(todo)
        if (todo or stale) and not clean:
            b.mark(True)
        b.commit(todo)
        code_changed = stale or any(p.startswith(CODE) for p, _ in todo)
        removed += b.remove(stale + ([RULESET_CACHE] if code_changed else []))
        manifest = {p: sha(d) for p, d in files}
        if todo or stale or manifest != old:
            b.put_many([(MANIFEST, json.dumps(manifest, sort_keys=True).encode())], quiet=True)
        if clean or todo or stale:
            b.mark(False)
        heap, flash = b.free_after_reset()
    summary = dict(files=len(files), copied=len(first + todo), bytes=sent)
    summary["removed"] = len(removed)
    summary.update(seconds=time.monotonic() - started, free_heap=heap, free_flash=flash)
    say("\n".join([_SUMMARY % summary, _AFTER % summary]))
    return summary


def remove_app(port, say=print):
    """Take a development deploy off a board: every file deploy installed (its manifest says
    which; main.py first, so an interruption boots the frozen app or the notice), the manifest
    last. Saves, settings, seat names and pushed rulesets stay. On Fusebox's own firmware the
    frozen app runs again; on stock MicroPython the board has no app after it."""
    with Board(port) as b:
        try:
            old = json.loads(b.read(MANIFEST) or "{}")
        except ValueError:
            old = {}
        if not old:
            say("remove: no deploy on this board (no %s)" % MANIFEST)
            return []
        b.mark(True)
        gone = b.remove(["/main.py"])
        gone += b.remove(["/core", "/firmware"] + sorted(p for p in old if p != "/main.py"))
        gone += b.remove([RULESET_CACHE, MANIFEST])
        b.mark(False)
        fusebox = bool(b.existing(["/rom/board.json"]))
    say(
        "remove: %d files removed; %s"
        % (
            len(gone),
            "the frozen app runs at the next reset"
            if fusebox
            else "stock firmware: no app is left on this board",
        )
    )
    return gone


def package_json():
    """package.json for `mpremote mip install`: the sources as .py (mip cannot compile), paths
    relative to the repository, and the default board's profile as board.json."""
    from tools.firmware.build import version as app_version

    version = app_version()
    git = ["git", "ls-files", "core", "firmware"]  # committed files only, never a stray one
    ok = set(subprocess.run(git, cwd=ROOT, capture_output=True, text=True).stdout.split())
    rel = [(os.path.relpath(p, ROOT), r, c) for p, r, c in sources()]
    urls = [[r[1:-4] + ".py" if c else r[1:], p] for p, r, c in rel if p in ok]
    urls.append(["board.json", "boards/pico-ssd1306.json"])
    rows = ",\n".join("  " + json.dumps(u) for u in urls)
    return '{\n "urls": [\n%s\n ],\n "deps": [],\n "version": "%s"\n}\n' % (rows, version)


def main(args):
    if args.package_json:
        with open(os.path.join(ROOT, "package.json"), "w") as f:
            f.write(package_json())
        print("wrote package.json")
        return 0
    try:
        if args.remove:
            remove_app(args.port)
        else:
            deploy(args.port, board=args.board, clean=args.clean)
    except (OSError, TransportError) as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 1
    return 0
