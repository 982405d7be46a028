"""UI text of Time Bomb in English, by key, no prefix (read with strings.of)."""

TEXT = {
    "sherlock": "Sherlock",
    "moriarty": "Moriarty",
    "you": "You: ",
    "wires": "Your wires:",
    "rnd": "Rnd ",
    "cuts": "cut ",
    "cutters": "Cutters: ",
    "r.cut": " cuts a wire of another player.",
    "r.sherlock": "Sherlock's team wins when every defusing wire is cut.",
    "r.moriarty": "Moriarty's team wins when the bomb is cut or the last round ends.",
    # why the game ended: outcome() reasons
    "why.defused": "every defusing wire was cut",
    "why.bomb": "the bomb went off",
    "why.rounds": "time ran out after the last round",
}
