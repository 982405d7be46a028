"""The balance tool's players: they see only their own seat, and the simple ones play a plan."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import games
from host_tests.support.rulesets import load_shipped
from tools.play import balance, policies

FAST = settings(max_examples=25, deadline=None)


# -- policies see only their own seat --------------------------------------------------------


def advance(g, rnd, steps):
    """Play random legal actions (marking reveals seen) for up to `steps` moves."""
    for _ in range(steps):
        for s in g.reveals():
            g.seen(s)
        if g.outcome() is not None or g.current_player() is None:
            return
        acts = g.actions()
        g.act(acts[rnd.randrange(len(acts))])
    for s in g.reveals():
        g.seen(s)


def swap_secrets(g, me, rnd):
    """Exchange the hidden parts of two seats other than `me` (and its right neighbour)."""
    others = [s for s in range(g.n) if s != me and s != (me - 1) % g.n]
    a, b = rnd.sample(others, 2)
    g.roles[a], g.roles[b] = g.roles[b], g.roles[a]
    if g.name == "timebomb2":
        if sum(g.hands[a]) == sum(g.hands[b]):
            g.hands[a], g.hands[b] = g.hands[b], g.hands[a]
        down = [p for p in (a, b, g.n) if not g.up[p]]
        if len(down) >= 2:
            p, q = down[:2]
            g.cards[p], g.cards[q] = g.cards[q], g.cards[p]
        return
    if g.name == "undercover" and g.covers:
        g.covers[a], g.covers[b] = g.covers[b], g.covers[a]
    ha, hb = g.table.hands[a], g.table.hands[b]
    if ha and hb:  # equal numbers of wires stay with each seat; their kinds change hands
        ha[0], hb[0] = hb[0], ha[0]
        ha.sort(reverse=rnd.random() < 0.5)
        hb.sort(reverse=rnd.random() < 0.5)


@FAST
@given(
    st.sampled_from(["timebomb.json", "undercover.json", "timebomb2.json"]),
    st.integers(0, 2**30 - 1),
    st.integers(0, 12),
)
def test_a_policy_decides_the_same_when_other_seats_secrets_are_swapped(name, seed, steps):
    rs = load_shipped(name)
    Game = games.module(rs["game"]).Game
    n = rs["seats"][1]
    g = Game(rs, n, seed)
    rnd = random.Random(seed)
    advance(g, rnd, steps)
    if g.outcome() is not None:
        return
    me = g.current_player()
    twin = Game.from_state(rs, g.to_state())
    for _ in range(3):
        swap_secrets(twin, me, rnd)
    assert twin.view(me) == g.view(me)
    if twin.to_state() == g.to_state():
        return  # the swap happened to change nothing hidden (equal roles and wires)
    for pol in policies.POLICIES:
        for k in range(4):
            r1, r2 = random.Random(k), random.Random(k)
            assert balance.decide(g, pol, r1) == balance.decide(twin, pol, r2)


# -- what the simple players do --------------------------------------------------------------


def first_turn(name, players, want, tries=200):
    """A fresh game's first decision (view, actions) whose view satisfies `want`."""
    rs = load_shipped(name)
    Game = games.module(rs["game"]).Game
    for seed in range(tries):
        g = Game(rs, players, seed)
        advance(g, random.Random(0), 0)
        v = g.view(g.current_player())
        if want(v):
            return v, g.actions()
    raise AssertionError("no such deal in %d seeds" % tries)


@pytest.mark.parametrize("role", ["sherlock", "moriarty"])
def test_time_bomb_cutters_hand_the_pliers_by_the_public_record(role):
    v, acts = first_turn("timebomb.json", 6, lambda v: v["role"] == role)
    me = v["seat"]
    hero = (me + 2) % 6
    v["log"] = [[1, hero, (hero + 1) % 6, 0, "defuse"]]  # the record: hero found a defuser
    picks = {policies.choose("simple", v, acts, random.Random(k))[1] for k in range(20)}
    assert (picks == {hero}) if role == "sherlock" else (hero not in picks)


def test_timebomb2_swat_storm_their_own_hideout():
    v, acts = first_turn(
        "timebomb2.json", 5, lambda v: v["role"] == "swat" and v["building"] == "hideout"
    )
    a = policies.choose("simple", v, acts, random.Random(1))
    assert a[0] == "place" and a[1] in ("swat", "expert") and a[2] == v["seat"]


def test_timebomb2_terrorists_feed_swat_to_their_own_boom_and_bombs_elsewhere():
    v, acts = first_turn(
        "timebomb2.json", 6, lambda v: v["role"] == "terrorist" and v["building"] == "boom"
    )
    assert policies.choose("simple", v, acts, random.Random(1)) == ("place", "swat", v["seat"])
    v, acts = first_turn(
        "timebomb2.json", 6, lambda v: v["role"] == "terrorist" and v["building"] != "boom"
    )
    assert policies.choose("simple", v, acts, random.Random(1))[1] in ("bomb1", "bomb2")


def test_its_a_bomb_team_asks_first_then_cuts_a_tile_proven_new_and_safe():
    v, acts = first_turn("itsabomb.json", 4, lambda v: True)
    assert policies.choose("simple", v, acts, random.Random(1))[0] == "ask"
    # An answer on row 2 made only of an uncut colour: every face-down tile there is one.
    v["answers"]["row"][2] = [v["colours"][0]] * v["grid"][2].count("?")
    a = policies.choose("simple", v, acts, random.Random(1))
    assert a[0] == "cut" and a[1] == 2
    # The same row with an explosive in it is no longer proven safe: ask again elsewhere.
    v["answers"]["row"][2][0] = "explosive"
    assert policies.choose("simple", v, acts, random.Random(1))[0] == "ask"


def test_every_game_has_its_simple_player_and_one_without_is_played_at_random():
    for g in games.IDS:
        assert (policies.player(g) is None) == games.is_prop(g), g
    assert policies.player("no-such-game") is None
    prop = next(g for g in games.IDS if games.is_prop(g))
    acts = [("a",), ("b",), ("c",)]
    for k in range(5):
        a = policies.choose("simple", {"game": prop}, acts, random.Random(k))
        assert a == policies.choose("random", {"game": prop}, acts, random.Random(k))
