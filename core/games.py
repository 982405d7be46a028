"""The games Fusebox plays: the one list of them, and the core package that plays each.

A game's id is its ruleset's "game" field and the name of its two packages, `core/<id>/` and
`firmware/games/<id>/`; the key prefix of its UI text (``timebomb.safe``) too. Adding a game adds
one row here, those two packages and a ruleset; nothing else lists games.
"""

from core import const
from core.errors import RulesetError

# One entry a game, by position: IDS[i] is the game whose title is TITLES[i]. Bit i of
# _PICKS_FIRST: its rulebook lets the table choose who starts (the device offers "at random"
# too). Bit i of _PROPS: it is a prop, run beside a physical game, with no seats, deal or
# pass-around, and its core is a clock-driven state machine (see core/timer/__init__.py), not
# a Game. Plain tuples and bits: the registry stays resident from boot on, and on the board
# every object (a row, a record) costs heap.
IDS = ("timebomb", "undercover", "timebomb2", "itsabomb", "timer")
TITLES = ("Time Bomb", "Undercover", "TimeBomb II", "It's a Bomb!", "Bomb timer")
# The same in at most 7 letters: what a menu row shows unselected where the title does not fit
# (the Thumby's 72x40: 7 columns a label), and after "Resume" on 128x64.
SHORTS = ("T.Bomb", "Undrcvr", "TB II", "Bomb!", "Timer")
_PICKS_FIRST = const(0b00111)
_PROPS = const(0b10000)


def title(game):
    """The game's name as its box prints it (ValueError for an id no game has)."""
    return TITLES[IDS.index(game)]


def short(game):
    """The title in at most 7 letters (SHORTS)."""
    return SHORTS[IDS.index(game)]


def picks_first(game):
    """True when the table may choose who starts."""
    return bool(_PICKS_FIRST >> IDS.index(game) & 1)


def is_prop(game):
    """True for a prop (the bomb timer), False for a game played around the table."""
    return bool(_PROPS >> IDS.index(game) & 1)


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
