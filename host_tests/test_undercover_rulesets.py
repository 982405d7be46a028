"""Undercover rulesets: shipped ones load; hostile ones fail with a RulesetError naming a path."""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import ruleset
from core.errors import RulesetError
from host_tests.support.undercover import BASIC, EFFECTS, HOUSE, deck_ruleset, load


def test_shipped_rulesets_load_with_the_cover_table():
    for obj in (HOUSE, BASIC):
        rs = load(obj)
        assert rs["seats"] == (4, 8) and rs["doom"] == [4]
        assert rs["roles"][8] == (2, 1, 3, 1)  # org red, org blue, agency blue, agency red
        assert rs["wires"][6] == {"safe": 23, "defuse": 6, "bomb": 1}
    decks = load(HOUSE)["locations"]
    assert len(decks) == 4 and all(decks)
    effects = {c[2][0] for deck in decks for c in deck if c[2]}
    assert effects == {"cuts", "pass", "no_return", "intel"}  # every primitive in the house deck


@pytest.mark.parametrize("effect", EFFECTS)
def test_every_effect_text_loads(effect):
    card = load(deck_ruleset(effect))["locations"][0][0]
    kind, _, arg = effect.partition(" ")
    assert card[2] == (kind, int(arg) if kind == "cuts" else (arg or None))


def error_of(obj):
    with pytest.raises(RulesetError) as e:
        ruleset.load(obj)
    return str(e.value)


def edit(base, path, value):
    """A copy of base with the value at a dotted path replaced (None: removed)."""
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


HOUSE_CARD = "locations.0.0"


@pytest.mark.parametrize(
    "path,value,message",
    [
        ("shadow", 2, "shadow: must be 1..1"),
        ("shadow", None, "shadow: missing"),
        ("organization.5", "bb", "organization.5: needs a r cover for its leader"),
        ("agency.5", "r", "agency.5: needs a b cover for its leader"),
        ("agency.6", "bgr", "agency.6: must be 1..10 cover letters, r or b"),
        ("agency.6", "", "agency.6: must be 1..10 cover letters"),
        ("agency.6", ["b"], "agency.6: must be 1..10 cover letters"),
        ("agency.6", "bbbbb", "organization.6: 8 roles for 6 seats"),
        ("agency.7", None, "agency.7: must be 1..10 cover letters"),
        ("organization.8", None, "organization.8: must be 1..10 cover letters"),
        ("organization.x", "r", "organization.x: must be a player count"),
        ("agency", [], "agency: must be an object"),
        ("roles", {}, "roles: unknown field"),
        ("wires.5", {"safe": 20, "defuse": 5, "bomb": 0}, "wires.5: needs at least one defusing"),
        ("wires.5.safe", 20, "wires.5: needs 25 wires for 5 seats"),
        ("wires.5", None, "organization.5: no wire table for 5 seats"),
        ("wires.5.fuse", 1, "wires.5.fuse: unknown field"),
        ("doom", [9], "doom.0: must be a player count"),
        ("doom", [True], "doom.0: must be a player count"),
        ("doom", None, "doom: missing"),
        ("locations", None, "locations: missing"),
        ("locations", "printed", 'locations: must be "physical" or one deck per round'),
        ("locations", [[]], 'locations: must be "physical" or one deck per round'),
        ("locations.1", [], "locations.1: must be a list of 1..8 cards"),
        ("locations.2", {}, "locations.2: must be a list of 1..8 cards"),
        (HOUSE_CARD, {"name": "x"}, "locations.0.0: must be [name, text] or [name, text, effect]"),
        (HOUSE_CARD, ["x"], "locations.0.0: must be [name, text]"),
        (HOUSE_CARD + ".0", "", "locations.0.0.0: must be a text of 1..24"),
        (HOUSE_CARD + ".0", "x" * 25, "locations.0.0.0: must be a text of 1..24"),
        (HOUSE_CARD + ".1", 7, "locations.0.0.1: must be a text of 1..160"),
        (HOUSE_CARD + ".2", "cuts +3", "locations.0.0.2: must be pass, no_return, cuts"),
        (HOUSE_CARD + ".2", "cuts 0", "locations.0.0.2: must be"),
        (HOUSE_CARD + ".2", "cuts 1", "locations.0.0.2: must be"),
        (HOUSE_CARD + ".2", "intel +1", "locations.0.0.2: must be"),
        (HOUSE_CARD + ".2", "pass now", "locations.0.0.2: must be"),
        (HOUSE_CARD + ".2", ["pass"], "locations.0.0.2: must be a text"),
        ("hand", 9, "hand: must be 1..8"),
        ("rounds", 6, "rounds: must be 1..5"),
    ],
)
def test_hand_written_bad_rulesets_name_the_path(path, value, message):
    assert message in error_of(edit(HOUSE, path, value))


def test_a_deck_per_round_is_required():
    obj = copy.deepcopy(HOUSE)
    obj["rounds"] = 3
    assert "locations: must be" in error_of(obj)


# -- fuzzing -------------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def paths(obj, prefix=""):
    """Every dotted path inside obj."""
    out = []
    items = obj.items() if type(obj) is dict else enumerate(obj) if type(obj) is list else ()
    for k, v in items:
        p = prefix + "." + str(k) if prefix else str(k)
        out.append(p)
        out.extend(paths(v, p))
    return out


HOUSE_PATHS = paths(HOUSE)
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def loads_or_names_a_path(obj):
    try:
        rs = ruleset.load(obj)
    except RulesetError as e:
        assert ": " in str(e)
        return None
    return rs


@FUZZ
@given(
    path=st.sampled_from(HOUSE_PATHS),
    value=JSON | st.just(None),
    path2=st.sampled_from(HOUSE_PATHS),
    value2=JSON,
)
def test_mutated_house_ruleset_fails_only_with_a_ruleset_error(path, value, path2, value2):
    obj = edit(HOUSE, path, value)
    try:
        obj = edit(obj, path2, value2)  # a second change, where the first left that path
    except (KeyError, IndexError, TypeError, ValueError):
        pass
    rs = loads_or_names_a_path(obj)
    if rs is not None:
        assert 3 <= rs["seats"][0] <= rs["seats"][1] <= 10


@FUZZ
@given(value=JSON)
def test_random_json_fails_only_with_a_ruleset_error(value):
    loads_or_names_a_path(value)
    if type(value) is dict:
        loads_or_names_a_path(dict(value, format=1, game="undercover", name="x"))
