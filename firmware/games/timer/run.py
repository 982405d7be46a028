"""The bomb-timer prop screen: set, hold to arm, count down, code/hold/wire defuse, boom.

Rules live in core.timer.Prop; this screen maps buttons to its actions, plays its events and
saves its state. SET: UP/DOWN change the focused field, a short OK switches minutes/seconds,
holding OK arms. RUNNING: hold OK to defuse or BACK to pause (hold presets); codes are typed
directly on six-button boards, else picked with UP/DOWN and entered with OK; digit keys 1..6
type the symbols Up Dn Lt Rt OK Bk on any board that has them. PAUSED: hold OK
(or the code) resumes, BACK leaves; after a reset OK continues. DEFUSED/BOOM: any button."""

from core import const, timer
from firmware import buttons as B
from firmware import strings
from firmware.games.timer import saved
from firmware.games.timer.view import View
from firmware.ui.stack import BACK, NONE, Screen

S = strings.of("timer")

# Saved every this often while counting (and at every change), so a reset loses little time.
SAVE_EVERY_MS = const(10000)
_TAP_MS = const(400)  # an OK shorter than this in SET switches the field instead of arming
_END_GUARD_MS = const(1500)  # after a defuse or boom, ignore buttons briefly (hands are busy)
_NOTE_MS = const(1500)
_FLASH_MS = const(250)


