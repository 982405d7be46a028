"""Hostile rulesets through the device's own loader, under the board's heap, on the unix port.

For every game, 10,000 files are made on the host from the shipped rulesets of that game by a
seeded fuzzer (wrong types, huge and negative numbers, long strings, big lists and dicts, nesting,
deleted and unknown keys, truncated and garbled text, invalid UTF-8, files over the size limit).
One MicroPython process per batch runs the device's code (.mpy, `-X heapsize` of a Pico) on each
file: catalog.read, the device's loader (the size check, the nesting and duplicate-key pass,
json, then core's ruleset.load). Only ValueError reasons (RulesetError is one) may come out:
never a MemoryError, never another exception. The board's verdict (valid or not) must also match
the same loader's on CPython (what `ruleset check` runs) for the same file.
"""

import json
import os
import random
import subprocess
import types

import pytest

from core import games, ruleset
from firmware import catalog, strings
from tools.runtimes import MICROPYTHON, ROOT, compiled
from tools.sim.flash import make_flash
from tools.sim.lines import HEAP, errors, run, screens, tap

PER_GAME = 10_000
BATCH = 2_500
FOLDER = 250
MAX_DEPTH = 24  # nesting of generated values; far deeper files are pinned in their own test

# One process per folder of FOLDER files (a board lists its rulesets/ folder in RAM), each file
# on its own as catalog.read does it, with a collection between files as the catalog does.
_RUN = """import os, sys, gc
from firmware import catalog
root = sys.argv[1]
for fn in sorted(os.listdir(root)):
    p = root + '/' + fn
    gc.collect()
    try:
        try:
            catalog.read(p)
            r = 'OK'
        except ValueError as e:
            r = 'REFUSED ' + str(e)
    except MemoryError:
        r = 'MEMORY'
    except Exception as e:
        r = 'CRASH ' + type(e).__name__ + ' ' + str(e)
    print(fn, r.replace('\\n', '\\\\n'))
"""


LEAVES = (None, True, False, 0, -1, 1, 2, 7, 99, 2**30, 2**31, 2**63, 10**40, -(10**40))
LEAVES += (0.5, -0.0, 1e308, "", "x", "\u00e9\U0001f4a3", "\x00", "timebomb", "timer", "red")


def value(rnd, depth=0):
    """A hostile JSON value: odd leaves, long strings, big or nested containers."""
    r = rnd.random()
    if r < 0.55 or depth >= MAX_DEPTH:
        return rnd.choice(LEAVES)
    if r < 0.65:
        return "w" * rnd.choice((33, 201, 1000, 5000))
    if r < 0.75:
        return [rnd.randrange(-5, 12) for _ in range(rnd.choice((3, 50, 1500)))]
    if r < 0.82:
        return {"k%d" % i: i for i in range(rnd.choice((3, 40, 600)))}
    if r < 0.92:
        return [value(rnd, depth + 1) for _ in range(rnd.randrange(0, 4))]
    return {rnd.choice(("name", "seats", "x", "")): value(rnd, depth + 1)}


def nodes(obj, path=()):
    """Every (path, node) in a JSON tree."""
    yield path, obj
    if type(obj) is dict:
        for k, v in obj.items():
            yield from nodes(v, path + (k,))
    elif type(obj) is list:
        for i, v in enumerate(obj):
            yield from nodes(v, path + (i,))


def mutate(rnd, obj):
    """One change at a random place of the tree (in place; the root may be replaced)."""
    spots = list(nodes(obj))
    path, node = rnd.choice(spots)
    r = rnd.random()
    if not path or r < 0.05:
        return value(rnd) if r < 0.02 else obj
    parent = obj
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if r < 0.45:
        parent[key] = value(rnd)
    elif r < 0.6:
        del parent[key]
    elif r < 0.7 and type(node) is int:
        parent[key] = rnd.choice((node + 1, node - 1, -node, node * 1000, 0))
    elif r < 0.78 and type(node) is list and node:
        parent[key] = node * rnd.choice((2, 9, 60))
    elif r < 0.86:
        _, other = rnd.choice(spots)  # a value from elsewhere in the same ruleset
        parent[key] = json.loads(json.dumps(other))
    elif type(parent) is dict:
        parent[rnd.choice(("extra", "seats2", "", "x" * 40))] = value(rnd)
    else:
        parent.insert(rnd.randrange(len(parent) + 1), value(rnd))
    return obj


def text_damage(rnd, data):
    r = rnd.random()
    if r < 0.4:
        return data[: rnd.randrange(len(data))]
    if r < 0.7:
        b = bytearray(data)
        for _ in range(rnd.randrange(1, 6)):
            b[rnd.randrange(len(b))] = rnd.randrange(256)
        return bytes(b)
    if r < 0.85:
        return b"\xff\xfe" + data
    return data.replace(b":", b"", 1)


def oversize(rnd, data):
    """Just over the limit: padding, or nesting that would exhaust a parser that tried."""
    if rnd.random() < 0.5:
        return data + b" " * (ruleset.MAX_BYTES + 1 - len(data))
    n = ruleset.MAX_BYTES // 2 + rnd.randrange(1, 50)
    return b"[" * n + b"]" * n


