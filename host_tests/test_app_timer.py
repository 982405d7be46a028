"""The bomb-timer prop end to end on the sim board: arm, beeps, checkpoints, strikes, pause,
code/hold/wire defuse, the boom, and a reset in the middle of a countdown."""

import json
from pathlib import Path

from host_tests.support.appsim import HEAP, errors, start, tap, top
from host_tests.support.frametext import has_text
from tools.sim import process as simproc

TICK_HZ = 3000  # firmware/buzzer.py TICK at the default volume
CHIRP_HZ = 2700  # resonance of the sim profile: chirps play there
STRIKE_HZ = 900
DEFUSED_HZ = (1047, 1319, 1568, 2093)
SYMS = {"up": 0, "down": 1, "left": 2, "right": 3, "ok": 4, "back": 5}


def select(sim, label):
    """Move the cursor of the current list to `label` and press OK."""
    for _ in range(24):
        pos = simproc_find(sim, label)
        if pos is not None and sim.frame.pixel(max(0, pos[0] - 1), pos[1]):
            tap(sim, "OK")
            return
        tap(sim, "DOWN")
    raise AssertionError("could not select " + label + "\n" + sim.text())


def simproc_find(sim, label):
    from host_tests.support.frametext import find_text

    return find_text(sim.frame, label)


def open_preset(sim, name):
    sim.wait(50)
    select(sim, "Bomb timer")
    assert top(sim) == ("ListScreen", "Bomb timer")
    select(sim, name)
    assert top(sim)[0] == "TimerScreen"


def arm(sim, hold_ms=3300):
    sim.send("press OK", "wait %d" % hold_ms, "release OK", "wait 40")


def tones_of(sim, freq, since=0):
    return [t for (t, f, _d) in sim.tones if f == freq and t >= since]


def saved(flash):
    """The timer save as the app wrote it (inside storage's envelope)."""
    obj = json.loads(Path(flash, "data", "timer.json").read_text())
    return obj["data"]


def pick_code(sim, code, start_sym=4):
    """Type a code with the 4-button picker: DOWN moves the symbol on, OK enters it."""
    cur = start_sym
    for name in code:
        s = SYMS[name]
        tap(sim, "DOWN", (s - cur) % 6, gap=30)
        tap(sim, "OK", gap=30)
        cur = s


def test_arm_then_beeps_speed_up_in_steps_with_checkpoint_chirps_until_the_boom(tmp_path):
    with start(flash=str(tmp_path / "f")) as sim:
        open_preset(sim, "Quick 1:00")
        assert has_text(sim.frame, "Hold OK: arm")
        sim.send("press OK", "wait 1500")
        assert top(sim)[0] == "TimerScreen"
        assert not tones_of(sim, TICK_HZ)  # half-way through the arming hold: nothing yet
        sim.send("wait 1700", "release OK", "wait 20")
        armed_at = sim.tones[-1][0]
        sim.wait(64000)  # the boom pattern (2.4 s) plays before the siren
        # Quick 1:00 beeps every 1000 ms, every 500 ms under 10 s, every 250 ms under 5 s.
        # Tones start on a 10-20 ms loop step and a chirp delays the tick queued after it, so
        # each gap is matched to the nearest step; the steps must only ever get shorter.
        ticks = tones_of(sim, TICK_HZ)
        steps = []
        for a, b in zip(ticks, ticks[1:], strict=False):
            near = [s for s in (1000, 500, 250) if abs((b - a) - s) <= 40]
            if near:
                steps.append((near[0], b - armed_at))
        kinds = [k for k, _ in steps]
        assert set(kinds) == {1000, 500, 250}
        assert kinds == sorted(kinds, reverse=True)
        first_500 = next(t for k, t in steps if k == 500)
        first_250 = next(t for k, t in steps if k == 250)
        assert 50000 <= first_500 <= 51000 and 55000 <= first_250 <= 56000
        assert len(ticks) >= 49 + 9 + 19  # one per second, then twice, then four times
        # Checkpoints at 30 s and 10 s left: one chirp pattern each (two tones of 25 ms).
        chirps = [t - armed_at for t in tones_of(sim, CHIRP_HZ)]
        assert any(29000 <= c <= 31500 for c in chirps)
        assert any(49000 <= c <= 51500 for c in chirps)
        # The boom: siren tones alternate 2000 Hz and resonance, the screen flashes.
        assert tones_of(sim, 2000, armed_at + 59000)
        a = sim.snap("a")
        sim.wait(250)
        b = sim.snap("b")
        assert a.lit() != b.lit() and max(a.lit(), b.lit()) > a.width * a.height // 2
        assert not (Path(sim.flash) / "data" / "timer.json").exists()
        assert not errors(sim)


