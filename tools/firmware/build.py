"""build: Fusebox's own firmware for a MicroPython profile, from MicroPython v1.28.0's source.

`python -m tools firmware build --board pico-ssd1306` (`make firmware` builds every profile)
writes fusebox-<version>-<board>.uf2: MicroPython for the RP2040 with core/ and firmware/ frozen
in (boards/micropython/FUSEBOX_<PROFILE>/, their shared fusebox.cmake and manifest.py), and the
ROMFS data image (tools/firmware/image.py) in the same file (tools/firmware/uf2.py), plus the
.elf and the flash's .bin beside it. The steps, each done once and kept in the cache:

1. the source: `--source DIR` (a v1.28.0 checkout with its submodules), else the archive
   `micropython-1.28.0-rp2-src.tar.xz` ($FUSEBOX_MICROPYTHON_SRC, else ../shared/rp2/src/ beside
   the checkout or beside the one it was cloned from), unpacked into the cache;
2. picotool, which pico-sdk needs to write a UF2 (built from the archive's copy, no download);
3. the firmware, with Debian's gcc-arm-none-eabi, libnewlib-arm-none-eabi and cmake; a build
   directory a board, so a rebuild after an app change only freezes the app again.

The cache is $FUSEBOX_CACHE, else $XDG_CACHE_HOME/fusebox, else ~/.cache/fusebox; a build whose
inputs (the app, the profile, the rulesets, the board directory, the source) hashed the same is
not built again. A fresh machine builds from nothing in about two minutes on two cores.
"""

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

from tools import boards
from tools.firmware import image, uf2
from tools.firmware.flashmap import FIRMWARE, LITTLEFS, ROMFS, XIP_BASE
from tools.runtimes import ROOT

MICROPYTHON = "micropython-1.28.0"
PICOTOOL = "picotool-2.2.0"
ARCHIVE = MICROPYTHON + "-rp2-src.tar.xz"
SOURCE_ENV = "FUSEBOX_MICROPYTHON_SRC"
BOARDS_DIR = ROOT / "boards" / "micropython"
# The MicroPython profiles and their board directories (runtime "micropython", not the sim).
DIRS = {
    "pico-ssd1306": "FUSEBOX_PICO_SSD1306",
    "pico-sh1106": "FUSEBOX_PICO_SH1106",
    "thumby": "FUSEBOX_THUMBY",
    "pico-display-pack": "FUSEBOX_PICO_DISPLAY_PACK",
}
TOOLS = ("arm-none-eabi-gcc", "cmake", "make", "cc", "c++")
APT = "gcc-arm-none-eabi libnewlib-arm-none-eabi cmake build-essential"  # and ccache, if wanted
# Bumped when this module changes what it builds (the cache key holds it, not this file).
RECIPE = 2


class BuildError(Exception):
    """A step failed; the message says which, and where its log is."""


def version(app=ROOT):
    """firmware/version.py's VERSION, read as text (the host does not import the firmware)."""
    text = (Path(app) / "firmware" / "version.py").read_text()
    return text.split('VERSION = "', 1)[1].split('"', 1)[0]


