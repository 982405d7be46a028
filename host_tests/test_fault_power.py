"""Power cuts during games: the sim board is killed at random points, many of them inside a save.

For every game that has screens, one seeded game is played through by what the screen says (the
reference), and the exact input lines are kept. Each cut replays those lines into a fresh boot on
the same flash and SIGKILLs it right after a random echo of the game (`ev ...`, printed just
before the save) plus a random few hundred microseconds, or after a random output line, or (one
cut in five) stepped after the echo until that save's temporary file is on the flash. Then:
every save on the flash parses and validates (or its .bak does), the saved game log is a prefix
of the echoed one and at most one action short of it, and the next boot shows the menu or the
resume prompt, from which the game goes on. Each game's cuts must have left a temporary file
and lost a last action at least once each: cuts that never landed inside a save would show none.
"""

import json
import os
import random
import signal
import time

import pytest

from core import games
from core import ruleset as rules
from host_tests.support.faults import GAME_HEAP
from tools.play import driver as playdriver
from tools.play.driver import GROUP_ROWS, Recorder, games_with_screens
from tools.sim import flash as mpy_flash
from tools.sim.lines import echoed, errors, popen, run, screens, tap

GAMES = games_with_screens()
CUTS = 200  # at least this many kills over all games
GAME_SAVES = tuple(g + ".json" for g in GAMES)  # one save a game (firmware/storage.game_save)
SAVES = GAME_SAVES + ("settings.json", "timer.json")


