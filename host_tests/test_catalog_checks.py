"""A game's lazily imported ruleset check (its package's CHECKS) is forgotten once catalog.read
has loaded the ruleset to play, and the game still starts, plays and resumes without it."""

import sys

import pytest

from core import games
from firmware import catalog

RULESETS = "firmware/rulesets/"


@pytest.mark.parametrize(
    "game, file", [("itsabomb", "itsabomb.json"), ("timebomb2", "timebomb2.json")]
)
def test_the_check_is_forgotten_and_the_game_plays_on(game, file):
    m = games.module(game)
    assert m.CHECKS == "core." + game + ".rules"
    rs = catalog.read(RULESETS + file)
    assert m.CHECKS not in sys.modules
    assert not hasattr(m, "rules")
    g = m.Game(rs, rs["seats"][0] if game == "itsabomb" else min(rs["sets"]), 5)
    while not g.actions():  # TimeBomb II: every seat looks at its deal first
        g.seen(g.reveals()[0])
    g.act(g.actions()[0])
    again = m.Game.from_state(rs, g.to_state())
    assert again.to_state() == g.to_state()
    assert m.CHECKS not in sys.modules
    # A second read imports the check again and forgets it again.
    assert catalog.read(RULESETS + file)["game"] == game
    assert m.CHECKS not in sys.modules


def test_a_game_without_checks_keeps_its_modules():
    m = games.module("undercover")
    assert getattr(m, "CHECKS", None) is None
    catalog.read(RULESETS + "undercover.json")
    assert "core.undercover.rules" in sys.modules
