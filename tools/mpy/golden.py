"""Golden playthroughs of one ruleset, printed canonically; runs on CPython and MicroPython.

Usage: golden.py RULESET.json SEED [SEED ...]
For each seed, at the ruleset's smallest and largest table, it plays a game to the end and
prints the deal (every seat's private view and the public view), then every private look as the
device shows it (and marks it seen), every action with its events followed by every seat's view
and the public view, and the outcome. host_tests/test_golden_playthroughs.py compares what both
runtimes print with host_tests/golden/playthroughs/<ruleset>.txt; `python -m tools.golden`
rewrites those files.

The actions come from a small LCG of this script's own, seeded from the seed and the table
size, not from the game's RNG, so a change to core/rng.py shows up as a different deal (and
what follows), never as a silently different choice of actions. After every step the game is
saved to JSON and rebuilt from it, as a reset on the device would.
"""

import json
import sys

# The script's own folder is first on sys.path on both runtimes (MICROPYPATH holds only core/).
from playthrough import canon, line

from core import games
from core import ruleset as rules

SEEDS = (1, 2, 3)
_M = 2147483647  # Park-Miller "minimal standard": the products fit a 64-bit small int


class Lcg:
    """The playthrough's own choice of actions, apart from the game's RNG."""

    def __init__(self, seed):
        self.x = seed % (_M - 1) + 1

    def below(self, n):
        self.x = self.x * 48271 % _M
        return self.x % n


def text(x):
    parts = []
    canon(x, parts.append)
    return "".join(parts)


def private(view, pub):
    """What a seat's view holds beyond the public one: its keys that differ from or are missing
    in `pub`, and "-" with the public keys it lacks (none today). Seat views repeat the whole
    public table; printing only their own part keeps the files small and the diffs readable."""
    if type(view) is not dict or type(pub) is not dict:
        return view
    own = {}
    for k in view:
        if k not in pub or pub[k] != view[k]:
            own[k] = view[k]
    lacks = sorted(k for k in pub if k not in view)
    if lacks:
        own["-"] = lacks
    return own


def views(w, game, players, last):
    """The public view and every seat's own part of its view, each only when it changed since
    `last` (a line not printed is the same as the one before it)."""
    pub = game.view(None)
    for seat in [None] + list(range(players)):
        now = text(pub if seat is None else private(game.view(seat), pub))
        if last.get(seat) != now:
            last[seat] = now
            line(w, "  pub" if seat is None else "  seat " + str(seat), now)


def play(rs, Game, players, seed, w, max_steps=2000):
    game = Game(rs, players, seed)
    policy = Lcg(seed * 1009 + players)
    line(w, "game", rs["game"], "players", players, "seed", seed)
    last = {}
    views(w, game, players, last)
    steps = 0
    while game.outcome() is None and steps < max_steps:
        steps += 1
        pending = game.reveals()
        acts = game.actions()
        if pending and acts:
            raise AssertionError("actions while reveals are pending")
        if pending:
            # The device asks for each seat in turn and shows it its own view (the one printed
            # last for it), then the seat confirms.
            for seat in pending:
                line(w, "see", seat)
                game.seen(seat)
        else:
            if not acts:
                raise AssertionError("nobody can act and nothing to reveal")
            action = acts[policy.below(len(acts))]
            who = game.current_player()
            events = game.act(action)
            line(w, "act", who, action, "->", events)
        views(w, game, players, last)
        game = Game.from_state(rs, json.loads(json.dumps(game.to_state())))
    line(w, "end", game.outcome(), "after", steps)


def tables(rs):
    """The table sizes a golden file pins: the ruleset's smallest and largest."""
    lo, hi = rules.seats(rs)
    return (lo, hi) if hi != lo else (lo,)


def main(argv):
    with open(argv[1]) as f:
        rs = rules.load(json.load(f))
    Game = games.module(rs["game"]).Game
    w = sys.stdout.write
    name = argv[1].replace("\\", "/").split("/")[-1]
    line(
        w,
        "# golden playthroughs of",
        name,
        "(tools/mpy/golden.py); rewrite: python -m tools.golden",
    )
    seeds = [int(s) for s in argv[2:]] or SEEDS
    for seed in seeds:
        for players in tables(rs):
            play(rs, Game, players, seed, w)


if __name__ == "__main__":
    main(sys.argv)
