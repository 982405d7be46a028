"""UI text of the bomb-timer prop in English, by key, no prefix (read with strings.of)."""

TEXT = {
    "hold_arm": "Hold OK: arm",
    "arming": "Arming...",
    "code": "Code:",
    "hold_defuse": "Hold OK: defuse",
    "paused": "PAUSED",
    "hold_resume": "Hold OK: resume",
    "hold_ok": "Hold OK",
    "defused": "DEFUSED",
    "boom": "BOOM",
    "wrong": "Wrong!",
    "left": "left",
    "join": "Join wires",
    "cut": "Cut a wire",
    "continue": "OK: continue",
    "syms": "Up Dn Lt Rt OK Bk",
    "pick": "UP/DN then OK",
    "nopresets": "No timer ruleset",
}
