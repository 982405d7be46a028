"""Storage: atomic versioned JSON, power cuts at every step of a save, damaged files, .bak."""

import json
import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import SaveError
from firmware import storage
from host_tests.support.unixport import micropython

ROOT = Path(__file__).resolve().parents[1]


def test_round_trip_and_envelope(tmp_path):
    p = str(tmp_path / "game.json")
    obj = {"v": 3, "seats": ["Ann", "Bo"], "deck": [1, 2, 3], "nested": {"x": None}}
    storage.save(p, obj)
    assert storage.load(p) == obj
    assert json.loads(Path(p).read_text()) == {"fusebox": storage.FORMAT, "data": obj}
    assert not os.path.exists(p + ".tmp")


def test_the_previous_save_becomes_the_backup(tmp_path):
    p = str(tmp_path / "s.json")
    storage.save(p, {"n": 1})
    storage.save(p, {"n": 2})
    assert storage.load(p) == {"n": 2}
    assert json.loads(Path(p + ".bak").read_text())["data"] == {"n": 1}


def test_nothing_saved_is_an_oserror(tmp_path):
    with pytest.raises(OSError):
        storage.load(str(tmp_path / "none.json"))


def test_none_is_a_value_not_a_missing_file(tmp_path):
    p = str(tmp_path / "n.json")
    storage.save(p, None)
    assert storage.load(p) is None


def test_corrupt_file_falls_back_to_backup_with_a_notice(tmp_path):
    p = str(tmp_path / "s.json")
    storage.save(p, {"n": 1})
    storage.save(p, {"n": 2})
    Path(p).write_text('{"fusebox": 1, "data": {"n": ')  # torn by a flash fault
    assert storage.load(p) == {"n": 1}
    assert "s.json was damaged" in storage.last_notice
    assert "previous copy" in storage.last_notice
    storage.load(p + ".bak")
    assert storage.last_notice is None


def test_corrupt_without_backup_raises_a_clear_save_error(tmp_path):
    p = str(tmp_path / "s.json")
    Path(p).write_text("\x00\x00garbage")
    with pytest.raises(SaveError, match=r"s\.json: not valid JSON .*backup: missing"):
        storage.load(p)


def test_both_damaged(tmp_path):
    p = str(tmp_path / "s.json")
    Path(p).write_text("[1, 2]")
    Path(p + ".bak").write_text('{"fusebox": 99, "data": 1}')
    with pytest.raises(SaveError) as e:
        storage.load(p)
    assert "not a Fusebox save" in str(e.value) and "newer firmware (format 99)" in str(e.value)


def test_remove_clears_all_copies(tmp_path):
    p = str(tmp_path / "s.json")
    storage.save(p, 1)
    storage.save(p, 2)
    Path(p + ".tmp").write_text("x")
    storage.remove(p)
    assert list(tmp_path.iterdir()) == []
    storage.remove(p)  # nothing left: still fine


class PowerCut(Exception):
    pass


def cut_at(monkeypatch, n):
    """Make the n-th flash mutation of a save (writing the temp file counts as two: a torn
    half and the rest) fail like a power cut; returns the counter."""
    count = {"i": 0}

    def step():
        count["i"] += 1
        if count["i"] == n:
            raise PowerCut()

    real_open, real_rename, real_remove = open, os.rename, os.remove

    class TornFile:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, text):
            half = len(text) // 2
            self.f.write(text[:half])
            self.f.flush()
            step()
            self.f.write(text[half:])
            step()

    def fake_open(path, mode="r", *a, **k):
        f = real_open(path, mode, *a, **k)
        return TornFile(f) if "w" in mode else f

    def fake_rename(a, b):
        step()
        real_rename(a, b)

    def fake_remove(p):
        step()
        real_remove(p)

    monkeypatch.setattr(storage, "open", fake_open, raising=False)
    monkeypatch.setattr(storage.os, "rename", fake_rename)
    monkeypatch.setattr(storage.os, "remove", fake_remove)
    return count


@pytest.mark.parametrize("n", range(1, 7))
def test_power_cut_at_every_step_leaves_old_or_new(tmp_path, monkeypatch, n):
    p = str(tmp_path / "game.json")
    storage.save(p, {"turn": 1})
    storage.save(p, {"turn": 2})
    count = cut_at(monkeypatch, n)
    try:
        storage.save(p, {"turn": 3})
        finished = True
    except PowerCut:
        finished = False
    monkeypatch.undo()
    got = storage.load(p)
    # steps: torn half of the temp file, rest of it, drop old .bak, file -> .bak, temp -> file
    if n <= 5:
        assert count["i"] == n and not finished
        assert got == {"turn": 2}  # a cut anywhere before the last rename: the old content
    else:
        assert finished and got == {"turn": 3}
    # the next save after the reset works and wins
    storage.save(p, {"turn": 4})
    assert storage.load(p) == {"turn": 4}


def test_interrupted_after_the_temp_file_keeps_the_old_content(tmp_path, monkeypatch):
    p = str(tmp_path / "timer.json")
    storage.save(p, {"left": 60000})

    def no_rename(a, b):
        raise PowerCut()

    monkeypatch.setattr(storage.os, "rename", no_rename)
    with pytest.raises(PowerCut):
        storage.save(p, {"left": 1000})
    monkeypatch.undo()
    assert json.loads(Path(p + ".tmp").read_text())["data"] == {"left": 1000}
    assert storage.load(p) == {"left": 60000}
    assert storage.last_notice is None


@settings(max_examples=40, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers(-(2**29), 2**29) | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
        max_leaves=20,
    )
)
def test_any_json_value_round_trips(tmp_path_factory, obj):
    p = str(tmp_path_factory.mktemp("h") / "x.json")
    storage.save(p, obj)
    assert storage.load(p) == obj


def test_storage_on_micropython(tmp_path):
    script = """
from firmware import storage
from core.errors import SaveError
p = "s.json"
storage.save(p, {"a": [1, 2], "b": "x"})
storage.save(p, {"a": [3]})
print(storage.load(p))
f = open(p, "w")
f.write("{")
f.close()
print(storage.load(p), storage.last_notice)
f = open(p + ".bak", "w")
f.write("[]")
f.close()
try:
    storage.load(p)
except SaveError as e:
    print("SaveError", e)
storage.remove(p)
try:
    storage.load(p)
except OSError:
    print("none")
"""
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    res = subprocess.run(
        [micropython(), "-X", "heapsize=64k", "-c", script],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=tmp_path,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "{'a': [3]}"
    assert lines[1].startswith("{'a': [1, 2], 'b': 'x'} s.json was damaged (not valid JSON")
    assert lines[2] == (
        "SaveError s.json: not valid JSON (cut off while writing?); backup: not a Fusebox save"
    )
    assert lines[3] == "none"
