"""A private choice is confirmed in private: after a TimeBomb II player picks a troop card, or an
Undercover player shows a cover, their private screen says what they chose for a fixed time,
then hides as before. The time and the sounds are the same whatever the choice, so the table
learns nothing from them."""

import json
import re
from pathlib import Path

from core import ruleset
from core.undercover import Game
from host_tests.support.frametext import has_text
from tools.play.driver import (
    DWELL_MS,
    GAP_MS,
    GROUP_ROWS,
    PEEK_MS,
    RecordingSim,
    open_game,
    pass_around,
    step,
    tap,
)

ROOT = Path(__file__).resolve().parents[1]
PASSING = (ROOT / "firmware" / "play" / "passing.py").read_text()
_CHOSEN = re.search(r"^CHOSEN_MS = const\((\d+)\)", PASSING, re.M)
CHOSEN_MS = int(_CHOSEN.group(1)) if _CHOSEN else None  # how long a choice stays up
TAP_MS = 80  # SimProc.tap holds a button this long
POLL_MS = 10
TROOPS = ("SWAT", "Expert", "Bomb x1", "Bomb x2")


def sim(seed):
    return RecordingSim(board="pico-ssd1306", heap="512k", env={"FUSEBOX_SEED": str(seed)})


def look(sp):
    """The named player holds OK to look and lets go: a choice stays up."""
    sp.press("OK")
    sp.wait(PEEK_MS)
    sp.release("OK")
    sp.wait(20)
    assert sp.private


def pick(sp, down):
    """Move to the second choice (or wait as long as that takes), confirm; then watch the
    private screen until it hides. Returns (the frame after the pick, ms until it hid, the
    tones from the pick until a moment after it hid)."""
    if down:
        tap(sp, "DOWN")
    else:
        sp.wait(TAP_MS + GAP_MS)
    first = len(sp.tones)
    tap(sp, "OK")
    shown = sp.frame
    hid = TAP_MS + GAP_MS
    while sp.private:
        assert hid < 5000, "the private screen never hid"
        sp.wait(POLL_MS)
        hid += POLL_MS
    sp.wait(300)
    return shown, hid, sp.tones[first:]


def troop_turn(down):
    """TimeBomb II, seed 3: the four looks after the deal, then the first player's private
    turn, picking the first or the second kind of card held."""
    with sim(3) as sp:
        open_game(sp, GROUP_ROWS["timebomb2"], 0, 0, first=1)
        for _ in range(4):
            pass_around(sp)
        look(sp)
        held = [name for name in TROOPS if has_text(sp.frame, name)]
        shown, hid, tones = pick(sp, down)
        sp.wait(DWELL_MS)
        tap(sp, "OK")
        assert sp.top() == "PlaceScreen" and not sp.private  # the placement comes as before
        return held, shown, hid, tones


def test_a_picked_troop_card_shows_in_private_for_the_same_time_and_sounds_whatever_it_is():
    held, shown0, hid0, tones0 = troop_turn(False)
    again, shown1, hid1, tones1 = troop_turn(True)
    assert held == again and len(held) >= 2, held
    # The chosen card's name, and not the other one's.
    assert has_text(shown0, held[0]) and not has_text(shown0, held[1])
    assert has_text(shown1, held[1]) and not has_text(shown1, held[0])
    assert has_text(shown0, "Chosen:") and has_text(shown1, "Chosen:")
    # Up for the fixed time, then hidden; the same sounds at the same moments.
    assert hid0 == hid1 and CHOSEN_MS <= hid0 <= CHOSEN_MS + TAP_MS + GAP_MS + POLL_MS
    assert tones0 == tones1 and tones0


def cover_step(seed, down):
    """Undercover (house deck), 5 players, seat 0 first: the looks after the deal, round 1's
    Location, then every seat's cover, each with or without a DOWN first (only Shadow has a
    second cover). Returns [(frame after the pick, ms until it hid, tones)] by seat."""
    out = []
    with sim(seed) as sp:
        open_game(sp, GROUP_ROWS["undercover"], 1, 1, first=1)
        for _ in range(5):
            pass_around(sp)
        assert sp.top() == "RoundScreen"
        step(sp)
        for _ in range(5):
            assert sp.top() == "PassScreen"
            look(sp)
            shown, hid, tones = pick(sp, down)
            out.append((shown, hid, tones))
            sp.wait(DWELL_MS)
            tap(sp, "OK")
            sp.wait(50)
        return out


def test_a_shown_cover_shows_in_private_for_the_same_time_and_sounds_whatever_it_is():
    rs = ruleset.load(json.loads((ROOT / "firmware/rulesets/undercover.json").read_text()))
    roles = {}
    for seed in range(1, 20):
        g = Game(rs, 5, seed, first=0)
        roles = [g.view(s)["role"] for s in range(5)]
        if "shadow" in roles:
            break
    shadow = roles.index("shadow")
    plain = cover_step(seed, False)
    other = cover_step(seed, True)
    for seat in range(5):
        for shown, _, _ in (plain[seat], other[seat]):
            assert has_text(shown, "Chosen:")
            assert has_text(shown, "red") != has_text(shown, "blue")  # one cover, named
    # Shadow's two covers are two different confirmations; everyone else has one cover.
    assert has_text(plain[shadow][0], "red") != has_text(other[shadow][0], "red")
    # Every seat, whichever cover: the same time up, the same sounds (relative to the pick),
    # and in the two runs the very same sounds at the very same moments.
    runs = plain + other
    assert len({hid for _, hid, _ in runs}) == 1
    assert CHOSEN_MS <= runs[0][1] <= CHOSEN_MS + TAP_MS + GAP_MS + POLL_MS
    assert len({tuple(rel(t)) for _, _, t in runs}) == 1
    assert [t for _, _, t in plain] == [t for _, _, t in other]


def rel(tones):
    t0 = tones[0][0]
    return [(t - t0, f, d) for t, f, d in tones]