def test_code_defuse_with_a_strike_costing_time_then_the_right_code(tmp_path):
    flash = str(tmp_path / "f")
    with start(flash=flash) as sim:
        open_preset(sim, "Classic 5:00")
        arm(sim)
        sim.wait(2000)
        before = saved(flash)["prop"]["countdown"]["left"]
        pick_code(sim, ["ok"] * 6)  # wrong: a strike costs 30 s
        assert tones_of(sim, STRIKE_HZ)
        after = saved(flash)["prop"]
        assert after["strikes"] == 1
        assert before - after["countdown"]["left"] >= 30000
        assert has_text(sim.frame, "Wrong!")
        sim.wait(1600)  # the note goes, the strike count shows
        assert has_text(sim.frame, "1/3")
        pick_code(sim, ["up", "up", "down", "down", "left", "right"], 4)
        assert has_text(sim.frame, "DEFUSED")
        assert any(f in DEFUSED_HZ for (_t, f, _d) in sim.tones)
        assert not (Path(flash) / "data" / "timer.json").exists()
        sim.wait(1600)
        tap(sim, "BACK")
        assert top(sim) == ("ListScreen", "Bomb timer")
        assert not errors(sim)


def test_the_third_strike_detonates(tmp_path):
    with start(flash=str(tmp_path / "f")) as sim:
        open_preset(sim, "Classic 5:00")
        arm(sim)
        for i in range(3):
            pick_code(sim, ["back"] * 6, 4 if i == 0 else 5)
        # Two strikes sound; the third is drowned by the boom (urgent sounds cut the queue).
        assert len(tones_of(sim, STRIKE_HZ)) == 2
        sim.wait(3000)
        assert tones_of(sim, 1800)  # the boom's falling tones
        assert tones_of(sim, 2000)  # then the siren
        assert has_text(sim.snap("boom"), "BOOM") or has_text(sim.snap("boom2"), "BOOM")
        assert not (Path(sim.flash) / "data" / "timer.json").exists()
        assert not errors(sim)


def test_pause_and_resume_only_with_holds_and_the_time_stands_still(tmp_path):
    flash = str(tmp_path / "f")
    with start(flash=flash) as sim:
        open_preset(sim, "Classic 5:00")
        arm(sim)
        sim.wait(1000)
        tap(sim, "BACK")  # a tap does not pause
        assert saved(flash)["prop"]["phase"] == "running"
        sim.send("press BACK", "wait 2100", "release BACK", "wait 40")
        state = saved(flash)["prop"]
        assert state["phase"] == "paused"
        frozen = sim.snap("p1")
        assert has_text(frozen, "Hold OK: resume")
        sim.wait(5000)
        assert sim.snap("p2") == frozen  # nothing moves while paused
        ticks = len(tones_of(sim, TICK_HZ))
        sim.send("press OK", "wait 2100", "release OK", "wait 3000")
        assert saved(flash)["prop"]["phase"] == "running"
        assert len(tones_of(sim, TICK_HZ)) > ticks
        assert not errors(sim)


def test_hold_to_defuse(tmp_path):
    with start(flash=str(tmp_path / "f")) as sim:
        open_preset(sim, "Quick 1:00")
        arm(sim)
        sim.send("press OK", "wait 2000")
        sim.send("release OK", "wait 100")  # let go early: nothing happens
        assert not has_text(sim.frame, "DEFUSED")
        sim.send("press OK", "wait 5200", "release OK", "wait 100")
        assert has_text(sim.frame, "DEFUSED")
        assert not errors(sim)


def test_silent_preset_chirps_at_checkpoints_only(tmp_path):
    with start(flash=str(tmp_path / "f")) as sim:
        open_preset(sim, "Silent 10:00")
        arm(sim)
        armed_at = sim.tones[-1][0]
        sim.wait(301000)  # past the 5:00 checkpoint
        assert not tones_of(sim, TICK_HZ, armed_at)
        chirps = [t - armed_at for t in tones_of(sim, CHIRP_HZ, armed_at + 1000)]
        assert chirps and 299000 <= chirps[0] <= 301500
        assert not errors(sim)


