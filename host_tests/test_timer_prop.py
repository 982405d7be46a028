"""The bomb-timer prop: arming, codes, holds, strikes, wires, silent mode, resets."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import ruleset, ticks
from core.errors import IllegalAction, SaveError
from core.timer import (
    ARM,
    BOOM,
    DEFUSE,
    DEFUSED,
    PAUSE,
    PAUSED,
    RUNNING,
    SET,
    Prop,
)
from host_tests.support.rulesets import RULESETS

UP, DOWN, LEFT, RIGHT, OK, BACK = range(6)


@pytest.fixture(scope="module")
def rs():
    with open(RULESETS / "timer.json") as f:
        return ruleset.load(json.load(f))


def armed(rs, name, now=0):
    index = [p["name"] for p in rs["presets"]].index(name)
    prop = Prop(rs, index, now)
    prop.hold(ARM, now)
    at = now + rs["arm_ms"]
    assert prop.poll(at) == ("armed",)
    return prop, at


def drain(prop, now):
    out = []
    while True:
        e = prop.poll(now)
        if e is None:
            return out
        out.append(e)


def keys(prop, buttons, now):
    out = []
    for b in buttons:
        out += prop.key(b, now)
    return out


def test_the_shipped_presets(rs):
    names = [p["name"] for p in rs["presets"]]
    assert names == ["Classic 5:00", "Quick 1:00", "Silent 10:00", "Wired 3:00"]
    assert [p["seconds"] for p in rs["presets"]] == [300, 60, 600, 180]


def test_arming_needs_the_whole_hold(rs):
    prop = Prop(rs, 0, 1000)
    assert prop.hold(ARM, 1000) == [("arming",)]
    assert prop.arm_progress(1000) == 0
    assert prop.arm_progress(1000 + rs["arm_ms"] // 2) == 50
    assert prop.release(1000 + rs["arm_ms"] - 1) == [("cancel",)]
    assert prop.phase == SET and prop.countdown is None
    prop.hold(ARM, 9000)
    assert drain(prop, 9000 + rs["arm_ms"] - 1) == []
    assert prop.poll(9000 + rs["arm_ms"]) == ("armed",)
    assert prop.phase == RUNNING and prop.remaining(9000 + rs["arm_ms"]) == 300000


def test_set_time_only_before_arming(rs):
    prop = Prop(rs, 0, 0)
    prop.set_seconds(95)
    assert prop.display_seconds(0) == 95
    for bad in (0, 6000, "60"):
        with pytest.raises(IllegalAction):
            prop.set_seconds(bad)
    prop, at = armed(rs, "Classic 5:00")
    with pytest.raises(IllegalAction):
        prop.set_seconds(30)


def test_the_right_code_defuses_and_freezes_the_time(rs):
    prop, at = armed(rs, "Classic 5:00")
    events = keys(prop, [UP, UP, DOWN, DOWN, LEFT, RIGHT], at + 10000)
    assert events[-1] == ("defused",) and events[0] == ("digit", 1)
    assert prop.phase == DEFUSED
    assert prop.remaining(at + 99000) == 290000
    assert drain(prop, at + 400000) == []


def test_wrong_codes_cost_time_and_the_third_detonates(rs):
    prop, at = armed(rs, "Classic 5:00")
    wrong = [OK] * 6
    assert keys(prop, wrong, at)[-2:] == [("wrong",), ("strike", 1)]
    assert prop.remaining(at) == 270000
    keys(prop, wrong, at)
    assert prop.strikes == 2 and prop.remaining(at) == 240000
    assert keys(prop, wrong, at)[-2:] == [("strike", 3), ("boom",)]
    assert prop.phase == BOOM and prop.remaining(at) == 0
    with pytest.raises(IllegalAction):
        prop.key(OK, at)


def test_a_penalty_bigger_than_the_time_left_detonates(rs):
    prop, at = armed(rs, "Classic 5:00")
    late = ticks.add(at, 280000)
    assert drain(prop, late) == [("checkpoint", 60000), ("checkpoint", 30000), ("beep",)]
    assert keys(prop, [OK] * 6, late)[-2:] == [("strike", 1), ("boom",)]


def test_a_code_a_moment_after_the_deadline_is_too_late(rs):
    prop, at = armed(rs, "Classic 5:00")
    assert keys(prop, [UP, UP, DOWN, DOWN, LEFT], at)[-1] == ("digit", 5)
    assert prop.key(RIGHT, at + 300000) == [("boom",)]


def test_pause_and_resume_by_hold(rs):
    prop, at = armed(rs, "Classic 5:00")
    prop.hold(PAUSE, at + 1000)
    assert prop.hold_progress(at + 2000) == 50
    assert drain(prop, at + 3000) == [("beep",), ("paused",)]
    assert prop.phase == PAUSED and prop.remaining(at + 50000) == 297000
    with pytest.raises(IllegalAction):
        prop.resume(at + 50000)  # only a reset's pause resumes without the hold
    prop.hold(PAUSE, at + 50000)
    assert prop.release(at + 51000) == [("cancel",)]
    prop.hold(PAUSE, at + 60000)
    assert prop.release(at + 62000) == [("resumed",)]
    assert prop.remaining(at + 63000) == 296000


def test_no_pause_means_no_pause(rs):
    prop, at = armed(rs, "Quick 1:00")
    before = prop.to_state(at)
    assert not prop.can_hold(PAUSE)
    with pytest.raises(IllegalAction):
        prop.hold(PAUSE, at)
    with pytest.raises(IllegalAction):
        prop.key(OK, at)
    assert prop.to_state(at) == before


def test_defuse_by_hold(rs):
    prop, at = armed(rs, "Quick 1:00")
    prop.hold(DEFUSE, at)
    assert prop.release(at + rs["defuse_ms"] - 1) == [("cancel",)]
    assert prop.phase == RUNNING
    prop.hold(DEFUSE, at + 10000)
    assert drain(prop, at + 10000 + rs["defuse_ms"]) == [("beep",), ("defused",)]
    assert prop.phase == DEFUSED


def test_silent_preset_keeps_checkpoints_and_pauses_by_code(rs):
    prop, at = armed(rs, "Silent 10:00")
    events = []
    for t in range(at, at + 600001, 100):
        events += drain(prop, t)
        if t == at + 100000:
            assert keys(prop, [BACK, BACK, OK], t)[-1] == ("paused",)
            assert keys(prop, [OK, OK, OK], t)[-2:] == [("digit", 3), ("wrong",)]
            assert prop.strikes == 0
            assert keys(prop, [BACK, BACK, OK], t)[-1] == ("resumed",)
    assert ("beep",) not in events
    cps = [e[1] for e in events if e[0] == "checkpoint"]
    assert cps == [300000, 120000, 60000, 10000] and events[-1] == ("boom",)


def test_wires_right_one_defuses_wrong_one_strikes(rs):
    prop, at = armed(rs, "Wired 3:00")
    with pytest.raises(IllegalAction):
        prop.wire_cut(4, at)
    assert prop.wire_cut(0, at) == [("wire_cut", 0), ("strike", 1)]
    assert prop.remaining(at) == 160000
    with pytest.raises(IllegalAction):
        prop.wire_cut(0, at)
    assert prop.wire_cut(2, at) == [("wire_cut", 2), ("defused",)]
    prop, at = armed(rs, "Wired 3:00")
    prop.wire_cut(3, at)
    assert prop.wire_cut(1, at) == [("wire_cut", 1), ("strike", 2), ("boom",)]
    with pytest.raises(IllegalAction):
        Prop(rs, 3, 0).wire_cut(2, 0)  # not armed yet


def test_expiry_goes_off_once(rs):
    prop, at = armed(rs, "Quick 1:00", ticks.MASK - 20000)
    end = ticks.add(at, 60000)
    assert ("boom",) not in drain(prop, ticks.add(end, -1))
    assert drain(prop, end) == [("boom",)]
    assert drain(prop, ticks.add(end, 5)) == []


def roundtrip(prop, now):
    return Prop.from_state(prop.ruleset, json.loads(json.dumps(prop.to_state(now))), now)


def test_a_reset_resumes_paused_with_the_saved_time(rs):
    prop, at = armed(rs, "Classic 5:00")
    keys(prop, [OK] * 6, at + 1000)
    back = roundtrip(prop, at + 5000)
    assert back.phase == PAUSED and back.restored and back.strikes == 1
    assert back.remaining(999999) == 300000 - 5000 - 30000
    assert back.resume(10**6) == [("resumed",)]
    assert back.remaining(10**6 + 1000) == 264000
    assert keys(back, [UP, UP, DOWN, DOWN, LEFT, RIGHT], 10**6 + 2000)[-1] == ("defused",)


def test_a_players_pause_survives_a_reset_and_still_needs_its_hold(rs):
    prop, at = armed(rs, "Classic 5:00")
    prop.hold(PAUSE, at)
    drain(prop, at + rs["pause_ms"])
    back = roundtrip(prop, at + 9000)
    assert back.phase == PAUSED and not back.restored
    with pytest.raises(IllegalAction):
        back.resume(0)


def test_arming_and_finished_props_survive_a_reset(rs):
    prop = Prop(rs, 1, 0)
    prop.set_seconds(42)
    prop.hold(ARM, 0)
    back = roundtrip(prop, 100)
    assert back.phase == SET and back.seconds == 42 and back.arm_progress(100) == 0
    prop, at = armed(rs, "Quick 1:00")
    prop.hold(DEFUSE, at)
    prop.release(at + rs["defuse_ms"])
    back = roundtrip(prop, at + 9000)
    assert back.phase == DEFUSED and back.remaining(0) == 60000 - rs["defuse_ms"]


def test_a_save_with_more_time_left_than_the_timer_was_set_to_is_refused(rs):
    # Found by the hostile-saves property below: a countdown's own limit is 99 hours (It's a
    # Bomb! adds time), so only the timer knows that its time left can never grow.
    prop, at = armed(rs, "Quick 1:00")
    state = json.loads(json.dumps(prop.to_state(at + 1000)))
    state["countdown"]["left"] = 60001
    with pytest.raises(SaveError, match="more time left"):
        Prop.from_state(rs, state, 0)
    state["countdown"]["left"] = 60000
    assert Prop.from_state(rs, state, 0).remaining(0) == 60000


junk_values = st.one_of(
    st.integers(-(2**31), 2**31),
    st.booleans(),
    st.none(),
    st.text(max_size=12),
    st.sampled_from(["set", "arming", "running", "paused", "defused", "boom", "idle", "done"]),
    st.just("Classic 5:00"),
    st.dictionaries(st.text(max_size=8), st.integers(), max_size=3),
)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 3), st.data())
def test_hostile_saves_raise_save_error_or_give_a_sound_prop(index, data):
    with open(RULESETS / "timer.json") as f:
        rs = ruleset.load(json.load(f))
    prop = Prop(rs, index, 0)
    prop.hold(ARM, 0)
    drain(prop, rs["arm_ms"])
    state = json.loads(json.dumps(prop.to_state(rs["arm_ms"] + 1000)))
    spots = [(False, k) for k in sorted(state)] + [(True, k) for k in sorted(state["countdown"])]
    for _ in range(data.draw(st.integers(1, 3))):
        inner, k = data.draw(st.sampled_from(spots))
        where = state["countdown"] if inner else state
        if type(where) is dict:
            where[k] = data.draw(junk_values)
    try:
        back = Prop.from_state(rs, state, 0)
    except SaveError:
        return
    assert back.phase in (SET, PAUSED, DEFUSED, BOOM)
    assert 0 <= back.remaining(0) <= 5999000 and back.strikes <= back.preset["strikes"]
    exercise(back, data)


def exercise(prop, data):
    """Play on with drawn moves: only IllegalAction may come out, and the prop always ends."""
    now = 0
    for _ in range(40):
        now = ticks.add(now, data.draw(st.integers(1, 400000)))
        move = data.draw(st.sampled_from(["resume", "arm", "pause", "release", "key", "cut"]))
        try:
            if move == "resume":
                prop.resume(now)
            elif move in ("arm", "pause"):
                prop.hold(ARM if move == "arm" else PAUSE, now)
            elif move == "release":
                prop.release(now)
            elif move == "key":
                prop.key(data.draw(st.integers(0, 5)), now)
            else:
                prop.wire_cut(data.draw(st.integers(0, 3)), now)
        except IllegalAction:
            pass
        drain(prop, now)
    assert 0 <= prop.remaining(now) <= 5999000


def test_a_save_whose_countdown_disagrees_with_the_prop_is_refused(rs):
    prop, at = armed(rs, "Classic 5:00")
    state = json.loads(json.dumps(prop.to_state(at + 1000)))
    for phase in ("idle", "done"):
        bad = copy.deepcopy(state)
        bad["phase"] = "defused"
        bad["countdown"]["phase"] = phase
        bad["countdown"]["left"] = 0 if phase == "done" else 5000
        with pytest.raises(SaveError):
            Prop.from_state(rs, bad, 0)
    # Saved in the very step the deadline passed: it comes back as gone off.
    late = json.loads(json.dumps(prop.to_state(at + 300000)))
    assert Prop.from_state(rs, late, 0).phase == BOOM
