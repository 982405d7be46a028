"""Time Bomb on the device: private roles and wire counts, the cutting turn, reveals, the end.

A skin module: the hub, the pass-around, the reveal and the end screen call these functions,
which turn core views and events into text. Public text comes only from view(None) and events;
private text only from view(seat).
"""

from firmware import buttons as B
from firmware import strings
from firmware.games import package
from firmware.play.reveal import RevealScreen
from firmware.play.skin import private_choice  # noqa: F401  the default: no private choice
from firmware.ui import text, widgets
from firmware.ui.stack import NONE, PUSH, REPLACE, Screen

SIDES = {"sherlock": "timebomb.sherlock", "moriarty": "timebomb.moriarty"}
KIND_KEYS = {"safe": "timebomb.safe", "defuse": "timebomb.defuse", "bomb": "timebomb.bomb"}


def S(key):
    return strings.get(key)


def role_name(role):
    return S(SIDES.get(role, role))


def side_name(winner):
    return role_name(winner) + " " + S("p.win")


def happy(winner):
    return winner == "sherlock"


def private_lines(session, view, seat):
    hand = view["hand"]
    return [
        S("timebomb.you") + role_name(view["role"]),
        S("timebomb.wires"),
        " " + str(hand["safe"]) + " " + S("timebomb.safe"),
        " " + str(hand["defuse"]) + " " + S("timebomb.defuse"),
        " " + str(hand["bomb"]) + " " + S("timebomb.bomb"),
    ]


def status_lines(session, view):
    """The public table in a few short lines."""
    return [
        S("timebomb.rnd")
        + str(view["round"])
        + "/"
        + str(view["rounds"])
        + " "
        + S("timebomb.cuts")
        + str(view["cuts"])
        + "/"
        + str(view["seats"]),
        S("timebomb.found") + str(view["found"]) + "/" + str(view["defuse"]),
        S("timebomb.cutters") + session.name(view["cutter"]),
    ]


def turn_screen(app, session):
    return CutScreen(app, session)


def action_lines(session, events):
    ev = events[0]
    return [
        session.name(ev[1]) + " " + S("timebomb.cuts_of"),
        session.name(ev[2]) + " #" + str(ev[3] + 1),
    ]


def result_lines(session, events):
    lines = []
    for ev in events:
        if ev[0] == "cut":
            lines.append(S(KIND_KEYS[ev[4]]).upper() + "!")
        elif ev[0] == "round":
            lines.append(S("timebomb.newround") + str(ev[1]))
        elif ev[0] == "win":
            lines.append(side_name(ev[1]))
    view = session.game.view(None)
    if view["outcome"] is None and events[-1][0] == "cut":
        lines.append(S("timebomb.found") + str(view["found"]) + "/" + str(view["defuse"]))
    return lines


def result_sound(events):
    kind = events[0][4]
    if kind == "bomb":
        return "boom"
    return "confirm" if kind == "defuse" else "chirp"


def log_line(session, ev):
    if ev[0] == "cut":
        return (
            "R"
            + str(session_round(ev, session))
            + " "
            + session.name(ev[1])
            + ">"
            + session.name(ev[2])
            + "#"
            + str(ev[3] + 1)
            + " "
            + S(KIND_KEYS[ev[4]])
        )
    if ev[0] == "round":
        return "-- " + S("timebomb.newround") + str(ev[1])
    if ev[0] == "win":
        return side_name(ev[1]) + ": " + ev[2]
    return None


def session_round(ev, session):
    # Events do not carry the round; the log entry after a ("round", r) event starts round r.
    r = 1
    for e in session.log:
        if e is ev:
            break
        if e[0] == "round":
            r = e[1]
    return r


def rules_lines(session, view):
    n = view["seats"]
    return [
        S("timebomb.r.now") + session.name(view["cutter"]) + S("timebomb.r.cut"),
        S("timebomb.r.left") + str(n - view["cuts"]),
        S("timebomb.r.found") + str(view["found"]) + "/" + str(view["defuse"]),
        S("timebomb.r.sherlock"),
        S("timebomb.r.moriarty"),
        S("timebomb.r.round") + str(view["round"]) + "/" + str(view["rounds"]),
    ]


def end_lines(session, view):
    lines = []
    for seat, role in enumerate(view.get("roles") or []):
        lines.append(session.name(seat) + ": " + role_name(role))
    if view.get("undealt"):
        lines.append(S("timebomb.undealt") + role_name(view["undealt"]))
    return lines


class CutScreen(Screen):
    """The cutter's turn: choose a seat, then one of its face-down wires, then confirm."""

    SEAT = 0
    SLOT = 1
    SURE = 2

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        view = session.game.view(None)
        self.view = view
        self.cutter = view["cutter"]
        lay = app.lay
        self.title = text.fit(
            session.name(self.cutter) + S("timebomb.turn"), widgets.title_cols(lay, app.batt)
        )
        # Big screens show the table above the seat list; small ones keep it for the rules page.
        self.status = status_lines(session, view)[:2] if lay.body_rows >= 6 else []
        self.status = [text.fit(line, lay.cols) for line in self.status]
        self.owners = [s for s in range(view["seats"]) if s != self.cutter and view["wires"][s]]
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
        if self.phase == CutScreen.SEAT:
            if step:
                self._move(step)
            elif k == B.PRESS and b == B.OK:
                self.phase = CutScreen.SLOT
                self.slot = 0
            elif k == B.PRESS and b == B.BACK:
                from firmware.play.pause import PauseMenu  # lazy: off the heap until BACK

                skin = package(self.session.rs["game"], "skin")
                return (PUSH, PauseMenu(self.app, self.session, skin))
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
                skin = package(self.session.rs["game"], "skin")
                return (REPLACE, RevealScreen(self.app, self.session, skin, events, now))
            if k == B.PRESS and b == B.BACK:
                self.phase = CutScreen.SLOT
            else:
                return NONE
        self.dirty = True
        return NONE

    def draw(self, fb, now):
        app = self.app
        lay = app.lay
        txt = app.txt
        fb.fill(0)
        app.draw_bar(fb, self.title)
        if self.phase == CutScreen.SEAT:
            r = 0
            for line in self.status:
                txt.draw(fb, line, 0, lay.row_y(r), 1)
                r += 1
            i = self.top
            while r < lay.body_rows and i < len(self.labels):
                widgets.row(fb, lay, txt, r, self.labels[i], i == self.cursor)
                r += 1
                i += 1
            return
        owner = self.owner()
        n = self.view["wires"][owner]
        txt.draw(fb, text.fit(self.session.name(owner), lay.cols), 0, lay.row_y(0), 1)
        draw_wires(fb, lay, n, self.slot, lay.row_y(1))
        if self.phase == CutScreen.SURE:
            q = S("timebomb.sure") + str(self.slot + 1) + "?"
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
        cx = x + (w - 8) // 2
        fb.text(digit, cx, y + (h - 8) // 2, 0 if i == cursor else 1)
