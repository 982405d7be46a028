"""Device entry point (deployed as /main.py): build the hardware from /board.json, run the app."""

from firmware import hardware


def main():
    # Hardware first, so the frame buffer gets a contiguous block before anything fragments RAM.
    hw = hardware.build("board.json")
    from firmware import app

    app.run(hw, getattr(hw, "name", ""))


main()
