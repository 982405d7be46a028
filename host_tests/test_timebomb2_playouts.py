"""TimeBomb II playouts: random ones check every rule; seeded ones match on both runtimes."""

import json
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import IllegalAction
from core.timebomb2 import BUILDINGS, TROOPS, Game
from host_tests.support.rulesets import RULESETS, load_shipped
from tools import runtimes

PLAYOUT = settings(max_examples=40, deadline=None)
RS = load_shipped("timebomb2.json")


def resume(g):
    return Game.from_state(RS, json.loads(json.dumps(g.to_state())))


def card_totals(g):
    """Every troop card of the game by kind: in hands, lying at buildings, removed."""
    total = list(g.removed)
    for h in g.hands:
        total = [total[k] + h[k] for k in range(4)]
    for t in g.troops:
        for c in t:
            total[c[1]] += 1
    return total


def twin_with_swapped_secrets(g, seat, data):
    """The same public table, but what `seat` cannot know is dealt differently.

    Two other seats swap roles; the troop cards that other seats hold or have placed face down
    are pooled, shuffled and dealt back in the same numbers; the face-down building cards other
    than seat's own are shuffled among their places.
    """
    s = json.loads(json.dumps(g.to_state()))
    n = g.n
    others = [p for p in range(n) if p != seat]
    a, b = data.draw(st.permutations(others), label="swap")[:2]
    s["roles"][a], s["roles"][b] = s["roles"][b], s["roles"][a]
    pool = []
    for p in others:
        for k in range(4):
            pool += [k] * s["hands"][p][k]
    for t in s["troops"]:
        pool += [c[1] for c in t if c[0] != seat]
    pool = data.draw(st.permutations(pool), label="troops")
    for p in others:
        size = sum(s["hands"][p])
        s["hands"][p] = [pool[:size].count(k) for k in range(4)]
        pool = pool[size:]
    for t in s["troops"]:
        for c in t:
            if c[0] != seat:
                c[1] = pool.pop(0)
    hidden = [p for p in range(n + 1) if p != seat and not s["up"][p]]
    cards = data.draw(st.permutations([s["cards"][p] for p in hidden]), label="buildings")
    for p, c in zip(hidden, cards, strict=True):
        s["cards"][p] = c
    return Game.from_state(RS, s)


def check_step(g, data):
    n, me = g.n, g.current_player()
    acts = g.actions()
    assert acts and acts == sorted(acts) and len(set(acts)) == len(acts)
    kinds = [TROOPS[k] for k in range(4) if g.hands[me][k]]
    down = [p for p in range(n + 1) if not g.up[p]]
    # ruling T2-1: every kind in hand at every face-down building, own and centre included
    assert set(acts) == {("place", k, p) for k, p in product(kinds, down)}

    # Illegal actions raise and change nothing.
    before = g.to_state()
    bad = [("place", "swat", n + 1), ("place", "nuke", 0), ("cut", 0, 0), ("place", "swat")]
    bad += [("place", TROOPS[k], down[0]) for k in range(4) if not g.hands[me][k]]
    bad += [("place", kinds[0], p) for p in range(n + 1) if g.up[p]]
    for action in bad:
        with pytest.raises(IllegalAction):
            g.act(action)
        assert g.to_state() == before

    # A seat's view cannot tell apart games that differ only in what it may not know.
    seat = data.draw(st.integers(0, n - 1), label="viewer")
    twin = twin_with_swapped_secrets(g, seat, data)
    assert twin.view(seat) == g.view(seat)
    assert twin.view(None) == g.view(None)


