"""Validation of "game": "timer" rulesets: named presets for the bomb-timer prop.

Every field is checked with a path-named error (``presets.2.seconds: must be 1..5999``) and
every size is bounded, so a flashed file can neither crash the prop nor exhaust the heap.
A preset's optional fields get their defaults here, so the prop reads one complete shape:
  name, seconds, silent, defuse ("code" | "hold" | "wire"), code (tuple of button ids),
  pause ("hold" | "code" | "none"), pause_code, wires, wire (-1 when unused), strikes,
  penalty_ms, beeps ([[at_or_below_ms, interval_ms], ...]), checkpoints ([ms, ...]).
"""

from core import check, const, schedule

# Logical buttons, in the order of their ids in firmware/buttons.py (UP = 0 .. BACK = 5).
BUTTONS = ("up", "down", "left", "right", "ok", "back")
DEFUSE_BY = ("code", "hold", "wire")
PAUSE_BY = ("hold", "code", "none")

MAX_PRESETS = 16
MAX_CODE = 12
MAX_WIRES = 8
MAX_STRIKES = 9
MAX_SECONDS = 5999  # 99:59, what MM:SS can show
MAX_MS = MAX_SECONDS * 1000
NAME_LEN = 20
_SHORT_LEN = const(8)  # a preset's short title, as a ruleset's (core/ruleset.py)

KEYS = ("arm_ms", "defuse_ms", "pause_ms", "beeps", "checkpoints", "presets")
PRESET_KEYS = (
    "name",
    "short",
    "seconds",
    "silent",
    "defuse",
    "code",
    "pause",
    "pause_code",
    "wires",
    "wire",
    "strikes",
    "penalty",
    "beeps",
    "checkpoints",
)
DEFAULT_BEEPS = [[600000, 1000], [60000, 500], [10000, 250]]
DEFAULT_CHECKPOINTS = [300000, 60000, 30000, 10000]


def validate(obj, rs):
    """Check a timer ruleset and store its normalised fields in rs (called by ruleset.load)."""

    check.no_extra(obj, "", check.HEADER + KEYS)
    rs["arm_ms"] = check.int_in(obj, "arm_ms", "", 500, 10000, False, 3000)
    rs["defuse_ms"] = check.int_in(obj, "defuse_ms", "", 500, 30000, False, 5000)
    rs["pause_ms"] = check.int_in(obj, "pause_ms", "", 500, 10000, False, 2000)
    rs["beeps"] = beeps(obj, "", DEFAULT_BEEPS)
    rs["checkpoints"] = checkpoints(obj, "", DEFAULT_CHECKPOINTS)
    presets = check.list_of(obj, "presets", "", 1, MAX_PRESETS)
    rs["presets"] = []
    names = []
    for i in range(len(presets)):
        pr = preset(presets[i], check.join("presets", i), rs)
        if pr["name"] in names:
            check.fail(check.join(check.join("presets", i), "name"), "repeats an earlier preset")
        names.append(pr["name"])
        rs["presets"].append(pr)


def preset(obj, path, rs):
    check.dict_at(obj, path)
    check.no_extra(obj, path, PRESET_KEYS)
    defuse = check.one_of(obj, "defuse", path, DEFUSE_BY)
    pause = check.one_of(obj, "pause", path, PAUSE_BY, False, "hold")
    wires = check.int_in(obj, "wires", path, 0, MAX_WIRES, False, 0)
    pr = {
        "name": check.text(obj, "name", path, NAME_LEN),
        # What the preset list shows when the name is longer than its row (optional).
        "short": check.text(obj, "short", path, _SHORT_LEN, False, ""),
        "seconds": check.int_in(obj, "seconds", path, 1, MAX_SECONDS),
        "silent": check.field(obj, "silent", path, "bool", False, False),
        "defuse": defuse,
        "code": code(obj, "code", path, defuse == "code", "defuse is code"),
        "pause": pause,
        "pause_code": code(obj, "pause_code", path, pause == "code", "pause is code"),
        "wires": wires,
        "wire": -1,
        "strikes": check.int_in(obj, "strikes", path, 1, MAX_STRIKES, False, 3),
        "penalty_ms": check.int_in(obj, "penalty", path, 0, 3599, False, 30) * 1000,
        "beeps": beeps(obj, path, rs["beeps"]),
        "checkpoints": checkpoints(obj, path, rs["checkpoints"]),
    }
    if defuse == "wire":
        if wires < 1:
            check.fail(check.join(path, "wires"), "defuse by wire needs 1.." + str(MAX_WIRES))
        pr["wire"] = check.int_in(obj, "wire", path, 0, wires - 1)
    elif "wire" in obj:
        check.fail(check.join(path, "wire"), "only used when defuse is wire")
    a, b = pr["code"], pr["pause_code"]
    if a and b and (a[: len(b)] == b or b[: len(a)] == a):
        # Entry is judged as it grows: a code that starts like the other could never be typed.
        check.fail(check.join(path, "pause_code"), "must not start like code, nor code like it")
    return pr


def code(obj, key, path, needed, when):
    """A button code as a tuple of button ids; required when needed, refused otherwise."""
    if not needed:
        if key in obj:
            check.fail(check.join(path, key), "only used when " + when)
        return ()
    items = check.list_of(obj, key, path, 1, MAX_CODE)
    out = []
    base = check.join(path, key)
    for i in range(len(items)):
        b = items[i]
        if type(b) is not str or b not in BUTTONS:
            check.fail(check.join(base, i), "must be one of " + ", ".join(BUTTONS))
        out.append(BUTTONS.index(b))
    return tuple(out)


def beeps(obj, path, default):
    """Beep steps [[at_or_below_ms, interval_ms], ...] checked by core.schedule; or default."""
    if "beeps" not in obj:
        return [[t, n] for t, n in default]
    return schedule.check(obj["beeps"], check.join(path, "beeps"), MAX_MS, 50, 60000)


def checkpoints(obj, path, default):
    """Checkpoint times in ms, distinct (core.schedule's check); default if absent."""
    if "checkpoints" not in obj:
        return list(default)
    return schedule.check(obj["checkpoints"], check.join(path, "checkpoints"), MAX_MS)
