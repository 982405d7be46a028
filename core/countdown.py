"""A bomb countdown computed from a deadline, with a stepped beep schedule and checkpoints.

Time is always an argument (`now`, the board's ticks_ms); this module never reads a clock.
While running, the remaining time is `ticks.diff(deadline, now)`, so a slow or jittery loop never
makes it drift. `poll(now)` reports what is due as an int code and allocates nothing, so the
firmware can call it every loop step: call it until it returns NONE.

Beep steps are `[at_or_below_ms, interval_ms]` pairs: once the remaining time is at or below a
step's threshold (and above the next lower one), a beep falls on every multiple of its interval,
so beeps line up with the whole seconds a display shows. A late loop step fires a passed beep
once (never a burst of the missed ones) and each checkpoint once.
"""

from core import const, schedule, ticks
from core.errors import IllegalAction, RulesetError, SaveError

NONE = const(0)
BEEP = const(1)
CHECKPOINT = const(2)
EXPIRED = const(3)

# Phases.
IDLE = const(0)
RUNNING = const(1)
PAUSED = const(2)
DONE = const(3)
PHASES = ("idle", "running", "paused", "done")

# 99 hours: far below half the tick period (about 6.2 days), so a deadline stays unambiguous.
MAX_MS = const(356400000)
_VERSION = const(1)


def _steps(beeps):
    """Beep steps as a flat tuple (threshold, interval, ...) with thresholds descending, checked
    by core/schedule.py (at most schedule.MAX_STEPS of them)."""
    if beeps is None:
        return ()
    flat = []
    for t, n in sorted(schedule.check(beeps, "beeps", MAX_MS, 1, MAX_MS), reverse=True):
        flat.append(t)
        flat.append(n)
    return tuple(flat)


def _marks(checkpoints):
    """Checkpoint values as a tuple, descending, each once."""
    if checkpoints is None:
        return ()
    marks = schedule.check(checkpoints, "checkpoints", MAX_MS, 0, 0, True)
    return tuple(sorted(set(marks), reverse=True))


def _duration(ms):
    if type(ms) is not int or not 1 <= ms <= MAX_MS:
        raise IllegalAction("a countdown lasts 1.." + str(MAX_MS) + " ms")
    return ms


