"""It's a Bomb!'s real-time round clock on the turn screen: beeps, checkpoints, the timeout.

The core runs the clock (core/itsabomb/clock.py over core/countdown.py); this polls it every
loop step, plays its beeps, saves at its checkpoints (a reset resumes with about that much time)
and keeps the seconds left as text in a buffer made once, so a redraw a second allocates nothing.
"""

from firmware.ui import text


class RoundClock:
    def __init__(self, skin):
        self.skin = skin  # the game's skin module: it keeps the news of a timeout
        self.sec = -1
        self.buf = bytearray(4)  # "17s ": drawn with Text.draw_buf

    def poll(self, app, session, now):
        """None, or True when the round ran out (its events are logged, saved and told), or
        False when only the seconds shown changed."""
        g = session.game
        evs = g.tick(now)
        if evs:
            out = None
            for ev in evs:
                e = ev[0]
                if e == "beep":
                    app.play("beep")
                elif e == "checkpoint":
                    app.play("chirp")
                    session.save()
                elif out is None:
                    out = [x for x in evs if x[0] != "beep" and x[0] != "checkpoint"]
            if out:
                session.record(out)  # logged, echoed and saved like the events of act()
                self.skin.tell(session, out)
                app.play("strike", True)
                return True
        sec = (g.clock_ms(now) + 999) // 1000
        if sec == self.sec:
            return None
        self.sec = sec
        b = self.buf
        n = text.put_int(b, 0, sec)
        b[n] = 115  # "s"
        while n + 1 < len(b):
            n += 1
            b[n] = 32
        return False

    def draw(self, fb, txt, x, y):
        txt.draw_buf(fb, self.buf, len(self.buf), x, y, 1)
