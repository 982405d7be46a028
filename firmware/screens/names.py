"""Seat names: a picker of names used before and common first names, and the letter editor
(UP/DOWN change the letter, OK next, holding OK saves, BACK previous; on the MacroPad's keypad,
letters typed as on a phone)."""

from core import const
from firmware import buttons as B
from firmware import settings as prefs
from firmware import strings
from firmware.ui import text, widgets
from firmware.ui.listscreen import ListScreen
from firmware.ui.stack import BACK, NONE, PUSH, REPLACE, Screen

# The digit keys type letters as a phone's keypad does (multi-tap): digit 2 is a, b, c, then 2,
# pressed again within _TAP_MS on the same letter; another key, or the same one later, types at
# the next letter. The first letter is a capital.
KEYPAD = (".-1", "abc2", "def3", "ghi4", "jkl5", "mno6", "pqrs7", "tuv8", "wxyz9")
_TAP_MS = const(1000)

# Common first names of the tables the rulebooks come from (French, German, English), picked
# in one press instead of typed; accents are kept (the display folds what its font lacks).
COMMON = (
    "Alex Ana Anna Ben Chloé Clara David Elias Emma Felix Hugo Inès Jan Jonas Julia Léa Lena"
    " Leo Lina Louis Luca Lucas Marie Max Mia Noah Nina Paul Sam Sarah Sofia Tom Zoé"
)


def rename(settings, seat, name):
    """Give `seat` a name and save; the one it replaces (unless a default P1..) is offered
    again first in the name picker (settings.recent). Here, not in settings.py: the settings
    stay resident, this screen does not."""
    old = settings.names[seat]
    if old == name:
        return
    settings.names[seat] = name
    if old != prefs.default_name(seat) and old not in settings.recent:
        settings.recent.insert(0, old)
        del settings.recent[prefs.SEATS :]
    settings.save()


def _pick(app, seat, name):
    def pick(now):
        rename(app.settings, seat, name)
        return BACK

    return pick


def picker(app, seat):
    """The names for `seat`: "Type A-Z" first, then names seats had before, then the common
    ones; names another seat already has are left out."""
    settings = app.settings
    taken = settings.names
    labels = [strings.get("s.letters")]
    actions = [lambda now: (REPLACE, NameEditor(app, seat))]
    for n in settings.recent + COMMON.split(" "):
        if n not in taken and n not in labels:
            labels.append(n)
            actions.append(_pick(app, seat, n))
    return ListScreen(app, strings.get("s.seat") + str(seat + 1), labels, actions)


def opener(app, seat):
    return lambda now: (PUSH, picker(app, seat))


class NameEditor(Screen):
    """Edits seat i's name in place. OK moves to the next letter (OK on the last one, or holding
    OK anywhere, saves); BACK on the first letter leaves without saving, so BACK always leads
    out. A default name (P1) starts blank, and a blank starts on A at the front and on a after
    it: "Al" is UP, OK, 12 UPs and a hold (it was 31 presses)."""

    def __init__(self, app, seat):
        super().__init__(app)
        self.seat = seat
        self.title = text.fit(
            strings.get("s.seat") + str(seat + 1), widgets.title_cols(app.lay, app.batt)
        )
        name = app.settings.names[seat]
        if name == prefs.default_name(seat):
            name = ""  # a placeholder: typing a name starts blank
        # One-character strings (a name may hold accented letters), drawn one by one.
        self.chars = [name[i] if i < len(name) else " " for i in range(prefs.NAME_LEN)]
        self.pos = 0
        self.hint = text.wrap(strings.get("s.edit"), app.lay.cols)
        self.tap = 0  # the digit key that typed the letter at pos (0: none), and when
        self.tap_at = 0
        self.tap_i = 0

    def _cycle(self, d):
        chars = prefs.NAME_CHARS
        i = chars.find(self.chars[self.pos])
        if i < 0:  # an accented letter: from a
            i = chars.find("a")
        self.chars[self.pos] = chars[(i + d) % len(chars)]
        self.dirty = True

    def _save(self):
        name = "".join(self.chars).strip()
        if not prefs.valid_name(name):
            name = prefs.default_name(self.seat)
        rename(self.app.settings, self.seat, name)
        return BACK

    def _type(self, d, now):
        """Digit key d pressed: the next letter of its group here, or its first at the next
        letter (multi-tap)."""
        if d == self.tap and self.app.hw.ticks_diff(now, self.tap_at) < _TAP_MS:
            self.tap_i += 1
        else:
            if self.tap and self.pos < prefs.NAME_LEN - 1:
                self.pos += 1
            self.tap_i = 0
        group = KEYPAD[d - 1]
        ch = group[self.tap_i % len(group)]
        self.chars[self.pos] = ch.upper() if self.pos == 0 else ch
        self.tap = d
        self.tap_at = now
        self.dirty = True

    def digit_keys(self):
        """Every digit key types."""
        return (1 << B.DIGITS) - 1

    def event(self, ev, now):
        if B.kind_of(ev) == B.LONG and B.button_of(ev) == B.OK:
            return self._save()
        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        k = B.kind_of(ev)
        if B.digit_of(b):
            if k == B.PRESS:
                self._type(B.digit_of(b), now)
            return NONE
        self.tap = 0  # any other key ends the letter a digit was typing
        if b == B.UP or b == B.DOWN:
            if self.chars[self.pos] == " ":
                # A blank starts on A (the front) or a (after a letter), not on a blank.
                self.chars[self.pos] = "A" if self.pos == 0 else "a"
                self.dirty = True
                if b == B.UP:
                    return NONE
            self._cycle(1 if b == B.UP else -1)
        elif k == B.PRESS and (b == B.OK or b == B.RIGHT):
            if self.pos >= prefs.NAME_LEN - 1:
                return self._save()
            self.pos += 1
            self.dirty = True
        elif k == B.PRESS and (b == B.BACK or b == B.LEFT):
            if self.pos == 0:
                return BACK
            self.pos -= 1
            self.dirty = True
        return NONE

    def draw(self, fb, now):
        app = self.app
        lay = app.lay
        fb.fill(0)
        app.draw_bar(fb, self.title)
        y = lay.row_y(0)
        x = lay.centre_x(prefs.NAME_LEN)
        for i in range(prefs.NAME_LEN):
            if self.chars[i] != " ":
                app.txt.draw(fb, self.chars[i], x + i * lay.cw, y, 1)
        # The cursor is an underline under the letter being edited (and a box on big screens).
        cx = x + self.pos * lay.cw
        fb.fill_rect(cx, y + lay.ch, lay.cw, lay.scale, 1)
        widgets.lines(fb, lay, app.txt, self.hint, 0, 2 if lay.body_rows > 4 else 1)
