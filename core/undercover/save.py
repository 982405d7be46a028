"""Checks of a saved Undercover game: its fields, refusing states the rules cannot reach."""

# Every field is checked against the ruleset it is loaded with: the roles must be the prepared
# cards, the wires must add up, covers may differ from the printed one only on Shadow's card,
# and the step (cover, cut, pass) must agree with the round's Location. Anything off
# raises SaveError; so does a position where nobody could act. Game.from_state assigns what
# fields() returns and then asks reachable().

from core import saves, wires
from core.rng import Rng
from core.undercover.locations import turn_up
from core.undercover.rules import COVER, MAX_SHIFT, SHADOW, STEPS, WHY, WINNERS, role_deck
from core.wires import BOMB, Table


def fields(rs, s):
    """The checked fields of Game.to_state()'s dict s, in Game.from_state's order, or SaveError:
    n, rng, roles, undealt, pending, result, table, doom, covers, step, turn, then the Location
    (loc, face, kind, quota), intel, prev."""
    need = saves.need
    saves.header(s, "undercover", 1)
    n = s.get("n")
    need(type(n) is int and n in rs["roles"], "no table for this player count")
    rng = None
    try:
        rng = Rng.from_state(s.get("rng"))
    except ValueError:
        need(False, "random generator state")
    roles = saves.int_list(s.get("roles"), n, 0, SHADOW, "roles")
    u = s.get("undealt")
    need(u is None or (type(u) is int and 0 <= u <= SHADOW), "undealt role")
    need(sorted(roles + ([] if u is None else [u])) == role_deck(rs["roles"][n]), "roles")
    pending = saves.int_list(s.get("pending"), n, 0, 1, "pending")
    result = wires.saved_outcome(s.get("outcome"))
    need(result is None or (result[0] in WINNERS and result[1] in WHY), "bad outcome")
    t = Table.from_state(rs, n, s, n + MAX_SHIFT, True)

    d = s.get("doom")
    if n in rs["doom"]:
        need(type(d) is int and d in (0, 1) and s.get("covers") == [], "doom token")
        covers = []
    else:
        need(d is None, "doom token")
        covers = saves.int_list(s.get("covers"), n, -1, 1, "covers")
    for i in range(len(covers)):
        c = covers[i]
        need(c < 0 or roles[i] == SHADOW or c == COVER[roles[i]], "cover")
    step = s.get("step")
    need(step in STEPS, "step")
    turn = saves.int_at(s, "turn", 0, n - 1)
    decks = rs["locations"]
    top = -1 if decks is None else len(decks[t.round - 1]) - 1
    loc = saves.int_at(s, "loc", -1 if decks is None else 0, top)
    loc, face, kind, quota = turn_up(rs, n, t.round, None, loc)
    intel = saves.int_list(s.get("intel"), n if kind == "intel" else 0, 0, 99, "intel")
    prev = saves.int_at(s, "prev", -1, n - 1)
    return (
        n, rng, roles, u, pending, result, t, d, covers,
        step, turn, loc, face, kind, quota, intel, prev,
    )  # fmt: skip


def reachable(g):
    """SaveError unless g's step is one the rules reach from this round's Location, and
    somebody can act (or look) in a game that is not over."""
    need = saves.need
    t, n = g.table, g.n
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
