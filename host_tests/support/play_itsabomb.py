"""It's a Bomb! on the sim board for the play tests: its menu row, its scenarios in the menu,
their rulesets, and what a game's log says."""

import json

from host_tests.support.rulesets import RULESETS
from tools.play.driver import GROUP_ROWS

HEAP = "512k"  # .py sources are compiled on the sim's heap; the memory test uses .mpy
GROUP = GROUP_ROWS["itsabomb"]
# Its scenarios in the menu, as their rulesets' "order" lists them (the standard first).
STANDARD, TRAINING, NIGHT, HARD, REALTIME, COUNTDOWN = range(6)
FILES = (None, "training", "night", "hard", "realtime", "countdown")


def ruleset(entry):
    name = "itsabomb" + ("-" + FILES[entry] if FILES[entry] else "") + ".json"
    return json.loads((RULESETS / name).read_text())


def events(sp):
    return [line[3:].split(" ") for line in sp.logs if line.startswith("ev ")]


def no_errors(sp):
    assert not [line for line in sp.logs if line.startswith("error")], sp.logs[-8:]


def seats(entry):
    return ruleset(entry)["players"]
