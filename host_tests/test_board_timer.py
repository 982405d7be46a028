"""The bomb timer on the emulated Pico (tools/pico/): hold to arm, a wrong code, the right one,
with the sim's screens, its frames before arming and its tones."""

import pytest

from host_tests.support.board import boot_to_menu, booted, patient_mpremote
from host_tests.support.frametext import has_text
from tools.pico.driver import PicoPlayer, SettledSim

pytestmark = pytest.mark.board


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    with patient_mpremote():
        p = booted(tmp_path_factory, "pico-timer")
        yield p
        p.close()


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
    p = board
    boot_to_menu(p)
    t0 = p.now()
    pp = PicoPlayer(p)
    timer_script(pp)
    assert has_text(pp.frame, "DEFUSED"), pp.frame.text()
    with SettledSim(board="pico-ssd1306", heap="512k") as sp:
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


@pytest.mark.timeout(180)
def test_the_wired_preset_reads_the_wires_on_their_gpios(board):
    p = board
    boot_to_menu(p)
    t0 = p.now()
    pp = PicoPlayer(p)
    for _ in range(4):
        pp.tap("DOWN")
    pp.tap("OK")
    for _ in range(3):  # Wired 3:00, the fourth preset
        pp.tap("DOWN")
    pp.tap("OK")
    pp.wire(1, True)  # GP19 open: the pull-up reads high
    pp.press("OK")
    assert has_text(pp.frame, "Join wires"), pp.frame.text()  # refused: a wire is open
    pp.wait(3000)
    pp.release("OK")
    pp.wire(1, False)
    pp.wait(1600)
    pp.press("OK")
    pp.wait(3300)
    pp.release("OK")  # armed
    pp.wire(0, True)  # the wrong wire: a strike
    assert 900 in [f for t, f, d in p.buzzer(since=t0) if d]
    pp.wire(2, True)  # the right one
    assert has_text(pp.frame, "DEFUSED"), pp.frame.text()
    for i in (0, 2):
        p.wire(i, False)
