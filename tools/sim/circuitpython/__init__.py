"""CircuitPython's board modules under CPython, for firmware/circuitpy/ in tests and the sim.

install(pins, builtin_display) puts stand-ins for board, microcontroller, keypad, rotaryio,
pwmio, digitalio, analogio, busio, supervisor and neopixel in sys.modules (Blinka's own versions
of those look for a real board); displayio, i2cdisplaybus, fourwire, terminalio and bitmaptools
are the real Blinka ones (adafruit-blinka-displayio), bitmaptools.blit with CircuitPython's
argument checks added. The stand-ins record what the layer does
and let a test press keys, turn the encoder and move the clock:
  pins.pressed(gpio, True/False)   a key or the encoder switch (keypad queues the event)
  pins.turn(detents)               the encoder (+ clockwise)
  pins.now                         supervisor.ticks_ms() (wraps at 2**29 like CircuitPython's)
  pins.tones / pins.pixels         what pwmio and neopixel were last given, with a trace
  pins.analog[gpio] = u16          what analogio.AnalogIn reads (default 0xFFFF: full)
  pins.i2c                         the busio.I2C made, each an SSD1306 panel model (panel.py)
board.DISPLAY (builtin_display=True, the default) is the MacroPad's:
adafruit_displayio_sh1106.SH1106 (Blinka's BusDisplay, the compositor) on the panel model of
panel.py, as CircuitPython builds it for the board (128x64, column offset 2); it
counts its refreshes in pins.refreshes. A Pico has no board.DISPLAY: its SSD1306 is wired to a
busio.I2C, which here is the panel model itself (its refreshes are counted as well).
"""

import sys
import types

_CP_PERIOD = 1 << 29


class _Pin:
    def __init__(self, n):
        self.n = n

    def __repr__(self):
        return "GPIO%d" % self.n


class Pins:
    def __init__(self):
        self.now = 0
        self.events = []  # (key pins index, pressed) for the one keypad.Keys
        self.keys = ()
        self.position = 0
        self.trace = []  # ("tone", freq, duty) / ("pixels", tuple of colours)
        self.pixels = None
        self.refreshes = 0
        self.outputs = {}
        self.analog = {}
        self.i2c = []

    def pressed(self, gpio, down):
        self.events.append((self.keys.index(gpio), down))

    def turn(self, detents):
        self.position += detents


def install(pins=None, builtin_display=True):
    pins = pins or Pins()
    mods = {}

    micro = types.ModuleType("microcontroller")
    micro.pin = types.SimpleNamespace(**{"GPIO%d" % i: _Pin(i) for i in range(30)})
    micro.Pin = _Pin
    micro.nvm = bytearray(b"\xff" * 4096)
    mods["microcontroller"] = micro

    sup = types.ModuleType("supervisor")
    sup.ticks_ms = lambda: pins.now % _CP_PERIOD
    mods["supervisor"] = sup

    kp = types.ModuleType("keypad")

    class Event:
        def __init__(self, key_number=0, pressed=True):
            self.key_number = key_number
            self.pressed = pressed
            self.released = not pressed

    class _Queue:
        def get_into(self, ev):
            if not pins.events:
                return False
            ev.key_number, ev.pressed = pins.events.pop(0)
            ev.released = not ev.pressed
            return True

    class Keys:
        def __init__(self, pin_list, value_when_pressed, pull=False):
            assert value_when_pressed is False and pull  # to GND, internal pull-ups
            pins.keys = tuple(p.n for p in pin_list)
            self.events = _Queue()

    kp.Event, kp.Keys = Event, Keys
    mods["keypad"] = kp

    ro = types.ModuleType("rotaryio")

    class IncrementalEncoder:
        def __init__(self, a, b):
            pins.encoder = (a.n, b.n)

        @property
        def position(self):
            return pins.position

    ro.IncrementalEncoder = IncrementalEncoder
    mods["rotaryio"] = ro

    pw = types.ModuleType("pwmio")

    class PWMOut:
        def __init__(self, pin, frequency=500, duty_cycle=0, variable_frequency=False):
            assert variable_frequency
            self.pin = pin.n
            self._f = frequency
            self._d = duty_cycle

        @property
        def frequency(self):
            return self._f

        @frequency.setter
        def frequency(self, f):
            self._f = f

        @property
        def duty_cycle(self):
            return self._d

        @duty_cycle.setter
        def duty_cycle(self, d):
            self._d = d
            pins.trace.append(("tone", self._f if d else 0, d))

    pw.PWMOut = PWMOut
    mods["pwmio"] = pw

    dio = types.ModuleType("digitalio")

    class DigitalInOut:
        def __init__(self, pin):
            self.pin = pin.n
            self.value = False

        def switch_to_output(self, value=False):
            self.value = value
            pins.outputs[self.pin] = value

        def switch_to_input(self, pull=None):
            self.value = False  # a wire joined to GND

    dio.DigitalInOut = DigitalInOut
    dio.Pull = types.SimpleNamespace(UP=1, DOWN=2)
    mods["digitalio"] = dio

    an = types.ModuleType("analogio")

    class AnalogIn:
        def __init__(self, pin):
            self.pin = pin.n

        @property
        def value(self):
            return pins.analog.get(self.pin, 0xFFFF)

    an.AnalogIn = AnalogIn
    mods["analogio"] = an

    bio = types.ModuleType("busio")

    def I2C(scl, sda, frequency=100000):  # noqa: N802 (busio's class name)
        from tools.sim.circuitpython.panel import SSD1306I2C

        bus = SSD1306I2C()
        bus.pins, bus.frequency = (scl.n, sda.n), frequency
        pins.i2c.append(bus)
        return bus

    class SPI:  # fourwire names it in its signatures; no SPI display is modelled here
        def __init__(self, clock, MOSI=None, MISO=None):  # noqa: N803 (busio's names)
            raise OSError("tools/sim/circuitpython models no SPI display (only board.DISPLAY)")

    bio.I2C, bio.SPI = I2C, SPI
    mods["busio"] = bio

    npx = types.ModuleType("neopixel")

    class NeoPixel:
        def __init__(self, pin, n, auto_write=True, brightness=1.0):
            assert not auto_write
            self._px = [(0, 0, 0)] * n
            pins.pixels = self

        def __setitem__(self, i, rgb):
            self._px[i] = tuple(rgb)

        def __getitem__(self, i):
            return self._px[i]

        def __len__(self):
            return len(self._px)

        def fill(self, rgb):
            self._px = [tuple(rgb)] * len(self._px)

        def show(self):
            pins.trace.append(("pixels", tuple(self._px)))

    npx.NeoPixel = NeoPixel
    mods["neopixel"] = npx

    bd = types.ModuleType("board")
    mods["board"] = bd
    sys.modules.update(mods)
    _strict_blit()
    if builtin_display:
        bd.DISPLAY = board_display(pins)
    else:
        _count_refreshes(pins)
    return pins


