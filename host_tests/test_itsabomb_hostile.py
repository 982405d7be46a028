"""Hostile It's a Bomb! scenarios and saves: only RulesetError or SaveError, naming the fault."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import ruleset
from core.errors import RulesetError, SaveError
from core.itsabomb import Game
from host_tests.support.itsabomb import SHIPPED, load, raw, state

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BASE = raw("itsabomb.json")


def error_of(obj):
    with pytest.raises(RulesetError) as e:
        ruleset.load(obj)
    return str(e.value)


def edited(path, value, base=BASE):
    """A copy of `base` with the value at a dotted path replaced (None deletes it)."""
    obj = copy.deepcopy(base)
    keys = path.split(".")
    at = obj
    for k in keys[:-1]:
        at = at[int(k)] if type(at) is list else at[k]
    last = int(keys[-1]) if type(at) is list else keys[-1]
    if value is None:
        del at[last]
    else:
        at[last] = value
    return obj


@pytest.mark.parametrize(
    "path,value,message",
    [
        ("mode", "solo", "mode: must be one of crisis, countdown"),
        ("players", [0, 4], "players.0: must be 1..10"),
        ("players", [5, 4], "players: must be [fewest, most]"),
        ("players", [2, 11], "players.1: must be 1..10"),
        ("players", [2], "players: must have 2..2 items"),
        ("level", "epic", "level: must be one of standard, advanced, special"),
        ("grid.rows", 9, "grid.rows: must be 1..8"),
        ("grid.cols", True, "grid.cols: must be a whole number"),
        ("grid.shape", "round", "grid.shape: unknown field"),
        ("grid.holes", [[0, 0], [0, 0]], "grid.holes.1: listed twice"),
        ("grid.holes", [[5, 0]], "grid.holes.0: outside the grid"),
        ("grid.holes", [[0]], "grid.holes.0: must be [row, col]"),
        ("tiles.red", 4, "tiles.red: must be 0..3"),
        ("tiles.grey", 17, "tiles.grey: must be 0..16"),
        ("tiles.pink", 1, "tiles.pink: unknown field"),
        ("tiles.grey", 5, "tiles: 19 tiles for 20 places in the grid"),
        ("tokens", ["battery"], "tokens.0: must be grey or detonator"),
        ("time", 95, "time: must be 10..90"),
        ("time", 45, "time: must be a multiple of 10 seconds"),
        ("specials.0.card", "joker", "specials.0.card: must be one of call, signal"),
        ("specials.0.below", 100, "specials.0.below: must be 10..90"),
        ("specials.0.below", 55, "specials.0.below: must name a timer card"),
        ("specials.0.effect", "scan", "specials.0.effect: must be one of"),
        ("specials.0.amount", 9, "specials.0.amount: must be 1..5"),
        ("specials.1.amount", 0, "specials.1.amount: must be 1..5"),
        ("specials.1.effect", "ordered", "specials.1.amount: this effect takes no amount"),
        ("consultants.0.name", "", "consultants.0.name: must be 1..24 characters"),
        ("consultants.0.text", None, "consultants.0.text: missing"),
        ("consultants.0.when", "later", "consultants.0.when: must be one of setup, round"),
        ("consultants.0.effect", "rush", "consultants.0.effect: must be one of"),
        ("consultants.1.colour", "red", "consultants.1.colour: unknown field"),
        ("realtime", {"round_seconds": 20}, "realtime: is a house option"),
        ("consultants", [{}] * 11, "consultants: must have 0..10 items"),
    ],
)
def test_bad_fields_are_named_by_path(path, value, message):
    obj = edited(path, value)
    if path == "realtime":
        obj["house"] = False
    if path == "specials.1.effect":
        obj["specials"][1]["amount"] = 2
    assert message in error_of(obj)


def test_the_box_limits_special_cards_and_grey_cables_left_out():
    obj = copy.deepcopy(BASE)
    obj["specials"] = [{"card": "call", "below": 30}] * 2
    assert "specials: the box has only 1 call card" in error_of(obj)
    obj["specials"] = [{"card": "signal", "below": 30}] * 4
    assert "specials: the box has only 3 signal cards" in error_of(obj)
    obj = copy.deepcopy(BASE)
    leave = {"name": "Porter", "text": "t", "when": "setup", "effect": "fewer_grey", "amount": 4}
    obj["consultants"] = [leave, leave]  # 8 of the 6 grey cables
    assert "consultants.1.amount: more grey cables left out" in error_of(obj)
    obj["consultants"] = [dict(leave, when="round")]
    assert "consultants.0.when: fewer_grey is used at setup" in error_of(obj)
    obj["consultants"] = [{"name": "Eye", "text": "t", "when": "setup", "effect": "scan"}]
    assert "consultants.0.when: scan is used at round" in error_of(obj)


def test_realtime_schedules_are_checked():
    obj = raw("itsabomb-realtime.json")
    for rt, message in [
        ({"round_seconds": 2}, "realtime.round_seconds: must be 5..600"),
        ({"round_seconds": 20, "beeps": [[5000]]}, "realtime.beeps.0: must be [1..20000"),
        ({"round_seconds": 20, "beeps": [[5000, 10], [6000, 100]]}, "realtime.beeps.0"),
        ({"round_seconds": 20, "beeps": [[50, 100], [50, 200]]}, "realtime.beeps.1"),
        ({"round_seconds": 20, "checkpoints": [30000]}, "realtime.checkpoints.0: must be 1..2"),
        ({"round_seconds": 20, "tick": 1}, "realtime.tick: unknown field"),
    ]:
        assert message in error_of(dict(obj, realtime=rt))


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 100) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def paths(obj, prefix=""):
    """Every dotted path inside a JSON value (keys that a dotted path cannot name are skipped:
    a mutation may have put a dict with keys like "" or "a.b" in)."""
    out = []
    if type(obj) is dict:
        for k, v in obj.items():
            if not k or "." in k:
                continue
            p = prefix + "." + k if prefix else k
            out.append(p)
            out.extend(paths(v, p))
    elif type(obj) is list:
        for i, v in enumerate(obj):
            p = prefix + "." + str(i) if prefix else str(i)
            out.append(p)
            out.extend(paths(v, p))
    return out


def only_ruleset_errors(obj):
    try:
        rs = ruleset.load(obj)
    except RulesetError as e:
        assert ": " in str(e), str(e)
        return
    # Whatever passes must be playable.
    lo, hi = rs["seats"]
    g = Game(rs, hi, 1)
    while g.outcome() is None:
        g.act(g.actions()[0])


@FUZZ
@given(name=st.sampled_from(SHIPPED), data=st.data())
def test_mutated_scenarios_only_raise_ruleset_errors(name, data):
    obj = raw(name)
    for _ in range(data.draw(st.integers(1, 3))):
        ps = paths(obj)
        p = data.draw(st.sampled_from(ps))
        value = data.draw(JSONISH | st.integers(-3, 200) | st.just(None))
        obj = edited(p, value, obj)
    only_ruleset_errors(obj)


@FUZZ
@given(obj=JSONISH)
def test_random_values_only_raise_ruleset_errors(obj):
    only_ruleset_errors(obj)
    if type(obj) is dict:
        only_ruleset_errors(dict(obj, format=1, game="itsabomb", name="x"))


# -- corrupt saves -------------------------------------------------------------------------


def played(name="itsabomb-night.json", steps=6, players=3):
    rs = load(raw(name))
    g = Game(rs, players, 5)
    for _ in range(steps):
        if g.outcome() is None:
            g.act(g.actions()[-1])
    return rs, g


@pytest.mark.parametrize(
    "key,value",
    [
        ("game", "timebomb"),
        ("v", 2),
        ("n", 9),
        ("mode", "countdown"),
        ("grid", "a" * 25),
        ("grid", 5),
        ("grid", "z" * 25),
        ("pos", 99),
        ("pos", -1),
        ("used", [1]),
        ("used", [2, 0]),
        ("hold", -1),
        ("found", 4),
        ("answers", [[99]] * 10),
        ("answers", []),
        ("outcome", ["players", "x"]),
        ("outcome", "bomb"),
        ("score", 7),
        ("clock", 500),
        ("rng", [0, 0, 0]),
        ("phase", 2),
        ("turn", "1"),
    ],
)
def test_corrupt_saves_raise_save_error(key, value):
    rs, g = played()
    s = state(g)
    s[key] = value
    with pytest.raises(SaveError):
        Game.from_state(rs, s)


def test_a_save_from_another_scenario_is_refused():
    rs, g = played()
    other = load(raw("itsabomb-hard.json"))
    with pytest.raises(SaveError):
        Game.from_state(other, state(g))
    with pytest.raises(SaveError):
        Game.from_state(rs, "not a save")


def test_a_grid_that_does_not_match_the_scenario_is_refused():
    rs, g = played()
    s = state(g)
    i = s["grid"].index("b")  # a face-down grey becomes a second battery
    s["grid"] = s["grid"][:i] + "e" + s["grid"][i + 1 :]
    with pytest.raises(SaveError):
        Game.from_state(rs, s)
    s = state(g)
    s["grid"] = "." + s["grid"][1:]
    with pytest.raises(SaveError):
        Game.from_state(rs, s)


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(SHIPPED), data=st.data())
def test_mutated_saves_raise_save_error_or_load(name, data):
    rs = load(raw(name))
    g = Game(rs, rs["seats"][0], data.draw(st.integers(0, 999)))
    for _ in range(data.draw(st.integers(0, 8))):
        if g.outcome() is None:
            acts = g.actions()
            g.act(acts[data.draw(st.integers(0, len(acts) - 1))])
    s = state(g)
    key = data.draw(st.sampled_from(sorted(s)))
    s[key] = data.draw(JSONISH)
    try:
        again = Game.from_state(rs, json.loads(json.dumps(s)))
    except SaveError:
        return
    # A save that loads is a game that plays on.
    again.view(None)
    while again.outcome() is None:
        again.act(again.actions()[0])


def test_a_save_from_before_reason_codes_loads_with_its_code():
    # Saves written before outcomes were codes say why in English; they still load, as codes.
    old = {
        "explosive": "an explosive was cut",
        "explosion": "the countdown reached the explosion",
        "colours": "every colour is cut",
    }
    rs = load(BASE)
    seen = set()
    for seed in range(40):
        g = Game(rs, 3, seed)
        while g.outcome() is None:
            acts = g.actions()
            g.act(acts[seed * 7 % len(acts)])
        side, why = g.outcome()
        seen.add(why)
        s = state(g)
        assert s["outcome"] == [side, why]
        s["outcome"] = [side, old[why]]
        assert Game.from_state(rs, s).outcome() == (side, why)
        s["outcome"] = [side, "because"]
        with pytest.raises(SaveError):
            Game.from_state(rs, s)
    assert len(seen) >= 2
