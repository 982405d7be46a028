"""Storage: atomic, versioned JSON files on the board's flash, with a .bak fallback.

save(path, obj): writes {"fusebox": FORMAT, "data": obj} to path.tmp, moves the previous file to
path.bak, then renames path.tmp to path. A power cut at any point leaves either the old content
(path, or path.bak while path is missing) or the new one, never a torn file in its place.
load(path) -> obj: reads path, else path.bak when path is missing or damaged (then
`last_notice` says so, for a one-line notice on screen). Raises OSError when nothing was ever
saved (first boot) and core.errors.SaveError with a clear message when neither file is good.
remove(path) deletes path and its .bak/.tmp (a finished game or timer); exists(path) says
whether load(path) has anything to read. (A save that cannot be used is kept as <name>.bad.json
by firmware/screens/resume.py, which loads only when a save exists.)

Each game keeps its own save, data/<id>.json (game_save), so starting another game never
overwrites one; data/recent.json lists the ids of the saved games, the one played last first
(the boot prompt offers that one; the main menu lists them all in that order). A save from
firmware that kept a single data/game.json (GAME_SAVE) is moved to its game's name at boot.
"""

import json
import os

from core import games
from core.errors import SaveError

FORMAT = 1  # the envelope's version; what is inside is versioned by its owner
DATA = "data"  # the folder of every save on the flash
GAME_SAVE = DATA + "/game.json"  # the single save of older firmware: moved at boot (migrate)
RECENT = DATA + "/recent.json"  # the ids of the saved games, the one played last first
last_notice = None  # set by load() when it had to fall back to the .bak copy


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def save(path, obj):
    text = json.dumps({"fusebox": FORMAT, "data": obj})
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    if _exists(path):
        _remove(path + ".bak")
        os.rename(path, path + ".bak")
    os.rename(tmp, path)
    if hasattr(os, "sync"):
        os.sync()


def _read(path):
    """(True, data) for a good file; (False, None) when missing; (False, reason) when damaged."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return False, None
    try:
        env = json.loads(text)
    except ValueError:
        return False, "not valid JSON (cut off while writing?)"
    if type(env) is not dict or "data" not in env or type(env.get("fusebox")) is not int:
        return False, "not a Fusebox save"
    if env["fusebox"] > FORMAT:
        return False, "written by newer firmware (format %d)" % env["fusebox"]
    return True, env["data"]


def load(path):
    global last_notice
    last_notice = None
    ok, got = _read(path)
    if ok:
        return got
    ok_bak, got_bak = _read(path + ".bak")
    if ok_bak:
        if got is not None:
            last_notice = path + " was damaged (" + got + "); restored the previous copy"
        return got_bak
    if got is None and got_bak is None:
        raise OSError(2, "no save at " + path)  # ENOENT: nothing saved yet
    raise SaveError(path + ": " + (got or "missing") + "; backup: " + (got_bak or "missing"))


def game_save(game):
    """Where a game (or a prop, core.games.is_prop, e.g. the timer) keeps its state:
    data/<id>.json, so the boot prompt and the menus see that one is saved without loading the
    game's code."""
    return DATA + "/" + game + ".json"


prop_save = game_save


def recent():
    """The ids in data/recent.json (the game played last first); [] when absent or damaged (it
    is only an order: the saves themselves say what is saved)."""
    # Not load(): that would clear a game save's pending last_notice for an order list.
    ok, got = _read(RECENT)
    if not ok:
        ok, got = _read(RECENT + ".bak")
    if not ok or type(got) is not list:
        return []
    return [g for g in got if type(g) is str]


def saved_games():
    """The ids of the games (not props) with a save: the one played last first, then the
    registry's order. Only os.stat: no save is read."""
    out = []
    for g in recent() + list(games.IDS):
        if g in games.IDS and g not in out and not games.is_prop(g) and exists(game_save(g)):
            out.append(g)
    return out


def played(game, keep=True):
    """Put `game` first in data/recent.json (it is being played), or take it out (keep=False:
    its save is gone)."""
    ids = recent()
    out = [game] if keep else []
    for g in ids:
        if g != game:
            out.append(g)
    if out != ids:
        save(RECENT, out)


def exists(path):
    """True when load(path) has a file to read (the save or its .bak copy)."""
    return _exists(path) or _exists(path + ".bak")


def remove(path):
    for suffix in ("", ".bak", ".tmp"):
        _remove(path + suffix)
