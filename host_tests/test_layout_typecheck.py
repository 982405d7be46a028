"""The typecheck (`make typecheck`) knows MicroPython's API: CPython-only calls fail it."""

# Each case is a tiny module written to a temp dir; all of them go through one run of the
# same command `make typecheck` uses (mypy start-up dominates), then each file's findings are
# looked at on their own.

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The house pattern for const: the board has it, CPython gets an identity function.
CONST = """try:
    from micropython import const
except ImportError:

    def const(x):
        return x
"""

ACCEPTED = {
    "ticks": "import time\n\n\ndef since(t0):\n    return time.ticks_diff(time.ticks_ms(), t0)\n",
    "const": CONST + "\n_WIDTH = const(128)\n_HALF = _WIDTH // 2\n",
    "board": """import framebuf
import gc
import json
import os
import time

import machine


def setup():
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    fb.fill(0)
    fb.text("BOOM", 0, 0, 1)
    pin = machine.Pin(2, machine.Pin.IN, machine.Pin.PULL_UP)
    deadline = time.ticks_add(time.ticks_ms(), 500)
    os.rename("save.tmp", "save.json")
    gc.collect()
    return fb, pin, deadline, gc.mem_free(), json.dumps(json.loads("{}"))
""",
    # Unannotated code as the project writes it must not need annotations to pass.
    "untyped": """import time


class Screen:
    def __init__(self):
        self.hw = None
        self.events = []

    def attach(self, hw):
        self.hw = hw

    def cut(self, by, slot):
        events = [("cut", by, slot, "bomb")]
        events.append(("round", 2))
        self.hw.display.show()
        name = by
        name = str(by)
        return events, name


class Clock:
    def __init__(self):
        self.last = 0
        self.found = []

    def tick(self):
        # Ticks are ints on the board; project code stores and masks them as ints.
        self.last = time.ticks_ms() & 0x3FFFFFFF
        return time.ticks_diff(time.ticks_add(self.last, 100), time.ticks_ms())


_QUIET = ()


def poll(codes, n):
    events = _QUIET  # no allocation on the quiet path
    answers = [None] * n
    for i, code in enumerate(codes):
        if events is _QUIET:
            events = []
        events.append(("beep", code))
        answers[i % n] = [c for c in codes]
    return events, answers
""",
}

REJECTED = {
    "monotonic": ("import time\n\n\ndef now():\n    return time.monotonic()\n", 5, "monotonic"),
    "perf_counter": ("from time import perf_counter\n", 1, "perf_counter"),
    "shuffle": ("import random\n\n\ndef mix(xs):\n    random.shuffle(xs)\n", 5, "shuffle"),
    "dataclasses": ("import dataclasses\n", 1, "dataclasses"),
    "mem_free_typo": ("import gc\n\n\ndef free():\n    return gc.mem_fre()\n", 5, "mem_fre"),
    "builtin_typo": ("def buf():\n    return bytearay(8)\n", 2, "bytearay"),
    "machine_typo": ("import machine\n\n\ndef led():\n    return machine.Pinn(25)\n", 5, "Pinn"),
    "keyword": (
        "import framebuf\n\nfb = framebuf.FrameBuffer(bytearray(8), 8, 8, fmt=0)\n",
        3,
        "fmt",
    ),
    "arity": ("import time\n\n\ndef nap():\n    time.sleep_ms()\n", 5, "sleep_ms"),
}


def _write(directory, cases):
    for name, case in cases.items():
        source = case if isinstance(case, str) else case[0]
        (directory / ("case_" + name + ".py")).write_text(source)


@pytest.fixture(scope="module")
def findings(tmp_path_factory):
    """mypy's error lines, per case name, from one run of the typecheck command."""
    directory = tmp_path_factory.mktemp("typecheck_cases")
    _write(directory, ACCEPTED)
    _write(directory, REJECTED)
    cache = tmp_path_factory.mktemp("mypy_cache")
    cmd = [
        sys.executable,
        "-m",
        "tools.dev.typecheck",
        "--cache-dir=" + str(cache),
        str(directory),
    ]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode in (0, 1), done.stdout + done.stderr  # 2 would be a crash or usage
    per_case = {}
    for line in done.stdout.splitlines():
        head, sep, _ = line.partition(": error: ")
        if sep:
            name = Path(head.split(":")[0]).stem[len("case_") :]
            per_case.setdefault(name, []).append(line)
    return per_case


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_micropython_api_passes(findings, name):
    assert findings.get(name, []) == []


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_cpython_only_or_unknown_api_fails(findings, name):
    _, line, word = REJECTED[name]
    errors = findings.get(name, [])
    assert errors, "case_" + name + ".py passed the typecheck"
    assert any((":" + str(line) + ": error: ") in e and word in e for e in errors), errors


def test_make_typecheck_runs_this_command():
    # The guarantee above is only worth something if `make typecheck` is this same check.
    rule = (ROOT / "Makefile").read_text().split("\ntypecheck:", 1)[1].split("\n\n", 1)[0]
    assert "-m tools.dev.typecheck" in rule
