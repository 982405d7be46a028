"""Cutting in Time Bomb: Undercover: who wins by a cut, and when a round ends."""

# Shadow wins only by cutting the game-ending wire himself, and at 4 players only the way the
# Doom token says (ruling UC-3); otherwise the bomb is the Organization's win and the last
# defusing wire the Agency's. A round ends after its quota of cuts, or as soon as every uncut
# wire lies in front of the new cutter (only possible when a Location changed the round's
# length); the Organization wins when the last round ends.

from core.wires import BOMB, DEFUSE

ON = "on"  # the round goes on
ROUND = "round"  # the round is over: the next one begins


def after(t, kind, shadow, doom, quota):
    """What a cut of `kind` just made on wire table t leads to: the outcome (side, reason) when
    the game is over, else ON or ROUND. `shadow`: Shadow made the cut; `doom`: the Doom token
    (0 blue, 1 red) or None; `quota`: the cuts this round takes."""
    if kind == BOMB:
        if shadow and doom != 1:  # ruling UC-3; a red Doom token: explode
            return ("shadow", "shadow_bomb")
        return ("organization", "bomb")
    if kind == DEFUSE and t.found == t.defuse_total:
        if shadow and doom != 0:  # a blue Doom token: defuse
            return ("shadow", "shadow_defused")
        return ("agency", "defused")
    if t.cuts < quota and sum(map(len, t.hands)) > len(t.hands[t.cutter]):
        return ON
    if t.round == t.rounds:
        return ("organization", "rounds")
    return ROUND
