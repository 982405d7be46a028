"""Every game played around the table has a skin with the whole skin interface, and the
interface names everything the shared play flow calls on a skin.

The interface is what firmware/play/skin.py's docstring lists, `name(parameters)` on its own
line: the required functions first, then the ones it defines a default for."""

import ast
import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from core import games
from firmware.play import skin as base

ROOT = Path(__file__).resolve().parents[1]
TABLE_GAMES = [g for g in games.IDS if not games.is_prop(g)]
SIGNATURE = re.compile(r"^  (\w+)\(([\w, ]*)\)", re.M)
INTERFACE = {name: [p for p in params.split(", ") if p] for name, params in
             SIGNATURE.findall(base.__doc__)}  # fmt: skip
DEFAULTS = [
    "private_choice",
    "action_lines",
    "result_sound",
    "result_word",
    "log_line",
    "end_lines",
]

# The skins draw through framebuf: they are imported in a CPython with the sim's stand-in for it
# (tools/sim/cpython), as the sim runs them, so this test process keeps no framebuf of its own.
ARITIES = """
import inspect, json, sys
from firmware.games import package
out = {}
for name in json.loads(sys.argv[2]):
    fn = getattr(package(sys.argv[1], "skin"), name, None)
    out[name] = len(inspect.signature(fn).parameters) if callable(fn) else None
print(json.dumps(out))
"""


def _skin_arities(game):
    path = os.pathsep.join((str(ROOT), str(ROOT / "tools" / "sim" / "cpython")))
    env = dict(os.environ, PYTHONPATH=path)
    res = subprocess.run(
        [sys.executable, "-c", ARITIES, game, json.dumps(sorted(INTERFACE))],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def test_the_docstring_lists_the_interface():
    assert len(INTERFACE) == 13, sorted(INTERFACE)
    assert list(INTERFACE)[-len(DEFAULTS) :] == DEFAULTS


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_each_table_game_has_a_skin_with_every_interface_function(game):
    got = _skin_arities(game)
    missing = [n for n in INTERFACE if got[n] is None]
    assert missing == [], game + " skin lacks " + ", ".join(missing)
    want = {n: len(params) for n, params in INTERFACE.items()}
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
    assert called <= set(INTERFACE), sorted(called - set(INTERFACE))
    assert set(INTERFACE) <= called, sorted(set(INTERFACE) - called)


def test_the_defaults_are_defined_with_the_parameters_the_docstring_shows():
    for name in DEFAULTS:
        assert list(inspect.signature(getattr(base, name)).parameters) == INTERFACE[name], name


def test_what_every_game_must_say_for_itself_has_no_default():
    for name in INTERFACE:
        assert hasattr(base, name) == (name in DEFAULTS), name


def test_the_defaults_ask_nothing_and_say_nothing():
    assert base.private_choice(None, 0) is None
    assert base.action_lines(None, [("x",)]) == []
    assert base.log_line(None, ("x",)) is None
    assert base.end_lines(None, {}) == []
    from firmware import buzzer

    assert base.result_sound([("x",)]) in buzzer.NAMES
