"""ruleset check|push|list|pull: validate rulesets with core, manage them on a board."""

import copy
import os
import sys
import tempfile

from core import ruleset
from core.errors import RulesetError
from firmware import catalog
from tools.runtimes import ROOT

BOARD_DIR = "/rulesets"
SHIPPED_ON_BOARD = "/rom/rulesets"  # what Fusebox's own firmware ships (firmware/catalog.py)
SHIPPED = os.path.join(str(ROOT), "firmware", "rulesets")

# At most this many faults are listed per file: enough for a variant's designer to fix a batch.
MAX_FAULTS = 20

# Runs on the board: every rulesets/*.json read and checked by the board's own catalog and core
# (what the device will decide), one file in RAM at a time. Leftover *.new files are interrupted
# pushes. A board without the firmware yet answers '?' and the host checks the file instead.
_LIST = """import os, gc
try:
    from firmware import catalog as _cat
except ImportError:
    _cat = None
_out = []
_seen = set()
for _d in (%(dir)r, %(shipped)r):
    try:
        _names = sorted(os.listdir(_d))
    except OSError:
        _names = []
    for _fn in _names:
        _p = _d + '/' + _fn
        if not (_fn.endswith('.json') or _fn.endswith('.json.new')) or _fn in _seen:
            continue
        _seen.add(_fn)
        _size = os.stat(_p)[6]
        _name, _err = '', None
        if _fn.endswith('.new'):
            _err = 'partial copy from an interrupted push'
        elif _cat is None:
            _err = '?'
        else:
            try:
                _o = _cat.parse(_p)
                _name = _o.get('name', '') if type(_o) is dict else ''
                _cat.validate(_p, _o)
            except ValueError as _e:
                _err = str(_e)[len(_fn) + 2 :]
            _o = None
            gc.collect()
        _out.append((_fn, _size, _name, _err, _d != %(dir)r))
print(repr(_out))
"""


def faults(obj, bound=MAX_FAULTS):
    """Every fault core finds in a parsed ruleset, as "path: message", at most `bound`.

    core stops at the first fault; to find the next, the part it names (an object's field) is
    mended in a copy (set to the shipped ruleset's value of the same game, or taken out when
    that has none) and the copy checked again; until core accepts it, or names a part that is
    no field (a list item, the whole file) or one mended before. So each fault after the first
    is the first of the file with the parts named before mended."""
    obj = copy.deepcopy(obj)
    out, seen = [], set()
    while len(out) < bound:
        try:
            ruleset.load(obj)
            return out
        except RulesetError as e:
            msg = str(e)
        except Exception as e:  # a validator bug: say so in one line, check the other files
            out.append("ruleset: the check itself failed (%s: %s)" % (type(e).__name__, e))
            return out
        where = msg.split(": ", 1)[0]
        if where in seen:
            return out
        out.append(msg)
        seen.add(where)
        if not _mend(obj, where):
            holder = _parent(obj, where)
            if holder is None:
                return out
            del holder[where.rsplit(".", 1)[-1]]
    return out


def _parent(obj, where):
    """The object holding the field at dotted path `where`, or None if that is no field."""
    parts = where.split(".")
    for key in parts[:-1]:
        if type(obj) is dict and key in obj:
            obj = obj[key]
        elif type(obj) is list and key.isdigit() and int(key) < len(obj):
            obj = obj[int(key)]
        else:
            return None
    return obj if type(obj) is dict and parts[-1] in obj else None


def _mend(obj, where):
    """Set the field at `where` to the shipped ruleset's (of obj's game); False if none has it."""
    game = obj.get("game") if type(obj) is dict else None
    path = os.path.join(SHIPPED, "%s.json" % game)
    if not isinstance(game, str) or not os.path.exists(path):
        return False
    good = catalog.parse(path)
    holder = _parent(good, where)
    if holder is None:
        return False
    parts = where.split(".")
    target = obj
    for key in parts[:-1]:
        target = target.get(key) if type(target) is dict else None
    if type(target) is not dict:
        return False
    target[parts[-1]] = copy.deepcopy(holder[parts[-1]])
    return True


def check_file(path):
    """[] if `path` is a valid ruleset, else its faults as `path: where: message`: read by the
    board's own reader (firmware/catalog.py: its size and nesting limits, a key given twice),
    then checked by core. The path is kept as given."""
    try:
        obj = catalog.parse(path, path)
    except ValueError as e:
        return [str(e)]
    out = faults(obj)
    if not out and not path.endswith(".json"):
        out = ["ruleset: the board reads only *.json files"]
    return [path + ": " + e for e in out]


