"""ruleset check|push|list|pull: validate rulesets with core, manage them on a board."""

import json
import os
import sys

from core import ruleset
from core.errors import RulesetError

BOARD_DIR = "/rulesets"

# Runs on the board: every rulesets/*.json checked by the board's own core (what the device will
# decide), one file in RAM at a time. Leftover *.new files are interrupted pushes.
_LIST = """import os, json, gc
try:
    from core import ruleset as _rs
except ImportError:
    _rs = None
_out = []
try:
    _names = sorted(os.listdir(%(dir)r))
except OSError:
    _names = []
for _fn in _names:
    _p = %(dir)r + '/' + _fn
    if not (_fn.endswith('.json') or _fn.endswith('.json.new')):
        continue
    _size = os.stat(_p)[6]
    _name, _err = '', None
    if _fn.endswith('.new'):
        _err = 'partial copy from an interrupted push'
    elif _rs is None:
        _err = '?'
    elif _size > _rs.MAX_BYTES:
        _err = 'ruleset: %%d bytes, more than %%d' %% (_size, _rs.MAX_BYTES)
    else:
        try:
            with open(_p) as _f:
                _o = json.load(_f)
            _name = _o.get('name', '') if type(_o) is dict else ''
            _rs.load(_o)
        except ValueError as _e:
            _err = str(_e) or 'not valid JSON'
        _o = None
        gc.collect()
    _out.append((_fn, _size, _name, _err))
print(repr(_out))
"""


def validate(data):
    """Check one ruleset file's bytes with core; return the normalised ruleset or raise."""
    if len(data) > ruleset.MAX_BYTES:
        raise RulesetError("ruleset: %d bytes, more than %d" % (len(data), ruleset.MAX_BYTES))
    try:
        obj = json.loads(data)
    except (ValueError, UnicodeDecodeError) as e:
        raise RulesetError("ruleset: not valid JSON (%s)" % e) from None
    return ruleset.load(obj)


def check_file(path):
    """None if `path` is a valid ruleset, else the error as `file: path: message`."""
    name = os.path.basename(path)
    try:
        with open(path, "rb") as f:
            validate(f.read())
    except OSError as e:
        return "%s: ruleset: cannot read (%s)" % (name, e.strerror or e)
    except RulesetError as e:
        return "%s: %s" % (name, e)
    if not name.endswith(".json"):
        return "%s: ruleset: the board reads only *.json files" % name
    return None


def check(files, out=print):
    bad = [e for e in (check_file(f) for f in files) if e]
    for err in bad:
        out(err)
    if not bad:
        out("%d ruleset%s valid" % (len(files), "" if len(files) == 1 else "s"))
    return 1 if bad else 0


def push(files, port, out=print, drive=None):
    """Validate every file, then copy them all (to a temporary name, renamed on the board);
    drive: a mounted CIRCUITPY folder instead of a port (tools/deploy_drive.py)."""
    bad = [e for e in (check_file(f) for f in files) if e]
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
        from tools import deploy_drive

        sent = deploy_drive.Drive(drive).put_many(batch)
    else:
        from tools import deploy  # mpremote: only what talks to a board needs it, not `check`

        with deploy.Board(port) as b:
            sent = b.put_many(batch)
    for path, _ in batch:
        out("pushed %s" % path)
    out("%d bytes, verified on the board" % sent)
    return 0


def listing(port):
    """[(file, size, name, error or None)] of the board's rulesets, errors by the board's core."""
    from tools import deploy

    with deploy.Board(port) as b:
        rows = eval_literal(b.run(_LIST % {"dir": BOARD_DIR}))
        # A board without core (firmware not deployed yet): fetch and check on the host instead.
        for i, (fn, size, _, err) in enumerate(rows):
            if err == "?":
                data = b.read(BOARD_DIR + "/" + fn)
                try:
                    rows[i] = (fn, size, validate(data)["name"], None)
                except RulesetError as e:
                    rows[i] = (fn, size, "", str(e))
    return rows


def eval_literal(text):
    import ast

    return ast.literal_eval(text.strip())


def show_list(port, out=print):
    rows = listing(port)
    if not rows:
        out("no rulesets on the board")
    for fn, size, name, err in rows:
        state = "ok" if err is None else "PARTIAL" if fn.endswith(".new") else "BROKEN"
        out("%-7s  %-24s %6d  %s" % (state, fn, size, name if err is None else err))
    return 0


def pull(name, dest, port, out=print):
    if "/" in name:
        name = name.rsplit("/", 1)[1]
    from tools import deploy

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
    err = check_file(target)
    out("pulled %s -> %s (%d bytes)%s" % (name, target, len(data), ", " + err if err else ""))
    return 0


def main(args):
    if args.action == "check":
        return check(args.files)
    from tools import deploy

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
