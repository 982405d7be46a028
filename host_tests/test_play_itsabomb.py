"""It's a Bomb! on the sim board: whole games, the Crisis Unit's grid, countdown-only mode, the
setup and scan Consultants, the score, and a reveal build-up that no deal changes."""

import pytest

from host_tests.support.frametext import has_text
from host_tests.support.play_itsabomb import (
    COUNTDOWN,
    GROUP,
    HARD,
    HEAP,
    NIGHT,
    STANDARD,
    TRAINING,
    events,
    no_errors,
    ruleset,
    seats,
)
from tools.play.driver import REVEAL_MS, RecordingSim, open_game, play_to_end, tap


def sim(seed, heap=HEAP, **kw):
    return RecordingSim(board="pico-ssd1306", heap=heap, env={"FUSEBOX_SEED": str(seed)}, **kw)


def press(sp, *buttons):
    for b in buttons:
        tap(sp, b)
    sp.wait(50)


@pytest.mark.parametrize(
    "entry,players,policy",
    [
        (STANDARD, "min", 4),
        (STANDARD, "max", 5),
        (COUNTDOWN, "min", 3),
        (COUNTDOWN, "max", 4),
        (HARD, "max", 6),
        (NIGHT, "min", 5),
        (TRAINING, "max", 7),
    ],
)
def test_a_whole_game_reaches_the_end_screen(entry, players, policy):
    lo, hi = seats(entry)
    n = lo if players == "min" else hi
    with sim(40 + entry + n) as sp:
        open_game(sp, GROUP, entry, n - lo)
        assert sp.top() == "TurnScreen"
        play_to_end(sp, policy=lambda i: i * 7 % policy)
        no_errors(sp)
        evs = events(sp)
        assert evs[-1][0] == "win"
        # The round passes round the table: the speaker's name is in the log's seat count.
        assert sum(1 for e in evs if e[0] in ("ask", "cut_tile")) >= 1
        assert has_text(sp.frame, "Defused!" if evs[-1][1] == "players" else "BOOM!")