class TimerScreen(Screen):
    def __init__(self, app, rs, index, now, path="", prop=None):
        super().__init__(app)
        self.rs = rs
        self.path = path
        self.prop = prop if prop is not None else timer.Prop(rs, index, now)
        self.title = self.prop.preset["name"]
        self.direct = has_all_buttons(app.hw.keymap)
        self.field = 0  # SET: 0 minutes, 1 seconds
        self.sym = 4  # picker: the symbol under the cursor (starts on OK)
        self.holding = -1  # the button holding a prop hold
        self.held_at = now
        # Buttons pressed on this screen (a stray RELEASE is ignored); digit keys too.
        self.seen = bytearray(B.DIGIT + B.DIGITS)
        self.ended_at = now
        self.saved_at = now
        self.note = None  # a short message, e.g. "Wrong!", shown until note_until
        self.note_until = now
        self.shown = -1  # what was last drawn: seconds, progress, flash, entry length
        self.shown_pct = -1
        self.shown_flash = False
        self.flash = False
        self.codes = ()
        self.codes_phase = -1
        self.code_len = 0
        self.view = View(app, self)
        self._refresh()

    # -- helpers ------------------------------------------------------------------------------
    def _refresh(self):
        """Cache what the rules allow in this phase (codes() allocates: it runs only when the
        phase changes, never per beep or from draw)."""
        p = self.prop
        if p.phase != self.codes_phase:
            self.codes_phase = p.phase
            self.codes = tuple(c for c, _ in p.codes())
            n = 0
            for c in self.codes:
                if len(c) > n:
                    n = len(c)
            self.code_len = n
        ph = p.phase
        # (No tuple here: a tuple of module constants is built afresh at every call.)
        self.live = ph == timer.ARMING or ph == timer.RUNNING or ph == timer.BOOM
        self.live = self.live or self.holding >= 0
        self.dirty = True

    def in_code(self, b):
        for c in self.codes:
            if b in c:
                return True
        return False

    def save(self, now):
        self.saved_at = now
        saved.save(self.app, self.path, self.prop, now)

    def _notify(self, key, now):
        self.note = S(key)
        self.note_until = self.app.hw.ticks_add(now, _NOTE_MS)
        self.dirty = True

    def _events(self, evs, now):
        for e in evs:
            self._on(e, now)
        self._refresh()

    def _on(self, e, now):
        app = self.app
        kind = e[0]
        if kind == "beep":
            app.play("tick")
        elif kind == "checkpoint":
            app.play("chirp")
            self.save(now)
        elif kind == "armed":
            app.play("arm")
            self.holding = -1
            self.save(now)
        elif kind == "strike":
            app.play("strike", True)
            self.save(now)
        elif kind == "wrong":
            self._notify("wrong", now)
            app.play("error")
        elif kind == "paused" or kind == "resumed":
            app.play("confirm")
            self.holding = -1
            self.save(now)
        elif kind == "defused":
            app.play("defused", True)
            self._end(now)
        elif kind == "boom":
            app.play("boom", True)
            app.play("siren")
            self._end(now)
        elif kind == "cancel":
            self.holding = -1
        self.dirty = True

    def _end(self, now):
        self.holding = -1
        self.note = None  # the outcome replaces any note (e.g. the "Wrong!" of a last strike)
        self.ended_at = now
        saved.clear(self.app)  # nothing left to resume

    def _hold(self, kind, b, now):
        p = self.prop
        if self.holding < 0 and p.can_hold(kind):
            self.holding = b
            self.held_at = now
            self._events(p.hold(kind, now), now)
            return True
        return False

    # -- input --------------------------------------------------------------------------------
    def event(self, ev, now):
        b = B.button_of(ev)
        k = B.kind_of(ev)
        if k == B.PRESS:
            self.seen[b] = 1
        elif k == B.RELEASE:
            if not self.seen[b]:
                return NONE  # pressed on the screen before this one
            self.seen[b] = 0
        ph = self.prop.phase
        if ph == timer.SET or ph == timer.ARMING:
            return self._set_event(b, k, now)
        if ph == timer.RUNNING or ph == timer.PAUSED:
            return self._armed_event(b, k, now)
        # DEFUSED or BOOM: any button, once the guard time is over, goes back to the presets.
        if k == B.PRESS and self.app.hw.ticks_diff(now, self.ended_at) >= _END_GUARD_MS:
            return BACK
        return NONE

    def _set_event(self, b, k, now):
        p = self.prop
        if k == B.RELEASE and b == self.holding:
            tap = self.app.hw.ticks_diff(now, self.held_at) < _TAP_MS
            self._events(p.release(now), now)
            self.holding = -1
            if tap and p.phase == timer.SET:
                self.field ^= 1
            self._refresh()
            return NONE
        if k != B.PRESS and k != B.REPEAT:
            return NONE
        if p.phase != timer.SET:
            return NONE
        if b == B.UP or b == B.DOWN:
            self._adjust(1 if b == B.UP else -1, k == B.REPEAT)
        elif (b == B.LEFT or b == B.RIGHT) and k == B.PRESS:
            self.field ^= 1
            self.dirty = True
        elif b == B.OK and k == B.PRESS:
            if self._wires_open():
                self._notify("join", now)
                self.app.play("error")
            elif not self._hold(timer.ARM, b, now):
                self.app.play("error")
        elif b == B.BACK and k == B.PRESS:
            return BACK
        return NONE

    def _adjust(self, d, fast):
        s = self.prop.seconds
        m, sec = s // 60, s % 60
        if self.field == 0:
            m = (m + d) % 100
        else:
            step = 5 if fast else 1
            sec = (sec + d * step) % 60
        total = m * 60 + sec
        if total < 1:
            total = 1 if d > 0 else 5999
        self.prop.set_seconds(total)
        self.dirty = True

    def _wires_open(self):
        n = self.prop.preset["wires"]
        w = self.app.hw.read_wires()
        return n > 0 and w is not None and (w & ((1 << n) - 1)) != 0

    def _armed_event(self, b, k, now):
        p = self.prop
        if k == B.RELEASE:
            if b == self.holding:
                self.holding = -1
                self._events(p.release(now), now)
            return NONE
        if k == B.LONG and b == B.BACK and p.phase == timer.PAUSED:
            return self._leave()
        if k != B.PRESS and k != B.REPEAT:
            return NONE
        if p.phase == timer.PAUSED and p.restored:
            # Back from a reset: OK continues the countdown, BACK gives it up.
            if b == B.OK and k == B.PRESS:
                self._events(p.resume(now), now)
            elif b == B.BACK and k == B.PRESS:
                return self._leave()
            return NONE
        d = B.digit_of(b)
        if self.codes and 0 < d <= 6:
            # A digit key (the MacroPad's keypad) types the code's d-th symbol (Up Dn Lt Rt OK
            # Bk) at the current position, and the entry moves on; 7..9 are no symbol.
            if k == B.PRESS:
                self._events(p.key(d - 1, now), now)
            return NONE
        if self.codes:
            if self.direct:
                if k == B.PRESS and self.in_code(b):
                    self._events(p.key(b, now), now)
            elif b == B.UP or b == B.DOWN:
                self.sym = (self.sym + (5 if b == B.UP else 1)) % 6
                self.dirty = True
            elif b == B.OK and k == B.PRESS:
                self._events(p.key(self.sym, now), now)
        if k != B.PRESS or (p.phase != timer.RUNNING and p.phase != timer.PAUSED):
            return NONE
        if b == B.OK:
            self._hold(timer.DEFUSE if p.phase == timer.RUNNING else timer.PAUSE, b, now)
        elif b == B.BACK:
            if p.phase == timer.RUNNING:
                self._hold(timer.PAUSE, b, now)
            elif not (self.direct and self.in_code(b)):
                return self._leave()
        return NONE

    def _leave(self):
        # Only leaving on purpose drops the save; any other way out (the app's error recovery)
        # keeps it, so the next boot offers the timer back.
        saved.clear(self.app)
        return BACK

    def wires(self, mask, now):
        p = self.prop
        if mask is None:
            return NONE
        n = p.preset["wires"]
        for i in range(n):
            bit = 1 << i
            armed = p.phase == timer.RUNNING or p.phase == timer.PAUSED
            if mask & bit and not p.cut_wires & bit and armed:
                self._events(p.wire_cut(i, now), now)
        self.dirty = True
        return NONE

    def tick(self, now):
        p = self.prop
        while True:
            e = p.poll(now)
            if e is None:
                break
            self._on(e, now)
            self._refresh()
        hw = self.app.hw
        ph = p.phase
        if ph == timer.RUNNING and hw.ticks_diff(now, self.saved_at) >= SAVE_EVERY_MS:
            self.save(now)
        sec = p.display_seconds(now)
        pct = p.hold_progress(now) // 5
        flash = ph == timer.BOOM and (hw.ticks_diff(now, self.ended_at) // _FLASH_MS) & 1 == 1
        if sec != self.shown or pct != self.shown_pct or flash != self.shown_flash:
            self.shown = sec
            self.shown_pct = pct
            self.shown_flash = flash
            self.flash = flash
            self.dirty = True
        if self.note is not None and hw.ticks_diff(now, self.note_until) >= 0:
            self.note = None
            self.dirty = True
        return NONE

    def digit_keys(self):
        """Digits 1..6 type a code's symbols while the rules ask for one (the preset says when)."""
        p = self.prop
        restored = p.phase == timer.PAUSED and p.restored  # OK or BACK only, then
        return 0x3F if self.codes and not restored else 0

    def draw(self, fb, now):
        self.view.draw(fb, now)


def has_all_buttons(keymap):
    """True when the board can press every logical button directly, or has digit keys 1..6 for
    the six symbols (codes typed as is); otherwise codes are picked with UP/DOWN and entered
    with OK."""
    seen = 0
    for short, long in keymap:
        if short >= 0:
            seen |= 1 << short
        if long >= 0:
            seen |= 1 << long
    return seen & 0x3F == 0x3F or seen >> B.DIGIT & 0x3F == 0x3F
