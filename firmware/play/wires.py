"""Cutting face-down wires on the device: the cutter's turn and its words.

Time Bomb and Undercover share the wire table, so they share its screen: choose a seat, one of
its wires, confirm; then the reveal. A game's skin says what the table looks like meanwhile
(skin.status_lines) and may narrow the choice to the cuts its core allows now (a Location may
forbid cutting straight back). The strings are the app's own "w." keys (firmware/strings.py).
"""

from firmware import buttons as B
from firmware import strings
from firmware.play.pause import PauseMenu
from firmware.play.reveal import RevealScreen
from firmware.ui import text, widgets
from firmware.ui.stack import NONE, PUSH, REPLACE, Screen

KIND_KEYS = {"safe": "w.safe", "defuse": "w.defuse", "bomb": "w.bomb"}
# A count of wires of a kind, singular and plural ("1 bomb", "2 bombs"; strings.count).
COUNT_KEYS = {
    "safe": ("w.safe", "w.safes"),
    "defuse": ("w.defuse", "w.defuses"),
    "bomb": ("w.bomb", "w.bombs"),
}
S = strings.get


def kind_name(kind):
    return S(KIND_KEYS[kind])


def kind_count(n, kind):
    """n wires of a kind, in the singular or the plural: "1 bomb", "0 bombs"."""
    keys = COUNT_KEYS[kind]
    return strings.count(n, keys[0], keys[1])


def action_lines(session, events):
    """The reveal's build-up: "<who> cuts a wire of <whom> #k", from ("cut", by, owner, slot,
    kind)."""
    ev = events[0]
    return [
        session.name(ev[1]) + " " + S("w.cuts_of"),
        session.name(ev[2]) + " #" + str(ev[3] + 1),
    ]


def result_word(session, events):
    """The big word of a cut: SAFE!, DEFUSING, BOMB! (the cut's public kind, as the result's
    first line says it)."""
    for ev in events:
        if ev[0] == "cut":
            return kind_name(ev[4]).upper() + "!"
    return None


def result_sound(events):
    # One sound per kind of wire, after the same build-up.
    kind = events[0][4]
    if kind == "bomb":
        return "boom"
    return "confirm" if kind == "defuse" else "chirp"


def found_line(view):
    return S("w.found") + str(view["found"]) + "/" + str(view["defuse"])


def log_line(session, ev):
    """The game log's line for a cut or a new round; None for any other event."""
    if ev[0] == "cut":
        return (
            "R"
            + str(_round_of(ev, session))
            + " "
            + session.name(ev[1])
            + ">"
            + session.name(ev[2])
            + "#"
            + str(ev[3] + 1)
            + " "
            + kind_name(ev[4])
        )
    if ev[0] == "round":
        return "-- " + S("w.newround") + str(ev[1])
    return None


def _round_of(ev, session):
    # Events do not carry the round; the log entry after a ("round", r) event starts round r.
    r = 1
    for e in session.log:
        if e is ev:
            break
        if e[0] == "round":
            r = e[1]
    return r


