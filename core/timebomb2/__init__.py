"""TimeBomb II (SWAT vs Terrorists, 4-6 players): rulings T2-1..T2-6.

Each seat is dealt a whole set (a role and its troop cards) and a face-down building; place n is
the centre building, which nobody sees (T2-6). A turn places one troop card at a face-down
building (T2-1); the card completing a group triggers the storm check (T2-2, T2-3), then the
hideouts move and plain SWAT may return to work (T2-4); the game ends as T2-5 says.

Events: ("place", by, place, count) ("check", place, result, total, swat, expert, bomb1, bomb2)
("building", place, kind, found) ("move", places) ("return", seat) ("transceiver", seat)
("win", side, reason), where reason is outcome()'s code: "boom", "hideouts" or "no_cards".
"""

from core import const
from core.errors import IllegalAction, viewer
from core.looks import Looks
from core.rng import Rng

# The parts, imported as modules: a package global named like a submodule would shadow it.
from core.timebomb2 import save, storm

# The names of roles, cards and results, re-exported here for the firmware.
from core.timebomb2.cards import (  # noqa: F401
    BOOM,
    BUILDINGS,
    HIDEOUT,
    RESULTS,
    ROLES,
    TROOPS,
    WINNERS,
)

CHECKS = "core.timebomb2.rules"  # the module validate() imports, needed only while a ruleset loads


def validate(obj, rs):
    """Check a ruleset's tables and store them normalised in rs (core.ruleset.load calls it)."""
    # Lazy: the checks are needed only while a ruleset loads (the firmware forgets CHECKS then).
    from core.timebomb2 import rules

    rules.validate(obj, rs)


SIDES = WINNERS  # who may win, in an outcome (side, reason), in display order
COOP = False  # two teams play against each other

_SWAT = const(0)  # the troop kind that may return to work
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
            self._storm(place, events)
        if self.result is None:
            self.turn = (by + 1) % self.n
            if sum(self.hands[self.turn]) == 0:  # ruling T2-5
                self.result = ("terrorists", "no_cards")
        if self.result is not None:
            self.pending = [0] * self.n  # nobody needs to look again once it is over
            events.append(("win", self.result[0], self.result[1]))
        return events

    def view(self, seat=None):
        """What seat may know now (None: the public table): the public table, plus the seat's
        own role, hand, building and placed cards; other roles and buildings only once the game
        is over."""
        n, up = self.n, self.up
        viewer(seat, n)
        v = {"game": "timebomb2", "seats": n, "centre": n, "reveals": self.reveals()}
        v["turn"], v["transceiver"] = self.turn, self.radio
        v["hands"] = [sum(h) for h in self.hands]
        v["troops"] = [len(t) for t in self.troops]
        v["buildings"] = [BUILDINGS[self.cards[p]] if up[p] else None for p in range(n + 1)]
        v["found"], v["hideouts"] = self.found, self.hideouts()
        v["removed"] = _named(self.removed)
        v["last"] = None if self.last is None else self.last[:5] + [RESULTS[self.last[5]]]
        v["outcome"] = list(self.result) if self.result else None
        if self.result is not None:
            v["roles"] = [ROLES[r] for r in self.roles]
            v["cards"] = [BUILDINGS[c] for c in self.cards]
        if seat is not None:
            v["seat"], v["role"] = seat, ROLES[self.roles[seat]]
            v["hand"] = _named(self.hands[seat])
            v["building"] = BUILDINGS[self.cards[seat]]
            # the troop cards this seat placed face down, which its player remembers
            v["placed"] = [[TROOPS[c[1]] for c in t if c[0] == seat] for t in self.troops]
        return v

    def outcome(self):
        """None while playing; then (winner, reason code): "boom", "hideouts" or "no_cards"."""
        return self.result

    # -- the storm check ----------------------------------------------------------------

    def _storm(self, place, events):
        """The storm check of a complete group (T2-2) and what follows from it (T2-3, T2-4)."""
        rs = self.rs
        counts, total, result = storm.check(self.troops[place], rs["bombs"], rs["thresholds"])
        self.troops[place] = []
        self.last = [place] + counts + [result]
        events.append(("check", place, RESULTS[result], total) + tuple(counts))
        if result != storm.FAILED:  # ruling T2-3: storm in or huge explosion
            kind = self.cards[place]
            self.up[place] = 1
            if kind == HIDEOUT:
                self.found += 1
            events.append(("building", place, BUILDINGS[kind], self.found))
            if kind == BOOM:
                self.result = ("terrorists", "boom")
            elif self.found == self.hideouts():
                self.result = ("swat", "hideouts")
            else:
                # Every seat whose building is face down looks again, changed or not: asking
                # only those whose card changed would tell the whole table which cards moved.
                self.cards, moved = storm.move(self.cards, self.up, self.rng)
                self.pending = [1 - self.up[s] for s in range(self.n)]
                events.append(("move", moved))
        if result == storm.STORM and counts[_SWAT] == rs["storm"] and self.result is None:
            seats, self.radio = storm.back_to_work(self.radio, self.n, counts[_SWAT])
            for s in seats:
                self.hands[s][_SWAT] += 1
                events.append(("return", s))
            events.append(("transceiver", self.radio))
        else:
            for k in range(4):
                self.removed[k] += counts[k]

    # -- saves ----------------------------------------------------------------------------

    def to_state(self):
        return save.dump({k: getattr(self, k) for k in save.FIELDS})

    @classmethod
    def from_state(cls, ruleset, state):
        """Rebuild a saved game; a corrupt or foreign state raises SaveError."""
        g = object.__new__(cls)
        g.rs = ruleset
        for k, v in save.load(ruleset, state).items():
            setattr(g, k, v)
        return g


def _named(counts):
    """Troop counts by name, as views show them."""
    return {TROOPS[k]: counts[k] for k in range(4)}
