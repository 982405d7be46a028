"""The sim board: the line protocol, the virtual clock, frames, tones and SimProc on the host."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.sim.process import (  # noqa: E402
    MICROPYTHON,
    SimError,
    SimProc,
    frame_to_image,
    populate_flash,
    sim_profile,
)

# A tiny app on the real hardware layer: logs every button event and wire change, redraws a
# press counter, beeps while OK is held. show() runs every loop step on purpose.
APP = """
from firmware import hardware, buttons
hw = hardware.build()
b = buttons.Buttons(hw.keymap)
fb = hw.display
n = 0
wires = hw.read_wires()
hw.log("boot %s %dx%d %s seed=%d" % (hw.name, fb.width, fb.height, fb.colour, hw.seed()))
fb.fill(0)
fb.text("start", 0, 0, 1)
while True:
    now = hw.ticks_ms()
    b.poll(now, hw.read_buttons())
    ev = b.get()
    while ev >= 0:
        bt, kind = buttons.button_of(ev), buttons.kind_of(ev)
        hw.log("ev %d %s %s" % (now, buttons.NAMES[bt], buttons.KIND_NAMES[kind]))
        if kind == buttons.PRESS:
            n += 1
            fb.fill(0)
            fb.text("n=%d" % n, 0, 0, 1 + n % 7)
        if bt == buttons.OK:
            if kind == buttons.PRESS:
                hw.buzzer.tone(2700, 30000)
            elif kind == buttons.RELEASE:
                hw.buzzer.quiet()
        ev = b.get()
    w = hw.read_wires()
    if w != wires:
        hw.log("wires %r at %d" % (w, now))
        wires = w
    if hw.battery() is not None:
        hw.log("battery %d" % hw.battery())
    fb.show()
    hw.sleep_ms(10)
