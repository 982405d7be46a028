"""ruleset check/push/list/pull: never a broken file on the board, never a truncated one."""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core import ruleset
from tools.board import rulesets
from tools.vboard.server import VBoard, find_micropython

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "firmware" / "rulesets" / "timebomb.json"
needs_vboard = pytest.mark.skipif(not find_micropython(), reason="no MicroPython unix port")


def cli(*args, cwd=ROOT, **kw):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "tools", "ruleset", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
        **kw,
    )


def write(path, obj, pad=0):
    path.write_text(json.dumps(obj, indent=1) + " " * pad)
    return path


@pytest.fixture
def shipped():
    return json.loads(SHIPPED.read_text())


@pytest.fixture
def vboard(tmp_path):
    with VBoard(tmp_path / "flash") as board:
        yield board


def test_check_accepts_the_shipped_rulesets():
    files = sorted(str(p) for p in (ROOT / "firmware" / "rulesets").glob("*.json"))
    res = cli("check", *files)
    assert res.returncode == 0, res.stdout
    assert res.stdout == "%d files: %d valid, 0 broken\n" % (len(files), len(files))


def test_check_names_file_path_and_message(tmp_path, shipped):
    bad = write(tmp_path / "bad-rounds.json", dict(shipped, rounds="four"))
    good = write(tmp_path / "good.json", shipped)
    res = cli("check", str(good), str(bad), cwd=tmp_path)
    assert res.returncode == 1
    assert res.stdout.splitlines() == [
        "%s: rounds: must be a whole number" % bad,
        "2 files: 1 valid, 1 broken",
    ]


def test_check_reports_json_size_and_name_faults(tmp_path, shipped):
    (tmp_path / "cut.json").write_text(SHIPPED.read_text()[:40])
    big = write(tmp_path / "big.json", shipped, pad=ruleset.MAX_BYTES)
    write(tmp_path / "rules.txt", shipped)
    res = cli("check", "cut.json", "big.json", "rules.txt", "no.json", cwd=tmp_path)
    assert res.returncode == 1
    lines = res.stdout.splitlines()
    assert lines[0] == "cut.json: not valid JSON"
    assert lines[1] == "big.json: file too large (%d bytes, at most %d)" % (
        big.stat().st_size,
        ruleset.MAX_BYTES,
    )
    assert lines[2] == "rules.txt: ruleset: the board reads only *.json files"
    assert lines[3] == "no.json: cannot read: No such file or directory"
    assert lines[4] == "4 files: 0 valid, 4 broken"


def test_check_file_agrees_with_core(tmp_path, shipped):
    for rounds in (4, 0, -1, "x", None):
        path = write(tmp_path / "r.json", dict(shipped, rounds=rounds))
        try:
            ruleset.load(json.loads(path.read_text()))
            expected = []
        except ValueError as e:
            expected = ["%s: %s" % (path, e)]
        assert rulesets.check_file(str(path)) == expected


@needs_vboard
def test_push_then_list_and_pull(vboard, tmp_path, shipped):
    variant = write(tmp_path / "variant.json", dict(shipped, name="Short Fuse", rounds=3))
    res = cli("push", str(SHIPPED), str(variant), "--port", vboard.url)
    assert res.returncode == 0, res.stdout + res.stderr
    flash = Path(vboard.flash) / "rulesets"
    assert (flash / "variant.json").read_bytes() == variant.read_bytes()
    assert sorted(os.listdir(flash)) == ["timebomb.json", "variant.json"]
    listed = cli("list", "--port", vboard.url).stdout.splitlines()
    rows = [line.split()[:2] for line in listed]
    assert rows == [["ok", "timebomb.json"], ["ok", "variant.json"]]
    assert "Short Fuse" in listed[1]
    res = cli("pull", "variant.json", str(tmp_path / "back.json"), "--port", vboard.url)
    assert res.returncode == 0
    assert (tmp_path / "back.json").read_bytes() == variant.read_bytes()
    assert cli("pull", "nothing.json", str(tmp_path), "--port", vboard.url).returncode == 1


@needs_vboard
def test_a_broken_ruleset_is_never_sent(vboard, tmp_path, shipped):
    bad = write(tmp_path / "bad.json", dict(shipped, hand=0))
    res = cli("push", str(SHIPPED), str(bad), "--port", vboard.url)
    assert res.returncode == 1
    assert res.stdout.startswith("%s: hand: " % bad)
    assert vboard.rx_bytes == 0  # the board was not even contacted
    assert not (Path(vboard.flash) / "rulesets").exists()


@needs_vboard
def test_list_uses_the_boards_own_validator(vboard, shipped):
    flash = Path(vboard.flash)
    shutil.copytree(ROOT / "core", flash / "core", ignore=shutil.ignore_patterns("__pycache__"))
    (flash / "firmware" / "games").mkdir(parents=True)
    for name in ("__init__.py", "catalog.py", "strings.py", "text_en.py", "games/__init__.py"):
        shutil.copy(ROOT / "firmware" / name, flash / "firmware" / name)  # the board's reader
    # This board's core takes smaller files than the host's: proof of whose verdict is shown.
    src = flash / "core" / "ruleset.py"
    limit = "MAX_BYTES = const(%d)" % ruleset.MAX_BYTES
    assert limit in src.read_text()
    src.write_text(src.read_text().replace(limit, "MAX_BYTES = const(2000)"))
    (flash / "rulesets").mkdir()
    ok = write(flash / "rulesets" / "ok.json", shipped)
    write(flash / "rulesets" / "wrong.json", dict(shipped, rounds=True))
    write(flash / "rulesets" / "wide.json", shipped, pad=2000)
    rows = rulesets.listing(vboard.url)
    assert rows[0] == ("ok.json", ok.stat().st_size, "Time Bomb", None, False)
    assert rows[1][0] == "wide.json" and rows[1][3].endswith("bytes, at most 2000)")
    assert rows[2][0] == "wrong.json" and rows[2][3] == "rounds: must be a whole number"


@needs_vboard
def test_a_push_cut_off_midway_leaves_the_old_ruleset_whole(tmp_path, shipped):
    # A UART-speed line, so the copy is surely under way when the host dies.
    with VBoard(tmp_path / "flash", baud=115200) as board:
        assert cli("push", str(SHIPPED), "--port", board.url).returncode == 0
        target = Path(board.flash) / "rulesets" / "timebomb.json"
        old = target.read_bytes()
        big = write(tmp_path / "timebomb.json", dict(shipped, name="Long Fuse"), pad=12000)
        cmd = [sys.executable, "-m", "tools", "ruleset", "push", str(big), "--port", board.url]
        proc = subprocess.Popen(cmd, cwd=ROOT, start_new_session=True)
        partial = target.with_name("timebomb.json.new")
        deadline = time.monotonic() + 60
        while not (partial.exists() and partial.stat().st_size > 0):
            assert time.monotonic() < deadline and proc.poll() is None
            time.sleep(0.002)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        assert 0 < partial.stat().st_size < big.stat().st_size
        assert target.read_bytes() == old
        # The board still answers, lists the old ruleset as valid and the leftover as partial.
        listed = cli("list", "--port", board.url)
        assert listed.returncode == 0
        rows = [line.split()[:2] for line in listed.stdout.splitlines()]
        assert rows == [["ok", "timebomb.json"], ["PARTIAL", "timebomb.json.new"]]
        # A full push afterwards replaces it.
        assert cli("push", str(big), "--port", board.url).returncode == 0
        assert target.read_bytes() == big.read_bytes() and not partial.exists()
