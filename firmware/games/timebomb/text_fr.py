"""UI text of Time Bomb in French, by key, no prefix: the same keys as text_en.py."""

TEXT = {
    "sherlock": "Sherlock",
    "moriarty": "Moriarty",
    "you": "Vous: ",
    "wires": "Vos fils:",
    "rnd": "Man. ",
    "cuts": "coupé ",
    "cutters": "Coupeurs: ",
    "r.cut": " coupe un fil d'un autre joueur.",
    "r.sherlock": "L'équipe de Sherlock gagne quand tous les fils de désamorçage sont coupés.",
    "r.moriarty": "L'équipe de Moriarty gagne si la bombe est coupée ou si la dernière manche"
    " se termine.",
    # why the game ended: outcome() reasons
    "why.defused": "tous les fils de désamorçage sont coupés",
    "why.bomb": "la bombe a explosé",
    "why.rounds": "le temps a manqué après la dernière manche",
}
