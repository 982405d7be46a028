"""The Location of the round in Time Bomb: Undercover: turning up its card and its effect."""

# Ruling UC-4: the rulebook we have does not print the Location texts, so a ruleset either says
# "physical" (players reveal their own printed cards; the device only reminds them each round)
# or holds its own decks, one per round, checked by core/undercover/rules.py: each card a name,
# a text read to the table and at most one effect that the engine applies for that round.
#
# The effect primitives (written "pass", "cuts -1", "intel bomb"... in a ruleset), chosen so
# that each changes how the table reasons, never what it sees:
# - cuts -2..+2: the round ends after n + that many cuts instead of n.
# - pass: after each cut that does not end the round, the cutter hands the pliers to any other
#   seat of their choice instead of to the owner of the cut wire.
# - no_return: nobody may cut a wire of the seat that just cut theirs (unless no other seat has
#   wires), which breaks up two players cutting each other back and forth.
# - intel safe|defuse|bomb: at the round's private look, each seat also learns how many wires of
#   that kind its right-hand neighbour holds.
#
# The Game keeps the round's Location in plain attributes (few objects and functions: the board
# pays about 100 bytes of heap for each function): loc (index in the round's deck, -1 with a
# physical deck), face (the card: name, text, effect), kind (the effect's name or None), quota
# (cuts this round), intel (what each seat learnt of its right-hand neighbour) and prev
# (no_return: the last cutter).

from core.wires import KINDS


def turn_up(rs, n, rnd, rng, loc=None):
    """Round rnd's Location at n seats: card `loc` of its deck (a save's), or one drawn from rng.

    (loc, face, kind, quota): the card's index (-1 with a physical deck), the card or None, its
    effect's name or None, and the cuts the round takes.
    """
    decks = rs["locations"]
    if loc is None:
        loc = -1 if decks is None else rng.below(len(decks[rnd - 1]))
    face = kind = None
    if loc >= 0:
        face = decks[rnd - 1][loc]
        kind = face[2][0] if face[2] else None
    return loc, face, kind, n + (face[2][1] if kind == "cuts" else 0)


def intel(face, kind, hands):
    """What each seat learns at the round's look: how many wires of the card's kind its
    right-hand neighbour (the seat before) holds; [] unless the effect is intel."""
    if kind != "intel":
        return []
    n = len(hands)
    w = KINDS.index(face[2][1])
    return [hands[(s - 1) % n].count(w) for s in range(n)]
