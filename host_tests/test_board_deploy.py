"""The firmware on an emulated Pico (stock MicroPython v1.28.0 on rp2040js, tools/pico/): deploy
to a blank board with the real mpremote transport, the main menu after a reset, a redeploy that
copies nothing, plain mpremote (the heap at the menu: test_board_heap.py, on both firmwares)."""

import subprocess
import sys

import pytest

from host_tests.support.board import boot_to_menu, booted, image, patient_mpremote
from host_tests.support.frametext import has_text
from tools.board import deploy

pytestmark = pytest.mark.board


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    with patient_mpremote():
        p = booted(tmp_path_factory, "pico-deploy")
        yield p, image(tmp_path_factory)[1]
        p.close()


@pytest.mark.timeout(240)
def test_deploy_to_a_blank_board_copies_everything_and_a_reset_shows_the_main_menu(board):
    p, summary = board  # the image: a blank board deployed once per run (support/board.py)
    assert summary["copied"] == summary["files"] > 100
    boot_to_menu(p)
    lines = [t for _, t in p.lines]
    assert any(t.endswith("screen 1 SavesList Fusebox") for t in lines), lines[-5:]
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
