"""TimeBomb II's screen text on CPython: it fits, it comes from the ruleset, it keeps secrets."""

import copy
import json
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from core import ruleset
from core.timebomb2 import TROOPS, Game
from firmware import strings
from firmware.games import package
from firmware.games.timebomb2 import skin as ui
from firmware.play.session import Session

ROOT = Path(__file__).resolve().parents[1]
OFFICIAL = json.loads((ROOT / "firmware" / "rulesets" / "timebomb2.json").read_text())
SMALLEST_ROWS = 4  # 72x40: 9 columns, a title bar and 4 body rows
SMALLEST_COLS = 9


def rules(obj=OFFICIAL):
    return ruleset.load(copy.deepcopy(obj))


def session(n=4, seed=1, rs=None):
    rs = rs or rules()
    return Session("rulesets/timebomb2.json", rs, ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:n],
                   seed, Game(rs, n, seed, first=0), [])  # fmt: skip


def test_every_text_key_the_screens_use_is_in_the_strings_table():
    keys = set()
    for path in (ROOT / "firmware" / "games" / "timebomb2").glob("*.py"):
        if path.name.startswith("text_"):
            continue  # the table itself
        keys |= set(re.findall(r"\bS\(\"([a-z][a-z_.]*[a-z])\"", path.read_text()))
    keys |= {"b." + b for b in ("dummy", "hideout", "boom")}
    keys |= {"k." + k for k in TROOPS}
    keys |= {"x." + r for r in ("storm", "failed", "explosion")}
    assert len(keys) > 30
    table = package("timebomb2", "text_en").TEXT
    assert sorted(k for k in keys if k not in table and k not in strings.TEXT) == []


def test_the_private_turn_shows_every_choice_on_the_smallest_screen():
    """The building reminder and the choices share the 4 rows of a 72x40 screen."""
    rs = rules()
    for n in range(rs["seats"][0], rs["seats"][1] + 1):
        for seed in range(12):
            s = session(n, seed, rs)
            for seat in range(n):
                s.game.pending = [0] * n
                s.game.turn = seat
                view = s.game.view(seat)
                choices, _ = ui.private_choice(s, seat)
                lines = ui.private_lines(s, view, seat)
                # each line one row (no wrapping), and the lines and choices fit in 4 rows; a
                # choice is a row, which scrolls while selected: the English plural "2 Bombs x1"
                # is one column over (as "1 Bombe x1" is in French and German)
                assert all(len(line) <= SMALLEST_COLS for line in lines)
                assert all(len(c[0]) <= SMALLEST_COLS + 1 for c in choices)
                assert len(lines) + len(choices) <= SMALLEST_ROWS
                assert [c[1] for c in choices] == [k for k in TROOPS if view["hand"][k]]
                # the confirmation names the card, without the count held
                assert [c[2] for c in choices] == [ui.troop_name(c[1]) for c in choices]


def test_a_plain_look_puts_role_and_building_first_then_the_hand():
    s = session(5, 3)
    for seat in range(5):
        view = s.game.view(seat)
        lines = ui.private_lines(s, view, seat)
        assert lines[0] == "You: " + ui.role_name(view["role"])
        assert lines[1] == "Bldg: " + ui.building_name(view["building"])
        assert lines[2:] == ui.hand_lines(view["hand"]) and len(lines) > 2


def test_a_chosen_card_is_kept_for_the_placement_and_asked_again_for_the_next_seat():
    s = session(4, 2)
    s.game.pending = [0] * 4
    choices, chosen = ui.private_choice(s, 0)
    chosen(choices[-1][1])
    assert ui.private_choice(s, 0) is None  # the public placement comes next
    assert ui.private_choice(s, 1) is not None


def check_events(counts, result, total, place=4):
    return [("place", 3, place, 4), ("check", place, result, total) + tuple(counts)]


def test_a_check_result_shows_the_result_the_total_and_the_four_cards():
    s = session(4)
    evs = check_events((1, 1, 1, 1), "failed", 2)
    lines = ui.result_lines(s, evs)
    assert lines[:2] == ["FAILED", "Total 2"]
    assert lines[2:] == ["1 SWAT", "1 Expert", "1 Bomb x1", "1 Bomb x2"]
    assert ui.action_lines(s, evs) == ["Storm check", "at Centre"]
    evs = check_events((4, 0, 0, 0), "storm", 0, 1) + [
        ("building", 1, "hideout", 1),
        ("move", 4),
        ("return", 2),
        ("return", 3),
        ("return", 0),
        ("return", 1),
        ("transceiver", 2),
    ]
    lines = ui.result_lines(s, evs)
    assert lines[:4] == ["STORM IN", "Bo: Hideout", "Found 1/2", "Total 0"]
    assert lines[-3:] == ["Hideouts move", "Back to work: Cy, Di, Ann, Bo", "Radio: Cy"]
    assert ui.result_sound(evs) == "confirm"
    boom = check_events((0, 0, 1, 1), "explosion", 3, 0) + [
        ("building", 0, "boom", 0),
        ("win", "terrorists", "boom"),
    ]
    lines = ui.result_lines(s, boom)
    assert lines[:2] == ["EXPLOSION", "Ann: Boom"] and lines[-1] == "Terrorists win"
    assert ui.result_sound(boom) == "boom"


def test_the_rules_page_follows_the_ruleset_numbers():
    variant = copy.deepcopy(OFFICIAL)
    variant["storm"] = {"troops": 3, "storm_in": -1, "explosion": 4}
    variant["bombs"]["expert"] = -2
    for obj, want in ((OFFICIAL, ("cards: 4", "of 0 or", "at 3 or", "Expert -1")),
                      (variant, ("cards: 3", "of -1 or", "at 4 or", "Expert -2"))):  # fmt: skip
        s = session(4, 1, rules(obj))
        s.game.pending = [0] * 4
        text = "\n".join(ui.rules_lines(s, s.game.view(None)))
        for w in want:
            assert w in text
        assert "Now: Ann plays" in text and "Radio: Ann" in text


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**30), st.integers(4, 6), st.randoms(use_true_random=False))
def test_public_text_never_names_a_face_down_card(seed, n, rnd):
    """Placements are logged without their kind; the table text built from view(None) never
    holds a role or a face-down building until the end."""
    s = session(n, seed)
    g = s.game
    secret = {ui.troop_name(k) for k in TROOPS} - {ui.troop_name("swat")}
    while g.outcome() is None:
        for seat in g.reveals():
            g.seen(seat)
        if g.outcome() is not None:
            break
        for ev in g.act(rnd.choice(g.actions())):  # no save: nothing written on the host
            line = ui.log_line(s, ev)
            if ev[0] == "place":
                assert not any(word in line for word in secret)
        view = g.view(None)
        if g.outcome() is None:
            text = "\n".join(ui.rules_lines(s, view) + ui.status_lines(s, view))
            assert ui.role_name("terrorist") + " " not in text.replace("Terrorists win", "")
            for p in range(n + 1):
                if view["buildings"][p] is None:
                    assert ui.where(s, p) + " " + ui.building_name("boom") not in text
    end = ui.end_lines(s, g.view(None))
    assert len(end) == n + 1  # every role and building, and the centre's building
    assert end[-1].startswith("Centre: ")


def test_the_rules_page_repeats_the_last_check_which_a_reset_may_have_cut_short():
    s = session(4, 5)
    g = s.game
    g.pending = [0] * 4
    for _ in range(4):
        g.act(("place", "swat", 4))
    text = "\n".join(ui.rules_lines(s, g.view(None)))
    assert "Last check: Centre: 4 SWAT; Total 0 STORM IN" in text
