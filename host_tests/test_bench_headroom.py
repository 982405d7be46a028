"""The whole-game ballast search of tools/bench/board.py (headroom_games), with the games faked:
each ballast round goes lowest free heap first and ends at its first failure, the next round
starts with that game, and the answer is the largest ballast with which every game played."""

from pathlib import Path

from tools.bench import board as bench_board

# A fake game's lowest free heap without a ballast, and the largest ballast it plays with.
LOWEST = {"a": 120_000, "b": 110_000, "c": 130_000}
PLAYS_WITH = {"a": 100_000, "b": 60_000, "c": 90_000}


def test_rounds_go_lowest_first_stop_at_a_failure_and_find_the_ballast_all_play_with(monkeypatch):
    calls = []

    def heap_game(p, game, entry, seats, ballast=0, cap_ms=None):
        calls.append((game, ballast, cap_ms))
        if ballast == 0:
            return True, {"min": LOWEST[game], "busy": 1000.0}
        return ballast <= PLAYS_WITH[game], {"said": []}

    monkeypatch.setattr(bench_board, "heap_game", heap_game)
    monkeypatch.setattr(bench_board, "_on_board", lambda p, code: None)
    rulesets = [(g, 0, Path(g + ".json"), (1, 8)) for g in "abc"]
    bare, found, missing = bench_board.headroom_games(None, rulesets, steps=4)
    step = bench_board.GAME_MARGIN
    first = (110_000 - step) // bench_board.BALLAST_STEP * bench_board.BALLAST_STEP
    assert sorted(bare) == ["a.json", "b.json", "c.json"] and missing == []
    tried = [(g, b) for g, b, _ in calls if b]
    # b has the lowest free heap: it goes first and fails three rounds, then all three play.
    assert tried == [("b", first - k * step) for k in range(4)] + [
        ("a", first - 3 * step),
        ("c", first - 3 * step),
    ]
    assert found == first - 3 * step
    # every game with a ballast is capped at SLOWER times its busy time without one
    assert {c for _, b, c in calls if b} == {bench_board.SLOWER * 1000.0}


def test_no_ballast_found_within_the_steps_is_none(monkeypatch):
    monkeypatch.setattr(
        bench_board,
        "heap_game",
        lambda p, game, entry, seats, ballast=0, cap_ms=None: (
            (True, {"min": 50_000, "busy": 10.0}) if ballast == 0 else (False, None)
        ),
    )
    monkeypatch.setattr(bench_board, "_on_board", lambda p, code: None)
    rulesets = [("a", 0, Path("a.json"), (1, 8))]
    assert bench_board.headroom_games(None, rulesets, steps=2)[1] is None
