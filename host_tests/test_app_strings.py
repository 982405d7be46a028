"""The strings table: every key the app's screens ask for exists (a missing key would show
itself on screen), and every text fits the rules of the smallest display."""

import re
from pathlib import Path

from core import games
from firmware import strings
from firmware.games import package

ROOT = Path(__file__).resolve().parents[1]
APP_FILES = [ROOT / "firmware" / "app.py", ROOT / "firmware" / "settings.py"]
APP_FILES += sorted((ROOT / "firmware" / "screens").glob("*.py"))
APP_FILES += sorted((ROOT / "firmware" / "ui").glob("*.py"))
APP_FILES += sorted((ROOT / "firmware" / "games" / "timer").glob("*.py"))


def keys_used():
    used = set()
    for f in APP_FILES:
        src = f.read_text()
        used.update(re.findall(r'strings\.get\("([^"]+)"\)', src))
        used.update(re.findall(r'\bs\("([^"]+)"\)', src))  # the `s = strings.get` alias
    return used


def test_every_key_the_screens_use_is_in_the_table():
    used = keys_used()
    assert len(used) > 40  # the scan found the app's keys (not an empty pattern)
    missing = sorted(k for k in used if k not in strings.every())
    assert not missing


def test_a_missing_key_shows_itself_instead_of_failing():
    assert strings.get("no.such.key") == "no.such.key"
    assert strings.get("app") == "Fusebox"


def test_texts_are_plain_ascii_the_built_in_font_can_draw():
    for key, text in strings.every().items():
        assert all(32 <= ord(c) < 127 or c == "\n" for c in text), key


def test_menu_labels_fit_the_largest_layout_and_the_timer_hints_a_row():
    # 240x135 doubled font: 15 columns; the timer's hints must fit one row there.
    for key in (
        "timer.hold_arm",
        "timer.hold_resume",
        "timer.continue",
        "timer.join",
        "timer.wrong",
    ):
        assert len(strings.get(key)) <= 15, key
    # The short hold hint fits the Thumby's 9 columns.
    assert len(strings.get("timer.hold_ok")) <= 9


def test_a_games_text_is_loaded_when_first_asked_for_and_dropped_at_the_menu():
    import sys

    from firmware import catalog

    strings.release()
    base = set(sys.modules) - {"firmware.games." + g + ".text_en" for g in games.IDS}
    catalog.unload(base)  # as the app does at the main menu
    assert "firmware.games.itsabomb.text_en" not in sys.modules
    assert strings.get("menu") == "Menu"  # the app's own text needs no game table
    assert "firmware.games.itsabomb.text_en" not in sys.modules
    assert strings.get("itsabomb.k.red") == "red"
    assert (
        "firmware.games.itsabomb.text_en" in sys.modules
        and "firmware.games.undercover.text_en" not in sys.modules
    )
    assert strings.get("itsabomb.no.such") == "itsabomb.no.such"
    strings.release()
    assert strings._tables == {}  # nothing of a game's text is held any more
    catalog.unload(base)
    assert "firmware.games.itsabomb.text_en" not in sys.modules
    assert strings.get("timebomb.sherlock") == "Sherlock"  # and back on demand


def test_every_key_is_in_the_table_its_prefix_names():
    for game in games.IDS:
        table = package(game, "text_en")
        assert table.TEXT and all(k.startswith(game + ".") for k in table.TEXT)
    assert not [k for k in strings.TEXT if k.split(".")[0] in games.IDS and "." in k]
