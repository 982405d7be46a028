"""Rulesets at the validators' bounds, for every game: the most seats, the biggest hands, the
most rounds, the longest texts, the largest grids (and the smallest), each one valid.

The saves pack what these push to the limit (a round in 4 bits, a seat in 4, a troop card's
owner, a grid in letters), so a property test that plays and resumes them at every step shows
that no legal ruleset can make an unloadable save."""

import copy
import json

from core import games, ruleset
from core.itsabomb.tiles import KINDS
from core.timebomb2.cards import MAX_HAND as T2_HAND
from core.undercover.rules import EFFECTS, MAX_CARDS
from core.wires import MAX_HAND, MAX_SEATS
from host_tests.support.rulesets import RULESETS

SEATS = range(3, MAX_SEATS + 1)


def raw(name):
    with open(RULESETS / name) as f:
        return json.load(f)


def _header(game, name):
    return {"format": 1, "game": game, "name": name[:32], "description": "d" * 200, "house": True}


def _wires(hand):
    if hand == 1:  # n wires for n seats: one defusing wire, one bomb
        return {str(n): {"safe": n - 2, "defuse": 1, "bomb": 1} for n in SEATS}
    return {str(n): {"safe": n * hand - n - 1, "defuse": n, "bomb": 1} for n in SEATS}


def timebomb(hand=MAX_HAND, rounds=MAX_HAND):
    obj = _header("timebomb", "Time Bomb %d/%d" % (hand, rounds))
    roles = {}
    for n in SEATS:
        bad = max(1, n // 3)
        undealt = n % 2
        roles[str(n)] = {"sherlock": n - bad + undealt, "moriarty": bad, "undealt": undealt}
    obj.update(roles=roles, wires=_wires(hand), hand=hand, rounds=rounds)
    return obj


def undercover(hand=MAX_HAND, rounds=MAX_HAND, physical=False):
    obj = _header("undercover", "Undercover %d/%d" % (hand, rounds))
    org, ag = {}, {}
    for n in SEATS:
        total = n + n % 2  # n roles, or n + 1 with one set aside unseen
        a = max(1, total // 3)
        org[str(n)] = "r" + "b" * (a - 1)
        ag[str(n)] = "b" + "r" * (total - 1 - a - 1)
    effects = list(EFFECTS) + [None]
    decks = []
    for r in range(rounds):
        deck = []
        for i in range(MAX_CARDS):
            e = effects[(r * MAX_CARDS + i) % len(effects)]
            card = [("L%d.%d" % (r, i)).ljust(24, "x"), "t" * 160]
            deck.append(card + ([] if e is None else [e]))
        decks.append(deck)
    obj.update(organization=org, agency=ag, shadow=1, wires=_wires(hand), hand=hand)
    obj.update(rounds=rounds, doom=[4, MAX_SEATS], locations="physical" if physical else decks)
    return obj


def timebomb2(storm_in=0, explosion=3):
    obj = _header("timebomb2", "TimeBomb II %d/%d" % (storm_in, explosion))
    sets, blds = {}, {}
    for n in SEATS:
        bad = max(1, n // 3)
        sets[str(n)] = [
            {"count": n - bad, "role": "swat", "swat": T2_HAND - 1, "expert": 1},
            {"count": bad, "role": "terrorist", "swat": 4, "bomb1": 2, "bomb2": 2},
        ]
        hide = max(1, (n + 1) // 2)
        blds[str(n)] = {"dummy": n - hide, "hideout": hide, "boom": 1}
    obj.update(sets=sets, buildings=blds, bombs={"swat": 0, "expert": -1, "bomb1": 1, "bomb2": 2})
    obj["storm"] = {"troops": T2_HAND, "storm_in": storm_in, "explosion": explosion}
    return obj


def itsabomb(mode="crisis", rows=8, cols=8, realtime=False):
    obj = _header("itsabomb", "It's a Bomb! %s %dx%d" % (mode, rows, cols))
    box = dict(zip(KINDS[1:], (16, 4, 1, 1, 5, 3, 3, 3, 3, 3), strict=True))
    tiles = {k: box[k] for k in KINDS[1:]}
    places = rows * cols
    while sum(tiles.values()) > places:  # a small grid: fewer greys, then fewer of the rest
        k = max(tiles, key=lambda k: (tiles[k] > (k in KINDS[6:]), tiles[k]))
        tiles[k] -= 1
    holes = [[i // cols, i % cols] for i in range(places - sum(tiles.values()))]
    obj.update(mode=mode, players=[2 if mode == "countdown" else 1, 10], level="special")
    obj.update(grid={"rows": rows, "cols": cols, "holes": holes}, tiles=tiles, time=90)
    obj["tokens"] = ["grey", "detonator"]
    text = "s" * 120
    obj["specials"] = [
        {"card": "signal", "below": 80, "text": text, "effect": "rush", "amount": 5},
        {"card": "signal", "below": 50, "text": text, "effect": "no_ask", "amount": 5},
        {"card": "signal", "below": 20, "text": text, "effect": "shield"},
        {"card": "call", "below": 10, "text": text, "effect": "hold", "amount": 5},
    ]
    uses = [("setup", "fewer_grey"), ("round", "hold"), ("round", "ordered"), ("round", "scan")]
    uses += [("round", "shield"), ("setup", "hold"), ("setup", "ordered"), ("setup", "shield")]
    uses += [("round", "hold"), ("round", "shield")]
    obj["consultants"] = [
        dict({"name": ("C%d" % i).ljust(24, "c"), "text": text, "when": w, "effect": e})
        for i, (w, e) in enumerate(uses)
    ]
    obj["consultants"][0]["amount"] = min(5, tiles["grey"]) or 1
    if not tiles["grey"]:
        obj["consultants"][0] = dict(obj["consultants"][1], name="C0")
    if realtime:
        obj["realtime"] = dict(raw("itsabomb-realtime.json")["realtime"], round_seconds=600)
    return obj


def all_bounds():
    """{label: raw ruleset} for every game of the registry but the prop: the upper bounds, the
    lower ones where a game has them (one wire a seat, one round; a 1x1 grid)."""
    out = {
        "timebomb-max": timebomb(),
        "timebomb-min": timebomb(1, 1),
        "undercover-max": undercover(),
        "undercover-min": undercover(1, 1),
        "undercover-physical": undercover(physical=True),
        "timebomb2-max": timebomb2(),
        "timebomb2-wide": timebomb2(-99, 99),
        "itsabomb-max": itsabomb(),
        "itsabomb-countdown": itsabomb("countdown"),
        "itsabomb-realtime": itsabomb(realtime=True),
        "itsabomb-min": itsabomb(rows=1, cols=1),
    }
    assert {o["game"] for o in out.values()} == {g for g in games.IDS if not games.is_prop(g)}
    return out


def load(obj):
    return ruleset.load(copy.deepcopy(obj))
