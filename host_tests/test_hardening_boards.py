"""An unknown board is named the same way by every verb that takes one, with the known boards."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools import boards

ROOT = Path(__file__).resolve().parents[1]


def cli(*args):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "tools", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


def test_the_lookup_lists_the_known_boards():
    with pytest.raises(OSError) as e:
        boards.profile("nonsense")
    known = sorted(p.stem for p in (ROOT / "boards").glob("*.json"))
    assert str(e.value) == "no board profile 'nonsense' (have: %s)" % ", ".join(known)
    assert boards.load("sim")["display"]["driver"] == "sim"


@pytest.mark.parametrize(
    "args",
    [
        ("sim", "--board", "nonsense", "--script", os.devnull),
        ("deploy", "--board", "nonsense", "--port", "socket://127.0.0.1:9"),
    ],
)
def test_sim_and_deploy_name_an_unknown_board_alike(args):
    res = cli(*args)
    known = ", ".join(boards.names())
    assert res.returncode == 1
    assert res.stderr.splitlines()[-1] == "%s: no board profile 'nonsense' (have: %s)" % (
        args[0],
        known,
    )
