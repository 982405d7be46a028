"""Screen sleep on the emulated Pico: the SSD1306's own contrast and on/off state (as the panel
decodes them from the I2C bus) after a minute at the menu with no press, the waking press that
moves nothing, and what the idle loop costs the CPU awake and asleep (busy board ms a second)."""

import json

import pytest

from host_tests.support.board import board_run, boot_to_menu, booted, patient_mpremote

pytestmark = pytest.mark.board

SETTINGS = {"fusebox": 1, "data": {"v": 1, "sleep": 60}}  # firmware/settings.py, 1 minute
LIT = 4 * 255 // 5  # the default brightness, 4 of 5 (Settings.contrast)
DIM = 8  # firmware/app.py _DIM_LEVEL


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    with patient_mpremote():
        p = booted(tmp_path_factory, "pico-sleep")
        yield p
        p.close()


def busy_ms_a_second(p, seconds=10):
    """Board ms the CPU executed (not in WFI) per board second, over `seconds` of board time."""
    b0 = p.info()["busy_ms"]
    t0 = p.now()
    t1 = p.run(seconds * 1000)
    return (p.info()["busy_ms"] - b0) * 1000 / (t1 - t0)


@pytest.mark.timeout(400)
def test_the_menu_dims_then_turns_off_and_wakes_on_a_press_that_moves_nothing(board):
    p = board
    write = "f = open('data/settings.json', 'w'); f.write(%r); f.close()"
    board_run(p, write % json.dumps(SETTINGS))
    t_reset = p.now()
    t_menu, _ = boot_to_menu(p)  # the app's boot, where the minute starts, lies between them
    panel = p.frame_info()
    assert panel["on"] and panel["contrast"] == LIT, panel
    menu = p.frame()
    awake = busy_ms_a_second(p)
    p.run(to=t_reset + 59000)
    assert p.frame_info()["contrast"] == LIT  # under a minute since the boot: lit
    p.run(to=t_menu + 61000)
    panel = p.frame_info()
    assert panel["on"] and panel["contrast"] == DIM, panel
    p.run(to=t_menu + 91000)
    assert not p.frame_info()["on"]  # 30 s after the dim: off
    asleep = busy_ms_a_second(p)
    said = [t for _, t in p.lines if t.startswith("display ")]
    assert said[-2:] == ["display dim", "display off"], said
    p.tap("DOWN")  # wakes the display, and that is all it does
    p.settle(quiet=60, frame_quiet=300, max_ms=5000)
    panel = p.frame_info()
    assert panel["on"] and panel["contrast"] == LIT, panel
    assert p.frame() == menu  # the cursor did not move
    p.tap("DOWN")
    p.settle(quiet=60, frame_quiet=300, max_ms=5000)
    assert p.frame() != menu
    print("idle loop at the menu: %.1f busy ms/s awake, %.1f asleep" % (awake, asleep))
    assert asleep < awake, (awake, asleep)
