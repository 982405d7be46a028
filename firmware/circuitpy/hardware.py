"""CircuitPython hardware setup: build(profile) -> the Hardware firmware/hardware.py documents,
on displayio, keypad, rotaryio, pwmio, neopixel and supervisor (the only place the CircuitPython
build makes pins, buses and PWM; code.py calls it first, like main.py on MicroPython).

Profile pins are GPIO numbers, reached as microcontroller.pin.GPIOn (the MacroPad's `board` names
its pins KEY1.., not GPn). What the MicroPython profile format does not say, a CircuitPython
profile adds:
  "encoder": {"a": 17, "b": 18, "ccw": "UP", "cw": "DOWN"}  a rotaryio encoder; the buttons named
             ccw/cw (their "pin" is a/b) read as a tap each detent, held for a debounce time
  "buzzer": {..., "enable_pin": 14}   driven high at build (the MacroPad's speaker amplifier)
  "pixels": {"pin": 19, "count": 12, "keys": [pin, ...]}   NeoPixels under the keys, in order
  "display": {..., "builtin": true}   use board.DISPLAY (the MacroPad's SH1106) as it is
Ticks: supervisor.ticks_ms() wraps at 2**29; ticks_ms() here extends it to the 2**30 circle of
core/ticks.py (every value a small int), so ticks_diff/ticks_add are core.ticks' own.
"""

import os
import time

from core import const
from core import ticks as _ticks
from firmware import buttons as _buttons
from firmware import hardware as _hardware
from firmware.circuitpy import lights as _lights

_HALF_CP = const(0x20000000)  # supervisor.ticks_ms()'s period, 2**29
_TAP_MS = const(40)  # an encoder detent: held, then released, each this long (> debounce)


def _pin(n):
    import microcontroller

    # microcontroller.pin is a module of the port (circuitpython-stubs do not list it).
    return getattr(getattr(microcontroller, "pin"), "GPIO%d" % n)  # noqa: B009


def _display(disp):
    import board
    import displayio

    from firmware.circuitpy.canvas import Canvas

    w, h = disp["width"], disp["height"]
    if disp.get("builtin") and hasattr(board, "DISPLAY"):
        return Canvas(board.DISPLAY, w, h)
    displayio.release_displays()  # a wired display of a previous code.py run holds its bus
    if disp["bus"] == "i2c":
        import busio
        import i2cdisplaybus

        cfg = disp["i2c"]
        i2c = busio.I2C(_pin(cfg["scl"]), _pin(cfg["sda"]), frequency=cfg["fallback_freq"])
        bus: object = i2cdisplaybus.I2CDisplayBus(i2c, device_address=cfg["addr"])
    else:
        import busio
        import fourwire

        cfg = disp["spi"]
        spi = busio.SPI(_pin(cfg["sck"]), MOSI=_pin(cfg["mosi"]))
        cs = _pin(cfg["cs"]) if "cs" in cfg else None
        rst = _pin(cfg["rst"]) if "rst" in cfg else None
        bus = fourwire.FourWire(
            spi, command=_pin(cfg["dc"]), chip_select=cs, reset=rst, baudrate=cfg["baud"]
        )
    if disp["driver"] == "sh1106":
        import adafruit_displayio_sh1106  # type: ignore[import-untyped]

        d = adafruit_displayio_sh1106.SH1106(
            bus, width=w, height=h, colstart=disp.get("col_offset", 2)
        )
    elif disp["driver"] == "ssd1306":
        import adafruit_displayio_ssd1306  # type: ignore[import-untyped]

        d = adafruit_displayio_ssd1306.SSD1306(bus, width=w, height=h)
    else:
        raise OSError("the CircuitPython build drives SSD1306 and SH1106 displays only")
    return Canvas(d, w, h)


