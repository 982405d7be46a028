"""The rulesets on flash, each validated by core and grouped by game; broken ones keep a reason."""

import gc
import json
import os
import sys

from core import games, ruleset
from firmware import strings

ROOT = "rulesets"


class Entry:
    """One ruleset file: its game, display name and, when broken, why."""

    def __init__(self, path, game, name, error=None, description=""):
        self.path = path
        self.game = game
        self.name = name
        self.error = error
        self.description = description
        self.checked = True  # validated by core (or known broken without it)


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
        # The pass's code is needed only while files are read: imported here, dropped by
        # scan(), read() and check() when they are done (forget_shape()).
        from firmware import jsonshape

        with open(path, "rb") as f:
            fault = jsonshape.fault(f)
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


def forget_shape():
    """Drop the structural pass's module (firmware/jsonshape.py) once no file is being read."""
    if "firmware.jsonshape" in sys.modules:
        unload(set(sys.modules) - {"firmware.jsonshape"})


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
    forget_shape()
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
    """Every *.json in root as Entries, sorted by file name; never raises.

    Boot only parses the files: validating means loading each game's code, whose interned
    names stay in RAM for good (about 20 KB for the shipped games). A game's rulesets are
    validated by check() when its list is first opened; a file naming no known game is
    validated here (core rejects it from its header, without loading any game)."""
    out = []
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return out
    for fn in names:
        if not fn.endswith(".json"):
            continue
        path = root + "/" + fn
        obj = None
        try:
            obj = parse(path)
            game = obj.get("game") if type(obj) is dict else None
            if game not in games.IDS:
                validate(path, obj)  # raises: the header is wrong
            name = obj.get("name")
            if type(name) is not str or not name:
                name = fn
            desc = obj.get("description")
            # Bounded as core bounds it: an unchecked file must not pin a long text in RAM.
            e = Entry(path, game, name[:32], None, desc[:200] if type(desc) is str else "")
            e.checked = False
            out.append(e)
        except ValueError as err:
            g = obj.get("game") if type(obj) is dict else None
            out.append(Entry(path, g if g in games.IDS else None, fn, str(err)))
        # Parsed rulesets are dropped at once; only names stay in RAM.
        obj = None
        gc.collect()
    forget_shape()
    return out


def check(entries, game):
    """Validate a game's rulesets (once each) with core; broken ones get their reason. The
    game's modules are dropped again afterwards; the caller imports what it plays."""
    keep = set(sys.modules)
    for e in entries:
        if e.game != game or e.checked:
            continue
        e.checked = True
        try:
            rs = read(e.path)
            e.name = rs["name"]
            e.description = rs.get("description", "")
        except ValueError as err:
            e.error = str(err)
            e.name = _basename(e.path)
        rs = None
        gc.collect()
    unload(keep)
    return [e for e in entries if e.game == game]


def in_group(entries, game):
    return [e for e in entries if e.game == game]


def orphans(entries):
    """Broken files whose game is unknown: listed on the main menu itself."""
    return [e for e in entries if e.game is None]
