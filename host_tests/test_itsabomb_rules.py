"""It's a Bomb! rulings IB-1..IB-7, one test per rule, on small hand-laid grids."""

import pytest

from core.errors import IllegalAction
from core.itsabomb import Game
from host_tests.support.itsabomb import SHIPPED, cell, place, raw, scenario, tiles

# 2 x 3:  red   grey      explosive
#         blue  battery   grey
LAYOUT = ["red", "grey", "explosive", "blue", "battery", "grey"]


def laid(layout=LAYOUT, players=2, seed=1, **changes):
    rs = scenario(**changes)
    return rs, place(rs, Game(rs, players, seed), layout)


def test_shipped_scenarios_are_ours_and_named_so():  # ruling IB-1
    assert len(SHIPPED) >= 5 and "itsabomb.json" in SHIPPED
    for name in SHIPPED:
        obj = raw(name)
        assert obj["house"] is True, name
        assert obj["name"].startswith("Fusebox"), name


def test_a_published_scenario_is_entered_as_plain_numbers():  # ruling IB-1
    rs_tiles = {"red": 2, "yellow": 2, "blue": 2, "grey": 6, "explosive": 3, "battery": 1}
    rs = scenario(house=False, grid={"rows": 4, "cols": 4}, tiles=rs_tiles, time=60)
    g = Game(rs, 4, 7)
    assert sorted(tiles(g)) == sorted(k for k, n in rs_tiles.items() for _ in range(n))
    assert g.view(None)["colours"] == ["red", "yellow", "blue"]


def test_deck_runs_from_the_available_time_down_to_the_explosion():  # ruling IB-2
    assert scenario(time=50)["deck"] == (50, 40, 30, 20, 10, 0)
    specials = [{"card": "signal", "below": 20}, {"card": "call", "below": 20}]
    assert scenario(specials=specials)["deck"] == (30, 20, -1, -2, 10, 0)


def test_each_round_discards_the_top_card_and_the_explosion_loses():  # ruling IB-2
    rs, g = laid()
    assert g.view(None)["time"] == 30 and g.view(None)["timers"] == 3
    assert g.act(("ask", "row", 1))[-1] == ("countdown", 20)
    assert g.act(("ask", "row", 1))[-1] == ("countdown", 10)
    assert g.view(None)["card"] == 10
    events = g.act(("ask", "row", 1))
    assert events[-2:] == [
        ("countdown", "explosion"),
        ("win", "bomb", "explosion"),
    ]
    assert g.outcome() == ("bomb", "explosion")
    assert g.actions() == [] and g.current_player() is None


def test_a_new_colour_skips_the_countdown_step():  # ruling IB-3
    rs, g = laid()
    assert g.act(("cut", 0, 0)) == [("cut_tile", 0, 0, "red", "new")]
    assert g.view(None)["time"] == 30 and g.view(None)["cut"] == ["red"]
    assert g.view(None)["round"] == 2


@pytest.mark.parametrize("at", [(0, 1), (1, 1)])  # grey, then the battery
def test_grey_or_a_harmless_special_tile_lets_the_countdown_advance(at):  # ruling IB-3
    rs, g = laid()
    events = g.act(("cut",) + at)
    assert events[0][4] == "nothing" and events[-1] == ("countdown", 20)


def test_a_colour_already_cut_does_nothing_and_the_countdown_advances():  # ruling IB-3
    layout = ["red", "red", "explosive", "blue", "battery", "grey"]
    tiles_ = {"red": 2, "blue": 1, "grey": 1, "battery": 1, "explosive": 1}
    rs, g = laid(layout, tiles=tiles_)
    assert g.act(("cut", 0, 0))[0][4] == "new"
    assert g.act(("cut", 0, 1)) == [("cut_tile", 0, 1, "red", "nothing"), ("countdown", 20)]


def test_an_explosive_loses_at_once():  # ruling IB-3
    rs, g = laid()
    events = g.act(("cut", 0, 2))
    assert events == [
        ("cut_tile", 0, 2, "explosive", "explosive"),
        ("win", "bomb", "explosive"),
    ]
    assert g.view(None)["time"] == 30  # no countdown step after the explosion
    assert g.view(None)["solution"] == [LAYOUT[:3], LAYOUT[3:]]


def test_cutting_every_colour_wins_and_scores():  # rulings IB-3, IB-6
    rs, g = laid(players=3)
    g.act(("cut", 0, 1))  # grey: 30 -> 20
    g.act(("cut", 0, 0))
    events = g.act(("cut", 1, 0))
    # 2 Timer cards left (20, 10) x 3, no Consultants, standard +1, three players -3
    assert events[-2:] == [("score", 6 + 0 + 1 - 3), ("win", "players", "colours")]
    assert g.view(None)["score"] == 4


