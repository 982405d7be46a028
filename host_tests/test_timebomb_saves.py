"""Time Bomb saves: JSON round trips, and corrupt or foreign states refused with SaveError."""

import json

import pytest

from core.errors import SaveError
from core.timebomb import Game


def played(rs, players=6, seed=5, steps=9):
    g = Game(rs, players, seed)
    for _ in range(steps):
        for s in g.reveals():
            g.seen(s)
        if g.outcome() is not None:
            break
        g.act(g.actions()[0])
    return g


def test_state_is_plain_json(timebomb_rs):
    g = played(timebomb_rs)
    s = g.to_state()
    assert json.loads(json.dumps(s)) == s
    assert Game.from_state(timebomb_rs, s).to_state() == s


def mutations():
    yield "not a dict", lambda s: [1, 2]
    yield "other game", lambda s: dict(s, game="undercover")
    yield "other version", lambda s: dict(s, v=99)
    yield "seat count", lambda s: dict(s, n=3)
    yield "role value", lambda s: dict(s, roles=[7] + s["roles"][1:])
    yield "roles miscounted", lambda s: dict(s, roles=[1] * len(s["roles"]))
    yield "extra bomb", lambda s: dict(s, hands=[[2] + s["hands"][0][1:]] + s["hands"][1:])
    yield "missing wire", lambda s: dict(s, hands=[s["hands"][0][1:]] + s["hands"][1:])
    yield "hands not a list", lambda s: dict(s, hands="xx")
    yield "cutter out of range", lambda s: dict(s, cutter=99)
    yield "round out of range", lambda s: dict(s, round=0)
    yield "found mismatch", lambda s: dict(s, found=s["found"] + 1)
    yield "cuts mismatch", lambda s: dict(s, cuts=(s["cuts"] + 1) % 6)
    yield "rng", lambda s: dict(s, rng=[1, 2])
    yield "rng missing", lambda s: {k: v for k, v in s.items() if k != "rng"}
    yield "pending", lambda s: dict(s, pending=[True])
    yield "outcome", lambda s: dict(s, outcome="sherlock")
    yield "log entry", lambda s: dict(s, log=s["log"] + [[1, 2]])
    yield "bool as int", lambda s: dict(s, cutter=True)


@pytest.mark.parametrize("name,mutate", list(mutations()), ids=[m[0] for m in mutations()])
def test_corrupt_state_is_refused(timebomb_rs, name, mutate):
    s = json.loads(json.dumps(played(timebomb_rs).to_state()))
    with pytest.raises(SaveError):
        Game.from_state(timebomb_rs, mutate(s))


def test_truncated_json_state_is_refused(timebomb_rs):
    text = json.dumps(played(timebomb_rs).to_state())
    for cut in range(1, len(text), 37):
        try:
            s = json.loads(text[:cut])
        except ValueError:
            continue
        with pytest.raises(SaveError):
            Game.from_state(timebomb_rs, s)