"""


@pytest.fixture
def app(tmp_path):
    path = tmp_path / "app.py"
    path.write_text(APP)
    return path


def sim(app, tmp_path, **kw):
    kw.setdefault("env", {"FUSEBOX_SEED": "12345"})
    return SimProc(main=app, flash=tmp_path / "flash", heap="128k", **kw)


def test_boot_reports_ready_and_first_frame(app, tmp_path):
    with sim(app, tmp_path) as s:
        assert s.logs == ["boot sim-pico-ssd1306 128x64 False seed=12345"]
        assert s.frames == 1
        assert (s.frame.width, s.frame.height, s.frame.fmt) == (128, 64, "mono_vlsb")
        assert s.frame.lit() > 0
        assert "#" in s.text()


def test_frames_are_sent_only_when_the_buffer_changes(app, tmp_path):
    with sim(app, tmp_path) as s:
        s.wait(2000)  # 200 loop steps, each calling show() on an unchanged buffer
        assert s.frames == 1
        before = s.frame
        s.tap("DOWN")
        s.wait(50)
        assert s.frames == 2
        assert s.frame != before


def test_virtual_clock_timestamps_events_and_tones(app, tmp_path):
    with sim(app, tmp_path) as s:
        s.wait(100)
        s.tap("OK", ms=200)
        s.wait(100)
        evs = [line for line in s.logs if line.startswith("ev ")]
        assert evs == ["ev 120 ok press", "ev 320 ok release"]
        assert s.tones == [(120, 2700, 30000), (320, 0, 0)]


def test_long_press_and_repeat_follow_virtual_time(app, tmp_path):
    with sim(app, tmp_path) as s:
        s.press("UP")
        s.wait(1000)
        s.release("UP")
        s.wait(50)
        kinds = [line.split()[3] for line in s.logs if line.startswith("ev ")]
        assert kinds[:3] == ["press", "long", "repeat"]
        assert kinds[-1] == "release"


def test_wires_cut_and_join(app, tmp_path):
    with sim(app, tmp_path) as s:
        s.wait(30)
        s.wire(2)
        s.wait(20)
        s.wire(0)
        s.wait(20)
        s.wire(2, cut=False)
        s.wait(20)
        wires = [line.split()[1] for line in s.logs if line.startswith("wires")]
        assert wires == ["4", "5", "1"]


def test_board_without_wires_reads_none(app, tmp_path):
    with sim(app, tmp_path, board="thumby") as s:
        s.wire(0)  # out of range for a wireless board: reported, ignored
        s.wait(20)
        assert not any(line.startswith("wires") for line in s.logs)
        assert any(line.startswith("sim: bad command") for line in s.logs)


def test_snap_returns_the_current_frame(app, tmp_path):
    with sim(app, tmp_path) as s:
        s.tap("OK")
        s.wait(20)
        f = s.snap("after")
        assert f == s.frame
        img = frame_to_image(f, scale=2)
        assert img.size == (256, 128)


def test_colour_board_sends_palette_frames(app, tmp_path):
    with sim(app, tmp_path, board="pico-display-pack") as s:
        s.tap("A")  # A is ok on the Display Pack: the counter text turns colour 1 + 1 % 7 = 2
        s.wait(20)
        f = s.frame
        assert (f.width, f.height, f.fmt, len(f.data)) == (240, 135, "gs4_hmsb", 16200)
        colours = {f.pixel(x, y) for x in range(40) for y in range(8)}
        assert colours == {0, 2}
        img = frame_to_image(f, scale=1)
        assert (230, 40, 40) in {img.getpixel((x, y)) for x in range(40) for y in range(8)}


def test_battery_command(app, tmp_path):
    with sim(app, tmp_path) as s:
        s.battery(42)
        s.wait(10)
        assert "battery 42" in s.logs


def test_clock_wraps_at_2_pow_30(app, tmp_path):
    t0 = (1 << 30) - 300
    with sim(app, tmp_path, env={"FUSEBOX_T0": str(t0)}) as s:
        s.press("UP")
        s.wait(1000)  # the long press straddles the wrap
        s.release("UP")
        s.wait(30)
        evs = [line.split() for line in s.logs if line.startswith("ev ")]
        assert [e[3] for e in evs[:2]] == ["press", "long"]
        assert int(evs[0][1]) > t0 and int(evs[1][1]) < 1000


def test_scripted_run_over_a_pipe_is_deterministic(app, tmp_path):
    flash = populate_flash(tmp_path / "f", sim_profile("pico-sh1106"), main=app)
    script = "press OK\nwait 300\nrelease OK\nwait 50\n# a comment\nsnap s1\nwire 1 cut\nwait 20\n"
    env = dict(os.environ, FUSEBOX_SEED="9")

    def run():
        return subprocess.run(
            [MICROPYTHON, "-X", "heapsize=128k", "main.py"],
            cwd=flash,
            input=script,  # ends without quit: end of input must still say bye
            capture_output=True,
            text=True,
            timeout=30,
            env=env,
        ).stdout

    out = run()
    assert out == run()
    lines = out.splitlines()
    assert lines[0] == "log boot sim-pico-sh1106 128x64 False seed=9"
    assert lines.index("ready") < [i for i, x in enumerate(lines) if x.startswith("snap s1 ")][0]
    assert lines[-1] == "bye"
    assert "tone 20 2700 30000" in lines and "quiet 320" in lines


def test_simproc_reports_a_crashing_firmware(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from firmware import hardware\nhw = hardware.build()\nraise ValueError('boom')\n"
    )
    with pytest.raises(SimError, match="ValueError: boom"):
        SimProc(main=bad, flash=tmp_path / "flash", timeout=10)


def test_sim_profile_takes_geometry_overrides():
    p = sim_profile(
        "pico-ssd1306",
        width=128,
        height=32,
        wires=2,
        buttons=["A", "B"],
        keymap={"A": ["down", "up"], "B": ["ok", "back"]},
    )
    assert p["display"] == {
        "driver": "sim",
        "bus": "none",
        "width": 128,
        "height": 32,
        "colour": False,
    }
    assert [b["name"] for b in p["buttons"]] == ["A", "B"]
    assert p["wires"] == [0, 1]
    t = sim_profile("thumby")
    assert (t["display"]["width"], t["display"]["height"], t["wires"]) == (72, 40, [])


def test_realtime_mode_polls_input_without_blocking(app, tmp_path):
    import time

    with sim(app, tmp_path, env={"FUSEBOX_REALTIME": "1"}) as s:
        s.send("press OK", "wire 1 cut")  # two lines at once: both must land
        time.sleep(0.15)
        s.send("release OK")
        time.sleep(0.05)
        s.send()
        evs = [line.split() for line in s.logs if line.startswith("ev ")]
        assert [e[2:] for e in evs] == [["ok", "press"], ["ok", "release"]]
        held = int(evs[1][1]) - int(evs[0][1])
        assert 120 <= held < 2000  # real milliseconds went by, however slow the machine
        assert any(line.startswith("wires 2") for line in s.logs)


def test_a_kept_flash_keeps_the_users_rulesets_and_refreshes_the_shipped_ones(tmp_path):
    """The sim's flash folder is kept between runs: a ruleset the user added must survive a
    restart (as on a board after a deploy), while a shipped one comes back as shipped."""
    flash = tmp_path / "f"
    populate_flash(flash, sim_profile("pico-ssd1306"))
    mine = flash / "rulesets" / "mine.json"
    mine.write_text('{"game": "timebomb"}')
    shipped = flash / "rulesets" / "timebomb.json"
    shipped.write_text("edited")
    populate_flash(flash, sim_profile("pico-ssd1306"))
    assert mine.read_text() == '{"game": "timebomb"}'
    assert shipped.read_bytes() == (ROOT / "firmware" / "rulesets" / "timebomb.json").read_bytes()
