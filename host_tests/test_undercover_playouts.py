"""Random Undercover playouts at every player count, checking the rules at every step."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import IllegalAction
from core.undercover import Game
from core.undercover.rules import COLOURS, COVER, SHADOW
from core.wires import KINDS
from host_tests.support.undercover import BASIC, EFFECTS, HOUSE, deck_ruleset, load, resume

RULESETS = {"house": load(HOUSE), "basic": load(BASIC)}
for _e in EFFECTS:
    RULESETS[_e] = load(deck_ruleset(_e))
PLAYOUT = settings(max_examples=80, deadline=None)
ILLEGAL = [("cover", "green"), ("claim", 1), ("cut", 0, 99), ("pass", -1), ["cut", True, 0]]
ILLEGAL += [("cut",), "cut", None, ("win",)]


def swap_secrets(rs, g, a, b, turn):
    """The same public table, but seats a and b trade roles, intel and face-down wires.

    Their wires are pooled, rotated by `turn` and dealt back in the same numbers; a printed
    cover follows its card, and Shadow's chosen cover stays with the seat.
    """
    s = json.loads(json.dumps(g.to_state()))
    for key in ("roles", "intel"):
        if s[key]:
            s[key][a], s[key][b] = s[key][b], s[key][a]
    ha, hb = s["hands"][a], s["hands"][b]
    pool = ha + hb
    turn %= max(1, len(pool))
    pool = pool[turn:] + pool[:turn]
    s["hands"][a], s["hands"][b] = pool[: len(ha)], pool[len(ha) :]
    if s["undealt"] is not None and turn % 2:
        s["roles"][a], s["undealt"] = s["undealt"], s["roles"][a]  # the set-aside card too
    if s["covers"] and s["roles"][a] != SHADOW and s["covers"][a] >= 0:
        s["covers"][a] = COVER[s["roles"][a]]
    if s["covers"] and s["roles"][b] != SHADOW and s["covers"][b] >= 0:
        s["covers"][b] = COVER[s["roles"][b]]
    return Game.from_state(rs, s)


def check_secrets(rs, g, data):
    """A seat's view, and the public one, cannot tell other seats' secrets apart."""
    n = g.n
    seat = data.draw(st.integers(0, n - 1), label="viewer")
    others = [s for s in range(n) if s not in (seat, (seat - 1) % n)]  # p sees its right cover
    a, b = data.draw(st.permutations(others), label="swap")[:2]
    twin = swap_secrets(rs, g, a, b, data.draw(st.integers(1, 9), label="turn"))
    assert twin.view(seat) == g.view(seat)
    assert twin.view(None) == g.view(None)
    assert twin.actions() == g.actions() or g.step == "cover"


def check_step(rs, g, data):
    p = g.current_player()
    acts = g.actions()
    assert acts and acts == sorted(acts)
    assert all(type(a) is tuple for a in acts)
    pub = g.view(None)
    assert "role" not in pub and "hand" not in pub and "roles" not in pub
    if g.step == "cover":
        r = g.roles[p]
        want = (
            [("cover", "blue"), ("cover", "red")]
            if r == SHADOW
            else [("cover", COLOURS[COVER[r]])]
        )
        assert acts == want
    elif g.step == "pass":
        assert {a[1] for a in acts} <= set(range(g.n)) - {p}
    else:
        assert all(a[0] == "cut" and a[1] != p for a in acts)  # ruling TB-5: never your own wire
        owners = {s for s in range(g.n) if s != p and g.table.hands[s]}
        if g.kind == "no_return" and g.prev >= 0 and owners - {g.prev}:
            owners -= {g.prev}
        assert {a[1] for a in acts} == owners

    before = g.to_state()
    for bad in ILLEGAL:
        with pytest.raises(IllegalAction):
            g.act(bad)
    assert g.to_state() == before
    check_secrets(rs, g, data)


@PLAYOUT
@given(
    which=st.sampled_from(sorted(RULESETS)),
    players=st.integers(4, 8),
    seed=st.integers(0, 2**30 - 1),
    data=st.data(),
)
def test_random_playout_keeps_every_rule(which, players, seed, data):
    rs = RULESETS[which]
    g = Game(rs, players, seed)
    total = [rs["wires"][players][k] for k in KINDS]
    starts = []
    while g.outcome() is None:
        if g.reveals():
            assert g.actions() == [] and g.current_player() is None
            if g.table.cuts == 0 and g.step != "cover":
                starts.append(sorted(len(h) for h in g.table.hands))
            for s in g.reveals():
                g.seen(s)
            continue
        check_step(rs, g, data)
        acts = g.actions()
        action = acts[data.draw(st.integers(0, len(acts) - 1), label="action")]
        twin = resume(rs, g)
        who, rnd, cuts, quota = g.current_player(), g.table.round, g.table.cuts, g.quota
        left = [list(h) for h in g.table.hands]
        if action[0] == "cut":
            left[action[1]].pop(action[2])
        events = g.act(action if data.draw(st.booleans(), label="tuple") else list(action))
        assert twin.act(action) == events  # a resumed game continues identically
        assert twin.to_state() == g.to_state()
        counts = [0, 0, 0]
        for h in g.table.hands:
            for k in h:
                counts[k] += 1
        for e in g.table.log:
            counts[e[4]] += 1
        assert counts == total
        if action[0] == "cover":
            assert events[0] == ("cover", who)  # never the colour
        if action[0] != "cut":
            continue
        kind = events[0][4]
        assert events[0] == ("cut", who, action[1], action[2], kind)
        if g.outcome() is not None:
            winner = events[-1][1]
            assert events[-1] == ("win",) + g.outcome()
            shadow = g.roles[who] == SHADOW
            if kind == "bomb":
                assert winner == ("shadow" if shadow and g.doom in (None, 0) else "organization")
            elif kind == "defuse" and g.table.found == g.table.defuse_total:
                assert winner == ("shadow" if shadow and g.doom in (None, 1) else "agency")
            else:
                assert winner == "organization" and rnd == rs["rounds"]
        elif g.table.round > rnd:
            assert events[1] == ("round", rnd + 1)
            # n cuts (as the Location says), or the new cutter has nobody's wire left to cut
            assert cuts + 1 == quota or not any(h for s, h in enumerate(left) if s != action[1])
            assert g.table.cutter == action[1]  # the owner of the last cut wire starts
        else:
            assert g.table.cuts == cuts + 1
            assert g.table.cutter == (who if g.kind == "pass" else action[1])
    assert g.actions() == [] and g.current_player() is None
    if rs["locations"] is None:  # ruling TB-3: 5, 4, 3, 2 wires each
        assert (
            starts == [[5] * players, [4] * players, [3] * players, [2] * players][: len(starts)]
        )
    for sizes in starts:
        assert sizes[-1] - sizes[0] <= 1  # dealt as evenly as possible
