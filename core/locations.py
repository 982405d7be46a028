"""The Location of the round in Time Bomb: Undercover: its card, and what its effect tracks."""

# Ruling UC-4: the rulebook we have does not print the Location texts, so a ruleset either says
# "physical" (players reveal their own printed cards; the device only reminds them each round)
# or holds its own decks, one per round, checked by core/undercover_rules.py. A card is a name,
# a text read to the table and at most one effect that the engine applies for that round; it may
# differ by player count (as printed cards do for 4 vs 5-8 players).
#
# The effect primitives (written "pass", "cuts -1", "intel bomb"... in a ruleset), chosen so
# that each changes how the table reasons, never what it sees:
# - cuts -2..+2: the round ends after n + that many cuts instead of n.
# - pass: after each cut that does not end the round, the cutter hands the pliers to any other
#   seat of their choice instead of to the owner of the cut wire.
# - no_return: nobody may cut a wire of the seat that just cut theirs (unless no other seat has
#   wires), which breaks up two players cutting each other back and forth.
# - announce: before the first cut, every seat in turn from the pliers holder publicly claims
#   how many defusing wires it holds (0..its wire count); lying is allowed, the device records it.
# - intel safe|defuse|bomb: at the round's private look, each seat also learns how many
#   wires of that kind its right-hand neighbour holds.

from core import saves
from core.undercover_play import right_of
from core.wires import KINDS

MAX_SHIFT = 2  # the most a "cuts" effect adds to a round; saves allow n + MAX_SHIFT cuts


class Round:
    """This round's Location card and what its effect keeps track of."""

    def __init__(self, rs, n):
        self.rs, self.n = rs, n
        self.loc = -1  # index in the round's deck; -1 with a physical deck
        self.claims = []  # announce: each seat's public claim, -1 until made
        self.intel = []  # intel: what each seat learnt of its right-hand neighbour
        self.prev = -1  # no_return: the seat that cut last this round
        self.face = None  # (name, text, effect) at this player count
        self.kind = None

    def _set(self, rnd, loc):
        self.loc = loc
        self.face = self.effect = self.kind = None
        if loc >= 0:
            # A card is (name, text, effect, variants); variants maps a count to (text, effect).
            c = self.rs["locations"][rnd - 1][loc]
            v = c[3].get(self.n) if c[3] else None
            self.face = (c[0], c[1], c[2]) if v is None else (c[0], v[0], v[1])
            self.effect = self.face[2]
            self.kind = self.effect[0] if self.effect else None

    def draw(self, rnd, rng, hands):
        """Turn up round rnd's Location (a random card of its deck) and apply its set-up."""
        decks, n = self.rs["locations"], self.n
        self._set(rnd, -1 if decks is None else rng.below(len(decks[rnd - 1])))
        self.claims = [-1] * n if self.kind == "announce" else []
        self.intel = []
        if self.kind == "intel":
            w = KINDS.index(self.effect[1])
            self.intel = [hands[right_of(s, n)].count(w) for s in range(n)]
        self.prev = -1

    def quota(self):
        """How many cuts this round lasts."""
        return self.n + (self.effect[1] if self.kind == "cuts" else 0)

    def allowed(self, acts):
        """The cuts no_return leaves: not back at the last cutter, unless nobody else."""
        if self.kind == "no_return" and self.prev >= 0:
            kept = [a for a in acts if a[1] != self.prev]
            if kept:
                return kept
        return acts

    def public(self, v):
        f = self.face
        v["location"] = None if f is None else {"name": f[0], "text": f[1], "effect": self.kind}
        v["quota"] = self.quota()
        v["claims"] = [None if c < 0 else c for c in self.claims]

    def private(self, v, seat):
        if self.intel:
            right = right_of(seat, self.n)
            v["intel"] = {"seat": right, "wire": self.effect[1], "count": self.intel[seat]}

    def to_state(self, s):
        s["loc"] = self.loc
        s["claims"] = list(self.claims)
        s["intel"] = list(self.intel)
        s["prev"] = self.prev

    def load_state(self, s, rnd):
        n, decks = self.n, self.rs["locations"]
        top = -1 if decks is None else len(decks[rnd - 1]) - 1
        self._set(rnd, saves.int_at(s, "loc", -1 if decks is None else 0, top))
        k = n if self.kind == "announce" else 0
        self.claims = saves.int_list(s.get("claims"), k, -1, 99, "claims")
        k = n if self.kind == "intel" else 0
        self.intel = saves.int_list(s.get("intel"), k, 0, 99, "intel")
        self.prev = saves.int_at(s, "prev", -1, n - 1)
