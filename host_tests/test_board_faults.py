"""Faults on the emulated Pico (tools/pico/): ruleset pushes (valid, broken, cut by a hard reset)
and hard resets at random moments of a game, many of them inside a save."""

import json
import random
import threading
import time
from pathlib import Path

import pytest

from core import games
from core import ruleset as rules
from host_tests.support.board import board_run, boot_to_menu, booted, patient_mpremote
from tools.board import rulesets
from tools.pico.driver import PicoPlayer
from tools.play.driver import open_game, step

pytestmark = pytest.mark.board

ROOT = Path(__file__).resolve().parents[1]
SEED = 5
# Hard resets in one Time Bomb game: each boot and resume costs ~15-25 s of host time, so `make
# test` cuts twice (the first inside a save) and `make bench BENCH=soak` 8 times.
CUTS = (2, pytest.param(8, marks=pytest.mark.soak))


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    with patient_mpremote():
        p = booted(tmp_path_factory, "pico-faults")
        yield p
        p.close()


def listing(p):
    p.go()
    """The board's own rulesets folder (the rows a push can leave), by file name."""
    rows = rulesets.listing(p.url)
    return {fn: (name, err) for fn, _size, name, err, shipped in rows if not shipped}


@pytest.mark.timeout(240)
def test_pushes_valid_broken_and_cut_by_a_hard_reset_leave_only_whole_valid_rulesets(
    board, tmp_path
):
    p = board
    base = json.loads((ROOT / "firmware" / "rulesets" / "timebomb.json").read_text())
    good = tmp_path / "timebomb-pico.json"
    good.write_text(json.dumps(dict(base, name="Time Bomb (pico)")))
    broken = tmp_path / "timebomb-broken.json"
    broken.write_text(json.dumps(dict(base, name="Broken", roles={"4": [0]})))
    say = []
    p.go()
    assert rulesets.push([str(good)], p.url, out=say.append) == 0, say
    assert rulesets.push([str(broken)], p.url, out=say.append) == 1, say  # refused on the host
    # A push big enough for several execs, cut by a hard reset once writing has begun.
    big = tmp_path / "timebomb-big.json"
    text = json.dumps(dict(base, name="Time Bomb (big)"))
    big.write_text(text[:-1] + " " * (rules.MAX_BYTES - len(text) - 64) + "}")
    before = p.info()["flash"]["programs"]
    result = []
    pusher = threading.Thread(target=lambda: result.append(_push(big, p.url)))
    pusher.start()
    deadline = time.monotonic() + 90
    while p.info()["flash"]["programs"] < before + 12 and time.monotonic() < deadline:
        time.sleep(0.05)
    p.reset()
    pusher.join(timeout=60)
    assert result and result[0] != 0, "the push was not cut: %s" % result
    boot_to_menu(p)
    rows = listing(p)
    assert "timebomb-broken.json" not in rows
    assert rows["timebomb-pico.json"] == ("Time Bomb (pico)", None)
    for fn, (_name, err) in rows.items():
        if fn.endswith(".new"):  # a cut copy stays under its temporary name, flagged
            assert err == "partial copy from an interrupted push", (fn, err)
        else:
            assert err is None, (fn, err)  # every file the device would list is whole and valid
    assert "timebomb-big.json" not in rows or rows["timebomb-big.json"][1] is None


def _push(path, url):
    try:
        return rulesets.push([str(path)], url, out=lambda *a: None)
    except Exception as e:  # noqa: BLE001 (the cut drops the connection: any error is a cut)
        return repr(e)


def data_files(p):
    """{name: text} of every file under /data on the board."""
    out = board_run(
        p,
        "import os\nfor n in os.listdir('data'):\n"
        " print('==', n)\n print(open('data/' + n).read())",
    )
    files, cur = {}, None
    for line in out.split("\n"):
        line = line.rstrip("\r")
        if line.startswith("== "):
            cur = line[3:]
            files[cur] = ""
        elif cur is not None:
            files[cur] += line
    return files


