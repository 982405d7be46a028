"""The fault suite's shared figures: the heap a whole mashed game needs, the main menu's log,
and a good game save as the device writes it."""

import json

from core import games
from core import ruleset as rules
from tools.runtimes import ROOT

GAME_HEAP = "320k"  # every game, mashed in one session: 256k runs out in Undercover (see report)
MENU = "SavesList Fusebox"  # the main menu's `screen` log line ends with this


def game_save(seed=5, players=4, game="timebomb"):
    """A good game save as the device writes it (a fresh deal of `game`'s shipped ruleset
    rulesets/<game>.json, Time Bomb unless told), as bytes."""
    path = "rulesets/%s.json" % game
    rs = rules.load(json.loads((ROOT / "firmware" / path).read_text()))
    state = games.module(game).Game(rs, players, seed).to_state()
    data = {
        "v": 1,
        "ruleset": path,
        "names": ["P%d" % (i + 1) for i in range(players)],
        "seed": seed,
        "state": state,
        "log": [],
    }
    return json.dumps({"fusebox": 1, "data": data}).encode()
