"""It's a Bomb! (cooperative, against the clock): rulings IB-1..IB-7, in both modes of IB-5."""

# Crisis mode: the device is the Crisis Unit. It deals the scenario's tiles face down into the
# grid, answers `("ask", "row"|"col", i)` with the tokens of that line's face-down tiles in a
# random order (IB-4) and flips tiles on `("cut", row, col)` (IB-3). Countdown mode: a person is
# the Crisis Unit with the physical tiles; the table reports each round as `("ask",)` or
# `("cut", "new"|"nothing"|"explosive")` and the device runs the Countdown deck and the score.
#
# A round is one ask or one cut; then the Countdown deck advances (IB-2) unless a new colour was
# cut. Consultants (`("consult", k)`) do not end a round; a scenario with setup Consultants starts
# in a setup phase that `("start",)` ends. Special cards are announced when they come up and apply
# the scenario's effect (IB-7). The team wins when every colour in play is cut and scores by IB-6.
# Nobody holds a private secret: the hidden grid is nobody's, so `reveals()` is always empty and
# views show the grid face up only, in full after the end.
#
# Our real-time option (`"realtime"` in a house scenario): the firmware calls `tick(now_ms)` each
# loop step; a round that outlasts its clock ends by itself and the deck advances. Without ticks
# (the test runner, turn-based play) the game never looks at time.

from core import const
from core.errors import IllegalAction
from core.itsabomb import effects as play
from core.rng import Rng

SIDES = ("players", "bomb")  # who may win, in an outcome (side, reason), in display order
COOP = True  # all seats are SIDES[0], the team; SIDES[1] is the game beating it

_EMPTY = const(0)  # the tile codes and phases of itsabomb_play.py
_SETUP = const(0)
_PLAY = const(1)

# The game's other modules are loaded by _load() before the validator, and not at import:
# compiling from source needs RAM in proportion to the module, and this order (measured under
# `micropython -X heapsize`) leaves the heap least fragmented. Game() and from_state() call it
# too, for a game started without validating a ruleset first.
# Not named after the submodules: a package global of that name would shadow the submodule for
# `from core.itsabomb import view`.
_moves = _view = _realtime = None


def _load():
    global _moves, _view
    if _view is None:
        from core.itsabomb import moves as itsabomb_moves
        from core.itsabomb import save as itsabomb_state  # noqa: F401
        from core.itsabomb import view as itsabomb_view  # noqa: F401

        _moves, _view = itsabomb_moves, itsabomb_view


def _clock():
    # The real-time code (and the countdown under it) is loaded only by scenarios that use it,
    # then kept here: an import statement in tick() would allocate on every loop step.
    global _realtime
    if _realtime is None:
        from core.itsabomb import clock as itsabomb_clock

        _realtime = itsabomb_clock
    return _realtime


def validate(obj, rs):
    """Check an itsabomb scenario (called by core.ruleset.load); the checks load on demand."""
    _load()  # the game's modules first, the validator last (see _load)
    from core.itsabomb import rules as itsabomb_rules

    itsabomb_rules.validate(obj, rs)


class Game:
    """One game of It's a Bomb!, following the core contract (see DESIGN.md)."""

    name = "itsabomb"

    def __init__(self, ruleset, players, seed):
        lo, hi = ruleset["seats"]
        if type(players) is not int or not lo <= players <= hi:
            raise IllegalAction("this scenario is for " + str(lo) + ".." + str(hi) + " players")
        _load()
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
            self.grid = bytearray([_EMPTY if c in holes else tiles.pop() for c in range(n)])
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
        self.phase = _SETUP if setup else _PLAY
        self.result = None
        self.score = None
        self.left = None  # real-time option: ms left in this round at the last tick
        self.clock = None

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
        return _moves.actions(self)

    def act(self, action):
        if type(action) is list:
            action = tuple(action)
        ok = type(action) is tuple
        for x in action if ok else ():
            # bool is an int on CPython: ("cut", True, 0) must not pass for ("cut", 1, 0).
            ok = ok and (type(x) is int or type(x) is str)
        if not ok or not action or not _moves.legal(self, action):
            raise IllegalAction("not a legal action now: " + repr(action))
        kind = action[0]
        events = []
        if kind == "start":
            self.phase = _PLAY
            events.append(("start",))
        elif kind == "consult":
            play.consult(self, action[1], events)
        elif kind == "empty":
            play.empty(self, action[1] * self.rs["cols"] + action[2], events)
            events.append(action)
        elif kind == "scan":
            self.scan = 0
            t = (action[1] * self.rs["cols"] + action[2],)
            events.append(("scan", action[1], action[2], play.tokens(self, t)))
        elif kind == "ask":
            if self.crisis:
                play.ask(self, action[1], action[2], events)
            else:
                events.append(action)
            play.end_round(self, events, True)
        else:
            play.cut(self, action, events)
        return events

    def view(self, seat=None):
        return _view.view(self, seat)

    def outcome(self):
        return self.result

    # -- the real-time option (loaded only by scenarios that have it) ----------------------

    def tick(self, now):
        """Run the round clock up to now_ms; its events, or a shared empty tuple if none."""
        if self.rs["realtime"] is None:
            return ()  # the shared empty tuple: nothing happened, nothing allocated
        return _clock().tick(self, now)

    def clock_ms(self, now):
        """Milliseconds left in this round, or None without the real-time option."""
        if self.rs["realtime"] is None:
            return None
        return _clock().left(self, now)

    def pause(self):
        """Stop the round clock (a menu, a power cut); the next tick resumes it."""
        self.clock = None

    # -- saves ----------------------------------------------------------------------------

    def to_state(self):
        return {
            "game": "itsabomb",
            "v": 1,
            "n": self.n,
            "mode": self.rs["mode"],
            "phase": self.phase,
            "grid": self._grid(),
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
            "clock": self.left,
            "rng": self.rng.state(),
        }

    def _grid(self):
        # One letter a cell, "a".."k" face down and "A".."K" face up by tile code: a short text
        # keeps saves (and the heap while saving) small on the board.
        b = bytearray(len(self.grid))
        for c in range(len(b)):
            b[c] = self.grid[c] + (65 if self.up[c] else 97)
        return str(b, "ascii")

    @classmethod
    def from_state(cls, ruleset, state):
        _load()  # itsabomb_state comes with the others
        from core.itsabomb.save import load

        g = object.__new__(cls)
        g.rs = ruleset
        load(g, state)
        return g
