"""The bomb-timer prop: set a time, hold to arm, count down, defuse (code, hold or wire) or boom.

A pure state machine on core.countdown, and the firmware's contract with it:
- Build it with `Prop(ruleset, preset_index, now)` from a validated "timer" ruleset, or rebuild it
  after a reset with `Prop.from_state(ruleset, state, now)`; `to_state(now)` is the JSON-safe
  save. Time is an argument everywhere (`now`, the board's ticks_ms): the prop never reads a clock.
- Drive it with its actions, which raise IllegalAction when not allowed now (and change
  nothing) and otherwise return a list of events: `set_seconds(s)` before arming;
  `hold(kind, now)` when the button the firmware maps to ARM, DEFUSE or PAUSE goes down and
  `release(now)` when it comes up (the prop decides whether that hold counts now,
  `can_hold(kind)`); `key(button, now)` for a button of a code (`codes()` says which codes may
  be typed now); `wire_cut(wire, now)` when a wire reads open; `resume(now)` to continue a
  countdown that a reset paused, once the player says so.
- On every loop step call `poll(now)` until it returns None: each call returns one due event
  (a finished hold, a beep, a checkpoint, the boom) and allocates nothing but a checkpoint's
  tuple. Screens read `phase` (SET, ARMING, RUNNING, PAUSED, DEFUSED, BOOM), `seconds`,
  `remaining(now)`, `display_seconds(now)`, `hold_progress(now)`, `strikes`, `cut_wires`,
  `entry`, `restored` and `preset`.
Events: ("arming",) ("armed",) ("cancel",) ("beep",) ("checkpoint", ms_left) ("digit", entered)
("wrong",) ("strike", n) ("wire_cut", wire) ("paused",) ("resumed",) ("defused",) ("boom",).
Silent presets drop ("beep",): checkpoints are their only sound. Before arming a wired preset the
firmware checks that every wire is joined: wires are only watched from the arming on.

Why it is not a Game (DESIGN.md's contract): it has no seats, turns, secrets or deal, and what
happens depends on time rather than on a list of legal actions, so actions()/view()/reveals()/
outcome() would say nothing. A save is a snapshot at `now`: a running countdown comes back
PAUSED with `restored` set, because the prop cannot know how long the board was off.
"""

from core import const, countdown, ticks
from core.countdown import BEEP, CHECKPOINT, EXPIRED, Countdown
from core.errors import IllegalAction, SaveError
from core.timer.rules import validate  # noqa: F401  (core.ruleset calls core.timer.validate)

SET = const(0)
ARMING = const(1)
RUNNING = const(2)
PAUSED = const(3)
DEFUSED = const(4)
BOOM = const(5)
PHASES = ("set", "arming", "running", "paused", "defused", "boom")

# Hold kinds.
ARM = const(0)
DEFUSE = const(1)
PAUSE = const(2)
_NO_HOLD = const(-1)

# Events without data are shared constants, so poll() hands them out without allocating.
EV_ARMING = ("arming",)
EV_ARMED = ("armed",)
EV_CANCEL = ("cancel",)
EV_BEEP = ("beep",)
EV_WRONG = ("wrong",)
EV_PAUSED = ("paused",)
EV_RESUMED = ("resumed",)
EV_DEFUSED = ("defused",)
EV_BOOM = ("boom",)

_VERSION = const(1)
# The save's plain fields and the attributes they hold, in to_state's order.
_SAVED = (
    ("seconds", "seconds"),
    ("strikes", "strikes"),
    ("cut", "cut_wires"),
    ("restored", "restored"),
)


