"""The rulesets on flash, each validated by core and grouped by game; broken ones keep a reason.

The app scans and checks them through firmware/rulecache.py, which remembers what validation
found; scan() and check() here are the same without that cache (host tools, tests).
"""

import gc
import json
import os
import sys

from core import const, games, ruleset
from core.check import join
from firmware import strings

ROOT = "rulesets"  # the board's own folder: `ruleset push` and a deploy write here
# The rulesets Fusebox's own firmware ships, in its ROMFS image (tools/firmware/image.py); a file
# of the same name in ROOT is listed instead (a pushed fix of a shipped ruleset replaces it).
SHIPPED = "/rom/rulesets"
_ORDER_LAST = const(99)  # where a file without "order" sorts (core/ruleset.py's bound)
_SHORT_LEN = const(8)


class Entry:
    """One ruleset file: its game, display name (and short title), its place in the game's
    list and, when broken, why. (Not its description: no list shows it, and eleven of them
    held 1.3 KB of the menu's heap; a screen that wants it reads the file.)"""

    def __init__(self, path, game, name, error=None):
        self.path = path
        self.game = game
        self.name = name
        self.error = error
        self.short = ""
        self.order = _ORDER_LAST
        self.checked = True  # validated by core (or known broken without it)

    def key(self):
        """Where the entry sorts in its game's list: by order, then by file name."""
        return (self.order, self.path)


def _basename(path):
    i = path.rfind("/")
    return path[i + 1 :] if i >= 0 else path


def parse(path, label=None):
    """The parsed JSON of a ruleset file, or ValueError naming the file (`label`, else its base
    name). The host's `ruleset check` runs this very function, so board and host never disagree:
    the size limit first, then one pass over the bytes that refuses nesting deeper than
    ruleset.MAX_DEPTH and a key given twice in one object (json keeps the last one silently),
    and only then json. No parser ever sees a file nested deeper than any ruleset needs."""
    fn = _basename(path) if label is None else label
    try:
        size = os.stat(path)[6]
        if size > ruleset.MAX_BYTES:
            why = strings.get("e.toolarge") + " (" + str(size) + " bytes, at most "
            raise ValueError(fn + ": " + why + str(ruleset.MAX_BYTES) + ")")
        with open(path, "rb") as f:
            fault = shape(f)
        if fault:
            raise ValueError(fn + ": " + fault)
        with open(path) as f:
            return json.load(f)
    except OSError as e:
        raise ValueError(fn + ": " + strings.get("e.read") + _why(e)) from None
    except MemoryError:
        gc.collect()  # a file under the limits cannot get here; if one does, refuse it, boot on
        raise ValueError(fn + ": " + strings.get("e.deep")) from None
    except ValueError as e:
        if str(e).startswith(fn + ": "):
            raise
        raise ValueError(fn + ": " + strings.get("e.json")) from None


def _why(e):
    # The host names the reason (No such file or directory); the board has only the number.
    w = getattr(e, "strerror", None)
    return ": " + w if w else ""


def shape(f):
    """The first structural fault of the JSON bytes read from f, as "path: reason", or None.
    A key is decoded as json would decode it, so "a" and "\\u0061" are the same key. Reads
    256 bytes at a time into one buffer; the syntax itself is left to json."""
    buf = bytearray(256)
    stack = []  # type: list  # per open container: [keys seen (None for a list), key or index]
    key = None  # bytearray of the object key being read, or None
    want_key = in_str = esc = False
    while True:
        k = f.readinto(buf)
        if not k:
            return None
        for i in range(k):
            c = buf[i]
            if in_str:
                if esc:
                    esc = False
                elif c == 0x5C:  # backslash
                    esc = True
                elif c == 0x22:  # the closing quote
                    in_str = False
                    if key is not None:
                        top = stack[-1]
                        name = _key(key)
                        top[1] = name
                        if name in top[0]:
                            return _path(stack) + ": " + strings.get("e.twice")
                        top[0].add(name)
                        key = None
                    continue
                if key is not None:
                    key.append(c)
            elif c == 0x22:
                in_str = True
                key = bytearray() if want_key and stack else None
                want_key = False
            elif c == 0x7B or c == 0x5B:  # { [
                if len(stack) >= ruleset.MAX_DEPTH:
                    return (_path(stack) or "ruleset") + ": " + strings.get("e.deep")
                want_key = c == 0x7B
                stack.append([set(), ""] if want_key else [None, 0])
            elif c == 0x7D or c == 0x5D:  # } ]
                want_key = False
                if stack:
                    stack.pop()
            elif c == 0x2C and stack:  # a comma: the next key, or the next item of a list
                top = stack[-1]
                if top[0] is None:
                    top[1] += 1
                else:
                    want_key = True


