"""Every piece of UI text (English), by key: the app's own here, each game's in its package
(firmware/games/<id>/text_en.py).

Keys are short and stable; screens never hold literal text, so a translation is new tables with
the same keys, not new code. Keep values short: the smallest display (72x40) shows 9 characters
per line; longer text is wrapped or scrolled by the UI kit.

A game's table is imported by get() the first time one of its keys is asked for, and dropped by
release() when the app is back at the main menu: the board holds the text of one game at a time
(the four games' text is about two thirds of it all).
"""

from core import games
from firmware.games import package

TEXT = {
    "app": "Fusebox",
    "version": "0.4.0",
    # main menu
    "menu": "Menu",
    "settings": "Settings",
    "about": "About",
    "none": "(none found)",
    "broken": "! ",
    "broken.title": "Broken",
    "players": "Players",
    # resume prompt
    "resume.title": "Resume?",
    "resume.timer": "A bomb timer was running. It is paused. Resume it?",
    "resume.drop": "Discard",
    "resume.sure": "Throw this saved game away for good?",
    "resume.none": "No saved game. A game is saved after every action until it ends.",
    "resume.bad": "The saved state could not be read.",
    "resume.kept": "Kept for a bug report as",
    "yes": "OK: yes",
    "no": "BACK: no",
    "ok": "OK",
    # settings
    "s.sound": "Sound",
    "s.volume": "Volume",
    "s.bright": "Brightness",
    "s.names": "Seat names",
    "s.hide": "Auto-hide",
    "s.on": "on",
    "s.off": "off",
    "s.never": "never",
    "s.sec": "s",
    "s.seat": "Seat ",
    "s.edit": "OK: next. Hold OK: save.",
    "s.letters": "Type A-Z",
    # about
    "a.version": "Version",
    "a.board": "Board",
    "a.ram": "RAM free",
    "a.flash": "Flash free",
    "a.rulesets": "Rulesets",
    "a.kb": "k",
    "a.unknown": "?",
    # errors
    "e.toolarge": "file too large",
    "e.twice": "key given twice",
    "e.json": "not valid JSON",
    "e.title": "Notice",
    "e.deep": "too deeply nested to read",
    "e.settings": "The settings file was damaged; the defaults are back.",
    "e.read": "cannot read",
    # playing a game (firmware/play)
    "p.pass": "Pass to",
    "p.hold": "Only this player: hold OK to look.",
    "p.press": "Only this player: press OK to look.",
    "p.private": "",
    "p.hidden": "Hidden. OK: pass on. BACK: look again.",
    "p.paused": "Paused",
    "p.continue": "Continue",
    "p.rules": "Rules now",
    "p.log": "Game log",
    "p.leave": "Menu (saved)",
    "p.abandon": "End game",
    "p.sure": "End this game for good? It cannot be resumed.",
    "p.nolog": "Nothing yet.",
    "p.last": "Last action",
    "p.reveal": "Reveal",
    "p.win": "wins",
    "p.receipt": "Seed ",
    "p.start": "UP/DOWN: players. OK: next.",
    "p.first": "Who starts?",
    "p.random": "At random",
    "p.deal": "UP/DOWN: change. OK: deal.",
    # one-line hints beside a picture (It's a Bomb!'s grid): what OK and BACK do
    "h.ok": "OK:go",
    "h.bk": "BK:<",
    "p.replace": "This replaces the saved game of this kind. Deal anyway?",
    # cutting wires (firmware/play/wires.py), for the games on core/wires.py's table
    "w.safe": "safe",
    "w.defuse": "defusing",
    "w.bomb": "bomb",
    "w.round": "Round ",
    "w.found": "Defusing ",
    "w.turn": " cuts",
    "w.cuts_of": "cuts a wire of",
    "w.newround": "New round ",
    "w.sure": "OK to cut #",
    "w.undealt": "Set aside: ",
    "w.r.now": "Now: ",
    "w.r.left": "Cuts left this round: ",
    "w.r.found": "Defusing wires found: ",
}


_tables = {}  # game id -> its TEXT, while loaded


def _table(game):
    table = _tables.get(game)
    if table is None:
        table = package(game, "text_en").TEXT
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


def title(game):
    """A game's name as menus show it."""
    return games.title(game)


def release():
    """Forget the games' tables (the app calls it at the main menu, just before catalog.unload
    drops the modules imported since boot, these among them); of() loads them again."""
    _tables.clear()


def every():
    """All keys and texts of the app and every game, in one dict (for host checks); a game's
    keys appear as "<id>.<key>"."""
    out = dict(TEXT)
    for g in games.IDS:
        for k, v in _table(g).items():
            out[g + "." + k] = v
    return out
