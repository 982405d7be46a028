"""The NeoPixels under the MacroPad's keys: the keys that do something lit, a pulse with each
beep (so it keeps the buzzer's beat) and led(r, g, b) for the whole strip.

What lights never depends on a secret: the lit keys come from the keymap (the same on every
screen), the pulse from the buzzer, which already may not depend on one (DESIGN.md, privacy),
and led() is called with fixed colours only (host_tests/test_cpy_privacy.py checks the trace).
"""

from core import const

_DIM = const(12)  # a lit key, per channel (0..255)
_PULSE = const(90)  # a lit key while the buzzer sounds


class Lights:
    def __init__(self, strip, key_pins, buttons, keymap):
        self.strip = strip
        self._lit = bytearray(len(key_pins))  # 1 where the key under the pixel does something
        for i in range(len(key_pins)):
            for j in range(len(buttons)):
                if buttons[j]["pin"] == key_pins[i] and keymap[j] != (-1, -1):
                    self._lit[i] = 1
        self._on = False
        self._rgb = None  # a colour for the whole strip, or None: the keys' own
        self._paint()

    def beat(self, on):
        if on != self._on:
            self._on = on
            self._paint()

    def colour(self, r, g, b):
        self._rgb = None if r == g == b == 0 else (r, g, b)
        self._paint()

    def _paint(self):
        s = self.strip
        if self._rgb is not None:
            s.fill(self._rgb)
        else:
            v = _PULSE if self._on else _DIM
            for i in range(len(self._lit)):
                s[i] = (v, v, v) if self._lit[i] else (0, 0, 0)
        s.show()
