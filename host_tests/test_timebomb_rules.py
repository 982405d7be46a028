"""Time Bomb rules, one ruling at a time (rulings TB-1..TB-5 in shared/rules/RULINGS.md)."""

import pytest

from core.errors import IllegalAction
from core.timebomb import Game
from core.wires import BOMB, DEFUSE, SAFE


def start(rs, players, seed=1, first=0):
    g = Game(rs, players, seed, first=first)
    for s in g.reveals():
        g.seen(s)
    return g


def rig(g, hands):
    """Put known wires in front of each seat (tests only): a list of kind lists."""
    g.table.hands = [list(h) for h in hands]


@pytest.mark.parametrize(
    "players,sherlock,moriarty,undealt",
    [(4, 3, 2, True), (5, 3, 2, False), (6, 4, 2, False), (7, 5, 3, True), (8, 5, 3, False)],
)
def test_role_table_and_undealt_card(timebomb_rs, players, sherlock, moriarty, undealt):
    # ruling TB-1
    for seed in range(20):
        g = Game(timebomb_rs, players, seed)
        dealt = g.roles + ([] if g.undealt is None else [g.undealt])
        assert len(g.roles) == players
        assert dealt.count(0) == sherlock and dealt.count(1) == moriarty
        assert (g.undealt is not None) == undealt


@pytest.mark.parametrize("players", range(4, 9))
def test_wire_deck_has_n_defusing_one_bomb_and_five_per_seat(timebomb_rs, players):
    # ruling TB-2
    g = Game(timebomb_rs, players, 3)
    wires = [k for h in g.table.hands for k in h]
    assert len(wires) == 5 * players
    assert wires.count(DEFUSE) == players
    assert wires.count(BOMB) == 1
    assert wires.count(SAFE) == 4 * players - 1
    assert all(len(h) == 5 for h in g.table.hands)


def test_nobody_acts_until_everyone_has_looked(timebomb_rs):
    g = Game(timebomb_rs, 5, 9)
    assert g.reveals() == [0, 1, 2, 3, 4]
    assert g.current_player() is None and g.actions() == []
    with pytest.raises(IllegalAction):
        g.act(("cut", 1, 0))
    for s in range(4):
        g.seen(s)
    assert g.actions() == []
    g.seen(4)
    assert g.current_player() is not None and g.actions()
    with pytest.raises(IllegalAction):
        g.seen(4)


def test_cutter_never_cuts_own_wire(timebomb_rs):
    # ruling TB-5
    g = start(timebomb_rs, 4, first=2)
    assert all(a[1] != 2 for a in g.actions())
    with pytest.raises(IllegalAction):
        g.act(("cut", 2, 0))


def test_cutters_pass_to_the_owner_of_the_cut_wire(timebomb_rs):
    # ruling TB-3
    g = start(timebomb_rs, 4, first=0)
    rig(g, [[SAFE] * 5] * 3 + [[SAFE, SAFE, SAFE, DEFUSE, BOMB]])
    ev = g.act(("cut", 3, 0))
    assert ev == [("cut", 0, 3, 0, "safe")]
    assert g.current_player() == 3


def test_round_ends_after_n_cuts_and_last_owner_starts_next(timebomb_rs):
    # ruling TB-3: a round is as many cuts as seats; then one fewer wire each, reshuffled
    g = start(timebomb_rs, 4, first=0)
    rig(g, [[SAFE] * 5, [SAFE] * 5, [SAFE] * 4 + [DEFUSE], [SAFE] * 3 + [DEFUSE, BOMB]])
    g.table.defuse_total = 2
    g.act(("cut", 1, 0))
    g.act(("cut", 2, 0))
    g.act(("cut", 0, 0))
    ev = g.act(("cut", 1, 0))  # 4th cut: round over, seat 1 owned the last wire
    assert ev[-1] == ("round", 2)
    assert g.table.round == 2 and g.table.cuts == 0
    assert [len(h) for h in g.table.hands] == [4, 4, 4, 4]
    assert g.reveals() == [0, 1, 2, 3]
    for s in range(4):
        g.seen(s)
    assert g.current_player() == 1


