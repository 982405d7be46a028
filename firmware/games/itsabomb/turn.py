"""It's a Bomb!'s public turn: the grid or the Countdown card, what the team does, pick, confirm.

UP/DOWN choose, OK goes one step further, BACK one step back (at the first step: the pause
menu). A digit key n (the MacroPad's keypad) chooses as UP/DOWN then OK would: the n-th thing
to do, row n (A is 1) or column n, the tile in column n. Crisis mode: choose "ask a row", "ask
a column", "cut a tile", a Consultant or the answers so far; then the line (or the tile's row,
then the tile), then confirm. Countdown-only mode: the table reports what the human Crisis Unit
did (a question, or a cut that found a new colour, nothing or an explosive). With the
real-time option the round clock runs and beeps while this screen is up, and pauses whenever
the table leaves it.
"""

from core import const
from firmware import buttons as B
from firmware.games.itsabomb import draw
from firmware.games.itsabomb.choices import ANSWERS, Choices, answers_text
from firmware.games.itsabomb.clock import RoundClock
from firmware.ui import icons, text, widgets
from firmware.ui.stack import BACK, NONE, PUSH, REPLACE, Screen

_WHAT = const(0)  # what the team does
_LINE = const(1)  # which row or column to ask
_ROW = const(2)  # the row of the tile to cut (scan, leave empty)
_CELL = const(3)  # the tile in that row
_SURE = const(4)  # OK does it, BACK changes it
# Where draw.ICONS keeps the panel's icons and the title's arrows.
_CLOCK = const(0)
_CUT = const(8)
_TURN = const(16)
_ARROWS = const(24)


