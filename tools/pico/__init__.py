"""The emulated Pico: stock MicroPython on rp2040js (board.js), driven from Python.

`Pico()` starts `node tools/pico/board.js` (running `npm ci` into tools/pico/node_modules on first
use), which boots the firmware file (`firmware=`) on a board wired as a profile says (`board=`,
boards/NAME.json: its display and bus, buttons, LED) and serves its USB CDC REPL on a loopback
TCP port (`pico.url`, for mpremote and `python -m tools deploy --port`). The methods drive the
board's parts: buttons, wires, VSYS, the display's frames, the buzzer's and the LED's logs, hard
reset, and the clock (board milliseconds from the cycle count). Free-running, the board goes no
faster than real time; `run(ms)` advances it by exactly that much board time (idle time
skipped) and pauses it.
"""

import json
import os
import queue
import re
import shutil
import subprocess
import threading
from pathlib import Path

from tools.firmware.elf import elf_symbols

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIRMWARE_ENV = "FUSEBOX_PICO_FIRMWARE"  # path of the MicroPython .bin (its folder: the boot ROM)
FIRMWARE_NAME = "RPI_PICO-v1.28.0.bin"
# The other firmware files the tests boot, looked for beside the stock one; "fusebox" is not a
# file there but Fusebox's own UF2 for pico-ssd1306, built (or taken from the build cache) by
# tools/firmware/build.py.
FIRMWARE_NAMES = {
    "stock": FIRMWARE_NAME,
    "circuitpython": "CircuitPython-10.2.1-raspberry_pi_pico.bin",
}
FUSEBOX = "fusebox"
FUSEBOX_BOARD = "pico-ssd1306"
BOOTROM_NAME = "rp2040-bootrom-b1.bin"
WHERE = (
    "MicroPython v1.28.0 for the Raspberry Pi Pico (micropython.org/download/RPI_PICO, the .bin "
    "of the .uf2) and rp2040js's rp2040-bootrom-b1.bin, in ../shared/rp2/ or at $" + FIRMWARE_ENV
)
PORTS_ENV = "FUSEBOX_PICO_PORTS"  # FIRST-LAST: another range of loopback ports for the boards


def _ports():
    lo, _, hi = os.environ.get(PORTS_ENV, "47100-47199").partition("-")
    return range(int(lo), int(hi or lo) + 1)


PORTS = _ports()  # the TCP ports this project's emulated boards may use


def firmware_files(kind="stock", board=FUSEBOX_BOARD):
    """(firmware .bin, boot ROM) paths for one of FIRMWARE_NAMES (or FUSEBOX: that profile's
    UF2), or raise FileNotFoundError saying what is missing. $FUSEBOX_PICO_FIRMWARE names the
    stock file; the others and the boot ROM are looked for in its folder."""
    env = os.environ.get(FIRMWARE_ENV)
    stock = Path(env) if env else ROOT.parent / "shared" / "rp2" / FIRMWARE_NAME
    rom = stock.parent / BOOTROM_NAME
    if kind == FUSEBOX:
        if not rom.is_file():
            raise FileNotFoundError("no %s; get %s" % (rom, WHERE))
        return fusebox_uf2(board), rom
    fw = stock if kind == "stock" else stock.parent / FIRMWARE_NAMES[kind]
    for p in (fw, rom):
        if not p.is_file():
            raise FileNotFoundError("no %s; get %s" % (p, WHERE))
    return fw, rom


def fusebox_uf2(board=FUSEBOX_BOARD):
    """Fusebox's own UF2 for a profile, built once and then taken from the build cache
    (tools/firmware/build.py); FileNotFoundError saying why when it cannot be built here."""
    from tools.firmware import build

    try:
        return build.Builder(log=lambda line: None).build(board)
    except build.BuildError as e:
        raise FileNotFoundError("Fusebox's firmware for %s: %s" % (board, e)) from None


def node():
    """The node binary, or raise FileNotFoundError."""
    exe = shutil.which("node")
    if not exe or not shutil.which("npm"):
        raise FileNotFoundError("no Node.js (node and npm on PATH): install Node.js 18 or newer")
    return exe


