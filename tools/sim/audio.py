"""Host audio for the simulator: the firmware's buzzer played as a square wave (CPython, stdlib).

    audio = open_audio()              # best player found, or a silent one whose `why` says why
    audio.tone(freq_hz, duty_u16, at_ms=None)   # a `tone T FREQ DUTY` line; never blocks
    audio.quiet(at_ms=None)           # a `quiet T` line; never blocks
    audio.available, audio.name, audio.why      # e.g. True, "aplay", ""
    audio.close()                     # stops the player; no process or thread is left

One long-lived player (pw-cat, paplay, aplay or sox `play`) reads S16_LE mono PCM on stdin,
written by a daemon thread in 11.6 ms chunks paced by the wall clock (only ~50 ms queued ahead).
A change lasts at least 20 ms before a queued one replaces it (a tone and its quiet read in one
poll are still heard), or as long as its stamps say when both carry the sim's `at_ms`. Windows
uses winsound.Beep. FUSEBOX_AUDIO=off or mute=True: silent. A player that fails or stops makes
the object silent (available False, `why` set); nothing here raises into the sim or blocks it.
"""

import array
import math
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque

from core.ticks import diff

RATE = 22050
CHUNK = 256  # samples per write: 11.6 ms, short enough that a change is heard at once
AHEAD = 0.05  # seconds written ahead of the wall clock: covers thread hiccups, adds little lag
MIN_HOLD = RATE // 50  # 20 ms: the shortest a change lasts when another is already queued
MAX_HOLD = RATE // 5  # a stamped gap longer than this is a stall, not music
BACKLOG = 16  # more queued changes than this (a sim faster than real time): skip the holds
LOUDEST = 8000  # a square wave is harsh; about -12 dBFS at 50 % duty
PROBE = 0.25  # seconds a player must survive at start to be chosen
BIG = sys.byteorder == "big"

PLAYERS = (  # (name, argv) in order of preference on Linux and other POSIX hosts; sox last
    ("pw-cat", ("pw-cat", "--playback", "--raw", "--format", "s16", "--rate", "22050",
                "--channels", "1", "--latency", "40ms", "-")),
    ("paplay", ("paplay", "--raw", "--format=s16le", "--rate=22050", "--channels=1",
                "--latency-msec=40")),
    ("aplay", ("aplay", "-q", "-t", "raw", "-f", "S16_LE", "-r", "22050", "-c", "1",
               "-B", "80000", "-")),
    ("sox", ("play", "-q", "--buffer", "1024", "-t", "raw", "-r", "22050", "-e",
             "signed-integer", "-b", "16", "-c", "1", "-L", "-")),
)  # fmt: skip


def level(freq, duty, rate=RATE):
    """Amplitude of a PWM tone: 0 where a piezo is silent (no pitch, 0 % or 100 % duty) or the
    pitch cannot be sampled; loudest at 50 % duty, as the fundamental of a pulse wave is."""
    if freq <= 0 or duty <= 0 or duty >= 65536 or 2 * freq >= rate:
        return 0
    return int(LOUDEST * (0.35 + 0.65 * math.sin(math.pi * duty / 65536)))


class Wave:
    """A square wave whose phase runs on across renders and pitch changes (no clicks)."""

    def __init__(self, rate=RATE):
        self.rate = rate
        self.amp = 0
        self.step = 0.0
        self.phase = 0.0

    def set(self, freq, duty):
        self.amp = level(freq, duty, self.rate)
        if self.amp:
            self.step = freq / self.rate
        else:
            self.phase = 0.0  # the next tone starts on a fresh cycle

    def render(self, out, pos, n):
        """Write n samples into the array `out` from index pos."""
        amp, phase, step = self.amp, self.phase, self.step
        for i in range(pos, pos + n):
            out[i] = 0 if not amp else amp if phase < 0.5 else -amp
            phase = (phase + step) % 1.0
        if amp:
            self.phase = phase


class Silent:
    """No sound; `why` says why (for the sim's status line)."""

    available = False
    name = "none"

    def __init__(self, why):
        self.why = why

    def tone(self, *args, **kwargs):
        pass

    quiet = close = tone