def _key(raw):
    """An object key as json decodes it (its escapes undone); the raw text if it is broken."""
    try:
        return json.loads(b'"' + raw + b'"') if raw.find(b"\\") >= 0 else raw.decode()
    except ValueError:
        return repr(bytes(raw))  # not text: json refuses it, or keeps it as it is


def _path(stack):
    p = ""
    for top in stack:
        p = join(p, top[1])
    return p


def validate(path, obj):
    """core's normalised ruleset, or ValueError whose text names the file and the fault's path."""
    fn = _basename(path)
    try:
        return ruleset.load(obj)
    except ValueError as e:
        raise ValueError(fn + ": " + str(e)) from None
    except Exception as e:  # a validator bug must not take the whole menu down
        raise ValueError(fn + ": " + type(e).__name__) from None


def read(path):
    """Parse and validate one ruleset file (ValueError with a reason when it is broken)."""
    rs = validate(path, parse(path))
    # A game package that imports its ruleset check lazily names that module in CHECKS: it is
    # needed only here, so it goes again at once and the GC takes its code back while playing.
    name = getattr(sys.modules.get("core." + rs["game"]), "CHECKS", None)
    if name in sys.modules:
        unload(set(sys.modules) - {name})
    return rs


def unload(keep):
    """Forget modules imported since `keep` (a set of names): validating every ruleset pulls in
    every game's module, and the board can hold the code of only one game at a time."""
    for name in list(sys.modules):
        if name in keep:
            continue
        del sys.modules[name]
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot]) if dot > 0 else None
        if parent is not None:
            try:
                delattr(parent, name[dot + 1 :])
            except AttributeError:
                pass
    gc.collect()


def scan(root=ROOT):
    """Every *.json in root as Entries, sorted by order then file name; never raises.

    Boot only parses the files: validating means loading each game's code, whose interned
    names stay in RAM for good (about 20 KB for the shipped games). A game's rulesets are
    validated by check() when its list is first opened; a file naming no known game is
    validated here (core rejects it from its header, without loading any game)."""
    out = [_scanned(path, fn) for path, fn in files(root)]
    out.sort(key=Entry.key)
    return out


def files(root=ROOT):
    """(path, file name) of every ruleset to list: the *.json in root and, for the board's own
    folder, the shipped ones (SHIPPED) that no file in root of the same name replaces."""
    own = _names(root)
    out = [(root + "/" + fn, fn) for fn in own]
    if root == ROOT:
        out += [(SHIPPED + "/" + fn, fn) for fn in _names(SHIPPED) if fn not in own]
    return out


def _names(root):
    try:
        return [fn for fn in sorted(os.listdir(root)) if fn.endswith(".json")]
    except OSError:
        return []


def _scanned(path, fn):
    """The Entry of one file, parsed only (its game's list validates it)."""
    obj = got = None
    try:
        obj = parse(path)
        game = obj.get("game") if type(obj) is dict else None
        if game not in games.IDS:
            validate(path, obj)  # raises: the header is wrong
        got = (game, obj.get("name"), obj.get("order"), obj.get("short"))
    except ValueError as err:
        g = obj.get("game") if type(obj) is dict else None
        return Entry(path, g if g in games.IDS else None, fn, str(err))
    # Parsed rulesets are dropped at once; only names stay in RAM. The entry is made after the
    # collection, its strings copied by the slices: what stays lands in the holes the parse
    # left, low in the heap, not above them (the menu's largest free block stays whole).
    obj = None
    gc.collect()
    game, name, v, short = got
    got = None
    if type(name) is not str or not name:
        name = fn
    # Bounded as core bounds it: an unchecked file must not pin a long text in RAM.
    e = Entry(path, game, name[:32], None)
    e.checked = False
    # The list fields of a file not validated yet, bounded as core bounds them.
    if type(v) is int and 0 <= v <= _ORDER_LAST:
        e.order = v
    if type(short) is str:
        e.short = short[:_SHORT_LEN]
    return e


def check(entries, game):
    """Validate a game's rulesets (once each) with core; broken ones get their reason. The
    game's modules are dropped again afterwards; the caller imports what it plays."""
    keep = set(sys.modules)
    for e in entries:
        if e.game == game and not e.checked:
            _check(e)
            gc.collect()
    unload(keep)
    out = [e for e in entries if e.game == game]
    out.sort(key=Entry.key)  # the standard first, as the rulesets' "order" says
    return out


def _check(e):
    """Validate one entry with core: its list fields, or its reason when it is broken."""
    e.checked = True
    try:
        rs = read(e.path)
        e.name = rs["name"]
        e.short = rs["short"]
        e.order = rs["order"]
    except ValueError as err:
        e.error = str(err)
        e.name = _basename(e.path)
    rs = None


def in_group(entries, game):
    return [e for e in entries if e.game == game]


def orphans(entries):
    """Broken files whose game is unknown: listed on the main menu itself."""
    return [e for e in entries if e.game is None]
