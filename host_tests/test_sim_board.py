"""The sim board in real time (the interactive sim's): every press and wire change sent reaches
the firmware's button logic as one it debounces, however fast they come and however slow the
loop is."""

import time

import pytest

from tools.sim import cli as simtool
from tools.sim.process import SimProc

# A small app on the real hardware layer and the firmware's Buttons: logs every button event
# (with the loop's clock) and wire change. STALL_MS: a slow step (a busy machine, a game's
# modules loading), during which input piles up.
APP = """
import time
from firmware import hardware, buttons
hw = hardware.build()
b = buttons.Buttons(hw.keymap)
wires = hw.read_wires()
hw.log("boot")
while True:
    now = hw.ticks_ms()
    b.poll(now, hw.read_buttons())
    ev = b.get()
    while ev >= 0:
        hw.log("ev %d %s %s" % (now, buttons.NAMES[buttons.button_of(ev)],
                                buttons.KIND_NAMES[buttons.kind_of(ev)]))
        ev = b.get()
    w = hw.read_wires()
    if w != wires:
        hw.log("wires %r" % w)
        wires = w
    if STALL_MS:
        time.sleep_ms(STALL_MS)
    hw.sleep_ms(20)
"""


def events(s):
    return [line.split()[1:] for line in s.logs if line.startswith("ev ")]


def wait_logs(s, done, timeout=20):
    end = time.monotonic() + timeout
    while not done(s.logs):
        assert time.monotonic() < end, s.logs[-10:]
        time.sleep(0.05)
        s.send()


@pytest.mark.parametrize("runtime", ["micropython", "cpython"])
@pytest.mark.parametrize("stall_ms", [0, 150])
def test_presses_sent_at_once_each_reach_the_buttons(runtime, stall_ms, tmp_path):
    if runtime == "micropython" and simtool.unix_port_missing():
        pytest.skip("no MicroPython unix port")
    app = tmp_path / "app.py"
    app.write_text(APP.replace("STALL_MS", str(stall_ms)))
    env = {"FUSEBOX_REALTIME": "1"}
    with SimProc(main=app, flash=tmp_path / "flash", env=env, runtime=runtime) as s:
        # Twenty taps, a press and its release in the same breath, and a wire cut and joined
        # between them: all in one write, as fast as a pipe goes.
        lines = []
        for i in range(20):
            lines += ["press DOWN", "release DOWN"]
            if i == 10:
                lines += ["wire 2 cut", "wire 2 join"]
        s.send(*lines)
        wait_logs(s, lambda logs: len([e for e in logs if e.endswith("release")]) >= 20)
        evs = events(s)
        assert [e[1:] for e in evs] == [["down", "press"], ["down", "release"]] * 20
        for press, release in zip(evs[0::2], evs[1::2], strict=True):
            assert int(release[0]) - int(press[0]) >= 20  # held for the debounce time at least
        wait_logs(s, lambda logs: "wires 0" in logs)
        wires = [line for line in s.logs if line.startswith("wires")]
        assert wires == ["wires 4", "wires 0"]  # the cut was seen, then the join


@pytest.mark.parametrize("runtime", ["micropython", "cpython"])
def test_a_press_stays_down_until_its_release_comes(runtime, tmp_path):
    if runtime == "micropython" and simtool.unix_port_missing():
        pytest.skip("no MicroPython unix port")
    app = tmp_path / "app.py"
    app.write_text(APP.replace("STALL_MS", "0"))
    env = {"FUSEBOX_REALTIME": "1"}
    with SimProc(main=app, flash=tmp_path / "flash", env=env, runtime=runtime) as s:
        s.send("press OK")
        time.sleep(1.0)  # past the long-press time (600 ms): a long press, then repeats
        s.send("release OK")
        wait_logs(s, lambda logs: logs[-1].endswith("ok release"))
        evs = events(s)
        kinds = [e[2] for e in evs]
        assert kinds[:2] == ["press", "long"] and kinds[-1] == "release"
        assert set(kinds[2:-1]) == {"repeat"}
        assert int(evs[-1][0]) - int(evs[0][0]) >= 900  # the hold lasted as long as it was held
