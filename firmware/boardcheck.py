"""Board profile validator: every field hardware.build() reads, checked with a path-naming error.

A profile (boards/<name>.json, copied to /board.json on the device) looks like:
  {"name": str, "title": str,
   "display": {"driver": "ssd1306"|"sh1106"|"st7789"|"sim", "bus": "i2c"|"spi"|"none",
               "width": int, "height": int, "colour": bool, "col_offset"?: int, "rotate"?: 0|180,
               "i2c"?: {"id", "sda", "scl", "freq", "fallback_freq", "addr"},
               "spi"?: {"id", "sck", "mosi", "dc", "cs"?, "rst"?, "bl"?, "baud"}},
   "buttons": [{"name": "UP", "pin": 10}, ...]   (to GND, internal pull-up; bit i = buttons[i]),
   "keymap": {"UP": ["up"], "B": ["ok", "back"]} (physical name -> [short] or [short, long];
              logical: up down left right ok back, or a digit key "1".."9"),
   "buzzer": {"pin": int, "resonance_hz": int} | null,
   "battery": {"adc_pin": int, "divider": int, "empty_mv": int, "full_mv": int} | null,
   "wires": [pin, ...] (inputs to GND; an opened wire reads high), "led": {"r","g","b",
   "active_low"} | null}
Errors are core.errors.RulesetError: "board.json: display.width: must be an int in 8..320".
"""

from core.errors import RulesetError

_DRIVERS = ("ssd1306", "sh1106", "st7789", "sim")
_PAGED = ("i2c", "spi")
_BUSES = {"ssd1306": _PAGED, "sh1106": _PAGED, "st7789": ("spi",), "sim": ("none",)}
# The six buttons every screen reads; a digit key "1".."9" too (firmware/buttons.py DIGIT).
_LOGICAL = ("up", "down", "left", "right", "ok", "back")


def _fail(src, path, msg):
    raise RulesetError(src + ": " + path + ": " + msg)


def _int(src, d, key, path, lo, hi, optional=False):
    if key not in d:
        if optional:
            return None
        _fail(src, path + key, "missing")
    v = d[key]
    if type(v) is not int or v < lo or v > hi:
        _fail(src, path + key, "must be an int in %d..%d" % (lo, hi))
    return v


def _dict(src, d, key, path, nullable=False):
    v = d.get(key)
    if v is None and nullable and key in d:
        return None
    if not isinstance(v, dict):
        _fail(src, path + key, "must be an object" + (" or null" if nullable else ""))
    return v


def _pin(src, d, key, path, optional=False):
    return _int(src, d, key, path, 0, 29, optional)


def _display(src, disp):
    p = "display."
    drv = disp.get("driver")
    if drv not in _DRIVERS:
        _fail(src, p + "driver", "must be one of " + ", ".join(_DRIVERS))
    if disp.get("bus") not in _BUSES[drv]:
        _fail(src, p + "bus", drv + " needs bus " + " or ".join(_BUSES[drv]))
    w = _int(src, disp, "width", p, 8, 320)
    h = _int(src, disp, "height", p, 8, 240)
    if type(disp.get("colour")) is not bool:
        _fail(src, p + "colour", "must be true or false")
    if disp["colour"] and drv in ("ssd1306", "sh1106"):
        _fail(src, p + "colour", drv + " is monochrome")
    if disp["colour"] and w % 2:
        _fail(src, p + "width", "a colour (4-bit) display needs an even width")
    if drv in ("ssd1306", "sh1106") and (h % 8 or w > 132 or h > 64):
        _fail(src, p + "height", "a page display needs height a multiple of 8, at most 132x64")
    _int(src, disp, "col_offset", p, 0, 80, optional=True)
    if disp.get("rotate", 0) not in (0, 180):
        _fail(src, p + "rotate", "must be 0 or 180")
    if disp["bus"] == "i2c":
        i2c = _dict(src, disp, "i2c", p)
        q = p + "i2c."
        _int(src, i2c, "id", q, 0, 1)
        _pin(src, i2c, "sda", q)
        _pin(src, i2c, "scl", q)
        _int(src, i2c, "freq", q, 10000, 1000000)
        _int(src, i2c, "fallback_freq", q, 10000, 1000000)
        _int(src, i2c, "addr", q, 8, 119)
    elif disp["bus"] == "spi":
        spi = _dict(src, disp, "spi", p)
        q = p + "spi."
        _int(src, spi, "id", q, 0, 1)
        for key in ("sck", "mosi", "dc"):
            _pin(src, spi, key, q)
        for key in ("cs", "rst", "bl"):
            _pin(src, spi, key, q, optional=True)
        _int(src, spi, "baud", q, 100000, 62500000)
    return w, h


