"""Our real-time rounds for It's a Bomb! (a house option, not the rulebook's): a clock a round.

Each round gets a fresh countdown (core/countdown.py) from the first tick of that round; if the
team neither asks nor cuts before it expires, the round ends by itself and the Countdown deck
advances as after any round without a new colour (the Game does that on ("timeout",)). The clock
keeps the milliseconds left at the last tick, which is all a save holds: a save taken mid-round
resumes with that much time, paused until the next tick.
"""

from core import countdown

_BEEP = ("beep",)
TIMEOUT = ("timeout",)


class RoundClock:
    def __init__(self, realtime, left=None):
        self.rt = realtime  # the scenario's {"round_ms", "beeps", "checkpoints"}
        self.left = left  # ms left at the last tick; None: a round not started yet
        self.countdown = None  # runs from this round's first tick; None: stopped

    def stop(self):
        """Stop the clock (a menu, a power cut); the next poll resumes it with the time left."""
        self.countdown = None

    def new_round(self):
        self.countdown = None
        self.left = None

    def ms(self, now, running):
        """Milliseconds left in the round (the full round before its first tick)."""
        if self.countdown is not None and running:
            return self.countdown.remaining(now)
        return self.left or self.rt["round_ms"]

    def poll(self, now):
        """Its events when something is due, else the shared empty tuple; a list ending with
        TIMEOUT when the round ran out."""
        c = self.countdown
        if c is None:
            t = self.rt
            c = countdown.Countdown(self.left or t["round_ms"], t["beeps"], t["checkpoints"])
            c.start(now)
            self.countdown = c
        events = ()
        while True:
            code = c.poll(now)
            if code == countdown.NONE:
                break
            if events == ():
                events = []
            if code == countdown.BEEP:
                events.append(_BEEP)
            elif code == countdown.CHECKPOINT:
                events.append(("checkpoint", c.last_checkpoint))
            else:
                events.append(TIMEOUT)
                return events
        self.left = c.remaining(now)
        return events
