"""TimeBomb II on the device: private roles, buildings and troop cards, placements, storm checks.

A skin module (see firmware/games/timebomb): the hub, the pass-around, the reveal and the end
screen call these functions, which turn core views and events into text. The troop card a
player plays is chosen inside their private screen and held on the session until the public
placement screen spends it; its kind is drawn nowhere else and never logged, so the table learns
it only from the storm check, as with the real cards.
"""

import sys

from core.timebomb2 import TROOPS
from firmware import strings

# -- the words the screens share: roles, buildings, troop cards, places, sides ----------


S = strings.of("timebomb2")


def role_name(role):
    return S("swat" if role == "swat" else "terrorist")


def building_name(kind):
    return S("b." + kind)


def troop_name(kind):
    return S("k." + kind)


# A count of troop cards of a kind, singular and plural ("1 Expert", "2 Experts").
TROOP_KEYS = {
    "swat": ("k.swat", "k.swats"),
    "expert": ("k.expert", "k.experts"),
    "bomb1": ("k.bomb1", "k.bomb1s"),
    "bomb2": ("k.bomb2", "k.bomb2s"),
}


def troop_count(n, kind):
    """n troop cards of a kind: "1 Expert", "3 SWAT" (strings.count)."""
    keys = TROOP_KEYS[kind]
    return strings.count(n, keys[0], keys[1], S)


def where(session, place):
    """A building is named for the seat it lies before, or the centre; never told by colour."""
    return S("centre") if place == session.players else session.name(place)


def side_name(winner):
    return S("won.swat" if winner == "swat" else "won.terrorists")


def found_line(found, hideouts):
    """'Found 1/2': the hideouts found so far."""
    return S("found") + str(found) + "/" + str(hideouts)


# -- the storm check in words: the reveal's build-up and result lines, sound, cards ------

# The storm check's result names, as core's events spell them, and how the table hears them.
_RESULTS = {
    "storm": "x.storm",
    "failed": "x.failed",
    "explosion": "x.explosion",
}


def action_lines(session, events):
    """The build-up: which building is checked, known to all once its group is complete."""
    return [S("check"), S("at") + where(session, events[0][2])]


def card_lines(ev):
    """The four cards of a check event ("check", place, result, total, swat, expert, b1, b2)."""
    return [troop_count(ev[4 + i], TROOPS[i]) for i in range(4) if ev[4 + i]]


def result_lines(session, events):
    lines = []
    back = ""
    for ev in events:
        e = ev[0]
        if e == "check":
            lines.append(S(_RESULTS[ev[2]]))
            lines.append(S("total") + str(ev[3]))
            lines.extend(card_lines(ev))
        elif e == "building":
            lines.insert(1, where(session, ev[1]) + ": " + building_name(ev[2]))
            if ev[2] != "boom":
                lines.insert(2, found_line(ev[3], session.game.hideouts()))
        elif e == "move":
            lines.append(S("move"))
        elif e == "return":
            back += (", " if back else "") + session.name(ev[1])
        elif e == "transceiver":
            lines.append(S("back") + back)
            lines.append(S("radio") + session.name(ev[1]))
        elif e == "win":
            lines.append(side_name(ev[1]))
    return lines


def result_word(session, events):
    """The storm check's result in big letters (STORM IN, FAILED, BOOM!); a hideout found
    (HIDEOUT) or the Boom building (BOOM!) says so instead. The game's own words: no keys."""
    word = None
    for ev in events:
        if ev[0] == "check":
            word = S("b.boom").upper() + "!" if ev[2] == "explosion" else S(_RESULTS[ev[2]])
        elif ev[0] == "building" and ev[2] != "dummy":
            return S("b." + ev[2]).upper() + ("!" if ev[2] == "boom" else "")
    return word


def result_sound(events):
    for ev in events:
        if ev[0] == "building":
            return "boom" if ev[2] == "boom" else ("confirm" if ev[2] == "hideout" else "chirp")
    for ev in events:
        if ev[0] == "check":
            return "boom" if ev[2] == "explosion" else "strike"
    return "chirp"


# -- the hub's calls ----------------------------------------------------------------


def happy(winner):
    return winner == "swat"


def hand_lines(hand):
    """One line per kind of troop card held: '3 SWAT', '1 Expert'."""
    return [troop_count(hand[k], k) for k in TROOPS if hand[k]]


def private_lines(session, view, seat):
    if session.game.current_player() == seat:
        # The private turn: the choices follow these lines on the same screen, and the smallest
        # display has four rows, so one short reminder (the building, the secret that moves)
        # leaves room for three kinds of card. A hand of four kinds gets no reminder.
        kinds = 0
        for k in TROOPS:
            if view["hand"][k]:
                kinds += 1
        return [] if kinds > 3 else [building_name(view["building"])]
    # A look after the deal or after the hideouts moved: role and building first (the secrets
    # that matter most, and all a 72x40 screen shows), then the hand.
    lines = [
        S("you") + role_name(view["role"]),
        S("bldg") + building_name(view["building"]),
    ]
    lines.extend(hand_lines(view["hand"]))
    return lines


