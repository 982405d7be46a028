"""names push/pull: the table's seat names typed on the host, sent over mpremote to the board's
settings file (accents kept, the other settings untouched), and read back."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tools.board import names
from tools.vboard.server import VBoard, find_micropython

ROOT = Path(__file__).resolve().parents[1]
needs_vboard = pytest.mark.skipif(not find_micropython(), reason="no MicroPython unix port")


def cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "tools", "names", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_bad_names_are_refused_before_the_board_is_contacted():
    with pytest.raises(ValueError, match="name 2"):
        names.parse("Ana,,Ben")
    with pytest.raises(ValueError, match="9 names for 8 seats"):
        names.parse(",".join("N%d" % i for i in range(9)))
    with pytest.raises(ValueError, match="name 1"):
        names.parse("Bartholomew")
    assert names.parse(" Ana, Ben ,Chloé") == ["Ana", "Ben", "Chloé"]


@needs_vboard
def test_push_then_pull_round_trips_and_keeps_the_accents(tmp_path):
    with VBoard(tmp_path / "flash") as board:
        settings = Path(board.flash) / "data" / "settings.json"
        settings.parent.mkdir(parents=True, exist_ok=True)
        before = {"v": 1, "sound": False, "volume": 3, "brightness": 2, "hide": 10, "names": []}
        settings.write_text(json.dumps({"fusebox": 1, "data": before}))
        res = cli("push", "Ana,Ben,Chloé,Jürgen", "--port", board.url)
        assert res.returncode == 0, res.stderr
        raw = settings.read_bytes()
        assert "Chloé".encode() in raw and "Jürgen".encode() in raw  # UTF-8 in the file
        data = json.loads(raw.decode("utf-8"))["data"]
        assert data["names"] == ["Ana", "Ben", "Chloé", "Jürgen", "P5", "P6", "P7", "P8"]
        assert (data["sound"], data["volume"], data["brightness"], data["hide"]) == (
            False,
            3,
            2,
            10,
        )
        assert not any(p.suffix == ".new" for p in settings.parent.iterdir())
        res = cli("pull", "--port", board.url)
        assert res.returncode == 0, res.stderr
        assert res.stdout.strip() == "Ana,Ben,Chloé,Jürgen,P5,P6,P7,P8"


@needs_vboard
def test_push_to_a_board_without_settings_starts_from_the_defaults(tmp_path):
    with VBoard(tmp_path / "flash") as board:
        assert cli("push", "Zoé", "--port", board.url).returncode == 0
        assert cli("pull", "--port", board.url).stdout.strip() == "Zoé,P2,P3,P4,P5,P6,P7,P8"
        res = cli("push", "Ana,,Ben", "--port", board.url)
        assert res.returncode == 1 and "nothing sent" in res.stdout
