"""sim: scripted screenshots equal the golden images; keys, notes, half blocks in a terminal."""

import os
import subprocess
import sys
import time
from argparse import Namespace
from pathlib import Path

import pytest
from PIL import Image

from tools.sim import cli as sim
from tools.sim import process as simproc

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "host_tests" / "golden"
SCRIPT = GOLDEN / "screens.sim"
needs_port = pytest.mark.skipif(bool(sim.unix_port_missing()), reason="no MicroPython unix port")


def run_sim(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "tools", "sim", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        timeout=120,
        env=dict(os.environ, **(env or {})),
    )


def pixels(path):
    img = Image.open(path).convert("RGB")
    return img.size, img.tobytes()


@needs_port
@pytest.mark.parametrize("board", ["pico-ssd1306", "thumby", "pico-display-pack"])
def test_scripted_screenshots_equal_the_golden_images(board, tmp_path):
    # Regenerate after a deliberate UI change (then look at the PNGs before committing):
    #   python -m tools sim --board BOARD --script host_tests/golden/screens.sim \
    #       --png host_tests/golden/BOARD
    res = run_sim("--board", board, "--script", str(SCRIPT), "--png", str(tmp_path))
    assert res.returncode == 0, res.stdout + res.stderr
    profile = simproc.sim_profile(board)["display"]
    for shot in ("menu", "timer"):
        got = pixels(tmp_path / (shot + ".png"))
        assert got[0] == (profile["width"] * 4, profile["height"] * 4)
        assert got == pixels(GOLDEN / board / (shot + ".png")), "%s/%s.png differs" % (board, shot)


@needs_port
def test_script_errors_name_the_line(tmp_path):
    bad = tmp_path / "bad.sim"
    bad.write_text("wait 100\n\n# fine so far\ntap SELECT\n")
    res = run_sim("--board", "thumby", "--script", str(bad))
    assert res.returncode == 1
    assert "line 4: tap SELECT: no button 'SELECT'" in res.stderr


def test_usage_and_terminal_errors(tmp_path):
    assert run_sim("--png", str(tmp_path)).returncode == 2
    assert run_sim("--board").returncode == 2
    res = run_sim()  # stdin is no terminal here
    assert res.returncode == 1 and "--script" in res.stdout + res.stderr


