"""Settings: sound, volume, brightness, reveal auto-hide, language, seat names and screen sleep;
saved when left."""

from firmware import buttons as B
from firmware import settings as prefs
from firmware import strings
from firmware.screens import names as naming
from firmware.ui import text
from firmware.ui.listscreen import ListScreen
from firmware.ui.menu import Menu
from firmware.ui.stack import BACK, NONE, PUSH, Screen

# Screen sleep comes last: the rows above it keep the places they had before it was added.
_ROWS = ("s.sound", "s.volume", "s.bright", "s.hide", "s.lang", "s.names", "s.sleep")
# Each language named in itself, so a player who cannot read the current one still finds theirs
# (in the order of strings.LANGS).
LANG_NAMES = ("English", "Français", "Deutsch")
_LANG = 4
_NAMES = 5
_SLEEP = 6


def _step(choices, value, d):
    i = choices.index(value) if value in choices else 0
    return choices[(i + d) % len(choices)]


class SettingsScreen(Screen):
    """UP/DOWN pick a row; OK or RIGHT step its value forward, LEFT back; BACK saves and leaves.
    A digit key n (the MacroPad's keypad) picks row n and steps it as OK does. Each change takes
    effect at once (a confirm chirp lets you hear the volume)."""

    def __init__(self, app):
        super().__init__(app)
        self.title = strings.get("settings")
        self.menu = Menu(app.lay, self._labels())
        self.changed = False

    def _labels(self):
        s = self.app.settings
        hide = str(s.hide) + strings.get("s.sec") if s.hide else strings.get("s.never")
        sleep = str(s.sleep // 60) + strings.get("s.min") if s.sleep else strings.get("s.never")
        values = (
            strings.get("s.on") if s.sound else strings.get("s.off"),
            str(s.volume) + "/" + str(prefs.VOLUMES),
            str(s.brightness) + "/" + str(prefs.BRIGHT),
            hide,
            LANG_NAMES[strings.LANGS.index(strings.lang)],
            ">",
            sleep,
        )
        lay = self.app.lay
        # A column stays free for the scrollbar when the rows do not all fit.
        cols = lay.cols - (1 if len(_ROWS) > lay.body_rows else 0)
        out = []
        for i in range(len(_ROWS)):
            label = text.fold(strings.get(_ROWS[i]))
            v = values[i]
            # The value at the right edge when both fit; else one line that scrolls when
            # selected (no word of either is cut).
            pad = cols - len(label) - len(v)
            out.append(label + " " * (pad if pad > 0 else 1) + v)
        return out

    def _change(self, row, d):
        s = self.app.settings
        if row == 0:
            s.sound = not s.sound
        elif row == 1:
            s.volume = _step(tuple(range(1, prefs.VOLUMES + 1)), s.volume, d)
        elif row == 2:
            s.brightness = _step(tuple(range(1, prefs.BRIGHT + 1)), s.brightness, d)
        elif row == 3:
            s.hide = _step(prefs.HIDE_CHOICES, s.hide, d)
        elif row == _SLEEP:
            s.sleep = _step(prefs.SLEEP_CHOICES, s.sleep, d)
        elif row == _LANG:
            s.lang = strings.use(_step(strings.LANGS, s.lang, d))
            self.title = strings.get("settings")
            self.app.relabel()  # the main menu under this screen, in the new language
        self.changed = True
        self.app.apply_settings()
        self.app.play("confirm")
        self.menu.set(self._labels())
        self.dirty = True

    def event(self, ev, now):
        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        k = B.kind_of(ev)
        m = self.menu
        if b == B.UP or b == B.DOWN:
            if m.move(-1 if b == B.UP else 1):
                self.dirty = True
        elif k == B.PRESS and b == B.BACK:
            return BACK
        elif b == B.OK or b == B.RIGHT or b == B.LEFT:
            return self._step_row(m.cursor, k, b)
        elif k == B.PRESS and 0 < B.digit_of(b) <= len(_ROWS):
            m.cursor = B.digit_of(b) - 1  # row n, then OK
            m.move(0)
            self.dirty = True
            return self._step_row(m.cursor, k, B.OK)
        return NONE

    def _step_row(self, row, k, b):
        if row == _NAMES:
            if k == B.PRESS and b != B.LEFT:
                return (PUSH, seats_screen(self.app))
        else:
            self._change(row, -1 if b == B.LEFT else 1)
        return NONE

    def digit_keys(self):
        """One digit key a row."""
        return (1 << len(_ROWS)) - 1

    def leave(self):
        if self.changed:
            self.changed = False
            self.app.settings.save()

    def draw(self, fb, now):
        fb.fill(0)
        self.app.draw_bar(fb, self.title)
        self.menu.draw(fb, self.app.txt)


def seats_screen(app):
    names = app.settings.names
    labels = [str(i + 1) + " " + names[i] for i in range(prefs.SEATS)]
    actions = [naming.opener(app, i) for i in range(prefs.SEATS)]
    return SeatsScreen(app, strings.get("s.names"), labels, actions)


class SeatsScreen(ListScreen):
    """The seat list; comes back up to date after a name was edited."""

    def enter(self, now):
        names = self.app.settings.names
        self.menu.set([str(i + 1) + " " + names[i] for i in range(prefs.SEATS)])
        self.dirty = True