def test_last_defusing_wire_wins_at_once_even_on_the_last_cut_of_round_four(timebomb_rs):
    # ruling TB-4
    g = start(timebomb_rs, 4, first=0)
    g.table.round = 4
    g.table.cuts = 3
    g.table.found = 3
    rig(g, [[SAFE, SAFE], [SAFE, DEFUSE], [SAFE, SAFE], [SAFE, BOMB]])
    ev = g.act(("cut", 1, 1))
    assert ev[-1] == ("win", "sherlock", "defused")
    assert g.outcome() == ("sherlock", "defused")
    assert g.actions() == [] and g.current_player() is None


def test_bomb_wins_for_moriarty_at_once(timebomb_rs):
    # ruling TB-4
    g = start(timebomb_rs, 5, first=1)
    rig(g, [[BOMB] + [SAFE] * 4] + [[SAFE] * 5] * 4)
    ev = g.act(("cut", 0, 0))
    assert ev == [("cut", 1, 0, 0, "bomb"), ("win", "moriarty", "bomb")]
    with pytest.raises(IllegalAction):
        g.act(("cut", 2, 0))


def test_moriarty_wins_when_round_four_ends(timebomb_rs):
    # ruling TB-4
    g = start(timebomb_rs, 4, first=0)
    g.table.round = 4
    g.table.cuts = 3
    rig(g, [[SAFE, SAFE], [SAFE, SAFE], [SAFE, DEFUSE], [SAFE, BOMB]])
    ev = g.act(("cut", 1, 0))
    assert ev[-1] == ("win", "moriarty", "rounds")


def test_hand_is_told_as_counts_never_order(timebomb_rs):
    # ruling TB-5
    g = Game(timebomb_rs, 6, 11)
    v = g.view(2)
    h = g.table.hands[2]
    assert v["hand"] == {"safe": h.count(SAFE), "defuse": h.count(DEFUSE), "bomb": h.count(BOMB)}
    assert "hands" not in v and "roles" not in v
    assert v["role"] in ("sherlock", "moriarty")
    pub = g.view(None)
    assert "role" not in pub and "hand" not in pub and "roles" not in pub


def test_roles_are_public_only_after_the_end(timebomb_rs):
    g = start(timebomb_rs, 4, first=0)
    rig(g, [[SAFE] * 5, [BOMB] + [SAFE] * 4, [SAFE] * 5, [SAFE] * 5])
    g.act(("cut", 1, 0))
    pub = g.view(None)
    assert pub["outcome"] == ["moriarty", "bomb"]
    assert len(pub["roles"]) == 4 and pub["undealt"] in ("sherlock", "moriarty")


@pytest.mark.parametrize(
    "bad",
    [
        ("cut", 0, 0),
        ("cut", 1, 5),
        ("cut", 9, 0),
        ("cut", -1, 0),
        ("snip", 1, 0),
        None,
        ("cut", 1),
        ("cut", "1", 0),
        ("cut", True, 0),
        7,
    ],
)
def test_illegal_actions_change_nothing(timebomb_rs, bad):
    g = start(timebomb_rs, 4, first=0)
    before = g.to_state()
    with pytest.raises(IllegalAction):
        g.act(bad)
    assert g.to_state() == before


def test_actions_accept_lists_from_saves(timebomb_rs):
    g = start(timebomb_rs, 4, first=0)
    assert g.act(["cut", 1, 0])[0][:4] == ("cut", 0, 1, 0)


def test_the_same_seed_deals_the_same_game(timebomb_rs):
    assert Game(timebomb_rs, 7, 99).to_state() == Game(timebomb_rs, 7, 99).to_state()
    assert Game(timebomb_rs, 7, 99).to_state() != Game(timebomb_rs, 7, 100).to_state()


def test_unknown_player_count_is_refused(timebomb_rs):
    with pytest.raises(IllegalAction):
        Game(timebomb_rs, 3, 1)
