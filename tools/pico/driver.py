"""The sim's driving interface on the emulated Pico, so tools/play/driver.py plays games on it.

PicoPlayer has what the play driver's functions use of a RecordingSim: press, release, tap, wait,
top(), .private, .frame, .logs, .history, public_history(). The app's log lines come from the
USB console (hw.log prints them on a board), frames from the emulated SSD1306, both stamped in
board time and merged in that order.

One difference is built in: the sim's app reacts to an input in no time (its clock stands still
while it computes), the Pico's takes board time (drawing a screen, sending 1 KB at 1 MHz I2C).
So after each input step the player lets the board run until it is idle again (`settle`: the
CPU busy under 20% of 60 ms) before the script goes on, as a person waits for the screen.

The play driver names the buttons by what they do (UP DOWN OK BACK, as on the default board);
both players here press the button the board's profile gives that meaning (keys_of: on the
Thumby OK is A, on the Display Pack UP is X), so one script plays every board.
"""

from tools.play.driver import RecordingSim
from tools.sim.frames import as_panel

WAIT_CAP_MS = 5000  # longest settle after one step: longer means the app never went idle
QUIET_MS = 300  # at rest: no new frame for this long (a reveal's bar steps every ~125 ms)


def keys_of(profile):
    """{"UP": physical name, ...}: for each logical button, the first of the profile's buttons
    whose short press means it (its keymap's first entry)."""
    out = {}
    for b in profile["buttons"]:
        meaning = profile["keymap"].get(b["name"], [None])[0]
        if meaning is not None:
            out.setdefault(meaning.upper(), b["name"])
    return out


class PicoPlayer:
    def __init__(self, pico, settle=True):
        self.pico = pico
        self.keys = keys_of(pico.profile)
        self.settle_after = settle
        self.logs = []
        self.history = []  # (kind, screen, private, payload) as RecordingSim keeps it
        self.screen = ""
        self.private = False
        self.frame = None
        self.frames = 0
        self.settles = []  # (screen, board ms) each settle took (how long the app was busy)
        self.rests = []  # the frame at rest after each step
        self._line_i = len(pico.lines)
        self._frame_n = pico.frame_info()["n"]

    # -------------------------------------------------------------- what the board said
    def sync(self):
        """Take the console lines and frames the board produced since the last sync."""
        lines = self.pico.lines[self._line_i :]
        self._line_i += len(lines)
        frames = self.pico.frames(since=self._frame_n)
        if frames:
            self._frame_n = frames[-1][0]
        items = [(t, 0, text) for t, text in lines] + [(t, 1, f) for _, t, f in frames]
        for _, kind, payload in sorted(items, key=lambda x: (x[0], x[1])):
            if kind == 1:
                if self.frame is not None and payload == self.frame:
                    continue  # the sim sends a frame only when the buffer changed
                self.frame = payload
                self.frames += 1
                self.history.append(("frame", self.screen, self.private, bytes(payload)))
                continue
            text = payload
            self.logs.append(text)
            if text.startswith("screen "):
                self.screen = text.split(" ")[2]
            elif text.startswith("private "):
                self.private = True
            elif text == "public":
                self.private = False
            self.history.append(("log", self.screen, self.private, text))

    def _settle(self):
        if self.settle_after:
            t0 = self.pico.now()
            t, _ = self.pico.settle(quiet=60, frame_quiet=QUIET_MS, max_ms=WAIT_CAP_MS)
            self.sync()
            self.settles.append((self.screen, t - t0))
        else:
            self.sync()
        self.rests.append(bytes(self.frame) if self.frame is not None else None)

    # -------------------------------------------------------------- the sim's interface
    def press(self, name):
        self.pico.press(self.keys.get(name, name))
        self._settle()

    def release(self, name):
        self.pico.release(self.keys.get(name, name))
        self._settle()

    def tap(self, name, ms=80):
        t = self.pico.now()
        name = self.keys.get(name, name)
        self.pico.press(name, at=t)
        self.pico.release(name, at=t + ms)
        self.pico.run(to=t + ms)
        self._settle()

    def hold(self, name, ms):
        self.tap(name, ms)

    def wait(self, ms):
        self.pico.run(ms)
        self._settle()

    def wire(self, n, cut=True):
        self.pico.wire(n, cut)
        self._settle()

    def top(self):
        return self.screen

    def text(self):
        return self.frame.text() if self.frame else ""

    def public_history(self):
        return [h for h in self.history if h[0] != "log" and not h[2]]


def distinct_frames(history):
    """The frames of a history, consecutive repeats and the blank frames before the first
    picture dropped (what the screen went through)."""
    out = []
    for h in history:
        if h[0] != "frame" or (not out and not any(h[3])):
            continue
        if not out or out[-1] != h[3]:
            out.append(h[3])
    return out


class SettledSim(RecordingSim):
    """The sim, waiting after each step until its app is idle as PicoPlayer does (no new frame
    for QUIET_MS of virtual time), and keeping the frame at rest after each step. An animation
    (a reveal's bar, a countdown) is sampled at other moments on the two (the Pico's app spends
    board time drawing), so the two are compared where they rest, step by step. Its rests are
    the frames as the board's panel shows them (tools.sim.frames.as_panel: RGB565 on a colour
    board), and its buttons are named by meaning as PicoPlayer's are (keys_of)."""

    def __init__(self, *args, **kwargs):
        from tools import boards

        self.rests = []
        self._settling = False
        self.keys = keys_of(boards.load(kwargs.get("board") or "pico-ssd1306"))
        super().__init__(*args, **kwargs)

    def _after(self):
        if self._settling:
            return
        self._settling = True
        try:
            for _ in range(WAIT_CAP_MS // QUIET_MS):
                n = self.frames
                super().wait(QUIET_MS)
                if self.frames == n:
                    break
        finally:
            self._settling = False
        self.rests.append(as_panel(self.frame) if self.frame is not None else None)

    def press(self, name):
        super().press(self.keys.get(name, name))
        self._after()

    def release(self, name):
        super().release(self.keys.get(name, name))
        self._after()

    def tap(self, name, ms=80):
        super().tap(self.keys.get(name, name), ms)
        self._after()

    def wait(self, ms):
        super().wait(ms)
        self._after()

    def wire(self, n, cut=True):
        super().wire(n, cut)
        self._after()
