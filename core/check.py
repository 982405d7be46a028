"""Validation helpers for rulesets: each check names the exact path of what is wrong.

A path is a dotted string such as ``roles.9`` or ``presets.2.seconds``. Helpers never trust the
input's types: a ruleset comes from a JSON file a user flashed, so it may be anything.
"""

from core.errors import RulesetError

# The fields every ruleset has, whatever its game (core/ruleset.py checks them).
# "order" sorts a game's list (the standard first) and "short" is the title a list row of the
# smallest display shows (core/ruleset.py bounds both).
HEADER = ("format", "game", "name", "description", "house", "order", "short")


def fail(path, message):
    raise RulesetError((path or "ruleset") + ": " + message)


def join(path, key):
    key = str(key) or '""'  # an empty key must still show in the path
    return path + "." + key if path else key


def is_int(x):
    # bool is an int subclass on CPython; a JSON true is never a count.
    return type(x) is int


def dict_at(obj, path):
    if type(obj) is not dict:
        fail(path, "must be an object")
    return obj


def field(obj, key, path, kind, required=True, default=None):
    """Return obj[key] checked against kind ('int', 'str', 'bool', 'list', 'dict')."""
    p = join(path, key)
    if key not in obj:
        if required:
            fail(p, "missing")
        return default
    v = obj[key]
    ok = (
        (kind == "int" and is_int(v))
        or (kind == "str" and type(v) is str)
        or (kind == "bool" and type(v) is bool)
        or (kind == "list" and type(v) is list)
        or (kind == "dict" and type(v) is dict)
    )
    if not ok:
        fail(p, "must be " + _KIND_NAMES.get(kind, kind))
    return v


_KIND_NAMES = {
    "int": "a whole number",
    "str": "a text",
    "bool": "true or false",
    "list": "a list",
    "dict": "an object",
}


def int_in(obj, key, path, lo, hi, required=True, default=None):
    """Return obj[key] as an int within lo..hi inclusive."""
    v = field(obj, key, path, "int", required, default)
    if v is default and key not in obj:
        return v
    if v < lo or v > hi:
        fail(join(path, key), "must be " + str(lo) + ".." + str(hi))
    return v


def text(obj, key, path, max_len=40, required=True, default=None):
    """Return obj[key] as a non-empty text of at most max_len characters."""
    v = field(obj, key, path, "str", required, default)
    if v is default and key not in obj:
        return v
    if not v or len(v) > max_len:
        fail(join(path, key), "must be 1.." + str(max_len) + " characters")
    return v


def one_of(obj, key, path, choices, required=True, default=None):
    v = field(obj, key, path, "str", required, default)
    if v is default and key not in obj:
        return v
    if v not in choices:
        fail(join(path, key), "must be one of " + ", ".join(choices))
    return v


def list_of(obj, key, path, lo, hi, required=True):
    """Return obj[key] as a list with lo..hi items."""
    v = field(obj, key, path, "list", required, None)
    if v is None:
        return v
    if len(v) < lo or len(v) > hi:
        fail(join(path, key), "must have " + str(lo) + ".." + str(hi) + " items")
    return v


def no_extra(obj, path, allowed):
    """Reject unknown keys, so a typo in a ruleset is an error, not a silent default."""
    for k in obj:
        if k not in allowed:
            fail(join(path, k), "unknown field")


def _count(k):
    """The player count a key spells in plain ASCII digits ("4", "10"), else -1. str.isdigit()
    would take "²" or "٤" on CPython, and a leading zero would let "04" replace "4": the host
    must refuse what the board refuses."""
    if type(k) is not str or not 1 <= len(k) <= 2 or (len(k) == 2 and k[0] == "0"):
        return -1
    n = 0
    for c in k:
        if not "0" <= c <= "9":
            return -1
        n = n * 10 + ord(c) - 48
    return n


def seat_table(obj, key, path, lo, hi):
    """A per-player-count table: {"4": ..., "5": ...} -> {4: ..., 5: ...} for counts lo..hi."""
    table = field(obj, key, path, "dict")
    out = {}
    for k in table:
        p = join(join(path, key), k)
        n = _count(k)
        if n < 0:
            fail(p, "must be a player count")
        if n < lo or n > hi:
            fail(p, "player count must be " + str(lo) + ".." + str(hi))
        out[n] = table[k]
    if not out:
        fail(join(path, key), "must list at least one player count")
    return out
