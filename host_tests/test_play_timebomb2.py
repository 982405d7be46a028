"""TimeBomb II on the sim board: whole games, the private turn, placements, storm checks."""

import pytest

from host_tests.support.frametext import has_text
from tools.play.driver import (
    CHOSEN_MS,
    DWELL_MS,
    GROUP_ROWS,
    PEEK_MS,
    RecordingSim,
    open_game,
    pass_around,
    play_to_end,
    step,
    tap,
)

HEAP = "512k"  # .py sources compile on the sim heap; budgets are measured with .mpy
GROUP = GROUP_ROWS["timebomb2"]


def sim(seed, heap=HEAP, **kw):
    return RecordingSim(board="pico-ssd1306", heap=heap, env={"FUSEBOX_SEED": str(seed)}, **kw)


def events(sp):
    return [line[3:].split(" ") for line in sp.logs if line.startswith("ev ")]


def seen(sp):
    return [int(line[5:]) for line in sp.logs if line.startswith("seen ")]


def check_the_log(evs, players):
    """The public events of a whole game follow the rules, as far as the table can tell."""
    assert evs[-1][0] == "win"
    up = set()
    for i, ev in enumerate(evs):
        if ev[0] == "place":
            assert 0 <= int(ev[1]) < players and int(ev[2]) not in up
            assert 1 <= int(ev[3]) <= 4
            if ev[3] == "4":
                assert evs[i + 1][0] == "check"  # the group is complete: a storm check
        elif ev[0] == "check":
            counts = [int(x) for x in ev[4:8]]
            assert sum(counts) == 4
            total = -counts[1] + counts[2] + 2 * counts[3]  # ruling T2-2
            assert int(ev[3]) == total
            assert ev[2] == ("storm" if total <= 0 else "explosion" if total >= 3 else "failed")
            follows = evs[i + 1][0] if i + 1 < len(evs) else None
            assert (follows == "building") == (ev[2] != "failed")  # ruling T2-3
        elif ev[0] == "building":
            up.add(int(ev[1]))


@pytest.mark.parametrize("players_up,policy", [(0, 3), (2, 4)])
def test_a_whole_game_reaches_the_end_screen(players_up, policy):
    players = 4 + players_up
    with sim(11 + players_up) as sp:
        open_game(sp, GROUP, 0, players_up)
        assert sp.top() == "PassScreen"
        play_to_end(sp, policy=lambda i: i % policy)
        evs = events(sp)
        assert seen(sp)[:players] == list(range(players))  # everybody looked after the deal
        assert sum(1 for e in evs if e[0] == "place") >= 4
        check_the_log(evs, players)
        assert sp.top() == "EndScreen"
        assert has_text(sp.frame, "SWAT win" if evs[-1][1] == "swat" else "Terrorists win")


def scroll(sp, n):
    """The frames shown while scrolling a result down n rows."""
    frames = [sp.frame]
    for _ in range(n):
        tap(sp, "DOWN")
        frames.append(sp.frame)
    return frames


def play_one_turn(sp, card_downs, place_downs):
    """Pass to the current player, who picks a card in private; then place it publicly."""
    assert sp.top() == "PassScreen"
    pass_around(sp, card_downs)
    assert sp.top() == "PlaceScreen"
    for _ in range(place_downs):
        tap(sp, "DOWN")
    tap(sp, "OK")
    tap(sp, "OK")
    sp.wait(50)


def test_the_chosen_card_is_placed_where_the_table_chose_and_a_full_group_is_checked():
    with sim(5) as sp:
        open_game(sp, GROUP, 0, 0, first=1)
        for _ in range(4):
            pass_around(sp)
        # Four turns, all at the centre (the last face-down building, after the 4 seats).
        for _ in range(4):
            play_one_turn(sp, 0, 4)
        evs = events(sp)
        places = [e for e in evs if e[0] == "place"]
        assert places == [["place", str(t), "4", str(t + 1)] for t in range(4)]
        check = [e for e in evs if e[0] == "check"]
        assert len(check) == 1 and check[0][1] == "4"
        # Every seat's first choice is a plain SWAT card (the first kind in every hand).
        assert check[0][4:8] == ["4", "0", "0", "0"] and check[0][2] == "storm"
        assert sp.top() == "CheckReveal"
        sp.wait(1700)
        assert has_text(sp.frame, "STORM IN")


def test_another_card_can_be_chosen_until_the_placement_is_confirmed():
    with sim(6) as sp:
        open_game(sp, GROUP, 0, 0, first=1)
        for _ in range(4):
            pass_around(sp)
        pass_around(sp, 0)
        assert sp.top() == "PlaceScreen"
        # The last row takes the card back: the device asks for the player again, in private.
        for _ in range(5):
            tap(sp, "DOWN")
        assert has_text(sp.frame, "(other card)")
        tap(sp, "OK")
        sp.wait(50)
        assert sp.top() == "PassScreen" and not events(sp)
        pass_around(sp, 1)  # the second kind this time: an Expert or a Bomb card
        assert sp.top() == "PlaceScreen"
        tap(sp, "OK")  # P1's building...
        tap(sp, "BACK")  # ...no, back to the list
        tap(sp, "DOWN")
        tap(sp, "OK")
        assert has_text(sp.frame, "at P2")
        tap(sp, "OK")
        sp.wait(50)
        assert events(sp) == [["place", "0", "1", "1"]]


