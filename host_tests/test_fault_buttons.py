"""100,000 random button events inside games: no exception, and BACK always leads home.

For every game that has screens, a sim board (.mpy build) starts a game of a random ruleset and
table size, then gets a batch of seeded random taps (mostly OK and the arrows, some long holds
for private looks, pauses that let reveals and auto-hides run out). After each batch the log
must hold no error, and BACK (with the pause menu's Leave inside a game) must reach the main
menu, which then still answers. A press and a release are one event each.
"""

import random

import pytest

from host_tests.support.faults import GAME_HEAP
from tools.play.driver import GROUP_ROWS, games_with_screens
from tools.sim import flash as mpy_flash
from tools.sim import process as simproc
from tools.sim.lines import errors

GAMES = games_with_screens()
EVENTS = 100_000
BATCH = 500  # taps per batch: a fresh game each time
LEAVE_ROW = 3  # the pause menu's "Leave" (the game stays saved)


def taps(rnd, n):
    """n random taps as protocol lines, on the four-button board."""
    lines = []
    for _ in range(n):
        b = rnd.choices(("OK", "DOWN", "UP", "BACK"), (50, 22, 18, 10))[0]
        r = rnd.random()
        # Mostly quick taps (a loop step is 10-40 ms of virtual time, so long holds cost the
        # most); some holds long enough for a private look or a long press.
        hold = rnd.randint(25, 70) if r < 0.82 else rnd.randint(300, 900)
        if r > 0.97:
            hold = rnd.randint(1500, 3000)
        lines += ["press " + b, "wait %d" % hold, "release " + b, "wait %d" % rnd.randint(20, 45)]
        if rnd.random() < 0.005:
            lines.append("wait %d" % rnd.randint(1500, 4000))
    return lines


def start_game(rnd, row):
    """From the main menu: open the game's group, a random ruleset, a random table size."""
    lines = []

    def tap(name):
        lines.extend(["press " + name, "wait 60", "release " + name, "wait 60"])

    for _ in range(10):  # the menu keeps its cursor: start from the top
        tap("UP")
    for _ in range(row):
        tap("DOWN")
    tap("OK")
    for _ in range(rnd.randrange(4)):
        tap("DOWN")
    tap("OK")
    for _ in range(rnd.randrange(6)):
        tap("UP")
    tap("OK")
    tap("OK")
    return lines


def top(sim):
    for text in reversed(sim.logs):
        if text.startswith("screen "):
            w = text.split(" ", 3)
            return int(w[1]), w[2]
    return 0, ""


def back_home(sim):
    """BACK until the main menu; in a game's pause menu, Leave. Returns the presses it took."""
    timer = 0
    for presses in range(40):
        depth, name = top(sim)
        if (depth, name) == (1, "SavesList"):
            return presses
        if name == "TimerScreen":  # mashing reached the bomb timer: pause it (a hold), or
            timer += 1  # when its preset cannot pause, let it go off
            hold = "wait 2600" if timer < 3 else "wait 700000"
            sim.send("press BACK", hold, "release BACK", "wait 300")
        if name == "PauseMenu":
            sim.send(*["press UP", "wait 40", "release UP", "wait 40"] * 5)
            sim.send(*["press DOWN", "wait 40", "release DOWN", "wait 40"] * LEAVE_ROW)
            sim.send("press OK", "wait 60", "release OK", "wait 60")
        else:
            sim.send("press BACK", "wait 60", "release BACK", "wait 300")
    raise AssertionError("BACK did not lead home: " + repr(sim.logs[-8:]))


def flash_sim(flash, seed):
    env = {"FUSEBOX_SEED": str(seed)}
    return simproc.SimProc(
        heap=GAME_HEAP, flash=str(flash), env=env, timeout=120, populate=mpy_flash.populate
    )


@pytest.mark.parametrize("game", GAMES)
def test_random_buttons_in_games_never_crash_and_back_leads_home(game, tmp_path):
    rnd = random.Random("buttons-" + game)
    per_game = -(-EVENTS // 2 // len(GAMES))  # taps; each is a press and a release
    sim = flash_sim(tmp_path / "flash", 1)
    played, seen = 0, set()
    try:
        while played < per_game:
            sim.send(*start_game(rnd, GROUP_ROWS[game]))
            sim.send(*taps(rnd, BATCH))
            played += BATCH
            seen.update(t.split(" ")[2] for t in sim.logs if t.startswith("screen "))
            assert not errors(sim.other + ["log " + t for t in sim.logs]), sim.logs[-8:]
            back_home(sim)
            sim.logs.clear()
            sim.other.clear()
            # The menu still answers: DOWN moves its cursor.
            before = sim.snap("a")
            sim.send("press DOWN", "wait 60", "release DOWN", "wait 60")
            assert sim.snap("b") != before
            sim.send("press UP", "wait 60", "release UP", "wait 60")
    finally:
        sim.close()
    # The mashing got into the game, not only its menus.
    assert {"Hub", "PassScreen"} <= seen, seen
