"""Ruleset loading: validate a parsed JSON ruleset and hand it to the game that plays it.

`load(obj)` checks the common header (format, game, name; optional description, house, order,
short) then the game module's own tables,
and returns the normalised ruleset (player-count tables keyed by int). Anything wrong raises
RulesetError naming the path: ``roles.9: 10 roles for 9 seats``. The game's package comes from
the registry (core/games.py), imported only when needed.
"""

from core import check, const, games

FORMAT = const(1)
# A ruleset file larger than this is refused before parsing, so no file can exhaust the heap.
MAX_BYTES = const(16384)
# Nesting deeper than this is refused before parsing (firmware/catalog.py): the deepest shipped
# ruleset nests 5 levels, and a parser must never recurse as deep as a hostile file asks.
MAX_DEPTH = const(12)
# A game's list sorts by "order" (lowest first; a file without one comes last), and a title
# longer than a list row of the 72x40 display (8 characters beside a scrollbar) shows "short".
_ORDER_LAST = const(99)
_SHORT_LEN = const(8)

HEADER = check.HEADER


def load(obj):
    """Validate a ruleset dict; return it normalised, or raise RulesetError naming a path."""
    check.dict_at(obj, "")
    fmt = check.field(obj, "format", "", "int")
    if fmt != FORMAT:
        check.fail("format", "version " + str(fmt) + " is not supported (this device reads 1)")
    game = check.one_of(obj, "game", "", games.IDS)
    rs = {
        "format": fmt,
        "game": game,
        "name": check.text(obj, "name", "", 32),
        "description": check.text(obj, "description", "", 200, False, ""),
        # House content (our own cards, scenarios, variants) is always marked as such.
        "house": check.field(obj, "house", "", "bool", False, False),
        # Where the file sits in its game's list (lowest first; file name among equals) and
        # the title a list shows when the name is longer than its row.
        "order": check.int_in(obj, "order", "", 0, _ORDER_LAST, False, _ORDER_LAST),
        "short": check.text(obj, "short", "", _SHORT_LEN, False, ""),
    }
    try:
        m = games.module(game)
    except ImportError:
        check.fail("game", game + " is not installed on this device")
    m.validate(obj, rs)
    return rs


def seats(rs):
    """The player counts a loaded ruleset supports, as (lowest, highest)."""
    return rs["seats"]
