"""Face-down wires, cutting and rounds: the table shared by Time Bomb and Time Bomb: Undercover.

Each seat holds a list of wire kinds in a random order that nobody sees (ruling TB-5): a slot
is a position in front of its owner, and the device tells each owner only the counts by kind.
Cutting removes the wire; at the end of a round the uncut wires are gathered, shuffled and dealt
out again, one fewer each (ruling TB-3). Both games also check their wire tables and deal their
role cards here.
"""

from core import check, const, saves

SAFE = const(0)
DEFUSE = const(1)
BOMB = const(2)
KINDS = ("safe", "defuse", "bomb")
MAX_SEATS = 10
MAX_HAND = 8
# The first packed log entry no ruleset can make: round MAX_HAND + 1 (core/undercover saves).
_LOG_END = (MAX_HAND + 1) << 14

# Saves made before outcomes were codes hold the reason in English; a game saved at its last
# cut and reset before the end screen reads it back as its code.
_PROSE = {
    "every defusing wire was cut": "defused",
    "the bomb went off": "bomb",
    "time ran out after the last round": "rounds",
    "Shadow cut the bomb": "shadow_bomb",
    "Shadow cut the last defusing wire": "shadow_defused",
}


def size(obj, rs):
    """Check a ruleset's "hand" (wires per seat) and "rounds", store both in rs; the hand."""
    hand = rs["hand"] = check.int_in(obj, "hand", "", 1, MAX_HAND)
    rs["rounds"] = check.int_in(obj, "rounds", "", 1, hand)
    return hand


def table_rows(obj):
    """A ruleset's "wires" table by player count; check its rows with check_rows()."""
    return check.seat_table(obj, "wires", "", 3, MAX_SEATS)


def check_rows(rows, hand, roles, no_roles, needs=False):
    """Check each row of a wire table: {n: {kind: count}}, n * hand wires, at least one defusing
    wire and one bomb, and a role table for n (`roles` holds the counts it has; a row without
    one fails with no_roles + "<n> seats"). The games word a wrong total differently: "needs
    <n * hand> wires for <n> seats" with `needs`, else "<total> wires for <n> seats of <hand>"."""
    out = {}
    for n in rows:
        p = "wires." + str(n)
        t = check.dict_at(rows[n], p)
        check.no_extra(t, p, KINDS)
        row = {k: check.int_in(t, k, p, 0, MAX_SEATS * MAX_HAND) for k in KINDS}
        total = row["safe"] + row["defuse"] + row["bomb"]
        if total != n * hand:
            if needs:
                check.fail(p, "needs " + str(n * hand) + " wires for " + str(n) + " seats")
            check.fail(p, str(total) + " wires for " + str(n) + " seats of " + str(hand))
        if row["defuse"] < 1 or row["bomb"] < 1:
            check.fail(p, "needs at least one defusing wire and one bomb")
        if n not in roles:
            check.fail(p, no_roles + str(n) + " seats")
        out[n] = row
    return out


def deal_roles(deck, seats, rng):
    """Shuffle the role cards and deal one a seat: (roles, the card left undealt or None). A
    table with more cards than seats sets one aside unseen (rulings TB-1, UC-1)."""
    rng.shuffle(deck)
    return deck[:seats], (deck[seats] if len(deck) > seats else None)


def saved_outcome(v):
    """A saved outcome as (side, reason code), or None while playing; SaveError if damaged."""
    r = saves.outcome(v)
    return None if r is None else (r[0], _PROSE.get(r[1], r[1]))


def wire_deck(counts):
    """A list of kinds from {"safe": s, "defuse": d, "bomb": b}."""
    deck = []
    for k in range(3):
        deck.extend([k] * counts[KINDS[k]])
    return deck


