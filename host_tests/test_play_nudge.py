"""A press ignored on purpose is heard and said so: an early OK on "Hidden" (before the look's
minimum time) and a press during a reveal's build-up give a short low tone and a visible tick,
and change nothing else."""

import re

from firmware import buzzer
from tools.play.driver import GROUP_ROWS, RecordingSim, open_game, tap
from tools.runtimes import ROOT

NOPE_HZ = buzzer.PATTERNS[buzzer.NAMES.index("nope")][0]
# firmware/play/passing.py's dwell, read from its source (it draws with framebuf, which this
# CPython does not have).
_SRC = (ROOT / "firmware" / "play" / "passing.py").read_text()
MIN_DWELL_MS = int(re.search(r"MIN_DWELL_MS = const\((\d+)\)", _SRC).group(1))


def sim(seed=5):
    return RecordingSim(board="pico-ssd1306", heap="512k", env={"FUSEBOX_SEED": str(seed)})


def tick_shown(frame):
    """The nudge box (bottom right, 10x10 on this board) is lit around its check mark."""
    w, h = frame.width, frame.height
    return all(frame.pixel(x, h - 10) for x in range(w - 10, w))


def nope_tones(sp):
    return [t for t in sp.tones if t[1] == NOPE_HZ]


def test_an_early_ok_on_hidden_is_ignored_with_a_tone_and_a_tick():
    with sim() as sp:
        open_game(sp, GROUP_ROWS["timebomb"])
        assert sp.top() == "PassScreen"
        sp.press("OK")
        sp.wait(300)
        sp.release("OK")
        sp.wait(30)
        assert not tick_shown(sp.frame)
        tap(sp, "OK")  # far too early
        assert "nope" in sp.logs and sp.top() == "PassScreen"
        assert len(nope_tones(sp)) == 1
        assert tick_shown(sp.frame)
        sp.wait(500)
        assert not tick_shown(sp.frame)  # gone after a moment
        sp.wait(MIN_DWELL_MS)
        seen = [t for t in sp.logs if t.startswith("seen ")]
        tap(sp, "OK")  # now it passes on
        assert len([t for t in sp.logs if t.startswith("seen ")]) == len(seen) + 1
        assert len(nope_tones(sp)) == 1


def test_a_press_during_the_build_up_is_ignored_with_a_tone_and_a_tick():
    with sim() as sp:
        open_game(sp, GROUP_ROWS["timebomb"])
        for _ in range(40):  # everyone looks, then the first cut
            if sp.top() != "PassScreen":
                break
            sp.press("OK")
            sp.wait(300)
            sp.release("OK")
            sp.wait(MIN_DWELL_MS + 100)
            tap(sp, "OK")
            sp.wait(50)
        for _ in range(3):  # a player, a wire, confirm
            tap(sp, "OK")
        assert sp.top() == "RevealScreen", sp.logs[-4:]
        tap(sp, "OK")
        assert len(nope_tones(sp)) == 1 and tick_shown(sp.frame)
        assert sp.top() == "RevealScreen"
