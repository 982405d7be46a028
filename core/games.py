"""The games Fusebox plays: the one list of them, and the core package that plays each.

A game's id is its ruleset's "game" field and the name of its two packages, `core/<id>/` and
`firmware/games/<id>/`; the key prefix of its UI text (``timebomb.safe``) too. Adding a game adds
one row here, those two packages and a ruleset; nothing else lists games.
"""

from core import const
from core.errors import RulesetError

# A row: (id, title as the box prints it, picks_first, prop). picks_first: the rulebook lets the
# table choose who starts (the device offers "at random" too). prop: it runs beside a physical
# game, with no seats, deal or pass-around, and its core is a clock-driven state machine (see
# core/timer/__init__.py), not a Game. Rows are tuples, not objects: on the board each object
# would cost a dict, and the registry stays resident from boot on.
ID = const(0)
TITLE = const(1)
PICKS_FIRST = const(2)
PROP = const(3)
GAMES = (
    ("timebomb", "Time Bomb", True, False),
    ("undercover", "Undercover", True, False),
    ("timebomb2", "TimeBomb II", True, False),
    ("itsabomb", "It's a Bomb!", False, False),
    ("timer", "Bomb timer", False, True),
)
IDS = tuple(g[ID] for g in GAMES)


def info(game):
    """The registry row of a game id (see above), or None for an id no game has."""
    for g in GAMES:
        if g[ID] == game:
            return g
    return None


def module(game):
    """The core package that validates and plays `game`. Imported on first use, so the board
    holds the code of one game at a time (each import below is lazy for that reason alone)."""
    if game == "timebomb":
        from core import timebomb as m
    elif game == "undercover":
        from core import undercover as m
    elif game == "timebomb2":
        from core import timebomb2 as m
    elif game == "itsabomb":
        from core import itsabomb as m
    elif game == "timer":
        from core import timer as m
    else:
        raise RulesetError("game: unknown game")
    return m
