"""A jittery countdown loop across a tick wrap, checked step by step against a plain model.

Run as a script (`micropython host_tests/support/countdown_loop.py transcript|alloc` with
MICROPYPATH=<repo>) it prints a canonical transcript, or the bytes poll() allocated;
test_countdown_sim.py runs both runtimes and compares. The module itself imports only what
MicroPython has, so the same `simulate()` also backs the hypothesis properties.
"""

import sys

from core import ticks
from core.countdown import BEEP, CHECKPOINT, EXPIRED, NONE, Countdown
from core.rng import Rng

SCHEDULE = [[600000, 1000], [60000, 500], [10000, 250]]
CHECKPOINTS = [300000, 60000, 30000, 10000]
HOUR = 3600000


def has_mark(steps, lo, hi):
    """Reference: is there a beep mark m with lo <= m <= hi? (steps as given, any order)."""
    bounds = sorted([s[0] for s in steps])
    for t, every in steps:
        below = 0
        for b in bounds:
            if b < t:
                below = b
        a = max(lo, below + 1, 1)
        z = min(hi, t)
        if a <= z and (z // every) * every >= a:
            return True
    return False


def simulate(w, duration, beeps, cps, base, seed, actions=(), jmax=50):
    """Run to expiry with 1..jmax ms steps from `base`; check every step against a plain model.

    actions: (at_ms, kind, arg) sorted by at_ms, kind "pause" (arg = how long) or "add" (ms).
    Returns (steps, beeps, checkpoints fired); raises AssertionError at the first mismatch.
    """
    rng = Rng(seed)
    c = Countdown(duration, beeps, cps)
    base &= ticks.MASK
    now = base
    c.start(now)
    t = 0  # unwrapped virtual time since start
    dl = duration  # unwrapped deadline while running; time left while paused
    paused_until = -1
    prev = duration
    pending = [x for x in sorted(set(cps or ()), reverse=True) if x < duration]
    todo = list(actions)
    steps = nbeeps = ncps = 0
    while True:
        step = 1 + rng.below(jmax)
        t += step
        now = ticks.add(now, step)
        steps += 1
        assert now == (base + t) & ticks.MASK, "tick add"
        running = paused_until < 0
        want = dl - t if running else dl
        want_events = []
        if running:
            if want <= 0:
                want = 0
                want_events.append(EXPIRED)
            else:
                while pending and want <= pending[0]:
                    want_events.append(CHECKPOINT)
                    pending.pop(0)
                if beeps and has_mark(beeps, want, prev - 1):
                    want_events.append(BEEP)
                prev = want
        got = []
        while True:
            e = c.poll(now)
            if e == NONE:
                break
            got.append(e)
            if e == CHECKPOINT:
                ncps += 1
                w("cp %d %d %d\n" % (t, now, c.last_checkpoint))
            elif e == BEEP:
                nbeeps += 1
                w("beep %d %d %d\n" % (t, now, c.remaining(now)))
            else:
                w("boom %d %d\n" % (t, now))
        r = c.remaining(now)
        assert r == want, "remaining %d, want %d at t=%d" % (r, want, t)
        if running and want > 0:
            assert r == ticks.diff((base + dl) & ticks.MASK, now), "remaining vs ticks.diff"
        assert got == want_events, "events %r, want %r at t=%d" % (got, want_events, t)
        if EXPIRED in got:
            assert c.expired(now) and not c.running
            w("end %d steps %d beeps %d cps %d\n" % (t, steps, nbeeps, ncps))
            return steps, nbeeps, ncps
        if not running and t >= paused_until:
            c.resume(now)
            dl = t + dl
            paused_until = -1
            w("resume %d %d\n" % (t, now))
        elif running and todo and t >= todo[0][0]:
            _, kind, arg = todo.pop(0)
            if kind == "pause":
                c.pause(now)
                dl = dl - t
                paused_until = t + arg
                w("pause %d %d %d\n" % (t, now, dl))
            else:
                c.add(arg, now)
                left = min(max(dl - t + arg, 0), 356400000)
                dl = t + left
                prev = left
                w("add %d %d %d %d\n" % (t, now, arg, left))
                if left == 0:
                    pending = []


def scenario(w):
    """The canonical run: 60 minutes, wrapping at half time, with pauses and penalties."""
    acts = [(600000, "pause", 45000), (1500000, "add", -30000), (2400000, "pause", 5000)]
    acts.append((3000000, "add", 20000))
    simulate(w, HOUR, SCHEDULE, CHECKPOINTS, ticks.MASK - HOUR // 2, 2026, acts)
    # A short one that a penalty kills outright, started just before the wrap.
    simulate(w, 20000, SCHEDULE, CHECKPOINTS, ticks.MASK - 50, 7, [(1000, "add", -30000)])


def poll_alloc(n, control=False):
    """Bytes allocated by n poll() calls on a running countdown (MicroPython only).

    With control=True the first 50 steps also take a snapshot, which must allocate: it shows
    the measurement would see an allocation if poll() made one.
    """
    import gc

    c = Countdown(HOUR, SCHEDULE, CHECKPOINTS)
    now = ticks.MASK - 1000
    c.start(now)
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    i = 0
    while i < n:
        c.poll(now)
        if control and i < 50:
            c.to_state(now)
        now = ticks.add(now, 97)
        i += 1
    after = gc.mem_alloc()
    gc.enable()
    # It ran through every beep step, every checkpoint and the expiry.
    assert c.expired(now)
    return after - before


if __name__ == "__main__":
    if sys.argv[-1] == "alloc":
        print("alloc", poll_alloc(40000))
    elif sys.argv[-1] == "control":
        print("alloc", poll_alloc(40000, True))
    else:
        scenario(sys.stdout.write)
