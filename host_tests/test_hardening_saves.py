"""No legal ruleset can make an unloadable save: every game is played at its validator's
bounds (10 seats, hands and rounds of 8, the biggest grid, the longest decks) and saved and
resumed at every step, on CPython and, for a sample, on MicroPython."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import games
from core.timer import ARM, Prop
from core.timer.rules import MAX_SECONDS, MAX_STRIKES, MAX_WIRES
from core.wires import MAX_HAND, MAX_SEATS, SAFE
from host_tests.support import bounds
from host_tests.support.rulesets import RULESETS
from tools.runtimes import same_on_both

BOUNDS = bounds.all_bounds()
LOADED = {k: bounds.load(o) for k, o in BOUNDS.items()}
MAX_STEPS = 3000


def resumed(rs, g):
    """g saved as the board saves it (JSON text) and loaded again: must be the same game."""
    state = json.loads(json.dumps(g.to_state()))
    back = type(g).from_state(rs, state)
    assert back.to_state() == state
    assert back.actions() == g.actions() and back.reveals() == g.reveals()
    assert back.view(None) == g.view(None) and back.outcome() == g.outcome()
    return back


def long_cut(g, acts):
    """A cut of a safe wire when there is one (the game then runs to its last round)."""
    t = getattr(g, "table", None)
    if t is None:
        return None
    safe = [a for a in acts if a[0] == "cut" and t.hands[a[1]][a[2]] == SAFE]
    return safe[0] if safe else None


def play(rs, g, choose, every_step=True):
    steps = 0
    while g.outcome() is None:
        assert steps < MAX_STEPS, "no end"
        if g.reveals():
            g.seen(g.reveals()[0])
        else:
            acts = g.actions()
            g.act(choose(g, acts))
            steps += 1
        if every_step:
            g = resumed(rs, g)
    return g, steps


def test_undercover_resumes_after_a_cut_in_its_last_round_at_8_rounds():
    # The save packed the round in 3 bits: a cut in round 8 (legal: rounds <= hand = 8) made a
    # save that did not load, and the device said "bad save".
    rs = LOADED["undercover-max"]
    assert rs["rounds"] == rs["hand"] == MAX_HAND
    for n in (3, MAX_SEATS):
        g = games.module("undercover").Game(rs, n, 3)
        g, _ = play(rs, g, lambda g, acts: long_cut(g, acts) or acts[0], every_step=False)
        assert g.table.round == MAX_HAND and g.table.log[-1][0] == MAX_HAND
        assert resumed(rs, g).table.log == g.table.log


def test_old_undercover_saves_still_load():
    # Saves written before the round got its fourth bit: the same packing, rounds 1..7.
    rs = LOADED["undercover-max"]
    g = games.module("undercover").Game(rs, 4, 1)
    while g.table.round < 7 and g.outcome() is None:
        if g.reveals():
            g.seen(g.reveals()[0])
        else:
            acts = g.actions()
            g.act(long_cut(g, acts) or acts[0])
    state = json.loads(json.dumps(g.to_state()))
    old = [e[0] << 14 | e[1] << 10 | e[2] << 6 | e[3] << 2 | e[4] for e in g.table.log]
    assert max(old) < 1 << 17 and state["log"] == old
    assert type(g).from_state(rs, state).table.log == g.table.log


def test_a_timer_with_the_most_wires_resumes_with_every_wire_but_one_cut():
    obj = json.loads((RULESETS / "timer.json").read_text())
    preset = {"name": "Eight wires", "seconds": MAX_SECONDS, "defuse": "wire"}
    preset.update(wires=MAX_WIRES, wire=MAX_WIRES - 1, strikes=MAX_STRIKES, penalty=0)
    obj["presets"] = [preset]
    rs = bounds.load(obj)
    prop = Prop(rs, 0, 0)
    prop.hold(ARM, 0)
    at = rs["arm_ms"]
    assert prop.poll(at) == ("armed",)
    for w in range(MAX_WIRES - 1):
        prop.wire_cut(w, at)
        state = json.loads(json.dumps(prop.to_state(at)))
        assert Prop.from_state(rs, state, at).cut_wires == prop.cut_wires == (2 << w) - 1


@pytest.mark.parametrize("label", sorted(BOUNDS))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_step_of_a_game_at_the_bounds_saves_and_resumes(label, data):
    rs = LOADED[label]
    lo, hi = rs["seats"]
    n = data.draw(st.sampled_from(sorted({lo, hi, data.draw(st.integers(lo, hi))})), label="n")
    seed = data.draw(st.integers(0, 2**30 - 1), label="seed")
    long = data.draw(st.booleans(), label="long")
    rnd = random.Random(data.draw(st.integers(0, 2**16), label="moves"))

    def choose(g, acts):
        return (long and long_cut(g, acts)) or rnd.choice(acts)

    play(rs, games.module(rs["game"]).Game(rs, n, seed), choose)


# On the board: the same playouts, the moves drawn from core's own generator (identical on both
# runtimes), a save and a resume at every step; each game's transcript must match CPython's.
_BOARD = """import json, sys
from core import games, ruleset
from core.rng import Rng
from core.wires import SAFE

def choose(g, acts, rng, long):
    t = getattr(g, 'table', None)
    if long and t is not None:
        for a in acts:
            if a[0] == 'cut' and t.hands[a[1]][a[2]] == SAFE:
                return a
    return acts[rng.below(len(acts))]

for path, n, seed, long in json.loads(sys.argv[1]):
    with open(path) as f:
        rs = ruleset.load(json.load(f))
    Game = games.module(rs['game']).Game
    g, rng, steps = Game(rs, n, seed), Rng(seed), 0
    while g.outcome() is None:
        if g.reveals():
            g.seen(g.reveals()[0])
        else:
            g.act(choose(g, g.actions(), rng, long))
            steps += 1
        state = json.loads(json.dumps(g.to_state()))
        back = Game.from_state(rs, state)
        assert back.to_state() == state and back.actions() == g.actions()
        g = back
    print(path.split('/')[-1], n, seed, steps, g.outcome())
"""


@pytest.mark.parametrize("label", sorted(BOUNDS))
def test_a_sample_of_the_bound_playouts_resumes_at_every_step_on_micropython(tmp_path, label):
    path = tmp_path / (label + ".json")
    path.write_text(json.dumps(BOUNDS[label]))
    lo, hi = LOADED[label]["seats"]
    seed = sorted(BOUNDS).index(label)
    jobs = [(str(path), hi, 11 + seed, True), (str(path), lo, 40 + seed, False)]
    script = tmp_path / "bounds_playouts.py"
    script.write_text(_BOARD)
    out = same_on_both(script, json.dumps(jobs), heap="192k")
    assert [x.split(" ")[:3] for x in out.splitlines()] == [
        [label + ".json", str(n), str(s)] for _, n, s, _ in jobs
    ]
