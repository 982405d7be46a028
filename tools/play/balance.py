"""balance: play many seeded games of a ruleset per player count; win rates with 95% intervals.

`python -m tools balance RULESET --players 4..8 --games N [--policy random|simple|both]
[--png FILE] [--jobs K] [--seed S]`. Every game is dealt by core from a seed derived from
(--seed, player count, game number), so a run is repeatable, and both policies play the same
deals. Each seat's moves come from tools/play/policies/, which is handed only that seat's view.
The table goes to stdout, a progress bar to stderr (on a terminal), the chart to --png.

What it knows of a game it asks the game's core package: the sides an outcome names (`SIDES`),
whether the seats play as one team against the game (`COOP`: then only the team's wins are
reported), and whether the game keeps a score (a "score" in its public view: then the table
gives the mean score of the wins).
"""

import json
import math
import os
import random
import sys

from core import games
from core import ruleset as rules
from core.errors import RulesetError
from tools.play import policies

OK, FAILED, USAGE = 0, 1, 2
Z95 = 1.959964  # the normal quantile of a two-sided 95% interval
MAX_STEPS = 20000  # no shipped game comes near; a variant that loops forever is reported


def sides(rs):
    """The sides whose win rate is reported; a cooperative game has one (the players)."""
    m = games.module(rs["game"])
    return m.SIDES[:1] if m.COOP else m.SIDES


def wilson(wins, games):
    """The 95% Wilson score interval (low, high) of a win rate, as fractions."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = Z95 * Z95
    den = 1.0 + z2 / games
    mid = (p + z2 / (2 * games)) / den
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / den
    # At 0 or all wins an end is exactly the rate; rounding must not put it a hair inside.
    return max(0.0, min(p, mid - half)), min(1.0, max(p, mid + half))


def _rnd(seed, players, i, what):
    # A string seed is hashed (SHA-512) by random.Random: the same on every run and machine.
    return random.Random("fusebox-balance:%s:%d:%d:%s" % (seed, players, i, what))


def decide(game, policy, rnd):
    """The acting seat's move: its policy sees only that seat's view and legal actions."""
    seat = game.current_player()
    return policies.choose(policy, game.view(seat), game.actions(), rnd)


def play(Game, rs, players, seed, i, policy):
    """One whole game: (winning side, score or None, actions played, whether it keeps a score)."""
    g = Game(rs, players, _rnd(seed, players, i, "deal").getrandbits(30))
    rnd = _rnd(seed, players, i, policy)
    steps = 0
    while g.outcome() is None:
        pending = g.reveals()
        if pending:
            for s in pending:
                g.seen(s)
            continue
        g.act(decide(g, policy, rnd))
        steps += 1
        if steps > MAX_STEPS:
            raise RulesetError("game: no end after %d actions (%d players)" % (steps, players))
    table = g.view(None)
    return g.outcome()[0], table.get("score"), steps, "score" in table


def run_chunk(job):
    """Games start..start+count of one (policy, player count): summed, so order never matters."""
    obj, policy, players, start, count, seed = job
    rs = rules.load(obj)
    Game = games.module(rs["game"]).Game
    wins, score, steps, scored = {}, 0, 0, False
    for i in range(start, start + count):
        side, points, n, keeps = play(Game, rs, players, seed, i, policy)
        wins[side] = wins.get(side, 0) + 1
        score += points or 0
        steps += n
        scored = scored or keeps
    return policy, players, count, wins, score, steps, scored


def jobs_for(obj, pols, counts, games, seed, workers):
    size = max(1, min(100, games // (4 * workers) or 1))
    return [
        (obj, pol, n, start, min(size, games - start), seed)
        for pol in pols
        for n in counts
        for start in range(0, games, size)
    ]


def simulate(obj, pols, counts, games, seed, workers=1, progress=None):
    """{(policy, players): {"games", "wins": {side: n}, "score", "steps", "scored"}} for every
    pair ("scored": the game keeps a score, and "score" sums it over the wins)."""
    todo = jobs_for(obj, pols, counts, games, seed, workers)
    out = {
        (p, n): {"games": 0, "wins": {}, "score": 0, "steps": 0, "scored": False}
        for p in pols
        for n in counts
    }

    def add(res):
        pol, n, count, wins, score, steps, scored = res
        cell = out[pol, n]
        cell["games"] += count
        for side, w in wins.items():
            cell["wins"][side] = cell["wins"].get(side, 0) + w
        cell["score"] += score
        cell["steps"] += steps
        cell["scored"] = cell["scored"] or scored
        if progress:
            progress(count)

    if workers <= 1:
        for job in todo:
            add(run_chunk(job))
    else:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for res in pool.imap_unordered(run_chunk, todo):
                add(res)
    return out


def rows(rs, results):
    """One row per (policy, players, side): the figures the table and the chart show."""
    out = []
    for (pol, n), cell in sorted(results.items()):
        games = cell["games"]
        for side in sides(rs):
            w = cell["wins"].get(side, 0)
            lo, hi = wilson(w, games)
            row = {"policy": pol, "players": n, "side": side, "wins": w, "games": games}
            row.update(rate=w / games, low=lo, high=hi, steps=cell["steps"] / games)
            row["scored"] = cell["scored"]
            row["score"] = cell["score"] / w if w and cell["scored"] else None
            out.append(row)
    return out


def table(rs, name, table_rows, games, seed):
    """The report as text lines."""
    coop = any(r["scored"] for r in table_rows)  # a column for the mean score
    lines = ["%s (%s): %d games per player count, seed %s" % (rs["name"], name, games, seed)]
    head = "%-7s %7s  %-13s %6s %8s  %-17s %7s" % (
        "policy",
        "players",
        "side",
        "wins",
        "rate",
        "95% interval",
        "actions",
    )
    lines.append(head + ("  mean score (wins)" if coop else ""))
    for r in table_rows:
        line = "%-7s %7d  %-13s %6d %7.1f%%  %5.1f%% - %5.1f%%   %7.1f" % (
            r["policy"], r["players"], r["side"], r["wins"], 100 * r["rate"],
            100 * r["low"], 100 * r["high"], r["steps"],
        )  # fmt: skip
        if coop:
            line += "  %17s" % ("-" if r["score"] is None else "%.2f" % r["score"])
        lines.append(line)
    return lines


def parse_players(text, lo, hi):
    """`4..8`, `5` or `4,6,8` within the ruleset's range; ValueError with a message if not."""
    try:
        if ".." in text:
            a, b = text.split("..", 1)
            counts = list(range(int(a), int(b) + 1))
        else:
            counts = [int(x) for x in text.split(",")]
    except ValueError:
        msg = "--players %r: give a count, a range like 4..8 or a list like 4,6" % text
        raise ValueError(msg) from None
    if not counts:
        raise ValueError("--players %r: an empty range" % text)
    bad = [n for n in counts if not lo <= n <= hi]
    if bad:
        raise ValueError("--players %s: this ruleset plays %d..%d" % (bad[0], lo, hi))
    return sorted(set(counts))


