"""How the CircuitPython build should draw its text, measured under Blinka: RAM and time of three
ways of putting a screen of terminalio text on the display's bitmap.

    python -m tools.bench.circuitpython_text [--frames N]

  strips     what firmware/circuitpy/canvas.py does: adafruit_display_text's bitmap_label renders
             the font once into two 1-bit glyph strips; each text() blits cells from them
  label      a bitmap_label.Label made for each text run, its bitmap copied into the display's
             pixel by pixel (CircuitPython's blit refuses its 2-bit pixels into a 1-bit bitmap)
  group      a pool of bitmap_label.Labels in a displayio Group over the bitmap, one a text run,
             its .text set each frame (text the compositor draws, not in the bitmap)
Each draws on the Pico build's display (adafruit_displayio_ssd1306 on the I2C panel model of
tools/sim/circuitpython) and refreshes it, as show() does. For each: what the one-off setup keeps
(bytes, tracemalloc), and per frame of the main menu's six lines (drawn `--frames` times): the
time of drawing and refreshing, and how far its allocations peak above where it started
(tracemalloc: the heap churn a board's GC would have to collect, Blinka's own included).
Blinka's displayio is CPython code: the times rank the ways, the board's are its own
(CircuitPython does the bitmaps in C); the allocation counts carry over in kind.

    python -m tools.bench.circuitpython_text --unix-heap

The heap the layer's Python takes, on the MicroPython unix port (`-X heapsize=512k`, 64-bit:
an upper bound for the RP2040's 32-bit objects): gc.mem_free() before and after importing
firmware/circuitpy/ from .py (as CircuitPython imports it; its board modules stubbed empty;
the app's modules it imports, imported before),
then after importing adafruit_display_text's bitmap_label (+ adafruit_ticks) from .py as the
canvas does at boot, and after the canvas drops them again. Displayio's own objects (bitmaps,
groups) are the board's C and not in these figures.
"""

import argparse
import json
import sys
import time
import tracemalloc
from pathlib import Path

from tools.runtimes import ROOT
from tools.sim import circuitpython as cpy_board

# The main menu's lines (the title, the rows) as the app draws them, one text() each.
LINES = ("Fusebox", "Time Bomb", "Undercover", "TimeBomb II", "It's a Bomb!", "Bomb timer")


def _frame_strips(canvas):
    canvas.fill(0)
    for i, s in enumerate(LINES):
        canvas.text(s, 12, i * 12, 1)
    canvas.show()


def _frame_label(canvas, font, bitmap_label):
    canvas.fill(0)
    bm = canvas.bitmap
    for i, s in enumerate(LINES):
        lab = bitmap_label.Label(font, text=s, save_text=False)
        src = lab.bitmap
        # Pixel by pixel: a label's bitmap has 2 bits a pixel (3 palette colours) and
        # CircuitPython's bitmaptools.blit refuses to copy it into the 1-bit display bitmap.
        for y in range(src.height):
            for x in range(src.width):
                if src[x, y]:
                    bm[12 + x, i * 12 + y] = 1
    canvas.show()


def _frame_group(canvas, pool):
    canvas.fill(0)
    for i, s in enumerate(LINES):
        pool[i].text = s
    canvas.show()


def _measure(setup, frame, frames):
    """(bytes the setup keeps, ms a frame, bytes a frame's allocations peak above its start)."""
    tracemalloc.start()
    snap = tracemalloc.take_snapshot()
    state = setup()
    kept = sum(d.size_diff for d in tracemalloc.take_snapshot().compare_to(snap, "filename"))
    frame(state)  # the first frame makes whatever is made once (glyph caches)
    peak = 0
    for _ in range(frames):
        start = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        frame(state)
        peak = max(peak, tracemalloc.get_traced_memory()[1] - start)
    tracemalloc.stop()  # time measured apart from tracemalloc (it slows every allocation)
    t0 = time.perf_counter()
    for _ in range(frames):
        frame(state)
    return kept, (time.perf_counter() - t0) * 1000 / frames, peak