class CutScreen(Screen):
    """The cutter's turn: choose a seat, then one of its face-down wires, then confirm.

    The seats offered are those the core's legal cuts name, in seat order."""

    SEAT = 0
    SLOT = 1
    SURE = 2

    def __init__(self, app, session, skin):
        super().__init__(app)
        self.session = session
        self.skin = skin
        view = session.game.view(None)
        self.view = view
        self.cutter = view["cutter"]
        lay = app.lay
        self.title = text.fit(
            session.name(self.cutter) + S("w.turn"), widgets.title_cols(lay, app.batt)
        )
        # Big screens show the table above the seat list; small ones keep it for the rules page.
        self.status = skin.status_lines(session, view)[:2] if lay.body_rows >= 6 else []
        self.status = [text.fit(line, lay.cols) for line in self.status]
        self.owners = [a[1] for a in session.game.actions() if a[2] == 0]
        self.labels = [
            text.fit(session.name(s) + " " + str(view["wires"][s]), lay.cols - 1)
            for s in self.owners
        ]
        self.rows = lay.body_rows - len(self.status)
        self.cursor = 0
        self.top = 0
        self.phase = CutScreen.SEAT
        self.slot = 0

    def owner(self):
        return self.owners[self.cursor]

    def _move(self, step):
        n = len(self.owners)
        self.cursor = (self.cursor + step) % n
        self.top = widgets.follow(self.cursor, self.top, self.rows)

    def event(self, ev, now):
        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        k = B.kind_of(ev)
        step = -1 if b in (B.UP, B.LEFT) else (1 if b in (B.DOWN, B.RIGHT) else 0)
        d = B.digit_of(b) if k == B.PRESS else 0
        if d:
            # A digit key (the MacroPad's keypad) picks row n of the seats, or wire n, then OK;
            # past the end it is ignored (the number of rows is public: the view shows it).
            if self.phase == CutScreen.SEAT and d <= len(self.owners):
                self.cursor = d - 1
                self.top = widgets.follow(self.cursor, self.top, self.rows)
            elif self.phase == CutScreen.SLOT and d <= self.view["wires"][self.owner()]:
                self.slot = d - 1
            else:
                return NONE
            b = B.OK
        if self.phase == CutScreen.SEAT:
            if step:
                self._move(step)
            elif k == B.PRESS and b == B.OK:
                self.phase = CutScreen.SLOT
                self.slot = 0
            elif k == B.PRESS and b == B.BACK:
                return (PUSH, PauseMenu(self.app, self.session, self.skin))
            else:
                return NONE
        elif self.phase == CutScreen.SLOT:
            n = self.view["wires"][self.owner()]
            if step:
                self.slot = (self.slot + step) % n
            elif k == B.PRESS and b == B.OK:
                self.phase = CutScreen.SURE
            elif k == B.PRESS and b == B.BACK:
                self.phase = CutScreen.SEAT
            else:
                return NONE
        else:
            if k == B.PRESS and b == B.OK:
                events = self.session.act(("cut", self.owner(), self.slot))
                return (REPLACE, RevealScreen(self.app, self.session, self.skin, events, now))
            if k == B.PRESS and b == B.BACK:
                self.phase = CutScreen.SLOT
            else:
                return NONE
        self.dirty = True
        return NONE

    def digit_keys(self):
        """The seats, then the chosen seat's wires (counts the public view shows), as digits."""
        if self.phase == CutScreen.SEAT:
            n = len(self.owners)
        elif self.phase == CutScreen.SLOT:
            n = self.view["wires"][self.owner()]
        else:
            return 0
        return (1 << min(n, B.DIGITS)) - 1

    def draw(self, fb, now):
        app = self.app
        lay = app.lay
        txt = app.txt
        fb.fill(0)
        app.draw_bar(fb, self.title)
        if self.phase == CutScreen.SEAT:
            widgets.status_and_rows(fb, lay, txt, self.status, self.labels, self.top, self.cursor)
            return
        owner = self.owner()
        n = self.view["wires"][owner]
        txt.draw(fb, text.fit(self.session.name(owner), lay.cols), 0, lay.row_y(0), 1)
        draw_wires(fb, lay, n, self.slot, lay.row_y(1))
        if self.phase == CutScreen.SURE:
            q = S("w.sure") + str(self.slot + 1) + "?"
            txt.draw(fb, text.fit(q, lay.cols), 0, lay.h - lay.lh, 1)


def draw_wires(fb, lay, n, cursor, y):
    """n face-down wires as upright cards; the chosen one filled, all numbered."""
    gap = 2 * lay.scale
    w = min((lay.w - gap) // max(n, 1) - gap, 14 * lay.scale)
    h = min(lay.h - y - lay.lh - 2, 3 * w // 2 + 4)
    x0 = (lay.w - (n * (w + gap) - gap)) // 2
    for i in range(n):
        x = x0 + i * (w + gap)
        if i == cursor:
            fb.fill_rect(x, y, w, h, 1)
        else:
            fb.rect(x, y, w, h, 1)
        # The number inside each card, so the choice never rests on the fill alone.
        digit = str(i + 1)
        cx = x + (w - lay.cw) // 2
        fb.text(digit, cx, y + (h - lay.ch) // 2, 0 if i == cursor else 1)
