"""It's a Bomb! Consultants and special-card effects (IB-7), each primitive; real-time rounds."""

import pytest

from core.errors import IllegalAction
from core.itsabomb import Game
from host_tests.support.itsabomb import place, resume, scenario, state, tiles

LAYOUT = ["red", "grey", "explosive", "blue", "battery", "grey"]


def helper(effect, when="round", amount=None):
    c = {"name": "Aid", "text": "helps", "when": when}
    if effect:
        c["effect"] = effect
    if amount is not None:
        c["amount"] = amount
    return c


def laid(players=2, seed=1, **changes):
    rs = scenario(**changes)
    return rs, place(rs, Game(rs, players, seed), LAYOUT)


def test_a_consultant_is_used_once_and_only_in_its_moment():  # ruling IB-7
    rs, g = laid(consultants=[helper("hold"), helper("", "setup")])
    assert g.actions() == [("consult", 1), ("start",)]  # setup: only the setup one
    with pytest.raises(IllegalAction):
        g.act(("consult", 0))
    g.act(("start",))
    assert ("consult", 1) not in g.actions() and ("consult", 0) in g.actions()
    assert g.act(("consult", 0)) == [("consult", 0, "hold", 1)]
    assert ("consult", 0) not in g.actions()
    assert g.view(None)["consultants"] == [1, 0]


def test_hold_skips_the_next_countdown_steps():
    rs, g = laid(consultants=[helper("hold", amount=2)])
    g.act(("consult", 0))
    turn = g.turn
    assert g.act(("ask", "row", 1))[1:] == [("hold", 1)]
    assert g.act(("cut", 0, 1))[1:] == [("hold", 0)]
    assert g.act(("ask", "row", 1))[1:] == [("countdown", 20)]
    assert g.turn == turn + 3  # holding changes the clock, not the rounds


def test_rush_from_a_special_card_discards_more_cards_at_once():
    specials = [{"card": "signal", "below": 30, "effect": "rush", "amount": 1}]
    rs, g = laid(specials=specials)
    events = g.act(("ask", "row", 1))
    assert events[1:] == [("card", "signal", 0, "rush", 1), ("countdown", 20)]
    specials = [{"card": "signal", "below": 10, "effect": "rush", "amount": 2}]
    rs, g = laid(specials=specials)
    g.act(("ask", "row", 1))
    g.act(("ask", "row", 1))
    events = g.act(("ask", "row", 1))  # reveals the signal under 0:10, which rushes into the end
    assert events[-2:] == [
        ("countdown", "explosion"),
        ("win", "bomb", "explosion"),
    ]


def test_ordered_lays_out_the_next_answer_in_line_order_only():
    for seed in range(12):
        rs, g = laid(seed=seed, consultants=[helper("ordered")])
        g.act(("consult", 0))
        assert g.view(None)["ordered"] is True
        assert g.act(("ask", "row", 0))[0][3] == ["red", "explosive"]
        assert g.view(None)["ordered"] is False
    orders = set()
    for seed in range(30):
        rs, g = laid(seed=seed, consultants=[helper("ordered")])
        g.act(("consult", 0))
        g.act(("ask", "row", 1))
        orders.add(tuple(g.act(("ask", "row", 0))[0][3]))
    assert len(orders) == 2  # the one after is shuffled again


def test_scan_shows_one_chosen_tile_without_using_a_round():
    rs, g = laid(consultants=[helper("scan")])
    g.act(("consult", 0))
    acts = g.actions()
    assert acts == [("scan", r, c) for r in range(2) for c in range(3)]
    with pytest.raises(IllegalAction):
        g.act(("ask", "row", 0))
    assert g.act(("scan", 0, 2)) == [("scan", 0, 2, ["explosive"])]
    assert g.view(None)["time"] == 30 and g.turn == 0
    assert ("cut", 0, 2) in g.actions()


def test_shield_smothers_the_next_explosive_only():
    tiles_ = {"red": 1, "blue": 1, "grey": 1, "battery": 1, "explosive": 2}
    rs = scenario(tiles=tiles_, consultants=[helper("shield")])
    layout = ["red", "grey", "explosive", "blue", "battery", "explosive"]
    g = place(rs, Game(rs, 2, 1), layout)
    g.act(("consult", 0))
    assert g.act(("cut", 0, 2)) == [("cut_tile", 0, 2, "explosive", "shielded"), ("countdown", 20)]
    assert g.outcome() is None and g.view(None)["shield"] is False
    assert g.act(("cut", 1, 2))[-1] == ("win", "bomb", "explosive")


def test_no_ask_silences_the_next_round():
    specials = [{"card": "signal", "below": 30, "effect": "no_ask"}]
    rs, g = laid(specials=specials)
    g.act(("ask", "row", 1))  # reveals the signal
    assert g.view(None)["no_ask"] == 1
    assert not [a for a in g.actions() if a[0] == "ask"]
    with pytest.raises(IllegalAction):
        g.act(("ask", "row", 0))
    g.act(("cut", 0, 1))
    assert [a for a in g.actions() if a[0] == "ask"]