class Table:
    """The wires in play, the round, the cutter and the public log of cuts.

    Built from a ruleset with "wires" (by player count), "hand" and "rounds"; the cutters start
    at seat `first`, or at one drawn from the seed after the deal.
    """

    def __init__(self, rs, seats, rng, first=None):
        self._rules(rs, seats)
        self.round = 1
        self.cuts = 0
        self.found = 0
        self.log = []  # [round, by, owner, slot, kind] per cut, public
        self.hands = []
        deck = wire_deck(rs["wires"][seats])
        rng.shuffle(deck)
        self._deal(deck)
        self.cutter = rng.below(seats) if first is None else first

    def _rules(self, rs, seats):
        self.seats = seats
        self.counts = rs["wires"][seats]
        self.hand = rs["hand"]
        self.rounds = rs["rounds"]
        self.defuse_total = self.counts["defuse"]

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

    def next_round(self, rng, first=0):
        """Start the next round: no cuts yet, the uncut wires reshuffled and dealt from `first`."""
        self.round += 1
        self.cuts = 0
        self.reshuffle(rng, first)

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

    def to_state(self, s, packed=False):
        """Write the table's fields into the save dict s. `packed` packs each cut of the log
        in one small int (round, by, owner, slot, kind), so that a long game's save takes a
        fraction of the heap that lists of lists would (Undercover's format)."""
        s["round"] = self.round
        s["cuts"] = self.cuts
        s["found"] = self.found
        s["cutter"] = self.cutter
        s["hands"] = [list(h) for h in self.hands]
        if packed:
            s["log"] = [e[0] << 14 | e[1] << 10 | e[2] << 6 | e[3] << 2 | e[4] for e in self.log]
            # 4 bits each for by, owner and slot (MAX_SEATS, MAX_HAND <= 15), 2 for the kind,
            # and the round above them all, up to MAX_HAND (rounds <= hand): a small int.
        else:
            s["log"] = [list(e) for e in self.log]

    @classmethod
    def from_state(cls, rs, seats, s, max_cuts=None, packed=False):
        """The table saved in dict s by to_state(), checked to be a position the ruleset's
        wires can reach, or SaveError.

        A game whose rounds may have more or fewer cuts than seats passes its largest round as
        max_cuts; its hands need not then be equal, only add up with the log.
        """
        t = object.__new__(cls)
        t._rules(rs, seats)
        n = seats
        log = s.get("log")
        if packed:
            saves.need(type(log) is list, "log")
            cuts = []
            for x in log:
                saves.need(type(x) is int and 0 <= x < _LOG_END, "log")
                cuts.append([x >> 14, x >> 10 & 15, x >> 6 & 15, x >> 2 & 15, x & 3])
            log = cuts
        t.round = saves.int_at(s, "round", 1, t.rounds)
        t.cutter = saves.int_at(s, "cutter", 0, n - 1)
        hands = s.get("hands")
        saves.need(type(hands) is list and len(hands) == n, "hands")
        per = t.hand - t.round + 1
        for h in hands:
            saves.int_list(h, None, 0, 2, "hand")
            saves.need(max_cuts is not None or len(h) <= per, "hand too large for the round")
        saves.need(type(log) is list, "log")
        for e in log:
            saves.int_list(e, 5, 0, 99, "log entry")
            saves.need(e[4] <= 2 and e[1] < n and e[2] < n and e[1] != e[2], "log entry")
        t.hands = [list(h) for h in hands]
        t.log = log if packed else [list(e) for e in log]
        total = [0, 0, 0]
        for h in t.hands:
            for k in h:
                total[k] += 1
        for e in t.log:
            total[e[4]] += 1
        saves.need(total == [t.counts[k] for k in KINDS], "wires do not add up to the ruleset")
        t.cuts = saves.int_at(s, "cuts", 0, n if max_cuts is None else max_cuts)
        t.found = saves.int_at(s, "found", 0, t.defuse_total)
        saves.need(t.found == total[DEFUSE] - sum(h.count(DEFUSE) for h in t.hands), "found")
        saves.need(t.cuts == sum(1 for e in t.log if e[0] == t.round), "cuts")
        if max_cuts is None:
            saves.need(sum(len(h) for h in t.hands) + t.cuts == per * n, "wires per seat")
        return t
