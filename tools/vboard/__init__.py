"""The virtual board: the MicroPython unix port behind a loopback socket that mpremote drives."""
