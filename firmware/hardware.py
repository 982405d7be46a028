"""Hardware setup: build(profile) turns a board profile into the device; the only place that
creates Pin, I2C, SPI, PWM and ADC objects (main.py calls it first, so the frame buffer gets
contiguous RAM before the heap fragments).

Hardware attributes (the sim's SimBoard, tools/sim/hal_sim.py, has the same ones):
  display      framebuf.FrameBuffer subclass: .width .height .colour (bool) .show()
               .contrast(0..255) .power(on); draw palette indices (firmware/drivers/palette.py)
  read_buttons() -> int, bit i set while physical button i (profile "buttons"[i]) is pressed
  keymap       tuple of (short, long) logical ids per physical button, for buttons.Buttons
  button_names tuple of the physical names, in bit order
  buzzer       low level: tone(freq_hz, duty_u16), quiet(); drive it through buzzer.Sound
  battery()    -> percent 0..100, or None when the board cannot measure it
  read_wires() -> int, bit i set while wire i is open (cut), or None without wires
  wires        number of wires (0 when none)
  led(r, g, b) RGB LED 0..255 each (a no-op without one; off after build)
  ticks_ms() ticks_diff(a, b) ticks_add(t, d) sleep_ms(ms)   (2**30 wrap, as time.*)
  wait_ms(ms)  sleep_ms that ends early when read_buttons() changes (the app's loop wait; a
               board polls its pins every _WAIT_SLICE_MS meanwhile; the sim's is sleep_ms)
  edge_debounce  True where wait_ms polls that often: the app's Buttons act on the first edge
               (firmware/buttons.py, leading); False (or absent) elsewhere
  drain_edges(poll)  a board only: calls poll(ticks, raw) for each button edge its pin IRQs
               latched since the last call, in order, so a tap that fell wholly inside one long
               loop step (a ruleset validated, a save written) still counts
  seed()       -> int < 2**30 from os.urandom, for the games' RNG
  log(text)    a diagnostic line (print on the device, `log TEXT` on the sim)
  name, profile  the profile's name and the validated profile dict
A bad profile raises core.errors.RulesetError naming the field (see firmware/boardcheck.py); a
display that does not answer raises OSError naming the bus and pins.
"""

import json
import os
import sys
import time

from core import const
from firmware import buttons as _buttons

# While the loop waits, the pins are read this often: a 20 ms tap is seen whenever it comes.
_WAIT_SLICE_MS = const(4)
# Button edges the pin IRQs keep between two loop steps (a press and its bounces fill a few;
# when full, later edges wait for the loop's own read of the pins).
_EDGES = const(32)


# Where the profile is: /board.json next to main.py (a deploy writes it), else the one Fusebox's
# own firmware carries in its ROMFS image (tools/firmware/image.py).
PROFILES = ("board.json", "/rom/board.json")


def profile_path():
    """The first of PROFILES that is there (the first when none is: its open says so)."""
    for path in PROFILES:
        try:
            os.stat(path)
            return path
        except OSError:
            pass
    return PROFILES[0]


def load_profile(path=None):
    """Read and validate a profile file (profile_path() when none is named)."""
    path = path or profile_path()
    with open(path) as f:
        profile = json.load(f)
    return _validate(profile, path)


def _validate(profile, src):
    import firmware
    from firmware import boardcheck  # lazy: dropped again right after (below)

    try:
        return boardcheck.validate(profile, src)
    finally:
        # It runs once per boot: forget the module so the GC can take back its bytecode.
        sys.modules.pop("firmware.boardcheck", None)
        if hasattr(firmware, "boardcheck"):
            delattr(firmware, "boardcheck")


def build(profile=None, machine=None):
    """The Hardware for a profile dict (or a path to one; default profile_path())."""
    if profile is None or isinstance(profile, str):
        profile = load_profile(profile)
    else:
        _validate(profile, profile.get("name", "profile") + ".json")
    if profile["display"]["driver"] == "sim":
        # Only a sim's flash holds hal_sim.py (at its root, from tools/): no board does.
        from hal_sim import SimBoard  # type: ignore[import-not-found]

        return SimBoard(profile)
    if machine is None:  # tests hand in a fake machine module that records what gets made
        import machine
    return Hardware(profile, machine)


def battery_percent(mv, empty_mv, full_mv):
    """Linear between the profile's empty and full voltages, clamped (USB power reads 100)."""
    if mv <= empty_mv:
        return 0
    if mv >= full_mv:
        return 100
    return (mv - empty_mv) * 100 // (full_mv - empty_mv)


