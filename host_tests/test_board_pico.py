"""The firmware on an emulated Pico (stock MicroPython v1.28.0 on rp2040js, tools/pico/):
deploy with the real mpremote, the main menu after a reset, a whole Time Bomb game resting on the
sim's frames, the bomb timer, and the live heap against floors measured here."""

import subprocess
import sys

import pytest

from host_tests.support.board import board_run, boot_to_menu, deployed
from host_tests.support.frametext import has_text
from tools import deploy
from tools.pico.driver import PicoPlayer, SettledSim
from tools.playdriver import open_game, play_to_end

pytestmark = pytest.mark.board

SEED = 7
# Live heap floors (bytes free right after a collection, of 245,888 in the GC heap). Measured
# here: 177,712 at the menu and 146,480 lowest during the 8-player
# Time Bomb game; each floor leaves ~10 KB before a test says the heap got tighter.
MENU_FLOOR = 168_000  # the app, its modules' bytecode, the catalog's entries, the frame buffer
GAME_FLOOR = 136_000  # 8 seats of deal, log and views at the game's busiest moment


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    p, summary = deployed(tmp_path_factory, "pico")
    yield p, summary
    p.close()


@pytest.fixture(scope="module")
def timebomb(board):
    """The same 8-player Time Bomb game, seed and presses on the Pico and on the sim."""
    p, _ = board
    boot_to_menu(p, seed=SEED)
    p.heap(reset=True)
    pp = PicoPlayer(p)
    open_game(pp, 0, 0, 4)  # Time Bomb, its first ruleset, 4 + 4 players
    steps = play_to_end(pp, policy=lambda i: i % 3)
    heap = p.heap()
    board_run(p, "import os\ntry: os.remove('seed.txt')\nexcept OSError: pass")
    with SettledSim(board="pico-ssd1306", heap="256k", env={"FUSEBOX_SEED": str(SEED)}) as sp:
        sp.battery(100)  # the Pico's VSYS is 5 V (USB): a full battery in the status bar
        sp.wait(10100)  # the app reads the battery every 10 s
        sp.rests.clear()
        sp.logs.clear()  # from here on, as the Pico's player (made at the menu) sees them
        open_game(sp, 0, 0, 4)
        play_to_end(sp, policy=lambda i: i % 3)
    return pp, sp, steps, heap


@pytest.mark.timeout(240)
def test_deploy_to_a_blank_board_copies_everything_and_a_reset_shows_the_main_menu(board):
    p, summary = board
    assert summary["copied"] == summary["files"] > 100
    lines = [t for _, t in p.lines]
    assert any(t.endswith("screen 1 ListScreen Fusebox") for t in lines), lines[-5:]
    frame = p.frame()
    assert has_text(frame, "Time Bomb") and has_text(frame, "Bomb timer")


@pytest.mark.timeout(120)
def test_a_redeploy_with_nothing_changed_copies_nothing(board):
    p, _ = board
    p.go()
    again = deploy.deploy(p.url, say=lambda *a: None)
    assert again["copied"] == 0 and again["removed"] == 0


@pytest.mark.timeout(60)
def test_plain_mpremote_and_the_display_answering_i2c_scan_at_pin_level(board):
    p, _ = board
    p.go()
    code = "from machine import I2C, Pin; print(I2C(0, sda=Pin(4), scl=Pin(5)).scan())"
    out = subprocess.run(
        [sys.executable, "-m", "mpremote", "connect", p.url, "exec", code],
        capture_output=True,
        text=True,
        timeout=50,
    )
    assert out.stdout.split() == ["[60]"], out.stdout + out.stderr


@pytest.mark.timeout(90)
def test_live_heap_at_the_main_menu_stays_above_its_floor(board):
    p, _ = board
    boot_to_menu(p)
    p.heap(reset=True)
    p.run(2500)  # the app collects after 2 s without input (firmware/app.py _IDLE_GC_MS)
    heap = p.heap()
    assert heap is not None and heap["count"] >= 1, "no collection at the menu"
    assert heap["last"] >= MENU_FLOOR, heap


@pytest.mark.timeout(240)
def test_a_whole_time_bomb_game_at_8_players_rests_on_the_sims_frames(timebomb):
    pp, sp, steps, _ = timebomb
    assert pp.top() == "EndScreen" and steps > 20
    assert [t.lstrip("> ") for t in pp.logs] == sp.logs  # the same screens, looks and cuts
    assert len(pp.rests) == len(sp.rests) > 150
    for i, (a, b) in enumerate(zip(pp.rests, sp.rests, strict=True)):
        assert a == b, "step %d: the Pico's frame differs from the sim's" % i


@pytest.mark.timeout(240)
def test_lowest_live_heap_during_the_time_bomb_game_stays_above_its_floor(timebomb):
    _, _, _, heap = timebomb
    assert heap is not None and heap["count"] >= 5, heap
    assert heap["min"] >= GAME_FLOOR, heap


def timer_script(sp):
    """Bomb timer: open Classic 5:00, arm by a 3.3 s hold, a wrong code, then the right one."""
    for _ in range(4):
        sp.tap("DOWN")
    sp.tap("OK")  # the timer's presets
    sp.tap("OK")  # Classic 5:00, the first
    sp.press("OK")
    sp.wait(3300)
    sp.release("OK")
    for _ in range(6):  # OK six times: the code "ok ok ok ok ok ok" is wrong
        sp.tap("OK")
    sp.wait(1600)
    cur = 4
    for s in (0, 0, 1, 1, 2, 3):  # up up down down left right: the preset's code
        for _ in range((s - cur) % 6):
            sp.tap("DOWN")
        sp.tap("OK")
        cur = s


@pytest.mark.timeout(240)
def test_the_bomb_timer_arms_by_hold_takes_a_strike_and_is_defused_like_on_the_sim(board):
    p, _ = board
    boot_to_menu(p)
    t0 = p.now()
    pp = PicoPlayer(p)
    timer_script(pp)
    assert has_text(pp.frame, "DEFUSED"), pp.frame.text()
    with SettledSim(board="pico-ssd1306", heap="256k") as sp:
        sp.battery(100)
        sp.wait(10100)
        sp.rests.clear()
        sp.logs.clear()
        timer_script(sp)
    assert [t.lstrip("> ") for t in pp.logs] == sp.logs
    # Before arming nothing moves: those frames are the sim's. Once the countdown runs, its
    # digits show a time that passed differently (the Pico's app takes board time to react).
    assert pp.rests[:4] == sp.rests[:4]
    # The buzzer: the strike's 900 Hz and the defused jingle, as on the sim.
    freqs = [f for t, f, d in p.buzzer(since=t0) if d]
    sim_freqs = [f for t, f, d in sp.tones if d]
    assert 900 in freqs and 2093 in freqs, freqs
    assert set(freqs) == set(sim_freqs)
