"""Time Bomb (Sherlock vs Moriarty, 4-8 players): rulings TB-1..TB-5.

Roles are dealt from the ruleset's table (one card left undealt where it has more cards than
seats, ruling TB-1), wires per seat from its wire table (TB-2). Each round the cutter cuts a wire
of another seat (TB-5), the cutters pass to that wire's owner, and after as many cuts as seats the
uncut wires are reshuffled, one fewer each (TB-3). The last defusing wire or the bomb ends the
game at once; otherwise Moriarty wins when the last round ends (TB-4).
"""

from core import check, saves, wires
from core.errors import IllegalAction, viewer
from core.looks import Looks
from core.rng import Rng
from core.wires import BOMB, DEFUSE, KINDS, MAX_SEATS, Table

ROLES = ("sherlock", "moriarty")
SIDES = ROLES  # who may win, in an outcome (side, reason)
COOP = False  # two teams play against each other
WHY = ("defused", "bomb", "rounds")  # outcome reasons; their text is "timebomb.why.<reason>"


def validate(obj, rs):
    """Check a timebomb ruleset's tables (called by core.ruleset.load)."""

    check.no_extra(obj, "", check.HEADER + ("roles", "wires", "hand", "rounds"))
    hand = wires.size(obj, rs)
    roles = check.seat_table(obj, "roles", "", 3, MAX_SEATS)
    rows = wires.table_rows(obj)
    rs["roles"] = {}
    for n in roles:
        p = "roles." + str(n)
        t = check.dict_at(roles[n], p)
        check.no_extra(t, p, ROLES + ("undealt",))
        counts = {r: check.int_in(t, r, p, 0, MAX_SEATS + 1) for r in ROLES}
        # Cards set aside unseen (ruling TB-1): explicit, so a miscount is an error, not a rule.
        undealt = check.int_in(t, "undealt", p, 0, 1, False, 0)
        total = counts["sherlock"] + counts["moriarty"]
        if total != n + undealt:
            msg = str(total) + " roles for " + str(n) + " seats"
            check.fail(p, msg + (" and " + str(undealt) + " undealt" if undealt else ""))
        if counts["sherlock"] == 0 or counts["moriarty"] == 0:
            check.fail(p, "each team needs at least one role")
        rs["roles"][n] = counts
    rs["wires"] = wires.check_rows(rows, hand, roles, "no role table for ")
    for n in roles:
        if n not in rows:
            check.fail("roles." + str(n), "no wire table for " + str(n) + " seats")
    counts = sorted(roles)
    rs["seats"] = (counts[0], counts[-1])


class Game(Looks):
    """One game of Time Bomb, following the core contract (see DESIGN.md)."""

    name = "timebomb"

    def __init__(self, ruleset, players, seed, first=None):
        if players not in ruleset["roles"]:
            raise IllegalAction("this ruleset has no table for " + str(players) + " players")
        self.rs = ruleset
        self.n = players
        self.rng = Rng(seed)
        deck = []
        for r in range(2):
            deck.extend([r] * ruleset["roles"][players][ROLES[r]])
        self.roles, self.undealt = wires.deal_roles(deck, players, self.rng)
        self.table = Table(ruleset, players, self.rng, first)
        self.pending = [1] * players
        self.result = None

    def __repr__(self):
        t = self.table
        return "<timebomb %dp round %d cutter %d found %d/%d%s>" % (
            self.n,
            t.round,
            t.cutter,
            t.found,
            t.defuse_total,
            " over" if self.result else "",
        )

    # -- the contract -------------------------------------------------------------------

    def _turn(self):
        return self.table.cutter

    def actions(self):
        if self.current_player() is None:
            return []
        return self.table.cut_actions()

    def act(self, action):
        if self.current_player() is None or not self.table.is_cut_legal(action):
            raise IllegalAction("not a legal action now: " + repr(action))
        t = self.table
        by = t.cutter
        kind = t.cut(action[1], action[2])
        events = [("cut", by, action[1], action[2], KINDS[kind])]
        if kind == BOMB:
            self.result = ("moriarty", "bomb")
        elif kind == DEFUSE and t.found == t.defuse_total:
            self.result = ("sherlock", "defused")
        elif t.cuts == self.n:
            if t.round == t.rounds:
                self.result = ("moriarty", "rounds")
            else:
                t.next_round(self.rng)
                self.all_look()
                events.append(("round", t.round))
        if self.result is not None:
            events.append(("win", self.result[0], self.result[1]))
        return events

    def view(self, seat=None):
        viewer(seat, self.n)
        v = {"game": "timebomb", "seats": self.n, "reveals": self.reveals()}
        self.table.public(v)
        v["outcome"] = list(self.result) if self.result else None
        if self.result is not None:
            v["roles"] = [ROLES[r] for r in self.roles]
            v["undealt"] = None if self.undealt is None else ROLES[self.undealt]
        if seat is not None:
            v["seat"] = seat
            v["role"] = ROLES[self.roles[seat]]
            v["hand"] = self.table.hand_counts(seat)
        return v

    def outcome(self):
        return self.result

    # -- saves ----------------------------------------------------------------------------

    def to_state(self):
        s = {
            "game": "timebomb",
            "v": 1,
            "n": self.n,
            "roles": list(self.roles),
            "undealt": self.undealt,
            "pending": list(self.pending),
            "outcome": list(self.result) if self.result else None,
            "rng": self.rng.state(),
        }
        self.table.to_state(s)
        return s

    @classmethod
    def from_state(cls, ruleset, state):
        saves.header(state, "timebomb", 1)
        n = state.get("n")
        saves.need(n in ruleset["roles"], "no table for this player count")
        g = object.__new__(cls)
        g.rs = ruleset
        g.n = n
        try:
            g.rng = Rng.from_state(state.get("rng"))
        except ValueError:
            saves.need(False, "random generator state")
        g.roles = saves.int_list(state.get("roles"), n, 0, 1, "roles")
        g.undealt = state.get("undealt")
        dealt = g.roles + ([] if g.undealt is None else [g.undealt])
        want = ruleset["roles"][n]
        saves.need(
            g.undealt in (None, 0, 1)
            and dealt.count(0) == want["sherlock"]
            and dealt.count(1) == want["moriarty"],
            "roles do not match the ruleset",
        )
        g.pending = saves.int_list(state.get("pending"), n, 0, 1, "pending")
        g.result = wires.saved_outcome(state.get("outcome"))
        saves.need(
            g.result is None or (g.result[0] in SIDES and g.result[1] in WHY), "bad outcome"
        )
        g.table = Table.from_state(ruleset, n, state)
        return g