class Feed:
    """The buzzer changes not yet played and the PCM they make, for a backend's daemon thread
    (started by the backend's _start(); a Feed alone renders chunks for tests)."""

    available = True

    def __init__(self, name):
        self.name = name
        self.why = ""
        self._queue = deque()  # (freq, duty, at_ms); deque appends and pops are thread-safe
        self._current = None
        self._played = 0
        self._wave = Wave()
        self._pcm = array.array("h", bytes(2 * CHUNK))  # one chunk, reused
        self._stop = threading.Event()
        self._thread = None

    def _start(self):
        self._thread = threading.Thread(target=self._run, name="hostaudio", daemon=True)
        self._thread.start()

    def tone(self, freq_hz, duty_u16, at_ms=None):
        self._queue.append((freq_hz, duty_u16, at_ms))

    def quiet(self, at_ms=None):
        self._queue.append((0, 0, at_ms))

    def _hold(self):
        """Samples the current change must reach before the next queued one may start."""
        if self._current is None or len(self._queue) > BACKLOG:
            return 0
        at, nxt = self._current[2], self._queue[0][2] if self._queue else None
        if at is None or nxt is None:
            return MIN_HOLD
        return max(0, min(MAX_HOLD, diff(nxt, at) * RATE // 1000))

    def _next(self):
        """(the next change if its time has come, else None; samples until another may come,
        or None while nothing is queued)."""
        change = None
        if self._queue and self._played >= self._hold():
            change = self._current = self._queue.popleft()
            self._played = 0
        return change, max(0, self._hold() - self._played) if self._queue else None

    def chunk(self):
        """The next CHUNK samples as S16_LE bytes."""
        pos = 0
        while pos < CHUNK:
            change, left = self._next()
            if change is not None:
                self._wave.set(change[0], change[1])
            n = CHUNK - pos if left is None else min(CHUNK - pos, left)
            self._wave.render(self._pcm, pos, n)
            pos += n
            self._played += n
        if BIG:
            self._pcm.byteswap()
        return self._pcm.tobytes()

    def close(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(1.0)


class PipeAudio(Feed):
    """A player process reading PCM on stdin, written by the daemon thread."""

    def __init__(self, name, argv):
        super().__init__(name)
        self._err = tempfile.TemporaryFile()  # a file, not a pipe: a chatty player never blocks
        # a session of its own: the terminal's Ctrl-C is for the sim, not the player
        pipe, null = subprocess.PIPE, subprocess.DEVNULL
        self._proc = subprocess.Popen(
            argv, stdin=pipe, stdout=null, stderr=self._err, bufsize=0, start_new_session=True
        )
        self._start()

    def _run(self):
        written, t0 = 0, time.monotonic()
        try:
            while not self._stop.is_set():
                ahead = written / RATE - (time.monotonic() - t0)
                if ahead > AHEAD:
                    self._stop.wait(ahead - AHEAD)
                    continue
                if ahead < 0:  # we were held up: carry on from now rather than burst to catch up
                    t0 = time.monotonic() - written / RATE
                # 512 bytes <= PIPE_BUF: the write is whole or fails, never partial
                self._proc.stdin.write(self.chunk())
                written += CHUNK
                if self._proc.poll() is not None:
                    break
        except (OSError, ValueError):  # broken pipe, or stdin closed by close()
            pass
        if not self._stop.is_set():
            self._give_up("stopped")

    def _give_up(self, what):
        """Turn silent, saying why: `aplay stopped (exit 1): audio open error: ...`."""
        try:
            code = " (exit %d)" % self._proc.wait(1.0)
            self._err.seek(0)
            lines = self._err.read().decode(errors="replace").strip().splitlines()
        except (subprocess.TimeoutExpired, OSError, ValueError):  # hung, or close() was first
            code, lines = "", []
        tail = ": " + lines[-1].strip()[:120] if lines else ""
        self.why = "%s %s%s%s" % (self.name, what, code, tail)
        self.available = False

    def alive_after(self, seconds):
        """Whether the player still runs `seconds` after its start; if not, close() and say why
        (`aplay failed (exit 1): ...`): a missing device ends most players at once."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and self.available and self._proc.poll() is None:
            time.sleep(0.01)
        if self.available and self._proc.poll() is None:
            return True
        Feed.close(self)  # the writer first, so its own `stopped` cannot overwrite `failed`
        self._give_up("failed")
        self.close()
        return False

    def close(self):
        super().close()
        if self._thread.is_alive():  # stuck writing to a player that stopped reading
            self._proc.kill()
            self._thread.join(1.0)
        try:
            self._proc.stdin.close()  # end of input: the player drains and exits
            self._proc.wait(1.0)
        except (OSError, subprocess.TimeoutExpired):
            self._proc.kill()
            self._proc.wait()
        self._err.close()


class BeepAudio(Feed):
    """Windows: winsound.Beep (which blocks) in the daemon thread, a few tens of ms at a time."""

    def __init__(self, winsound):
        super().__init__("winsound")
        self._beep = winsound.Beep
        self._start()

    def _run(self):
        freq = 0
        while not self._stop.is_set():
            change, left = self._next()
            if change is not None:  # Beep takes 37..32767 Hz
                freq = change[0] if level(change[0], change[1]) and change[0] >= 37 else 0
            ms = 30 if left is None else max(1, min(30, left * 1000 // RATE))
            try:
                if freq:
                    self._beep(freq, ms)
                else:
                    self._stop.wait(ms / 1000)
            except RuntimeError as e:  # no sound device
                self.why = "winsound failed: %s" % e
                self.available = False
                return
            self._played += ms * RATE // 1000


def open_audio(mute=False, env=None, platform=None):
    """The best backend this host has, else a Silent one whose `why` tells the user what to do."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if mute:
        return Silent("muted")
    if env.get("FUSEBOX_AUDIO", "").strip().lower() == "off":
        return Silent("FUSEBOX_AUDIO=off")
    if platform.startswith("win"):
        try:
            import winsound
        except ImportError:
            return Silent("winsound is missing from this Python")
        return BeepAudio(winsound)
    failed = []
    for name, argv in PLAYERS if platform != "darwin" else PLAYERS[-1:]:
        path = shutil.which(argv[0])
        if path is None:
            continue
        try:
            audio = PipeAudio(name, (path,) + argv[1:])
        except OSError as e:
            failed.append("%s failed: %s" % (name, e.strerror or e))
            continue
        if audio.alive_after(PROBE):
            return audio
        failed.append(audio.why)
    if failed:
        return Silent("; ".join(failed))
    hint = "alsa-utils for aplay" if platform.startswith("linux") else "sox for its play"
    return Silent("no audio player found (install %s)" % hint)
