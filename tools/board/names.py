"""names push|pull: the table's seat names, typed on the host and sent to the board with mpremote.

`names push "Ana,Ben,Chloé"` gives seats 1, 2, 3 those names and the other seats their defaults
(P4...); `names pull` prints the board's names, comma-separated. The names live in the board's
settings file (data/settings.json, the storage envelope of firmware/settings.py), which push reads,
changes and writes back through deploy.Board.put_many (a temporary name, verified, renamed on the
board), so the other settings stay and an interrupted push leaves the old file whole. Names keep
their accents: the file is UTF-8; the device draws what its font has and folds the rest.
"""

import json
import sys

from firmware import settings as prefs
from firmware import storage

BOARD_PATH = "/" + prefs.PATH  # data/settings.json on the board's flash


def parse(text):
    """The names of "Ana, Ben,Chloé" as a list; raises ValueError naming a bad one."""
    names = [n.strip() for n in text.split(",")]
    if names == [""]:
        raise ValueError("no names given")
    if len(names) > prefs.SEATS:
        raise ValueError("%d names for %d seats" % (len(names), prefs.SEATS))
    for i, n in enumerate(names):
        if not prefs.valid_name(n):
            raise ValueError(
                "name %d %r: 1 to %d letters, digits, '-' or '.'" % (i + 1, n, prefs.NAME_LEN)
            )
    return names


def _settings(data):
    """firmware Settings from the board's file bytes (defaults when there is none or it is bad,
    as the device itself would start)."""
    s = prefs.Settings()
    if data:
        try:
            env = json.loads(data.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            env = None
        if type(env) is dict and type(env.get("fusebox")) is int:
            s.apply_obj(env.get("data"))
    return s


def encode(s):
    """The settings file's bytes, as firmware/storage.py writes it (UTF-8, accents kept)."""
    env = {"fusebox": storage.FORMAT, "data": s.to_obj()}
    return json.dumps(env, ensure_ascii=False).encode("utf-8")


def push(text, port, out=print):
    try:
        names = parse(text)
    except ValueError as e:
        out("names push: %s; nothing sent" % e)
        return 1
    from tools.board import deploy

    with deploy.Board(port) as b:
        s = _settings(b.read(BOARD_PATH))
        for i in range(prefs.SEATS):
            s.names[i] = names[i] if i < len(names) else prefs.default_name(i)
        b.put_many([(BOARD_PATH, encode(s))], quiet=True)
    out("pushed %d names: %s" % (len(names), ", ".join(names)))
    return 0


def pull(port, out=print):
    from tools.board import deploy

    with deploy.Board(port) as b:
        s = _settings(b.read(BOARD_PATH))
    out(",".join(s.names))
    return 0


def main(args):
    from tools.board import deploy

    try:
        if args.action == "push":
            return push(args.names, args.port)
        return pull(args.port)
    except (OSError, deploy.TransportError) as e:
        print("names %s: %s" % (args.action, e), file=sys.stderr)
        return 1
