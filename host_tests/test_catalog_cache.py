"""The validated-ruleset cache (firmware/rulecache.py, data/rulesets.cache): a list opens without
validating unchanged files, and any change to a file, to the set of files or to the cache itself
makes the list validate again, never trust the cache. The same script runs on CPython and on the
MicroPython unix port, in a folder laid out as the board's flash (rulesets/, data/)."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from host_tests.support.unixport import micropython

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = r"""
import json, os, sys
from firmware import rulecache as catalog  # its scan() and check() are catalog's, cached

checked = []  # the paths core validated, in order
parsed = []  # the paths the scan parsed (not vouched for by the cache)
_check = catalog._check
_scanned = catalog._scanned

def counting(e):
    checked.append(e.path.split("/")[-1])
    _check(e)

def parsing(path, fn):
    parsed.append(fn)
    return _scanned(path, fn)

catalog._check = counting
catalog._scanned = parsing

def listing(game):
    del checked[:]
    del parsed[:]
    es = catalog.check(catalog.scan(), game)
    return {
        "checked": sorted(checked),
        "parsed": sorted(parsed),
        "rows": [[e.path.split("/")[-1], e.name, e.short, e.order, e.error] for e in es],
        "loaded": ("core." + game) in sys.modules,
    }

def out(key, value):
    print(key, json.dumps(value))

def write(path, text):
    f = open(path, "w")
    f.write(text)
    f.close()

def read(path):
    f = open(path)
    t = f.read()
    f.close()
    return t

out("first", listing("itsabomb"))  # no cache yet: every file is validated
out("again", listing("itsabomb"))  # all cached: none is, and the game's code is not loaded
out("other", listing("timebomb"))  # another game's files join the same cache
out("both", listing("itsabomb"))

night = "rulesets/itsabomb-night.json"
text = read(night)
obj = json.loads(text)
obj["name"] = obj["name"] + " II"  # a longer file: its size changed
write(night, json.dumps(obj))
out("size", listing("itsabomb"))

# The same number of bytes, another content: only the CRC tells.
obj["name"] = obj["name"][:-3] + " IV"
write(night, json.dumps(obj))
out("same_size", listing("itsabomb"))

# Broken on the same size: the cache must not keep calling it good.
t = read(night)
write(night, t.replace('"players"', '"playerz"', 1))
out("broken", listing("itsabomb"))
out("broken_again", listing("itsabomb"))  # a broken file is cached broken, with its reason

os.remove("rulesets/itsabomb-hard.json")
out("removed", listing("itsabomb"))
out("cache_paths", sorted(catalog.load_cache()))

write("rulesets/itsabomb-new.json", text)
out("added", listing("itsabomb"))

write(catalog.CACHE, "{not json")  # a torn cache with no good .bak copy
try:
    os.remove(catalog.CACHE + ".bak")
except OSError:
    pass
out("corrupt", listing("itsabomb"))
out("rebuilt", listing("itsabomb"))

# A cache that parses but lies about a field's type is not trusted either.
env = json.loads(read(catalog.CACHE))
for v in env["data"]["files"].values():
    v[4] = "first"
write(catalog.CACHE, json.dumps(env))
out("bad_field", listing("itsabomb"))

# A stale entry: the cache vouches for an old size and CRC of a file that has changed since.
env = json.loads(read(catalog.CACHE))
v = env["data"]["files"]["rulesets/itsabomb.json"]
v[0] += 1
v[2] = "Stale name"
write(catalog.CACHE, json.dumps(env))
out("stale", listing("itsabomb"))
"""


def flash(tmp_path):
    d = tmp_path / "flash"
    shutil.copytree(ROOT / "firmware" / "rulesets", d / "rulesets")
    (d / "data").mkdir()
    return d


def run(cmd, cwd, env):
    res = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    out = {}
    for line in res.stdout.splitlines():
        key, _, value = line.partition(" ")
        out[key] = json.loads(value)
    return out


def on_cpython(tmp_path):
    d = flash(tmp_path)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return run([sys.executable, "-c", SCRIPT], d, env)


def on_unix_port(tmp_path):
    d = flash(tmp_path)
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    return run([micropython(), "-X", "heapsize=512k", "-c", SCRIPT], d, env)


@pytest.fixture(scope="module", params=["cpython", "micropython"])
def res(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(request.param)
    return on_cpython(tmp) if request.param == "cpython" else on_unix_port(tmp)


IAB = sorted(p.name for p in (ROOT / "firmware" / "rulesets").glob("itsabomb*.json"))


def test_a_list_is_validated_once_then_opens_from_the_cache(res):
    assert res["first"]["checked"] == IAB
    assert res["again"]["checked"] == []
    assert res["again"]["rows"] == res["first"]["rows"]
    assert res["again"]["loaded"] is False  # the validator was never imported
    assert res["other"]["checked"] == ["timebomb.json"]
    assert res["both"]["checked"] == []  # writing Time Bomb's kept It's a Bomb!'s entries
    # The boot's scan does not even parse a file the cache vouches for.
    assert set(res["first"]["parsed"]) >= set(IAB) | {"timebomb.json"}
    assert not set(res["both"]["parsed"]) & (set(IAB) | {"timebomb.json"})


def test_a_file_whose_size_changed_is_validated_again(res):
    assert res["size"]["checked"] == ["itsabomb-night.json"]
    assert "itsabomb-night.json" in res["size"]["parsed"]
    names = [r[1] for r in res["size"]["rows"]]
    assert any(n.endswith(" II") for n in names), names


def test_same_size_other_content_is_validated_again(res):
    assert res["same_size"]["checked"] == ["itsabomb-night.json"]
    names = [r[1] for r in res["same_size"]["rows"]]
    assert any(n.endswith(" IV") for n in names), names


def test_a_file_broken_since_is_listed_broken_and_stays_so(res):
    assert res["broken"]["checked"] == ["itsabomb-night.json"]
    bad = [r for r in res["broken"]["rows"] if r[4]]
    assert [r[0] for r in bad] == ["itsabomb-night.json"]
    assert bad[0][4].startswith("itsabomb-night.json: ")
    assert res["broken_again"]["checked"] == []
    assert res["broken_again"]["rows"] == res["broken"]["rows"]


def test_a_removed_file_leaves_the_list_and_the_cache(res):
    assert res["removed"]["checked"] == []
    assert "itsabomb-hard.json" not in [r[0] for r in res["removed"]["rows"]]
    assert "rulesets/itsabomb-hard.json" not in res["cache_paths"]
    assert "rulesets/timebomb.json" in res["cache_paths"]


def test_an_added_file_is_validated(res):
    assert res["added"]["checked"] == ["itsabomb-new.json"]


def test_a_corrupt_or_lying_cache_is_rebuilt_not_trusted(res):
    n = len(res["added"]["rows"])
    assert len(res["corrupt"]["checked"]) == n
    assert res["rebuilt"]["checked"] == []
    assert len(res["bad_field"]["checked"]) == n


def test_a_stale_entry_is_validated_again(res):
    assert res["stale"]["checked"] == ["itsabomb.json"]
    assert "Stale name" not in [r[1] for r in res["stale"]["rows"]]