def load_file(path):
    """(raw object, ruleset) of a playable ruleset file, or RulesetError as `file: path: msg`."""
    from tools.board.rulesets import validate

    name = os.path.basename(path)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise RulesetError("%s: ruleset: cannot read (%s)" % (name, e.strerror or e)) from None
    try:
        rs = validate(data)
    except RulesetError as e:
        raise RulesetError("%s: %s" % (name, e)) from None
    if games.is_prop(rs["game"]):
        msg = "%s: game: %s is a prop, with no sides to balance"
        raise RulesetError(msg % (name, games.title(rs["game"])))
    why = policies.unplayable(rs)
    if why is not None:
        raise RulesetError("%s: %s" % (name, why))
    return json.loads(data), rs


def main(args):
    try:
        obj, rs = load_file(args.ruleset)
    except RulesetError as e:
        print(e, file=sys.stderr)
        return FAILED
    lo, hi = rules.seats(rs)
    try:
        counts = parse_players(args.players or "%d..%d" % (lo, hi), lo, hi)
        if args.games < 1 or args.jobs is not None and args.jobs < 1:
            raise ValueError("--games and --jobs must be at least 1")
    except ValueError as e:
        print("fusebox balance: error: %s" % e, file=sys.stderr)
        return USAGE
    pols = policies.POLICIES if args.policy == "both" else (args.policy,)
    workers = args.jobs or os.cpu_count() or 1
    from tools.play.chart import chart, progress_bar

    total = len(pols) * len(counts) * args.games
    try:
        with progress_bar(total) as advance:
            results = simulate(obj, pols, counts, args.games, args.seed, workers, advance)
    except RulesetError as e:
        print("%s: %s" % (os.path.basename(args.ruleset), e), file=sys.stderr)
        return FAILED
    found = rows(rs, results)
    name = os.path.basename(args.ruleset)
    print("\n".join(table(rs, name, found, args.games, args.seed)))
    if args.png:
        chart(rs, name, found, args.games, args.seed).save(args.png)
        print("chart: " + args.png)
    return OK
