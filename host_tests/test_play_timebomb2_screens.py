"""TimeBomb II's main screens on the three display sizes; also writes the README's screenshots.

    python -m host_tests.test_play_timebomb2_screens [DIR]   # PNGs, default docs/screens

The same scripted table plays on 72x40, 128x64 and 240x135 (colour): the deal's pass-around,
a private turn, the placement, its confirmation, the storm check, the hideouts moving and the
re-check, then on to the end. Each screen must show what it is for on every size.
"""

import sys
from pathlib import Path

import pytest

from host_tests.support.frametext import has_text
from tools.play.driver import (
    DWELL_MS,
    GROUP_ROWS,
    PEEK_MS,
    REVEAL_MS,
    RecordingSim,
    open_game,
    pass_around,
    play_to_end,
    tap,
)
from tools.sim.process import frame_to_image

ROOT = Path(__file__).resolve().parents[1]
GROUP = GROUP_ROWS["timebomb2"]
SEED = 22  # the centre holds a Hideout: the first check finds it and the hideouts move
SIZES = {
    "thumby": dict(width=72, height=40),
    "ssd1306": {},
    "colour": dict(width=240, height=135, colour=True),
}


def tour(size):
    """Play the scripted table on one size; {name: frame} of its main screens."""
    shots = {}
    kw = SIZES[size]
    with RecordingSim(
        board="pico-ssd1306", heap="512k", env={"FUSEBOX_SEED": str(SEED)}, **kw
    ) as sp:

        def snap(name):
            shots[name] = sp.snap(name)

        open_game(sp, GROUP, 0, 0, first=1)
        snap("pass")
        sp.press("OK")
        sp.wait(PEEK_MS)
        snap("look")
        sp.release("OK")
        sp.wait(DWELL_MS)
        tap(sp, "OK")
        for _ in range(3):
            pass_around(sp)
        for turn in range(4):
            # Three plain SWAT cards and one of the fourth player's other kind, at the centre.
            sp.press("OK")
            sp.wait(PEEK_MS)
            sp.release("OK")
            sp.wait(20)  # a release and the next press in the same ms would be one bounce
            if turn == 3:
                tap(sp, "DOWN")
                snap("turn")
            tap(sp, "OK")
            sp.wait(DWELL_MS)
            tap(sp, "OK")
            for _ in range(4):
                tap(sp, "DOWN")
            if turn == 3:
                snap("place")
            tap(sp, "OK")
            if turn == 3:
                snap("confirm")
            tap(sp, "OK")
        sp.wait(REVEAL_MS // 2)
        snap("check")
        sp.wait(REVEAL_MS)
        snap("result")
        tap(sp, "DOWN")  # the details under the big word scroll (two rows of them on 72x40)
        tap(sp, "DOWN")
        snap("scrolled")
        tap(sp, "OK")
        snap("recheck")
        play_to_end(sp, policy=lambda i: i % 3)
        snap("end")
        shots["logs"] = sp.logs
    return shots


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_main_screens_show_what_they_are_for(size):
    shots = tour(size)
    logs = shots.pop("logs")
    assert has_text(shots["pass"], "Pass to") and has_text(shots["pass"], "P1")
    assert has_text(shots["look"], "You:")
    # The private turn: the reminder and every kind of card the player holds, one selected.
    assert has_text(shots["turn"], "SWAT")
    assert has_text(shots["turn"], "Expert") or has_text(shots["turn"], "Bomb x1")
    assert has_text(shots["place"], "P4 plays")
    assert has_text(shots["place"], "Centre 3")
    assert has_text(shots["confirm"], "at Centre") and has_text(shots["confirm"], "OK: place")
    assert has_text(shots["check"], "Storm") and has_text(shots["check"], "at Centre")
    assert not has_text(shots["check"], "STORM IN")  # the build-up tells nothing yet
    assert has_text(shots["result"], "STORM IN") or has_text(shots["scrolled"], "STORM IN")
    assert "ev move 4" in logs and has_text(shots["recheck"], "Pass to")
    assert has_text(shots["end"], "SWAT") or has_text(shots["end"], "Terror")  # the winners


def write_screens(folder):
    folder.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        shots = tour(size)
        shots.pop("logs")
        for name, frame in shots.items():
            if name == "scrolled" or size != "ssd1306" and name not in ("turn", "place", "result"):
                continue  # the other sizes: a few, to show how the layout adapts
            scale = 2 if frame.width > 200 else 4 if frame.width > 100 else 6
            path = folder / ("timebomb2-%s-%s.png" % (size, name))
            frame_to_image(frame, scale=scale).save(path)
            print(path)


if __name__ == "__main__":
    write_screens(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screens")
