"""Screen sleep on the sim board: after the Settings' delay with no press the display dims, then
turns off; the press that wakes it does nothing else; a private screen hides first; the timer's
countdown, It's a Bomb!'s real-time clock and a build-up keep it lit. (On the emulated Pico:
test_board_sleep.py, the panel's own state.)"""

import json

from host_tests.support.appsim import start, tap, top
from host_tests.support.frametext import has_text
from tools.play.driver import DWELL_MS, GROUP_ROWS, PEEK_MS, RecordingSim, open_game, step


def flash_with(tmp_path, **settings):
    """A flash folder whose saved settings hold `settings` (the rest are the defaults)."""
    flash = tmp_path / "flash"
    (flash / "data").mkdir(parents=True)
    env = {"fusebox": 1, "data": dict({"v": 1}, **settings)}
    (flash / "data" / "settings.json").write_text(json.dumps(env))
    return str(flash)


def display(sim):
    return [line for line in sim.logs if line.startswith("display ")]


def test_the_menu_dims_after_two_minutes_then_turns_off_and_the_waking_press_does_nothing(
    tmp_path,
):
    with start(flash=str(tmp_path / "flash")) as sim:  # the default: 2 minutes
        sim.wait(1000)
        menu = bytes(sim.frame)
        sim.wait(118000)
        assert display(sim) == []  # 119 s after the boot: still lit
        sim.wait(2000)
        assert display(sim) == ["display dim"]
        sim.wait(27000)
        assert display(sim) == ["display dim"]  # 148 s
        sim.wait(4000)
        assert display(sim) == ["display dim", "display off"]  # 30 s after the dim
        tap(sim, "DOWN")  # wakes the display, and that is all it does
        assert display(sim)[-1] == "display on"
        assert bytes(sim.frame) == menu and top(sim) == ("SavesList", "Fusebox")
        tap(sim, "DOWN")  # the next press moves the cursor
        assert bytes(sim.frame) != menu
        sim.wait(119000)
        assert display(sim)[-1] == "display on"  # the delay counts from the last press
        sim.wait(2000)
        assert display(sim)[-1] == "display dim"
        tap(sim, "OK")  # a press while dim also only wakes: the group does not open
        assert display(sim)[-1] == "display on" and top(sim) == ("SavesList", "Fusebox")


def test_never_keeps_the_screen_lit_and_one_minute_is_offered(tmp_path):
    with start(flash=flash_with(tmp_path, sleep=0)) as sim:
        sim.wait(400000)
        assert display(sim) == []
    with start(flash=flash_with(tmp_path / "b", sleep=60)) as sim:
        sim.wait(59000)
        assert display(sim) == []
        sim.wait(2000)
        assert display(sim) == ["display dim"]


def test_a_private_choice_left_up_hides_before_the_screen_dims(tmp_path):
    # Auto-hide "never": only the sleep can take the private screen away from the table.
    flash = flash_with(tmp_path, sleep=60, hide=0)
    with RecordingSim(board="pico-ssd1306", heap="512k", flash=flash) as sp:
        open_game(sp, GROUP_ROWS["timebomb2"])
        for _ in range(8):  # the deal's plain looks, then the first private pick
            sp.press("OK")
            sp.wait(PEEK_MS)
            sp.release("OK")
            sp.wait(100)
            if sp.private:
                break
            sp.wait(DWELL_MS)
            tap(sp, "OK")
        assert sp.private, sp.logs[-5:]  # TimeBomb II's private pick stays up
        sp.wait(62000)
        assert not sp.private
        said = [t for t in sp.logs if t in ("public", "display dim")]
        assert said[-2:] == ["public", "display dim"], said
        # The last frame before the dim is the public "Pass to" screen, not the secret.
        frames = [h for h in sp.history if h[0] == "frame"]
        assert not frames[-1][2]
        assert has_text(sp.frame, "Pass to")


def test_a_running_countdown_never_sleeps(tmp_path):
    with start(flash=flash_with(tmp_path, sleep=60)) as sim:
        sim.wait(500)
        for _ in range(12):
            if _selected(sim, "Bomb timer"):
                break
            tap(sim, "DOWN")
        tap(sim, "OK")
        tap(sim, "OK")  # Classic 5:00
        sim.send("press OK", "wait 3300", "release OK", "wait 100")  # hold to arm
        assert top(sim)[0] == "TimerScreen", top(sim)
        sim.wait(200000)  # over three minutes of countdown, no press
        assert display(sim) == []


def _selected(sim, label):
    from host_tests.support.frametext import find_text

    pos = find_text(sim.frame, label)
    return pos is not None and sim.frame.pixel(max(0, pos[0] - 1), pos[1])


def test_the_sleep_setting_is_kept_and_repaired():
    from firmware import settings as prefs

    s = prefs.Settings()
    assert s.sleep == 120 and prefs.SLEEP_CHOICES == (60, 120, 300, 0)
    s.apply_obj({"sleep": 300})
    assert s.sleep == 300 and s.to_obj()["sleep"] == 300
    s.apply_obj({"sleep": 7})  # not a choice: kept as it was
    assert s.sleep == 300


def waited_until(sp, said, step_ms, limit_ms):
    """Wait in steps until a log line `said` comes; the ms waited (to the step's end)."""
    waited = 0
    while said not in sp.logs:
        assert waited < limit_ms, (said, sp.logs[-5:])
        sp.wait(step_ms)
        waited += step_ms
    return waited


def test_a_real_time_round_keeps_the_screen_lit_until_its_clock_stops(tmp_path):
    from host_tests.support.play_itsabomb import GROUP, REALTIME

    flash = flash_with(tmp_path, sleep=60)
    with RecordingSim(board="pico-ssd1306", heap="512k", flash=flash) as sp:
        open_game(sp, GROUP, REALTIME, 0)  # the round's clock runs on the turn screen (20 s)
        timeout = waited_until(sp, "ev timeout", 500, 30000)
        dim = timeout + waited_until(sp, "display dim", 500, 90000)
        # A minute from the round's end, not from the last press (the clock ran 20 s of it).
        assert timeout >= 15000 and 59500 <= dim - timeout <= 61000, (timeout, dim)


def test_a_build_up_keeps_the_screen_lit_and_the_minute_counts_from_its_result(tmp_path):
    flash = flash_with(tmp_path, sleep=60)
    with RecordingSim(board="pico-ssd1306", heap="512k", flash=flash) as sp:
        open_game(sp, GROUP_ROWS["timebomb"])
        for _ in range(40):  # the deal's looks, to the first cutter's wires
            if sp.top() == "CutScreen":
                break
            step(sp)
        tap(sp, "OK")
        tap(sp, "OK")
        tap(sp, "OK")  # cut: the build-up, then the result
        result = waited_until(sp, "result", 100, 3000)
        dim = result + waited_until(sp, "display dim", 100, 70000)
        # (within a loop step and the 100 ms the waits go by; from the press it would be 58.4 s)
        assert 1500 <= result and 59800 <= dim - result <= 60300, (result, dim)