def test_a_missing_unix_port_falls_back_to_cpython(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(simproc, "MICROPYTHON", "/nonexistent/micropython")
    args = Namespace(script=str(SCRIPT), png=None, board="thumby", heap="512k", scale=4)
    args.runtime = "micropython"  # asked for by name: a clear error, no fallback
    assert sim.main(args) == 1
    err = capsys.readouterr().err
    assert "unix port is not installed" in err and "Linux x86_64 and macOS arm64" in err
    assert "--runtime cpython" in err
    args.runtime = "auto"  # the default: the firmware runs under CPython instead
    assert sim.main(args) == 0
    out = capsys.readouterr()
    assert "no MicroPython unix port" in out.err
    assert "running the firmware under CPython" in out.err
    assert "menu:" in out.out and "timer:" in out.out


def backends():
    out = ["pyframebuf"]
    try:
        import pygraphics  # noqa: F401

        out.append("pygraphics")
    except ImportError:
        pass
    return out


@pytest.mark.parametrize("backend", backends())
@pytest.mark.parametrize("board", ["pico-ssd1306", "thumby", "pico-display-pack"])
def test_under_cpython_the_screenshots_equal_the_golden_images_too(board, backend, tmp_path):
    res = run_sim(
        "--runtime",
        "cpython",
        "--board",
        board,
        "--script",
        str(SCRIPT),
        "--png",
        str(tmp_path),
        env={"FUSEBOX_FRAMEBUF": "py" if backend == "pyframebuf" else ""},
    )
    assert res.returncode == 0, res.stdout + res.stderr
    assert "framebuf: %s" % backend in res.stderr
    for shot in ("menu", "timer"):
        got = pixels(tmp_path / (shot + ".png"))
        assert got == pixels(GOLDEN / board / (shot + ".png")), "%s/%s.png differs" % (board, shot)


@needs_port
def test_a_whole_scripted_game_draws_the_same_frames_on_both_runtimes():
    lines = (ROOT / "docs" / "screens" / "timebomb.sim").read_text().splitlines()
    shots = {}
    for runtime in ("micropython", "cpython"):
        env = {"FUSEBOX_SEED": "1"}
        with simproc.SimProc(board="pico-ssd1306", heap="512k", env=env, runtime=runtime) as s:
            shots[runtime] = sim.run_script(s, lines)
            shots[runtime + " tones"] = s.tones
    assert len(shots["micropython"]) >= 5
    assert shots["cpython"] == shots["micropython"]
    assert shots["cpython tones"] == shots["micropython tones"]


def test_the_realtime_sim_under_cpython_answers_keys_at_once():
    # Lines sent together (press, sync) must all be taken, though CPython buffers its stdin.
    env = {"FUSEBOX_REALTIME": "1"}
    with simproc.SimProc(board="pico-ssd1306", env=env, runtime="cpython", timeout=20) as s:
        deadline = time.monotonic() + 10
        while s.frame is None and time.monotonic() < deadline:
            s.send()
            time.sleep(0.05)
        menu = s.frame
        assert menu is not None
        s.send("press DOWN")
        time.sleep(0.15)
        s.send("release DOWN")
        while s.frame == menu and time.monotonic() < deadline:
            s.send()
            time.sleep(0.05)
        assert s.frame != menu  # the highlight moved


def test_an_unknown_runtime_is_refused():
    with pytest.raises(ValueError, match="runtime must be one of"):
        simproc.SimProc(board="thumby", runtime="jython")


def test_notes_name_the_nearest_pitch():
    assert sim.note(440) == "A4"
    assert sim.note(2700) == "E7"  # the piezo's resonance
    assert sim.note(262) == "C4"
    assert sim.note(0) == "-"


@pytest.mark.parametrize("board", ["pico-ssd1306", "thumby", "pico-display-pack"])
def test_logical_names_reach_every_board(board):
    profile = simproc.sim_profile(board)
    physical = [b["name"] for b in profile["buttons"]]
    for logical in ("up", "down", "ok", "back"):
        name, ms = sim.resolve(profile, logical)
        assert name in physical and logical in profile["keymap"][name]
        assert ms == sim.TAP_MS
    assert sim.resolve(profile, physical[0]) == (physical[0], sim.TAP_MS)
    with pytest.raises(ValueError):
        sim.resolve(profile, "select")


def test_a_long_only_mapping_is_sent_as_a_hold():
    profile = {"buttons": [{"name": "A"}, {"name": "B"}], "keymap": {"A": ["down", "up"]}}
    assert sim.resolve(profile, "down") == ("A", sim.TAP_MS)
    assert sim.resolve(profile, "up") == ("A", sim.LONG_MS)


def test_split_keys_keeps_escape_sequences_whole():
    assert sim.split_keys("\x1b[Aa\r\x1bOB") == ["\x1b[A", "a", "\n", "\x1b[B"]


def test_render_draws_two_pixel_rows_per_line():
    data = bytearray(72 * 5)
    data[0] = 0b01  # (0, 0) lit, (0, 1) dark
    frame = simproc.Frame(72, 40, "mono_vlsb", bytes(data))
    text = sim.render(frame, 1, ["status"])
    lines = text.plain.split("\n")
    assert len(lines) == 1 + 40 // 2 and lines[0] == "status"
    assert all(len(line) == 72 for line in lines[1:])
    first = text.spans[0]  # the top-left pixel, after "status\n"
    assert (first.start, first.end) == (7, 8)
    assert str(first.style) == "rgb(255,255,255) on rgb(0,0,0)"
    assert len(sim.render(frame, 3, []).plain.split("\n")) == 40 * 3 // 2
    assert len(sim.render(frame, 3, []).plain.split("\n")[0]) == 72 * 3
