"""Engine speed: random playouts of one ruleset for a while; runs on CPython and MicroPython.

Usage: playouts.py RULESET.json PLAYERS MILLISECONDS
Prints `games N ms T`. Each playout deals a new seeded game, marks every reveal as seen and picks
uniformly among the legal actions until the game ends: the rules engine alone, no saves or UI.
"""

import json
import sys
import time

from core import games
from core import ruleset as rules
from core.rng import Rng

try:
    ticks_ms = time.ticks_ms
    ticks_diff = time.ticks_diff
except AttributeError:

    def ticks_ms():
        return int(time.perf_counter() * 1000)

    def ticks_diff(a, b):
        return a - b


def playout(Game, rs, players, seed, policy):
    g = Game(rs, players, seed)
    while g.outcome() is None:
        pending = g.reveals()
        if pending:
            for s in pending:
                g.seen(s)
            continue
        acts = g.actions()
        g.act(acts[policy.below(len(acts))])


def main(argv):
    with open(argv[1]) as f:
        rs = rules.load(json.load(f))
    Game = games.module(rs["game"]).Game
    players, budget = int(argv[2]), int(argv[3])
    policy = Rng(12345)
    start = ticks_ms()
    count = 0
    while ticks_diff(ticks_ms(), start) < budget:
        playout(Game, rs, players, count, policy)
        count += 1
    print("games", count, "ms", ticks_diff(ticks_ms(), start))


main(sys.argv)
