"""Checks for saved game states: anything off raises SaveError with a short reason."""

from core.errors import SaveError


def need(ok, what):
    if not ok:
        raise SaveError("save: " + what)


def header(state, game, version):
    need(type(state) is dict, "not a saved game")
    need(state.get("game") == game, "not a " + game + " game")
    need(state.get("v") == version, "saved by another version")


def int_at(state, key, lo, hi):
    v = state.get(key)
    need(type(v) is int and lo <= v <= hi, key + " out of range")
    return v


def int_list(v, length, lo, hi, what):
    need(type(v) is list, what + " must be a list")
    if length is not None:
        need(len(v) == length, what + " has the wrong length")
    for x in v:
        need(type(x) is int and lo <= x <= hi, what + " holds a bad value")
    return v


def outcome(v):
    if v is None:
        return None
    need(type(v) is list and len(v) == 2, "bad outcome")
    need(type(v[0]) is str and type(v[1]) is str, "bad outcome")
    return (v[0], v[1])