class TurnScreen(Screen):
    def __init__(self, app, session, skin):
        super().__init__(app)
        self.session = session
        self.skin = skin  # the game's skin module: its words, news and reveal lines
        view = session.game.view(None)
        self.view = view
        lay = app.lay
        self.crisis = view["mode"] == "crisis"
        self.live = self.rt = session.rs["realtime"] is not None
        ch = self.ch = Choices(session, view, session.game.actions(), skin)
        self.asks = ch.asks
        self.verb = ch.verb
        self.options = ch.options
        self.state = _WHAT
        self.o = self.li = self.ri = self.ci = 0
        self.kind = "row"
        self.action = None
        self.clock = RoundClock(skin) if self.rt else None
        if self.crisis:
            self.pic = draw.cells(view, skin.code)
            self.box = draw.GridBox(lay, view["rows"], view["cols"])
            self.rows = ch.rows
            if self.verb != "cut":  # a Consultant's pick: straight to the tiles
                self._row(0)
                self.state = _ROW
        self.top = 0
        self._refresh()

    # -- what the screen says ----------------------------------------------------------------
    def _cell(self):
        return self.rcols[self.ci]

    def _row(self, i):
        # The row of the tile to pick, and the columns of its face-down tiles (made on a press).
        self.ri = i % len(self.rows)
        self.rcols = self.ch.cols_in(self.rows[self.ri])
        self.ci = 0

    def _focus(self):
        """What the grid points at now: a line to ask (_LINE), a row (_ROW), a tile (_CELL)."""
        st = self.state
        a = self.action[0] if st == _SURE else None
        if not self.crisis or st == _WHAT:
            return _WHAT
        if st == _LINE or a == "ask":
            return _LINE
        if st == _ROW:
            return _ROW
        return _CELL if st == _CELL or a == self.verb else _WHAT

    def _label(self):
        f = self._focus()
        sk = self.skin
        # Short enough for 8 columns: rows are letters and columns numbers, so "Ask B" is a
        # row, "Ask 3" a column, and "Cut B_" the row of the tile about to be picked.
        if f == _LINE:
            return sk.S("ask") + sk.line_name(self.kind, self.pick())
        if f == _ROW:
            return sk.S(self.verb) + chr(65 + self.rows[self.ri]) + "_"
        if f == _CELL:
            return sk.S(self.verb) + sk.cell_name(self.rows[self.ri], self._cell())
        if self.state == _WHAT and not self.crisis:
            v = self.view
            return sk.S("round") + str(v["round"]) + " " + self.session.name(v["speaker"])
        return self.options[self.o][0]

    def pick(self):
        return self.asks[self.kind][self.li]

    def _refresh(self):
        lay = self.app.lay
        title = self._label() + ("?" if self.state == _SURE else "")
        self.title = text.fit(title, widgets.title_cols(lay, self.app.batt) - 1)
        v = self.view
        sk = self.skin
        if not self.crisis:
            self.list_rows = lay.body_rows - self._card_rows()
            self.top = widgets.follow(self.o, self.top, self.list_rows)
            self.labels = [text.fit(o[0], lay.cols) for o in self.options]
            self.dirty = True
            return
        cols = self.box.panel_cols
        # Every number has its icon: time left, colours cut, whose turn (marks[i] for panel[i]).
        panel = [sk.mmss(v["time"])]
        marks = [_CLOCK]
        if self.rt:
            panel.append("")  # the round clock's row
            marks.append(-1)
        f = self._focus()
        self.hl_row = self.hl_col = -1
        if f == _LINE:
            name = sk.line_name(self.kind, self.pick())
            panel.extend(text.wrap(name + ":" + self._answer(self.kind, self.pick()), cols))
            if self.kind == "row":
                self.hl_row = self.pick()
            else:
                self.hl_col = self.pick()
        elif f == _ROW:
            self.hl_row = self.rows[self.ri]
            panel.append(chr(65 + self.hl_row) + ":" + self._answer("row", self.hl_row))
        elif f == _CELL:
            r = self.hl_row = self.rows[self.ri]
            c = self.hl_col = self._cell()
            panel.append(chr(65 + r) + ":" + self._answer("row", r))
            panel.append(str(c + 1) + ":" + self._answer("col", c))
        while len(marks) < len(panel):
            marks.append(-1)
        panel.append(sk.found(v))
        marks.append(_CUT)
        panel.append(self.session.name(v["speaker"]))
        marks.append(_TURN)
        for key in ("hold", "no_ask", "shield", "ordered"):
            if v[key]:
                panel.append(sk.S("f." + key))
                marks.append(-1)
        # What OK and BACK do, in the rows left free (UP/DOWN: the arrows by the title).
        free = lay.body_rows - len(panel)
        if free > 0:
            panel.append(sk.S("h.ok"))
            marks.append(-1)
        if free > 1:
            panel.append(sk.S("h.bk"))
            marks.append(-1)
        self.panel = [
            text.fit(panel[i], cols - (1 if marks[i] >= 0 else 0)) for i in range(len(panel))
        ]
        self.marks = marks
        self.dirty = True

    def _answer(self, kind, i):
        a = self.view["answers"][kind][i]
        return "?" if a is None else ("".join(self.skin.code(t) for t in a) or "-")

    def _card_rows(self):
        return 2 if self.app.lay.body_rows < 6 else 3

    # -- buttons ------------------------------------------------------------------------------
    def event(self, ev, now):
        b = B.press_or_repeat(ev)
        if b < 0:
            return NONE
        k = B.kind_of(ev)
        step = -1 if b in (B.UP, B.LEFT) else (1 if b in (B.DOWN, B.RIGHT) else 0)
        st = self.state
        if step:
            if st == _WHAT:
                self.o = (self.o + step) % len(self.options)
            elif st == _LINE:
                self.li = (self.li + step) % len(self.asks[self.kind])
            elif st == _ROW:
                self._row(self.ri + step)
            elif st == _CELL:
                self.ci = (self.ci + step) % len(self.rcols)
            else:
                return NONE
        elif k != B.PRESS:
            return NONE
        elif b == B.OK:
            return self._ok(now)
        elif B.digit_of(b):
            i = self._digit_index(B.digit_of(b) - 1)
            if i < 0:
                return NONE  # nothing numbered n here: ignored
            if st == _WHAT:
                self.o = i
            elif st == _LINE:
                self.li = i
            elif st == _ROW:
                self._row(i)
            else:
                self.ci = i
            return self._ok(now)
        elif b == B.BACK:
            if st == _WHAT or (st == _ROW and self.verb != "cut"):
                return self._away(PUSH, self._pause())
            if st == _SURE:
                f = self._focus()
                self.state = f if f == _LINE or f == _CELL else _WHAT
            elif st == _CELL:
                self.state = _ROW
            else:
                self.state = _WHAT
        else:
            return NONE
        self._refresh()
        return NONE

    def _digits(self):
        """What digit n stands for at this step, in the order UP/DOWN go: the options, or the
        line, row or column numbers on offer (0-based); None where digits do nothing."""
        st = self.state
        if st == _WHAT:
            return None
        if st == _LINE:
            return self.asks[self.kind]
        if st == _ROW:
            return self.rows
        if st == _CELL:
            return self.rcols
        return None

    def _digit_index(self, n):
        """The position UP/DOWN would reach for the thing numbered n (0-based), or -1."""
        nums = self._digits()
        if nums is None:
            return n if self.state == _WHAT and n < len(self.options) else -1
        for i in range(len(nums)):
            if nums[i] == n:
                return i
        return -1

    def digit_keys(self):
        """The digits that choose something at this step (the public turn: all of it shown)."""
        nums = self._digits()
        if nums is None:
            if self.state != _WHAT:
                return 0
            return (1 << min(len(self.options), B.DIGITS)) - 1
        mask = 0
        for n in nums:
            if n < B.DIGITS:
                mask |= 1 << n
        return mask

    def _ok(self, now):
        st = self.state
        if st == _SURE:
            return self._do(now)
        if st == _WHAT:
            what = self.options[self.o][1]
            if what == ANSWERS:
                from firmware.ui.dialog import Notice

                body = answers_text(self.view, self.skin)
                return self._away(PUSH, Notice(self.app, self.skin.S("o.answers"), body))
            if what == "row" or what == "col":
                self.kind = what
                self.li = 0
                self.state = _LINE
            elif what == "cut":
                self._row(0)
                self.state = _ROW
            else:
                self.action = what
                self.state = _SURE
        elif st == _LINE:
            self.action = ("ask", self.kind, self.pick())
            self.state = _SURE
        elif st == _ROW:
            self.ci = 0
            self.state = _CELL
        else:
            self.action = (self.verb, self.rows[self.ri], self._cell())
            self.state = _SURE
        self._refresh()
        return NONE

    def _do(self, now):
        from firmware.play.reveal import RevealScreen

        s = self.session
        events = s.act(self.action)
        self.skin.tell(s, events)
        if self.action[0] == "ask" or self.action[0] == "cut":
            return self._away(REPLACE, RevealScreen(self.app, s, self.skin, events, now))
        self.app.play("click")
        return self._away(BACK, None)

    def _away(self, how, screen):
        # Leaving this screen (for good or for a while) stops the round clock: reading a menu
        # or a Consultant's card costs the team no time.
        if self.rt:
            self.session.game.pause()
        return how if screen is None else (how, screen)

    def _pause(self):
        from firmware.play.pause import PauseMenu  # lazy: off the heap until BACK

        return PauseMenu(self.app, self.session, self.skin)

    # -- the round clock (real-time option) --------------------------------------------------
    def tick(self, now):
        if not self.rt:
            return NONE
        ran_out = self.clock.poll(self.app, self.session, now)
        if ran_out:
            return self._away(BACK, None)  # the hub shows the news, then a new round
        if ran_out is not None:
            self.dirty = True
        return NONE

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, fb, now):
        app = self.app
        lay = app.lay
        txt = app.txt
        fb.fill(0)
        app.draw_bar(fb, self.title)
        if not self.crisis:
            self._draw_desk(fb, lay, txt)
            return
        box = self.box
        draw.grid(fb, lay, txt, box, self.pic, self.hl_row, self.hl_col, self.state == _SURE)
        for i in range(min(len(self.panel), lay.body_rows)):
            x = box.panel
            if self.marks[i] >= 0:
                icons.draw(fb, draw.ICONS, x, lay.row_y(i), 1, lay.scale, self.marks[i])
                x += lay.mark
            txt.draw(fb, self.panel[i], x, lay.row_y(i), 1)
        if self.state != _SURE:
            # UP/DOWN change what the title says: the arrows right after it.
            x = len(self.title) * lay.cw
            icons.draw(fb, draw.ICONS, x, 0, 1, lay.scale, _ARROWS)
        if self.rt:
            self.clock.draw(fb, txt, box.panel, lay.row_y(1))

    def _draw_desk(self, fb, lay, txt):
        n = self._card_rows()
        right = 4 * lay.cw if self.rt else 0
        draw.card(fb, lay, lay.row_y(0), lay.row_y(n) - 2, self.view["time"], right)
        if self.rt:
            self.clock.draw(fb, txt, lay.w - right, lay.row_y(0))
        r = n
        i = self.top
        while r < lay.body_rows and i < len(self.labels):
            widgets.row(fb, lay, txt, r, self.labels[i], i == self.o)
            r += 1
            i += 1
