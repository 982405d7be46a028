"""One whole game as the device plays it, for heap bisection; runs on MicroPython and CPython.

Usage: playonce.py RULESET.json PLAYERS SEED
Deals, shows every private view at each reveal, takes seeded random actions, builds the public
view and saves the state as JSON after every action (as the firmware does), until the end.
Prints `ok STEPS` when the game finished.
"""

import gc
import json
import sys

from core import games
from core import ruleset as rules
from core.rng import Rng


def main(argv):
    with open(argv[1]) as f:
        rs = rules.load(json.load(f))
    Game = games.module(rs["game"]).Game
    g = Game(rs, int(argv[2]), int(argv[3]))
    policy = Rng(int(argv[3]) + 1)
    steps = 0
    while g.outcome() is None:
        pending = g.reveals()
        if pending:
            for s in pending:
                g.view(s)
                g.seen(s)
        else:
            acts = g.actions()
            g.act(acts[policy.below(len(acts))])
            steps += 1
        g.view(None)
        text = json.dumps(g.to_state())
        g = Game.from_state(rs, json.loads(text))
        text = None
        gc.collect()
    print("ok", steps)


main(sys.argv)