def missing(kind="stock"):
    """One line naming what the emulated Pico lacks on this machine, or None when it can run."""
    try:
        node()
        firmware_files(kind)
    except FileNotFoundError as e:
        return str(e)
    return None


def install():
    """`npm ci` into tools/pico/node_modules once (the pinned rp2040js of package-lock.json)."""
    if (HERE / "node_modules" / "rp2040js" / "package.json").exists():
        return
    res = subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=HERE,
        capture_output=True,
        text=True,
    )
    if res.returncode:
        raise OSError("npm ci in tools/pico failed: " + (res.stderr or res.stdout).strip())


def free_port():
    """A free loopback TCP port in this project's range."""
    import socket

    for port in PORTS:
        s = socket.socket()
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            continue
        finally:
            s.close()
        return port
    raise OSError("no free TCP port in %d-%d" % (PORTS[0], PORTS[-1]))


# What CircuitPython writes on its console around the program's own output: the status bar as
# the terminal's title (OSC 0 ... ST) and "clear the line, cursor to column 0".
_CPY_STATUS = re.compile("\x1b\\]0;[^\x1b]*\x1b\\\\|\x1b\\[2K\x1b\\[0G")


class PicoError(RuntimeError):
    pass


class Pico:
    """One emulated board. Use as a context manager, or call close().

    firmware: a kind of FIRMWARE_NAMES ("stock" by default) or a (firmware .bin, boot ROM) pair
    of paths, the image the MCU boots; board: the profile (boards/NAME.json) whose display, bus,
    pins, buttons, wires, buzzer, LED and battery divider the emulated board has around it."""

    def __init__(
        self, flash=None, port=None, speed=1.0, vsys_mv=5000, firmware=None, board="pico-ssd1306"
    ):
        from tools import boards

        if firmware is None or isinstance(firmware, str):  # a kind of FIRMWARE_NAMES
            firmware = firmware_files(firmware or "stock", board)
        fw, rom = firmware
        self.board = board
        self.profile = boards.load(board)
        self.buttons = tuple(b["name"] for b in self.profile["buttons"])
        # CircuitPython's boot differs (board.js: the BOOTSEL read, its flash map)
        self.circuitpython = Path(fw).name.startswith("CircuitPython")
        install()
        self.port = port or free_port()
        self.flash = flash
        cmd = [node(), str(HERE / "board.js"), "--port", str(self.port)]
        if not port:  # taken between the check and node's bind: board.js tries the next ones
            cmd += ["--port-max", str(PORTS[-1])]
        cmd += ["--firmware", str(fw), "--bootrom", str(rom), "--speed", str(speed)]
        cmd += ["--vsys", str(vsys_mv), "--board", str(ROOT / "boards" / (board + ".json"))]
        if self.circuitpython:
            cmd += ["--circuitpython"]
        gc_end = elf_symbols(fw).get("gc_collect_end")
        if gc_end:  # the live heap after each collection (see board.js, "heap")
            cmd += ["--gc-end", str(gc_end)]
        if flash:
            cmd += ["--flash", str(flash)]
        self.proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self._id = 0
        self._replies = {}
        self._lock = threading.Lock()
        self._cond = threading.Condition(self._lock)
        self.events = queue.Queue()  # {"ev": "ready"|"usb"|"reset", "t": board ms}
        self.lines = []  # (board ms, text): every whole line the board printed on USB serial
        self._partial = ""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        ev = self.wait_event("ready", timeout=60)
        self.url = ev["url"]
        self.port = ev["port"]
        self.call("console", events=True)

    # -------------------------------------------------------------- plumbing
    def _read(self):
        for line in self.proc.stdout:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if "id" in msg:
                with self._cond:
                    self._replies[msg["id"]] = msg
                    self._cond.notify_all()
            elif msg.get("ev") == "console":
                with self._cond:
                    text = self._partial + msg["data"]
                    if self.circuitpython:  # its status bar in the title, a line's clearing
                        text = _CPY_STATUS.sub("", text)
                    *whole, self._partial = text.split("\n")
                    self.lines.extend((msg["t"], w.rstrip("\r")) for w in whole)
            elif "ev" in msg:
                self.events.put(msg)
        with self._cond:
            self._replies[None] = {"ok": False, "error": "the board process ended"}
            self._cond.notify_all()
        self.events.put({"ev": "exit"})

    def wait_event(self, name, timeout=60):
        """The next event called `name` (others before it are dropped)."""
        while True:
            try:
                ev = self.events.get(timeout=timeout)
            except queue.Empty:
                raise PicoError("no %r event from the board in %ss" % (name, timeout)) from None
            if ev.get("ev") == name:
                return ev
            if ev.get("ev") == "exit":
                raise PicoError("the board process ended: " + self._stderr())

    def call(self, cmd, timeout=600, **args):
        """Send one command; return its reply (raise PicoError on an error or a dead board)."""
        with self._cond:
            self._id += 1
            n = self._id
        args.update(id=n, cmd=cmd)
        try:
            self.proc.stdin.write(json.dumps(args) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise PicoError("the board process is gone: " + self._stderr()) from None
        with self._cond:
            ok = self._cond.wait_for(
                lambda: n in self._replies or None in self._replies, timeout=timeout
            )
            if not ok:
                raise PicoError("no answer to %s in %ss" % (cmd, timeout))
            msg = self._replies.pop(n, None) or self._replies[None]
        if not msg.get("ok"):
            raise PicoError("%s: %s %s" % (cmd, msg.get("error"), self._stderr()))
        return msg

    def _stderr(self):
        if self.proc.poll() is None:
            return ""
        return (self.proc.stderr.read() or "")[-2000:]

    def close(self):
        if self.proc.poll() is None:
            try:
                self.call("quit", timeout=30)
            except PicoError:
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                f.close()
            except OSError:
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -------------------------------------------------------------- the clock
    def now(self):
        """Board time in ms (the cycle count at 125 MHz, summed over power-ups)."""
        return self.call("time")["t"]

    def run(self, ms=None, to=None, timeout=600):
        """Advance the board by `ms` (or to board time `to`) as fast as it goes, then pause."""
        return self.call("run", ms=ms, to=to, timeout=timeout)["t"]

    def pause(self):
        return self.call("pause")["t"]

    def go(self):
        """Free-run again (no faster than real time), e.g. for mpremote."""
        return self.call("go")["t"]

    def settle(self, quiet=60, frame_quiet=300, max_ms=5000):
        """Run until the CPU was busy under 20% of the last `quiet` board ms and no frame came
        for `frame_quiet` ms (the app waits for input, no animation runs), at most `max_ms`;
        then pause. Returns (board ms, settled?)."""
        r = self.call("settle", quiet=quiet, frame_quiet=frame_quiet, max=max_ms)
        return r["t"], r["settled"]

    def until_screen(self, since=0, max_ms=30000, quiet=60, frame_quiet=300, settle_ms=10000):
        """Run until the app names a screen on the console (a "screen N Name title" line after
        line `since` of self.lines), then settle; returns settle()'s (board ms, settled?). A
        settle alone can stop early in a boot: the ST7789's power-up waits 270 ms asleep."""
        end = self.now() + max_ms
        while not any(t.lstrip("> ").startswith("screen ") for _, t in self.lines[since:]):
            if self.now() >= end:
                raise PicoError("no screen from the app in %d ms: %r" % (max_ms, self.lines[-5:]))
            self.run(100)
        return self.settle(quiet=quiet, frame_quiet=frame_quiet, max_ms=settle_ms)

    def info(self):
        return self.call("info")

    # -------------------------------------------------------------- the parts
    def press(self, name, at=None):
        """Press a button (one of the profile's names, self.buttons) now or at board time `at`
        (ms)."""
        return self.call("press", name=name, at=at)["t"]

    def release(self, name, at=None):
        return self.call("release", name=name, at=at)["t"]

    def tap(self, name, ms=80, gap=40):
        """Press, hold `ms`, release, wait `gap`: tools.sim.lines.tap on the board's clock."""
        t = self.now()
        self.press(name, at=t)
        self.release(name, at=t + ms)
        return self.run(to=t + ms + gap)

    def wire(self, index, cut=True):
        self.call("wire", index=index, cut=cut)

    def vsys(self, mv):
        self.call("vsys", mv=mv)

    def frame(self):
        """The panel as a tools.sim.frames.Frame: MONO_VLSB at the OLED's size, RGB565
        (big-endian, as the ST7789 takes it) for the colour LCD."""
        from tools.sim.frames import Frame

        r = self.call("frame")
        return Frame(r["w"], r["h"], r["fmt"], bytes.fromhex(r["data"]))

    def frame_info(self):
        """{n: frames sent so far, t_last: board ms when the last one ended, bus_bytes: all the
        bytes the display took on its bus, on, contrast, invert (the ST7789: madctl, colmod,
        backlight 0..255)...}"""
        r = self.call("frame")
        r.pop("data")
        return r

    def frames(self, since=0, bus_bytes=False):
        """[(n, board ms, Frame)] of every whole frame sent after frame number `since`; with
        bus_bytes, (n, board ms, Frame, the bytes the display took since the frame before)."""
        from tools.sim.frames import Frame

        r = self.call("frames", since=since)
        out, data = [], None
        for f in r["frames"]:
            if f["data"] is not None:  # None: the same panel as the frame before it
                data = bytes.fromhex(f["data"])
            frame = Frame(r["w"], r["h"], r["fmt"], data)
            out.append((f["n"], f["t"], frame, f["b"]) if bus_bytes else (f["n"], f["t"], frame))
        return out

    def screenshot(self, path, scale=4):
        """Write the panel as a PNG, the way the sim writes its frames (tools/sim/frames.py)."""
        from tools.sim.frames import frame_to_image

        frame_to_image(self.frame(), scale=scale).save(path)
        return path

    def buzzer(self, since=0):
        """[(board ms, freq Hz, duty_u16)] of every change of the buzzer's PWM since `since`."""
        return [(e["t"], e["freq"], e["duty"]) for e in self.call("buzzer", since=since)["events"]]

    def led(self, since=0):
        """[(board ms, (r, g, b))] of every change of the RGB LED's light (0..255 each, after
        the profile's active_low) since `since`; [] on a board without one."""
        return [(e["t"], tuple(e["rgb"])) for e in self.call("led", since=since)["events"]]

    def console(self):
        """The last 64 KB the board wrote to its USB serial port."""
        return self.call("console")["text"]

    def reset(self):
        """Hard reset (the RUN pin): the RP2040 restarts; flash and display keep their state.
        A host connected to the REPL socket is disconnected, as USB would drop it."""
        return self.call("reset")["t"]

    def heap(self, reset=False):
        """The live heap from the MicroPython GC's own table, read after every collection the
        firmware ran: {"last", "min" (lowest free since the last reset), "count", "t_min",
        "block" (the largest free block after the last collection), "min_block" (its lowest
        since the last reset), "total" (the GC heap's size)} in bytes and board ms, or None
        when the firmware's ELF (symbols) is not there."""
        r = self.call("heap", reset=reset)
        return r.get("heap")

    def sample(self, every_ms=None):
        """The heap between collections (live data and garbage together): `every_ms` starts
        sampling the GC table every that many board ms afresh (0 stops it); returns what the
        sampling so far saw, {"low" (lowest free), "t_low", "count"} or None."""
        return self.call("sample", every_ms=every_ms).get("sampled")

    def arm_cut(self, delay_us=0):
        """Hard reset `delay_us` after the next flash page program or erase begins (a power cut
        inside a save); after it the buttons read released until the next reset or arm_cut."""
        self.call("arm_cut", delay_us=delay_us)

    def flash_log(self, on=True):
        """Start (on) or stop logging the flash chip's programs and erases; returns the ones
        logged since the last start: [{"kind": "prog"|"erase", "addr", "len", "start_ns",
        "end_ns", "data": hex of a program's bytes}] in board ns (tools/pico/cuts.py replays a
        power cut at any moment from them)."""
        return self.call("flash_log", on=on)["ops"]

    def save(self, path=None):
        """Write the flash chip's 2 MB to `path` (default: the file given at start)."""
        self.call("save", path=str(path or self.flash))