class PWMBuzzer:
    """A passive piezo on a PWM pin: the square wave's frequency is the pitch, duty the volume."""

    def __init__(self, pwm):
        self._pwm = pwm
        self._freq = 0
        pwm.duty_u16(0)

    def tone(self, freq_hz, duty_u16):
        if freq_hz <= 0 or duty_u16 <= 0:
            self.quiet()
            return
        if freq_hz != self._freq:
            self._freq = freq_hz
            self._pwm.freq(freq_hz)
        self._pwm.duty_u16(duty_u16)

    def quiet(self):
        self._pwm.duty_u16(0)


class _NoBuzzer:
    def tone(self, freq_hz, duty_u16):
        pass

    def quiet(self):
        pass


def _i2c_display(disp, machine):
    # The drivers are imported where a profile needs them: a board holds only its own (the
    # SH1106's imports the SSD1306's buses).
    if disp["driver"] == "sh1106":
        from firmware.drivers import sh1106

        make = sh1106.SH1106_I2C
    else:
        from firmware.drivers import ssd1306

        make = ssd1306.SSD1306_I2C
    cfg = disp["i2c"]
    Pin = machine.Pin
    for freq in (cfg["freq"], cfg["fallback_freq"]):
        i2c = machine.I2C(cfg["id"], sda=Pin(cfg["sda"]), scl=Pin(cfg["scl"]), freq=freq)
        try:
            # Long wires or weak pull-ups fail at 1 MHz: the scan or the init sequence raises.
            if cfg["addr"] not in i2c.scan():
                continue
            col = disp.get("col_offset", 2 if disp["driver"] == "sh1106" else 0)
            return make(disp["width"], disp["height"], i2c, cfg["addr"], col)
        except OSError:
            pass
    raise OSError(
        "no display at 0x%02x on I2C%d (SDA GP%d, SCL GP%d)"
        % (cfg["addr"], cfg["id"], cfg["sda"], cfg["scl"])
    )


def _spi_display(disp, machine):
    cfg = disp["spi"]
    Pin = machine.Pin
    spi = machine.SPI(cfg["id"], baudrate=cfg["baud"], sck=Pin(cfg["sck"]), mosi=Pin(cfg["mosi"]))
    dc = Pin(cfg["dc"], Pin.OUT)
    cs = Pin(cfg["cs"], Pin.OUT, value=1) if "cs" in cfg else None
    rst = Pin(cfg["rst"], Pin.OUT, value=1) if "rst" in cfg else None
    w, h = disp["width"], disp["height"]
    # As for I2C: only the profile's driver is imported.
    if disp["driver"] == "st7789":
        from firmware.drivers import st7789

        bl = None
        if "bl" in cfg:
            bl = machine.PWM(Pin(cfg["bl"]))
            bl.freq(1000)
        return st7789.ST7789(w, h, spi, dc, cs, rst, bl, disp.get("rotate", 0))
    if disp["driver"] == "sh1106":
        from firmware.drivers import sh1106

        return sh1106.SH1106_SPI(w, h, spi, dc, rst, cs, disp.get("col_offset", 2))
    from firmware.drivers import ssd1306

    return ssd1306.SSD1306_SPI(w, h, spi, dc, rst, cs, disp.get("col_offset", 0))


