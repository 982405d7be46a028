"""The game hub: decides what the table does next.

The hub is never drawn for long: whenever it is on top it pushes the next step (a pass-around,
a private choice, a public turn) or, at the end, replaces itself with the end screen. Game
specifics come from the game's package (firmware/games/<id>/).
"""

from firmware import strings
from firmware.games import package
from firmware.play.log import recap_text
from firmware.play.passing import PassScreen
from firmware.ui import text, widgets
from firmware.ui.dialog import Notice
from firmware.ui.stack import PUSH, REPLACE, Screen


class Hub(Screen):
    """Root screen of a game: pushes whatever comes next."""

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        session.echo = app.log
        session.later = getattr(app, "later", None)  # saves wait for the press's frame
        self.skin = package(session.rs["game"], "skin")  # firmware/games/<id>/skin.py
        self.title = text.fit(session.rs["name"], widgets.title_cols(app.lay, app.batt))
        self.recap = session.resumed  # once, after a reset: what the last action did

    def tick(self, now):
        s = self.session
        g = s.game
        if g.outcome() is not None:
            from firmware.play.end import EndScreen  # lazy: off the heap until the game ends

            return (REPLACE, EndScreen(self.app, s, self.skin))
        if self.recap:
            self.recap = False
            body = recap_text(s, self.skin)
            if body:
                return (PUSH, Notice(self.app, strings.get("p.last"), body))
        pending = g.reveals()
        if pending:
            return (PUSH, PassScreen(self.app, s, self.skin, pending[0]))
        seat = g.current_player()
        choice = self.skin.private_choice(s, seat)
        if choice is not None:
            return (PUSH, PassScreen(self.app, s, self.skin, seat, choice[0], choice[1]))
        return (PUSH, self.skin.turn_screen(self.app, s))

    def draw(self, fb, now):
        fb.fill(0)
        self.app.draw_bar(fb, self.title)
