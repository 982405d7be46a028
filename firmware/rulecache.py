"""What validation found of each ruleset file, kept in data/rulesets.cache (CACHE) with the
file's size and CRC-32, and the app's scan and checks that use it, a file a loop step.

A game's list opens without loading its validator when no file changed, and the boot's scan
does not even parse such a file: an entry is taken from the cache only when both the size and the
CRC still match the file; a changed, added or removed file is validated again; a cache that
cannot be read or is not one is rebuilt, never trusted. Imported where a scan or a list check
runs and dropped again when it is done (forget()): its code stays off the heap while a game is
played.
"""

import gc
import sys

from core import const, games
from firmware import storage
from firmware.catalog import ROOT, Entry, _check, _scanned, files, unload

try:
    from binascii import crc32
except ImportError:  # a port without it validates every time, as before the cache
    crc32 = None

CACHE = storage.DATA + "/rulesets.cache"
# What one cached entry holds, below; another number: rebuilt (2: without the description).
_CACHE_FORMAT = const(2)


def scan(root=ROOT, cache=CACHE):
    """catalog.scan(), a file the cache vouches for (same size and CRC) not parsed: its checked
    entry comes from the cache."""
    s = Scan(root, cache)
    while s.step():
        pass
    return s.entries


def check(entries, game, cache=CACHE):
    """catalog.check(), an unchanged file's result taken from the cache (and the cache written
    when something new was learnt)."""
    c = Checker(entries, game, cache)
    while c.step():
        pass
    return c.entries()


def forget():
    """Drop this module (its bytecode goes with the last reference to its objects)."""
    sys.modules.pop("firmware.rulecache", None)
    parent = sys.modules.get("firmware")
    if parent is not None and hasattr(parent, "rulecache"):
        delattr(parent, "rulecache")


class Scan:
    """scan(), one file per step(); `entries` is the whole sorted list once step() said False."""

    def __init__(self, root=ROOT, cache=CACHE):
        self.root = root
        self.cache = cache
        self.entries = []  # type: list
        self._todo = None  # type: list | None
        self._files = None  # type: dict | None
        self.done = False

    def step(self):
        """Scan one more file; True while more are left (then call again)."""
        if self.done:
            return False
        if self._todo is None:
            self._todo = files(self.root)
            self._files = load_cache(self.cache) if crc32 is not None and self._todo else {}
        if self._todo:
            path, fn = self._todo.pop(0)
            e = _cached(path, self._files.get(path)) or _scanned(path, fn)
            self.entries.append(e)
            if self._todo:
                return True
        self._files = None
        self.entries.sort(key=Entry.key)
        self.done = True
        return False


def _cached(path, v):
    """The checked Entry of a file the cache row `v` vouches for, or None."""
    if v is None or v[6] not in games.IDS:
        return None
    d = _digest(path)
    if d is None or d[0] != v[0] or d[1] != v[1]:
        return None
    e = Entry(path, v[6], v[2], v[5])
    e.short = v[3]
    e.order = v[4]
    return e


def _digest(path):
    """(size, CRC-32) of a file's bytes, or None when it cannot be read (or no crc32)."""
    if crc32 is None:
        return None
    buf = bytearray(256)
    crc = size = 0
    try:
        with open(path, "rb") as f:
            while True:
                k = f.readinto(buf)
                if not k:
                    break
                size += k
                crc = crc32(memoryview(buf)[:k], crc)
    except OSError:
        return None
    return [size, crc & 0x3FFFFFFF]  # kept in small-int range (JSON and the board alike)


def load_cache(path=CACHE):
    """{ruleset path: [size, crc, name, short, order, error or None, game]} from
    the cache, or {} when there is none or it is not a good one (then it is rebuilt)."""
    try:
        data = storage.load(path)
    except (OSError, ValueError):  # none yet, or damaged beyond its .bak (SaveError)
        return {}
    if type(data) is not dict or data.get("format") != _CACHE_FORMAT:
        return {}
    files = data.get("files")
    if type(files) is not dict:
        return {}
    for v in files.values():
        if not _good(v):
            return {}
    return files


def _good(v):
    # Every field as the Entry keeps it: a hand-edited or torn cache is not half trusted.
    return (
        type(v) is list
        and len(v) == 7
        and type(v[0]) is int
        and type(v[1]) is int
        and type(v[2]) is str
        and type(v[3]) is str
        and type(v[4]) is int
        and (v[5] is None or type(v[5]) is str)
        and type(v[6]) is str
    )


class Checker:
    """A game's list, checked one file per step(): first the cache (one step), then each file
    it does not vouch for, validated by core; the cache is written when something new was
    learnt. entries() is the game's list as known so far, in its order."""

    def __init__(self, entries, game, cache=CACHE):
        self.all = entries
        self.game = game
        self.cache = cache
        self.keep = None  # the modules to keep, taken at the first step (not in the press)
        self._todo = None  # [(entry, digest)] once the cache was read
        self._files = None
        self._learnt = False
        self.done = False

    def entries(self):
        out = [e for e in self.all if e.game == self.game]
        out.sort(key=Entry.key)  # the standard first, as the rulesets' "order" says
        return out

    def step(self):
        """Do one piece of the work; True while more is left (then call again)."""
        if self.done:
            return False
        if self._todo is None:
            self.keep = set(sys.modules)
            self._todo = []
            files = self._files = load_cache(self.cache) if crc32 is not None else {}
            for e in self.all:
                if e.game != self.game or e.checked:
                    continue
                d = _digest(e.path)
                v = files.get(e.path)
                if d is not None and v is not None and v[0] == d[0] and v[1] == d[1]:
                    e.checked = True
                    e.name, e.short, e.order, e.error = v[2], v[3], v[4], v[5]
                else:
                    self._todo.append((e, d))
            # A removed file's entry goes from the cache too.
            known = set(e.path for e in self.all)
            for path in list(files):
                if path not in known:
                    del files[path]
                    self._learnt = True
            return True
        if self._todo:
            e, d = self._todo.pop(0)
            _check(e)
            if d is not None:
                row = [d[0], d[1], e.name, e.short, e.order, e.error, e.game]
                self._files[e.path] = row
                self._learnt = True
            gc.collect()
            if self._todo:
                return True
        self.done = True
        unload(self.keep)
        if self._learnt:
            self._write()
        self._files = None
        return False

    def _write(self):
        try:
            storage.save(self.cache, {"format": _CACHE_FORMAT, "files": self._files})
        except OSError:  # no data folder (a host test's tree) or a full flash: next time again
            pass