class Hardware:
    def __init__(self, profile, machine):
        Pin = machine.Pin
        disp = profile["display"]
        self.profile = profile
        self.name = profile["name"]
        # The display first: its buffer is the largest single allocation.
        if disp["bus"] == "i2c":
            self.display = _i2c_display(disp, machine)
        else:
            self.display = _spi_display(disp, machine)
        self.button_names = tuple(b["name"] for b in profile["buttons"])
        self.keymap = _buttons.keymap_from(self.button_names, profile["keymap"])
        self._buttons = tuple(Pin(b["pin"], Pin.IN, Pin.PULL_UP) for b in profile["buttons"])
        # Every button edge, latched by a hard pin IRQ into a ring made here (its handler
        # allocates nothing): (board ticks, the buttons' raw bits just after the edge).
        self._edge_t = [0] * _EDGES
        self._edge_raw = bytearray(_EDGES)
        self._edge_head = 0  # the next edge drain_edges() reads; the handler writes at tail
        self._edge_tail = 0
        handler = self._edge
        irq = getattr(Pin, "IRQ_FALLING", None)
        self._irq = irq is not None
        if irq is not None:
            for pin in self._buttons:
                pin.irq(handler, irq | Pin.IRQ_RISING, hard=True)
        self._wires = tuple(Pin(p, Pin.IN, Pin.PULL_UP) for p in profile.get("wires", ()))
        self.wires = len(self._wires)
        bz = profile.get("buzzer")
        self.buzzer = PWMBuzzer(machine.PWM(Pin(bz["pin"]))) if bz else _NoBuzzer()
        bat = profile.get("battery")
        self._bat = bat
        self._adc = machine.ADC(Pin(bat["adc_pin"])) if bat else None
        led = profile.get("led")
        self._led = None
        if led:
            self._led = tuple(machine.PWM(Pin(led[k])) for k in ("r", "g", "b"))
            self._led_low = led.get("active_low", False)
            for p in self._led:
                p.freq(1000)
            self.led(0, 0, 0)  # the Display Pack's LED would otherwise glow at reset state
        self.ticks_ms = time.ticks_ms
        self.ticks_diff = time.ticks_diff
        self.ticks_add = time.ticks_add
        self.sleep_ms = time.sleep_ms
        self.edge_debounce = True
        self._seen = 0  # what read_buttons() last returned (wait_ms waits for a change)

    def wait_ms(self, ms):
        # Ends at once when the pins differ from what the loop's last read_buttons() returned
        # (a tap that began after that read), else at the first change while it waits. With
        # the pin IRQs on, an edge they latched ends it within a millisecond (no pin read).
        t0 = time.ticks_ms()
        if self._irq:
            while self._edge_head == self._edge_tail:
                left = ms - time.ticks_diff(time.ticks_ms(), t0)
                if left <= 0:
                    return
                time.sleep_ms(1)
            return
        seen = self._seen
        while self._read() == seen:
            left = ms - time.ticks_diff(time.ticks_ms(), t0)
            if left <= 0:
                return
            time.sleep_ms(left if left < _WAIT_SLICE_MS else _WAIT_SLICE_MS)

    def _edge(self, pin):
        # In a hard IRQ: no allocation, no exception. One producer (here), one consumer
        # (drain_edges), so head and tail need no lock; a full ring drops the edge.
        tail = self._edge_tail
        nxt = (tail + 1) % _EDGES
        if nxt == self._edge_head:
            return
        self._edge_t[tail] = time.ticks_ms()
        self._edge_raw[tail] = self._read()
        self._edge_tail = nxt

    def drain_edges(self, poll):
        head = self._edge_head
        while head != self._edge_tail:
            poll(self._edge_t[head], self._edge_raw[head])
            head = (head + 1) % _EDGES
            self._edge_head = head

    def read_buttons(self):
        raw = self._read()
        self._seen = raw
        return raw

    def _read(self):
        raw = 0
        pins = self._buttons
        for i in range(len(pins)):
            if not pins[i].value():  # wired to GND with a pull-up: pressed reads 0
                raw |= 1 << i
        return raw

    def read_wires(self):
        if not self.wires:
            return None
        cut = 0
        pins = self._wires
        for i in range(len(pins)):
            if pins[i].value():  # an intact wire holds the input at GND; cut, the pull-up wins
                cut |= 1 << i
        return cut

    def battery(self):
        if self._adc is None:
            return None
        raw = 0
        for _ in range(4):
            raw += self._adc.read_u16()
        # 3.3 V reference through the divider; raw*9900 stays below 2**30 (small int).
        mv = (raw >> 2) * 3300 * self._bat["divider"] // 65535
        return battery_percent(mv, self._bat["empty_mv"], self._bat["full_mv"])

    def led(self, r, g, b):
        if self._led is None:
            return
        i = 0
        for v in (r, g, b):
            duty = v * 257
            self._led[i].duty_u16(65535 - duty if self._led_low else duty)
            i += 1

    def seed(self):
        # A fixed deal only where a test put /seed.txt on the flash (the emulated Pico's tests,
        # tools/pico/, to compare frames with the sim's FUSEBOX_SEED); a board has none.
        try:
            with open("seed.txt") as f:
                return int(f.read()) & 0x3FFFFFFF
        except (OSError, ValueError):
            pass
        b = os.urandom(4)
        return (b[0] | b[1] << 8 | b[2] << 16 | (b[3] & 0x3F) << 24) & 0x3FFFFFFF

    def log(self, text):
        print(text)
