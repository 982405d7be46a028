"""Undercover on the sim board: whole games, covers in private, resets, memory."""

import json
import shutil
import tempfile
from pathlib import Path

import pytest

from core import ruleset
from core.undercover import Game
from host_tests.support.appsim import compile_mpy
from tools.play.driver import GROUP_ROWS, RecordingSim, open_game, pass_around, play_to_end, step
from tools.sim import process as simproc

ROOT = Path(__file__).resolve().parent.parent
SEEDS = (1, 2, 3, 4, 5)
HEAP = "512k"  # .py sources are compiled on the sim's heap; the memory test uses .mpy
GROUP = GROUP_ROWS["undercover"]
PHYSICAL, HOUSE = 0, 1  # its rulesets in their order: undercover-basic.json, undercover.json
MEMORY_HEAP = "224k"  # smallest measured: 211k (8 players, .mpy; Time Bomb: 184k)


def sim(seed, flash=None, heap=HEAP, **kw):
    return RecordingSim(
        board="pico-ssd1306", heap=heap, flash=flash, env={"FUSEBOX_SEED": str(seed)}, **kw
    )


def events(sp):
    return [line for line in sp.logs if line.startswith("ev ") or line.startswith("seen ")]


def screens(sp):
    return {line.split(" ")[2] for line in sp.logs if line.startswith("screen ")}


@pytest.mark.parametrize(
    "entry, players_up, seed", [(HOUSE, 0, 11), (HOUSE, 4, 12), (PHYSICAL, 1, 13)]
)
def test_a_whole_game_reaches_the_end_screen(entry, players_up, seed):
    n = 4 + players_up
    with sim(seed) as sp:
        open_game(sp, GROUP, entry, players_up)
        assert sp.top() == "PassScreen"
        play_to_end(sp, policy=lambda i: i % 3)
        evs = events(sp)
        assert sum(1 for e in evs if e.startswith("seen ")) >= (n if n == 4 else 2 * n)
        # Everyone shows a cover at 5+ players; the Doom token replaces the step at 4.
        covers = [e for e in evs if e.startswith("ev cover ")]
        assert len(covers) == (0 if n == 4 else n)
        assert "RoundScreen" in screens(sp)  # the Location card (or the reminder) was read
        assert evs[-1].startswith("ev win ")
        assert sp.top() == "EndScreen"


def build_up_history(sp):
    """Frames and tones of every pass-around, and of every reveal until its result shows."""
    out = []
    after_result = False
    for kind, screen, private, payload in sp.history:
        if kind == "log":
            if payload == "result":
                after_result = True
            elif payload.startswith("screen "):
                after_result = False
            continue
        if private or after_result or screen not in ("PassScreen", "RevealScreen"):
            continue
        out.append((kind, screen, payload))
    return out


def first_cut(seed):
    """Deal 5 players, pass round for looks, covers (Shadow takes the other cover), the
    neighbours' covers, then the first cut; returns the public history and the sim."""
    with sim(seed) as sp:
        open_game(sp, GROUP, HOUSE, 1, first=1)  # the table picks seat 0 to start
        for _ in range(5):
            assert sp.top() == "PassScreen"
            pass_around(sp)
        assert sp.top() == "RoundScreen"  # round 1's Location, before the covers
        step(sp)
        for _ in range(5):
            assert sp.top() == "PassScreen"
            pass_around(sp, downs=1)  # a single cover wraps round; Shadow's changes
        for _ in range(5):
            assert sp.top() == "PassScreen"
            pass_around(sp)
        assert sp.top() == "CutScreen"
        step(sp)  # seat
        step(sp)  # slot
        step(sp)  # confirm: the reveal starts
        sp.wait(2000)
        assert any(h[0] == "log" and h[3] == "result" for h in sp.history)
        return build_up_history(sp), sp


def test_pass_around_covers_and_build_up_look_the_same_for_every_deal():
    runs = [first_cut(seed) for seed in SEEDS]
    base = runs[0][0]
    assert len(base) > 40
    for hist, _ in runs[1:]:
        assert hist == base
    # ...while the deals really differed: private screens, and Shadow's cover in some deals.
    privs = [[h[3] for h in sp.history if h[0] == "frame" and h[2]] for _, sp in runs]
    assert len({tuple(p) for p in privs}) > 1
    # Shadow (two covers to choose from) was dealt in some of these deals and not in others.
    rs = ruleset.load(json.loads((ROOT / "firmware/rulesets/undercover.json").read_text()))
    deals = [Game(rs, 5, seed, first=0) for seed in SEEDS]
    dealt = [any(g.view(s)["role"] == "shadow" for s in range(5)) for g in deals]
    assert any(dealt) and not all(dealt)


def test_reset_after_every_save_resumes_the_same_game():
    seed = 21
    with sim(seed) as sp:
        open_game(sp, GROUP, HOUSE, 1)
        play_to_end(sp)
        reference = events(sp)
    assert any(e.startswith("ev cover ") for e in reference)

    flash = tempfile.mkdtemp(prefix="fusebox-uc-reset-")
    try:
        got = []
        started = False
        for _ in range(400):
            with sim(seed, flash=flash) as sp:
                if not started:
                    open_game(sp, GROUP, HOUSE, 1)
                    started = True
                else:
                    assert sp.top() == "ResumeScreen", sp.logs[-4:]  # "Resume?"
                    sp.tap("OK")
                    sp.wait(50)
                before = len(events(sp))
                while len(events(sp)) == before and sp.top() != "EndScreen":
                    step(sp)
                got.extend(events(sp)[before:])
                if sp.top() == "EndScreen" or (got and got[-1].startswith("ev win ")):
                    break
                sp.proc.kill()  # the reset: right after a save, no goodbye
                sp.proc.wait()
        assert got == reference
    finally:
        shutil.rmtree(flash, ignore_errors=True)


def test_eight_players_play_through_in_a_fixed_heap(monkeypatch):
    # The smallest heap measured for this game plus a margin: it does NOT fit the board yet.
    orig = simproc.populate_flash

    def populate(flash, profile, main=None):
        f = orig(flash, profile, main)
        compile_mpy(f)
        return f

    monkeypatch.setattr(simproc, "populate_flash", populate)
    with sim(8, heap=MEMORY_HEAP) as sp:
        open_game(sp, GROUP, HOUSE, 4)
        play_to_end(sp, policy=lambda i: i % 2)
        assert events(sp)[-1].startswith("ev win ")
