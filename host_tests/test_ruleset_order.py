"""A ruleset's optional "order" and "short" title: core checks them like the other optional
header fields (path-named errors), and the catalog lists a game's rulesets by order, so each
list starts with the standard game and its short titles fit the smallest display's rows."""

import copy
import json
import shutil

import pytest

from core import ruleset
from core.errors import RulesetError
from firmware import catalog
from host_tests.support.rulesets import RULESETS

ORDER_LAST = 99  # where a ruleset without "order" sorts

with open(RULESETS / "timebomb.json") as f:
    TIMEBOMB = json.load(f)
with open(RULESETS / "timer.json") as f:
    TIMER = json.load(f)


def error_of(obj):
    with pytest.raises(RulesetError) as e:
        ruleset.load(obj)
    return str(e.value)


def test_order_and_short_are_optional_with_defaults():
    rs = copy.deepcopy(TIMEBOMB)
    rs.pop("order", None)
    rs.pop("short", None)
    loaded = ruleset.load(rs)
    assert loaded["order"] == ORDER_LAST and loaded["short"] == ""
    rs.update(order=3, short="Classic")
    loaded = ruleset.load(rs)
    assert loaded["order"] == 3 and loaded["short"] == "Classic"


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("order", -1, "order: must be 0..99"),
        ("order", 100, "order: must be 0..99"),
        ("order", "1", "order: must be a whole number"),
        ("order", True, "order: must be a whole number"),
        ("short", "", "short: must be 1..8 characters"),
        ("short", "Too long!", "short: must be 1..8 characters"),
        ("short", 5, "short: must be a text"),
    ],
)
def test_a_bad_order_or_short_title_is_named(field, value, message):
    rs = copy.deepcopy(TIMEBOMB)
    rs[field] = value
    assert error_of(rs) == message


def test_a_timer_preset_takes_a_short_title_too():
    rs = copy.deepcopy(TIMER)
    assert ruleset.load(rs)["presets"][0]["short"] == "Classic"
    rs["presets"][1]["short"] = "Much too long"
    assert error_of(rs) == "presets.1.short: must be 1..8 characters"


def shipped():
    return [json.loads(p.read_text()) for p in sorted(RULESETS.glob("*.json"))]


def test_every_shipped_list_starts_with_its_standard_and_short_titles_fit_a_row():
    for obj in shipped():
        rs = ruleset.load(obj)
        # A name that a 72x40 list row (8 columns beside a scrollbar) cannot show has a short.
        assert len(rs["name"]) <= 8 or rs["short"], rs["name"]
        for p in rs.get("presets", ()):
            assert len(p["name"]) <= 8 or p["short"], p["name"]


def test_the_catalog_lists_a_games_rulesets_by_order(tmp_path):
    folder = tmp_path / "rulesets"
    shutil.copytree(RULESETS, folder)
    entries = catalog.scan(str(folder))
    iab = catalog.check(entries, "itsabomb")
    assert [e.name for e in iab][:2] == ["Fusebox Standard", "Fusebox Training"]
    assert [e.order for e in iab] == sorted(e.order for e in iab)
    assert iab[0].short == "Standard"
    uc = catalog.check(entries, "undercover")
    assert [e.name for e in uc] == ["Time Bomb: Undercover", "Undercover: house deck"]
    # Equal orders (none given) fall back to the file name.
    for name in ("b.json", "a.json"):
        obj = copy.deepcopy(TIMEBOMB)
        obj.pop("order", None)
        obj["name"] = "Variant " + name[0]
        (folder / name).write_text(json.dumps(obj))
    tb = catalog.check(catalog.scan(str(folder)), "timebomb")
    assert [e.name for e in tb] == ["Time Bomb", "Variant a", "Variant b"]


def test_the_play_tests_know_the_scenarios_in_menu_order():
    from host_tests.support.play_itsabomb import FILES

    order = sorted(
        (json.loads(p.read_text()).get("order", ORDER_LAST), p.name)
        for p in RULESETS.glob("itsabomb*.json")
    )
    assert [name for _, name in order] == [
        "itsabomb" + ("-" + f if f else "") + ".json" for f in FILES
    ]