def _strict_blit():
    """bitmaptools.blit with the checks CircuitPython's C makes and Blinka's does not (its
    shared-bindings/bitmaptools/__init__.c): x and y inside the destination (no negative ones),
    and a destination with at least the source's bits per value ("source palette too large")."""
    import bitmaptools

    if getattr(bitmaptools.blit, "strict", False):
        return
    base = bitmaptools.blit

    def blit(dest, source, x, y, **kw):
        if not (0 <= x <= dest.width and 0 <= y <= dest.height):
            raise ValueError("x or y out of range (CircuitPython's blit)")
        if dest._bits_per_value < source._bits_per_value:
            raise ValueError("source palette too large")
        return base(dest, source, x, y, **kw)

    blit.strict = True  # type: ignore[attr-defined]
    bitmaptools.blit = blit


def _count_refreshes(pins):
    """A wired SSD1306 (adafruit_displayio_ssd1306.SSD1306, which the layer builds itself)
    counts its refreshes in pins.refreshes too, as board.DISPLAY does."""
    import adafruit_displayio_ssd1306

    cls = adafruit_displayio_ssd1306.SSD1306
    base = cls.refresh

    def refresh(self, **kw):
        pins.refreshes += 1
        return base(self, **kw)

    cls.refresh = refresh


def board_display(pins):
    import adafruit_displayio_sh1106

    from tools.sim.circuitpython.panel import PanelBus

    class BoardDisplay(adafruit_displayio_sh1106.SH1106):
        def refresh(self, **kw):
            pins.refreshes += 1
            return super().refresh(**kw)

    return BoardDisplay(PanelBus(128, 2), width=128, height=64, colstart=2)


def panel_model(canvas):
    """The panel model at the far end of the canvas' display bus (panel.py), or None."""
    bus = getattr(canvas.display, "bus", None)
    bus = getattr(bus, "_i2c", bus)  # i2cdisplaybus.I2CDisplayBus keeps its busio.I2C there
    return bus if hasattr(bus, "pixels") else None


def frame_rgb(canvas):
    """The canvas as the display shows it, as rows of (r, g, b): the panel's picture when the
    display is on the panel model (what displayio's compositor sent), else bitmap_rgb()."""
    model = panel_model(canvas)
    if model is not None:
        return [[(255, 255, 255) if p else (0, 0, 0) for p in row] for row in model.pixels()]
    return bitmap_rgb(canvas)


def bitmap_rgb(canvas):
    """The canvas' bitmap through its TileGrid's palette, as rows of (r, g, b)."""
    grid = canvas.group[0]
    pal = grid.pixel_shader
    bm = canvas.bitmap
    out = []
    for y in range(bm.height):
        row = []
        for x in range(bm.width):
            c = pal[bm[x, y]]
            c = c if isinstance(c, int) else c["rgb888"]
            row.append((c >> 16 & 0xFF, c >> 8 & 0xFF, c & 0xFF))
        out.append(row)
    return out
