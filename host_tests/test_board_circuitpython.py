"""Fusebox on the real CircuitPython 10.2.1 firmware on the emulated Pico (tools/pico/ booted with
firmware="circuitpython"): the pico-ssd1306-circuitpython build, as `deploy --drive` copies it
(the app and libraries as .mpy from CircuitPython's mpy-cross),
in a CIRCUITPY image the test builds (tools/pico/circuitpy.py). It boots from code.py to the main
menu drawn by adafruit_displayio_ssd1306 on the emulated I2C display, that frame equal to the
Blinka sim's; a short Time Bomb game plays by the GPIO buttons, resting on the sim's frames step
by step; its save in microcontroller.nvm survives a hard reset and the game is offered back.

One boot serves the module: code.py's menu first; then the same app started from the raw REPL
with a frame hook printing gc.mem_free() after a collection (the live heap, which the firmware's
missing ELF keeps tools.pico's GC hook from reading), for the game; then a hard reset boots
code.py again onto the save."""

import json
import time

import pytest

from firmware import storage
from firmware.circuitpy import nvmsave
from host_tests.support.board import CPY_BOARD, cpy_booted, cpy_start, cpy_until_screen
from tools.pico import circuitpy
from tools.pico.driver import PicoPlayer, SettledSim
from tools.play.driver import open_game, pass_around, step

pytestmark = pytest.mark.board

SEED = 7
PLAYERS_UP = 0  # Time Bomb's fewest seats: the shortest deal to pass around
CUTS = 3  # steps of play after the deal (a cut, its reveal, the next cut...)
# The live heap (bytes free right after a collection), measured here with text drawn through
# adafruit_display_text, the drive as CircuitPython's .mpy: 72,576 at the main menu, 27,664
# lowest in this game on the final tree of 2026-12-04 (73,856 / 29,504 before #27's plural forms
# and the private pick's confirmation; 71,488 / 30,560 with .py sources: CircuitPython loads
# the bytecode onto its heap either way; see docs/benchmarks.md). Each floor leaves ~4-6 KB for
# the variation of a run.
MENU_FLOOR = 66_000
GAME_FLOOR = 23_500


def heaps(lines):
    return [int(t.split()[1]) for _, t in lines if t.startswith("heap ")]


def app_logs(logs):
    return [t for t in logs if not t.startswith("heap ")]


def short_game(sp):
    """Open Time Bomb (first ruleset, fewest seats), pass the deal round, play CUTS steps."""
    open_game(sp, 0, 0, PLAYERS_UP)
    while sp.top() == "PassScreen":
        pass_around(sp)
    for _ in range(CUTS):
        step(sp)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    t0 = time.monotonic()
    p = cpy_booted(tmp_path_factory, "pico-cpy", seed=SEED)
    try:
        out = {"boot_wall": time.monotonic() - t0, "boot_ms": p.now()}
        out["menu_lines"] = [t for _, t in p.lines]
        out["menu"] = p.frame()
        cpy_start(p, circuitpy.HEAP_APP)
        out["menu_heap"] = heaps(p.lines)
        pp = PicoPlayer(p)
        short_game(pp)
        out["player"] = pp
        out["game_heap"] = heaps(p.lines)[len(out["menu_heap"]) :]
        flash = tmp_path_factory.mktemp("pico-cpy-saved") / "flash.bin"
        p.save(flash)
        out["nvm"] = circuitpy.nvm(flash)
        out["files"] = circuitpy.drive_files(flash)
        n = len(p.lines)
        p.reset()
        p.pause()
        cpy_until_screen(p, n)
        out["after_reset"] = [t for _, t in p.lines[n:]]
        after = PicoPlayer(p)
        after.tap("OK")  # the resume prompt's yes
        out["resumed"] = after
        out["wall"] = time.monotonic() - t0
        print("\ncircuitpython board run:", {k: out[k] for k in ("boot_wall", "boot_ms", "wall")})
        print("heap at the menu", out["menu_heap"][-3:], "in the game min", min(out["game_heap"]))
        yield out
    finally:
        p.close()


@pytest.fixture(scope="module")
def sim():
    """The same build under Blinka (tools/sim/circuitpython), the same seed and presses."""
    with SettledSim(board=CPY_BOARD, env={"FUSEBOX_SEED": str(SEED)}) as sp:
        sp.wait(300)
        menu = sp.frame
        sp.rests.clear()
        sp.logs.clear()
        short_game(sp)
        yield menu, sp


@pytest.mark.timeout(300)
def test_code_py_boots_to_the_main_menu_drawn_as_blinka_draws_it(run, sim):
    assert "screen 1 SavesList Fusebox" in run["menu_lines"], run["menu_lines"][-5:]
    assert any(bytes(run["menu"])), "the display shows nothing"
    assert bytes(run["menu"]) == bytes(sim[0])


@pytest.mark.timeout(300)
def test_a_short_time_bomb_game_by_buttons_rests_on_the_blinka_sims_frames(run, sim):
    pp, sp = run["player"], sim[1]
    logs = app_logs(pp.logs)
    assert any(t.startswith("ev cut ") for t in logs), logs[-8:]
    assert logs == sp.logs  # the same screens, looks and cuts
    assert len(pp.rests) == len(sp.rests) > 20
    for i, (a, b) in enumerate(zip(pp.rests, sp.rests, strict=True)):
        assert a == b, "step %d: the Pico's frame differs from the Blinka sim's" % i


@pytest.mark.timeout(300)
def test_the_save_in_nvm_survives_a_hard_reset_and_the_game_is_offered_back(run):
    st = nvmsave.Store(bytearray(run["nvm"]), storage.FORMAT)
    save = st.load("data/timebomb.json")
    events = [t for t in app_logs(run["player"].logs) if t.startswith("ev ")]
    log = ["ev " + " ".join(str(x) for x in e) for e in save["log"]]
    assert log and log == events[: len(log)], (log[-3:], events[-3:])
    assert not any(p.startswith("/data") for p in run["files"])  # nothing on CIRCUITPY itself
    assert "screen 2 ResumeScreen Resume?" in run["after_reset"], run["after_reset"][-6:]
    assert run["resumed"].top() not in ("SavesList", "ResumeScreen"), run["resumed"].logs


@pytest.mark.timeout(300)
def test_the_live_heap_is_reported_at_the_menu_and_in_the_game(run):
    assert run["menu_heap"] and run["game_heap"], (run["menu_heap"], run["game_heap"])
    print(json.dumps({"menu": run["menu_heap"][-1], "game_min": min(run["game_heap"])}))
    assert run["menu_heap"][-1] >= MENU_FLOOR, run["menu_heap"]
    assert min(run["game_heap"]) >= GAME_FLOOR, run["game_heap"]
