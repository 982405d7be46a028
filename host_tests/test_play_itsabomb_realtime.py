"""It's a Bomb!'s real-time rounds on the sim board (virtual clock): the round clock beeps as the
core's countdown says, a round that runs out ends by itself, menus stop the clock, and a reset
resumes the round with the time it had left at the last save."""

import shutil
import tempfile

from host_tests.support.frametext import has_text
from host_tests.support.play_itsabomb import GROUP, HEAP, REALTIME, events, no_errors, ruleset
from tools.play.driver import RecordingSim, open_game, tap

R = 2700  # the sim board's buzzer resonance: the "beep" pattern's pitch


def sim(seed, flash=None):
    return RecordingSim(
        board="pico-ssd1306", heap=HEAP, flash=flash, env={"FUSEBOX_SEED": str(seed)}
    )


def timeouts(sp):
    return sum(1 for e in events(sp) if e[0] == "timeout")


def test_a_round_that_outlasts_its_clock_beeps_then_ends_by_itself():
    rt = ruleset(REALTIME)["realtime"]
    with sim(3) as sp:
        open_game(sp, GROUP, REALTIME, 0)
        assert sp.top() == "TurnScreen"
        t0 = sp.tones[-1][0]
        start = len(sp.tones)
        sp.wait(rt["round_seconds"] * 1000 - 2000)
        assert timeouts(sp) == 0
        sp.wait(3000)
        no_errors(sp)
        assert timeouts(sp) == 1
        ev = events(sp)
        assert ev[1] == ["countdown", str(ruleset(REALTIME)["time"] - 10)]
        assert sp.top() == "Notice" and has_text(sp.frame, "Time's up")
        tones = sp.tones[start:]
        # A beep is 70 ms at the resonance; the checkpoints' chirps are two 25 ms pips.
        beeps = [
            t
            for i, (t, f, d) in enumerate(tones[:-1])
            if f == R and d and t > t0 + 300 and tones[i + 1][0] - t >= 60
        ]
        chirps = [
            t for i, (t, f, d) in enumerate(tones[:-1]) if f == R and tones[i + 1][0] - t < 40
        ]
        assert len(chirps) >= len(rt["checkpoints"])
        # From the first threshold on, one beep a period: 1 s, then 250 ms in the last 5 s.
        (hi, slow), (lo, fast) = rt["beeps"]
        gaps = [b - a for a, b in zip(beeps, beeps[1:], strict=False)]
        assert len(beeps) >= (hi - lo) // slow + lo // fast - 4
        # The loop steps every 10-20 ms, so a beep may land a step late (and one that meets a
        # checkpoint's chirp may give way to it), but never drifts: the countdown works from a
        # deadline, so every beep of the slow part lies on the first one's 1 s grid.
        end = beeps[-1]
        on_grid = [t for t in beeps if min((t - beeps[0]) % slow, -(t - beeps[0]) % slow) <= 20]
        assert len([t for t in on_grid if t < end - lo]) >= (hi - lo) // slow - 2
        assert all(abs(g - fast) <= 20 for g in gaps[-(lo // fast) + 2 :])


def test_the_round_clock_stands_still_while_the_pause_menu_is_up():
    n = ruleset(REALTIME)["realtime"]["round_seconds"] * 1000
    with sim(4) as sp:
        open_game(sp, GROUP, REALTIME, 0)
        sp.wait(n // 2)
        tap(sp, "BACK")
        assert sp.top() == "PauseMenu"
        sp.wait(2 * n)
        assert timeouts(sp) == 0
        tap(sp, "OK")  # "Continue" (BACK would leave the game, saved)
        assert sp.top() == "TurnScreen"
        sp.wait(n // 2 - 1500)
        assert timeouts(sp) == 0
        sp.wait(2500)
        assert timeouts(sp) == 1
        no_errors(sp)


def test_a_question_starts_a_fresh_round_clock():
    n = ruleset(REALTIME)["realtime"]["round_seconds"] * 1000
    with sim(5) as sp:
        open_game(sp, GROUP, REALTIME, 0)
        sp.wait(n - 3000)
        for b in ("OK", "OK", "OK"):  # ask row A, confirmed, with 3 s to spare
            tap(sp, b)
        assert events(sp)[0][:3] == ["ask", "row", "0"]
        sp.wait(1700)
        tap(sp, "OK")
        sp.wait(n - 3000)
        assert timeouts(sp) == 0
        sp.wait(4000)
        assert timeouts(sp) == 1
        no_errors(sp)


def test_a_reset_mid_round_resumes_with_the_time_left_at_the_last_checkpoint():
    rt = ruleset(REALTIME)["realtime"]
    n = rt["round_seconds"] * 1000
    cp = max(rt["checkpoints"])  # saved when the clock passes it
    flash = tempfile.mkdtemp(prefix="fusebox-iab-rt-")
    try:
        with sim(6, flash) as sp:
            open_game(sp, GROUP, REALTIME, 0)
            sp.wait(n - cp + 1500)
            assert timeouts(sp) == 0
            sp.proc.kill()  # the reset, 1.5 s after the checkpoint's save
            sp.proc.wait()
        with sim(6, flash) as sp:
            assert sp.top() == "ResumeScreen"  # "Resume?"
            tap(sp, "OK")
            sp.wait(50)
            assert sp.top() == "TurnScreen"
            assert has_text(sp.frame, str(cp // 1000) + "s")
            sp.wait(cp - 1000)
            assert timeouts(sp) == 0
            sp.wait(2000)
            assert timeouts(sp) == 1
            no_errors(sp)
    finally:
        shutil.rmtree(flash, ignore_errors=True)