class PWMBuzzer:
    """A piezo or speaker on a pwmio.PWMOut: frequency is the pitch, duty_cycle the volume."""

    def __init__(self, pwm, lights=None):
        self._pwm = pwm
        self._freq = 0
        self._lights = lights
        pwm.duty_cycle = 0

    def tone(self, freq_hz, duty_u16):
        if freq_hz <= 0 or duty_u16 <= 0:
            self.quiet()
            return
        if freq_hz != self._freq:
            self._freq = freq_hz
            self._pwm.frequency = freq_hz
        self._pwm.duty_cycle = duty_u16
        if self._lights is not None:
            self._lights.beat(True)

    def quiet(self):
        self._pwm.duty_cycle = 0
        if self._lights is not None:
            self._lights.beat(False)


class _NoBuzzer:
    def tone(self, freq_hz, duty_u16):
        pass

    def quiet(self):
        pass


class Hardware:
    def __init__(self, profile):
        import keypad
        import supervisor

        self._supervisor = supervisor
        self.profile = profile
        self.name = profile["name"]
        # The display first: its bitmap and the font's are the largest allocations.
        self.display = _display(profile["display"])
        buttons = profile["buttons"]
        self.button_names = tuple(b["name"] for b in buttons)
        self.keymap = _buttons.keymap_from(self.button_names, profile["keymap"])
        enc = profile.get("encoder")
        self._ccw = self._cw = -1
        if enc:
            self._ccw = self.button_names.index(enc["ccw"])
            self._cw = self.button_names.index(enc["cw"])
        # keypad scans the real keys in the background (debounced in C); bit i = buttons[i].
        self._key_bit = bytearray(len(buttons))
        pins = []
        k = 0
        for i in range(len(buttons)):
            if i not in (self._ccw, self._cw):
                pins.append(_pin(buttons[i]["pin"]))
                self._key_bit[k] = i
                k += 1
        self._keys = keypad.Keys(tuple(pins), value_when_pressed=False, pull=True)
        self._event = keypad.Event()
        self._held = 0
        self._enc = None
        if enc:
            import rotaryio

            self._enc = rotaryio.IncrementalEncoder(_pin(enc["a"]), _pin(enc["b"]))
            self._pos = self._enc.position
        self._taps = 0  # detents not yet played out: + clockwise, - counter-clockwise
        self._tap_bit = 0
        self._tap_at = 0
        self._tap_down = False
        self._wires: tuple = ()
        wires = profile.get("wires", ())
        if wires:
            import digitalio

            ws = []
            for p in wires:
                d = digitalio.DigitalInOut(_pin(p))
                d.switch_to_input(pull=digitalio.Pull.UP)
                ws.append(d)
            self._wires = tuple(ws)
        self.wires = len(self._wires)
        self._lights = None
        px = profile.get("pixels")
        if px:
            import neopixel  # type: ignore[import-untyped]

            strip = neopixel.NeoPixel(_pin(px["pin"]), px["count"], auto_write=False)
            self._lights = _lights.Lights(strip, px["keys"], buttons, self.keymap)
        bz = profile.get("buzzer")
        self.buzzer: object = _NoBuzzer()
        if bz:
            import pwmio

            if "enable_pin" in bz:
                import digitalio

                self._amp = digitalio.DigitalInOut(_pin(bz["enable_pin"]))
                self._amp.switch_to_output(value=True)
            pwm = pwmio.PWMOut(_pin(bz["pin"]), frequency=440, variable_frequency=True)
            self.buzzer = PWMBuzzer(pwm, self._lights)
        self._bat = profile.get("battery")
        self._adc = None
        if self._bat:
            import analogio

            self._adc = analogio.AnalogIn(_pin(self._bat["adc_pin"]))
        # supervisor.ticks_ms wraps at 2**29: count its wraps onto core.ticks' 2**30 circle.
        self._last = supervisor.ticks_ms()
        self._high = 0
        self.ticks_diff = _ticks.diff
        self.ticks_add = _ticks.add

    def ticks_ms(self):
        raw = self._supervisor.ticks_ms()
        if raw < self._last:
            self._high ^= _HALF_CP  # one more 2**29 wrap: the 2**30 circle's upper half flips
        self._last = raw
        return self._high | raw

    def wait_ms(self, ms):
        """The loop's wait (firmware/hardware.py's wait_ms ends early at a button change): here
        the same as sleep_ms, where input lands the way it always did."""
        self.sleep_ms(ms)

    def sleep_ms(self, ms):
        if ms > 0:
            time.sleep(ms / 1000)

    def read_buttons(self):
        ev = self._event
        while self._keys.events.get_into(ev):
            bit = 1 << self._key_bit[ev.key_number]
            if ev.pressed:
                self._held |= bit
            else:
                self._held &= ~bit
        raw = self._held
        if self._enc is not None:
            raw |= self._encoder_bits()
        return raw

    def _encoder_bits(self):
        """A detent is a press of the ccw/cw button for _TAP_MS, then a release as long: the
        app's debounce sees each one, however fast the knob turns (taps queue up)."""
        # read_buttons only calls this with an encoder.
        pos = self._enc.position  # type: ignore[union-attr]
        if pos != self._pos:
            self._taps += pos - self._pos
            self._pos = pos
        now = self.ticks_ms()
        if self._tap_bit:
            if _ticks.diff(now, self._tap_at) < _TAP_MS:
                return self._tap_bit if self._tap_down else 0
            if self._tap_down:
                self._tap_down = False
                self._tap_at = now
                return 0
            self._tap_bit = 0
        if self._taps:
            i = self._cw if self._taps > 0 else self._ccw
            self._taps += -1 if self._taps > 0 else 1
            self._tap_bit = 1 << i
            self._tap_down = True
            self._tap_at = now
            return self._tap_bit
        return 0

    def read_wires(self):
        if not self.wires:
            return None
        cut = 0
        pins = self._wires
        for i in range(len(pins)):
            if pins[i].value:  # an intact wire holds the input at GND; cut, the pull-up wins
                cut |= 1 << i
        return cut

    def battery(self):
        """Percent from the profile's ADC pin (the Pico's VSYS/3 on GP29), as firmware/hardware.py
        reads it; None without one (the MacroPad runs on USB)."""
        if self._adc is None:
            return None
        raw = 0
        for _ in range(4):
            raw += self._adc.value
        bat = self._bat
        # 3.3 V reference through the divider; raw*9900 stays below 2**30 (small int).
        mv = (raw >> 2) * 3300 * bat["divider"] // 65535
        return _hardware.battery_percent(mv, bat["empty_mv"], bat["full_mv"])

    def led(self, r, g, b):
        if self._lights is not None:
            self._lights.colour(r, g, b)

    def digit_keys(self, mask):
        """Light the digit keys in mask (bit n-1: digit n) besides the mapped others; the app
        passes the top screen's digit_keys() (firmware/ui/stack.py) after each frame it draws,
        and the strip is repainted only when the mask changes."""
        if self._lights is not None:
            self._lights.digits(mask)

    def lights(self):
        """The NeoPixels' state (firmware/circuitpy/lights.py), or None without any."""
        return self._lights

    def seed(self):
        # A fixed deal only where a test put /seed.txt on the drive (the emulated Pico's tests,
        # tools/pico/circuitpy.py), as firmware/hardware.py does; a board has none.
        try:
            with open("seed.txt") as f:
                return int(f.read()) & 0x3FFFFFFF
        except (OSError, ValueError):
            pass
        b = os.urandom(4)
        return (b[0] | b[1] << 8 | b[2] << 16 | (b[3] & 0x3F) << 24) & 0x3FFFFFFF

    def log(self, text):
        print(text)


def build(profile=None):
    """The Hardware for a profile dict (or a path; default board.json), validated first."""
    if profile is None or isinstance(profile, str):
        profile = _hardware.load_profile(profile or "board.json")
    else:
        _hardware._validate(profile, profile.get("name", "profile") + ".json")
    return Hardware(profile)
