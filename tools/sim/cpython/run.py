"""Run the firmware's main.py under CPython, as the unix port would: `python -u run.py` in the
flash folder. Gives CPython the MicroPython parts the firmware and hal_sim use: framebuf and
micropython from this folder; time.ticks_*, gc.mem_free, sys.print_exception; a select.poll on
stdin that knows CPython buffers it; on Windows os.statvfs and os.sync. Nothing here limits
memory: heap figures come from the unix port only.
"""

import gc
import os
import runpy
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
_T0 = time.monotonic_ns()
_MASK = (1 << 30) - 1  # the unix port's ticks wrap at 2**30, as core.ticks expects


def ticks_ms():
    return ((time.monotonic_ns() - _T0) // 1000000) & _MASK


def ticks_us():
    return ((time.monotonic_ns() - _T0) // 1000) & _MASK


def ticks_add(t, delta):
    return (t + delta) & _MASK


def ticks_diff(a, b):
    d = (a - b) & _MASK
    return d - (1 << 30) if d >= 1 << 29 else d


def print_exception(e, file=None):
    traceback.print_exception(type(e), e, e.__traceback__, file=file or sys.stdout)


def _statvfs(path):
    import shutil

    u = shutil.disk_usage(path)  # MicroPython's tuple: bsize, frsize, blocks, bfree, bavail...
    return (4096, 4096, u.total // 4096, u.free // 4096, u.free // 4096, 0, 0, 0, 0, 255)


class _StdinPoll:
    """select.poll() on stdin, for hal_sim's real-time mode. Polling the file descriptor, as
    on the unix port, would not do: CPython's stdin is buffered, so one readline() can take
    several lines off the pipe and poll() then says nothing is waiting (and Windows cannot poll
    a pipe at all). A thread reads lines into a queue; sys.stdin.readline() takes them."""

    def __init__(self):
        import queue
        import threading

        self._q = queue.Queue()
        self._peek = None
        threading.Thread(target=self._pump, args=(sys.stdin,), daemon=True).start()
        sys.stdin = self

    def _pump(self, stream):
        for line in stream:
            self._q.put(line)
        self._q.put("")

    def register(self, *args):
        pass

    def poll(self, timeout_ms=-1):
        import queue

        if self._peek is None:
            try:
                self._peek = self._q.get(timeout=None if timeout_ms < 0 else timeout_ms / 1000)
            except queue.Empty:
                return []
        return [(0, 1)]

    def readline(self):
        line = self._peek if self._peek is not None else self._q.get()
        self._peek = None
        return line


def patch():
    """Add the MicroPython names to CPython's own modules (idempotent)."""
    for name in ("ticks_ms", "ticks_us", "ticks_add", "ticks_diff"):
        setattr(time, name, globals()[name])
    time.sleep_ms = lambda ms: time.sleep(max(0, ms) / 1000)
    time.sleep_us = lambda us: time.sleep(max(0, us) / 1000000)
    gc.mem_free = lambda: -1  # unknown: no fixed heap here (the About screen says so)
    gc.mem_alloc = lambda: -1
    sys.print_exception = print_exception
    os.rename = os.replace  # littlefs rename replaces the target; Windows' os.rename does not
    if not hasattr(os, "statvfs"):
        os.statvfs = _statvfs
    if not hasattr(os, "sync"):
        os.sync = lambda: None
    import select

    select.poll = _StdinPoll


def main():
    patch()
    sys.path[:0] = [os.getcwd(), HERE]
    sys.argv = ["main.py"]
    runpy.run_path("main.py", run_name="__main__")


if __name__ == "__main__":
    main()