_FILES = {}


def board_file(p, path):
    """A file's text from the board (the rulesets a save names), read once per path."""
    from tools.board import deploy

    if path not in _FILES:
        p.go()
        with deploy.Board(p.url) as b:
            _FILES[path] = b.read("/" + path).decode()
    return _FILES[path]


def valid(p, name, text):
    """True when a storage file is whole: its envelope parses and a game save rebuilds with the
    board's own copy of the ruleset it names."""
    try:
        env = json.loads(text)
        data = env["data"]
        if type(env.get("fusebox")) is not int:
            return False
        stem = name.split(".json")[0]
        if stem in games.IDS and not games.is_prop(stem):  # a game's save: data/<id>.json
            rs = rules.load(json.loads(board_file(p, data["ruleset"])))
            games.module(rs["game"]).Game.from_state(rs, data["state"])
    except (KeyError, TypeError, ValueError, OSError):
        return False
    return True


@pytest.mark.timeout(600)
@pytest.mark.parametrize("cuts", CUTS)
def test_hard_resets_at_random_moments_always_boot_offer_the_game_back_and_keep_data_valid(
    board, cuts
):
    p = board
    rnd = random.Random("pico-resets")
    # No save of an earlier run in this module (the short variant's game): the menu, not Resume?
    board_run(p, "import os\nfor n in os.listdir('data'):\n os.remove('data/' + n)")
    boot_to_menu(p, seed=SEED)
    pp = PicoPlayer(p)
    open_game(pp, 0, 0, 0)
    resumed = in_save = 0
    before = []  # the game's events up to the last resume (the saved log then)
    for cut in range(cuts):
        for _ in range(rnd.randrange(2, 6)):
            step(pp, rnd.randrange(3))
        # Cut inside the next save (after its first flash write begins) or at a random moment;
        # the first cut always inside a save.
        resets = p.info()["resets"]
        if cut == 0 or rnd.random() < 0.7:
            p.arm_cut(delay_us=rnd.randrange(0, 20000))
            for _ in range(12):
                step(pp, rnd.randrange(3))
                if p.info()["resets"] > resets:
                    in_save += 1
                    break
        else:
            t = p.now()
            p.press("OK", at=t)
            p.release("OK", at=t + 80)
            p.run(rnd.randrange(20, 1500))
        pp.sync()
        echoed = before + [t for t in pp.logs if t.startswith("ev ")]
        boot_to_menu(p)
        files = data_files(p)
        assert files, "no data/ files after the cut"
        for name, text in files.items():
            if name.endswith(".tmp"):
                continue  # a save cut before its rename: storage ignores it
            assert valid(p, name, text), (cut, name, text[:200])
        saved = files.get("timebomb.json") or files.get("timebomb.json.bak")
        log = ["ev " + " ".join(str(x) for x in e) for e in json.loads(saved)["data"]["log"]]
        assert log == echoed[: len(log)], (log[-3:], echoed[-3:])
        # At most the last action lost: one cut echoes its cut, maybe a new round, maybe the end.
        assert len(echoed) - len(log) <= 3, (log[-3:], echoed[-3:])
        before = log
        boot_to_menu(p)  # the app again (the file listing interrupted it)
        pp = PicoPlayer(p)
        pp.sync()
        shown = [t.lstrip("> ") for t in pp.logs] or [t.lstrip("> ") for _, t in p.lines[-3:]]
        said = [t.lstrip("> ") for _, t in p.lines[-6:]]
        assert "screen 2 ResumeScreen Resume?" in said, said
        pp.tap("OK")  # yes: the game comes back
        if pp.top() == "Notice":  # the last action's result first, when the cut was in its reveal
            pp.tap("OK")
        assert pp.top() not in ("SavesList", "Notice", "ResumeScreen"), (pp.top(), shown)
        resumed += 1
    assert resumed == cuts and in_save >= 1
