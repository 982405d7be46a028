"""Private looks a pass-around game waits for: which seats must see new secrets before play.

Time Bomb, Undercover and TimeBomb II deal secrets, and some actions change them (a reshuffle,
the cover step, hideouts moving): each seat must then look privately before anyone acts. The
device asks for those seats one at a time (reveals()), each confirms (seen(seat)), and only then
is it somebody's turn (current_player()).
"""

from core.errors import IllegalAction


class Looks:
    """Base of the pass-around Games: `pending[s]` is 1 while seat s has yet to look (0 or 1, so
    a save holds it as it is). A subclass sets `n`, `result` and `pending`, and says whose turn it
    is when nobody has to look (`_turn()`)."""

    n = 0
    result = None
    pending = ()

    def reveals(self):
        """The seats that must look privately before play goes on, in seat order."""
        return [s for s in range(self.n) if self.pending[s]]

    def seen(self, seat):
        """Seat `seat` has looked at what is new for it."""
        if type(seat) is not int or not 0 <= seat < self.n or not self.pending[seat]:
            raise IllegalAction("seat " + str(seat) + " has nothing new to see")
        self.pending[seat] = 0

    def all_look(self):
        """Every seat has something new to see (after a deal or a reshuffle)."""
        self.pending = [1] * self.n

    def current_player(self):
        """Whose action it is now: None while the game is over or somebody must look first."""
        if self.result is not None or 1 in self.pending:
            return None
        return self._turn()

    def _turn(self):
        raise NotImplementedError
