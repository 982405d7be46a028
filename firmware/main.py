"""Device entry point (deployed as /main.py; frozen as firmware.main in Fusebox's own
firmware): build the hardware from the board's profile (hardware.profile_path()), run the app."""

import gc
import os

# Headroom tests only (tools/bench/board.py): /ballast.txt holds a byte count, and a bytearray
# that big is taken before anything else and held for good, so the app runs in that much less
# heap. A board without the file allocates nothing here.
ballast = None


def main():
    global ballast
    try:
        with open("ballast.txt") as f:
            ballast = bytearray(int(f.read()))
    except (OSError, ValueError):
        pass
    try:
        os.stat("update-incomplete")  # tools/board/deploy.py writes it first and removes it last
    except OSError:
        # Until the menu is up (app.App.boot ends it), collect every 32 KB allocated: what a
        # module or a file leaves behind (file reads, dicts it outgrew, parsed JSON) is taken
        # back before the next one's code and data are placed, so what stays packs low and the
        # menu's largest free block stays whole. (CPython's and CircuitPython's gc have no
        # threshold: the sims and the CircuitPython build go without.)
        if hasattr(gc, "threshold"):
            gc.threshold(32768)
        from firmware import hardware

        # Hardware first, so the frame buffer gets a contiguous block before anything
        # fragments RAM.
        hw = hardware.build()
        from firmware import app

        app.run(hw, getattr(hw, "name", ""))
        return
    # A deploy stopped halfway: the app may be half old, half new. Say so and start nothing.
    print("update incomplete: deploy again")
    try:
        from firmware import hardware

        d = hardware.build().display
        d.fill(0)
        # 8-pixel letters: "incomplete:" needs 88 pixels, so a narrower screen (the Thumby's 72)
        # says it in words that fit.
        lines = ("update", "incomplete:", "deploy", "again")
        if getattr(d, "width", 128) < 88:
            lines = ("update", "not done:", "deploy", "again")
        for i, line in enumerate(lines):
            d.text(line, 0, i * 10, 1)
        d.show()
    except Exception:  # the display's code may be the missing half: the console has said it
        pass


main()