def check_act(g, before, action, events):
    """What one placed card did, checked against the rulings."""
    n, by, place = g.n, before.turn, action[2]
    assert events[0] == ("place", by, place, len(before.troops[place]) + 1)
    assert card_totals(g) == card_totals(before)
    checks = [e for e in events if e[0] == "check"]
    if len(before.troops[place]) + 1 < RS["storm"]:
        assert not checks and g.troops[place][-1] == [by, TROOPS.index(action[1])]
    else:
        (c,) = checks
        counts = list(c[4:])
        assert sum(counts) == RS["storm"] and g.troops[place] == []
        total = sum(counts[k] * RS["bombs"][k] for k in range(4))  # ruling T2-2
        assert c[3] == total
        assert c[2] == ("storm" if total <= 0 else "failed" if total < 3 else "explosion")
        assert bool(g.up[place]) == (c[2] != "failed")  # ruling T2-3
        returned = [e[1] for e in events if e[0] == "return"]
        if returned:  # ruling T2-4
            assert c[2] == "storm" and counts == [4, 0, 0, 0]
            assert returned == [(before.radio + i) % n for i in range(4)]
            assert g.radio == (before.radio + 4) % n and g.removed == before.removed
        else:
            assert g.removed == [before.removed[k] + counts[k] for k in range(4)]
        if g.up[place] and g.outcome() is None:
            # ruling T2-3: the hideouts moved; everyone with a face-down building looks again
            assert ("move", (n + 1) - sum(g.up)) in events
            assert g.reveals() == [s for s in range(n) if not g.up[s]]
            down = [p for p in range(n + 1) if not g.up[p]]
            assert sorted(g.cards[p] for p in down) == sorted(before.cards[p] for p in down)
            assert [len(t) for t in g.troops] == [
                0 if p == place else len(before.troops[p]) for p in range(n + 1)
            ]
    if g.outcome() is None:
        assert g.turn == (by + 1) % n and sum(g.hands[g.turn]) > 0
        return
    win = events[-1]
    assert win == ("win",) + g.outcome() and g.reveals() == []
    if win[1] == "swat":
        assert g.found == RS["buildings"][n][1] and g.found == before.found + 1
    elif win[2] == "boom":
        assert g.up[place] and BUILDINGS[g.cards[place]] == "boom"
    else:  # ruling T2-5
        assert sum(g.hands[(by + 1) % n]) == 0


@PLAYOUT
@given(players=st.sampled_from([4, 5, 6]), seed=st.integers(0, 2**30 - 1), data=st.data())
def test_random_playout_keeps_every_rule(players, seed, data):
    g = Game(RS, players, seed)
    assert g.reveals() == list(range(players))
    steps = 0
    while g.outcome() is None:
        if g.reveals():
            assert g.actions() == [] and g.current_player() is None
            for s in g.reveals():
                g.seen(s)
            continue
        check_step(g, data)
        acts = g.actions()
        action = acts[data.draw(st.integers(0, len(acts) - 1), label="action")]
        before, twin = resume(g), resume(g)
        events = g.act(action)
        assert twin.act(list(action)) == events  # a resumed game continues identically
        assert twin.to_state() == g.to_state()
        check_act(g, before, action, events)
        steps += 1
        assert steps < 100
    assert g.actions() == [] and g.current_player() is None
    assert g.view(None)["roles"] == g.view(0)["roles"]


@pytest.mark.parametrize("name", sorted(p.name for p in RULESETS.glob("timebomb2*.json")))
def test_same_transcript_on_both_runtimes(name):
    script = runtimes.ROOT / "tools" / "play" / "transcript.py"
    # 80k as Undercover's: the script runs from source and fails below about 62k on the unix
    # port, where the GC's conservative stack scan makes the last KB vary from run to run (64k
    # failed once in a full run). Heap is not what this test checks: the alloc tests do.
    text = runtimes.same_on_both(
        script, RULESETS / name, "players=all", "views=looks", 1, 2, 3, heap="80k"
    )
    ends = [line for line in text.splitlines() if line.startswith("end ")]
    assert len(ends) == 3 * 3  # three seeds at each of 4, 5 and 6 players
    assert all('"swat"' in e or '"terrorists"' in e for e in ends)
    # the transcript holds storms and moving hideouts, not only quiet placements
    assert '"check"' in text and '"move"' in text
