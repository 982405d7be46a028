"""Live-heap peaks of the firmware on 32-bit MicroPython (wasm32) next to the 64-bit unix port.

    python -m tools.bench.wasm32            # idle app + one whole game per shipped game ruleset
    python -m tools.bench.wasm32 --only idle,timebomb.json --heap

Every heap figure so far comes from the unix port, which is 64-bit: its pointers and object
headers are twice an RP2040's. The npm package @micropython/micropython-webassembly-pyscript is
MicroPython compiled to wasm32 (sys.maxsize 2**31-1), run here under Node.js. Its GC heap grows
on demand, so a smallest-heap bisection means nothing there; instead both runtimes run the same
.mpy flash and the same input lines, driven one line at a time by the same probe (PROBE below),
which keeps the largest gc.mem_alloc() seen right after a real collection: the live heap.
Host only, not part of `make test`; the npm package is installed on first use into build/.
"""

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.bench import sim as bench
from tools.runtimes import MICROPYTHON, ROOT
from tools.sim.flash import make_flash
from tools.sim.lines import echoed, errors, run

NPM_PACKAGE = "@micropython/micropython-webassembly-pyscript"
NPM_VERSION = "1.27.0"
CACHE = ROOT / "build" / "mpwasm"  # build/ is git-ignored
HEAP = "1024k"  # both runtimes: far more than any workload needs, so nothing is squeezed
SEED = 8  # the seed bench.sim.record_game plays its games with
IDLE = ["wait 200", "press DOWN", "wait 60", "release DOWN", "wait 10000"]  # as bench.sim.memory

# The wasm port's gc.collect() only sets a flag: it collects when control is back in JavaScript,
# where no C stack can hold roots (ports/webassembly/main.c, split heap auto). So the firmware
# must return to the top level before each input line: the probe builds the app as main.py does
# and feed() runs it one input line at a time, hal_sim's sleep_ms unwinding (NeedInput) where it
# would block on input. feed() ends with gc.collect() and reads gc.mem_alloc() first: right
# after a real collection on both runtimes. os.getenv does not exist there: ENV stands in.
PROBE = (
    """import gc, sys
import binascii, framebuf, json, micropython, os, select, time
binascii.crc32(binascii.hexlify(b"warm"))
import hal_sim as hs
ENV = {"FUSEBOX_SEED": "%d"}
hs._env = lambda name, default=None: ENV.get(name, default)
script = open("script.txt")
class NeedInput(BaseException):
    pass
def sleep_ms(self, ms):
    if self._budget <= 0:
        self._ready_once()
        wait[0] = ms
        raise NeedInput
    spend(self, ms)
def spend(board, ms):
    step = max(1, min(ms, board._budget))
    board._budget -= step
    board._now = hs.add(board._now, step)
hs.SimBoard.sleep_ms = sleep_ms
wait = [None]
peak = [0, 0, -1]
hw = app = None
def boot():
    global hw, app
    from firmware import hardware
    hw = hardware.build("board.json")
    from firmware import app as app_mod
    app = app_mod.App(hw, getattr(hw, "name", ""))
    app.boot(hw.ticks_ms())
def pump():
    while True:
        try:
            app.step()
        except NeedInput:
            return
        except Exception as e:
            try:
                app.recover(e)
            except NeedInput:
                return
def feed():
    gc.collect()
    m = gc.mem_alloc()
    if app is None:
        peak[2] = m
        boot()
        gc.collect()
        return 1
    peak[0] = max(peak[0], m)
    try:
        if wait[0] is not None:
            peak[1] += 1
            if not hw._command(script.readline()):
                if hw._budget <= 0:
                    gc.collect()
                    return 1
                spend(hw, wait[0])
        pump()
    except SystemExit:
        return 0
    gc.collect()
    return 1
def report():
    print("PROBE", peak[0], peak[1], peak[2], sys.maxsize)
"""
    % SEED
)

