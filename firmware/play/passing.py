"""The pass-around: hand the device to one seat, let only them look, hide it, pass it on.

One flow for every game and every secret, so the table learns nothing from it:
  PASS    "Pass to <name>", public. The named player holds OK (or presses it, on boards whose
          OK is a short press of a shared button) to look.
  PEEK    the private screen, drawn from view(seat) only. Releasing OK hides it; so does the
          auto-hide delay. A private choice (a troop card, a cover) is made here: UP/DOWN pick,
          OK confirms (or a digit key n picks choice n).
  CHOSEN  still private: what was chosen, for CHOSEN_MS whatever it is (buttons do nothing
          meanwhile), so the player sees what they committed to; then it hides.
  HIDDEN  "Hidden", public. OK passes on, but only once the minimum dwell has passed since the
          peek began, the same for everyone. BACK returns to PASS: looking again always needs
          a new "Pass to" and a new hold.
The screens, the sounds and the timings are the same whatever is on the private screen.
"""

from core import const
from firmware import buttons as B
from firmware import strings
from firmware.ui import icons, text, widgets
from firmware.ui.stack import BACK, NONE, PUSH, Screen

PASS = const(0)
PEEK = const(1)
HIDDEN = const(2)
CHOSEN = const(3)
# A private choice stays up this long after OK, then hides: the same time (and the same sound)
# for every choice and every seat, so the table cannot tell one choice from another by it.
CHOSEN_MS = const(1200)
# Every peek counts as lasting at least this long before the device may be passed on.
MIN_DWELL_MS = const(1500)
_NUDGE_MS = const(400)  # how long the tick of an ignored press stays up
# Skins keep each private line within this many characters. On a narrow screen every line is
# wrapped into the same number of rows, so how far a player scrolls tells nothing about what a
# line said (a longer role name must not mean one more row).
LINE_MAX = const(16)


def private_rows(lines, cols):
    """Wrap private lines for cols columns, each into exactly ceil(LINE_MAX / cols) rows."""
    per = (LINE_MAX + cols - 1) // cols
    out = []
    for line in lines:
        rows = text.wrap(line, cols)
        while len(rows) < per:
            rows.append("")
        out.extend(rows[:per] if len(line) <= LINE_MAX else rows)
    return out


def hold_to_peek(keymap):
    """True when OK is a button of its own, so it can be held; else a press toggles the peek."""
    for short, long in keymap:
        if short == B.OK and long < 0:
            return True
    return False


