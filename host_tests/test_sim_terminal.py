"""The interactive sim in a pseudo-terminal, as a person uses it: keys reach the firmware (none
lost, however fast), a Shift hold lasts until the next key (the bomb timer arms), the flash is
kept between runs, a small terminal is told the size it needs, stdout may be a pipe, and the
buzzer's changes go to the host's audio player (a fake one)."""

import fcntl
import json
import os
import re
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from host_tests.support.fakeplayer import player
from tools.sim import cli as sim

ROOT = Path(__file__).resolve().parents[1]
needs_port = pytest.mark.skipif(bool(sim.unix_port_missing()), reason="no MicroPython unix port")
TO_TIMER = "dddd\n\n"  # main menu: the Bomb timer after the four games, then its first preset


def set_size(fd, cols, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class Terminal:
    """`python -m tools sim ARGS` on a pseudo-terminal (160x60 unless told); `.screen` is all
    it wrote there. stdout=PIPE makes stdout a pipe instead (`.out`: what it printed)."""

    def __init__(self, args, env, size=(160, 60), stdout=None):
        master, slave = os.openpty()
        set_size(slave, *size)
        self.master = master
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tools", "sim", *args],
            stdin=slave,
            stdout=slave if stdout is None else stdout,
            stderr=slave,
            cwd=ROOT,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.screen = b""
        self.out = b""
        self._readers = [threading.Thread(target=self._read, daemon=True)]
        if stdout is not None:
            self._readers.append(threading.Thread(target=self._read_out, daemon=True))
        for t in self._readers:
            t.start()

    def _read(self):
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.screen += data

    def _read_out(self):
        for data in iter(lambda: self.proc.stdout.read1(65536), b""):
            self.out += data

    def words(self):
        """What the terminal shows as plain words: escapes dropped, line breaks as spaces
        (rich wraps a long message wherever the width ends)."""
        plain = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b" ", self.screen)
        return re.sub(rb"\s+", b" ", plain)

    def wait_for(self, text, timeout=30, where="screen"):
        end = time.monotonic() + timeout
        while text.encode() not in (self.words() if where == "words" else getattr(self, where)):
            seen = getattr(self, where if where != "words" else "screen")[-600:]
            assert time.monotonic() < end, "no %r in %s: %r" % (text, where, seen)
            assert self.proc.poll() is None, self.screen[-2000:]
            time.sleep(0.05)

    def type(self, keys, gap=0.0):
        for key in [keys] if not gap else keys:
            os.write(self.master, key.encode())
            time.sleep(gap)

    def resize(self, cols, rows):
        set_size(self.master, cols, rows)

    def frames(self):
        """The status line's last frame count (frames the firmware sent)."""
        found = re.findall(rb"frames (\d+)", self.screen)
        return int(found[-1]) if found else 0

    def settle(self, quiet=1.0, timeout=30):
        """Wait until the firmware has sent no frame for `quiet` seconds; the frame count."""
        end = time.monotonic() + timeout
        count, since = self.frames(), time.monotonic()
        while time.monotonic() - since < quiet:
            assert time.monotonic() < end, "frames keep coming: %d" % count
            time.sleep(0.05)
            if self.frames() != count:
                count, since = self.frames(), time.monotonic()
        return count

    def quit(self):
        self.type("q")
        assert self.proc.wait(timeout=30) == 0, self.screen[-2000:]
        for t in self._readers:
            t.join(timeout=5)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)
        if self.proc.stdout:
            self.proc.stdout.close()


@pytest.fixture
def home(tmp_path):
    """The environment of a user whose data folder is a temp dir (and who has no sound)."""
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), TERM="xterm")
    env["FUSEBOX_AUDIO"] = "off"
    for name in ("COLUMNS", "LINES", "FUSEBOX_REALTIME"):  # the pty's size, not the runner's
        env.pop(name, None)
    return env


@pytest.fixture
def terminals():
    """Start Terminals with `terminals(args, env, ...)`; all are killed at the end."""
    made = []

    def start(*args, **kw):
        made.append(Terminal(*args, **kw))
        return made[-1]

    yield start
    for t in made:
        t.close()


def flash_data(home, board="pico-ssd1306"):
    return Path(home["XDG_DATA_HOME"]) / "fusebox" / ("flash-" + board) / "data"


def saved(path):
    """What the firmware saved in a data/ file (storage's envelope opened)."""
    return json.loads(path.read_text())["data"]


def wait_file(path, timeout=20):
    end = time.monotonic() + timeout
    while not path.exists():
        assert time.monotonic() < end, "the firmware wrote no %s" % path.name
        time.sleep(0.05)
    time.sleep(0.2)  # written, then renamed: the rename is what we saw


