"""The app on the sim board: boot, main menu by game, broken rulesets, settings, about."""

import json
import os
from pathlib import Path

import pytest

from core import ruleset
from core.errors import RulesetError
from firmware.version import VERSION
from host_tests.support.appsim import errors, start, tap, top
from host_tests.support.frametext import find_text, has_text
from tools import boards
from tools.sim import cli as simcli
from tools.sim import process as simproc


def open_main_item(sim, label):
    """Move the main menu cursor to `label` (by reading the screen) and press OK."""
    for _ in range(24):
        pos = find_text(sim.frame, label)
        # The selected row is drawn inverted: the pixel left of the text is lit.
        if pos is not None and sim.frame.pixel(max(0, pos[0] - 1), pos[1]):
            tap(sim, "OK")
            return
        tap(sim, "DOWN")
    raise AssertionError("could not select " + label)


# -- tests -------------------------------------------------------------------------------------


def test_font_reader_finds_drawn_text_and_not_absent_text():
    with start() as sim:
        sim.wait(50)
        assert has_text(sim.frame, "Fusebox")
        assert not has_text(sim.frame, "Fusebux")


@pytest.mark.parametrize("board", ["pico-ssd1306", "thumby", "pico-display-pack"])
def test_boot_shows_the_main_menu_with_every_game_group(board):
    with start(board) as sim:
        sim.wait(50)
        assert top(sim) == ("SavesList", "Fusebox")
        assert not errors(sim)
        # Labels are cut to the display (the Thumby shows 9 columns, minus icon and scrollbar);
        # the first rows fit on every display, the rest are reached by scrolling.
        n = 6 if board == "thumby" else 12
        assert has_text(sim.frame, "Time Bomb"[:n])
        seen = set()
        for _ in range(10):
            for label in ("Undercover", "TimeBomb II", "It's a Bomb!", "Bomb timer", "Settings"):
                if has_text(sim.frame, label[:n]):
                    seen.add(label)
            tap(sim, "DOWN")
        assert seen == {"Undercover", "TimeBomb II", "It's a Bomb!", "Bomb timer", "Settings"}


def test_a_broken_ruleset_is_listed_with_its_reason_and_the_rest_keep_working(tmp_path):
    flash = tmp_path / "flash"
    simproc.populate_flash(flash, simproc.sim_profile())
    extra = tmp_path / "extra"
    extra.mkdir()
    bad = {"format": 1, "game": "timebomb", "name": "Broken TB", "roles": "nope"}
    (extra / "zz-broken.json").write_text(json.dumps(bad))
    (extra / "zz-garbage.json").write_text("{not json")
    orig = simproc.populate_flash

    def populate(f, profile, main=None):
        out = orig(f, profile, main)
        for p in extra.iterdir():
            (Path(out) / "rulesets" / p.name).write_text(p.read_text())
        return out

    mp = pytest.MonkeyPatch()
    mp.setattr(simproc, "populate_flash", populate)
    try:
        sim = start(flash=str(flash))
    finally:
        mp.undo()
    with sim:
        sim.wait(50)
        # The unreadable file has no game: it sits on the main menu itself, marked "!".
        for _ in range(12):
            if has_text(sim.frame, "! zz-garbage"):
                break
            tap(sim, "DOWN")
        else:
            raise AssertionError("garbage file not listed:\n" + sim.text())
        tap(sim, "OK")
        assert top(sim)[0] == "Notice"
        assert has_text(sim.frame, "not valid JSON")
        tap(sim, "BACK")
        # Time Bomb still opens, lists the good ruleset and the broken one with its reason.
        for _ in range(12):
            tap(sim, "UP")
            if sim.frame.pixel(0, 10) and has_text(sim.frame, "Time Bomb"):
                break
        open_main_item(sim, "Time Bomb")
        assert top(sim) == ("SavesList", "Time Bomb")
        assert has_text(sim.frame, "Time Bomb")
        assert has_text(sim.frame, "! zz-broken")
        tap(sim, "DOWN")
        tap(sim, "OK")
        assert top(sim)[0] == "Notice"
        assert has_text(sim.frame, "zz-broken.json:")
        # The reason is core's own message (same code on the host), which names a path.
        with pytest.raises(RulesetError) as why:
            ruleset.load(bad)
        path = str(why.value).split(":")[0]
        assert has_text(sim.frame, path + ":")
        tap(sim, "BACK")
        tap(sim, "UP")
        tap(sim, "OK")
        # The good ruleset still opens its game (not a notice).
        assert top(sim)[0] != "Notice" and top(sim)[1] == "Time Bomb"
        assert not errors(sim)


