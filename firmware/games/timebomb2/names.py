"""The words TimeBomb II's screens share: roles, buildings, troop cards, places, sides."""

from firmware import strings


def S(key):
    return strings.get(key)


def role_name(role):
    return S("timebomb2.swat" if role == "swat" else "timebomb2.terrorist")


def building_name(kind):
    return S("timebomb2.b." + kind)


def troop_name(kind):
    return S("timebomb2.k." + kind)


def where(session, place):
    """A building is named for the seat it lies before, or the centre; never told by colour."""
    return S("timebomb2.centre") if place == session.players else session.name(place)


def side_name(winner):
    return S("timebomb2.w.swat" if winner == "swat" else "timebomb2.w.terrorists")


def found_line(found, hideouts):
    """'Found 1/2': the hideouts found so far."""
    return S("timebomb2.found") + str(found) + "/" + str(hideouts)
