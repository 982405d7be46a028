"""Undercover rulings UC-1..UC-4, one test per rule, on set-up positions."""

import pytest

from core.errors import IllegalAction
from core.undercover import Game
from core.undercover.rules import NAMES, SHADOW, TEAMS
from core.wires import BOMB, DEFUSE, SAFE
from host_tests.support.undercover import (
    BASIC,
    HOUSE,
    edited,
    load,
    look,
    setup,
    shadow_at,
)

RS = load(BASIC)


def prepared(n):
    """The prepared role cards at n players, by name."""
    g = Game(RS, n, 1)
    cards = g.roles + ([] if g.undealt is None else [g.undealt])
    return sorted(NAMES[r] for r in cards)


# ruling UC-1: the cover table, Mister X, Belleville and Shadow always prepared
@pytest.mark.parametrize(
    "n,org,agency",
    [(4, 1, 3), (5, 2, 3), (6, 2, 3), (7, 2, 4), (8, 3, 4)],
)
def test_prepared_roles_follow_the_cover_table(n, org, agency):
    names = prepared(n)
    assert len(names) == org + agency + 1
    assert names.count("shadow") == 1
    assert "mister_x" in names and "belleville" in names
    g = Game(RS, n, 3)
    cards = g.roles + ([] if g.undealt is None else [g.undealt])
    assert sum(TEAMS[r] == "organization" for r in cards) == org
    assert sum(TEAMS[r] == "agency" for r in cards) == agency


# ruling UC-1: one prepared card set aside at 4 and 5, unseen; every card can be the one
def test_one_role_is_not_dealt_at_four_and_five_players():
    for n in (4, 5):
        set_aside = set()
        for seed in range(60):
            g = Game(RS, n, seed)
            assert g.undealt is not None and len(g.roles) == n
            set_aside.add(NAMES[g.undealt])
            assert "undealt" not in g.view(None)
            setup(g)
            assert all("undealt" not in g.view(s) for s in range(n))
        assert {"shadow", "mister_x", "belleville"} <= set_aside
    for n in (6, 7, 8):
        assert Game(RS, n, 5).undealt is None


def test_cover_table_colours_per_card():
    # ruling UC-2: each team has one double agent's colour; Mister X red, Belleville blue
    g = Game(RS, 8, 2)
    look(g)
    covers = {}
    for seat in range(8):
        covers[seat] = g.actions()
        g.act(covers[seat][0])
    for seat, acts in covers.items():
        name = NAMES[g.roles[seat]]
        if name == "shadow":
            assert acts == [("cover", "blue"), ("cover", "red")]
        elif name == "mister_x":
            assert acts == [("cover", "red")]
        elif name == "belleville":
            assert acts == [("cover", "blue")]
    shown = [a[0][1] for a in covers.values() if len(a) == 1]
    assert shown.count("red") == 3 and shown.count("blue") == 4  # 8 players: 2+1 red, 1+3 blue


# ruling UC-2: every seat acts in the cover step, then each sees its right-hand neighbour's cover
@pytest.mark.parametrize("n", [5, 6, 7, 8])
@pytest.mark.parametrize("choice", ["red", "blue"])
def test_cover_step_shows_each_seat_its_right_hand_neighbour(n, choice):
    g = shadow_at(RS, Game(RS, n, 11), 2)
    look(g)
    assert g.step == "cover" and g.actions() and g.reveals() == []
    events = []
    for seat in range(n):
        assert g.current_player() == seat and g.view(None)["turn"] == seat
        acts = g.actions()
        events += g.act(("cover", choice) if seat == 2 else acts[0])
    assert [e for e in events if e[0] == "cover"] == [("cover", s) for s in range(n)]
    assert events[-1] == ("covers",)
    assert g.reveals() == list(range(n)) and g.actions() == []
    assert g.view(3)["right"] == 2 and g.view(3)["right_cover"] == choice
    assert g.view(2)["cover"] == choice
    for seat in range(n):
        right = (seat - 1) % n
        v = g.view(seat)
        assert v["right"] == right
        assert v["right_cover"] == g.view(right)["cover"]
    assert "right_cover" not in g.view(None)


# ruling UC-2: at 4 players no cover step; the Doom token is flipped publicly from the seed
def test_four_players_flip_the_doom_token_instead():
    seen = set()
    for seed in range(40):
        g = Game(RS, 4, seed)
        look(g)
        assert g.step == "cut" and g.view(None)["doom"] in ("red", "blue")
        assert g.view(0)["right_cover"] is None
        seen.add(g.view(None)["doom"])
        assert Game(RS, 4, seed).view(None)["doom"] == g.view(None)["doom"]  # from the seed
    assert seen == {"red", "blue"}
    assert Game(RS, 5, 1).view(None)["doom"] is None


def bomb_in_front_of(rs, g, owner, kind, slot=0):
    """The same position with a wire of `kind` moved to `slot` of `owner` (a swap of two wires)."""
    hands = [list(h) for h in g.table.hands]
    for h in hands:
        if kind in h:
            i = h.index(kind)
            h[i], hands[owner][slot] = hands[owner][slot], h[i]
            break
    return edited(rs, g, hands=hands)