def test_fewer_grey_leaves_places_empty_where_the_team_chooses():
    rs = scenario(
        grid={"rows": 2, "cols": 4},
        tiles={"red": 1, "blue": 1, "grey": 4, "battery": 1, "explosive": 1},
        consultants=[helper("fewer_grey", "setup", 2)],
    )
    for seed in range(10):
        g = Game(rs, 2, seed)
        assert g.actions() == [("consult", 0), ("start",)]
        g.act(("consult", 0))
        assert g.actions() == [("empty", r, c) for r in range(2) for c in range(4)]
        assert g.act(("empty", 0, 0)) == [("empty", 0, 0)]
        assert g.act(["empty", 1, 3]) == [("empty", 1, 3)]
        assert g.view(None)["grid"] == [[".", "?", "?", "?"], ["?", "?", "?", "."]]
        assert sorted(tiles(g)) == sorted(
            ["empty"] * 2
            + ["red", "blue", "grey", "grey"]
            + [
                "battery",
                "explosive",
            ]
        )
        assert g.actions() == [("start",)]
        g.act(("start",))
        assert ("cut", 0, 0) not in g.actions() and ("ask", "row", 0) in g.actions()
        assert resume(rs, g).to_state() == g.to_state()


def test_grid_effects_are_only_announced_in_countdown_mode():
    cons = [helper("scan"), helper("ordered"), helper("hold")]
    rs = scenario(mode="countdown", players=[2, 4], consultants=cons)
    g = Game(rs, 2, 1)
    assert g.act(("consult", 0)) == [("consult", 0, "scan", 0)]
    g.act(("consult", 1))
    g.act(("consult", 2))
    assert ("ask",) in g.actions() and g.view(None)["hold"] == 1
    assert g.act(("ask",)) == [("ask", None, None, None), ("hold", 0)]


# -- our real-time rounds ---------------------------------------------------------------

REALTIME = {"round_seconds": 5, "beeps": [[3000, 1000]], "checkpoints": [2000]}


def test_without_the_option_ticks_do_nothing():
    rs, g = laid()
    before = state(g)
    assert g.tick(0) == () and g.tick(10**6) == () and g.clock_ms(5) is None
    assert state(g) == before


def test_a_round_that_outlasts_its_clock_ends_by_itself():
    rs, g = laid(realtime=REALTIME)
    assert g.tick(1000) == ()  # the first tick of a round starts its clock
    assert g.clock_ms(3000) == 3000
    assert g.tick(3500) == [("beep",)]  # 2.5 s left: the 3 s beep
    assert g.tick(4000) == [("checkpoint", 2000), ("beep",)]
    assert g.tick(4000) == ()
    assert g.tick(6000) == [("timeout",), ("countdown", 20)]
    assert g.turn == 1 and g.clock_ms(6000) == 5000


def test_an_action_starts_a_fresh_clock():
    rs, g = laid(realtime=REALTIME)
    g.tick(0)
    g.tick(4000)
    g.act(("ask", "row", 1))
    assert g.clock_ms(4000) == 5000
    assert g.tick(4500) == ()
    assert g.tick(9400) == [("checkpoint", 2000), ("beep",)]
    assert g.tick(9600) == [("timeout",), ("countdown", 10)]


def test_a_save_mid_round_resumes_with_the_time_left_across_the_tick_wrap():
    rs, g = laid(realtime=REALTIME)
    near_wrap = 2**30 - 1500
    g.tick(near_wrap)
    g.tick((near_wrap + 1000) & (2**30 - 1))
    assert state(g)["clock"] == 4000
    again = resume(rs, g)
    assert again.clock_ms(123) == 4000  # paused while the board was off
    assert again.tick(50_000) == ()  # the clock runs again from the first tick
    assert again.tick(53_500) == [("checkpoint", 2000), ("beep",)]
    assert again.tick(54_000) == [("timeout",), ("countdown", 20)]


def test_pause_stops_the_round_clock():
    rs, g = laid(realtime=REALTIME)
    g.tick(0)
    g.tick(1000)
    g.pause()
    assert g.tick(60_000) == ()
    assert g.clock_ms(60_000) == 4000
    assert g.tick(63_999) == [("checkpoint", 2000), ("beep",)]
    assert g.tick(64_000) == [("timeout",), ("countdown", 20)]


def test_the_clock_waits_during_setup_choices():
    cons = [helper("fewer_grey", "setup", 1)]
    rs, g = laid(realtime=REALTIME, consultants=cons)
    assert g.tick(0) == () and g.tick(99_000) == ()
    g.act(("start",))
    assert g.tick(100_000) == () and g.tick(105_000)[0] == ("timeout",)


def test_leaving_a_place_empty_deals_the_rest_as_if_it_had_never_held_a_tile():
    # The chosen place's tile trades with a random grey one: every arrangement of the other
    # tiles must stay equally likely (6 arrangements of red, explosive, grey over 3 places).
    rs = scenario(
        grid={"rows": 2, "cols": 2},
        tiles={"red": 1, "grey": 2, "explosive": 1},
        consultants=[helper("fewer_grey", "setup", 1)],
    )
    seen = {}
    for seed in range(1200):
        g = Game(rs, 1, seed)
        g.act(("consult", 0))
        g.act(("empty", 0, 0))
        rest = tuple(tiles(g)[1:])
        seen[rest] = seen.get(rest, 0) + 1
    assert len(seen) == 6
    assert all(140 < n < 260 for n in seen.values()), seen
