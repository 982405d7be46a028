"""Fusebox's rules: pure, dependency-free, the same on CPython, MicroPython and CircuitPython.

The package also gives its modules (and the firmware's) the one thing MicroPython has built in
that CPython lacks: `from core import const`. It lives here rather than in a module of its own
because the package is loaded anyway, and on the board every extra module costs heap.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        # CPython: the value itself (mpy-cross folds `_X = const(1)` at compile time).
        return x


__all__ = ["const"]