def test_physical_wires_wrong_one_strikes_right_one_defuses(tmp_path):
    flash = str(tmp_path / "f")
    with start(flash=flash) as sim:
        open_preset(sim, "Wired 3:00")
        sim.wire(1, True)
        sim.send("press OK", "wait 300")  # refused: a wire is open before arming
        assert has_text(sim.frame, "Join wires")
        sim.send("wait 3000", "release OK", "wait 40")
        assert not (Path(flash) / "data" / "timer.json").exists()
        sim.wire(1, False)
        sim.wait(1600)
        arm(sim)
        assert saved(flash)["prop"]["phase"] == "running"
        sim.wire(0, True)
        sim.wait(100)
        assert saved(flash)["prop"]["strikes"] == 1
        assert tones_of(sim, STRIKE_HZ)
        sim.wire(2, True)
        sim.wait(100)
        assert has_text(sim.frame, "DEFUSED")
        assert not errors(sim)


def test_a_reset_mid_countdown_resumes_paused_with_the_saved_time_and_asks(tmp_path):
    flash = str(tmp_path / "f")
    sim = start(flash=flash)
    open_preset(sim, "Classic 5:00")
    arm(sim)
    sim.wait(25000)  # saves every 10 s while counting
    left = saved(flash)["prop"]["countdown"]["left"]
    assert 270000 <= left <= 290000
    sim.proc.kill()  # the reset: no goodbye, no last save
    sim.proc.wait()
    sim.close()
    with simproc.SimProc(heap=HEAP, flash=flash) as sim:
        sim.wait(50)
        assert top(sim)[0] == "Confirm"
        sec = (left + 999) // 1000
        assert has_text(sim.frame, "%02d:%02d" % (sec // 60, sec % 60))
        tap(sim, "OK")
        assert top(sim)[0] == "TimerScreen"
        assert has_text(sim.frame, "OK: continue")
        frozen = sim.snap("f")
        sim.wait(3000)
        assert sim.snap("g") == frozen  # paused until someone says so
        assert saved(flash)["prop"]["countdown"]["left"] == left
        ticks = len(sim.tones)
        tap(sim, "OK")
        sim.wait(3000)
        assert len(sim.tones) > ticks
        assert saved(flash)["prop"]["phase"] == "running"
        assert not errors(sim)


def test_saying_no_to_the_resume_prompt_discards_the_timer(tmp_path):
    flash = str(tmp_path / "f")
    sim = start(flash=flash)
    open_preset(sim, "Classic 5:00")
    arm(sim)
    sim.wait(11000)
    sim.proc.kill()
    sim.proc.wait()
    sim.close()
    with simproc.SimProc(heap=HEAP, flash=flash) as sim:
        sim.wait(50)
        assert top(sim)[0] == "Confirm"
        tap(sim, "BACK")
        assert top(sim) == ("SavesList", "Fusebox")
        assert not (Path(flash) / "data" / "timer.json").exists()


def test_six_button_boards_type_codes_with_the_buttons_themselves(tmp_path):
    # The Thumby has the d-pad and A/B (OK/BACK): no picker, each press is a code key.
    with start("thumby", flash=str(tmp_path / "f")) as sim:
        sim.wait(50)
        for _ in range(6):
            if top(sim) == ("ListScreen", "Bomb timer"):
                break
            tap(sim, "DOWN")
            tap(sim, "A")
            if top(sim) != ("ListScreen", "Bomb timer"):
                tap(sim, "B")
        assert top(sim) == ("ListScreen", "Bomb timer")
        tap(sim, "A")  # Classic 5:00, the first preset
        assert top(sim) == ("TimerScreen", "Classic 5:00")
        sim.send("press A", "wait 3300", "release A", "wait 40")
        tap(sim, "LEFT")  # wrong first key: the code is judged when six are in
        for b in ("UP", "UP", "DOWN", "DOWN", "LEFT"):
            tap(sim, b)
        assert tones_of(sim, STRIKE_HZ)
        for b in ("UP", "UP", "DOWN", "DOWN", "LEFT", "RIGHT"):
            tap(sim, b)
        assert has_text(sim.frame, "DEFUSED")
        assert not errors(sim)


def test_a_corrupt_timer_save_gives_a_notice_and_the_device_still_boots(tmp_path):
    flash = tmp_path / "f"
    simproc.populate_flash(flash, simproc.sim_profile("pico-ssd1306"))
    (flash / "data" / "timer.json").write_text('{"fusebox": 1, "data": {"v": 1, "ruleset"')
    (flash / "data" / "timer.json.bak").write_text("not json either")
    with simproc.SimProc(heap=HEAP, flash=str(flash)) as sim:
        sim.wait(50)
        assert top(sim) == ("Notice", "Resume?")
        assert has_text(sim.frame, "could not be")
        tap(sim, "BACK")
        assert top(sim) == ("SavesList", "Fusebox")
        assert not (flash / "data" / "timer.json").exists()
        assert not errors(sim)
