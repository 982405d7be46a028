"""CircuitPython entry point (deployed as /code.py on CIRCUITPY): set up, then run the app."""

from firmware.circuitpy.setup import setup

hw = setup("board.json")
from firmware import app  # noqa: E402  (after setup: the app imports framebuf)

app.run(hw, hw.name)
