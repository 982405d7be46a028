"""The interactive sim in a pseudo-terminal: keys reach the firmware, the status line tells the
board, runtime and sound, and the buzzer's changes go to the host's audio player (a fake one)."""

import fcntl
import os
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from host_tests.support.fakeplayer import player
from tools import sim

ROOT = Path(__file__).resolve().parents[1]


class Terminal:
    """`python -m tools sim ARGS` on a 160x60 pseudo-terminal; `.screen` is all it wrote."""

    def __init__(self, args, env):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 160, 0, 0))
        self.master = master
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tools", "sim", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=ROOT,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.screen = b""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.screen += data

    def wait_for(self, text, timeout=20):
        end = time.monotonic() + timeout
        while text.encode() not in self.screen:
            assert time.monotonic() < end, "no %r on screen: %r" % (text, self.screen[-600:])
            assert self.proc.poll() is None, self.screen[-2000:]
            time.sleep(0.05)

    def type(self, keys):
        os.write(self.master, keys.encode())


@pytest.mark.parametrize("runtime", ["micropython", "cpython"])
def test_the_interactive_sim_runs_in_a_terminal_and_plays_its_buzzer(runtime, tmp_path):
    if runtime == "micropython" and sim.unix_port_missing():
        pytest.skip("no MicroPython unix port")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    player(bin_dir, "aplay")  # copies the PCM it is fed to $FAKE_OUT
    env = dict(os.environ, PATH=str(bin_dir), FAKE_OUT=str(tmp_path / "pcm"), TERM="xterm")
    for name in ("FUSEBOX_AUDIO", "COLUMNS", "LINES"):  # the pty's size, not the runner's
        env.pop(name, None)
    term = Terminal(["--board", "pico-ssd1306", "--runtime", runtime], env)
    try:
        term.wait_for("sound: aplay")
        term.wait_for("frames 1 ")  # the main menu is drawn
        term.type("\x1b[B")  # arrow down: the highlight moves, a second frame
        term.wait_for("frames 2 ")
        term.type("q")
        assert term.proc.wait(timeout=20) == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
            term.proc.wait()
    where = "heap 512k" if runtime == "micropython" else "CPython"
    assert ("pico-ssd1306  128x64 mono  " + where).encode() in term.screen
    assert (tmp_path / "pcm").stat().st_size > 0  # the player was fed (silence, here)


class Recorder:
    def __init__(self):
        self.calls = []

    def tone(self, freq, duty, at_ms=None):
        self.calls.append(("tone", freq, duty, at_ms))

    def quiet(self, at_ms=None):
        self.calls.append(("quiet", at_ms))


def test_only_new_buzzer_changes_are_played_with_their_stamps():
    audio = Recorder()
    tones = [(100, 2700, 32768), (180, 0, 0)]
    assert sim.forward_tones(tones, 0, audio) == 2
    tones.append((400, 1500, 2500))
    assert sim.forward_tones(tones, 2, audio) == 3
    assert audio.calls == [("tone", 2700, 32768, 100), ("quiet", 180), ("tone", 1500, 2500, 400)]
