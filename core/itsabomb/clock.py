"""Our real-time rounds for It's a Bomb! (a house option, not the rulebook's): a clock a round."""

# Each round gets a fresh countdown (core/countdown.py) from the first tick of that round; if the
# team neither asks nor cuts before it expires, the round ends by itself and the Countdown deck
# advances as after any round without a new colour. The game keeps only the milliseconds left at
# the last tick, so a save taken mid-round resumes with that much time, paused until the next tick.

from core import countdown
from core.itsabomb.effects import PLAY, end_round

_BEEP = ("beep",)


def running(g):
    """The clock runs only while the team has a round to play (not in setup or a choice)."""
    return g.result is None and g.phase == PLAY and not g.empties and not g.scan


def _start(g, now):
    t = g.rs["realtime"]
    c = countdown.Countdown(g.left or t["round_ms"], t["beeps"], t["checkpoints"])
    c.start(now)
    g.clock = c
    return c


def tick(g, now):
    """Poll the round clock; events only when something is due, else the shared empty tuple."""
    if not running(g):
        return ()
    c = g.clock or _start(g, now)
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
            events.append(("timeout",))
            end_round(g, events, True)
            return events
    g.left = c.remaining(now)
    return events


def left(g, now):
    """Milliseconds left in the current round (the full round before its first tick)."""
    if g.clock is not None and running(g):
        return g.clock.remaining(now)
    return g.left or g.rs["realtime"]["round_ms"]
