"""It's a Bomb! (cooperative, against the clock): rulings IB-1..IB-7, in both modes of IB-5.

Crisis mode: the device is the Crisis Unit. It deals the scenario's tiles face down into the
grid, answers `("ask", "row"|"col", i)` with the tokens of that line's face-down tiles in a
random order (IB-4) and flips tiles on `("cut", row, col)` (IB-3). Countdown mode: a person is
the Crisis Unit with the physical tiles; the table reports each round as `("ask",)` or
`("cut", "new"|"nothing"|"explosive")` and the device runs the Countdown deck and the score.

A round is one ask or one cut; then the Countdown deck advances (IB-2) unless a new colour was
cut. Consultants (`("consult", k)`) do not end a round; a scenario with setup Consultants starts
in a setup phase that `("start",)` ends. Special cards are announced when they come up and apply
the scenario's effect (IB-7). The team wins when every colour in play is cut and scores by IB-6.
Nobody holds a private secret: the hidden grid is nobody's, so `reveals()` is always empty and
views show the grid face up only, in full after the end.

Events (one shape a name): ("start",) ("consult", k, effect, amount) ("empty", row, col)
("scan", row, col, tokens) ("ask", kind, i, tokens) ("cut_tile", row, col, kind, verdict)
("hold", left) ("countdown", seconds | "explosion") ("card", card, i, effect, amount)
("score", n) ("win", side, reason) ("beep",) ("checkpoint", ms) ("timeout",). In countdown
mode the device knows neither the line asked nor the tile cut: those fields are None.

Our real-time option (`"realtime"` in a house scenario): the firmware calls `tick(now_ms)` each
loop step; a round that outlasts its clock ends by itself and the deck advances. Without ticks
(the test runner, turn-based play) the game never looks at time.
"""

from core import saves
from core.errors import IllegalAction
from core.itsabomb import moves, save, view
from core.itsabomb.tiles import (
    EMPTY,
    EXPLOSION,
    EXPLOSIVE,
    FIRST_COLOUR,
    GREY,
    KINDS,
    PLAY,
    SETUP,
    line,
    timers,
    tokens,
)
from core.rng import Rng

SIDES = ("players", "bomb")  # who may win, in an outcome (side, reason), in display order
COOP = True  # all seats are SIDES[0], the team; SIDES[1] is the game beating it

# Why a game ends, as outcome() gives it: an explosive cut, the Explosion card, every colour.
EXPLOSIVE_CUT = "explosive"
EXPLODED = "explosion"
ALL_CUT = "colours"


CHECKS = "core.itsabomb.rules"  # the module validate() imports, needed only while a ruleset loads


def validate(obj, rs):
    """Check a scenario and store it normalised in rs (core.ruleset.load calls it)."""
    # Lazy: the checks are needed only while a ruleset loads (the firmware forgets CHECKS then).
    from core.itsabomb import rules

    rules.validate(obj, rs)


def _round_clock(realtime, left=None):
    # The real-time code (and the countdown under it) loads only when a round clock is needed:
    # at the first tick, or to resume a save taken mid-round.
    from core.itsabomb.clock import RoundClock

    return RoundClock(realtime, left)