@pytest.mark.parametrize("level,bonus", [("standard", 1), ("advanced", 2), ("special", 3)])
def test_score_counts_timers_unused_consultants_level_and_players(level, bonus):  # ruling IB-6
    helpers = [{"name": "Aid %d" % i, "text": "t", "when": "round"} for i in range(3)]
    rs, g = laid(players=4, level=level, consultants=helpers)
    g.act(("consult", 1))
    g.act(("cut", 0, 0))
    g.act(("cut", 1, 0))
    assert g.view(None)["score"] == 3 * 3 + 2 * 2 + bonus - 4


def test_an_answer_holds_one_token_per_face_down_tile_that_gives_one():  # ruling IB-4
    rs, g = laid()
    assert sorted(g.act(("ask", "row", 0))[0][3]) == ["explosive", "red"]
    assert g.act(("ask", "col", 1))[0][3] == ["battery"]  # grey gives none
    g.act(("cut", 1, 0))  # the blue one, face up now
    assert g.act(("ask", "row", 1))[0][3] == ["battery"]
    answers = g.view(None)["answers"]  # the latest pile next to each line
    assert sorted(answers["row"][0]) == ["explosive", "red"] and answers["row"][1] == ["battery"]
    assert answers["col"] == [None, ["battery"], None]


def test_answers_come_in_a_random_order():  # ruling IB-4
    orders = set()
    for seed in range(40):
        rs, g = laid(seed=seed)
        orders.add(tuple(g.act(("ask", "row", 0))[0][3]))
    assert orders == {("red", "explosive"), ("explosive", "red")}


def test_a_scenario_can_make_grey_cables_and_detonators_give_tokens():  # ruling IB-4
    layout = ["red", "grey", "explosive", "blue", "detonator", "grey"]
    tiles_ = {"red": 1, "blue": 1, "grey": 2, "detonator": 1, "explosive": 1}
    rs, g = laid(layout, tiles=tiles_)
    assert g.act(("ask", "col", 1))[0][3] == []
    rs, g = laid(layout, tiles=tiles_, tokens=["grey", "detonator"])
    assert sorted(g.act(("ask", "col", 1))[0][3]) == ["detonator", "grey"]


def test_countdown_mode_takes_reports_and_runs_deck_and_score():  # ruling IB-5
    rs = scenario(mode="countdown", players=[2, 5])
    g = Game(rs, 3, 1)
    assert g.actions() == [("ask",), ("cut", "explosive"), ("cut", "new"), ("cut", "nothing")]
    assert g.act(["ask"]) == [("ask", None, None, None), ("countdown", 20)]
    assert g.act(("cut", "nothing")) == [
        ("cut_tile", None, None, None, "nothing"),
        ("countdown", 10),
    ]
    assert g.act(("cut", "new")) == [("cut_tile", None, None, None, "new")]
    events = g.act(("cut", "new"))  # the scenario has two colours
    assert events == [
        ("cut_tile", None, None, None, "new"),
        ("score", 3 + 1 - 3),
        ("win", "players", "colours"),
    ]
    assert "grid" not in g.view(None) and g.to_state()["grid"] == ""
    g = Game(rs, 2, 1)
    assert g.act(("cut", "explosive"))[-1] == ("win", "bomb", "explosive")


def test_countdown_mode_needs_a_person_for_the_crisis_unit():  # ruling IB-5
    from core.errors import RulesetError

    with pytest.raises(RulesetError, match="players.0: must be 2..10"):
        scenario(mode="countdown", players=[1, 4])


def test_special_cards_are_announced_with_the_scenario_effect():  # ruling IB-7
    specials = [{"card": "call", "below": 30, "text": "Ring ring"}]
    rs, g = laid(specials=specials)
    assert g.act(("ask", "row", 1))[1:] == [("card", "call", 0, "", 0)]
    assert g.view(None)["card"] == "call" and g.view(None)["time"] == 20
    assert g.act(("ask", "row", 1))[1:] == [("countdown", 20)]


def test_nobody_has_private_secrets():
    rs, g = laid()
    assert g.reveals() == []
    with pytest.raises(IllegalAction):
        g.seen(0)
    assert g.view(1) == dict(g.view(None), seat=1)
    assert "solution" not in g.view(None)
    assert all(c == "?" for row in g.view(None)["grid"] for c in row)


def test_the_speaker_goes_round_the_table_each_round():
    rs, g = laid(players=3)
    speakers = []
    for _ in range(2):
        speakers.append(g.current_player())
        g.act(("ask", "row", 0))
    assert speakers == [0, 1] and g.current_player() == 2


def test_cell_helper_finds_tiles():
    rs, g = laid()
    assert cell(rs, "explosive", g) == (0, 2)
