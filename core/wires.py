"""Face-down wires, cutting and rounds: the table shared by Time Bomb and Time Bomb: Undercover.

Each seat holds a list of wire kinds in a random order that nobody sees (ruling TB-5): a slot
is a position in front of its owner, and the device tells each owner only the counts by kind.
Cutting removes the wire; at the end of a round the uncut wires are gathered, shuffled and dealt
out again, one fewer each (ruling TB-3).
"""

from core import const, saves

SAFE = const(0)
DEFUSE = const(1)
BOMB = const(2)
KINDS = ("safe", "defuse", "bomb")


def wire_deck(counts):
    """A list of kinds from {"safe": s, "defuse": d, "bomb": b}."""
    deck = []
    for k in range(3):
        deck.extend([k] * counts[KINDS[k]])
    return deck


class Table:
    """The wires in play, the round, the cutter and the public log of cuts."""

    def __init__(self, seats, counts, hand, rounds, rng):
        self.seats = seats
        self.hand = hand
        self.rounds = rounds
        self.defuse_total = counts["defuse"]
        self.round = 1
        self.cuts = 0
        self.found = 0
        self.cutter = 0
        self.log = []  # [round, by, owner, slot, kind] per cut, public
        self.hands = []
        deck = wire_deck(counts)
        rng.shuffle(deck)
        self._deal(deck)

    def _deal(self, deck, first=0):
        # Equal hands; a remainder (only when a round ran longer or shorter than n cuts, as an
        # Undercover Location can make it) goes one wire each to the seats from `first` on.
        n = self.seats
        per = len(deck) // n
        extra = len(deck) - per * n
        hands = [None] * n
        at = 0
        for i in range(n):
            s = (first + i) % n
            k = per + 1 if i < extra else per
            hands[s] = deck[at : at + k]
            at += k
        self.hands = hands

    def reshuffle(self, rng, first=0):
        """Gather every uncut wire, shuffle, deal out equally (the next round's hands)."""
        deck = []
        for h in self.hands:
            deck.extend(h)
        rng.shuffle(deck)
        self._deal(deck, first)

    def is_cut_legal(self, action):
        if type(action) not in (tuple, list) or len(action) != 3 or action[0] != "cut":
            return False
        owner, slot = action[1], action[2]
        if type(owner) is not int or type(slot) is not int:
            return False
        if owner < 0 or owner >= self.seats or owner == self.cutter:  # ruling TB-5
            return False
        return 0 <= slot < len(self.hands[owner])

    def cut_actions(self):
        out = []
        for owner in range(self.seats):
            if owner != self.cutter:
                for slot in range(len(self.hands[owner])):
                    out.append(("cut", owner, slot))
        return out

    def cut(self, owner, slot):
        """Reveal and remove a wire; the cutters pass to its owner (ruling TB-3)."""
        kind = self.hands[owner].pop(slot)
        self.log.append([self.round, self.cutter, owner, slot, kind])
        if kind == DEFUSE:
            self.found += 1
        self.cuts += 1
        self.cutter = owner
        return kind

    def revealed(self):
        counts = [0, 0, 0]
        for entry in self.log:
            counts[entry[4]] += 1
        return {"safe": counts[0], "defuse": counts[1], "bomb": counts[2]}

    def hand_counts(self, seat):
        h = self.hands[seat]
        return {"safe": h.count(SAFE), "defuse": h.count(DEFUSE), "bomb": h.count(BOMB)}

    def public(self, v):
        v["round"] = self.round
        v["rounds"] = self.rounds
        v["cutter"] = self.cutter
        v["wires"] = [len(h) for h in self.hands]
        v["found"] = self.found
        v["defuse"] = self.defuse_total
        v["cuts"] = self.cuts
        v["revealed"] = self.revealed()
        v["log"] = [[e[0], e[1], e[2], e[3], KINDS[e[4]]] for e in self.log]

    def to_state(self, s):
        s["round"] = self.round
        s["cuts"] = self.cuts
        s["found"] = self.found
        s["cutter"] = self.cutter
        s["hands"] = [list(h) for h in self.hands]
        s["log"] = [list(e) for e in self.log]

    def load_state(self, s, counts, max_cuts=None):
        """Restore from a saved dict, checking it is a position these counts can reach.

        A game whose rounds may have more or fewer cuts than seats passes its largest round as
        max_cuts; its hands need not then be equal, only add up with the log.
        """
        n = self.seats
        self.round = saves.int_at(s, "round", 1, self.rounds)
        self.cutter = saves.int_at(s, "cutter", 0, n - 1)
        hands = s.get("hands")
        saves.need(type(hands) is list and len(hands) == n, "hands")
        per = self.hand - self.round + 1
        for h in hands:
            saves.int_list(h, None, 0, 2, "hand")
            saves.need(max_cuts is not None or len(h) <= per, "hand too large for the round")
        log = s.get("log")
        saves.need(type(log) is list, "log")
        for e in log:
            saves.int_list(e, 5, 0, 99, "log entry")
            saves.need(e[4] <= 2 and e[1] < n and e[2] < n and e[1] != e[2], "log entry")
        self.hands = [list(h) for h in hands]
        self.log = [list(e) for e in log]
        total = [0, 0, 0]
        for h in self.hands:
            for k in h:
                total[k] += 1
        for e in self.log:
            total[e[4]] += 1
        saves.need(total == [counts[k] for k in KINDS], "wires do not add up to the ruleset")
        self.cuts = saves.int_at(s, "cuts", 0, n if max_cuts is None else max_cuts)
        self.found = saves.int_at(s, "found", 0, self.defuse_total)
        saves.need(self.found == total[DEFUSE] - sum(h.count(DEFUSE) for h in self.hands), "found")
        saves.need(self.cuts == sum(1 for e in self.log if e[0] == self.round), "cuts")
        if max_cuts is None:
            saves.need(sum(len(h) for h in self.hands) + self.cuts == per * n, "wires per seat")
