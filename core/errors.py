"""The three error kinds of Fusebox: all ValueErrors with short, human messages (and the one
check of a seat that every game's view makes)."""


class IllegalAction(ValueError):
    """An action that the rules do not allow right now; the game is unchanged."""


class RulesetError(ValueError):
    """A ruleset that cannot be played; the message names the path of what is wrong."""


class SaveError(ValueError):
    """A saved state that is corrupt, foreign or from another version."""


def viewer(seat, n):
    """`seat` if a game's view(seat) may show it: None (the public table) or a seat 0..n-1, as
    seen() takes it; -1 (Python's last item) or True (an int on CPython) would show a seat's
    secrets. Here, as every game imports this module anyway."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise IllegalAction("seat " + str(seat) + " is not at this table")
    return seat
