"""The CircuitPython hardware layer: the same Hardware as firmware/hardware.py, on displayio."""
