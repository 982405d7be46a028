"""Undercover saves: JSON round trips, and corrupt or foreign states refused with SaveError."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import IllegalAction, SaveError
from core.undercover import Game
from host_tests.support.undercover import HOUSE, deck_ruleset, load, look, setup

RS = load(HOUSE)
PASS = load(deck_ruleset("pass"))
PLAIN = load(deck_ruleset("no_return"))  # a Location without intel


def played(rs=RS, players=6, seed=5, steps=9):
    g = Game(rs, players, seed)
    for _ in range(steps):
        look(g)
        if g.outcome() is not None:
            break
        g.act(g.actions()[0])
    return g


def as_json(g):
    return json.loads(json.dumps(g.to_state()))


@pytest.mark.parametrize("players", [4, 5, 8])
def test_state_is_plain_json_and_round_trips_at_every_step(players):
    g = Game(RS, players, 3)
    while g.outcome() is None:
        s = g.to_state()
        assert json.loads(json.dumps(s)) == s
        twin = Game.from_state(RS, as_json(g))
        assert twin.to_state() == s
        assert twin.view(None) == g.view(None) and twin.actions() == g.actions()
        look(g)
        if g.actions():
            g.act(g.actions()[-1])
    assert Game.from_state(RS, as_json(g)).outcome() == g.outcome()


def test_a_saved_dict_does_not_change_as_play_goes_on():
    g = setup(Game(load(deck_ruleset("intel defuse")), 5, 1))
    s = g.to_state()
    copy = json.loads(json.dumps(s))
    for _ in range(8):
        look(g)
        g.act(g.actions()[1])
    assert s == copy


def test_the_log_is_saved_one_int_per_cut():
    g = played(PLAIN, steps=12)
    s = g.to_state()
    assert all(type(x) is int for x in s["log"]) and len(s["log"]) == len(g.table.log)
    assert Game.from_state(PLAIN, as_json(g)).table.log == g.table.log


def mutations():
    yield "not a dict", lambda s: [1, 2]
    yield "other game", lambda s: dict(s, game="timebomb")
    yield "other version", lambda s: dict(s, v=2)
    yield "seat count", lambda s: dict(s, n=3)
    yield "seat count type", lambda s: dict(s, n=[6])
    yield "role value", lambda s: dict(s, roles=[9] + s["roles"][1:])
    yield (
        "two shadows",
        lambda s: dict(
            s, roles=[6] + s["roles"][1:] if s["roles"][0] != 6 else [0] + s["roles"][1:]
        ),
    )
    yield "undealt at 6", lambda s: dict(s, undealt=0)
    yield "doom at 6", lambda s: dict(s, doom=1)
    yield (
        "cover of a printed card",
        lambda s: dict(s, covers=[1 - c if c >= 0 else 0 for c in s["covers"]]),
    )
    yield "covers missing", lambda s: dict(s, covers=[])
    yield "step", lambda s: dict(s, step="dance")
    yield "step claim", lambda s: dict(s, step="claim")
    yield "step pass without pass", lambda s: dict(s, step="pass")
    yield "step cover after covers", lambda s: dict(s, step="cover")
    yield "turn", lambda s: dict(s, turn=6)
    yield "location", lambda s: dict(s, loc=9)
    yield "physical location", lambda s: dict(s, loc=-1)
    yield "log value", lambda s: dict(s, log=s["log"] + [1 << 20])
    yield "log of lists", lambda s: dict(s, log=[[1, 0, 1, 0, 0]] + s["log"])
    yield "intel without intel", lambda s: dict(s, intel=[1] * 6)
    yield "prev", lambda s: dict(s, prev=6)
    yield "extra bomb", lambda s: dict(s, hands=[[2] + s["hands"][0][1:]] + s["hands"][1:])
    yield "missing wire", lambda s: dict(s, hands=[s["hands"][0][1:]] + s["hands"][1:])
    yield "hands", lambda s: dict(s, hands="xx")
    yield "cutter", lambda s: dict(s, cutter=-1)
    yield "round", lambda s: dict(s, round=5)
    yield "found", lambda s: dict(s, found=s["found"] + 1)
    yield "cuts", lambda s: dict(s, cuts=s["cuts"] + 1)
    yield "rng", lambda s: dict(s, rng=[1, 2, 3])
    yield "pending", lambda s: dict(s, pending=[2] * 6)
    yield "outcome", lambda s: dict(s, outcome=["moriarty", "x"])
    yield "bool as int", lambda s: dict(s, turn=True)
    yield "log entry", lambda s: dict(s, log=s["log"] + [[1, 2]])


@pytest.mark.parametrize("name,mutate", list(mutations()), ids=[m[0] for m in mutations()])
def test_corrupt_state_is_refused(name, mutate):
    s = as_json(played(PLAIN))
    assert Game.from_state(PLAIN, s).to_state() == s
    with pytest.raises(SaveError):
        Game.from_state(PLAIN, mutate(s))


def test_pass_step_must_match_the_location():
    g = setup(Game(PASS, 5, 2))
    cut = [a for a in g.actions() if g.table.hands[a[1]][a[2]] == 0][0]
    g.act(cut)
    s = as_json(g)
    assert s["step"] == "pass"
    assert Game.from_state(PASS, s).actions() == g.actions()
    with pytest.raises(SaveError):
        Game.from_state(PLAIN, s)  # no pass step under another Location
    with pytest.raises(SaveError):
        Game.from_state(PASS, dict(s, cuts=0, log=s["log"][:-1], hands=s["hands"]))


def test_a_position_where_nobody_can_act_is_refused():
    g = setup(Game(RS, 5, 2))
    s = as_json(g)
    hands = [[] for _ in range(5)]
    hands[s["cutter"]] = [w for h in s["hands"] for w in h]
    with pytest.raises(SaveError):
        Game.from_state(RS, dict(s, hands=hands))


def test_truncated_json_state_is_refused():
    text = json.dumps(played().to_state())
    for cut in range(1, len(text), 23):
        try:
            s = json.loads(text[:cut])
        except ValueError:
            continue
        with pytest.raises(SaveError):
            Game.from_state(RS, s)


VALUES = st.none() | st.booleans() | st.integers(-3, 99) | st.text(max_size=6)
VALUES = VALUES | st.lists(st.integers(-2, 9), max_size=9) | st.lists(st.lists(st.integers(0, 3)))


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(sorted(as_json(played()))), value=VALUES, seed=st.integers(0, 99))
def test_any_field_mutation_gives_a_save_error_or_a_playable_game(key, value, seed):
    s = as_json(played(seed=seed))
    s[key] = value
    try:
        g = Game.from_state(RS, s)
    except SaveError:
        return
    # Accepted: then it is a position the game can go on from.
    g.view(None)
    for seat in range(g.n):
        g.view(seat)
    if g.outcome() is None:
        assert g.reveals() or g.actions()
        look(g)
        try:
            g.act(g.actions()[0])
        except IllegalAction:
            raise AssertionError("a listed action was refused") from None