def test_settings_change_now_and_survive_a_reset(tmp_path):
    flash = str(tmp_path / "flash")
    with start(flash=flash) as sim:
        sim.wait(50)
        open_main_item(sim, "Settings")
        assert top(sim)[0] == "SettingsScreen"
        assert has_text(sim.frame, "on")
        tap(sim, "OK")  # sound off
        tap(sim, "DOWN", 2)
        tap(sim, "OK", 2)  # brightness 4 -> 5 -> 1
        tap(sim, "BACK")  # leaving saves
        assert top(sim) == ("SavesList", "Fusebox")
    assert Path(flash, "data", "settings.json").exists()
    with start(flash=flash) as sim:
        sim.wait(50)
        open_main_item(sim, "Settings")
        assert has_text(sim.frame, "off")
        assert has_text(sim.frame, "1/5")


def test_seat_names_are_edited_with_four_buttons_and_kept(tmp_path):
    flash = str(tmp_path / "flash")
    with start(flash=flash) as sim:
        sim.wait(50)
        open_main_item(sim, "Settings")
        tap(sim, "DOWN", 5)  # past sound, volume, brightness, auto-hide and language
        tap(sim, "OK")
        assert top(sim) == ("SeatsScreen", "Seat names")
        assert has_text(sim.frame, "1 P1")
        tap(sim, "OK")
        assert top(sim) == ("ListScreen", "Seat 1")  # the name picker; its first row types
        tap(sim, "OK")
        assert top(sim)[0] == "NameEditor"
        tap(sim, "UP")  # the default name starts blank: blank -> A
        tap(sim, "OK")
        tap(sim, "DOWN")  # blank -> a, then back one: Z
        tap(sim, "OK", 7)  # past the last letter: saved
        assert top(sim) == ("SeatsScreen", "Seat names")
        assert has_text(sim.frame, "1 AZ")
    assert '"AZ"' in Path(flash, "data", "settings.json").read_text()


def test_a_seat_name_is_picked_from_the_list_and_keeps_its_accent(tmp_path):
    flash = str(tmp_path / "flash")
    with start(flash=flash) as sim:
        sim.wait(50)
        open_main_item(sim, "Settings")
        tap(sim, "DOWN", 5)  # past sound, volume, brightness, auto-hide and language
        tap(sim, "OK")
        tap(sim, "DOWN")  # seat 2
        tap(sim, "OK")
        assert top(sim) == ("ListScreen", "Seat 2")
        tap(sim, "DOWN", 5)  # Type A-Z, Alex, Ana, Anna, Ben, Chloé
        tap(sim, "OK")
        assert top(sim) == ("SeatsScreen", "Seat names")
        assert has_text(sim.frame, "1 P1")
    saved = json.loads(Path(flash, "data", "settings.json").read_bytes().decode("utf-8"))
    assert saved["data"]["names"][:2] == ["P1", "Chloé"]
    with start(flash=flash) as sim:  # the replaced name comes first the next time
        sim.wait(50)
        open_main_item(sim, "Settings")
        tap(sim, "DOWN", 5)
        tap(sim, "OK")
        tap(sim, "DOWN")
        tap(sim, "OK")
        tap(sim, "DOWN")
        tap(sim, "OK")  # Alex
    saved = json.loads(Path(flash, "data", "settings.json").read_bytes().decode("utf-8"))
    assert saved["data"]["names"][1] == "Alex" and saved["data"]["recent"] == ["Chloé"]


