"""Ruleset validation: clear, path-named errors for every kind of bad input."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import ruleset
from core.errors import RulesetError
from host_tests.support.rulesets import RULESETS

with open(RULESETS / "timebomb.json") as f:
    TIMEBOMB = json.load(f)


def error_of(obj):
    with pytest.raises(RulesetError) as e:
        ruleset.load(obj)
    return str(e.value)


def edited(**changes):
    rs = copy.deepcopy(TIMEBOMB)
    for k, v in changes.items():
        if v is None:
            del rs[k]
        else:
            rs[k] = v
    return rs


def test_shipped_timebomb_loads_with_int_keyed_tables():
    rs = ruleset.load(copy.deepcopy(TIMEBOMB))
    assert rs["seats"] == (4, 8)
    assert rs["roles"][7] == {"sherlock": 5, "moriarty": 3}
    assert rs["wires"][8] == {"safe": 31, "defuse": 8, "bomb": 1}


@pytest.mark.parametrize(
    "obj,message",
    [
        ([1, 2], "ruleset: must be an object"),
        (edited(format=None), "format: missing"),
        (edited(format=2), "format: version 2 is not supported"),
        (edited(format="1"), "format: must be a whole number"),
        (edited(game="chess"), "game: must be one of"),
        (edited(name=""), "name: must be 1..32 characters"),
        (edited(name="x" * 33), "name: must be 1..32 characters"),
        (edited(colour="red"), "colour: unknown field"),
        (edited(hand=0), "hand: must be 1..8"),
        (edited(hand=True), "hand: must be a whole number"),
        (edited(rounds=6), "rounds: must be 1..5"),
        (edited(roles={}), "roles: must list at least one player count"),
        (edited(roles=dict(TIMEBOMB["roles"], x={})), "roles.x: must be a player count"),
        (edited(roles=dict(TIMEBOMB["roles"], **{"99": {}})), "roles.99: player count must be"),
    ],
)
def test_header_and_shape_errors_name_the_path(obj, message):
    assert message in error_of(obj)


def test_role_table_that_does_not_fit_the_seats():
    rs = edited()
    rs["roles"]["9"] = {"sherlock": 6, "moriarty": 4}
    rs["wires"]["9"] = {"safe": 35, "defuse": 9, "bomb": 1}
    assert error_of(rs) == "roles.9: 10 roles for 9 seats"


def test_wire_table_that_does_not_fit_the_hands():
    rs = edited()
    rs["wires"]["5"] = {"safe": 20, "defuse": 5, "bomb": 1}
    assert error_of(rs) == "wires.5: 26 wires for 5 seats of 5"


def test_wire_table_without_a_bomb():
    rs = edited()
    rs["wires"]["4"] = {"safe": 16, "defuse": 4, "bomb": 0}
    assert "wires.4: needs at least one defusing wire and one bomb" == error_of(rs)


def test_tables_for_different_player_counts():
    rs = edited()
    del rs["wires"]["8"]
    assert error_of(rs) == "roles.8: no wire table for 8 seats"


def test_counts_over_hard_limits_are_refused():
    rs = edited()
    rs["wires"]["4"] = {"safe": 10**9, "defuse": 4, "bomb": 1}
    assert error_of(rs).startswith("wires.4.safe: must be 0..")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=30,
)


def only_ruleset_errors(obj):
    try:
        ruleset.load(obj)
    except RulesetError as e:
        msg = str(e)
        assert ": " in msg, "error names no path: " + msg
        return msg
    return None


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_random_json_gives_only_path_named_errors(obj):
    only_ruleset_errors(obj)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(list(TIMEBOMB) + ["x"]), json_values))
def test_random_headers_give_only_path_named_errors(obj):
    only_ruleset_errors(dict(obj, format=1, game="timebomb"))


def paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from paths(v, prefix + (k,))


ALL_PATHS = list(paths(TIMEBOMB))[1:]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ALL_PATHS), json_values, st.booleans())
def test_mutated_shipped_ruleset_gives_only_path_named_errors(path, value, delete):
    rs = copy.deepcopy(TIMEBOMB)
    node = rs
    for k in path[:-1]:
        node = node[k]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    only_ruleset_errors(rs)


def test_an_undealt_card_must_be_declared():
    # ruling TB-1: the 4- and 7-player tables set one role card aside; that is data, not a guess
    rs = edited()
    del rs["roles"]["4"]["undealt"]
    assert error_of(rs) == "roles.4: 5 roles for 4 seats"
    rs["roles"]["4"]["undealt"] = 2
    assert error_of(rs) == "roles.4.undealt: must be 0..1"


@pytest.mark.parametrize("key", ["²", "٤", "04", "4a", "", "123"])
def test_a_player_count_key_is_plain_ascii_digits(key):
    with pytest.raises(RulesetError, match="must be a player count"):
        ruleset.load(edited(roles={key: {"sherlock": 3, "moriarty": 2}}))
