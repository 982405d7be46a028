"""Timer rulesets: every field checked with a path-named error, sizes bounded, hostile input."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import ruleset
from core.errors import RulesetError
from core.timer import ARM, Prop
from core.timer.rules import KEYS, PRESET_KEYS
from host_tests.support.rulesets import RULESETS

with open(RULESETS / "timer.json") as f:
    SHIPPED = json.load(f)


def minimal(**preset):
    p = {"name": "T", "seconds": 60, "defuse": "hold"}
    p.update(preset)
    return {"format": 1, "game": "timer", "name": "t", "presets": [p]}


def error_of(obj):
    with pytest.raises(RulesetError) as e:
        ruleset.load(obj)
    return str(e.value)


def test_the_shipped_file_loads_normalised():
    rs = ruleset.load(copy.deepcopy(SHIPPED))
    classic = rs["presets"][0]
    assert classic["code"] == (0, 0, 1, 1, 2, 3) and classic["penalty_ms"] == 30000
    assert classic["beeps"] == SHIPPED["beeps"] and classic["wire"] == -1
    assert rs["presets"][3]["wire"] == 2 and rs["presets"][2]["pause_code"] == (5, 5, 4)


def test_defaults_fill_a_minimal_preset():
    rs = ruleset.load(minimal())
    p = rs["presets"][0]
    assert (rs["arm_ms"], rs["defuse_ms"], rs["pause_ms"]) == (3000, 5000, 2000)
    assert (p["pause"], p["strikes"], p["penalty_ms"], p["silent"], p["wires"]) == (
        "hold",
        3,
        30000,
        False,
        0,
    )
    assert p["beeps"] == [[600000, 1000], [60000, 500], [10000, 250]]


@pytest.mark.parametrize(
    "change, message",
    [
        ({"seconds": 6000}, "presets.0.seconds: must be 1..5999"),
        ({"seconds": True}, "presets.0.seconds: must be a whole number"),
        ({"name": "x" * 21}, "presets.0.name: must be 1..20 characters"),
        ({"defuse": "cut"}, "presets.0.defuse: must be one of code, hold, wire"),
        ({"defuse": "code"}, "presets.0.code: missing"),
        ({"defuse": "code", "code": ["up"] * 13}, "presets.0.code: must have 1..12 items"),
        ({"defuse": "code", "code": ["up", "fire"]}, "presets.0.code.1: must be one of"),
        ({"code": ["up"]}, "presets.0.code: only used when defuse is code"),
        ({"pause": "code", "pause_code": []}, "presets.0.pause_code: must have 1..12 items"),
        (
            {"defuse": "code", "code": ["up", "ok"], "pause": "code", "pause_code": ["up"]},
            "presets.0.pause_code: must not start like code",
        ),
        ({"defuse": "wire"}, "presets.0.wires: defuse by wire needs 1..8"),
        ({"defuse": "wire", "wires": 3, "wire": 3}, "presets.0.wire: must be 0..2"),
        ({"wire": 0}, "presets.0.wire: only used when defuse is wire"),
        ({"wires": 9}, "presets.0.wires: must be 0..8"),
        ({"strikes": 0}, "presets.0.strikes: must be 1..9"),
        ({"penalty": -1}, "presets.0.penalty: must be 0..3599"),
        ({"silent": 1}, "presets.0.silent: must be true or false"),
        ({"beeps": [[1000, 10]]}, "presets.0.beeps.0.1: must be 50..60000"),
        ({"beeps": [[1000, 60001]]}, "presets.0.beeps.0.1: must be 50..60000"),
        ({"beeps": [[5999001, 100]]}, "presets.0.beeps.0.0: must be 1..5999000"),
        ({"beeps": [[9000, 100], [9000, 50]]}, "presets.0.beeps.1.0: repeats an earlier step"),
        ({"beeps": [[1, 100]] * 17}, "presets.0.beeps: must have 0..16 items"),
        ({"beeps": [100]}, "presets.0.beeps.0: must be [at_or_below_ms, interval_ms]"),
        ({"checkpoints": [0]}, "presets.0.checkpoints.0: must be 1..5999000"),
        ({"checkpoints": [5, 5]}, "presets.0.checkpoints.1: repeats an earlier checkpoint"),
        ({"colour": "red"}, "presets.0.colour: unknown field"),
    ],
)
def test_each_preset_field_names_its_path(change, message):
    assert error_of(minimal(**change)).startswith(message)


def test_top_level_limits():
    obj = minimal()
    obj["presets"] = [dict(obj["presets"][0], name=str(i)) for i in range(17)]
    assert error_of(obj) == "presets: must have 1..16 items"
    obj["presets"] = obj["presets"][:2]
    obj["presets"][1]["name"] = "0"
    assert error_of(obj) == "presets.1.name: repeats an earlier preset"
    assert error_of(dict(minimal(), arm_ms=20000)) == "arm_ms: must be 500..10000"
    assert error_of(dict(minimal(), checkpoints=[1] * 17)) == "checkpoints: must have 0..16 items"
    assert error_of(dict(minimal(), presets=[])) == "presets: must have 1..16 items"
    assert error_of(dict(minimal(), presets=[7])) == "presets.0: must be an object"
    assert error_of(dict(minimal(), extra=1)) == "extra: unknown field"


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=False)
    | st.text(max_size=6),
    lambda kids: (
        st.lists(kids, max_size=4)
        | st.dictionaries(
            st.sampled_from(PRESET_KEYS + KEYS) | st.text(max_size=4), kids, max_size=4
        )
    ),
    max_leaves=12,
)


def mutate(data, obj):
    """Replace, delete or add one value somewhere in obj, chosen by hypothesis."""
    node = obj
    for _ in range(data.draw(st.integers(0, 4))):
        if type(node) is dict and node:
            k = data.draw(st.sampled_from(sorted(node)))
        elif type(node) is list and node:
            k = data.draw(st.integers(0, len(node) - 1))
        else:
            break
        if type(node[k]) not in (dict, list):
            break
        node = node[k]
    how = data.draw(st.sampled_from(["set", "del", "add"]))
    if type(node) is dict:
        keys = sorted(node) + list(PRESET_KEYS + KEYS)
        k = data.draw(st.sampled_from(keys))
        if how == "del":
            node.pop(k, None)
        else:
            node[k] = data.draw(json_values)
    elif type(node) is list:
        if how == "del" and node:
            node.pop(data.draw(st.integers(0, len(node) - 1)))
        elif how == "set" and node:
            node[data.draw(st.integers(0, len(node) - 1))] = data.draw(json_values)
        else:
            node.append(data.draw(json_values))


def only_path_named_errors(obj):
    try:
        rs = ruleset.load(obj)
    except RulesetError as e:
        msg = str(e)
        assert ": " in msg, msg
        first = msg.split(": ")[0].split(".")[0]
        # core.check names the document itself "ruleset", and an empty key '""'.
        named = first in ruleset.HEADER + KEYS + ("ruleset",) or first in obj
        # A key may itself hold dots ("." or "a.b"): then the path starts with the whole key.
        named = named or any(k and msg.startswith(k + ":") for k in obj)
        assert named or (first == '""' and "" in obj), msg
        return None
    # Whatever passes validation must be playable: arm every preset and run it down.
    for i in range(len(rs["presets"])):
        prop = Prop(rs, i, 0)
        prop.hold(ARM, 0)
        t = rs["arm_ms"]
        while prop.poll(t) is not None or prop.phase != 5:
            t += 50000
    return rs


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_hostile_edits_of_the_shipped_file_raise_only_path_named_errors(data):
    obj = copy.deepcopy(SHIPPED)
    for _ in range(data.draw(st.integers(1, 3))):
        mutate(data, obj)
    only_path_named_errors(obj)


@settings(max_examples=100, deadline=None)
@given(json_values)
def test_hostile_documents_raise_only_path_named_errors(junk):
    obj = {"format": 1, "game": "timer", "name": "x"}
    if type(junk) is dict:
        obj.update(junk)
    else:
        obj["presets"] = junk
    only_path_named_errors(obj)