@pytest.mark.parametrize("runtime", ["micropython", "cpython"])
def test_the_interactive_sim_runs_in_a_terminal_and_plays_its_buzzer(runtime, tmp_path):
    if runtime == "micropython" and sim.unix_port_missing():
        pytest.skip("no MicroPython unix port")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    player(bin_dir, "aplay")  # copies the PCM it is fed to $FAKE_OUT
    env = dict(os.environ, PATH=str(bin_dir), FAKE_OUT=str(tmp_path / "pcm"), TERM="xterm")
    env["XDG_DATA_HOME"] = str(tmp_path / "data")  # the kept flash goes there, not to ~
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
        term.close()
    where = "heap 512k" if runtime == "micropython" else "CPython"
    assert ("pico-ssd1306  128x64 mono  " + where).encode() in term.screen
    assert (tmp_path / "pcm").stat().st_size > 0  # the player was fed (silence, here)


@needs_port
def test_a_shift_hold_lasts_until_the_next_key_and_arms_the_timer(home, terminals):
    term = terminals([], home)
    term.wait_for("frames 1 ")
    term.type(TO_TIMER, gap=0.03)
    term.wait_for("TimerScreen")
    save = flash_data(home) / "timer.json"
    term.type("O")  # Shift+o: OK goes down and stays down
    term.wait_for("holding OK")
    time.sleep(1.0)  # a second: not long enough to arm (3 s)
    term.type(" ")  # the next key lets go
    term.settle(quiet=0.5)
    assert not save.exists()
    term.type("O")
    time.sleep(3.6)
    term.type(" ")
    wait_file(save)
    armed = saved(save)["prop"]
    assert armed["phase"] == "running" and armed["seconds"] == 300  # Classic 5:00
    term.quit()


@needs_port
@pytest.mark.parametrize("runtime", ["micropython", "cpython"])
def test_twenty_presses_30ms_apart_all_reach_the_firmware(runtime, home, terminals):
    term = terminals(["--runtime", runtime], home)
    term.wait_for("frames 1 ")
    term.type(TO_TIMER, gap=0.03)
    term.wait_for("TimerScreen")
    before = term.settle()
    term.type("u" * 20, gap=0.03)  # UP: one more minute each, on the firmware's own screen
    # Each press changes the minutes shown: one frame a press, and no other frame.
    assert term.settle() == before + 20
    term.type("O")
    time.sleep(3.6)
    term.type(" ")
    save = flash_data(home) / "timer.json"
    wait_file(save)
    assert saved(save)["prop"]["seconds"] == (5 + 20) * 60  # all 20 minutes, armed
    term.quit()


def start_time_bomb(term):
    """Main menu to the first Pass screen of a 4-player Time Bomb: the game is dealt."""
    term.type("\n\n", gap=0.05)  # Time Bomb, its first ruleset: the setup screen
    term.wait_for("SetupScreen")
    term.type("\n\n", gap=0.05)  # 4 players, then who starts: the first seat
    term.wait_for("PassScreen")


@needs_port
def test_a_saved_game_is_kept_across_restarts(home, terminals):
    term = terminals([], home)
    term.wait_for("frames 1 ")
    start_time_bomb(term)
    wait_file(flash_data(home) / "timebomb.json")
    term.quit()
    assert b"flash is kept in" in term.screen
    again = terminals([], home)  # the default folder: the game is offered back at boot
    again.wait_for("ResumeScreen Resume?")
    again.type("\n")
    again.wait_for("PassScreen")
    again.quit()
    fresh = terminals(["--fresh"], home)  # a blank board: no game, and the kept one stays
    fresh.wait_for("frames 1 ")
    fresh.settle(quiet=0.5)
    assert b"Resume?" not in fresh.screen
    fresh.quit()
    assert (flash_data(home) / "timebomb.json").exists()


@needs_port
def test_flash_chooses_the_folder(home, terminals, tmp_path):
    folder = tmp_path / "my-board"
    term = terminals(["--flash", str(folder)], home)
    term.wait_for("frames 1 ")
    start_time_bomb(term)
    wait_file(folder / "data" / "timebomb.json")
    other = terminals(["--flash", str(folder)], home)  # the same flash, twice at once
    assert other.proc.wait(timeout=30) == 1
    assert b"in use by another sim" in other.screen
    term.quit()
    assert not flash_data(home).exists()  # the default folder was not used
    again = terminals(["--flash", str(folder)], home)
    again.wait_for("ResumeScreen Resume?")
    again.quit()


@needs_port
def test_a_small_terminal_is_told_the_size_it_needs(home, terminals):
    term = terminals([], home, size=(80, 24))
    term.wait_for("too small", where="words")
    term.wait_for("at least 128 columns and 35 lines", where="words")
    assert b"this one has 80 columns and 24 lines" in term.words()
    assert b"frames" not in term.screen  # no cropped display
    term.resize(160, 60)
    term.wait_for("frames 1 ")  # drawn as soon as it fits
    term.quit()


@needs_port
def test_stdout_need_not_be_a_terminal(home, terminals):
    # As `make run | tee log`: keys from the terminal on stdin, the display drawn there, and
    # the firmware's log lines on stdout.
    term = terminals([], home, stdout=subprocess.PIPE)
    term.wait_for("frames 1 ")  # the display, on the terminal
    term.wait_for("screen 1 SavesList Fusebox", where="out")
    term.type(TO_TIMER, gap=0.03)
    term.wait_for("TimerScreen", where="out")
    term.quit()
    assert b"frames" not in term.out  # the display is not in the log


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
