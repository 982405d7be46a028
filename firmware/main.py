"""Device entry point (deployed as /main.py): build the hardware from /board.json, run the app."""

import os


def main():
    try:
        os.stat("update-incomplete")  # tools/deploy.py writes it first and removes it last
    except OSError:
        from firmware import hardware

        # Hardware first, so the frame buffer gets a contiguous block before anything
        # fragments RAM.
        hw = hardware.build("board.json")
        from firmware import app

        app.run(hw, getattr(hw, "name", ""))
        return
    # A deploy stopped halfway: the app may be half old, half new. Say so and start nothing.
    print("update incomplete: deploy again")
    try:
        from firmware import hardware

        d = hardware.build("board.json").display
        d.fill(0)
        for i, line in enumerate(("update", "incomplete:", "deploy", "again")):
            d.text(line, 0, i * 10, 1)
        d.show()
    except Exception:  # the display's code may be the missing half: the console has said it
        pass


main()
