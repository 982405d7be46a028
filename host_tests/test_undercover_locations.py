"""Location decks (ruling UC-4): every effect primitive, the house deck, the physical mode."""

import pytest

from core.errors import IllegalAction
from core.rng import Rng
from core.undercover import Game
from core.wires import KINDS, SAFE, Table
from host_tests.support.undercover import BASIC, HOUSE, deck_ruleset, edited, load, setup


def safe_cut(g):
    """A legal cut of a safe wire (so that the game goes on), or None."""
    for a in g.actions():
        if a[0] == "cut" and g.table.hands[a[1]][a[2]] == SAFE:
            return a
    return None


def play_round(g):
    """Cut safe wires until the round changes; the events of every step."""
    rnd, steps = g.table.round, []
    while g.table.round == rnd and g.outcome() is None:
        if g.step == "pass":
            steps.append(g.act(g.actions()[0]))
        else:
            steps.append(g.act(safe_cut(g)))
    return steps


@pytest.mark.parametrize("shift", [-2, -1, 1, 2])
@pytest.mark.parametrize("n", [5, 8])
def test_cuts_effect_changes_the_length_of_the_round(shift, n):
    # ruling UC-4, primitive "cuts": the round lasts n + shift cuts
    rs = load(deck_ruleset("cuts %+d" % shift))
    g = setup(Game(rs, n, 7))
    assert g.view(None)["quota"] == n + shift
    steps = play_round(g)
    assert len(steps) == n + shift
    assert steps[-1][1] == ("round", 2)
    # The uncut wires are dealt as evenly as possible, the extra ones from the new cutter on.
    left = 5 * n - n - shift
    sizes = [len(h) for h in g.table.hands]
    first = g.table.cutter
    order = [sizes[(first + i) % n] for i in range(n)]
    extra = left % n
    assert order == [left // n + 1] * extra + [left // n] * (n - extra)


def test_uneven_deal_starts_from_the_given_seat():
    t = Table(
        {"wires": {4: {"safe": 17, "defuse": 2, "bomb": 1}}, "hand": 5, "rounds": 4}, 4, Rng(3)
    )
    t.hands = [[SAFE] * 4, [SAFE] * 2, [SAFE] * 3, [SAFE] * 2]
    t.reshuffle(Rng(1), 2)
    assert [len(h) for h in t.hands] == [3, 2, 3, 3]
    t.reshuffle(Rng(1))  # Time Bomb's call: remainder from seat 0
    assert [len(h) for h in t.hands] == [3, 3, 3, 2]


def test_pass_effect_lets_the_cutter_choose_who_cuts_next():
    # ruling UC-4, primitive "pass"
    rs = load(deck_ruleset("pass"))
    g = setup(Game(rs, 6, 3))
    cutter = g.table.cutter
    a = safe_cut(g)
    assert g.act(a) == [("cut", cutter, a[1], a[2], "safe")]
    assert g.step == "pass" and g.current_player() == cutter
    acts = g.actions()
    assert acts == [("pass", s) for s in range(6) if s != cutter]
    with pytest.raises(IllegalAction):
        g.act(("pass", cutter))
    target = acts[-1][1]
    assert g.act(acts[-1]) == [("pass", cutter, target)]
    assert g.current_player() == target and g.step == "cut"
    # The round's last cut hands the pliers to the wire's owner, who starts the next round.
    steps = play_round(g)
    last_cut = steps[-1][0]
    assert steps[-1][1] == ("round", 2) and g.table.cutter == last_cut[2]


def test_no_return_forbids_cutting_back_at_the_last_cutter():
    # ruling UC-4, primitive "no_return"
    rs = load(deck_ruleset("no_return"))
    g = setup(Game(rs, 5, 12))
    first = g.table.cutter
    a = safe_cut(g)
    g.act(a)
    assert g.current_player() == a[1]
    assert all(x[1] != first for x in g.actions())
    with pytest.raises(IllegalAction):
        g.act(("cut", first, 0))
    # ... unless nobody else has a wire left.
    hands = [list(h) for h in g.table.hands]
    spare = []
    for s in range(5):
        if s not in (first, a[1]):
            spare += hands[s]
            hands[s] = []
    hands[first] += spare
    g = edited(rs, g, hands=hands)
    assert {x[1] for x in g.actions()} == {first}


@pytest.mark.parametrize("wire", KINDS)
def test_intel_effect_tells_each_seat_about_its_right_hand_neighbour(wire):
    # ruling UC-4, primitive "intel"
    rs = load(deck_ruleset("intel " + wire))
    g = setup(Game(rs, 6, 14))
    k = KINDS.index(wire)
    for seat in range(6):
        right = (seat - 1) % 6
        assert g.view(seat)["intel"] == {
            "seat": right,
            "wire": wire,
            "count": g.table.hands[right].count(k),
        }
    assert "intel" not in g.view(None)
    play_round(g)
    right = 5
    assert g.view(0)["intel"]["count"] == g.table.hands[right].count(k)  # each round anew


def test_physical_deck_only_reminds_players_each_round():
    # ruling UC-4: the physical mode applies nothing
    rs = load(BASIC)
    g = setup(Game(rs, 5, 2))
    assert g.view(None)["location"] is None and g.view(None)["quota"] == 5
    steps = play_round(g)
    assert steps[-1][1:] == [("round", 2), ("remind", 2)]


def test_house_deck_turns_up_a_card_of_the_round_s_deck_each_round():
    rs = load(HOUSE)
    names = [{c[0] for c in deck} for deck in rs["locations"]]
    assert all(
        c[2] is None or c[2][0] in ("cuts", "pass", "no_return", "intel")
        for d in rs["locations"]
        for c in d
    )
    seen = set()
    for seed in range(12):
        g = setup(Game(rs, 5, seed))
        assert g.view(None)["location"]["name"] in names[0]
        seen.add(g.view(None)["location"]["name"])
        steps = play_round(g)
        if g.outcome() is None:
            assert steps[-1][1] == ("round", 2)
            assert steps[-1][2][:2] == ("location", 2) and steps[-1][2][2] in names[1]
            assert g.view(None)["location"]["name"] == steps[-1][2][2]
    assert len(seen) > 1  # drawn from the seed, not always the first card
