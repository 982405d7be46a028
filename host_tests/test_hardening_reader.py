"""One reader for rulesets on host and board: `ruleset check` runs the device's catalog.parse
(its size, nesting and duplicate-key limits) then core, and says the same as the board, on
the MicroPython unix port, file by file, in one line each."""

import json
import os
import subprocess
import sys

import pytest

from core import ruleset
from firmware import catalog
from tools.board import rulesets
from tools.runtimes import MICROPYTHON, ROOT, compiled

SHIPPED = ROOT / "firmware" / "rulesets" / "timebomb.json"
TEXT = SHIPPED.read_text()

# Read each file with the board's own loader, as the device does at boot and in a game's list.
_BOARD = """import sys
from firmware import catalog
for p in sys.argv[1:]:
    try:
        catalog.read(p)
        print(p + ': OK')
    except ValueError as e:
        print(p + str(e)[len(p.split('/')[-1]):])
"""


def cli(*args, cwd):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "tools", "ruleset", "check", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
    )


def board(paths, cwd):
    """What the board's loader says of each file (MicroPython unix port, compiled code)."""
    compiled("core")
    compiled("firmware")
    env = dict(os.environ, MICROPYPATH=str(compiled("core")))
    res = subprocess.run(
        [str(MICROPYTHON), "-X", "heapsize=192k", "-c", _BOARD, *paths],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    return res.stdout.splitlines()


def with_roles(key, value='{"sherlock": 3, "moriarty": 1}'):
    """timebomb.json with one more entry in "roles", spelt as raw JSON text."""
    at = TEXT.index('"roles": {') + len('"roles": {')
    return TEXT[:at] + json.dumps(key) + ": " + value + ", " + TEXT[at:]


FILES = {
    "deep.json": "[" * 5000 + "]" * 5000 + "\n",
    "deep-roles.json": with_roles("4", "[" * 1000 + "]" * 1000),
    "superscript.json": with_roles("\u00b2"),
    "arabic-four.json": with_roles("\u0664"),
    "leading-zero.json": with_roles("04"),
    "game-twice.json": TEXT.rstrip()[:-1] + ', "game": "timebomb"}\n',
    "escaped-twice.json": with_roles("\\u0034").replace('"\\\\u0034"', '"\\u0034"'),
    "good.json": TEXT,
}
WANT = {
    "deep.json": "deep.json: 0.0.0.0.0.0.0.0.0.0.0.0: too deeply nested to read",
    "deep-roles.json": "deep-roles.json: roles.4.0.0.0.0.0.0.0.0.0.0: too deeply nested to read",
    "superscript.json": "superscript.json: roles.\u00b2: must be a player count",
    "arabic-four.json": "arabic-four.json: roles.\u0664: must be a player count",
    "leading-zero.json": "leading-zero.json: roles.04: must be a player count",
    "game-twice.json": "game-twice.json: game: key given twice",
    "escaped-twice.json": "escaped-twice.json: roles.4: key given twice",
}


@pytest.fixture
def files(tmp_path):
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("name", sorted(WANT))
def test_each_reproduction_gives_one_line_and_the_next_file_is_still_checked(files, name):
    res = cli(name, "good.json", cwd=files)
    assert res.returncode == 1 and not res.stderr, res.stderr[-2000:]
    assert res.stdout.splitlines() == [WANT[name], "2 files: 1 valid, 1 broken"]


def test_the_board_and_the_host_give_the_same_verdict_and_reason(files, monkeypatch):
    names = list(FILES)
    monkeypatch.chdir(files)  # check_file keeps the path as given
    host = [rulesets.check_file(n) for n in names]
    assert board(names, files) == [
        h[0] if h else n + ": OK" for n, h in zip(names, host, strict=True)
    ]
    assert [h[0] for h in host if h] == [WANT[n] for n in names if n in WANT]


def test_nesting_is_refused_before_any_parser_recurses(tmp_path):
    # Python's json would raise RecursionError far below 5000 levels; the reader never asks it.
    inside = "[" * ruleset.MAX_DEPTH + "]" * ruleset.MAX_DEPTH
    (tmp_path / "ok.json").write_text(inside)
    assert catalog.parse(str(tmp_path / "ok.json")) == json.loads(inside)
    (tmp_path / "over.json").write_text("[" + inside + "]")
    with pytest.raises(ValueError, match="over.json: .*: too deeply nested to read$"):
        catalog.parse(str(tmp_path / "over.json"))


def test_a_key_may_repeat_in_different_objects_and_as_a_value(tmp_path):
    obj = json.loads(TEXT)
    obj["description"] = "game"  # a value equal to a key is no duplicate
    (tmp_path / "r.json").write_text(json.dumps(obj))
    assert catalog.parse(str(tmp_path / "r.json")) == obj  # "safe" in every wires row too


def test_check_reports_every_fault_of_a_file_up_to_a_bound(tmp_path):
    obj = json.loads(TEXT)
    obj.update(name=5, description=7, extra=1, hand=99)
    (tmp_path / "many.json").write_text(json.dumps(obj))
    res = cli("many.json", cwd=tmp_path)
    assert res.stdout.splitlines() == [
        "many.json: name: must be a text",
        "many.json: description: must be a text",
        "many.json: extra: unknown field",
        "many.json: hand: must be 1..8",
        "1 file: 0 valid, 1 broken",
    ]
    wide = {"extra%d" % i: i for i in range(3 * rulesets.MAX_FAULTS)}
    assert len(rulesets.faults(dict(json.loads(TEXT), **wide))) == rulesets.MAX_FAULTS


def test_a_missing_file_keeps_its_path_as_given(tmp_path):
    res = cli("does-not-exist.json", "sub/../also-missing.json", cwd=tmp_path)
    assert res.stdout.splitlines() == [
        "does-not-exist.json: cannot read: No such file or directory",
        "sub/../also-missing.json: cannot read: No such file or directory",
        "2 files: 0 valid, 2 broken",
    ]