def test_hideouts_move_and_every_face_down_seat_looks_again():
    """After a building turns face up the device asks every seat whose building is still face
    down, changed or not (asking only the changed ones would tell the table which moved)."""
    for seed in range(20, 40):
        with sim(seed) as sp:
            open_game(sp, GROUP, 0, 0, first=1)
            for _ in range(4):
                pass_around(sp)
            for _ in range(4):
                play_one_turn(sp, 0, 4)
            evs = events(sp)
            if not any(e[0] == "move" for e in evs):
                continue  # this deal's centre was the Boom building: another deal
            sp.wait(1700)
            assert has_text(sp.frame, "STORM IN")
            assert any(has_text(f, "Hideouts move") for f in scroll(sp, 8))
            before = len(seen(sp))
            step(sp)  # close the reveal
            for _ in range(4):
                assert sp.top() == "PassScreen"
                pass_around(sp)
            assert seen(sp)[before:] == [0, 1, 2, 3]
            # Four plain SWAT stormed in: back to work, from the Transceiver holder (seat 0).
            assert [e for e in evs if e[0] in ("return", "transceiver")] == [
                ["return", "0"],
                ["return", "1"],
                ["return", "2"],
                ["return", "3"],
                ["transceiver", "0"],
            ]
            assert sp.top() == "PassScreen"  # the next player's private turn
            return
    raise AssertionError("no deal of 20 had a hideout or dummy in the centre")


def first_check_history(seed):
    """Deal 4 players; each puts their second kind of card at the centre; the public history up
    to the check's result. The second kind is an Expert for SWAT, a bomb for a Terrorist."""
    with sim(seed) as sp:
        open_game(sp, GROUP, 0, 0, first=1)
        for _ in range(4):
            pass_around(sp)
        for _ in range(4):
            play_one_turn(sp, 1, 4)
        assert sp.top() == "CheckReveal"
        sp.wait(2000)
        result = [h for h in sp.history if h[0] == "log" and h[3] == "result"]
        assert result, "the reveal never showed its result"
        upto = sp.history.index(result[0])
        hist = [h for h in sp.history[:upto] if h[0] != "log" and not h[2]]
        private = [h[3] for h in sp.history if h[0] == "frame" and h[2]]
        return hist, private, events(sp)


def test_pass_arounds_placements_and_the_check_build_up_look_the_same_for_every_deal():
    runs = [first_check_history(seed) for seed in (1, 2, 3, 4, 5)]
    base = runs[0][0]
    assert len(base) > 40
    for hist, _, _ in runs[1:]:
        assert hist == base
    # ...while the secrets really differed: other hands, and other buildings in the centre.
    assert len({tuple(p) for _, p, _ in runs}) > 1
    assert len({" ".join(" ".join(e) for e in evs) for _, _, evs in runs}) > 1


def test_a_private_turn_hides_and_needs_a_new_pass_to_come_back():
    with sim(3) as sp:
        open_game(sp, GROUP, 0, 0, first=1)
        for _ in range(4):
            pass_around(sp)
        sp.press("OK")
        sp.wait(PEEK_MS)
        sp.release("OK")
        sp.wait(20)
        assert sp.private  # a choice stays up after the release
        tap(sp, "OK")
        assert sp.private  # what was chosen, for a fixed time; the buttons do nothing meanwhile
        for button in ("UP", "DOWN", "BACK", "OK"):
            tap(sp, button)
        sp.wait(CHOSEN_MS)
        assert not sp.private and sp.top() == "PassScreen"
        for button in ("UP", "DOWN"):
            tap(sp, button)
            assert not sp.private
        sp.wait(DWELL_MS)
        tap(sp, "OK")
        sp.wait(50)
        assert sp.top() == "PlaceScreen" and not sp.private


def test_the_pause_menu_shows_the_rules_for_now_and_the_game_log():
    with sim(9) as sp:
        open_game(sp, GROUP, 0, 0, first=1)
        for _ in range(4):
            pass_around(sp)
        play_one_turn(sp, 0, 4)  # P1 puts a card at the centre
        pass_around(sp, 0)
        assert sp.top() == "PlaceScreen"
        tap(sp, "BACK")
        assert sp.top() == "PauseMenu"
        tap(sp, "DOWN")
        tap(sp, "OK")
        assert sp.top() == "Notice"
        assert has_text(sp.frame, "Now: P2 plays")
        frames = scroll(sp, 12)
        assert any(has_text(f, "Troops waiting:") for f in frames)
        assert any(has_text(f, "Radio: P1") for f in frames)
        tap(sp, "OK")
        tap(sp, "DOWN")
        tap(sp, "OK")
        assert has_text(sp.frame, "P1 > Centre")
        tap(sp, "OK")
        tap(sp, "UP")
        tap(sp, "UP")
        tap(sp, "OK")  # continue: the placement is still there, the card still chosen
        assert sp.top() == "PlaceScreen"
        tap(sp, "OK")
        tap(sp, "OK")
        assert events(sp)[-1] == ["place", "1", "0", "1"]
