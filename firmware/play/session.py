"""A game in progress: the core Game, the seat names, the game log, and its atomic autosave.

Every change (a seat has looked, an action) is saved at once with storage.save (temp file, then
rename), so a reset or a flat battery resumes the game exactly at its last action. Each game
has its own save (storage.game_save: data/<id>.json), so a game of another kind never replaces
it. The save names the ruleset file; on resume that file is validated again and the core
rebuilds the game from its saved state, random generator included.
"""

from core import const, games
from firmware import storage

VERSION = const(1)
# The game log is public history for the end screen; bounded so a long game cannot fill RAM.
_LOG_MAX = const(96)
_ENOSPC = const(28)


class Session:
    """Holds the Game and everything the screens need about the table."""

    def __init__(self, path, rs, names, seed, game, log):
        self.path = path
        self.rs = rs
        self.names = names
        self.seed = seed
        self.game = game
        self.log = log
        self.players = len(names)
        self.file = storage.game_save(rs["game"])
        # How many log entries the last action added: after a reset, the hub shows them again
        # (the reset may have come during the reveal, before the table saw the result).
        self.last = 0
        self.resumed = False
        # Public happenings echo to the console (the sim's log, a board's serial port) so a
        # test or an observer can follow the game; the hub sets it to the app's log.
        self.echo = None
        # Where a save waits for the frame that answers the press (the hub sets it to
        # app.later): the flash write (its 4 KB erase) comes right after that frame, in the same
        # loop step, not before it. None: save at once (the save of a new deal, tests). A reveal
        # writes it before its build-up's first frame instead (flush(), firmware/play/reveal.py).
        self.later = None
        self._due = False

    @classmethod
    def start(cls, path, rs, names, seed, first=None):
        """Deal a new game; `first` is the seat the table chose to start (None: the seed's)."""
        Game = games.module(rs["game"]).Game
        n = len(names)
        game = Game(rs, n, seed) if first is None else Game(rs, n, seed, first=first)
        s = cls(path, rs, list(names), seed, game, [])
        s.save()
        storage.played(rs["game"])
        return s

    @classmethod
    def resume(cls, read_ruleset, path):
        """Rebuild the game saved at `path` (storage.game_save); raises OSError (none saved) or
        ValueError (unusable)."""
        obj = storage.load(path)
        if type(obj) is not dict or obj.get("v") != VERSION:
            raise ValueError("save: not a game save of this version")
        names = obj.get("names")
        log = obj.get("log")
        seed = obj.get("seed")
        if type(names) is not list or type(log) is not list or type(seed) is not int:
            raise ValueError("save: damaged")
        for n in names:
            if type(n) is not str:
                raise ValueError("save: damaged")
        rs = read_ruleset(obj.get("ruleset"))
        if storage.game_save(rs["game"]) != path:
            raise ValueError("save: its ruleset is for another game")
        Game = games.module(rs["game"]).Game
        game = Game.from_state(rs, obj.get("state"))
        s = cls(obj["ruleset"], rs, names, seed, game, log)
        last = obj.get("last", 0)  # absent in saves made before it was kept
        s.last = last if type(last) is int and 0 <= last <= len(log) else 0
        s.resumed = True
        return s

    def name(self, seat):
        if seat is None:
            return "-"
        return self.names[seat] if 0 <= seat < len(self.names) else "P" + str(seat + 1)

    def save(self):
        if self.later is None:
            self.flush(True)
        elif not self._due:
            self._due = True
            self.later(self.flush)

    def flush(self, now=False):
        """Write the save asked for (at once with `now`); nothing when none is due."""
        if not (now or self._due):
            return
        self._due = False
        while True:
            try:
                storage.save(
                    self.file,
                    {
                        "v": VERSION,
                        "ruleset": self.path,
                        "names": self.names,
                        "seed": self.seed,
                        "state": self.game.to_state(),
                        "log": self.log,
                        "last": self.last,
                    },
                )
                return
            except OSError as e:
                # No room (CircuitPython's saves share 2 KB of nvm; a full flash): the game
                # must stay saved, so the log, which only the pause menu and the end screen
                # show, gives up its oldest half, down to the last action's own entries.
                older = len(self.log) - self.last
                if e.args[0] != _ENOSPC or older <= 0:
                    raise
                del self.log[: (older + 1) // 2]

    def seen(self, seat):
        self.game.seen(seat)
        self.save()
        if self.echo:
            self.echo("seen " + str(seat))

    def act(self, action):
        """Apply an action, remember its events in the log, save; return the events."""
        events = self.game.act(action)
        self.record(events)
        return events

    def record(self, events):
        """Log, echo and save events, from act() or from a game's clock (a real-time round)."""
        for ev in events:
            self.log.append(list(ev))
            if self.echo:
                self.echo("ev " + " ".join(str(x) for x in ev))
        if len(self.log) > _LOG_MAX:
            del self.log[: len(self.log) - _LOG_MAX]
        self.last = min(len(events), len(self.log))
        self.save()

    def forget(self):
        """Forget this game's save (it ended, or the table threw it away)."""
        self._due = False  # a save still waiting for its frame must not bring it back
        clear(self.rs["game"])


def clear(game):
    """Forget the saved game of `game` (it ended, or the table threw it away)."""
    storage.remove(storage.game_save(game))
    storage.played(game, False)
