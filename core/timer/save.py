"""Saving the bomb-timer prop: a JSON-safe snapshot, and a checked rebuild after a reset."""

from core import const, countdown
from core.countdown import Countdown
from core.errors import SaveError
from core.timer import ARMING, BOOM, DEFUSED, PAUSED, PHASES, RUNNING, SET

_VERSION = const(1)


def dump(prop, now):
    cd = prop.countdown
    return {
        "v": _VERSION,
        "game": "timer",
        "preset": prop.index,
        "name": prop.preset["name"],
        "seconds": prop.seconds,
        "phase": PHASES[prop.phase],
        "strikes": prop.strikes,
        "cut": prop.cut_wires,
        "restored": prop.restored,
        "countdown": None if cd is None else cd.to_state(now),
    }


def load(cls, ruleset, state, now):
    """Rebuild a prop; raises SaveError on anything that is not a save of this preset."""
    if type(state) is not dict or state.get("v") != _VERSION or state.get("game") != "timer":
        raise SaveError("save: not a timer of this version")
    index = state.get("preset")
    if type(index) is not int or not 0 <= index < len(ruleset["presets"]):
        raise SaveError("save: the timer's preset is gone")
    p = cls(ruleset, index, now)
    if state.get("name") != p.preset["name"]:
        raise SaveError("save: the timer's preset changed")
    seconds = state.get("seconds")
    phase = state.get("phase")
    strikes = state.get("strikes")
    cut = state.get("cut")
    restored = state.get("restored")
    if type(seconds) is not int or not 1 <= seconds <= 5999 or phase not in PHASES:
        raise SaveError("save: bad timer time or phase")
    if type(strikes) is not int or not 0 <= strikes <= p.preset["strikes"]:
        raise SaveError("save: bad strike count")
    if type(cut) is not int or not 0 <= cut < (1 << p.preset["wires"]):
        raise SaveError("save: bad wires")
    if type(restored) is not bool:
        raise SaveError("save: bad flags")
    ph = PHASES.index(phase)
    p.seconds = seconds
    p.strikes = strikes
    p.cut_wires = cut
    if ph > ARMING:
        # Running, paused, defused or gone off: the countdown comes back held.
        p.countdown = Countdown.from_state(state.get("countdown"), now, True)
        cph = p.countdown.phase
        if p.countdown.duration != seconds * 1000 or cph == countdown.IDLE:
            raise SaveError("save: the countdown does not match the timer")
        if cph == countdown.DONE and ph != DEFUSED:
            # Saved in the step where the deadline passed, before the boom was seen.
            ph = BOOM
        elif cph == countdown.DONE:
            raise SaveError("save: a defused timer cannot have run out")
    elif state.get("countdown") is not None:
        raise SaveError("save: a countdown before arming")
    # Arming is a hold, and holds do not survive a reset; a running bomb comes back paused.
    p.phase = SET if ph == ARMING else PAUSED if ph == RUNNING else ph
    p.restored = (restored or ph == RUNNING) and p.phase == PAUSED
    return p
