"""TimeBomb II's names: roles, sides, troop cards, buildings, check results, and table limits.

Every TimeBomb II module needs these: the Game and its views, its save and ruleset check. Troop
kinds, roles, buildings and results are held as indexes into these tuples; views and events
name them.
"""

from core import const

ROLES = ("swat", "terrorist")
WINNERS = ("swat", "terrorists")
TROOPS = ("swat", "expert", "bomb1", "bomb2")
BUILDINGS = ("dummy", "hideout", "boom")
RESULTS = ("storm", "failed", "explosion")
HIDEOUT = const(1)
BOOM = const(2)
MAX_SEATS = const(10)
MAX_HAND = const(8)
MAX_BOMB = const(9)
MAX_TOTAL = const(99)
