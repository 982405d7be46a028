"""Seeded playthroughs of a game ruleset, printed canonically; runs on CPython and MicroPython.

Usage: transcript.py RULESET.json [players=N|all] [views=changes|looks] [SEED ...]
The one transcript writer of the project: host_tests/golden/playthroughs/ holds what it prints
with no options (seeds 1, 2, 3 at the ruleset's smallest and largest table, every view as it
changes; `python -m tools.play.golden` rewrites them), and the cross-runtime vectors run it at
every table (`players=all`) or at one (`players=N`), with `views=looks` (the public view after
each step, a seat's view when it looks: nothing kept, so MicroPython's heap limit bounds the
engine), and compare what CPython and the unix port print, byte for byte.

For each seed and table it plays a game to the end and prints the deal (every seat's private
view and the public view), then every private look as the device shows it (and marks it seen),
every action with its events followed by every seat's view and the public view, and the outcome.
The actions come from a small LCG of this script's own, seeded from the seed and the table size,
not from the game's RNG, so a change to core/rng.py shows up as a different deal (and what
follows), never as a silently different choice of actions. After every step the game is saved
to JSON and rebuilt from it, as a reset on the device would, so a transcript also shows that a
resumed game goes on the same way on both runtimes.
"""

import json
import sys

from core import games
from core import ruleset as rules


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


SEEDS = (1, 2, 3)
_M = 2147483647  # Park-Miller "minimal standard": the products fit a 64-bit small int


class Lcg:
    """The playthrough's own choice of actions, apart from the game's RNG."""

    def __init__(self, seed):
        self.x = seed % (_M - 1) + 1

    def below(self, n):
        self.x = self.x * 48271 % _M
        return self.x % n


def plain(x):
    """x with tuples as lists, as canon() prints them, so that == compares what is printed
    (a game rebuilt from JSON has lists where the dealt one had tuples). Kept as objects, not
    as text: nine seats' views as strings would not fit the vectors' heap on MicroPython."""
    if type(x) in (list, tuple):
        return [plain(v) for v in x]
    if type(x) is dict:
        return {k: plain(v) for k, v in x.items()}
    return x


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
        now = plain(pub if seat is None else private(game.view(seat), pub))
        if seat not in last or last[seat] != now:
            last[seat] = now
            line(w, "  pub" if seat is None else "  seat " + str(seat), now)


def play(rs, Game, players, seed, w, changes=True, max_steps=2000):
    """One game to its end. changes: print the views as they change (the golden files); else
    the public view after every step and a seat's view when it looks, keeping nothing between
    steps, so that the vectors' heap is the engine's own and not the transcript's."""
    game = Game(rs, players, seed)
    policy = Lcg(seed * 1009 + players)
    line(w, "game", rs["game"], "players", players, "seed", seed)
    last = {}
    if changes:
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
                if changes:
                    line(w, "see", seat)
                else:
                    line(w, "see", seat, game.view(seat))
                game.seen(seat)
        else:
            if not acts:
                raise AssertionError("nobody can act and nothing to reveal")
            action = acts[policy.below(len(acts))]
            who = game.current_player()
            events = game.act(action)
            line(w, "act", who, action, "->", events)
        if changes:
            views(w, game, players, last)
        else:
            line(w, "  pub", game.view(None))
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
    args = argv[2:]
    counts = tables(rs)
    changes = True
    while args and "=" in args[0]:
        key, value = args.pop(0).split("=")
        if key == "players":
            lo, hi = rules.seats(rs)
            counts = range(lo, hi + 1) if value == "all" else (int(value),)
        elif key == "views" and value in ("changes", "looks"):
            changes = value == "changes"
        else:
            raise SystemExit("transcript.py: unknown option " + key + "=" + value)
    name = argv[1].replace("\\", "/").split("/")[-1]
    line(
        w,
        "# golden playthroughs of",
        name,
        "(tools/play/transcript.py); rewrite: python -m tools.play.golden",
    )
    for seed in [int(s) for s in args] or SEEDS:
        for players in counts:
            play(rs, Game, players, seed, w, changes)


if __name__ == "__main__":
    main(sys.argv)
