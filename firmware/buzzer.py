"""Sound: named buzzer patterns played from a queue, advanced by service(now_ms) from the loop.

Sound(buzzer, resonance_hz) drives the low-level buzzer (tone(freq_hz, duty_u16) / quiet()).
play(name) queues a pattern and returns at once; service(now_ms) starts and advances tones
without ever sleeping; busy() says whether anything is playing or queued; stop() silences.
Volume is the PWM duty: set_volume(0..4), where 0 is silent and LOUD (4) is the loud preset:
50 % duty with every tone moved by octaves next to the piezo's resonance, where a small disc is
loudest. mute(True) makes play() a no-op and stops the current sound (the "sound off" setting).

Patterns are constant tuples of (freq_hz, ms) pairs: freq 0 is a rest, freq R plays at the
board's resonance. Step ends follow the pattern's own schedule (not the loop's lateness), so a
busy loop makes a tone no longer than written; a stall skips steps instead of bunching them.
"""

from core import const
from core.ticks import add, diff

R = const(1)  # "the resonance frequency" in a pattern
LOUD = const(4)
VOLUMES = (0, 600, 2500, 9000, 32768)  # duty_u16 per level; 50 % is a piezo's loudest
_QUEUE = const(8)

# Countdown: a high tick and a lower tock each second, a short beep when the beeps speed up.
TICK = (3000, 15)
TOCK = (2200, 15)
BEEP = (R, 70)
CHIRP = (R, 25, 0, 40, R, 25)  # checkpoints, and everything in silent mode
ARM = (1500, 90, 0, 40, 2000, 90, 0, 40, R, 250)
DEFUSED = (1047, 110, 1319, 110, 1568, 110, 2093, 350)
BOOM = (R, 700, 0, 60, 1800, 200, 1200, 300, 700, 400, 400, 700)
SIREN = (2000, 220, R, 220, 2000, 220, R, 220, 2000, 220, R, 220, 2000, 220, R, 220)
STRIKE = (900, 180, 0, 60, 600, 320)
ERROR = (440, 140, 0, 60, 440, 140)
CONFIRM = (2000, 40, 0, 25, 2600, 60)
CLICK = (2600, 6)

NAMES = (
    "tick", "tock", "beep", "chirp", "arm", "defused", "boom", "siren",
    "strike", "error", "confirm", "click", "nope",
)  # fmt: skip
PATTERNS = (
    TICK, TOCK, BEEP, CHIRP, ARM, DEFUSED, BOOM, SIREN,
    STRIKE, ERROR, CONFIRM, CLICK,
    (330, 40),  # nope: a press heard but ignored on purpose (the minimum time not over)
)  # fmt: skip


class Sound:
    def __init__(self, buzzer, resonance_hz=2700, volume=2):
        self.buzzer = buzzer
        self.resonance = resonance_hz
        self.level = volume
        self.muted = False
        self._queue = bytearray(_QUEUE)
        self._head = 0
        self._count = 0
        self._pat = None  # the pattern playing, or None
        self._step = 0
        self._until = 0

    def set_volume(self, level):
        self.level = 0 if level < 0 else LOUD if level > LOUD else level

    def mute(self, on=True):
        self.muted = on
        if on:
            self.stop()

    def play(self, name, urgent=False):
        """Queue a named pattern; urgent drops what is playing and queued (a boom, a strike)."""
        if self.muted:
            return
        i = NAMES.index(name)  # a typo in a name is a bug: ValueError, at once
        if urgent:
            self.stop()
        if self._count < _QUEUE:
            self._queue[(self._head + self._count) % _QUEUE] = i
            self._count += 1

    def stop(self):
        self._count = 0
        self._pat = None
        self.buzzer.quiet()

    def busy(self):
        return self._pat is not None or self._count > 0

    def freq(self, f):
        """The frequency actually played for a pattern's f (resonance, loud octave shift)."""
        res = self.resonance
        if f == R:
            return res
        if self.level == LOUD and f:
            while f < res * 3 // 4:
                f *= 2
            while f >= res * 3 // 2:
                f //= 2
        return f

    def _sound_step(self):
        f = self._pat[self._step]
        duty = VOLUMES[self.level]
        if f and duty:
            self.buzzer.tone(self.freq(f), duty)
        else:
            self.buzzer.quiet()

    def service(self, now_ms):
        if self._pat is None:
            if not self._count:
                return
            self._pat = PATTERNS[self._queue[self._head]]
            self._head = (self._head + 1) % _QUEUE
            self._count -= 1
            self._step = 0
            self._until = add(now_ms, self._pat[1])
            self._sound_step()
            return
        if diff(now_ms, self._until) < 0:
            return
        pat = self._pat
        step = self._step + 2
        # Skip steps whose time has passed entirely (a stalled loop), keeping the schedule.
        while step < len(pat) and diff(now_ms, add(self._until, pat[step + 1])) >= 0:
            self._until = add(self._until, pat[step + 1])
            step += 2
        if step >= len(pat):
            self._pat = None
            if self._count:
                self.service(now_ms)  # the next queued pattern starts without a gap
            else:
                self.buzzer.quiet()
            return
        self._step = step
        self._until = add(self._until, pat[step + 1])
        self._sound_step()
