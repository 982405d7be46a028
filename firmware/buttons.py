"""Buttons: debounced press/release/long/repeat logic over raw bitmasks, with 2/3-button keymaps.

Reading pins is hardware.py's job; this module only sees `poll(now_ms, raw)` where bit i of raw
is physical button i (1 = pressed), so tests drive it with scripted (now_ms, raw) pairs.

Keymap: a tuple with one (short, long) pair of logical ids per physical button; long is -1 for a
direct button. Build it from a profile's {"NAME": ["ok"] | ["ok", "back"]} with keymap_from().
- Direct button: PRESS when the debounced press lands, LONG after long_ms, then REPEAT every
  repeat_ms while held, RELEASE on release. is_down() is true while it is held.
- Dual button (short, long): a release before long_ms gives short PRESS then RELEASE at once;
  holding to long_ms gives long PRESS, then REPEAT every repeat_ms, and long RELEASE on release.
  So on a 2-button board (A: down/up, B: ok/back) "hold" actions see the long logical id.
Events are packed ints `button << 4 | kind` in a preallocated ring; get() returns -1 when empty
(32 deep; when full, new events are dropped and counted in `dropped`). is_down(b) and
held_ms(b, now) give the logical state for hold gestures; clear() empties the queue.
Timing uses core.ticks.diff (2**30 wrap), so the ticks counter may wrap mid-press.

Debounce: by default a change counts once it held debounce_ms (a glitch shorter than that is
ignored, and a press lands debounce_ms late). With leading=True (a board whose loop polls every
few ms, firmware/hardware.py) a change counts at the first poll that sees it, and the button's
changes in the next debounce_ms are ignored (the contacts bounce): a press lands at once, and a
tap as short as one poll is seen.
"""

from core import const
from core.ticks import add, diff

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
OK = const(4)
BACK = const(5)
# Digit keys (the MacroPad's keypad): DIGIT + n - 1 is digit n (1..9); a list takes one as
# "pick row n and OK", the timer's code entry as the n-th symbol. Boards without them never
# emit these ids, and their logical tables stay six long (see Buttons).
DIGIT = const(6)
DIGITS = const(9)
NAMES = ("up", "down", "left", "right", "ok", "back")  # a digit key's name is its digit

PRESS = const(0)
RELEASE = const(1)
LONG = const(2)
REPEAT = const(3)
KIND_NAMES = ("press", "release", "long", "repeat")

_RING = const(32)  # events; a loop step drains them, so 32 is plenty
_MAX_PHYS = const(16)  # the MacroPad: 12 keys, the encoder switch and its two turn directions


def button_of(ev):
    return ev >> 4


def kind_of(ev):
    return ev & 15


def press_or_repeat(ev):
    """The button of a PRESS or REPEAT event (a press, or a held button repeating), else -1:
    what a screen that moves or scrolls reacts to. An int, so a screen's event() allocates
    nothing; `kind_of(ev)` still tells the two apart where only a press counts."""
    k = ev & 15
    return ev >> 4 if k == PRESS or k == REPEAT else -1


def digit_of(b):
    """The digit (1..9) a logical button types; 0 for the six others (and for -1, none)."""
    return b - DIGIT + 1 if b >= DIGIT else 0


def id_of(name):
    """The logical id of a keymap name: "up".."back", or a digit key "1".."9"."""
    if len(name) == 1 and "1" <= name <= "9":
        return DIGIT + ord(name) - 49  # ord("1") == 49
    return NAMES.index(name)


def keymap_from(names, mapping):
    """(short, long) id pairs, in the order of the physical button names; unmapped -> (-1, -1)."""
    out = []
    for name in names:
        pair = mapping.get(name, ())
        short = id_of(pair[0]) if len(pair) > 0 else -1
        long = id_of(pair[1]) if len(pair) > 1 else -1
        out.append((short, long))
    return tuple(out)


