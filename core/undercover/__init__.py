"""Time Bomb: Undercover (Agency, Organization and a lone Shadow; 4-8 players): UC-1..UC-4."""

# Roles come from the ruleset's cover table (UC-1): one prepared card stays undealt where the
# table has more cards than seats (the cards: core/undercover/rules.py).
# Cover step (UC-2): every seat in turn shows a cover as a private action (only Shadow has two
# to choose from; everyone acts, so the table cannot tell who chose), then every seat privately
# looks at its right-hand neighbour's cover; seats are numbered clockwise, so that neighbour is
# the seat before. Where the ruleset says so (4 players) the Doom token is flipped publicly from
# the seed instead. Cutting is Time Bomb's, on the shared wire table; Shadow wins only by
# cutting the game-ending wire himself (UC-3, core/undercover/cutting.py). Each round turns up a
# Location (UC-4, core/undercover/locations.py). Events never carry a secret: a cover shown is
# ("cover", seat).
#
# The parts are small files, and the biggest compile (the wire table) comes first: the board
# compiles each file on import, while the ruleset's raw JSON is still in its heap.

from core import wires  # noqa: I001
from core.undercover import rules
from core.undercover import save
from core.undercover import cutting
from core.undercover import view
from core.errors import IllegalAction
from core.looks import Looks
from core.undercover import locations
from core.rng import Rng
from core.undercover.rules import COLOURS, COVER, SHADOW, role_deck

SIDES = rules.WINNERS  # who may win, in an outcome (side, reason), in display order
COOP = False  # the teams (and Shadow) play against each other

validate = rules.validate  # what core.ruleset.load calls


class Game(Looks):
    """One game of Time Bomb: Undercover, following the core contract (see DESIGN.md)."""

    name = "undercover"
    # The round's Location (core/undercover/locations.py): set each round and by saves.
    kind = None  # the round's Location effect, or None
    prev = -1  # the seat that cut last this round (for "no_return")

    def __init__(self, ruleset, players, seed, first=None):
        if players not in ruleset["roles"]:
            raise IllegalAction("no table for " + str(players) + " players")
        self.rs = ruleset
        self.n = players
        self.rng = rng = Rng(seed)
        deck = role_deck(ruleset["roles"][players])
        self.roles, self.undealt = wires.deal_roles(deck, players, rng)
        self.table = wires.Table(ruleset, players, rng, first)
        doom = players in ruleset["doom"]
        self.doom = rng.below(2) if doom else None
        self.covers = [] if doom else [-1] * players
        self.step = "cut" if doom else "cover"
        self.turn = 0
        self.pending = [1] * players
        self.result = None
        self._turn_up(1)

    def _turn_up(self, rnd):
        """Turn up round rnd's Location from the seed; each seat learns its intel at its look."""
        self.loc, self.face, self.kind, self.quota = locations.turn_up(
            self.rs, self.n, rnd, self.rng
        )
        self.intel = locations.intel(self.face, self.kind, self.table.hands)
        self.prev = -1

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
        return self._cut(a[1], a[2])

    def _cut(self, owner, slot):
        # A legal cut: the table's own move, then what it leads to (core/undercover/cutting.py).
        t = self.table
        by = t.cutter
        kind = t.cut(owner, slot)
        events = [("cut", by, owner, slot, wires.KINDS[kind])]
        then = cutting.after(t, kind, self.roles[by] == SHADOW, self.doom, self.quota)
        if then == cutting.ON:
            if self.kind == "pass":
                t.cutter, self.step = by, "pass"  # the cutter keeps the pliers to hand them on
            self.prev = by
        elif then == cutting.ROUND:
            # Its cuts made, or only the new cutter holds wires: reshuffle, deal (a remainder
            # from the new cutter on), turn up the next Location.
            t.next_round(self.rng, t.cutter)
            self.all_look()
            self._turn_up(t.round)
            self.step = "cut"
            f = self.face
            events += [
                ("round", t.round),
                ("remind", t.round) if f is None else ("location", t.round, f[0]),
            ]
        else:
            self.result = then
            events.append(("win",) + then)
        return events

    def view(self, seat=None):
        return view.view(self, seat)

    def outcome(self):
        return self.result

    def to_state(self):
        """The game as a JSON-safe dict, the RNG state included (the wire table's fields as
        core/wires.py saves them, its log packed)."""
        s = {"game": "undercover", "v": 1, "n": self.n, "roles": list(self.roles)}
        s["undealt"], s["doom"], s["rng"] = self.undealt, self.doom, self.rng.state()
        s["pending"] = list(self.pending)
        s["outcome"] = list(self.result) if self.result else None
        s["covers"], s["step"], s["turn"] = list(self.covers), self.step, self.turn
        s["loc"], s["prev"], s["intel"] = self.loc, self.prev, list(self.intel)
        self.table.to_state(s, True)
        return s

    @classmethod
    def from_state(cls, ruleset, state):
        """A game rebuilt from to_state()'s dict, or SaveError (core/undercover/save.py)."""
        g = object.__new__(cls)
        g.rs = ruleset
        (
            g.n, g.rng, g.roles, g.undealt, g.pending, g.result, g.table, g.doom, g.covers,
            g.step, g.turn, g.loc, g.face, g.kind, g.quota, g.intel, g.prev,
        ) = save.fields(ruleset, state)  # fmt: skip
        save.reachable(g)
        return g