def validate(data, label="ruleset.json"):
    """Check one ruleset file's bytes as the board would: the normalised ruleset, or
    RulesetError with the board's reason."""
    fd, tmp = tempfile.mkstemp(suffix=".json")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        try:
            obj = catalog.parse(tmp, label)
        except ValueError as e:
            raise RulesetError(str(e)[len(label) + 2 :]) from None
        return ruleset.load(obj)
    finally:
        os.unlink(tmp)


def check(files, out=print):
    broken = 0
    for f in files:
        errs = check_file(f)
        broken += 1 if errs else 0
        for err in errs:
            out(err)
    n = len(files)
    out("%d file%s: %d valid, %d broken" % (n, "" if n == 1 else "s", n - broken, broken))
    return 1 if broken else 0


def push(files, port, out=print, drive=None):
    """Validate every file, then copy them all (to a temporary name, renamed on the board);
    drive: a mounted CIRCUITPY folder instead of a port (tools/board/drive.py)."""
    bad = [e for f in files for e in check_file(f)]
    if bad:
        for err in bad:
            out(err)
        out("nothing sent: fix the rulesets above first")
        return 1
    batch = []
    for f in files:
        with open(f, "rb") as fh:
            batch.append((BOARD_DIR + "/" + os.path.basename(f), fh.read()))
    if drive:
        from tools.board.drive import Drive

        sent = Drive(drive).put_many(batch)
    else:
        # mpremote: only what talks to a board needs it, not `check`
        from tools.board import deploy

        with deploy.Board(port) as b:
            sent = b.put_many(batch)
    for path, _ in batch:
        out("pushed %s" % path)
    out("%d bytes, verified on the board" % sent)
    return 0


def listing(port):
    """[(file, size, name, error or None, shipped?)] of the board's rulesets, errors by the
    board's core: its own folder's, then those Fusebox's firmware ships (/rom/rulesets) that no
    file of the same name there replaces."""
    from tools.board import deploy

    with deploy.Board(port) as b:
        rows = eval_literal(b.run(_LIST % {"dir": BOARD_DIR, "shipped": SHIPPED_ON_BOARD}))
        # A board without core (firmware not deployed yet): fetch and check on the host instead.
        for i, (fn, size, _, err, shipped) in enumerate(rows):
            if err == "?":
                data = b.read((SHIPPED_ON_BOARD if shipped else BOARD_DIR) + "/" + fn)
                try:
                    rows[i] = (fn, size, validate(data, fn)["name"], None, shipped)
                except RulesetError as e:
                    rows[i] = (fn, size, "", str(e), shipped)
    return rows


def eval_literal(text):
    import ast

    return ast.literal_eval(text.strip())


def show_list(port, out=print):
    rows = listing(port)
    if not rows:
        out("no rulesets on the board")
    for fn, size, name, err, shipped in rows:
        state = "ok" if err is None else "PARTIAL" if fn.endswith(".new") else "BROKEN"
        what = (name if err is None else err) + (" (in the firmware)" if shipped else "")
        out("%-7s  %-24s %6d  %s" % (state, fn, size, what))
    return 0


def pull(name, dest, port, out=print):
    if "/" in name:
        name = name.rsplit("/", 1)[1]
    from tools.board import deploy

    with deploy.Board(port) as b:
        data = b.read(BOARD_DIR + "/" + name)
    if data is None:
        out("%s: no such ruleset on the board" % name)
        return 1
    target = dest or "."
    if os.path.isdir(target):
        target = os.path.join(target, name)
    with open(target, "wb") as f:
        f.write(data)
    errs = check_file(target)
    out("pulled %s -> %s (%d bytes)%s" % (name, target, len(data), ", " + errs[0] if errs else ""))
    return 0


def main(args):
    if args.action == "check":
        return check(args.files)
    from tools.board import deploy

    try:
        port = args.port
        if args.action == "push":
            return push(args.files, port, drive=getattr(args, "drive", None))
        if args.action == "list":
            return show_list(port)
        return pull(args.name, args.dest, port)
    except (OSError, deploy.TransportError) as e:
        print("ruleset %s: %s" % (args.action, e), file=sys.stderr)
        return 1
