"""view(seat) takes what seen(seat) takes: None or a seat at the table, in every game."""

import pytest

from core import games
from core.errors import IllegalAction
from host_tests.support.rulesets import load_shipped

GAMES = [g for g in games.IDS if not games.is_prop(g)]


@pytest.mark.parametrize("game", GAMES)
def test_view_refuses_a_seat_that_is_not_at_the_table(game):
    rs = load_shipped(game + ".json")
    lo, hi = rs["seats"]
    for n in sorted({lo, hi}):
        g = games.module(game).Game(rs, n, 7)
        # -1 would be seat n-1's secrets by Python indexing, True seat 1 (an int on CPython).
        for seat in (-1, True, False, n, n + 1, "0", 0.0, [0]):
            with pytest.raises(IllegalAction):
                g.view(seat)
            with pytest.raises(IllegalAction):
                g.seen(seat) if hasattr(g, "seen") else g.view(seat)
        assert g.view(0)["seat"] == 0 and g.view(n - 1)["seat"] == n - 1
        assert "seat" not in g.view(None)
