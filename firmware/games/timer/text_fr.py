"""UI text of the bomb-timer prop in French, by key, no prefix: the same keys as text_en.py."""

TEXT = {
    "hold_arm": "Tenir OK: armer",
    "arming": "Armement...",
    "code": "Code:",
    "hold_defuse": "Tenir OK: stop",
    "paused": "PAUSE",
    "hold_resume": "Tenir OK: suite",
    "pick": "HAUT/BAS, OK",
    "hold_ok": "Tenir OK",
    "defused": "DÉSAMORCÉ",
    "boom": "BOUM",
    "wrong": "Faux!",
    "left": "reste",
    "join": "Reliez fils",
    "cut": "Coupez un fil",
    "continue": "OK: continuer",
    "syms": "Ht Bs Gc Dr OK Rt",
    "nopresets": "Aucun minuteur",
}
