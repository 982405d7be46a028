"""It's a Bomb!'s main screens on the three display sizes; also writes the README's screenshots.

    python -m host_tests.test_play_itsabomb_screens [DIR]   # PNGs, default docs/screens

The same scripted table plays on 72x40, 128x64 and 240x135 (colour): the Crisis Unit's grid,
a question and its tokens, a cut and its result, the grid with cut tiles, the answers so far,
the rules for the moment, the end; then countdown-only mode to a scored win, and a real-time
round with its clock.
"""

import sys
from pathlib import Path

import pytest

from host_tests.support.frametext import has_text, whole_or_cut
from host_tests.support.play_itsabomb import (
    COUNTDOWN,
    GROUP,
    REALTIME,
    STANDARD,
    no_errors,
    ruleset,
)
from tools.play.driver import REVEAL_MS, RecordingSim, open_game, play_to_end, tap
from tools.sim.process import frame_to_image

ROOT = Path(__file__).resolve().parents[1]
SEED = 3  # row A starts with a detonator, a red and a green cable: no explosive
SIZES = {
    "thumby": dict(width=72, height=40),
    "ssd1306": {},
    "colour": dict(width=240, height=135, colour=True),
}


def press(sp, *buttons):
    for b in buttons:
        tap(sp, b)
    sp.wait(50)


def tour(size):
    """Play the scripted tables on one size; {name: frame} of the main screens."""
    shots = {}
    kw = SIZES[size]
    env = {"FUSEBOX_SEED": str(SEED)}
    with RecordingSim(board="pico-ssd1306", heap="512k", env=env, **kw) as sp:

        def snap(name):
            shots[name] = sp.snap(name)

        open_game(sp, GROUP, STANDARD, 2)
        snap("turn")
        press(sp, "OK", "DOWN")
        snap("ask")
        press(sp, "OK", "OK")
        sp.wait(REVEAL_MS // 2)
        snap("buildup")
        sp.wait(REVEAL_MS)
        snap("tokens")
        press(sp, "OK")
        for i in range(3):
            press(sp, "DOWN", "DOWN", "OK", "OK")  # cut, row A, its first face-down tile
            if i == 2:
                snap("cut")
            press(sp, "OK", "OK")
            sp.wait(REVEAL_MS + 100)
            if i == 2:
                snap("result")
            press(sp, "OK")
            if sp.top() == "Notice":  # a special card came up
                press(sp, "OK")
            if sp.top() != "TurnScreen":
                break
        snap("grid")
        assert sp.top() == "TurnScreen", sp.logs[-8:]
        for _ in range(9):  # round the options to "Answers", the last one
            press(sp, "UP")
            if has_text(sp.frame, "Answers"):
                break
        press(sp, "OK")
        snap("answers")
        press(sp, "OK", "BACK", "DOWN", "OK")
        snap("rules")
        press(sp, "OK", "BACK")
        play_to_end(sp, policy=lambda i: i % 4)
        snap("end")
        no_errors(sp)
        shots["logs"] = list(sp.logs)
    with RecordingSim(board="pico-ssd1306", heap="512k", env=env, **kw) as sp:
        open_game(sp, GROUP, COUNTDOWN, 0)
        setup = [c for c in ruleset(COUNTDOWN)["consultants"] if c["when"] == "setup"]
        press(sp, *["DOWN"] * len(setup))  # past the setup Consultants to "Start"
        press(sp, "OK", "OK", "DOWN")
        snap("desk")
        press(sp, "UP")
        for _ in range(12):
            if sp.top() == "EndScreen":
                break
            press(sp, "DOWN", "DOWN", "OK", "OK")  # "Cut: new colour", confirmed
            sp.wait(REVEAL_MS)
            press(sp, "OK")
        snap("score")
        no_errors(sp)
    with RecordingSim(board="pico-ssd1306", heap="512k", env=env, **kw) as sp:
        open_game(sp, GROUP, REALTIME, 0)
        sp.wait(14000)
        snap("clock")
    return shots


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_main_screens_show_what_they_are_for(size):
    shots = tour(size)
    shots.pop("logs")
    assert has_text(shots["turn"], "Ask row") and has_text(shots["turn"], "1:30")
    assert has_text(shots["ask"], "Ask B")
    assert has_text(shots["buildup"], "Ask row B")
    assert has_text(shots["result"], "Cut A3") and not has_text(shots["buildup"], "Nothing")
    assert has_text(shots["answers"], whole_or_cut(size, "Ask row B:", "Ask row"))
    assert has_text(shots["answers"], "A1:")
    # The rules for the moment: who speaks now and what the team may do.
    assert has_text(shots["rules"], "Rules") and has_text(shots["rules"], "P2: ask")
    assert has_text(shots["end"], "Defused!") or has_text(shots["end"], "BOOM!")
    assert has_text(shots["desk"], whole_or_cut(size, "Cut: new", "Cut: n"))
    assert has_text(shots["score"], "Defused!")
    # 20 s rounds; 14 s waited, the clock started with the turn screen's first step.
    assert has_text(shots["clock"], "6s") or has_text(shots["clock"], "7s")


def write_screens(folder):
    folder.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        shots = tour(size)
        shots.pop("logs")
        for name, frame in shots.items():
            if size != "ssd1306" and name not in ("grid", "result", "desk"):
                continue  # the other sizes: a few, to show how the layout adapts
            scale = 2 if frame.width > 200 else 4 if frame.width > 100 else 6
            path = folder / ("itsabomb-%s-%s.png" % (size, name))
            frame_to_image(frame, scale=scale).save(path)
            print(path)


if __name__ == "__main__":
    write_screens(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screens")
