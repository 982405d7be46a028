"""Time Bomb: Undercover (Agency, Organization and a lone Shadow; 4-8 players): UC-1..UC-4."""

# Roles come from the ruleset's cover table (UC-1): one prepared card stays undealt where the
# table has more cards than seats (the cards: core/undercover/rules.py).
# Cover step (UC-2): every seat in turn shows a cover as a private action (only Shadow has two
# to choose from; everyone acts, so the table cannot tell who chose), then every seat privately
# looks at its right-hand neighbour's cover; seats are numbered clockwise, so that neighbour is
# the seat before. Where the ruleset says so (4 players) the Doom token is flipped publicly from
# the seed instead. Cutting is Time Bomb's, on the shared wire table; Shadow wins only by
# cutting the game-ending wire himself (UC-3). Each round turns up a Location (UC-4,
# core/undercover/locations.py). Events never carry a secret: a cover shown is ("cover", seat).
#
# The parts are small files, and the biggest compile (the wire table) comes first: the board
# compiles each file on import, while the ruleset's raw JSON is still in its heap.

from core import wires  # noqa: I001
from core.undercover import rules as undercover_rules
from core.undercover import save as undercover_state
from core.undercover import cutting as play
from core.undercover import view as undercover_view
from core.errors import IllegalAction
from core.looks import Looks
from core.undercover.locations import turn_up
from core.rng import Rng
from core.undercover.rules import COLOURS, COVER, SHADOW, role_deck

validate = undercover_rules.validate  # what core.ruleset.load calls


class Game(Looks):
    """One game of Time Bomb: Undercover, following the core contract (see DESIGN.md)."""

    name = "undercover"
    # Set by core/undercover/locations.py when a Location turns up (each round) and by saves.
    kind = None  # the round's Location effect, or None
    prev = -1  # the seat that cut last this round (for "no_return")

    def __init__(self, ruleset, players, seed, first=None):
        if players not in ruleset["roles"]:
            raise IllegalAction("no table for " + str(players) + " players")
        self.rs = ruleset
        self.n = players
        self.rng = rng = Rng(seed)
        deck = role_deck(ruleset["roles"][players])
        rng.shuffle(deck)
        self.roles = deck[:players]
        self.undealt = deck[players] if len(deck) > players else None
        w = ruleset["wires"][players]
        self.table = t = wires.Table(players, w, ruleset["hand"], ruleset["rounds"], rng)
        t.cutter = rng.below(players) if first is None else first
        doom = players in ruleset["doom"]
        self.doom = rng.below(2) if doom else None
        self.covers = [] if doom else [-1] * players
        self.step = "cut" if doom else "cover"
        self.turn = 0
        self.pending = [1] * players
        self.result = None
        turn_up(self, 1)

    def _turn(self):
        return self.turn if self.step == "cover" else self.table.cutter

    def actions(self):
        p = self.current_player()
        if p is None:
            return []
        if self.step == "cover":
            r = self.roles[p]
            return (
                [("cover", "blue"), ("cover", "red")]
                if r == SHADOW
                else [("cover", COLOURS[COVER[r]])]
            )
        hands = self.table.hands
        if self.step == "pass":
            # To any other seat that will have a wire to cut.
            return [
                ("pass", s)
                for s in range(self.n)
                if s != p and len(hands[s]) < sum(map(len, hands))
            ]
        acts = self.table.cut_actions()
        if self.kind == "no_return" and self.prev >= 0:
            # Not back at the seat that just cut yours, unless nobody else has wires.
            kept = [a for a in acts if a[1] != self.prev]
            return kept if kept else acts
        return acts

    def act(self, action):
        a = None
        if type(action) in (tuple, list) and all(type(x) in (int, str) for x in action):
            a = tuple(action)
        if a is None or a not in self.actions():
            raise IllegalAction("not a legal action now: " + repr(action))
        t, n = self.table, self.n
        if a[0] == "cover":
            p = self.turn
            self.covers[p] = COLOURS.index(a[1])
            self.turn += 1
            if self.turn < n:
                return [("cover", p)]
            self.all_look()  # every seat now looks at its neighbour's cover
            self.step, self.turn = "cut", 0
            return [("cover", p), ("covers",)]
        if a[0] == "pass":
            events = [("pass", t.cutter, a[1])]
            t.cutter, self.step = a[1], "cut"
            return events
        return play.cut(self, a[1], a[2])

    def view(self, seat=None):
        return undercover_view.view(self, seat)

    def outcome(self):
        return self.result

    def to_state(self):
        return undercover_state.dump(self)

    @classmethod
    def from_state(cls, ruleset, state):
        return undercover_state.load(cls, ruleset, state)