def last_defuse_position(rs, g, owner):
    """Round 2, one defusing wire left (slot 0 of `owner`), the others cut in round 1."""
    n = g.n
    hands = [[SAFE] * 4 for _ in range(n)]
    hands[owner][0] = DEFUSE
    hands[(owner + 1) % n][0] = BOMB
    kinds = [DEFUSE] * (n - 1) + [SAFE]
    log = [[1, i, (i + 1) % n, 0, kinds[i]] for i in range(n)]
    return edited(rs, g, round=2, cuts=0, hands=hands, log=log, found=n - 1, pending=[0] * n)


@pytest.mark.parametrize("n", [5, 8])
def test_shadow_wins_by_cutting_the_bomb_himself(n):
    # ruling UC-3
    g = setup(Game(RS, n, 4))
    cutter = g.table.cutter
    owner = (cutter + 1) % n
    g = bomb_in_front_of(RS, shadow_at(RS, g, cutter), owner, BOMB)
    assert g.act(("cut", owner, 0))[-1] == ("win", "shadow", "shadow_bomb")


@pytest.mark.parametrize("n", [5, 8])
def test_bomb_cut_by_anyone_else_is_an_organization_win_even_with_shadow_in_play(n):
    # ruling UC-3
    g = setup(Game(RS, n, 4))
    cutter = g.table.cutter
    owner = (cutter + 1) % n
    g = bomb_in_front_of(RS, shadow_at(RS, g, owner), owner, BOMB)
    assert g.roles[g.table.cutter] != SHADOW
    assert g.act(("cut", owner, 0))[-1] == ("win", "organization", "bomb")


@pytest.mark.parametrize("n", [5, 7])
def test_shadow_wins_by_cutting_the_last_defusing_wire_himself(n):
    # ruling UC-3
    g = setup(Game(RS, n, 9))
    cutter = g.table.cutter
    owner = (cutter + 2) % n
    g = last_defuse_position(RS, shadow_at(RS, g, cutter), owner)
    events = g.act(("cut", owner, 0))
    assert events[-1] == ("win", "shadow", "shadow_defused")


def test_last_defusing_wire_cut_by_the_agency_or_organization_is_an_agency_win():
    # ruling UC-3
    g = setup(Game(RS, 6, 9))
    cutter = g.table.cutter
    owner = (cutter + 2) % 6
    g = last_defuse_position(RS, shadow_at(RS, g, owner), owner)
    assert g.roles[cutter] != SHADOW
    events = g.act(("cut", owner, 0))
    assert events[-1] == ("win", "agency", "defused")


@pytest.mark.parametrize(
    "doom,kind,winner",
    [
        (0, BOMB, "shadow"),  # red token: Shadow must explode
        (1, BOMB, "organization"),
        (1, DEFUSE, "shadow"),  # blue token: Shadow must defuse
        (0, DEFUSE, "agency"),
    ],
)
def test_four_player_shadow_wins_only_the_way_the_doom_token_allows(doom, kind, winner):
    # ruling UC-2, UC-3
    g = setup(Game(RS, 4, 21))
    cutter = g.table.cutter
    owner = (cutter + 1) % 4
    g = edited(RS, shadow_at(RS, g, cutter), doom=doom)
    if kind == BOMB:
        g = bomb_in_front_of(RS, g, owner, BOMB)
    else:
        g = last_defuse_position(RS, g, owner)
    assert g.act(("cut", owner, 0))[-1][1] == winner


def test_the_organization_wins_when_the_last_round_ends():
    # ruling UC-3 (and TB-4): neither the bomb nor every defusing wire by the end of round 4
    g = setup(Game(RS, 5, 2))
    hands = [[SAFE, SAFE] for _ in range(5)]
    hands[0][1], hands[1][1] = BOMB, DEFUSE
    kinds = [DEFUSE] * 4 + [SAFE] * 11
    log = [[1 + i // 5, 0, 1, 0, kinds[i]] for i in range(15)]
    g = edited(RS, g, round=4, cuts=0, hands=hands, log=log, found=4, pending=[0] * 5)
    cuts = 0
    while g.outcome() is None:
        acts = [a for a in g.actions() if g.table.hands[a[1]][a[2]] == SAFE]
        g.act(acts[0])
        cuts += 1
    assert cuts == 5
    assert g.outcome() == ("organization", "rounds")


def test_roles_of_others_show_only_at_the_end():
    g = setup(Game(RS, 6, 8))
    assert "roles" not in g.view(None) and "shown" not in g.view(None)
    assert "roles" not in g.view(0)
    while g.outcome() is None:
        look(g)
        g.act(g.actions()[0])
    v = g.view(None)
    assert sorted(v["roles"]) == sorted(NAMES[r] for r in g.roles)
    assert v["shown"] and None not in v["shown"]


def test_nothing_is_legal_while_reveals_are_pending():
    g = Game(RS, 6, 1)
    assert g.reveals() == list(range(6))
    assert g.actions() == [] and g.current_player() is None
    with pytest.raises(IllegalAction):
        g.act(("cover", "red"))
    g.seen(0)
    with pytest.raises(IllegalAction):
        g.seen(0)
    with pytest.raises(IllegalAction):
        g.seen(6)


def test_house_deck_is_marked_as_ours():
    # ruling UC-4: never present an invented card as an official one
    rs = load(HOUSE)
    assert rs["house"] is True and "house" in rs["description"]
    assert load(BASIC)["house"] is False and load(BASIC)["locations"] is None
    assert len(rs["locations"]) == rs["rounds"]
