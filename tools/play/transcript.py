"""Seeded random playthroughs of any game, printed canonically; runs on CPython and MicroPython.

Usage: playthrough.py RULESET.json [players=N] SEED [SEED ...]
For every player count of the ruleset (or only N) and every seed, it plays a game to the end
with a seeded random policy, printing every private view at each reveal, every action and its
events, and the public view after each step. After every step the game is saved to JSON and
rebuilt from it, so the transcript also proves that save/resume continues the same game on both
runtimes. The test suite runs it under both interpreters and compares the outputs byte for byte.
"""

import json
import sys

from core import games
from core import ruleset as rules
from core.rng import Rng


def canon(x, w):
    """Write x as JSON-like text with sorted keys (dict order differs between runtimes).

    It writes piece by piece instead of building one string, to keep the runner's own heap
    use small next to the game's under `-X heapsize=64k`.
    """
    if x is None:
        w("null")
    elif x is True:
        w("true")
    elif x is False:
        w("false")
    elif type(x) is int:
        w(str(x))
    elif type(x) is str:
        w('"' + x + '"')
    elif type(x) in (list, tuple):
        w("[")
        for i, v in enumerate(x):
            if i:
                w(",")
            canon(v, w)
        w("]")
    elif type(x) is dict:
        w("{")
        for i, k in enumerate(sorted(x)):
            if i:
                w(",")
            w('"' + str(k) + '":')
            canon(x[k], w)
        w("}")
    else:
        raise TypeError("not canonical: " + repr(x))


def line(w, *parts):
    """Write one transcript line: text parts as they are, other values canonically."""
    for i, p in enumerate(parts):
        if i:
            w(" ")
        if type(p) is str:
            w(p)
        else:
            canon(p, w)
    w("\n")


def play(rs, Game, players, seed, w, max_steps=2000):
    game = Game(rs, players, seed)
    policy = Rng(seed * 7919 + players)
    line(w, "game", rs["game"], "players", players, "seed", seed)
    steps = 0
    while game.outcome() is None and steps < max_steps:
        steps += 1
        pending = game.reveals()
        acts = game.actions()
        if pending and acts:
            raise AssertionError("actions while reveals are pending")
        if pending:
            for seat in pending:
                line(w, "see", seat, game.view(seat))
                game.seen(seat)
        else:
            if not acts:
                raise AssertionError("nobody can act and nothing to reveal")
            action = acts[policy.below(len(acts))]
            who = game.current_player()
            events = game.act(action)
            line(w, "act", who, action, "->", events)
        line(w, "pub", game.view(None))
        game = Game.from_state(rs, json.loads(json.dumps(game.to_state())))
    line(w, "end", game.outcome(), "after", steps)


def main(argv):
    with open(argv[1]) as f:
        rs = rules.load(json.load(f))
    Game = games.module(rs["game"]).Game
    lo, hi = rs["seats"]
    seeds = argv[2:]
    if seeds and seeds[0].startswith("players="):
        lo = hi = int(seeds.pop(0)[8:])
    for seed in seeds:
        for players in range(lo, hi + 1):
            play(rs, Game, players, int(seed), sys.stdout.write)


if __name__ == "__main__":
    main(sys.argv)
