"""It's a Bomb!'s codes and its grid: tile kinds, Countdown deck cards, phases, and reading cells.

Every It's a Bomb! module needs these: the Game, its moves, view, save and ruleset check. The
grid is a bytearray of tile codes, one per cell, with a bytearray of face-up flags beside it.
"""

from core import const

# Tile codes, indexes into KINDS. EMPTY is a grid cell without a tile (a hole of the shape or
# a tile left out); 2, 3 and 4 are the detonators, the receiver and the battery.
EMPTY = const(0)
GREY = const(1)
EXPLOSIVE = const(5)
FIRST_COLOUR = const(6)
KINDS = (
    "empty",
    "grey",
    "detonator",
    "receiver",
    "battery",
    "explosive",
    "red",
    "yellow",
    "green",
    "blue",
    "purple",
)

# Countdown deck codes: a Timer card is its value in seconds, the Explosion card is 0 and
# special card i of the scenario is -(i + 1).
EXPLOSION = const(0)

# Game phases, saved as ints.
SETUP = const(0)
PLAY = const(1)


def hidden(grid, up, c):
    """Whether cell c holds a face-down tile."""
    return grid[c] != EMPTY and not up[c]


def line(rows, cols, kind, i):
    """The cells of row or column i, in order."""
    if kind == "row":
        return range(i * cols, (i + 1) * cols)
    return range(i, rows * cols, cols)


def tokens(grid, up, loud, cells):
    """IB-4: one token per face-down tile that gives one, in the cells' order."""
    return [KINDS[grid[c]] for c in cells if hidden(grid, up, c) and loud[grid[c]]]


def timers(deck, pos):
    """Timer cards still in the deck from position pos, the one showing included."""
    return len([t for t in deck[pos:] if t > 0])