# Node side: copy the host flash folder into Emscripten's in-memory FS, boot the probe, then
# call feed() from JavaScript once per input line.
RUNNER = (
    """import { loadMicroPython } from "%s";
import fs from "node:fs";
import path from "node:path";
const [flash, heapKb] = process.argv.slice(2);
const mp = await loadMicroPython({
  heapsize: Number(heapKb) * 1024,
  stdout: (s) => process.stdout.write(s + "\\n"),
  stderr: (s) => process.stderr.write(s + "\\n"),
});
function copy(src, dst) {
  mp.FS.mkdir(dst);
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, e.name);
    if (e.isDirectory()) copy(s, dst + "/" + e.name);
    else mp.FS.writeFile(dst + "/" + e.name, fs.readFileSync(s));
  }
}
copy(flash, "/flash");
try {
  mp.runPython('import os\\nos.chdir("/flash")\\nimport bench_probe');
  const probe = mp.pyimport("bench_probe");
  const feed = probe.feed;
  while (feed()) {}
  probe.report();
} catch (e) {
  process.stderr.write(String(e) + "\\n");
  process.exitCode = 1;
}
"""
    % NPM_PACKAGE
)
UNIX_DRIVER = "import bench_probe\nwhile bench_probe.feed():\n    pass\nbench_probe.report()"


def ensure_wasm():
    """The node runner script, installing the pinned npm package into CACHE on first use."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        sys.exit("bench.wasm32 needs Node.js (>= 18) and npm on PATH to run the wasm32 port")
    pkg = CACHE / "node_modules" / NPM_PACKAGE / "package.json"
    if not pkg.exists() or json.loads(pkg.read_text())["version"] != NPM_VERSION:
        CACHE.mkdir(parents=True, exist_ok=True)
        print("installing %s@%s into %s ..." % (NPM_PACKAGE, NPM_VERSION, CACHE), file=sys.stderr)
        res = subprocess.run(
            [npm, "install", "--prefix", str(CACHE), "--no-audit", "--no-fund", "--save-exact"]
            + ["%s@%s" % (NPM_PACKAGE, NPM_VERSION)],
            capture_output=True,
            text=True,
        )
        if res.returncode != 0 or not pkg.exists():
            sys.exit("npm install failed:\n" + res.stderr[-2000:])
    runner = CACHE / "run.mjs"
    if not runner.exists() or runner.read_text() != RUNNER:
        runner.write_text(RUNNER)
    return [node, str(runner)]


def run_probe(flash, lines, runtime, node_cmd):
    """(live peak, live baseline before boot, output lines) of one run; runtime 64 or 32."""
    for p in (flash / "data").iterdir():
        p.unlink()
    (flash / "script.txt").write_text("\n".join(list(lines) + ["quit"]) + "\n")
    (flash / "bench_probe.py").write_text(PROBE)
    if runtime == 64:
        argv = [str(MICROPYTHON), "-X", "heapsize=" + HEAP, "-c", UNIX_DRIVER]
    else:
        argv = node_cmd + [str(flash), HEAP[:-1]]
    res = subprocess.run(argv, cwd=flash, capture_output=True, text=True, timeout=600)
    out = res.stdout.split("\n")
    probe = [line.split() for line in out if line.startswith("PROBE ")]
    if "incompatible .mpy" in res.stderr:
        sys.exit("the %d-bit port refuses mpy-cross's .mpy files:\n%s" % (runtime, res.stderr))
    if res.returncode != 0 or not probe:
        tail = "\n".join(out[-15:]) + res.stderr[-2000:]
        raise RuntimeError("%d-bit run failed (exit %s):\n%s" % (runtime, res.returncode, tail))
    peak, taken, base, maxsize = (int(w) for w in probe[-1][1:5])
    if maxsize != (2**31 - 1 if runtime == 32 else 2**63 - 1):
        raise RuntimeError("the %d-bit runtime has sys.maxsize %d" % (runtime, maxsize))
    if taken < len(lines):
        raise RuntimeError(
            "%d-bit run stopped after %d of %d lines" % (runtime, taken, len(lines))
        )
    return peak, base, out


def measure(label, flash, lines, node_cmd):
    """(label, 64-bit peak, base, 32-bit peak, base); both runs must play the same game."""
    p64, b64, out64 = run_probe(flash, lines, 64, node_cmd)
    p32, b32, out32 = run_probe(flash, lines, 32, node_cmd)
    for bits, out in ((64, out64), (32, out32)):
        if errors(out):
            raise RuntimeError("%s on %d-bit: %s" % (label, bits, errors(out)[:3]))
    if echoed(out64) != echoed(out32):
        raise RuntimeError("%s: the two runtimes played different games" % label)
    return label, p64, b64, p32, b32


def smallest_64(flash, lines, idle):
    """The unix port's smallest -X heapsize (KB) for the same lines, as bench/sim.py finds it."""
    want = echoed(run(flash, lines, seed=SEED, heap=HEAP))

    def works(kb):
        for p in (flash / "data").iterdir():
            p.unlink()
        out = run(flash, lines, seed=SEED, heap="%dk" % kb)
        if idle:
            return not errors(out) and any(x.startswith("log screen 1 ") for x in out)
        return echoed(out) == want and not errors(out)

    return bench.bisect(works, lo=8 if idle else 24)


