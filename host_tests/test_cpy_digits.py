"""The MacroPad's digit keys (KEY4..KEY12 = 1..9, a phone keypad) under Blinka, as
test_cpy_layer.py runs the CircuitPython layer: a digit picks that row of a list and runs it, one
past the list's end is ignored, the setup's counts and seats take them, the timer's code entry
types with them, and a digit key is lit only while the screen on top takes it."""

import subprocess
import sys
from pathlib import Path

from tools.play.driver import (
    CHOSEN_MS,
    GROUP_ROWS,
    PEEK_MS,
    RecordingSim,
    open_game,
    pass_around,
    tap,
)

ROOT = Path(__file__).resolve().parents[1]
MACROPAD = ROOT / "boards" / "macropad.json"

_START = """
import json, sys
sys.path.insert(0, %r)
from tools.sim.circuitpython.app import CpyApp
run = CpyApp(json.load(open(%r)), %r)

def lit():
    px = [t for t in run.pins.trace if t[0] != "tone"][-1][1]
    return [i for i, c in enumerate(px) if c != (0, 0, 0)]

def top():
    return run.app.stack.top()

def say(*words):
    print("|".join(str(w) for w in words))
"""


def _py(code, tmp_path):
    prog = _START % (str(ROOT), str(MACROPAD), str(tmp_path / "flash")) + code
    out = subprocess.run(
        [sys.executable, "-c", prog], capture_output=True, text=True, timeout=300, cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return [line.split("|") for line in out.stdout.splitlines()]


# KEY1 back, KEY2 left, KEY3 ok stay lit (pixels 0..2); digit n is KEY(n+3), pixel n+2.
BASE = [0, 1, 2]


def digit_pixels(*digits):
    return str(BASE + [d + 2 for d in digits])


def test_a_digit_picks_that_row_of_a_list_and_one_past_its_end_is_ignored(tmp_path):
    out = _py(
        """
run.wait(500)
say(run.screen(), len(top().menu.labels), lit())
run.tap("5")                      # row 5 of the main menu: the Bomb timer's presets
run.wait(300)
say(run.screen(), top().menu.cursor, lit())
run.tap("back")
run.wait(300)
run.tap("1")                      # row 1: Time Bomb's rulesets (one row)
run.wait(300)
say(run.screen(), len(top().menu.labels), lit())
run.tap("2")                      # no row 2: ignored
run.wait(300)
say(run.screen(), top().menu.cursor)
run.tap("1")
run.wait(300)
say(run.screen(), top().players, lit())
""",
        tmp_path,
    )
    assert out[0] == ["('SavesList', 'Fusebox')", "7", digit_pixels(1, 2, 3, 4, 5, 6, 7)]
    # The presets list (the timer ruleset's four), on its first row: one lit digit a row.
    assert out[1] == ["('ListScreen', 'Bomb timer')", "0", digit_pixels(1, 2, 3, 4)]
    assert out[2] == ["('SavesList', 'Time Bomb')", "1", digit_pixels(1)]
    assert out[3] == ["('SavesList', 'Time Bomb')", "0"]
    # Time Bomb takes 4..8 players: those digits are lit, 1..3 and 9 stay dark.
    assert out[4] == ["('SetupScreen', 'Time Bomb')", "4", digit_pixels(4, 5, 6, 7, 8)]


def test_the_setup_takes_a_player_count_then_a_seat_to_start_as_digits(tmp_path):
    out = _py(
        """
run.wait(500)
run.tap("1")
run.wait(300)
run.tap("1")
run.wait(300)
for d in ("9", "3"):              # Time Bomb: 4..8 players, so 9 and 3 do nothing
    run.tap(d)
    run.wait(200)
    say(run.screen(), top().players, top().choosing_first)
run.tap("6")                      # six players, then OK: who starts
run.wait(300)
say(run.screen(), top().players, top().choosing_first, lit())
run.tap("7")                      # no seat 7 among six
run.wait(300)
say(run.screen(), top().first)
run.tap("2")                      # seat 2 starts: the deal
run.wait(500)
say(run.screen()[0])
""",
        tmp_path,
    )
    assert out[0] == ["('SetupScreen', 'Time Bomb')", "4", "False"]
    assert out[1] == ["('SetupScreen', 'Time Bomb')", "4", "False"]
    assert out[2] == ["('SetupScreen', 'Time Bomb')", "6", "True", digit_pixels(1, 2, 3, 4, 5, 6)]
    assert out[3] == ["('SetupScreen', 'Time Bomb')", "0"]
    assert out[4] == ["PassScreen"]  # dealt: the board goes round for the private looks


def test_the_timer_code_entry_takes_digit_keys_one_symbol_each(tmp_path):
    # Classic 5:00's code is up up down down left right: digits 1 1 2 2 3 4 (Up Dn Lt Rt OK Bk).
    out = _py(
        """
run.wait(500)
run.tap("5")
run.wait(300)
run.tap("1")                      # the first preset: Classic 5:00
run.wait(300)
say(run.screen(), lit())
run.press("ok")                   # hold OK to arm
run.wait(3300)
run.press("ok", False)
run.wait(300)
p = top().prop
say(p.phase, lit())
run.tap("9")                      # no symbol: ignored
say(list(p.entry))
for d in ("1", "1", "2"):
    run.tap(d)
say(list(p.entry))
for d in ("2", "3", "4"):
    run.tap(d)
run.wait(300)
from core import timer
say(p.phase == timer.DEFUSED)
""",
        tmp_path,
    )
    assert out[0] == ["('TimerScreen', 'Classic 5:00')", digit_pixels()]  # SET: no code asked
    assert out[1][1] == digit_pixels(1, 2, 3, 4, 5, 6)  # armed: the six symbols are lit
    assert out[2] == ["[]"]
    assert out[3] == ["[0, 0, 1]"]  # each digit typed at the current position, then the next
    assert out[4][0] == "True"


class Keypad(RecordingSim):
    """The macropad sim; the play driver's OK and BACK are the encoder's switch and KEY1, and
    the history also has ("pixels", screen, private, hex) (as test_cpy_timebomb's)."""

    def _until(self, done):
        def record(words):
            if words[0] == "pixels":
                self.history.append(("pixels", self.screen, self.private, words[1]))
            return done(words)

        return super()._until(record)

    def send(self, *lines):
        names = {"OK": "PUSH", "BACK": "KEY1"}
        out = []
        for line in lines:
            w = line.split()
            out.append(
                "%s %s" % (w[0], names[w[1]])
                if w[0] in ("press", "release") and w[1] in names
                else line
            )
        super().send(*out)


def test_a_cut_takes_a_seat_and_a_wire_as_digit_keys():
    with Keypad(board="macropad", env={"FUSEBOX_SEED": "3"}) as sp:
        open_game(sp, 0, 0, 1, first=1)  # five players, seat 1 (P1, seat 0) starts
        for _ in range(5):
            pass_around(sp)
        assert sp.top() == "CutScreen"
        tap(sp, "KEY12")  # digit 9: there are four other seats, so nothing happens
        tap(sp, "KEY9")  # digit 6: no sixth seat either
        assert sp.top() == "CutScreen" and not [x for x in sp.logs if x.startswith("ev cut")]
        tap(sp, "BACK")  # the pause menu: resume, rules, log, leave, abandon
        assert sp.top() == "PauseMenu"
        tap(sp, "KEY12")  # digit 9: no ninth row
        assert sp.top() == "PauseMenu"
        tap(sp, "KEY4")  # digit 1: resume
        assert sp.top() == "CutScreen"
        tap(sp, "KEY5")  # digit 2: the second seat offered (seat 2), then OK: its wires
        tap(sp, "KEY9")  # digit 6: five wires each in the first round: no sixth
        tap(sp, "KEY6")  # digit 3: its third wire, then OK: sure?
        assert not [x for x in sp.logs if x.startswith("ev cut")]
        tap(sp, "OK")
        sp.wait(300)
        cuts = [x.split() for x in sp.logs if x.startswith("ev cut")]
    assert [c[2:5] for c in cuts] == [["0", "2", "2"]]  # by seat 0, of seat 2, wire #3


def test_a_private_choice_and_the_placement_take_digit_keys_and_the_choice_lights_none():
    # TimeBomb II's troop card, chosen in private: digit 2 is the second kind in the hand, as
    # DOWN then OK is (test_play_timebomb2); a digit past the hand's kinds is ignored.
    with Keypad(board="macropad", env={"FUSEBOX_SEED": "6"}) as sp:
        open_game(sp, GROUP_ROWS["timebomb2"], 0, 0, first=1)
        for _ in range(4):
            pass_around(sp)
        sp.press("OK")
        sp.wait(PEEK_MS)
        sp.release("OK")
        sp.wait(20)
        assert sp.private and sp.top() == "PassScreen"  # the choice stays up
        tap(sp, "KEY12")  # digit 9: no ninth kind of troop card
        assert sp.private
        lit = [h[3] for h in sp.history if h[0] == "pixels"][-1]  # the strip during the choice
        tap(sp, "KEY5")  # digit 2: the second kind, confirmed in private, then hidden
        assert sp.private
        sp.wait(CHOSEN_MS)
        assert not sp.private
        sp.wait(1500)
        tap(sp, "OK")  # pass on: the placement, public
        sp.wait(50)
        assert sp.top() == "PlaceScreen"
        tap(sp, "KEY12")  # digit 9: the list has fewer rows
        assert sp.top() == "PlaceScreen" and not [x for x in sp.logs if x.startswith("ev place")]
        tap(sp, "KEY5")  # digit 2: P2's building, then OK: sure?
        tap(sp, "OK")
        sp.wait(50)
        places = [x.split()[1:] for x in sp.logs if x.startswith("ev place")]
    assert places == [["place", "0", "1", "1"]]  # by P1, at P2's building, the second kind
    # While the choice was up, no digit key was lit (how many kinds a hand has is a secret).
    assert lit.count("0c0c0c") + lit.count("5a5a5a") == 3 and lit.count("000000") == 9


def test_settings_take_a_digit_a_row_and_the_name_editor_types_as_a_phone_does(tmp_path):
    out = _py(
        """
run.wait(500)
labels = top().menu.labels
run.tap(str([i for i, l in enumerate(labels) if "Settings" in l][0] + 1))
run.wait(300)
s = run.app.settings
say(run.screen(), lit(), s.sound, s.brightness)
run.tap("1")                      # row 1, as OK: the sound goes off
run.wait(200)
run.tap("3")                      # row 3, as OK: one step brighter
run.wait(200)
say(top().menu.cursor, s.sound, s.brightness)
run.tap("9")                      # seven rows: nothing
run.wait(200)
say(run.screen(), top().menu.cursor)
run.tap("6")                      # seat names
run.wait(300)
run.tap("2")                      # seat 2: its name picker
run.wait(300)
run.tap("1")                      # "Type A-Z": the letter editor
run.wait(300)
say(run.screen(), lit())
for d in ("2", "2", "6", "6", "6"):  # B (2 twice), then o (6 three times) at the next letter
    run.tap(d)
    run.wait(100)
say("".join(top().chars).strip(), top().pos)
run.wait(1200)                    # the same key later: the next letter
run.tap("6")
run.wait(100)
run.tap("1")                      # another key: the next letter again, its first: "."
say("".join(top().chars).strip(), top().pos)
run.press("ok")
run.wait(1500)
run.press("ok", False)
run.wait(300)
say(run.screen(), s.names[1])
""",
        tmp_path,
    )
    assert out[0] == ["('SettingsScreen', 'Settings')", digit_pixels(1, 2, 3, 4, 5, 6, 7)] + [
        "True",
        "4",
    ]
    assert out[1] == ["2", "False", "5"]  # on row 3: the sound off (row 1), one step brighter
    assert out[2] == ["('SettingsScreen', 'Settings')", "2"]  # seven rows: 9 does nothing
    assert out[3] == ["('NameEditor', 'Seat 2')", digit_pixels(1, 2, 3, 4, 5, 6, 7, 8, 9)]
    assert out[4] == ["Bo", "1"]
    assert out[5] == ["Bom.", "3"]
    assert out[6][1] == "Bom."


def lit_digits(hexstrip):
    """The digits (1..9) lit in a pixels line of the Keypad sim's history."""
    px = [hexstrip[i * 6 : i * 6 + 6] for i in range(12)]
    return [i - 2 for i in range(3, 12) if px[i] != "000000"]


def test_its_a_bombs_turn_takes_a_digit_at_each_step():
    with Keypad(board="macropad", env={"FUSEBOX_SEED": "9"}) as sp:
        open_game(sp, GROUP_ROWS["itsabomb"], 0, 0)
        assert sp.top() == "TurnScreen", sp.logs[-5:]
        turn = [h[3] for h in sp.history if h[0] == "pixels"][-1]
        tap(sp, "KEY12")  # digit 9: fewer things to do than nine
        assert sp.top() == "TurnScreen"
        tap(sp, "KEY6")  # digit 3: the third thing to do, cut a tile: its row
        tap(sp, "KEY5")  # digit 2: row B: its tiles
        cells = [h[3] for h in sp.history if h[0] == "pixels"][-1]
        tap(sp, "KEY12")  # digit 9: no column 9
        tap(sp, "KEY4")  # digit 1: column 1: sure?
        assert not [x for x in sp.logs if x.startswith("ev ")]
        tap(sp, "OK")
        sp.wait(300)
        cuts = [x.split()[1:] for x in sp.logs if x.startswith("ev cut_tile")]
    assert cuts and cuts[0][:3] == ["cut_tile", "1", "0"]  # the tile B1, as UP/DOWN then OK
    assert 3 in lit_digits(turn) and 9 not in lit_digits(turn)
    assert 1 in lit_digits(cells) and 9 not in lit_digits(cells)