def test_countdown_only_mode_reports_cuts_and_scores_the_win():
    rs = ruleset(COUNTDOWN)
    colours = sum(1 for k in ("red", "yellow", "green", "blue", "purple") if rs["tiles"].get(k))
    players = rs["players"][0]
    with sim(5) as sp:
        open_game(sp, GROUP, COUNTDOWN, 0)
        setup = any(c["when"] == "setup" for c in rs.get("consultants", ()))
        if setup:
            press(sp, "DOWN")  # past the setup Consultant(s) to "Start"
            assert has_text(sp.frame, "Start")
            press(sp, "OK", "OK")
        assert has_text(sp.frame, "Asked")
        press(sp, "OK", "OK")  # a question: the countdown advances one card
        sp.wait(REVEAL_MS)
        assert has_text(sp.frame, "Time " + str((rs["time"] - 10) // 60) + ":")
        press(sp, "OK")
        for _ in range(colours):
            press(sp, "DOWN", "DOWN")  # "Cut: new colour"
            assert has_text(sp.frame, "new colour")
            press(sp, "OK", "OK")
            sp.wait(REVEAL_MS)
            assert has_text(sp.frame, "New colour!")
            press(sp, "OK")
        no_errors(sp)
        assert sp.top() == "EndScreen" and has_text(sp.frame, "Defused!")
        # IB-6: +3 a Timer card left (one was spent on the question), +2 an unused Consultant,
        # +1 a standard scenario, -1 a player.
        timers = rs["time"] // 10 - 1
        score = 3 * timers + 2 * len(rs.get("consultants", ())) + 1 - players
        assert events(sp)[-2] == ["score", str(score)]


def test_the_night_porter_leaves_two_places_empty_before_the_start():
    with sim(6) as sp:
        open_game(sp, GROUP, NIGHT, 0)
        assert has_text(sp.frame, "Use The Night")
        press(sp, "OK", "OK")  # use him, confirmed
        assert sp.top() == "Notice"  # his card, read out
        press(sp, "OK")
        assert has_text(sp.frame, "Hole A_")
        press(sp, "OK", "OK")
        assert has_text(sp.frame, "Hole A1?")
        press(sp, "OK")
        assert has_text(sp.frame, "Hole A_")  # one more place to leave empty
        press(sp, "OK", "DOWN")  # the same row, then past the first tile left there
        assert has_text(sp.frame, "Hole A3")  # A1 has no tile now: A2 comes first, then A3
        press(sp, "OK", "OK")
        assert has_text(sp.frame, "Start")
        press(sp, "OK", "OK")
        no_errors(sp)
        assert [e[:3] for e in events(sp)] == [
            ["consult", "0", "fewer_grey"],
            ["empty", "0", "0"],
            ["empty", "0", "2"],
            ["start"],
        ]
        assert has_text(sp.frame, "Ask row")


def test_a_scan_shows_one_tiles_token_and_asking_shows_the_line_s_tokens():
    rs = ruleset(TRAINING)
    k = [c["effect"] for c in rs["consultants"]].index("scan")
    with sim(7) as sp:
        open_game(sp, GROUP, TRAINING, 0)
        press(sp, *["DOWN"] * (3 + k))
        # The title keeps a column for its UP/DOWN arrows.
        assert has_text(sp.frame, "Use " + rs["consultants"][k]["name"][:9])
        press(sp, "OK", "OK", "OK")  # use, confirm, close the card
        assert has_text(sp.frame, "Scan A_")
        press(sp, "OK", "OK", "OK")
        scan = events(sp)[-1]
        assert scan[:3] == ["scan", "0", "0"]
        assert sp.top() == "Notice" and has_text(sp.frame, "A1:")
        press(sp, "OK")
        press(sp, "OK", "DOWN", "OK", "OK")  # ask row B
        sp.wait(REVEAL_MS)
        ask = events(sp)[-2]
        assert ask[:3] == ["ask", "row", "1"]
        assert has_text(sp.frame, "Ask row B")
        no_errors(sp)


def build_ups(sp):
    """The frames and tones of every reveal's build-up: from the reveal screen to its result."""
    out = []
    cur = None
    for h in sp.history:
        if h[0] == "log" and h[3].startswith("screen ") and h[3].split(" ")[2] == "RevealScreen":
            cur = []
        elif h[0] == "log" and h[3] == "result" and cur is not None:
            out.append(cur)
            cur = None
        elif cur is not None and h[0] != "log":
            cur.append(h)
    return out


def first_cut_history(seed):
    """Ask row A, column 1 and row B, then cut tile A1 of the standard grid: the build-ups of
    the four reveals, and the whole public history up to the first result."""
    with sim(seed) as sp:
        open_game(sp, GROUP, STANDARD, 0)
        press(sp, "OK", "OK", "OK")  # ask row A
        sp.wait(REVEAL_MS)
        press(sp, "OK", "DOWN", "OK", "OK", "OK")  # ask column 1
        sp.wait(REVEAL_MS)
        press(sp, "OK", "OK", "DOWN", "OK", "OK")  # ask row B
        sp.wait(REVEAL_MS)
        press(sp, "OK", "DOWN", "DOWN")
        assert has_text(sp.frame, "Cut tile")
        press(sp, "OK", "OK", "OK")
        assert has_text(sp.frame, "Cut A1?")
        press(sp, "OK")
        sp.wait(2000)
        no_errors(sp)
        result = [h for h in sp.history if h[0] == "log" and h[3] == "result"]
        assert len(result) == 4, "a reveal never showed its result"
        upto = sp.history.index(result[0])
        hist = [h for h in sp.history[:upto] if h[0] != "log"]
        evs = [e for e in events(sp) if e[0] in ("ask", "cut_tile")]
        assert [e[:3] for e in evs[:3]] == [["ask", "row", "0"], ["ask", "col", "0"]] + [
            ["ask", "row", "1"]
        ]
        return hist, build_ups(sp), evs, sp.frame


def test_every_reveal_s_build_up_looks_the_same_whatever_the_deal():
    runs = [first_cut_history(seed) for seed in (1, 2, 3, 4, 5)]
    base, ups = runs[0][0], runs[0][1]
    assert len(base) > 10 and len(ups) == 4 and all(len(u) > 3 for u in ups)
    for hist, u, _, _ in runs[1:]:
        assert hist == base
        assert u == ups
    # ...while the deals really differed: other tokens, other tiles, other results on screen.
    assert len({" ".join(" ".join(e) for e in evs) for _, _, evs, _ in runs}) > 1
    assert len({evs[3][3] for _, _, evs, _ in runs}) > 1
    assert len({bytes(f) for _, _, _, f in runs}) > 1


def test_a_choice_can_be_changed_until_it_is_confirmed():
    with sim(9) as sp:
        open_game(sp, GROUP, STANDARD, 0)
        press(sp, "OK", "OK")  # ask row A...
        assert has_text(sp.frame, "Ask A?")
        press(sp, "BACK", "BACK", "DOWN", "DOWN", "OK", "OK", "OK")  # ...no: cut tile A1...
        assert has_text(sp.frame, "Cut A1?")
        press(sp, "BACK", "DOWN")  # ...no: A2
        assert has_text(sp.frame, "Cut A2")
        press(sp, "BACK", "DOWN", "OK", "OK")  # ...no: B1
        assert has_text(sp.frame, "Cut B1?") and not events(sp)
        press(sp, "OK")
        assert events(sp)[0][:3] == ["cut_tile", "1", "0"]
        no_errors(sp)
