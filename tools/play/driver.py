"""Drive whole games on the sim board the way a table would: by what the screen says.

A RecordingSim remembers every frame and tone in order, tagged with the screen on top and with
whether a private screen was showing, so tests can compare the public part of two runs. The
AutoPlayer plays any game with OK presses: it holds OK to look when the device asks, waits out
reveals, and accepts the first choice on every public screen (or moves the cursor a given number
of times first, to vary the game). A Recorder also keeps every input line, to replay the game
blind (tools/sim/lines.py).
"""

from core import games
from tools.runtimes import ROOT
from tools.sim.process import SimProc

PEEK_MS = 300
GAP_MS = 40  # between two taps: nobody presses twice in the same millisecond
DWELL_MS = 1600
CHOSEN_MS = 1300  # a private choice's confirmation stays up (firmware/play/passing.py), and more
REVEAL_MS = 1700
# A game's row in the main menu: the registry's games come first, in its order.
GROUP_ROWS = {g: i for i, g in enumerate(g for g in games.IDS if not games.is_prop(g))}


def games_with_screens():
    """The registry's games (not props) whose screens exist now: the suite grows with the tree."""
    pkgs = ROOT / "firmware" / "games"
    return [g for g in GROUP_ROWS if (pkgs / g / "skin.py").exists()]


class RecordingSim(SimProc):
    def __init__(self, *args, **kwargs):
        self.history = []  # (kind, screen, private, payload)
        self.screen = ""
        self.private = False
        super().__init__(*args, **kwargs)

    def _until(self, done):
        def record(words):
            kind = words[0]
            if kind == "frame":
                self.history.append(("frame", self.screen, self.private, bytes(self.frame)))
            elif kind in ("tone", "quiet"):
                self.history.append(("tone", self.screen, self.private, self.tones[-1]))
            elif kind == "log":
                text = self.logs[-1]
                if text.startswith("screen "):
                    self.screen = text.split(" ")[2]
                elif text.startswith("private "):
                    self.private = True
                elif text == "public":
                    self.private = False
                self.history.append(("log", self.screen, self.private, text))
            return done(words)

        return super()._until(record)

    def top(self):
        return self.screen

    def public_history(self):
        """Frames and tones shown while no private screen was up."""
        return [h for h in self.history if h[0] != "log" and not h[2]]


class Recorder(RecordingSim):
    """A RecordingSim that keeps every input line it sent, to replay the game blind."""

    def __init__(self, *args, **kwargs):
        self.sent = []
        super().__init__(*args, **kwargs)

    def send(self, *lines):
        self.sent.extend(lines)
        super().send(*lines)


def tap(sp, name):
    sp.tap(name)
    sp.wait(GAP_MS)


def open_game(sp, group_rows, entry_rows=0, players_up=0, first=0):
    """From the main menu: move to a game group, open it, pick an entry, set players, deal.

    first: 0 lets the seed pick who starts; k picks seat k-1 (for games that ask)."""
    for _ in range(group_rows):
        tap(sp, "DOWN")
    tap(sp, "OK")
    for _ in range(entry_rows):
        tap(sp, "DOWN")
    tap(sp, "OK")
    assert sp.top() == "SetupScreen", sp.logs[-5:]
    for _ in range(players_up):
        tap(sp, "UP")
    tap(sp, "OK")
    if sp.top() == "SetupScreen" and sp.frame is not None:
        for _ in range(first):
            tap(sp, "DOWN")
        tap(sp, "OK")
    sp.wait(50)


def pass_around(sp, downs=0):
    """The named player holds OK and lets go: a plain look hides on release. If the private
    screen stays up, it is a choice: move the cursor `downs` times and confirm. Then pass on."""
    sp.press("OK")
    sp.wait(PEEK_MS)
    sp.release("OK")
    sp.wait(20)
    if sp.private:
        for _ in range(downs):
            tap(sp, "DOWN")
        tap(sp, "OK")
    sp.wait(DWELL_MS)
    tap(sp, "OK")
    sp.wait(50)


def step(sp, downs=0):
    """One step of whatever screen is on top; returns the screen's name."""
    top = sp.top()
    if top == "PassScreen":
        pass_around(sp, downs)
    elif top == "RevealScreen":
        sp.wait(REVEAL_MS)
        tap(sp, "OK")
        sp.wait(50)
    else:
        for _ in range(downs):
            tap(sp, "DOWN")
        tap(sp, "OK")
        sp.wait(50)
    return top


def play_to_end(sp, policy=None, limit=800):
    """Step until the end screen; policy(i) gives cursor moves for step i. Returns step count."""
    for i in range(limit):
        if sp.top() == "EndScreen":
            return i
        step(sp, policy(i) if policy else 0)
    raise AssertionError("no end after %d steps; last logs %s" % (limit, sp.logs[-8:]))
