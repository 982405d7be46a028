"""The strings tables: every key the app's and each game's screens ask for exists (a missing
key would show itself on screen), and every text fits the rules of the smallest display."""

import re
from pathlib import Path

import pytest

from core import games
from firmware import strings
from firmware.games import package

ROOT = Path(__file__).resolve().parents[1]
APP_FILES = [ROOT / "firmware" / "app.py", ROOT / "firmware" / "settings.py"]
APP_FILES += sorted((ROOT / "firmware" / "screens").glob("*.py"))
APP_FILES += sorted((ROOT / "firmware" / "ui").glob("*.py"))
APP_FILES += sorted((ROOT / "firmware" / "play").glob("*.py"))


def keys_used(files):
    """Literal keys passed to strings.get, or to a module's `S`/`s` getter."""
    used = set()
    for f in files:
        src = f.read_text()
        used.update(re.findall(r'strings\.get\("([^"]+)"\)', src))
        used.update(re.findall(r'\b[sS]\("([^"]+)"\)', src))
    return used


def game_files(game):
    folder = ROOT / "firmware" / "games" / game
    return [p for p in sorted(folder.glob("*.py")) if not p.name.startswith("text_")]


def test_every_key_the_screens_use_is_in_the_table():
    used = keys_used(APP_FILES)
    assert len(used) > 40  # the scan found the app's keys (not an empty pattern)
    assert sorted(k for k in used if k not in strings.TEXT) == []


@pytest.mark.parametrize("game", games.IDS)
def test_every_key_a_games_screens_use_is_in_its_table_or_the_apps(game):
    used = keys_used(game_files(game))
    assert len(used) > 5, game  # the scan found the game's keys
    table = package(game, "text_en").TEXT
    assert sorted(k for k in used if k not in table and k not in strings.TEXT) == []


def test_a_games_getter_reads_its_own_table_then_the_apps():
    text = strings.of("timebomb")
    assert text("sherlock") == "Sherlock"
    assert text("p.win") == strings.get("p.win")
    assert text("no.such") == "no.such"
    assert strings.get("sherlock") == "sherlock"  # the app's table has no game's text


def test_a_missing_key_shows_itself_instead_of_failing():
    assert strings.get("no.such.key") == "no.such.key"
    assert strings.get("app") == "Fusebox"


def test_texts_are_plain_ascii_the_built_in_font_can_draw():
    for key, text in strings.every().items():
        assert all(32 <= ord(c) < 127 or c == "\n" for c in text), key


@pytest.mark.parametrize("lang", strings.LANGS)
def test_menu_labels_fit_the_largest_layout_and_the_timer_hints_a_row(lang):
    # 240x135 doubled font: 15 columns; the timer's hints must fit one row there, in every
    # language.
    strings.use(lang)
    try:
        text = strings.of("timer")
        for key in ("hold_arm", "hold_resume", "continue", "join", "wrong"):
            assert len(text(key)) <= 15, key
        # The short hold hint fits the Thumby's 9 columns.
        assert len(text("hold_ok")) <= 9
    finally:
        strings.use("en")


def test_a_games_text_is_loaded_when_first_asked_for_and_dropped_at_the_menu():
    import sys

    from firmware import catalog

    strings.release()
    base = set(sys.modules) - {"firmware.games." + g + ".text_en" for g in games.IDS}
    catalog.unload(base)  # as the app does at the main menu
    assert "firmware.games.itsabomb.text_en" not in sys.modules
    assert strings.get("menu") == "Menu"  # the app's own text needs no game table
    assert "firmware.games.itsabomb.text_en" not in sys.modules
    assert strings.of("itsabomb")("k.red") == "red"
    assert (
        "firmware.games.itsabomb.text_en" in sys.modules
        and "firmware.games.undercover.text_en" not in sys.modules
    )
    strings.release()
    assert strings._tables == {}  # nothing of a game's text is held any more
    catalog.unload(base)
    assert "firmware.games.itsabomb.text_en" not in sys.modules
    assert strings.of("timebomb")("sherlock") == "Sherlock"  # and back on demand


def test_no_game_key_is_also_an_app_key():
    # A game's getter reads its own table first: a shared key would hide the app's text there.
    for game in games.IDS:
        table = package(game, "text_en").TEXT
        assert table, game
        assert sorted(set(table) & set(strings.TEXT)) == [], game
    assert not [k for k in strings.TEXT if k.split(".")[0] in games.IDS]
