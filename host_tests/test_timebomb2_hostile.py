"""Hostile TimeBomb II rulesets and corrupt saves: only RulesetError / SaveError may escape."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import ruleset
from core.errors import RulesetError, SaveError
from core.rng import Rng
from core.timebomb2 import Game
from host_tests.support.rulesets import RULESETS

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
with open(RULESETS / "timebomb2.json") as f:
    SHIPPED = json.load(f)
RS = ruleset.load(copy.deepcopy(SHIPPED))

KEYS = ["4", "5", "role", "swat", "count", "x"]
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.sampled_from(["", "swat", "terrorist", "hideout", "4", "x" * 300])
    | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["4", "5", "role", "swat", "count", "x"]), inner, max_size=5
        )
    ),
    max_leaves=12,
)


def paths(obj, prefix=()):
    """Every path into a JSON value, as a tuple of keys/indexes."""
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from paths(v, prefix + (i,))


ALL_PATHS = list(paths(SHIPPED))[1:]


def load_or_ruleset_error(obj):
    try:
        return ruleset.load(obj)
    except RulesetError as e:
        assert ": " in str(e), str(e)  # the message names a path
        return None


def play_through(rs, seed):
    """Any ruleset that loads must play to the end at every player count it claims."""
    lo, hi = rs["seats"]
    for players in range(lo, hi + 1):
        g, policy = Game(rs, players, seed), Rng(seed)
        for _ in range(200):
            if g.outcome() is not None:
                break
            for s in g.reveals():
                g.seen(s)
            acts = g.actions()
            if acts:
                g.act(acts[policy.below(len(acts))])
                g = Game.from_state(rs, json.loads(json.dumps(g.to_state())))
        assert g.outcome() is not None


@FUZZ
@given(data=st.data(), seed=st.integers(0, 1000))
def test_mutated_shipped_ruleset(data, seed):
    obj = copy.deepcopy(SHIPPED)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        path = data.draw(st.sampled_from(ALL_PATHS), label="path")
        parent = obj
        try:
            for key in path[:-1]:
                parent = parent[key]
            how = data.draw(st.sampled_from(["set", "delete", "small int"]), label="how")
            if how == "delete":
                del parent[path[-1]]
            elif how == "small int":
                parent[path[-1]] = data.draw(st.integers(-3, 12), label="int")
            else:
                parent[path[-1]] = data.draw(json_values, label="value")
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed or replaced this path
    rs = load_or_ruleset_error(obj)
    if rs is not None:
        play_through(rs, seed)


@FUZZ
@given(value=json_values)
def test_random_json_values(value):
    load_or_ruleset_error(value)
    obj = copy.deepcopy(SHIPPED)
    obj["sets"]["5"] = value
    load_or_ruleset_error(obj)


@pytest.mark.parametrize(
    "change,path",
    [
        (lambda o: o["sets"]["4"].pop(), "sets.4: 3 sets for 4 seats"),
        (lambda o: o["sets"]["4"][1].update(role="swat"), "sets.4: each side needs"),
        (lambda o: o["sets"]["4"][1].update(role="sherlock"), "sets.4.1.role"),
        (lambda o: o["sets"]["4"][1].update(bomb3=1), "sets.4.1.bomb3: unknown field"),
        (lambda o: o["sets"]["4"][1].update(swat=9), "sets.4.1.swat: must be 0..8"),
        (lambda o: o["sets"]["5"][1].update(swat=True), "sets.5.1.swat: must be a whole"),
        (lambda o: o["sets"]["6"][0].update(swat=0, expert=0), "sets.6.0: a set holds"),
        (lambda o: o["sets"].update({"11": []}), "sets.11: player count must be"),
        (lambda o: o["sets"].update({"four": []}), "sets.four: must be a player count"),
        (lambda o: o["sets"].pop("6"), "buildings.6: no set table"),
        (lambda o: o["buildings"].pop("5"), "sets.5: no building table"),
        (lambda o: o["buildings"]["5"].update(boom=2), "buildings.5: 7 buildings for 5"),
        (lambda o: o["buildings"]["4"].update(hideout=0, dummy=4), "buildings.4: needs at least"),
        (lambda o: o["bombs"].pop("expert"), "bombs.expert: missing"),
        (lambda o: o["bombs"].update(swat=10), "bombs.swat: must be -9..9"),
        (lambda o: o["storm"].update(explosion=0), "storm.explosion: must be 1..99"),
        (lambda o: o["storm"].update(troops=0), "storm.troops: must be 1..8"),
        (lambda o: o.update(rounds=4), "rounds: unknown field"),
        (lambda o: o.update(sets=[]), "sets: must be an object"),
    ],
)
def test_hand_written_bad_rulesets_name_the_path(change, path):
    obj = copy.deepcopy(SHIPPED)
    change(obj)
    with pytest.raises(RulesetError) as e:
        ruleset.load(obj)
    assert str(e.value).startswith(path)


def test_a_house_variant_is_data_only():
    # a 3-player variant with a smaller storm group plays through without new code
    obj = copy.deepcopy(SHIPPED)
    obj["sets"] = {
        "3": [{"count": 2, "role": "swat", "swat": 3}, {"role": "terrorist", "bomb2": 3}]
    }
    obj["buildings"] = {"3": {"dummy": 1, "hideout": 2, "boom": 1}}
    obj["storm"]["troops"] = 3
    rs = ruleset.load(obj)
    assert rs["seats"] == (3, 3)
    for seed in range(5):
        play_through(rs, seed)


def midgame_state(seed, steps):
    g, policy = Game(RS, 4 + seed % 3, seed), Rng(seed)
    for _ in range(steps):
        for s in g.reveals():
            g.seen(s)
        if g.outcome() is not None:
            break
        acts = g.actions()
        g.act(acts[policy.below(len(acts))])
    return json.loads(json.dumps(g.to_state()))


@FUZZ
@given(seed=st.integers(0, 500), steps=st.integers(0, 30), data=st.data())
def test_corrupt_saves_raise_save_error(seed, steps, data):
    state = midgame_state(seed, steps)
    key = data.draw(st.sampled_from(sorted(state)), label="key")
    paths_in = [p for p in paths(state[key])]
    path = data.draw(st.sampled_from(paths_in), label="path")
    value = data.draw(json_values | st.integers(-2, 9), label="value")
    if path:
        parent = state[key]
        for k in path[:-1]:
            parent = parent[k]
        parent[path[-1]] = value
    else:
        state[key] = value
    try:
        g = Game.from_state(RS, state)
    except SaveError:
        return
    # A save that passes the checks is a playable game.
    for s in g.reveals():
        g.seen(s)
    g.view(None), g.actions()
    for seat in range(g.n):
        g.view(seat)
    if g.actions():
        g.act(g.actions()[0])


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.update(game="timebomb"),
        lambda s: s.update(v=2),
        lambda s: s.update(n=7),
        lambda s: s.update(rng=[1, 2]),
        lambda s: s["hands"][0].__setitem__(0, s["hands"][0][0] + 1),  # a card from nowhere
        lambda s: s["cards"].__setitem__(0, 2 if s["cards"][0] != 2 else 0),  # two Booms
        lambda s: s["up"].__setitem__(s["cards"].index(2), 1),  # Boom face up, game not over
        lambda s: s.update(found=1),  # no hideout face up
        lambda s: s["roles"].__setitem__(0, 1 - s["roles"][0]),
        lambda s: s["troops"][0].extend([[0, 0]] * 4),
        lambda s: s.update(outcome=["sherlock", "won"]),
        lambda s: s.update(turn=-1),
    ],
)
def test_hand_written_corrupt_saves(change):
    state = midgame_state(3, 0)
    change(state)
    with pytest.raises(SaveError):
        Game.from_state(RS, state)
    with pytest.raises(SaveError):
        Game.from_state(RS, ["not", "a", "save"])


def test_a_save_from_before_reason_codes_loads_with_its_code():
    # Saves written before outcomes were codes say why in English; they still load, as codes.
    old = {
        "boom": "the Boom building went up",
        "hideouts": "every hideout was found",
        "no_cards": "the next player has no troop card",
    }
    seen = set()
    for seed in range(60):
        g, policy = Game(RS, 4, seed), Rng(seed)
        while g.outcome() is None:
            for s in g.reveals():
                g.seen(s)
            acts = g.actions()
            g.act(acts[policy.below(len(acts))])
        side, why = g.outcome()
        seen.add(why)
        state = json.loads(json.dumps(g.to_state()))
        assert state["outcome"] == [side, why]
        state["outcome"] = [side, old[why]]
        assert Game.from_state(RS, state).outcome() == (side, why)
        state["outcome"] = [side, "because"]
        with pytest.raises(SaveError):
            Game.from_state(RS, state)
    assert len(seen) >= 2
