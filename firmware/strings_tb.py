"""UI text of Time Bomb (firmware/play/tb_ui.py; Undercover's screens use it too): the "tb."
keys, loaded by strings.get when first asked for."""

TEXT = {
    "tb.sherlock": "Sherlock",
    "tb.moriarty": "Moriarty",
    "tb.you": "You: ",
    "tb.wires": "Your wires:",
    "tb.safe": "safe",
    "tb.defuse": "defusing",
    "tb.bomb": "bomb",
    "tb.round": "Round ",
    "tb.rnd": "Rnd ",
    "tb.cuts": "cut ",
    "tb.found": "Defusing ",
    "tb.cutters": "Cutters: ",
    "tb.turn": " cuts",
    "tb.cuts_of": "cuts a wire of",
    "tb.newround": "New round ",
    "tb.sure": "OK to cut #",
    "tb.undealt": "Set aside: ",
    "tb.r.now": "Now: ",
    "tb.r.cut": " cuts a wire of another player.",
    "tb.r.left": "Cuts left this round: ",
    "tb.r.found": "Defusing wires found: ",
    "tb.r.sherlock": "Sherlock's team wins when every defusing wire is cut.",
    "tb.r.moriarty": "Moriarty's team wins when the bomb is cut or the last round ends.",
    "tb.r.round": "Round ",
}
