"""Each game's screens and text, one package a game (firmware/games/<id>/), found by its id.

The ids come from core's registry (core/games.py); this folder holds no list of its own.
"""

import sys


def package(game, part=None):
    """The firmware package of `game` (or its module `part`, e.g. "strings"), imported on first
    use: the board holds one game's screens at a time, and the app drops them at the menu."""
    name = "firmware.games." + game
    if part is not None:
        name = name + "." + part
    __import__(name)
    return sys.modules[name]
