"""The balance tool: its report, Wilson intervals, determinism, refusals and chart."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from host_tests.support.rulesets import RULESETS
from tools.__main__ import main as cli
from tools.play import balance

FAST = settings(max_examples=25, deadline=None)


def run(capsys, *args):
    code = cli(["balance", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def table_rows(out):
    """The data rows of a report: (policy, players, side, wins, rate, low, high)."""
    rows = []
    for line in out.splitlines()[2:]:
        if line.startswith("chart:"):
            continue
        w = line.split()
        rows.append((w[0], int(w[1]), w[2], int(w[3]), float(w[4][:-1]), float(w[5][:-1])))
        rows[-1] += (float(w[7][:-1]),)
    return rows


# -- intervals -----------------------------------------------------------------------------


@FAST
@given(st.integers(1, 5000), st.data())
def test_wilson_interval_contains_the_rate(games, data):
    wins = data.draw(st.integers(0, games))
    lo, hi = balance.wilson(wins, games)
    assert 0.0 <= lo <= wins / games <= hi <= 1.0
    assert hi - lo > 0.0


def test_wilson_interval_matches_the_textbook_values():
    # 0 of 10 and 5 of 10: the Wilson score interval's published values.
    assert balance.wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert balance.wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)


def test_interval_narrows_with_more_games():
    a, b = balance.wilson(30, 100), balance.wilson(300, 1000)
    assert b[1] - b[0] < a[1] - a[0]


# -- the report ------------------------------------------------------------------------------


def test_report_has_a_row_per_policy_count_and_side_whose_rates_add_up(capsys):
    code, out, err = run(
        capsys, RULESETS / "undercover.json", "--players", "4..5", "--games", 12, "--jobs", 1
    )
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Undercover: house deck (undercover.json): 12 games per")
    assert lines[1].split()[:4] == ["policy", "players", "side", "wins"]
    rows = table_rows(out)
    assert len(rows) == 2 * 2 * 3  # policies x player counts x sides
    for pol in ("random", "simple"):
        for n in (4, 5):
            mine = [r for r in rows if r[0] == pol and r[1] == n]
            assert [r[2] for r in mine] == ["agency", "organization", "shadow"]
            assert sum(r[3] for r in mine) == 12
            assert sum(r[4] for r in mine) == pytest.approx(100.0, abs=0.2)
            for r in mine:
                assert r[4] == pytest.approx(100.0 * r[3] / 12, abs=0.05)
                assert r[5] <= r[4] <= r[6]


def test_a_cooperative_game_reports_the_team_and_its_mean_score(capsys):
    code, out, err = run(
        capsys,
        RULESETS / "itsabomb-training.json",
        "--players",
        "3",
        "--games",
        15,
        "--policy",
        "simple",
        "--jobs",
        1,
    )
    assert code == 0, err
    assert "mean score (wins)" in out.splitlines()[1]
    (row,) = out.splitlines()[2:]
    w = row.split()
    assert w[:3] == ["simple", "3", "players"]
    if int(w[3]):
        assert float(w[-1]) > -10  # a number, not "-"
    else:
        assert w[-1] == "-"


def test_same_seed_same_report_whatever_the_worker_count(capsys):
    args = (RULESETS / "timebomb2.json", "--players", "4..6", "--games", 10, "--seed", 7)
    one = run(capsys, *args, "--jobs", 1)
    two = run(capsys, *args, "--jobs", 2)
    assert one[0] == two[0] == 0
    assert one[1] == two[1]
    other = run(
        capsys,
        RULESETS / "timebomb2.json",
        "--players",
        "4..6",
        "--games",
        10,
        "--seed",
        8,
        "--jobs",
        1,
    )
    assert table_rows(other[1]) != table_rows(one[1])


def test_the_chart_is_written_and_opens(capsys, tmp_path):
    png = tmp_path / "tb.png"
    code, out, err = run(
        capsys,
        RULESETS / "timebomb.json",
        "--players",
        "4,6",
        "--games",
        8,
        "--png",
        png,
        "--jobs",
        1,
    )
    assert code == 0, err
    assert out.splitlines()[-1] == "chart: " + str(png)
    with Image.open(png) as img:
        assert img.format == "PNG"
        w, h = img.size
        assert w >= 400 and h >= 300
        grey = img.convert("L")
        assert grey.getextrema() == (0, 255)  # ink on paper, not a blank page


# -- refusals ---------------------------------------------------------------------------------


def test_a_broken_ruleset_is_named_with_its_path(capsys, tmp_path):
    obj = json.loads((RULESETS / "timebomb.json").read_text())
    obj["roles"]["5"]["sherlock"] = 4
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(obj))
    code, out, err = run(capsys, bad, "--games", 5)
    assert code == 1 and out == ""
    assert err.strip() == "broken.json: roles.5: 6 roles for 5 seats"


@pytest.mark.parametrize(
    "text, said",
    [
        ("{not json", "notjson.json: not valid JSON"),  # the device's reader's words
        (None, "missing.json: ruleset: cannot read"),
    ],
)
def test_unreadable_files_fail_cleanly(capsys, tmp_path, text, said):
    name = "notjson.json" if text else "missing.json"
    if text:
        (tmp_path / name).write_text(text)
    code, out, err = run(capsys, tmp_path / name)
    assert code == 1 and err.startswith(said)


@pytest.mark.parametrize(
    "name, said",
    [
        ("timer.json", "timer.json: game: "),
        ("itsabomb-countdown.json", "itsabomb-countdown.json: mode: "),
    ],
)
def test_rulesets_without_a_game_to_simulate_are_refused(capsys, name, said):
    code, out, err = run(capsys, RULESETS / name, "--games", 5)
    assert code == 1 and err.startswith(said)


@pytest.mark.parametrize(
    "args, said",
    [
        (("--players", "3..8"), "--players 3: this ruleset plays 4..8"),
        (("--players", "9"), "--players 9: this ruleset plays 4..8"),
        (("--players", "4-8"), "give a count, a range"),
        (("--players", "8..4"), "an empty range"),
        (("--games", "0"), "at least 1"),
        (("--jobs", "0"), "at least 1"),
    ],
)
def test_usage_errors_exit_2(capsys, args, said):
    code, out, err = run(capsys, RULESETS / "timebomb.json", *args)
    assert code == 2 and out == "" and said in err


def test_argparse_usage_errors_also_exit_2(capsys):
    with pytest.raises(SystemExit) as e:
        cli(["balance", str(RULESETS / "timebomb.json"), "--policy", "clever"])
    assert e.value.code == 2
