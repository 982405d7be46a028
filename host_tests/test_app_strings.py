"""The strings table: every key the app's screens ask for exists (a missing key would show
itself on screen), and every text fits the rules of the smallest display."""

import re
from pathlib import Path

from firmware import strings

ROOT = Path(__file__).resolve().parents[1]
APP_FILES = [ROOT / "firmware" / "app.py", ROOT / "firmware" / "settings.py"]
APP_FILES += sorted((ROOT / "firmware" / "screens").glob("*.py"))
APP_FILES += sorted((ROOT / "firmware" / "ui").glob("*.py"))


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
    for key in ("t.hold_arm", "t.hold_resume", "t.continue", "t.join", "t.wrong"):
        assert len(strings.get(key)) <= 15, key
    # The short hold hint fits the Thumby's 9 columns.
    assert len(strings.get("t.hold_ok")) <= 9


def test_a_games_text_is_loaded_when_first_asked_for_and_dropped_at_the_menu():
    import sys

    from firmware.screens import catalog

    strings.release()
    base = set(sys.modules) - {"firmware.strings_" + g for g in strings.GAMES}
    catalog.unload(base)  # as the app does at the main menu
    assert "firmware.strings_ib" not in sys.modules
    assert strings.get("menu") == "Menu"  # the app's own text needs no game table
    assert "firmware.strings_ib" not in sys.modules
    assert strings.get("ib.k.red") == "red"
    assert "firmware.strings_ib" in sys.modules and "firmware.strings_uc" not in sys.modules
    assert strings.get("ib.no.such") == "ib.no.such"
    strings.release()
    assert strings._tables == [None] * 4  # nothing of a game's text is held any more
    catalog.unload(base)
    assert "firmware.strings_ib" not in sys.modules
    assert strings.get("tb.sherlock") == "Sherlock"  # and back on demand


def test_every_key_is_in_the_table_its_prefix_names():
    from firmware import strings_ib, strings_t2, strings_tb, strings_uc

    tables = (strings_tb, strings_uc, strings_t2, strings_ib)
    for prefix, table in zip(strings.GAMES, tables, strict=True):
        assert table.TEXT and all(k.startswith(prefix + ".") for k in table.TEXT)
    assert not [k for k in strings.TEXT if k.split(".")[0] in strings.GAMES and "." in k]
