"""Saving an Undercover game; rebuilding one, refusing states the rules cannot reach."""

# Every field is checked against the ruleset it is loaded with: the roles must be the prepared
# cards, the wires must add up, covers may differ from the printed one only on Shadow's card,
# and the step (cover, cut, pass) must agree with the round's Location. Anything off
# raises SaveError; so does a position where nobody could act.

from core import saves
from core.rng import Rng
from core.undercover.locations import turn_up
from core.undercover.rules import COVER, MAX_SHIFT, SHADOW, STEPS, WINNERS, role_deck
from core.wires import BOMB, Table


def dump(g):
    """The game as a JSON-safe dict, the RNG state included."""
    s = {"game": "undercover", "v": 1, "n": g.n, "roles": list(g.roles)}
    s["undealt"], s["doom"], s["rng"] = g.undealt, g.doom, g.rng.state()
    s["pending"] = list(g.pending)
    s["outcome"] = list(g.result) if g.result else None
    s["covers"], s["step"], s["turn"] = list(g.covers), g.step, g.turn
    s["loc"], s["prev"], s["intel"] = g.loc, g.prev, list(g.intel)
    t = g.table
    # The wire table's fields as core/wires.py saves them, except the log: each cut is packed
    # in one small int (round, by, owner, slot, kind), so that a long game's save takes a
    # fraction of the heap that lists of lists would.
    s["round"], s["cuts"], s["found"], s["cutter"] = t.round, t.cuts, t.found, t.cutter
    s["hands"] = [list(h) for h in t.hands]
    s["log"] = [e[0] << 14 | e[1] << 10 | e[2] << 6 | e[3] << 2 | e[4] for e in t.log]
    return s


def load(cls, rs, s):
    """A cls game rebuilt from Game.to_state()'s dict, or SaveError."""
    need = saves.need
    saves.header(s, "undercover", 1)
    n = s.get("n")
    need(type(n) is int and n in rs["roles"], "no table for this player count")
    g = object.__new__(cls)
    g.rs, g.n = rs, n
    try:
        g.rng = Rng.from_state(s.get("rng"))
    except ValueError:
        need(False, "random generator state")
    roles = g.roles = saves.int_list(s.get("roles"), n, 0, SHADOW, "roles")
    u = g.undealt = s.get("undealt")
    need(u is None or (type(u) is int and 0 <= u <= SHADOW), "undealt role")
    need(sorted(roles + ([] if u is None else [u])) == role_deck(rs["roles"][n]), "roles")
    g.pending = saves.int_list(s.get("pending"), n, 0, 1, "pending")
    g.result = saves.outcome(s.get("outcome"))
    need(g.result is None or g.result[0] in WINNERS, "bad outcome")
    g.table = t = object.__new__(Table)
    t.seats, t.hand, t.rounds = n, rs["hand"], rs["rounds"]
    t.defuse_total = rs["wires"][n]["defuse"]
    log = s.get("log")
    need(type(log) is list, "log")
    cuts = []
    for x in log:
        need(type(x) is int and 0 <= x < 1 << 17, "log")
        cuts.append([x >> 14, x >> 10 & 15, x >> 6 & 15, x >> 2 & 15, x & 3])
    table = dict(s)  # the wire table's own format, without changing the caller's dict
    table["log"] = cuts
    t.load_state(table, rs["wires"][n], n + MAX_SHIFT)
    t.log = cuts  # the table copied them; keep one set

    d = g.doom = s.get("doom")
    if n in rs["doom"]:
        need(type(d) is int and d in (0, 1) and s.get("covers") == [], "doom token")
        g.covers = []
    else:
        need(d is None, "doom token")
        g.covers = saves.int_list(s.get("covers"), n, -1, 1, "covers")
    for i in range(len(g.covers)):
        c = g.covers[i]
        need(c < 0 or roles[i] == SHADOW or c == COVER[roles[i]], "cover")
    g.step = s.get("step")
    need(g.step in STEPS, "step")
    g.turn = saves.int_at(s, "turn", 0, n - 1)
    decks = rs["locations"]
    top = -1 if decks is None else len(decks[t.round - 1]) - 1
    turn_up(g, t.round, saves.int_at(s, "loc", -1 if decks is None else 0, top))
    g.intel = saves.int_list(s.get("intel"), n if g.kind == "intel" else 0, 0, 99, "intel")
    g.prev = saves.int_at(s, "prev", -1, n - 1)

    # The step must be one the rules reach from this round's Location.
    if g.step == "cover":
        need(g.covers and not t.log, "cover step")
        need([c >= 0 for c in g.covers] == [i < g.turn for i in range(n)], "covers")
    else:
        need(-1 not in g.covers, "covers")
    need(g.step != "pass" or (g.kind == "pass" and t.cuts > 0), "pass step")
    if g.result is None:
        need(t.found < t.defuse_total and t.cuts < g.quota, "the game is over")
        need(all(e[4] != BOMB for e in t.log), "the bomb went off")
        need(1 in g.pending or g.actions(), "nobody can act")
    return g
