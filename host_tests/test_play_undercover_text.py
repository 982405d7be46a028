"""Undercover's screen text, on the unix port: private screens of one shape for every seat."""

# The skin imports the UI kit (framebuf), so these checks run on MicroPython: random games
# through the core, with the skin asked for every seat's private lines at every step.

from tools.runtimes import run_micropython

SCRIPT = r"""
import json, sys
from core import ruleset
from core.rng import Rng
from core.undercover import Game
from firmware.games.undercover import skin as uc_ui
from firmware.play.session import Session

WIDTH = 15  # the 240x135 screen's columns (128x64 has 16): a longer private line would wrap
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def load(name):
    with open("firmware/rulesets/" + name) as f:
        return ruleset.load(json.load(f))


def fail(*what):
    print("FAIL", *what)


def private_check(s, n):
    counts = []
    for seat in range(n):
        view = s.game.view(seat)
        lines = uc_ui.private_lines(s, view, seat)
        for line in lines:
            if len(line) > WIDTH:
                fail("too wide", line)
        if uc_ui.choosing(view, seat):
            if len(s.game.actions()) != (2 if view["role"] == "shadow" else 1):
                fail("cover choices", view["role"], s.game.actions())
        elif len(lines) not in counts:
            counts.append(len(lines))
    if len(counts) != 1:
        fail("line counts differ between seats", counts)


def playout(rs, n, seed):
    s = Session("rulesets/x.json", rs, NAMES[:n], seed, Game(rs, n, seed), [])
    pick = Rng(seed + 1000)
    g = s.game
    while g.outcome() is None:
        private_check(s, n)
        pending = g.reveals()
        if pending:
            g.seen(pending[0])
            continue
        acts = g.actions()
        for ev in g.act(acts[pick.below(len(acts))]):
            s.log.append(list(ev))
    private_check(s, n)
    return s


def told(s, n):
    for ev in s.log:
        if ev[0] != "cover" and not uc_ui.log_line(s, ev):
            fail("untold event", ev)
    view = s.game.view(None)
    winner = view["outcome"][0]
    lines = uc_ui.end_lines(s, view)
    for seat in range(n):
        team = uc_ui.S(uc_ui.team_of(view["roles"][seat]))
        if not lines[seat].startswith(s.name(seat) + ": ") or team not in lines[seat]:
            fail("end line", lines[seat])
    if len(uc_ui.side_name(winner)) > WIDTH:
        fail("title too wide", uc_ui.side_name(winner))
    return winner


winners = []
for name in ("undercover.json", "undercover-basic.json"):
    rs = load(name)
    for n in (4, 5, 8):
        for seed in range(int(sys.argv[1])):
            w = told(playout(rs, n, seed), n)
            if w not in winners:
                winners.append(w)
print("winners", " ".join(sorted(winners)))
print("done")
"""


def test_private_screens_are_one_shape_and_every_event_is_told(tmp_path):
    script = tmp_path / "uc_text.py"
    script.write_text(SCRIPT)
    r = run_micropython(script, 8, heap="1m", mpy=False)
    assert r.returncode == 0, r.stderr[-2000:] + r.stdout[-2000:]
    out = r.stdout.splitlines()
    assert [line for line in out if line.startswith("FAIL")] == []
    assert out[-1] == "done"
    # The random games reached every kind of end, Shadow's win included.
    assert out[-2] == "winners agency organization shadow"
