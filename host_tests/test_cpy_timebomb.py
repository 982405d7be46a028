"""A whole Time Bomb game on both CircuitPython profiles (the MacroPad, and the Pico + SSD1306
build): the firmware on the CircuitPython layer (firmware/circuitpy/) under Blinka, every frame
composited by displayio and sent over the display bus to the SH1106 or SSD1306 model
(tools/sim/circuitpython/simchild.py), in terminalio's font, played by the same driver as on the
MicroPython sim board and ending as it does there."""

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from tools.play.driver import RecordingSim, open_game, pass_around, play_to_end, step
from tools.sim import cli as simtool
from tools.sim.frames import frame_to_image
from tools.sim.process import SimProc

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "host_tests" / "golden"
# The play driver's physical names, on the MacroPad: OK is the encoder's switch, UP/DOWN its turns.
MACROPAD_KEYS = {"OK": "PUSH", "BACK": "KEY1"}
PROFILES = ["macropad", "pico-ssd1306-circuitpython"]


class MacropadSim(RecordingSim):
    """A RecordingSim on the macropad whose history also has ("pixels", screen, private, hex)."""

    def _until(self, done):
        def record(words):
            if words[0] == "pixels":
                self.history.append(("pixels", self.screen, self.private, words[1]))
            return done(words)

        return super()._until(record)

    def send(self, *lines):
        if self.profile["name"] != "macropad":  # the Pico's buttons have the play driver's names
            super().send(*lines)
            return
        out = []
        for line in lines:
            words = line.split()
            if words[0] in ("press", "release") and words[1] in MACROPAD_KEYS:
                line = "%s %s" % (words[0], MACROPAD_KEYS[words[1]])
            out.append(line)
        super().send(*out)


def events(sp):
    return [line for line in sp.logs if line.startswith("ev ") or line.startswith("seen ")]


def same_as_golden(frame, path):
    """The frame equals the PNG (a scale-4 screenshot, as --png writes); regenerate with
    FUSEBOX_REGOLD=1 after a deliberate change, and look at it before committing."""
    mine = frame_to_image(frame, scale=4)
    if os.getenv("FUSEBOX_REGOLD") == "1":
        mine.save(path)
    return ImageChops.difference(Image.open(path).convert("RGB"), mine).getbbox() is None


@pytest.mark.parametrize("board", PROFILES)
def test_a_whole_time_bomb_game_ends_on_circuitpython_as_on_the_micropython_sim(board):
    env = {"FUSEBOX_SEED": "11"}
    with MacropadSim(board=board, env=env) as cp:
        assert cp.runtime == "circuitpython"
        open_game(cp, 0, 0, 0)
        assert cp.top() == "PassScreen"
        play_to_end(cp, policy=lambda i: i % 3)
        assert cp.top() == "EndScreen"
        cp_events, cp_end = events(cp), cp.snap("end")
        frames = [h for h in cp.history if h[0] == "frame"]
        pixels = [h for h in cp.history if h[0] == "pixels"]
        cp.wait(6000)
        after = [h[3] for h in cp.history if h[0] == "pixels"][-1:]
    with RecordingSim(board="pico-ssd1306", env=env, runtime="cpython") as mp:
        open_game(mp, 0, 0, 0)
        play_to_end(mp, policy=lambda i: i % 3)
        assert mp.top() == "EndScreen"
        mp_events, mp_end = events(mp), mp.snap("end")
    assert cp_events[-1].startswith("ev win ")
    assert cp_events == mp_events  # the same deal, looks, cuts and winner
    # The end screen, pixel for pixel: the CircuitPython build's own golden (terminalio's font
    # and its layout), not MicroPython's 8x8 picture.
    assert same_as_golden(cp_end, GOLDEN / board / "end.png")
    assert bytes(cp_end.data) != bytes(mp_end.data)
    assert len(frames) > 50 and any(h[2] for h in frames)  # private screens were shown too
    if board != "macropad":
        assert not pixels  # no NeoPixels on the Pico build
        return
    # The end lights the whole strip: green when the defusers win (the "defused" tune), red
    # with the boom; five seconds later the keys' own light is back.
    colour = "00ff00" if cp_events[-1].startswith("ev win sherlock") else "ff0000"
    assert pixels[-1][3] == colour * 12, (cp_events[-1], pixels[-1])
    assert sum(1 for h in pixels if h[3] == colour * 12) == 1  # one spell of it, to the end
    # (KEY1..KEY3; the end screen takes no digit key, so KEY4..KEY12 stay dark)
    assert after[0] != colour * 12 and after[0].count("0c0c0c") == 3


def first_cut_lights(seed):
    """Deal, pass round, cut the first wire offered: every light and frame shown publicly up to
    the cut's result (as test_play_timebomb's first_cut_history), and the lights after it."""
    with MacropadSim(board="macropad", env={"FUSEBOX_SEED": str(seed)}) as sp:
        open_game(sp, 0, 0, 1, first=1)
        for _ in range(5):
            assert sp.top() == "PassScreen"
            pass_around(sp)
        assert sp.top() == "CutScreen"
        step(sp)
        step(sp)
        step(sp)
        sp.wait(2000)
        cut = [h for h in sp.history if h[0] == "log" and h[3] == "result"]
        assert cut, "the reveal never showed its result"
        upto = sp.history.index(cut[0])
        before = [h for h in sp.public_history() if sp.history.index(h) < upto]
        return before, [h[3] for h in sp.history[:upto] if h[0] == "pixels"]


def test_the_lights_before_a_cut_is_revealed_are_the_same_for_every_deal():
    # Privacy (DESIGN.md): nothing lit may depend on a secret outside a private screen. Four
    # deals, the same presses: the NeoPixels (and frames, tones) shown publicly are the same.
    runs = [first_cut_lights(seed) for seed in (1, 2, 3, 4)]
    base, lights = runs[0]
    assert len(lights) > 5 and len(set(lights)) > 1  # they did change: beats and key pulses
    for hist, _ in runs[1:]:
        assert hist == base


@pytest.mark.parametrize("board", PROFILES)
def test_the_readme_script_renders_the_whole_time_bomb_flow_through_displayio(board, tmp_path):
    # python -m tools sim --board BOARD --script docs/screens/timebomb.sim --png DIR
    lines = (ROOT / "docs" / "screens" / "timebomb.sim").read_text().splitlines()
    with SimProc(board=board, env={"FUSEBOX_SEED": "1"}) as sp:
        snaps = simtool.run_script(sp, lines, str(tmp_path), out=lambda _: None)
    assert len(snaps) >= 10
    for label, frame in snaps.items():
        assert any(frame.data), label  # every step of the flow drew something
    # The screenshots of this build in the README are these frames.
    pngs = [p for p in (ROOT / "docs" / "screens").glob(board + "-*.png")]
    pngs = [p for p in pngs if p.stem[len(board) + 1 :].isalpha()]  # not another board's
    assert len(pngs) >= 4
    for png in sorted(pngs):
        assert same_as_golden(snaps["timebomb-" + png.stem[len(board) + 1 :]], png), png
