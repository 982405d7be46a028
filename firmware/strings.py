"""Every piece of UI text, by key, in the language chosen in Settings: the app's own in
firmware/text_<lang>.py, each game's in its package (firmware/games/<id>/text_<lang>.py).

Keys are short and stable; screens never hold literal text, so a language is new tables with
the same keys, not new code (host_tests/test_app_languages.py checks every key of every table
exists in every language, with the same {} placeholders). Keep values short: the smallest
display (72x40) shows 9 characters per line; longer text is wrapped or scrolled by the UI kit.

Only the chosen language is resident: use() imports its app table and forgets the one before,
and a game's table is imported by of() the first time the game's screens ask, then dropped by
release() when the app is back at the main menu (the board holds the text of one game at a
time: the games' text is about two thirds of it all).
"""

import sys

from core import games
from firmware.games import package

# The languages shipped, in the order Settings offers them.
LANGS = ("en", "fr", "de")

TEXT = {}  # the app's table in the chosen language (use() fills it: English until the app
# reads the settings, so text is there before; the English table goes when another is chosen)
lang = None  # the language shown now ("en", "fr" or "de")
_tables = {}  # game id -> its table in the chosen language, while loaded


def use(code):
    """Show language `code` from now on (an unknown one falls back to English); returns the one
    used. Screens built before keep their text: the caller rebuilds what is on the stack."""
    global TEXT, lang
    if code not in LANGS:
        code = LANGS[0]
    if code == lang:
        return code
    old = lang
    TEXT = {}  # the old table goes before the new one comes: one language at a time
    part = "text_" + code
    __import__("firmware." + part)
    # Only the table stays: the module and its code go back to the heap.
    TEXT = sys.modules.pop("firmware." + part).TEXT
    pkg = sys.modules["firmware"]
    if hasattr(pkg, part):
        delattr(pkg, part)
    lang = code
    release()
    if old is not None:
        part = "text_" + old
        for g in games.IDS:  # a game's table of the language before, if still loaded
            pkg = sys.modules.get("firmware.games." + g)
            sys.modules.pop("firmware.games." + g + "." + part, None)
            if pkg is not None and hasattr(pkg, part):
                delattr(pkg, part)
    return code


def _table(game):
    table = _tables.get(game)
    if table is None:
        table = package(game, "text_" + lang).TEXT
        _tables[game] = table
    return table


def get(key):
    """The app's text for `key`; a missing key shows itself, so a gap in a translation is
    visible. Allocation-free (a screen may ask while it draws)."""
    text = TEXT.get(key)
    return key if text is None else text


def of(game):
    """The text getter of a game's own modules (`S = strings.of("timebomb")` at the top of
    each): the game's keys, which carry no prefix ("sherlock" in
    firmware/games/timebomb/text_en.py), then the app's. Short keys are interned strings in
    the board's bytecode, long ones a heap object in every module that names them: the id
    would make every key long. Allocation-free per call once made."""
    table = _table(game)

    def text(key):
        t = table.get(key)
        if t is None:
            t = TEXT.get(key)
        return key if t is None else t

    return text


def reason(text, code):
    """A win event's reason from a game's getter `text` (of()): the text of "why." + code. A game
    saved before reasons were codes holds its English reason in the event: that is shown as it
    is, not as a key."""
    key = "why." + code
    t = text(key)
    return code if t == key else t


def plural(n):
    """True when a count of n takes the plural in the chosen language: French says "0 joueur"
    and "1 joueur", English and German "0 players" and "1 player" (counts are never negative)."""
    return n > 1 if lang == "fr" else n != 1


def count(n, one, many, text=None):
    """A count and its noun, "1 Player", "4 Players": n, a space, then the text of key `one`
    (the singular) or `many` (the plural) as plural(n) says. The keys are the app's, or those
    of a game's getter `text` (strings.of). Every count on screen goes through here, so each
    language words both forms (host_tests/test_app_counts.py names every pair)."""
    t = (text or get)(many if plural(n) else one)
    return str(n) + " " + t


def title(game):
    """A game's name as menus show it (a name, the same in every language)."""
    return games.title(game)


def release():
    """Forget the games' tables (the app calls it at the main menu, just before catalog.unload
    drops the modules imported since boot, these among them); of() loads them again."""
    _tables.clear()


def every():
    """All keys and texts of the app and every game in the chosen language, in one dict (for
    host checks); a game's keys appear as "<id>.<key>"."""
    out = dict(TEXT)
    for g in games.IDS:
        for k, v in _table(g).items():
            out[g + "." + k] = v
    return out


use(LANGS[0])
