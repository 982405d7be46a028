"""A game saved by an older Fusebox resumes with its log readable: its events in the shapes of
the time (a win's reason in English words, It's a Bomb!'s "cut" and bare ("ask",)) show as text
in the pause menu's log and on the end screen, never as a string key or a crash."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("timebomb", "undercover", "timebomb2", "itsabomb")
WINNERS = {"timebomb": "sherlock", "undercover": "agency", "timebomb2": "swat"}
WINNERS["itsabomb"] = "players"

# The skins draw through framebuf: imported in a CPython with the sim's stand-in for it, as
# test_play_skins.py does. argv: game, the events as JSON; prints [[line, error], ...] and the
# game's reason texts ({code: text}).
LINES = """
import json, sys
from firmware import strings
from firmware.games import package
strings.use("en")
ui = package(sys.argv[1], "skin")
out = []
for ev in json.loads(sys.argv[2]):
    try:
        out.append([ui.log_line(None, tuple(ev)), None])
    except Exception as e:
        out.append([None, repr(e)])
S = strings.of(sys.argv[1])
why = {k[4:]: S(k) for k in strings._table(sys.argv[1]) if k.startswith("why.")}
print(json.dumps([out, why]))
"""


def lines(game, events):
    path = os.pathsep.join((str(ROOT), str(ROOT / "tools" / "sim" / "cpython")))
    res = subprocess.run(
        [sys.executable, "-c", LINES, game, json.dumps(events)],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=path),
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


@pytest.mark.parametrize("game", GAMES)
def test_a_wins_reason_shows_as_text_whether_saved_as_words_or_as_a_code(game):
    old = ("win", WINNERS[game], "all defusing wires cut")  # an older save's English reason
    (got,), why = lines(game, [old])
    assert got == [got[0], None] and got[0].endswith(" all defusing wires cut"), got
    assert "why." not in got[0]
    assert why, game
    got, _ = lines(game, [("win", WINNERS[game], c) for c in why])
    for (line, err), text in zip(got, why.values(), strict=True):
        assert err is None and line.endswith(text) and "why." not in line, (line, err)


def test_its_a_bombs_older_cut_and_ask_events_read_as_todays():
    events = [
        ("cut_tile", 1, 2, "red", "new"),
        ("cut", 1, 2, "red", "new"),  # an older save's cut: today's "cut_tile" fields
        ("cut_tile", None, None, None, "explosive"),
        ("cut", "explosive"),  # an older save's reported cut (the countdown)
        ("ask", None),
        ("ask",),  # an older save's countdown question
    ]
    got, _ = lines("itsabomb", events)
    assert got == [
        ["Cut B3 R: New colour!", None],
        ["Cut B3 R: New colour!", None],
        ["Cut reported: EXPLOSIVE!", None],
        ["Cut reported: EXPLOSIVE!", None],
        ["Question asked", None],
        ["Question asked", None],
    ]