def cache_dir():
    env = os.environ.get("FUSEBOX_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "fusebox"


def archive():
    """The source archive's path, or BuildError saying where it was looked for."""
    env = os.environ.get(SOURCE_ENV)
    places = [Path(env)] if env else []
    places.append(ROOT.parent / "shared" / "rp2" / "src" / ARCHIVE)
    origin = _origin()
    if origin:
        places.append(origin.parent / "shared" / "rp2" / "src" / ARCHIVE)
    for p in places:
        if p.is_file():
            return p
    raise BuildError(
        "no MicroPython source: looked for %s; give --source DIR (a v1.28.0 checkout with its "
        "submodules: git clone -b v1.28.0 https://github.com/micropython/micropython && make -C "
        "micropython/ports/rp2 submodules) or set $%s to the archive"
        % (", ".join(str(p) for p in places), SOURCE_ENV)
    )


def _origin():
    """The checkout this one was cloned from, when it is a folder on this machine."""
    try:
        url = subprocess.run(
            ["git", "-C", str(ROOT), "remote", "get-url", "origin"],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return Path(url) if url and Path(url).is_dir() else None


def missing_tools():
    """The build tools not on PATH (the toolchain comes from Debian's archive: APT)."""
    return [t for t in TOOLS if not shutil.which(t)]


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def inputs_key(board, source, app=ROOT):
    """A hash of everything the image is made of: the app and board files, the profile, the
    rulesets, the source's identity and RECIPE."""
    h = hashlib.sha256()
    h.update(str(source).encode())
    h.update(b"recipe %d\n" % RECIPE)
    files = [BOARDS_DIR / "fusebox.cmake", BOARDS_DIR / "manifest.py"]
    files += [BOARDS_DIR / "main.py", BOARDS_DIR / "check_romfs.cmake"]
    files += sorted((BOARDS_DIR / DIRS[board]).iterdir())
    h.update(boards.profile(board, str(ROOT)))
    for pkg in ("core", "firmware"):
        for folder, dirs, names in os.walk(Path(app) / pkg):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            files += [Path(folder) / n for n in sorted(names) if not n.endswith(".pyc")]
    for f in files:
        label = f.relative_to(app if f.is_relative_to(app) else BOARDS_DIR)
        h.update(str(label).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


class Builder:
    """The cache and the steps; `log` prints one line a step with its time."""

    def __init__(self, source=None, cache=None, jobs=None, log=print, app=ROOT):
        self.app = Path(app)  # where core/ and firmware/ come from (tests build a changed app)
        self.cache = Path(cache) if cache else cache_dir()
        self.jobs = jobs or os.cpu_count() or 2
        self.log = log
        self.given = Path(source).resolve() if source else None
        self._tree = None

    def tree(self):
        """The MicroPython source tree (unpacked from the archive into the cache once)."""
        if self._tree:
            return self._tree
        if self.given:
            if not (self.given / "ports" / "rp2").is_dir():
                raise BuildError("%s: not a MicroPython source tree (no ports/rp2)" % self.given)
            if not (self.given / "lib" / "pico-sdk" / "CMakeLists.txt").is_file():
                raise BuildError(
                    "%s: lib/pico-sdk is empty: run `make -C %s/ports/rp2 submodules`"
                    % (self.given, self.given)
                )
            self._tree = self.given
            return self._tree
        src = archive()
        where = self.cache / ("src-" + sha256(src)[:12])
        if not (where / ".unpacked").exists():
            t = time.monotonic()
            self.log("unpacking %s into %s" % (src.name, where))
            tmp = where.with_name(where.name + ".%d.tmp" % os.getpid())
            shutil.rmtree(tmp, ignore_errors=True)
            tmp.mkdir(parents=True)
            with tarfile.open(src) as tar:
                tar.extractall(tmp, filter="tar")
            shutil.rmtree(where, ignore_errors=True)
            os.replace(tmp, where)
            (where / ".unpacked").touch()
            self.log("  unpacked in %.1f s" % (time.monotonic() - t))
        self._tree = where / MICROPYTHON
        return self._tree

    def picotool(self):
        """The folder of a built picotool (PICOTOOL_FETCH_FROM_GIT_PATH), or None to let
        pico-sdk find or fetch one (a --source tree beside no archive)."""
        pt_src = self.tree().parent / PICOTOOL
        if not pt_src.is_dir():
            return None
        out = self.tree().parent / "picotool"
        if (out / "picotool" / "picotool").exists():
            return out
        t = time.monotonic()
        self.log("building picotool (pico-sdk writes the UF2 with it; about 30 s)")
        build = self.tree().parent / "picotool-build"
        sdk = self.tree() / "lib" / "pico-sdk"
        self._run(
            "picotool",
            ["cmake", "-S", str(pt_src), "-B", str(build), "-DPICO_SDK_PATH=%s" % sdk]
            + ["-DPICOTOOL_NO_LIBUSB=1", "-DPICOTOOL_FLAT_INSTALL=1"]
            + ["-DCMAKE_INSTALL_PREFIX=%s" % out, "-DCMAKE_BUILD_TYPE=Release"],
        )
        self._run("picotool", ["make", "-C", str(build), "-j%d" % self.jobs])
        self._run("picotool", ["make", "-C", str(build), "install"])
        self.log("  picotool built in %.1f s" % (time.monotonic() - t))
        return out

    def build(self, board, out_dir=None):
        """Build (or take from the cache) one profile's firmware; return the .uf2's path."""
        if board not in DIRS:
            raise BuildError(
                "%s: no MicroPython board directory; one of: %s (CircuitPython boards get a "
                "release zip: python -m tools release)" % (board, ", ".join(sorted(DIRS)))
            )
        lacking = missing_tools()
        if lacking:
            raise BuildError(
                "missing %s: install Debian's %s (apt-get install)" % (" ".join(lacking), APT)
            )
        self.cache.mkdir(parents=True, exist_ok=True)
        # One build at a time in a cache (parallel test workers, two shells): the others wait,
        # then find it built.
        with open(self.cache / "build.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            return self._built(board, out_dir)

    def _built(self, board, out_dir):
        tree = self.tree()
        name = "fusebox-%s-%s" % (version(self.app), board)
        key = inputs_key(board, tree, self.app)
        done = self.cache / "builds" / ("%s-%s" % (board, key))
        uf2_path = done / (name + ".uf2")
        if uf2_path.exists():
            self.log("%s: unchanged since its last build (%s)" % (board, done))
        else:
            self._build(board, tree, done, name)
        if out_dir:
            out_dir = Path(out_dir)
            out_dir.mkdir(parents=True, exist_ok=True)
            for ext in (".uf2", ".bin", ".elf"):
                shutil.copyfile(done / (name + ext), out_dir / (name + ext))
            return out_dir / (name + ".uf2")
        return uf2_path

    def _build(self, board, tree, done, name):
        env = dict(os.environ)
        launcher = []
        if shutil.which("ccache"):  # the profiles differ in a header and the data: the
            # second and later profiles compile from ccache's hits (CCACHE_DIR in the cache)
            env.setdefault("CCACHE_DIR", str(self.cache / "ccache"))
            launcher = [
                "-DCMAKE_C_COMPILER_LAUNCHER=ccache",
                "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache",
            ]
        pt = self.picotool()
        if pt:
            env["PICOTOOL_FETCH_FROM_GIT_PATH"] = str(pt)
        work = self.cache / "cmake" / board
        board_dir = BOARDS_DIR / DIRS[board]
        t = time.monotonic()
        self.log("building the firmware for %s (about a minute on two cores)" % board)
        self._run(
            board,
            ["cmake", "-S", str(tree / "ports" / "rp2"), "-B", str(work)]
            + ["-DMICROPY_BOARD=%s" % DIRS[board], "-DMICROPY_BOARD_DIR=%s" % board_dir]
            + ["-DPICO_BUILD_DOCS=0", "-DFUSEBOX_APP=%s" % self.app]
            + launcher,
            env=env,
        )
        # makemanifest.py rebuilds a frozen module only when its source is newer than what it
        # compiled before: the sources of another app (or an older checkout) would be taken as
        # built. The inputs changed (else the cache had it), so freeze everything again.
        shutil.rmtree(work / "frozen_mpy", ignore_errors=True)
        (work / "frozen_content.c").unlink(missing_ok=True)
        self._run(board, ["cmake", "--build", str(work), "-j%d" % self.jobs], env=env)
        elf, fw = work / "firmware.elf", (work / "firmware.bin").read_bytes()
        if len(fw) > FIRMWARE[1]:  # the cmake check failed the build before this
            raise BuildError(
                "%s: the firmware is %d bytes, over its %d" % (board, len(fw), FIRMWARE[1])
            )
        rom = image.build(board)
        tmp = done.with_name(done.name + ".%d.tmp" % os.getpid())
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        (tmp / (name + ".uf2")).write_bytes(uf2.pack([(0, fw), (ROMFS[0], rom)]))
        flash = bytearray(b"\xff" * LITTLEFS[0])  # what the UF2 writes: firmware and ROMFS
        flash[: len(fw)] = fw
        flash[ROMFS[0] : ROMFS[0] + len(rom)] = rom
        (tmp / (name + ".bin")).write_bytes(bytes(flash))
        shutil.copyfile(elf, tmp / (name + ".elf"))
        shutil.rmtree(done, ignore_errors=True)
        done.parent.mkdir(parents=True, exist_ok=True)
        os.replace(tmp, done)
        self.log(
            "  %s: firmware %d bytes (%d below the ROMFS at 0x%x), ROMFS %d bytes; built in %.0f s"
            % (
                board,
                len(fw),
                FIRMWARE[1] - len(fw),
                XIP_BASE + ROMFS[0],
                len(rom),
                time.monotonic() - t,
            )
        )

    def _run(self, step, cmd, env=None):
        log = self.cache / "logs" / (step + ".log")
        log.parent.mkdir(parents=True, exist_ok=True)
        with open(log, "a") as f:
            f.write("$ %s\n" % " ".join(cmd))
            f.flush()
            res = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env)
        if res.returncode:
            tail = log.read_text(errors="replace").splitlines()[-15:]
            raise BuildError(
                "%s failed (%s); the end of %s:\n%s" % (step, cmd[0], log, "\n".join(tail))
            )


def main(args):
    names = sorted(DIRS) if args.board == "all" else [args.board]
    b = Builder(source=args.source, jobs=args.jobs)
    try:
        for board in names:
            path = b.build(board, args.out)
            print("%s: %s (%d bytes)" % (board, path, path.stat().st_size))
    except BuildError as e:
        print("firmware build: %s" % e, file=sys.stderr)
        return 1
    return 0
