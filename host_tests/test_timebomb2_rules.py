"""TimeBomb II rules, one ruling at a time (rulings T2-1..T2-6 in shared/rules/RULINGS.md)."""

import pytest

from core.errors import IllegalAction
from core.timebomb2 import Game
from host_tests.support.rulesets import load_shipped

RS = load_shipped("timebomb2.json")
SWAT, EXPERT, BOMB1, BOMB2 = range(4)
DUMMY, HIDEOUT, BOOM = range(3)


def start(players=4, seed=1, first=0):
    g = Game(RS, players, seed, first=first)
    for s in g.reveals():
        g.seen(s)
    return g


def rig(g, cards=None, hands=None, pile=None, place=0):
    """Put known cards on the table (tests only): buildings, hands, a pile at one place."""
    if cards is not None:
        g.cards = list(cards)
    if hands is not None:
        g.hands = [list(h) for h in hands]
    if pile is not None:
        g.troops[place] = [[1, k] for k in pile]


def complete(g, kind, place):
    """Seat g.turn places the card that completes the pile at place; returns the events."""
    g.hands[g.turn][kind] += 1
    return g.act(("place", ("swat", "expert", "bomb1", "bomb2")[kind], place))


@pytest.mark.parametrize(
    "players,sets",
    [
        (4, [(0, [3, 1, 0, 0])] * 3 + [(1, [2, 0, 1, 1])]),
        (5, [(0, [3, 1, 0, 0])] * 3 + [(1, [2, 0, 2, 0]), (1, [3, 0, 0, 1])]),
        (6, [(0, [3, 1, 0, 0])] * 4 + [(1, [2, 0, 1, 1])] * 2),
    ],
)
def test_each_seat_gets_a_whole_set_of_the_table(players, sets):
    seen = set()
    for seed in range(30):
        g = Game(RS, players, seed)
        dealt = sorted(zip(g.roles, g.hands, strict=True))
        assert dealt == sorted((r, h) for r, h in sets)
        seen.add(tuple(g.roles))
    assert len(seen) > 1  # the sets really are shuffled


@pytest.mark.parametrize("players,dummy,hideout,boom", [(4, 2, 2, 1), (5, 2, 3, 1), (6, 3, 3, 1)])
def test_buildings_one_per_seat_and_one_in_the_centre(players, dummy, hideout, boom):
    # ruling T2-6: the centre building is dealt like the others
    g = Game(RS, players, 5)
    assert len(g.cards) == players + 1
    assert [g.cards.count(k) for k in range(3)] == [dummy, hideout, boom]


def test_nobody_sees_the_centre_building():
    # ruling T2-6
    g = Game(RS, 5, 3)
    for seat in range(5):
        v = g.view(seat)
        assert v["building"] == ("dummy", "hideout", "boom")[g.cards[seat]]
        assert v["buildings"] == [None] * 6 and "cards" not in v and "roles" not in v
    assert "building" not in g.view(None)


def test_nobody_acts_until_everyone_has_looked():
    g = Game(RS, 4, 2)
    assert g.reveals() == [0, 1, 2, 3] and g.actions() == [] and g.current_player() is None
    with pytest.raises(IllegalAction):
        g.act(("place", "swat", 0))
    for s in range(4):
        g.seen(s)
    with pytest.raises(IllegalAction):
        g.seen(0)
    assert g.current_player() == g.turn == g.view(None)["transceiver"]


def test_a_card_may_go_to_own_other_or_centre_building():
    # ruling T2-1
    g = start(4, first=2)
    rig(g, hands=[[1, 0, 0, 0]] * 4)
    for place in (2, 0, 4):  # own, another seat's, the centre
        assert ("place", "swat", place) in g.actions()
    g.act(("place", "swat", 4))
    assert g.view(None)["troops"] == [0, 0, 0, 0, 1] and g.turn == 3
    assert g.view(2)["placed"][4] == ["swat"] and g.view(3)["placed"][4] == []


