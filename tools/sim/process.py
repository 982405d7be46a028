"""Host side of the sim board: run the real firmware under the MicroPython unix port (or, where
it is missing, under CPython with tools/sim/cpython) and drive it through tools/sim/hal_sim.py's
line protocol.

    with SimProc(board="pico-ssd1306", heap="128k") as sim:   # waits for `ready`
        sim.tap("OK")              # press, 80 ms of virtual time, release
        sim.wait(1000)
        frame = sim.snap("menu")   # Frame(width, height, fmt, data)
        frame_to_image(frame).save("menu.png")
        sim.tones                  # [(t_ms, freq, duty)], quiet as (t_ms, 0, 0)

The flash folder mirrors the device (main.py, firmware/, core/, board.json, rulesets/, data/);
pass flash=DIR to keep it across runs (a "reset" is a new SimProc on the same folder). Code and
the shipped rulesets are copied fresh on every start (others are kept); data/ is left as it is.
populate=FN fills the folder instead of populate_flash (tools/flash.populate boots the deployed
.mpy build).
"""

import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from tools import boards
from tools.runtimes import ROOT, SIM_HAL, host_binary

# Frames are drawn and saved by tools/sim/frames.py; their names stay importable from here.
from tools.sim.frames import RGB, Frame, frame_to_image, parse_frame  # noqa: F401

MICROPYTHON = str(host_binary("micropython"))
CPYTHON_RUNNER = str(ROOT / "tools" / "sim" / "cpython" / "run.py")
RUNTIMES = ("micropython", "cpython")
# A CircuitPython profile (boards/macropad.json) runs on the CircuitPython layer under Blinka.
CPY_CHILD = str(ROOT / "tools" / "sim" / "circuitpython" / "simchild.py")


class SimError(RuntimeError):
    """The simulated firmware died, stalled or broke the protocol; carries its stderr."""


def default_runtime():
    """ "micropython" where the unix port is installed, else "cpython" (tools/sim/cpython)."""
    return "micropython" if os.path.exists(MICROPYTHON) else "cpython"


def command(runtime, heap):
    """The argv that runs main.py in the flash folder on `runtime` (heap: unix port only)."""
    if runtime == "micropython":
        return [MICROPYTHON, "-X", "heapsize=" + heap, "main.py"]
    if runtime == "cpython":
        return [sys.executable, "-u", CPYTHON_RUNNER]
    if runtime == "circuitpython":
        return [sys.executable, "-u", CPY_CHILD]
    raise ValueError("runtime must be one of %s, not %r" % (", ".join(RUNTIMES), runtime))


def sim_profile(board="pico-ssd1306", **overrides):
    """The board.json the sim runs: `board`'s geometry, buttons and wires, driver "sim".

    overrides: width, height, colour, wires (a count), keymap, buttons (a list of names).
    """
    base = boards.load(board)
    prof = boards.load("sim")
    disp = base["display"]
    prof["name"] = "sim" if board == "sim" else "sim-" + board
    prof["display"].update(width=disp["width"], height=disp["height"], colour=disp["colour"])
    for key in ("width", "height", "colour"):
        if key in overrides:
            prof["display"][key] = overrides[key]
    names = overrides.get("buttons") or [b["name"] for b in base["buttons"]]
    prof["buttons"] = [{"name": n, "pin": i} for i, n in enumerate(names)]
    prof["keymap"] = overrides.get("keymap") or base["keymap"]
    nwires = overrides.get("wires", len(base.get("wires", [])))
    prof["wires"] = list(range(nwires))
    prof["battery"] = None
    return prof


def board_runtime(board):
    """The runtime a board profile names ("circuitpython" for the MacroPad), else None."""
    path = ROOT / "boards" / (board + ".json")
    return json.loads(path.read_text()).get("runtime") if path.exists() else None


def populate_cpy_flash(flash, profile, main=None):
    """A CIRCUITPY-like folder for tools/sim/circuitpython/simchild.py: the real board profile, the
    rulesets and data/ (the code runs from the repository, as CpyApp's does)."""
    flash = Path(flash)
    (flash / "rulesets").mkdir(parents=True, exist_ok=True)
    for rs in (ROOT / "firmware" / "rulesets").glob("*.json"):
        shutil.copy(rs, flash / "rulesets" / rs.name)
    (flash / "board.json").write_text(json.dumps(profile, indent=1))
    (flash / "data").mkdir(exist_ok=True)
    return flash


def populate_flash(flash, profile, main=None):
    """Copy the firmware, core, rulesets and main.py into a flash folder; keep its data/.

    The shipped rulesets are written over their copies; a ruleset the user added (by hand or
    with `ruleset push`) stays, as it does on a board after a deploy."""
    flash = Path(flash)
    flash.mkdir(parents=True, exist_ok=True)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "rulesets")
    for pkg in ("firmware", "core"):
        shutil.rmtree(flash / pkg, ignore_errors=True)
        shutil.copytree(ROOT / pkg, flash / pkg, ignore=skip)
    (flash / "rulesets").mkdir(exist_ok=True)
    for rs in (ROOT / "firmware" / "rulesets").glob("*.json"):
        shutil.copy(rs, flash / "rulesets" / rs.name)
    shutil.copy(ROOT / SIM_HAL, flash / "hal_sim.py")  # the sim's HAL: host-only
    shutil.copy(main or ROOT / "firmware" / "main.py", flash / "main.py")
    (flash / "board.json").write_text(json.dumps(profile, indent=1))
    (flash / "data").mkdir(exist_ok=True)
    return flash


