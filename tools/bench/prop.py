"""The bench's prop section: the bomb timer's drift over an hour's countdown and how late its
boom comes, on core's Prop with the time fed in jittery loop steps (no sim, no board)."""

import json
import random

from core import games
from tools.runtimes import ROOT

RULESETS = ROOT / "firmware" / "rulesets"


def prop_rulesets():
    """(core package, file) of every shipped ruleset of a prop (a registry row with PROP)."""
    props = [g for g in games.IDS if games.is_prop(g)]
    for path in sorted(RULESETS.glob("*.json")):
        game = json.loads(path.read_text())["game"]
        if game in props:
            yield games.module(game), path


def props(row, runs=5):
    """For each prop ruleset, an hour's countdown on core's Prop, time fed in jittery loop steps
    (5-45 ms, a 250 ms stall now and then) from just before the ticks wrap: how far the remaining
    time ever is from the true one, and how late the boom comes after the deadline."""
    for prop_mod, path in prop_rulesets():
        _drift(row, prop_mod, path, runs)


def _drift(row, prop_mod, path, runs):
    from core import ruleset, ticks

    rs = ruleset.load(json.loads(path.read_text()))
    i = next(i for i, p in enumerate(rs["presets"]) if p["defuse"] == "hold")
    drift, late = 0, []
    for seed in range(runs):
        rnd = random.Random(seed)
        now = ticks.add(0, -200_000)  # wraps during the run
        prop = prop_mod.Prop(rs, i, now)
        prop.set_seconds(3600)
        prop.hold(prop_mod.ARM, now)
        now = ticks.add(now, rs["arm_ms"] + 5)
        events = prop.release(now) + [prop.poll(now)]
        deadline = ticks.add(now, 3600 * 1000)
        boom = None
        while boom is None:
            step = rnd.randint(5, 45) if rnd.random() > 0.002 else 250
            now = ticks.add(now, step)
            ev = prop.poll(now)
            while ev is not None:
                if ev[0] == "boom":
                    boom = now
                ev = prop.poll(now)
            if boom is None:
                drift = max(drift, abs(prop.remaining(now) - max(0, ticks.diff(deadline, now))))
        assert events, "the prop did not arm"
        late.append(ticks.diff(boom, deadline))
    what = "%s: drift over 1 h (%d runs)" % (path.name, runs)
    row("prop", what, "%d ms" % drift, "max |shown - true| left")
    row(
        "prop",
        "%s: expiry latency" % path.name,
        "mean %.0f ms, worst %d ms" % (sum(late) / runs, max(late)),
        "boom step - deadline, 5-45 ms steps",
    )
