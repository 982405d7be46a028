"""make bench-core's engine scripts run on both runtimes (a broken one shows up here, not in a
benchmark nobody runs before a release)."""

import re

import pytest

from tools.runtimes import ROOT, run_cpython, run_micropython

PLAYOUTS = ROOT / "tools" / "bench" / "playouts.py"
PLAYONCE = ROOT / "tools" / "bench" / "playonce.py"
RULESETS = ROOT / "firmware" / "rulesets"


@pytest.mark.parametrize("run", [run_cpython, run_micropython], ids=["cpython", "micropython"])
def test_playouts_counts_whole_games_in_its_budget(run):
    res = run(PLAYOUTS, RULESETS / "timebomb.json", 5, 200)
    assert res.returncode == 0, res.stderr
    m = re.fullmatch(r"games (\d+) ms (\d+)\n", res.stdout)
    assert m and int(m.group(1)) > 0, res.stdout


def test_playonce_finishes_one_seeded_game():
    # It says how many actions the game took: the same seeded game on both runtimes.
    res = run_micropython(PLAYONCE, RULESETS / "undercover.json", 8, 1, heap="256k")
    assert res.returncode == 0, res.stderr
    m = re.fullmatch(r"ok (\d+)\n", res.stdout)
    assert m and int(m.group(1)) > 0, res.stdout
    cp = run_cpython(PLAYONCE, RULESETS / "undercover.json", 8, 1)
    assert cp.returncode == 0 and cp.stdout == res.stdout, (cp.stdout, cp.stderr[-500:])
