"""UI text of Time Bomb in German, by key, no prefix: the same keys as text_en.py."""

TEXT = {
    "sherlock": "Sherlock",
    "moriarty": "Moriarty",
    "you": "Du: ",
    "wires": "Deine Kabel:",
    "rnd": "Rd. ",
    "cuts": "Schn. ",
    "cutters": "Schneider: ",
    "r.cut": " schneidet ein Kabel eines anderen Spielers.",
    "r.sherlock": "Sherlocks Team gewinnt, wenn alle Entschärfungskabel geschnitten sind.",
    "r.moriarty": "Moriartys Team gewinnt, wenn die Bombe geschnitten wird oder die letzte"
    " Runde endet.",
    # why the game ended: outcome() reasons
    "why.defused": "alle Entschärfungskabel wurden geschnitten",
    "why.bomb": "die Bombe ist explodiert",
    "why.rounds": "die Zeit lief nach der letzten Runde ab",
}