class Countdown:
    def __init__(self, duration_ms, beeps=None, checkpoints=None):
        self.duration = _duration(duration_ms)
        self._steps = _steps(beeps)
        self._cps = _marks(checkpoints)
        self.phase = IDLE
        self.running = False
        self.last_checkpoint = 0
        self._left = duration_ms  # the remaining time while not running
        self._deadline = 0  # a tick value, meaningful while running
        self._cp = 0  # index of the next checkpoint to fire
        self._beep = -1  # remaining-time value of the next beep; -1: none left
        self._told = False  # EXPIRED has been reported by poll()
        self._rearm()

    def _rearm(self):
        # Checkpoints at or above the time left are behind us: a 5:00 countdown does not chirp
        # "5 minutes left" the moment it starts. The next beep is the first mark below it.
        n = len(self._cps)
        i = 0
        while i < n and self._cps[i] >= self._left:
            i += 1
        self._cp = i
        self._beep = self.mark_below(self._left)

    def mark_below(self, r):
        """The largest beep mark strictly below remaining time r, or -1 when there is none."""
        s = self._steps
        n = len(s)
        v = r - 1
        j = 0
        while j < n:
            if v > s[j]:
                v = s[j]
            low = s[j + 2] if j + 2 < n else 0
            if v > low:
                m = v - v % s[j + 1]
                if m > low:
                    return m
                # This step has no mark above the next threshold: look in the next step.
                v = low
            j += 2
        return -1

    def _expire(self):
        self.phase = DONE
        self.running = False
        self._left = 0

    def start(self, now):
        if self.phase != IDLE:
            raise IllegalAction("the countdown has already started")
        self._rearm()  # time added before the start moves the first beep and checkpoint
        self._deadline = ticks.add(now, self._left)
        self.phase = RUNNING
        self.running = True

    def pause(self, now):
        if self.phase != RUNNING:
            raise IllegalAction("the countdown is not running")
        r = self.remaining(now)
        if self.phase == DONE:
            raise IllegalAction("the countdown has expired")
        self._left = r
        self.phase = PAUSED
        self.running = False

    def resume(self, now):
        if self.phase != PAUSED:
            raise IllegalAction("the countdown is not paused")
        self._deadline = ticks.add(now, self._left)
        self.phase = RUNNING
        self.running = True

    def remaining(self, now):
        """Milliseconds left (>= 0): deadline - now while running, frozen otherwise."""
        if self.phase == RUNNING:
            d = ticks.diff(self._deadline, now)
            if d > 0:
                return d
            # Latch expiry, so a countdown left unpolled for days cannot wrap back to life.
            self._expire()
            return 0
        return self._left

    def seconds(self, now):
        """Whole seconds to show: rounded up, so the display reads 0:00 only at expiry."""
        return (self.remaining(now) + 999) // 1000

    def expired(self, now):
        self.remaining(now)
        return self.phase == DONE

    def add(self, ms, now):
        """Add time (a penalty when negative); clamps to 0..MAX_MS. At 0 the countdown expires."""
        if type(ms) is not int or not -MAX_MS <= ms <= MAX_MS:
            raise IllegalAction("time to add must be within " + str(MAX_MS) + " ms")
        r = self.remaining(now)
        if self.phase == DONE:
            raise IllegalAction("the countdown has expired")
        r = min(max(r + ms, 0), MAX_MS)
        if r == 0:
            self._expire()
            return
        self._left = r
        if self.phase == RUNNING:
            self._deadline = ticks.add(now, r)
        self._beep = self.mark_below(r)

    def poll(self, now):
        """The next due event code (NONE, BEEP, CHECKPOINT, EXPIRED); allocates nothing."""
        r = self.remaining(now)
        if self.phase == DONE:
            if self._told:
                return NONE
            self._told = True
            return EXPIRED
        if self.phase != RUNNING:
            return NONE
        i = self._cp
        if i < len(self._cps) and r <= self._cps[i]:
            self.last_checkpoint = self._cps[i]
            self._cp = i + 1
            return CHECKPOINT
        if r <= self._beep:
            self._beep = self.mark_below(r)
            return BEEP
        return NONE

    def to_state(self, now):
        """A JSON-safe snapshot for from_state() (which cannot count time spent switched off)."""
        s = self._steps
        return {
            "v": _VERSION,
            "duration": self.duration,
            "left": self.remaining(now),
            "phase": PHASES[self.phase],
            "beeps": [[s[j], s[j + 1]] for j in range(0, len(s), 2)],
            "checkpoints": list(self._cps),
            "next_cp": self._cp,
            "next_beep": self._beep,
            "last_cp": self.last_checkpoint,
            "told": self._told,
        }

    @classmethod
    def from_state(cls, state, now, paused=False):
        """Rebuild a countdown from to_state(); `paused` holds a running one (after a reset)."""
        if type(state) is not dict or state.get("v") != _VERSION:
            raise SaveError("countdown: not a saved countdown of this version")
        try:
            c = cls(state.get("duration"), state.get("beeps"), state.get("checkpoints"))
        except (IllegalAction, RulesetError) as e:
            raise SaveError("countdown: " + str(e)) from None
        phase = state.get("phase")
        left = state.get("left")
        cp = state.get("next_cp")
        beep = state.get("next_beep")
        last = state.get("last_cp")
        told = state.get("told")
        if phase not in PHASES:
            raise SaveError("countdown: bad phase")
        p = PHASES.index(phase)
        if type(left) is not int or not (0 if p == DONE else 1) <= left <= MAX_MS:
            raise SaveError("countdown: bad time left")
        if p == DONE and left:
            raise SaveError("countdown: bad time left")
        if type(cp) is not int or not 0 <= cp <= len(c._cps):
            raise SaveError("countdown: bad checkpoint index")
        if type(beep) is not int or not -1 <= beep <= MAX_MS:
            raise SaveError("countdown: bad next beep")
        if type(last) is not int or not 0 <= last <= MAX_MS or type(told) is not bool:
            raise SaveError("countdown: bad flags")
        c._left = left
        c._cp = cp
        c._beep = beep
        c.last_checkpoint = last
        c._told = told
        c.phase = p
        if p == RUNNING:
            if paused:
                c.phase = PAUSED
            else:
                c._deadline = ticks.add(now, left)
                c.running = True
        return c