def make_files(game, folder, n, seed):
    """n fuzzed files for `game`; returns {file name: bytes}."""
    bases = []
    for p in sorted((ROOT / "firmware" / "rulesets").glob("*.json")):
        obj = json.loads(p.read_text())
        if obj.get("game") == game:
            bases.append(obj)
    assert bases, game
    rnd = random.Random("%s-%d" % (game, seed))
    made = {}
    for i in range(n):
        obj = json.loads(json.dumps(rnd.choice(bases)))
        for _ in range(rnd.choice((1, 1, 1, 2, 3))):
            obj = mutate(rnd, obj)
        data = json.dumps(obj, indent=rnd.choice((None, 1))).encode()
        r = rnd.random()
        if r < 0.1:
            data = text_damage(rnd, data)
        elif r < 0.13:
            data = oversize(rnd, data)
        name = "%s-%05d.json" % (game, i)
        sub = folder / ("f%02d" % (i // FOLDER))
        sub.mkdir(exist_ok=True)
        (sub / name).write_bytes(data)
        made[name] = data
    return made


def host_verdict(data, tmp_path):
    """What the device's loader on CPython says of these bytes: 'OK', a reason, or None if it
    cannot say (the two json parsers may differ on odd bytes; the board must still refuse)."""
    if len(data) > ruleset.MAX_BYTES:
        return None
    try:
        json.loads(data)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    path = tmp_path / "host.json"
    path.write_bytes(data)
    try:
        catalog.read(str(path))
        return "OK"
    except ValueError as e:
        return str(e)


def run_board(folder):
    """The runner's output lines for every sub-folder of folder, two processes at a time."""
    env = dict(os.environ, MICROPYPATH=str(compiled("core")))
    cmd = [str(MICROPYTHON), "-X", "heapsize=" + HEAP, "-c", _RUN]
    lines = []
    subs = sorted(folder.iterdir())
    for i in range(0, len(subs), 2):
        procs = [
            subprocess.Popen(cmd + [str(sub)], stdout=subprocess.PIPE, env=env)
            for sub in subs[i : i + 2]
        ]
        for proc in procs:
            raw, _ = proc.communicate(timeout=300)
            out = raw.decode("utf-8", "replace")
            assert proc.returncode == 0, out[-3000:]
            # One line a file, ended by "\n" only: a reason may quote a key holding "\r" (which
            # text-mode pipes turn into a newline) or \x1c, \x85... (str.splitlines() splits
            # at those), so the bytes are read as they are and split at "\n" alone.
            lines.extend(x for x in out.split("\n") if x)
    return lines


GAMES = games.IDS


@pytest.mark.parametrize("game", GAMES)
def test_fuzzed_rulesets_give_only_reasons_on_the_board(game, tmp_path, monkeypatch):
    compiled("firmware")
    # The host's verdicts need the loader, not its collections: on CPython, in pytest's large
    # heap, catalog's gc.collect() after each game module it unloads cost more than the loading.
    monkeypatch.setattr(catalog, "gc", types.SimpleNamespace(collect=lambda: 0))
    toolarge = strings.get("e.toolarge")
    stats = {"OK": 0, "REFUSED": 0}
    for b in range(PER_GAME // BATCH):
        folder = tmp_path / ("b%d" % b)
        folder.mkdir()
        made = make_files(game, folder, BATCH, b)
        lines = run_board(folder)
        verdicts = dict(x.split(" ", 1) for x in lines)
        assert sorted(verdicts) == sorted(made)
        for name, got in verdicts.items():
            data = made[name]
            assert got == "OK" or got.startswith("REFUSED "), (name, got, data[:300])
            stats[got.split(" ")[0]] += 1
            if len(data) > ruleset.MAX_BYTES:
                assert got.startswith("REFUSED %s: %s (" % (name, toolarge)), (name, got)
                continue
            assert got == "OK" or ": " in got, (name, got)  # a reason names where the fault is
            host = host_verdict(data, tmp_path)
            if host is not None:
                # Same verdict; the reason may name another of several faults, as dicts iterate
                # in another order on MicroPython.
                assert (got == "OK") == (host == "OK"), (name, got, host, data[:300])
    print(game, stats)
    # The fuzz reaches deep into validation: plenty refused, and some mutants still valid.
    assert stats["REFUSED"] > PER_GAME // 3 and stats["OK"] > 0, stats


def boots_with(tmp_path, files):
    """Boot the device with extra files in rulesets/; return the output lines."""
    flash = make_flash(tmp_path / "flash")
    for name, data in files.items():
        (flash / "rulesets" / name).write_bytes(data)
    return run(flash, ["wait 300"] + tap("OK") + ["wait 300"])


def test_the_device_boots_with_hostile_rulesets_on_its_flash(tmp_path):
    folder = tmp_path / "fuzz"
    folder.mkdir()
    made = make_files("timebomb", folder, 20, 99)
    out = boots_with(tmp_path, {n: d for n, d in made.items() if len(d) < 4000})
    assert not errors(out), errors(out)[:3]
    assert screens(out)[0] == (1, "SavesList", "Fusebox"), screens(out)
    assert screens(out)[-1][:2] == (2, "SavesList"), screens(out)  # the game list opened


def test_deep_nesting_under_the_size_limit_is_refused_not_fatal(tmp_path):
    n = ruleset.MAX_BYTES // 4
    out = boots_with(tmp_path, {"deep.json": b"[" * n + b"]" * n})
    assert not errors(out) and screens(out)[0][1] == "SavesList", out[-5:]


def test_long_descriptions_on_many_files_do_not_exhaust_the_boot(tmp_path):
    obj = json.loads((ROOT / "firmware" / "rulesets" / "timebomb.json").read_text())
    obj["description"] = "d" * (ruleset.MAX_BYTES - 1000)
    files = {"long%02d.json" % i: json.dumps(obj).encode() for i in range(12)}
    out = boots_with(tmp_path, files)
    assert not errors(out) and screens(out)[0][1] == "SavesList", out[-5:]