class Game:
    """One game of It's a Bomb!, following the core contract (see DESIGN.md)."""

    name = "itsabomb"

    def __init__(self, ruleset, players, seed):
        lo, hi = ruleset["seats"]
        if type(players) is not int or not lo <= players <= hi:
            raise IllegalAction("this scenario is for " + str(lo) + ".." + str(hi) + " players")
        self.rs = ruleset
        self.n = players
        self.rng = Rng(seed)
        self.crisis = ruleset["mode"] == "crisis"
        # Tile codes and face-up flags, a byte per cell: small, and no pointer for the GC to chase.
        self.grid = self.up = bytearray(0)
        if self.crisis:
            tiles = []
            for k in range(11):
                tiles.extend([k] * ruleset["tiles"][k])
            self.rng.shuffle(tiles)
            tiles.reverse()  # popped from the end: the first shuffled tile goes in the first cell
            holes = ruleset["holes"]
            n = ruleset["rows"] * ruleset["cols"]
            self.grid = bytearray([EMPTY if c in holes else tiles.pop() for c in range(n)])
            self.up = bytearray(n)
        self.answers = [None] * (ruleset["rows"] + ruleset["cols"]) if self.crisis else []
        self.pos = 0  # index of the card showing on top of the Countdown deck
        self.used = [0] * len(ruleset["consultants"])
        self.hold = 0
        self.no_ask = 0
        self.ordered = 0
        self.shield = 0
        self.empties = 0
        self.scan = 0
        self.found = 0
        self.turn = 0
        setup = [c for c in ruleset["consultants"] if c["when"] == "setup"]
        self.phase = SETUP if setup else PLAY
        self.result = None
        self.score = None
        self.clock = None  # the round clock of the real-time option, made at the first tick

    # -- the contract -------------------------------------------------------------------

    def reveals(self):
        return []

    def seen(self, seat):
        raise IllegalAction("seat " + str(seat) + " has nothing new to see")

    def current_player(self):
        """The seat that speaks for the team this round: the device goes round the table."""
        if self.result is not None:
            return None
        return self.turn % self.n

    def actions(self):
        return moves.actions(self)

    def act(self, action):
        if type(action) is list:
            action = tuple(action)
        ok = type(action) is tuple
        for x in action if ok else ():
            # bool is an int on CPython: ("cut", True, 0) must not pass for ("cut", 1, 0).
            ok = ok and (type(x) is int or type(x) is str)
        if not ok or not action or not moves.legal(self, action):
            raise IllegalAction("not a legal action now: " + repr(action))
        kind = action[0]
        events = []
        if kind == "start":
            self.phase = PLAY
            events.append(("start",))
        elif kind == "consult":
            self._consult(action[1], events)
        elif kind == "empty":
            self._empty(action[1] * self.rs["cols"] + action[2])
            events.append(action)
        elif kind == "scan":
            self.scan = 0
            t = (action[1] * self.rs["cols"] + action[2],)
            events.append(("scan", action[1], action[2], self._tokens(t)))
        elif kind == "ask":
            if self.crisis:
                self._ask(action[1], action[2], events)
            else:
                events.append(("ask", None, None, None))
            self._end_round(events, True)
        else:
            self._cut(action, events)
        return events

    def view(self, seat=None):
        return view.view(self, seat)

    def outcome(self):
        """None while playing; then (side, reason code): "explosive", "explosion" or "colours"."""
        return self.result

    # -- what an action sets off ------------------------------------------------------------
    # Each appends its events to `events` and leaves the game consistent; act() has checked
    # that the action is legal.

    def _tokens(self, cells):
        return tokens(self.grid, self.up, self.rs["loud"], cells)

    def _ask(self, kind, i, events):
        rs = self.rs
        out = self._tokens(line(rs["rows"], rs["cols"], kind, i))
        if self.ordered:
            self.ordered = 0
        else:
            self.rng.shuffle(out)  # IB-4: a random order unless an effect says otherwise
        self.answers[i + (rs["rows"] if kind == "col" else 0)] = [KINDS.index(t) for t in out]
        events.append(("ask", kind, i, out))

    def _consult(self, k, events):
        self.used[k] = 1
        c = self.rs["consultants"][k]
        events.append(("consult", k, c["effect"], c["amount"]))
        self._apply(c["effect"], c["amount"], events)

    def _apply(self, effect, amount, events):
        """The effect primitives (IB-7). Grid effects act only where the device holds the grid;
        in countdown mode they are announced and the human Crisis Unit carries them out."""
        if effect == "hold":
            self.hold += amount  # the next `amount` advances are skipped
        elif effect == "shield":
            self.shield = 1  # the next explosive cut does not go off
        elif effect == "no_ask":
            self.no_ask += amount  # the next `amount` rounds allow no question
        elif effect == "rush":
            self._advance(events, amount)
        elif self.crisis:
            if effect == "fewer_grey":
                self.empties += amount  # the team picks the places left empty
            elif effect == "ordered":
                self.ordered = 1  # the next answer comes in the line's order
            elif effect == "scan":
                self.scan = 1  # the team picks one tile and learns its token

    def _empty(self, c):
        """The team picks a place to leave empty. Its tile trades places with a grey one drawn
        at random (itself, if grey), which gives the same deal as if the place had been left
        empty before the tiles were shuffled; the public sees only the empty place."""
        g = self.grid
        out = [i for i in range(len(g)) if g[i] == GREY]
        k = out[self.rng.below(len(out))]
        g[k] = g[c]
        g[c] = EMPTY
        self.empties -= 1

    def _cut(self, action, events):
        """IB-3: an explosive loses, a new colour skips the countdown, anything else advances."""
        row = col = kind = None
        if self.crisis:
            row, col = action[1], action[2]
            c = row * self.rs["cols"] + col
            k = self.grid[c]
            kind = KINDS[k]
            v = "explosive" if k == EXPLOSIVE else "nothing"
            if k >= FIRST_COLOUR:
                v = "new"  # unless a cable of this colour is already face up
                for i in range(len(self.grid)):
                    if self.up[i] and self.grid[i] == k:
                        v = "nothing"
            self.up[c] = 1
        else:
            v = action[1]
        if v == "explosive" and self.shield:
            self.shield = 0
            v = "shielded"
        events.append(("cut_tile", row, col, kind, v))
        if v == "explosive":
            self._end(1, EXPLOSIVE_CUT, events)
        elif v == "new":
            self.found += 1
            if self.found == len(self.rs["colours"]):
                self._end(0, ALL_CUT, events)
            else:
                self._end_round(events, False)
        else:
            self._end_round(events, True)

    def _end_round(self, events, advance):
        self.turn += 1
        if self.clock is not None:
            self.clock.new_round()
        if self.no_ask:
            self.no_ask -= 1
        if not advance:
            return
        if self.hold:
            self.hold -= 1
            events.append(("hold", self.hold))
        else:
            self._advance(events, 1)

    def _advance(self, events, n):
        """IB-2: discard the top card; the Explosion loses, a special card is announced (IB-7)."""
        while n > 0 and self.result is None:
            n -= 1
            self.pos += 1
            card = self.rs["deck"][self.pos]
            if card == EXPLOSION:
                events.append(("countdown", "explosion"))
                self._end(1, EXPLODED, events)
            elif card > 0:
                events.append(("countdown", card))
            else:
                s = self.rs["specials"][-card - 1]
                events.append(("card", s["card"], -card - 1, s["effect"], s["amount"]))
                self._apply(s["effect"], s["amount"], events)

    def _end(self, k, why, events):
        self.result = (("players", "bomb")[k], why)
        if k == 0:
            # IB-6: +3 a Timer card left, +2 an unused Consultant, +1..3 by level, -1 a player.
            t = timers(self.rs["deck"], self.pos)
            self.score = 3 * t + 2 * (len(self.used) - sum(self.used)) + self.rs["level"] - self.n
            events.append(("score", self.score))
        events.append(("win", self.result[0], why))

    # -- the real-time option (loaded only by scenarios that have it) ----------------------

    def _clock_runs(self):
        # The clock runs only while the team has a round to play (not in setup or a choice).
        return self.result is None and self.phase == PLAY and not self.empties and not self.scan

    def _clock(self):
        if self.clock is None:
            self.clock = _round_clock(self.rs["realtime"])
        return self.clock

    def tick(self, now):
        """Run the round clock up to now_ms; its events, or a shared empty tuple if none."""
        if self.rs["realtime"] is None or not self._clock_runs():
            return ()  # the shared empty tuple: nothing happened, nothing allocated
        events = self._clock().poll(now)
        if events and events[-1][0] == "timeout":
            self._end_round(events, True)
        return events

    def clock_ms(self, now):
        """Milliseconds left in this round, or None without the real-time option."""
        if self.rs["realtime"] is None:
            return None
        return self._clock().ms(now, self._clock_runs())

    def pause(self):
        """Stop the round clock (a menu, a power cut); the next tick resumes it."""
        if self.clock is not None:
            self.clock.stop()

    # -- saves ----------------------------------------------------------------------------

    def to_state(self):
        return {
            "game": "itsabomb",
            "v": 1,
            "n": self.n,
            "mode": self.rs["mode"],
            "phase": self.phase,
            "grid": save.grid_text(self.grid, self.up),
            "pos": self.pos,
            "used": list(self.used),
            "hold": self.hold,
            "no_ask": self.no_ask,
            "ordered": self.ordered,
            "shield": self.shield,
            "empties": self.empties,
            "scan": self.scan,
            "found": self.found,
            "turn": self.turn,
            "answers": [None if a is None else list(a) for a in self.answers],
            "outcome": list(self.result) if self.result else None,
            "score": self.score,
            "clock": None if self.clock is None else self.clock.left,
            "rng": self.rng.state(),
        }

    @classmethod
    def from_state(cls, ruleset, state):
        """Rebuild a saved game, checking every field against the ruleset it is loaded with; a
        corrupt or foreign state raises SaveError (short messages: they stay in RAM)."""
        # The game writes its own fields here, straight from the checks: a table of them (or a
        # dict handed over by save.py) costs about a kilobyte of the board's heap for good.
        rs = ruleset
        saves.header(state, "itsabomb", 1)
        g = object.__new__(cls)
        g.rs = rs
        g.n = saves.int_at(state, "n", rs["seats"][0], rs["seats"][1])
        saves.need(state.get("mode") == rs["mode"], "mode")
        g.crisis = rs["mode"] == "crisis"
        try:
            g.rng = Rng.from_state(state.get("rng"))
        except ValueError:
            saves.need(False, "rng")
        g.phase = saves.int_at(state, "phase", SETUP, PLAY)
        g.pos = saves.int_at(state, "pos", 0, len(rs["deck"]) - 1)
        g.found = saves.int_at(state, "found", 0, len(rs["colours"]))
        g.hold = saves.int_at(state, "hold", 0, 99)
        g.no_ask = saves.int_at(state, "no_ask", 0, 99)
        g.empties = saves.int_at(state, "empties", 0, 16)
        g.turn = saves.int_at(state, "turn", 0, 9999)
        g.ordered = saves.int_at(state, "ordered", 0, 1)
        g.shield = saves.int_at(state, "shield", 0, 1)
        g.scan = saves.int_at(state, "scan", 0, 1)
        # Copies: the game must not change the caller's parsed save as it plays on.
        g.used = list(saves.int_list(state.get("used"), len(rs["consultants"]), 0, 1, "used"))
        g.answers = save.answers(state.get("answers"), rs["rows"] + rs["cols"] if g.crisis else 0)
        if g.crisis:
            g.grid, g.up = save.grid(rs, state.get("grid"), g.used, g.empties, g.found)
        else:
            saves.need(state.get("grid") == "", "grid")
            saves.need(not (g.empties or g.scan or g.ordered), "grid")
            g.grid = g.up = bytearray(0)
        saves.need(not (g.empties and g.scan), "choices")
        g.score = state.get("score")
        g.result = save.outcome(rs, state.get("outcome"), g.score, g.pos, g.found)
        if g.phase == SETUP:
            saves.need(g.turn == 0 and g.pos == 0, "phase")
        left = state.get("clock")
        g.clock = None
        if left is not None:
            t = rs["realtime"]
            saves.need(t is not None and type(left) is int, "clock")
            saves.need(1 <= left <= t["round_ms"], "clock")
            g.clock = _round_clock(t, left)
        return g