def test_no_card_goes_to_a_face_up_building():
    # ruling T2-1
    g = start(4)
    g.up[1] = 1
    assert all(a[2] != 1 for a in g.actions())
    with pytest.raises(IllegalAction):
        g.act(("place", "swat", 1))


@pytest.mark.parametrize(
    "pile,last,result",
    [
        ([SWAT, SWAT, SWAT], EXPERT, "storm"),  # -1
        ([SWAT, SWAT, BOMB1], EXPERT, "storm"),  # 0: "0 oder kleiner"
        ([EXPERT, EXPERT, BOMB1], BOMB1, "storm"),  # 0 with two experts
        ([SWAT, SWAT, SWAT], BOMB1, "failed"),  # 1
        ([SWAT, SWAT, BOMB1], BOMB1, "failed"),  # 2
        ([EXPERT, BOMB2, BOMB2], SWAT, "explosion"),  # 3
        ([BOMB2, BOMB2, BOMB1], BOMB2, "explosion"),  # 7
    ],
)
def test_bomb_count_decides_the_storm(pile, last, result):
    # ruling T2-2
    g = start(4)
    rig(g, cards=[DUMMY, HIDEOUT, HIDEOUT, DUMMY, BOOM], pile=pile, place=0)
    events = complete(g, last, 0)
    total = sum([0, -1, 1, 2][k] for k in pile + [last])
    counts = [(pile + [last]).count(k) for k in range(4)]
    assert events[1] == ("check", 0, result, total) + tuple(counts)
    assert g.view(None)["buildings"][0] == (None if result == "failed" else "dummy")


@pytest.mark.parametrize("result_pile", [[SWAT, SWAT, SWAT, EXPERT], [BOMB2, BOMB2, SWAT, BOMB1]])
def test_storm_or_explosion_at_a_hideout_finds_it(result_pile):
    # ruling T2-3: a huge explosion at a Hideout still finds it
    g = start(5)
    rig(g, cards=[HIDEOUT, DUMMY, HIDEOUT, HIDEOUT, DUMMY, BOOM], pile=result_pile[:3], place=0)
    events = complete(g, result_pile[3], 0)
    assert ("building", 0, "hideout", 1) in events and g.found == 1
    assert g.outcome() is None and g.view(None)["found"] == 1


def test_the_boom_building_ends_the_game_for_the_terrorists():
    # ruling T2-3, T2-5
    for pile, last in (([SWAT, SWAT, SWAT], SWAT), ([BOMB2, BOMB1, SWAT], SWAT)):
        g = start(4)
        rig(g, cards=[BOOM, HIDEOUT, HIDEOUT, DUMMY, DUMMY], pile=pile, place=0)
        events = complete(g, last, 0)
        assert events[-1] == ("win", "terrorists", "boom")
        assert "move" not in [e[0] for e in events] and "return" not in [e[0] for e in events]
        assert g.reveals() == [] and g.actions() == []
        assert g.view(2)["roles"] == ["swat" if r == 0 else "terrorist" for r in g.roles]


def test_hideouts_move_among_face_down_places_and_troops_stay():
    # ruling T2-3
    g = start(6, seed=4)
    rig(g, cards=[DUMMY, HIDEOUT, DUMMY, HIDEOUT, DUMMY, HIDEOUT, BOOM], pile=[1, 1, 1], place=0)
    g.up[2] = 1
    g.troops[3] = [[4, SWAT], [5, BOMB1]]
    events = complete(g, EXPERT, 0)
    assert ("move", 5) in events
    assert g.up == [1, 0, 1, 0, 0, 0, 0] and g.cards[0] == DUMMY and g.cards[2] == DUMMY
    assert sorted(g.cards[p] for p in (1, 3, 4, 5, 6)) == [DUMMY, HIDEOUT, HIDEOUT, HIDEOUT, BOOM]
    assert g.troops[3] == [[4, SWAT], [5, BOMB1]] and g.view(None)["troops"][3] == 2
    # Everyone whose building is face down looks again, whether or not it changed: asking only
    # the changed ones would tell the table which cards moved.
    assert g.reveals() == [1, 3, 4, 5] and g.actions() == []


