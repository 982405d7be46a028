"""TimeBomb II (SWAT vs Terrorists, 4-6 players): rulings T2-1..T2-6.

Each seat is dealt a whole set (a role and its troop cards) and a face-down building; place n is
the centre building, which nobody sees (T2-6). A turn places one troop card at a face-down
building (T2-1); the card completing a group triggers the storm check (T2-2, T2-3), then the
hideouts move and plain SWAT may return to work (T2-4); the game ends as T2-5 says.
"""

from core.errors import IllegalAction
from core.looks import Looks
from core.rng import Rng

# The names of roles, cards and results live with the ruleset code; they are re-exported here
# for the firmware, and validate() is the ruleset check core.ruleset.load calls.
from core.timebomb2.rules import (  # noqa: F401
    BUILDINGS,
    HIDEOUT,
    RESULTS,
    ROLES,
    TROOPS,
    WINNERS,
    validate,
)

# The parts import eagerly, one after another, while the heap is still unfragmented: each
# compiles alone, so the board never holds two parse trees at once.
from core.timebomb2.save import dump, load, view
from core.timebomb2.storm import storm

SIDES = WINNERS  # who may win, in an outcome (side, reason), in display order
COOP = False  # two teams play against each other

_BY_NAME = (2, 3, 1, 0)  # troop kinds in name order, so that actions() comes out sorted


class Game(Looks):
    """One game of TimeBomb II, following the core contract (see DESIGN.md)."""

    name = "timebomb2"

    def __init__(self, ruleset, players, seed, first=None):
        if type(players) is not int or players not in ruleset["sets"]:
            raise IllegalAction("this ruleset has no table for " + str(players) + " players")
        self.rs, self.n, self.rng = ruleset, players, Rng(seed)
        # The sets are shuffled whole: a role always comes with its own troop cards.
        sets = list(ruleset["sets"][players])
        self.rng.shuffle(sets)
        self.roles = [s[0] for s in sets]
        self.hands = [list(s[1]) for s in sets]
        self.cards = []
        for k in range(3):
            self.cards.extend([k] * ruleset["buildings"][players][k])
        self.rng.shuffle(self.cards)
        self.up = [0] * (players + 1)  # 1: face up
        self.troops = [[] for _ in range(players + 1)]  # [seat, kind] per face-down card
        self.turn = self.rng.below(players) if first is None else first
        self.radio = self.turn  # the start player holds the Transceiver
        self.found = 0
        self.removed = [0, 0, 0, 0]
        # The latest check, public, kept so a resumed game can show it again:
        # [place, swat, expert, bomb1, bomb2, result] or None.
        self.last = None
        self.pending = [1] * players
        self.result = None

    def __repr__(self):
        over = " over" if self.result else ""
        return "<timebomb2 %dp turn %d found %d%s>" % (self.n, self.turn, self.found, over)

    def hideouts(self):
        return self.rs["buildings"][self.n][HIDEOUT]

    # -- the contract -------------------------------------------------------------------

    def _turn(self):
        return self.turn

    def actions(self):
        if self.current_player() is None:
            return []
        places = [p for p in range(self.n + 1) if not self.up[p]]  # ruling T2-1
        return [
            ("place", TROOPS[k], p) for k in _BY_NAME if self.hands[self.turn][k] for p in places
        ]

    def act(self, a):
        ok = type(a) in (tuple, list) and len(a) == 3 and a[0] == "place"
        ok = ok and type(a[1]) is str and a[1] in TROOPS and type(a[2]) is int
        if not ok or self.current_player() is None or not 0 <= a[2] <= self.n or self.up[a[2]]:
            raise IllegalAction("not a legal action now: " + repr(a))
        by, place, k = self.turn, a[2], TROOPS.index(a[1])
        if not self.hands[by][k]:
            raise IllegalAction("no " + a[1] + " card in hand")
        self.hands[by][k] -= 1
        self.troops[place].append([by, k])
        events = [("place", by, place, len(self.troops[place]))]
        if len(self.troops[place]) == self.rs["storm"]:
            storm(self, place, events)
        if self.result is None:
            self.turn = (by + 1) % self.n
            if sum(self.hands[self.turn]) == 0:  # ruling T2-5
                self.result = ("terrorists", "the next player has no troop card")
        if self.result is not None:
            self.pending = [0] * self.n  # nobody needs to look again once it is over
            events.append(("win", self.result[0], self.result[1]))
        return events

    def view(self, seat=None):
        return view(self, seat)

    def outcome(self):
        return self.result

    # -- saves ----------------------------------------------------------------------------

    def to_state(self):
        return dump(self)

    @classmethod
    def from_state(cls, ruleset, state):
        """Rebuild a saved game; a corrupt or foreign state raises SaveError."""
        return load(object.__new__(cls), ruleset, state)
