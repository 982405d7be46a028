"""The "simple" TimeBomb II player of the balance tool: troop cards placed from one seat's view."""

# What a seat knows: its role, its troop cards, its own building (re-checked whenever the
# hideouts move), and the public table: which buildings are face up and how many troop cards lie
# at each. The naive plan of each side:
# - SWAT storm their own building when it is a hideout, never their own Boom or dummy, and else
#   add to the biggest group so that checks come quickly; Experts go where a group is already
#   large (the card most likely to complete it), plain SWAT cards elsewhere.
# - Terrorists feed a plain SWAT card to their own Boom building (a storm in there wins), and
#   otherwise put bomb cards on the biggest group (most likely to be checked next) so that the
#   check fails; with no bomb card left they play SWAT cards where they do least good.


def _places(view, actions):
    """The face-down places an action may target, in order."""
    return sorted({a[2] for a in actions})


def _card(actions, kinds, place):
    """The first of `kinds` (in preference order) that can be placed at `place`, or None."""
    for k in kinds:
        if ("place", k, place) in actions:
            return ("place", k, place)
    return None


def _biggest(view, places, avoid, rnd):
    """The place with the most troop cards (ties at random), not in `avoid` unless no other."""
    pool = [p for p in places if p not in avoid] or places
    top = max(view["troops"][p] for p in pool)
    best = [p for p in pool if view["troops"][p] == top]
    return best[rnd.randrange(len(best))]


def _smallest(view, places, avoid, rnd):
    pool = [p for p in places if p not in avoid] or places
    low = min(view["troops"][p] for p in pool)
    best = [p for p in pool if view["troops"][p] == low]
    return best[rnd.randrange(len(best))]


def choose(view, actions, rnd):
    me, mine = view["seat"], view["building"]
    places = _places(view, actions)
    own = me in places  # the seat's own building is still face down
    if view["role"] == "swat":
        if own and mine == "hideout":
            target = me
        else:
            target = _biggest(view, places, (me,) if own else (), rnd)
        big = view["troops"][target] >= 2
        kinds = ("expert", "swat") if big else ("swat", "expert")
        return _card(actions, kinds, target) or actions[0]
    # A terrorist.
    if own and mine == "boom":
        a = _card(actions, ("swat",), me)
        if a is not None:
            return a
    avoid = (me,) if own and mine == "boom" else ()
    target = _biggest(view, places, avoid, rnd)
    a = _card(actions, ("bomb1", "bomb2"), target)
    if a is not None:
        return a
    # Only SWAT cards left: where they least help, away from any group about to be checked,
    # unless the own Boom can still take one.
    target = me if own and mine == "boom" else _smallest(view, places, (), rnd)
    return _card(actions, ("swat", "expert"), target) or actions[0]