class Buttons:
    def __init__(self, keymap, debounce_ms=20, long_ms=600, repeat_ms=150, leading=False):
        if len(keymap) > _MAX_PHYS:
            raise ValueError("at most 16 physical buttons")
        self.keymap = keymap
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.repeat_ms = repeat_ms
        self.leading = leading
        n = len(keymap)
        self._n = n
        # Per physical button; lists of small ints, so updates never allocate.
        self._raw = bytearray(n)
        self._stable = bytearray(n)
        self._phase = bytearray(n)  # 0 up, 1 down before long, 2 long reached
        self._since = [0] * n  # when raw last changed (leading: when stable last changed)
        self._locked = bytearray(n)  # leading: 1 while changes are ignored after one
        self._next = [0] * n  # when the next LONG/REPEAT is due
        # Per logical button: how many physical buttons hold it, and since when. Six long unless
        # the keymap has digit keys, so a board without them pays nothing for them.
        nl = 6
        for pair in keymap:
            for b in pair:
                if b >= nl:
                    nl = b + 1
        self._down = bytearray(nl)
        self._down_at = [0] * nl
        self._ring = bytearray(_RING)
        self._head = 0
        self._count = 0
        self.dropped = 0

    def _emit(self, button, kind):
        if self._count >= _RING:
            self.dropped += 1  # the app is not draining; keep the oldest, coherent events
            return
        self._ring[(self._head + self._count) % _RING] = button << 4 | kind
        self._count += 1

    def get(self):
        if not self._count:
            return -1
        ev = self._ring[self._head]
        self._head = (self._head + 1) % _RING
        self._count -= 1
        return ev

    def clear(self):
        """Drop queued events (e.g. after a screen change) without touching held state."""
        self._count = 0

    def is_down(self, button):
        return button < len(self._down) and self._down[button] > 0

    def held_ms(self, button, now_ms):
        """How long the logical button has been down, or -1 when it is up."""
        if button >= len(self._down) or not self._down[button]:
            return -1
        return diff(now_ms, self._down_at[button])

    def _hold(self, button, at):
        if button < 0:
            return
        if not self._down[button]:
            self._down_at[button] = at
        self._down[button] += 1
        self._emit(button, PRESS)

    def _let_go(self, button):
        if button < 0:
            return
        if self._down[button]:
            self._down[button] -= 1
        self._emit(button, RELEASE)

    def poll(self, now_ms, raw):
        if self.leading:
            self._poll_leading(now_ms, raw)
            return
        for i in range(self._n):
            r = (raw >> i) & 1
            if r != self._raw[i]:
                self._raw[i] = r
                self._since[i] = now_ms
            if r != self._stable[i]:
                if diff(now_ms, self._since[i]) >= self.debounce_ms:
                    self._stable[i] = r
                    if r:
                        self._pressed(i, self._since[i])
                    else:
                        self._released(i)
            elif r and self._phase[i] and diff(now_ms, self._next[i]) >= 0:
                self._timer(i, now_ms)

    def _poll_leading(self, now_ms, raw):
        for i in range(self._n):
            r = (raw >> i) & 1
            if self._locked[i] and diff(now_ms, self._since[i]) >= self.debounce_ms:
                self._locked[i] = 0
            if r != self._stable[i]:
                if not self._locked[i]:
                    self._stable[i] = r
                    self._since[i] = now_ms
                    self._locked[i] = 1
                    if r:
                        self._pressed(i, now_ms)
                    else:
                        self._released(i)
            elif r and self._phase[i] and diff(now_ms, self._next[i]) >= 0:
                self._timer(i, now_ms)

    def _pressed(self, i, at):
        short, long = self.keymap[i]
        self._phase[i] = 1
        self._next[i] = add(at, self.long_ms)
        if long < 0:
            self._hold(short, at)

    def _released(self, i):
        short, long = self.keymap[i]
        phase = self._phase[i]
        self._phase[i] = 0
        if long < 0:
            self._let_go(short)
        elif phase == 1:
            if short >= 0:
                self._emit(short, PRESS)
                self._emit(short, RELEASE)
        else:
            self._let_go(long)

    def _timer(self, i, now_ms):
        short, long = self.keymap[i]
        # A late poll fires one event and reschedules from now: never a burst of repeats.
        self._next[i] = add(now_ms, self.repeat_ms)
        if self._phase[i] == 1:
            self._phase[i] = 2
            if long < 0:
                if short >= 0:
                    self._emit(short, LONG)
            else:
                self._hold(long, now_ms)
        else:
            b = short if long < 0 else long
            if b >= 0:
                self._emit(b, REPEAT)
