"""Seeded random sessions with every shipped timer preset, identical on CPython and MicroPython.

Run as a script (`micropython host_tests/test_timer_sim.py transcript|alloc`, MICROPYPATH=<repo>)
it prints a canonical transcript of random button play with saves and resets in between, or the
bytes the prop's per-frame calls allocated. Imported by pytest, the tests compare the runtimes.
"""

import json
import sys

from core import ruleset, ticks
from core.errors import IllegalAction
from core.rng import Rng
from core.timer import ARM, BOOM, DEFUSE, DEFUSED, PAUSE, Prop

RULESET = "firmware/rulesets/timer.json"


def show(events):
    return " ".join([" ".join([str(x) for x in e]) for e in events])


def choose(prop, rng, now):
    """A seeded player's next move: (kind, arg) with kind hold, key, cut or reset; or None."""
    roll = rng.below(100)
    kinds = [k for k in (ARM, DEFUSE, PAUSE) if prop.can_hold(k)]
    if roll < 40 and kinds:
        kind = kinds[rng.below(len(kinds))]
        need = prop.ruleset[("arm_ms", "defuse_ms", "pause_ms")[kind]]
        # Half of the holds are too short, so cancelling is exercised as well.
        return ("hold", (kind, ticks.add(now, rng.below(2 * need))))
    codes = prop.codes()
    if roll < 75 and codes:
        code = codes[rng.below(len(codes))][0]
        if rng.below(3) == 0:
            code = [rng.below(6) for _ in code]
        return ("keys", list(code))
    if roll < 85 and prop.preset["wires"]:
        return ("cut", rng.below(prop.preset["wires"]))
    if roll < 92:
        return ("reset", None)
    return None


def session(rs, index, seed, w):
    """One prop from setting to defused or boom, driven by a seeded random player."""
    rng = Rng(seed)
    now = ticks.MASK - rng.below(60000)  # every session crosses the tick wrap
    prop = Prop(rs, index, now)
    prop.set_seconds(10 + rng.below(50))
    w("session %d %d %s %d\n" % (index, seed, prop.preset["name"], prop.seconds))
    steps = 0
    release_at = -1
    typing = []
    while prop.phase not in (BOOM, DEFUSED) and steps < 20000:
        steps += 1
        now = ticks.add(now, 1 + rng.below(50))
        events = []
        e = prop.poll(now)
        while e is not None:
            events.append(e)
            e = prop.poll(now)
        move = None
        if release_at >= 0:
            if ticks.diff(now, release_at) >= 0:
                move = ("release", None)
                release_at = -1
        elif typing:
            move = ("key", typing.pop(0))
        elif rng.below(50) == 0:
            move = choose(prop, rng, now)
        before = prop.to_state(now)
        try:
            if move is None:
                pass
            elif move[0] == "hold":
                events += prop.hold(move[1][0], now)
                release_at = move[1][1]
            elif move[0] == "release":
                events += prop.release(now)
            elif move[0] == "keys":
                typing = move[1]
            elif move[0] == "key":
                events += prop.key(move[1], now)
            elif move[0] == "cut":
                events += prop.wire_cut(move[1], now)
            else:
                # A reset: save, rebuild from the JSON text, and answer "resume" when asked.
                prop = Prop.from_state(rs, json.loads(json.dumps(prop.to_state(now))), now)
                events.append(("reset", prop.phase))
                release_at = -1
                typing = []
                if prop.restored:
                    events += prop.resume(now)
        except IllegalAction:
            assert prop.to_state(now) == before, "an illegal action changed the prop"
            events.append(("illegal", move[0]))
            typing = []
        if events:
            w("%d %d %d %s\n" % (steps, prop.display_seconds(now), prop.strikes, show(events)))
    w("end %d %d %d\n" % (steps, prop.phase, prop.remaining(now)))


def transcript(w):
    with open(RULESET) as f:
        rs = ruleset.load(json.load(f))
    for index in range(len(rs["presets"])):
        for seed in (1, 2, 3):
            session(rs, index, seed, w)


def frame_alloc(n):
    """Bytes allocated by n loop steps of poll + the per-frame reads (MicroPython only)."""
    import gc

    with open(RULESET) as f:
        rs = ruleset.load(json.load(f))
    prop = Prop(rs, 0, 0)
    prop.hold(ARM, 0)
    now = rs["arm_ms"]
    assert prop.poll(now) == ("armed",)
    prop.hold(PAUSE, now)
    prop.release(now + 10)
    # From 5:00 to 1:01 left: beeps every second, no checkpoint (whose event is a new tuple).
    step = 239000 // n
    beeps = 0
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    i = 0
    while i < n:
        now = ticks.add(now, step)
        e = prop.poll(now)
        while e is not None:
            beeps += 1
            e = prop.poll(now)
        prop.display_seconds(now)
        prop.hold_progress(now)
        prop.arm_progress(now)
        i += 1
    after = gc.mem_alloc()
    gc.enable()
    assert beeps > 200, beeps
    return after - before


def test_sessions_are_byte_identical_on_micropython():
    from tools.runtimes import same_on_both

    text = same_on_both(__file__, "transcript", heap="64k")
    ends = [x for x in text.splitlines() if x.startswith("end ")]
    assert len(ends) == 12
    # The random player meets the interesting rules, not only the timeout.
    for word in ("strike", "boom", "defused", "reset", "resumed", "checkpoint", "cancel"):
        assert word in text, word


def test_the_prop_per_frame_allocates_nothing_on_micropython():
    from tools.runtimes import run_micropython

    out = run_micropython(__file__, "alloc", heap="64k")
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout == "alloc 0\n"


if __name__ == "__main__":
    if sys.argv[-1] == "alloc":
        print("alloc", frame_alloc(20000))
    else:
        transcript(sys.stdout.write)