class SimProc:
    def __init__(
        self,
        board="pico-ssd1306",
        heap="128k",
        flash=None,
        main=None,
        env=None,
        timeout=30.0,
        profile=None,
        runtime=None,
        populate=None,
        **overrides,
    ):
        self.timeout = timeout
        if profile is None and board_runtime(board) == "circuitpython":
            runtime = "circuitpython"
            profile = json.loads((ROOT / "boards" / (board + ".json")).read_text())
            populate = populate or populate_cpy_flash
        self.runtime = runtime or default_runtime()
        argv = command(self.runtime, heap)
        self._tmp = None
        if flash is None:
            self._tmp = tempfile.mkdtemp(prefix="fusebox-sim-")
            flash = self._tmp
        self.profile = profile or sim_profile(board, **overrides)
        # populate_flash is looked up now, not bound as the default: tests may swap it.
        self.flash = (populate or populate_flash)(flash, self.profile, main)
        self.frame = None  # the last frame the firmware showed
        self.frames = 0  # how many frames it sent
        self.tones = []
        self.logs = []
        self.other = []
        self._snaps = {}
        self._sync = 0
        self._lines = queue.Queue()
        self._stderr = []
        penv = dict(os.environ)
        penv.pop("FUSEBOX_REALTIME", None)
        penv.update(env or {})
        self.proc = subprocess.Popen(
            argv,
            cwd=str(self.flash),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
            env=penv,
        )
        pump = threading.Thread(target=self._pump, args=(self.proc.stdout, self._lines))
        pump.daemon = True
        pump.start()
        self._err_thread = threading.Thread(target=self._drain_err)
        self._err_thread.daemon = True
        self._err_thread.start()
        self._until(lambda w: w[0] == "ready")

    def _pump(self, stream, q):
        for line in stream:
            q.put(line.rstrip("\n"))
        q.put(None)

    def _drain_err(self):
        for line in self.proc.stderr:
            self._stderr.append(line)

    def stderr(self):
        return "".join(self._stderr)

    def _fail(self, why):
        self.proc.kill()
        self.proc.wait()
        self._err_thread.join(timeout=5)  # the traceback may still be in the pipe
        out = "\n".join(self.other[-40:])
        raise SimError(why + "\n--- firmware output ---\n" + out + "\n" + self.stderr()[-4000:])

    def _until(self, done):
        """Read output lines, recording frames/tones/logs, until done(words) is true."""
        while True:
            try:
                line = self._lines.get(timeout=self.timeout)
            except queue.Empty:
                self._fail("no answer from the sim within %.0f s" % self.timeout)
            if line is None:
                self.proc.wait(timeout=5)
                self._fail("the firmware exited (code %s)" % self.proc.returncode)
            words = line.split(" ", 4)
            kind = words[0]
            if kind == "frame":
                self.frame = parse_frame(line.split(" ")[1:])
                self.frames += 1
            elif kind == "snap":
                self._snaps[words[1]] = parse_frame(line.split(" ")[2:])
            elif kind == "tone":
                self.tones.append((int(words[1]), int(words[2]), int(words[3])))
            elif kind == "quiet":
                self.tones.append((int(words[1]), 0, 0))
            elif kind == "log":
                self.logs.append(line[4:])
            elif kind not in ("ready", "synced", "bye", "pixels"):  # pixels: a MacroPad's
                self.other.append(line)  # print() output and tracebacks (the unix port's stdout)
            if done(words):
                return words

    def send(self, *lines):
        """Send raw protocol lines, then wait until the firmware has taken all of them."""
        if self.proc.poll() is not None:
            self._fail("the firmware is not running")
        self._sync += 1
        token = str(self._sync)
        try:
            self.proc.stdin.write("\n".join(lines + ("sync " + token,)) + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            self._fail("the firmware closed its input")
        self._until(lambda w: w[0] == "synced" and w[1] == token)

    def press(self, name):
        self.send("press " + name)

    def release(self, name):
        self.send("release " + name)

    def tap(self, name, ms=80):
        self.send("press " + name, "wait %d" % ms, "release " + name)

    def hold(self, name, ms):
        self.tap(name, ms)

    def wait(self, ms):
        self.send("wait %d" % ms)

    def wire(self, n, cut=True):
        self.send("wire %d %s" % (n, "cut" if cut else "join"))

    def battery(self, percent):
        self.send("battery " + ("none" if percent is None else str(int(percent))))

    def snap(self, label="snap"):
        self.send("snap " + label)
        return self._snaps.pop(label)

    def text(self):
        """The last frame as ASCII art ('' before the first frame)."""
        return self.frame.text() if self.frame else ""

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.flush()
                self._until(lambda w: w[0] == "bye")
            except (BrokenPipeError, SimError):
                pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
