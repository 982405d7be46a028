"""Playing policies for the balance tool: each picks an action from the acting seat's view only.

A policy is `choose(name, view, actions, rnd)`: `view` is `game.view(seat)` of the seat that
must act, `actions` the legal actions the device offers that seat, `rnd` a `random.Random` of
the policy's own. Nothing else of the game is passed in, so a policy cannot peek at hidden state
(host_tests/test_tools_balance_policies.py checks that swapping other seats' secrets changes
nothing).

"random" picks uniformly among the legal actions. "simple" is a plausible naive player per
game, written from what its seat can know; it is meant as a second, less noisy opinion on a
variant's balance, not as a strong player. The games' own strategy is mostly table talk, which
the device does not model, so the simple players act on the public record and their secrets.

Each game's simple player is the module named by its id here, `tools/play/policies/<id>.py`, with
`choose(view, actions, rnd)` and optionally `unplayable(rs)` (why a ruleset of that game has no
game to simulate, or None); a game without one is played at random. Parts that several games
share sit beside them under names no game has (`wires.py`).
"""

import importlib

from core import games

POLICIES = ("random", "simple")
_PLAYERS = {}  # game id -> its simple player's module, or None: imported once per process


def player(game):
    """The module of `game`'s simple player, or None when it has none (or is no game)."""
    if game not in _PLAYERS:
        mod = None
        if game in games.IDS:
            name = __name__ + "." + game
            try:
                mod = importlib.import_module(name)
            except ModuleNotFoundError as e:
                if e.name != name:
                    raise  # a player that is there but broken must say so
        _PLAYERS[game] = mod
    return _PLAYERS[game]


def unplayable(rs):
    """Why the balance tool cannot simulate ruleset `rs` (as `path: message`), or None."""
    mod = player(rs["game"])
    check = getattr(mod, "unplayable", None)
    return check(rs) if check is not None else None


def choose(name, view, actions, rnd):
    """The action `name` plays in this position (one of `actions`)."""
    mod = None if name == "random" or len(actions) == 1 else player(view["game"])
    if mod is None:
        return actions[rnd.randrange(len(actions))]
    return mod.choose(view, actions, rnd)