def reference(game, seed, flash):
    """(input lines, full output) of one whole game of the group's first ruleset."""
    env = {"FUSEBOX_SEED": str(seed)}
    sp = Recorder(
        board="pico-ssd1306",
        heap=GAME_HEAP,
        flash=str(flash),
        env=env,
        populate=mpy_flash.populate,
    )
    with sp:
        playdriver.open_game(sp, GROUP_ROWS[game])
        playdriver.play_to_end(sp, lambda i: (i * 7 + i // 5) % 3)
        assert not [t for t in sp.logs if t.startswith("error")], sp.logs[-6:]
    out = run(flash, sp.sent, seed=seed, heap=GAME_HEAP)  # the blind replay is the reference
    return sp.sent, out


def groups(out):
    """Echoed events split into actions: one act's events are printed back to back."""
    acts, cur = [], []
    for line in out:
        if line.startswith("log ev "):
            cur.append(line[4:])
        elif cur:
            acts.append(cur)
            cur = []
    if cur:
        acts.append(cur)
    return acts


def envelope(path):
    """The data inside a storage file, or None when it is torn, foreign or missing."""
    try:
        env = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    if type(env) is not dict or type(env.get("fusebox")) is not int or "data" not in env:
        return None
    return env["data"]


def valid_game(flash, data):
    """True when the save rebuilds a game with core, as the device's resume does."""
    try:
        rs = rules.load(json.loads((flash / data["ruleset"]).read_text()))
        games.module(rs["game"]).Game.from_state(rs, data["state"])
    except (KeyError, TypeError, ValueError, OSError):
        return False
    return data.get("v") == 1 and type(data.get("log")) is list


def good_copy(flash, name):
    """The first good copy of a save (the file, else its .bak); None when neither is good."""
    for suffix in ("", ".bak"):
        data = envelope(flash / "data" / (name + suffix))
        if data is None:
            continue
        if name not in GAME_SAVES or valid_game(flash, data):
            return data
    return None


def cut(flash, lines, seed, rnd, ref_out):
    """One power cut: replay, kill at a random point; return the output the board had sent.
    Most cuts come a random few hundred microseconds after a random echo (or output line); one
    in five comes the moment a save's temporary file is seen on the flash after that echo, so
    some cuts surely land inside a save (the test requires that some did)."""
    data = flash / "data"
    for p in data.iterdir():
        p.unlink()
    n_ev = len(echoed(ref_out))
    mode = rnd.random()
    by_echo = mode < 0.7 or mode >= 0.8
    in_save = mode >= 0.8
    target = rnd.randrange(1, n_ev) if by_echo else rnd.randrange(1, len(ref_out) - 20)
    proc = popen(flash, seed, GAME_HEAP)
    out, seen = [], 0
    if in_save:
        # Line by line, each answered (`sync`) before the next: the board then waits for input
        # right after each step, so the echo seen is the step under way, not one far behind.
        for i, line in enumerate(lines):
            proc.stdin.write("%s\nsync %d\n" % (line, i))
            proc.stdin.flush()
            while seen < target:
                said = proc.stdout.readline().rstrip("\n")
                out.append(said)
                seen += said.startswith("log ev ") or said.startswith("log seen ")
                if said == "synced %d" % i or not said:
                    break
            if seen >= target:
                break
        # The board stopped (SIGSTOP) and let run a few microseconds at a time until that
        # step's save has its temporary file on the flash: the kill lands while it is written.
        for _ in range(3000):
            proc.send_signal(signal.SIGSTOP)
            os.waitpid(proc.pid, os.WUNTRACED)
            if any(e.name.endswith(".tmp") for e in os.scandir(data)):
                break
            proc.send_signal(signal.SIGCONT)
            time.sleep(20e-6)
    else:
        proc.stdin.write("\n".join(lines) + "\n")  # no quit: the kill ends it
        proc.stdin.flush()
        for line in proc.stdout:
            out.append(line.rstrip("\n"))
            if by_echo:
                seen += line.startswith("log ev ") or line.startswith("log seen ")
            else:
                seen += 1
            if seen >= target:
                break
        time.sleep(rnd.randrange(0, 800) / 1e6)  # land inside the save, or just after it
    proc.send_signal(signal.SIGKILL)
    proc.stdin.close()
    rest = proc.stdout.read()  # through the same reader: lines it had read ahead come first
    proc.wait()
    proc.stdout.close()
    return out + rest.split("\n")


@pytest.mark.parametrize("game", GAMES)
def test_power_cuts_never_corrupt_a_save_nor_lose_more_than_the_last_action(game, tmp_path):
    seed = 11 + GROUP_ROWS[game]
    flash = tmp_path / "flash"
    lines, ref_out = reference(game, seed, flash)
    ref_ev = [e for e in echoed(ref_out) if e.startswith("ev ")]
    assert len(echoed(ref_out)) >= 8 and not errors(ref_out), ref_out[-20:]
    rnd = random.Random("power-" + game)
    stats = {"tmp left": 0, "only .bak": 0, "last action lost": 0, "resumed": 0, "recap": 0}
    for _ in range(-(-CUTS // len(GAMES))):
        out = cut(flash, lines, seed, rnd, ref_out)
        assert not errors(out), errors(out)[:3]
        data_dir = flash / "data"
        stats["tmp left"] += any(p.suffix == ".tmp" for p in data_dir.iterdir())
        stats["only .bak"] += any(
            (data_dir / (n + ".bak")).exists() and not (data_dir / n).exists() for n in SAVES
        )
        for name in SAVES:
            if any((data_dir / (name + s)).exists() for s in ("", ".bak")):
                assert good_copy(flash, name) is not None, (name, sorted(data_dir.iterdir()))
        acts = groups(out)
        said = [e for a in acts for e in a]
        assert said == ref_ev[: len(said)]  # the replay is the same game
        saved = good_copy(flash, game + ".json")
        if saved is None:  # cut before the deal was saved, or the game is over and forgotten
            assert len(said) == 0 or said == ref_ev, said
            continue
        log = ["ev " + " ".join(str(x) for x in ev) for ev in saved["log"]]
        assert log == said[: len(log)], (log[-3:], said[-3:])
        allowed = {len(said), len(said) - len(acts[-1]) if acts else 0}
        assert len(log) in allowed, (len(log), allowed)
        stats["last action lost"] += len(log) < len(said)
        # The next boot: the resume prompt (a game was saved); OK takes the table back in,
        # first to the last action's result (the cut may have come in its reveal), OK again
        # to the game.
        ended = len(log) == len(ref_ev)  # the whole game is saved: its end screen shows
        recap = saved.get("last", 0) > 0 and not ended
        if acts and len(log) == len(said):  # the save holds the last action: it says its size
            assert saved["last"] == len(acts[-1]), (saved["last"], acts[-1])
        keys = (
            ["wait 300"] + tap("OK") + ["wait 500"] + (tap("OK") + ["wait 500"] if recap else [])
        )
        boot = run(flash, keys, seed=seed, heap=GAME_HEAP)
        shown = screens(boot)
        assert not errors(boot), errors(boot)[:3]
        assert shown[0] == (2, "ResumeScreen", "Resume?"), shown[:3]  # over the main menu
        assert ((3, "Notice", "Last action") in shown) == recap, shown
        assert shown[-1][1] not in ("SavesList", "Notice"), shown
        stats["recap"] += recap
        stats["resumed"] += 1
    print(game, stats)
    # The cuts really landed around saves: some inside one (its temporary file left on the
    # flash), some lost their last action, and most resumed a game.
    assert stats["tmp left"] > 0 and stats["last action lost"] > 0, stats
    assert stats["resumed"] >= CUTS // len(GAMES) // 2, stats
