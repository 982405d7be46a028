"""100,000 random button events across every screen, on two boards: no exception, and no
screen the BACK button cannot leave (an armed bomb aside, which only its rules or the boom end).
Each random press is two button events (down, then up; held ones add LONG and REPEAT): 25,000
presses on each of two boards."""

import json
import random
from pathlib import Path

import pytest

from host_tests.support.appsim import HEAP, errors, screens
from tools.sim import process as simproc

PRESSES = 25_000  # per board: 2 events each (press, release) on two boards make 100,000
BATCH = 2_500
MENU = ("SavesList", "Fusebox")


def script(rnd, names, wires, n):
    """Protocol lines for n random presses: short taps mostly, long presses and the holds
    the timer needs sometimes, a wire now and then, and pauses that let countdowns run."""
    lines = []
    for _ in range(n):
        b = rnd.choice(names)
        r = rnd.random()
        if r < 0.55:
            hold = rnd.randint(30, 90)
        elif r < 0.80:
            hold = rnd.randint(150, 450)
        elif r < 0.95:
            hold = rnd.randint(650, 1200)
        else:
            hold = rnd.randint(2000, 5500)
        lines += ["press " + b, "wait %d" % hold, "release " + b, "wait %d" % rnd.randint(20, 60)]
        if wires and rnd.random() < 0.01:
            lines.append("wire %d %s" % (rnd.randrange(wires), rnd.choice(("cut", "join"))))
        if rnd.random() < 0.01:
            lines.append("wait %d" % rnd.randint(2000, 20000))
    return lines


def saved_timer(flash):
    p = Path(flash, "data", "timer.json")
    if not p.exists():
        return None
    try:
        return json.loads(p.read_text())["data"]["prop"]
    except (ValueError, KeyError, TypeError):
        return None


def back_out(sim, ok, back, wires):
    """Press BACK until the main menu shows; return the presses it took. An armed timer that
    its preset lets pause is paused with a BACK hold; one that cannot pause is left to go off."""
    if wires:
        sim.send(*["wire %d join" % i for i in range(wires)])
    presses = 0
    for _ in range(60):
        now = screens(sim, depth=True)[-1]
        if now[1:] == MENU:
            assert now[0] == 1
            return presses
        if now[1] == "TimerScreen":
            state = saved_timer(sim.flash)
            if state is not None and state["phase"] == "running":
                sim.send("press " + back, "wait 2600", "release " + back, "wait 40")
                presses += 1
                state = saved_timer(sim.flash)
                if state is not None and state["phase"] == "running":
                    # No pause by hold: only the countdown (or its code) ends it.
                    left = state["countdown"]["left"]
                    sim.send("wait %d" % (left + 12000))
        sim.send("press " + back, "wait 80", "release " + back, "wait 60")
        presses += 1
        after = screens(sim, depth=True)[-1]
        # BACK never leads deeper into the menus, but for a game's pause menu, whose BACK
        # leaves the game (saved) for the main menu.
        paused = after[1] == "PauseMenu" and after[0] == now[0] + 1
        assert after[0] <= now[0] or paused, "BACK on %s %r opened %s %r, one level deeper" % (
            now[1],
            now[2],
            after[1],
            after[2],
        )
    raise AssertionError("BACK did not reach the menu: " + repr(screens(sim)[-5:]))


@pytest.mark.parametrize("board", ["pico-ssd1306", "thumby"])
def test_random_presses_never_crash_and_back_always_leads_home(board, tmp_path):
    rnd = random.Random("fuzz-" + board)
    flash = str(tmp_path / "flash")
    prof = simproc.sim_profile(board)
    names = [b["name"] for b in prof["buttons"]]
    wires = len(prof["wires"])
    keymap = prof["keymap"]
    back = next(n for n in names if keymap.get(n) == ["back"])
    ok = next(n for n in names if keymap.get(n) == ["ok"])
    seen = set()
    done = 0
    sim = simproc.SimProc(board=board, heap=HEAP, flash=flash, timeout=120)
    try:
        while done < PRESSES:
            sim.send(*script(rnd, names, wires, BATCH))
            done += BATCH
            seen.update(name for name, _ in screens(sim))
            assert not errors(sim), errors(sim)[:5]
            back_out(sim, ok, back, wires)
            # The menu still answers: a DOWN moves the cursor.
            before = sim.snap("before")
            down = next(n for n in names if keymap.get(n) == ["down"])
            sim.send("press " + down, "wait 60", "release " + down, "wait 60")
            assert sim.snap("after") != before
            if done % (4 * BATCH) == 0:
                # A reset now and then: the next boot may offer a saved timer back.
                sim.proc.kill()
                sim.proc.wait()
                sim.close()
                sim = simproc.SimProc(board=board, heap=HEAP, flash=flash, timeout=120)
                sim.wait(100)
                seen.update(name for name, _ in screens(sim))
    finally:
        sim.close()
    # The walk reached every kind of screen the app has.
    assert {"SavesList", "ListScreen", "SettingsScreen", "AboutScreen", "TimerScreen"} <= seen
    assert {"SeatsScreen", "NameEditor"} <= seen
