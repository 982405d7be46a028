"""Drawing of the bomb-timer screen: big MM:SS, progress bars, code entry, strikes, the boom."""

from core import timer
from firmware import strings
from firmware.ui import digits, icons, text, widgets


def _hint(long, short, cols):
    """The hint if it fits, else the short form (the screen shows what the hold will do)."""
    return long if len(long) <= cols else short


class View:
    """Geometry and fitted texts made once; draw() reads the screen's state and allocates
    nothing (texts are prepared here, numbers go through a preallocated bytearray)."""

    def __init__(self, app, scr):
        self.app = app
        self.scr = scr
        lay = app.lay
        self.lay = lay
        cols = lay.cols
        self.hint_y = lay.h - lay.lh
        pre = scr.prop.preset
        # Without a button for each symbol, a code is picked with UP/DOWN and entered with OK:
        # a line above the code says so, and the digits make room for it.
        self.picker = not scr.direct and (pre["defuse"] == "code" or pre["pause"] == "code")
        self.pick_y = self.hint_y - lay.lh
        bottom = self.pick_y if self.picker else self.hint_y
        self.box = lay.digits_box(lay.body + 1, bottom - 2 * lay.scale)
        x, y, dw, dh, gap = self.box
        # Where the minutes and seconds pairs sit, for the SET field underline.
        self.min_x = x
        self.sec_x = x + 2 * dw + 2 * gap + dw // 2 + gap
        self.pair_w = 2 * dw + gap
        self.under_y = y + dh + lay.scale
        s = strings.of("timer")
        fit = text.fit
        short = fit(s("hold_ok"), cols)
        self.t_arm = _hint(s("hold_arm"), short, cols)
        self.t_arming = fit(s("arming"), cols)
        self.t_defuse = _hint(s("hold_defuse"), short, cols)
        self.t_paused = fit(s("paused"), cols)
        self.t_resume = _hint(s("hold_resume"), short, cols)
        self.t_continue = fit(s("continue"), cols)
        self.t_defused = fit(s("defused"), cols)
        self.t_boom = fit(s("boom"), cols)
        self.t_cut = fit(s("cut"), cols)
        self.t_code = s("code")
        self.syms = tuple(s("syms").split(" "))
        self.t_pick = fit(s("pick"), cols)
        self.buf = bytearray(8)
        # Strikes sit in the status bar when the preset allows more than one and has a way to
        # earn one (a wrong code, a wrong wire); the title shrinks.
        can_strike = pre["defuse"] == "code" or pre["pause"] == "code" or pre["wires"] > 0
        self.show_strikes = pre["strikes"] > 1 and can_strike
        icons_w = (11 * lay.scale if app.batt is not None else 0) + 9 * lay.scale
        self.strike_w = lay.mark + 3 * lay.cw  # the X icon and "n/m"
        self.strike_x = lay.w - icons_w - self.strike_w
        room = widgets.title_cols(lay, app.batt)
        if self.show_strikes:
            room = min(room, self.strike_x // lay.cw)
            if room < 5:
                # A tiny screen: the strike count matters more than a stump of the name.
                room = 0
                self.strike_x = 0
        name = scr.prop.preset["name"]
        if len(name) > room and scr.prop.preset["short"]:
            name = scr.prop.preset["short"]  # "Classic" where "Classic 5:00" has no room
        self.title = text.fit(name, room) if room else ""
        self.room = room  # a title still too long scrolls in it, clear of the strikes

    def _bottom_text(self, fb, t, inverted=False):
        lay = self.lay
        y = self.hint_y
        if inverted:
            fb.fill_rect(0, y, lay.text_w(len(t)) + 2, lay.lh, 1)
        self.app.txt.draw(fb, t, 1 if inverted else 0, y, 0 if inverted else 1)

    def _progress(self, fb, pct):
        lay = self.lay
        widgets.progress(fb, 0, self.hint_y, lay.w, lay.lh - 1, pct)

    def _strikes(self, fb):
        """'X n/m' in the status bar, left of the battery and mute marks."""
        p = self.scr.prop
        lay = self.lay
        x = self.strike_x
        fb.fill_rect(x, 0, self.strike_w, lay.bar, 0)
        icons.draw(fb, icons.STRIKE, x, 0, 1, lay.scale)
        b = self.buf
        b[0] = 0x30 + p.strikes
        b[1] = 0x2F
        b[2] = 0x30 + p.preset["strikes"]
        self.app.txt.draw_buf(fb, b, 3, x + lay.mark, 0, 1)

    def _code(self, fb):
        scr = self.scr
        lay = self.lay
        n = len(scr.prop.entry)
        room = lay.cols - (3 if not scr.direct else 0)
        x = 0
        if len(self.t_code) + scr.code_len <= room:
            self.app.txt.draw(fb, self.t_code, 0, self.hint_y, 1)
            x = (len(self.t_code) + 1) * lay.cw
        for i in range(scr.code_len):
            if x + lay.cw > lay.w - lay.cw * (3 if not scr.direct else 0):
                break
            self.app.txt.draw(fb, "*" if i < n else "_", x, self.hint_y, 1)
            x += lay.cw
        if not scr.direct:
            # The picker: the symbol OK will enter, inverted with a pixel of room all round (a
            # box drawn on the glyphs' edge made "OK" read "UK"); the line above says how.
            sx = lay.w - lay.cw * 3
            sym = self.syms[scr.sym]
            fb.fill_rect(sx - 1, self.hint_y - 1, lay.cw * 2 + 3, lay.lh + 1, 1)
            self.app.txt.draw(fb, sym, sx + 1, self.hint_y, 0)
            self.app.txt.draw(fb, self.t_pick, 0, self.pick_y, 1)

    def draw(self, fb, now):
        scr = self.scr
        p = scr.prop
        lay = self.lay
        ph = p.phase
        fb.fill(0)
        self.app.draw_bar(fb, self.title, self.room)
        if ph == timer.SET or ph == timer.ARMING:
            sec = p.seconds
        else:
            sec = p.display_seconds(now)
        digits.mmss(fb, sec // 60, sec % 60, self.box, 1)
        if ph == timer.SET:
            ux = self.min_x if scr.field == 0 else self.sec_x
            fb.fill_rect(ux, self.under_y, self.pair_w, max(2, lay.scale * 2), 1)
        if scr.note is not None:
            self._bottom_text(fb, scr.note, True)
        elif scr.holding >= 0:
            self._progress(fb, p.hold_progress(now))
        elif ph == timer.SET:
            self._bottom_text(fb, self.t_arm)
        elif ph == timer.ARMING:
            self._bottom_text(fb, self.t_arming)
        elif ph == timer.RUNNING:
            if scr.codes:
                self._code(fb)
            elif p.preset["defuse"] == "hold":
                self._bottom_text(fb, self.t_defuse)
            elif p.preset["defuse"] == "wire":
                self._bottom_text(fb, self.t_cut)
        elif ph == timer.PAUSED:
            if p.restored:
                self._bottom_text(fb, self.t_continue, True)
            elif scr.codes:
                self._code(fb)
            else:
                self._bottom_text(fb, self.t_resume, True)
        elif ph == timer.DEFUSED:
            self._bottom_text(fb, self.t_defused, True)
        elif ph == timer.BOOM:
            self._bottom_text(fb, self.t_boom, True)
        if self.show_strikes and ph != timer.SET and ph != timer.ARMING:
            self._strikes(fb)
        if scr.flash:
            # The boom: the whole screen blinks (inverted every 250 ms).
            fb.fill_rect(0, 0, lay.w, lay.h, 1)
            digits.mmss(fb, 0, 0, self.box, 0)
            self.app.txt.draw(fb, self.t_boom, 1, self.hint_y, 0)
