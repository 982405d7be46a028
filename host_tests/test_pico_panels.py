"""The emulated Pico's host side, without the emulator: a sim's palette frame as the ST7789's
panel shows it (tools.sim.frames.as_panel, what the Display Pack's board test compares), and the
buttons by meaning on each profile (tools.pico.driver.keys_of, how one play script drives every
board)."""

from firmware.drivers.palette import RGB, rgb565
from tools import boards
from tools.pico.driver import keys_of
from tools.sim.frames import Frame, as_panel


def test_a_palette_frame_becomes_the_rgb565_the_driver_sends_high_byte_first():
    # 4x1 GS4_HMSB: two pixels a byte, the left one in the high nibble
    frame = Frame(4, 1, "gs4_hmsb", bytes((0x12, 0x5A)))
    want = b"".join(rgb565(*RGB[i]).to_bytes(2, "big") for i in (1, 2, 5, 10))
    assert as_panel(frame) == want
    panel = Frame(4, 1, "rgb565", want)
    assert [panel.pixel(x, 0) for x in range(4)] == [rgb565(*RGB[i]) for i in (1, 2, 5, 10)]


def test_a_mono_frame_is_its_own_panel():
    frame = Frame(8, 8, "mono_vlsb", bytes(range(8)))
    assert as_panel(frame) == bytes(range(8))


def test_each_micropython_board_has_a_button_for_every_move_the_play_driver_makes():
    want = {
        "pico-ssd1306": {"UP": "UP", "DOWN": "DOWN", "OK": "OK", "BACK": "BACK"},
        "pico-sh1106": {"UP": "UP", "DOWN": "DOWN", "OK": "OK", "BACK": "BACK"},
        "pico-display-pack": {"UP": "X", "DOWN": "Y", "OK": "A", "BACK": "B"},
        "thumby": {"UP": "UP", "DOWN": "DOWN", "OK": "A", "BACK": "B"},
    }
    for board, keys in want.items():
        got = keys_of(boards.load(board))
        assert {k: got[k] for k in keys} == keys, board