def test_moved_hideouts_are_shuffled_from_the_seed():
    # ruling T2-3
    deals = set()
    for seed in range(12):
        g = start(6, seed=seed)
        rig(g, cards=[DUMMY, HIDEOUT, DUMMY, HIDEOUT, DUMMY, HIDEOUT, BOOM], pile=[0, 0, 0])
        complete(g, EXPERT, 0)
        deals.add(tuple(g.cards))
    assert len(deals) > 3


@pytest.mark.parametrize("holder,players", [(1, 4), (3, 5), (4, 6)])
def test_plain_swat_return_to_work_around_the_table(holder, players):
    # ruling T2-4
    g = start(players)
    g.radio = holder
    cards = [DUMMY, HIDEOUT] + [DUMMY] * (players - 3) + [HIDEOUT, BOOM]
    rig(g, cards=cards, pile=[SWAT, SWAT, SWAT], place=0)
    hands = [list(h) for h in g.hands]
    events = complete(g, SWAT, 0)
    seats = [(holder + i) % players for i in range(4)]
    assert [e for e in events if e[0] in ("return", "transceiver")] == [
        ("return", s) for s in seats
    ] + [("transceiver", (holder + 4) % players)]
    for s in range(players):
        assert g.hands[s][SWAT] == hands[s][SWAT] + seats.count(s)
    assert g.view(None)["removed"] == {"swat": 0, "expert": 0, "bomb1": 0, "bomb2": 0}


@pytest.mark.parametrize(
    "pile,last", [([SWAT, SWAT, EXPERT], SWAT), ([SWAT, SWAT, SWAT], BOMB1), ([3, 3, 0], 2)]
)
def test_other_checked_groups_leave_the_game(pile, last):
    # ruling T2-4: an Expert in the group, a failed attempt or an explosion
    g = start(4)
    radio = g.radio
    rig(g, cards=[DUMMY, HIDEOUT, HIDEOUT, DUMMY, BOOM], pile=pile, place=0)
    events = complete(g, last, 0)
    assert "return" not in [e[0] for e in events] and g.radio == radio
    counts = [(pile + [last]).count(k) for k in range(4)]
    assert g.removed == counts and g.view(None)["removed"]["swat"] == counts[0]


def test_terrorists_win_when_the_next_player_has_no_card():
    # ruling T2-5
    g = start(4, first=0)
    rig(g, hands=[[2, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0]])
    events = g.act(("place", "swat", 3))
    assert events[-1] == ("win", "terrorists", "no_cards")
    assert g.outcome() == ("terrorists", "no_cards")


def test_the_game_goes_on_while_the_next_player_has_a_card():
    # ruling T2-5: an empty hand elsewhere does not matter
    g = start(4, first=0)
    rig(g, hands=[[1, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    g.act(("place", "swat", 3))
    assert g.outcome() is None and g.current_player() == 1


def test_swat_win_when_every_hideout_is_face_up():
    # ruling T2-5
    g = start(4)
    rig(g, cards=[HIDEOUT, HIDEOUT, DUMMY, DUMMY, BOOM], pile=[SWAT, SWAT, SWAT])
    g.up[1], g.found = 1, 1
    events = complete(g, EXPERT, 0)
    assert events[-1] == ("win", "swat", "hideouts")
    assert g.view(None)["cards"] == ["hideout", "hideout", "dummy", "dummy", "boom"]


def test_public_view_shows_counts_not_kinds():
    g = start(5)
    g.act(("place", g.actions()[0][1], 2))
    v = g.view(None)
    assert v["troops"] == [0, 0, 1, 0, 0, 0] and v["hands"].count(3) == 1
    assert "placed" not in v and "hand" not in v and "role" not in v
    assert set(v) >= {"found", "hideouts", "transceiver", "removed", "buildings", "turn"}
