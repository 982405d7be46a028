"""Random Time Bomb playouts at every player count, checking the rules at every step."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import IllegalAction
from core.timebomb import Game

PLAYOUT = settings(max_examples=60, deadline=None)


def resume(rs, g):
    return Game.from_state(rs, json.loads(json.dumps(g.to_state())))


def swap_secrets(rs, g, a, b, turn):
    """The same public table, but seats a and b swap roles and trade face-down wires.

    Their wires are pooled, rotated by `turn` and dealt back in the same numbers, so what the
    public can see (how many wires each seat has) stays the same.
    """
    s = json.loads(json.dumps(g.to_state()))
    s["roles"][a], s["roles"][b] = s["roles"][b], s["roles"][a]
    ha, hb = s["hands"][a], s["hands"][b]
    pool = ha + hb
    turn %= max(1, len(pool))
    pool = pool[turn:] + pool[:turn]
    s["hands"][a], s["hands"][b] = pool[: len(ha)], pool[len(ha) :]
    return Game.from_state(rs, s)


def check_step(rs, g, data):
    n = g.n
    cutter = g.current_player()
    acts = g.actions()
    assert acts == sorted(acts) and acts
    assert all(a[1] != cutter for a in acts)
    assert {a[1] for a in acts} == {s for s in range(n) if s != cutter and g.table.hands[s]}

    # An illegal action raises and changes nothing.
    before = g.to_state()
    with pytest.raises(IllegalAction):
        g.act(("cut", cutter, 0))
    assert g.to_state() == before

    # A seat's view cannot tell other seats' secrets apart.
    seat = data.draw(st.integers(0, n - 1), label="viewer")
    others = [s for s in range(n) if s != seat]
    a, b = data.draw(st.permutations(others), label="swap")[:2]
    twin = swap_secrets(rs, g, a, b, data.draw(st.integers(1, 9), label="turn"))
    assert twin.view(seat) == g.view(seat)
    assert twin.view(None) == g.view(None)


@PLAYOUT
@given(players=st.integers(4, 8), seed=st.integers(0, 2**30 - 1), data=st.data())
def test_random_playout_keeps_every_rule(timebomb_rs, players, seed, data):
    g = Game(timebomb_rs, players, seed)
    start_sizes = []
    while g.outcome() is None:
        if g.reveals():
            # wires per seat at each round start: 5, 4, 3, 2
            start_sizes.append(sorted({len(h) for h in g.table.hands}))
            for s in g.reveals():
                g.seen(s)
            continue
        check_step(timebomb_rs, g, data)
        acts = g.actions()
        action = acts[data.draw(st.integers(0, len(acts) - 1), label="action")]
        twin = resume(timebomb_rs, g)
        round_before, cuts_before = g.table.round, g.table.cuts
        events = g.act(action)
        assert twin.act(action) == events  # a resumed game continues identically
        assert twin.to_state() == g.to_state()
        kind = events[0][4]
        if g.outcome() is None:
            assert g.table.cutter == action[1]
            if cuts_before + 1 == players:
                assert events[-1] == ("round", round_before + 1)
            else:
                assert g.table.cuts == cuts_before + 1
        else:
            win = events[-1]
            assert win[0] == "win" and (win[1], win[2]) == g.outcome()
            if kind == "bomb":
                assert win[1] == "moriarty"
            elif kind == "defuse" and g.table.found == players:
                assert win[1] == "sherlock"
            else:
                assert win[1] == "moriarty" and round_before == 4 and cuts_before + 1 == players
    assert start_sizes == [[5], [4], [3], [2]][: len(start_sizes)]
    assert g.actions() == [] and g.current_player() is None
