"""The web simulator: the firmware on MicroPython WebAssembly in a static page (see build.py)."""