def validate(profile, src="board.json"):
    """Check a parsed profile; return it unchanged or raise RulesetError naming the field."""
    if not isinstance(profile, dict):
        _fail(src, "(top)", "must be an object")
    if not isinstance(profile.get("name"), str) or not profile["name"]:
        _fail(src, "name", "must be a non-empty string")
    _display(src, _dict(src, profile, "display", ""))
    buttons = profile.get("buttons")
    if not isinstance(buttons, list) or not 1 <= len(buttons) <= 16:
        _fail(src, "buttons", "must be a list of 1..16 buttons")
    names = []
    for i, b in enumerate(buttons):
        path = "buttons.%d." % i
        if not isinstance(b, dict) or not isinstance(b.get("name"), str) or not b["name"]:
            _fail(src, path + "name", "must be a non-empty string")
        if b["name"] in names:
            _fail(src, path + "name", "duplicate button " + b["name"])
        names.append(b["name"])
        _pin(src, b, "pin", path)
    keymap = _dict(src, profile, "keymap", "")
    reached = set()
    for name, pair in keymap.items():
        path = "keymap." + name
        if name not in names:
            _fail(src, path, "no physical button named " + name)
        if not isinstance(pair, list) or not 1 <= len(pair) <= 2:
            _fail(src, path, "must be [short] or [short, long]")
        for lg in pair:
            digit = isinstance(lg, str) and len(lg) == 1 and "1" <= lg <= "9"
            if lg not in _LOGICAL and not digit:
                use = ", ".join(_LOGICAL) + " or a digit 1..9"
                _fail(src, path, "unknown logical button %r (use %s)" % (lg, use))
            reached.add(lg)
    for lg in ("up", "down", "ok", "back"):
        if lg not in reached:
            _fail(src, "keymap", "no button gives " + lg)
    buzzer = _dict(src, profile, "buzzer", "", nullable=True)
    if buzzer is not None:
        _pin(src, buzzer, "pin", "buzzer.")
        _int(src, buzzer, "resonance_hz", "buzzer.", 500, 8000)
    battery = _dict(src, profile, "battery", "", nullable=True)
    if battery is not None:
        _int(src, battery, "adc_pin", "battery.", 26, 29)
        _int(src, battery, "divider", "battery.", 1, 10)
        empty = _int(src, battery, "empty_mv", "battery.", 1000, 6000)
        if _int(src, battery, "full_mv", "battery.", 1000, 6000) <= empty:
            _fail(src, "battery.full_mv", "must be above empty_mv")
    wires = profile.get("wires", [])
    if not isinstance(wires, list) or len(wires) > 8:
        _fail(src, "wires", "must be a list of at most 8 pins")
    for i, w in enumerate(wires):
        if type(w) is not int or not 0 <= w <= 29:
            _fail(src, "wires.%d" % i, "must be a GPIO number 0..29")
    led = _dict(src, profile, "led", "", nullable=True) if "led" in profile else None
    if led is not None:
        for key in ("r", "g", "b"):
            _pin(src, led, key, "led.")
    if drv_of(profile) != "sim":
        _pins_unique(src, profile)
    return profile


def drv_of(profile):
    return profile["display"]["driver"]


def _pins_unique(src, profile):
    """No GPIO may serve two roles (a wire on the buzzer pin would never read as cut)."""
    used = {}
    disp = profile["display"]
    bus = disp.get(disp["bus"], {})
    roles = [("display." + disp["bus"] + "." + k, bus[k]) for k in sorted(bus) if _is_pin_key(k)]
    roles += [("buttons.%d.pin" % i, b["pin"]) for i, b in enumerate(profile["buttons"])]
    roles += [("wires.%d" % i, w) for i, w in enumerate(profile.get("wires", []))]
    for key in ("buzzer", "battery", "led"):
        part = profile.get(key)
        if part:
            for k in sorted(part):
                if k in ("pin", "adc_pin", "r", "g", "b"):
                    roles.append((key + "." + k, part[k]))
    for path, pin in roles:
        if pin in used:
            _fail(src, path, "GP%d is already used by %s" % (pin, used[pin]))
        used[pin] = path
    # The RP2040 has 8 PWM slices, GPIO n on slice (n >> 1) & 7 (GP6 and GP22 are both 3A):
    # pins of one slice share its frequency, and of one channel its output. The buzzer sets its
    # slice's frequency for every tone, so no other PWM (the LED, a backlight) may be on it.
    bz = profile.get("buzzer")
    if bz:
        for path, pin in roles:
            sl = pin >> 1 & 7
            if path != "buzzer.pin" and _pwm(path) and sl == bz["pin"] >> 1 & 7:
                why = "GP%d shares PWM slice %d with %s (GP%d)" % (bz["pin"], sl, path, pin)
                _fail(src, "buzzer.pin", why)


def _pwm(path):
    return path.startswith("led.") or path.endswith(".bl")


def _is_pin_key(k):
    return k in ("sda", "scl", "sck", "mosi", "dc", "cs", "rst", "bl")
