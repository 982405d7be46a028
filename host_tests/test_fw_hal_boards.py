"""Board profiles: every shipped profile validates; broken ones fail naming the exact field."""

import copy
import json
from pathlib import Path

import pytest

from core.errors import RulesetError
from firmware import boardcheck
from firmware import buttons as B

ROOT = Path(__file__).resolve().parents[1]
PROFILES = sorted((ROOT / "boards").glob("*.json"))


def load(name):
    return json.loads((ROOT / "boards" / (name + ".json")).read_text())


def test_the_agreed_profiles_ship():
    assert [p.stem for p in PROFILES] == [
        "macropad",
        "pico-display-pack",
        "pico-sh1106",
        "pico-ssd1306-circuitpython",
        "pico-ssd1306",
        "sim",
        "thumby",
    ]


@pytest.mark.parametrize("path", PROFILES, ids=lambda p: p.stem)
def test_shipped_profile_is_valid(path):
    prof = json.loads(path.read_text())
    assert boardcheck.validate(prof, path.name) is prof
    assert prof["name"] == path.stem
    names = [b["name"] for b in prof["buttons"]]
    km = B.keymap_from(names, prof["keymap"])
    reached = {x for pair in km for x in pair if x >= 0}
    assert {B.UP, B.DOWN, B.OK, B.BACK} <= reached


def test_thumby_and_display_pack_pins_match_the_hardware():
    t = load("thumby")
    assert t["display"]["spi"] == {
        "id": 0, "sck": 18, "mosi": 19, "dc": 17, "rst": 20, "cs": 16, "baud": 10000000
    }  # fmt: skip
    pins = {b["name"]: b["pin"] for b in t["buttons"]}
    assert pins == {"LEFT": 3, "UP": 4, "RIGHT": 5, "DOWN": 6, "A": 27, "B": 24}
    assert t["buzzer"]["pin"] == 28
    d = load("pico-display-pack")
    assert [b["pin"] for b in d["buttons"]] == [12, 13, 14, 15]
    assert (d["display"]["width"], d["display"]["height"], d["display"]["colour"]) == (
        240,
        135,
        True,
    )


def broken(name, change):
    prof = copy.deepcopy(load(name))
    change(prof)
    with pytest.raises(RulesetError) as e:
        boardcheck.validate(prof, name + ".json")
    return str(e.value)


def test_missing_width():
    msg = broken("pico-ssd1306", lambda p: p["display"].pop("width"))
    assert msg == "pico-ssd1306.json: display.width: missing"


def test_width_out_of_range():
    msg = broken("pico-ssd1306", lambda p: p["display"].update(width=4000))
    assert msg == "pico-ssd1306.json: display.width: must be an int in 8..320"


def test_colour_on_a_mono_controller():
    msg = broken("pico-sh1106", lambda p: p["display"].update(colour=True))
    assert msg == "pico-sh1106.json: display.colour: sh1106 is monochrome"


def test_unknown_driver_and_wrong_bus():
    assert "display.driver: must be one of" in broken(
        "thumby", lambda p: p["display"].update(driver="ili9341")
    )
    assert "display.bus: st7789 needs bus spi" in broken(
        "pico-display-pack", lambda p: p["display"].update(bus="i2c")
    )


def test_pin_out_of_range():
    msg = broken("thumby", lambda p: p["buttons"][4].update(pin=30))
    assert msg == "thumby.json: buttons.4.pin: must be an int in 0..29"


def test_keymap_names_and_coverage():
    assert "keymap.START: no physical button named START" in broken(
        "thumby", lambda p: p["keymap"].update(START=["ok"])
    )
    assert "keymap.A: unknown logical button 'select'" in broken(
        "thumby", lambda p: p["keymap"].update(A=["select"])
    )
    assert broken("pico-ssd1306", lambda p: p["keymap"].pop("BACK")).endswith(
        "keymap: no button gives back"
    )


def test_duplicate_button_and_shared_pin():
    assert "buttons.1.name: duplicate button UP" in broken(
        "pico-ssd1306", lambda p: p["buttons"][1].update(name="UP")
    )
    msg = broken("pico-ssd1306", lambda p: p["wires"].__setitem__(0, 15))
    assert msg == "pico-ssd1306.json: buzzer.pin: GP15 is already used by wires.0"
    msg = broken("pico-ssd1306", lambda p: p["buttons"][0].update(pin=4))
    assert msg == "pico-ssd1306.json: buttons.0.pin: GP4 is already used by display.i2c.sda"


def test_the_buzzer_has_its_pwm_slice_to_itself():
    # GP22 is PWM 3A, the slice of the Display Pack's red and green LED (GP6 3A, GP7 3B): each
    # tone would set their frequency and the red's duty (the emulated Pico showed the LED lit
    # red with every sound, and its green off its set brightness).
    msg = broken("pico-display-pack", lambda p: p["buzzer"].update(pin=22))
    assert msg == "pico-display-pack.json: buzzer.pin: GP22 shares PWM slice 3 with led.g (GP7)"
    msg = broken("pico-display-pack", lambda p: p["buzzer"].update(pin=21))
    assert msg == (
        "pico-display-pack.json: buzzer.pin: GP21 shares PWM slice 2 with display.spi.bl (GP20)"
    )


def test_battery_range():
    msg = broken("pico-ssd1306", lambda p: p["battery"].update(full_mv=2900))
    assert msg == "pico-ssd1306.json: battery.full_mv: must be above empty_mv"


def test_odd_colour_width():
    def change(p):
        p["display"].update(driver="sim", bus="none", width=239)
        p["display"].pop("spi")

    assert "display.width: a colour (4-bit) display needs an even width" in broken(
        "pico-display-pack", change
    )


def test_minimal_keymaps_are_valid_profiles():
    two = {"A": ["down", "up"], "B": ["ok", "back"]}
    three = {"A": ["up"], "B": ["down"], "C": ["ok", "back"]}
    for km, names in ((two, ["A", "B"]), (three, ["A", "B", "C"])):
        prof = load("sim")
        prof["buttons"] = [{"name": n, "pin": i} for i, n in enumerate(names)]
        prof["keymap"] = km
        boardcheck.validate(prof)


def test_not_an_object():
    with pytest.raises(RulesetError, match="board.json: \\(top\\): must be an object"):
        boardcheck.validate([])


def test_the_circuitpython_pico_profile_is_the_default_builds_wiring():
    # The Pico + SSD1306 build under CircuitPython: the same pins, display, buttons, buzzer,
    # battery and wires as pico-ssd1306, only named for the runtime that drives them.
    mp, cp = load("pico-ssd1306"), load("pico-ssd1306-circuitpython")
    assert cp["runtime"] == "circuitpython" and "runtime" not in mp
    differ = {k for k in set(mp) | set(cp) if mp.get(k) != cp.get(k)}
    assert differ == {"name", "title", "runtime"}
    assert cp["display"]["i2c"] == {
        "id": 0, "sda": 4, "scl": 5, "freq": 1000000, "fallback_freq": 400000, "addr": 0x3C
    }  # fmt: skip
