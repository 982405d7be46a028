"""Time Bomb: Undercover (Agency, Organization and a lone Shadow; 4-8 players): UC-1..UC-4."""

# Roles come from the ruleset's cover table (UC-1, core/undercover_play.py): one prepared card
# stays undealt where the table has more cards than seats. Cover step (UC-2): every seat in turn
# shows a cover as a private action (only Shadow has two to choose from; everyone acts, so the
# table cannot tell who chose), then every seat privately looks at its right-hand neighbour's
# cover. Where the ruleset says so (4 players) the Doom token is flipped publicly from the seed
# instead. Cutting is Time Bomb's, on the shared wire table; Shadow wins only by cutting the
# game-ending wire himself (UC-3). Each round turns up a Location (UC-4, core/locations.py).
# The rules of each step are in core/undercover_play.py; ruleset checks (undercover_rules) and
# saves (undercover_state) load on first use: the board compiles one small file at a time.

from core import locations, undercover_state
from core import undercover_play as play
from core.errors import IllegalAction
from core.rng import Rng
from core.undercover_play import (
    CLAIM,
    COLOURS,
    COVER,
    COVER_STEP,
    NAMES,
    PASS,
    SHADOW,
    TEAMS,
    right_of,
    role_deck,
)
from core.wires import Table


def validate(obj, rs):
    """Check an undercover ruleset (called by core.ruleset.load)."""
    from core import undercover_rules

    undercover_rules.validate(obj, rs)


class Game:
    """One game of Time Bomb: Undercover, following the core contract (see DESIGN.md)."""

    name = "undercover"

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
        t = Table(players, ruleset["wires"][players], ruleset["hand"], ruleset["rounds"], rng)
        self.table = t
        t.cutter = rng.below(players) if first is None else first
        doom = players in ruleset["doom"]
        self.doom = rng.below(2) if doom else None
        self.covers = [] if doom else [-1] * players
        self.turn = 0
        self.pending = [True] * players
        self.result = None
        self.here = locations.Round(ruleset, players)
        self.here.draw(1, rng, t.hands)
        self.step = COVER_STEP
        if doom:
            play.begin_cutting(self)

    def __repr__(self):
        t = self.table
        return "<undercover %dp round %d %s found %d>" % (self.n, t.round, self.step, t.found)

    def reveals(self):
        return [s for s in range(self.n) if self.pending[s]]

    def seen(self, seat):
        if type(seat) is not int or not 0 <= seat < self.n or not self.pending[seat]:
            raise IllegalAction("seat " + str(seat) + " has nothing new to see")
        self.pending[seat] = False

    def current_player(self):
        if self.result is not None or True in self.pending:
            return None
        if self.step in (COVER_STEP, CLAIM):
            return self.turn
        return self.table.cutter

    def actions(self):
        p = self.current_player()
        if p is None:
            return []
        step = self.step
        if step == COVER_STEP:
            r = self.roles[p]
            if r == SHADOW:
                return [("cover", "blue"), ("cover", "red")]
            return [("cover", COLOURS[COVER[r]])]
        if step == CLAIM:
            return [("claim", k) for k in range(len(self.table.hands[p]) + 1)]
        if step == PASS:
            return [("pass", s) for s in range(self.n) if s != p and play.can_cut(self, s)]
        return self.here.allowed(self.table.cut_actions())

    def act(self, action):
        a = None
        if type(action) in (tuple, list) and all(type(x) in (int, str) for x in action):
            a = tuple(action)
        if a is None or a not in self.actions():
            raise IllegalAction("not a legal action now: " + repr(action))
        events = play.apply(self, a)
        if self.result is not None:
            events.append(("win", self.result[0], self.result[1]))
        return events

    def view(self, seat=None):
        n, t = self.n, self.table
        v = {"game": "undercover", "seats": n, "reveals": self.reveals(), "step": self.step}
        t.public(v)
        self.here.public(v)
        v["turn"] = self.turn if self.step in (COVER_STEP, CLAIM) else None
        v["doom"] = None if self.doom is None else COLOURS[self.doom]
        v["outcome"] = list(self.result) if self.result else None
        if self.result is not None:
            v["roles"] = [NAMES[r] for r in self.roles]
            v["undealt"] = None if self.undealt is None else NAMES[self.undealt]
            v["shown"] = [COLOURS[c] if c >= 0 else None for c in self.covers]
        if seat is not None:
            r = self.roles[seat]
            v["seat"], v["role"], v["team"] = seat, NAMES[r], TEAMS[r]
            v["hand"] = t.hand_counts(seat)
            c = COVER[r] if r != SHADOW else (self.covers[seat] if self.covers else -1)
            v["cover"] = COLOURS[c] if c >= 0 else None  # Shadow's, once chosen
            right = right_of(seat, n)
            v["right"], v["right_cover"] = right, None
            if self.covers and self.step != COVER_STEP:
                v["right_cover"] = COLOURS[self.covers[right]]
            self.here.private(v, seat)
        return v

    def outcome(self):
        return self.result

    def to_state(self):
        return undercover_state.dump(self)

    @classmethod
    def from_state(cls, ruleset, state):
        return undercover_state.load(cls, ruleset, state)
