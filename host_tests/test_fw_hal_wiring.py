"""Wiring docs: tables generated from the profiles, the default build's PNG, staleness check."""

import json
from pathlib import Path

from PIL import Image

from tools.dev import wiring

ROOT = Path(__file__).resolve().parents[1]


def test_docs_are_up_to_date_with_the_profiles():
    assert wiring.main(["--check"]) == 0, "run: python -m tools wiring"


def test_a_changed_profile_makes_the_check_fail(tmp_path):
    assert wiring.main(["--out", str(tmp_path)]) == 0
    assert wiring.main(["--check", "--out", str(tmp_path)]) == 0
    md = tmp_path / "wiring.md"
    md.write_text(md.read_text().replace("GP15 (pin 20)", "GP14 (pin 19)"))
    assert wiring.main(["--check", "--out", str(tmp_path)]) == 1


def test_rows_follow_the_profile():
    prof = json.loads((ROOT / "boards" / "pico-ssd1306.json").read_text())
    rows = wiring.rows_for(prof)
    by_part = {r[0]: r for r in rows if r[0]}
    assert by_part["Display SSD1306 128x64 (I2C0, address 0x3C)"][1:3] == ("SDA", "GP4 (pin 6)")
    assert by_part["Button OK"][2:] == ("GP12 (pin 16)", "ok; internal pull-up")
    assert by_part["Passive piezo"][2] == "GP15 (pin 20)"
    assert by_part["Battery sense"][2] == "GP29 (on-board)"
    assert [r[2] for r in rows if r[0].startswith("Wire")] == [
        "GP18 (pin 24)",
        "GP19 (pin 25)",
        "GP20 (pin 26)",
        "GP21 (pin 27)",
    ]
    prof["buttons"][2]["pin"] = 9
    assert any(r[0] == "Button OK" and r[2] == "GP9 (pin 12)" for r in wiring.rows_for(prof))


def test_two_button_build_shows_the_long_press_meaning():
    prof = json.loads((ROOT / "boards" / "sim.json").read_text())
    prof["buttons"] = [{"name": "A", "pin": 6}, {"name": "B", "pin": 7}]
    prof["keymap"] = {"A": ["down", "up"], "B": ["ok", "back"]}
    notes = [r[3] for r in wiring.rows_for(prof) if r[0].startswith("Button")]
    assert notes == ["down / long: up; internal pull-up", "ok / long: back; internal pull-up"]


def test_markdown_has_every_real_board_and_not_the_sim():
    text = wiring.markdown(wiring.load_profiles())
    for name in ("pico-ssd1306", "pico-sh1106", "thumby", "pico-display-pack"):
        assert "\n## %s\n" % name in text
    assert "\n## sim\n" not in text
    assert "| Display SSD1306 72x40 (SPI0) | SCK | GP18 (pin 24) | 10 MHz |" in text


def test_picture_of_the_default_build(tmp_path):
    wiring.main(["--out", str(tmp_path)])
    img = Image.open(tmp_path / "wiring-pico-ssd1306.png").convert("RGB")
    assert img.size == (1100, 760)
    colours = {img.getpixel((x, y)) for x in range(0, 1100, 2) for y in range(0, 760, 2)}
    assert (0, 0, 255) in colours  # the SDA run
    assert (40, 120, 60) in colours  # the Pico


def test_the_circuitpython_pico_table_is_pico_ssd1306s_at_busios_speed():
    mp = wiring.rows_for(json.loads((ROOT / "boards" / "pico-ssd1306.json").read_text()))
    cp = json.loads((ROOT / "boards" / "pico-ssd1306-circuitpython.json").read_text())
    rows = wiring.rows_for(cp)
    # firmware/circuitpy/hardware.py opens busio.I2C at the profile's fallback frequency
    assert rows[0][3] == "400 kHz (busio.I2C)"
    assert rows[0][:3] == mp[0][:3] and rows[1:] == mp[1:]
    assert "\n## pico-ssd1306-circuitpython\n" in wiring.markdown(wiring.load_profiles())
