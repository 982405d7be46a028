"""Playing a game on the device: setup, the pass-around, turns, reveals, the end."""
