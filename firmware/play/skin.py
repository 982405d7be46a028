"""The skin interface: the functions the shared play flow calls on a game's skin module.

Each game that is played around the table (not a prop) has `firmware/games/<id>/skin.py`, a
module of plain functions that turn core views and events into text, sounds and the game's own
turn screen. The hub (hub.py), the pass-around (passing.py), the reveal (reveal.py), the pause
menu (pause.py, log.py) and the end screen (end.py) call exactly the names in INTERFACE, with
the parameters below. Public text comes only from view(None) and events; private text only
from view(seat).

The functions with a natural default are defined here for real, and a skin takes the ones it
does not define with one import line, e.g. `from firmware.play.skin import private_choice`.
The others say what a skin must return and raise if called: every skin defines its own
(host_tests/test_play_skins.py checks each game's skin has every name, with these parameters).
"""

INTERFACE = (
    "side_name",
    "happy",
    "private_lines",
    "private_choice",
    "status_lines",
    "turn_screen",
    "action_lines",
    "result_lines",
    "result_sound",
    "log_line",
    "rules_lines",
    "end_lines",
)


# -- what each game must say for itself ---------------------------------------------------------
def side_name(winner):
    """The end screen's title for the winning side (outcome()[0]), e.g. "Sherlock wins"."""
    raise NotImplementedError


def happy(winner):
    """True when `winner` is the side the table cheers (the defusers): the end screen then
    plays "defused", else "boom"."""
    raise NotImplementedError


def private_lines(session, view, seat):
    """The private screen of `seat` from view(seat) only: a list of lines of at most
    passing.LINE_MAX characters each (so how far a player scrolls tells nothing)."""
    raise NotImplementedError


def status_lines(session, view):
    """The public table in a few short lines from view(None) (the cutting turn of the wire games
    shows the first two above its seat list on big screens)."""
    raise NotImplementedError


def turn_screen(app, session):
    """The screen of the public turn (the hub pushes it when no look or choice is pending)."""
    raise NotImplementedError


def result_lines(session, events):
    """The reveal's public result of an action, shown once the build-up is over: lines."""
    raise NotImplementedError


def rules_lines(session, view):
    """The pause menu's "Rules": what may happen now, from view(None): lines."""
    raise NotImplementedError


# -- the defaults -------------------------------------------------------------------------------
def private_choice(session, seat):
    """A choice `seat` makes in private, as (choices, on_choice) with choices a list of
    (label, value) and on_choice(value) applying it; None when there is none (the default: the
    hub goes on to the turn screen)."""
    return None


def action_lines(session, events):
    """The reveal's build-up text: what the whole table already knows about the action (who
    did what), never its result. The default shows the build-up without text."""
    return []


def result_sound(events):
    """The sound name (firmware/buzzer.py NAMES) played with the result. The default is the
    neutral chirp."""
    return "chirp"


def log_line(session, ev):
    """The public log's line for one event, or None to leave the event out (the default)."""
    return None


def end_lines(session, view):
    """The end screen's lines under the reason (every role, the scores), from view(None). The
    default says nothing more."""
    return []
