"""core.countdown: deadline maths, pause/resume, penalties, beep steps, checkpoints, saves."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import ticks
from core.countdown import BEEP, CHECKPOINT, EXPIRED, MAX_MS, NONE, Countdown
from core.errors import IllegalAction, RulesetError, SaveError
from host_tests.support.countdown_loop import CHECKPOINTS, HOUR, SCHEDULE, simulate


def drain(c, now):
    out = []
    while True:
        e = c.poll(now)
        if e == NONE:
            return out
        out.append(e)


def test_expiry_fires_exactly_at_the_deadline():
    c = Countdown(5000)
    c.start(ticks.MASK - 2000)
    deadline = ticks.add(ticks.MASK - 2000, 5000)
    assert c.remaining(ticks.add(deadline, -1)) == 1
    assert drain(c, ticks.add(deadline, -1)) == []
    assert drain(c, deadline) == [EXPIRED]
    assert c.remaining(deadline) == 0 and not c.running and c.expired(deadline)
    assert drain(c, ticks.add(deadline, 100)) == []


def test_paused_time_is_frozen_and_resume_continues():
    c = Countdown(60000)
    c.start(1000)
    c.pause(21000)
    assert not c.running
    assert c.remaining(21000) == 40000 == c.remaining(500000)
    c.resume(500000)
    assert c.running and c.remaining(510000) == 30000


def test_illegal_moves_raise_and_change_nothing():
    c = Countdown(60000)
    with pytest.raises(IllegalAction):
        c.pause(0)
    with pytest.raises(IllegalAction):
        c.resume(0)
    c.start(0)
    with pytest.raises(IllegalAction):
        c.start(10)
    with pytest.raises(IllegalAction):
        c.resume(10)
    assert c.running and c.remaining(10000) == 50000
    with pytest.raises(IllegalAction):
        c.add(MAX_MS + 1, 10000)
    assert c.remaining(10000) == 50000
    with pytest.raises(IllegalAction):
        Countdown(0)


def test_a_penalty_past_zero_detonates_at_the_next_poll():
    c = Countdown(60000, checkpoints=[30000])
    c.start(0)
    c.add(-90000, 10000)
    assert c.remaining(10000) == 0
    assert drain(c, 10001) == [EXPIRED]
    with pytest.raises(IllegalAction):
        c.add(5000, 10002)


def test_added_time_is_capped():
    c = Countdown(MAX_MS - 10)
    c.start(0)
    c.add(1000, 0)
    assert c.remaining(0) == MAX_MS


def test_a_late_step_fires_each_missed_checkpoint_once_and_one_beep():
    c = Countdown(60000, [[60000, 1000]], [50000, 40000, 30000])
    c.start(0)
    assert drain(c, 500) == []
    # 25 s late: two checkpoints and 25 beep marks went by.
    events = drain(c, 25500)
    assert events == [CHECKPOINT, CHECKPOINT, BEEP]
    assert c.last_checkpoint == 40000
    assert drain(c, 25600) == []
    assert drain(c, 26000) == [BEEP]


def test_checkpoints_at_or_above_the_start_are_skipped():
    c = Countdown(60000, checkpoints=[60000, 90000, 59000])
    c.start(0)
    assert drain(c, 0) == []
    assert drain(c, 1000) == [CHECKPOINT] and c.last_checkpoint == 59000


def test_time_added_before_the_start_moves_the_first_marks():
    c = Countdown(50000, [[60000, 1000]], [55000, 45000])
    c.add(10000, 0)
    c.start(0)
    assert drain(c, 0) == []
    assert drain(c, 5000) == [CHECKPOINT, BEEP] and c.last_checkpoint == 55000
    assert drain(c, 5999) == []


def test_beep_interval_shrinks_in_steps():
    c = Countdown(12000, [[12000, 2000], [6000, 1000], [2000, 250]])
    c.start(0)
    beeps = []
    for now in range(0, 13000, 5):
        if BEEP in drain(c, now):
            beeps.append(c.remaining(now))
    # Nothing at 12 s (the start) nor at 0 (the expiry), then 2 s, 1 s and 0.25 s apart.
    assert beeps == [10000, 8000, 6000, 5000, 4000, 3000, 2000] + list(range(1750, 0, -250))
    gaps = [a - b for a, b in zip(beeps, beeps[1:], strict=False)]
    assert gaps == sorted(gaps, reverse=True) and set(gaps) == {2000, 1000, 250}


def test_mark_below_matches_the_schedule():
    c = Countdown(HOUR, SCHEDULE)
    assert c.mark_below(HOUR) == 600000
    assert c.mark_below(600000) == 599000
    assert c.mark_below(61000) == 60000
    assert c.mark_below(60000) == 59500
    assert c.mark_below(10001) == 10000
    assert c.mark_below(10000) == 9750
    assert c.mark_below(250) == -1
    # A threshold off the interval grid: the first mark is the grid point below it.
    assert Countdown(9000, [[7300, 1000]]).mark_below(9000) == 7000


def test_bad_schedules_are_ruleset_errors():
    for beeps in ([[0, 100]], [[100, 0]], [[1, 2, 3]], "x", [[5, 1], [5, 2]], [[1]] * 17):
        with pytest.raises(RulesetError):
            Countdown(1000, beeps)
    for cps in ([0], [True], ["5"], [MAX_MS + 1], list(range(1, 18))):
        with pytest.raises(RulesetError):
            Countdown(1000, None, cps)


def test_save_and_resume_gives_the_same_run():
    def run(save_at, paused):
        c = Countdown(20000, [[20000, 1000], [5000, 250]], [15000, 5000])
        now = ticks.MASK - 7000
        c.start(now)
        log = []
        for t in range(0, 25000, 37):
            if t == save_at:
                state = json.loads(json.dumps(c.to_state(now)))
                c = Countdown.from_state(state, now, paused)
                if paused:
                    assert not c.running
                    c.resume(now)
            log.append((t, drain(c, now), c.remaining(now), c.last_checkpoint))
            now = ticks.add(now, 37)
        return log

    plain = run(-1, False)
    assert run(37 * 200, False) == plain
    assert run(37 * 300, True) == plain


STATE_KEYS = list(Countdown(1000).to_state(0))
junk_values = st.one_of(
    st.integers(-(2**31), 2**31),
    st.booleans(),
    st.none(),
    st.text(max_size=8),
    st.lists(st.integers(-5, 10**7), max_size=3),
    st.lists(st.lists(st.integers(-5, 10**7), max_size=3), max_size=3),
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(STATE_KEYS), junk_values, max_size=4), st.booleans())
def test_hostile_states_raise_save_error_or_give_a_sound_countdown(junk, started):
    c = Countdown(10000, SCHEDULE, CHECKPOINTS)
    if started:
        c.start(0)
    good = c.to_state(50)
    good.update(junk)
    try:
        back = Countdown.from_state(good, 0)
    except SaveError:
        return
    # Whatever loads must run down to its expiry like any countdown.
    if back.phase == 0:
        back.start(0)
    elif back.phase == 2:
        back.resume(0)
    assert 0 <= back.remaining(0) <= MAX_MS
    now = 0
    while not back.expired(now):
        now = ticks.add(now, 7919)
        drain(back, now)


def schedules(longest):
    steps = st.tuples(st.integers(1, longest), st.integers(1, longest // 10 + 1))
    return st.lists(steps, max_size=4, unique_by=lambda s: s[0]).map(
        lambda xs: [list(x) for x in xs]
    )


def actions(longest):
    act = st.tuples(
        st.integers(0, longest),
        st.sampled_from(["pause", "add"]),
        st.integers(-longest // 4, longest // 8),
    )
    return st.lists(act, max_size=5).map(
        lambda xs: sorted((at, k, abs(v) if k == "pause" else v) for at, k, v in xs)
    )


def check_run(duration, wrap_at, seed, jmax, beeps, cps, acts):
    # The loop crosses the tick wrap at a drawn point of the run.
    base = ticks.MASK - int(wrap_at * duration)
    steps, _, _ = simulate(lambda s: None, duration, beeps, cps, base, seed, acts, jmax)
    assert steps >= 1


# Half an hour to an hour with the 1..50 ms jitter: a few examples of up to ~140,000 steps.
@settings(max_examples=5, deadline=None)
@given(
    duration=st.integers(HOUR // 2, HOUR),
    wrap_at=st.floats(0, 1),
    seed=st.integers(0, 2**30 - 1),
    beeps=schedules(HOUR),
    cps=st.lists(st.integers(1, HOUR), max_size=6),
    acts=actions(HOUR),
)
def test_an_hour_of_jitter_across_a_wrap_matches_the_model(
    duration, wrap_at, seed, beeps, cps, acts
):
    check_run(duration, wrap_at, seed, 50, beeps, cps, acts)


# Short countdowns with any jitter bound: the corners (1 ms steps, marks closer than a step).
@settings(max_examples=60, deadline=None)
@given(
    duration=st.integers(1, 20000),
    wrap_at=st.floats(0, 1),
    seed=st.integers(0, 2**30 - 1),
    jmax=st.integers(1, 50),
    beeps=schedules(20000),
    cps=st.lists(st.integers(1, 20000), max_size=6),
    acts=actions(20000),
)
def test_short_jittery_runs_match_the_model(duration, wrap_at, seed, jmax, beeps, cps, acts):
    check_run(duration, wrap_at, seed, jmax, beeps, cps, acts)
