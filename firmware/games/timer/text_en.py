"""UI text of the bomb-timer prop in English: the "timer." keys, loaded on first use."""

TEXT = {
    "timer.hold_arm": "Hold OK: arm",
    "timer.arming": "Arming...",
    "timer.code": "Code:",
    "timer.hold_defuse": "Hold OK: defuse",
    "timer.paused": "PAUSED",
    "timer.hold_resume": "Hold OK: resume",
    "timer.hold_ok": "Hold OK",
    "timer.defused": "DEFUSED",
    "timer.boom": "BOOM",
    "timer.wrong": "Wrong!",
    "timer.left": "left",
    "timer.join": "Join wires",
    "timer.cut": "Cut a wire",
    "timer.continue": "OK: continue",
    "timer.syms": "Up Dn Lt Rt OK Bk",
    "timer.nopresets": "No timer ruleset",
}
