"""Saving and rebuilding an Undercover game, refusing states the rules cannot reach."""

# Every field is checked against the ruleset it is loaded with: the roles must be the prepared
# cards, the wires must add up, covers may differ from the printed one only on Shadow's card,
# and the step (cover, claim, cut, pass) must agree with the round's Location. Anything off
# raises SaveError; a position where nobody could act is refused too.

from core import locations, saves
from core.rng import Rng
from core.undercover_play import (
    CLAIM,
    COVER,
    COVER_STEP,
    CUT,
    PASS,
    SHADOW,
    STEPS,
    WINNERS,
    role_deck,
)
from core.wires import BOMB, Table


def dump(g):
    """The game as a JSON-safe dict (RNG state included)."""
    s = {
        "game": "undercover",
        "v": 1,
        "n": g.n,
        "roles": list(g.roles),
        "undealt": g.undealt,
        "pending": [1 if p else 0 for p in g.pending],
        "outcome": list(g.result) if g.result else None,
        "rng": g.rng.state(),
        "doom": g.doom,
        "covers": list(g.covers),
        "step": g.step,
        "turn": g.turn,
    }
    g.table.to_state(s)
    g.here.to_state(s)
    return s


def load(cls, ruleset, state):
    """Rebuild a cls game from dump()'s dict, or raise SaveError."""
    saves.header(state, "undercover", 1)
    n = state.get("n")
    saves.need(type(n) is int and n in ruleset["roles"], "no table for this player count")
    g = object.__new__(cls)
    g.rs, g.n = ruleset, n
    try:
        g.rng = Rng.from_state(state.get("rng"))
    except ValueError:
        saves.need(False, "random generator state")
    g.roles = saves.int_list(state.get("roles"), n, 0, SHADOW, "roles")
    u = g.undealt = state.get("undealt")
    saves.need(u is None or (type(u) is int and 0 <= u <= SHADOW), "undealt role")
    dealt = g.roles + ([] if u is None else [u])
    saves.need(sorted(dealt) == role_deck(ruleset["roles"][n]), "roles do not match")
    g.pending = [p == 1 for p in saves.int_list(state.get("pending"), n, 0, 1, "pending")]
    g.result = saves.outcome(state.get("outcome"))
    saves.need(g.result is None or g.result[0] in WINNERS, "bad outcome")
    g.table = t = object.__new__(Table)
    t.seats, t.hand, t.rounds = n, ruleset["hand"], ruleset["rounds"]
    t.defuse_total = ruleset["wires"][n]["defuse"]
    t.load_state(state, ruleset["wires"][n], n + locations.MAX_SHIFT)
    _steps(g, state)
    return g


def _steps(g, s):
    """Restore the step machine, checking it is one the rules can reach."""
    n, t, need = g.n, g.table, saves.need
    d = g.doom = s.get("doom")
    if n in g.rs["doom"]:
        need(d in (0, 1) and type(d) is int, "doom token")
        need(s.get("covers") == [], "covers at a Doom-token count")
        g.covers = []
    else:
        need(d is None, "doom token")
        g.covers = saves.int_list(s.get("covers"), n, -1, 1, "covers")
    for i in range(len(g.covers)):
        c = g.covers[i]
        need(c < 0 or g.roles[i] == SHADOW or c == COVER[g.roles[i]], "cover")
    g.step = s.get("step")
    need(g.step in STEPS, "step")
    g.turn = saves.int_at(s, "turn", 0, n - 1)
    here = g.here = locations.Round(g.rs, n)
    here.load_state(s, t.round)
    kind = here.kind
    if g.step == COVER_STEP:
        need(g.covers and not t.log, "cover step")
        need([c >= 0 for c in g.covers] == [i < g.turn for i in range(n)], "covers")
    else:
        need(-1 not in g.covers, "covers")
    need(g.step != CLAIM or (kind == "announce" and t.cuts == 0), "claim step")
    need(g.step != PASS or (kind == "pass" and t.cuts > 0), "pass step")
    need(g.step != CUT or -1 not in here.claims, "claims")
    if g.result is None:
        need(t.found < t.defuse_total and t.cuts < here.quota(), "the game is over")
        need(all(e[4] != BOMB for e in t.log), "the bomb went off")
        need(True in g.pending or g.actions(), "nobody can act")
