"""The app on the sim board for tests: started from source or .mpy, its screen log and errors."""

from tools.sim import process as simproc

HEAP = "512k"  # source (.py) is compiled on the sim's heap; budgets are measured with .mpy


def compile_mpy(flash):
    """Replace firmware/ and core/ sources in a flash folder by .mpy, as deploy does."""
    from tools.bench import app as bench_app

    bench_app.compile_flash(flash)


def populate_mpy(flash, profile, main=None):
    """SimProc's `populate` for a flash that holds compiled code."""
    f = simproc.populate_flash(flash, profile, main)
    compile_mpy(f)
    return f


def start(board="pico-ssd1306", heap=HEAP, flash=None, mpy=False, **kw):
    """A SimProc; with mpy=True the flash holds compiled code."""
    if mpy:
        kw["populate"] = populate_mpy
    return simproc.SimProc(board=board, heap=heap, flash=flash, **kw)


def screens(sim, depth=False):
    """The screen log: [(class name, title)] in order (with depth: (depth, name, title))."""
    out = []
    for line in sim.logs:
        if line.startswith("screen "):
            parts = line.split(" ", 3)
            entry = (parts[2], parts[3] if len(parts) > 3 else "")
            out.append((int(parts[1]),) + entry if depth else entry)
    return out


def top(sim):
    s = screens(sim)
    return s[-1] if s else None


def errors(sim):
    return [line for line in sim.logs if line.startswith("error")] + sim.other


def tap(sim, name, times=1, gap=40):
    lines = []
    for _ in range(times):
        lines += ["press " + name, "wait 60", "release " + name, "wait %d" % gap]
    sim.send(*lines)