class PassScreen(Screen):
    """Pass to one seat for a private look, or a private choice: choices = [(label, value)], or
    (label, value, words) when the confirmation says it otherwise than the label."""

    def __init__(self, app, session, skin, seat, choices=None, on_choice=None):
        super().__init__(app)
        self.session = session
        self.skin = skin
        self.seat = seat
        self.choices = choices
        self.on_choice = on_choice
        self.sel = 0
        self.picked = None
        self.state = PASS
        self.hold = hold_to_peek(app.hw.keymap)
        self.peek_at = 0
        self.chosen_at = 0
        self.nudged = -1  # when an early OK was ignored (its tick shows a moment), else -1
        self.lines = None
        self.first = 0  # the first private line shown: UP/DOWN scroll a plain look
        name = session.name(seat)
        cols = app.lay.cols
        self.title = text.fit(strings.get("p.pass"), widgets.title_cols(app.lay, app.batt))
        self.name = text.fit(name, cols)
        self.hint = text.wrap(strings.get("p.hold" if self.hold else "p.press"), cols)
        self.private_title = text.fit(strings.get("p.private") + name, cols)

    def _peek(self, now):
        view = self.session.game.view(self.seat)
        lines = self.skin.private_lines(self.session, view, self.seat)
        self.lines = private_rows(lines, self.app.lay.cols)
        view = lines = None
        self.first = 0
        self.state = PEEK
        self.peek_at = now
        self.app.log("private " + str(self.seat))
        self.app.play("tick")
        self.dirty = True

    def _hide(self):
        self.lines = None  # the secret leaves RAM with the screen that showed it
        self.state = HIDDEN
        self.app.log("public")
        self.app.play("tock")
        self.dirty = True

    def event(self, ev, now):
        b = B.button_of(ev)
        k = B.kind_of(ev)
        if self.state == PASS:
            if b == B.OK and k == B.PRESS:
                self._peek(now)
            elif b == B.BACK and k == B.PRESS:
                return (PUSH, self.skin_pause(now))
            return NONE
        if self.state == CHOSEN:
            return NONE  # committed: the confirmation runs its fixed time
        if self.state == PEEK:
            if self.choices is not None:
                return self._choose(ev, now)
            s = B.press_or_repeat(ev)
            if s == B.UP or s == B.DOWN:
                # More lines than rows (a small screen): scroll while still holding OK.
                step = 1 if s == B.DOWN else -1
                f = widgets.scroll(self.first, step, len(self.lines), self.app.lay.body_rows)
                if f != self.first:
                    self.first = f
                    self.dirty = True
            elif b == B.OK and k == B.RELEASE and self.hold:
                self._hide()
            elif k == B.PRESS and (b == B.BACK or (b == B.OK and not self.hold)):
                self._hide()
            return NONE
        # HIDDEN
        if k != B.PRESS:
            return NONE
        if b == B.BACK:
            self.state = PASS
            self.dirty = True
        elif b == B.OK and self.app.hw.ticks_diff(now, self.peek_at) >= MIN_DWELL_MS:
            return self._done()
        elif b == B.OK:
            # Too early: heard, and said so (a tone and a tick), so nobody wonders whether the
            # button works. The same for every seat: the dwell is the same for everyone.
            self.nudged = now
            self.app.log("nope")
            self.app.play("nope")
            self.dirty = True
        return NONE

    def _choose(self, ev, now):
        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        k = B.kind_of(ev)
        n = len(self.choices)
        d = B.digit_of(b) if k == B.PRESS else 0
        if d:
            # A digit key (the MacroPad's keypad) is choice d, then OK; past the end: ignored.
            if d > n:
                return NONE
            self.sel = d - 1
            b = B.OK
        if b == B.UP or b == B.DOWN:
            self.sel = (self.sel + (1 if b == B.DOWN else -1)) % n
            self.dirty = True
        elif b == B.OK and k == B.PRESS:
            self._chosen(now)
        elif b == B.BACK and k == B.PRESS:
            self.sel = 0
            self._hide()
            self.state = PASS
        return NONE

    def _chosen(self, now):
        # What was chosen, in private: its own words when the choice gives them (a troop
        # card's name, not "3 SWAT"), else its label. Two lines of at most LINE_MAX characters
        # each, so every choice takes the same rows; the same sound for every choice.
        c = self.choices[self.sel]
        self.picked = c[1]
        said = c[2] if len(c) > 2 else c[0]
        self.lines = private_rows((strings.get("p.chosen"), said), self.app.lay.cols)
        self.first = 0
        self.state = CHOSEN
        self.chosen_at = now
        self.app.log("chosen")
        self.app.play("click")
        self.dirty = True

    def _done(self):
        self.app.play("confirm")
        if self.choices is None:
            self.session.seen(self.seat)
        elif self.picked is None:
            self.state = PASS
            self.dirty = True
            return NONE
        else:
            self.on_choice(self.picked)
        return BACK

    def digit_keys(self):
        """None lit, even while a private choice takes digits: the keys' lights are seen round
        the table, unlike the screen, and how many choices there are can be a secret (in
        Undercover's cover step only Shadow has two)."""
        return 0

    def skin_pause(self, now):
        from firmware.play.pause import PauseMenu  # lazy: off the heap until BACK pauses

        return PauseMenu(self.app, self.session, self.skin)

    def tick(self, now):
        if self.nudged >= 0 and self.app.hw.ticks_diff(now, self.nudged) >= _NUDGE_MS:
            self.nudged = -1
            self.dirty = True
        if self.state == CHOSEN:
            if self.app.hw.ticks_diff(now, self.chosen_at) >= CHOSEN_MS:
                self._hide()
        elif self.state == PEEK:
            hide = self.app.settings.hide
            if hide and self.app.hw.ticks_diff(now, self.peek_at) >= hide * 1000:
                self._auto_hide()
        return NONE

    def _auto_hide(self):
        if self.choices is not None:
            self.state = PASS  # nothing chosen: start over from "Pass to"
            self.lines = None
            self.app.log("public")
            self.app.play("tock")
            self.dirty = True
        else:
            self._hide()

    def sleep(self, now):
        if self.state == CHOSEN:
            self._hide()  # the choice stands; only its confirmation is cut short
        elif self.state == PEEK:
            self._auto_hide()  # before the screen sleeps, whatever the auto-hide delay

    def draw(self, fb, now):
        app = self.app
        lay = app.lay
        txt = app.txt
        fb.fill(0)
        if self.state == PEEK or self.state == CHOSEN:
            app.draw_bar(fb, self.private_title)
            r = 0
            i = self.first
            while r < lay.body_rows and i < len(self.lines):
                txt.draw(fb, self.lines[i], 0, lay.row_y(r), 1)
                r += 1
                i += 1
            if self.choices is None or self.state == CHOSEN:
                widgets.scrollbar(fb, lay, self.first, len(self.lines), lay.body_rows)
            else:
                # Choices follow the lines; scroll the choices so the selected one shows.
                room = lay.body_rows - r
                top = 0 if room < 1 or self.sel < room else self.sel - room + 1
                i = top
                while r < lay.body_rows and i < len(self.choices):
                    widgets.row(fb, lay, txt, r, self.choices[i][0], i == self.sel)
                    r += 1
                    i += 1
            return
        app.draw_bar(fb, self.title)
        if self.state == PASS:
            txt.draw(fb, self.name, lay.centre_x(len(self.name)), lay.row_y(0), 1)
            widgets.lines(fb, lay, txt, self.hint, 0, 1)
        else:
            widgets.lines(fb, lay, txt, text.wrap(strings.get("p.hidden"), lay.cols), 0)
            if self.nudged >= 0:
                # The tick of a press heard but ignored on purpose: a check mark, inverted.
                s = lay.scale
                fb.fill_rect(lay.w - 10 * s, lay.h - 10 * s, 10 * s, 10 * s, 1)
                icons.draw(fb, icons.CHECK, lay.w - 9 * s, lay.h - 9 * s, 0, s)
