"""The simulators: the real firmware on a host board (terminal, scripts, CPython, Blinka)."""
