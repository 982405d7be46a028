"""The skin interface: the functions the shared play flow calls on a game's skin module.

Each game that is played around the table (not a prop) has `firmware/games/<id>/skin.py`, a
module of plain functions that turn core views and events into text, sounds and the game's own
turn screen. The hub (hub.py), the pass-around (passing.py), the reveal (reveal.py), the cutting
turn (wires.py), the pause menu (pause.py, log.py) and the end screen (end.py) call exactly the
functions listed below, with the parameters they show. Public text comes only from view(None) and
events; private text only from view(seat).

What every skin says for itself (name(parameters), then what it returns):
  side_name(winner)              the end screen's title for the winning side, "Sherlock wins"
  happy(winner)                  True when `winner` is the side the table cheers (the defusers):
                                 the end screen plays "defused", else "boom"
  private_lines(session, view, seat)  the private screen of `seat` from view(seat) only: lines
                                 of at most passing.LINE_MAX characters (so how far a player
                                 scrolls tells nothing)
  status_lines(session, view)    the public table in a few short lines, from view(None)
  turn_screen(app, session)      the screen of the public turn (the hub pushes it when no look
                                 or choice is pending)
  result_lines(session, events)  the reveal's public result of an action, after the build-up
  rules_lines(session, view)     the pause menu's "Rules": what may happen now, from view(None)

What has a natural default, defined below for real (a skin with nothing of its own takes it
with one import line, e.g. `from firmware.play.skin import private_choice`):
  private_choice(session, seat)  a private choice of `seat`, or None (the default)
  action_lines(session, events)  the reveal's build-up text; the default shows none
  result_sound(events)           the sound of the result; the default is the neutral chirp
  result_word(session, events)   the result in one big word (at most 8 letters:
                                 SAFE!, STORM IN), or None; the default: none
  log_line(session, ev)          the public log's line for an event, or None (the default)
  end_lines(session, view)       the end screen's lines under the reason; the default: none

host_tests/test_play_skins.py reads the two lists above and checks that each game's skin has
every name with these parameters, and that the play flow calls no other. Only the defaults are
code: the board loads this module with a game, and a table of names would cost its heap.
"""


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


def result_word(session, events):
    """The result of an action in one word of at most 8 letters (firmware/play/reveal.py),
    drawn in the big segment font above the details (SAFE!, STORM IN, BOOM!); None draws none
    (the default). Public: from the events only."""
    return None


def log_line(session, ev):
    """The public log's line for one event, or None to leave the event out (the default)."""
    return None


def end_lines(session, view):
    """The end screen's lines under the reason (every role, the scores), from view(None). The
    default says nothing more."""
    return []
