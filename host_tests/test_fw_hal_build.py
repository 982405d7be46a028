"""hardware.build() on every real profile, with a fake `machine` module on the unix port.

The fake records which pins, buses and PWMs build() makes, so the tests check the wiring that a
profile turns into (I2C 1 MHz with the 400 kHz fallback, pull-ups, the LED off, the battery
maths) without a board. Drivers need framebuf, so this runs under MicroPython.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

from host_tests.support.unixport import micropython

ROOT = Path(__file__).resolve().parents[1]

FAKE = """
import json
from firmware import hardware

def out(k, v):
    print(k, json.dumps(v))

class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 2
    made = {}
    def __init__(self, id, mode=None, pull=None, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        self.v = 1 if pull == Pin.PULL_UP else value
        Pin.made[id] = self
    def init(self, mode, value=None):
        self.mode = mode
        self.v = value
    def value(self, v=None):
        if v is None:
            return self.v
        self.v = v
    __call__ = value

class I2C:
    made = []
    max_freq = 1000000
    def __init__(self, id, sda, scl, freq):
        self.args = [id, sda.id, scl.id, freq]
        self.writes = 0
        I2C.made.append(self)
    def scan(self):
        return [0x3C] if self.args[3] <= I2C.max_freq else []
    def writevto(self, addr, parts):
        self.writes += 1

class SPI:
    made = []
    def __init__(self, id, baudrate, sck, mosi):
        self.args = [id, baudrate, sck.id, mosi.id]
        self.n = 0
        SPI.made.append(self)
    def write(self, buf):
        self.n += len(buf)

class PWM:
    made = {}
    def __init__(self, pin):
        self.pin = pin.id
        self.f = None
        self.d = None
        PWM.made[pin.id] = self
    def freq(self, f):
        self.f = f
    def duty_u16(self, d):
        self.d = d

class ADC:
    raw = 0
    def __init__(self, pin):
        self.pin = pin.id
    def read_u16(self):
        return ADC.raw

class machine:
    pass

for cls in (Pin, I2C, SPI, PWM, ADC):
    setattr(machine, cls.__name__, cls)

def profile(name):
    with open("boards/" + name + ".json") as f:
        return json.load(f)
"""


def run_mp(body):
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    res = subprocess.run(
        [micropython(), "-X", "heapsize=512k", "-c", FAKE + body],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=ROOT,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    return {k: json.loads(v) for k, _, v in (ln.partition(" ") for ln in res.stdout.splitlines())}


@pytest.fixture(scope="module")
def ssd():
    return run_mp("""
hw = hardware.build(profile("pico-ssd1306"), machine)
out("i2c", [i.args for i in I2C.made])
out("disp", [type(hw.display).__name__, hw.display.width, hw.display.height, hw.display.colour])
out("names", hw.button_names)
out("keymap", hw.keymap)
pulls = sorted(p.id for p in Pin.made.values() if p.pull == Pin.PULL_UP)
out("pullups", pulls)
out("idle", [hw.read_buttons(), hw.read_wires()])  # fake pull-ups read 1: all wires open
for p in (18, 19, 20, 21):
    Pin.made[p].v = 0  # wires to GND
Pin.made[12].v = 0  # OK pressed
Pin.made[19].v = 1  # the second wire cut
out("read", [hw.read_buttons(), hw.read_wires(), hw.wires])
res = []
for mv in (3700, 3000, 2500, 4200, 5000):
    ADC.raw = mv * 65535 // 9900 + 1
    res.append(hw.battery())
out("battery", res)
hw.buzzer.tone(2700, 12000)
bz = PWM.made[15]
first = [bz.f, bz.d]
hw.buzzer.quiet()
out("buzzer", [first, [bz.f, bz.d]])
s = hw.seed()
out("seed", [type(s) is int, 0 <= s < (1 << 30)])
out("ticks", hw.ticks_diff(hw.ticks_add(5, 10), 5))
I2C.made.clear()
I2C.max_freq = 400000  # long wires: the display does not answer at 1 MHz
hw = hardware.build(profile("pico-ssd1306"), machine)
out("fallback", [i.args[3] for i in I2C.made] + [I2C.made[-1].writes > 0])
I2C.made.clear()
I2C.max_freq = 0
try:
    hardware.build(profile("pico-ssd1306"), machine)
except OSError as e:
    out("missing", str(e))
""")


def test_i2c_display_at_1mhz(ssd):
    assert ssd["i2c"] == [[0, 4, 5, 1000000]]
    assert ssd["disp"] == ["SSD1306_I2C", 128, 64, False]


def test_i2c_falls_back_to_400khz(ssd):
    assert ssd["fallback"] == [1000000, 400000, True]


def test_a_missing_display_is_a_clear_error(ssd):
    assert ssd["missing"] == "no display at 0x3c on I2C0 (SDA GP4, SCL GP5)"


def test_buttons_and_wires_have_pull_ups_and_read_as_bits(ssd):
    assert ssd["pullups"] == [10, 11, 12, 13, 18, 19, 20, 21]
    assert ssd["names"] == ["UP", "DOWN", "OK", "BACK"]
    assert ssd["keymap"] == [[0, -1], [1, -1], [4, -1], [5, -1]]
    assert ssd["idle"] == [0, 0b1111]
    assert ssd["read"] == [0b0100, 0b0010, 4]


def test_battery_percent_from_vsys(ssd):
    assert ssd["battery"] == [58, 0, 0, 100, 100]


def test_buzzer_is_a_pwm(ssd):
    assert ssd["buzzer"] == [[2700, 12000], [2700, 0]]


def test_seed_and_ticks(ssd):
    assert ssd["seed"] == [True, True]
    assert ssd["ticks"] == 10


def test_other_boards():
    res = run_mp("""
hw = hardware.build(profile("thumby"), machine)
out("thumby", [type(hw.display).__name__, hw.display.width, hw.display.col_offset,
               SPI.made[-1].args, hw.battery(), hw.read_wires(), hw.wires, hw.button_names])
hw = hardware.build(profile("pico-sh1106"), machine)
out("sh1106", [type(hw.display).__name__, hw.display.col_offset, I2C.made[-1].args])
hw = hardware.build(profile("pico-display-pack"), machine)
d = hw.display
out("pack", [type(d).__name__, d.width, d.height, d.colour, len(d.buffer), SPI.made[-1].args])
out("led", [PWM.made[p].d for p in (6, 7, 8)])
hw.led(255, 0, 128)
out("led2", [PWM.made[p].d for p in (6, 7, 8)])
out("backlight", PWM.made[20].d)
d.contrast(128)
out("backlight2", PWM.made[20].d)
out("cs", Pin.made[17].v)
""")
    assert res["thumby"] == [
        "SSD1306_SPI", 72, 28, [0, 10000000, 18, 19], None, None, 0,
        ["LEFT", "UP", "RIGHT", "DOWN", "A", "B"],
    ]  # fmt: skip
    assert res["sh1106"] == ["SH1106_I2C", 2, [0, 4, 5, 400000]]
    assert res["pack"] == ["ST7789", 240, 135, True, 16200, [0, 62500000, 18, 19]]
    assert res["led"] == [65535, 65535, 65535]  # active low: off after build
    assert res["led2"] == [0, 65535, 65535 - 128 * 257]
    assert res["backlight"] == 65535
    assert res["backlight2"] == 128 * 257
    assert res["cs"] == 1  # deselected between shows


def test_build_reads_board_json_and_rejects_a_bad_one(tmp_path):
    prof = json.loads((ROOT / "boards" / "pico-ssd1306.json").read_text())
    prof["display"]["width"] = 7
    (tmp_path / "board.json").write_text(json.dumps(prof))
    script = "from firmware import hardware\ntry:\n    hardware.build()\nexcept ValueError as e:\n"
    script += "    print(type(e).__name__, e)\n"
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    res = subprocess.run(
        [micropython(), "-c", script],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=tmp_path,
    )
    assert res.stdout.strip() == (
        "RulesetError board.json: display.width: must be an int in 8..320"
    )