_UNIX = """
import gc, sys
sys.path[:0] = [%(stubs)r, %(root)r, %(lib)r]
import framebuf
import firmware.hardware, firmware.buttons, firmware.ui.text  # the app's own, imported anyway
gc.collect(); a = gc.mem_free()
from firmware.circuitpy import canvas, framebuf, hardware, lights, nvmsave, setup
gc.collect(); b = gc.mem_free()
from adafruit_display_text import bitmap_label
gc.collect(); c = gc.mem_free()
del bitmap_label
canvas._drop_display_text()
gc.collect(); d = gc.mem_free()
print(a - b, b - c, c - d)
"""
# Empty stand-ins for what the layer imports at its top (CircuitPython's C modules).
_STUBS = ("bitmaptools", "terminalio", "fontio", "keypad", "supervisor", "microcontroller")
_DISPLAYIO = "class Group:\n    pass\nclass Palette:\n    pass\nclass Bitmap:\n    pass\n"


def unix_heap():
    import shutil
    import subprocess
    import tempfile

    import adafruit_display_text
    import adafruit_ticks

    from tools.runtimes import MICROPYTHON

    with tempfile.TemporaryDirectory() as tmp:
        stubs, lib = Path(tmp) / "stubs", Path(tmp) / "lib"
        stubs.mkdir()
        (lib / "adafruit_display_text").mkdir(parents=True)
        for name in _STUBS:
            (stubs / (name + ".py")).write_text("")
        (stubs / "displayio.py").write_text(_DISPLAYIO)
        pkg = Path(adafruit_display_text.__file__).parent
        for f in ("__init__.py", "bitmap_label.py"):
            shutil.copy(pkg / f, lib / "adafruit_display_text" / f)
        shutil.copy(adafruit_ticks.__file__, lib / "adafruit_ticks.py")
        prog = _UNIX % {"stubs": str(stubs), "root": str(ROOT), "lib": str(lib)}
        out = subprocess.run(
            [str(MICROPYTHON), "-X", "heapsize=512k", "-c", prog],
            capture_output=True,
            text=True,
            timeout=120,
        )
    if out.returncode != 0:
        print(out.stderr, file=sys.stderr)
        return 1
    layer, text, left = (int(x) for x in out.stdout.split())
    print("unix port, -X heapsize=512k, gc.mem_free() deltas (64-bit objects):")
    print("  firmware/circuitpy/ imported from .py:             %6d bytes" % layer)
    print("  + adafruit_display_text.bitmap_label (+ ticks):    %6d bytes while imported" % text)
    print("  given back when the canvas drops it:               %6d bytes" % -left)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.circuitpython_text")
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--unix-heap", action="store_true", help="the layer's heap on the unix port")
    args = ap.parse_args(argv)
    if args.unix_heap:
        return unix_heap()
    cpy_board.install(builtin_display=False)
    import terminalio
    from adafruit_display_text import bitmap_label

    from firmware.circuitpy import canvas as canvas_mod
    from firmware.circuitpy import hardware

    canvas_mod._drop_display_text = lambda: None  # keep it imported: count no module twice
    font = terminalio.FONT
    prof = json.loads((ROOT / "boards" / "pico-ssd1306-circuitpython.json").read_text())

    def canvas():
        return hardware._display(prof["display"])

    strips_canvas, label_canvas, group_canvas = canvas(), canvas(), canvas()

    def setup_strips():
        strips_canvas._ink = canvas_mod._strips(font)  # what the canvas keeps for its text
        return strips_canvas

    def setup_group():
        c = group_canvas
        pool = []
        for i in range(len(LINES)):
            lab = bitmap_label.Label(font, text=" ", save_text=False, x=12, y=i * 12 + 6)
            c.group.append(lab)
            pool.append(lab)
        return c, pool

    rows = [
        ("strips", _measure(setup_strips, _frame_strips, args.frames)),
        (
            "label",
            _measure(
                lambda: label_canvas,
                lambda c: _frame_label(c, font, bitmap_label),
                args.frames,
            ),
        ),
        ("group", _measure(setup_group, lambda st: _frame_group(*st), args.frames)),
    ]
    strip = strips_canvas._ink[1]
    bits = ((strip.width + 31) // 32 * 4) * strip.height  # 1 bit a pixel, rows of 32-bit words
    print("circuitpython_text: %d frames of the main menu's %d lines" % (args.frames, len(LINES)))
    print("  glyph strips: 2 x %dx%d 1-bit bitmaps = %d bytes of pixels" % (
        strip.width, strip.height, 2 * bits))  # fmt: skip
    print("  %-7s %14s %12s %22s" % ("way", "setup kept B", "ms/frame", "frame's peak alloc B"))
    for name, (kept, ms, churn) in rows:
        print("  %-7s %14d %12.2f %22d" % (name, kept, ms, churn))
    return 0


if __name__ == "__main__":
    sys.exit(main())
