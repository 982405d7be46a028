"""Golden playthroughs: every shipped game ruleset still plays exactly the committed transcript.

host_tests/golden/playthroughs/<ruleset>.txt holds, for seeds 1, 2 and 3 at the ruleset's
smallest and largest table, the deal, every private look, every action with its events, every
seat's view and the public view after each step, and the outcome (tools/play/transcript.py prints
them). Both CPython and the MicroPython unix port must print each file byte for byte. The other
vector tests only compare the runtimes with each other, so a change that alters both alike (a
deal, a rule, an event, a view, the RNG) would go unseen, and the seed the end screen prints as a
receipt would no longer replay the same game.

When such a change is intended, rewrite the files (from CPython; it refuses if MicroPython
disagrees) and review the diff before committing it:

    .venv/bin/python -m tools.play.golden              # every shipped ruleset
    .venv/bin/python -m tools.play.golden timebomb     # only firmware/rulesets/timebomb.json

Nothing else writes them: this test only reads. The timer ruleset ("game": "timer") has no
golden file: it is a countdown prop without seats, actions or outcome, so there is no game to
play (test_timer_* cover it).
"""

import json

import pytest

from core import ruleset
from host_tests.support.rulesets import load_shipped
from tools.play import golden

GAMES = golden.shipped()


def check(stem, got, runtime):
    expected = golden.read_golden(stem)
    assert expected is not None, "%s is missing: write it with `%s %s`" % (
        golden.golden_file(stem).relative_to(golden.runtimes.ROOT),
        golden.REGOLD,
        stem,
    )
    diff = golden.first_difference(expected, got, ("golden", runtime))
    assert diff is None, (
        "%s on %s no longer plays %s; %s\nIf the change is intended, rewrite it with `%s %s` "
        "and review the diff."
        % (stem, runtime, golden.golden_file(stem).name, diff, golden.REGOLD, stem)
    )


@pytest.mark.parametrize("stem", sorted(GAMES))
def test_cpython_plays_the_golden_transcript(stem):
    check(stem, golden.on_cpython(GAMES[stem]), "CPython")


@pytest.mark.parametrize("stem", sorted(GAMES))
def test_micropython_plays_the_golden_transcript(stem):
    check(stem, golden.on_micropython(GAMES[stem]), "MicroPython")


def test_every_game_ruleset_is_pinned_and_only_those():
    stems = {p.stem for p in golden.RULESETS.glob("*.json")}
    timers = set()
    for stem in stems:
        with open(golden.RULESETS / (stem + ".json")) as f:
            if json.load(f)["game"] == "timer":
                timers.add(stem)
    assert timers, "the timer ruleset is the one left out; if it is gone, say so here"
    assert set(GAMES) == stems - timers
    files = {p.stem for p in golden.GOLDEN.glob("*.txt")}
    assert not set(GAMES) - files, "missing golden files: run `%s`" % golden.REGOLD
    assert not files - set(GAMES), "golden files of no shipped ruleset: run `%s`" % golden.REGOLD


@pytest.mark.parametrize("stem", sorted(GAMES))
def test_golden_games_are_whole(stem):
    # Every pinned game ends by the rules, not at the script's step limit, and it pins both
    # table sizes of every seed, so a regenerated file that lost games fails here.
    text = golden.read_golden(stem)
    assert text is not None, "run `%s %s`" % (golden.REGOLD, stem)
    ends = [x for x in text.splitlines() if x.startswith("end ")]
    starts = [x for x in text.splitlines() if x.startswith("game ")]
    lo, hi = ruleset.seats(load_shipped(stem + ".json"))
    assert len(starts) == len(ends) == 3 * (1 if lo == hi else 2)
    assert all(not x.startswith("end null") for x in ends), "a game hit the step limit"
    assert "\r" not in text


def test_a_changed_transcript_names_its_first_differing_line():
    golden_text = "game x\nact 0 [1] -> []\nend 1\n"
    assert golden.first_difference(golden_text, golden_text) is None
    diff = golden.first_difference(golden_text, "game x\nact 0 [2] -> []\nend 1\n")
    assert diff.startswith("line 2 differs:")
    assert "act 0 [1]" in diff and "act 0 [2]" in diff
    assert "line 4 differs" in golden.first_difference(golden_text, golden_text + "extra\n")
    assert "line 3 differs" in golden.first_difference(golden_text, "game x\nact 0 [1] -> []\n")
    with pytest.raises(AssertionError, match="python -m tools.play.golden timebomb"):
        check("timebomb", golden_text, "CPython")
