"""UI text of Time Bomb in English: the "timebomb." keys, loaded by strings.get on first use."""

TEXT = {
    "timebomb.sherlock": "Sherlock",
    "timebomb.moriarty": "Moriarty",
    "timebomb.you": "You: ",
    "timebomb.wires": "Your wires:",
    "timebomb.rnd": "Rnd ",
    "timebomb.cuts": "cut ",
    "timebomb.cutters": "Cutters: ",
    "timebomb.r.cut": " cuts a wire of another player.",
    "timebomb.r.sherlock": "Sherlock's team wins when every defusing wire is cut.",
    "timebomb.r.moriarty": "Moriarty's team wins when the bomb is cut or the last round ends.",
    # why the game ended: outcome() reasons
    "timebomb.why.defused": "every defusing wire was cut",
    "timebomb.why.bomb": "the bomb went off",
    "timebomb.why.rounds": "time ran out after the last round",
}
