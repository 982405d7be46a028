"""Helpers shared by the Undercover tests: shipped rulesets, one-effect decks, set-up positions."""

import copy
import json

from core import ruleset
from core.undercover import Game
from core.undercover.rules import COVER, SHADOW
from host_tests.support.rulesets import RULESETS


def raw(name):
    with open(RULESETS / name) as f:
        return json.load(f)


HOUSE = raw("undercover.json")
BASIC = raw("undercover-basic.json")
EFFECTS = ("cuts -2", "cuts -1", "cuts +1", "cuts +2", "pass", "no_return")
EFFECTS += ("intel safe", "intel defuse", "intel bomb")


def load(obj):
    return ruleset.load(copy.deepcopy(obj))


def deck_ruleset(effect):
    """The basic tables with every round's deck holding one card with this effect (or none)."""
    obj = copy.deepcopy(BASIC)
    card = ["Test site", "A card made for a test."] + ([] if effect is None else [effect])
    obj["locations"] = [[list(card)] for _ in range(obj["rounds"])]
    obj["name"] = "Undercover test"
    obj["house"] = True
    return obj


def resume(rs, g):
    return Game.from_state(rs, json.loads(json.dumps(g.to_state())))


def look(g):
    for s in g.reveals():
        g.seen(s)


def setup(g, shadow_cover="blue"):
    """Through the private looks and the cover step; Shadow shows `shadow_cover`."""
    look(g)
    while g.step == "cover" and g.current_player() is not None:
        acts = g.actions()
        g.act(("cover", shadow_cover) if len(acts) == 2 else acts[0])
        look(g)
    look(g)
    return g


def pack(log):
    """A log of [round, by, owner, slot, kind] cuts as Undercover saves it (one int per cut)."""
    return [e[0] << 14 | e[1] << 10 | e[2] << 6 | e[3] << 2 | e[4] for e in log]


def edited(rs, g, **fields):
    """The same game with some saved fields replaced (a position made for a test)."""
    s = json.loads(json.dumps(g.to_state()))
    if "log" in fields:
        fields["log"] = pack(fields["log"])
    s.update(fields)
    return Game.from_state(rs, s)


def seat_of(g, code):
    return g.roles.index(code)


def shadow_at(rs, g, seat):
    """The game with Shadow's card moved to `seat` (swapped with whoever held it)."""
    s = json.loads(json.dumps(g.to_state()))
    roles = s["roles"]
    if SHADOW in roles:
        i = roles.index(SHADOW)
        roles[i], roles[seat] = roles[seat], roles[i]
    else:
        roles[seat], s["undealt"] = s["undealt"], roles[seat]
    covers = s["covers"]
    for i in range(len(covers)):
        if covers[i] >= 0 and roles[i] != SHADOW:
            covers[i] = COVER[roles[i]]  # a printed cover follows its card
    return Game.from_state(rs, s)
