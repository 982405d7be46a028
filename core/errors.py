"""The three error kinds of Fusebox: all ValueErrors with short, human messages."""


class IllegalAction(ValueError):
    """An action that the rules do not allow right now; the game is unchanged."""


class RulesetError(ValueError):
    """A ruleset that cannot be played; the message names the path of what is wrong."""


class SaveError(ValueError):
    """A saved state that is corrupt, foreign or from another version."""
