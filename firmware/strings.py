"""Every piece of UI text, in one table (English); other languages can later replace it as data."""

# Keys are short and stable; screens never hold literal text, so a translation is a new table
# with the same keys (loaded over TEXT), not new code. Keep values short: the smallest display
# (72x40) shows 9 characters per line; longer text is wrapped or scrolled by the UI kit.
TEXT = {
    "app": "Fusebox",
    "version": "0.4.0",
    # main menu
    "menu": "Menu",
    "g.timebomb": "Time Bomb",
    "g.undercover": "Undercover",
    "g.timebomb2": "TimeBomb II",
    "g.itsabomb": "It's a Bomb!",
    "g.timer": "Bomb timer",
    "settings": "Settings",
    "about": "About",
    "none": "(none found)",
    "broken": "! ",
    "broken.title": "Broken",
    "soon.title": "Coming soon",
    "soon": "The screens for this game come in a later update. The ruleset is valid.",
    "players": "Players",
    # resume prompt
    "resume.title": "Resume?",
    "resume.timer": "A bomb timer was running. It is paused. Resume it?",
    "resume.game": "A saved game was found. Resume it?",
    "resume.bad": "The saved state could not be read and was set aside.",
    "yes": "OK: yes",
    "no": "BACK: no",
    "ok": "OK",
    # timer prop
    "t.custom": "Custom",
    "t.set": "Set time",
    "t.min": "min",
    "t.sec": "sec",
    "t.hold_arm": "Hold OK: arm",
    "t.arming": "Arming...",
    "t.armed": "ARMED",
    "t.code": "Code:",
    "t.hold_defuse": "Hold OK: defuse",
    "t.defusing": "Defusing...",
    "t.paused": "PAUSED",
    "t.hold_resume": "Hold OK: resume",
    "t.hold_pause": "Hold BACK: pause",
    "t.defused": "DEFUSED",
    "t.boom": "BOOM",
    "t.strike": "Strike",
    "t.silent": "Silent",
    "t.wrong": "Wrong!",
    "t.left": "left",
    "t.join": "Join wires",
    "t.cut": "Cut a wire",
    "t.continue": "OK: continue",
    "t.pick": "UP/DN, OK",
    "t.syms": "Up Dn Lt Rt OK Bk",
    "t.leave": "BACK: menu",
    "t.nopresets": "No timer ruleset",
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
    "s.edit": "UP/DN char OK done",
    "s.saved": "Saved",
    "s.savefail": "Could not save",
    # about
    "a.version": "Version",
    "a.board": "Board",
    "a.ram": "RAM free",
    "a.flash": "Flash free",
    "a.rulesets": "Rulesets",
    "a.kb": "k",
    "a.unknown": "?",
    # errors
    "e.title": "Error",
    "e.toolarge": "file too large",
    "e.json": "not valid JSON",
    "e.read": "cannot read",
}


def get(key):
    """The text for `key`; a missing key shows itself, so a gap in a translation is visible."""
    return TEXT.get(key, key)
