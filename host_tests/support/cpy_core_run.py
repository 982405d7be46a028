"""Run in a fresh CPython as CircuitPython would see core/: import every core module, then play a
short seeded game of every ruleset (the timer: arm and let it boom), printing one line each.

Before anything of core is imported, the import system is narrowed to what CircuitPython 10 on
the RP2040 has: `micropython` holds const() and nothing else (CircuitPython's docs list no other
member), `time` has no ticks_ms/ticks_diff/ticks_add/sleep_ms, and MicroPython-only modules
(machine, framebuf, utime, ujson, uos, ...) do not exist. CircuitPython-only modules (board,
supervisor, microcontroller, ...) import as empty stand-ins, so a core module that reached for
them would be caught by test_cpy_core's check of sys.modules, not by an ImportError here.
Usage: python cpy_core_run.py REPO_ROOT
"""

import importlib
import importlib.abc
import json
import os
import sys
import time
import types

ROOT = sys.argv[1]

# MicroPython names CircuitPython does not have: no module by these names may be imported.
MICROPYTHON_ONLY = (
    "machine", "framebuf", "utime", "ujson", "uos", "ustruct", "ubinascii", "urandom",
    "uselect", "uio", "ucollections", "uctypes", "uerrno", "uhashlib", "uheapq", "ure",
    "network", "rp2", "bluetooth", "btree", "cryptolib", "deflate", "vfs", "platform", "asyncio",
)  # fmt: skip
# CircuitPython-only modules: stand-ins, recorded when imported.
CIRCUITPYTHON_ONLY = (
    "board", "supervisor", "microcontroller", "digitalio", "busio", "displayio", "keypad",
    "rotaryio", "pwmio", "terminalio", "bitmaptools", "neopixel_write", "storage", "usb_cdc",
)  # fmt: skip
# The CPython standard library a core module might use and CircuitPython lacks (core uses none
# of them today; the check keeps it so).
CPYTHON_ONLY = (
    "typing", "dataclasses", "enum", "functools", "itertools", "operator", "abc", "copy",
    "fractions", "decimal", "string", "textwrap", "types", "weakref", "bisect", "heapq",
)  # fmt: skip

reached = []


class _Narrow(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        caller = sys._getframe(1)
        while caller is not None and "importlib" in caller.f_code.co_filename:
            caller = caller.f_back
        from_core = caller is not None and os.sep + "core" + os.sep in caller.f_code.co_filename
        if top in MICROPYTHON_ONLY or (from_core and top in CPYTHON_ONLY):
            raise ImportError("no module named '%s' on CircuitPython" % name)
        if top in CIRCUITPYTHON_ONLY:
            reached.append(name)
            return importlib.util.spec_from_loader(name, _Stub())
        return None


class _Stub(importlib.abc.Loader):
    def create_module(self, spec):
        return types.ModuleType(spec.name)

    def exec_module(self, module):
        pass


micropython = types.ModuleType("micropython")
micropython.const = lambda x: x
sys.modules["micropython"] = micropython
for name in ("ticks_ms", "ticks_diff", "ticks_add", "sleep_ms", "sleep_us", "ticks_us"):
    if hasattr(time, name):
        delattr(time, name)
sys.meta_path.insert(0, _Narrow())
sys.path.insert(0, ROOT)

import core  # noqa: E402

assert core.const(7) == 7
names = []
for base, dirs, files in os.walk(os.path.join(ROOT, "core")):
    dirs[:] = sorted(d for d in dirs if not d.startswith("__"))
    for f in sorted(files):
        if f.endswith(".py"):
            rel = os.path.relpath(os.path.join(base, f), ROOT)[:-3].replace(os.sep, ".")
            names.append(rel[: -len(".__init__")] if rel.endswith(".__init__") else rel)
for name in names:
    importlib.import_module(name)
    print("import", name)

from core import games  # noqa: E402
from core import ruleset as rules  # noqa: E402
from core.rng import Rng  # noqa: E402

rsdir = os.path.join(ROOT, "firmware", "rulesets")
for f in sorted(os.listdir(rsdir)):
    with open(os.path.join(rsdir, f)) as fh:
        rs = rules.load(json.load(fh))
    m = games.module(rs["game"])
    if games.is_prop(rs["game"]):
        p = m.Prop(rs, 0, 1000)
        now = 1000
        p.hold(m.ARM, now)
        events = 0
        while p.phase != m.BOOM and events < 100000:
            now += 50
            while p.poll(now) is not None:
                events += 1
            if p.phase == m.RUNNING and p.hold_kind() == m.ARM:
                p.release(now)  # armed: let go, and let it run out
        print("prop", f, m.PHASES[p.phase])
        continue
    players = rules.seats(rs)[0]
    g = m.Game(rs, players, 17)
    pick = Rng(5)
    steps = 0
    while g.outcome() is None:
        pending = g.reveals()
        if pending:
            for s in pending:
                g.seen(s)
            continue
        acts = g.actions()
        g.act(acts[pick.below(len(acts))])
        steps += 1
    state = json.loads(json.dumps(g.to_state()))
    assert m.Game.from_state(rs, state).to_state() == g.to_state()
    print("game", f, players, steps, g.outcome()[0])
print("reached", " ".join(reached) or "-")
