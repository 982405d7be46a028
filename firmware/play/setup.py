"""Starting a game: the number of players, who starts, then a deal from a fresh seed."""

from core import games
from firmware import buttons as B
from firmware import storage, strings
from firmware.play import session as sessions
from firmware.ui import text, widgets
from firmware.ui.dialog import Confirm
from firmware.ui.stack import BACK, NONE, PUSH, REPLACE, Screen


def seat_names(settings, n):
    return [settings.names[i] if i < len(settings.names) else "P" + str(i + 1) for i in range(n)]


class SetupScreen(Screen):
    """UP/DOWN: player count, OK; then UP/DOWN: who starts (or at random), OK deals. A digit key
    n is n players, then seat n starts (each as if chosen, then OK)."""

    def __init__(self, app, path, rs):
        super().__init__(app)
        self.path = path
        self.rs = rs
        self.lo, self.hi = rs["seats"]
        self.players = self.lo
        self.choosing_first = False
        self.first = 0  # 0 = at random, else seat + 1
        self.title = text.fit(rs["name"], widgets.title_cols(app.lay, app.batt))
        self._lines()

    def _lines(self):
        names = seat_names(self.app.settings, self.players)
        if self.choosing_first:
            who = strings.get("p.random") if self.first == 0 else names[self.first - 1]
            body = strings.get("p.first") + "\n> " + who + "\n" + strings.get("p.deal")
        else:
            body = strings.get("players") + ": " + str(self.players)
            body += " (" + str(self.lo) + "-" + str(self.hi) + ")\n" + ", ".join(names)
            body += "\n" + strings.get("p.start")
        self.lines = text.wrap(body, self.app.lay.cols)
        self.dirty = True

    def event(self, ev, now):
        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        k = B.kind_of(ev)
        d = B.digit_of(b) if k == B.PRESS else 0
        if d:
            # A digit key (the MacroPad's keypad) is that many players, or that seat to start,
            # then OK; a number the list does not have is ignored.
            if self.choosing_first and d <= self.players:
                self.first = d
            elif not self.choosing_first and self.lo <= d <= self.hi:
                self.players = d
            else:
                return NONE
            b = B.OK
        step = 1 if b == B.UP else (-1 if b == B.DOWN else 0)
        if step and self.choosing_first:
            self.first = (self.first - step) % (self.players + 1)
            self._lines()
        elif step:
            n = self.players + step
            if self.lo <= n <= self.hi:
                self.players = n
                self._lines()
        elif k == B.PRESS and b == B.BACK:
            if not self.choosing_first:
                return BACK
            self.choosing_first = False
            self._lines()
        elif k == B.PRESS and b == B.OK:
            if not self.choosing_first and games.picks_first(self.rs["game"]):
                self.choosing_first = True
                if self.first > self.players:  # fewer players than when it was last chosen
                    self.first = 0
                self._lines()
                return NONE
            if storage.exists(storage.game_save(self.rs["game"])):
                # One save a game: a new deal of the same game replaces it, so ask first.
                ask = strings.get("p.replace")
                return (PUSH, Confirm(self.app, self.title, ask, lambda now: self._deal()))
            return self._deal()
        return NONE

    def digit_keys(self):
        """Seats 1..players while choosing who starts, else the player counts the ruleset
        allows (both public); nine keys at most."""
        if self.choosing_first:
            return (1 << min(self.players, B.DIGITS)) - 1
        mask = 0
        for d in range(self.lo, min(self.hi, B.DIGITS) + 1):
            mask |= 1 << (d - 1)
        return mask

    def _deal(self):
        from firmware.play.hub import Hub  # lazy: the hub and the pass-around load at the start

        names = seat_names(self.app.settings, self.players)
        first = self.first - 1 if self.first else None
        s = sessions.Session.start(self.path, self.rs, names, self.app.hw.seed(), first)
        self.app.play("arm")
        return (REPLACE, Hub(self.app, s))

    def draw(self, fb, now):
        app = self.app
        fb.fill(0)
        app.draw_bar(fb, self.title)
        widgets.lines(fb, app.lay, app.txt, self.lines, 0)
