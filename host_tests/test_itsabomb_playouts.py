"""Random It's a Bomb! playouts of each shipped scenario at every player count, step by step."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import IllegalAction
from core.itsabomb import Game, moves
from core.itsabomb.tiles import KINDS
from host_tests.support.itsabomb import SHIPPED, load, raw, resume, state

RULESETS = {name: load(raw(name)) for name in SHIPPED}
PLAYOUT = settings(max_examples=40, deadline=None)

# Things that are never, or only sometimes, legal: act() must refuse every one not in actions().
JUNK = st.one_of(
    st.tuples(
        st.sampled_from(["cut", "ask", "scan", "empty"]), st.integers(-1, 8), st.integers(-1, 8)
    ),
    st.tuples(st.just("ask"), st.sampled_from(["row", "col", "diag"]), st.integers(-1, 8)),
    st.tuples(st.sampled_from(["consult", "cut", "start"]), st.integers(-1, 12)),
    st.tuples(st.just("cut"), st.sampled_from(["new", "nothing", "explosive", "boom"])),
    st.tuples(st.just("cut"), st.booleans(), st.integers(0, 2)),
    st.sampled_from([(), ("start",), ("ask",), ("cut",), "cut", None, ("cut", 0, 0, 0)]),
)


def scenario_and_players():
    return st.sampled_from(SHIPPED).flatmap(
        lambda name: st.tuples(st.just(name), st.integers(*RULESETS[name]["seats"]))
    )


def swap_hidden(rs, g, i, j):
    """The same public table with two face-down tiles of different kinds traded, or None."""
    down = [c for c in range(len(g.grid)) if g.grid[c] and not g.up[c]]
    if len(down) < 2:
        return None
    a, b = down[i % len(down)], down[j % len(down)]
    if g.grid[a] == g.grid[b]:
        return None
    s = state(g)
    cells = list(s["grid"])
    cells[a], cells[b] = cells[b], cells[a]
    s["grid"] = "".join(cells)
    return Game.from_state(rs, s)


def check_step(rs, g, pick, junk):
    acts = g.actions()
    assert acts and acts == sorted(acts) and len(set(acts)) == len(acts)
    assert g.reveals() == [] and g.current_player() == g.turn % g.n
    assert all(moves.legal(g, a) for a in acts)
    before = g.to_state()
    for _ in range(3):
        bad = junk()
        if bad not in acts:
            with pytest.raises(IllegalAction):
                g.act(bad)
            assert g.to_state() == before
    if g.crisis:
        up = [KINDS[g.grid[c]] for c in range(len(g.grid)) if g.up[c]]
        assert g.found == len({k for k in up if k in KINDS[6:]})
        # The public table cannot tell hidden tiles apart.
        twin = swap_hidden(rs, g, pick(0, 99), pick(0, 99))
        if twin is not None:
            seat = pick(0, g.n - 1)
            assert twin.view(None) == g.view(None)
            assert twin.view(seat) == g.view(seat)
            assert twin.actions() == acts


def play_out(rs, players, seed, pick, junk):
    g = Game(rs, players, seed)
    steps = 0
    while g.outcome() is None:
        steps += 1
        assert steps < 400, "the game must end"
        check_step(rs, g, pick, junk)
        acts = g.actions()
        action = acts[pick(0, len(acts) - 1)]
        twin = resume(rs, g)
        pos, turn, hold = g.pos, g.turn, g.hold
        events = g.act(action)
        assert twin.act(list(action)) == events  # a resumed game continues identically
        assert twin.to_state() == g.to_state()
        assert g.pos >= pos
        assert (g.outcome() is None) == (events[-1][0] != "win")
        if action[0] in ("ask", "cut"):
            assert g.turn == turn + 1 or g.outcome() is not None
            new = events[0][-1] == "new"
            if g.outcome() is None and not new:
                assert g.pos > pos or g.hold == hold - 1  # the countdown step (IB-2, IB-3)
            if new:
                assert g.pos == pos
        else:
            assert g.turn == turn and g.pos == pos  # setup, Consultants, choices: no round
    assert g.actions() == [] and g.current_player() is None
    winner, reason = g.outcome()
    v = g.view(None)
    if winner == "players":
        assert g.found == len(rs["colours"])
        unused = len(g.used) - sum(g.used)
        assert g.score == 3 * v["timers"] + 2 * unused + rs["level"] - players
    else:
        assert g.score is None
        assert reason == "explosive" or rs["deck"][g.pos] == 0
    assert resume(rs, g).view(None) == v
    if g.crisis:
        # After the end the whole grid is public ("." where there is no tile).
        truth = [KINDS[k] if k else "." for k in g.grid]
        assert [k for row in v["solution"] for k in row] == truth


@PLAYOUT
@given(setup=scenario_and_players(), seed=st.integers(0, 2**30 - 1), data=st.data())
def test_random_playouts_keep_every_rule(setup, seed, data):
    name, players = setup
    play_out(
        RULESETS[name],
        players,
        seed,
        lambda lo, hi: data.draw(st.integers(lo, hi)),
        lambda: data.draw(JUNK, label="junk"),
    )


FIXED_JUNK = [("cut", -1, 0), ("cut", 9, 9), ("ask", "diag", 0), ("consult", 99), ("cut", True, 0)]


@pytest.mark.parametrize("name", SHIPPED)
def test_every_player_count_plays_through(name):
    rs = RULESETS[name]
    lo, hi = rs["seats"]
    for players in range(lo, hi + 1):
        for seed in (players, 1000 + players):
            r = random.Random(seed)
            play_out(rs, players, seed, r.randint, lambda r=r: r.choice(FIXED_JUNK))
