"""TimeBomb II's public placement: the player picks a face-down building, confirms, and plays.

The troop card was chosen in the player's private screen (the skin's private_choice); this public
screen shows only what the table sees: whose turn it is, the face-down buildings by name with
their troop counts, and a face-down card going to the chosen one. Until OK on the confirmation
the player may pick another building, or another card (which needs a new private look).
"""

from core import const
from firmware import buttons as B
from firmware import strings
from firmware.games.timebomb2.check import CheckReveal
from firmware.ui import text, widgets
from firmware.ui.stack import BACK, NONE, PUSH, REPLACE, Screen

S = strings.of("timebomb2")

_LIST = const(0)
_SURE = const(1)


class PlaceScreen(Screen):
    """UP/DOWN: a building (or 'other card'), OK; then OK places the card there, BACK: back."""

    def __init__(self, app, session, skin):
        super().__init__(app)
        self.session = session
        self.skin = skin  # the game's skin module: its words, and the storm check's lines
        view = session.game.view(None)
        self.troops = view["troops"]  # for the picture; the rest of the view is not kept
        lay = app.lay
        seat = view["turn"]
        self.title = text.fit(session.name(seat) + S("turn"), widgets.title_cols(lay, app.batt))
        # Big screens show the hideouts found above the list; small ones leave it to the rules.
        self.status = (
            [skin.found_line(view["found"], view["hideouts"])] if lay.body_rows >= 6 else []
        )
        self.status = [text.fit(line, lay.cols) for line in self.status]
        n = view["seats"]
        storm = session.rs["storm"]
        self.group = storm
        self.places = [p for p in range(n + 1) if view["buildings"][p] is None]
        self.labels = []
        # One column stays free for the scrollbar; a narrow screen drops the "/4" so that the
        # names keep their letters (the group size is on the rules page and the picture).
        cols = lay.cols - 1
        for p in self.places:
            count = " " + str(view["troops"][p])
            if cols >= 12:
                count += "/" + str(storm)
            self.labels.append(text.fit(skin.where(session, p), cols - len(count)) + count)
        self.labels.append(text.fit(S("recard"), cols))
        self.rows = lay.body_rows - len(self.status)
        self.cursor = 0
        self.top = 0
        self.phase = _LIST
        self.name = ""
        self.hint = text.fit(S("sure"), lay.cols)

    def _move(self, step):
        self.cursor = (self.cursor + step) % len(self.labels)
        self.top = widgets.follow(self.cursor, self.top, self.rows)

    def event(self, ev, now):
        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        k = B.kind_of(ev)
        step = -1 if b in (B.UP, B.LEFT) else (1 if b in (B.DOWN, B.RIGHT) else 0)
        d = B.digit_of(b) if k == B.PRESS and self.phase == _LIST else 0
        if d:  # a digit key: row d, then OK
            if not widgets.digit_row(self, d):
                return NONE
            b = B.OK
        if self.phase == _LIST:
            if step:
                self._move(step)
            elif k == B.PRESS and b == B.OK:
                if self.cursor == len(self.places):
                    self.session.card = None  # choose again, privately: the hub asks for it
                    return BACK
                self.phase = _SURE
                at = self.skin.where(self.session, self.places[self.cursor])
                self.name = text.fit(S("at") + at, self.app.lay.cols)
            elif k == B.PRESS and b == B.BACK:
                from firmware.play.pause import PauseMenu  # lazy: off the heap until BACK

                return (
                    PUSH,
                    PauseMenu(self.app, self.session, self.skin),
                )
            else:
                return NONE
        elif k == B.PRESS and b == B.OK:
            return self._place(now)
        elif k == B.PRESS and b == B.BACK:
            self.phase = _LIST
        else:
            return NONE
        self.dirty = True
        return NONE

    def digit_keys(self):
        """One digit key a row of the public list (the buildings, then "other card")."""
        return (1 << min(len(self.labels), B.DIGITS)) - 1 if self.phase == _LIST else 0

    def _place(self, now):
        s = self.session
        kind = s.card[1]
        s.card = None
        events = s.act(("place", kind, self.places[self.cursor]))
        kind = None
        for ev in events:
            if ev[0] == "check":
                return (REPLACE, CheckReveal(self.app, s, self.skin, events, now))
        self.app.play("click")
        return BACK

    def draw(self, fb, now):
        app = self.app
        lay = app.lay
        txt = app.txt
        fb.fill(0)
        app.draw_bar(fb, self.title)
        if self.phase == _LIST:
            widgets.status_and_rows(fb, lay, txt, self.status, self.labels, self.top, self.cursor)
            widgets.scrollbar(fb, lay, self.top, len(self.labels), self.rows)
            return
        p = self.places[self.cursor]
        txt.draw(fb, self.name, 0, lay.row_y(0), 1)
        y = lay.row_y(1)
        draw_building(fb, lay, txt, y, lay.h - lay.lh - 2 - y, self.troops[p], self.group)
        txt.draw(fb, self.hint, 0, lay.h - lay.lh, 1)


def draw_building(fb, lay, txt, y, h, count, group):
    """A house (roof, walls, door) and, beside it, the troop cards of its group: those already
    there filled, the one about to be placed outlined with a '?', the free places as dots.
    Shapes and a mark tell them apart, never colour; lines are as thick as the font's pixels."""
    s = lay.scale
    if h < lay.ch:
        return
    hw = h * 5 // 4  # house width
    x = 2
    roof = h // 3
    for i in range(s):
        fb.line(x, y + roof + i, x + hw // 2, y + i, 1)
        fb.line(x + hw // 2, y + i, x + hw - 1, y + roof + i, 1)
        fb.rect(x + i, y + roof + i, hw - 2 * i, h - roof - 2 * i, 1)
    dw = max(3, hw // 4)
    fb.fill_rect(x + (hw - dw) // 2, y + h - dw * 3 // 2, dw, dw * 3 // 2, 1)  # the door
    cx = x + hw + 3 * s
    gap = 2 * s
    cw = min((lay.w - cx - 2 - gap * (group - 1)) // max(group, 1), h * 2 // 3)
    if cw < 3:
        return
    ch = min(h, cw * 3 // 2)
    cy = y + h - ch
    for i in range(group):
        cxi = cx + i * (cw + gap)
        if i < count:
            fb.fill_rect(cxi, cy, cw, ch, 1)
        elif i == count:
            for j in range(s):
                fb.rect(cxi + j, cy + j, cw - 2 * j, ch - 2 * j, 1)
            if cw >= lay.cw + 2 and ch >= lay.ch + 2:
                txt.draw(fb, "?", cxi + (cw - lay.cw) // 2, cy + (ch - lay.ch) // 2, 1)
        else:
            fb.fill_rect(cxi + cw // 2 - s, cy + ch // 2 - s, 2 * s, 2 * s, 1)
