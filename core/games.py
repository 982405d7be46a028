"""The games Fusebox plays: the one list of them, and the core package that plays each.

A game's id is its ruleset's "game" field and the name of its two packages, `core/<id>/` and
`firmware/games/<id>/`; key prefix of its UI text (``timebomb.safe``) and of its saves too. Adding
a game adds one row here, those two packages and a ruleset; nothing else lists games.
"""

from core.errors import RulesetError


class Info:
    """One game: its id, its title (as its box prints it), and what the table picks at setup."""

    def __init__(self, id, title, picks_first, prop=False):
        self.id = id
        self.title = title
        # The rulebook lets the table choose who starts (the device offers "at random" too).
        self.picks_first = picks_first
        # A prop (the bomb timer) runs beside a physical game: no seats, no deal, no pass-around;
        # its core is a clock-driven state machine (see core/timer/__init__.py), not a Game.
        self.prop = prop


GAMES = (
    Info("timebomb", "Time Bomb", True),
    Info("undercover", "Undercover", True),
    Info("timebomb2", "TimeBomb II", True),
    Info("itsabomb", "It's a Bomb!", False),
    Info("timer", "Bomb timer", False, True),
)
IDS = tuple(g.id for g in GAMES)


def info(game):
    """The Info of a game id, or None for an id no game has."""
    for g in GAMES:
        if g.id == game:
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