class Prop:
    def __init__(self, ruleset, preset_index, now):
        presets = ruleset["presets"]
        if type(preset_index) is not int or not 0 <= preset_index < len(presets):
            raise IllegalAction("no such preset")
        self.ruleset = ruleset
        self.index = preset_index
        self.preset = presets[preset_index]
        self.seconds = self.preset["seconds"]
        self.phase = SET
        self.strikes = 0
        self.cut_wires = 0  # bit i set: wire i has been cut
        self.countdown = None
        self.restored = False  # paused by a reset: the app may resume it after asking
        self.entry = []  # button ids typed so far
        self._hold = _NO_HOLD
        self._hold_at = now

    # -- what the screens show --

    def remaining(self, now):
        """Milliseconds left: the set time before arming, frozen once defused, 0 after a boom."""
        if self.phase == BOOM:
            return 0
        if self.countdown is None:
            return self.seconds * 1000
        return self.countdown.remaining(now)

    def display_seconds(self, now):
        """Whole seconds for MM:SS, rounded up so 0:00 shows only at the boom."""
        return (self.remaining(now) + 999) // 1000

    def hold_kind(self):
        return self._hold

    def hold_progress(self, now):
        """Progress of the current hold, 0..100 (0 when nothing is held)."""
        if self._hold == _NO_HOLD:
            return 0
        need = self._need(self._hold)
        d = ticks.diff(now, self._hold_at)
        if d >= need:
            return 100
        # d < need <= 30000 here, so d * 100 stays a small int on the board.
        return d * 100 // need if d > 0 else 0

    def arm_progress(self, now):
        return self.hold_progress(now) if self._hold == ARM else 0

    def codes(self):
        """The codes a key may complete now: [(code, DEFUSE or PAUSE)]; empty: keys do nothing."""
        out = []
        p = self.preset
        if self.phase == RUNNING and p["defuse"] == "code":
            out.append((p["code"], DEFUSE))
        if self.phase in (RUNNING, PAUSED) and p["pause"] == "code":
            out.append((p["pause_code"], PAUSE))
        return out

    def can_hold(self, kind):
        p = self.preset
        if kind == ARM:
            return self.phase == SET
        if kind == DEFUSE:
            return self.phase == RUNNING and p["defuse"] == "hold"
        if kind == PAUSE:
            return self.phase in (RUNNING, PAUSED) and p["pause"] == "hold"
        return False

    # -- actions --

    def set_seconds(self, seconds):
        if self.phase != SET:
            raise IllegalAction("the time is set before arming")
        if type(seconds) is not int or not 1 <= seconds <= 5999:
            raise IllegalAction("the time must be 0:01..99:59")
        self.seconds = seconds
        return []

    def hold(self, kind, now):
        if self._hold != _NO_HOLD:
            raise IllegalAction("a hold is already in progress")
        if not self.can_hold(kind):
            raise IllegalAction("that hold does nothing now")
        self._hold = kind
        self._hold_at = now
        if kind == ARM:
            self.phase = ARMING
            return [EV_ARMING]
        return []

    def release(self, now):
        """End the current hold: complete if held long enough, else cancelled."""
        if self._hold == _NO_HOLD:
            return []
        if self._too_late(now):
            return [self._boom()]
        ev = self._finish_hold(now)
        if ev is not None:
            return [ev]
        if self._hold == ARM:
            self.phase = SET
        self._hold = _NO_HOLD
        return [EV_CANCEL]

    def key(self, button, now):
        """A button of a code; judged once it is as long as the longest code it may be."""
        codes = self.codes()
        if not codes:
            raise IllegalAction("no code is asked for now")
        if type(button) is not int or not 0 <= button < 6:
            raise IllegalAction("no such button")
        if self._too_late(now):
            return [self._boom()]
        self.entry.append(button)
        events = [("digit", len(self.entry))]
        longest = 0
        for code, kind in codes:
            if self.entry == list(code):
                self.entry = []
                events.append(self._complete(kind, now))
                return events
            longest = max(longest, len(code))
        if len(self.entry) >= longest:
            self.entry = []
            events.append(EV_WRONG)
            if self.phase == RUNNING:
                events += self._strike(now)
        return events

    def wire_cut(self, wire, now):
        """A physical wire read as opened; the right one defuses, any other is a strike."""
        if self.phase not in (RUNNING, PAUSED):
            raise IllegalAction("wires count only while armed")
        if type(wire) is not int or not 0 <= wire < self.preset["wires"]:
            raise IllegalAction("no such wire")
        if self.cut_wires & (1 << wire):
            raise IllegalAction("that wire is already cut")
        self.cut_wires |= 1 << wire
        events = [("wire_cut", wire)]
        if self._too_late(now):
            events.append(self._boom())
            return events
        if self.preset["defuse"] == "wire" and wire == self.preset["wire"]:
            events.append(self._complete(DEFUSE, now))
        else:
            events += self._strike(now)
        return events

    def resume(self, now):
        """Continue after a reset, once the app has asked (other pauses need a hold or code)."""
        if self.phase != PAUSED or not self.restored:
            raise IllegalAction("only a countdown paused by a reset resumes without its hold")
        self.restored = False
        self.countdown.resume(now)
        self.phase = RUNNING
        return [EV_RESUMED]

    def poll(self, now):
        """The next due event or None; call until None on every loop step."""
        if self.phase == ARMING or self.phase == PAUSED:
            return self._finish_hold(now)
        if self.phase != RUNNING:
            return None
        e = self.countdown.poll(now)
        while e == BEEP and self.preset["silent"]:
            e = self.countdown.poll(now)
        if e == EXPIRED:
            return self._boom()
        if e == CHECKPOINT:
            return ("checkpoint", self.countdown.last_checkpoint)
        if e == BEEP:
            return EV_BEEP
        return self._finish_hold(now)

    # -- inside --

    def _need(self, kind):
        return self.ruleset[("arm_ms", "defuse_ms", "pause_ms")[kind]]

    def _finish_hold(self, now):
        kind = self._hold
        if kind == _NO_HOLD or ticks.diff(now, self._hold_at) < self._need(kind):
            return None
        self._hold = _NO_HOLD
        if kind == ARM:
            p = self.preset
            self.countdown = Countdown(self.seconds * 1000, p["beeps"], p["checkpoints"])
            self.countdown.start(now)
            self.phase = RUNNING
            self.entry = []
            return EV_ARMED
        return self._complete(kind, now)

    def _complete(self, kind, now):
        self.entry = []
        if kind == DEFUSE:
            if self.phase == RUNNING:
                self.countdown.pause(now)
            self.phase = DEFUSED
            self._hold = _NO_HOLD
            return EV_DEFUSED
        self.restored = False
        if self.phase == RUNNING:
            self.countdown.pause(now)
            self.phase = PAUSED
            return EV_PAUSED
        self.countdown.resume(now)
        self.phase = RUNNING
        return EV_RESUMED

    def _strike(self, now):
        self.strikes += 1
        events = [("strike", self.strikes)]
        cd = self.countdown
        last = self.strikes >= self.preset["strikes"]
        if not last and self.preset["penalty_ms"]:
            cd.add(-self.preset["penalty_ms"], now)
        if last or cd.expired(now):
            events.append(self._boom())
        return events

    def _too_late(self, now):
        # An action a moment after the deadline, before poll() has seen it: the bomb went off.
        return self.phase == RUNNING and self.countdown.expired(now)

    def _boom(self):
        self.phase = BOOM
        self._hold = _NO_HOLD
        self.entry = []
        return EV_BOOM

    # -- saving --

    def to_state(self, now):
        """A JSON-safe snapshot of the prop (holds and a half-typed code are not kept)."""
        cd = self.countdown
        s = {"v": _VERSION, "game": "timer", "preset": self.index, "name": self.preset["name"]}
        for key, attr in _SAVED:
            s[key] = getattr(self, attr)
        s["phase"] = PHASES[self.phase]
        s["countdown"] = None if cd is None else cd.to_state(now)
        return s

    @classmethod
    def from_state(cls, ruleset, state, now):
        """Rebuild from to_state(). A running countdown comes back PAUSED (a reset happened);
        raises SaveError on anything that is not a save of this preset."""
        if type(state) is not dict or state.get("v") != _VERSION or state.get("game") != "timer":
            raise SaveError("save: not a timer of this version")
        index = state.get("preset")
        if type(index) is not int or not 0 <= index < len(ruleset["presets"]):
            raise SaveError("save: the timer's preset is gone")
        p = cls(ruleset, index, now)
        if state.get("name") != p.preset["name"]:
            raise SaveError("save: the timer's preset changed")
        seconds, strikes, cut, restored = [state.get(key) for key, _ in _SAVED]
        phase = state.get("phase")
        if type(seconds) is not int or not 1 <= seconds <= 5999 or phase not in PHASES:
            raise SaveError("save: bad timer time or phase")
        if type(strikes) is not int or not 0 <= strikes <= p.preset["strikes"]:
            raise SaveError("save: bad strike count")
        if type(cut) is not int or not 0 <= cut < (1 << p.preset["wires"]):
            raise SaveError("save: bad wires")
        if type(restored) is not bool:
            raise SaveError("save: bad flags")
        for key, attr in _SAVED:
            setattr(p, attr, state[key])
        ph = PHASES.index(phase)
        if ph > ARMING:
            # Running, paused, defused or gone off: the countdown comes back held.
            p.countdown = Countdown.from_state(state.get("countdown"), now, True)
            cph = p.countdown.phase
            if p.countdown.duration != seconds * 1000 or cph == countdown.IDLE:
                raise SaveError("save: the countdown does not match the timer")
            # A timer only ever loses time (strikes): more left than it was set to is a bad save
            # (99:59 is all that MM:SS can show).
            if p.countdown.remaining(now) > p.countdown.duration:
                raise SaveError("save: more time left than the timer was set to")
            if cph == countdown.DONE and ph != DEFUSED:
                # Saved in the step where the deadline passed, before the boom was seen.
                ph = BOOM
            elif cph == countdown.DONE:
                raise SaveError("save: a defused timer cannot have run out")
        elif state.get("countdown") is not None:
            raise SaveError("save: a countdown before arming")
        # Arming is a hold, and holds do not survive a reset; a running bomb comes back paused.
        p.phase = SET if ph == ARMING else PAUSED if ph == RUNNING else ph
        p.restored = (restored or ph == RUNNING) and p.phase == PAUSED
        return p
