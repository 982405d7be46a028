"""Every game played around the table has a skin with the whole skin interface, and the
interface names everything the shared play flow calls on a skin."""

import ast
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core import games
from firmware.play import skin as base

ROOT = Path(__file__).resolve().parents[1]
TABLE_GAMES = [g[games.ID] for g in games.GAMES if not g[games.PROP]]

# The skins draw through framebuf: they are imported in a CPython with the sim's stand-in for it
# (tools/cpython_board), as the sim runs them, so this test process keeps no framebuf of its own.
ARITIES = """
import inspect, json, sys
from firmware.games import package
from firmware.play.skin import INTERFACE
out = {}
for name, _ in INTERFACE:
    fn = getattr(package(sys.argv[1], "skin"), name, None)
    out[name] = len(inspect.signature(fn).parameters) if callable(fn) else None
print(json.dumps(out))
"""


def _arity(fn):
    return len(inspect.signature(fn).parameters)


def _skin_arities(game):
    path = os.pathsep.join((str(ROOT), str(ROOT / "tools" / "cpython_board")))
    env = dict(os.environ, PYTHONPATH=path)
    res = subprocess.run(
        [sys.executable, "-c", ARITIES, game], capture_output=True, text=True, env=env, timeout=60
    )
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_each_table_game_has_a_skin_with_every_interface_function(game):
    got = _skin_arities(game)
    missing = [n for n, _ in base.INTERFACE if got[n] is None]
    assert missing == [], game + " skin lacks " + ", ".join(missing)
    want = {n: len(params.split()) for n, params in base.INTERFACE}
    assert got == want, game + ": parameters per function differ from firmware/play/skin.py"


def test_the_interface_names_every_skin_call_of_the_play_flow():
    called = set()
    for path in sorted((ROOT / "firmware" / "play").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                target = node.func.value
                # skin.x(...) and self.skin.x(...)
                if isinstance(target, ast.Name) and target.id == "skin":
                    called.add(node.func.attr)
                elif isinstance(target, ast.Attribute) and target.attr == "skin":
                    called.add(node.func.attr)
    assert called, "the scan found no skin call: the play flow moved?"
    names = {n for n, _ in base.INTERFACE}
    assert called <= names, sorted(called - names)
    assert names <= called, sorted(names - called)


def test_the_defaults_take_the_parameters_the_interface_lists():
    defaults = [(n, p) for n, p in base.INTERFACE if hasattr(base, n)]
    assert [n for n, _ in defaults] == [
        "private_choice", "action_lines", "result_sound", "log_line", "end_lines"
    ]  # fmt: skip
    for name, params in defaults:
        assert list(inspect.signature(getattr(base, name)).parameters) == params.split(), name


def test_the_defaults_ask_nothing_and_say_nothing():
    assert base.private_choice(None, 0) is None
    assert base.action_lines(None, [("x",)]) == []
    assert base.log_line(None, ("x",)) is None
    assert base.end_lines(None, {}) == []
    from firmware import buzzer

    assert base.result_sound([("x",)]) in buzzer.NAMES


def test_what_every_game_must_say_for_itself_has_no_default_but_is_documented():
    required = [n for n, _ in base.INTERFACE if not hasattr(base, n)]
    assert required == [
        "side_name", "happy", "private_lines", "status_lines", "turn_screen", "result_lines",
        "rules_lines",
    ]  # fmt: skip
    for name, params in base.INTERFACE:
        if name in required:
            assert "  " + name + "(" + params.replace(" ", ", ") + ")" in base.__doc__, name
