"""A whole Time Bomb game on the macropad profile: the firmware on the CircuitPython layer
(firmware/circuitpy/) under Blinka, every frame composited by displayio and sent over the display
bus to the SH1106 model (tools/cpy_board/simchild.py), played by the same driver as on the
MicroPython sim board and ending as it does there."""

from pathlib import Path

from tools import sim as simtool
from tools.frames import frame_to_image
from tools.playdriver import RecordingSim, open_game, play_to_end
from tools.simproc import SimProc

ROOT = Path(__file__).resolve().parents[1]
# The playdriver's physical names, on the MacroPad: OK is the encoder's switch, UP/DOWN its turns.
MACROPAD_KEYS = {"OK": "PUSH", "BACK": "KEY1"}


class MacropadSim(RecordingSim):
    def send(self, *lines):
        out = []
        for line in lines:
            words = line.split()
            if words[0] in ("press", "release") and words[1] in MACROPAD_KEYS:
                line = "%s %s" % (words[0], MACROPAD_KEYS[words[1]])
            out.append(line)
        super().send(*out)


def events(sp):
    return [line for line in sp.logs if line.startswith("ev ") or line.startswith("seen ")]


def test_a_whole_time_bomb_game_ends_on_the_macropad_as_on_the_micropython_sim():
    env = {"FUSEBOX_SEED": "11"}
    with MacropadSim(board="macropad", env=env) as cp:
        assert cp.runtime == "circuitpython"
        open_game(cp, 0, 0, 0)
        assert cp.top() == "PassScreen"
        play_to_end(cp, policy=lambda i: i % 3)
        assert cp.top() == "EndScreen"
        cp_events, cp_end = events(cp), cp.snap("end")
        frames = [h for h in cp.history if h[0] == "frame"]
    with RecordingSim(board="pico-ssd1306", env=env, runtime="cpython") as mp:
        open_game(mp, 0, 0, 0)
        play_to_end(mp, policy=lambda i: i % 3)
        assert mp.top() == "EndScreen"
        mp_events, mp_end = events(mp), mp.snap("end")
    assert cp_events[-1].startswith("ev win ")
    assert cp_events == mp_events  # the same deal, looks, cuts and winner
    assert bytes(cp_end) == bytes(mp_end)  # the end screen, pixel for pixel
    assert len(frames) > 50 and any(h[2] for h in frames)  # private screens were shown too


def test_the_readme_script_renders_the_whole_time_bomb_flow_through_displayio(tmp_path):
    # python -m tools sim --board macropad --script docs/screens/timebomb.sim --png DIR
    lines = (ROOT / "docs" / "screens" / "timebomb.sim").read_text().splitlines()
    with SimProc(board="macropad", env={"FUSEBOX_SEED": "1"}) as sp:
        snaps = simtool.run_script(sp, lines, str(tmp_path), out=lambda _: None)
    assert len(snaps) >= 10
    for label, frame in snaps.items():
        assert any(frame.data), label  # every step of the flow drew something
    # The MacroPad screenshots in the README are these frames.
    from PIL import Image, ImageChops

    pngs = sorted((ROOT / "docs" / "screens").glob("macropad-*.png"))
    assert len(pngs) >= 3
    for png in pngs:
        mine = frame_to_image(snaps["timebomb-" + png.stem.split("-", 1)[1]], scale=4)
        assert ImageChops.difference(Image.open(png).convert("RGB"), mine).getbbox() is None, png