def workloads(flash, only):
    """(label, input lines) for the idle app and one recorded game per shipped game ruleset."""
    if not only or "idle" in only:
        yield "idle app (boot, menu, 10 s)", IDLE
    for game, entry, path, seats in bench.game_rulesets():
        if only and path.name not in only:
            continue
        lines = bench.record_game(game, entry, seats, flash, seed=SEED)
        yield "%s, %d players" % (path.name, seats[1]), lines


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.wasm32", description=__doc__)
    ap.add_argument("--only", default="", help="idle and/or ruleset file names, comma-separated")
    ap.add_argument("--heap", action="store_true", help="also bisect the 64-bit smallest heap")
    args = ap.parse_args(argv)
    only = [w.strip() for w in args.only.split(",") if w.strip()]
    node_cmd = ensure_wasm()
    t0 = time.monotonic()
    rows = []
    with tempfile.TemporaryDirectory(prefix="fusebox-bench32-") as d:
        flash = Path(d) / "flash"
        make_flash(flash)
        for label, lines in workloads(flash, only):
            print("  measuring %s (%d lines) ..." % (label, len(lines)), file=sys.stderr)
            row = measure(label, flash, lines, node_cmd)
            kb = smallest_64(flash, lines, label.startswith("idle")) if args.heap else None
            rows.append(row + (kb,))
    head = "%-34s %14s %14s %6s %10s" % (
        "workload",
        "64-bit live KB",
        "32-bit live KB",
        "ratio",
        "app ratio",
    )
    if args.heap:
        head += "  64-bit smallest -X heapsize"
    print("Fusebox live heap, unix port (64-bit) vs wasm32 (%.0f s)" % (time.monotonic() - t0))
    print(head)
    print("-" * len(head))
    for label, p64, b64, p32, b32, kb in rows:
        app = (p32 - b32) / (p64 - b64)
        line = "%-34s %14.1f %14.1f %6.2f %10.2f" % (label, p64 / 1024, p32 / 1024, p32 / p64, app)
        if args.heap:
            line += "  %s" % ("> 512 KB" if kb is None else "%d KB" % kb)
        print(line)
    if rows:
        base = (rows[0][2] / 1024, rows[0][4] / 1024)
        print("%-34s %14.1f %14.1f" % ("baseline (before the app boots)", base[0], base[1]))
    print()
    print(
        "Live KB = the largest gc.mem_alloc() right after gc.collect(), taken before each input\n"
        "line (.mpy code, sim board); ratio = 32-bit / 64-bit: multiply a unix-port heap figure\n"
        "by it to estimate the RP2040's need (fragmentation and the board's own RAM not\n"
        "included). app ratio leaves out the baseline (interpreter, stdlib, hal_sim, probe)."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