def test_al_takes_fifteen_presses_in_the_letter_editor(tmp_path):
    """A default name (P1) is a placeholder: the editor starts blank; a blank starts on A at the
    front and on a after it. Was 31 presses."""
    flash = str(tmp_path / "flash")
    with start(flash=flash) as sim:
        sim.wait(50)
        open_main_item(sim, "Settings")
        tap(sim, "DOWN", 5)
        tap(sim, "OK")
        tap(sim, "OK")
        tap(sim, "OK")  # Type A-Z
        assert top(sim)[0] == "NameEditor"
        tap(sim, "UP")  # A
        tap(sim, "OK")
        tap(sim, "UP")  # a
        tap(sim, "UP", 11)  # a -> l
        sim.send("press OK")  # 14 presses, and a hold saves: 15
        sim.wait(1200)
        sim.send("release OK")
        sim.wait(100)
        assert top(sim) == ("SeatsScreen", "Seat names")
        assert has_text(sim.frame, "1 Al")


def test_about_shows_version_board_and_free_memory():
    with start() as sim:
        sim.wait(50)
        open_main_item(sim, "About")
        assert top(sim) == ("AboutScreen", "About")
        assert has_text(sim.frame, VERSION)  # firmware/version.py: the one version
        assert has_text(sim.frame, "RAM free")
        tap(sim, "BACK")
        assert top(sim) == ("SavesList", "Fusebox")


def test_the_mpy_build_boots():
    with start(mpy=True, heap="128k") as sim:
        sim.wait(50)
        assert top(sim) == ("SavesList", "Fusebox")
        assert not list(Path(sim.flash, "firmware").glob("*.py"))
        assert os.path.exists(Path(sim.flash, "firmware", "app.mpy"))


def bar_and_ink(frame):
    """The selected row of a list: (top, bottom) of its bar (the run of lit rows at the right
    edge, clear of the scrollbar, at least a glyph tall) and (top, bottom, left, right) of the
    text drawn in it (the unlit pixels inside the bar)."""
    x = frame.width - 4
    runs = []
    y = 0
    while y < frame.height:
        if frame.pixel(x, y):
            y0 = y
            while y < frame.height and frame.pixel(x, y):
                y += 1
            runs.append((y0, y - 1))
        y += 1
    bars = [r for r in runs if r[1] - r[0] >= 7]
    assert len(bars) == 1, runs
    y0, y1 = bars[0]
    ink = [(px, py) for py in range(y0, y1 + 1) for px in range(x) if not frame.pixel(px, py)]
    ys = [p[1] for p in ink]
    xs = [p[0] for p in ink]
    return (y0, y1), (min(ys), max(ys), min(xs), max(xs))


@pytest.mark.parametrize("board", boards.names())
def test_a_selected_row_has_a_row_of_bar_above_and_below_its_letters(board):
    # The second row is selected ("Undercover": no letter reaches below the baseline), under
    # the first: the row above its bar is a list row's leading, not the title's rule. A
    # capital's top edge must not merge with the black above the bar, nor its foot with the
    # black below: one row of bar colour (a scaled one on the colour panel) over the text's
    # top pixel row and under its bottom one, all across the text.
    with start(board) as sim:
        sim.wait(50)
        down, _ = simcli.resolve(sim.profile, "down")
        tap(sim, down)
        assert top(sim) == ("SavesList", "Fusebox")
        frame = sim.frame
    (bar_top, bar_bottom), (y0, y1, x0, x1) = bar_and_ink(frame)
    assert bar_top < y0 and y1 < bar_bottom, (board, bar_top, y0, y1, bar_bottom)
    for y in (y0 - 1, y1 + 1):
        assert all(frame.pixel(x, y) for x in range(x0, x1 + 1)), (board, y)


def test_the_thumbys_main_menu_shows_short_titles_where_a_title_does_not_fit():
    # 72x40: a label has 7 columns beside its icon column and the scrollbar. Unselected, a
    # longer title shows its short form (core/games.py SHORTS), never its first letters.
    with start("thumby") as sim:
        sim.wait(50)
        down, _ = simcli.resolve(sim.profile, "down")
        tap(sim, down)  # Undercover selected: Time Bomb and TimeBomb II are not
        assert top(sim) == ("SavesList", "Fusebox")
        frame = sim.frame
    assert has_text(frame, "T.Bomb") and has_text(frame, "TB II")
    assert not has_text(frame, "Time Bo") and not has_text(frame, "TimeBom")
