"""Undercover's public turn screens: the round's Location card, handing on the pliers, cutting.

The cutting turn is the wire table's CutScreen (firmware/play/wires.py), on the wires the core
allows now (a Location may forbid cutting straight back). Every screen here is drawn from
view(None) and the core's legal actions, which at these steps depend only on what the table can
see. The skin is looked up by id (firmware.games.package), so this module needs none of skin.py's.
"""

from firmware import buttons as B
from firmware.games import package
from firmware.games.undercover import table
from firmware.play.passing import PassScreen
from firmware.play.pause import PauseMenu
from firmware.play.wires import CutScreen
from firmware.ui import text, widgets
from firmware.ui.dialog import Notice
from firmware.ui.stack import BACK, NONE, PUSH, REPLACE, Screen

S = table.S


def turn_screen(app, session):
    """What the table does now: read the Location first when a round (or the game) begins."""
    view = session.game.view(None)
    if needs_intro(view):
        return RoundScreen(app, session, view)
    return next_screen(app, session, view)


def needs_intro(view):
    # Decided from the public table alone, so a reset shows the card again at the same point.
    if view["step"] == "cover":
        return True  # only asked at the first cover: round 1's card comes before the covers
    if view["cuts"]:
        return False
    # Round 1 with a cover step has already read its card, before the covers.
    return view["round"] > 1 or view["doom"] is not None


def next_screen(app, session, view):
    skin = package(session.rs["game"], "skin")
    step = view["step"]
    if step == "cover":
        choices, on_choice = table.cover_choice(session)
        return PassScreen(app, session, skin, view["turn"], choices, on_choice)
    if step == "pass":
        acts = session.game.actions()
        name = session.name(view["cutter"])
        labels = [session.name(a[1]) + " " + str(view["wires"][a[1]]) for a in acts]
        return PickScreen(app, session, name + S("give"), S("giveq"), labels, acts)
    return CutScreen(app, session, skin)


def _pause(app, session):
    return (PUSH, PauseMenu(app, session, package(session.rs["game"], "skin")))


class RoundScreen(Notice):
    """The round's Location card (or the reminder to turn up a printed one), and the Doom token.

    A Notice (UP/DOWN scroll) whose OK goes on to the turn and whose BACK pauses."""

    def __init__(self, app, session, view):
        self.session = session
        title = S("w.round") + str(view["round"]) + "/" + str(view["rounds"])
        body = table.location_lines(session, view)
        if view["doom"] is not None:
            body.append(S("doom") + table.doom_rule(view["doom"]))
        body.append(S("continue"))
        super().__init__(app, title, "\n".join(body))

    def event(self, ev, now):
        if B.kind_of(ev) == B.PRESS:
            b = B.button_of(ev)
            s = self.session
            if b == B.OK:
                return (REPLACE, next_screen(self.app, s, s.game.view(None)))
            if b == B.BACK:
                return _pause(self.app, s)
        return super().event(ev, now)


class PickScreen(Screen):
    """A public choice among the core's actions: pick with UP/DOWN, OK, then OK again to confirm
    (BACK changes it). Used for handing on the pliers: a public choice with nothing to reveal."""

    def __init__(self, app, session, title, prompt, labels, acts):
        super().__init__(app)
        self.session = session
        lay = app.lay
        self.title = text.fit(title, widgets.title_cols(lay, app.batt))
        # The prompt only where it leaves room for a few rows of choices.
        self.prompt = text.wrap(prompt, lay.cols) if lay.body_rows >= 6 else []
        self.labels = [text.fit(x, lay.cols) for x in labels]
        self.acts = acts
        self.rows = lay.body_rows - len(self.prompt)
        self.cursor = 0
        self.top = 0
        self.sure = None  # the confirm question once a choice is picked

    def event(self, ev, now):
        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        k = B.kind_of(ev)
        step = -1 if b in (B.UP, B.LEFT) else (1 if b in (B.DOWN, B.RIGHT) else 0)
        d = B.digit_of(b) if k == B.PRESS and self.sure is None else 0
        if d:  # a digit key: row d, then OK
            if not widgets.digit_row(self, d):
                return NONE
            b = B.OK
        if self.sure is None:
            if step:
                n = len(self.labels)
                self.cursor = (self.cursor + step) % n
                self.top = widgets.follow(self.cursor, self.top, self.rows)
            elif k == B.PRESS and b == B.OK:
                q = S("sure") + self.labels[self.cursor] + "?"
                self.sure = text.wrap(q, self.app.lay.cols)
            elif k == B.PRESS and b == B.BACK:
                return _pause(self.app, self.session)
            else:
                return NONE
        elif k == B.PRESS and b == B.OK:
            self.session.act(self.acts[self.cursor])
            self.app.play("confirm")
            return BACK  # the hub decides what comes next
        elif k == B.PRESS and b == B.BACK:
            self.sure = None
        else:
            return NONE
        self.dirty = True
        return NONE

    def digit_keys(self):
        """One digit key a row of this public list, until the choice is to be confirmed."""
        return (1 << min(len(self.labels), B.DIGITS)) - 1 if self.sure is None else 0

    def draw(self, fb, now):
        app = self.app
        lay = app.lay
        txt = app.txt
        fb.fill(0)
        app.draw_bar(fb, self.title)
        if self.sure is not None:
            widgets.row(fb, lay, txt, 0, self.labels[self.cursor], True)
            widgets.lines(fb, lay, txt, self.sure, 0, 1)
            return
        widgets.lines(fb, lay, txt, self.prompt, 0)
        r = len(self.prompt)
        i = self.top
        while r < lay.body_rows and i < len(self.labels):
            widgets.row(fb, lay, txt, r, self.labels[i], i == self.cursor)
            r += 1
            i += 1
