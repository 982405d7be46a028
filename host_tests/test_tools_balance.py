"""The balance tool: its report, intervals, determinism, refusals, chart, and honest policies."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from core import ruleset
from tools import balance, policies
from tools.__main__ import main as cli

from .conftest import RULESETS, load_shipped

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
        ("{not json", "notjson.json: ruleset: not valid JSON"),
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


# -- policies see only their own seat --------------------------------------------------------


def advance(g, rnd, steps):
    """Play random legal actions (marking reveals seen) for up to `steps` moves."""
    for _ in range(steps):
        for s in g.reveals():
            g.seen(s)
        if g.outcome() is not None or g.current_player() is None:
            return
        acts = g.actions()
        g.act(acts[rnd.randrange(len(acts))])
    for s in g.reveals():
        g.seen(s)


def swap_secrets(g, me, rnd):
    """Exchange the hidden parts of two seats other than `me` (and its right neighbour)."""
    others = [s for s in range(g.n) if s != me and s != (me - 1) % g.n]
    a, b = rnd.sample(others, 2)
    g.roles[a], g.roles[b] = g.roles[b], g.roles[a]
    if g.name == "timebomb2":
        if sum(g.hands[a]) == sum(g.hands[b]):
            g.hands[a], g.hands[b] = g.hands[b], g.hands[a]
        down = [p for p in (a, b, g.n) if not g.up[p]]
        if len(down) >= 2:
            p, q = down[:2]
            g.cards[p], g.cards[q] = g.cards[q], g.cards[p]
        return
    if g.name == "undercover" and g.covers:
        g.covers[a], g.covers[b] = g.covers[b], g.covers[a]
    ha, hb = g.table.hands[a], g.table.hands[b]
    if ha and hb:  # equal numbers of wires stay with each seat; their kinds change hands
        ha[0], hb[0] = hb[0], ha[0]
        ha.sort(reverse=rnd.random() < 0.5)
        hb.sort(reverse=rnd.random() < 0.5)


@FAST
@given(
    st.sampled_from(["timebomb.json", "undercover.json", "timebomb2.json"]),
    st.integers(0, 2**30 - 1),
    st.integers(0, 12),
)
def test_a_policy_decides_the_same_when_other_seats_secrets_are_swapped(name, seed, steps):
    rs = load_shipped(name)
    Game = ruleset.module(rs["game"]).Game
    n = rs["seats"][1]
    g = Game(rs, n, seed)
    rnd = random.Random(seed)
    advance(g, rnd, steps)
    if g.outcome() is not None:
        return
    me = g.current_player()
    twin = Game.from_state(rs, g.to_state())
    for _ in range(3):
        swap_secrets(twin, me, rnd)
    assert twin.view(me) == g.view(me)
    if twin.to_state() == g.to_state():
        return  # the swap happened to change nothing hidden (equal roles and wires)
    for pol in policies.POLICIES:
        for k in range(4):
            r1, r2 = random.Random(k), random.Random(k)
            assert balance.decide(g, pol, r1) == balance.decide(twin, pol, r2)


# -- what the simple players do --------------------------------------------------------------


def first_turn(name, players, want, tries=200):
    """A fresh game's first decision (view, actions) whose view satisfies `want`."""
    rs = load_shipped(name)
    Game = ruleset.module(rs["game"]).Game
    for seed in range(tries):
        g = Game(rs, players, seed)
        advance(g, random.Random(0), 0)
        v = g.view(g.current_player())
        if want(v):
            return v, g.actions()
    raise AssertionError("no such deal in %d seeds" % tries)


@pytest.mark.parametrize("role", ["sherlock", "moriarty"])
def test_time_bomb_cutters_hand_the_pliers_by_the_public_record(role):
    v, acts = first_turn("timebomb.json", 6, lambda v: v["role"] == role)
    me = v["seat"]
    hero = (me + 2) % 6
    v["log"] = [[1, hero, (hero + 1) % 6, 0, "defuse"]]  # the record: hero found a defuser
    picks = {policies.choose("simple", v, acts, random.Random(k))[1] for k in range(20)}
    assert (picks == {hero}) if role == "sherlock" else (hero not in picks)


def test_timebomb2_swat_storm_their_own_hideout():
    v, acts = first_turn(
        "timebomb2.json", 5, lambda v: v["role"] == "swat" and v["building"] == "hideout"
    )
    a = policies.choose("simple", v, acts, random.Random(1))
    assert a[0] == "place" and a[1] in ("swat", "expert") and a[2] == v["seat"]


def test_timebomb2_terrorists_feed_swat_to_their_own_boom_and_bombs_elsewhere():
    v, acts = first_turn(
        "timebomb2.json", 6, lambda v: v["role"] == "terrorist" and v["building"] == "boom"
    )
    assert policies.choose("simple", v, acts, random.Random(1)) == ("place", "swat", v["seat"])
    v, acts = first_turn(
        "timebomb2.json", 6, lambda v: v["role"] == "terrorist" and v["building"] != "boom"
    )
    assert policies.choose("simple", v, acts, random.Random(1))[1] in ("bomb1", "bomb2")


def test_its_a_bomb_team_asks_first_then_cuts_a_tile_proven_new_and_safe():
    v, acts = first_turn("itsabomb.json", 4, lambda v: True)
    assert policies.choose("simple", v, acts, random.Random(1))[0] == "ask"
    # An answer on row 2 made only of an uncut colour: every face-down tile there is one.
    v["answers"]["row"][2] = [v["colours"][0]] * v["grid"][2].count("?")
    a = policies.choose("simple", v, acts, random.Random(1))
    assert a[0] == "cut" and a[1] == 2
    # The same row with an explosive in it is no longer proven safe: ask again elsewhere.
    v["answers"]["row"][2][0] = "explosive"
    assert policies.choose("simple", v, acts, random.Random(1))[0] == "ask"
