"""The NeoPixels under the MacroPad's keys: the keys that do something lit, a pulse with each
beep (so it keeps the buzzer's beat) and led(r, g, b) for the whole strip.

What lights never depends on a secret: the lit keys come from the keymap (the same on every
screen) and, for digit keys, from the top screen's digit_keys() (what it shows: a list's rows),
the pulse from the buzzer, which already may not depend on one (DESIGN.md, privacy),
and led() is called with fixed colours only (host_tests/test_cpy_privacy.py checks the trace).
"""

from core import const
from firmware import buttons as _buttons

_DIM = const(12)  # a lit key, per channel (0..255)
_PULSE = const(90)  # a lit key while the buzzer sounds


class Lights:
    def __init__(self, strip, key_pins, buttons, keymap):
        self.strip = strip
        self._lit = bytearray(len(key_pins))  # 1 where the key under the pixel does something
        self._digit = bytearray(len(key_pins))  # n where it is digit key n: lit when it is taken
        for i in range(len(key_pins)):
            for j in range(len(buttons)):
                if buttons[j]["pin"] == key_pins[i] and keymap[j] != (-1, -1):
                    n = _buttons.digit_of(keymap[j][0])
                    if n:
                        self._digit[i] = n
                    else:
                        self._lit[i] = 1
        self._mask = 0  # the digit keys the top screen takes now
        self._on = False
        self._rgb = None  # a colour for the whole strip, or None: the keys' own
        self._paint()

    def beat(self, on):
        if on != self._on:
            self._on = on
            self._paint()

    def digits(self, mask):
        if mask != self._mask:
            self._mask = mask
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
                n = self._digit[i]
                lit = self._lit[i] or (n and self._mask >> (n - 1) & 1)
                s[i] = (v, v, v) if lit else (0, 0, 0)
        s.show()