def private_choice(session, seat):
    """The current player's troop card, chosen in secret; None once chosen (then: placement)."""
    held = getattr(session, "card", None)
    if held is not None and held[0] == seat:
        return None
    hand = session.game.view(seat)["hand"]
    # The confirmation names the card played ("Expert"), not the count held ("2 Experts").
    choices = [(troop_count(hand[k], k), k, troop_name(k)) for k in TROOPS if hand[k]]

    def chosen(kind):
        session.card = (seat, kind)

    return choices, chosen


def status_lines(session, view):
    return [
        found_line(view["found"], view["hideouts"]),
        S("radio") + session.name(view["transceiver"]),
    ]


def turn_screen(app, session):
    # Imported here: the skin's texts load without the screens and the display kit under them.
    # The screen is handed this module for its words and the storm check's reveal.
    from firmware.games.timebomb2.place import PlaceScreen

    return PlaceScreen(app, session, sys.modules[__name__])


def log_line(session, ev):
    e = ev[0]
    if e == "place":
        return (
            session.name(ev[1])
            + " > "
            + where(session, ev[2])
            + " "
            + str(ev[3])
            + "/"
            + str(session.rs["storm"])
        )
    if e == "check":
        cards = ", ".join(card_lines(ev))
        return (
            where(session, ev[1])
            + ": "
            + cards
            + "; "
            + S("total")
            + str(ev[3])
            + " "
            + S(_RESULTS[ev[2]])
        )
    if e == "building":
        return where(session, ev[1]) + ": " + building_name(ev[2])
    if e == "move":
        return S("move")
    if e == "return":
        return S("back") + session.name(ev[1])
    if e == "transceiver":
        return S("radio") + session.name(ev[1])
    if e == "win":
        return side_name(ev[1]) + ": " + strings.reason(S, ev[2])
    return None


def _signed(n):
    return ("+" if n > 0 else "") + str(n)


def rules_lines(session, view):
    """What may be done now and what is on the table first, then the rules that decide a check,
    then what wins: all from the ruleset and the public view."""
    rs = session.rs
    lo, hi = rs["thresholds"]
    n = view["seats"]
    lines = []
    if view["outcome"] is None and not view["reveals"]:
        lines.append(S("r.now") + session.name(view["turn"]) + S("r.place"))
    lines.append(found_line(view["found"], view["hideouts"]))
    waiting = []
    for p in range(n + 1):
        if not view["buildings"][p]:
            waiting.append(where(session, p) + " " + str(view["troops"][p]))
    lines.append(S("r.troops") + ", ".join(waiting))
    hands = [session.name(s) + " " + str(view["hands"][s]) for s in range(n)]
    lines.append(S("r.hands") + ", ".join(hands))
    lines.append(S("radio") + session.name(view["transceiver"]))
    up = []
    for p in range(n + 1):
        if view["buildings"][p]:
            up.append(where(session, p) + ": " + building_name(view["buildings"][p]))
    if up:
        lines.append(S("r.up") + ", ".join(up))
    out = [troop_count(view["removed"][k], k) for k in TROOPS if view["removed"][k]]
    if out:
        lines.append(S("r.out") + ", ".join(out))
    last = view["last"]
    if last is not None:
        # The check a reset may have cut short on screen: [place, 4 card counts, result].
        total = sum(last[1 + k] * rs["bombs"][k] for k in range(4))
        ev = ("check", last[0], last[5], total) + tuple(last[1:5])
        lines.append(S("r.last") + log_line(session, ev))
    bombs = ", ".join(troop_name(TROOPS[k]) + " " + _signed(rs["bombs"][k]) for k in range(4))
    lines.append(S("r.group") + str(rs["storm"]))
    lines.append(S("r.bombs") + bombs)
    lines.append(S("r.in") + str(lo) + S("r.blow") + str(hi) + S("r.fail"))
    lines.append(S("r.work"))
    lines.append(S("r.swat"))
    lines.append(S("r.terr"))
    return lines


def end_lines(session, view):
    """Each seat's role and last building, then the centre's: all turned up at the end."""
    lines = []
    roles = view.get("roles") or []
    cards = view.get("cards") or []
    for seat in range(len(roles)):
        line = session.name(seat) + ": " + role_name(roles[seat])
        if seat < len(cards):
            line += ", " + building_name(cards[seat])
        lines.append(line)
    if len(cards) > len(roles):
        lines.append(S("centre") + ": " + building_name(cards[-1]))
    return lines
