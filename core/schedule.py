"""The one check of a countdown's schedule: its beep steps or its checkpoints, path-named errors.

core/countdown.py checks what it is given with it, and so do the rulesets that carry a schedule
(the timer's presets, It's a Bomb!'s real-time rounds). A module of its own, so that checking a
ruleset does not load the countdown: a scenario that is never played in real time never pays
for it (about 10 KB of heap on the board, measured under `micropython -X heapsize`).
"""

from core import check as c
from core import const

# Bounds the schedules, so no ruleset can make a countdown's poll() slow or its state large.
MAX_STEPS = const(16)


def check(v, path, most, shortest=0, longest=0, repeats=False, terse=False):
    """Check a schedule and return it as a new list in its given order.

    With `shortest` > 0, beep steps: [at_or_below_ms, interval_ms] pairs with thresholds
    1..most (each once) and intervals shortest..longest. Otherwise checkpoints: times 1..most,
    each once unless `repeats`. At most MAX_STEPS of either. A RulesetError names the exact
    path of what is wrong (``presets.0.beeps.1.0: repeats an earlier step``); `terse` names the
    step instead, with the whole shape it must have (It's a Bomb!'s messages)."""
    if type(v) not in (list, tuple):
        c.fail(path, "must be a list")
    if len(v) > MAX_STEPS:
        c.fail(path, "must have 0.." + str(MAX_STEPS) + " items")
    r = "1.." + str(most)
    whole = None
    if terse:
        whole = "[" + r + ", " + str(shortest) + ".." + str(longest) + "]" if shortest else r
    out = []
    seen = []
    for i in range(len(v)):
        p = c.join(path, i)
        t = s = v[i]
        if shortest:
            if type(s) not in (list, tuple) or len(s) != 2:
                _bad(p, -1, "must be [at_or_below_ms, interval_ms]", whole)
            t, n = s
            if not c.is_int(t) or not 1 <= t <= most:
                _bad(p, 0, "must be " + r, whole)
            if not c.is_int(n) or not shortest <= n <= longest:
                _bad(p, 1, "must be " + str(shortest) + ".." + str(longest), whole)
            if t in seen:
                _bad(p, 0, "repeats an earlier step", whole)
            s = [t, n]
        else:
            if not c.is_int(t) or not 1 <= t <= most:
                _bad(p, -1, "must be " + r, whole)
            if t in seen and not repeats:
                _bad(p, -1, "repeats an earlier checkpoint", whole)
        seen.append(t)
        out.append(s)
    return out


def _bad(p, sub, why, whole):
    # The exact field (sub >= 0: an index inside the step), or the step and its whole shape.
    if whole is not None:
        c.fail(p, "must be " + whole + ", each threshold once")
    c.fail(c.join(p, sub) if sub >= 0 else p, why)
