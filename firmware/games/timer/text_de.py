"""UI text of the bomb-timer prop in German, by key, no prefix: the same keys as text_en.py."""

TEXT = {
    "hold_arm": "OK lang: scharf",
    "arming": "Scharf...",
    "code": "Code:",
    "hold_defuse": "OK lang: Stopp",
    "paused": "PAUSE",
    "hold_resume": "OK lang: weiter",
    "pick": "AUF/AB dann OK",
    "hold_ok": "OK lang",
    "defused": "ENTSCHÄRFT",
    "boom": "BUMM",
    "wrong": "Falsch!",
    "left": "übrig",
    "join": "Kabel verbinden",
    "cut": "Kabel trennen",
    "continue": "OK: weiter",
    "syms": "Au Ab Li Re OK Zu",
    "nopresets": "Kein Timer",
}
